"""``pbem play`` in a real terminal (tmux) on a save made by a test, typed as a person types."""

from __future__ import annotations

import os
import re
import shlex
import sys
from pathlib import Path

from tests.tui.terminal import Terminal

ROOT = Path(__file__).resolve().parents[2]
PBEM = f"{shlex.quote(sys.executable)} -c 'from pbem.cli.main import run; run()'"
# pbem with the tests' tiny games registered too (Card Market...)
WITH_TINY_GAMES = f"{shlex.quote(sys.executable)} -m tests.mail.pbem_with_tiny_games"
ENDED = re.compile(r"^rc=(\d+) #play$", re.M)


def play(save: Path, folder: Path, size: tuple[int, int] = (100, 30),
         ready: str = "Playing: ", pbem: str = PBEM) -> Terminal:
    """A terminal running ``pbem play SAVE`` with the test's own identities and store,
    once the table shows ``ready``."""
    env = {"HOME": str(folder), "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
           "TERM": "xterm-256color", "LANG": "C.UTF-8", "PYTHONPATH": str(ROOT),
           "PBEM_CONFIG_DIR": os.environ["PBEM_CONFIG_DIR"],
           "PBEM_DATA_DIR": os.environ["PBEM_DATA_DIR"]}
    term = Terminal(folder, env, size=size)
    try:
        term.type(f"clear; {pbem} play {shlex.quote(str(save))}; echo \"rc=$? #play\"")
        term.wait_for(lambda s: ready in s, 90)
    except BaseException:
        term.close()
        raise
    return term


def quit_table(term: Terminal) -> str:
    """Press q; the terminal once the command has ended (it must end well)."""
    term.press("q")
    out = term.wait_for(lambda s: bool(ENDED.search(s)), 30)
    assert "rc=0 #play" in out and "Traceback" not in out, out
    return out
