"""The methods of :class:`pbem.engine.GameModule` for a game whose data set an owner can
replace with a transcription of her own (``pbem new --data FILE``), written once over the
game's registry of data sets: a module with ``builtin()``, ``get(hash)``,
``load_data(path)`` and ``from_document(document)``, each data set having ``hash`` and
``document``."""

from __future__ import annotations

from collections.abc import Mapping
from types import ModuleType
from typing import Any

from pbem.errors import UsageError


class ReplaceableData:
    """Mix into a game module before :class:`~pbem.engine.GameModule`; set ``registry``."""

    registry: ModuleType

    def checked_options(self, players: int, given: dict[str, Any]) -> dict[str, Any]:
        """The options every such game checks alike, taken out of ``given``: the number
        of players within the game's range and the ``data`` hash of a loaded data set."""
        if given.pop("players", players) != players:
            raise UsageError("the number of players does not match the options")
        low, high = self.min_players, self.max_players
        if not low <= players <= high:
            raise UsageError(f"{self.title} takes {low} to {high} players")
        checked: dict[str, Any] = {"players": players}
        digest = given.pop("data", None)
        if digest is not None:
            if not isinstance(digest, str):
                raise UsageError("option data is the hash of a data set")
            self.registry.get(digest)
            checked["data"] = digest
        return checked

    def load_data_file(self, path: str) -> dict[str, Any]:
        return {"data": self.registry.load_data(path).hash}

    def data_document(self, options: Mapping[str, Any]) -> dict[str, Any] | None:
        digest = options.get("data")
        return None if digest is None else dict(self.registry.get(digest).document)

    def load_data_document(self, document: Any) -> str:
        return str(self.registry.from_document(document).hash)

    def data_hash(self, options: Mapping[str, Any]) -> str | None:
        digest = options.get("data")
        builtin = self.registry.builtin().hash
        return None if digest is None or digest == builtin else str(digest)

    def data_loaded(self, digest: str) -> bool:
        try:
            self.registry.get(digest)
        except UsageError:
            return False
        return True
