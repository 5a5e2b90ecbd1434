"""Per-game keys: derived, never stored; proved at the start; opened at the audit."""

from __future__ import annotations

import json

import pytest

from pbem.secrets import group, keys, proofs
from pbem.secrets.errors import SecretsError
from pbem.secrets.keys import GameKeys, Opening, PublicKeys
from pbem.secrets.proofs import Proof
from pbem.signing import NAMESPACES, NS_SECRETS
from tests.secrets.sim import ANCHOR, identity


def test_keys_are_derived_the_same_every_time_and_differ_by_game_role_and_identity() -> None:
    a = GameKeys.derive(identity("wei"), ANCHOR, "wei")
    assert GameKeys.derive(identity("wei"), ANCHOR, "wei").x == a.x
    assert GameKeys.derive(identity("wei"), ANCHOR, "wei").public() == a.public()
    others = [GameKeys.derive(identity("wei"), b"other game", "wei"),
              GameKeys.derive(identity("wei"), ANCHOR, "shu"),
              GameKeys.derive(identity("shu"), ANCHOR, "wei")]
    for other in others:
        assert other.x != a.x
        assert other.envelope_private != a.envelope_private
        assert other.shuffle_seed("s") != a.shuffle_seed("s")
    assert NS_SECRETS in NAMESPACES


def test_per_purpose_seeds_are_separate() -> None:
    a = GameKeys.derive(identity("wei"), ANCHOR, "wei")
    seeds = {a.shuffle_seed("d"), a.shuffle_seed("e"), a.private_deck_seed("d"),
             a.nonce_seed("d"), a.x, a.envelope_private}
    assert len(seeds) == 6
    assert a.opening().shuffle_seed("d") == a.shuffle_seed("d")
    assert a.opening().private_deck_seed("d") == a.private_deck_seed("d")


def test_published_keys_round_trip_and_their_proof_holds() -> None:
    a = GameKeys.derive(identity("wei"), ANCHOR, "wei")
    record = json.loads(json.dumps(a.public().record()))
    public = PublicKeys.from_record(record, "wei")
    assert public == a.public()
    public.check(ANCHOR)


def test_the_key_proof_is_bound_to_the_game_and_the_role() -> None:
    public = GameKeys.derive(identity("wei"), ANCHOR, "wei").public()
    with pytest.raises(SecretsError, match="wei's elgamal key: the proof of knowledge"):
        public.check(b"another game")
    moved = PublicKeys("shu", public.elgamal, public.proof, public.envelope, public.seeds,
                       public.note)
    with pytest.raises(SecretsError, match="shu's elgamal key"):
        moved.check(ANCHOR)


def test_a_rogue_key_cannot_cancel_the_others() -> None:
    """A player who publishes Y_rogue = T - Y_wei to set the joint key to a T they know
    cannot prove knowledge of its discrete log, so the joint key refuses it."""
    wei = GameKeys.derive(identity("wei"), ANCHOR, "wei").public()
    shu = GameKeys.derive(identity("shu"), ANCHOR, "shu")
    chosen = group.base_mul(group.scalar_from_int(12345))
    rogue_point = group.sub(chosen, wei.elgamal)
    # the best shu can do: reuse their own proof, or prove for their own key
    for proof in (shu.public().proof,
                  proofs.prove(shu.x, [(group.GENERATOR, rogue_point)], keys.KEY_PROOF,
                               ANCHOR, "shu", shu.envelope_public, bytes(32),
                               shu.note_public)):
        rogue = PublicKeys("shu", rogue_point, proof, shu.envelope_public, bytes(32),
                           shu.note_public)
        with pytest.raises(SecretsError, match="shu's elgamal key"):
            keys.joint_key([wei, rogue], ANCHOR)


def test_the_note_key_is_its_own_and_bound_by_the_proof() -> None:
    """Notes have a key pair of their own, never the envelope key the audit opens; a
    published note key swapped for another is refused by the proof of knowledge."""
    a = GameKeys.derive(identity("wei"), ANCHOR, "wei")
    public = a.public()
    assert public.note == a.note_public != public.envelope
    assert a.note_private not in a.opening().record().values()
    assert a.note_private.hex() not in a.opening().record().values()
    other = GameKeys.derive(identity("shu"), ANCHOR, "wei").note_public
    with pytest.raises(SecretsError, match="wei's elgamal key"):
        PublicKeys("wei", public.elgamal, public.proof, public.envelope, public.seeds,
                   other).check(ANCHOR)


@pytest.mark.parametrize("field", ["c", "s"])
def test_a_changed_key_proof_is_refused(field: str) -> None:
    public = GameKeys.derive(identity("wei"), ANCHOR, "wei").public()
    one = group.scalar_from_int(1)
    changed = Proof(group.scalar_add(public.proof.challenge, one), public.proof.response) \
        if field == "c" else Proof(public.proof.challenge,
                                   group.scalar_add(public.proof.response, one))
    with pytest.raises(SecretsError, match="wei's elgamal key"):
        PublicKeys("wei", public.elgamal, changed, public.envelope, public.seeds,
                   public.note).check(ANCHOR)


@pytest.mark.parametrize(("record", "problem"), [
    ({}, "has no 'proof'"),
    ({"proof": {"c": "00", "s": "00"}, "elgamal": "", "envelope": "", "seeds": ""},
     "32 bytes"),
    ("not a mapping", "is not a mapping"),
])
def test_malformed_published_keys_are_refused_in_one_line(record: object,
                                                          problem: str) -> None:
    with pytest.raises(SecretsError, match=problem) as caught:
        PublicKeys.from_record(record, "wu")
    assert caught.value.player == "wu"
    assert "\n" not in caught.value.line()


def test_an_opening_is_checked_against_what_was_published() -> None:
    a = GameKeys.derive(identity("wei"), ANCHOR, "wei")
    b = GameKeys.derive(identity("shu"), ANCHOR, "shu")
    opening = a.opening()
    opening.check(a.public(), ANCHOR)
    assert Opening.from_record(json.loads(json.dumps(opening.record())), "wei") == opening
    bad = [Opening("wei", b.x, opening.shuffle_master, opening.deck_master,
                   opening.envelope_private),
           Opening("wei", opening.x, opening.shuffle_master, opening.deck_master,
                   b.envelope_private),
           Opening("wei", opening.x, b.opening().shuffle_master, opening.deck_master,
                   opening.envelope_private),
           Opening("wei", opening.x, opening.shuffle_master, b.opening().deck_master,
                   opening.envelope_private)]
    for wrong in bad:
        with pytest.raises(SecretsError, match="wei's opening"):
            wrong.check(a.public(), ANCHOR)
