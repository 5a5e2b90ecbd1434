"""Shares given ahead, by mail between three homes: Chronicles of the Three Kingdoms with
witnessed dice, played up to the first season orders, when every realm has just been dealt
its action counters face down. A counter is read by its holder once both other players
have given their decryption share of it; the writer of the save that dealt them gave his
in it, and the other two would give theirs only in their next save, after the orders are
sealed. So each of these two players' pbem writes her shares in a signed file and mails
it: ``pbem watch --once`` in every home sends them and files the others', and then every
player reads all her counters before anyone's next save. A shares file whose share was
changed, even signed again with its giver's own key, is refused with the reason and not
kept."""

from __future__ import annotations

import dataclasses
import json
import re
from email import message_from_bytes, policy
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest

from pbem import savefile, selfplay, shares_ahead
from pbem.games.chronicles.board import Board
from pbem.savefile import SaveFile
from tests.mail.kit import Player, connect_imap, connect_smtp, introduce, make_player
from tests.mail.servers import Certificate, DovecotServer, SmtpServer
from tests.mail.turns import key_of, stored

KIND = "chronicles-of-the-three-kingdoms"
NAMES = ["alice", "bob", "carol"]
SEED = 7


def _dealt(save: SaveFile) -> bool:
    """Whether ``save`` asks the season orders of a round in which every realm holds its
    action counters face down (handles of the round's hidden deck)."""
    if save.due is None or save.due["step"] != "season" \
            or save.state["calendar"]["round"] < 1:
        return False
    board = Board(save.state)
    return all(board.realm(str(p["role"]))["counters"]
               and all("#" in str(c) for c in board.realm(str(p["role"]))["counters"])
               for p in save.players)


@pytest.fixture
def dealt(tmp_path: Path, cert: Certificate, smtp_server: SmtpServer,
          dovecot: DovecotServer) -> tuple[dict[str, Player], SaveFile]:
    """Three homes that know each other, each with the game filed up to the save that asks
    the first season orders (the counters just dealt), by ``pbem inbox`` of a folder of
    its saves before any mail server was set up: each pbem has written its player's
    shares file but could not send it. Then SMTP and IMAP are set up. The players by name,
    and that save."""
    smtp_server.imap = dovecot
    players = {name: make_player(tmp_path, name) for name in NAMES}
    for index, name in enumerate(NAMES):
        for other in NAMES[index + 1:]:
            introduce(players[name], players[other])
    keys = [key_of(players[name]).key for name in NAMES]
    game = selfplay.play(KIND, 3, SEED, keys=keys, dice="witnessed", until=_dealt)
    folder = tmp_path / "saves"
    folder.mkdir()
    for save in game.saves:
        (folder / savefile.file_name(save.game_id, save.sequence, save.writer)).write_bytes(
            save.raw)
    last = game.saves[-1]
    assert _dealt(last)
    for name, player in players.items():
        out = player.run("inbox", folder).out
        role = _role(last, player)
        name_of_file = shares_ahead.file_name(last.game_id, last.sequence, role)
        said = f"not sent (no SMTP server set up): pbem send {name_of_file}"
        assert (said in out) == bool(shares_ahead.owed(last, role)), (name, out)
    for player in players.values():
        connect_smtp(player, smtp_server, cert, smtp_server.users[player.address])
        connect_imap(player, dovecot)
    return players, last


def _role(save: SaveFile, player: Player) -> str:
    role = save.role_of(key_of(player).key.public)
    assert role is not None
    return role


def _counters_read(player: Player, save: SaveFile) -> dict[str, Any]:
    """``pbem show SAVE --json`` as ``player``: her action counters, entry -> action (``None``
    for one she cannot read)."""
    shown = json.loads(player.run("show", stored(player, save), "--json").out)
    role = shown["viewer"]
    assert role == _role(save, player)
    return {c["entry"]: c["action"] for c in shown["view"]["realms"][role]["counters"]}


def _watch_once(player: Player) -> str:
    return player.run("watch", "--once", "--no-notify").out


def test_every_home_mails_its_shares_and_each_player_reads_all_her_counters(
        dealt: tuple[dict[str, Player], SaveFile], smtp_server: SmtpServer) -> None:
    players, last = dealt
    game = last.game_id[:8]
    roles = {name: _role(last, player) for name, player in players.items()}
    givers = [name for name in NAMES if shares_ahead.owed(last, roles[name])]
    writer = next(name for name in NAMES if name not in givers)  # (his shares are in it)
    assert len(givers) == 2 and roles[writer] == last.writer
    for name, player in players.items():  # the control: before any mail, nothing is read
        read = _counters_read(player, last)
        assert read and all(action is None for action in read.values()), (name, read)

    said = {name: "" for name in NAMES}
    for _ in range(2):  # a second pass files what the homes after it sent in the first
        for name, player in players.items():
            said[name] += _watch_once(player)

    for name in givers:
        sent = re.findall(rf"^shared       .* game {game}, save {last.sequence}: your part of "
                          rf"the cards the others hold, sent ahead so each reads her own "
                          rf"at once; sent to (.*)$", said[name], re.MULTILINE)
        others = {f"{n}@pbem.test" for n in NAMES if n != name}
        assert len(sent) == 1 and set(sent[0].split(", ")) == others, said[name]
    for name in NAMES:
        filed = re.findall(rf"^filed        shares of (\S+) after save {last.sequence} of "
                           rf"game {game}, verified: \1's part of \d+ cards the others hold",
                           said[name], re.MULTILINE)
        assert sorted(filed) == sorted(roles[g] for g in givers if g != name), said[name]
        assert "quarantined" not in said[name] and "not answered" not in said[name]
    attached = [str(part.get_filename()) for delivered in smtp_server.received
                for part in _attachments(delivered.data)
                if str(part.get_filename()).endswith(shares_ahead.SUFFIX)]
    assert sorted(attached) == sorted(shares_ahead.file_name(last.game_id, last.sequence,
                                                             roles[g]) for g in givers)

    for name, player in players.items():
        read = _counters_read(player, last)
        assert read and all(action is not None for action in read.values()), (name, read)
    again = _watch_once(players[givers[0]])
    assert "shared" not in again and "filed" not in again, again  # sent and filed once


