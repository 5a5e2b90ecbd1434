"""The one error the secrets library raises: a value from a player fails its check."""

from __future__ import annotations

from pbem.errors import ChainError


class SecretsError(ChainError):
    """A value received from a player (a point, a proof, a share, an envelope, an opening)
    is malformed or fails its check; ``player`` and ``field`` say whose and which.

    It is a :class:`~pbem.errors.ChainError`: a save that carries such a value does not
    follow from the saves before it. The one-line message reads
    ``wei's share for card 3: the proof does not match``.
    """

    def __init__(self, problem: str, field: str, player: str | None = None) -> None:
        self.problem = problem
        self.field = field
        self.player = player
        owner = f"{player}'s " if player else ""
        super().__init__(f"{owner}{field}: {problem}")
