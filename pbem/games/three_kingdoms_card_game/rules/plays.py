"""Playing a card or an ability: the offers, the checks of what it aims at, and the entry
it puts on the chain (the plays waiting for their reaction window, the last on top).

A chain entry: ``kind`` (``character``, ``artifact``, ``event``, ``instant``, ``ability``,
``battle``, ``bribe``: what a counter may name), ``role``, ``card`` (the card played, or
the character whose ability is used), ``handle``, ``args`` and ``cancelled``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from pbem.engine import ActionSpec, Log, Option, Param, Prompt, copy_state
from pbem.errors import IllegalAction
from pbem.games.three_kingdoms_card_game.records import Artifact, Character, Event
from pbem.games.three_kingdoms_card_game.table import Table
from pbem.stepmachine import require

NONE = "none"
TARGETED = ("kill", "duel", "control", "return-to-hand", "rotate")
PLAYER_EFFECTS = ("discard-random", "take-random", "look-at-hand")


def _opt(name: str, label: str, options: list[tuple[str, str]]) -> Param:
    return Param(name, "choice", label, (Option(NONE, "none"),
                                         *(Option(v, lab) for v, lab in options)), default=NONE)


def hand_param(t: Table, role: str, want: tuple[type, ...] | None) -> Param:
    """The card to play: every hand entry (a viewer who knows her cards sees only those of
    the kinds ``want``; others see every entry)."""
    options = []
    for entry in t.hand(role):
        card = t.public_card(entry) or t.known.get(entry)
        if card is not None and want is not None and not isinstance(t.record(card), want):
            continue
        options.append((entry, t.label(entry)))
    if not options:
        options = [(entry, t.label(entry)) for entry in t.hand(role)]
    return Param("card", "choice", "Card from your hand",
                 tuple(Option(v, lab) for v, lab in options), default=options[0][0],
                 required=True)


def target_params(t: Table, role: str) -> tuple[Param, ...]:
    """The optional aims of an effect: a character, a player, one's own fighter."""
    chars = [(cid, f"{t.cname(cid)} ({t.rname(c['controller'])})")
             for cid, c in t.chars().items()]
    players = [(r, t.rname(r)) for r in t.seats if r != role]
    own = [(cid, t.cname(cid)) for cid in t.chars_of(role)]
    return (_opt("target", "Character it aims at", chars),
            _opt("player", "Player it aims at", players),
            _opt("fighter", "Your character who fights a duel", own))


def placement_params(t: Table, role: str) -> tuple[Param, ...]:
    lands = [(lid, t.lname(lid)) for lid in t.lands_of(role)]
    bearers = [(cid, t.cname(cid)) for cid in t.chars_of(role)]
    return (_opt("land", "Land it enters on (a character)", lands),
            _opt("bearer", "Character who bears it (an artifact)", bearers))


def play_specs(t: Table, role: str, in_window: bool) -> list[ActionSpec]:
    """The card plays offered to ``role`` (in a reaction window: instants only)."""
    if not t.hand(role):
        return []
    if in_window:
        params = (hand_param(t, role, None), *target_params(t, role),
                  *placement_params(t, role))
        return [ActionSpec("play", "Play an instant card", "intervention.instant.answer",
                           params=params)]
    chars, arts = placement_params(t, role)
    return [
        ActionSpec("play-character", "Put a character onto the table", "event.character",
                   params=(hand_param(t, role, (Character,)), chars)),
        ActionSpec("play-artifact", "Attach an artifact to your character", "event.artifact",
                   params=(hand_param(t, role, (Artifact,)), arts)),
        ActionSpec("play-event", "Play an event card", "event.event",
                   params=(hand_param(t, role, (Event,)), *target_params(t, role))),
    ]


def arg(action: Mapping[str, Any], name: str) -> str | None:
    value = action.get(name, NONE)
    require(isinstance(value, str), f"'{name}' must be a name")
    return None if value == NONE else str(value)


def target_problem(t: Table, role: str, source: str | None, effect: Mapping[str, Any],
                   target: str | None) -> str | None:
    """Why ``target`` cannot be aimed at by ``effect`` (played by ``role``), or None."""
    if target is None:
        return "it needs a character to aim at ('target')"
    if target not in t.chars():
        return f"{target} is not a character on the table"
    entry = t.char(target)
    whose = effect.get("whose", "any")
    if target == source:
        return "a card does not aim at itself"
    if whose == "own" and entry["controller"] != role:
        return f"{t.cname(target)} is not your character"
    if whose == "other" and entry["controller"] == role:
        return f"{t.cname(target)} is your own character"
    where = effect.get("where", "anywhere")
    if where == "on-land" and not entry["lands"]:
        return f"{t.cname(target)} is on no land"
    if where == "off-land" and entry["lands"]:
        return f"{t.cname(target)} stands on a land"
    if not effect.get("lords", True) and t.is_lord(target):
        return f"{t.cname(target)} is a lord"
    return None


