"""pbem inbox on local mail: Maildir and mbox folders written with Python's mailbox
module, an .eml as a mail program writes it, and every kind of bad mail."""

from __future__ import annotations

import base64
import errno
import mailbox
import secrets
from pathlib import Path

import pytest

from pbem import atomic, identity, paths, savefile, store
from pbem.ledger import Ledger
from pbem.mail import sources
from pbem.mail.filing import quarantine_folder, waiting_folder
from pbem.savefile import SaveFile
from pbem.signing import PrivateKey
from tests.mail.kit import cli
from tests.mail.letters import (
    big_letter,
    deep_letter,
    forged,
    fork_of,
    letter,
    race,
    resigned,
    save_letter,
)


def _filed(save: SaveFile) -> Path:
    return store.game_folder(save.game_id) / savefile.file_name(save.game_id, save.sequence,
                                                                save.writer)


def _maildir(folder: Path, *messages: bytes) -> Path:
    box = mailbox.Maildir(str(folder), create=True)
    for data in messages:
        box.add(data)
    return folder


def _stored_names(save: SaveFile) -> list[str]:
    folder = store.game_folder(save.game_id)
    return sorted(p.name for p in folder.iterdir()) if folder.is_dir() else []


def test_maildir_files_each_save_once_and_lists_the_next_move(tmp_path: Path) -> None:
    bob = identity.keygen("bob")
    _, saves = race(bob, turns=5)
    box = _maildir(tmp_path / "Maildir", *(save_letter(s) for s in saves))
    out = cli({}, "inbox", box).out
    assert f"Read {len(saves)} new messages." in out
    for save in saves:
        assert f"-> {_filed(save)}" in out
        assert _filed(save).read_bytes() == save.raw
    last = saves[-1]
    assert last.due is not None
    if last.due["role"] == "green":  # bob plays green
        assert (f"Your move:\n  Tiny Race {last.game_id[:8]} (open dice), save "
                f"{last.sequence}") in out
        assert f"->  pbem play {_filed(last)}" in out
    else:
        assert f"Waiting for others:\n  Tiny Race {last.game_id[:8]} (open dice)" in out
    head = Ledger(bob.key.public).head(last.game_id)
    assert head is not None and head["sha256"] == last.sha256
    again = cli({}, "inbox", box).out
    assert f"Read 0 new messages ({len(saves)} read before were skipped)." in again
    everything = cli({}, "inbox", box, "--all").out
    assert "received before; already filed" in everything
    assert "an old save, received before" in everything
    assert len(_stored_names(last)) == len(saves)


def test_mbox_and_a_save_for_a_spectator(tmp_path: Path) -> None:
    carol = identity.keygen("carol")  # watches a game of alice and bob
    bob = identity.LocalIdentity("bob", PrivateKey.generate())
    _, saves = race(bob, turns=3)
    box = mailbox.mbox(str(tmp_path / "saves.mbox"), create=True)
    for save in saves:
        box.add(save_letter(save))
    box.close()
    out = cli({}, "inbox", tmp_path / "saves.mbox").out
    for save in saves:
        assert f"-> {_filed(save)}" in out
    assert "verified: re-checked from the first save (1 save)" in out  # the first, alone
    for save in saves[1:]:  # each later one from the one before it, checked in this run
        assert f"save {save.sequence} from " in out and \
            f"verified: follows save {save.sequence - 1}, checked in this run" in out
    assert "Nothing awaits you." in out
    assert Ledger(carol.key.public).head(saves[0].game_id) is None


THUNDERBIRD = """\
Content-Type: multipart/mixed; boundary="------------0KxGm3yqbWJ4hSg1KpK2cN0d"
Message-ID: <5b4e1c8e-3f0a-4f8e-9c1d-2f6f1b0e8a11@pbem.test>
Date: Sun, 22 Nov 2026 13:00:00 +0100
MIME-Version: 1.0
User-Agent: Mozilla Thunderbird
Content-Language: en-GB
To: Bob <bob@pbem.test>
From: Alice <alice@pbem.test>
Subject: =?UTF-8?Q?new_game_=E2=80=94_your_turn?=

This is a multi-part message in MIME format.
--------------0KxGm3yqbWJ4hSg1KpK2cN0d
Content-Type: text/plain; charset=UTF-8; format=flowed
Content-Transfer-Encoding: 7bit

Hi Bob, a new race. Join it!

--------------0KxGm3yqbWJ4hSg1KpK2cN0d
Content-Type: application/x-yaml; name="{name}"
Content-Disposition: attachment; filename="{name}"
Content-Transfer-Encoding: base64

{body}
--------------0KxGm3yqbWJ4hSg1KpK2cN0d--
"""


