"""The Card Game between homes: hands, trades in the dark, sealed war cards and bids.

The golden game (a whole 3-player game, every save signed, to its audit; its players' keys
are published) is attacked save by save: what each player's pbem can read stays theirs,
and a player who edits and re-signs a save cannot change a war card once sealed or trade
cards she does not hold; a scenario game between two homes shows that the dice, not a
player, pick a random discard."""

from __future__ import annotations

import functools
import json
from typing import Any

import pytest

from pbem import chain, gameplay, games, savefile, sealed_orders, session
from pbem.errors import ChainError, IllegalAction
from pbem.hidden_cards import model
from pbem.identity import LocalIdentity
from pbem.savefile import SaveFile
from pbem.signing import PrivateKey
from tests.golden_replay import recorded, sample_players
from tests.hidden.kit import known
from tests.security.kit import labelled_key, resign

KIND = "three-kingdoms-card-game"


@functools.cache
def _game() -> tuple[tuple[SaveFile, ...], dict[str, PrivateKey]]:
    """The golden Card Game (saves/golden-cardgame) and its players' published keys."""
    saves = recorded("golden-cardgame", "make-golden-cardgame")
    players = sample_players("golden-cardgame", saves[0])
    return tuple(saves), {role: person.key for role, person in players.items()}


def _verbs(save: SaveFile) -> list[str]:
    return [str(a.get("do")) for a in save.actions]


def _hidden_from(save: SaveFile, role: str, truth: dict[str, str]) -> set[str]:
    data = model.of(save.state)
    return {h for h, e in data["cards"].items()
            if e["face"] is None and e["holder"] not in (None, role)
            and role not in e["barred"] and h in truth}


def test_the_game_holds_a_trade_a_war_and_a_bribe() -> None:
    """The fixed game this file attacks plays every kind of secret: accepted trades, war
    cards and bribery bids sealed and opened, random discards."""
    saves, _ = _game()
    verbs = {v for s in saves for v in _verbs(s)}
    verbs |= {str(a.get("order", {}).get("do")) for s in saves for a in s.actions
              if a.get("do") == sealed_orders.UNSEAL}
    assert {"accept-trade", "war-card", "bid", sealed_orders.SEAL,
            sealed_orders.UNSEAL} <= verbs, verbs
    assert saves[-1].state["result"] is not None


def test_no_player_reads_another_players_hand_or_traded_cards() -> None:
    """After every save, what each player's pbem can read, and the view it shows her, hold
    no card another player holds face down; the cards of a trade are read only by the
    player who received them (and their giver, who held them)."""
    saves, keys = _game()
    module = games.get(KIND)
    roles = list(keys)
    checked = traded = 0
    for index, save in enumerate(saves):
        if len(save.doc["dice"]["salts"]) < len(roles) or (
                index % 7 and "accept-trade" not in _verbs(save) and index != len(saves) - 1):
            continue
        sees = {role: known(save, role, keys[role]) for role in roles}
        truth = {h: c for seen in sees.values() for h, c in seen.items()}
        for role in roles:
            hidden = _hidden_from(save, role, truth)
            assert not hidden & set(sees[role]), (index, role)
            shown = json.dumps(gameplay.view(module, save.state, role, sees[role]))
            for handle in hidden:
                assert f'"{handle}"' not in shown or f'"id": "{truth[handle]}"' not in shown, \
                    (index, role, handle)
            checked += len(hidden)
        if "accept-trade" in _verbs(save):
            traded += 1
    assert checked and traded, "the game hid nothing or traded nothing: nothing was checked"


def _first(saves: tuple[SaveFile, ...], test: Any) -> int:
    return next(i for i, s in enumerate(saves) if test(s))


def _author(save: SaveFile) -> str:
    return str(save.role_of(save.signer))


