"""A card shown to one player without changing hands (pbem/secrets/showing.py): the
holder's share encrypted to the viewer with a proof anyone checks, opened by the viewer
alone, re-checked at the audit."""

from __future__ import annotations

import pytest

from pbem.secrets import audit, elgamal, group, keys, showing
from pbem.secrets.elgamal import CardTable
from pbem.secrets.errors import SecretsError
from pbem.secrets.keys import GameKeys
from tests.secrets.sim import ANCHOR, identity

ROLES = ["wei", "shu", "wu"]


@pytest.fixture(scope="module")
def players() -> dict[str, GameKeys]:
    return {role: GameKeys.derive(identity(role), ANCHOR, role) for role in ROLES}


@pytest.fixture(scope="module")
def publics(players: dict[str, GameKeys]) -> dict[str, keys.PublicKeys]:
    return {role: k.public() for role, k in players.items()}


@pytest.fixture(scope="module")
def cards(publics: dict[str, keys.PublicKeys]) -> list[elgamal.Ciphertext]:
    joint = keys.joint_key(publics.values(), ANCHOR)
    return [elgamal.remask(ct, joint, group.hash_to_scalar("m", n))
            for n, ct in enumerate(elgamal.initial_deck("d", 4, joint))]


def test_the_viewer_reads_the_holders_card_and_the_third_does_not(players, publics,
                                                                  cards) -> None:
    """Wei holds card 3 and shows it to Shu: with Wu's public share, Wei's shown share and
    her own, Shu reads it; Wu, opening the same record with her key, gets no share."""
    ct = cards[3]
    shown = showing.give(players["wei"], publics["shu"], ct)
    again = showing.ShownShare.from_record(shown.record(), "wei", "shu")
    showing.check(again, publics["wei"], publics["shu"], ct, ANCHOR)
    assert again == shown == showing.give(players["wei"], publics["shu"], ct)
    wei = showing.open_share(players["shu"], again)
    assert wei == group.mul(players["wei"].x, ct.c1)
    ds = [wei, elgamal.make_share(players["wu"], ct).d, group.mul(players["shu"].x, ct.c1)]
    assert CardTable("d", 4).decode(elgamal.unmask(ct, ds)) == 3
    assert showing.open_share(players["wu"], again) != wei


@pytest.mark.parametrize("wrong", ["another card", "another viewer", "another giver",
                                   "a changed point"])
def test_a_wrong_shown_share_is_refused_naming_its_giver(players, publics, cards,
                                                         wrong: str) -> None:
    """The proof binds the card, the viewer, the giver's key and both points."""
    ct = cards[1]
    shown = showing.give(players["wei"], publics["shu"], ct)
    giver, viewer, card = publics["wei"], publics["shu"], ct
    if wrong == "another card":
        card = cards[2]
    elif wrong == "another viewer":
        shown = showing.give(players["wei"], publics["wu"], ct)
        shown = showing.ShownShare.from_record(shown.record(), "wei", "shu")
    elif wrong == "another giver":
        shown = showing.ShownShare.from_record(
            showing.give(players["wu"], publics["shu"], ct).record(), "wei", "shu")
    else:
        record = shown.record()
        record["e2"] = group.add(shown.e2, group.GENERATOR).hex()
        shown = showing.ShownShare.from_record(record, "wei", "shu")
    with pytest.raises(SecretsError, match="wei's shown share: the proof does not hold"):
        showing.check(shown, giver, viewer, card, ANCHOR)


def test_the_audit_re_checks_a_shown_share_with_the_opened_keys(players, publics,
                                                                 cards) -> None:
    """An honest shown share passes the audit; the audit re-checks its proof too."""
    openings = {role: k.opening() for role, k in players.items()}
    good = showing.give(players["wei"], publics["shu"], cards[0])
    report = audit.audit(ANCHOR, publics, openings, [audit.ShowEntry(cards[0], good)])
    assert report.ok, report.findings
    report = audit.audit(ANCHOR, publics, openings, [audit.ShowEntry(cards[1], good)])
    assert report.players == ["wei"]
