"""An identity line that travelled by e-mail: quoted-printable as a mail program sends it
(soft line breaks, ``=3D``), or inside a whole saved message, is taken by
``pbem config opponent`` and ``pbem new --opponent``; a tampered one is still refused."""

from __future__ import annotations

import email.policy
import os
from email.message import EmailMessage
from pathlib import Path

import pbem.cli.mail  # registers pbem config
from tests.cli.test_commands import pbem


def _bobs_line() -> str:
    pbem("keygen", "bob")
    _, line = pbem("--as", "bob", "whoami")
    return line.strip()


def _mail(line: str) -> EmailMessage:
    message = EmailMessage()
    message["From"] = "bob@example.org"
    message["To"] = "alice@example.org"
    message["Subject"] = "my pbem identity"
    message.set_content(f"Hello Alice,\n\nhere is my identity line (one line = one "
                        f"identity):\n\n{line}\n\nBob\n", cte="quoted-printable")
    return message


def test_a_quoted_printable_identity_file_is_taken(tmp_path: Path) -> None:
    os.chdir(tmp_path)
    line = _bobs_line()
    body = _mail(line).get_payload()
    assert "=\n" in body and "=3D" in body and line not in body  # really encoded
    encoded = tmp_path / "bob.id"
    encoded.write_text(body)
    _, out = pbem("config", "opponent", encoded, "bob@example.org")
    assert "bob <bob@example.org>" in out
    only_line = tmp_path / "bob-line.id"
    only_line.write_bytes(_mail(line).get_payload().split("\n\n")[2].encode() + b"\n")
    _, out = pbem("config", "opponent", only_line, "bob@example.org")
    assert "bob <bob@example.org>" in out


def test_a_saved_message_holding_the_identity_is_taken(tmp_path: Path) -> None:
    os.chdir(tmp_path)
    line = _bobs_line()
    saved = tmp_path / "from bob.eml"
    saved.write_bytes(_mail(line).as_bytes(policy=email.policy.SMTP))  # CRLF, as saved
    assert b"=\r\n" in saved.read_bytes()
    _, out = pbem("config", "opponent", saved, "bob@example.org")
    assert "bob <bob@example.org>" in out
    pbem("keygen", "alice")
    _, out = pbem("--as", "alice", "new", "tiny-race", "--opponent", saved, "-o", "g.pbem.yaml")
    assert "Send it to bob" in out


def test_a_tampered_identity_in_a_message_is_refused(tmp_path: Path) -> None:
    """Decoding changes nothing the signature covers: another name is still refused."""
    os.chdir(tmp_path)
    line = _bobs_line()
    forged = line.replace("pbem-id bob ", "pbem-id eve ", 1)
    saved = tmp_path / "from eve.eml"
    saved.write_bytes(_mail(forged).as_bytes())
    before = sorted(tmp_path.rglob("*"))
    code, err = pbem("config", "opponent", saved, "eve@example.org", ok=False)
    assert code == 7 and "signature" in err and "from eve.eml" in err
    empty = tmp_path / "empty.eml"
    message = _mail("no identity here")
    empty.write_bytes(message.as_bytes())
    code, err = pbem("config", "opponent", empty, "eve@example.org", ok=False)
    assert code == 7 and "empty.eml" in err
    assert sorted(p for p in tmp_path.rglob("*") if p.name != "empty.eml") == before
