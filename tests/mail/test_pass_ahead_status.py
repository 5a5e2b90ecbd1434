"""What pbem watch and pbem inbox tell a player asked in a reaction window after others:
that she may let it go now (pbem/passes_ahead.py), then, once she has, that the others
answer next; and the mover, once every pass is in, that it is her move."""

from __future__ import annotations

from pathlib import Path

import pytest

from pbem import identity, passes_ahead, savefile, session, store, verification
from pbem.ledger import Ledger
from pbem.mail import games_status
from tests.tui.test_pass_ahead_at_table import window_at


def _filed(path: Path, me: identity.LocalIdentity) -> games_status.Standing:
    save = savefile.read(path)
    verification.for_play(save, Ledger(me.key.public), [], path)
    store.keep(save)
    rows = games_status.standings(me.key.public)
    assert len(rows) == 1
    return rows[0]


def test_a_player_asked_after_others_is_told_she_may_let_it_go_now(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    path, request, people = window_at(tmp_path / "game")
    row = _filed(path, people["cy"])
    assert row.ahead and not row.mine
    assert "you are asked after bo: you may let it go now" in row.text
    given = session.Composer(request, people["cy"], passes={}).give_pass()
    assert given is not None
    passes_ahead.keep(given, store.game_folder(request.game_id))
    row = games_status.standings(people["cy"].key.public)[0]
    assert not row.ahead and not row.mine
    assert row.text.startswith("you let it go ahead of your turn")


def test_the_mover_is_told_it_is_her_move_once_every_pass_is_in(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    path, request, people = window_at(tmp_path / "game")
    row = _filed(path, people["ann"])
    assert not row.mine and not row.ahead
    for name in ("bo", "cy", "di"):
        given = session.Composer(request, people[name], passes={}).give_pass()
        assert given is not None
        passes_ahead.keep(given, store.game_folder(request.game_id))
    row = games_status.standings(people["ann"].key.public)[0]
    assert row.mine and row.text.startswith("those asked before you let it go: your move")
