"""Three Kingdoms Redux for three at one keyboard, in a real terminal: `pbem new
three-kingdoms-redux --hotseat --players 3`, then `pbem play` (the hand-over first); each
state keeps its generals, Shu places the alliance token, Wei bids by number keys; every
hand-over hides the table until the next player presses Enter."""

from __future__ import annotations

import os
import re
import sys
from pathlib import Path

from tests.tui.terminal import Terminal

ROOT = Path(__file__).resolve().parents[2]
PBEM = f"{sys.executable} -c 'from pbem.cli.main import run; run()'"
KEEP = re.compile(r"keep (\d) of \d drawn generals")


def sign_and_hand_over(term: Terminal, to: str) -> str:
    """Sign the save; the hand-over screen (returned) names the next player; Enter."""
    term.wait_for(lambda s: "Finish the turn?" in s)
    term.press("Enter")
    shown = term.wait_for(lambda s: "Hand over" in s)
    assert f"Pass the keyboard to {to}" in shown, shown
    term.press("Enter")
    term.wait_for(lambda s: f"Playing: {to}" in s)
    return shown


def keep_generals(term: Terminal) -> None:
    """Open the recruitment's dialog and tick the generals to keep by number."""
    screen = term.wait_for(lambda s: bool(KEEP.search(s)))
    count = int(KEEP.search(screen)[1])
    term.press("1")
    term.wait_for(lambda s: "Do it" in s)
    term.keys(*[str(i + 1) for i in range(count)])
    term.press("Enter")


def test_three_players_at_one_keyboard(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    env = {"HOME": str(home), "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
           "TERM": "xterm-256color", "LANG": "C.UTF-8", "PYTHONPATH": str(ROOT),
           "XDG_DATA_HOME": str(home / ".local" / "share"),
           "XDG_CONFIG_HOME": str(home / ".config")}
    work = tmp_path / "work"
    work.mkdir()
    term = Terminal(work, env, size=(120, 40))
    try:
        term.type(f"pbem() {{ {PBEM} \"$@\"; }}; clear")
        term.type("pbem new three-kingdoms-redux --hotseat --players 3; echo \"rc=$? #new\"")
        made = term.wait_for(lambda s: bool(re.search(r"^rc=\d+ #new$", s, re.M)), 60)
        assert "rc=0 #new" in made and "reconstructed data" in made, made
        save = re.search(r"Play with: pbem play (\S+)", made)[1]
        term.type(f"clear; pbem play {save}; echo \"rc=$? #play\"")
        first = term.wait_for(lambda s: "Hand over" in s, 90)   # nothing of Wei's yet
        assert "Pass the keyboard to player-1" in first, first
        assert "Action spaces" not in first and "Your generals" not in first
        term.press("Enter")
        table = term.wait_for(lambda s: "Playing: player-1" in s, 90)
        assert "Traceback" not in table
        assert "open dice" in table and "Action spaces" in table

        opening = term.wait_for(lambda s: "Finish the turn?" in s)  # the deal (setup.K)
        assert "gives its part of player-1's hidden cards" in opening, opening
        term.press("Enter")                                   # Wu's, Shu's pbem answer
        shown = term.wait_for(lambda s: "save 4" not in s and "Finish the turn?" not in s
                              and (bool(KEEP.search(s)) or "Hand over" in s), 90)
        if "Hand over" in shown:
            term.press("Enter")
        term.wait_for(lambda s: bool(KEEP.search(s)) and "Your hand" in s  # read, all of it
                      and "cannot read yet" not in s and "Hand over" not in s, 60)
        keep_generals(term)                                   # Wei, his hand in view
        hidden = sign_and_hand_over(term, "player-2")
        assert "Action spaces" not in hidden and "Your generals" not in hidden
        keep_generals(term)                                   # Wu
        sign_and_hand_over(term, "player-3")
        keep_generals(term)                                   # Shu, then the alliance
        term.wait_for(lambda s: "alliance" in s)
        term.press("1")
        term.wait_for(lambda s: "Do it" in s)
        term.press("1", "Enter")
        sign_and_hand_over(term, "player-1")

        board = term.wait_for(lambda s: "Bid on" in s and "Recruit armies" in s)
        number = re.search(r"(\d+)\. Recruit armies", board)[1]
        term.keys(*number)
        if int(number) * 10 <= 17:                            # a number that could go on
            term.press("Enter")
        term.wait_for(lambda s: "General to place" in s)
        term.press("1")                                       # the first general: done
        term.wait_for(lambda s: "Finish the turn?" in s)
        term.press("Escape")                                  # not yet: look at the board
        after = term.wait_for(lambda s: "Not written yet" in s)
        assert re.search(r"Recruit armies.*Wei", after.replace("\n", " ")), after
        term.press("q")
        out = term.wait_for(lambda s: bool(re.search(r"^rc=\d+ #play$", s, re.M)), 30)
        assert "rc=0 #play" in out and "Traceback" not in out, out
        assert "Your turn so far is kept" in out
    finally:
        term.close()
