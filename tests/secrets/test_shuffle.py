"""Shuffle steps: derived from a committed seed, re-checked exactly at the audit."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from pbem.secrets import elgamal, group, keys, shuffle
from pbem.secrets.errors import SecretsError
from pbem.secrets.keys import GameKeys
from pbem.secrets.shuffle import ShuffleStep
from pbem.secrets.stream import RandomStream
from tests.secrets.sim import ANCHOR, identity

WEI = GameKeys.derive(identity("wei"), ANCHOR, "wei")
SHU = GameKeys.derive(identity("shu"), ANCHOR, "shu")
JOINT = keys.joint_key([WEI.public(), SHU.public()], ANCHOR)
DECK = elgamal.initial_deck("d", 8, JOINT)


def cards_of(cts) -> list[int]:
    table = elgamal.CardTable("d", 8)
    return [table.decode(elgamal.unmask(ct, [group.mul(WEI.x, ct.c1),
                                             group.mul(SHU.x, ct.c1)])) for ct in cts]


def test_a_step_permutes_and_remasks_every_card() -> None:
    after = shuffle.shuffle(DECK, JOINT, b"seed")
    assert sorted(cards_of(after)) == list(range(8))
    assert cards_of(after) != list(range(8))
    assert not set(after) & set(DECK)  # no ciphertext is left as it was
    assert shuffle.check_shuffle(DECK, after, JOINT, b"seed")
    assert not shuffle.check_shuffle(DECK, after, JOINT, b"other")
    assert not shuffle.check_shuffle(DECK, after[:-1], JOINT, b"seed")
    swapped = [after[1], after[0], *after[2:]]
    assert not shuffle.check_shuffle(DECK, swapped, JOINT, b"seed")


def test_permutations_are_uniform_enough_to_reach_every_place() -> None:
    places = Counter()
    for n in range(600):
        order = RandomStream(n.to_bytes(2, "big"), "t").permutation(4)
        places[tuple(order)] += 1
    assert len(places) == 24
    assert min(places.values()) > 10


def test_a_step_round_trips_and_its_form_is_checked_at_once() -> None:
    step = shuffle.shuffle_step(WEI, "d shuffle 1", DECK, JOINT)
    read = ShuffleStep.from_record(json.loads(json.dumps(step.record())), "wei", "d shuffle 1")
    assert read == step
    shuffle.check_step_form(read, DECK)
    short = ShuffleStep("wei", step.label, step.output[:-1], step.commitment,
                        step.proof)
    with pytest.raises(SecretsError, match="wei's shuffle d shuffle 1: 7 cards out of 8"):
        shuffle.check_step_form(short, DECK)
    record = step.record()
    record["cards"][3] = "01" + "00" * 63
    with pytest.raises(SecretsError, match="wei's shuffle d shuffle 1 card 3"):
        ShuffleStep.from_record(record, "wei", "d shuffle 1")


def test_the_audit_recomputes_a_step_from_its_opened_seed() -> None:
    step = shuffle.shuffle_step(WEI, "d shuffle 1", DECK, JOINT)
    shuffle.audit_step(step, DECK, JOINT, WEI.opening())
    with pytest.raises(SecretsError, match="audited with shu's secrets"):
        shuffle.audit_step(step, DECK, JOINT, SHU.opening())
    swapped = ShuffleStep("wei", step.label, (step.output[1], step.output[0],
                                              *step.output[2:]), step.commitment, step.proof)
    with pytest.raises(SecretsError, match="wei's shuffle d shuffle 1: the cards are not"):
        shuffle.audit_step(swapped, DECK, JOINT, WEI.opening())
    other_seed = shuffle.shuffle(DECK, JOINT, b"not derived")
    honest_commit = ShuffleStep("wei", step.label, tuple(other_seed), step.commitment,
                                step.proof)
    with pytest.raises(SecretsError, match="the cards are not the shuffle"):
        shuffle.audit_step(honest_commit, DECK, JOINT, WEI.opening())
    lying = ShuffleStep("wei", step.label, tuple(other_seed),
                        shuffle.seed_commitment(b"not derived", "wei", step.label), step.proof)
    with pytest.raises(SecretsError, match="the seed does not match its commitment"):
        shuffle.audit_step(lying, DECK, JOINT, WEI.opening())
