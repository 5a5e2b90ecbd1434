"""Trades in the dark (IV.2.d): any player may offer another a trade in any Main Phase.

The offer names the cards of the offerer's hand she gives (their handles: nobody else
learns what they are) and how many she asks in return; the other player accepts by
choosing that many cards of her own hand, or refuses. Then the cards change hands face
down: each learns only the cards she receives, and what either said of them binds nobody
(rules notes 3). A player offers at most one trade per turn (rules notes 27).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from pbem.engine import ActionSpec, Prompt
from pbem.games.three_kingdoms_card_game.flow import Handler, handler
from pbem.games.three_kingdoms_card_game.rules import plays
from pbem.games.three_kingdoms_card_game.table import LORD, Table
from pbem.stepmachine import Step, ask, button, choice, number, require, subset

OFFER = "offer-trade"


def may_offer(t: Table, role: str) -> bool:
    return role not in t.s["turn"].get("traded", []) and any(
        r != role and t.hand(r) for r in t.seats) and t.s["turn"].get("stage") != "ending"


def offer_spec(t: Table, role: str) -> ActionSpec | None:
    """The offer ``role`` may make now, if any."""
    if not may_offer(t, role):
        return None
    others = [(r, f"{t.rname(r)} ({len(t.hand(r))} card(s))") for r in t.seats
              if r != role and t.hand(r)]
    hand = [(entry, t.label(entry)) for entry in t.hand(role)]
    most = max(len(t.hand(r)) for r, _ in others)
    return ActionSpec(OFFER, "Offer a trade, cards face down", "intervention.trade", params=(
        choice("to", "Player you offer it to", others, others[0][0]),
        replace(subset("give", "Cards you give", hand, 0, len(hand)), default=[]),
        number("ask", "How many cards you want in return", 0, most, 1)))


def offer(t: Table, role: str, action: Mapping[str, Any]) -> None:
    require(may_offer(t, role), "one trade offer per player per turn, in a Main Phase",
            "intervention.trade")
    to, give, want = action.get("to"), action.get("give", []), action.get("ask", 1)
    require(to in t.seats and to != role and bool(t.hand(str(to))),
            "offer it to another player who holds a card", "intervention.trade.any-players")
    require(isinstance(give, list) and len(set(give)) == len(give)
            and all(g in t.hand(role) for g in give), "give cards of your own hand, each once",
            "intervention.trade.numbers")
    require(isinstance(want, int) and not isinstance(want, bool)
            and 0 <= want <= len(t.hand(str(to))), "ask for at most the cards she holds",
            "intervention.trade.numbers")
    require(bool(give) or want > 0, "a trade moves at least one card",
            "intervention.trade.numbers")
    t.s["turn"].setdefault("traded", []).append(role)
    t.say(f"{t.rname(role)} offers {t.rname(str(to))} {len(give)} card(s) face down for "
          f"{want}", "intervention.trade")
    t.s["stack"].append({"step": "trade", "role": role, "to": to, "give": list(give),
                         "ask": want})


@handler
class Trade(Handler):
    name = "trade"

    def prompt(self, t: Table, step: Step) -> Prompt | None:
        to, want = step["to"], step["ask"]
        offers = [button("refuse-trade", "Refuse the trade", "intervention.trade")]
        if want <= len(t.hand(to)):
            hand = [(entry, t.label(entry)) for entry in t.hand(to)]
            offers.insert(0, ActionSpec("accept-trade", f"Accept: give {want} card(s)",
                                        "intervention.trade.face-down", params=(
                subset("give", f"Cards you give ({want})", hand, want, want),)))
        text = (f"{t.rname(step['role'])} offers you {len(step['give'])} card(s) face down "
                f"for {want} of yours")
        return plays.with_hand(ask(to, "trade", text, offers, "intervention.trade"))

    def act(self, t: Table, step: Step, role: str, action: Mapping[str, Any]) -> None:
        t.s["stack"].pop()
        if action["do"] == "refuse-trade":
            t.say(f"{t.rname(role)} refuses the trade", "intervention.trade")
            return
        give = action.get("give", [])
        require(isinstance(give, list) and len(set(give)) == len(give) == step["ask"]
                and all(g in t.hand(role) for g in give),
                f"give exactly {step['ask']} card(s) of your hand", "intervention.trade.numbers")
        _move(t, step["role"], role, step["give"])
        _move(t, role, step["role"], give)
        t.say(f"{t.rname(step['role'])} and {t.rname(role)} trade {len(step['give'])} card(s) "
              f"for {len(give)}, face down", "intervention.trade.face-down")


def _move(t: Table, giver: str, taker: str, entries: list[str]) -> None:
    hidden = [e for e in entries if not e.startswith(LORD) and e not in t.s["open_hand"]]
    if hidden:
        t.secrets.move(hidden, taker)
    for entry in entries:
        card = t.public_card(entry)
        t.take_from_hand(giver, entry)
        t.hand(taker).append(entry)
        if card is not None and not entry.startswith(LORD):
            t.s["open_hand"][entry] = card
