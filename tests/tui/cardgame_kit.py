"""The Three Kingdoms Card Game at one keyboard for the table's tests: hot-seat players
with fixed keys (made from their names), a fixed game id and salts, so every deal is the
same on every run."""

from __future__ import annotations

from pathlib import Path

from pbem import identity, keeping, session

GAME = "5" * 32
KIND = "three-kingdoms-card-game"


def card_game(folder: Path, players: int = 3) -> Path:
    """A new hot-seat Card Game for ``players``, every player joined; the last save."""
    people = [identity.keygen(f"p{n}", hotseat=True) for n in range(1, players + 1)]
    first = session.new_game(KIND, people[0], [p.identity for p in people[1:]],
                             {"players": players}, None, game_id=GAME, salt="0" * 32)
    saves = [first]
    for n, person in enumerate(people[1:], start=1):
        saves.append(session.join(saves[-1], person, f"{n:032x}"))
    return keeping.write_all(saves, folder)
