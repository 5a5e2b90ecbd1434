"""A message leaves out the saves each of its recipients already holds: the saves a
message carried to an address (sent from here, or named in To or Cc of the message that
brought them) are not sent to it again; what nobody is known to hold still goes."""

from __future__ import annotations

import email
import email.policy
from pathlib import Path

import pytest

from pbem import identity, paths, savefile, session, store
from pbem.mail import copies, outbox
from pbem.savefile import SaveFile
from pbem.signing import PrivateKey
from tests.mail.conftest import SMTP_USERS
from tests.mail.kit import Player, connect_smtp, wrote
from tests.mail.servers import Certificate, SmtpServer
from tests.mail.test_missing_saves import _hand_over, _three, _turn
from tests.mail.test_outbox import _three as _three_saves
from tests.mail.turns import stored


def _carried(eml: Path) -> list[int]:
    msg = email.message_from_bytes(eml.read_bytes(), policy=email.policy.default)
    return [savefile.parse(p.get_payload(decode=True), "mail").sequence
            for p in msg.iter_attachments() if str(p.get_filename()).endswith(".pbem.yaml")]


def _race(players: dict[str, Player], workdir: Path) -> SaveFile:
    """A 3-player race by mail (.eml files, each read by both others, each player
    resting), up to alice's turn after bob's and carol's."""
    alice, bob, carol = players["alice"], players["bob"], players["carol"]
    for other in (bob, carol):
        (workdir / f"{other.name}.id").write_text(other.id_line + "\n")
    first = workdir / "race.pbem.yaml"
    alice.run("new", "tiny-race-3", "--opponent", workdir / "bob.id", "--opponent",
              workdir / "carol.id", "--dice", "open", "--option", "target=60", "-o", first)
    _hand_over(alice, savefile.read(first), [bob, carol], workdir)
    by_role = {"red": alice, "green": bob, "blue": carol}
    last = savefile.read(first)
    while last.sequence < 6 or last.due is None or last.due["role"] != "red" \
            or last.due["step"] != "run":
        assert last.due is not None
        player = by_role[last.due["role"]]
        if last.due["step"] == "join":
            last = savefile.read(wrote(player.run("join", stored(player, last)).out))
        else:  # (resting: the turn passes on in seat order, whatever the dice)
            last = _turn(player, last, workdir, rest=last.due["step"] == "run")
        _hand_over(player, last, [p for p in players.values() if p is not player], workdir)
    return last


def test_a_player_copied_on_the_last_hand_over_is_not_sent_it_again(
        tmp_path: Path, workdir: Path) -> None:
    players = _three(tmp_path)
    alice = players["alice"]
    last = _race(players, workdir)  # carol's, mailed to alice and bob
    assert last.writer == "blue"
    mine = _turn(alice, last, workdir, rest=True)
    eml = workdir / "mine.eml"
    alice.run("send", stored(alice, mine), "--eml", eml)
    assert _carried(eml) == [mine.sequence]  # bob was copied on carol's save

    # what the copies say is what was known: without them, carol's save goes to bob too
    (alice.data_dir / "mail" / "copies" / f"{mine.game_id}.log").unlink()
    again = workdir / "again.eml"
    alice.run("send", stored(alice, mine), "--eml", again)
    assert _carried(again) == [last.sequence, mine.sequence]


def test_a_save_nobody_is_known_to_hold_is_carried(alice: identity.LocalIdentity,
                                                   bob: identity.LocalIdentity) -> None:
    carol = identity.LocalIdentity("carol", PrivateKey.generate())
    saves = _three_saves(alice, bob, carol, 9)
    for save in saves:
        store.keep(save)
    last = saves[-1]
    others = [(str(p["role"]), f"{p['name']}@pbem.test") for p in last.players
              if p["role"] != last.writer]
    before = outbox.needed(last, others)
    assert before == outbox.unacknowledged(last, [r for r, _ in others])  # nothing known
    needs = {address: outbox.needed(last, [(role, address)]) for role, address in others}
    behind, ahead = sorted(others, key=lambda other: len(needs[other[1]]), reverse=True)
    assert before == needs[behind[1]] and len(before) >= 2 and before[-1] is last
    assert len(needs[ahead[1]]) < len(before)
    copies.record(before[:-1], [ahead[1]])  # (the other recipient holds them anyway)
    assert outbox.needed(last, others) == before  # the first still lacks them
    copies.record(before[:1], [behind[1].upper()])  # (addresses compare in lower case)
    assert outbox.needed(last, others) == before[1:]
    copies.record(before[:-1], [behind[1]])
    assert outbox.needed(last, others) == [last]


def test_the_copies_log_keeps_whole_lines_of_real_addresses(
        alice: identity.LocalIdentity, bob: identity.LocalIdentity) -> None:
    save = session.new_game("tiny-race", alice, [bob.identity], {"target": 30})
    copies.record([save], ["Alice@Example.org", "not an address", "", "x\x1b@y"])
    log = paths.data_dir() / "mail" / "copies" / f"{save.game_id}.log"
    assert log.read_text() == f"{save.sha256} alice@example.org\n"
    with open(log, "a") as out:
        out.write(f"{save.sha256} carol@exam")  # cut off by a power cut
    assert copies.holders(save.game_id) == {save.sha256: {"alice@example.org"}}
    assert copies.holders("../../etc") == {}
    named = copies.named(["Alice <alice@pbem.test>", 'bob@pbem.test, "C" <carol@pbem.test>',
                          "ALICE@pbem.test"])
    assert named == ["alice@pbem.test", "bob@pbem.test", "carol@pbem.test"]
    many = ", ".join(f"p{i}@pbem.test" for i in range(40))
    assert len(copies.named([many])) == copies.MAX_ADDRESSES


def test_a_message_sent_from_here_is_noted_for_its_recipients(
        tmp_path: Path, workdir: Path, smtp_server: SmtpServer, cert: Certificate,
        monkeypatch: pytest.MonkeyPatch) -> None:
    players = _three(tmp_path)
    alice = players["alice"]
    for other in ("bob", "carol"):
        (workdir / f"{other}.id").write_text(players[other].id_line + "\n")
    first = workdir / "race.pbem.yaml"
    alice.run("new", "tiny-race-3", "--opponent", workdir / "bob.id", "--opponent",
              workdir / "carol.id", "-o", first)
    connect_smtp(alice, smtp_server, cert, SMTP_USERS[alice.address])
    alice.run("send", first)
    save = savefile.read(first)
    monkeypatch.setenv("PBEM_DATA_DIR", str(alice.data_dir))
    assert copies.holders(save.game_id) == {
        save.sha256: {"alice@pbem.test", "bob@pbem.test", "carol@pbem.test"}}
