"""The Three Kingdoms Card Game played by four players in four homes through the real local
SMTP and IMAP servers, with ``pbem watch`` running as a real process on every side: from
``pbem new three-kingdoms-card-game --data FILE`` (witnessed dice) to the last save, every
part planned by a random legal player steered to keep the game short and to hold a trade
accepted, wars (sealed war cards), a bribe (sealed bids) and a chain of counters, a counter
answering a counter (tests/games/three_kingdoms_card_game/steered.py, ``chain=True``); then
``pbem verify LAST --audit`` in a player's home and in a fifth, fresh home that has only
the saves the mail carried (2 to 3.5 minutes, with the deal: marked slow).

The game is played on an owner's transcription of the events and lands
(tests/games/three_kingdoms_card_game/data/owner-counters.yaml), which only the creator's
machine has read: the others take it from the invitation's first save, the game's options
pin its hash, and every home keeps a copy. In it all 52 event cards are counters that
answer any play, another counter included: 52 of the Main Deck's 88 cards.

The chain of counters is all but certain, however the deal falls (each home shuffles the
Main Deck with keys of its own: the deal cannot be fixed). In the first round each player
makes war on a public land (her lord is on the table, and at most three lands of thirteen
have been taken), which asks the next player, the one on her left; she answers it with a
counter if the attacker is known to hold a counter to answer hers, which the attacker then
does: the chain. An attacker who holds two counters first gives one to the next player
(unless she is known to hold one already). Before the chain no counter leaves a hand
otherwise, and nobody draws in the first round but the deal (7 cards each) and her own
opening draw (1 card: she has no land yet). So the first round makes no chain only if
every attacker holds at most one counter of her 8 cards and, in each of the four wars, the
attacker or the next player holds none: then two players at least (every other one of the
four) hold no counter of the 7 cards dealt to them and the others one at most, and the 28
cards dealt hold 2 counters at most. The chance of that is sum over k <= 2 of C(52, k)
C(36, 28 - k) / C(88, 28) < 4.7e-12, less than one in 200 billion (counted exactly, player
by player, the first round fails with a chance of 1.4e-15); later rounds only add chances.

The hands are hidden cards of the shared Main Deck. No player's home (saves aside: they
list the deck's cards), mail or watcher output names a card another player held hidden
that they never held nor saw face up, and in the save where the hands are fullest each
player's ``pbem show --json`` names her own hand and nothing of the others'. Then every
byte pbem wrote or mailed to each player is searched for the other players' secrets, as
for Card Market (tests/mail/whole_game.py)."""

from __future__ import annotations

import email
import email.policy
import json
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from pbem import savefile
from pbem.games.three_kingdoms_card_game import dataset
from pbem.games.three_kingdoms_card_game.catalog import CardData
from pbem.games.three_kingdoms_card_game.records import Event
from pbem.games.three_kingdoms_card_game.rules.setup import main_deck
from pbem.hidden_cards import model, seating
from pbem.hidden_cards.knowledge import _own_card
from pbem.savefile import SaveFile
from tests.games.three_kingdoms_card_game.steered import Steer
from tests.mail import whole_game
from tests.mail.kit import Player, homes, make_player
from tests.mail.servers import Certificate, DovecotServer, SmtpServer
from tests.mail.turns import key_of, newest, stored
from tests.mail.watched import OVER, invite, play_by_watchers, start_watchers
from tests.mail.watching import Watching

NAMES = ["alice", "bob", "carol", "dave"]
KIND = "three-kingdoms-card-game"
TITLE = "The Three Kingdoms Card Game"
OWNERS_FILE = (Path(__file__).parents[1] / "games" / "three_kingdoms_card_game" / "data"
               / "owner-counters.yaml")
CARD_ID = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*(?:\.\d+)?")


