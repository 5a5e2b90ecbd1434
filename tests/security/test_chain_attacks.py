"""Attacks on the chain of saves: strangers, forks, settlements, rollbacks, mix-and-match."""

from __future__ import annotations

import contextlib
import itertools

import pytest

from pbem import session
from pbem.errors import ChainError, PbemError
from pbem.ledger import Ledger
from pbem.signing import PrivateKey
from pbem.verification import check
from tests.security.kit import accept_all, players, race, resign, who_wrote


def _other_version(prev, people):
    """A second, different save by the same writer on ``prev`` (they rest instead)."""
    composer = session.Composer(prev, who_wrote_due(prev, people))
    composer.act({"do": "rest"})
    return composer.finish()


def who_wrote_due(prev, people):
    key = prev.player(prev.due["role"])["key"]
    return next(p for p in people if p.key.public.line == key)


def _run_point(saves):
    """Index of a save whose successor is an ordinary turn (someone rolls)."""
    return next(i for i, s in enumerate(saves[:-2]) if i >= 2 and s.due["step"] == "run")


def test_a_stranger_copy_is_not_part_of_the_game_and_never_a_fork() -> None:
    """Anyone holding a save puts a fresh key in `players`, signs, mails it: refused as
    not part of this game; no fork recorded; the game goes on."""
    people = players("alice", "bob")
    saves = race(people)
    ledger = Ledger(people[1].key.public)
    accept_all(ledger, saves[:4])
    stranger = PrivateKey.generate()
    target = saves[3]

    def swap_key(doc):
        entry = next(p for p in doc["players"] if p["role"] == doc["writer"])
        entry["key"] = stranger.public.line

    from pbem import savefile
    forged = savefile.parse(resign(target, stranger, swap_key), "forged.pbem.yaml")
    for _ in range(3):  # again and again: never a fork, never stopped
        with pytest.raises(ChainError, match="not part of game"):
            ledger.check(forged)
    assert ledger.fork(target.game_id) is None
    accept_all(ledger, saves[4:])
    assert ledger.head(target.game_id)["sha256"] == saves[-1].sha256


@pytest.mark.parametrize("first_accepted", [True, False])
def test_a_second_version_is_a_fork_whatever_the_order(first_accepted: bool) -> None:
    """The writer signs two saves on one predecessor; the second arrives after the first
    and the save after it were accepted (or before): a fork, both kept as evidence."""
    people = players("alice", "bob")
    saves = race(people, saves_after_start=8)
    point = _run_point(saves)
    other = _other_version(saves[point], people)
    assert other.sha256 != saves[point + 1].sha256
    ledger = Ledger(people[0].key.public)
    if first_accepted:
        accept_all(ledger, saves[:point + 3])
        late = other
    else:
        accept_all(ledger, [*saves[:point + 1], other])
        late = saves[point + 1]
    with pytest.raises(ChainError, match="fork: .* both kept as evidence"):
        ledger.check(late)
    fork = ledger.fork(saves[0].game_id)
    assert set(fork["hashes"]) == {saves[point + 1].sha256, other.sha256}
    assert fork["writer"] == saves[point + 1].writer
    with pytest.raises(ChainError, match="stopped"):
        ledger.check(saves[point + 1] if first_accepted else other)


def test_three_players_a_writer_sending_two_versions_is_caught_with_evidence() -> None:
    """With three players, the writer sends one version to one player and another to the
    second: as soon as both versions meet in a player's pbem, the writer is named."""
    people = players("alice", "bob", "carol")
    from tests.tinygame import TinyRace  # three seats: the race of three

    assert TinyRace is not None
    saves = race(people, saves_after_start=7, kind="tiny-race-3")
    point = next(i for i in range(3, len(saves) - 2) if saves[i].due["step"] == "run")
    cheat = who_wrote_due(saves[point], people)
    other = _other_version(saves[point], people)
    observers = [p for p in people if p is not cheat]
    first, second = (Ledger(p.key.public) for p in observers)
    accept_all(first, saves[:point + 2])
    accept_all(second, [*saves[:point + 1], other])
    with pytest.raises(ChainError, match=f"fork: {saves[point + 1].writer} signed"):
        check(other, first, [], None)
    assert first.fork(saves[0].game_id)["writer"] == saves[point + 1].writer


