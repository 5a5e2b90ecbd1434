"""A text picture of a Card Game position, for terminals and e-mail: what waits to take
effect and the viewer's own hand first (what a decision turns on), then the seats with
their characters on the table, and the lands. Card values the rulebook does not print
are marked with ``*``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pbem.games.three_kingdoms_card_game.view import view

MARK = "*"


def _mark(card: Mapping[str, Any]) -> str:
    return MARK if card.get("reconstructed") else ""


def _character(c: Mapping[str, Any]) -> str:
    flags = [f"PP {c['political_power']}", f"FS {c['fighting_spirit']}",
             f"{c['hearts']} heart(s)"]
    if c["strategist"]:
        flags.append("strategist")
    if c["rotated"]:
        flags.append("turned")
    if c["lord"]:
        flags.insert(0, "lord")
    arts = "".join(f" + {a['name']}{_mark(a)}" for a in c["artifacts"])
    return f"{c['name']}{_mark(c)} ({', '.join(flags)}){arts}"


def position(state: dict[str, Any], role: str | None, known: Mapping[str, str]) -> str:
    v = view(state, role, known)
    names = {s["role"]: s["name"] for s in v["seats"]}
    chars = {c["id"]: c for c in v["characters"]}
    lines = [f"Turn {v['turn']['number']}: {names.get(v['turn']['role'], '-')}"
             + (f", {v['turn']['stage']} stage" if v["turn"]["stage"] else ""),
             f"Main Deck {v['deck']['left']} cards (run out {v['deck']['runs']} time(s)); "
             f"Discard Pile {len(v['discard']['seen']) + v['discard']['face_down']} cards", ""]
    if v["chain"]:
        lines.append("Waiting to take effect (last on top):")
        for entry in reversed(v["chain"]):
            lines.append(f"  {names[entry['role']]}: {entry['kind']} {entry['card']['name']}"
                         + (" (cancelled)" if entry["cancelled"] else ""))
        lines.append("")
    if role is not None:
        lines.append("Your hand:")
        for card in v["hand"]:
            if card.get("id"):
                text = f" - {card['text']}" if card["text"] else ""
                lines.append(f"  {card['name']}{_mark(card)} ({card['kind']}"
                             f"{', instant' if card['instant'] else ''}){text}")
            else:
                lines.append(f"  a card not yet read ({card['entry']})")
        lines.append("")
    for seat in v["seats"]:
        lines.append(f"{seat['name']}: {seat['hand']} card(s) in hand, land value "
                     f"{seat['land_value']}" + (", lord lost" if seat["lord_lost"] else ""))
        if seat.get("seen"):
            lines.append("  you were shown: " + ", ".join(c["name"] for c in seat["seen"]))
        for cid in seat["characters"]:
            c = chars[cid]
            where = ", ".join(next(land["name"] for land in v["lands"] if land["id"] == lid)
                              for lid in c["lands"]) or "no land"
            lines.append(f"  {_character(c)} on {where}")
    lines.append("")
    lines.append("Lands (value/defence, holder):")
    for land in v["lands"]:
        owner = names.get(land["owner"], "public")
        lines.append(f"  {land['name']}{_mark(land)} {land['value']}/"
                     f"{land['defensive_power']} {owner}")
    if any(_mark(c) for c in v["characters"]) or v["lands"]:
        lines.append("")
        lines.append(f"{MARK} reconstructed: the rulebook does not print this card's values")
    return "\n".join(lines)
