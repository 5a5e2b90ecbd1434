"""What carrying a save by mail does to it: CRLF line endings, forwarded messages, and the
bytes `pbem send` puts on the wire, through real SMTP and IMAP servers."""

from __future__ import annotations

import base64
import email
import email.policy
import quopri
from pathlib import Path

import pytest

from pbem import identity, savefile, store
from pbem.savefile import SaveFile
from pbem.transport import NOTE, restore_line_endings
from tests.mail.conftest import SMTP_USERS
from tests.mail.kit import cli, connect_imap, connect_smtp, introduce, make_player
from tests.mail.letters import forward, maildir, race, save_letter
from tests.mail.servers import Certificate, DovecotServer, SmtpServer


def _filed(save: SaveFile) -> Path:
    return store.game_folder(save.game_id) / savefile.file_name(save.game_id, save.sequence,
                                                                save.writer)


def test_restore_line_endings_only_touches_cr_before_lf() -> None:
    assert restore_line_endings(b"a\nb\n") == (b"a\nb\n", None)
    assert restore_line_endings(b"a\r\nb\r\n") == (b"a\nb\n", NOTE)
    assert restore_line_endings(b"a\r\r\nb\r\n") == (b"a\nb\n", NOTE)
    assert restore_line_endings(b"a\rb\r\n") == (b"a\rb\n", NOTE)
    assert restore_line_endings(b"a\rb\n") == (b"a\rb\n", None)


def _text_letter(name: str, data: bytes, encoding: str) -> bytes:
    """A message with ``data`` attached as text, the way mail programs attach text."""
    if encoding == "base64":
        body = base64.encodebytes(data).replace(b"\n", b"\r\n")
    elif encoding == "quoted-printable":
        body = quopri.encodestring(data).replace(b"\n", b"\r\n")
    else:
        body = data
    return (b"From: Alice <alice@pbem.test>\r\nTo: Bob <bob@pbem.test>\r\nSubject: turn\r\n"
            b"MIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=\"=t=\"\r\n\r\n"
            b"--=t=\r\nContent-Type: text/plain\r\n\r\nYour move.\r\n"
            b"--=t=\r\nContent-Type: text/plain; charset=utf-8; name=\"" + name.encode()
            + b"\"\r\nContent-Disposition: attachment; filename=\"" + name.encode()
            + b"\"\r\nContent-Transfer-Encoding: " + encoding.encode() + b"\r\n\r\n"
            + body + b"\r\n--=t=--\r\n")


@pytest.mark.parametrize("encoding", ["base64", "quoted-printable", "8bit"])
def test_a_save_attached_as_text_with_crlf_is_filed_with_a_note(tmp_path: Path,
                                                                encoding: str) -> None:
    bob = identity.keygen("bob")
    _, saves = race(bob, turns=1)
    letters = []
    for save in saves:
        name = savefile.file_name(save.game_id, save.sequence, save.writer)
        letters.append(_text_letter(name, save.raw.replace(b"\n", b"\r\n"), encoding))
    out = cli({}, "inbox", maildir(tmp_path / "Maildir", *letters)).out
    for save in saves:
        assert f"-> {_filed(save)}" in out
        assert _filed(save).read_bytes() == save.raw  # the LF form: pbem never writes CR
    lines = [ln for ln in out.splitlines() if ln.startswith("filed")]
    assert len(lines) == len(saves)
    assert all(f"({NOTE})" in ln for ln in lines), out


def test_a_save_in_lf_form_has_no_note(tmp_path: Path) -> None:
    bob = identity.keygen("bob")
    _, saves = race(bob, turns=0)
    out = cli({}, "inbox", maildir(tmp_path / "Maildir", save_letter(saves[0]))).out
    assert "filed" in out and NOTE not in out


