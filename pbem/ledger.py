"""Each player's ledger of accepted saves, like a TUF client's trusted metadata.

Per game, in ``<data>/ledger/<key fingerprint>/<game id>/``:

* ``pin.yaml``: the game's fixed details and players as first accepted. A save that
  differs from them is not part of this game: refused, never evidence of anything.
* ``after/<previous>.<writer>``: the accepted save that ``writer`` signed on the save
  ``previous`` (``start`` for the first save). Written once, never replaced, so a second,
  different save by the same writer on the same predecessor is a fork whatever the order
  in which the two arrive.
* ``head.yaml``: the latest accepted save.
* ``mine/<previous>.<role>.pbem.yaml``: every save this player signed, written *before*
  the save itself, so a crash at any moment can never let them sign a second version.
* ``revealed/<role>.<n>``: the request that this player's dice link ``n`` answered (given
  side by side); a link is never revealed for a second request.
* ``fork.yaml``: the evidence of a fork (both saves are kept in the store); the game is
  stopped until the players settle it with ``pbem ledger GAME --resolve HASH``.
* ``lost/<sha256>``: saves that lost a settled fork (and what followed them); they are
  refused without stopping the game again.
"""

from __future__ import annotations

import contextlib
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pbem import paths, store, strict_yaml
from pbem.atomic import write_new, write_replace
from pbem.errors import ChainError, FormatError, WriteError
from pbem.savefile import SaveFile
from pbem.signing import PublicKey

GENESIS = "start"


def _safe(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_-]", "_", text)


class Rival(ChainError):
    """Another writer's save on the same previous save was accepted first."""

    def __init__(self, message: str, where: str, accepted: str) -> None:
        super().__init__(message, where)
        self.accepted = accepted


def skips_ahead(head: dict[str, Any] | None, save: SaveFile) -> ChainError:
    """The refusal of a save that skips over saves this player has not seen."""
    last = head["sequence"] if head else "none"
    return ChainError(f"skips ahead: the latest accepted save is {last}, this is "
                      f"{save.sequence}; the saves in between are missing", save.where)