def test_settling_a_fork_is_final() -> None:
    """The losing version arriving again changes nothing and says so; no second
    settlement rolls further back; nobody can sign twice on a save they answered."""
    people = players("alice", "bob")
    saves = race(people, saves_after_start=8)
    point = _run_point(saves)
    other = _other_version(saves[point], people)
    ledger = Ledger(people[0].key.public)
    accept_all(ledger, saves[:point + 3])
    with pytest.raises(ChainError, match="fork"):
        ledger.check(other)
    kept = ledger.resolve(saves[0].game_id, saves[point + 1].sha256[:12])
    assert kept == saves[point + 1].sha256
    for _ in range(2):
        with pytest.raises(ChainError, match="lost the fork you settled .*nothing changed"):
            ledger.check(other)
    assert ledger.fork(saves[0].game_id) is None
    with pytest.raises(ChainError, match="no fork recorded"):
        ledger.resolve(saves[0].game_id, other.sha256[:12])
    assert ledger.head(saves[0].game_id)["sha256"] == saves[point + 2].sha256
    answered = saves[point + 1]
    assert ledger.already_moved(answered, saves[point + 2].writer)


def test_keeping_the_other_version_drops_what_followed_the_loser() -> None:
    """Settling for the version that arrived second: the head moves to it (never further
    back), and saves that followed the loser are refused from then on."""
    people = players("alice", "bob")
    saves = race(people, saves_after_start=8)
    point = _run_point(saves)
    other = _other_version(saves[point], people)
    ledger = Ledger(people[0].key.public)
    accept_all(ledger, saves[:point + 3])
    with pytest.raises(ChainError, match="fork"):
        ledger.check(other)
    ledger.resolve(saves[0].game_id, other.sha256[:12])
    assert ledger.head(saves[0].game_id)["sha256"] == other.sha256
    for loser in saves[point + 1:point + 3]:
        with pytest.raises(ChainError, match="lost the fork|follows a version"):
            ledger.check(loser)


def test_the_verdict_does_not_depend_on_the_order_saves_are_read() -> None:
    """Whatever order two versions and what follows arrive in, the game ends stopped with
    the same evidence."""
    people = players("alice", "bob")
    saves = race(people, saves_after_start=8)
    point = _run_point(saves)
    other = _other_version(saves[point], people)
    verdicts = set()
    for order in itertools.permutations([saves[point + 1], other, saves[point + 2]]):
        ledger = Ledger(PrivateKey.generate().public)
        accept_all(ledger, saves[:point + 1])
        for save in order:
            with contextlib.suppress(PbemError):
                check(save, ledger, [], None).commit()
        fork = ledger.fork(saves[0].game_id)
        verdicts.add(tuple(sorted(fork["hashes"])) if fork else None)
    assert verdicts == {tuple(sorted([saves[point + 1].sha256, other.sha256]))}


def test_rollback_fast_forward_and_mix_and_match_are_refused() -> None:
    """An older save, a save that skips ahead and a save of another game are refused."""
    people = players("alice", "bob")
    saves = race(people, saves_after_start=8)
    ledger = Ledger(people[1].key.public)
    accept_all(ledger, saves[:6])
    assert ledger.check(saves[3]) == "known"
    assert ledger.check(saves[8]) == "ahead"
    with pytest.raises(ChainError, match="skips ahead"):
        check(saves[8], ledger, [], None)
    elsewhere = race(people, saves_after_start=3)
    from pbem import chain

    with pytest.raises(PbemError):
        chain.check_next(chain.check_first(saves[0]), saves[5], elsewhere[6 - 3])
    older = resign(saves[3], who_wrote(saves[3], people).key,
                   lambda d: d["log"].append("a line of my own"))
    from pbem import savefile
    with pytest.raises(PbemError):
        ledger.check(savefile.parse(older, "older.pbem.yaml"))


def test_a_save_by_a_player_who_was_not_due_is_refused() -> None:
    """A player writes a save when another player was due: refused by every verifier."""
    people = players("alice", "bob")
    saves = race(people)
    point = _run_point(saves)
    due = saves[point].due["role"]
    intruder = next(p for p in people if saves[point].role_of(p.key.public) != due)
    from pbem import chain, savefile

    def as_intruder(doc):
        doc["writer"] = saves[point].role_of(intruder.key.public)

    forged = savefile.parse(resign(saves[point + 1], intruder.key, as_intruder), "x")
    with pytest.raises(ChainError, match="was due"):
        chain.check_next(chain.check_first(saves[0]), saves[point], forged)
