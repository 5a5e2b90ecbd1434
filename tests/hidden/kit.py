"""Games of Card Market played by random players, with every player's key at hand (the
same game for the same players and seed on every run: tests/fixed_games.py)."""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from typing import Any

from pbem import identity, savefile, session
from pbem.hidden_cards import knowledge, model, seating
from pbem.signing import PrivateKey
from tests import fixed_games


def play(players: int, seed: int, dice: str = "open",
         cheat: Callable[[savefile.SaveFile], Any] | None = None
         ) -> tuple[list[savefile.SaveFile], dict[str, PrivateKey]]:
    """A whole game; ``cheat`` (a context manager factory) is entered while the save after
    the one it is given is made, and may patch pbem to play foul there."""
    keys = fixed_games.player_keys(f"card-market {players} {seed}", players)
    with _cheating(cheat):
        result = fixed_games.play("card-market", players, seed, keys, dice=dice)
    roles = [p["role"] for p in result.saves[0].players]
    return result.saves, dict(zip(roles, keys, strict=True))


@contextlib.contextmanager
def _cheating(cheat: Callable[[savefile.SaveFile], Any] | None) -> Iterator[None]:
    """While the game is played, each save is made inside ``cheat(previous save)`` (a
    context manager, or ``None`` to play that save honestly)."""
    if cheat is None:
        yield
        return
    finish, witness, machine = session.Composer.finish, session.witness, session.machine

    def around(make: Callable[..., savefile.SaveFile]) -> Callable[..., savefile.SaveFile]:
        def wrapper(first: Any, *args: Any, **kwargs: Any) -> savefile.SaveFile:
            prev = first.prev if isinstance(first, session.Composer) else first
            with cheat(prev) or contextlib.nullcontext():
                return make(first, *args, **kwargs)
        return wrapper

    session.Composer.finish = around(finish)  # type: ignore[method-assign]
    session.witness = around(witness)  # type: ignore[assignment]
    session.machine = around(machine)  # type: ignore[assignment]
    try:
        yield
    finally:
        session.Composer.finish = finish  # type: ignore[method-assign]
        session.witness = witness  # type: ignore[assignment]
        session.machine = machine  # type: ignore[assignment]


def known(save: savefile.SaveFile, role: str, key: PrivateKey | None) -> dict[str, str]:
    """What ``role``'s pbem reads of the hidden cards in ``save``."""
    seat = seating.seat(save.doc, role, key)
    return knowledge.known(model.of(save.state), seat)


def local(role: str, key: PrivateKey) -> identity.LocalIdentity:
    return identity.LocalIdentity(role, key)
