"""Orders placed at once, side by side, by mail: three homes play Tiny Bids
(tests/sealedgame.py) through the real local SMTP and IMAP servers, ``pbem watch`` on every
side. When the bids are asked, each watcher says so at once; each player seals her bid with
``pbem apply`` (a file, no save) and mails it; then, unattended, the first player's watcher
writes the save of the three sealed bids, every watcher mails the opening of its own, and
the first player is told it is her move, with the round scored. No mail before the openings
holds a bid."""

from __future__ import annotations

import re
from email import message_from_bytes
from pathlib import Path

from pbem import savefile
from tests.mail.kit import homes
from tests.mail.servers import Certificate, DovecotServer, SmtpServer
from tests.mail.turns import newest
from tests.mail.watched import (
    MOVE,
    apply_and_send,
    invite,
    play_by_watchers,
    start_watchers,
)
from tests.mail.watching import Watching

NAMES = ["alice", "bob", "carol"]
BIDS = {"alice": 3, "bob": 1, "carol": 1}
SEALED = re.compile(r"Your answer is sealed .*: wrote (\S+\.pbem-ahead\.yaml)\.")


def test_three_homes_bid_at_once_by_mail_and_their_watchers_open_the_bids(
        tmp_path: Path, workdir: Path, cert: Certificate, smtp_server: SmtpServer,
        dovecot: DovecotServer) -> None:
    players = homes(NAMES, tmp_path, cert, smtp_server, dovecot)
    watchers: dict[str, Watching] = {}
    try:
        start_watchers(players, watchers, tmp_path / "bin")
        first = invite(players["alice"], [players["bob"], players["carol"]], workdir,
                       "tiny-bids")
        game = first.game_id[:8]
        starting = play_by_watchers(players, watchers, game, workdir, lambda *_: [],
                                    stop=lambda save: save.writer == "blue")  # (joined)
        asking = apply_and_send(players["alice"], starting, [{"do": "rest"}], workdir)
        assert asking.due is not None and asking.due["step"] == "bid"
        for name in NAMES[1:]:  # (alice wrote that save herself)
            watchers[name].wait_for(rf"^asked .* {game} .*save {asking.sequence}: .*"
                                    r"answered sealed, side by side")
        before_openings = len(smtp_server.received)
        for name in NAMES:
            turn = workdir / f"{name}-bid.yaml"
            turn.write_text(f"- {{do: bid, amount: {BIDS[name]}}}\n")
            out = players[name].run("apply", newest(players[name], first.game_id).where,
                                    turn).out
            found = SEALED.search(out)
            assert found, out
            players[name].run("send", found.group(1))
        index, move = watchers["alice"].wait_for(MOVE.format(game=game))
        while int(move.group(1)) <= asking.sequence:  # (her earlier moves)
            index, move = watchers["alice"].wait_for(MOVE.format(game=game), index + 1)
        for name in NAMES:
            watchers[name].wait_for(rf"^opened .*{game}")
        bound = savefile.read(move.group(3))
        assert bound.sequence == asking.sequence + 1 and bound.writer == "red"
        assert [a["answer"]["do"] for a in bound.actions] == ["seal"] * 3
        after = apply_and_send(players["alice"], bound, [{"do": "rest"}], workdir)
        assert after.state["scores"] == {"red": 3, "green": 0, "blue": 0}
    finally:
        for watch in watchers.values():
            watch.stop()
    _no_bid_before_the_openings([d.data for d in smtp_server.received[before_openings:]])


def _no_bid_before_the_openings(messages: list[bytes]) -> None:
    """Every message mailed from the first sealed bid on, up to the first opening, holds
    no bid (in its text or its files)."""
    checked = 0
    for raw in messages:
        parts = [part.get_payload(decode=True) or b""
                 for part in message_from_bytes(raw).walk() if not part.is_multipart()]
        if any(b"do: unseal" in data for data in parts):
            break
        assert not any(b"amount" in data for data in parts)
        checked += 1
    assert checked >= 3  # the three sealed bids (the save of them may follow an opening)
