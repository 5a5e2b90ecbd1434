"""Three players, each with a home and ``pbem watch`` of their own, play Dragons & Tigers
with witnessed dice through the real local SMTP and IMAP servers: every roll request is
answered side by side (both witnesses' pbem answer at once with a signed answer file,
mailed to every player), and the actor's pbem carries on once both answers are in — by
itself when the action needs no more decision of theirs (docs/dice.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from pbem import savefile, witness_answers
from pbem.identity import LocalIdentity
from pbem.savefile import SaveFile
from tests.mail.kit import Player, homes
from tests.mail.servers import Certificate, DovecotServer, SmtpServer
from tests.mail.turns import newest, stored
from tests.mail.watched import RandomPlanner, invite, play_by_watchers, start_watchers
from tests.mail.watching import Watching

KINGDOMS = ("kingdoms=cao-cao,liu-bei,sun-wu,yuan-shao,gongsun-zan,yuan-shu,liu-zhang,"
            "liu-biao,ma-teng")
SAVES = 12


class AtHome:
    """A planner that composes in the player's own home (where their pbem keeps the
    answers it filed)."""

    def __init__(self, players: dict[str, Player], monkeypatch: pytest.MonkeyPatch) -> None:
        self.players, self.monkeypatch, self.inner = players, monkeypatch, RandomPlanner(3)

    def __call__(self, prev: SaveFile, me: LocalIdentity) -> list[Any]:
        player = self.players[me.name]
        with self.monkeypatch.context() as patch:
            patch.setenv("PBEM_DATA_DIR", str(player.data_dir))
            patch.setenv("PBEM_CONFIG_DIR", str(player.config_dir))
            return self.inner(prev, me)


def _chain(player: Player, last: SaveFile) -> list[SaveFile]:
    folder = stored(player, last).parent
    return sorted((savefile.read(p) for p in folder.glob(f"*{savefile.SUFFIX}")),
                  key=lambda s: s.sequence)


def test_three_players_answer_each_roll_side_by_side_by_mail(
        tmp_path: Path, workdir: Path, cert: Certificate, smtp_server: SmtpServer,
        dovecot: DovecotServer, monkeypatch: pytest.MonkeyPatch) -> None:
    players = homes(["alice", "bob", "carol"], tmp_path, cert, smtp_server, dovecot)
    watchers: dict[str, Watching] = {}
    try:
        start_watchers(players, watchers, tmp_path / "bin")
        first = invite(players["alice"], [players["bob"], players["carol"]], workdir,
                       "dragons-tigers", [KINGDOMS])
        last = play_by_watchers(players, watchers, first.game_id[:8], workdir,
                                AtHome(players, monkeypatch),
                                stop=lambda save: save.sequence >= SAVES)
    finally:
        codes = {name: watch.stop() for name, watch in watchers.items()}
    for name, watch in watchers.items():
        assert codes[name] == 0 and watch.err == [], watch.transcript()
    saves = _chain(players["bob"], last)
    requests = [s for s in saves if s.pending is not None]
    assert len(requests) >= 2
    assert all(s.due and s.due["step"] == "answers" for s in requests)
    assert not [s for s in saves if s.due and s.due["step"] == "witness"]
    carried = [s for s in saves if s.actions and "answers" in s.actions[0]]
    assert len(carried) >= len(requests) - 1
    for request in requests:
        for role in witness_answers.witnesses_of(request):  # every answer reached bob's home
            name = witness_answers.file_name(request.game_id, request.sequence, role)
            assert (stored(players["bob"], request).parent / name).is_file()
    said = "\n".join(line for watch in watchers.values() for line in watch.out)
    assert "answered by revealing your next dice link (side by side" in said
    assert "filed        witness answer of " in said
    assert "OK:" in players["carol"].run("verify", stored(players["carol"], last)).out
    assert newest(players["alice"], last.game_id).sequence >= last.sequence - 2
