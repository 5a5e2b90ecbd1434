"""Orders placed at once, side by side (pbem/sealed_orders.py with pbem/passes_ahead.py): a
sealed question the game marks with ``ahead`` is answered by every player at the same time,
each with a signed file bound to the save that asks; once all are in, the player the game
asks next (here the first, who opens her answer) writes the save of the sealed answers
alone, each player's pbem then gives the opening of hers unattended, side by side, and the
player asked after the openings writes the save that folds them in, with the game's answer
to every order. Played between three homes of Tiny Bids (tests/sealedgame.py)."""

from __future__ import annotations

import functools
import subprocess
import sys
from dataclasses import dataclass

import pytest

from pbem import (
    answering,
    answers_ahead,
    chain,
    gameplay,
    games,
    identity,
    passes_ahead,
    paths,
    session,
    store,
)
from pbem.errors import ChainError, IllegalAction, UsageError
from pbem.identity import LocalIdentity
from pbem.savefile import SaveFile
from tests.security.kit import labelled_key

KIND = "tiny-bids"
BIDS = {"red": 2, "green": 2, "blue": 3}


@dataclass(frozen=True)
class Round:
    people: dict[str, LocalIdentity]
    asking: SaveFile  # the save that asks for the bids (after red rests)
    seals: dict[str, passes_ahead.Pass]
    bound: SaveFile  # red's save of the three sealed bids alone
    openings: dict[str, passes_ahead.Pass]
    next: SaveFile  # red's next save: the openings folded in, then her rest


def _people() -> dict[str, LocalIdentity]:
    return {role: LocalIdentity(role, labelled_key(f"tiny bids {role}"))
            for role in ("red", "green", "blue")}


@functools.cache
def played() -> Round:
    people = _people()
    saves = [session.new_game(KIND, people["red"], [people["green"].identity,
                                                     people["blue"].identity],
                              None, None, dice="open", game_id="b1d5" * 8, salt="a" * 32)]
    saves.append(session.join(saves[-1], people["green"], "b" * 32))
    saves.append(session.join(saves[-1], people["blue"], "c" * 32))
    made = session.Composer(saves[-1], people["red"])
    made.act({"do": "rest"})
    asking = made.finish()
    assert asking.due == {"role": "red", "step": "bid", "text": asking.due["text"]}
    seals = {role: session.Composer(asking, people[role], passes={}).give_sealed(
        {"do": "bid", "amount": BIDS[role]}) for role in ("blue", "green", "red")}
    module = games.get(KIND)
    assert passes_ahead.asked_after(module, asking, seals) == "red"
    red = session.Composer(asking, people["red"], passes=seals)
    assert red.carries_folded_on()
    bound = red.finish()
    openings = {role: session.Composer(bound, people[role], passes={}).give_opening()
                for role in ("green", "blue", "red")}
    assert all(openings.values())
    red = session.Composer(bound, people["red"], passes=openings)  # type: ignore[arg-type]
    red.act({"do": "rest"})
    following = red.finish()
    return Round(people, asking, seals, bound, openings, following)  # type: ignore[arg-type]


def test_every_bid_is_given_at_once_and_carried_out_together() -> None:
    """The three bids, given side by side, are sealed in red's save; their openings fold
    into her next save, where the game scores them (green and red bid 2 alike: only blue's
    3 scores), and the whole chain re-checks."""
    game = played()
    module = games.get(KIND)
    for prev, save in ((game.asking, game.bound), (game.bound, game.next)):
        chain.check_next(module, prev, save)
    assert [a["do"] for a in game.bound.actions] == ["given"] * 3
    assert [a["answer"]["do"] for a in game.bound.actions] == ["seal"] * 3
    assert game.bound.due is not None and game.bound.due["step"] == "unseal"
    assert game.bound.state["scores"] == {"red": 0, "green": 0, "blue": 0}
    assert [a["do"] for a in game.next.actions] == ["given"] * 3 + ["rest"]
    assert game.next.state["scores"] == {"red": 0, "green": 0, "blue": 3}
    assert game.next.state["round"] == 2


def test_a_sealed_bid_shows_nothing_before_the_openings() -> None:
    """Neither a sealed bid's file nor the save of the sealed bids holds any bid."""
    game = played()
    for given in game.seals.values():
        text = given.dump().decode()
        assert "amount" not in text and "bid" not in text.split("answer:")[1].split(
            "signature")[0].replace("do: seal", "")
    assert "amount" not in str(game.bound.actions)


def test_a_player_answers_only_ahead_in_a_sealed_round_once() -> None:
    """Green, whose sealed bid is given, cannot give another to the same save; and an
    answer in clear is never taken ahead of one's turn (it would show her bid)."""
    game = played()
    module = games.get(KIND)
    green = session.Composer(game.asking, game.people["green"], passes=dict(game.seals))
    with pytest.raises(IllegalAction):
        green.give_sealed({"do": "bid", "amount": 1})
    clear = passes_ahead.make(game.asking, game.people["green"].key, "green",
                              {"do": "bid", "amount": 1})
    with pytest.raises(ChainError, match="takes only a 'seal'"):
        passes_ahead.check(module, clear, game.asking, "green's file")


def test_an_illegal_bid_is_refused_before_it_is_sealed() -> None:
    game = played()
    blue = session.Composer(game.asking, game.people["blue"], passes={})
    with pytest.raises(IllegalAction, match="0 to 3"):
        blue.give_sealed({"do": "bid", "amount": 7})


