"""pbem send: a real SMTP server with STARTTLS (or SSL) and AUTH receives the turn."""

from __future__ import annotations

import email
import email.policy
import errno
import io
import shutil
from pathlib import Path

import pytest
from freezegun import freeze_time
from PIL import Image

from pbem import atomic, games, savefile
from pbem.games.dragons_tigers import render_png
from tests.conftest import FROZEN
from tests.mail.conftest import SMTP_USERS
from tests.mail.kit import Player, clone, connect_smtp, introduce, make_player
from tests.mail.servers import Certificate, SmtpServer, free_port, start_smtp

KINGDOMS = "kingdoms=cao-cao,liu-bei,sun-wu,yuan-shao,gongsun-zan,yuan-shu"


def _new_game(alice: Player, bob: Player, workdir: Path) -> Path:
    ident = workdir / "bob.id"
    ident.write_text(bob.id_line + "\n")
    target = workdir / "g0.pbem.yaml"
    alice.run("new", "dragons-tigers", "--opponent", ident, "--option", KINGDOMS, "-o", target)
    return target


@pytest.fixture(scope="module")
def made_once(tmp_path_factory: pytest.TempPathFactory) -> tuple[Player, Player, Path]:
    root = tmp_path_factory.mktemp("players")
    alice, bob = make_player(root, "alice"), make_player(root, "bob")
    introduce(alice, bob)
    (root / "work").mkdir()
    return alice, bob, _new_game(alice, bob, root / "work")


@pytest.fixture
def pair(made_once: tuple[Player, Player, Path], tmp_path: Path,
         workdir: Path) -> tuple[Player, Player, Path]:
    """alice has made a game against bob; each has a home of their own, fresh per test."""
    alice, bob, save = made_once
    target = workdir / save.name
    shutil.copyfile(save, target)
    return clone(alice, tmp_path), clone(bob, tmp_path), target


def _parts(data: bytes) -> tuple[email.message.EmailMessage, dict[str, tuple[str, bytes]]]:
    msg = email.message_from_bytes(data, policy=email.policy.default)
    files = {}
    for part in msg.iter_attachments():
        files[part.get_filename()] = (part.get_content_type(), part.get_payload(decode=True))
    return msg, files  # type: ignore[return-value]


def test_send_over_starttls_is_received_and_verifies(
        pair: tuple[Player, Player, Path], smtp_server: SmtpServer, cert: Certificate,
        workdir: Path) -> None:
    alice, bob, save_path = pair
    connect_smtp(alice, smtp_server, cert, SMTP_USERS["alice@pbem.test"])
    out = alice.run("send", save_path).out
    assert "Sent dragons-tigers game" in out and "bob <bob@pbem.test>" in out
    assert len(smtp_server.received) == 1
    delivered = smtp_server.received[0]
    assert delivered.sender == "alice@pbem.test" and delivered.recipients == ["bob@pbem.test"]
    msg, files = _parts(delivered.data)
    save = savefile.read(save_path)
    assert msg["Subject"] == (f"[pbem] Dragons & Tigers of the Three Kingdoms "
                              f"{save.game_id[:8]} — round 1, save 0 — invitation: bob to "
                              f"join (witnessed dice)")
    assert msg["To"] == "bob <bob@pbem.test>" and msg["From"] == "Alice <alice@pbem.test>"
    body = msg.get_body(("plain",)).get_content()
    assert "bob (White Tiger 白虎): you are invited. Join the game:" in body
    assert "Round 1 of 8" in body
    assert "Dice: witnessed (each roll needs another player's answer)." in body.splitlines()
    name = savefile.file_name(save.game_id, 0, "blue")
    kind, data = files[name]
    assert kind == "application/octet-stream" and data == save_path.read_bytes()
    received = workdir / "received" / name
    received.parent.mkdir()
    received.write_bytes(data)
    assert "OK:" in bob.run("verify", received).out
    kind, png = files[name.replace(".pbem.yaml", ".map.png")]
    module = games.get("dragons-tigers")
    assert kind == "image/png"
    assert Image.open(io.BytesIO(png)).size == render_png.size(module.board())