@pytest.mark.parametrize("how", ["rfc822", "rfc822-base64", "eml"])
def test_saves_in_forwarded_messages_are_found(tmp_path: Path, how: str) -> None:
    bob = identity.keygen("bob")
    _, saves = race(bob, turns=0)
    letters = [forward(save_letter(saves[0]), how),
               forward(forward(save_letter(saves[1]), how), how, subject="Fwd: Fwd: a turn")]
    out = cli({}, "inbox", maildir(tmp_path / "Maildir", *letters)).out
    for save in saves[:2]:
        assert _filed(save).read_bytes() == save.raw
        assert f"-> {_filed(save)}" in out
    assert "forwarded message, attachment" not in out  # nothing refused or quarantined
    assert "refused" not in out and "quarantined" not in out


def test_what_send_puts_on_the_wire_arrives_byte_for_byte(
        tmp_path: Path, workdir: Path, cert: Certificate, smtp_server: SmtpServer,
        dovecot: DovecotServer) -> None:
    smtp_server.imap = dovecot
    alice, bob = make_player(tmp_path, "alice"), make_player(tmp_path, "bob")
    introduce(alice, bob)
    connect_smtp(alice, smtp_server, cert, SMTP_USERS[alice.address])
    connect_imap(bob, dovecot)
    (workdir / "bob.id").write_text(bob.id_line + "\n")
    first = workdir / "first.pbem.yaml"
    alice.run("new", "tiny-race", "--opponent", workdir / "bob.id", "-o", first)
    sent = first.read_bytes()
    alice.run("send", first)

    msg = email.message_from_bytes(smtp_server.received[0].data, policy=email.policy.default)
    (part,) = [p for p in msg.iter_attachments() if p.get_filename().endswith(".pbem.yaml")]
    assert part.get_content_type() == "application/octet-stream"
    assert part["Content-Transfer-Encoding"] == "quoted-printable"
    _nothing_in_transit_can_change(part.get_payload())
    save = savefile.parse(sent, "sent")
    assert part.get_filename() == savefile.file_name(save.game_id, 0, save.writer)

    out = bob.run("inbox").out
    filed = bob.data_dir / "games" / save.game_id / part.get_filename()
    assert f"-> {filed}" in out and NOTE not in out
    assert filed.read_bytes() == sent


def _nothing_in_transit_can_change(encoded: str) -> None:
    """Only printable ASCII, in lines of at most 76 characters, none ending in a space,
    every line but the last ending in a soft line break: no line break of the data's own."""
    lines = encoded.replace("\r\n", "\n").split("\n")
    assert len(lines) > 1
    assert all(len(line) <= 76 and line.isascii() and line.isprintable() for line in lines)
    assert not any(line.endswith((" ", "\t")) for line in lines)
    assert all(line.endswith("=") for line in lines[:-1]) and not lines[-1].endswith("=")


@pytest.mark.parametrize("mangle", ["lf", "trailing"])
def test_a_save_sent_survives_what_mail_systems_do_to_text(
        tmp_path: Path, workdir: Path, mangle: str) -> None:
    """The message pbem send writes, its line endings changed to LF, or the white space
    at its line ends stripped: the save decodes to the signed bytes."""
    alice, bob_home = make_player(tmp_path, "alice"), make_player(tmp_path, "bob")
    introduce(alice, bob_home)
    (workdir / "bob.id").write_text(bob_home.id_line + "\n")
    first = workdir / "first.pbem.yaml"
    alice.run("new", "tiny-race", "--opponent", workdir / "bob.id", "-o", first)
    eml = workdir / "sent.eml"
    alice.run("send", first, "--eml", eml)
    raw = eml.read_bytes()
    if mangle == "lf":
        raw = raw.replace(b"\r\n", b"\n")
    else:
        raw = b"\r\n".join(line.rstrip(b" \t") for line in raw.split(b"\r\n"))
    msg = email.message_from_bytes(raw, policy=email.policy.default)
    (part,) = [p for p in msg.iter_attachments() if p.get_filename().endswith(".pbem.yaml")]
    assert part.get_payload(decode=True) == first.read_bytes()
    mangled = workdir / "mangled.eml"
    mangled.write_bytes(raw)
    out = bob_home.run("inbox", mangled).out
    save = savefile.read(first)
    filed = bob_home.data_dir / "games" / save.game_id / part.get_filename()
    assert f"-> {filed}" in out and NOTE not in out, out
    assert filed.read_bytes() == first.read_bytes()
