"""Escape sequences aimed at the terminal: whatever a sender writes in a subject, a sender
name, a file name or a save, `pbem inbox` prints it with control characters escaped, so
nothing can clear the screen, move the cursor or print a fake "OK: verified" line."""

from __future__ import annotations

from pathlib import Path

import pytest

from pbem import identity, session
from pbem.mail.printable import printable
from pbem.signing import PrivateKey
from tests.mail.homes import nothing_written_outside  # noqa: F401  (autouse guard)
from tests.mail.kit import cli
from tests.mail.letters import letter, maildir, save_letter

RAW = ("\x1b", "\r", "\x07", "\u2028", "\u202e", "\x9b")
FAKE = "\x1b[2J\x1b[1;1H\x1b[32mOK: verified\x1b[0m"


def _shown(tmp_path: Path, *messages: bytes) -> str:
    identity.keygen("bob")
    result = cli({}, "inbox", maildir(tmp_path / "Maildir", *messages))
    assert result.code == 0
    for text in (result.out, result.err):
        assert not any(c in text for c in RAW), repr(text)
    return result.out


def _with_header(name: str, value: bytes) -> bytes:
    msg = letter(("photo.jpg", b"\xff\xd8", "image/jpeg"))
    head, _, rest = msg.partition(b"\n")
    return b"%s: %s\r\n" % (name.encode(), value) + head + b"\n" + rest


def test_printable_escapes_every_control_character() -> None:
    """Attack: control characters of every kind (C0, C1, DEL, separators, bidi) shown raw."""
    assert printable(FAKE) == "\\x1b[2J\\x1b[1;1H\\x1b[32mOK: verified\\x1b[0m"
    assert printable("a\rb\nc\td\u2028e\u202ef\x9bg\x7f") == \
        "a\\rb\\nc\\td\\u2028e\\u202ef\\x9bg\\x7f"
    assert printable("Blue Dragon 青龍, café") == "Blue Dragon 青龍, café"


@pytest.mark.parametrize("value", [FAKE.encode() + b"\x07\xc2\x9b",
                                   b"=?utf-8?q?=1B[2J=1B[32mOK:_verified=0D=E2=80=A8?="])
def test_escapes_in_a_subject(tmp_path: Path, value: bytes) -> None:
    """Attack: a subject with ANSI escapes (raw or MIME-encoded) that paints a fake verdict."""
    out = _shown(tmp_path, _with_header("Subject", value).replace(b"Subject: [pbem] a turn\r\n",
                                                                  b""))
    assert "\\x1b[32mOK" in out


def test_escapes_in_a_sender(tmp_path: Path) -> None:
    """Attack: a sender name with ANSI escapes and a right-to-left override."""
    msg = _with_header("From", b"=?utf-8?b?G1sybU1hbGxvcnnigK4=?= <m@pbem.test>")
    out = _shown(tmp_path, msg.replace(b"From: Alice <alice@pbem.test>\r\n", b""))
    assert "\\x1b[2mMallory\\u202e <m@pbem.test>" in out


def test_escapes_in_a_refused_message(tmp_path: Path) -> None:
    """Attack: escapes in the subject of a message refused as a whole (a bomb)."""
    bomb = letter(*((f"{i}.txt", b"x", "text/plain") for i in range(20)), subject="x")
    out = _shown(tmp_path, bomb.replace(b"Subject: x", b"Subject: " + FAKE.encode()))
    assert "refused" in out and "\\x1b[32mOK: verified" in out


def test_escapes_in_a_player_name(tmp_path: Path) -> None:
    """Attack: a save whose player name reverses the line on screen: refused where names
    are checked, and nothing of it reaches the terminal raw."""
    from tests.security.kit import forge

    bob = identity.keygen("bob")
    mallory = identity.LocalIdentity("mallory", PrivateKey.generate())
    first = session.new_game("tiny-race", mallory, [bob.identity], {"target": 20})
    forged = forge(first, mallory.key,
                   lambda doc: doc["players"][0].update(name="yrollam\u202e\tOK"))
    result = cli({}, "inbox", maildir(tmp_path / "Maildir", save_letter(first, forged)))
    assert result.code == 0
    for text in (result.out, result.err):
        assert not any(c in text for c in (*RAW, "\t")), repr(text)
    assert "quarantined" in result.out and "players[0].name" in result.out
