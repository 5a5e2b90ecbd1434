"""The attacker's tools: games to attack, and a save's content re-signed at will.

The strongest attacker is a player of the game: they can edit any field of a save and
sign it again with their own key (which is the pinned key of the role they play)."""

from __future__ import annotations

import copy
import hashlib
import random
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey
from typer.testing import CliRunner

from pbem import (
    chain,
    claims,
    identity,
    savefile,
    selfplay,
    session,
    strict_yaml,
    witness_answers,
)
from pbem.cli.main import app
from pbem.engine import Action, Prompt
from pbem.ledger import Ledger
from pbem.signing import NS_SAVE, PrivateKey
from pbem.verification import check

runner = CliRunner()


def labelled_key(label: str) -> PrivateKey:
    """A key made from a label, so a game played with it is the same on every run."""
    raw = hashlib.sha256(label.encode()).digest()
    return PrivateKey(Ed25519PrivateKey.from_private_bytes(raw))


def salts(label: str, count: int) -> list[str]:
    """Fixed salts for ``count`` players (a game the same on every run)."""
    return [hashlib.sha256(f"{label} salt {i}".encode()).hexdigest()[:32] for i in range(count)]


def players(*names: str) -> list[identity.LocalIdentity]:
    return [identity.keygen(name) for name in names]


def race(people: list[identity.LocalIdentity], saves_after_start: int = 6,
         dice: str = "open", kind: str = "tiny-race",
         deadline: dict[str, str] | None = None,
         salt_label: str | None = None) -> list[savefile.SaveFile]:
    """A game played by the people given (tiny race: everyone rolls once a turn); with
    ``salt_label`` (and keys made from labels) the same game on every run."""
    fixed = salts(salt_label, len(people)) if salt_label else [None] * len(people)
    game_id = hashlib.sha256(salt_label.encode()).hexdigest()[:32] if salt_label else None
    first = session.new_game(kind, people[0], [p.identity for p in people[1:]],
                             {"target": 80}, dice=dice, deadline=deadline, salt=fixed[0],
                             game_id=game_id)
    saves = [first]
    for person, salt in zip(people[1:], fixed[1:], strict=True):
        saves.append(session.join(saves[-1], person, salt))
    by_role = {p["role"]: person for p, person in zip(first.players, people, strict=True)}
    goal = len(saves) + saves_after_start
    while len(saves) < goal and saves[-1].due is not None:
        current = saves[-1]
        who = by_role[current.due["role"]]
        if current.due["step"] == "witness":
            saves.append(session.witness(current, who))
            continue
        answers = None
        if witness_answers.is_request(current):
            answers = {role: witness_answers.make(current, by_role[role], role)
                       for role in witness_answers.witnesses_of(current)}
        composer = session.Composer(current, who, answers)
        while composer.my_move():
            composer.act(composer.prompt().actions[0].complete())
        saves.append(composer.finish())
    return saves


def open_game(kind: str, people: list[identity.LocalIdentity], game_id: str | None = None,
              salts: Sequence[str | None] | None = None
              ) -> tuple[list[savefile.SaveFile], dict[str, identity.LocalIdentity]]:
    """A game of ``kind`` with open dice, made by the first of ``people`` and joined by the
    others (with ``game_id`` and ``salts``, the same game on every run): its saves so far
    and who plays each role."""
    fixed = list(salts) if salts is not None else [None] * len(people)
    saves = [session.new_game(kind, people[0], [p.identity for p in people[1:]], None, None,
                              dice="open", game_id=game_id, salt=fixed[0])]
    for person, salt in zip(people[1:], fixed[1:], strict=True):
        saves.append(session.join(saves[-1], person, salt))
    by_role = {p["role"]: person for p, person in zip(saves[0].players, people, strict=True)}
    return saves, by_role


def act_first(made: session.Composer, tries: list[Action]) -> None:
    """The first of ``tries`` that the composer accepts."""
    for action in tries:
        try:
            made.act(action)
            break
        except Exception:
            continue