def test_a_sealed_war_card_cannot_be_changed_when_opened() -> None:
    """The defender's war card is sealed before the attacker chooses hers; opening it as
    another card, re-signed with the defender's own key, is refused on arrival."""
    saves, keys = _game()
    at = _first(saves, lambda s: any(a.get("do") == sealed_orders.UNSEAL
                                     and a.get("order", {}).get("do") == "war-card"
                                     for a in s.actions))
    save, prev = saves[at], saves[at - 1]
    role = _author(save)

    def other_card(doc: dict[str, Any]) -> None:
        for action in doc["actions"]:
            if action.get("do") == sealed_orders.UNSEAL:
                card = action["order"]["card"]
                action["order"]["card"] = "cavalry" if card != "cavalry" else "bowmen"

    forged = savefile.parse(resign(save, keys[role], other_card), "forged")
    with pytest.raises((ChainError, IllegalAction)):
        chain.check_next(games.get(KIND), prev, forged)


def test_a_trade_cannot_give_cards_the_giver_does_not_hold() -> None:
    """Accepting a trade with a card of another player's hand, re-signed by the accepting
    player, is refused on arrival, naming the trade's rule."""
    saves, keys = _game()
    at = _first(saves, lambda s: "accept-trade" in _verbs(s))
    save, prev = saves[at], saves[at - 1]
    role = _author(save)
    others = [h for r, hand in prev.state["hands"].items() if r != role for h in hand]

    def stolen(doc: dict[str, Any]) -> None:
        for action in doc["actions"]:
            if action.get("do") == "accept-trade" and action.get("give"):
                action["give"] = [others[0], *action["give"][1:]]

    forged = savefile.parse(resign(save, keys[role], stolen), "forged")
    with pytest.raises((ChainError, IllegalAction)) as info:
        chain.check_next(games.get(KIND), prev, forged)
    assert "intervention.trade" in str(info.value)


def test_a_random_discard_is_the_one_the_dice_pick() -> None:
    """Burned Supply Trains between two homes: the dice pick the victim's two cards; the
    save with another card gone from her hand, re-signed by the player who played it, is
    refused on arrival."""
    ann, bo = (LocalIdentity(n, labelled_key(f"random discard {n}")) for n in ("ann", "bo"))
    scenario = {"turn": {"role": "seat1", "start": "main"},
                "seats": {"seat1": {"lord": "cao-cao", "hand": ["burned-supply-trains.1"]},
                          "seat2": {"lord": "liu-bei", "orders": {"window": "pass"},
                                    "hand": ["zhang-fei", "guan-yu", "plague.1"]}}}
    first = session.new_game(KIND, ann, [bo.identity], None, scenario, dice="open",
                             game_id="d15c" * 8, salt="a" * 32)
    prev = session.join(first, bo, "b" * 32)
    made = session.Composer(prev, ann)
    made.act({"do": "play-event", "card": prev.state["hands"]["seat1"][0], "player": "seat2"})
    made.act({"do": "end-main"})  # Seat 2 passes every window by her standing order
    made.act({"do": "done"})
    save = made.finish()
    before = prev.state["hands"]["seat2"]
    kept = [h for h in save.state["hands"]["seat2"] if h in before]
    assert len(kept) == 1  # two of her three cards went, picked by the dice
    other = next(h for h in before if h != kept[0])

    def other_pick(doc: dict[str, Any]) -> None:
        hand = doc["state"]["hands"]["seat2"]
        hand[hand.index(kept[0])] = other

    chain.check_next(games.get(KIND), prev, save)
    forged = savefile.parse(resign(save, ann.key, other_pick), "forged")
    with pytest.raises((ChainError, IllegalAction)):
        chain.check_next(games.get(KIND), prev, forged)


def test_every_save_of_the_game_verifies_and_the_audit_passes() -> None:
    """The whole game re-checks from its first save on a fresh machine, the audit of every
    hidden step included."""
    saves, _ = _game()
    verdict = chain.verify(saves[-1], list(saves[:-1]), audit=True)
    assert verdict.over
    assert any("audit" in line for line in verdict.lines)