@pytest.mark.filterwarnings("ignore:Requiring AUTH while not requiring TLS")
def test_send_over_implicit_ssl(pair: tuple[Player, Player, Path], cert: Certificate) -> None:
    alice, _, save_path = pair
    server = start_smtp(cert, SMTP_USERS, "ssl")
    try:
        connect_smtp(alice, server, cert, SMTP_USERS["alice@pbem.test"])
        alice.run("send", save_path)
        assert [d.recipients for d in server.received] == [["bob@pbem.test"]]
    finally:
        server.controller.stop()


def test_password_from_the_keyring_never_in_the_config(
        pair: tuple[Player, Player, Path], smtp_server: SmtpServer, cert: Certificate,
        memory_keyring: object) -> None:
    alice, _, save_path = pair
    secret = SMTP_USERS["alice@pbem.test"]
    connect_smtp(alice, smtp_server, cert, secret)
    del alice.env["PBEM_SMTP_PASSWORD"]
    result = alice.run("send", save_path, ok=False)
    assert result.code == 11 and "no SMTP password" in result.err
    alice.run("config", "password", "smtp", stdin=secret + "\n")
    alice.run("send", save_path)
    assert len(smtp_server.received) == 1
    for path in alice.home.rglob("*"):
        if path.is_file():
            assert secret.encode() not in path.read_bytes(), path


@pytest.mark.parametrize("problem", ["password", "unreachable", "untrusted", "no-starttls"])
def test_server_problems_are_one_line(pair: tuple[Player, Player, Path],
                                      smtp_server: SmtpServer, cert: Certificate,
                                      problem: str) -> None:
    alice, _, save_path = pair
    connect_smtp(alice, smtp_server, cert, SMTP_USERS["alice@pbem.test"])
    expected = {"password": "refused the login for alice@pbem.test: wrong user name or password",
                "unreachable": "cannot reach the server: connection refused",
                "untrusted": "TLS failed: the server's certificate is not trusted",
                "no-starttls": "the server answers in plain text, not TLS: it expects "
                               "STARTTLS; try: pbem config smtp 127.0.0.1 --port "
                               f"{smtp_server.port} --security starttls"}[problem]
    if problem == "password":
        alice.env["PBEM_SMTP_PASSWORD"] = "wrong"
    elif problem == "unreachable":
        alice.run("config", "smtp", "127.0.0.1", "--port", free_port(), "--security",
                  "starttls")
    elif problem == "untrusted":
        alice.run("config", "smtp", "127.0.0.1", "--port", smtp_server.port, "--security",
                  "starttls")
    else:  # a STARTTLS server spoken to as if it were an SSL one
        alice.run("config", "smtp", "127.0.0.1", "--port", smtp_server.port, "--security",
                  "ssl", "--ca-file", cert.cert)
    result = alice.run("send", save_path, ok=False)
    assert result.code == 11, result.err
    assert expected in result.err and "smtp 127.0.0.1:" in result.err
    assert smtp_server.received == []


def test_eml_file_for_any_mail_program(pair: tuple[Player, Player, Path],
                                       workdir: Path) -> None:
    alice, _, save_path = pair
    target = workdir / "turn.eml"
    with freeze_time(FROZEN):
        out = alice.run("send", save_path, "--eml", target).out
    assert f"Wrote {target}" in out and "bob@pbem.test" in out
    raw = target.read_bytes()
    assert b"\r\n" in raw
    msg, files = _parts(raw)
    assert msg["Date"] == "Sun, 22 Nov 2026 12:00:00 +0000"
    save = savefile.read(save_path)
    assert files[savefile.file_name(save.game_id, 0, "blue")][1] == save.raw
    again = alice.run("send", save_path, "--eml", target, ok=False)
    assert again.code == 10 and "exists already" in again.err
    assert target.read_bytes() == raw


