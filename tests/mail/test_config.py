"""pbem config: the mail settings and the address book, and every bad input."""

from __future__ import annotations

from pathlib import Path

import keyring
import pytest
from keyring.backends import fail

from pbem import config
from tests.mail.conftest import MemoryKeyring
from tests.mail.kit import cli, make_player


def test_settings_round_trip_without_secrets(tmp_path: Path) -> None:
    alice, bob = make_player(tmp_path, "alice"), make_player(tmp_path, "bob")
    alice.run("config", "smtp", "smtp.fastmail.com")
    alice.run("config", "imap", "imap.fastmail.com", "--security", "starttls", "--folder",
              "Games/pbem")
    alice.run("config", "opponent", bob.id_line, "bob@example.org")
    out = alice.run("config", "show").out
    assert "me: Alice <alice@pbem.test>, identity alice" in out
    assert "smtp: alice@pbem.test at smtp.fastmail.com:465 (SSL)" in out
    assert "imap: alice@pbem.test at imap.fastmail.com:143 (STARTTLS), folder Games/pbem" in out
    assert "  bob <bob@example.org>  SHA256:" in out
    path = alice.config_dir / "config.yaml"
    assert path.stat().st_mode & 0o777 == 0o600
    assert "password" not in path.read_text().split("# or from")[1]
    out = alice.run("config", "opponent", bob.id_line, "bob@elsewhere.org").out
    assert "updated bob <bob@elsewhere.org>" in out
    carol = make_player(tmp_path, "carol")
    impostor = carol.id_line.replace("pbem-id carol", "pbem-id bob")
    result = alice.run("config", "opponent", impostor, "bob@evil.org", ok=False)
    assert result.code == 7 and "signature is not valid" in result.err
    carol_as_bob = tmp_path / "carol.pub"
    carol_as_bob.write_text(carol.id_line.split()[2] + " " + carol.id_line.split()[3] + " bob\n")
    result = alice.run("config", "opponent", carol_as_bob, "bob@evil.org", ok=False)
    assert result.code == 2 and "bob is in your address book with another key" in result.err
    assert "bob <bob@elsewhere.org>" in alice.run("config", "show").out


def test_opponent_from_a_save(tmp_path: Path) -> None:
    alice, bob = make_player(tmp_path, "alice"), make_player(tmp_path, "bob")
    ident = tmp_path / "bob.id"
    ident.write_text(bob.id_line)
    save = tmp_path / "g0.pbem.yaml"
    alice.run("new", "tiny-race", "--opponent", ident, "-o", save)
    out = bob.run("config", "opponent", save, "alice@pbem.test").out
    assert "added alice <alice@pbem.test>" in out
    out = alice.run("config", "opponent", save, "bob@pbem.test", "--player", "green").out
    assert "added bob <bob@pbem.test>" in out
    result = alice.run("config", "opponent", save, "x@pbem.test", "--player", "zed", ok=False)
    assert result.code == 2 and "no player 'zed' in this save" in result.err


@pytest.mark.parametrize(("text", "message"), [
    ("smtp:\n  host: mail.example.org\n  port: 99999\n  security: ssl\n  user: a\n",
     "field smtp.port: must be a whole number from 1 to 65535"),
    ("smtp:\n  host: mail.example.org\n  security: ssl\n  user: a\n  password: hunter2\n",
     "field smtp.password: is not a setting here"),
    ("imap:\n  host: mail.example.org\n  security: tls\n  user: a\n",
     "field imap.security: must be 'ssl' or 'starttls'"),
    ("opponents:\n- name: bob\n  address: not-an-address\n  key: x\n",
     "field opponents[0].address: is not an e-mail address"),
    ("me: [1, 2]\n", "field me: must be a mapping"),
    ('me:\n  name: "Alice\\u202e"\n', "field me.name: must be one line of text, without "
                                       "control characters"),
    ("me:\n  address: a@b.c\n  address: d@e.f\n", "duplicate key 'address'"),
])
def test_a_bad_settings_file_is_one_line(text: str, message: str) -> None:
    path = config.path()
    path.parent.mkdir(parents=True)
    path.write_text(text)
    result = cli({}, "config", "show", ok=False)
    assert result.code == 3 and message in result.err and str(path) in result.err


def test_bad_commands_are_one_line(tmp_path: Path) -> None:
    alice = make_player(tmp_path, "alice")
    cases = [
        (("config", "forget", "nobody"), 2, "no opponent named 'nobody'"),
        (("config", "me", "a@b.c", "--name", "Al\x1b[31mice"), 2,
         "--name must be one line of text, without control characters"),
        (("config", "imap", "mail.example.org", "--folder", "INBOX\u2028"), 2,
         "--folder must be one line of text"),
        (("config", "me", "a@b.c", "--identity", "ghost"), 7, "no key named 'ghost'"),
        (("config", "smtp", "bad host!"), 2, "is not a host name"),
        (("config", "smtp", "mail.example.org", "--security", "tls"), 2, "ssl or starttls"),
        (("config", "smtp", "mail.example.org", "--ca-file", tmp_path / "nope.pem"), 2,
         "no such certificate file"),
        (("config", "password", "pop3"), 2, "smtp or imap"),
        (("config", "password", "smtp"), 2, "set up the server first"),
        (("send", tmp_path / "x.pbem.yaml"), 3, "no such file"),
    ]
    for args, code, message in cases:
        result = alice.run(*args, ok=False)
        assert result.code == code and message in result.err, (args, result.err)
    alice.run("keygen", "alice2")
    (alice.config_dir / "config.yaml").unlink()
    result = alice.run("inbox", tmp_path, ok=False)
    assert result.code == 7 and "several identities (alice, alice2)" in result.err


def test_keyring_problems_are_one_line(tmp_path: Path, memory_keyring: MemoryKeyring) -> None:
    alice = make_player(tmp_path, "alice")
    alice.run("config", "smtp", "mail.example.org")
    alice.run("config", "password", "smtp", stdin="s3cret\n")
    assert memory_keyring.passwords == {("pbem", "smtp:alice@pbem.test@mail.example.org"):
                                        "s3cret"}
    result = alice.run("config", "password", "smtp", stdin="\n", ok=False)
    assert result.code == 2 and "empty password" in result.err
    keyring.set_keyring(fail.Keyring())
    result = alice.run("config", "password", "smtp", stdin="s3cret\n", ok=False)
    assert result.code == 11 and "set PBEM_SMTP_PASSWORD in your environment" in result.err
    save = tmp_path / "g.pbem.yaml"
    bob = make_player(tmp_path, "bob")
    (tmp_path / "bob.id").write_text(bob.id_line)
    alice.run("config", "opponent", bob.id_line, bob.address)
    alice.run("new", "tiny-race", "--opponent", tmp_path / "bob.id", "-o", save)
    result = alice.run("send", save, ok=False)
    assert result.code == 11 and "the OS keyring cannot be used" in result.err