def test_eml_as_a_mail_program_writes_it(tmp_path: Path) -> None:
    bob = identity.keygen("bob", b"a passphrase pbem inbox never needs")
    _, saves = race(bob, turns=0)
    first = saves[0]
    encoded = base64.b64encode(first.raw).decode()
    lines = [encoded[i:i + 76] for i in range(0, len(encoded), 76)]
    name = savefile.file_name(first.game_id, 0, first.writer)
    text = THUNDERBIRD.format(name=name, body="\n".join(lines)).replace("\n", "\r\n")
    eml = tmp_path / "new game.eml"
    eml.write_bytes(text.encode())
    out = cli({}, "inbox", eml).out
    assert f"filed        tiny-race game {first.game_id[:8]}, save 0 from alice (red)" in out
    assert f"->  pbem join {_filed(first)}" in out


def test_bad_mail_is_reported_and_nothing_is_applied(tmp_path: Path) -> None:
    bob = identity.keygen("bob")
    alice, saves = race(bob, turns=6)
    box = _maildir(tmp_path / "Maildir", *(save_letter(s) for s in saves[:5]))
    cli({}, "inbox", box)
    ledger = Ledger(bob.key.public)
    game = saves[0].game_id
    assert ledger.head(game)["sequence"] == 4  # type: ignore[index]
    good = saves[5]
    chess_id = secrets.token_hex(16)
    chess = resigned(saves[0], alice.key, game={**saves[0].game, "id": chess_id,
                                                "kind": "chess"})
    _, other_game = race(bob, turns=3)
    _maildir(
        box,
        save_letter(good, forged(good), subject="forged"),
        save_letter(good, good.raw[: len(good.raw) // 2], subject="truncated"),
        big_letter(30_000_000),
        deep_letter(),
        letter(*((f"part-{i}.txt", b"x", "text/plain") for i in range(50)), subject="fifty"),
        save_letter(saves[0], chess, subject="unknown game"),
        save_letter(other_game[3], subject="a game never seen"),
        save_letter(saves[1], subject="replayed old turn"),
        save_letter(good, subject="the turn"),
        save_letter(good, subject="the turn, sent again"),
        letter(("photo.jpg", b"\xff\xd8\xff\xe0 not really", "image/jpeg"), subject="holiday"),
    )
    result = cli({}, "inbox", box)
    out = result.out
    assert "Read 11 new messages (5 read before were skipped)." in out
    lines = out.splitlines()

    def line(start: str, *words: str) -> str:
        found = [ln for ln in lines if ln.startswith(start) and all(w in ln for w in words)]
        assert len(found) == 1, (start, words, out)
        return found[0]

    line("quarantined", "-0005-", "bad signature: signature does not match the signed bytes")
    line("quarantined", "no signature block at the end (cut off")
    line("refused", "message is 41.", "MB, more than the 16 MiB")
    line("refused", '"fifty"): the message has more than 16 attachments; nothing in it was '
         'read -> ')
    line("refused", '"deep"): the message has more than 256 lines that may start a part')
    line("quarantined", "unknown game 'chess'")
    line("waiting", f"tiny-race game {other_game[0].game_id[:8]}, save 3: saves 0-2 of this "
         f"game have not arrived; ask for them again: ", "who wrote save 3, with  pbem send "
         f"--resend 0..2 {other_game[0].game_id[:8]}-0003-")
    line("old", f"game {game[:8]}, save 1", "an old save, received before (you are at save 4)")
    line("filed", f"game {game[:8]}, save 5")
    line("known", f"game {game[:8]}, save 5: the same save came twice; filed once")
    line("ignored", "photo.jpg - not a save")
    assert result.err == ""
    head = ledger.head(game)
    assert head is not None and head["sha256"] == good.sha256
    assert _stored_names(good) == sorted(savefile.file_name(game, s.sequence, s.writer)
                                         for s in saves[:6])
    quarantined = sorted(p.name for p in quarantine_folder().iterdir())
    assert len([n for n in quarantined if n.endswith("-message.eml")]) == 2
    assert len([n for n in quarantined if n.endswith(".reason.txt")]) == 5
    assert len(quarantined) == 10
    assert not (paths.data_dir() / "games" / chess_id).exists()
    assert len(list(waiting_folder().iterdir())) == 1


def test_a_fork_is_quarantined_and_stops_the_game(tmp_path: Path) -> None:
    bob = identity.keygen("bob")
    alice, saves = race(bob, turns=4)
    box = _maildir(tmp_path / "Maildir", *(save_letter(s) for s in saves))
    cli({}, "inbox", box)
    last = saves[-1]
    writer = alice if last.writer == "red" else bob
    twin = fork_of(saves[-2], writer)
    assert twin.sha256 != last.sha256
    _maildir(box, save_letter(twin, subject="the same turn, played again"))
    out = cli({}, "inbox", box).out
    assert "fork:" in out and "quarantined" in out
    assert f"Tiny Race {last.game_id[:8]}: STOPPED by a fork" in out
    assert len(_stored_names(last)) == len(saves) + 1  # both versions kept as evidence
    assert any(twin.sha256[:12] in name for name in _stored_names(last))


def test_a_save_waits_for_the_one_before_it(tmp_path: Path) -> None:
    bob = identity.keygen("bob")
    _, saves = race(bob, turns=4)
    box = _maildir(tmp_path / "Maildir", *(save_letter(s) for s in saves[:3]),
                   save_letter(saves[4]))
    out = cli({}, "inbox", box).out
    assert f"waiting      tiny-race game {saves[0].game_id[:8]}, save 4" in out
    assert not _filed(saves[4]).exists()
    _maildir(box, save_letter(saves[3]))
    out = cli({}, "inbox", box).out
    assert f"-> {_filed(saves[3])}" in out and f"-> {_filed(saves[4])}" in out
    assert list(waiting_folder().iterdir()) == []


def test_full_disk_is_one_line_and_nothing_is_lost(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    bob = identity.keygen("bob")
    _, saves = race(bob, turns=2)
    box = _maildir(tmp_path / "Maildir", *(save_letter(s) for s in saves))

    def full(*_: object) -> bool:
        raise OSError(errno.ENOSPC, "No space left on device")

    with monkeypatch.context() as disk:  # undoes the full disk only, not the test's home
        disk.setattr(atomic, "_pause_for_tests", full)
        result = cli({}, "inbox", box, ok=False)
    assert result.code == 10 and "No space left on device" in result.err
    assert not list(store.game_folder(saves[0].game_id).glob("*.pbem.yaml"))
    assert Ledger(bob.key.public).head(saves[0].game_id) is None
    assert str(tmp_path) in str(paths.data_dir())
    out = cli({}, "inbox", box).out
    assert f"Read {len(saves)} new messages." in out
    assert all(_filed(s).exists() for s in saves)
    assert all(str(_filed(s)).startswith(str(tmp_path)) for s in saves)


def test_a_plain_folder_gives_its_messages_and_saves(tmp_path: Path) -> None:
    """A folder that is not a Maildir (a shared folder, saved mail): its .eml files and
    saves are read, each once; other files are not looked at."""
    bob = identity.keygen("bob")
    _, saves = race(bob, turns=3)
    folder = tmp_path / "shared"
    folder.mkdir()
    (folder / "a-turn.eml").write_bytes(save_letter(saves[0]))
    for save in saves[1:]:
        (folder / savefile.file_name(save.game_id, save.sequence, save.writer)).write_bytes(
            save.raw)
    (folder / "notes.txt").write_text("not a save")
    (folder / "sub").mkdir()
    out = cli({}, "inbox", folder).out
    assert f"Read {len(saves)} new messages." in out
    assert all(f"-> {_filed(save)}" in out for save in saves)
    assert "notes.txt" not in out
    assert Ledger(bob.key.public).head(saves[0].game_id)["sha256"] == saves[-1].sha256
    again = cli({}, "inbox", folder).out
    assert f"Read 0 new messages ({len(saves)} read before were skipped)." in again


def test_bad_folders_are_one_line(tmp_path: Path) -> None:
    identity.keygen("bob")
    result = cli({}, "inbox", tmp_path / "missing", ok=False)
    assert result.code == 3 and "no such file or folder" in result.err
    result = cli({}, "inbox", ok=False)
    assert result.code == 2 and "no IMAP server set up" in result.err


def test_a_maildir_is_read_in_the_order_its_messages_came(tmp_path: Path) -> None:
    """Maildir names start with the time of arrival, in numbers of varying length."""
    box = _maildir(tmp_path / "Maildir")
    names = ["1700000000.M99P7Q1.host", "1700000000.M123P7Q2.host",
             "1699999999.M999999P7Q0.host", "1700000001.M5P7Q3.host"]
    for name in names:
        (box / "new" / name).write_bytes(letter(subject=name))
    read = [raw.where.rsplit(" ", 1)[-1] for raw in sources.read(box)]
    assert read == [names[2], names[0], names[1], names[3]]