def check_aims(t: Table, role: str, source: str | None, effect: Mapping[str, Any],
               action: Mapping[str, Any], rule: str) -> dict[str, Any]:
    """The arguments an effect needs, checked; what it does not need must be left out."""
    kind = effect["kind"]
    out: dict[str, Any] = {}
    if kind in TARGETED:
        target = arg(action, "target")
        problem = target_problem(t, role, source, effect, target)
        require(problem is None, f"cannot aim there: {problem}", rule)
        out["target"] = target
    if kind == "duel" and effect.get("fighter") == "chosen":
        fighter = arg(action, "fighter")
        require(fighter in t.chars_of(role), "name one of your characters to fight the duel "
                "('fighter')", rule)
        require(fighter != out["target"], "a character does not fight itself", rule)
        out["fighter"] = fighter
    if kind in PLAYER_EFFECTS and effect.get("player") == "one-other":
        player = arg(action, "player")
        require(player in t.seats and player != role, "name another player ('player')", rule)
        out["player"] = player
    return out


def effect_of(rec: Any) -> Mapping[str, Any] | None:
    effects = rec.effects if isinstance(rec, Event) else (
        rec.ability.effects if rec.ability else ())
    return effects[0] if effects else None


def counters_top(t: Table, effect: Mapping[str, Any]) -> str | None:
    """Why a counter cannot answer the top of the chain now, or None."""
    if not t.s["chain"]:
        return "there is nothing to cancel"
    top = t.s["chain"][-1]
    if top["kind"] not in effect["against"]:
        return f"it cancels only {', '.join(effect['against'])}, not {top['kind']}"
    return None


def push(t: Table, entry: dict[str, Any]) -> None:
    """Put a play on the chain and open a reaction window after it."""
    entry.setdefault("cancelled", False)
    t.s["chain"].append(entry)
    t.s["stack"].append({"step": "window", "opener": entry["role"],
                         "asked": t.others_from(entry["role"]), "at": 0})


def open_closing_window(t: Table, role: str) -> None:
    """The window after ``role`` ends her Main Phase: nothing is pending, and the others
    may play instants of their own (rules notes 2)."""
    t.s["stack"].append({"step": "window", "opener": role, "asked": t.others_from(role),
                         "at": 0, "closing": True})


def entry_concerns(t: Table, entry: Mapping[str, Any], role: str) -> bool:
    """Whether a play aims at ``role`` or her cards (her standing order ``mine``)."""
    args = entry.get("args") or {}
    target = args.get("target")
    if target in t.chars() and t.char(target)["controller"] == role:
        return True
    if args.get("player") == role or args.get("each_other"):
        return True
    if entry["kind"] == "battle":
        land = args["land"]
        owner = t.s["lands"][land]["owner"]
        return owner == role or (owner is None and t.left_of(entry["role"]) == role)
    if entry["kind"] == "bribe":
        return bool(target in t.chars() and t.char(target)["controller"] == role)
    answered = args.get("answers")
    if isinstance(answered, int) and 0 <= answered < len(t.s["chain"]):
        return bool(t.s["chain"][answered]["role"] == role)
    return False


def explain_by_trial(hand: Any, t: Table, role: str, action: Mapping[str, Any],
                     verbs: tuple[str, ...]) -> IllegalAction | None:
    """Why an action of ``verbs`` not offered now is refused: it is tried on a scratch copy
    of the position, so that the refusal cites the rule it breaks (a stage left, a lord,
    one card back to hand, ...); None when the trial finds nothing against it."""
    if action.get("do") not in verbs:
        return None
    scratch = Table(copy_state(t.s), None, Log(), t.secrets, t.known)
    try:
        hand.act(scratch, scratch.s["stack"][-1], role, action)
    except IllegalAction as reason:
        return reason
    except (KeyError, TypeError, ValueError, AttributeError):
        return None
    return None


def refuse_play(message: str, rule: str) -> IllegalAction:
    return IllegalAction(message, rule)


def with_hand(prompt: Prompt) -> Prompt:
    """A prompt whose player reads her face-down cards first."""
    return replace(prompt, needs_hand=True)