@pytest.mark.slow
def test_four_players_play_the_card_game_by_mail_to_its_audit(
        tmp_path: Path, workdir: Path, cert: Certificate, smtp_server: SmtpServer,
        dovecot: DovecotServer) -> None:
    """Four homes play a whole game on the owner's data by mail, `pbem watch` on every side
    (a chain of counters, a trade, a war and a bribe's sealed bids on the way), to a `pbem
    verify --audit` that passes in a fresh home; nobody's home, mail or watcher holds
    another's hidden card."""
    players, watchers, last, owners = _played(tmp_path, workdir, cert, smtp_server, dovecot)
    assert last.due is None and last.state["result"]["winners"]
    _it_held_a_chain_of_counters_a_trade_a_war_and_bids(players["alice"], last, owners)
    _checked(tmp_path, players, watchers, smtp_server, last, owners)
    kinds = whole_game.the_mail_says_what_to_do(smtp_server, last, TITLE)
    assert kinds["invitation"] == 3 and kinds["over"] == 1 and kinds["audit"] >= 4, kinds
    assert kinds["move"] >= 30 and kinds["shuffle"] >= 1 and kinds["share"] >= 1, kinds
    whole_game.nobody_received_another_players_secret(players, watchers, smtp_server, last)


def _played(tmp_path: Path, workdir: Path, cert: Certificate, smtp_server: SmtpServer,
            dovecot: DovecotServer
            ) -> tuple[dict[str, Player], dict[str, Watching], SaveFile, CardData]:
    """Four homes play the game on the owner's data by mail to its end and the audit,
    every ``pbem watch`` giving the answers that need no decision. The players, their
    watchers (stopped), the last save and the owner's data set."""
    players = homes(NAMES, tmp_path, cert, smtp_server, dovecot)
    owners = dataset.load_data(OWNERS_FILE)  # (this test's own: each home reads its own)
    watchers: dict[str, Watching] = {}
    planner = Steer(3, chain=True)
    try:
        start_watchers(players, watchers, tmp_path / "bin")
        first = invite(players["alice"], [players[n] for n in NAMES[1:]], workdir, KIND,
                       data=OWNERS_FILE)
        assert first.dice_mode == "witnessed"
        assert first.game["options"] == {"players": 4, "data": owners.hash}
        assert first.doc["data"] == owners.document
        last = play_by_watchers(players, watchers, first.game_id[:8], workdir, planner, None)
        assert planner.missing() == [], planner.done
        for name, player in players.items():
            watchers[name].wait_for(OVER.format(game=first.game_id[:8]))
            assert newest(player, last.game_id).sha256 == last.sha256, name
        out = players["carol"].run("verify", stored(players["carol"], last), "--audit").out
        assert "audit: every hidden step re-checked" in out, out
    finally:
        codes = {name: watch.stop() for name, watch in watchers.items()}
    for name, watch in watchers.items():
        assert codes[name] == 0 and watch.err == [], watch.transcript()
    return players, watchers, last, owners


def _it_held_a_chain_of_counters_a_trade_a_war_and_bids(
        player: Player, last: SaveFile, owners: CardData) -> None:
    """The saves of the game (in ``player``'s home) hold a counter answering a counter on
    the chain, a trade accepted, a war declared and a bribe's bids."""
    def counter(entry: dict[str, Any]) -> bool:
        rec = owners.record(str(entry["card"]))
        return isinstance(rec, Event) and bool(rec.effects) \
            and rec.effects[0]["kind"] == "counter" and "answers" in (entry["args"] or {})

    chained = []
    done: Counter[str] = Counter()
    saves = _saves(player, last)
    assert saves[-1].sha256 == last.sha256
    for save in saves:
        chain = save.state["chain"]
        chained += [save.sequence for entry in chain if counter(entry)
                    and counter(chain[entry["args"]["answers"]])]
        for action in save.actions:
            verb = action["do"]
            if verb in ("accept-trade", "bid") or (verb == "attack"
                                                   and action.get("mode") == "war"):
                done[verb] += 1
    assert chained, "no counter answered a counter"
    assert done["accept-trade"] >= 1 and done["attack"] >= 1 and done["bid"] >= 1, done