def test_the_views_of_the_round_name_no_bid_until_all_are_open() -> None:
    game = played()
    module = games.get(KIND)
    assert gameplay.view(module, game.bound.state, "green")["bids"] == {}


def test_the_first_player_may_answer_in_a_save_and_the_others_answers_follow() -> None:
    """At the table red answers in a save of her own (her bid sealed in it), after green had
    given hers ahead to the save before: green's pbem gives the same sealed bid again to
    red's save, blue answers ahead to it, and the round goes on side by side from there."""
    game = played()
    module = games.get(KIND)
    passes_ahead.keep(game.seals["green"], store.game_folder(game.asking.game_id))
    red = session.Composer(game.asking, game.people["red"], passes={})
    red.act({"do": "bid", "amount": BIDS["red"]})
    own = red.finish()
    chain.check_next(module, game.asking, own)
    assert [a["do"] for a in own.actions] == ["seal"]
    assert own.due is not None and own.due["role"] == "green"
    again = answers_ahead.seal_again(own, game.people["green"])
    assert again is not None and again.passed is not None
    assert again.passed.answer == game.seals["green"].answer
    blue = session.Composer(own, game.people["blue"], passes={}).give_sealed(
        {"do": "bid", "amount": BIDS["blue"]})
    given = {"green": again.passed, "blue": blue}
    assert passes_ahead.asked_after(module, own, given) == "red"
    bound = session.Composer(own, game.people["red"], passes=given).finish()
    chain.check_next(module, own, bound)
    assert bound.due is not None and bound.due["step"] == "unseal"


def test_a_player_who_never_answers_is_claimed_against_once_the_others_answers_move_on(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Red and green sealed their bids ahead; blue never answers. Nobody claims against red,
    who answered: ``pbem claim`` (by green) writes the save that carries the two sealed
    bids on, so that the question and its deadline move on to blue, who can be claimed
    against in turn (her bid is then the game's default)."""
    from pbem import saving

    monkeypatch.setattr(saving, "now_utc", lambda: "2026-11-22T12:00:00Z")
    people = _people()
    saves = [session.new_game(KIND, people["red"], [people["green"].identity,
                                                     people["blue"].identity],
                              None, None, dice="open", game_id="c1b1" * 8, salt="a" * 32,
                              deadline={"answer": "1h", "grace": "30m"})]
    saves.append(session.join(saves[-1], people["green"], "b" * 32))
    saves.append(session.join(saves[-1], people["blue"], "c" * 32))
    made = session.Composer(saves[-1], people["red"])
    made.act({"do": "rest"})
    asking = made.finish()
    for role in ("red", "green"):
        given = session.Composer(asking, people[role], passes={}).give_sealed(
            {"do": "bid", "amount": BIDS[role]})
        passes_ahead.keep(given, store.game_folder(asking.game_id))
    monkeypatch.setattr(saving, "now_utc", lambda: "2026-11-22T14:00:00Z")
    carried = answering.claim(asking, people["green"])
    assert [a["do"] for a in carried.actions] == ["given", "given"]
    assert carried.due is not None and carried.due["role"] == "blue"
    chain.check_next(games.get(KIND), asking, carried)
    monkeypatch.setattr(saving, "now_utc", lambda: "2026-11-22T16:00:00Z")
    claimed = answering.claim(carried, people["red"])
    chain.check_next(games.get(KIND), carried, claimed)
    assert claimed.actions[0]["do"] == "claim" and claimed.actions[0]["roles"] == ["blue"]



def test_an_answer_to_a_save_her_pbem_has_moved_on_from_is_refused(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Red's sealed bid is in before green's: green's pbem writes the save that folds it in
    and asks green next. A bid green then gives to the earlier save (her watcher and her
    ``pbem apply`` at the same moment) is refused, so that no one answers twice."""
    game = played()
    green = game.people["green"].key.public.line
    monkeypatch.setattr(identity, "local_publics", lambda: {green: "green"})  # (her machine)
    passes_ahead.keep(game.seals["red"], store.game_folder(game.asking.game_id))
    carried = answers_ahead.carry_folded(game.asking, game.people["green"])
    assert carried is not None and carried.save is not None
    assert carried.save.due is not None and carried.save.due["role"] == "green"
    with pytest.raises(UsageError, match="already signed the save after this one"):
        answers_ahead.seal_now(game.asking, game.people["green"], {"do": "bid", "amount": 1})
    path = answers_ahead.seal_now(carried.save, game.people["green"], {"do": "bid", "amount": 1})
    assert passes_ahead.read(path).sequence == carried.save.sequence


def test_a_pbem_deciding_for_a_game_holds_it_against_every_other_process() -> None:
    """While one pbem holds a game's lock, another process cannot take it."""
    probe = ("import fcntl, sys\n"
             "with open(sys.argv[1], 'ab') as f:\n"
             "    try:\n"
             "        fcntl.flock(f.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)\n"
             "    except BlockingIOError:\n"
             "        sys.exit(3)\n")
    game_id = "b1d5" * 8
    with store.game_lock(game_id), store.game_lock(game_id):  # (held twice: not taken twice)
        lock = paths.data_dir() / "locks" / f"{game_id}.lock"
        held = subprocess.run([sys.executable, "-c", probe, str(lock)], check=False)
        assert held.returncode == 3
    free = subprocess.run([sys.executable, "-c", probe, str(lock)], check=False)
    assert free.returncode == 0
