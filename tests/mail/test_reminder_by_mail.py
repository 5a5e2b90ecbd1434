"""A late player is reminded through the real local SMTP and IMAP servers: alice's invitation
was written more than three days ago (the default deadline of a game by mail), bob has not
joined, and a pass of alice's ``pbem watch`` mails bob a reminder; a second pass the same
day sends nothing, and bob's own pass only says that he is late."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

from freezegun import freeze_time

from pbem import savefile
from tests.mail.kit import Player
from tests.mail.servers import DovecotServer, SmtpServer


def _reminders(dovecot: DovecotServer, user: str) -> list[str]:
    return [s for s in dovecot.subjects(user) if " — reminder: " in s]


def test_a_late_player_gets_one_reminder_a_day_from_the_waiting_players_watch(
        alice_and_bob: tuple[Player, Player], workdir: Path, dovecot: DovecotServer,
        smtp_server: SmtpServer) -> None:
    alice, bob = alice_and_bob
    invitation = workdir / "bob.id"
    invitation.write_text(bob.id_line + "\n")
    first_path = workdir / "race.pbem.yaml"
    made = dt.datetime.now(dt.UTC).replace(microsecond=0) - dt.timedelta(days=3, hours=1)
    with freeze_time(made):  # (no mail is sent while the clock is held)
        alice.run("new", "tiny-race", "--opponent", invitation, "--option", "target=12",
                  "-o", first_path)
    first = savefile.read(first_path)
    assert first.game["deadline"] == {"answer": "3d", "grace": "1d"}
    alice.run("send", first_path)
    assert len(dovecot.subjects("bob")) == 1 and _reminders(dovecot, "bob") == []
    game = first.game_id[:8]
    due = (made + dt.timedelta(days=3)).strftime("%Y-%m-%d %H:%M UTC")
    claim = (made + dt.timedelta(days=4)).strftime("%Y-%m-%d %H:%M UTC")

    out = alice.run("watch", "--once", "--no-notify").out
    assert f"late         Tiny Race {game}: bob owes save 1 since {due} (LATE by 1h" in out
    assert f", claim from {claim}\n" in out, out
    assert f"reminded     Tiny Race {game}: bob, save 1; sent to bob@pbem.test\n" in out, out
    assert _reminders(dovecot, "bob") == [
        f"[pbem] Tiny Race {game} — save 1 — reminder: bob late since {due}"]
    sent = len(smtp_server.received)

    again = alice.run("watch", "--once", "--no-notify").out
    assert "late " not in again and "reminded" not in again, again
    assert len(_reminders(dovecot, "bob")) == 1 and len(smtp_server.received) == sent

    # bob's pbem reads the reminder (the invitation came again with it) and says he is late
    read = bob.run("inbox").out
    assert "Your move:" in read and f"Tiny Race {game}" in read
    assert "bob joins the game (pbem join) (LATE by 1h" in read, read
    own = bob.run("watch", "--once", "--no-notify").out
    assert f"late         Tiny Race {game}: bob owes save 1 since {due}" in own, own
    assert "reminded" not in own and len(smtp_server.received) == sent, own
    assert "save 0: bob joins the game (pbem join) (LATE by 1h" in own, own
