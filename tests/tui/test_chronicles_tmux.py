"""Chronicles at one keyboard in a real terminal: `pbem new chronicles-of-the-three-kingdoms
--hotseat`, then `pbem play`; every seat gives its season orders by the number key of the
offer and Ctrl+S in its form (an order that places nothing), each sealed in its own save
and handed over (the red cards in hand are hidden, so the table waits at each hand-over
for its player to say she is at the keyboard), until the table shows the next season.
Seven players fit an 80 by 24 terminal."""

from __future__ import annotations

import os
import re
import sys
from collections.abc import Callable
from pathlib import Path

from tests.tui.terminal import Terminal

ROOT = Path(__file__).resolve().parents[2]
PBEM = f"{sys.executable} -c 'from pbem.cli.main import run; run()'"
KIND = "chronicles-of-the-three-kingdoms"


def _terminal(tmp_path: Path, size: tuple[int, int]) -> Terminal:
    home = tmp_path / "home"
    home.mkdir()
    env = {"HOME": str(home), "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
           "TERM": "xterm-256color", "LANG": "C.UTF-8", "PYTHONPATH": str(ROOT),
           "XDG_DATA_HOME": str(home / ".local" / "share"),
           "XDG_CONFIG_HOME": str(home / ".config")}
    work = tmp_path / "work"
    work.mkdir()
    term = Terminal(work, env, size=size)
    term.type(f"pbem() {{ {PBEM} \"$@\"; }}; clear")
    return term


def _new_and_play(term: Terminal, players: int) -> None:
    term.type(f"pbem new {KIND} --hotseat --players {players}; echo \"rc=$? #new\"")
    made = term.wait_for(lambda s: bool(re.search(r"^rc=\d+ #new$", s, re.M)), 60)
    assert "rc=0 #new" in made and "reconstructed data" in made, made
    save = re.search(r"Play with: pbem play (\S+)", made)[1]
    term.type(f"clear; pbem play {save}; echo \"rc=$? #play\"")


def _at_keyboard(term: Terminal, ready: Callable[[str], bool], seconds: float = 90) -> str:
    """Wait until the screen is ``ready``, saying Ready to every hand-over on the way (a
    game with hidden cards shows a seat's table only once she is at the keyboard)."""
    def there(screen: str) -> bool:
        return ready(screen) or "Hand over" in screen

    while True:
        shown = term.wait_for(there, seconds)
        if ready(shown):
            return shown
        term.press("Enter")
        term.wait_for(lambda s: "Hand over" not in s, seconds)  # one Enter per hand-over


def test_three_seats_give_their_season_orders_by_keyboard(tmp_path: Path) -> None:
    term = _terminal(tmp_path, (120, 40))
    try:
        _new_and_play(term, 3)
        for seat in (1, 2, 3):
            shown = _at_keyboard(term, lambda s, n=seat: "1. Season orders" in s
                                 and f"Playing: player-{n}" in s)
            assert "Spring 196" in shown and "Traceback" not in shown, shown
            term.press("1")  # the form: given at once, empty (nothing placed)
            term.wait_for(lambda s: "Give the order" in s)
            term.press("C-s")
            signing = term.wait_for(lambda s: "Write and sign" in s)
            for _ in range(6):  # the turn's log ends with the sealing: page down to it
                if "seals an answer" in signing:
                    break
                term.press("PageDown")
                signing = term.steady()
            assert "seals an answer" in signing, signing
            term.press("Enter")
            if seat < 3:
                handed = term.wait_for(lambda s: "Hand over" in s)
                assert f"Pass the keyboard to player-{seat + 1}" in handed, handed
        for _ in range(40):  # the openings, one save each at one keyboard, and the musters
            shown = term.steady()  # of a battle an event may bring (placing nothing)
            assert "Traceback" not in shown
            if "Hand over" in shown or "Write and sign" in shown:
                term.press("Enter")  # and wait for it to be taken: a busy machine is slow
                term.wait_for(lambda s, before=shown: s != before, 60)
            elif "Summer 196" in shown and "1. Season orders" in shown:
                break
            elif re.search(r"1\. (Second|Last) muster", shown):
                term.press("1")
                term.wait_for(lambda s: "Give the order" in s)
                term.press("C-s")
        else:
            raise AssertionError(f"the round did not reach Summer 196:\n{term.screen()}")
        assert "Playing: player-" in shown, shown
        term.press("q")
        out = term.wait_for(lambda s: bool(re.search(r"^rc=\d+ #play$", s, re.M)), 30)
        assert "rc=0 #play" in out and "Traceback" not in out, out
    finally:
        term.close()


def test_seven_players_fit_an_80_by_24_terminal(tmp_path: Path) -> None:
    term = _terminal(tmp_path, (80, 24))
    try:
        _new_and_play(term, 7)
        shown = _at_keyboard(term, lambda s: "1. Season orders" in s)
        assert "Playing: player-1" in shown and "Traceback" not in shown, shown
        term.press("q")
        out = term.wait_for(lambda s: bool(re.search(r"^rc=\d+ #play$", s, re.M)), 30)
        assert "rc=0 #play" in out, out
    finally:
        term.close()
