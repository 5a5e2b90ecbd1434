"""The proof of shuffle: an honest step's proof holds; any change to the permutation, the
masks, one card, one value of the proof, the key or the transcript makes it fail."""

from __future__ import annotations

import json

import pytest

from pbem.secrets import elgamal, group, keys, shuffle, shuffle_proof
from pbem.secrets.elgamal import Ciphertext
from pbem.secrets.errors import SecretsError
from pbem.secrets.keys import GameKeys
from pbem.secrets.shuffle_proof import ShuffleProof
from tests.secrets.sim import ANCHOR, identity

WEI = GameKeys.derive(identity("wei"), ANCHOR, "wei")
SHU = GameKeys.derive(identity("shu"), ANCHOR, "shu")
WU = GameKeys.derive(identity("wu"), ANCHOR, "wu")
JOINT = keys.joint_key([WEI.public(), SHU.public(), WU.public()], ANCHOR)
DECK = elgamal.initial_deck("d", 8, JOINT)
SEED = b"s" * 32
CONTEXT = shuffle.proof_context(ANCHOR, "d/0", 1, "shu")


def _made(order: list[int] | None = None, masks: list[group.Scalar] | None = None
          ) -> tuple[list[Ciphertext], list[int], list[group.Scalar]]:
    plan_order, plan_masks = shuffle.plan(len(DECK), SEED)
    order = plan_order if order is None else order
    masks = plan_masks if masks is None else masks
    after = [elgamal.remask(DECK[j], JOINT, m) for j, m in zip(order, masks, strict=True)]
    return after, order, masks


def _proof(after: list[Ciphertext], order: list[int], masks: list[group.Scalar],
           context: tuple = CONTEXT, joint: group.Point = JOINT) -> ShuffleProof:
    return shuffle_proof.prove(DECK, after, joint, order, masks, SEED, context)


def test_an_honest_proof_holds_and_round_trips() -> None:
    after, order, masks = _made()
    proof = _proof(after, order, masks)
    assert shuffle_proof.check(proof, DECK, after, JOINT, CONTEXT)
    read = ShuffleProof.from_record(json.loads(json.dumps(proof.record())), 8, "p", "shu")
    assert read == proof
    assert _proof(after, order, masks) == proof  # deterministic: no random source


def test_a_proof_of_another_permutation_fails() -> None:
    after, order, masks = _made()
    swapped = [order[1], order[0], *order[2:]]
    assert not shuffle_proof.check(_proof(after, swapped, masks), DECK, after, JOINT, CONTEXT)


def test_a_proof_with_other_masks_fails() -> None:
    after, order, masks = _made()
    wrong = [group.scalar_add(masks[0], group.scalar_from_int(1)), *masks[1:]]
    assert not shuffle_proof.check(_proof(after, order, wrong), DECK, after, JOINT, CONTEXT)


def test_one_card_changed_after_the_proof_fails() -> None:
    after, order, masks = _made()
    proof = _proof(after, order, masks)
    for place in (0, 7):
        changed = list(after)
        changed[place] = elgamal.remask(after[place], JOINT, group.scalar_from_int(5))
        assert not shuffle_proof.check(proof, DECK, changed, JOINT, CONTEXT)
    swapped = [after[1], after[0], *after[2:]]
    assert not shuffle_proof.check(proof, DECK, swapped, JOINT, CONTEXT)


@pytest.mark.parametrize("part", ["commit", "chain", "c", "s", "s_hat", "s_prime"])
def test_one_value_of_the_proof_changed_fails(part: str) -> None:
    after, order, masks = _made()
    record = _proof(after, order, masks).record()
    if part == "c":
        record["c"] = group.scalar_add(bytes.fromhex(record["c"]), shuffle_proof.ONE).hex()
    elif part in ("commit", "chain"):
        record[part][3] = group.add(bytes.fromhex(record[part][3]), group.GENERATOR).hex()
    else:
        value = bytes.fromhex(record[part][0])
        record[part][0] = group.scalar_add(value, shuffle_proof.ONE).hex()
    tampered = ShuffleProof.from_record(record, 8, "p", "shu")
    assert not shuffle_proof.check(tampered, DECK, after, JOINT, CONTEXT)