def test_dry_run_shows_what_would_go_where(pair: tuple[Player, Player, Path],
                                           smtp_server: SmtpServer, cert: Certificate) -> None:
    alice, _, save_path = pair
    connect_smtp(alice, smtp_server, cert, SMTP_USERS["alice@pbem.test"])
    out = alice.run("send", save_path, "--dry-run").out
    assert f"Would send by SMTP via 127.0.0.1:{smtp_server.port} (STARTTLS)" in out
    assert "To: bob <bob@pbem.test> (white, to move)" in out
    assert "Subject: [pbem] Dragons & Tigers" in out
    assert ".pbem.yaml (application/octet-stream" in out and ".map.png (image/png" in out
    assert "Nothing was sent." in out
    assert smtp_server.received == []


def test_copies_go_to_the_other_players(tmp_path: Path, workdir: Path,
                                        smtp_server: SmtpServer, cert: Certificate) -> None:
    alice, bob, carol = (make_player(tmp_path, n) for n in ("alice", "bob", "carol"))
    introduce(alice, bob)
    alice.run("config", "opponent", carol.id_line, carol.address)
    ids = []
    for player in (bob, carol):
        ids += ["--opponent", workdir / f"{player.name}.id"]
        (workdir / f"{player.name}.id").write_text(player.id_line)
    save_path = workdir / "g0.pbem.yaml"
    alice.run("new", "dragons-tigers", *ids, "-o", save_path)
    connect_smtp(alice, smtp_server, cert, SMTP_USERS["alice@pbem.test"])
    out = alice.run("send", save_path).out
    assert "copies to carol <carol@pbem.test>" in out
    msg, _ = _parts(smtp_server.received[0].data)
    assert msg["To"] == "bob <bob@pbem.test>" and msg["Cc"] == "carol <carol@pbem.test>"
    assert smtp_server.received[0].recipients == ["bob@pbem.test", "carol@pbem.test"]
    copy = workdir / "copy.eml"  # carol's copy: not her move, still checked and filed
    copy.write_bytes(smtp_server.received[0].data)
    out = carol.run("inbox", copy).out
    save = savefile.read(save_path)
    assert f"filed        dragons-tigers game {save.game_id[:8]}, save 0 from alice" in out
    name = savefile.file_name(save.game_id, 0, "blue")
    assert (carol.data_dir / "games" / save.game_id / name).read_bytes() == save.raw
    assert f"Nothing awaits you.\nWaiting for others:\n  Dragons & Tigers of the Three " \
           f"Kingdoms {save.game_id[:8]} (witnessed dice), save 0: bob - bob joins the game" \
           in out


def test_unknown_recipient_and_bad_input(pair: tuple[Player, Player, Path],
                                         workdir: Path) -> None:
    alice, _, save_path = pair
    alice.run("config", "forget", "bob")
    result = alice.run("send", save_path, "--dry-run", ok=False)
    assert result.code == 2 and "bob (white) must act next but is not in your address book" \
        in result.err
    result = alice.run("send", workdir / "nothing.pbem.yaml", ok=False)
    assert result.code == 3 and "no such file" in result.err
    result = alice.run("config", "opponent", "not an identity", "x@pbem.test", ok=False)
    assert result.code == 7
    result = alice.run("config", "me", "not-an-address", ok=False)
    assert result.code == 2 and "is not an e-mail address" in result.err


def test_full_disk_writes_no_eml(pair: tuple[Player, Player, Path], workdir: Path,
                                 monkeypatch: pytest.MonkeyPatch) -> None:
    alice, _, save_path = pair

    def full(*_: object) -> bool:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(atomic, "_pause_for_tests", full)
    target = workdir / "turn.eml"
    result = alice.run("send", save_path, "--eml", target, ok=False)
    assert result.code == 10 and "No space left on device" in result.err
    assert not target.exists()
    assert [p.name for p in workdir.iterdir() if p.name.startswith(".pbem-tmp")] == []
