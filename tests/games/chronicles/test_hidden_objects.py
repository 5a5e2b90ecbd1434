"""The objects in hand kept secret (rules notes 3, 62; chronicles-play-by-mail.md, "Hidden
cards"): dealt face down from the hidden deck of free objects, turned face up when an
opened order uses or offers them, read by the rules only then, used ones shuffled back
into the deck; a spy takes one at random."""

from __future__ import annotations

import hashlib
import random
from typing import Any

import pytest

from pbem import gameplay, games
from pbem.dice import ChainDice
from pbem.engine import Log
from pbem.errors import IllegalAction
from pbem.games.chronicles import dataset, hand, objects
from pbem.games.chronicles.board import Board
from pbem.games.chronicles.rules import intrigue, trades
from pbem.hidden import OpenSecrets, known_to
from tests.games.chronicles import invariants
from tests.games.chronicles.kit import random_order

KIND = "chronicles-of-the-three-kingdoms"
MODULE = games.get(KIND)
DATA = dataset.builtin()


def _opened(seed: int, players: int = 3) -> tuple[dict[str, Any], ChainDice, Log]:
    state = gameplay.opening(MODULE, MODULE.options(players, {}), None)
    dice = ChainDice(hashlib.sha256(f"chronicles objects {seed}".encode()).digest())
    log = Log()
    gameplay.start(MODULE, state, dice, log)
    return state, dice, log


def _kind(state: dict[str, Any], role: str, entry: str) -> str:
    return hand.kind(known_to(state, role)[entry])


def _season(state: dict[str, Any], dice: ChainDice, log: Log,
            orders: dict[str, dict[str, Any]]) -> None:
    """Every seat's season orders of this round (``{"do": "season"}`` for the rest)."""
    number = state["calendar"]["round"]
    while (prompt := gameplay.prompt(MODULE, state)) is not None \
            and prompt.step == "season" and state["calendar"]["round"] == number:
        order = orders.get(prompt.role, {})
        gameplay.apply(MODULE, state, prompt.role, {"do": "season", **order}, dice, log)


@pytest.mark.rule("chronicles:s3.10.hidden")
def test_no_seat_ever_reads_the_objects_another_seat_holds() -> None:
    """Every player keeps the objects she holds to herself: a random game of four seats
    for eight rounds (objects drawn, given to envoys, offered, stolen), checked after
    every order. No seat's view, text picture or knowledge names an object another seat
    holds face down, nor does the state outside the hidden decks; some objects were
    used face up on the way."""
    rng = random.Random(5)
    state, dice, log = _opened(5, 4)
    hidden = used = 0
    while (prompt := gameplay.prompt(MODULE, state)) is not None \
            and state["calendar"]["round"] <= 8:
        state = random_order(state, prompt, rng, dice, log, "game 5: ")
        invariants.check(state)
        hidden += invariants.check_secrets(state, MODULE)
        used = max(used, sum(1 for h in state[hand.OPEN] if h.startswith(objects.DECK)))
    assert hidden and used


@pytest.mark.rule("chronicles:s3.10.hidden")
def test_objects_are_dealt_face_down_and_the_keepers_stay_open() -> None:
    """Each seat's starting object is a handle of the hidden deck: she reads it, the
    others and a spectator see only how many she holds; the objects a non-human leader
    starts with stay open beside him and out of the deck."""
    state, _, _ = _opened(3)
    seat, other = state["seats"][:2]
    held = state["realms"][seat]["objects"]
    assert len(held) == 1 and held[0].startswith(f"{objects.DECK}#")
    mine = MODULE.view(state, seat, known_to(state, seat))["realms"][seat]["objects"]
    assert mine[0]["object"] in DATA.objects
    for viewer in (other, None):
        seen = MODULE.view(state, viewer, known_to(state, viewer))["realms"][seat]
        assert [item["object"] for item in seen["objects"]] == [None]
        assert "objects: 1 face down" in MODULE.describe(state, viewer,
                                                        known_to(state, viewer))
    keepers = {o for nh in state["non_human"].values() for o in nh["objects"]}
    assert keepers and not keepers & {hand.kind(c) for c in MODULE.shared_decks(
        MODULE.options(3, {}))[objects.DECK]}


