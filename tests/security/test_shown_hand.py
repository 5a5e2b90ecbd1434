"""A hand shown to one player (the Card Game's look-at-hand) between three homes, sealed
cards, every save signed and checked as it arrives; the attackers are the other players.

A made-up owner's set (tests/games/three_kingdoms_card_game/data/look-at-hand) fills the
Main Deck with cards that look at a hand (Spies in the Camp, Intercepted Letter), so the
first player holds one: she (the *viewer*) plays it at the player on her left (the
*victim*), who lets it take effect; the victim's pbem
then gives the viewer her share of each card, encrypted to the viewer with a proof
(pbem/secrets/showing.py). The third player must learn nothing; the victim cannot hand the
viewer a wrong share; the viewer learns the cards shown and nothing else."""

from __future__ import annotations

import functools
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from freezegun import freeze_time

from pbem import chain, gameplay, games, savefile, session
from pbem.errors import ChainError
from pbem.games.three_kingdoms_card_game import dataset
from pbem.hidden_cards import model, seating
from pbem.identity import LocalIdentity
from pbem.savefile import SaveFile
from pbem.secrets import elgamal, group, showing
from pbem.secrets.audit import ShowEntry
from pbem.secrets.elgamal import CardTable, Share
from pbem.secrets.errors import SecretsError
from pbem.secrets.keys import GameKeys, PublicKeys
from tests.fixed_games import FROZEN
from tests.games.three_kingdoms_card_game.test_look_at_hand import DATA
from tests.hidden.kit import known
from tests.security.kit import labelled_key, resign

KIND = "three-kingdoms-card-game"
GOLDEN = Path(__file__).parents[2] / "saves" / "golden-cardgame"
MACHINE = (chain.SHUFFLE, chain.SHARE, chain.AUDIT)


@dataclass(frozen=True)
class Shown:
    saves: tuple[SaveFile, ...]
    people: dict[str, LocalIdentity]  # by role
    viewer: str
    victim: str
    third: str
    shown_at: int  # the victim's save: the effect, and her shares shown to the viewer
    turn_at: int  # the first save of the victim's own turn (her opening draw is read)
    # then the victim shows herself the viewer's hand (the viewer answers no windows): the
    # viewer's pbem owes its part and writes a share save (the last) before she goes on

    def keys(self, role: str, at: int) -> GameKeys:
        found = seating.seat(self.saves[at].doc, role, self.people[role].key).keys
        assert found is not None
        return found

    def known(self, role: str, at: int) -> dict[str, str]:
        return _known(role, at)


def _machine(saves: list[SaveFile], people: dict[str, LocalIdentity]) -> None:
    while saves[-1].due is not None and saves[-1].due["step"] in MACHINE:
        saves.append(session.machine(saves[-1], people[saves[-1].due["role"]]))


