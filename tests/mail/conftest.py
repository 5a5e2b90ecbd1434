"""Fixtures of the mail tests: real local servers, a throwaway certificate, a keyring in
memory (the tests never touch the machine's own keyring)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import keyring
import pytest
from keyring.backend import KeyringBackend
from keyring.backends import fail

from tests.mail.homes import nothing_written_outside  # noqa: F401  (autouse guard)
from tests.mail.kit import Player, homes
from tests.mail.servers import (
    Certificate,
    DovecotServer,
    DovecotUnavailable,
    SmtpServer,
    make_certificate,
    start_dovecot,
    start_smtp,
)

IMAP_USERS = {"alice": "alice-imap-secret", "bob": "bob-imap-secret", "carol": "carol-imap-pw",
              "dave": "dave-imap-pw", "erin": "erin-imap-pw"}
SMTP_USERS = {"alice@pbem.test": "alice-smtp-secret", "bob@pbem.test": "bob-smtp-secret",
              "carol@pbem.test": "carol-smtp-pw", "dave@pbem.test": "dave-smtp-pw",
              "erin@pbem.test": "erin-smtp-pw"}


class MemoryKeyring(KeyringBackend):
    """A keyring that lives in memory, for tests."""

    priority = 1  # type: ignore[assignment]

    def __init__(self) -> None:
        super().__init__()
        self.passwords: dict[tuple[str, str], str] = {}

    def get_password(self, service: str, username: str) -> str | None:
        return self.passwords.get((service, username))

    def set_password(self, service: str, username: str, password: str) -> None:
        self.passwords[(service, username)] = password

    def delete_password(self, service: str, username: str) -> None:
        self.passwords.pop((service, username), None)


@pytest.fixture(autouse=True)
def memory_keyring(monkeypatch: pytest.MonkeyPatch) -> Iterator[MemoryKeyring]:
    ring = MemoryKeyring()
    keyring.set_keyring(ring)
    monkeypatch.delenv("PBEM_SMTP_PASSWORD", raising=False)
    monkeypatch.delenv("PBEM_IMAP_PASSWORD", raising=False)
    yield ring
    keyring.set_keyring(fail.Keyring())


@pytest.fixture(scope="session")
def cert(tmp_path_factory: pytest.TempPathFactory) -> Certificate:
    return make_certificate(tmp_path_factory.mktemp("tls"))


@pytest.fixture(scope="session")
def smtp_session(cert: Certificate) -> Iterator[SmtpServer]:
    server = start_smtp(cert, SMTP_USERS, "starttls")
    yield server
    server.controller.stop()


@pytest.fixture
def smtp_server(smtp_session: SmtpServer) -> SmtpServer:
    """The shared SMTP server (STARTTLS, AUTH), with nothing received yet."""
    smtp_session.received.clear()
    smtp_session.imap = None
    return smtp_session


@pytest.fixture(scope="session")
def dovecot_session() -> Iterator[DovecotServer]:
    try:
        server = start_dovecot(IMAP_USERS)
    except DovecotUnavailable as exc:
        pytest.fail(f"the IMAP tests need a real Dovecot server: {exc}", pytrace=False)
    yield server
    server.stop()


@pytest.fixture
def dovecot(dovecot_session: DovecotServer) -> DovecotServer:
    """The shared Dovecot server, with every test user's INBOX emptied."""
    for user in IMAP_USERS:
        dovecot_session.empty(user)
    return dovecot_session


@pytest.fixture
def workdir(tmp_path: Path) -> Path:
    folder = tmp_path / "work"
    folder.mkdir()
    return folder


@pytest.fixture
def alice_and_bob(tmp_path: Path, cert: Certificate, smtp_server: SmtpServer,
                  dovecot: DovecotServer) -> tuple[Player, Player]:
    """alice and bob, each with a home, SMTP and IMAP of their own, who know each other
    (alice's IMAP over SSL, bob's over STARTTLS)."""
    players = homes(["alice", "bob"], tmp_path, cert, smtp_server, dovecot)
    return players["alice"], players["bob"]
