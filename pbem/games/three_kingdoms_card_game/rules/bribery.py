"""IV.2.c, the Bribery Stage: both players choose cards of their hands in secret (one
sealed question: neither sees the other's number before both are bound), the numbers
are shown together, each heart of the target counts one card more for the defender, and
every card bid goes to the Discard Pile, face down (rules notes 19).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from pbem.engine import ActionSpec, Prompt
from pbem.games.three_kingdoms_card_game.flow import Handler, handler
from pbem.games.three_kingdoms_card_game.rules import plays
from pbem.games.three_kingdoms_card_game.table import Table
from pbem.stepmachine import Step, ask, require, subset


@handler
class Bids(Handler):
    name = "bids"

    def prompt(self, t: Table, step: Step) -> Prompt | None:
        if not self._valid(t, step):
            return None
        # the defender first: she is the one just asked, so her bid often shares her save
        waiting = [r for r in (step["defender"], step["role"]) if r not in step["bids"]]
        if not waiting:
            return None
        role = waiting[0]
        least = t.data.rules.bribe_min_bid if role == step["role"] else 0
        hand = t.hand(role)
        options = [(entry, t.label(entry)) for entry in hand]
        spec = ActionSpec("bid", "Bid cards of your hand", "bribery.bid", params=(
            replace(subset("cards", "Cards you bid (what they are does not matter)", options,
                           least, len(hand)), default=[e for e, _ in options[:least]]),))
        text = (f"bid for {t.cname(step['target'])} ({t.hearts(step['target'])} heart(s) "
                f"count for its player): choose cards of your hand in secret")
        prompt = ask(role, "bribe-bid", text, [spec], "bribery.bid")
        return replace(plays.with_hand(prompt), sealed=tuple(waiting))

    def _valid(self, t: Table, step: Step) -> bool:
        target = step["target"]
        can_bid = step["role"] in step["bids"] or bool(t.hand(step["role"]))
        return can_bid and target in t.chars() \
            and t.char(target)["controller"] == step["defender"] and not t.is_lord(target)

    def act(self, t: Table, step: Step, role: str, action: Mapping[str, Any]) -> None:
        cards = action.get("cards", [])
        require(isinstance(cards, list) and all(c in t.hand(role) for c in cards)
                and len(set(cards)) == len(cards), "bid cards of your own hand, each once",
                "bribery.bid")
        least = t.data.rules.bribe_min_bid if role == step["role"] else 0
        require(len(cards) >= least, f"the briber bids at least {least} card", "bribery.bid")
        step["bids"][role] = list(cards)

    def run(self, t: Table, step: Step) -> None:
        t.s["stack"].pop()
        target = step["target"]
        if not self._valid(t, step):
            t.say(f"The bribe falls through: {t.cname(target)} cannot be bribed now, or the "
                  "briber has no card left",
                  "bribery.target")
            return
        bid = len(step["bids"][step["role"]])
        held = len(step["bids"][step["defender"]])
        hearts = t.hearts(target) * t.data.rules.heart_bid
        t.say(f"Bids shown together: {t.rname(step['role'])} {bid} card(s); "
              f"{t.rname(step['defender'])} {held} card(s) and {hearts} for the hearts",
              "bribery.reveal")
        for role in (step["role"], step["defender"]):
            for entry in step["bids"][role]:
                card = t.public_card(entry)
                t.take_from_hand(role, entry)
                t.to_pile(card, entry)
        t.say("Every card bid goes to the Discard Pile", "bribery.discard")
        if bid > held + hearts:
            t.change_controller(target, step["role"], None)
            t.say(f"{t.rname(step['role'])} gains control of {t.cname(target)}", "bribery.win")
        else:
            t.say(f"{t.cname(target)} stays with {t.rname(step['defender'])}", "bribery.win")
