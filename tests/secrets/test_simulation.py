"""Every protocol end to end at a table of 2 to 6 players, and the audit of the game."""

from __future__ import annotations

import hashlib

import pytest

from pbem.secrets import elgamal, keys
from pbem.secrets.errors import SecretsError
from tests.secrets.sim import DECK_SIZE, Table


def play(table: Table) -> dict[str, object]:
    """A short game that uses every operation once or more; what came out of it."""
    roles = table.roles
    first, second = roles[0], roles[1]
    table.deck = table.joint_shuffle(table.deck)
    drawn = {role: [table.draw(role), table.draw(role)] for role in roles}
    shown = table.reveal(first, drawn[first][0])
    passed = table.pass_card(second, first, drawn[second][0])
    taken = table.take_random(first, second, outside=5)
    table.discard(first, table.hands[first][0])
    for role in roles[2:]:
        table.discard(role, table.hands[role][0])
    table.reshuffle()
    redraw = table.draw(second)
    choices = table.sealed_choices({role: f"bid {n}" for n, role in enumerate(roles)}, "bid 1")
    table.make_private_deck(first, "generals", 9)
    generals = table.private_draw(first, "generals", 3, hashlib.sha256(b"link 17").digest())
    table.private_give_back(first, "generals", [(0, 1), (0, 2)])
    kept = table.private_reveal(first, "generals", (0, 0))
    again = table.private_draw(first, "generals", 2, hashlib.sha256(b"link 18").digest())
    return {"shown": shown, "passed": passed, "taken": taken, "redraw": redraw,
            "choices": choices, "generals": generals, "kept": kept, "again": again}


@pytest.mark.parametrize("count", [2, 3, 4, 5, 6])
def test_an_honest_game_plays_through_and_passes_its_audit(count: int) -> None:
    table = Table(count)
    out = play(table)
    assert out["choices"] == {role: f"bid {n}" for n, role in enumerate(table.roles)}
    assert out["kept"] == out["generals"][0]
    assert len(set(out["generals"])) == 3
    assert out["kept"] not in out["again"]
    report = table.audit()
    assert report.ok, [f.line() for f in report.findings]
    # every card known to anyone is the card the ciphertext really holds (all keys)
    xs = [p.keys.x for p in table.players.values()]
    for player in table.players.values():
        for record, card in player.known.items():
            ct = elgamal.Ciphertext(bytes.fromhex(record[:64]), bytes.fromhex(record[64:]))
            ds = [elgamal.group.mul(x, ct.c1) for x in xs]
            assert table.table.decode(elgamal.unmask(ct, ds)) == card


def test_the_joint_shuffle_deals_every_card_exactly_once() -> None:
    table = Table(3)
    table.deck = table.joint_shuffle(table.deck)
    cards = []
    for _ in range(DECK_SIZE):
        ct = table.draw("wu")
        cards.append(table.players["wu"].known[ct.record()])
    assert sorted(cards) == list(range(DECK_SIZE))
    assert cards != list(range(DECK_SIZE))


def test_a_drawn_card_cannot_be_read_without_the_holders_share() -> None:
    table = Table(3)
    table.deck = table.joint_shuffle(table.deck)
    ct = table.draw("wei")
    shu = table.players["shu"]
    public = list(table.shares[ct.record()].values())
    # shu has every public share but not wei's: combining them gives no card
    with pytest.raises(SecretsError):
        elgamal.open_private(ct, [s for s in public if s.role != "shu"], table.publics,
                             shu.keys, table.table)
    ds = [s.d for s in public if s.role != "shu"] + [elgamal.group.mul(shu.keys.x, ct.c1)]
    with pytest.raises(SecretsError, match="not a card of this deck"):
        table.table.decode(elgamal.unmask(ct, ds))


def test_a_card_passed_on_twice_stays_readable_by_each_holder() -> None:
    table = Table(4)
    table.deck = table.joint_shuffle(table.deck)
    ct = table.draw("wei")
    card = table.players["wei"].known[ct.record()]
    assert table.pass_card("wei", "shu", ct) == card
    assert table.pass_card("shu", "wu", ct) == card
    assert "jin" not in [r for r, p in table.players.items() if ct.record() in p.known]
    assert table.reveal("wu", ct) == card
    assert table.audit().ok


@pytest.mark.parametrize(("cheat", "cheater"), [
    ("share", "shu"), ("envelope", "shu"), ("sealed", "wu"), ("shuffle", "shu")])
def test_a_cheat_on_a_share_envelope_sealed_choice_or_shuffle_is_named_at_once(
        cheat: str, cheater: str) -> None:
    table = Table(3, cheats={cheater: cheat})
    with pytest.raises(SecretsError) as caught:
        play(table)
    assert caught.value.player == cheater
    assert "\n" not in caught.value.line()


@pytest.mark.parametrize(("cheat", "cheater"), [("private-deck", "wei")])
def test_a_cheat_on_a_private_draw_is_named_at_the_audit(
        cheat: str, cheater: str) -> None:
    table = Table(4, cheats={cheater: cheat})
    play(table)
    report = table.audit()
    assert report.players == [cheater]
    assert all("\n" not in finding.line() for finding in report.findings)


def test_a_private_card_shown_falsely_is_caught_at_once() -> None:
    table = Table(2, cheats={"wei": "private-deck"})
    table.make_private_deck("wei", "generals", 5)
    table.private_draw("wei", "generals", 2, b"outside")
    assert table.private_reveal("wei", "generals", (0, 0)) in range(5)
    with pytest.raises(SecretsError, match="wei's private deck generals: the card shown"):
        table.private_reveal("wei", "generals", (0, 1))


def test_the_audit_names_a_player_who_does_not_open_or_opens_wrong_secrets() -> None:
    table = Table(3)
    play(table)
    openings = {role: p.keys.opening() for role, p in table.players.items()}
    missing = dict(openings)
    del missing["wu"]
    assert table.audit(missing).players == ["wu"]
    wrong = dict(openings)
    other = openings["wei"]
    wrong["wei"] = keys.Opening("wei", other.x, other.deck_master, other.shuffle_master,
                                other.envelope_private)
    report = table.audit(wrong)
    assert report.players == ["wei"]
    assert "do not match their commitment" in report.findings[0].line()
