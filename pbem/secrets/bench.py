"""Speed of the secrets library, one ``name: value`` line each (``python -m pbem.secrets.bench``).

Targets: ``deck_shuffle_ms`` (one player's step on a 42-card deck under a 3-player joint
key, reading the deck from its records as a pbem would) at most 300; ``draw_to_player_ms``
(two other players' shares with proofs, the holder's checks and finish; CPU only) at most
50. Measured here, never in timed tests.
"""

from __future__ import annotations

import hashlib
import statistics
import time
from collections.abc import Callable

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from pbem.secrets import elgamal, keys, shuffle
from pbem.secrets.elgamal import CardTable, Ciphertext
from pbem.secrets.keys import GameKeys
from pbem.signing import PrivateKey

DECK_CARDS = 42
ROLES = ("wei", "shu", "wu")
TARGETS = {"deck_shuffle_ms": 300.0, "draw_to_player_ms": 50.0}


def _players() -> tuple[bytes, list[GameKeys]]:
    anchor = hashlib.sha256(b"bench game").digest()
    players = []
    for role in ROLES:
        raw = hashlib.sha256(b"bench " + role.encode()).digest()
        identity = PrivateKey(Ed25519PrivateKey.from_private_bytes(raw))
        players.append(GameKeys.derive(identity, anchor, role))
    return anchor, players


def _median_ms(action: Callable[[int], object], repeat: int) -> float:
    times = []
    for n in range(repeat):
        start = time.perf_counter()
        action(n)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def deck_shuffle_ms(repeat: int = 7) -> float:
    """Median ms of one player's shuffle step on a 42-card deck (3-player joint key)."""
    anchor, players = _players()
    joint = keys.joint_key([p.public() for p in players], anchor)
    records = [ct.record() for ct in elgamal.initial_deck("bench", DECK_CARDS, joint)]

    def step(n: int) -> object:
        deck = [Ciphertext.from_record(value, "deck") for value in records]
        return shuffle.shuffle_step(players[n % 3], f"bench {n}", deck, joint).record()

    return _median_ms(step, repeat)


def draw_to_player_ms(repeat: int = 15) -> float:
    """Median ms of a draw to one of 3 players: the two others' shares and proofs, the
    holder's check of both and the finish with their own share."""
    anchor, players = _players()
    publics = {p.role: p.public() for p in players}
    joint = keys.joint_key(publics.values(), anchor)
    deck = shuffle.shuffle(elgamal.initial_deck("bench", DECK_CARDS, joint), joint, b"b")
    table = CardTable("bench", DECK_CARDS)
    holder, others = players[0], players[1:]

    def draw(n: int) -> object:
        ct = deck[n % DECK_CARDS]
        shares = [elgamal.make_share(p, ct) for p in others]
        return elgamal.open_private(ct, shares, publics, holder, table)

    return _median_ms(draw, repeat)


def figures() -> dict[str, float]:
    return {"deck_shuffle_ms": deck_shuffle_ms(), "draw_to_player_ms": draw_to_player_ms()}


def main() -> None:
    for name, value in figures().items():
        print(f"{name}: {value:.1f}")


if __name__ == "__main__":
    main()
