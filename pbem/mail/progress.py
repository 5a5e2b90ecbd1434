"""A progress line on standard error while messages are fetched."""

from __future__ import annotations

import sys
import time
from typing import TextIO


def _mb(size: int) -> str:
    return f"{size / 1e6:.1f} MB"


class Progress:
    """Counts fetched messages and bytes; redraws one line on a terminal, else prints
    a line every few seconds."""

    def __init__(self, label: str, count: int, total: int, stream: TextIO | None = None) -> None:
        self.label = label
        self.count = count
        self.total = total
        self.stream = stream or sys.stderr
        self.done_count = 0
        self.done_bytes = 0
        self._tty = bool(getattr(self.stream, "isatty", lambda: False)())
        self._last = time.monotonic()
        self.stream.write(f"Fetching {count} message{'s' if count != 1 else ''} "
                          f"({_mb(total)}) from {label}\n")
        self.stream.flush()

    def step(self, size: int) -> None:
        self.done_count += 1
        self.done_bytes += size
        line = (f"  {self.done_count}/{self.count} messages, {_mb(self.done_bytes)} of "
                f"{_mb(self.total)}")
        now = time.monotonic()
        if self._tty:
            self.stream.write("\r" + line)
        elif now - self._last >= 3.0:
            self.stream.write(line + "\n")
            self._last = now
        self.stream.flush()

    def close(self) -> None:
        if self._tty and self.done_count:
            self.stream.write("\n")
            self.stream.flush()
