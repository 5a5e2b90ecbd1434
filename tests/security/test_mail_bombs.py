"""Mail bombs: messages built so that taking them apart costs far more than their size
(many parts, deep nesting, long fields, many lines, nested encodings, huge parts). Each is
refused as a whole with a one-line reason, before the costly work, while the good
messages beside it are filed."""

from __future__ import annotations

import gzip
import tracemalloc
from collections.abc import Iterator
from pathlib import Path

import pytest

from pbem import identity, savefile, store
from pbem.mail import attachments, mime, quarantine
from pbem.savefile import SaveFile
from tests.mail.homes import nothing_written_outside  # noqa: F401  (autouse guard)
from tests.mail.kit import cli
from tests.mail.letters import forged, letter, maildir, race, raw_letter, save_letter

HEAD = (b"From: Mallory <mallory@pbem.test>\r\nTo: Bob <bob@pbem.test>\r\nSubject: bomb\r\n"
        b"MIME-Version: 1.0\r\n")


@pytest.fixture
def saves() -> list[SaveFile]:
    _, played = race(identity.keygen("bob"), turns=0)
    return played


@pytest.fixture
def unparsed(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Fail if the MIME parser is ever run on the message."""
    def parse(*_: object, **__: object) -> None:
        raise AssertionError("the message was parsed")

    monkeypatch.setattr(mime.email, "message_from_bytes", parse)
    yield


def _survives(tmp_path: Path, saves: list[SaveFile], bomb: bytes) -> str:
    """Read the bomb between two good saves; return the line about the bomb."""
    box = maildir(tmp_path / "Maildir", save_letter(saves[0]), bomb, save_letter(saves[1]))
    result = cli({}, "inbox", box)
    assert result.code == 0 and result.err == "", result.err
    for save in saves:
        path = store.game_folder(save.game_id) / savefile.file_name(
            save.game_id, save.sequence, save.writer)
        assert path.read_bytes() == save.raw
    (line,) = [ln for ln in result.out.splitlines()
               if ln.startswith(("refused", "quarantined", "ignored"))]
    return line


def _parts(count: int) -> bytes:
    return (HEAD + b'Content-Type: multipart/mixed; boundary="b"\r\n\r\n'
            + b"--b\r\nContent-Type: text/plain\r\n\r\nx\r\n" * count + b"--b--\r\n")


def test_300000_parts_are_refused_before_parsing(tmp_path: Path, saves: list[SaveFile],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """Attack: a 10 MB message of 300,000 parts costs a minute of CPU and 260 MB to parse."""
    bomb = _parts(300_000)
    line = _survives(tmp_path, saves, bomb)
    assert "the message has more than 300,000 lines; nothing in it was read" in line
    with monkeypatch.context() as patch:
        patch.setattr(mime.email, "message_from_bytes", None)  # never called
        tracemalloc.start()
        try:
            found = attachments.contents(bomb, "bomb")
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
    assert found.refusal is not None and peak < 1024 * 1024


def test_many_parts_within_the_line_cap(unparsed: None) -> None:
    """Attack: 10,000 small parts, few lines each, to make the parser build 10,000 objects."""
    assert "the message has more than 256 lines that may start a part" in attachments.contents(
        _parts(10_000), "bomb").refusal  # type: ignore[operator]


def test_more_parts_than_the_cap(tmp_path: Path, saves: list[SaveFile]) -> None:
    """Attack: more parts than pbem walks (each cheap, together costly)."""
    line = _survives(tmp_path, saves, _parts(70))
    assert line.startswith("refused") and "the message has more than 64 parts" in line


def test_more_attachments_than_the_cap(tmp_path: Path, saves: list[SaveFile]) -> None:
    """Attack: many attachments, each to be decoded and checked as a save."""
    bomb = letter(*((f"s{i}.pbem.yaml", b"x", "application/octet-stream") for i in range(17)))
    line = _survives(tmp_path, saves, bomb)
    assert "the message has more than 16 attachments; nothing in it was read" in line


def _nested(depth: int) -> bytes:
    nested = b"".join(b'Content-Type: multipart/mixed; boundary="b%d"\r\n\r\n--b%d\r\n' % (i, i)
                      for i in range(depth))
    return HEAD + nested + b"Content-Type: text/plain\r\n\r\nhi\r\n"


def test_deep_multipart_nesting(tmp_path: Path, saves: list[SaveFile]) -> None:
    """Attack: multiparts nested 50 deep (a parser that recurses runs out of stack)."""
    line = _survives(tmp_path, saves, _nested(50))
    assert "the message is nested more than 8 levels deep; nothing in it was read" in line


def test_very_deep_multipart_nesting(unparsed: None) -> None:
    """Attack: multiparts nested 3,000 deep, to exhaust the parser's recursion."""
    assert "lines that may start a part" in attachments.contents(
        _nested(3000), "bomb").refusal  # type: ignore[operator]


def _forwarded(depth: int) -> bytes:
    return HEAD + b"Content-Type: message/rfc822\r\n\r\n" * depth + b"\r\nhi\r\n"


def test_deep_forwarded_messages(tmp_path: Path, saves: list[SaveFile]) -> None:
    """Attack: messages forwarded inside each other 30 deep (no boundary lines at all)."""
    line = _survives(tmp_path, saves, _forwarded(30))
    assert "the message is nested more than 8 levels deep" in line


def test_very_deep_forwarded_messages(unparsed: None) -> None:
    """Attack: messages forwarded inside each other 100,000 deep."""
    assert "lines that may start a part" in attachments.contents(
        _forwarded(100_000), "bomb").refusal  # type: ignore[operator]


def test_a_huge_attachment_is_not_kept(tmp_path: Path, saves: list[SaveFile]) -> None:
    """Attack: an attachment named as a save, larger than any save may be."""
    bomb = letter(("big.pbem.yaml", b"# pbem save: x\n" + b"y" * 9_000_000,
                   "application/octet-stream"))
    line = _survives(tmp_path, saves, bomb)
    assert line.startswith("refused") and "attachment big.pbem.yaml: attachment is 9.0 MB, " \
        "larger than a save may be; not kept" in line
    assert not quarantine.folder().exists()


def test_a_message_over_the_size_cap_is_not_read(tmp_path: Path,
                                                 saves: list[SaveFile]) -> None:
    """Attack: a message larger than any pbem message may be (17 MiB)."""
    bomb = HEAD + b"\r\n" + b"x" * (17 * 1024 * 1024)
    line = _survives(tmp_path, saves, bomb)
    assert "message is 17.8 MB, more than the 16 MiB a pbem message may be; not read" in line


def test_nested_base64_is_bounded(tmp_path: Path, saves: list[SaveFile]) -> None:
    """Attack: forwarded messages base64-encoded inside each other, each decoding to more."""
    bomb = raw_letter(("application/octet-stream", 'attachment; filename="blob.bin"',
                       b"z" * 4_000_000), line=4096)
    for _ in range(3):
        bomb = raw_letter(("message/rfc822", 'attachment; filename="fwd.eml"', bomb),
                          line=4096)
    assert len(bomb) < 16 * 1024 * 1024
    line = _survives(tmp_path, saves, bomb)
    assert "the message holds more than 16 MiB to decode; nothing in it was read" in line


def test_a_compressed_bomb_is_never_opened(tmp_path: Path, saves: list[SaveFile]) -> None:
    """Attack: a gzip of 200 MB of zeros, named like a save."""
    bomb = letter(("turn.pbem.yaml.gz", gzip.compress(b"\0" * 200_000_000, 9),
                   "application/gzip"))
    line = _survives(tmp_path, saves, bomb)
    assert line.startswith("ignored") and "turn.pbem.yaml.gz - not a save, left alone" in line


@pytest.mark.parametrize("end", [b"\r\n", b"\n", b"\r"])
def test_a_long_content_type_field(unparsed: None, end: bytes) -> None:
    """Attack: a Content-Type field of 100,000 parameters (parameter parsing is quadratic)."""
    bomb = (HEAD.replace(b"\r\n", end) + b'Content-Type: multipart/mixed; boundary="b"'
            + (end + b" ;a") * 50_000 + end + end)
    assert attachments.contents(bomb, "bomb").refusal == \
        "a Content-Type field is longer than 4 KiB"


def test_a_long_content_disposition_field(tmp_path: Path, saves: list[SaveFile]) -> None:
    """Attack: a Content-Disposition field of 100 KB (a file name that costs seconds)."""
    bomb = raw_letter(("application/octet-stream",
                       'attachment; filename="' + ";" * 100_000 + '.pbem.yaml"', b"x"))
    line = _survives(tmp_path, saves, bomb)
    assert "a Content-Disposition field is longer than 4 KiB; nothing in it was read" in line


def test_a_line_bomb(unparsed: None) -> None:
    """Attack: 4 million header lines in 16 MB (the parser keeps an object per line)."""
    bomb = HEAD + b"a:\r\n" * 4_000_000 + b"\r\nhi\r\n"
    assert attachments.contents(bomb, "bomb").refusal == \
        "the message has more than 300,000 lines"


def test_the_quarantine_cannot_fill_the_disk(tmp_path: Path, saves: list[SaveFile],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """Attack: a flood of bad saves, each kept in quarantine, until the disk is full."""
    monkeypatch.setattr(quarantine, "MAX_BYTES", 64 * 1024)
    bad = [forged(saves[0]) + f"# {i}\n".encode() * 500 for i in range(30)]
    box = maildir(tmp_path / "Maildir", *(save_letter(saves[0], data) for data in bad))
    out = cli({}, "inbox", box).out
    lines = [ln for ln in out.splitlines() if ln.startswith("quarantined")]
    assert len(lines) == 30
    full = [ln for ln in lines if "not kept: the quarantine folder is full (0.0625 MiB" in ln]
    assert 0 < len(full) < 30
    used = sum(p.stat().st_size for p in quarantine.folder().iterdir())
    assert used <= 64 * 1024
