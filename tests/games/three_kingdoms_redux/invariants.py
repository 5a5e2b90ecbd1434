"""Facts that must hold in every Three Kingdoms Redux position, checked after every action."""

from __future__ import annotations

from typing import Any

from pbem.games.three_kingdoms_redux.catalog import RESOURCES, ROLES, load_catalog
from pbem.games.three_kingdoms_redux.dataset import CARDS_PER_DECK, DECKS, get
from pbem.games.three_kingdoms_redux.module import ThreeKingdomsRedux
from pbem.hidden import known_to

MODULE = ThreeKingdomsRedux()
AT = ("supply", "space", "face-down", "stationed")


def hidden_from(state: dict[str, Any], role: str | None) -> set[str]:
    """Card ids somebody else holds face down (never turned up)."""
    cards = state["secrets"]["cards"]
    return {str(e["card"]) for e in cards.values()
            if not e["revealed"] and e["holder"] != role}


def check_secrets(state: dict[str, Any], log_lines: list[str] | None = None,
                  pictures: bool = True) -> None:
    """No view shows a card another player holds face down; the log names none; prompts
    ask the same of everyone whatever they know. (Sealed cards need the players' keys to
    know what is hidden: tests/hidden/test_redux_sealed.py checks them.)"""
    if state["secrets"].get("mode") == "sealed":
        return
    data = get(state["data"])
    names = {c.id: c.name for c in data.cards.values()}
    names.update({g.id: g.name for g in data.generals.values()})
    for viewer in (*ROLES, None) if pictures else ROLES:
        secret = hidden_from(state, viewer)
        blob = repr(MODULE.view(state, viewer, known_to(state, viewer)))
        for card in secret:
            assert f"'{card}'" not in blob, f"{viewer} sees hidden card id {card}"
            assert names[card] not in blob, f"{viewer} sees the name of hidden {card}"
        if pictures:
            text = MODULE.describe(state, viewer, known_to(state, viewer))
            assert not any(names[card] in text for card in secret), f"{viewer}'s picture leaks"
    public_secret = hidden_from(state, None)
    outside = repr({k: v for k, v in state.items() if k != "secrets"})
    for card in public_secret:
        assert f"'{card}'" not in outside, f"the game's own state names hidden card {card}"
    for line in log_lines or []:
        assert not any(names[c] in line for c in public_secret), f"log leaks: {line}"
    bare = MODULE.prompt(state, {})
    if bare is not None:
        full = MODULE.prompt(state, known_to(state, bare.role))
        assert full is not None
        assert (full.role, full.step, full.text) == (bare.role, bare.step, bare.text)
        assert {a.verb for a in full.actions} == {a.verb for a in bare.actions}
        fixed = sorted(str(dict(a.fixed)) for a in full.actions if not a.params)
        assert fixed == sorted(str(dict(a.fixed)) for a in bare.actions if not a.params)


def check(state: dict[str, Any]) -> None:
    cat = load_catalog()
    data = get(state["data"])
    tokens = cat.n("bid_tokens")
    for role in ROLES:
        st = state["states"][role]
        for key in (*RESOURCES, "deficit", "military", "bid_tokens"):
            assert isinstance(st[key], int) and st[key] >= 0, (role, key, st[key])
        for track, store in (("farm", "granary"), ("market", "treasury")):
            dev = st[track]
            assert 0 <= dev["level"] <= cat.n("development_tokens"), (role, dev)
            assert min(dev.values()) >= 0, (role, dev)
            assert dev["level"] == dev["space"] + dev[store] + dev["removed"], (role, dev)
        assert cat.tribal_min <= st["tribal"] <= cat.tribal_max
        assert 0 <= st["rank"] < len(cat.ranks)
        on_bids = sum(b["tokens"] for bids in state["bids"].values() for b in bids
                      if b["role"] == role)
        on_cards = sum(e.get("tokens", 0) for e in st["generals"].values())
        assert st["bid_tokens"] + on_bids + on_cards == tokens, (role, "bid tokens")
        for ref, entry in st["generals"].items():
            assert entry["at"] in AT, (role, ref, entry)
            if entry["at"] == "space":
                assert any(b["general"] == ref and b["role"] == role
                           for b in state["bids"][entry["space"]])
            if entry["at"] == "stationed":
                assert state["locations"][entry["location"]]["general"] == ref
            if entry["card"] is not None:
                assert data.generals[entry["card"]].state == role
        assert len(st["border_tokens"]) == len(st["stationed"])
    for _space, bids in state["bids"].items():
        for bid in bids:
            entry = state["states"][bid["role"]]["generals"][bid["general"]]
            assert entry["at"] in ("space", "face-down") or bid.get("face_down"), bid
            assert min(bid["units"], bid["gold"], bid["support"], bid["tokens"]) >= 0
    occupied = [loc for loc, held in state["locations"].items() if held]
    assert len(occupied) == sum(len(s["stationed"]) for s in state["states"].values())
    assert state["han"]["holder"] in (None, *ROLES)
    if state["face_down"]:
        fd = state["face_down"]
        assert state["states"][fd["role"]]["generals"][fd["general"]]["at"] == "face-down"
    # cards: every card of each deck is in the deck, a hand or built (tokens conserved)
    secrets = state["secrets"]
    sealed = secrets.get("mode") == "sealed"  # cards masked: the deck is its stack
    for deck in DECKS:
        left = secrets["decks"][deck]["stack"] if sealed else secrets["decks"][deck]
        assert state["decks"][deck] == len(left)
        in_hands = sum(1 for s in state["states"].values() for h in s["hand"]
                       if h.startswith(f"{deck}#"))
        built = sum(1 for s in state["states"].values() for c in s["built"]
                    if data.cards[c].deck == deck)
        assert state["decks"][deck] + in_hands + built == CARDS_PER_DECK, deck
    for role in ROLES:
        for handle in state["states"][role]["hand"]:
            assert secrets["cards"][handle]["holder"] == role
