"""Update and Maintenance (update.*, upkeep.*) and Deficit Tokens.

After a round that ended no game: both criterion markers turn over; the state that
carried out the control Han emperor action takes the Han emperor token (its winner
declined: nobody collects it; nobody bid: it goes to the supply); states pay rice for their
popular support tokens and gold and rice for their stationed army units, each missing token
costing a deficit token; every stationed unit adds a military VP; the round marker moves on.
"""

from __future__ import annotations

from pbem.games.three_kingdoms_redux import effects
from pbem.games.three_kingdoms_redux.flow import Handler, Step, handler
from pbem.games.three_kingdoms_redux.table import Table


def upkeep(t: Table, role: str) -> dict[str, int]:
    """What a state owes now: rice for popular support, gold and rice for its stationed
    units less the tokens on its treasury and granary and any card's relief."""
    st = t.st(role)
    units = t.stationed_units(role)
    border_treasury = sum(1 for b in st["border_tokens"] if b["on"] == "treasury")
    border_granary = sum(1 for b in st["border_tokens"] if b["on"] == "granary")
    relief_gold, relief_rice = effects.upkeep_relief(t, role)
    gold = max(0, units - st["market"]["treasury"] - border_treasury - relief_gold) \
        if units else 0
    army_rice = max(0, units - st["farm"]["granary"] - border_granary - relief_rice) \
        if units else 0
    support_rice = st["support"] // t.cat.n("support_per_rice")
    return {"gold": gold, "army_rice": army_rice, "support_rice": support_rice}


@handler
class Update(Handler):
    name = "update"

    def run(self, t: Table, step: Step) -> None:
        t.s["stack"].pop()
        s = t.s
        t.heading(f"Update and Maintenance after round {s['round']}", "update.flip-criterion")
        s["criterion"] = {space: ("combat" if c == "administration" else "administration")
                          for space, c in s["criterion"].items()}
        t.say("Criterion markers turn over: " + "; ".join(
            f"{t.sname(sp)} {c}" for sp, c in s["criterion"].items()), "update.flip-criterion")
        winner = s["han"]["winner"]
        won = s["won"].get("control-han-emperor")
        if winner:
            s["han"]["holder"] = winner
            t.say(f"{t.rname(winner)} takes the Han emperor token", "update.pass-han-emperor")
        elif won:
            holder = s["han"]["holder"]
            where = f"{t.rname(holder)} keeps it" if holder else "it stays in the supply"
            t.say(f"{t.rname(won[0])} did not take the control Han emperor action, so nobody "
                  f"collects the Han emperor token: {where}", "update.pass-han-emperor")
        else:
            if s["han"]["holder"]:
                t.say(f"Nobody bid for the Han emperor: {t.rname(s['han']['holder'])} returns "
                      "the token to the supply", "update.han-emperor-returned")
            s["han"]["holder"] = None
        for role in t.roles:
            self._pay(t, role)
        for role in t.roles:
            units = t.stationed_units(role)
            if units:
                gain = units * t.cat.n("military_vp_per_unit")
                t.st(role)["military"] += gain
                t.say(f"{t.rname(role)} earns {gain} military VP for {units} stationed units "
                      f"(now {t.st(role)['military']})", "update.military-vp")
        s["round"] += 1
        t.say(f"The round marker moves to round {s['round']}", "update.round-track")

    def _pay(self, t: Table, role: str) -> None:
        due = upkeep(t, role)
        st = t.st(role)
        rice_due = due["support_rice"] + due["army_rice"]
        if not rice_due and not due["gold"]:
            return
        paid_gold = min(st["gold"], due["gold"])
        paid_rice = min(st["rice"], rice_due)
        st["gold"] -= paid_gold
        st["rice"] -= paid_rice
        short = (due["gold"] - paid_gold) + (rice_due - paid_rice)
        parts = []
        if due["support_rice"]:
            parts.append(f"{due['support_rice']} rice for popular support")
        if due["gold"] or due["army_rice"]:
            parts.append(f"{due['gold']} gold and {due['army_rice']} rice for stationed units")
        rule = "upkeep.rice" if due["army_rice"] else (
            "upkeep.gold" if due["gold"] else "upkeep.popular-support")
        t.say(f"{t.rname(role)} owes {', '.join(parts)}", rule)
        if short:
            st["deficit"] += short
            t.say(f"{t.rname(role)} lacks {short} tokens and takes {short} deficit tokens",
                  "upkeep.deficit")
