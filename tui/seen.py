"""What one player sees: positions and offers through :mod:`pbem.gameplay`, with what
their key lets them read of the hidden cards.

Reading a hand means opening envelopes and shares (tens of milliseconds), so what was
read is kept for each position shown: the caller names the position with a token that
changes whenever it does.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from typing import Any

from pbem import gameplay, shares_ahead
from pbem.engine import GameModule, Prompt, State
from pbem.signing import PrivateKey

KEEP = 8  # positions remembered


class Sight:
    """The game of ``doc`` as ``role`` sees it (``None``: a spectator; ``key``: theirs)."""

    def __init__(self, module: GameModule, doc: Mapping[str, Any], role: str | None,
                 key: PrivateKey | None) -> None:
        self.module, self.doc, self.role, self.key = module, doc, role, key
        self._known: dict[Hashable, Mapping[str, str]] = {}

    @property
    def hidden(self) -> bool:
        return bool(getattr(self.module, "uses_secrets", False))

    def known(self, state: State, token: Hashable) -> Mapping[str, str]:
        """What the viewer may read of the hidden cards in ``state``."""
        if not self.hidden:
            return {}
        token = (token, shares_ahead.stamp(str(self.doc["game"]["id"])))  # shares that came
        if token not in self._known:
            if len(self._known) >= KEEP:
                self._known.pop(next(iter(self._known)))
            self._known[token] = gameplay.viewer_knowledge(self.doc, state, self.role,
                                                           self.key)
        return self._known[token]

    def view(self, state: State, token: Hashable) -> dict[str, Any]:
        if not self.hidden:
            return gameplay.view(self.module, state, self.role)
        return gameplay.view(self.module, state, self.role, self.known(state, token))

    def prompt(self, state: State, token: Hashable) -> Prompt | None:
        """Who must act and what is offered, hidden cards labelled as the viewer knows them."""
        if not self.hidden:
            return gameplay.prompt(self.module, state)
        return gameplay.prompt(self.module, state, self.role, self.known(state, token))

    def describe(self, state: State, token: Hashable) -> str:
        if not self.hidden:
            return gameplay.describe(self.module, state, self.role)
        return gameplay.describe(self.module, state, self.role, self.known(state, token))