@functools.cache
def _game() -> Shown:
    data = dataset.load_data(DATA)
    ann, bo, cy = (LocalIdentity(n, labelled_key(f"shown hand {n}")) for n in ("ann", "bo", "cy"))
    with freeze_time(FROZEN):
        saves = [session.new_game(KIND, ann, [bo.identity, cy.identity], {"data": data.hash},
                                  None, dice="open", game_id="5e3a" * 8, salt="a" * 32)]
        saves.append(session.join(saves[-1], bo, "b" * 32))
        saves.append(session.join(saves[-1], cy, "c" * 32))
        people = {saves[-1].role_of(p.key.public): p for p in (ann, bo, cy)}
        _machine(saves, people)
        saves.append(session.Composer(saves[-1], people[saves[-1].due["role"]]).finish())
        _machine(saves, people)
        viewer = saves[-1].due["role"]
        assert saves[-1].due["step"] == "main"
        roles = list(people)
        victim = roles[(roles.index(viewer) + 1) % 3]
        third = next(r for r in roles if r not in (viewer, victim))
        mine = known(saves[-1], viewer, people[viewer].key)
        spies = next(h for h in saves[-1].state["hands"][viewer]
                     if mine[h].startswith(("spies-in-the-camp", "intercepted-letter")))
        made = session.Composer(saves[-1], people[viewer])
        made.act({"do": "play-event", "card": spies, "player": victim})
        saves.append(made.finish())
        assert saves[-1].due["role"] == victim and saves[-1].due["step"] == "window"
        made = session.Composer(saves[-1], people[victim])
        made.act({"do": "pass"})
        saves.append(made.finish())
        shown_at = len(saves) - 1
        made = session.Composer(saves[-1], people[viewer])
        made.act({"do": "orders", "set": {"window": "pass"}})  # she is asked no more
        made.act({"do": "end-main"})
        made.act({"do": "done"})
        saves.append(made.finish())
        _machine(saves, people)
        assert saves[-1].due["role"] == victim and saves[-1].due["step"] == "main"
        turn_at = len(saves) - 1
        theirs = known(saves[-1], victim, people[victim].key)
        spies = next(h for h in saves[-1].state["hands"][victim]
                     if theirs[h].startswith(("spies-in-the-camp", "intercepted-letter")))
        made = session.Composer(saves[-1], people[victim])
        made.act({"do": "play-event", "card": spies, "player": viewer})
        assert not made.my_move()  # she reads the viewer's hand before she goes on
        saves.append(made.finish())
        assert saves[-1].due == {"role": viewer, "step": chain.SHARE, "text": saves[-1].due[
            "text"]}
        saves.append(session.machine(saves[-1], people[viewer]))
        assert saves[-1].due["role"] == victim and saves[-1].due["step"] == "main"
    return Shown(tuple(saves), people, viewer, victim, third, shown_at, turn_at)


@functools.cache
def _known(role: str, at: int) -> dict[str, str]:
    """What ``role``'s pbem reads in save ``at`` of the game (worked out once)."""
    game = _game()
    return known(game.saves[at], role, game.people[role].key)


def _hand(game: Shown, role: str, at: int) -> list[str]:
    return list(game.saves[at].state["hands"][role])


def _true_share(game: Shown, handle: str) -> elgamal.Point:
    """The victim's share of a card of her hand: what the viewer needs, and nobody else."""
    data = model.of(game.saves[game.shown_at].state)
    ct = model.ciphertext(data["cards"][handle], handle)
    return group.mul(game.keys(game.victim, game.shown_at).x, ct.c1)


def test_the_victims_pbem_shows_her_hand_in_the_save_that_lets_it_take_effect() -> None:
    """The save the victim writes carries her encrypted share of each of her cards for the
    viewer, and every home accepts it; the viewer reads them at once, the victim keeps
    them."""
    game = _game()
    save = game.saves[game.shown_at]
    chain.check_next(games.get(KIND), game.saves[game.shown_at - 1], save)
    hand = _hand(game, game.victim, game.shown_at)
    assert len(save.doc["contributions"]["shows"]) == len(hand) == 7
    assert hand == _hand(game, game.victim, game.shown_at - 1)
    victim_knows = game.known(game.victim, game.shown_at)
    viewer_knows = game.known(game.viewer, game.shown_at)
    assert {h: viewer_knows.get(h) for h in hand} == {h: victim_knows[h] for h in hand}


def test_a_third_player_cannot_read_the_shown_cards_with_her_own_keys() -> None:
    """Nothing of the victim's hand reaches the third player or a spectator: not what her
    pbem reads, not her view, not the log, not the saves' clear fields (the victim's shares
    are never written in clear), and opening the encrypted shares with her own key gives
    points that are no shares and decode to no card."""
    game = _game()
    module = games.get(KIND)
    hand = _hand(game, game.victim, game.shown_at)
    truth = game.known(game.victim, game.shown_at)
    played = _name(game, truth[game.saves[game.shown_at - 1].actions[0]["card"]])
    names = {_name(game, truth[h]) for h in hand} - {played}  # the card played is face up
    for at in (game.shown_at - 1, game.shown_at, game.turn_at):
        save = game.saves[at]
        third_knows = game.known(game.third, at)
        assert not set(hand) & set(third_knows), at
        for role, seen in ((game.third, third_knows), (None, {})):
            view = gameplay.view(module, save.state, role, seen)
            assert not any(s["seen"] for s in view["seats"]), (at, role)
        assert not any(name in line for line in save.doc["log"] for name in names), at
        for handle in hand:
            assert _true_share(game, handle).hex() not in save.raw.decode(), (at, handle)
    looked = "\n".join(game.saves[game.shown_at].doc["log"])
    assert f"looks at Seat {game.victim[-1]}'s hand: 7 cards" in looked
    third = game.keys(game.third, game.shown_at)
    data = model.of(game.saves[game.shown_at].state)
    for item in data["shows"]:
        box = showing.ShownShare.from_record(item["box"], item["by"], item["to"])
        guess = showing.open_share(third, box)
        assert guess != _true_share(game, item["card"])
        with pytest.raises(SecretsError):
            _decode(data, item["card"], {game.victim: guess}, third)


