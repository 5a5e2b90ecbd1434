"""Speed of the secrets library, one ``name: value`` line each (``python -m pbem.secrets.bench``).

Targets: ``deck_shuffle_ms`` (one player's step on a 42-card deck under a 3-player joint
key, its proof of shuffle included, reading the deck from its records as a pbem would) at
most 300; ``shuffle_prove_ms`` and ``shuffle_verify_ms`` (making and checking the proof of
shuffle of such a step alone) at most 250 each; ``draw_to_player_ms`` (two other players'
shares with proofs, the holder's checks and finish; CPU only) at most 50. Measured here,
never in timed tests.
"""

from __future__ import annotations

import hashlib
import statistics
import time
from collections.abc import Callable

from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey

from pbem.secrets import elgamal, keys, shuffle, shuffle_proof
from pbem.secrets.elgamal import CardTable, Ciphertext
from pbem.secrets.group import Part, Point, Scalar
from pbem.secrets.keys import GameKeys
from pbem.signing import PrivateKey

DECK_CARDS = 42
ROLES = ("wei", "shu", "wu")
TARGETS = {"deck_shuffle_ms": 300.0, "shuffle_prove_ms": 250.0, "shuffle_verify_ms": 250.0,
           "draw_to_player_ms": 50.0}


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


ProofCase = tuple[list[Ciphertext], list[Ciphertext], Point, list[int], list[Scalar], bytes,
                  tuple[Part, ...]]


def _proof_case(n: int) -> ProofCase:
    """One step's statement and witness: a shuffled deck shuffled again by player n % 3."""
    anchor, players = _players()
    joint = keys.joint_key([p.public() for p in players], anchor)
    before = shuffle.shuffle(elgamal.initial_deck("bench", DECK_CARDS, joint), joint, b"b")
    seed = players[n % 3].shuffle_seed(f"bench {n}")
    order, masks = shuffle.plan(DECK_CARDS, seed)
    after = [elgamal.remask(before[j], joint, m) for j, m in zip(order, masks, strict=True)]
    context = shuffle.proof_context(anchor, f"bench {n}", n % 3, ROLES[n % 3])
    return before, after, joint, order, masks, seed, context


def shuffle_prove_ms(repeat: int = 7) -> float:
    """Median ms to make the proof of one step's shuffle (42 cards, 3-player key)."""
    cases = [_proof_case(n) for n in range(repeat)]

    def prove(n: int) -> object:
        before, after, joint, order, masks, seed, context = cases[n]
        return shuffle_proof.prove(before, after, joint, order, masks, seed, context)

    return _median_ms(prove, repeat)


def shuffle_verify_ms(repeat: int = 7) -> float:
    """Median ms to check that proof, as it arrives: read from its record, then checked."""
    cases = []
    for n in range(repeat):
        before, after, joint, order, masks, seed, context = _proof_case(n)
        made = shuffle_proof.prove(before, after, joint, order, masks, seed, context)
        cases.append((before, after, joint, context, made.record()))

    def verify(n: int) -> object:
        before, after, joint, context, record = cases[n]
        proof = shuffle_proof.ShuffleProof.from_record(record, DECK_CARDS, "bench")
        if not shuffle_proof.check(proof, before, after, joint, context):
            raise RuntimeError("an honest proof of shuffle did not hold")
        return proof

    return _median_ms(verify, repeat)


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
    return {"deck_shuffle_ms": deck_shuffle_ms(), "shuffle_prove_ms": shuffle_prove_ms(),
            "shuffle_verify_ms": shuffle_verify_ms(), "draw_to_player_ms": draw_to_player_ms()}


def main() -> None:
    for name, value in figures().items():
        print(f"{name}: {value:.1f}")


if __name__ == "__main__":
    main()