@dataclass
class Ledger:
    """The ledger of one player (identified by their public key)."""

    owner: PublicKey

    @property
    def folder(self) -> Path:
        return paths.data_dir() / "ledger" / _safe(self.owner.fingerprint.removeprefix("SHA256:"))

    def _game(self, game_id: str) -> Path:
        return self.folder / _safe(game_id)

    def games(self) -> list[str]:
        """The ids of every game in this ledger."""
        if not self.folder.is_dir():
            return []
        return sorted(p.name for p in self.folder.iterdir()
                      if p.is_dir() and (p / "head.yaml").is_file())

    # ------------------------------------------------------------ small files

    def _read(self, path: Path) -> Any:
        try:
            return strict_yaml.load(path.read_bytes(), str(path))
        except FileNotFoundError:
            return None
        except OSError as exc:
            raise FormatError(f"cannot read the ledger: {exc.strerror}", str(path)) from None

    def _after(self, game_id: str, previous: str | None, writer: str) -> Path:
        return self._game(game_id) / "after" / f"{previous or GENESIS}.{writer}"

    def _accepted_after(self, game_id: str, previous: str | None, writer: str) -> str | None:
        path = self._after(game_id, previous, writer)
        try:
            return path.read_text(encoding="ascii").split()[0]
        except (OSError, IndexError, UnicodeDecodeError):
            return None

    def head(self, game_id: str) -> dict[str, Any] | None:
        data = self._read(self._game(game_id) / "head.yaml")
        return data if isinstance(data, dict) else None

    def fork(self, game_id: str) -> dict[str, Any] | None:
        data = self._read(self._game(game_id) / "fork.yaml")
        return data if isinstance(data, dict) else None

    def record(self, game_id: str) -> dict[str, Any] | None:
        """A summary for people: the game's kind, the head and any fork."""
        head = self.head(game_id)
        if head is None:
            return None
        pin = self._read(self._game(game_id) / "pin.yaml") or {}
        return {"game": game_id, "kind": pin.get("game", {}).get("kind", "?"), "head": head,
                "fork": self.fork(game_id)}

    def _lost(self, game_id: str, sha: str) -> str | None:
        path = self._game(game_id) / "lost" / sha
        try:
            return path.read_text(encoding="ascii").strip()
        except OSError:
            return None

    # ------------------------------------------------------------ checks

    def check(self, save: SaveFile) -> str:
        """Classify ``save``: ``new`` game, ``next`` save, ``known``, or ``ahead`` (saves
        are missing between the head and it); refuse what is not part of the accepted game,
        rollbacks and forks (a fork is recorded, with both saves kept as evidence)."""
        game_id = save.game_id
        where = save.where
        pin = self._read(self._game(game_id) / "pin.yaml")
        head = self.head(game_id)
        if pin is None or head is None:
            return "new"
        if save.game != pin["game"] or not self._known_seating(game_id, pin, save):
            raise ChainError(
                f"not part of game {game_id[:8]} as you accepted it: its fixed details or "
                f"players differ (a copy changed or re-signed by someone else); ignored",
                where)
        if (kept := self._lost(game_id, save.sha256)) is not None:
            raise ChainError(f"this version of save {save.sequence} lost the fork you "
                             f"settled (kept: {kept[:12]}...); nothing changed", where)
        if save.previous and (kept := self._lost(game_id, save.previous)) is not None:
            raise ChainError(f"follows a version of save {save.sequence - 1} that lost the "
                             f"fork you settled; nothing changed", where)
        fork = self.fork(game_id)
        if fork:
            raise ChainError(
                f"game {game_id[:8]} is stopped: {fork['writer']} signed two different saves "
                f"{fork['sequence']} ({fork['hashes'][0][:12]}... and "
                f"{fork['hashes'][1][:12]}...); settle it with the other players first "
                f"(pbem ledger {game_id[:8]} --resolve HASH)", where)
        accepted = self._accepted_after(game_id, save.previous, save.writer)
        if accepted == save.sha256:
            return "known"
        if accepted is not None:
            self._record_fork(save, accepted)
        if (rival := self.rival(save)) is not None:
            raise Rival(f"another player's save {save.sequence} on the same save was "
                        f"accepted before it ({rival[:12]}...)", where, rival)
        if save.sequence <= head["sequence"]:
            raise ChainError(
                f"rollback refused: save {save.sequence} is not newer than the accepted "
                f"save {head['sequence']} and does not follow the saves you accepted", where)
        if save.sequence > head["sequence"] + 1:
            return "ahead"
        if save.previous != head["sha256"]:
            raise ChainError(
                f"does not follow the accepted save {head['sequence']} (its save "
                f"{head['sequence']} is another version: if that version reaches you, it is "
                f"a fork)", where)
        return "next"

    def _seatings(self, game_id: str, pin: dict[str, Any]) -> list[list[dict[str, Any]]]:
        """Every players' list this player accepted in the game: the first, and each one a
        seat handed over gave."""
        folder = self._game(game_id) / "seatings"
        found = [self._read(p) for p in sorted(folder.glob("*.yaml"))] if folder.is_dir() else []
        return [pin.get("players", []), *(f for f in found if isinstance(f, list))]

    def _known_seating(self, game_id: str, pin: dict[str, Any], save: SaveFile) -> bool:
        """The save's players are a list accepted in this game, or, in a hand-over, such a
        list with only the handed seat changed (its writer's key unchanged)."""
        known = self._seatings(game_id, pin)
        if save.players in known:
            return True
        if not save.actions or save.actions[0].get("do") != "seat":
            return False
        role = save.actions[0].get("role")
        for players in known:
            if len(players) == len(save.players) and all(
                    a == b or (a["role"] == b["role"] == role != save.writer)
                    for a, b in zip(players, save.players, strict=True)):
                return True
        return False

    def rival(self, save: SaveFile) -> str | None:
        """The accepted save another writer signed on the save ``save`` follows (a claim
        and the late answer it claimed, or two claims), if any."""
        folder = self._game(save.game_id) / "after"
        prefix = f"{save.previous or GENESIS}."
        for entry in sorted(folder.glob(f"{prefix}*")) if folder.is_dir() else []:
            if entry.name[len(prefix):] != _safe(save.writer):
                with contextlib.suppress(OSError, IndexError, UnicodeDecodeError):
                    return entry.read_text(encoding="ascii").split()[0]
        return None

    def keep_evidence(self, save: SaveFile, kept: str, why: str) -> None:
        """Keep a save that lost to a rival (a late answer after a claim) as evidence."""
        store.keep(save)
        record = {"sequence": save.sequence, "writer": save.writer, "sha256": save.sha256,
                  "kept": kept, "why": why}
        with contextlib.suppress(WriteError):
            write_new(self._game(save.game_id) / "evidence" / f"{save.sha256}.yaml",
                      strict_yaml.dump(record).encode())

    def evidence(self, game_id: str) -> list[dict[str, Any]]:
        """Every save kept as evidence in this game (late answers, refused claims)."""
        folder = self._game(game_id) / "evidence"
        found = [self._read(p) for p in sorted(folder.glob("*.yaml"))] if folder.is_dir() else []
        return [f for f in found if isinstance(f, dict)]

    def may_leave(self, game_id: str, loser: str) -> bool:
        """Whether this player may drop ``loser`` and what followed it for a rival: they
        signed nothing after it and revealed no link on it."""
        return not self._answered_on(game_id, loser)

    def leave_for(self, prev: SaveFile, loser: str, loser_writer: str) -> None:
        """Drop the accepted ``loser`` (and what followed it): the head goes back to
        ``prev``, so the rival that prevails over it is accepted next."""
        folder = self._game(prev.game_id)
        for sha in self._descendants(prev.game_id, loser):
            with contextlib.suppress(WriteError):
                write_new(folder / "lost" / sha, f"{prev.sha256}\n".encode())
        with contextlib.suppress(OSError):
            self._after(prev.game_id, prev.sha256, loser_writer).unlink()
        self._set_head(prev)

    def _record_fork(self, save: SaveFile, accepted: str) -> None:
        """Keep the evidence of a fork and stop the game (unless already stopped)."""
        folder = self._game(save.game_id)
        if not self.fork(save.game_id):
            store.keep(save)
            evidence = {"writer": save.writer, "sequence": save.sequence,
                        "previous": save.previous or GENESIS,
                        "hashes": [accepted, save.sha256]}
            write_replace(folder / "fork.yaml", strict_yaml.dump(evidence).encode())
        raise ChainError(
            f"fork: {save.writer} signed two different saves {save.sequence} on the same "
            f"previous save ({accepted[:12]}... accepted, {save.sha256[:12]}... now); both "
            f"kept as evidence, game stopped", save.where)

    # ------------------------------------------------------------ recording

    def accept(self, save: SaveFile) -> str:
        """Record ``save`` after :meth:`check`; return the classification."""
        status = self.check(save)
        if status == "known":
            return status
        if status == "ahead":
            raise skips_ahead(self.head(save.game_id), save)
        folder = self._game(save.game_id)
        if status == "new":
            pin = {"game": save.game, "players": save.players}
            with contextlib.suppress(WriteError):
                write_new(folder / "pin.yaml", strict_yaml.dump(pin).encode("utf-8"))
        after = self._after(save.game_id, save.previous, save.writer)
        with contextlib.suppress(WriteError):
            write_new(after, f"{save.sha256} {save.sequence}\n".encode())
        pin = self._read(folder / "pin.yaml") or {}
        if save.players not in self._seatings(save.game_id, pin):
            seating = strict_yaml.dump(save.players).encode("utf-8")
            with contextlib.suppress(WriteError):
                write_new(folder / "seatings" / f"{save.sha256}.yaml", seating)
        self._set_head(save)
        return status

    def _set_head(self, save: SaveFile) -> None:
        head = {"sequence": save.sequence, "sha256": save.sha256, "writer": save.writer,
                "previous": save.previous}
        write_replace(self._game(save.game_id) / "head.yaml", strict_yaml.dump(head).encode())

    def _mine(self, save: SaveFile, role: str) -> Path:
        return self._game(save.game_id) / "mine" / f"{save.sha256}.{role}.pbem.yaml"

    def intend(self, prev: SaveFile, save: SaveFile) -> None:
        """Record, before the save is written anywhere, that this player signed ``save``
        on ``prev``; refuse if they had already signed another."""
        path = self._mine(prev, save.writer)
        if path.is_file():
            if path.read_bytes() == save.raw:
                return
            raise ChainError(f"you already signed the save after save {prev.sequence} (kept "
                             f"in {path}); signing another would fork the game", prev.where)
        write_new(path, save.raw)

    def reveal_once(self, game_id: str, role: str, used: int, request: str) -> None:
        """Record, before an answer is written anywhere, that ``role``'s dice link ``used``
        answers ``request``; refuse if it already answered another request (revealing a
        link twice would let an actor with two requests choose between their rolls)."""
        path = self._game(game_id) / "revealed" / f"{_safe(role)}.{used}"
        if path.is_file():
            answered = path.read_text(encoding="ascii").strip()
            if answered == request:
                return
            raise ChainError(f"your dice link {used} already answered another request "
                             f"({answered[:12]}...); answering this one with it would let "
                             f"its actor choose between two rolls", game_id)
        write_new(path, f"{request}\n".encode())

    def already_moved(self, save: SaveFile, role: str) -> str | None:
        """Where the save ``role`` already signed on top of ``save`` is kept, if any."""
        path = self._mine(save, role)
        if path.is_file():
            return str(path)
        accepted = self._accepted_after(save.game_id, save.sha256, role)
        return accepted

    # ------------------------------------------------------------ settling

    def resolve(self, game_id: str, keep: str) -> str:
        """Settle a fork, keeping the save whose hash starts with ``keep``; return its hash.

        Final: the other version, and everything that followed it, is refused from now on
        without stopping the game again; the head never moves back past the fork."""
        fork = self.fork(game_id)
        if not fork:
            raise ChainError("no fork recorded for this game", game_id)
        chosen = [h for h in fork["hashes"] if h.startswith(keep)] if keep else []
        if len(chosen) != 1:
            raise ChainError("give the start of one of the two forked hashes", game_id)
        kept = chosen[0]
        lost = next(h for h in fork["hashes"] if h != kept)
        if self._answered_on(game_id, lost):
            raise ChainError(
                f"you answered the other version ({lost[:12]}...): your pbem revealed a dice "
                f"link after it, so keeping this one would let its writer choose between two "
                f"rolls; keep the version you answered", game_id)
        folder = self._game(game_id)
        previous = None if fork["previous"] == GENESIS else fork["previous"]
        if self._accepted_after(game_id, previous, fork["writer"]) != kept:
            for sha in self._descendants(game_id, lost):
                with contextlib.suppress(WriteError):
                    write_new(folder / "lost" / sha, f"{kept}\n".encode())
            write_replace(self._after(game_id, previous, fork["writer"]),
                          f"{kept} {fork['sequence']}\n".encode())
            head = {"sequence": fork["sequence"], "sha256": kept, "writer": fork["writer"],
                    "previous": previous}
            write_replace(folder / "head.yaml", strict_yaml.dump(head).encode())
        with contextlib.suppress(WriteError):
            write_new(folder / "lost" / lost, f"{kept}\n".encode())
        settled = {**fork, "kept": kept}
        with contextlib.suppress(WriteError):
            write_new(folder / "settled" / f"{lost}.yaml", strict_yaml.dump(settled).encode())
        (folder / "fork.yaml").unlink()
        return kept

    def _branch(self, game_id: str, sha: str) -> set[str]:
        """``sha`` and every accepted save that followed it (read only)."""
        out, todo = set(), [sha]
        after = self._game(game_id) / "after"
        while todo:
            current = todo.pop()
            out.add(current)
            for entry in sorted(after.glob(f"{current}.*")) if after.is_dir() else []:
                with contextlib.suppress(OSError, IndexError):
                    todo.append(entry.read_text(encoding="ascii").split()[0])
        return out

    def _answered_on(self, game_id: str, sha: str) -> bool:
        """Whether this player signed a save, or gave a witness answer, on ``sha`` or on a
        save accepted after it (each reveals a link of their dice chain)."""
        branch = self._branch(game_id, sha)
        folder = self._game(game_id)
        mine = folder / "mine"
        for path in mine.glob("*.pbem.yaml") if mine.is_dir() else []:
            if path.name.split(".")[0] in branch:
                return True
        revealed = folder / "revealed"
        for path in revealed.iterdir() if revealed.is_dir() else []:
            with contextlib.suppress(OSError, UnicodeDecodeError):
                if path.read_text(encoding="ascii").strip() in branch:
                    return True
        return False

    def _descendants(self, game_id: str, sha: str) -> list[str]:
        """``sha`` and every accepted save that followed it (they lose with it)."""
        out, todo = [], [sha]
        after = self._game(game_id) / "after"
        while todo:
            current = todo.pop()
            out.append(current)
            for entry in sorted(after.glob(f"{current}.*")) if after.is_dir() else []:
                with contextlib.suppress(OSError, IndexError):
                    todo.append(entry.read_text(encoding="ascii").split()[0])
                    entry.unlink()
        return out
