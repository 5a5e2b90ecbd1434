"""Looking at a hand (the effect ``look-at-hand``, an owner's card: no built-in card has it):
the player who plays it sees the chosen player's hand, she alone; the hand stays as it was
and the log says only how many cards she saw.

The cards come from a made-up owner's set (data/look-at-hand: Spies in the Camp and an
instant, Intercepted Letter, look at a hand; so does Gan Ning's ability). Scenario games
hold their cards in the open; tests/security/test_shown_hand.py plays the same effect
with sealed cards between three homes."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import pytest

from pbem import chain, gameplay, games, session
from pbem.games.three_kingdoms_card_game import dataset
from pbem.identity import LocalIdentity
from pbem.savefile import SaveFile
from tests.games.three_kingdoms_card_game.kit import Game
from tests.security.kit import labelled_key
from tui.engine_text import EngineText, name_pairs

KIND = "three-kingdoms-card-game"
DATA = Path(__file__).parent / "data" / "look-at-hand"
SEATS = ("seat1", "seat2", "seat3")


@functools.cache
def data_hash() -> str:
    return dataset.load_data(DATA).hash


def _people() -> list[LocalIdentity]:
    return [LocalIdentity(n, labelled_key(f"look at hand {n}")) for n in ("ann", "bo", "cy")]


def _signed(scenario: dict[str, Any], action: dict[str, Any]) -> tuple[SaveFile, SaveFile]:
    """A signed three-player scenario game: Seat 1 (ann) acts, then ends her turn (the
    others pass every window by their orders); the save before and hers, checked as every
    other home checks it."""
    ann, bo, cy = _people()
    first = session.new_game(KIND, ann, [bo.identity, cy.identity], {"data": data_hash()},
                             scenario, dice="open", game_id="100c" * 8, salt="a" * 32)
    prev = session.join(session.join(first, bo, "b" * 32), cy, "c" * 32)
    made = session.Composer(prev, ann)
    hand = prev.state["hands"]["seat1"]
    made.act({**action, "card": hand[0]} if "card" in action else action)
    made.act({"do": "end-main"})
    made.act({"do": "done"})
    save = made.finish()
    chain.check_next(games.get(KIND), prev, save)
    return prev, save


def _known(save: SaveFile) -> dict[str | None, dict[str, str]]:
    return {role: dict(gameplay.knowledge(save.state, role)) for role in (*SEATS, None)}


def _scenario(**seat1: Any) -> dict[str, Any]:
    return {"turn": {"role": "seat1", "start": "main"},
            "seats": {"seat1": {"lord": "cao-cao", **seat1},
                      "seat2": {"lord": "liu-zhang", "orders": {"window": "pass"},
                                "hand": ["zhang-fei", "intercepted-letter.1",
                                         "immobilized-by-the-golden-seal.1"]},
                      "seat3": {"lord": "sun-jian", "orders": {"window": "pass"},
                                "hand": ["guan-yu", "spies-in-the-camp.2"]}}}


@pytest.mark.rule("cardgame:event.event")
def test_the_player_alone_sees_the_chosen_hand() -> None:
    """Seat 1 plays Spies in the Camp at Seat 2, in a signed game every home re-checks:
    what Seat 1 knows grows by exactly Seat 2's three cards; Seat 3, Seat 2 herself and a
    spectator know nothing more; Seat 2 keeps her cards, and the log tells only their
    number."""
    prev, save = _signed(_scenario(hand=["spies-in-the-camp.1"]),
                         {"do": "play-event", "card": None, "player": "seat2"})
    before, after = _known(prev), _known(save)
    victim = {h: before["seat2"][h] for h in prev.state["hands"]["seat2"]}
    assert set(victim) <= set(save.state["hands"]["seat2"])  # she keeps them (and draws)
    played = prev.state["hands"]["seat1"][0]  # now face up on the Discard Pile
    gained = {h: c for h, c in after["seat1"].items() if before["seat1"].get(h) != c}
    assert gained == victim
    for role in ("seat3", None):
        assert set(after[role]) - set(before[role]) == {played}, role
    drawn = set(save.state["hands"]["seat2"]) - set(victim)  # her opening draw: hers alone
    assert drawn and drawn <= set(after["seat2"]) and not drawn & set(after["seat1"])
    assert "Seat 1 looks at Seat 2's hand: 3 cards (event.event)" in "\n".join(save.doc["log"])
    assert not any(name in line for line in save.doc["log"]
                   for name in ("Zhang Fei", "Intercepted Letter", "Golden Seal"))


@pytest.mark.rule("cardgame:event.abilities")
def test_an_ability_shows_the_hand_in_the_viewers_view_only() -> None:
    """Gan Ning's ability at Seat 3: Seat 1's view lists Seat 3's two cards as seen (her
    text picture says so too); the views of Seat 2, of Seat 3 and of a spectator list
    nothing seen."""
    scenario = _scenario(hand=["spies-in-the-camp.3"], characters=[{"card": "gan-ning"}])
    _, save = _signed(scenario, {"do": "use-ability", "character": "gan-ning",
                                 "player": "seat3"})
    module = games.get(KIND)
    known = _known(save)
    views = {role: gameplay.view(module, save.state, role, known[role])
             for role in (*SEATS, None)}
    seen = {role: {s["role"]: [c["id"] for c in s["seen"]] for s in v["seats"]}
            for role, v in views.items()}
    assert sorted(seen["seat1"]["seat3"]) == ["guan-yu", "spies-in-the-camp.2"]
    assert not any(cards for role, by_seat in seen.items() for seat, cards in by_seat.items()
                   if (role, seat) != ("seat1", "seat3"))
    text = gameplay.describe(module, save.state, "seat1", known["seat1"])
    assert "you were shown: Guan Yu, Spies in the Camp" in text
    tables = {role: dict(module.panes(v))["Table"] for role, v in views.items()}
    seat3 = tables["seat1"].split("Seat 3:")[1]
    assert "Shown to you: Guan Yu*, Spies in the Camp" in seat3  # (* reconstructed)
    assert not any("Shown to you" in pane for role, pane in tables.items() if role != "seat1")
    line = next(line for line in tables["seat1"].split("\n") if "Shown to you" in line)
    say = EngineText(KIND, "zh", name_pairs(module.named({"players": 3})))
    assert say(line.strip()).startswith("給你看過：關羽")
    assert "Seat 1 looks at Seat 3's hand: 2 cards (event.event)" in "\n".join(save.doc["log"])


@pytest.mark.rule("cardgame:intervention.instant.answer")
def test_an_instant_in_a_window_shows_a_hand_to_the_player_who_plays_it() -> None:
    """Seat 2 answers Seat 1's play with Intercepted Letter at Seat 3: once the chain takes
    effect, Seat 2 (not Seat 1) knows Seat 3's cards; Seat 1's Spies then finds Seat 2's
    hand empty."""
    game = Game(players=3, data=data_hash(),
                seat1={"lord": "cao-cao", "hand": ["spies-in-the-camp.1"]},
                seat2={"lord": "liu-zhang", "hand": ["intercepted-letter.1"]},
                seat3={"lord": "sun-jian", "hand": ["guan-yu", "zhang-fei"]})
    hidden = set(game.state["hands"]["seat3"])
    game.play("seat1", "spies-in-the-camp.1", player="seat2")
    game.play("seat2", "intercepted-letter.1", player="seat3")
    lines = game.pass_all()
    assert "Seat 2 looks at Seat 3's hand: 2 cards" in "\n".join(lines)
    seat2 = gameplay.knowledge(game.state, "seat2")
    assert hidden <= set(seat2)
    assert not hidden & set(gameplay.knowledge(game.state, "seat1"))
    assert not hidden & set(gameplay.knowledge(game.state, None))
    assert "Seat 1 looks at Seat 2's hand: 0 cards" in "\n".join(lines)  # the letter is gone
