"""Passes given ahead of one's turn, attacked by a player of the game: each forged, replayed
or misplaced pass is refused when the save carrying it arrives (threat model, "Passes
given ahead")."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from pbem import chain, games, passes_ahead, saving, session, store
from pbem.errors import ChainError
from pbem.mail import given_ahead
from pbem.savefile import SaveFile
from tests.engine.test_passes_ahead import KIND, window

MODULE = games.get(KIND)


def _resigned(save: SaveFile, actions: list[dict[str, object]], who: object) -> SaveFile:
    """``save`` with other actions, signed again by ``who`` (a player's own key)."""
    doc = dict(save.doc, actions=actions)
    doc.pop("signature", None)
    return saving.seal(doc, who.key, "edited")  # type: ignore[attr-defined]


def _honest() -> tuple[SaveFile, list[object], dict[str, passes_ahead.Pass]]:
    saves, who = window()
    request = saves[-1]
    given = {}
    for person in who[1:]:
        one = session.Composer(request, person, passes={}).give_pass()
        assert one is not None
        given[one.role] = one
    return request, who, given


def _mover_save(request: SaveFile, who: list[object],
                given: dict[str, passes_ahead.Pass]) -> SaveFile:
    mover = session.Composer(request, who[0], passes=given)  # type: ignore[arg-type]
    prompt = mover.prompt()
    assert prompt is not None
    verbs = [spec.verb for spec in prompt.actions]
    mover.act({"do": "end-main" if "end-main" in verbs else verbs[0]})
    return mover.finish()


def test_a_pass_signed_with_another_key_is_refused() -> None:
    """Seat 1 cannot sign seat 2's pass herself: the signature must be seat 2's pinned
    key's, so a mover who forges the others' passes to hurry her turn on is refused."""
    request, who, given = _honest()
    forged = passes_ahead.make(request, who[0].key, "seat2")  # type: ignore[attr-defined]
    with pytest.raises(ChainError, match="not signed by seat2"):
        passes_ahead.check(MODULE, forged, request, "test")
    honest = _mover_save(request, who, given)
    actions = [dict(a) for a in honest.actions]
    actions[0] = forged.record()
    with pytest.raises(ChainError, match="not signed by seat2"):
        chain.check_next(MODULE, request, _resigned(honest, actions, who[0]))


def test_a_pass_from_another_window_is_refused() -> None:
    """A pass is bound to the save that asked: one given to an earlier window cannot be
    replayed into a later one."""
    request, who, given = _honest()
    stale = replace(given["seat2"], request="0" * 64)
    with pytest.raises(ChainError, match="names another save"):
        passes_ahead.check(MODULE, stale, request, "test")
    honest = _mover_save(request, who, given)
    actions = [dict(a) for a in honest.actions]
    resigned = passes_ahead.make(replace(request, raw=request.raw + b"\n"), who[1].key,
                                 "seat2")  # type: ignore[attr-defined]
    actions[0] = resigned.record()
    with pytest.raises(ChainError, match="not signed by seat2"):
        chain.check_next(MODULE, request, _resigned(honest, actions, who[0]))


def test_nobody_outside_the_window_passes_for_it() -> None:
    """The mover is not asked in her own window: a pass of hers is no pass."""
    request, who, _ = _honest()
    own = passes_ahead.make(request, who[0].key, "seat1")  # type: ignore[attr-defined]
    with pytest.raises(ChainError, match="not asked"):
        passes_ahead.check(MODULE, own, request, "test")


def test_a_pass_cannot_be_skipped_or_reordered() -> None:
    """The passes a save folds in are the first players asked, in order: the mover cannot
    put seat 4's pass before seat 3's, nor fold seat 3's without seat 2's."""
    request, who, given = _honest()
    honest = _mover_save(request, who, given)
    actions = [dict(a) for a in honest.actions]
    swapped = [actions[0], actions[2], actions[1], *actions[3:]]
    with pytest.raises(ChainError, match="in order"):
        chain.check_next(MODULE, request, _resigned(honest, swapped, who[0]))
    with pytest.raises(ChainError, match="in order"):
        chain.check_next(MODULE, request, _resigned(honest, actions[1:], who[0]))


def test_only_the_player_asked_after_the_passes_writes_the_save() -> None:
    """With seats 2 and 3 passed, only seat 4 may answer next: a save of seat 1 folding
    just those two passes and then taking her turn (seat 4 would lose her say) is refused,
    though every pass in it is genuine."""
    request, who, given = _honest()
    honest = _mover_save(request, who, given)
    actions = [dict(a) for a in honest.actions]
    cut = [actions[0], actions[1], *actions[3:]]
    with pytest.raises(ChainError, match="only they write"):
        chain.check_next(MODULE, request, _resigned(honest, cut, who[0]))


def test_passes_alone_only_move_the_question_on() -> None:
    """A save of genuine passes alone, by any player, moves the window on to the next
    player asked and does nothing else (pbem claim writes it when she is late): seat 4 is
    asked next, with nothing of hers decided."""
    request, who, given = _honest()
    made = session.Composer(request, who[0], passes={  # type: ignore[arg-type]
        "seat2": given["seat2"], "seat3": given["seat3"]})
    assert made.carries_passes_on()
    carried = made.finish()
    replay = chain.check_next(MODULE, request, carried)
    assert carried.due is not None and carried.due["role"] == "seat4"
    assert replay.state["chain"] == request.state["chain"]


def test_a_player_who_passed_ahead_and_then_plays_is_refused_on_arrival(
        tmp_path: Path) -> None:
    """Seat 3 passes ahead, then (with a patched pbem) plays in the same window once seat 2
    passes: whoever holds her signed pass refuses that save when it arrives."""
    request, who, given = _honest()
    store.keep(request)
    for one in given.values():
        passes_ahead.keep(one, store.game_folder(request.game_id))
    made = session.Composer(request, who[2], passes={"seat2": given["seat2"]})  # type: ignore[arg-type]
    made.given = {"seat2": given["seat2"]}  # the patched pbem forgets its own pass
    made.act({"do": "play", "card": request.state["hands"]["seat3"][0]})
    cheat = made.finish()
    chain.check_next(MODULE, request, cheat)  # a well-formed save on its own
    with pytest.raises(ChainError, match="pass"):
        given_ahead.keeps_own_pass(cheat)
