"""Which addresses hold which saves of a game: known from the messages that carried them.

A message that carries a save reaches every address it names (``To`` and ``Cc``) and its
sender: whoever sends it records those addresses, and whoever receives it records the
addresses it names. The next message then leaves out a save that each of its recipients
already holds (:func:`pbem.mail.outbox.needed`), so a player copied on the last hand-over
is not sent it again.

A player who names an address in a message that they did not send it to can only keep a
save from reaching that player — as they could by not sending it at all: the recipient's
pbem says which saves have not arrived and who holds them, and ``pbem send --resend``
sends them (docs/email.md).

Kept in ``<data>/mail/copies/<game id>.log``, one line ``<sha256> <address>`` each,
appended; a line cut off (a power cut) is ignored.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable
from email.utils import getaddresses
from pathlib import Path

from pbem import paths
from pbem.savefile import SaveFile

MAX_ADDRESSES = 16  # named in one message; more are not recorded
MAX_LENGTH = 254
_LINE = re.compile(r"([0-9a-f]{64}) (\S{1,254})")
_GAME = re.compile(r"[0-9A-Za-z-]{1,64}")


def _path(game_id: str) -> Path | None:
    if not _GAME.fullmatch(game_id):
        return None
    return paths.data_dir() / "mail" / "copies" / f"{game_id}.log"


def normal(address: str) -> str | None:
    """``address`` as it is compared (lower case), or ``None`` when it is not one."""
    text = address.strip().lower()
    if not 3 <= len(text) <= MAX_LENGTH or "@" not in text or not text.isprintable() \
            or any(c.isspace() for c in text):
        return None
    return text


def named(fields: Iterable[str]) -> list[str]:
    """The addresses named in header fields (``To``, ``Cc``, ``From``), at most
    :data:`MAX_ADDRESSES`, each once."""
    found: list[str] = []
    for _, address in getaddresses([f for f in fields if f]):
        text = normal(address)
        if text is not None and text not in found:
            found.append(text)
    return found[:MAX_ADDRESSES]


def record(saves: Iterable[SaveFile], addresses: Iterable[str]) -> None:
    """Note that ``addresses`` hold ``saves`` (best effort: a failure to write only means
    a save may be sent again)."""
    known = [a for a in (normal(x) for x in addresses) if a is not None]
    lines: dict[str, list[str]] = {}
    for save in saves:
        if _path(save.game_id) is not None:
            lines.setdefault(save.game_id, []).extend(f"{save.sha256} {a}\n" for a in known)
    for game_id, text in lines.items():
        path = _path(game_id)
        assert path is not None
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            with open(path, "a", encoding="utf-8") as out:
                out.write("".join(text))
                out.flush()
                os.fsync(out.fileno())
        except OSError:
            continue


def holders(game_id: str) -> dict[str, set[str]]:
    """For each save of the game (by sha256), the addresses known to hold it."""
    path = _path(game_id)
    found: dict[str, set[str]] = {}
    if path is None:
        return found
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return found
    for line in text.split("\n")[:-1]:  # (the last is empty, or cut off)
        match = _LINE.fullmatch(line)
        if match:
            found.setdefault(match.group(1), set()).add(match.group(2))
    return found
