"""Saves that follow a save: the answers to a request, found beside it or in the local
store (where ``pbem watch`` and ``pbem inbox`` file what arrives); and the answers this
machine gives at once when the players who owe them have their keys here (hot-seat).

Nothing here draws anything: the table calls it while it waits, and when it opens.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from pbem import (
    answering,
    answers_ahead,
    keeping,
    savefile,
    shares_ahead,
    store,
    verification,
    witness_answers,
)
from pbem.chain import START
from pbem.errors import PbemError
from pbem.ledger import Ledger
from pbem.savefile import SUFFIX, SaveFile
from pbem.session import Composer
from tui.opening import local_for
from tui.turn import Written, written


def automatic(save: SaveFile, path: Path | None = None) -> bool:
    """True when the save waits for an answer that needs no decision (a witness, a shuffle,
    the audit, or answers given side by side that are not all in)."""
    if witness_answers.is_request(save):
        return bool(witness_answers.missing(save, witness_answers.around(save, path)))
    return save.due is not None and (save.due["step"] in answering.AUTOMATIC
                                     or _starts_here(save))


_STARTS: dict[str, bool] = {}  # save's SHA-256 -> whether its start is written here


def _starts_here(save: SaveFile) -> bool:
    """Whether the game's start is written here, unattended: the player due to start it
    has her key here and her pbem writes it so (pbem/answers_ahead.py,
    :func:`starting_ahead`)."""
    if save.due is None or save.due["step"] != START:
        return False
    if save.sha256 not in _STARTS:
        local = local_for(save, str(save.due["role"]))
        try:
            found = local is not None and answers_ahead.starting_ahead(save, local) is not None
        except PbemError:
            found = False
        _STARTS[save.sha256] = found
    return _STARTS[save.sha256]


def _answer_side_by_side(save: SaveFile, path: Path, out: Answered) -> Written | None:
    """At a request answered side by side: the answers of the witnesses whose keys are
    here (kept beside the request and in the store), then, once all are in, the save its
    actor's pbem writes when carrying on needs no decision of theirs."""
    for role in witness_answers.witnesses_of(save):
        local = local_for(save, role)
        if local is None or role in witness_answers.around(save, path):
            continue
        made = witness_answers.make(save, local, role)
        Ledger(local.key.public).reveal_once(save.game_id, role, made.used, save.sha256)
        witness_answers.keep(made, store.game_folder(save.game_id))
        witness_answers.keep(made, path.parent)
    answers = witness_answers.around(save, path)
    actor = local_for(save, str(save.due["role"])) if save.due else None
    if witness_answers.missing(save, answers) or actor is None:
        return None
    composer = Composer(save, actor, answers)
    if composer.my_move() or not composer.can_finish()[0]:
        return None
    made_save = composer.finish()
    target = path.parent / savefile.file_name(made_save.game_id, made_save.sequence,
                                              made_save.writer)
    keeping.write(made_save, target, save)
    return written(made_save, target)


@dataclass
class Follower:
    """Finds the saves that follow one save; remembers the files it has read."""

    save: SaveFile
    path: Path
    _read: dict[Path, SaveFile | None] = field(default_factory=dict)

    def folders(self) -> list[Path]:
        return [self.path.resolve().parent, store.game_folder(self.save.game_id)]

    def _later(self) -> dict[str, list[tuple[SaveFile, Path]]]:
        """Later saves of the game, by the hash of the save each follows."""
        found: dict[str, list[tuple[SaveFile, Path]]] = {}
        prefix = self.save.game_id[:8]
        for folder in self.folders():
            if not folder.is_dir():
                continue
            for path in sorted(folder.glob(f"{prefix}-*{SUFFIX}")):
                parts = path.name.split("-")
                if len(parts) < 3 or not parts[1].isdigit() \
                        or int(parts[1]) <= self.save.sequence:
                    continue
                if path not in self._read:
                    try:
                        self._read[path] = savefile.read(path)
                    except PbemError:
                        self._read[path] = None
                save = self._read[path]
                if save is not None and save.game_id == self.save.game_id:
                    found.setdefault(str(save.doc["previous"]), []).append((save, path))
        return found

    def chain(self) -> list[tuple[SaveFile, Path]]:
        """The saves that follow, in order, as far as they go."""
        later = self._later()
        out: list[tuple[SaveFile, Path]] = []
        current = self.save
        seen = {current.sha256}
        while later.get(current.sha256):
            save, path = later[current.sha256][0]
            if save.sha256 in seen:
                break
            seen.add(save.sha256)
            out.append((save, path))
            current = save
        return out


@dataclass
class Answered:
    """The answers written here, and why the answering stopped (``""``: nothing owed
    here any more)."""

    saves: list[Written] = field(default_factory=list)
    problem: str = ""


def answer_here(save: SaveFile, path: Path) -> Answered:
    """Give, one after another, every answer that needs no decision and whose player's key
    is here; each is written beside ``path`` and kept in the store and ledgers."""
    out = Answered()
    for _ in range(64):
        if witness_answers.is_request(save):
            try:
                carried = _answer_side_by_side(save, path, out)
            except PbemError as exc:
                out.problem = exc.line()
                break
            if carried is None:
                break
            out.saves.append(carried)
            save, path = carried.save, carried.path
            continue
        if not automatic(save):
            break
        assert save.due is not None
        local = local_for(save, save.due["role"])
        if local is None:
            break
        ledger = Ledger(local.key.public)
        try:
            verification.for_play(save, ledger, [], path)
            starting = answers_ahead.starting_ahead(save, local) if _starts_here(save) \
                else None
            made = starting.finish() if starting is not None else \
                answering.AUTOMATIC[save.due["step"]](save, local)
            target = path.parent / savefile.file_name(made.game_id, made.sequence, made.writer)
            keeping.write(made, target, save)
        except PbemError as exc:
            out.problem = exc.line()
            break
        out.saves.append(written(made, target))
        save, path = made, target
    share_here(save, path)
    return out


def share_here(save: SaveFile, path: Path) -> None:
    """The shares of the cards the others hold that players whose keys are here owe after
    ``save``, each in a file beside it and in the store, so every holder reads her cards
    at once (pbem/shares_ahead.py)."""
    shares_ahead.prune(save)
    for player in save.players:
        local = local_for(save, str(player["role"]))
        if local is not None:
            answers_ahead.share_ahead(save, local, path.parent)


class Waiting:
    """A save of ours that waits for other players' answers, and what follows it."""

    def __init__(self, last: Written, role: str) -> None:
        self.last, self.role = last, role
        self.follower = Follower(last.save, last.path)
        request = last.save
        self.since = str(request.doc["written"])
        self.busy = False

    def owner(self) -> str:
        due = self.last.save.due
        return self.last.save.player(due["role"])["name"] if due else "?"
