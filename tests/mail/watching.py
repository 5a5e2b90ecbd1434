"""``pbem watch`` as a real background process with a player's own home, and what it
says, line by line, waited for with generous timeouts (never a fixed sleep)."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

from tests.conftest import ROOT
from tests.mail.kit import Player

WAIT = 90.0  # seconds: far beyond what any step takes, even on a busy machine


def fake_notifier(folder: Path) -> tuple[Path, Path]:
    """A ``notify-send`` that records its arguments: (the folder to put on PATH, the
    record)."""
    folder.mkdir(parents=True, exist_ok=True)
    record = folder / "notifications.log"
    script = folder / "notify-send"
    script.write_text(f'#!/bin/sh\nprintf "%s|" "$@" >> "{record}"\necho >> "{record}"\n')
    script.chmod(0o755)
    return folder, record


@dataclass
class Watching:
    """A running ``pbem watch``: its lines (stdout and stderr) as they come."""

    process: subprocess.Popen[str]
    name: str
    out: list[str] = field(default_factory=list)
    err: list[str] = field(default_factory=list)
    changed: threading.Condition = field(default_factory=threading.Condition)
    readers: list[threading.Thread] = field(default_factory=list)

    def _read(self, stream: IO[str], into: list[str]) -> None:
        for line in stream:
            with self.changed:
                into.append(line.rstrip("\n"))
                self.changed.notify_all()

    def wait_for(self, pattern: str, after: int = 0, stream: str = "out",
                 timeout: float = WAIT) -> tuple[int, re.Match[str]]:
        """The first line at index ``after`` or later matching ``pattern`` (regex), and
        its index; fails after ``timeout`` seconds or if the watcher ends first."""
        found = re.compile(pattern)
        lines = self.out if stream == "out" else self.err
        deadline = time.monotonic() + timeout
        with self.changed:
            while True:
                for index in range(after, len(lines)):
                    if match := found.search(lines[index]):
                        return index, match
                left = deadline - time.monotonic()
                if left <= 0 or (self.process.poll() is not None and not self._reading()):
                    raise AssertionError(f"{self.name}'s pbem watch never said {pattern!r}:\n"
                                         + self.transcript())
                self.changed.wait(min(left, 0.5))

    def _reading(self) -> bool:
        return any(reader.is_alive() for reader in self.readers)

    def transcript(self) -> str:
        return "\n".join(["--- stdout", *self.out, "--- stderr", *self.err])

    def finish(self) -> int:
        """The exit code of a watcher that ends by itself (--once)."""
        try:
            code = self.process.wait(WAIT)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(10)
            raise AssertionError(f"{self.name}'s pbem watch did not end:\n"
                                 + self.transcript()) from None
        for reader in self.readers:
            reader.join(WAIT)
        return code

    def stop(self) -> int:
        """Ctrl-C; the exit code, once the watcher has ended (and said so)."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
        try:
            code = self.process.wait(WAIT)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(10)
            raise AssertionError(f"{self.name}'s pbem watch did not end on Ctrl-C:\n"
                                 + self.transcript()) from None
        for reader in self.readers:
            reader.join(WAIT)
        return code


def start(player: Player, *args: object, path: Path | None = None) -> Watching:
    """Start ``pbem watch ARGS`` as ``player``, in a process of its own; ``path`` is put
    first on PATH (a fake notify-send)."""
    env = {key: value for key, value in os.environ.items()
           if not key.startswith(("PYTHON", "PBEM_"))}
    env.update(player.env)
    env["PYTHONDONTWRITEBYTECODE"] = "1"
    env["PYTHONUNBUFFERED"] = "1"
    if path is not None:
        env["PATH"] = f"{path}{os.pathsep}{env.get('PATH', '')}"
    process = subprocess.Popen(
        [sys.executable, "-m", "tests.mail.pbem_with_tiny_games", "watch", *map(str, args)],
        cwd=ROOT, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True, encoding="utf-8")
    watching = Watching(process, player.name)
    assert process.stdout is not None and process.stderr is not None
    for stream, into in ((process.stdout, watching.out), (process.stderr, watching.err)):
        reader = threading.Thread(target=watching._read, args=(stream, into), daemon=True)
        reader.start()
        watching.readers.append(reader)
    return watching
