"""Talking to the wrong server, or to the right one in the wrong security mode: one line,
exit code 11, and what to change; never an internal error, a long wait or a library
warning."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from pbem.mail import network
from tests.conftest import ROOT
from tests.mail.conftest import SMTP_USERS
from tests.mail.kit import Player, make_player
from tests.mail.letters import letter, maildir
from tests.mail.servers import Certificate, DovecotServer, SmtpServer, start_smtp


def _imap(player: Player, port: int, security: str, ca_file: Path) -> None:
    player.run("config", "imap", "127.0.0.1", "--port", port, "--security", security,
               "--user", player.name, "--ca-file", ca_file)
    player.env["PBEM_IMAP_PASSWORD"] = "bob-imap-secret"


def _smtp(player: Player, port: int, security: str, ca_file: Path) -> None:
    player.run("config", "smtp", "127.0.0.1", "--port", port, "--security", security,
               "--ca-file", ca_file)
    player.env["PBEM_SMTP_PASSWORD"] = SMTP_USERS[player.address]


def _save(player: Player, tmp_path: Path, kind: str = "tiny-race") -> Path:
    bob = make_player(tmp_path, "bob")
    player.run("config", "opponent", bob.id_line, bob.address)
    (tmp_path / "bob.id").write_text(bob.id_line)
    target = tmp_path / "first.pbem.yaml"
    player.run("new", kind, "--opponent", tmp_path / "bob.id", "-o", target)
    return target


@pytest.mark.parametrize("security", ["starttls", "ssl"])
def test_an_smtp_server_on_the_imap_port(tmp_path: Path, smtp_server: SmtpServer,
                                         cert: Certificate, security: str) -> None:
    bob = make_player(tmp_path, "bob")
    _imap(bob, smtp_server.port, security, cert.cert)
    result = bob.run("inbox", ok=False)
    assert result.code == 11
    assert (f"pbem: mail: imap 127.0.0.1:{smtp_server.port} ({security.upper()}): this port "
            f"answers as an SMTP server, not IMAP (it said '220 ") in result.err
    assert "is the port right? IMAP usually uses 993 (ssl) or 143 (starttls)" in result.err


@pytest.mark.parametrize("security", ["starttls", "ssl"])
def test_an_imap_server_on_the_smtp_port(tmp_path: Path, dovecot: DovecotServer,
                                         security: str) -> None:
    alice = make_player(tmp_path, "alice")
    save = _save(alice, tmp_path)
    port = dovecot.imap_port if security == "starttls" else dovecot.imaps_port
    _smtp(alice, port, security, dovecot.cert.cert)
    result = alice.run("send", save, ok=False)
    assert result.code == 11
    assert (f"smtp 127.0.0.1:{port} ({security.upper()}): this port answers as an IMAP "
            f"server, not SMTP") in result.err
    assert "SMTP usually uses 465 (ssl) or 587 (starttls)" in result.err


def test_starttls_spoken_to_an_imaps_port(tmp_path: Path, dovecot: DovecotServer,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(network, "GREETING_TIMEOUT", 1.0)
    bob = make_player(tmp_path, "bob")
    _imap(bob, dovecot.imaps_port, "starttls", dovecot.cert.cert)
    result = bob.run("inbox", ok=False)
    assert result.code == 11
    assert ("the server said nothing within 1 s of the connection: it probably expects TLS "
            "from the first byte (ssl), not STARTTLS; try: pbem config imap 127.0.0.1 "
            f"--port {dovecot.imaps_port} --security ssl") in result.err


@pytest.mark.filterwarnings("ignore:Requiring AUTH while not requiring TLS")
def test_starttls_spoken_to_an_smtps_port(tmp_path: Path, cert: Certificate,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(network, "GREETING_TIMEOUT", 1.0)
    server = start_smtp(cert, SMTP_USERS, "ssl")
    try:
        alice = make_player(tmp_path, "alice")
        save = _save(alice, tmp_path)
        _smtp(alice, server.port, "starttls", cert.cert)
        result = alice.run("send", save, ok=False)
    finally:
        server.controller.stop()
    assert result.code == 11
    assert ("it probably expects TLS from the first byte (ssl), not STARTTLS; try: pbem "
            f"config smtp 127.0.0.1 --port {server.port} --security ssl") in result.err
    assert server.received == []


def _pbem(player: Player, *args: object) -> subprocess.CompletedProcess[str]:
    """pbem as a user runs it: its own process, Python's default warning filters."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("PYTHON")}
    env.update(player.env)
    return subprocess.run([sys.executable, "-m", "pbem", *map(str, args)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120, check=False)


def test_no_library_warnings_on_stderr(tmp_path: Path, smtp_server: SmtpServer,
                                       dovecot: DovecotServer, cert: Certificate) -> None:
    bob = make_player(tmp_path, "bob")
    box = maildir(tmp_path / "Maildir", letter(("x.pbem.yaml", b"not a save", "text/plain")),
                  letter(("photo.jpg", b"\xff\xd8", "image/jpeg")), b"\x00\xff garbage")
    done = _pbem(bob, "inbox", box)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    assert "quarantined" in done.stdout and "ignored" in done.stdout
    for port, security in ((smtp_server.port, "starttls"), (smtp_server.port, "ssl"),
                           (dovecot.imap_port, "ssl")):
        _imap(bob, port, security, dovecot.cert.cert)
        failed = _pbem(bob, "inbox")
        assert failed.returncode == 11, failed.stderr
        assert failed.stderr.count("\n") == 1 and failed.stderr.startswith("pbem: mail: "), \
            failed.stderr
    alice = make_player(tmp_path / "sender", "alice")
    save = _save(alice, tmp_path / "sender", "dragons-tigers")  # a game a user has, a map
    written = _pbem(alice, "send", save, "--eml", tmp_path / "turn.eml")
    assert written.returncode == 0 and written.stderr == "", written.stderr
    _smtp(alice, dovecot.imap_port, "starttls", dovecot.cert.cert)
    failed = _pbem(alice, "send", save)
    assert failed.returncode == 11 and failed.stderr.count("\n") == 1, failed.stderr