def _name(game: Shown, card: str) -> str:
    return dataset.get(game.saves[0].state["data"]).record(card).name


def _decode(data: dict[str, Any], handle: str, given: dict[str, elgamal.Point],
            keys: GameKeys) -> int:
    """Open a card with its public shares, the points ``given`` and ``keys``' own share."""
    entry = data["cards"][handle]
    ct = model.ciphertext(entry, handle)
    points = {r: Share.from_record(rec, r).d for r, rec in entry["shares"].items()}
    points.update(given)
    points[keys.role] = group.mul(keys.x, ct.c1)
    table = CardTable(entry["deck"], model.deck_size(data, entry["deck"]))
    return table.decode(elgamal.unmask(ct, list(points.values())))


def _forged_show(game: Shown, how: str) -> dict[str, Any]:
    """A shown share the victim's patched pbem might give for her first card."""
    data = model.of(game.saves[game.shown_at].state)
    first, second = (data["cards"][h] for h in _hand(game, game.victim, game.shown_at)[:2])
    keys = game.keys(game.victim, game.shown_at)
    publics = model.publics(data)
    viewer, third = publics[game.viewer], publics[game.third]
    ct = elgamal.Ciphertext.from_record(first["ct"], "card")
    honest = showing.give(keys, viewer, ct)
    if how == "another card":  # a true share, of her second card
        return showing.give(keys, viewer, elgamal.Ciphertext.from_record(second["ct"],
                                                                         "card")).record()
    if how == "for the third player":  # sealed to another player than the viewer
        return showing.give(keys, third, ct).record()
    if how == "another point":  # a point that is no share, the proof kept
        record = honest.record()
        record["e2"] = group.add(honest.e2, group.GENERATOR).hex()
        return record
    assert how == "a made-up proof"
    record = honest.record()
    record["proof"]["s1"] = honest.s_mask.hex()
    return record


@pytest.mark.parametrize("how", ["another card", "for the third player", "another point",
                                 "a made-up proof"])
def test_the_holder_cannot_give_the_viewer_a_wrong_share(how: str) -> None:
    """The victim's save with a wrong share for the viewer (of another card, encrypted to
    the third player, a point that is no share, a proof made up), the position edited to
    match and re-signed with her own key, is refused by every home on arrival, naming her:
    the proof is checked by all, not only by the viewer."""
    game = _game()
    save, prev = game.saves[game.shown_at], game.saves[game.shown_at - 1]
    forged_box = _forged_show(game, how)

    def wrong(doc: dict[str, Any]) -> None:
        doc["contributions"]["shows"][0] = forged_box
        doc["state"]["secrets"]["shows"][-7]["box"] = forged_box

    assert save.state["secrets"]["shows"][-7]["card"] == _hand(game, game.victim,
                                                                game.shown_at)[0]
    forged = savefile.parse(resign(save, game.people[game.victim].key, wrong), "forged")
    with pytest.raises(ChainError) as info:
        chain.check_next(games.get(KIND), prev, forged)
    assert f"{game.victim}'s shown share" in str(info.value), info.value


