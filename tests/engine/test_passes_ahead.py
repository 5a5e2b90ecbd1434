"""Passes given ahead of one's turn (pbem/passes_ahead.py): a reaction window is put to
every player asked at once; those who let it go sign a small pass each, and whoever is
asked once the passes before her fold in writes the next save, which carries them."""

from __future__ import annotations

from pathlib import Path

import pytest

from pbem import chain, games, passes_ahead, session
from pbem.errors import ChainError, IllegalAction
from pbem.identity import LocalIdentity
from pbem.savefile import SaveFile
from tests.security.kit import labelled_key

KIND = "three-kingdoms-card-game"
ASK = {"window": "ask"}
SCENARIO = {
    "turn": {"role": "seat1", "start": "main"},
    "seats": {"seat1": {"lord": "cao-cao", "hand": ["borrowed-arrows.1", "urgent-dispatch.1"]},
              "seat2": {"lord": "liu-bei", "hand": ["zhang-fei"], "orders": ASK},
              "seat3": {"lord": "sun-jian", "hand": ["urgent-dispatch.2"], "orders": ASK},
              "seat4": {"lord": "yuan-shao", "hand": ["lu-bu"], "orders": ASK}},
}
NAMES = ("ann", "bo", "cy", "di")


def people() -> list[LocalIdentity]:
    return [LocalIdentity(n, labelled_key(f"passes ahead {n}")) for n in NAMES]


def window() -> tuple[list[SaveFile], list[LocalIdentity]]:
    """Seat 1 plays Borrowed Arrows: the save that asks seats 2, 3 and 4 in turn."""
    who = people()
    saves = [session.new_game(KIND, who[0], [p.identity for p in who[1:]], None, SCENARIO,
                              dice="open", game_id="9a55" * 8, salt="a" * 32)]
    for index, person in enumerate(who[1:], start=1):
        saves.append(session.join(saves[-1], person, f"{index:x}" * 32))
    made = session.Composer(saves[-1], who[0])
    made.act({"do": "play-event", "card": saves[-1].state["hands"]["seat1"][0]})
    saves.append(made.finish())
    return saves, who


def module() -> games.GameModule:
    return games.get(KIND)


def test_the_window_names_everyone_asked_after_the_first() -> None:
    """The window asks seat 2 now and names seats 3 and 4 as asked after her, so each of
    them may let it go at once."""
    saves, _ = window()
    request = saves[-1]
    assert request.due is not None and request.due["role"] == "seat2"
    assert passes_ahead.queue(module(), request) == ["seat2", "seat3", "seat4"]


def test_three_passes_given_at_once_fold_into_the_movers_next_save(tmp_path: Path) -> None:
    """Seats 2, 3 and 4 pass side by side; seat 1's pbem folds the three passes in and her
    turn goes on in one save, which anyone can check from the request alone."""
    saves, who = window()
    request = saves[-1]
    given = {}
    for person, role in zip(who[1:], ("seat2", "seat3", "seat4"), strict=True):
        made = session.Composer(request, person, passes={})
        one = made.give_pass()
        assert one is not None and one.role == role
        given[role] = passes_ahead.parse(one.dump(), "test")
    mover = session.Composer(request, who[0], passes=given)
    assert mover.my_move()
    assert [a["do"] for a in mover.actions] == ["passed"] * 3
    mover.act(_end_main(mover))
    save = mover.finish()
    assert [a["do"] for a in save.actions[:3]] == ["passed"] * 3
    chain.check_next(module(), request, save)


def _end_main(made: session.Composer) -> dict[str, str]:
    prompt = made.prompt()
    assert prompt is not None
    verbs = [spec.verb for spec in prompt.actions]
    return {"do": "end-main" if "end-main" in verbs else verbs[0]}


def test_a_later_player_plays_once_those_before_her_have_passed() -> None:
    """Seat 3 may play only after seat 2 has let the moment go: with seat 2's pass folded
    in it is her move, and her save carries that pass before her card."""
    saves, who = window()
    request = saves[-1]
    alone = session.Composer(request, who[2], passes={})
    assert not alone.my_move()
    pass2 = session.Composer(request, who[1], passes={}).give_pass()
    assert pass2 is not None
    made = session.Composer(request, who[2], passes={"seat2": pass2})
    assert made.my_move()
    card = request.state["hands"]["seat3"][0]
    made.act({"do": "play", "card": card})
    save = made.finish()
    assert save.actions[0] == pass2.record()
    chain.check_next(module(), request, save)


def test_a_player_who_passed_ahead_cannot_play_in_that_window() -> None:
    """A pass given ahead stands: once seat 3 passed, her pbem refuses her card there."""
    saves, who = window()
    request = saves[-1]
    pass2 = session.Composer(request, who[1], passes={}).give_pass()
    pass3 = session.Composer(request, who[2], passes={}).give_pass()
    assert pass2 is not None and pass3 is not None
    made = session.Composer(request, who[2], passes={"seat2": pass2, "seat3": pass3})
    assert not made.my_move()  # her pass folds in too: seat 4 is asked now
    made = session.Composer(request, who[2], passes={"seat3": pass3})
    with pytest.raises(IllegalAction):
        made.act({"do": "play", "card": request.state["hands"]["seat3"][0]})


def test_passes_must_be_the_first_players_asked_in_order() -> None:
    """Folding seat 3's pass without seat 2's is refused: nobody skips a player before
    her in the window."""
    saves, who = window()
    request = saves[-1]
    pass3 = session.Composer(request, who[2], passes={}).give_pass()
    assert pass3 is not None
    made = session.Composer(request, who[1], passes={})
    made.act({"do": "pass"})
    honest = made.finish()
    forged = dict(honest.doc, actions=[pass3.record(), *honest.actions])
    with pytest.raises(ChainError):
        passes_ahead.carried(module(), request, forged["actions"], "test")


def test_a_claim_against_a_player_who_passed_ahead_carries_her_pass_on(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Seat 2 passed ahead, but seat 3 never answers: nobody claims against seat 2, who
    answered; ``pbem claim`` writes instead the save that carries her pass on, so that the
    window (and its deadline) moves on to seat 3, who can be claimed against in turn."""
    from pbem import answering, saving, store

    monkeypatch.setattr(saving, "now_utc", lambda: "2026-11-22T12:00:00Z")
    who = people()
    saves = [session.new_game(KIND, who[0], [p.identity for p in who[1:]], None, SCENARIO,
                              dice="open", game_id="c1a1" * 8, salt="a" * 32,
                              deadline={"answer": "1h", "grace": "30m"})]
    for index, person in enumerate(who[1:], start=1):
        saves.append(session.join(saves[-1], person, f"{index:x}" * 32))
    made = session.Composer(saves[-1], who[0])
    made.act({"do": "play-event", "card": saves[-1].state["hands"]["seat1"][0]})
    request = made.finish()
    given = session.Composer(request, who[1], passes={}).give_pass()
    assert given is not None
    passes_ahead.keep(given, store.game_folder(request.game_id))
    monkeypatch.setattr(saving, "now_utc", lambda: "2026-11-22T14:00:00Z")
    carried = answering.claim(request, who[0])
    assert carried.actions == [given.record()]
    assert carried.due is not None and carried.due["role"] == "seat3"
    chain.check_next(module(), request, carried)
