"""A text picture of a Three Kingdoms Redux position, for terminals and e-mail bodies.

It shows what ``role`` may see: public facts, plus the viewer's own hidden generals and
hand when ``known`` is given.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pbem.games.three_kingdoms_redux.view import view


def _general(g: Mapping[str, Any]) -> str:
    if g["name"] is None:
        return "(hidden)"
    where = {"space": f" on {g['space']}", "stationed": f" at {g['location']}",
             "face-down": " face down"}.get(g["at"], "")
    hidden = "" if g["public"] else " [hidden]"
    return (f"{g['name']} {g['administration']}/{g['combat']}/{g['leadership']} "
            f"{'/'.join(g['specialisations'])}{where}{hidden}")


def position(state: dict[str, Any], role: str | None, known: Mapping[str, str]) -> str:
    v = view(state, role, known)
    alliance = v["alliance"]
    lines = [f"Three Kingdoms Redux - round {v['round']} of {v['rounds']}"
             + (" (Beginners' Tutorial)" if v["tutorial"] else "")]
    lines.append("Bid order: " + ", ".join(v["bid_order"])
                 + f"; allies: {' + '.join(alliance['allies'])}"
                 + (f"; alliance space: {alliance['space']}" if alliance["space"] else ""))
    crit = "; ".join(f"{k}: {c}" for k, c in v["criterion"].items())
    lines.append(f"Criterion: {crit}; Han emperor token: {v['han']['holder'] or 'supply'}")
    lines.append("")
    for _r, s in v["states"].items():
        res = s["resources"]
        lines.append(f"{s['name']} {s['zh']}: gold {res['gold']}, rice {res['rice']}, "
                     f"support {res['support']}, armies {res['untrained']}+{res['trained']} "
                     f"trained, spear {res['spear']} horse {res['horse']} crossbow "
                     f"{res['crossbow']} vessel {res['vessel']}, deficit {s['deficit']}")
        lines.append(f"  farm {s['farm']['level']} (granary {s['farm']['granary']}), "
                     f"marketplace {s['market']['level']} (treasury "
                     f"{s['market']['treasury']}), tribal {s['tribal']}, "
                     f"{s['rank_name']}, military {s['military']} VP, "
                     f"{s['hand_count']} cards in hand")
        lines.append("  generals: " + ", ".join(_general(g) for g in s["generals"]))
        if s["built"]:
            lines.append("  built: " + ", ".join(c["name"] for c in s["built"]))
    lines.append("")
    for space in v["spaces"]:
        if not space["bids"]:
            continue
        bids = ", ".join(f"{b['role']} {b['name']} {b['value']}" for b in space["bids"])
        mark = " [alliance]" if space["alliance"] else ""
        lines.append(f"{space['name']}{mark} ({space['criterion']}): {bids}")
    for border in v["borders"]:
        held = [f"{loc['name']}: {loc['occupant']['role']}" for loc in border["locations"]
                if loc["occupant"]]
        if held:
            lines.append(f"{border['name']}: " + ", ".join(held))
    if v["hand"]:
        lines.append("Your hand: " + ", ".join(c.get("name") or c["handle"] for c in v["hand"]))
    if v["result"]:
        scores = v["result"]["scores"]
        lines.append("Final scores: " + ", ".join(f"{r} {s['total']}" for r, s in scores.items())
                     + f"; winner: {v['result']['winner']}")
    return "\n".join(lines)
