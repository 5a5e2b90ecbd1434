"""Panels for a game of action spaces and state boards (the view of docs/redux-view.md):
the spaces with their bids, the tracks, each state's board, the viewer's own generals and
hand, the borders. Pure functions of the view; no rules.

Another player's hidden general is shown only as hidden (the view gives no name), their
hand only as a count.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from rich.console import Group, RenderableType
from rich.style import Style
from rich.table import Table
from rich.text import Text

from tui.i18n import name, tr

CRITERIA = {"administration": "adm", "combat": "cmb", "battle": "bat", "guaranteed": "gtd"}
KINDS = (("common", "Action spaces"), ("battle", "Battle spaces"), ("tribal", "Tribal spaces"))
RESOURCES = ("gold", "rice", "support", "untrained", "trained", "spear", "horse", "crossbow",
             "vessel")


def _states(view: Mapping[str, Any]) -> dict[str, Mapping[str, Any]]:
    return dict(view.get("states") or {})


def role_text(view: Mapping[str, Any], role: str | None, lang: str) -> Text:
    """A state's name in its colour."""
    state = _states(view).get(role or "")
    if not state:
        return Text(str(role or "-"))
    return Text(name(state, lang, short=True), Style(color=state.get("colour"), bold=True))


def _roles(view: Mapping[str, Any], roles: list[str] | None, lang: str,
           between: str = " → ") -> Text:
    out = Text()
    for index, role in enumerate(roles or []):
        if index:
            out.append(between)
        out.append_text(role_text(view, role, lang))
    return out if roles else Text("-")


def bid_text(view: Mapping[str, Any], bid: Mapping[str, Any], lang: str) -> Text:
    """One bid: the state, its general (or "face down") and its total with what adds up."""
    out = role_text(view, bid.get("role"), lang)
    general = bid.get("name") or tr("face down", lang) if bid.get("face_down") \
        else bid.get("name") or tr("hidden general", lang)
    out.append(f" {general} {bid.get('value', '?')}")
    extras = []
    if bid.get("bonus"):
        extras.append(f"+{bid['bonus']} {tr('skill', lang)}")
    if bid.get("han"):
        extras.append(tr("+1 Han", lang))
    if bid.get("support"):
        extras.append(f"+{bid['support']} {tr('support', lang)}")
    if bid.get("units"):
        extras.append(f"{bid['units']} {bid.get('unit') or ''}".strip())
    if bid.get("gold"):
        extras.append(f"{bid['gold']} {tr('gold', lang)}")
    if extras:
        out.append(f" ({', '.join(extras)})", Style(dim=True))
    return out


def spaces_board(view: Mapping[str, Any], lang: str, numbers: Mapping[str, int],
                 width: int = 80) -> RenderableType:
    """Every action space with its bids; ``numbers``: space -> the number that bids there."""
    parts: list[RenderableType] = []
    spaces = list(view.get("spaces") or [])
    for kind, heading in KINDS:
        rows = [s for s in spaces if s.get("kind") == kind]
        if not rows:
            continue
        table = Table(box=None, padding=(0, 1, 0, 0), show_edge=False, pad_edge=False,
                      expand=True, title=tr(heading, lang), title_justify="left",
                      title_style="bold underline")
        table.add_column("#", justify="right", width=3, no_wrap=True)
        table.add_column(tr("Space", lang), ratio=2, overflow="fold")
        table.add_column(tr("Bids", lang), ratio=3, overflow="fold")
        for space in rows:
            number = numbers.get(space["id"])
            label = Text(name(space, lang, short=True))
            crit = CRITERIA.get(str(space.get("criterion")), str(space.get("criterion") or ""))
            label.append(f" [{tr(crit, lang)}]", Style(dim=True))
            if space.get("alliance"):
                label.append(" ⚑", Style(color="#ffd75f", bold=True))
            if space.get("barred_for_alliance"):
                label.append(" ✗", Style(color="#d75f5f"))
            if space.get("marker"):
                label.append(" ◆", Style(color="#87afff"))
            bids = Text()
            for index, bid in enumerate(space.get("bids") or []):
                if index:
                    bids.append("\n")
                bids.append_text(bid_text(view, bid, lang))
            leader = space.get("leader")
            won = space.get("won_by")
            if won:
                bids.append(("\n" if bids.plain else "") + f"{tr('won by', lang)} ")
                bids.append_text(_roles(view, list(won), lang, " + "))
            elif leader and space.get("bids"):
                bids.append(f"\n{tr('leads', lang)} ", Style(dim=True))
                bids.append_text(_roles(view, list(leader.get("roles") or []), lang, " + "))
                bids.append(f" {leader.get('total')}", Style(dim=True))
            table.add_row(f"{number}." if number else "", label, bids or Text("-", "dim"))
        parts.append(table)
    key = Text(tr("# the number that bids there · ⚑ alliance space · ✗ last round's alliance "
                  "space · ◆ criterion from a marker · adm administration, cmb combat, bat "
                  "battle, gtd guaranteed", lang), style="dim")
    return Group(*parts, key)


