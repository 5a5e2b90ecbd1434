"""pbem inbox against a real IMAP server: Dovecot on 127.0.0.1, over IMAPS and STARTTLS."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pbem import identity, savefile
from pbem.errors import MailError
from pbem.identity import LocalIdentity
from pbem.mail import imap, sources
from tests.mail.kit import Player, connect_imap, make_player
from tests.mail.letters import letter, race, save_letter
from tests.mail.servers import DovecotServer, free_port


def _bob(root: Path, dovecot: DovecotServer, security: str = "ssl") -> tuple[Player,
                                                                           LocalIdentity]:
    bob = make_player(root, "bob")
    connect_imap(bob, dovecot, security)
    return bob, identity.load_key_file(bob.config_dir / "keys" / "bob", "bob")


def _filed(bob: Player, save: savefile.SaveFile) -> Path:
    name = savefile.file_name(save.game_id, save.sequence, save.writer)
    return bob.data_dir / "games" / save.game_id / name


def test_imaps_files_new_messages_once(tmp_path: Path, dovecot: DovecotServer) -> None:
    bob, key = _bob(tmp_path, dovecot)
    _, saves = race(key, turns=4)
    for save in saves[:5]:
        dovecot.deliver("bob", save_letter(save))
    dovecot.deliver("bob", letter(subject="just words"))
    result = bob.run("inbox")
    assert "Fetching 5 messages" in result.err
    assert ("Read 5 new messages; 1 without attachments were not downloaded." in result.out)
    for save in saves[:5]:
        assert f"-> {_filed(bob, save)}" in result.out
        assert _filed(bob, save).read_bytes() == save.raw
    dovecot.deliver("bob", save_letter(saves[5]))
    again = bob.run("inbox")
    assert "Read 1 new message." in again.out
    assert f"-> {_filed(bob, saves[5])}" in again.out
    assert f"-> {_filed(bob, saves[4])}" not in again.out
    assert "Read 0 new messages." in bob.run("inbox").out


def test_starttls_and_a_message_too_large(tmp_path: Path, dovecot: DovecotServer,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    bob, key = _bob(tmp_path, dovecot, "starttls")
    _, saves = race(key, turns=0)
    big = save_letter(saves[1], subject="a big one")
    dovecot.deliver("bob", save_letter(saves[0]))
    dovecot.deliver("bob", big)
    monkeypatch.setattr(imap, "MAX_MESSAGE", len(big) - 10)
    out = bob.run("inbox").out
    assert f"-> {_filed(bob, saves[0])}" in out
    assert re.search(r"refused      INBOX message \d+: message is .* not read", out), out
    assert not _filed(bob, saves[1]).exists()
    assert f"->  pbem join {_filed(bob, saves[0])}" in out


def test_a_connection_lost_part_way_keeps_what_was_done(tmp_path: Path, dovecot: DovecotServer,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    bob, key = _bob(tmp_path, dovecot)
    _, saves = race(key, turns=3)
    for save in saves:
        dovecot.deliver("bob", save_letter(save))
    download, count = imap.Folder.download, [0]

    def flaky(folder: imap.Folder, uid: int, size: int) -> sources.RawMessage:
        count[0] += 1
        if count[0] == 3:
            raise MailError("the server closed the connection (lost)", "imap test")
        return download(folder, uid, size)

    with monkeypatch.context() as patch:
        patch.setattr(imap.Folder, "download", flaky)
        failed = bob.run("inbox", ok=False)
    assert failed.code == 11 and "the server closed the connection (lost)" in failed.err
    assert [_filed(bob, s).exists() for s in saves] == [True, True, False, False, False]
    out = bob.run("inbox").out
    assert f"Read {len(saves) - 2} new messages." in out
    assert all(f"-> {_filed(bob, s)}" in out for s in saves[2:])
    assert not any(f"-> {_filed(bob, s)}" in out for s in saves[:2])


@pytest.mark.parametrize("problem", ["password", "untrusted", "unreachable", "wrong-mode",
                                     "folder"])
def test_server_problems_are_one_line(tmp_path: Path, dovecot: DovecotServer,
                                      problem: str) -> None:
    bob, _ = _bob(tmp_path, dovecot)
    expected = {"password": "refused the login for bob: wrong user name or password",
                "untrusted": "TLS failed: the server's certificate is not trusted",
                "unreachable": "cannot reach the server: connection refused",
                "wrong-mode": "the server answers in plain text, not TLS: it expects "
                              "STARTTLS; try: pbem config imap 127.0.0.1 --port "
                              f"{dovecot.imap_port} --security starttls",
                "folder": "no folder 'Games'"}[problem]
    base = ["config", "imap", "127.0.0.1", "--user", "bob"]
    if problem == "password":
        bob.env["PBEM_IMAP_PASSWORD"] = "wrong"
    elif problem == "untrusted":
        bob.run(*base, "--port", dovecot.imaps_port)
    elif problem == "unreachable":
        bob.run(*base, "--port", free_port(), "--ca-file", dovecot.cert.cert)
    elif problem == "wrong-mode":  # IMAPS spoken to the STARTTLS port
        bob.run(*base, "--port", dovecot.imap_port, "--ca-file", dovecot.cert.cert)
    else:
        bob.run(*base, "--port", dovecot.imaps_port, "--ca-file", dovecot.cert.cert,
                "--folder", "Games")
    result = bob.run("inbox", ok=False)
    assert result.code == 11, result.err
    assert expected in result.err and "imap 127.0.0.1:" in result.err
    assert not (bob.data_dir / "mail" / "seen.log").exists()
    assert not (bob.data_dir / "games").exists()
