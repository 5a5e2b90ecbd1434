"""Three Kingdoms Redux played by three players in three homes through the real local SMTP
and IMAP servers, with ``pbem watch`` running as a real process on every side: from
``pbem new three-kingdoms-redux --data FILE`` (witnessed dice) to the last save, every
turn planned by a random player who takes legal actions, then ``pbem verify LAST --audit``
in a player's home and in a fourth, fresh home that has only the saves the mail carried.

The game is played on an owner's transcription of their cards
(tests/games/three_kingdoms_redux/data/owner-transcription.yaml), which the creator's
machine alone has read: the others take it from the invitation's first save. The game's
options pin that data set's hash, every home keeps a copy, and the players' views and mail
name the owner's generals, cards and locations, never the built-in ones they replace.

Each state's generals are its own hidden deck (drawn, kept or returned, shown only when
placed face up) and each hand of enhancement cards is dealt from shared hidden decks: in
the save where the states hold the most generals hidden, ``pbem show --json`` as each
player shows that player's own hand and hidden generals and nothing of the others'. Then
every byte pbem wrote or mailed to each player is searched for the other players'
secrets, as for Card Market (tests/mail/whole_game.py)."""

from __future__ import annotations

import email
import email.policy
import json
from pathlib import Path
from typing import Any

import pytest

from pbem import gameplay, games, savefile
from pbem.games.three_kingdoms_redux import dataset
from pbem.games.three_kingdoms_redux.dataset import DataSet
from pbem.savefile import SaveFile
from tests.games.three_kingdoms_redux.kit import OWNERS_FILE
from tests.mail import whole_game
from tests.mail.kit import Player, homes, make_player
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
# what the owner's cards print where the built-in data says otherwise (the file's header)
RENAMED = {"Sun Jian": "Sun Wentai", "Ambition": "Hero of Troubled Times",
           "Tian Shui": "Wu Zhang Yuan"}


@pytest.mark.slow
def test_three_players_play_redux_by_mail_to_its_audit(
        tmp_path: Path, workdir: Path, cert: Certificate, smtp_server: SmtpServer,
        dovecot: DovecotServer) -> None:
    players = homes(NAMES, tmp_path, cert, smtp_server, dovecot)
    owners = dataset.load_data(OWNERS_FILE)  # (this test's own: each home reads its own)
    assert owners.hash != dataset.builtin().hash
    watchers: dict[str, Watching] = {}
    try:
        start_watchers(players, watchers, tmp_path / "bin")
        first = invite(players["alice"], [players[n] for n in NAMES[1:]], workdir, KIND,
                       data=OWNERS_FILE)
        assert first.dice_mode == "witnessed"
        assert first.game["options"]["data"] == owners.hash
        assert first.doc["data"] == owners.document
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
    assert last.game["options"]["data"] == owners.hash
    for player in players.values():  # each home keeps the data set its games use
        assert _kept(player) == [f"{KIND}-{owners.hash}.yaml"], player.name
    for out in _each_sees_only_their_own_hidden_cards(players, last).values():
        _the_owners_cards_are_shown(out["view"], owners)
    _the_mail_names_the_owners_cards(smtp_server)
    _a_fresh_home_audits_the_saves_the_mail_carried(tmp_path, smtp_server, last, owners)
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
                                           ) -> dict[str, dict[str, Any]]:
    """In the save where the states hold the most generals hidden, each player's ``pbem
    show --json`` names every card of their hand and every general they keep hidden,
    shows the others' hidden generals without name or id and only the number of cards in
    their hands, and nowhere in the position or the offered actions names a card another
    player holds hidden. Returns what each player's ``pbem show --json`` printed."""
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
    return shown


def _kept(player: Player) -> list[str]:
    """The data sets kept in ``player``'s home."""
    folder = player.data_dir / "datasets"
    return sorted(path.name for path in folder.iterdir()) if folder.is_dir() else []