def _attachments(raw: bytes) -> list[EmailMessage]:
    msg = message_from_bytes(raw, policy=policy.default)
    assert isinstance(msg, EmailMessage)
    return list(msg.iter_attachments())  # type: ignore[arg-type]


def test_a_shares_file_with_a_share_changed_and_signed_again_is_quarantined(
        dealt: tuple[dict[str, Player], SaveFile], workdir: Path) -> None:
    players, last = dealt
    giver = next(name for name in NAMES if shares_ahead.owed(last, _role(last, players[name])))
    holder = next(name for name in NAMES if name != giver)
    role = _role(last, players[giver])
    name = shares_ahead.file_name(last.game_id, last.sequence, role)
    given = shares_ahead.read(players[giver].data_dir / "games" / last.game_id / name)
    handle = next(iter(given.shares))
    proof = dict(given.shares[handle]["proof"])
    proof["s"] = proof["s"][:-1] + ("1" if proof["s"][-1] != "1" else "2")
    changed = dataclasses.replace(given, shares={**given.shares, handle: {
        **given.shares[handle], "proof": proof}}, signature="")
    key = key_of(players[giver]).key
    forged = dataclasses.replace(changed, signature=key.raw_sign(changed.message()).hex())
    letter = workdir / "forged.eml"
    letter.write_bytes(_letter(players[giver], players[holder], name, forged.dump()))

    out = players[holder].run("inbox", letter).out
    lines = [ln for ln in out.splitlines() if ln.startswith("quarantined")]
    assert len(lines) == 1, out
    assert f"{role}'s share of {handle} is not hers for that card (its proof fails)" \
        in lines[0], out
    assert not (players[holder].data_dir / "games" / last.game_id / name).exists()
    folder = players[holder].data_dir / "games" / last.game_id
    assert role not in {f.role for f in shares_ahead.kept(last.game_id, [folder])}
    assert all(action is None for action in _counters_read(players[holder], last).values())


def _letter(sender: Player, to: Player, name: str, data: bytes) -> bytes:
    """A message from ``sender`` to ``to`` with ``data`` attached as ``name``."""
    msg = EmailMessage()
    msg["From"] = sender.address
    msg["To"] = to.address
    msg["Subject"] = "shares"
    msg.set_content("shares given ahead\n")
    msg.add_attachment(data, maintype="application", subtype="octet-stream", filename=name)
    return bytes(msg)


def test_pbem_send_mails_a_shares_file_by_its_name_and_the_watcher_does_not_again(
        dealt: tuple[dict[str, Player], SaveFile]) -> None:
    players, last = dealt
    giver = next(name for name in NAMES if shares_ahead.owed(last, _role(last, players[name])))
    name = shares_ahead.file_name(last.game_id, last.sequence, _role(last, players[giver]))
    others = [n for n in NAMES if n != giver]
    out = players[giver].run("send", name).out
    assert out.startswith(f"Sent {name} to ") and all(f"{n}@pbem.test" in out for n in others)
    assert "shared" not in _watch_once(players[giver])
    for other in others:
        assert f"filed        shares of {_role(last, players[giver])} after save " \
               f"{last.sequence}" in _watch_once(players[other])


def test_a_shares_file_that_comes_before_its_save_waits_and_is_filed_once_it_comes(
        dealt: tuple[dict[str, Player], SaveFile], workdir: Path) -> None:
    players, last = dealt
    giver = next(name for name in NAMES if shares_ahead.owed(last, _role(last, players[name])))
    holder = players[next(name for name in NAMES if name != giver)]
    role = _role(last, players[giver])
    name = shares_ahead.file_name(last.game_id, last.sequence, role)
    data = (players[giver].data_dir / "games" / last.game_id / name).read_bytes()
    later = workdir / "later"
    later.mkdir()
    kept = stored(holder, last)
    kept.rename(later / kept.name)  # (as if the save had not arrived yet)
    letter = workdir / "shares.eml"
    letter.write_bytes(_letter(players[giver], holder, name, data))
    label = f"shares of {role} after save {last.sequence} of game {last.game_id[:8]}"

    out = holder.run("inbox", letter).out
    assert f"waiting      {label}: its save has not arrived; kept aside" in out, out
    assert not (kept.parent / name).exists()
    out = holder.run("inbox", later).out
    assert f"filed        {label}, verified: " in out, out
    assert (kept.parent / name).read_bytes() == data
    assert not list((holder.data_dir / "mail" / "waiting").iterdir())
