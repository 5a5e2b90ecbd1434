"""Answers at any time (IV.2.d): the reaction window after each play, and the chain.

After a play, every other player holding a card is asked in turn, clockwise from the
player on the left of the one whose play opened the window (rules notes 23); her standing
order may answer for her (pass, or ask only when the play aims at her). The first who
plays an instant opens a new window on top of it, in which everyone else may answer
again. When a window closes with nobody answering, the chain takes effect from the top
down: a counter cancels the play it answers, and a cancelled play does nothing. A closing
window opens when the active player ends her Main Phase, with nothing pending: the phase
ends once one closes with nobody playing.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from pbem.engine import Prompt
from pbem.errors import IllegalAction
from pbem.games.three_kingdoms_card_game.flow import Handler, handler
from pbem.games.three_kingdoms_card_game.rules import cards, effects, plays, trades
from pbem.games.three_kingdoms_card_game.table import Table
from pbem.stepmachine import Step, ask, button

PLAY_VERBS = ("play", "play-character", "play-artifact", "play-event")


def out_of_turn(t: Table, action: Mapping[str, Any]) -> IllegalAction | None:
    """Why an action is refused whoever must act now, or None: a deal is talk the rules
    keep no record of (intro.deals); no card is played outside a Main Phase."""
    verb = action.get("do")
    if verb == "deal":
        return IllegalAction("deals are made in your messages and bind nobody: pbem keeps "
                             "no record of them (only plays and trades change the game)",
                             "intro.deals")
    if verb in PLAY_VERBS and t.s["turn"].get("stage") == "ending":
        return IllegalAction("instant cards belong to the Main Phase: none is played in an "
                             "Ending Phase", "intervention.instant.main-only")
    return None


def _asks(t: Table, step: Step, role: str) -> bool:
    """Whether ``role`` is asked in this window (else she passes by standing order)."""
    if not t.hand(role):
        return False
    wish = t.order(role, "window")
    if wish == "pass":
        return False
    if step.get("closing"):  # nothing aims at anyone while a Main Phase closes
        return wish == "ask"
    return wish == "ask" or plays.entry_concerns(t, t.s["chain"][-1], role)


@handler
class Window(Handler):
    name = "window"

    def prompt(self, t: Table, step: Step) -> Prompt | None:
        if step["at"] >= len(step["asked"]):
            return None
        role = step["asked"][step["at"]]
        if not _asks(t, step, role):
            return None
        return replace(self._question(t, step, role), ahead=_after(t, step))

    def _question(self, t: Table, step: Step, role: str) -> Prompt:
        if step.get("closing"):
            offers = [button("pass", "Let the Main Phase end", "intervention.instant.any-time"),
                      *plays.play_specs(t, role, in_window=True)]
            text = (f"{t.rname(step['opener'])} ends the Main Phase: play an instant card "
                    "now, or let the phase end")
            return plays.with_hand(ask(role, "window", text, offers,
                                       "intervention.instant.any-time"))
        top = t.s["chain"][-1]
        offers = [button("pass", "Let it take effect", "intervention.instant.answer"),
                  *plays.play_specs(t, role, in_window=True)]
        trade = trades.offer_spec(t, role)
        if trade is not None:
            offers.append(trade)
        text = (f"{t.rname(top['role'])} plays {_what(t, top)}: answer with an instant "
                f"card, or let it take effect")
        return plays.with_hand(ask(role, "window", text, offers, "intervention.instant.answer"))

    def run(self, t: Table, step: Step) -> None:
        if step["at"] >= len(step["asked"]):
            t.s["stack"].pop()
            if step.get("closing"):  # nobody played: the Main Phase ends
                t.s["stack"][-1]["ended"] = True
                return
            if not t.s["stack"] or t.s["stack"][-1]["step"] != "resolve":
                t.s["stack"].append({"step": "resolve"})
            return
        step["at"] += 1  # no card in hand, or her standing order passes for her

    def act(self, t: Table, step: Step, role: str, action: Mapping[str, Any]) -> None:
        if action["do"] == "pass":
            step["at"] += 1
            return
        if action["do"] == trades.OFFER:
            trades.offer(t, role, action)  # she is asked again once it is answered
            return
        t.s["stack"].pop()  # the new play opens a window of its own
        cards.play_from_hand(t, role, dict(action, do="play"), in_window=True)


def _after(t: Table, step: Step) -> tuple[str, ...]:
    """The players asked in this window after the one asked now, if each passes."""
    return tuple(r for r in step["asked"][step["at"] + 1:] if _asks(t, step, r))


def _what(t: Table, entry: Mapping[str, Any]) -> str:
    kind = entry["kind"]
    if kind == "ability":
        return f"{t.cname(entry['card'])}'s ability"
    if kind == "battle":
        return f"an attack on {t.lname(entry['args']['land'])}"
    if kind == "bribe":
        return f"a bribe of {t.cname(entry['card'])}"
    return t.cname(entry["card"])


@handler
class Resolve(Handler):
    """The chain takes effect, the last play first."""

    name = "resolve"

    def run(self, t: Table, step: Step) -> None:
        chain = t.s["chain"]
        if not chain:
            t.s["stack"].pop()
            return
        entry = chain.pop()
        effects.carry_out(t, entry, chain)


__all__ = ["Resolve", "Window"]
