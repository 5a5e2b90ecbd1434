"""Three Kingdoms Redux played by three players in three homes through the real local SMTP
and IMAP servers, with ``pbem watch`` running as a real process on every side: from
``pbem new three-kingdoms-redux`` (witnessed dice) to the last save, every turn planned
by a random player who takes legal actions, then ``pbem verify LAST --audit``.

Each state's generals are its own hidden deck (drawn, kept or returned, shown only when
placed face up) and each hand of enhancement cards is dealt from shared hidden decks: in
the save where the states hold the most generals hidden, ``pbem show --json`` as each
player shows that player's own hand and hidden generals and nothing of the others'. Then
every byte pbem wrote or mailed to each player is searched for the other players'
secrets, as for Card Market (tests/mail/whole_game.py)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from pbem import gameplay, games, savefile
from pbem.savefile import SaveFile
from tests.mail import whole_game
from tests.mail.kit import Player, homes
from tests.mail.servers import Certificate, DovecotServer, SmtpServer
from tests.mail.turns import key_of, newest, stored
from tests.mail.watched import (
    OVER,
    RandomPlanner,
    invite,
    play_by_watchers,
    start_watchers,
)
from tests.mail.watching import Watching

NAMES = ["alice", "bob", "carol"]
KIND = "three-kingdoms-redux"
# bidding and passing, choosing the alliance space, keeping generals drawn from the
# state's own hidden deck, showing a hidden general
VERBS = {"bid", "pass", "alliance", "keep", "show"}


@pytest.mark.slow
def test_three_players_play_redux_by_mail_to_its_audit(
        tmp_path: Path, workdir: Path, cert: Certificate, smtp_server: SmtpServer,
        dovecot: DovecotServer) -> None:
    players = homes(NAMES, tmp_path, cert, smtp_server, dovecot)
    watchers: dict[str, Watching] = {}
    try:
        start_watchers(players, watchers, tmp_path / "bin")
        first = invite(players["alice"], [players[n] for n in NAMES[1:]], workdir, KIND)
        assert first.dice_mode == "witnessed"
        planner = RandomPlanner(1)
        last = play_by_watchers(players, watchers, first.game_id[:8], workdir, planner)
        assert last.due is None and last.state["result"]["winner"] is not None
        assert set(planner.used) >= VERBS, planner.used
        for name, player in players.items():
            watchers[name].wait_for(OVER.format(game=first.game_id[:8]))
            assert newest(player, last.game_id).sha256 == last.sha256, name
        out = players["carol"].run("verify", stored(players["carol"], last), "--audit").out
        assert "audit: every hidden step re-checked" in out, out
    finally:
        codes = {name: watch.stop() for name, watch in watchers.items()}
    for name, watch in watchers.items():
        assert codes[name] == 0 and watch.err == [], watch.transcript()
    _each_sees_only_their_own_hidden_cards(players, last)
    kinds = whole_game.the_mail_says_what_to_do(smtp_server, last, "Three Kingdoms Redux")
    assert kinds["invitation"] == 2 and kinds["over"] == 1 and kinds["audit"] >= 3, kinds
    assert kinds["move"] >= 30 and kinds["shuffle"] >= 1 and kinds["witness"] >= 1, kinds
    whole_game.nobody_received_another_players_secret(players, watchers, smtp_server, last)


def _shown(player: Player, save: SaveFile) -> dict[str, Any]:
    """``pbem show --json`` of ``save`` as ``player``, from their own store."""
    return json.loads(player.run("show", "--json", stored(player, save)).out)


def _hidden_of(view: dict[str, Any]) -> dict[str, str]:
    """The viewer's own hidden cards in their view: id -> name (hand and generals not
    face up)."""
    mine = view["states"][view["viewer"]]
    cards = {card["id"]: card["name"] for card in view["hand"]}
    cards.update({g["id"]: g["name"] for g in mine["generals"] if not g["public"]})
    return cards


def _most_hidden(player: Player, last: SaveFile) -> SaveFile:
    """The save of the game in which the states hold the most generals hidden, each with
    a hand (the fewest any state holds first, then all of them; the earliest of equals),
    as any spectator can count them."""
    module = games.get(KIND)
    best: tuple[int, int] = (-1, -1)
    chosen = last
    for path in sorted((player.data_dir / "games" / last.game_id).glob("*.pbem.yaml")):
        save = savefile.read(path)
        if save.due is None:
            continue
        states = gameplay.view(module, save.state, None)["states"].values()
        counts = [sum(not g["public"] for g in state["generals"]) if state["hand_count"]
                  else 0 for state in states]
        if (min(counts), sum(counts)) > best:
            best, chosen = (min(counts), sum(counts)), save
    assert best[0] >= 1, best  # every state had a hand and generals in hiding at once
    return chosen


def _each_sees_only_their_own_hidden_cards(players: dict[str, Player], last: SaveFile
                                           ) -> None:
    """In the save where the states hold the most generals hidden, each player's ``pbem
    show --json`` names every card of their hand and every general they keep hidden,
    shows the others' hidden generals without name or id and only the number of cards in
    their hands, and nowhere in the position or the offered actions names a card another
    player holds hidden."""
    save = _most_hidden(players["alice"], last)
    shown = {name: _shown(player, save) for name, player in players.items()}
    hidden = {}
    for name, out in shown.items():
        view = out["view"]
        role = str(save.role_of(key_of(players[name]).key.public))
        assert out["viewer"] == view["viewer"] == role, (name, out["viewer"])
        mine = view["states"][role]
        assert view["hand"] and len(view["hand"]) == mine["hand_count"], name
        assert any(not g["public"] for g in mine["generals"]), name
        hidden[name] = _hidden_of(view)
        assert None not in hidden[name] and None not in hidden[name].values(), hidden[name]
        for other, state in view["states"].items():
            if other != role:
                assert state["hand_count"] and any(not g["public"] for g in state["generals"])
                assert all(g["id"] is None and g["name"] is None
                           for g in state["generals"] if not g["public"]), (name, other)
    for name, out in shown.items():
        seen = json.dumps([out["view"], out["prompt"]], ensure_ascii=False)
        for other, cards in hidden.items():
            if other != name:
                for card, title in cards.items():
                    assert f'"{card}"' not in seen and title not in seen, (name, other, card)
