"""Resolution Phase 1-3: remove losing bids, set next round's order, take actions.

Losing bids go home (support tokens to the general supply), last round's face-down
general comes back, the alliance token stays (resolution.remove-tokens*). Successful bids
set next round's bid order (resolution.turn-order.*). Then each state in action order
takes the actions it won, in the order it likes, or declines them; after each, its
generals and tokens go home (resolution.take-actions*). The actions themselves are the
``space:*`` steps of the action modules.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pbem.engine import Prompt
from pbem.errors import IllegalAction
from pbem.games.three_kingdoms_redux import bids, effects
from pbem.games.three_kingdoms_redux.flow import Handler, Step, ask, button, handler, no_extra
from pbem.games.three_kingdoms_redux.rules.battle import wasted_first
from pbem.games.three_kingdoms_redux.table import Table


@handler
class RemoveTokens(Handler):
    name = "remove-tokens"

    def run(self, t: Table, step: Step) -> None:
        t.s["stack"].pop()
        t.heading("Resolution Phase: winning bids stay, losing bids go home",
                  "resolution.remove-tokens")
        face_down = t.s["face_down"]
        if face_down:
            t.return_general(face_down["role"], face_down["general"])
            t.s["face_down"] = None
            t.say(f"{t.gname(face_down['role'], face_down['general'])} returns to "
                  f"{t.rname(face_down['role'])} from the control Han emperor space",
                  "resolution.remove-tokens.han-general")
        for space in [s for s in t.cat.spaces if t.s["bids"].get(s)]:
            side = bids.winner(t, space)
            assert side is not None
            t.s["won"][space] = list(side.roles)
            names = " and ".join(t.rname(r) for r in side.roles)
            rule = "bid.highest"
            if t.cat.spaces[space].kind == "tribal":
                rule = "bid.tribal.guaranteed"
            elif space == t.s["alliance"]["space"]:
                beaten = not set(side.roles) <= set(t.allies())
                rule = "bid.alliance-beaten" if beaten else "bid.alliance-combined"
            t.say(f"{t.sname(space)}: {names} wins with {side.total}", rule)
            kept = []
            for bid in t.s["bids"][space]:
                if bid["role"] in side.roles:
                    kept.append(bid)
                else:
                    bids.release(t, bid, "resolution.remove-tokens")
                    t.say(f"{t.gname(bid['role'], bid['general'])} goes back to "
                          f"{t.rname(bid['role'])}", "resolution.remove-tokens")
            t.s["bids"][space] = kept
        t.s["han"]["winner"] = None  # set once the space's winner carries out the action
        if t.s["alliance"]["space"]:
            t.say(f"The alliance token stays on {t.sname(t.s['alliance']['space'])}",
                  "resolution.remove-tokens.alliance-token")


@handler
class TurnOrder(Handler):
    name = "turn-order"

    def run(self, t: Table, step: Step) -> None:
        t.s["stack"].pop()
        t.s["action_order"] = list(t.s["bid_order"])
        counts = {r: sum(1 for roles in t.s["won"].values() if r in roles) for r in t.roles}
        military = {r: t.st(r)["military"] for r in t.roles}
        order = sorted(t.roles, key=lambda r: (-counts[r], -military[r], t.roles.index(r)))
        t.s["next_bid_order"] = order
        t.say("Actions this round in bid order: "
              + ", ".join(t.rname(r) for r in t.s["action_order"]), "resolution.action-order")
        t.say("Successful bids: " + ", ".join(f"{t.rname(r)} {counts[r]}" for r in t.roles)
              + " -> next round's bid order " + ", ".join(t.rname(r) for r in order)
              + f"; {t.rname(order[1])} and {t.rname(order[2])} will be allied",
              "resolution.turn-order.rank")


def pending(t: Table, role: str) -> list[str]:
    """Spaces the state won and has not yet taken or declined."""
    done = t.flags(role)["taken"]
    return [s for s, roles in t.s["won"].items() if role in roles and s not in done]


def space_step(t: Table, space: str) -> str:
    kind = t.cat.spaces[space].kind
    return f"space:{kind}" if kind in ("battle", "tribal") else f"space:{space}"


@handler
class TakeActions(Handler):
    name = "take-actions"

    def prompt(self, t: Table, step: Step) -> Prompt | None:
        role = t.in_action_order(step)
        if role is None or role not in step.get("started", []) or not pending(t, role):
            return None
        offers = []
        for space in pending(t, role):
            if wasted_first(t, role, space, pending(t, role)) is not None:
                continue  # only the order in which it can be used is offered
            offers.append(button("take", f"Take the action: {t.sname(space)}",
                                 "resolution.take-actions", space=space))
        for space in pending(t, role):
            offers.append(button("decline", f"Decline: {t.sname(space)}",
                                 "resolution.take-actions.optional", space=space))
        offers.append(button("decline-rest", "Decline every action not yet taken",
                             "resolution.take-actions.optional"))
        return ask(role, "actions", f"{t.rname(role)} takes its actions "
                   f"({len(pending(t, role))} left), in any order", offers,
                   "resolution.take-actions")

    def run(self, t: Table, step: Step) -> None:
        role = t.in_action_order(step)
        if role is None:
            t.s["stack"].pop()
            return
        started = step.setdefault("started", [])
        if role not in started:
            started.append(role)
            won = len(pending(t, role))
            t.heading(f"{t.rname(role)} takes its actions ({won} won)",
                      "resolution.take-actions")
            effects.outsider_gain(t, role, won)
            return
        step["index"] += 1

    def explain(self, t: Table, step: Step, role: str,
                action: Mapping[str, Any]) -> IllegalAction | None:
        space = action.get("space")
        if action.get("do") != "take" or space not in pending(t, role):
            return None
        return wasted_first(t, role, str(space), pending(t, role))

    def act(self, t: Table, step: Step, role: str, action: Mapping[str, Any]) -> None:
        verb = action["do"]
        if verb == "decline-rest":
            no_extra(action, (), "resolution.take-actions.optional")
            for space in pending(t, role):
                self._decline(t, role, space)
            return
        no_extra(action, ("space",), "resolution.take-actions")
        space = str(action["space"])
        if verb == "decline":
            self._decline(t, role, space)
            return
        t.flags(role)["taken"].append(space)
        refs = [b["general"] for b in t.s["bids"].get(space, []) if b["role"] == role]
        t.say(f"{t.rname(role)} takes {t.sname(space)} with "
              + ", ".join(t.gname(role, r) for r in refs), "resolution.take-actions")
        if space == t.s["alliance"]["space"] and role in t.allies():
            effects.alliance_action_gain(t, role, refs)
        t.s["stack"].append({"step": "action-cleanup", "role": role, "space": space})
        t.s["stack"].append({"step": space_step(t, space), "role": role, "space": space})

    def _decline(self, t: Table, role: str, space: str) -> None:
        t.flags(role)["taken"].append(space)
        t.say(f"{t.rname(role)} declines {t.sname(space)}", "resolution.take-actions.optional")
        t.s["stack"].append({"step": "action-cleanup", "role": role, "space": space})


@handler
class ActionCleanup(Handler):
    """After an action: generals, units, bid tokens and the Han token go home; popular
    support goes to the general supply (resolution.take-actions.cleanup)."""

    name = "action-cleanup"

    def run(self, t: Table, step: Step) -> None:
        t.s["stack"].pop()
        role, space = step["role"], step["space"]
        rest = []
        for bid in t.s["bids"].get(space, []):
            if bid["role"] == role:
                bids.release(t, bid, "resolution.take-actions.cleanup")
            else:
                rest.append(bid)
        if rest:
            t.s["bids"][space] = rest
        else:
            t.s["bids"].pop(space, None)
