"""The registry of game modules, by kind (``dragons-tigers`` ...)."""

from __future__ import annotations

from collections.abc import Callable

from pbem.engine import GameModule
from pbem.errors import UsageError

_FACTORIES: dict[str, Callable[[], GameModule]] = {}
_CACHE: dict[str, GameModule] = {}


def register(kind: str, factory: Callable[[], GameModule]) -> None:
    """Make a game module available under ``kind`` (tests register tiny games here)."""
    _FACTORIES[kind] = factory
    _CACHE.pop(kind, None)


def _builtin() -> None:
    if "dragons-tigers" not in _FACTORIES:
        def dragons_tigers() -> GameModule:
            from pbem.games.dragons_tigers.module import DragonsTigers

            return DragonsTigers()

        _FACTORIES["dragons-tigers"] = dragons_tigers
    if "three-kingdoms-redux" not in _FACTORIES:
        def three_kingdoms_redux() -> GameModule:
            from pbem.games.three_kingdoms_redux.module import ThreeKingdomsRedux

            return ThreeKingdomsRedux()

        _FACTORIES["three-kingdoms-redux"] = three_kingdoms_redux
    if "three-kingdoms-card-game" not in _FACTORIES:
        def three_kingdoms_card_game() -> GameModule:
            from pbem.games.three_kingdoms_card_game.module import ThreeKingdomsCardGame

            return ThreeKingdomsCardGame()

        _FACTORIES["three-kingdoms-card-game"] = three_kingdoms_card_game
    if "chronicles-of-the-three-kingdoms" not in _FACTORIES:
        def chronicles() -> GameModule:
            from pbem.games.chronicles.module import Chronicles

            return Chronicles()

        _FACTORIES["chronicles-of-the-three-kingdoms"] = chronicles


def kinds() -> list[str]:
    _builtin()
    return sorted(_FACTORIES)


def get(kind: str) -> GameModule:
    """The module for ``kind``; a UsageError names the known kinds otherwise."""
    _builtin()
    if kind not in _CACHE:
        if kind not in _FACTORIES:
            raise UsageError(f"unknown game {kind!r}; known games: {', '.join(kinds())}")
        _CACHE[kind] = _FACTORIES[kind]()
    return _CACHE[kind]