def tracks(view: Mapping[str, Any], lang: str, notice: str | None = None) -> RenderableType:
    """The round, the orders, the alliance, the criteria, the Han emperor, the decks."""
    out = Text()
    recruit = view.get("recruit_rounds") or []
    out.append(f"{tr('Round', lang)} {view.get('round')}/{view.get('rounds', '?')}",
               Style(bold=True))
    out.append(f"  ({tr('recruitment in rounds', lang)} {', '.join(map(str, recruit))})\n",
               Style(dim=True))
    out.append(f"{tr('Step', lang)}: {tr(str(view.get('stage') or '-'), lang)}\n")
    for key, label in (("bid_order", "Bid order"), ("action_order", "Action order"),
                       ("next_bid_order", "Next bid order")):
        out.append(f"{tr(label, lang)}: ")
        out.append_text(_roles(view, list(view.get(key) or []), lang))
        out.append("\n")
    alliance = view.get("alliance") or {}
    spaces = {s["id"]: s for s in view.get("spaces") or []}
    out.append(f"{tr('Alliance', lang)}: ")
    out.append_text(_roles(view, list(alliance.get("allies") or []), lang, " + "))
    out.append(f"; {tr('space', lang)} {name(spaces.get(alliance.get('space')), lang, True)}"
               f" ({tr('last round', lang)}: "
               f"{name(spaces.get(alliance.get('previous')), lang, True)})\n")
    for space, criterion in (view.get("criterion") or {}).items():
        out.append(f"{name(spaces.get(space, {'id': space}), lang, True)}: "
                   f"{tr(str(criterion or '-'), lang)}\n")
    han = view.get("han") or {}
    out.append(f"{tr('Han emperor token', lang)}: ")
    out.append_text(role_text(view, han.get("holder"), lang) if han.get("holder")
                    else Text(tr("supply", lang)))
    out.append(f"{' (' + tr('used this round', lang) + ')' if han.get('used') else ''}\n")
    decks = view.get("decks") or {}
    out.append(f"{tr('Cards left', lang)}: " + ", ".join(
        f"{tr(deck, lang)} {count}" for deck, count in decks.items()) + "\n")
    preview = view.get("end_vp_preview") or {}
    if preview:
        out.append(f"{tr('End VP of built Separation cards now', lang)}: ")
        for index, (role, vp) in enumerate(preview.items()):
            out.append(", " if index else "")
            out.append_text(role_text(view, role, lang))
            out.append(f" {vp}")
        out.append("\n")
    ranks = view.get("ranks") or []
    if ranks:
        out.append(f"{tr('Ranks', lang)}: " + " < ".join(tr(r, lang) for r in ranks) + "\n",
                   Style(dim=True))
    parts: list[RenderableType] = [out]
    result = view.get("result")
    if result:
        parts.append(_result(view, result, lang))
    if notice:
        parts.append(Text("\n" + notice, Style(color="#ffd75f")))
    return Group(*parts)


def _result(view: Mapping[str, Any], result: Mapping[str, Any], lang: str) -> RenderableType:
    table = Table(box=None, padding=(0, 1, 0, 0), title=tr("Final scores", lang),
                  title_justify="left", title_style="bold")
    table.add_column("")
    scores = result.get("scores") or {}
    roles = list(scores)
    for role in roles:
        table.add_column(role_text(view, role, lang), justify="right")
    categories = list(next(iter(scores.values()), {}))
    for category in categories:
        table.add_row(tr(category.replace("_", " "), lang),
                      *[str(scores[r].get(category, "")) for r in roles])
    winner = Text(f"{tr('Winner', lang)}: ")
    winner.append_text(_roles(view, list(result.get("winner") or []) if isinstance(
        result.get("winner"), list) else [result.get("winner")], lang))
    return Group(table, winner)
