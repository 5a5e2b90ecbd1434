"""One player's step of a joint shuffle: permute and re-mask, all from a seed.

Player ``i`` takes the deck as the previous player left it, permutes it and re-masks
every card with fresh randomness, so nobody (themselves included, for the cards) can link
an output card to an input card unless every player's step is known. The permutation and
the masks come from a seed derived from the player's shuffle master (:mod:`keys`) and the
step's label; a hash commitment to the seed is published with the step, and at the audit
the opened master re-derives the seed, which must match the commitment, and the step is
recomputed: a wrong step names its player. Before the audit only the form of a step can
be checked (the same number of cards, every point in the group); docs/secrets-crypto.md
says what a zero-knowledge proof of the step would cost instead.
"""

from __future__ import annotations

import hmac
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pbem.secrets import group, records
from pbem.secrets.elgamal import Ciphertext, remask
from pbem.secrets.errors import SecretsError
from pbem.secrets.group import Point
from pbem.secrets.keys import GameKeys, Opening
from pbem.secrets.stream import RandomStream


def shuffle(cts: Sequence[Ciphertext], joint: Point, seed: bytes) -> list[Ciphertext]:
    """Permute and re-mask ``cts``; output card ``j`` is input card ``order[j]``."""
    stream = RandomStream(seed, "pbem-shuffle")
    order = stream.permutation(len(cts))
    return [remask(cts[source], joint, stream.scalar()) for source in order]


def check_shuffle(before: Sequence[Ciphertext], after: Sequence[Ciphertext], joint: Point,
                  seed: bytes) -> bool:
    """True when ``after`` is exactly the shuffle of ``before`` that ``seed`` makes."""
    return len(before) == len(after) and shuffle(before, joint, seed) == list(after)


def seed_commitment(seed: bytes, role: str, label: str) -> bytes:
    """The commitment to a step's seed, published with the step."""
    return group.digest("pbem-shuffle-seed", role, label, seed)


@dataclass(frozen=True)
class ShuffleStep:
    """One player's published shuffle step: the new deck and the seed commitment."""

    role: str
    label: str
    output: tuple[Ciphertext, ...]
    commitment: bytes

    def record(self) -> dict[str, Any]:
        return {"cards": [ct.record() for ct in self.output],
                "seed": self.commitment.hex()}

    @classmethod
    def from_record(cls, record: Any, role: str, label: str) -> ShuffleStep:
        field = f"shuffle {label}"
        cards = tuple(Ciphertext.from_record(value, f"{field} card {n}", role)
                      for n, value in enumerate(records.items(record, "cards", field, role)))
        return cls(role, label, cards, records.raw(record, "seed", field, role, 32))


def shuffle_step(keys: GameKeys, label: str, cts: Sequence[Ciphertext],
                 joint: Point) -> ShuffleStep:
    """This player's step on ``cts`` for the shuffle called ``label`` (unique per step)."""
    seed = keys.shuffle_seed(label)
    return ShuffleStep(keys.role, label, tuple(shuffle(cts, joint, seed)),
                       seed_commitment(seed, keys.role, label))


def check_step_form(step: ShuffleStep, before: Sequence[Ciphertext]) -> None:
    """What can be checked at once: as many cards out as in, all valid group elements."""
    if len(step.output) != len(before):
        raise SecretsError(f"{len(step.output)} cards out of {len(before)} in",
                           f"shuffle {step.label}", step.role)
    for n, ct in enumerate(step.output):
        group.point(ct.c1, f"shuffle {step.label} card {n}", step.role)
        group.point(ct.c2, f"shuffle {step.label} card {n}", step.role)


def audit_step(step: ShuffleStep, before: Sequence[Ciphertext], joint: Point,
               opening: Opening) -> None:
    """Re-check a step with its player's opened secrets; a wrong step names its player."""
    field = f"shuffle {step.label}"
    if opening.role != step.role:
        raise SecretsError(f"audited with {opening.role}'s secrets", field, step.role)
    seed = opening.shuffle_seed(step.label)
    if not hmac.compare_digest(seed_commitment(seed, step.role, step.label), step.commitment):
        raise SecretsError("the seed does not match its commitment", field, step.role)
    if not check_shuffle(before, step.output, joint, seed):
        raise SecretsError("the cards are not the shuffle its seed makes", field, step.role)
