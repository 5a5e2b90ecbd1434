"""Dice: nobody chooses the seed, nobody foresees another's dice, nobody can fish."""

from __future__ import annotations

import collections
import hashlib

import pytest

from pbem import dice, session
from pbem.errors import IllegalAction, NeedDice
from pbem.signing import PrivateKey
from tests.engine.helpers import play_race


def test_seed_share_is_committed_before_others_reveal(alice, bob) -> None:
    """The creator's commitment is in the first save; their share appears only at the start."""
    saves = play_race(alice, bob, turns=1)
    first, joined, started = saves[0], saves[1], saves[2]
    assert "red" in first.doc["dice"]["commits"] and first.doc["dice"]["shares"] == {}
    assert "red" not in joined.doc["dice"]["shares"] and "green" in joined.doc["dice"]["shares"]
    share = started.doc["dice"]["shares"]["red"]
    assert dice.commit(share) == first.doc["dice"]["commits"]["red"]
    assert started.doc["dice"]["seed"] == dice.game_seed(
        first.game_id, [share, joined.doc["dice"]["shares"]["green"]])


def test_shares_are_fixed_by_keys_so_nobody_can_choose_them() -> None:
    key = PrivateKey.generate()
    assert dice.seed_share(key, "g" * 32, "red") == dice.seed_share(key, "g" * 32, "red")
    assert dice.seed_share(key, "g" * 32, "red") != dice.seed_share(key, "h" * 32, "red")
    other = PrivateKey.generate()
    seed_a = dice.game_seed("g" * 32, [dice.seed_share(key, "g" * 32, "red"), "00" * 32])
    seed_b = dice.game_seed("g" * 32, [dice.seed_share(other, "g" * 32, "red"), "00" * 32])
    assert seed_a != seed_b


def test_chain_links_walk_back_to_the_tip() -> None:
    key = PrivateKey.generate()
    tip = dice.chain_link(key, "g" * 32, "red", 0)
    first = dice.chain_link(key, "g" * 32, "red", 1)
    second = dice.chain_link(key, "g" * 32, "red", 2)
    assert dice.link_follows(first, tip) and dice.link_follows(second, first)
    assert not dice.link_follows(second, tip)
    assert hashlib.sha256(bytes.fromhex(first)).hexdigest() == tip


def test_dice_depend_on_the_writers_new_link(alice, bob) -> None:
    """Before the writer reveals their next link, nobody else can compute their dice."""
    saves = play_race(alice, bob, turns=3)
    prev = next(s for s in reversed(saves) if s.due is not None and s.doc["dice"]["seed"])
    roles = ["red", "green"]
    writer = prev.due["role"]
    state = prev.doc["dice"]
    known = {r: state["links"][r]["link"] for r in roles}  # what the opponent knows
    writer_key = alice.key if writer == "red" else bob.key
    new_link = dice.chain_link(writer_key, session.anchor_of(prev, writer), writer,
                               state["links"][writer]["used"] + 1)
    guess = dice.OpenDice(dice.open_key(state["seed"], known, roles), lambda: "")
    real = dice.OpenDice(dice.open_key(state["seed"], {**known, writer: new_link}, roles),
                         lambda: "")
    assert [guess.roll(f"x{i}") for i in range(20)] != [real.roll(f"x{i}") for i in range(20)]


def test_no_fishing_redoing_a_turn_gives_the_same_dice(alice, bob) -> None:
    """Open dice: composing the same action again, in a fresh draft, rolls the same."""
    saves = play_race(alice, bob, turns=6)
    prev = next(s for s in saves[2:] if s.due and s.due["step"] == "run")
    who = alice if prev.due["role"] == "red" else bob
    rolls = []
    for _ in range(3):
        composer = session.Composer(prev, who)
        composer.act({"do": "roll", "times": 2})
        rolls.append([r.value for r in composer.dice.rolls])
    assert rolls[0] == rolls[1] == rolls[2] and len(rolls[0]) == 2


def test_rolls_are_uniform() -> None:
    stream = dice.ChainDice(b"k" * 32)
    counts = collections.Counter(stream.roll("test") for _ in range(60000))
    assert set(counts) == {1, 2, 3, 4, 5, 6}
    chi2 = sum((c - 10000) ** 2 / 10000 for c in counts.values())
    assert chi2 < 20.5  # p > 0.001 with 5 degrees of freedom


def test_draw_of_n_uniform_and_in_range() -> None:
    stream = dice.ChainDice(b"q" * 32)
    counts = collections.Counter(stream.draw(9, "chit") for _ in range(27000))
    assert set(counts) == set(range(1, 10))
    assert sum((c - 3000) ** 2 / 3000 for c in counts.values()) < 26.1


def test_every_roll_is_recorded_with_its_purpose() -> None:
    stream = dice.ChainDice(b"z" * 32)
    value = stream.roll("Mandate of Heaven: which way the marker moves")
    assert stream.rolls[-1].record() == {"d": value,
                                         "for": "Mandate of Heaven: which way the marker moves"}


def test_table_dice_ask_when_missing_and_check_range() -> None:
    table = dice.TableDice([3])
    assert table.roll("a") == 3
    with pytest.raises(NeedDice, match="b"):
        table.roll("b")
    with pytest.raises(NeedDice, match="not 1-6"):
        dice.TableDice([7]).roll("c")


def test_table_dice_opening_asks_again_without_keeping_partial_dice(alice, bob) -> None:
    """A start given too few table dice asks for more and keeps nothing of the attempt."""
    first = session.new_game("tiny-race", alice, [bob.identity], dice="table")
    joined = session.join(first, bob)
    composer = session.Composer(joined, alice)
    with pytest.raises(NeedDice, match="who runs first"):
        composer.act({"do": "start", "dice": []})
    assert composer.dice.values == [] and composer.pending_start
    with pytest.raises(IllegalAction, match="more table dice"):
        composer.act({"do": "start", "dice": [1, 2]})
    assert composer.dice.values == [] and composer.pending_start
    composer.act({"do": "start", "dice": [2]})
    assert composer.state["turn"] == "green" and not composer.pending_start
