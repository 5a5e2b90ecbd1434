"""Facts that must hold in every Card Game position, checked after every action."""

from __future__ import annotations

from typing import Any

from pbem.games.three_kingdoms_card_game import dataset
from pbem.games.three_kingdoms_card_game.module import ThreeKingdomsCardGame
from pbem.games.three_kingdoms_card_game.table import LORD
from pbem.hidden import known_to

MODULE = ThreeKingdomsCardGame()


def hidden_from(state: dict[str, Any], role: str | None) -> set[str]:
    """Card ids somebody else holds face down (never turned up)."""
    cards = state["secrets"]["cards"]
    return {str(e["card"]) for h, e in cards.items()
            if not e["revealed"] and e["holder"] not in (None, role)
            and h not in state["open_hand"]}


def check_secrets(state: dict[str, Any], pictures: bool = True, views: bool = True) -> None:
    """No view or picture shows a card another player holds face down; prompts ask the
    same of everyone whatever they know (``views`` false: only the prompts)."""
    data = dataset.get(state["data"])
    roles = list(state["seats"])
    for viewer in ((*roles, None) if pictures else roles) if views else ():
        secret = hidden_from(state, viewer)
        seen = {c.split(".")[0] for c in
                set(data.main_deck()) - secret - set(state["secrets"]["decks"]["main"])}
        blob = repr(MODULE.view(state, viewer, known_to(state, viewer)))
        text = MODULE.describe(state, viewer, known_to(state, viewer)) if pictures else ""
        for card in secret:
            assert f"'{card}'" not in blob, f"{viewer} sees hidden card id {card}"
            base = card.split(".")[0]
            if base not in seen:  # no copy of it is in the open anywhere
                name = data.record(card).name
                assert name not in blob, f"{viewer} sees the name of hidden {card}"
                assert name not in text, f"{viewer}'s picture leaks {card}"
    public_secret = hidden_from(state, None)
    outside = repr({k: v for k, v in state.items() if k != "secrets"})
    for card in public_secret:
        assert f"'{card}'" not in outside, f"the game's own state names hidden card {card}"
    bare = MODULE.prompt(state, {})
    if bare is not None:
        full = MODULE.prompt(state, known_to(state, bare.role))
        assert full is not None
        assert (full.role, full.step, full.text) == (bare.role, bare.step, bare.text)
        assert {a.verb for a in full.actions} == {a.verb for a in bare.actions}


def check(state: dict[str, Any]) -> None:
    """Every card is somewhere once; lands and characters agree; lords are on the table."""
    data = dataset.get(state["data"])
    rules = data.rules
    secrets = state["secrets"]
    in_deck = len(secrets["decks"]["main"])
    assert state["deck"]["left"] == in_deck, (state["deck"], in_deck)
    held = {h: e for h, e in secrets["cards"].items() if e["holder"] is not None}
    for role, hand in state["hands"].items():
        for entry in hand:
            if entry.startswith(LORD):
                continue
            if entry not in state["open_hand"]:
                assert held[entry]["holder"] == role, (role, entry)
    in_hands = sum(1 for hand in state["hands"].values() for e in hand
                   if not e.startswith(LORD))
    on_table = sum(1 for c in state["characters"].values() if c["handle"]) + \
        len(state["artifacts"])
    on_chain = sum(1 for e in state["chain"] if e.get("handle"))
    pile = len(secrets["piles"].get("discard", []))
    assert pile == state["discard"]["hidden"], (pile, state["discard"])
    total = in_deck + in_hands + on_table + on_chain + pile
    assert total == len(data.main_deck()), (in_deck, in_hands, on_table, on_chain, pile)
    for lid, land in state["lands"].items():
        holders = [cid for cid, c in state["characters"].items() if lid in c["lands"]]
        assert len(holders) <= rules.joint_control_max, (lid, holders)
        for cid in holders:
            assert state["characters"][cid]["controller"] == land["owner"], (lid, cid)
    for role, lord in state["lords"].items():
        if lord is not None and lord in state["characters"]:
            assert state["characters"][lord]["controller"] == role, (role, lord)
        elif lord is not None:  # taken back to hand: still her lord (rules notes 16)
            assert lord in (e.removeprefix(LORD) for e in state["hands"][role]) or any(
                state["open_hand"].get(e) == lord for e in state["hands"][role]) or any(
                e["card"] == lord for e in state["chain"]), (role, lord)
    for aid, art in state["artifacts"].items():
        assert aid in state["characters"][art["bearer"]]["artifacts"], aid
    if state["result"] is not None:
        assert state["result"]["winners"]
