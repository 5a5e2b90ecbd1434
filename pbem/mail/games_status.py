"""Where each of my games stands: the latest save I accepted and who must act on it."""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from pathlib import Path

from pbem import answering, answers_ahead, games, lateness, passes_ahead, witness_answers
from pbem.deadlines import Clock
from pbem.errors import PbemError
from pbem.ledger import Ledger
from pbem.mail import dice_modes
from pbem.savefile import SaveFile
from pbem.signing import PublicKey


@dataclass
class Standing:
    """One game: its latest accepted save and what it waits for."""

    game_id: str
    title: str
    sequence: int
    path: Path | None
    waits_for: str | None
    mine: bool
    text: str
    command: str = "play"
    stopped: bool = False
    dice: str = ""  # the dice mode's short words (witnessed dice, open dice, TABLE DICE)
    clock: Clock | None = None  # when the answer owed is due (a game with a deadline)
    ahead: bool = False  # asked after others, she may let the question go now

    @property
    def table_dice(self) -> bool:
        return self.dice == dice_modes.SHORT["table"]


def _standing(ledger: Ledger, game_id: str, me: PublicKey) -> Standing | None:
    record = ledger.record(game_id)
    if not record:
        return None
    head = record["head"]
    save, path = answering.head_of(ledger, game_id)
    title = str(record.get("kind", "?"))
    if save is None:
        return Standing(game_id, title, int(head["sequence"]), None, None, False,
                        "its latest save is missing from the store")
    with contextlib.suppress(PbemError):
        title = games.get(save.kind).title
    stopped = bool(record.get("fork"))
    dice = dice_modes.short(save)
    due = save.due
    if due is None:
        return Standing(save.game_id, title, save.sequence, path, None, False,
                        "the game is over", stopped=stopped, dice=dice)
    role = save.role_of(me)
    if witness_answers.is_request(save):
        found = _side_by_side(save, path, role, title, stopped, dice)
    else:
        owner = save.player(due["role"])["name"]
        command = {"join": "join", "witness": "witness"}.get(str(due["step"]), "play")
        mine = answering.my_turn(save, me)
        text, ahead = _asked(save, role, mine)
        found = Standing(save.game_id, title, save.sequence, path, str(owner), mine, text,
                         command, stopped, dice, ahead=ahead)
    found.clock = lateness.clock_of(save)
    return found


def _asked(save: SaveFile, role: str | None, mine: bool) -> tuple[str, bool]:
    """What the save asks, as this player sees it, and whether she may let it go now,
    ahead of her turn (pbem/passes_ahead.py)."""
    assert save.due is not None
    text = str(save.due["text"])
    module = games.get(save.kind)
    order = passes_ahead.queue(module, save)
    if role is None or (role not in order and not mine):
        return text, False
    asked = passes_ahead.game_prompt(module, save) if order else None
    kind = passes_ahead.kind_of(asked) if asked is not None else passes_ahead.PASS["do"]
    if kind != passes_ahead.PASS["do"]:
        return _sealed_asked(text, kind, role in answers_ahead.passes_in_store(save),
                             role in order)
    passed = answers_ahead.passes_in_store(save)
    if mine and save.due["role"] != role:
        return f"those asked before you let it go: your move ({text})", False
    if role in passed:
        return "you let it go ahead of your turn: the others asked answer next", False
    if mine:
        return text, False
    before = [str(save.player(r)["name"]) for r in order[:order.index(role)]]
    return (f"{text}; you are asked after {', '.join(before)}: you may let it go now "
            f"(pbem play, then a)"), True


def _sealed_asked(text: str, kind: str, given: bool, asked: bool) -> tuple[str, bool]:
    """A question every player asked answers sealed side by side, or the openings of its
    answers, as one of them sees it (their pbem opens its own answer by itself)."""
    if kind == passes_ahead.UNSEAL:
        return "every answer is in: each pbem opens its own, side by side", False
    if given:
        return "your answer is sealed and sent: the others asked answer side by side", False
    if not asked:
        return text, False
    return (f"{text}; answered sealed, side by side with the others asked: answer now "
            f"(pbem apply SAVE ANSWER.yaml)"), True


def _side_by_side(save: SaveFile, path: Path | None, role: str | None, title: str,
                  stopped: bool, dice: str) -> Standing:
    """A request answered side by side: it waits for the answers still missing, then for
    its actor (whose pbem carries on by itself unless a decision of theirs comes next)."""
    assert save.pending is not None and save.due is not None
    actor = str(save.pending["by"])
    owed = witness_answers.missing(save, answering.in_store(save))
    names = [str(save.player(r)["name"]) for r in owed]
    if owed:
        text = f"waiting for the answers of {', '.join(names)} to " \
               f"{save.player(actor)['name']}'s request"
        return Standing(save.game_id, title, save.sequence, path, ", ".join(names), False,
                        text, "witness", stopped, dice)
    return Standing(save.game_id, title, save.sequence, path, str(save.player(actor)["name"]),
                    role == actor, "every answer is in: carry on with your action",
                    "play", stopped, dice)


def standings(me: PublicKey) -> list[Standing]:
    """Every game in the ledger of the player with key ``me``, in the order of its id; a
    game that cannot be shown is listed with the reason, never stops the others."""
    ledger = Ledger(me)
    out: list[Standing] = []
    for game_id in ledger.games():
        try:
            found = _standing(ledger, game_id, me)
        except Exception as exc:  # a damaged record or save: this game only
            reason = exc.message if isinstance(exc, PbemError) else type(exc).__name__
            found = Standing(game_id, "?", 0, None, None, False,
                             f"cannot be shown ({reason})")
        if found is not None:
            out.append(found)
    return out
