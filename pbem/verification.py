"""Checking a save before it is played or shown: this player's ledger, then the chain.

Checking writes nothing: :func:`for_play` returns a :class:`Checked` whose
:meth:`Checked.commit` records the saves in the ledger and the store once the command
that needed them has succeeded (a refused command writes nothing anywhere).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from pbem import chain, claims, games, shares_ahead, store
from pbem.errors import ChainError, PbemError
from pbem.ledger import Ledger, Rival, skips_ahead
from pbem.savefile import SUFFIX, SaveFile, file_name, read


def full(target: SaveFile, given: list[Path], target_path: Path | None,
         audit: bool = False) -> chain.Verdict:
    """Re-check ``target`` from the first save of its game (and audit its hidden cards)."""
    return chain.verify(target, store.candidates(target, given, target_path), audit)


@dataclass
class Checked:
    """A save checked for play, and the saves to record once the command succeeds."""

    line: str
    ledger: Ledger
    saves: list[SaveFile] = field(default_factory=list)

    before: Callable[[], None] | None = None  # e.g. leave a save that lost to a rival
    beside: tuple[str, Path] | None = None  # the game, and the folder of the save checked

    def commit(self) -> None:
        """Accept the checked saves into the ledger and keep them in the store, with the
        shares files given ahead found beside the save (each checked first)."""
        if self.before is not None:
            self.before()
            self.before = None
        for save in self.saves:
            store.keep(save)
            if self.ledger.check(save) in ("new", "next"):
                self.ledger.accept(save)
        if self.beside is not None:
            shares_ahead.take_beside(*self.beside)


def for_play(target: SaveFile, ledger: Ledger, given: list[Path],
             target_path: Path | None) -> str:
    """Check ``target`` and record it at once (filing mail, opening the table): the line."""
    checked = check(target, ledger, given, target_path)
    checked.commit()
    return checked.line


def check(target: SaveFile, ledger: Ledger, given: list[Path],
          target_path: Path | None) -> Checked:
    """Check ``target`` against the ledger, re-checking only what the ledger lacks (see
    :func:`_check`); once committed, the shares files beside it are kept too."""
    checked = _check(target, ledger, given, target_path)
    if target_path is not None:
        checked.beside = (target.game_id, target_path.resolve().parent)
    return checked


def _check(target: SaveFile, ledger: Ledger, given: list[Path],
           target_path: Path | None) -> Checked:
    """Check ``target`` against the ledger, re-checking only what the ledger lacks.

    When the ledger's head is the save just before ``target`` (and kept in the store),
    only that one step is re-applied, so the cost does not grow with the game's length.
    """
    try:
        status = ledger.check(target)
    except Rival as rival:
        return _rival(target, ledger, rival.accepted)
    if status == "known":
        return Checked(f"OK: {target.short()} (accepted before)", ledger)
    head = ledger.head(target.game_id)
    if status in ("next", "ahead") and head is not None:
        prev = _stored(target, head)
        if prev is not None:
            steps = [target]
            if status == "ahead":
                steps = _path_from(prev, target, store.candidates(target, given, target_path))
                if steps is None:
                    raise skips_ahead(head, target)
                for save in steps[:-1]:
                    ledger.check(save)
            module = games.get(target.kind)
            for before, save in zip([prev, *steps], steps, strict=False):
                chain.check_next(module, before, save)
            return Checked(f"OK: {target.short()} follows save {prev.sequence}, which you "
                           f"accepted", ledger, steps)
    if status == "ahead":
        raise skips_ahead(head, target)
    verdict = full(target, given, target_path)
    count = len(verdict.chain)
    return Checked(verdict.lines[0] + f" ({count} save{'s' if count != 1 else ''} re-checked)",
                   ledger, verdict.chain)


def _path_from(prev: SaveFile, target: SaveFile,
               others: list[SaveFile]) -> list[SaveFile] | None:
    """The saves after ``prev`` up to ``target``, or ``None`` if one is missing."""
    by_hash = {s.sha256: s for s in others}
    steps = [target]
    while steps[0].previous != prev.sha256:
        before = by_hash.get(steps[0].previous or "")
        if before is None or before.sequence <= prev.sequence:
            return None
        steps.insert(0, before)
    return steps


def _stored(target: SaveFile, head: dict[str, object]) -> SaveFile | None:
    """The ledger's head save from the store, found by its name (no folder scan)."""
    folder = store.game_folder(target.game_id)
    name = file_name(target.game_id, int(str(head["sequence"])), str(head["writer"]))
    sha = str(head["sha256"])
    for path in (folder / name, folder / name.replace(SUFFIX, f"-{sha[:12]}{SUFFIX}")):
        if not path.is_file():
            continue
        try:
            save = read(path)
        except PbemError:
            continue
        if save.sha256 == sha:
            return save
    return None


class KeptAsEvidence(ChainError):
    """A save that lost to a rival on the same save (a late answer, a claim against an
    answer stamped in time): refused, and kept as evidence."""


def _by_hash(game_id: str, sha: str) -> SaveFile | None:
    return store.by_hash(game_id, sha)


def _rival(target: SaveFile, ledger: Ledger, accepted_sha: str) -> Checked:
    """``target`` and an accepted save by another writer follow the same save: a claim and
    the answer it claimed (or two claims). The one :func:`claims.prevails` names stands in
    every player's pbem; the other is kept as evidence (docs/deadlines.md)."""
    where = target.where
    prev = _by_hash(target.game_id, target.previous or "")
    accepted = _by_hash(target.game_id, accepted_sha)
    if prev is None or accepted is None:
        raise ChainError("another player's save on the same save was accepted before it, "
                         "and the saves to weigh them are missing from the store", where)
    chain.check_next(games.get(target.kind), prev, target)
    winner, why = claims.prevails(prev, accepted, target)
    if winner is accepted:
        ledger.keep_evidence(target, accepted.sha256, why)
        raise KeptAsEvidence(f"{why}: save {target.sequence} by {target.writer} is kept as "
                             f"evidence (pbem ledger {target.game_id[:8]}); nothing changed",
                             where)
    if not ledger.may_leave(target.game_id, accepted.sha256):
        raise ChainError(f"{why}, but you already played on the save it overrides: both are "
                         f"kept; settle it with the other players (pbem ledger "
                         f"{target.game_id[:8]})", where)

    def leave() -> None:
        ledger.keep_evidence(accepted, target.sha256, why)
        ledger.leave_for(prev, accepted.sha256, accepted.writer)

    return Checked(f"OK: {target.short()} follows save {prev.sequence} and prevails over "
                   f"{accepted.writer}'s save {accepted.sequence} ({why})", ledger, [target],
                   leave)
