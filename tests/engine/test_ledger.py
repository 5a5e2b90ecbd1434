"""The ledger refuses rollback and fast-forward, and stops a game on a fork."""

from __future__ import annotations

import pytest

from pbem import session
from pbem.errors import ChainError
from pbem.ledger import Ledger
from tests.engine.helpers import play_race


def _accept_all(ledger: Ledger, saves) -> None:
    for save in saves:
        ledger.accept(save)


def test_accepts_in_order_and_knows_duplicates(alice, bob) -> None:
    saves = play_race(alice, bob, turns=3)
    ledger = Ledger(alice.key.public)
    assert ledger.accept(saves[0]) == "new"
    for save in saves[1:]:
        assert ledger.accept(save) == "next"
    assert ledger.accept(saves[-1]) == "known"
    assert ledger.head(saves[0].game_id)["sequence"] == saves[-1].sequence


def test_rollback_refused(alice, bob) -> None:
    saves = play_race(alice, bob, turns=6)
    ledger = Ledger(alice.key.public)
    _accept_all(ledger, saves)
    base = next(s for s in saves[2:-1] if s.due["step"] == "run")
    composer = session.Composer(base, alice if base.due["role"] == "red" else bob)
    composer.act({"do": "rest"})
    alternative = composer.finish()
    assert alternative.sha256 not in {s.sha256 for s in saves}
    with pytest.raises(ChainError, match="fork"):
        ledger.check(alternative)


def test_fast_forward_refused(alice, bob) -> None:
    saves = play_race(alice, bob, turns=4)
    ledger = Ledger(bob.key.public)
    _accept_all(ledger, saves[:3])
    assert ledger.check(saves[4]) == "ahead"
    with pytest.raises(ChainError, match="skips ahead"):
        ledger.accept(saves[4])


def test_fork_is_recorded_and_stops_the_game(alice, bob) -> None:
    saves = play_race(alice, bob, turns=6)
    ledger = Ledger(bob.key.public)
    prev = next(s for s in saves[2:-1] if s.due["step"] == "run")
    saves = saves[:saves.index(prev) + 2]
    _accept_all(ledger, saves)
    writer = alice if prev.due["role"] == "red" else bob
    composer = session.Composer(prev, writer)
    first_verb = saves[-1].actions[0]["do"]
    composer.act({"do": "rest" if first_verb == "roll" else "roll"})
    second = composer.finish()
    with pytest.raises(ChainError, match="fork: .* both kept as evidence"):
        ledger.check(second)
    record = ledger.record(prev.game_id)
    assert set(record["fork"]["hashes"]) == {saves[-1].sha256, second.sha256}
    with pytest.raises(ChainError, match="stopped"):
        ledger.check(saves[-1])
    ledger.resolve(prev.game_id, saves[-1].sha256[:10])
    assert ledger.check(saves[-1]) == "known"


def _long_race(alice, bob) -> list:
    """A race with a save asking to run that has at least three saves after it (a race
    that ends early is played again: its dice are the players' own, fresh each game)."""
    for _ in range(20):
        saves = play_race(alice, bob, turns=8)
        if any(s.due and s.due["step"] == "run" for s in saves[2:-3]):
            return saves
    raise AssertionError("twenty races in a row ended within a few saves")


def test_older_save_of_another_branch_is_rollback(alice, bob) -> None:
    saves = _long_race(alice, bob)
    ledger = Ledger(alice.key.public)
    _accept_all(ledger, saves)
    who = {"red": alice, "green": bob}
    base = next(s for s in saves[2:-3] if s.due and s.due["step"] == "run")
    composer = session.Composer(base, who[base.due["role"]])
    composer.act({"do": "rest"})
    branch = composer.finish()
    composer = session.Composer(branch, who[branch.due["role"]])
    composer.act({"do": "rest"})
    older = composer.finish()
    assert older.sequence < saves[-1].sequence
    with pytest.raises(ChainError, match="rollback refused"):
        ledger.check(older)
