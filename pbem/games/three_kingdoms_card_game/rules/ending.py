"""IV.3, the Ending Phase: the Rearranging Stage (characters among one's lands, artifacts
among one's characters, one card back to hand) and the Discarding Stage (down to seven).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from pbem.engine import ActionSpec, Prompt
from pbem.errors import IllegalAction
from pbem.games.three_kingdoms_card_game.flow import Handler, handler
from pbem.games.three_kingdoms_card_game.rules import plays
from pbem.games.three_kingdoms_card_game.table import Table
from pbem.stepmachine import Step, ask, button, choice, require, subset


@handler
class Rearrange(Handler):
    name = "rearrange"

    def prompt(self, t: Table, step: Step) -> Prompt | None:
        role = step["role"]
        mine = t.chars_of(role)
        offers: list[ActionSpec] = []
        lands = [(lid, t.lname(lid)) for lid in t.lands_of(role)]
        if mine and lands:
            offers.append(ActionSpec("move", "Put a character on your lands",
                                     "ending.rearrange.characters", params=(
                choice("character", "Character", [(c, t.cname(c)) for c in mine], mine[0]),
                replace(subset("lands", "The lands it controls (none: on no land)", lands, 0,
                               len(lands)), default=[]))))
        if t.s["artifacts"] and len(mine) > 1:
            arts = [a for a, e in t.s["artifacts"].items() if e["bearer"] in mine]
            if arts:
                offers.append(ActionSpec("move-artifact", "Give an artifact to another of "
                                         "your characters", "ending.rearrange.artifacts",
                                         params=(
                    choice("artifact", "Artifact", [(a, t.cname(a)) for a in arts], arts[0]),
                    choice("bearer", "New bearer", [(c, t.cname(c)) for c in mine],
                           mine[0]))))
        if t.s["turn"]["returned"] < t.data.rules.returns_per_turn:
            back = [c for c in mine if t.char(c)["held"] is None] + [
                a for a, e in t.s["artifacts"].items() if e["bearer"] in mine]
            if back:
                offers.append(ActionSpec("return", "Take a card on the table back to your "
                                         "hand", "ending.rearrange.return", params=(
                    choice("card", "Character or artifact", [(c, t.cname(c)) for c in back],
                           back[0]),)))
        offers.append(button("done", "Finish rearranging", "ending.stages"))
        return ask(role, "rearrange", "rearrange your characters and artifacts", offers,
                   "ending.rearrange.characters")

    def explain(self, t: Table, step: Step, role: str,
                action: Mapping[str, Any]) -> IllegalAction | None:
        return plays.explain_by_trial(self, t, role, action,
                                      ("move", "move-artifact", "return"))

    def act(self, t: Table, step: Step, role: str, action: Mapping[str, Any]) -> None:
        verb = action["do"]
        if verb == "done":
            t.s["stack"].pop()
            return
        if verb == "move":
            cid = str(action.get("character"))
            lands = action.get("lands", [])
            require(cid in t.chars_of(role), "move one of your characters",
                    "ending.rearrange.characters")
            require(isinstance(lands, list) and all(lid in t.lands_of(role) for lid in lands)
                    and len(set(lands)) == len(lands), "put it only on lands you control",
                    "ending.rearrange.characters")
            for lid in lands:
                others = [c for c in t.holders(lid) if c != cid]
                require(len(others) < t.data.rules.joint_control_max,
                        f"{t.lname(lid)} already has {len(others)} characters",
                        "character.political-power.share")
            t.char(cid)["lands"] = list(lands)
            where = ", ".join(t.lname(lid) for lid in lands) or "no land"
            t.say(f"{t.cname(cid)} now stands on {where}", "ending.rearrange.characters")
        elif verb == "move-artifact":
            aid, bearer = str(action.get("artifact")), str(action.get("bearer"))
            mine = t.chars_of(role)
            require(aid in t.s["artifacts"] and t.s["artifacts"][aid]["bearer"] in mine
                    and bearer in mine, "move an artifact between your own characters",
                    "ending.rearrange.artifacts")
            old = t.s["artifacts"][aid]["bearer"]
            t.char(old)["artifacts"].remove(aid)
            t.char(bearer)["artifacts"].append(aid)
            t.s["artifacts"][aid]["bearer"] = bearer
            t.say(f"{t.cname(aid)} passes to {t.cname(bearer)}", "ending.rearrange.artifacts")
        else:
            card = str(action.get("card"))
            require(t.s["turn"]["returned"] < t.data.rules.returns_per_turn,
                    "one card back to hand per turn", "ending.rearrange.return")
            t.s["turn"]["returned"] += 1
            if card in t.s["artifacts"]:
                entry = t.s["artifacts"].pop(card)
                require(t.char(entry["bearer"])["controller"] == role,
                        "take back only your own cards", "ending.rearrange.return")
                t.char(entry["bearer"])["artifacts"].remove(card)
                t.return_to_hand(role, card, entry["handle"])
            else:
                require(card in t.chars_of(role) and t.char(card)["held"] is None,
                        "take back one of your own characters (not one held by an ability)",
                        "ending.rearrange.return")
                t.leave_table(card, "hand", "ending.rearrange.return")
            t.say(f"{t.rname(role)} takes {t.cname(card)} back to hand",
                  "ending.rearrange.return")


@handler
class DiscardDown(Handler):
    name = "discard-down"

    def prompt(self, t: Table, step: Step) -> Prompt | None:
        role = step["role"]
        hand = t.hand(role)
        extra = len(hand) - t.data.rules.hand_limit
        if extra <= 0:
            return None
        spec = ActionSpec("discard", f"Discard {extra} card(s)", "ending.discard", params=(
            subset("cards", f"Cards to discard ({extra})", [(e, t.label(e)) for e in hand],
                   extra, extra),))
        return plays.with_hand(ask(role, "discard", f"discard down to "
                                   f"{t.data.rules.hand_limit} cards", [spec],
                                   "ending.discard"))

    def run(self, t: Table, step: Step) -> None:
        t.s["stack"].pop()

    def act(self, t: Table, step: Step, role: str, action: Mapping[str, Any]) -> None:
        cards = action.get("cards", [])
        extra = len(t.hand(role)) - t.data.rules.hand_limit
        require(isinstance(cards, list) and len(set(cards)) == len(cards) == extra
                and all(c in t.hand(role) for c in cards),
                f"discard exactly {extra} cards of your hand", "ending.discard")
        for entry in cards:
            card = t.public_card(entry)
            t.take_from_hand(role, entry)
            t.to_pile(card, entry)
        t.say(f"{t.rname(role)} discards {extra} card(s) down to "
              f"{t.data.rules.hand_limit}", "ending.discard")
        t.s["stack"].pop()
