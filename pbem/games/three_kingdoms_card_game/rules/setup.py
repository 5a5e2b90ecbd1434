"""Part III, how to start: public lands, the lords drawn at random, the Main Deck, the
roll for the first player (ties for the highest roll again) and seven cards each.

The lords are public cards, so each player's is drawn with the game's dice, not as a
hidden card; the Main Deck is the engine's shared hidden deck ``main``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pbem.games.three_kingdoms_card_game import dataset
from pbem.games.three_kingdoms_card_game.flow import Handler, handler
from pbem.games.three_kingdoms_card_game.orders import default_orders
from pbem.games.three_kingdoms_card_game.table import MAIN, Table
from pbem.stepmachine import Step


def opening_state(options: Mapping[str, Any], roles: Sequence[str]) -> dict[str, Any]:
    data = dataset.get(options.get("data"))
    return {
        "data": options.get("data"),
        "seats": list(roles),
        "turn": {"role": roles[0], "number": 0},
        "lands": {lid: {"owner": None, "since": 0} for lid in data.lands},  # setup.public-lands
        "characters": {}, "artifacts": {},
        "lords": dict.fromkeys(roles), "lord_lost": dict.fromkeys(roles, False),
        "hands": {role: [] for role in roles}, "open_hand": {},
        "discard": {"cards": [], "hidden": 0, "face_down": 0}, "aside": [],
        "deck": {"left": len(data.main_deck()), "runs": 0},
        "chain": [], "stack": [{"step": "setup"}],
        "orders": {role: default_orders() for role in roles},
        "result": None, "clock": 0,
    }


def main_deck(options: Mapping[str, Any]) -> list[str]:
    return dataset.get(options.get("data")).main_deck()  # setup.main-deck


@handler
class Setup(Handler):
    name = "setup"

    def run(self, t: Table, step: Step) -> None:
        t.s["stack"].pop()
        t.heading("Setting up the game", "setup.lords")
        lords = t.data.lords()
        for role in t.seats:
            pick = lords.pop(t.draw(len(lords), f"the lord of {t.rname(role)}") - 1)
            t.place_character(role, pick, None, None)
            t.s["lords"][role] = pick
            t.say(f"{t.rname(role)} draws the lord {t.cname(pick)}", "setup.lords")
        t.s["aside"] = list(lords)
        t.say(f"{len(lords)} lords are set aside, out of the game", "setup.lords.unused")
        first = first_player(t)
        for role in t.seats:
            t.deal(role, t.data.rules.hand_size, "setup.hand")
        t.s["stack"].append({"step": "turn", "role": first, "phase": "begin"})


def first_player(t: Table) -> str:
    """Everyone rolls; the players tied for the highest roll roll again (notes 20)."""
    rolling = t.seats
    attempt = 1
    while True:
        rolls = {role: t.roll(f"{t.rname(role)}'s roll for the first player"
                              + (f" (roll {attempt})" if attempt > 1 else ""))
                 for role in rolling}
        t.say("Rolls for the first player: " + ", ".join(f"{t.rname(r)} {n}"
                                                         for r, n in rolls.items()),
              "setup.first-player")
        best = max(rolls.values())
        rolling = [r for r in rolling if rolls[r] == best]
        if len(rolling) == 1:
            t.say(f"{t.rname(rolling[0])} goes first; turns pass clockwise",
                  "setup.clockwise")
            return rolling[0]
        attempt += 1


__all__ = ["MAIN", "main_deck", "opening_state"]
