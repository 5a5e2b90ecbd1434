"""The player who binds the sealed answers gives hers last: no message comes to her
watcher after it (her own mail goes to the others), yet her ``pbem watch`` writes the save
of every sealed answer at once, woken by her own ``pbem apply`` (pbem/nudge.py)."""

from __future__ import annotations

import re
from pathlib import Path

from tests.mail.kit import Player, homes
from tests.mail.servers import Certificate, DovecotServer, SmtpServer
from tests.mail.turns import newest
from tests.mail.watched import apply_and_send, invite, play_by_watchers, start_watchers
from tests.mail.watching import Watching

NAMES = ["alice", "bob", "carol"]
SEALED = re.compile(r"Your answer is sealed .*: wrote (\S+\.pbem-ahead\.yaml)\.")


def test_the_binders_own_last_answer_wakes_her_watcher(
        tmp_path: Path, workdir: Path, cert: Certificate, smtp_server: SmtpServer,
        dovecot: DovecotServer) -> None:
    """Bob and Carol bid first and their bids reach Alice's watcher; Alice, who is asked
    first and binds the bids, bids last: her watcher writes the save of the three bids and
    opens hers without waiting for any new message."""
    players = homes(NAMES, tmp_path, cert, smtp_server, dovecot)
    watchers: dict[str, Watching] = {}
    try:
        start_watchers(players, watchers, tmp_path / "bin")
        first = invite(players["alice"], [players["bob"], players["carol"]], workdir,
                       "tiny-bids")
        game = first.game_id[:8]
        starting = play_by_watchers(players, watchers, game, workdir, lambda *_: [],
                                    stop=lambda save: save.writer == "blue")
        asking = apply_and_send(players["alice"], starting, [{"do": "rest"}], workdir)
        for name in ("bob", "carol"):
            watchers[name].wait_for(rf"^asked .* {game} .*save {asking.sequence}: .*"
                                    r"answered sealed, side by side")
            _seal(players[name], workdir, asking.game_id, name)
        for role in ("green", "blue"):
            watchers["alice"].wait_for(rf"^filed .*sealed answer of {role} to save "
                                       rf"{asking.sequence} of game {game}")
        _seal(players["alice"], workdir, asking.game_id, "alice", send=False)
        watchers["alice"].wait_for(rf"^opened .*{game}, save {asking.sequence + 1}:",
                                   timeout=30)
    finally:
        for watch in watchers.values():
            watch.stop()


def _seal(player: Player, workdir: Path, game_id: str, name: str, send: bool = True) -> None:
    turn = workdir / f"{name}-bid.yaml"
    turn.write_text("- {do: bid, amount: 1}\n")
    out = player.run("apply", newest(player, game_id).where, turn).out
    found = SEALED.search(out)
    assert found, out
    if send:
        player.run("send", found.group(1))