def _the_owners_cards_are_shown(view: dict[str, Any], owners: DataSet) -> None:
    """A view of the game names the owner's data set and, for every general, card and
    border location it shows, the owner's name and numbers: Wu's lord is Sun Wentai with
    combat 5 and a +2 bonus, Cao Cao's skill is Hero of Troubled Times, Liu Bei returns two
    support tokens, Tian Shui is Wu Zhang Yuan; the built-in names appear nowhere."""
    assert view["data"] == {"hash": owners.hash, "builtin": False,
                            "reconstructed": {"generals": 0, "cards": 0, "locations": 0}}
    generals = {g["id"]: g for state in view["states"].values() for g in state["generals"]
                if g["id"] is not None}
    for gid, shown in generals.items():
        card = owners.generals[gid]
        assert (shown["name"], shown["leadership"]) == (card.name, card.leadership), gid
        assert shown["reconstructed"] == [], gid
    cards = [c for state in view["states"].values() for c in state["built"]]
    for shown in cards + [c for c in view["hand"] if c["id"] is not None]:
        card = owners.cards[shown["id"]]
        assert (shown["name"], shown["cost"], shown["vp"]) == (card.name, dict(card.cost),
                                                              card.vp), shown["id"]
    locations = {p["id"]: p for border in view["borders"] for p in border["locations"]}
    assert {p: shown["name"] for p, shown in locations.items()} == {
        p: place.name for p, place in owners.locations.items()}
    sun, cao, liu = generals["sun-jian"], generals["cao-cao"], generals["liu-bei"]
    assert (sun["name"], sun["combat"]) == ("Sun Wentai", 5), sun
    assert "counts 2 higher" in sun["skill"]["text"], sun["skill"]
    assert (cao["combat"], cao["skill"]["name"]) == (4, "Hero of Troubled Times"), cao
    assert "two of them come back" in liu["skill"]["text"], liu["skill"]
    assert locations["tian-shui"]["name"] == "Wu Zhang Yuan"
    shown_text = json.dumps(view, ensure_ascii=False)
    for builtin_name in RENAMED:
        assert builtin_name not in shown_text, builtin_name


def _bodies(smtp_server: SmtpServer) -> list[str]:
    """The plain-text body of every message the players sent."""
    out = []
    for delivered in smtp_server.received:
        msg = email.message_from_bytes(delivered.data, policy=email.policy.default)
        out.append(msg.get_body(("plain",)).get_content())
    return out


def _the_mail_names_the_owners_cards(smtp_server: SmtpServer) -> None:
    """The messages tell the game in the owner's names (Wu's lord is Sun Wentai), never
    the built-in ones they replace, and say nothing of reconstructed data (the owner's
    file has none)."""
    bodies = _bodies(smtp_server)
    assert any(RENAMED["Sun Jian"] in body for body in bodies)
    for body in bodies:
        assert not any(name in body for name in RENAMED), body
        assert "reconstructed data" not in body, body


def _a_fresh_home_audits_the_saves_the_mail_carried(
        root: Path, smtp_server: SmtpServer, last: SaveFile, owners: DataSet) -> None:
    """A fourth home, which has never seen the game nor its data set, given only the saves
    attached to the players' mail: ``pbem verify LAST --audit`` passes, and the home then
    keeps the owner's data set, taken from the first save."""
    dave = make_player(root, "dave")
    assert _kept(dave) == []
    received = root / "dave-received"
    received.mkdir()
    attached = set()
    for delivered in smtp_server.received:
        msg = email.message_from_bytes(delivered.data, policy=email.policy.default)
        attached.update(part.get_payload(decode=True) for part in msg.iter_attachments()
                        if str(part.get_filename()).endswith(savefile.SUFFIX))  # (no shares)
    files: dict[str, str] = {}
    for raw in attached:
        save = savefile.parse(raw, "mail")
        name = savefile.file_name(save.game_id, save.sequence, save.writer)
        assert files.setdefault(name, save.sha256) == save.sha256, name
        (received / name).write_bytes(raw)
    assert len(files) == last.sequence + 1, sorted(files)
    target = received / savefile.file_name(last.game_id, last.sequence, last.writer)
    assert savefile.read(target).sha256 == last.sha256
    out = dave.run("verify", target, "--audit").out
    assert "audit: every hidden step re-checked" in out, out
    assert _kept(dave) == [f"{KIND}-{owners.hash}.yaml"]
