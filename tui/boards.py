"""Each state's board, the viewer's own generals and hand, and the borders, for a game of
action spaces (docs/redux-view.md). Pure functions of the view; no rules.

What the view hides stays hidden: another state's face-down generals are counted, never
named, and their hands are a number.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Group, RenderableType
from rich.style import Style
from rich.text import Text

from tui.i18n import name, tr
from tui.spaces import RESOURCES, role_text

WHERE = {"supply": "in supply", "space": "on", "face-down": "face down on",
         "stationed": "stationed at"}


def _ratings(general: Mapping[str, Any], lang: str) -> str:
    return (f"{tr('A', lang)}{general.get('administration', '?')} "
            f"{tr('C', lang)}{general.get('combat', '?')} "
            f"{tr('L', lang)}{general.get('leadership', '?')}")


def _where(general: Mapping[str, Any], spaces: Mapping[str, Any], lang: str) -> str:
    at = str(general.get("at") or "supply")
    place = general.get("space") or general.get("location")
    where = tr(WHERE.get(at, at), lang)
    if place:
        where += " " + name(spaces.get(place, {"id": place}), lang, short=True)
    return where


def _spaces(view: Mapping[str, Any]) -> dict[str, Any]:
    return {s["id"]: s for s in view.get("spaces") or []}


def state_board(view: Mapping[str, Any], role: str, lang: str) -> Text:
    """One state: resources, developments, tracks, tokens, stationed generals, built
    cards and its generals (another state's hidden ones only counted)."""
    state = (view.get("states") or {})[role]
    out = role_text(view, role, lang)
    if state.get("seat"):
        out.append(f"  {tr('seat', lang)} {state['seat']}", Style(dim=True))
    if state.get("allied"):
        out.append(f"  {tr('allied', lang)}", Style(color="#ffd75f"))
    out.append("\n")
    res = state.get("resources") or {}
    out.append("  " + " ".join(f"{tr(k, lang)} {res.get(k, 0)}" for k in RESOURCES) + "\n")
    farm, market = state.get("farm") or {}, state.get("market") or {}
    out.append(f"  {tr('farm', lang)} {farm.get('level', 0)} ({tr('granary', lang)} "
               f"{farm.get('granary', 0)}), {tr('marketplace', lang)} {market.get('level', 0)} "
               f"({tr('treasury', lang)} {market.get('treasury', 0)})\n")
    out.append(f"  {tr('tribal', lang)} {state.get('tribal', 0)}, "
               f"{tr(str(state.get('rank_name') or '-'), lang)}, {tr('military', lang)} "
               f"{state.get('military', 0)} VP, {tr('bid tokens', lang)} "
               f"{state.get('bid_tokens', 0)}, {tr('deficit', lang)} {state.get('deficit', 0)}"
               f", {tr('cards in hand', lang)} {state.get('hand_count', 0)}\n")
    tokens = state.get("border_tokens") or []
    if tokens:
        out.append(f"  {tr('border tokens', lang)}: " + ", ".join(
            f"{t.get('name')} ({t.get('vp')} VP)" for t in tokens) + "\n")
    for post in state.get("stationed") or []:
        out.append(f"  {tr('stationed', lang)}: {post.get('name') or tr('hidden general', lang)}"
                   f" {tr('at', lang)} {post.get('location_name')} "
                   f"({post.get('units', 0)} {post.get('type') or ''})\n")
    built = state.get("built") or []
    if built:
        out.append(f"  {tr('built', lang)}: " + ", ".join(str(c.get("name")) for c in built)
                   + "\n")
    spaces = _spaces(view)
    generals = state.get("generals") or []
    named = [g for g in generals if g.get("name") and g.get("public")]
    hidden = [g for g in generals if not g.get("public")]
    for general in named:
        out.append(f"  {name(general, lang, short=lang != 'zh')} {_ratings(general, lang)} "
                   f"{_where(general, spaces, lang)}\n", Style(dim=not general.get("at")))
    if hidden:
        out.append(f"  {tr('face-down generals', lang)}: {len(hidden)}\n", Style(italic=True))
    return out


def states_panel(view: Mapping[str, Any], lang: str) -> RenderableType:
    """Every state's board, the viewer's first."""
    roles = list(view.get("states") or {})
    viewer = view.get("viewer")
    if viewer in roles:
        roles.remove(viewer)
        roles.insert(0, viewer)
    return Group(*[state_board(view, role, lang) for role in roles])


def yours(view: Mapping[str, Any], lang: str) -> RenderableType:
    """The viewer's own generals (hidden ones too) and hand, in full."""
    viewer = view.get("viewer")
    if not viewer:
        return Text(tr("A spectator sees no hand and no hidden general.", lang), style="dim")
    state = (view.get("states") or {}).get(viewer) or {}
    spaces = _spaces(view)
    out = Text(tr("Your generals", lang) + "\n", Style(bold=True, underline=True))
    for general in state.get("generals") or []:
        out.append(f"{name(general, lang)}", Style(bold=True))
        if not general.get("public"):
            out.append(f" ({tr('hidden from the others', lang)})", Style(color="#87afff"))
        out.append(f"  {_ratings(general, lang)}  {_where(general, spaces, lang)}\n")
        specs = ", ".join(tr(s, lang) for s in general.get("specialisations") or [])
        skill = general.get("skill") or {}
        out.append(f"   {specs}" + (f"; {skill.get('name') or tr('skill', lang)}: "
                                     f"{skill.get('text')}" if skill.get("text") else "")
                   + "\n", Style(dim=True))
    out.append("\n" + tr("Your hand", lang) + "\n", Style(bold=True, underline=True))
    hand = view.get("hand") or []
    if not hand:
        out.append(tr("(no cards)", lang) + "\n", Style(dim=True))
    for card in hand:
        if not card.get("id"):
            out.append(tr("A card you cannot read yet (the other players' shares of it come "
                          "with their next saves)", lang) + "\n", Style(italic=True))
            continue
        cost = ", ".join(f"{v} {tr(k, lang)}" for k, v in (card.get("cost") or {}).items())
        needs = "; ".join(f"{p.get('metric')} ≥ {p.get('at_least')}"
                          for p in card.get("prerequisites") or [])
        out.append(f"{card.get('name')}", Style(bold=True))
        out.append(f" ({tr(str(card.get('deck')), lang)}, {card.get('vp')} VP)\n")
        out.append(f"   {tr('cost', lang)}: {cost or '-'}"
                   + (f"; {tr('needs', lang)} {needs}" if needs else "")
                   + f"; {card.get('text')}\n", Style(dim=True))
    orders = view.get("orders") or {}
    if orders:
        out.append("\n" + tr("Standing orders", lang) + ": " + ", ".join(
            f"{k} {v}" for k, v in orders.items()) + "\n", Style(dim=True))
    return out


def borders_panel(view: Mapping[str, Any], lang: str) -> RenderableType:
    """The three borders: their locations and who holds each."""
    out = Text()
    for border in view.get("borders") or []:
        out.append(f"{border.get('name')}", Style(bold=True))
        counts = border.get("counts") or {}
        out.append("  " + ", ".join(f"{r} {n}" for r, n in counts.items()) + "\n",
                   Style(dim=True))
        for place in border.get("locations") or []:
            out.append(f"  {name(place, lang)} ({tr(str(place.get('type')), lang)})")
            holder = place.get("occupant")
            if holder:
                out.append(": ")
                out.append_text(role_text(view, holder.get("role"), lang))
                out.append(f" {holder.get('name') or tr('hidden general', lang)} "
                           f"{holder.get('units', 0)} {holder.get('type') or ''}")
            out.append("\n")
    return out or Text(tr("No borders.", lang), style="dim")