def test_a_player_cannot_have_a_hand_shown_to_her_by_editing_her_save() -> None:
    """The third player's next save with the victim's cards listed as shown to her (the
    victim would then owe her their shares), re-signed with her own key, is refused on
    arrival: the position is not the one the rules make."""
    game = _game()
    at = next(i for i in range(game.shown_at + 1, len(game.saves))
              if game.saves[i].writer == game.third)
    hand = _hand(game, game.victim, at)

    def asks(doc: dict[str, Any]) -> None:
        doc["state"]["secrets"]["shows"] += [{"card": h, "by": game.victim, "to": game.third,
                                              "box": None} for h in hand]

    forged = savefile.parse(resign(game.saves[at], game.people[game.third].key, asks),
                            "forged")
    with pytest.raises(ChainError):
        chain.check_next(games.get(KIND), game.saves[at - 1], forged)


def test_a_hand_shown_while_its_holder_writes_nothing_waits_for_her_share_save() -> None:
    """When the look takes effect in the looker's own save (the victim looks back at the
    viewer, who answers no windows), that save ends there: the viewer's pbem writes a
    share save giving her encrypted shares, every home accepts it, and then the looker
    reads the viewer's hand and goes on; the third player still reads nothing of it."""
    game = _game()
    looked, shared = game.saves[-2], game.saves[-1]
    module = games.get(KIND)
    chain.check_next(module, game.saves[-3], looked)
    chain.check_next(module, looked, shared)
    assert shared.actions == [{"do": chain.SHARE}] and "shows" in shared.doc["contributions"]
    hand = _hand(game, game.viewer, len(game.saves) - 1)
    victim_knows = _known(game.victim, len(game.saves) - 1)
    assert set(hand) <= set(victim_knows)
    assert not set(hand) & set(_known(game.victim, len(game.saves) - 2))
    assert not set(hand) & set(_known(game.third, len(game.saves) - 1))


def test_the_viewer_learns_nothing_of_cards_not_shown() -> None:
    """What the viewer reads is her own hand, the victim's cards shown to her and the cards
    face up: nothing of the third player's hand, nor of the card the victim draws after;
    a share shown to her opens only its own card."""
    game = _game()
    for at in (game.shown_at, game.turn_at):
        state = game.saves[at].state
        data = model.of(state)
        faces = {h for h, e in data["cards"].items() if e["face"] is not None}
        allowed = set(_hand(game, game.viewer, at)) | set(
            _hand(game, game.victim, game.shown_at)) | faces
        assert set(game.known(game.viewer, at)) <= allowed, at
    drawn = set(_hand(game, game.victim, game.turn_at)) - set(
        _hand(game, game.victim, game.shown_at))
    assert drawn and drawn <= set(game.known(game.victim, game.turn_at))
    assert not drawn & set(game.known(game.viewer, game.turn_at))
    data = model.of(game.saves[game.turn_at].state)
    viewer = game.keys(game.viewer, game.turn_at)
    shown = data["shows"][-7]
    share = showing.open_share(viewer, showing.ShownShare.from_record(
        shown["box"], shown["by"], shown["to"]))
    assert share == _true_share(game, shown["card"])
    for other in sorted(drawn) + _hand(game, game.third, game.turn_at):
        with pytest.raises(SecretsError):
            _decode(data, other, {game.victim: share, game.third: share}, viewer)
    publics = {r: PublicKeys.from_record(rec, r) for r, rec in data["keys"].items()}
    assert set(publics) == set(game.people)



def test_the_audit_line_counts_the_shares_shown(monkeypatch: pytest.MonkeyPatch) -> None:
    """`pbem verify --audit` says how many shown shares it re-checked, beside the shuffles,
    decryption shares and passed cards: the golden game's last save, audited over entries
    that hold two shown shares (the audit's own checks are tests/secrets/test_showing.py)."""
    last = savefile.read(sorted(GOLDEN.glob("*.pbem.yaml"))[-1])
    passed = type("Report", (), {"ok": True, "findings": []})()
    monkeypatch.setattr(chain.hidden_audit, "audit", lambda *_: passed)
    entries = [ShowEntry(None, None), ShowEntry(None, None)]  # type: ignore[arg-type]
    line = chain._audit_lines(last, entries)[0]
    assert "2 shares shown" in line and "0 decryption shares" in line, line
    assert "0 shares shown" in chain._audit_lines(last, [])[0]
