"""Why a save opens read-only: whose it is, what to do, where the newer save is; the whole
reason on screen, wrapped, at any width."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from pbem import identity, keeping, savefile
from pbem.errors import IllegalAction
from pbem.session import Composer
from tests.tui.conftest import forget_key
from tests.tui.kit import diplomats_game, screen_text, settle
from tui.launch import make_app


def answer(save_path: Path, who: identity.LocalIdentity) -> Path:
    """``who`` plays the turn to its hand-over, ending each step as soon as the rules let
    them, and writes the save beside."""
    composer = Composer(savefile.read(save_path), who)
    while composer.my_move():
        prompt = composer.prompt()
        assert prompt is not None
        offers = sorted(prompt.actions, key=lambda spec: not spec.verb.startswith("end"))
        for spec in offers:
            try:
                composer.act(spec.complete())
                break
            except IllegalAction:
                continue
    written = composer.finish()
    return keeping.write(written, save_path.parent / savefile.file_name(
        written.game_id, written.sequence, written.writer))


def reason_on_screen(save: Path, size: tuple[int, int], **kwargs: Any) -> tuple[str, str]:
    """The read-only reason as the app holds it, and the screen's text in one line."""
    app = make_app(save, **kwargs)
    shown: list[str] = []

    async def run() -> None:
        async with app.run_test(size=size) as pilot:
            await settle(pilot, lambda: app.opened.checked)
            await settle(pilot)
            shown.append(screen_text(app))

    asyncio.run(run())
    flat = " ".join(" ".join(shown[0].split()).split(" "))
    return app.read_only_text(), flat


@pytest.mark.parametrize("size", [(100, 30), (80, 24)])
def test_not_your_turn(tmp_path: Path, players: Any, size: tuple[int, int],
                       monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    save = diplomats_game(tmp_path / "game", players)
    forget_key("cao")
    reason, screen = reason_on_screen(save, size)
    assert reason == ("Not your turn: this save is for cao (Blue Dragon 青龍): cao starts the "
                      "game. You are liu (White Tiger 白虎): send it to cao if you have not, "
                      "then wait for the answer.")
    assert " ".join(reason.split()) in screen, "the reason is cut or missing"


def test_the_newer_save_is_named(tmp_path: Path, players: Any,
                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    save = diplomats_game(tmp_path / "game", players)
    newer = answer(save, players[0])
    forget_key("cao")
    reason, screen = reason_on_screen(save, (100, 30))
    name = newer.relative_to(tmp_path)
    assert reason.endswith(f" Newer save here: pbem play {name}")
    assert " ".join(reason.split()) in screen


def test_a_save_already_answered(tmp_path: Path, players: Any,
                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    save = diplomats_game(tmp_path / "game", players)
    newer = answer(save, players[0])
    reason, screen = reason_on_screen(save, (100, 30), as_name="cao")
    assert reason.startswith(f"You (cao) already answered this save: your answer is "
                             f"{newer.relative_to(tmp_path)}. Playing it again would fork")
    assert " ".join(reason.split()) in screen


def test_review_of_your_own_turn_says_how_to_play_it(tmp_path: Path, players: Any,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    save = diplomats_game(tmp_path / "game", players)
    reason, screen = reason_on_screen(save, (100, 30), review=True)
    assert reason == ("Opened with pbem review: nothing is played here. The save is yours to "
                      f"play: pbem play {save.relative_to(tmp_path)}")
    assert reason in screen


def test_a_stranger(tmp_path: Path, players: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    save = diplomats_game(tmp_path / "game", players)
    forget_key("cao")
    forget_key("liu")
    identity.keygen("alice")
    reason, _ = reason_on_screen(save, (100, 30))
    assert reason == ("Not your game: it is played by cao, liu, and no identity of yours here "
                      "(alice) is one of them.")
