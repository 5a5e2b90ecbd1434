"""One player's step of a joint shuffle: permute and re-mask, all from a seed.

Player ``i`` takes the deck as the previous player left it, permutes it and re-masks
every card with fresh randomness, so nobody (themselves included, for the cards) can link
an output card to an input card unless every player's step is known. The permutation and
the masks come from a seed derived from the player's shuffle master (:mod:`keys`) and the
step's label; a hash commitment to the seed is published with the step, and at the audit
the opened master re-derives the seed, which must match the commitment, and the step is
recomputed: a wrong step names its player.

Every step also carries a zero-knowledge proof (:mod:`shuffle_proof`) that its output is a
permutation and re-masking of its input under the joint key, bound to the game, the deck,
the step's place and its player; :func:`check_step` checks it when the step arrives, and
refuses a step that leaves any input ciphertext as it was.
"""

from __future__ import annotations

import hmac
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pbem.secrets import group, records, shuffle_proof
from pbem.secrets.elgamal import Ciphertext, remask
from pbem.secrets.errors import SecretsError
from pbem.secrets.group import Part, Point, Scalar
from pbem.secrets.keys import GameKeys, Opening
from pbem.secrets.shuffle_proof import ShuffleProof
from pbem.secrets.stream import RandomStream

STEP_KEYS = ("cards", "seed", "proof")


def plan(size: int, seed: bytes) -> tuple[list[int], list[Scalar]]:
    """The permutation and the masks a seed makes for a deck of ``size`` cards."""
    stream = RandomStream(seed, "pbem-shuffle")
    order = stream.permutation(size)
    return order, [stream.scalar() for _ in order]


def shuffle(cts: Sequence[Ciphertext], joint: Point, seed: bytes) -> list[Ciphertext]:
    """Permute and re-mask ``cts``; output card ``j`` is input card ``order[j]``."""
    order, masks = plan(len(cts), seed)
    return [remask(cts[source], joint, mask) for source, mask in zip(order, masks,
                                                                    strict=True)]


def check_shuffle(before: Sequence[Ciphertext], after: Sequence[Ciphertext], joint: Point,
                  seed: bytes) -> bool:
    """True when ``after`` is exactly the shuffle of ``before`` that ``seed`` makes."""
    return len(before) == len(after) and shuffle(before, joint, seed) == list(after)


def seed_commitment(seed: bytes, role: str, label: str) -> bytes:
    """The commitment to a step's seed, published with the step."""
    return group.digest("pbem-shuffle-seed", role, label, seed)


def proof_context(anchor: bytes, label: str, index: int, role: str) -> tuple[Part, ...]:
    """What a step's proof is bound to: the game (its anchor), the deck's shuffle label,
    the step's place in that shuffle and the shuffler."""
    return ("pbem-shuffle-step", anchor, label, index, role)


@dataclass(frozen=True)
class ShuffleStep:
    """One player's published shuffle step: the new deck, the seed commitment and the
    proof that the new deck is a shuffle of the old."""

    role: str
    label: str
    output: tuple[Ciphertext, ...]
    commitment: bytes
    proof: ShuffleProof

    def record(self) -> dict[str, Any]:
        return {"cards": [ct.record() for ct in self.output],
                "seed": self.commitment.hex(), "proof": self.proof.record()}

    @classmethod
    def from_record(cls, record: Any, role: str, label: str) -> ShuffleStep:
        field = f"shuffle {label}"
        if not isinstance(record, dict) or set(record) != set(STEP_KEYS):
            raise SecretsError(f"a step has exactly {', '.join(STEP_KEYS)}", field, role)
        cards = tuple(Ciphertext.from_record(value, f"{field} card {n}", role)
                      for n, value in enumerate(records.items(record, "cards", field, role)))
        proof = ShuffleProof.from_record(record["proof"], len(cards), f"{field} proof", role)
        return cls(role, label, cards, records.raw(record, "seed", field, role, 32), proof)


def shuffle_step(keys: GameKeys, label: str, cts: Sequence[Ciphertext],
                 joint: Point, index: int = 0) -> ShuffleStep:
    """This player's step on ``cts`` for the shuffle called ``label`` (unique per step),
    the ``index``-th step of that shuffle, with its proof."""
    seed = keys.shuffle_seed(label)
    order, masks = plan(len(cts), seed)
    output = tuple(remask(cts[source], joint, mask)
                   for source, mask in zip(order, masks, strict=True))
    context = proof_context(keys.anchor, label, index, keys.role)
    proof = shuffle_proof.prove(cts, output, joint, order, masks, seed, context)
    return ShuffleStep(keys.role, label, output, seed_commitment(seed, keys.role, label),
                       proof)


def check_step_form(step: ShuffleStep, before: Sequence[Ciphertext]) -> None:
    """What can be checked at once: as many cards out as in, all valid group elements."""
    if len(step.output) != len(before):
        raise SecretsError(f"{len(step.output)} cards out of {len(before)} in",
                           f"shuffle {step.label}", step.role)
    for n, ct in enumerate(step.output):
        group.point(ct.c1, f"shuffle {step.label} card {n}", step.role)
        group.point(ct.c2, f"shuffle {step.label} card {n}", step.role)


def check_step(step: ShuffleStep, before: Sequence[Ciphertext], joint: Point,
               anchor: bytes, index: int) -> None:
    """The check on arrival: the form, no ciphertext left as it was, and the proof that
    the output is a permutation and re-masking of ``before`` for this game and step."""
    check_step_form(step, before)
    field = f"shuffle {step.label}"
    kept = set(before).intersection(step.output)
    if kept:
        place = next(n for n, ct in enumerate(step.output) if ct in kept)
        raise SecretsError(f"card {place} is an input card not re-masked", field, step.role)
    context = proof_context(anchor, step.label, index, step.role)
    if not shuffle_proof.check(step.proof, before, step.output, joint, context):
        raise SecretsError("the proof of shuffle does not hold: the cards out are not "
                           "the cards in, permuted and re-masked", field, step.role)


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