def step(prev: savefile.SaveFile, writer: identity.LocalIdentity, rng: random.Random,
         prefer: Callable[[Prompt, list[Action]], None] | None = None) -> savefile.SaveFile:
    """The next save, as the due player's pbem makes it, with random legal choices
    (``prefer`` may put a prompt's candidates in another order)."""
    assert prev.due is not None
    if prev.due["step"] == chain.WITNESS:
        return session.witness(prev, writer)
    if prev.due["step"] in (chain.SHUFFLE, chain.AUDIT, chain.SHARE):
        return session.machine(prev, writer)
    if prev.due["step"] == chain.UNSEAL:
        return session.unseal(prev, writer)
    made = session.Composer(prev, writer)
    while made.my_move():
        prompt = made.prompt()
        assert prompt is not None
        tries = selfplay.candidates(prompt, rng)
        if prefer is not None:
            prefer(prompt, tries)
        act_first(made, tries)
    return made.finish()


def save_files(folder: Path, saves: list[savefile.SaveFile]) -> Path:
    """The saves written into ``folder`` under the names pbem gives them: the last one's
    path."""
    for save in saves:
        path = folder / savefile.file_name(save.game_id, save.sequence, save.writer)
        path.write_bytes(save.raw)
    return path


def who_wrote(save: savefile.SaveFile, people: list[identity.LocalIdentity]
              ) -> identity.LocalIdentity:
    key = save.player(save.writer)["key"]
    return next(p for p in people if p.key.public.line == key)


def resign(save: savefile.SaveFile, key: PrivateKey,
           change: Callable[[dict[str, Any]], None] | None = None) -> bytes:
    """The save's content, changed, written and signed again as pbem would write it."""
    doc = copy.deepcopy(save.doc)
    if change is not None:
        change(doc)
    return savefile.render(doc, key)


def forge(save: savefile.SaveFile, key: PrivateKey,
          change: Callable[[dict[str, Any]], None]) -> bytes:
    """The save's content changed as a hand editor would: kept in its order, anything added
    kept, written with pbem's own YAML writer and signed by ``key``."""
    doc = copy.deepcopy(save.doc)
    change(doc)
    try:
        head = savefile.comments(doc)
    except Exception:
        head = savefile.comments(save.doc)
    return sign_body((head + strict_yaml.dump(doc)).encode("utf-8"), key)


def sign_body(body: bytes, key: PrivateKey) -> bytes:
    """Any bytes at all, with a valid signature block by ``key``."""
    return body + b"signature: |\n" + savefile._indented(key.sign(body, NS_SAVE).armor())


def body(save: savefile.SaveFile) -> bytes:
    return save.raw[:save.raw.rfind(savefile.SIGNATURE_LINE) + 1]


def accept_all(ledger: Ledger, saves: list[savefile.SaveFile]) -> None:
    for save in saves:
        check(save, ledger, [], None).commit()


def cli(*args: Any) -> tuple[int, str, str]:
    """Run pbem; a failure must be one line on stderr and never a traceback."""
    result = runner.invoke(app, [str(a) for a in args])
    assert "Traceback" not in result.output, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        repr(result.exception))
    if result.exit_code != 0:
        assert result.stderr.count("\n") == 1, result.stderr
    return result.exit_code, result.stdout, result.stderr


def tree(folder: Path) -> dict[str, bytes]:
    """Every file under ``folder`` with its bytes (to prove nothing was written)."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file()}


Interject = Callable[[savefile.SaveFile, dict[str, identity.LocalIdentity]],
                     "savefile.SaveFile | None"]


def claim_once(ready: Callable[[savefile.SaveFile], bool], clock: Any,
               claimed: list[str]) -> Interject:
    """For ``selfplay.play(interject=...)``: the first time ``ready(save)`` holds, another
    player claims against the one due, the frozen ``clock`` moved five days on; whom they
    claimed against is added to ``claimed``."""
    def interject(prev: savefile.SaveFile, by_key: dict[str, identity.LocalIdentity]
                  ) -> savefile.SaveFile | None:
        if claimed or prev.due is None or not ready(prev):
            return None
        owing = prev.due["role"]
        claimer = next(p for p in prev.players if p["role"] != owing)
        clock.tick(5 * 86400)
        claimed.append(owing)
        return claims.make(prev, by_key[claimer["key"]])
    return interject
