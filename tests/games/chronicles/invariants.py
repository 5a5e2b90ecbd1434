"""What must hold in every Chronicles position, whatever the players ordered."""

from __future__ import annotations

from typing import Any

from pbem.games.chronicles import dataset
from pbem.games.chronicles.records import FREE

STATUSES = {"ready", "undiscovered", "free", "captive", "injured", "dead", "removed"}


def check(state: dict[str, Any]) -> None:
    data = dataset.get(state.get("data"))
    seats = state["seats"]
    holders = set(seats) | set(state["non_human"]) | {None}
    for area, facts in state["areas"].items():
        assert facts["holder"] in holders, f"{area} is held by {facts['holder']!r}"
        assert facts["defence"] >= 0, f"{area} has a negative defensive value"
    for tid, land in state["lands"].items():
        assert land["land_value"] >= 0, f"{tid} has a negative land value"
    low, high = data.rule("relation-range")
    for holder, table in state["relations"].items():
        for other, level in table.items():
            assert low <= level <= high, f"{holder} toward {other} at {level}"
    for role, realm in state["realms"].items():
        assert realm["gold"] >= 0, f"{role} has {realm['gold']} gold"
        for kind, units in realm["units"].items():
            assert units >= 0, f"{role} has {units} {kind}"
        for card in realm["cards"]:
            if "secrets" in state:
                entry = state["secrets"]["cards"].get(card)
                assert entry is not None and entry["holder"] == role, \
                    f"{role} holds {card!r}, not a red card of his"
            else:
                assert card in data.stratagems, f"{role} holds {card!r}, not a stratagem"
        for obj in realm["objects"]:
            if obj not in data.objects:  # a hidden object: a card of the deck he holds
                entry = state.get("secrets", {}).get("cards", {}).get(obj)
                assert entry is not None and entry["holder"] == role, \
                    f"{role} holds {obj!r}, not an object of his"
        check_parts(state, role)
    employers = set(seats) | set(data.non_human) | set(data.leaders) | {FREE}
    tasks: dict[str, str] = {}
    for gid, facts in state["generals"].items():
        assert facts["status"] in STATUSES, f"{gid} is {facts['status']!r}"
        assert facts["employer"] in employers, f"{gid} serves {facts['employer']!r}"
        if facts.get("task"):
            tasks[gid] = facts["task"]
    ex = state.get("exchange")
    if state.get("result") is None:
        assert ex is not None, "the game waits for no one"
        assert set(ex["given"]) <= set(ex["asked"]) <= set(seats)


def check_parts(state: dict[str, Any], role: str) -> None:
    """A realm cut in two (notes 59): no part holds negative gold or units, each part is
    a group of territories he holds, no territory or general is in two parts, and no
    territory of a part borders the main group or another part (they would have merged)."""
    from pbem.games.chronicles.board import Board

    b = Board(state)
    cut = state["realms"][role].get("parts")
    if not cut:
        return
    touched = set(b.territories_touched(role))
    seen_t: set[str] = set()
    seen_g: set[str] = set()
    for part in cut:
        assert part["gold"] >= 0, f"a part of {role} has {part['gold']} gold"
        assert all(n >= 0 for n in part["units"].values()), f"a part of {role}: {part}"
        mine = set(part["territories"])
        assert mine and mine <= touched, f"{role}'s part {sorted(mine)} is not held"
        assert not mine & seen_t and not set(part["generals"]) & seen_g, f"{role}: overlap"
        seen_t |= mine
        seen_g |= set(part["generals"])
        outside = touched - mine
        assert not any(n in outside for t in mine for n in b.neighbours(t)), \
            f"{role}'s part {sorted(mine)} borders another of his groups"
    assert touched - seen_t, f"{role} has parts but no main group"


def totals(state: dict[str, Any], role: str) -> tuple[int, dict[str, int]]:
    """Gold and units of every pool of ``role`` added up (conserved through a split)."""
    realm = state["realms"][role]
    gold, units = int(realm["gold"]), dict(realm["units"])
    for part in realm.get("parts") or []:
        gold += int(part["gold"])
        for kind, n in part["units"].items():
            units[kind] = units.get(kind, 0) + int(n)
    return gold, units


def hidden_from(state: dict[str, Any], role: str | None) -> set[str]:
    """Deck names of the red cards, action counters and objects somebody else holds face down
    (never turned up)."""
    cards = state["secrets"]["cards"]
    return {str(e["card"]) for h, e in cards.items()
            if not e["revealed"] and e["holder"] not in (None, role)
            and h not in state.get("open_cards", {})}


def check_secrets(state: dict[str, Any], module: Any) -> int:
    """No view, text picture or knowledge shows a seat a red card, an action counter or an
    object another seat holds face down, nor does the game's state outside the engine's hidden
    decks name one; the question is put the same whatever its seat knows. Returns how many
    such cards there were, summed over the viewers."""
    from pbem.hidden import known_to

    data = dataset.get(state.get("data"))
    counted = 0
    for viewer in (*state["seats"], None):
        secret = hidden_from(state, viewer)
        knows = known_to(state, viewer)
        blob = repr(module.view(state, viewer, knows))
        text = module.describe(state, viewer, knows)
        for card in secret:
            assert card not in knows.values(), (viewer, card)
            assert f"'{card}'" not in blob, f"{viewer} sees hidden card {card}"
            kind = card.split(":")[0]
            if kind == card:  # a single copy: its name says which card it is
                record = data.stratagems.get(kind) or data.actions.get(kind) \
                    or data.objects[kind]
                assert record.name not in text, f"{viewer} reads {card}"
        for seat, realm in module.view(state, viewer, knows)["realms"].items():
            for item in realm["cards"]:
                if seat != viewer and item["entry"] not in state.get("open_cards", {}):
                    assert item["card"] is None, (viewer, seat, item)
            for item in realm["counters"]:
                if seat != viewer and item["entry"] not in state.get("open_cards", {}):
                    assert item["action"] is None, (viewer, seat, item)
            for item in realm["objects"]:
                if seat != viewer and item["entry"] not in state.get("open_cards", {}):
                    assert item["object"] is None, (viewer, seat, item)
        counted += len(secret)
    outside = repr({k: v for k, v in state.items() if k not in ("secrets", "open_cards")})
    for card in hidden_from(state, None):
        assert f"'{card}'" not in outside, f"the game's state names hidden card {card}"
    bare = module.prompt(state, {})
    if bare is not None:
        full = module.prompt(state, known_to(state, bare.role))
        assert full is not None
        assert (full.role, full.step, full.text) == (bare.role, bare.step, bare.text)
        assert {a.verb for a in full.actions} == {a.verb for a in bare.actions}
    return counted
