"""Each player's ledger of accepted saves, like a TUF client's trusted metadata.

For every game it keeps the accepted head (sequence and hash) and the saves accepted just
before it (enough to recognise a fork; anything older is refused as a rollback). It refuses
a save older than or equal to the head (rollback), a save that skips ahead (fast-forward),
and reports a fork: two different saves signed by the same player on the same previous
save. A fork keeps both hashes as evidence and stops the game until the players settle it
(``pbem ledger --resolve``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pbem import paths, strict_yaml
from pbem.atomic import write_replace
from pbem.errors import ChainError, FormatError
from pbem.savefile import SaveFile
from pbem.signing import PublicKey


def _safe(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_-]", "_", text)


KEEP = 64  # recent accepted saves kept for fork evidence; older ones are rollbacks anyway


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

    def _path(self, game_id: str) -> Path:
        return self.folder / f"{game_id}.yaml"

    def record(self, game_id: str) -> dict[str, Any] | None:
        path = self._path(game_id)
        if not path.exists():
            return None
        try:
            data = strict_yaml.load(path.read_bytes(), str(path))
        except OSError as exc:
            raise FormatError(f"cannot read the ledger: {exc.strerror}", str(path)) from None
        if not isinstance(data, dict) or not isinstance(data.get("accepted"), list):
            raise FormatError("the ledger file is damaged", str(path))
        return data

    def _write(self, game_id: str, data: dict[str, Any]) -> None:
        write_replace(self._path(game_id), strict_yaml.dump(data).encode("utf-8"))

    def check(self, save: SaveFile) -> str:
        """Classify ``save``: ``new`` game, ``next`` save, ``known``, or ``ahead`` (saves
        are missing between the head and it); refuse rollbacks and forks."""
        data = self.record(save.game_id)
        if data is None:
            return "new"
        where = save.where
        fork = data.get("fork")
        if fork:
            raise ChainError(
                f"game {save.game_id[:8]} is stopped: {fork['writer']} signed two different "
                f"saves {fork['sequence']} ({fork['hashes'][0][:12]}... and "
                f"{fork['hashes'][1][:12]}...); settle it with your opponent first", where)
        accepted = data["accepted"]
        head = accepted[-1]
        by_hash = {entry["sha256"]: entry for entry in accepted}
        if save.sha256 in by_hash:
            return "known"
        for entry in accepted:
            if (entry["previous"] == save.previous and entry["writer"] == save.writer
                    and save.previous is not None):
                data["fork"] = {"sequence": save.sequence, "writer": save.writer,
                                "previous": save.previous,
                                "hashes": [entry["sha256"], save.sha256]}
                self._write(save.game_id, data)
                raise ChainError(
                    f"fork: {save.writer} signed two different saves {save.sequence} on the "
                    f"same previous save ({entry['sha256'][:12]}... accepted earlier, "
                    f"{save.sha256[:12]}... now); both kept as evidence, game stopped", where)
        if save.sequence <= head["sequence"]:
            raise ChainError(
                f"rollback refused: save {save.sequence} is not newer than the accepted "
                f"save {head['sequence']}", where)
        if save.sequence > head["sequence"] + 1:
            return "ahead"
        if save.previous != head["sha256"]:
            raise ChainError(
                f"does not follow the accepted save {head['sequence']} (different previous "
                f"hash)", where)
        return "next"

    def accept(self, save: SaveFile) -> str:
        """Record ``save`` as the new head after :meth:`check`; return the classification."""
        status = self.check(save)
        if status == "known":
            return status
        if status == "ahead":
            raise skips_ahead(self.head(save.game_id), save)
        data = self.record(save.game_id) or {"game": save.game_id, "kind": save.kind,
                                             "accepted": [], "fork": None}
        data["accepted"].append({"sequence": save.sequence, "sha256": save.sha256,
                                 "previous": save.previous, "writer": save.writer})
        data["accepted"] = data["accepted"][-KEEP:]
        self._write(save.game_id, data)
        return status

    def head(self, game_id: str) -> dict[str, Any] | None:
        data = self.record(game_id)
        return data["accepted"][-1] if data else None

    def already_moved(self, save: SaveFile, role: str) -> str | None:
        """The hash of a save ``role`` already wrote on top of ``save``, if any."""
        data = self.record(save.game_id)
        if not data:
            return None
        for entry in data["accepted"]:
            if entry["previous"] == save.sha256 and entry["writer"] == role:
                return str(entry["sha256"])
        return None

    def resolve(self, game_id: str, keep: str) -> None:
        """Clear a fork, keeping the save whose hash starts with ``keep`` as the branch."""
        data = self.record(game_id)
        if not data or not data.get("fork"):
            raise ChainError("no fork recorded for this game", game_id)
        fork = data["fork"]
        chosen = [h for h in fork["hashes"] if h.startswith(keep)]
        if len(chosen) != 1:
            raise ChainError("give the start of one of the two forked hashes", game_id)
        data["accepted"] = [e for e in data["accepted"] if e["sequence"] < fork["sequence"]
                            or e["sha256"] == chosen[0]]
        data.setdefault("resolved", []).append(fork)
        data["fork"] = None
        self._write(game_id, data)
