"""The Card Game's side panes for front ends, drawn from a view (:mod:`.view`): the
viewer's hand, the characters on the table seat by seat, the lands, and the chain of plays
waiting to take effect with the reaction window open now.

Plain English lines, one fact a line, so a front end can translate each as a sentence.
Card values the rulebook does not print are marked with ``*``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

MARK = "*"
TITLES = ("Hand", "Table", "Lands", "Chain")


def _mark(card: Mapping[str, Any]) -> str:
    return MARK if card.get("reconstructed") else ""


def _names(view: Mapping[str, Any]) -> dict[str, str]:
    return {s["role"]: s["name"] for s in view.get("seats", [])}


def hand(view: Mapping[str, Any]) -> str:
    """The viewer's own cards: name, kind, the instant mark and what each does."""
    cards = view.get("hand", [])
    if not cards:
        return "No cards in your hand." if view.get("viewer") else \
            "A spectator sees no hand."
    lines = [f"Your hand: {len(cards)} cards"]
    for number, card in enumerate(cards, start=1):
        if not card.get("id"):
            lines.append(f"{number}. A card not yet read")
            continue
        kind = f"instant {card['kind']}" if card.get("instant") else card["kind"]
        lines.append(f"{number}. {card['name']}{_mark(card)}: {kind}")
        if card.get("kind") == "character":
            lines.append(f"   {_stats(card)}")
        if card.get("text"):
            lines.append(f"   {card['text']}")
    return "\n".join(lines)


def _stats(c: Mapping[str, Any]) -> str:
    parts = [f"PP {c['political_power']}", f"FS {c['fighting_spirit']}",
             f"hearts {c['hearts']}"]
    if c.get("strategist"):
        parts.append("strategist")
    return ", ".join(parts)


def table(view: Mapping[str, Any]) -> str:
    """Each seat (▶ the one whose turn it is): hand size and land value, then its
    characters with their lands and artifacts, turned cards marked, and the cards of its
    hand the viewer was shown."""
    chars = {c["id"]: c for c in view.get("characters", [])}
    lands = {land["id"]: land["name"] for land in view.get("lands", [])}
    turn = view.get("turn") or {}
    lines: list[str] = []
    for seat in view.get("seats", []):
        playing = "▶ " if seat["role"] == turn.get("role") else ""
        lines.append(f"{playing}{seat['name']}: {seat['hand']} cards in hand, land value "
                     f"{seat['land_value']}" + (", lord lost" if seat.get("lord_lost") else ""))
        for cid in seat.get("characters", []):
            c = chars[cid]
            lord = " (lord)" if c.get("lord") else ""
            lines.append(f"  {c['name']}{_mark(c)}{lord}: {_stats(c)}")
            where = ", ".join(lands.get(lid, lid) for lid in c["lands"])
            lines.append(f"    on {where}" if where else "    on no land")
            if c.get("rotated"):
                lines.append("    turned")
            for art in c.get("artifacts", []):
                lines.append(f"    with {art['name']}{_mark(art)}")
        if not seat.get("characters"):
            lines.append("  No characters on the table")
        if seat.get("seen"):
            lines.append("  Shown to you: " + ", ".join(
                f"{c['name']}{_mark(c)}" for c in seat["seen"]))
    return "\n".join(lines)


def lands(view: Mapping[str, Any]) -> str:
    """Every land: value/defence and who holds it (public when nobody does)."""
    names = _names(view)
    chars = {c["id"]: c["name"] for c in view.get("characters", [])}
    lines = ["Value/defence, holder:"]
    for land in view.get("lands", []):
        owner = land.get("owner")
        holder = names.get(owner, owner) if owner else "public"
        held = ", ".join(chars.get(c, c) for c in land.get("holders", []))
        lines.append(f"{land['name']}{_mark(land)} {land['value']}/{land['defensive_power']} "
                     f"{holder}" + (f" ({held})" if held else ""))
    return "\n".join(lines)


def chain(view: Mapping[str, Any]) -> str:
    """The plays waiting to take effect, the last on top, and the window open now."""
    names = _names(view)
    entries = view.get("chain", [])
    lines: list[str] = []
    if entries:
        lines.append("Waiting to take effect, last on top:")
        for entry in reversed(entries):
            what = f"{names.get(entry['role'], entry['role'])}: {entry['kind']} " \
                   f"{entry['card']['name']}"
            lines.append(f"  {what}" + (" (cancelled)" if entry.get("cancelled") else ""))
    else:
        lines.append("Nothing waits to take effect.")
    window = view.get("window")
    if window:
        asked = ", ".join(names.get(r, r) for r in window.get("asked", []))
        lines.append(f"Open window: each may answer in turn: {asked}")
        if window.get("now"):
            lines.append(f"Now asked: {names.get(window['now'], window['now'])}")
    deck = view.get("deck") or {}
    discard = view.get("discard") or {}
    lines.append(f"Main Deck: {deck.get('left', '?')} cards, run out {deck.get('runs', 0)} "
                 "times")
    pile = len(discard.get("seen", [])) + int(discard.get("face_down", 0))
    lines.append(f"Discard Pile: {pile} cards")
    return "\n".join(lines)


def panes(view: Mapping[str, Any]) -> list[tuple[str, str]]:
    """The four panes, titled as in :data:`TITLES`."""
    return list(zip(TITLES, (hand(view), table(view), lands(view), chain(view)), strict=True))
