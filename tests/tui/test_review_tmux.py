"""The real ``pbem review`` command in a real terminal (tmux): the map shows, no traceback."""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.tui.conftest import write_game

ROOT = Path(__file__).resolve().parents[2]


SOCKET = f"pbem-test-{uuid.uuid4().hex[:8]}"


def tmux(*args: str, check: bool = True) -> str:
    return subprocess.run(["tmux", "-L", SOCKET, *args], check=check, capture_output=True,
                          text=True).stdout


def test_pbem_review_in_tmux(tmp_path: Path, players: Any) -> None:
    save = write_game(tmp_path, players)
    session = f"pbem-{uuid.uuid4().hex[:8]}"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "TERM": "xterm-256color"}
    settings = [f"{name}={shlex.quote(env[name])}" for name in
                ("PYTHONPATH", "PBEM_CONFIG_DIR", "PBEM_DATA_DIR", "TERM")]
    command = " ".join(["env", *settings, shlex.quote(sys.executable), "-c",
                        "'from pbem.cli.main import run; run()'", "review",
                        shlex.quote(str(save)), "; echo pbem-exited-$?; sleep 30"])
    subprocess.run(["tmux", "-L", SOCKET, "new-session", "-d", "-s", session, "-x", "110",
                    "-y", "32", command], check=True, env=env, cwd=tmp_path)
    def screen_when(ready: Callable[[str], bool], tries: int) -> str:
        """Capture the pane until ``ready`` holds (or the tries run out)."""
        screen = ""
        for _ in range(tries):
            time.sleep(0.25)
            screen = tmux("capture-pane", "-p", "-t", session)
            if ready(screen):
                break
        return screen

    try:
        screen = screen_when(lambda s: "Luoyang" in s and "Xiangyang" in s
                             and "Checking" not in s, 60)
        assert "Luoyang" in screen and "Chengdu" in screen, screen
        assert "OK" in screen, screen
        tmux("send-keys", "-t", session, "right")
        time.sleep(0.3)
        tmux("send-keys", "-t", session, "F1")
        screen = screen_when(lambda s: "Reviewing" in s, 20)
        assert "Reviewing" in screen, screen
        assert "Traceback" not in screen
        tmux("send-keys", "-t", session, "Escape")
        time.sleep(0.3)
        tmux("send-keys", "-t", session, "q")
        screen = screen_when(lambda s: "pbem-exited" in s, 40)
        assert "pbem-exited-0" in screen, screen
        assert "Traceback" not in screen, screen
    finally:
        tmux("kill-server", check=False)
