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
