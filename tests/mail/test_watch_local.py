"""pbem watch on local mail (a Maildir, polled): it files what arrives as pbem inbox does,
answers roll requests by itself, says once when it is the player's move (on a line and
by notify-send where there is one), and ends cleanly on Ctrl-C; --once does one pass."""

from __future__ import annotations

import os
from pathlib import Path

from pbem import identity, savefile, session
from pbem.savefile import SaveFile
from pbem.signing import PrivateKey
from tests.mail.kit import cli, make_player, wrote
from tests.mail.letters import maildir, race, save_letter
from tests.mail.watching import fake_notifier, start


def _witnessed_race(bob: identity.LocalIdentity) -> tuple[identity.LocalIdentity, SaveFile]:
    """alice (a key only here) makes a witnessed tiny race against bob."""
    alice = identity.LocalIdentity("alice", PrivateKey.generate())
    first = session.new_game("tiny-race", alice, [bob.identity], {"target": 30},
                             dice="witnessed")
    return alice, first


def _filed(home: Path, save: SaveFile) -> Path:
    return (home / "data" / "games" / save.game_id
            / savefile.file_name(save.game_id, save.sequence, save.writer))


def test_watch_files_answers_and_says_your_move_once(tmp_path: Path) -> None:
    bob = make_player(tmp_path, "bob")
    key = identity.load_key_file(bob.config_dir / "keys" / "bob", "bob")
    alice, first = _witnessed_race(key)
    box = maildir(tmp_path / "Maildir", save_letter(first))
    folder, record = fake_notifier(tmp_path / "bin")
    watch = start(bob, box, "--interval", "0.2", path=folder)
    try:
        watch.wait_for(r"^Watching .*Maildir: looking every 0.2 s\.$")
        watch.wait_for(r"^filed        tiny-race game \w+, save 0 from alice \(red\), "
                       r"verified: .* - witnessed dice: ")
        _, move = watch.wait_for(r"^your move    Tiny Race (\w+) \(witnessed dice\), save 0: "
                                 r"bob joins the game \(pbem join\)  ->  pbem join (\S+)$")
        assert Path(move.group(2)) == _filed(bob.home, first)
        joined = wrote(cli(bob.env, "join", move.group(2)).out)
        start_request = session.Composer(savefile.read(joined), alice).finish()  # the opening
        assert start_request.due is not None and start_request.due["step"] == "witness"
        maildir(box, save_letter(start_request))
        index, answered = watch.wait_for(r"^answered     tiny-race game \w+, save 3: a roll "
                                         r"request, answered by revealing your next dice "
                                         r"link; not sent \(no SMTP server set up\): pbem "
                                         r"send (\S+)$")
        answer = savefile.read(_filed(bob.home, savefile.read(joined)).parent
                               / answered.group(1))
        assert answer.actions[0]["do"] == "witness" and answer.actions[0]["dice"]
        assert answer.due is not None
        if answer.due["role"] == "green":  # bob runs first: his move, said once
            watch.wait_for(r"^your move    Tiny Race \w+ \(witnessed dice\), save 3: roll or "
                           r"rest  ->  pbem play ", after=index)
        maildir(box, b"From: x@y\r\nSubject: hello\r\n\r\nno save here\r\n")
        watch.wait_for(r"^Read 1 new message\.$", after=index)
    finally:
        code = watch.stop()
    assert code == 0, watch.transcript()
    assert watch.out[-1] == "Stopped watching.", watch.transcript()
    assert watch.err == [
        "pbem: no SMTP server set up: roll requests are answered but the answers are not "
        "sent (pbem config smtp HOST)"], watch.transcript()
    assert sum(line.startswith("your move") for line in watch.out) == \
        1 + (answer.due["role"] == "green"), watch.transcript()
    shown = record.read_text().splitlines()
    assert shown[0].startswith("--app-name=pbem|pbem: your move|Tiny Race ")
    assert len(shown) == sum(line.startswith("your move") for line in watch.out)


def test_once_is_one_pass_and_needs_no_notifier(tmp_path: Path) -> None:
    bob = make_player(tmp_path, "bob")
    key = identity.load_key_file(bob.config_dir / "keys" / "bob", "bob")
    _, saves = race(key, turns=2)
    box = maildir(tmp_path / "Maildir", *(save_letter(s) for s in saves))
    empty = tmp_path / "empty-bin"
    empty.mkdir()
    watch = start(bob, box, "--once", path=empty)
    assert watch.finish() == 0, watch.transcript()
    assert watch.out[0] == f"Reading {box} once."
    assert watch.out[1] == f"Read {len(saves)} new messages."
    assert sum(line.startswith("filed ") for line in watch.out) == len(saves)
    assert "Stopped watching." not in watch.out
    again = start(bob, box, "--once", path=empty)
    assert again.finish() == 0 and again.out[0] == f"Reading {box} once.", again.transcript()
    assert not [line for line in again.out if line.startswith(("Read ", "filed "))]
    assert again.err == watch.err == [
        "pbem: no SMTP server set up: roll requests are answered but the answers are not "
        "sent (pbem config smtp HOST)"], again.transcript()


def test_a_broken_configuration_ends_it_with_its_code(tmp_path: Path) -> None:
    bob = make_player(tmp_path, "bob")
    no_server = cli(bob.env, "watch", ok=False)
    assert no_server.code == 2 and "no IMAP server set up" in no_server.err
    missing = cli(bob.env, "watch", tmp_path / "nowhere", ok=False)
    assert missing.code == 3 and "no such file or folder" in missing.err
    cli(bob.env, "config", "imap", "127.0.0.1", "--port", "993")
    no_password = cli({**bob.env, "PBEM_IMAP_PASSWORD": ""}, "watch", ok=False)
    assert no_password.code == 11 and "no IMAP password for bob@pbem.test" in no_password.err
    (bob.config_dir / "config.yaml").write_text("me: [\n")
    broken = cli(bob.env, "watch", ok=False)
    assert broken.code == 3 and "config.yaml" in broken.err
    assert not os.listdir(tmp_path / "outside-home")