def _checked(tmp_path: Path, players: dict[str, Player], watchers: dict[str, Watching],
             smtp_server: SmtpServer, last: SaveFile, owners: CardData) -> None:
    """Each home keeps the owner's data set; each player sees her own hand only; nobody
    is told another's hidden card; a fresh home checks the saves the mail carried."""
    for player in players.values():
        assert _kept(player) == [f"{KIND}-{owners.hash}.yaml"], player.name
    knowing = _knowledge(players, last)
    _each_sees_only_their_own_hand(players, last, knowing)
    _nobody_is_told_another_players_hidden_card(players, watchers, smtp_server, last, owners,
                                                knowing)
    _a_fresh_home_audits_the_saves_the_mail_carried(tmp_path, smtp_server, last, owners)


def _kept(player: Player) -> list[str]:
    """The data sets kept in ``player``'s home."""
    folder = player.data_dir / "datasets"
    return sorted(path.name for path in folder.iterdir()) if folder.is_dir() else []


def _saves(player: Player, last: SaveFile) -> list[SaveFile]:
    folder = player.data_dir / "games" / last.game_id
    return [savefile.read(path) for path in sorted(folder.glob("*.pbem.yaml"))]


def _roles(players: dict[str, Player], last: SaveFile) -> dict[str, str]:
    return {name: str(last.role_of(key_of(p).key.public)) for name, p in players.items()}


Knowing = list[tuple[SaveFile, dict[str, dict[str, str]]]]


def _knowledge(players: dict[str, Player], last: SaveFile) -> Knowing:
    """Every save after the joins, with the cards of each player's hand her own key reads
    in it (once the others' shares have come): name -> handle -> card. A card is read once,
    as it comes into her hand (what a hand card is does not change while she holds it)."""
    roles = _roles(players, last)
    seats = {name: seating.seat(last.doc, roles[name], key_of(player).key)
             for name, player in players.items()}  # (the same in every save after the joins)
    read: dict[str, dict[str, str]] = {name: {} for name in players}
    out = []
    for save in _saves(players["alice"], last)[len(players):]:
        data = model.of(save.state)
        assert data is not None
        for name in players:
            hand = [e for e in save.state["hands"][roles[name]] if e in data["cards"]]
            read[name] = {e: card for e, card in read[name].items() if e in hand}
            for entry in hand:
                if entry not in read[name]:
                    card = _own_card(data, seats[name], entry)
                    if card is not None:
                        read[name][entry] = card
        out.append((save, {name: dict(read[name]) for name in players}))
    return out


def _face_up(save: SaveFile) -> set[str]:
    """The cards every player sees in ``save``: face up, on the table or discarded so."""
    data = model.of(save.state) or {"cards": {}}
    state = save.state
    return ({str(e["face"]) for e in data["cards"].values() if e["face"] is not None}
            | set(state["characters"]) | set(state["artifacts"])
            | set(state["discard"]["cards"]) | set(state["open_hand"].values()))


def _never_seen(players: dict[str, Player], last: SaveFile, knowing: Knowing
                ) -> dict[str, set[str]]:
    """For each player, the cards other players held hidden in some save that she never
    held nor saw face up in any save."""
    seen: set[str] = set()
    held: dict[str, set[str]] = {name: set() for name in players}
    for save, known in knowing:
        seen |= _face_up(save)
        for name in players:
            held[name].update(known[name].values())
    out = {}
    for name in players:
        others = set().union(*(held[n] for n in players if n != name))
        out[name] = others - held[name] - seen
        assert len(out[name]) >= 5, name  # (the search below looks for something)
    return out


def _each_sees_only_their_own_hand(players: dict[str, Player], last: SaveFile,
                                   knowing: Knowing) -> None:
    """In the save where the hands are fullest (each player reading all of hers), each
    player's ``pbem show --json`` names every card of her hand and nothing of the others'
    hands, in the position and in the actions offered."""
    roles = _roles(players, last)
    readable = [save for save, known in knowing if save.due is not None and all(
        len(save.state["hands"][roles[n]]) == len(known[n]) for n in players)]
    save = max(readable, key=lambda s: (min(len(h) for h in s.state["hands"].values()),
                                        -s.sequence))
    hands: dict[str, dict[str, str]] = {}
    printed: dict[str, str] = {}
    for name, player in players.items():
        out = json.loads(player.run("show", "--json", stored(player, save)).out)
        assert out["viewer"] == roles[name], name
        hand = out["view"]["hand"]
        assert len(hand) == len(save.state["hands"][roles[name]]) >= 5, name
        assert all(card["id"] for card in hand), name
        hands[name] = {card["entry"]: card["id"] for card in hand}
        printed[name] = json.dumps([out["view"], out["prompt"]], ensure_ascii=False)
    for name, seen in printed.items():
        for other, cards in hands.items():
            if other != name:
                for card in cards.values():
                    assert f'"{card}"' not in seen, (name, other, card)


