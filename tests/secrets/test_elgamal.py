"""Cards under the joint key: the public deck, re-masking, decryption shares and openings."""

from __future__ import annotations

import json

import pytest

from pbem.secrets import elgamal, group, keys
from pbem.secrets.elgamal import CardTable, Ciphertext, Share
from pbem.secrets.errors import SecretsError
from pbem.secrets.keys import GameKeys
from pbem.secrets.proofs import Proof
from tests.secrets.sim import ANCHOR, identity

ROLES = ["wei", "shu", "wu"]


@pytest.fixture(scope="module")
def players() -> dict[str, GameKeys]:
    return {role: GameKeys.derive(identity(role), ANCHOR, role) for role in ROLES}


@pytest.fixture(scope="module")
def publics(players: dict[str, GameKeys]) -> dict[str, keys.PublicKeys]:
    return {role: k.public() for role, k in players.items()}


@pytest.fixture(scope="module")
def joint(publics: dict[str, keys.PublicKeys]) -> group.Point:
    return keys.joint_key(publics.values(), ANCHOR)


def test_the_public_deck_is_recomputable_and_decrypts_in_order(players, publics,
                                                              joint) -> None:
    deck = elgamal.initial_deck("d", 6, joint)
    assert deck == elgamal.initial_deck("d", 6, joint)
    assert deck != elgamal.initial_deck("e", 6, joint)
    table = CardTable("d", 6)
    for index, ct in enumerate(deck):
        shares = [elgamal.make_share(k, ct) for k in players.values()]
        assert elgamal.open_public(ct, shares, publics, ANCHOR, table) == index


def test_remasking_changes_both_halves_and_keeps_the_card(players, publics, joint) -> None:
    ct = elgamal.initial_deck("d", 3, joint)[2]
    again = elgamal.remask(ct, joint, group.hash_to_scalar("mask"))
    assert again.c1 != ct.c1 and again.c2 != ct.c2
    shares = [elgamal.make_share(k, again) for k in players.values()]
    assert elgamal.open_public(again, shares, publics, ANCHOR, CardTable("d", 3)) == 2


def test_a_card_opens_to_its_holder_with_the_others_shares(players, publics, joint) -> None:
    ct = elgamal.remask(elgamal.initial_deck("d", 5, joint)[4], joint,
                        group.hash_to_scalar("m"))
    others = [elgamal.make_share(players[r], ct) for r in ("shu", "wu")]
    assert elgamal.open_private(ct, others, publics, players["wei"], CardTable("d", 5)) == 4
    with pytest.raises(SecretsError, match="wu's share: no share released"):
        elgamal.open_private(ct, others[:1], publics, players["wei"], CardTable("d", 5))
    with pytest.raises(SecretsError, match="shu's share: two shares"):
        elgamal.open_private(ct, [*others, others[0]], publics, players["wei"],
                             CardTable("d", 5))
    own = elgamal.make_share(players["wei"], ct)
    with pytest.raises(SecretsError, match="wei's share: a share nobody asked for"):
        elgamal.open_private(ct, [*others, own], publics, players["wei"], CardTable("d", 5))


def test_shares_round_trip_and_are_bound_to_player_card_and_game(players, publics,
                                                                 joint) -> None:
    deck = elgamal.initial_deck("d", 2, joint)
    share = elgamal.make_share(players["shu"], deck[0])
    read = Share.from_record(json.loads(json.dumps(share.record())), "shu")
    assert read == share
    elgamal.check_share(read, publics["shu"], deck[0], ANCHOR)
    with pytest.raises(SecretsError, match="shu's share: the proof does not match"):
        elgamal.check_share(share, publics["shu"], deck[1], ANCHOR)
    with pytest.raises(SecretsError, match="shu's share: the proof does not match"):
        elgamal.check_share(share, publics["shu"], deck[0], b"another game")
    with pytest.raises(SecretsError, match="checked against wu's key"):
        elgamal.check_share(share, publics["wu"], deck[0], ANCHOR)
    claimed = Share("wu", share.d, share.proof)
    with pytest.raises(SecretsError, match="wu's share: the proof does not match"):
        elgamal.check_share(claimed, publics["wu"], deck[0], ANCHOR)


def test_a_wrong_share_cannot_carry_a_valid_proof(players, publics, joint) -> None:
    ct = elgamal.initial_deck("d", 1, joint)[0]
    share = elgamal.make_share(players["wu"], ct)
    one = group.scalar_from_int(1)
    wrong = [Share("wu", group.add(share.d, group.GENERATOR), share.proof),
             Share("wu", share.d, Proof(group.scalar_add(share.proof.challenge, one),
                                        share.proof.response)),
             Share("wu", share.d, Proof(share.proof.challenge,
                                        group.scalar_add(share.proof.response, one)))]
    for bad in wrong:
        with pytest.raises(SecretsError, match="wu's share"):
            elgamal.check_share(bad, publics["wu"], ct, ANCHOR)


@pytest.mark.parametrize("value", [None, "00" * 64, "zz" * 64, "ab" * 10])
def test_malformed_ciphertexts_are_refused(value: object) -> None:
    with pytest.raises(SecretsError, match="jin's deck card 3"):
        Ciphertext.from_record(value, "deck card 3", "jin")


def test_a_point_that_is_no_card_is_refused() -> None:
    with pytest.raises(SecretsError, match="not a card of this deck"):
        CardTable("d", 3).decode(elgamal.card_point("d", 3))
    assert CardTable("d", 4).decode(elgamal.card_point("d", 3)) == 3
