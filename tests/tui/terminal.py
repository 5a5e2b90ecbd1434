"""A real terminal for the tests: a shell in tmux, driven by keys, read as a person would."""

from __future__ import annotations

import shlex
import subprocess
import time
import uuid
from collections.abc import Callable, Mapping
from pathlib import Path


class Terminal:
    """A tmux session of its own (own server socket) running a plain shell."""

    def __init__(self, cwd: Path, env: Mapping[str, str], size: tuple[int, int] = (100, 30)):
        self.socket = f"pbem-test-{uuid.uuid4().hex[:8]}"
        self.session = "pbem"
        settings = " ".join(f"{name}={shlex.quote(value)}" for name, value in env.items())
        shell = f"env -i {settings} bash --norc --noprofile"
        self._tmux("new-session", "-d", "-s", self.session, "-x", str(size[0]), "-y",
                   str(size[1]), "-c", str(cwd), shell)
        self.wait_for(lambda s: "$" in s or "#" in s, 20)
        self.type("PS1='$ '; clear")

    def _tmux(self, *args: str, check: bool = True) -> str:
        return subprocess.run(["tmux", "-L", self.socket, *args], check=check,
                              capture_output=True, text=True).stdout

    def screen(self) -> str:
        """What the terminal shows now."""
        return self._tmux("capture-pane", "-p", "-t", self.session)

    def raw(self) -> str:
        """The screen with its colours (a moved highlight changes it too)."""
        return self._tmux("capture-pane", "-p", "-e", "-t", self.session)

    def press(self, *keys: str, seconds: float = 5) -> None:
        """Press keys, then wait until the screen shows their effect (or a while)."""
        before = self.raw()
        self.keys(*keys)
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline and self.raw() == before:
            time.sleep(0.05)

    def history(self) -> str:
        """Everything the shell printed, scrolled-off lines included."""
        return self._tmux("capture-pane", "-p", "-S", "-", "-t", self.session)

    def keys(self, *keys: str) -> None:
        """Press keys (tmux key names: Enter, Escape, Tab, PageUp, End, ...)."""
        for key in keys:
            self._tmux("send-keys", "-t", self.session, key)
            time.sleep(0.05)

    def type(self, line: str) -> None:
        """Type a line of text and press Enter."""
        self._tmux("send-keys", "-t", self.session, "-l", line)
        self._tmux("send-keys", "-t", self.session, "Enter")

    def wait_for(self, ready: Callable[[str], bool], seconds: float = 30) -> str:
        """The screen once ``ready`` holds for it; fails when it never does."""
        deadline = time.monotonic() + seconds
        screen = ""
        while time.monotonic() < deadline:
            screen = self.screen()
            if ready(screen):
                return screen
            time.sleep(0.15)
        raise AssertionError(f"the terminal never got there; it shows:\n{screen}")

    def steady(self, seconds: float = 20) -> str:
        """The screen once it has stopped changing for a moment."""
        last = self.raw()
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            time.sleep(0.25)
            now = self.raw()
            if now == last:
                break
            last = now
        return self.screen()

    def close(self) -> None:
        self._tmux("kill-server", check=False)