def _texts(player: Player, name: str, watchers: dict[str, Watching],
           smtp_server: SmtpServer) -> list[tuple[str, str]]:
    """What reached ``player`` besides the saves and data sets: (where, text) of every
    other file of her home, the plain text of every message to her, her watcher's lines."""
    out = []
    for path in sorted(player.home.rglob("*")):
        if path.is_file() and not path.name.endswith(".pbem.yaml") \
                and path.parent.name != "datasets":
            out.append((str(path.relative_to(player.home)),
                        path.read_bytes().decode("utf-8", "replace")))
    for index, delivered in enumerate(smtp_server.received):
        if player.address in delivered.recipients:
            msg = email.message_from_bytes(delivered.data, policy=email.policy.default)
            out.append((f"message {index}", msg.get_body(("plain",)).get_content()))
    out.append(("watcher", "\n".join(watchers[name].out + watchers[name].err)))
    return out


def _nobody_is_told_another_players_hidden_card(
        players: dict[str, Player], watchers: dict[str, Watching],
        smtp_server: SmtpServer, last: SaveFile, owners: CardData, knowing: Knowing
) -> None:
    """No file of a player's home (her saves and data sets aside, which list every card of
    the deck), no message to her and no line of her watcher names a card that another
    player held hidden and she never held nor saw face up: neither its card id nor, for a
    card of one copy, its name. (Her own cards may be named: her pbem keeps notes.)"""
    never = _never_seen(players, last, knowing)
    names = Counter(owners.record(card).name for card in main_deck(last.game["options"]))
    for name, player in players.items():
        texts = _texts(player, name, watchers, smtp_server)
        assert len(texts) > 30, len(texts)
        titles = {owners.record(card).name: card for card in never[name]
                  if names[owners.record(card).name] == 1}
        for where, text in texts:
            told = never[name] & set(CARD_ID.findall(text))
            assert not told, (name, told, where)
            assert not [t for t in titles if t in text], (name, where)

def _a_fresh_home_audits_the_saves_the_mail_carried(
        root: Path, smtp_server: SmtpServer, last: SaveFile, owners: CardData) -> None:
    """A fifth home, which has never seen the game nor its data set, given only the saves
    attached to the players' mail: ``pbem verify LAST --audit`` passes (``pbem verify
    LAST`` before the game's end), and the home then keeps the owner's data set, taken
    from the first save."""
    erin = make_player(root, "erin")
    assert _kept(erin) == []
    received = root / "erin-received"
    received.mkdir()
    files: dict[str, str] = {}
    for delivered in smtp_server.received:
        msg = email.message_from_bytes(delivered.data, policy=email.policy.default)
        for part in msg.iter_attachments():
            if not str(part.get_filename()).endswith(savefile.SUFFIX):
                continue  # (the shares files given ahead)
            raw: Any = part.get_payload(decode=True)
            save = savefile.parse(raw, "mail")
            name = savefile.file_name(save.game_id, save.sequence, save.writer)
            assert files.setdefault(name, save.sha256) == save.sha256, name
            (received / name).write_bytes(raw)
    assert len(files) == last.sequence + 1, sorted(files)
    target = received / savefile.file_name(last.game_id, last.sequence, last.writer)
    if last.due is None:
        out = erin.run("verify", target, "--audit").out
        assert "audit: every hidden step re-checked" in out, out
    else:
        out = erin.run("verify", target).out
        assert "every action re-applied" in out, out
    assert _kept(erin) == [f"{KIND}-{owners.hash}.yaml"]
