"""Game End: the four triggers, and the final scoring (end.*).

The game ends after the Resolution Phase of round 12, or of the round in which a state
reached farm and marketplace level 5, became Emperor or stationed its fifth general; that
round has no Update and Maintenance (end.timing). Then every category of the scoring
sheet is added up; the highest total wins, then the most gold and rice, then Shu before
Wu before Wei (end.winner, end.tiebreak).
"""

from __future__ import annotations

from collections.abc import Mapping

from pbem.games.three_kingdoms_redux import effects
from pbem.games.three_kingdoms_redux.flow import Handler, Step, handler
from pbem.games.three_kingdoms_redux.table import Table

CATEGORIES = ("military", "border", "border_location", "domestic", "civil_harmony", "rank",
              "han_emperor", "state_enhancement", "deficit")


def triggers(t: Table) -> list[str]:
    """The end conditions met now, by clause id."""
    end = t.cat.n("end")
    out = []
    if t.s["round"] >= t.cat.n("rounds"):
        out.append("end.round-12")
    for role in t.roles:
        if (t.level(role, "farm") >= end["domestic_level"]
                and t.level(role, "market") >= end["domestic_level"]):
            out.append("end.domestic-5")
        if t.st(role)["rank"] >= end["emperor_rank"]:
            out.append("end.emperor")
        if t.stationed_count(role) >= end["stationed_generals"]:
            out.append("end.fifth-general")
    return list(dict.fromkeys(out))


def comparative(t: Table, values: Mapping[str, int]) -> dict[str, int]:
    """5/3/2/1/0 for individual first, joint first, individual second, joint second,
    third; three equal values are all joint first (end.comparative)."""
    award = t.cat.n("comparative")
    out = {}
    for role, value in values.items():
        better = sum(1 for r, v in values.items() if r != role and v > value)
        same = sum(1 for r, v in values.items() if r != role and v == value)
        if better == 0:
            out[role] = award["joint_first"] if same else award["first"]
        elif better == 1:
            out[role] = award["joint_second"] if same else award["second"]
        else:
            out[role] = award["third"]
    return out


def score(t: Table) -> dict[str, dict[str, int]]:
    """Every scoring category for every state, with totals."""
    roles = t.roles
    cards = {r: sum(c.vp for c in t.built(r)) + sum(vp for _, vp in effects.end_vp(t, r))
             for r in roles}
    domestic = comparative(t, {r: t.domestic(r) for r in roles})
    harmony = comparative(t, {r: t.st(r)["tribal"] + t.st(r)["support"] for r in roles})
    rank = comparative(t, {r: t.st(r)["rank"] for r in roles})
    taken = effects.vp_taken(t)
    out: dict[str, dict[str, int]] = {}
    for role in roles:
        st = t.st(role)
        results = "-".join(sorted(t.border_results(role)))
        row = {
            "military": st["military"] - sum(n for _, loser, _, n in taken if loser == role),
            "border": int(t.cat.n("border_vp")[results]),
            "border_location": sum(b["vp"] for b in st["border_tokens"]),
            "domestic": domestic[role],
            "civil_harmony": harmony[role] + t.cat.tribal_bonus.get(st["tribal"], 0),
            "rank": rank[role] + st["rank"],
            "han_emperor": t.cat.n("han_emperor")["token_vp"]
            if t.s["han"]["holder"] == role else 0,
            "state_enhancement": cards[role] + sum(
                n for taker, _, cid, n in taken if taker == role and _keeps(t, cid)),
            "deficit": st["deficit"] * t.cat.n("deficit_vp"),
        }
        row["total"] = sum(row.values())
        out[role] = row
    return out


def _keeps(t: Table, cid: str) -> bool:
    return any(e["kind"] == "take-vp" and e.get("keep") for e in t.data.cards[cid].effects)


def winner(t: Table, scores: Mapping[str, Mapping[str, int]]) -> str:
    order = list(t.cat.n("tiebreak_order"))
    return min(t.roles, key=lambda r: (-scores[r]["total"],
                                       -(t.st(r)["gold"] + t.st(r)["rice"]), order.index(r)))


@handler
class RoundEnd(Handler):
    name = "round-end"

    def run(self, t: Table, step: Step) -> None:
        t.s["stack"].pop()
        fired = triggers(t)
        if not fired:
            t.s["stack"].append({"step": "update"})
            return
        t.heading(f"The game ends after round {t.s['round']} ("
                  + ", ".join(fired) + "): no Update and Maintenance", "end.timing")
        for taker, loser, cid, n in effects.vp_taken(t):
            kept = f", {t.rname(taker)} scores them" if _keeps(t, cid) else ""
            t.say(f"{t.data.cards[cid].name}: {t.rname(loser)} loses {n} military VP to "
                  f"{t.rname(taker)}{kept}", "end.state-enhancement-vp")
        scores = score(t)
        for role in t.roles:
            row = scores[role]
            t.say(f"{t.rname(role)}: " + ", ".join(f"{c.replace('_', ' ')} {row[c]}"
                                                   for c in CATEGORIES)
                  + f" = {row['total']}", "end.winner")
        best = winner(t, scores)
        t.say(f"{t.rname(best)} wins", "end.winner")
        t.s["result"] = {"winner": best, "reason": fired[0], "reasons": fired,
                         "round": t.s["round"], "scores": scores}