def _envoy_with_object(seed: int) -> tuple[dict[str, Any], ChainDice, Log, dict[str, Any]]:
    """A started game whose first seat holds a diplomacy counter and an object fit for
    courting, and her order sending an envoy with it to a non-human leader."""
    state, dice, log = _opened(seed)
    role = state["seats"][0]
    knows = known_to(state, role)
    counter = next((e for e in state["realms"][role]["counters"]
                    if hand.kind(knows[e]) == "diplomacy"), None)
    entry = state["realms"][role]["objects"][0]
    record = DATA.objects[_kind(state, role, entry)]
    if counter is None or not record.diplomacy:
        raise LookupError
    general = next(g for g, f in state["generals"].items()
                   if f["employer"] == role and f["status"] == "ready")
    target = next(n for n, f in state["non_human"].items() if f["active"])
    act = {"counter": "diplomacy", "entry": counter, "general": general, "court": target,
           "gold": 0, "objects": [entry]}
    return state, dice, log, act


@pytest.mark.rule("chronicles:s3.10.hidden")
def test_a_used_object_turns_face_up_and_its_value_counts(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """An object sent with an envoy is turned face up when the orders open: the log names
    it, the action's roll counts its value, and once used it goes back into the deck
    (after the next draws) with its face-up mark gone."""
    for seed in range(40):
        try:
            state, dice, log, act = _envoy_with_object(seed)
            break
        except LookupError:
            continue
    role, entry = state["seats"][0], act["objects"][0]
    kind = _kind(state, role, entry)
    bonuses: list[tuple[list[str], int]] = []
    bonus = intrigue._bonus

    def counted(b: Board, action: dict[str, Any]) -> int:
        value = bonus(b, action)
        bonuses.append((list(action["objects"]), value))
        return value

    monkeypatch.setattr(intrigue, "_bonus", counted)
    _season(state, dice, log, {role: {"actions": [act]}})
    assert ([kind], int(DATA.objects[kind].value or 0)) in bonuses
    text = "\n".join(log.lines())
    assert "places a court action" in text and kind in text
    assert entry not in state["realms"][role]["objects"]
    assert entry not in state[hand.OPEN]  # gathered with the used pile (notes 17)
    deck = len(MODULE.shared_decks(MODULE.options(3, {}))[objects.DECK])
    held = sum(len(r["objects"]) for r in state["realms"].values())
    kept = sum(1 for nh in state["non_human"].values() for o in nh["objects"]
               if o == kind and DATA.objects[kind].stays_on_non_human)
    assert state["secrets"]["decks"][objects.DECK].__len__() + held + kept == deck


@pytest.mark.rule("chronicles:s3.10.hidden")
def test_an_order_naming_another_seats_object_is_refused() -> None:
    """An object is used only by its holder: an order that puts another seat's object on
    an action, in an answer or on guards is refused with the rule, and nothing changes."""
    state, dice, log = _opened(4)
    role = gameplay.prompt(MODULE, state).role
    other = next(r for r in state["seats"] if r != role)
    theirs = state["realms"][other]["objects"][0]
    general = next(g for g, f in state["generals"].items()
                   if f["employer"] == role and f["status"] == "ready")
    tid = next(t for t in DATA.territories if any(
        state["areas"][a]["holder"] == role for a in DATA.territories[t].area_ids()))
    orders = [
        {"actions": [{"counter": "diplomacy", "general": general, "court": other,
                      "entry": state["realms"][role]["counters"][0], "gold": 0,
                      "objects": [theirs]}]},
        {"answers": [{"back": "court", "objects": [theirs]}]},
        {"guards": [{"object": theirs, "against": "spies", "territories": [tid]}]}]
    before = repr(state)
    for order in orders:
        with pytest.raises(IllegalAction) as info:
            gameplay.apply(MODULE, state, role, {"do": "season", **order}, dice, log)
        assert info.value.rule and (theirs in str(info.value)
                                    or "the guards object" in str(info.value))
        assert repr(state) == before


@pytest.mark.rule("chronicles:s8.7.4.steal-object")
def test_a_spy_takes_an_object_at_random_and_the_thief_alone_reads_it() -> None:
    """A spy who steals an object from a hand she cannot read takes one at random: it
    moves to her hand still face down, she reads it, the third seat does not, and the
    log does not name it (notes 62)."""
    state, dice, log = _opened(7)
    thief, victim, third = state["seats"]
    secrets = OpenSecrets(state, dice)
    b = Board(state, dice, log, secrets)
    before = list(state["realms"][victim]["objects"])
    intrigue.steal_object(b, thief, victim, "princess")
    taken = state["realms"][thief]["objects"][-1]
    assert taken in before and taken not in state["realms"][victim]["objects"]
    assert taken not in state[hand.OPEN]
    assert taken in known_to(state, thief)
    assert taken not in known_to(state, third)
    assert "steals an object, face down" in "\n".join(log.lines())


def test_a_face_down_object_offered_in_a_trade_changes_hands_face_up() -> None:
    """An object offered by its entry is turned face up when the orders open; the seat
    who asked for that kind gets it, face up, for her gold."""
    state, dice, log = _opened(9)
    giver, taker = state["seats"][:2]
    entry = state["realms"][giver]["objects"][0]
    kind = _kind(state, giver, entry)
    if not DATA.objects[kind].tradable:
        entry, kind = state["realms"][taker]["objects"][0], _kind(
            state, taker, state["realms"][taker]["objects"][0])
        giver, taker = taker, giver
    assert DATA.objects[kind].tradable
    _season(state, dice, log, {
        giver: {"trades": [{"with": taker, "give": {"objects": [entry]},
                            "get": {"gold": 1}}]},
        taker: {"trades": [{"with": giver, "give": {"gold": 1},
                            "get": {"objects": [kind]}}]}})
    assert any("gives" in line and kind in line and "s7.1.unlimited" in line
               for line in log.lines())
    for viewer in state["seats"]:
        seen = MODULE.view(state, viewer, known_to(state, viewer))["realms"][taker]
        assert {"entry": entry, "object": kind} in seen["objects"]


@pytest.mark.rule("chronicles:s2.3.4.princess")
def test_a_princess_offered_face_down_is_refused_once_shown() -> None:
    """A princess is never traded: offered face down (the engine cannot tell), she is
    turned face up when the orders open and the offer is refused with the rule; once
    face up, an order offering her is refused as it is given."""
    for seed in range(60):
        state, dice, log = _opened(seed)
        found = [(role, e) for role in state["seats"] for e in state["realms"][role]["objects"]
                 if _kind(state, role, e) == "princess"]
        if found:
            break
    role, entry = found[0]
    other = next(r for r in state["seats"] if r != role)
    _season(state, dice, log, {role: {"trades": [{"with": other, "give": {"objects": [entry]},
                                                  "get": {"gold": 1}}]}})
    text = "\n".join(log.lines())
    assert "is refused: the Princess is never traded (s2.3.4.princess)" in text
    assert state[hand.OPEN].get(entry, "").startswith("princess")
    if entry in state["realms"][role]["objects"]:
        order = {"trades": [{"with": other, "give": {"objects": [entry]},
                             "get": {"gold": 1}}]}
        with pytest.raises(IllegalAction) as info:
            trades.check_trades(Board(state), role, order)
        assert info.value.rule == "s2.3.4.princess"