def test_a_proof_under_another_key_fails() -> None:
    two = keys.joint_key([WEI.public(), SHU.public()], ANCHOR)
    after, order, masks = _made()
    assert not shuffle_proof.check(_proof(after, order, masks), DECK, after, two, CONTEXT)
    other = [elgamal.remask(DECK[j], two, m) for j, m in zip(order, masks, strict=True)]
    proof = _proof(other, order, masks, joint=two)
    assert shuffle_proof.check(proof, DECK, other, two, CONTEXT)
    assert not shuffle_proof.check(proof, DECK, other, JOINT, CONTEXT)


@pytest.mark.parametrize("context", [
    shuffle.proof_context(b"\x01" * 32, "d/0", 1, "shu"),  # another game
    shuffle.proof_context(ANCHOR, "e/0", 1, "shu"),  # another deck
    shuffle.proof_context(ANCHOR, "d/1", 1, "shu"),  # the same deck reshuffled
    shuffle.proof_context(ANCHOR, "d/0", 2, "shu"),  # another step
    shuffle.proof_context(ANCHOR, "d/0", 1, "wu"),  # another shuffler
])
def test_a_proof_made_for_another_transcript_fails(context: tuple) -> None:
    after, order, masks = _made()
    proof = _proof(after, order, masks)
    assert not shuffle_proof.check(proof, DECK, after, JOINT, context)
    assert not shuffle_proof.check(proof, list(reversed(DECK)), after, JOINT, CONTEXT)


def test_a_stacked_deck_has_no_proof_that_holds() -> None:
    """Fresh encryptions of chosen cards: a proof made honestly for the stacker's own
    statement (a shuffle of a public deck they encrypted) does not hold for this one."""
    _, order, masks = _made()
    chosen = [elgamal.card_point("d", 0)] * 8  # eight copies of the card they want
    fresh = [elgamal.encrypt_public(point, JOINT) for point in chosen]
    stacked = [elgamal.remask(fresh[j], JOINT, m) for j, m in zip(order, masks, strict=True)]
    own = shuffle_proof.prove(fresh, stacked, JOINT, order, masks, SEED, CONTEXT)
    assert shuffle_proof.check(own, fresh, stacked, JOINT, CONTEXT)
    assert not shuffle_proof.check(own, DECK, stacked, JOINT, CONTEXT)
    assert not shuffle_proof.check(_proof(stacked, order, masks), DECK, stacked, JOINT,
                                   CONTEXT)


@pytest.mark.parametrize(("change", "message"), [
    (lambda r: r.pop("chain"), "must have exactly commit, chain"),
    (lambda r: r.update(extra=1), "must have exactly commit, chain"),
    (lambda r: r.update({1: "00"}), "must have exactly commit, chain"),
    (lambda r: r["commit"].pop(), "'commit' must have 8 entries"),
    (lambda r: r["s"].append(r["s"][0]), "'s' must have 4 entries"),
    (lambda r: r["chain"].__setitem__(2, "zz"), "chain 2: is not hex"),
    (lambda r: r["s_hat"].__setitem__(4, "00" * 31), "s_hat 4: must be 32 bytes"),
    (lambda r: r["s_prime"].__setitem__(5, None), "s_prime 5: is not text"),
    (lambda r: r["commit"].__setitem__(1, "01" + "00" * 31), "commit 1: not an element"),
    (lambda r: r["s_hat"].__setitem__(0, "ff" * 32), "s_hat 0: the scalar is not reduced"),
    (lambda r: r.update(c=7), "'c' is not text"),
    (lambda r: r.update(s_prime="00"), "'s_prime' is not a list"),
])
def test_a_malformed_proof_is_refused_in_one_line(change, message: str) -> None:
    after, order, masks = _made()
    record = _proof(after, order, masks).record()
    change(record)
    with pytest.raises(SecretsError, match=message) as caught:
        ShuffleProof.from_record(record, 8, "shuffle d/0 proof", "shu")
    assert caught.value.line().startswith("shu's shuffle d/0 proof")
    assert "\n" not in caught.value.line()


def test_a_step_is_checked_with_its_proof_on_arrival() -> None:
    step = shuffle.shuffle_step(SHU, "d/0", DECK, JOINT, 1)
    shuffle.check_step(step, DECK, JOINT, ANCHOR, 1)
    with pytest.raises(SecretsError, match="shu's shuffle d/0: the proof of shuffle"):
        shuffle.check_step(step, DECK, JOINT, ANCHOR, 0)
    kept = shuffle.ShuffleStep("shu", "d/0", (DECK[0], *step.output[1:]), step.commitment,
                               step.proof)
    with pytest.raises(SecretsError, match="card 0 is an input card not re-masked"):
        shuffle.check_step(kept, DECK, JOINT, ANCHOR, 1)
