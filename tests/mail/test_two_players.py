"""Two players, each with a home of their own, play Dragons & Tigers turn after turn with
nothing but pbem send, pbem inbox and pbem apply, through real SMTP and IMAP servers."""

from __future__ import annotations

import email
import email.policy
from pathlib import Path

import pytest

from pbem import identity, savefile, strict_yaml
from pbem.ledger import Ledger
from tests.mail.conftest import SMTP_USERS
from tests.mail.dt import KINGDOMS_OPTION, plan
from tests.mail.kit import (
    Player,
    connect_imap,
    connect_smtp,
    introduce,
    make_player,
    wrote,
    your_move,
)
from tests.mail.servers import Certificate, DovecotServer, SmtpServer

TURNS = 8


def _key(player: Player) -> identity.LocalIdentity:
    return identity.load_key_file(player.config_dir / "keys" / player.name, player.name)


def _collect(player: Player) -> tuple[str, Path]:
    """``pbem inbox``: exactly one new save arrives, and it is this player's move."""
    out = player.run("inbox").out
    assert out.startswith("Read 1 new message."), out
    assert sum(line.startswith("filed") for line in out.splitlines()) == 1, out
    return your_move(out)


def test_a_game_by_email_between_two_homes(tmp_path: Path, workdir: Path, cert: Certificate,
                                           smtp_server: SmtpServer,
                                           dovecot: DovecotServer,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    smtp_server.imap = dovecot  # what the SMTP server accepts lands in the IMAP INBOX
    alice, bob = make_player(tmp_path, "alice"), make_player(tmp_path, "bob")
    introduce(alice, bob)
    for player in (alice, bob):
        connect_smtp(player, smtp_server, cert, SMTP_USERS[player.address])
    connect_imap(alice, dovecot, "ssl")
    connect_imap(bob, dovecot, "starttls")

    invitation = workdir / "bob.id"
    invitation.write_text(bob.id_line + "\n")
    first = workdir / "new-game.pbem.yaml"
    alice.run("new", "dragons-tigers", "--opponent", invitation, "--option", KINGDOMS_OPTION,
              "-o", first)
    alice.run("send", first)

    command, path = _collect(bob)
    assert command == "join"
    joined = wrote(bob.run("join", path).out)
    bob.run("send", joined)

    by_role = {"blue": alice, "white": bob}
    mover = alice
    last = savefile.read(joined)
    for turn in range(TURNS):
        command, path = _collect(mover)
        assert command == "play"
        received = savefile.read(path)
        assert received.sha256 == last.sha256
        actions = workdir / f"turn-{turn}-{mover.name}.yaml"
        actions.write_text(strict_yaml.dump(plan(received, _key(mover))))
        written = wrote(mover.run("apply", path, actions).out)
        assert written.parent == path.parent  # filed beside the save it answers
        out = mover.run("send", written).out
        last = savefile.read(written)
        assert last.due is not None, "the game ended early"
        assert f"Sent dragons-tigers game {last.game_id[:8]}, save {last.sequence}" in out
        mover = by_role[last.due["role"]]
        assert mover is not by_role[last.writer]

    _, final_path = _collect(mover)
    assert savefile.read(final_path).sha256 == last.sha256
    assert len(smtp_server.received) == TURNS + 2
    final = email.message_from_bytes(smtp_server.received[-1].data,
                                     policy=email.policy.default)
    assert final["Subject"].startswith("[pbem] Dragons & Tigers of the Three Kingdoms "
                                       f"{last.game_id[:8]} — round ")
    assert final["Subject"].endswith(f"save {last.sequence} — {mover.name} to move")
    names = {part.get_filename() for part in final.iter_attachments()}
    stem = savefile.file_name(last.game_id, last.sequence, last.writer).removesuffix(
        ".pbem.yaml")
    assert names == {f"{stem}.pbem.yaml", f"{stem}.map.png"}

    for player in (alice, bob):
        monkeypatch.setenv("PBEM_DATA_DIR", str(player.data_dir))
        head = Ledger(_key(player).key.public).head(last.game_id)
        assert head is not None and head["sha256"] == last.sha256, player.name
        stored = sorted(p.name for p in (player.data_dir / "games" / last.game_id).iterdir())
        assert len(stored) == last.sequence + 1, stored
    assert "OK:" in mover.run("verify", final_path).out
