"""Card Market, the test game that uses every hidden-card operation, played by four
players in four homes through the real local SMTP and IMAP servers, with ``pbem watch``
running as a real process on every side: from ``pbem new`` to the last save, whose audit
each player's pbem opens by itself, and ``pbem verify LAST --audit``.

Then every byte pbem wrote or mailed to each player — the files of their home, every
message that reached them, what their watcher printed — is searched for the other
players' secrets and their own (tests/mail/secrets_scan.py says which, in which forms):
none is there but what each audit opens on purpose, in the saves from that audit on. The
same search is shown to find a secret where one is: the player's own identity key in its
key file, the opened secrets in the saves, a secret planted in a save or a message."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.mail import whole_game
from tests.mail.kit import homes
from tests.mail.servers import Certificate, DovecotServer, SmtpServer
from tests.mail.turns import newest, stored
from tests.mail.watched import (
    OVER,
    RandomPlanner,
    invite,
    play_by_watchers,
    start_watchers,
)
from tests.mail.watching import Watching

NAMES = ["alice", "bob", "carol", "dave"]
EVERY_VERB = {"draw", "play", "give", "steal", "discard", "recycle", "scout", "keep", "show",
              "bid", "open-bid", "end"}


@pytest.mark.slow
def test_four_players_play_card_market_by_mail_to_its_audit(
        tmp_path: Path, workdir: Path, cert: Certificate, smtp_server: SmtpServer,
        dovecot: DovecotServer) -> None:
    players = homes(NAMES, tmp_path, cert, smtp_server, dovecot)
    watchers: dict[str, Watching] = {}
    try:
        start_watchers(players, watchers, tmp_path / "bin")
        first = invite(players["alice"], [players[n] for n in NAMES[1:]], workdir,
                       "card-market")
        planner = RandomPlanner(1)
        last = play_by_watchers(players, watchers, first.game_id[:8], workdir, planner)
        assert last.due is None and last.state["winner"] is not None
        assert set(planner.used) >= EVERY_VERB, planner.used
        for name, player in players.items():
            watchers[name].wait_for(OVER.format(game=first.game_id[:8]))
            assert newest(player, last.game_id).sha256 == last.sha256, name
        out = players["carol"].run("verify", stored(players["carol"], last), "--audit").out
        assert "audit: every hidden step re-checked" in out, out
    finally:
        codes = {name: watch.stop() for name, watch in watchers.items()}
    for name, watch in watchers.items():
        assert codes[name] == 0 and watch.err == [], watch.transcript()
    kinds = whole_game.the_mail_says_what_to_do(smtp_server, last, "Card Market")
    assert kinds["invitation"] == 3 and kinds["over"] == 1 and kinds["audit"] >= 4, kinds
    assert kinds["move"] >= 12 and kinds["witness"] >= 3 and kinds["key results"], kinds
    whole_game.nobody_received_another_players_secret(players, watchers, smtp_server, last)
