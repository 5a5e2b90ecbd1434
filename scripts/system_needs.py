#!/usr/bin/env python3
"""Say, before the tests start, which programs of the operating system the suite needs and
this machine lacks, with the Debian command that installs them (`.ci/run` runs it).

The suite signs with stock ssh-keygen, drives the table in tmux, plays by mail against a
real Dovecot IMAP server, and draws Chinese names on the map with a CJK font.
Exit 0 when nothing is missing, 1 (after one line per missing need) otherwise.
"""

from __future__ import annotations

import shutil
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


@dataclass(frozen=True)
class Need:
    """One program or font the tests use, and the Debian package that brings it."""

    what: str
    package: str
    present: Callable[[], bool]


def _program(name: str, *fallbacks: str) -> Callable[[], bool]:
    return lambda: shutil.which(name) is not None or any(Path(p).exists() for p in fallbacks)


def _cjk_font() -> bool:
    from pbem.games.dragons_tigers import png_fonts

    return png_fonts.system().cjk


NEEDS = (
    Need("ssh-keygen (signatures checked by the stock tool)", "openssh-client",
         _program("ssh-keygen")),
    Need("tmux (the table typed at as a person types)", "tmux", _program("tmux")),
    Need("Dovecot's IMAP server (games played by mail)", "dovecot-imapd",
         _program("dovecot", "/usr/sbin/dovecot")),
    Need("a font with Chinese glyphs (names on the map picture)", "fonts-noto-cjk", _cjk_font),
)


def missing(needs: tuple[Need, ...] = NEEDS) -> list[Need]:
    """The needs this machine does not meet, in the order they are listed."""
    return [need for need in needs if not need.present()]


def main(needs: tuple[Need, ...] = NEEDS) -> int:
    lacking = missing(needs)
    for need in lacking:
        print(f"missing: {need.what}; Debian package {need.package}", file=sys.stderr)
    if lacking:
        packages = " ".join(need.package for need in lacking)
        print(f"install them first: sudo apt-get install {packages}   (.ci/run does this)",
              file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
