"""The action counters in hand kept secret (rules notes 3; chronicles-play-by-mail.md,
"Hidden cards"): dealt face down from the round's hidden deck, turned face up when an
opened order places or offers them, the others never shown, every deck gathered and
shuffled again for the round after next."""

from __future__ import annotations

import hashlib
import random
import re
from typing import Any

import pytest

from pbem import gameplay, games
from pbem.dice import ChainDice
from pbem.engine import Log
from pbem.games.chronicles import counters, dataset, hand
from pbem.hidden import known_to
from tests.games.chronicles import invariants
from tests.games.chronicles.kit import random_order

KIND = "chronicles-of-the-three-kingdoms"
MODULE = games.get(KIND)


def _opened(seed: int, players: int = 3) -> tuple[dict[str, Any], ChainDice, Log]:
    state = gameplay.opening(MODULE, MODULE.options(players, {}), None)
    dice = ChainDice(hashlib.sha256(f"chronicles counters {seed}".encode()).digest())
    log = Log()
    gameplay.start(MODULE, state, dice, log)
    return state, dice, log


def _placed_are_open(state: dict[str, Any]) -> int:
    """Every action placed this round names a counter turned face up as that action."""
    placed = 0
    for act in state["round"].get("actions") or []:
        entry = act.get("entry")
        if entry is not None and entry not in dataset.get(state.get("data")).actions:
            assert hand.kind(state[hand.OPEN][entry]) == act["counter"], act
            placed += 1
    return placed


@pytest.mark.rule("chronicles:s3.10.hidden")
def test_no_seat_ever_reads_the_counters_another_seat_holds() -> None:
    """Every player keeps the action counters he holds to himself: a random game of four
    seats for a dozen rounds, checked after every order. No seat's view, text picture or
    knowledge names a counter another seat holds face down, nor does the state outside
    the hidden decks; and every counter an opened order places is face up as the action
    it was placed for."""
    rng = random.Random(11)
    state, dice, log = _opened(11, 4)
    hidden = placed = 0
    while (prompt := gameplay.prompt(MODULE, state)) is not None \
            and state["calendar"]["round"] <= 12:
        state = random_order(state, prompt, rng, dice, log, "game 11: ")
        invariants.check(state)
        hidden += invariants.check_secrets(state, MODULE)
        placed += _placed_are_open(state)
    assert hidden and placed


def test_counters_are_dealt_face_down_and_the_draw_kind_stays_public() -> None:
    """A seat's counters are handles of this round's deck: she reads them, the others and
    a spectator see only the handles; the log tells how many actions and objects each
    seat drew, never which actions."""
    state, _, log = _opened(3)
    seat, other = state["seats"][:2]
    held = state["realms"][seat]["counters"]
    assert held and all(h.startswith(f"{counters.deck_of(1)}#") for h in held)
    mine = MODULE.view(state, seat, known_to(state, seat))["realms"][seat]["counters"]
    assert all(item["action"] for item in mine)
    for viewer in (other, None):
        seen = MODULE.view(state, viewer, known_to(state, viewer))["realms"][seat]
        assert all(item["action"] is None for item in seen["counters"])
        assert "face down" in MODULE.describe(state, viewer, known_to(state, viewer))
    assert any(re.search(r" draws \d+ action counters? and \d+ objects?\b", line)
               for line in log.lines())


def test_a_counter_placed_for_another_action_is_shown_and_does_nothing() -> None:
    """An order that names one of its counters for an action it is not turns the counter
    face up when opened (named in an answer), and the action is dropped, the log naming
    the counter's action."""
    state, dice, log = _opened(5)
    role = gameplay.prompt(MODULE, state).role
    knows = known_to(state, role)
    entry = next(e for e in state["realms"][role]["counters"]
                 if hand.kind(knows[e]) != "special-tax")
    general = next(g for g, f in state["generals"].items()
                   if f["employer"] == role and f["status"] == "ready")
    order = {"do": "season", "actions": [{"counter": "special-tax", "general": general,
                                          "entry": entry}]}
    gameplay.apply(MODULE, state, role, order, dice, log)
    while (prompt := gameplay.prompt(MODULE, state)) is not None \
            and prompt.step == "season" and state["calendar"]["round"] == 1:
        gameplay.apply(MODULE, state, prompt.role, {"do": "season"}, dice, log)
    text = "\n".join(log.lines())
    assert f"the counter {entry} is a {hand.kind(knows[entry])} counter, not special-tax" \
        in text
    assert "places a special-tax action" not in text


def test_every_deck_is_whole_again_for_the_round_after_next() -> None:
    """Once a round is over its deck is gathered, every counter wherever it lay, and
    shuffled again; the next round draws from the other deck, and the face-up marks of
    the gathered counters go (their handles are gone)."""
    rng = random.Random(2)
    state, dice, log = _opened(2)
    size = len(counters.action_deck(dataset.get(state.get("data"))))
    while state["calendar"]["round"] < 2:
        state = random_order(state, gameplay.prompt(MODULE, state), rng, dice, log)
    decks = state["secrets"]["decks"]
    assert len(decks[counters.deck_of(1)]) == size
    assert not any(h.startswith(f"{counters.deck_of(1)}#") for h in state[hand.OPEN])
    held = [h for realm in state["realms"].values() for h in realm["counters"]]
    assert held and all(h.startswith(f"{counters.deck_of(2)}#") for h in held)
