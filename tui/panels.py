"""The side panels as Rich renderables: an area, the kingdoms, the characters, the
Mandate display. Pure functions of the view (and the board for an area's borders)."""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.style import Style
from rich.table import Table
from rich.text import Text

from tui.i18n import name, tr
from tui.mapdraw import NEUTRAL_BG, TERRAIN_GLYPHS

SHORT_STATUS = {"traitorous": "traitor", "eliminated": "gone"}
CHIT_MARKS = {"pool": "●", "drawn": "✓", "none": "-"}


def swatch(colour: str | None) -> Text:
    return Text("■ ", Style(color=colour or NEUTRAL_BG))


def _by_id(items: list[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    return {item["id"]: item for item in items}


def place_name(view: dict[str, Any], where: str | None, lang: str) -> str:
    areas = _by_id(view.get("areas", []))
    if where in areas:
        return name(areas[where], lang, short=True)
    return tr(str(where), lang)


def area_details(view: dict[str, Any], board: dict[str, Any], area_id: str | None,
                 lang: str) -> RenderableType:
    """Everything about one area: holder, manpower, armies, characters, borders."""
    if not area_id:
        return Text(tr("Area: click the map, or press g to choose one by name.", lang),
                    style="dim")
    areas = _by_id(view.get("areas", []))
    kingdoms = _by_id(view.get("kingdoms", []))
    characters = _by_id(view.get("characters", []))
    area = areas.get(area_id, {"id": area_id, "name": area_id})
    out = Text()
    out.append(name(area, lang) + "\n", Style(bold=True))
    holder = kingdoms.get(area.get("controller") or "")
    out.append(f"{tr('Controller', lang)}: ")
    out.append_text(swatch(holder["colour"] if holder else None))
    out.append((name(holder, lang) if holder else tr("nobody", lang)) + "\n")
    out.append(f"{tr('Manpower', lang)}: {area.get('manpower', '?')}\n")
    if area.get("emperor"):
        out.append(f"♔ {tr('Emperor Xian', lang)}\n", Style(color="#ffd700", bold=True))
    armies = area.get("armies") or {}
    out.append(f"{tr('Armies', lang)}:" + ("" if armies else f" {tr('no armies', lang)}") + "\n")
    for kid, count in armies.items():
        out.append("  ")
        out.append_text(swatch(kingdoms.get(kid, {}).get("colour")))
        out.append(f"{name(kingdoms.get(kid, {'id': kid}), lang)} {count}\n")
    chars = area.get("characters") or []
    out.append(f"{tr('Characters', lang)}:" + ("" if chars else f" {tr('no characters', lang)}")
               + "\n")
    for cid in chars:
        c = characters.get(cid, {"id": cid})
        out.append(f"  {name(c, lang)} ({name(kingdoms.get(c.get('kingdom') or ''), lang, True)})"
                   f" {_ratings(c, lang)}\n")
    if chars:
        out.append(f"  {tr(RATINGS_KEY, lang)}\n", Style(dim=True))
    out.append(f"{tr('neighbours', lang)}:\n")
    for border in board.get("borders", []):
        if area_id not in (border["a"], border["b"]):
            continue
        other = border["b"] if border["a"] == area_id else border["a"]
        glyph, colour = TERRAIN_GLYPHS.get(border["terrain"], TERRAIN_GLYPHS["plain"])
        out.append(f"  {glyph} ", Style(color=colour, bold=True))
        terrain = board.get("terrains", {}).get(border["terrain"], border["terrain"])
        out.append(f"{place_name(view, other, lang)} ({tr(terrain, lang)})\n")
    return out


RATINGS_KEY = ("C command · S strategist · V valor · A admin · D diplomacy · L loyalty "
               "(- never submits)")


def _ratings(c: dict[str, Any], lang: str = "en") -> str:
    values = (_num(c.get("command")), _stars(c), _num(c.get("valor")), _num(c.get("admin")),
              _num(c.get("diplomacy")), _num(c.get("loyalty")))
    heads = ("Cmd", "Str", "Val", "Adm", "Dip", "Loy")
    return " ".join(f"{tr(h, lang)[:1]}{v}" for h, v in zip(heads, values, strict=True))


def kingdoms_table(view: dict[str, Any], lang: str, width: int = 80) -> RenderableType:
    """Every kingdom: status, owner, armies, manpower held and its chit; a key below says
    what each column means."""
    manpower: dict[str, int] = {}
    for area in view.get("areas", []):
        if area.get("controller"):
            manpower[area["controller"]] = manpower.get(area["controller"], 0) \
                + int(area.get("manpower", 0))
    players = _by_id([{"id": p["role"], **p} for p in view.get("players", [])])
    table = Table(box=None, padding=(0, 1, 0, 0), show_edge=False, expand=False,
                  pad_edge=False)
    narrow = width < 30
    status_width = 6 if lang == "zh" else 4 if narrow else 7
    inner = max(10, width - status_width - 2 - 2 - 1 - 4)
    table.add_column(tr("Kingdom", lang), no_wrap=True, width=inner, overflow="ellipsis")
    table.add_column(tr("Status", lang), no_wrap=True, width=status_width,
                     overflow="ellipsis")
    table.add_column(tr("Ar", lang), justify="right", no_wrap=True, width=2)
    table.add_column(tr("MP", lang), justify="right", no_wrap=True, width=2)
    table.add_column("", no_wrap=True, width=1)
    order = {"main": 0, "ally": 1, "neutral": 2, "traitorous": 3}
    owners = [p["role"] for p in view.get("players", [])]
    rows = sorted(view.get("kingdoms", []),
                  key=lambda k: (owners.index(k["owner"]) if k.get("owner") in owners
                                 else len(owners), order.get(k["status"], 9)))
    group: object = object()
    for k in rows:
        owner = k.get("owner")
        if owner != group:
            group = owner
            who = players.get(owner or "")
            head = swatch(who.get("colour")) if who else Text("")
            head.append(name(who, lang, short=True) if who else tr("no player", lang),
                        Style(bold=True, underline=True))
            table.add_row(head)
        label = Text(" ")
        label.append_text(swatch(k.get("colour")))
        label.append(name(k, lang, short=lang != "zh"))
        dim = k["status"] in ("eliminated", "absent")
        status = (tr(k["status"], lang) if lang == "zh"
                  else SHORT_STATUS.get(k["status"], k["status"]))
        table.add_row(label, status[:4] if narrow else status,
                      str(k.get("armies", 0)), str(manpower.get(k["id"], 0)),
                      CHIT_MARKS.get(k.get("chit", "none"), "-"),
                      style="dim" if dim else None)
    chits = view.get("chits", {})
    foot = Text(tr("Ar armies · MP manpower of the areas held · chit: ● in the pool, "
                   "✓ drawn", lang) + "\n", style="dim")
    foot.append(f"{tr('Activation pool', lang)}: {len(chits.get('pool', []))}  "
                f"{tr('Chits drawn', lang)}: {_chit_names(chits.get('drawn', []), view, lang)}\n"
                f"{tr('Free retainers in the pool', lang)}: {view.get('free_retainers', 0)}")
    scores = Text()
    for p in view.get("players", []):
        scores.append("\n")
        scores.append_text(swatch(p.get("colour")))
        scores.append(f"{name(p, lang)}: " + ", ".join(
            f"{tr(key, lang)} {value}" for key, value in p.items()
            if isinstance(value, int) and not isinstance(value, bool)))
    return Group(table, foot, scores)


def _chit_names(chits: list[str], view: dict[str, Any], lang: str) -> str:
    kingdoms = _by_id(view.get("kingdoms", []))
    players = _by_id([{"id": p["role"], **p} for p in view.get("players", [])])
    out = []
    for chit in chits:
        ref = chit.split(":", 1)[-1]
        thing = kingdoms.get(ref) or players.get(ref)
        out.append(name(thing, lang, short=True) if thing else ref)
    return ", ".join(out) or "-"


def characters_table(view: dict[str, Any], lang: str, width: int = 80) -> RenderableType:
    """Characters in play with their ratings, by kingdom."""
    kingdoms = _by_id(view.get("kingdoms", []))
    table = Table(box=None, padding=(0, 1, 0, 0), show_edge=False, expand=False,
                  pad_edge=False)
    heads = ("Cmd", "Str", "Val", "Adm", "Dip", "Loy") if width >= 44 else ("Cmd", "Val", "Loy")
    one = 2 if lang == "zh" else 1  # a Chinese heading takes two cells
    widths = {"Loy": 3}
    rest = width - sum(widths.get(h, one) + 1 for h in heads) - 1
    table.add_column(tr("Characters", lang), no_wrap=True, width=max(8, rest * 3 // 5),
                     overflow="ellipsis")
    table.add_column(tr("Where", lang), no_wrap=True, width=max(5, rest - rest * 3 // 5),
                     overflow="ellipsis")
    for head in heads:
        table.add_column(tr(head, lang)[:1], justify="right", no_wrap=True,
                         width=widths.get(head, one))
    shown = [c for c in view.get("characters", []) if c.get("on_map")]
    order = list(kingdoms)
    shown.sort(key=lambda c: (order.index(c["kingdom"]) if c.get("kingdom") in order else 99,
                              c.get("rank") != "warlord", c["id"]))
    for c in shown:
        label = swatch(kingdoms.get(c.get("kingdom") or "", {}).get("colour"))
        label.append(name(c, lang, short=lang != "zh"))
        if c.get("rank") == "warlord":
            label.append("*", Style(bold=True))
        extras = ("B" if c.get("boats") else "") + ("W" if c.get("wizard") else "")
        loyalty = c.get("loyalty")
        cells = {"Cmd": _num(c.get("command")), "Str": _stars(c), "Val": _num(c.get("valor")),
                 "Adm": _num(c.get("admin")), "Dip": _num(c.get("diplomacy")),
                 "Loy": f"{_num(loyalty)}{extras}"}
        table.add_row(label, place_name(view, c.get("at"), lang), *(cells[h] for h in heads))
    foot = Text(f"\n{tr('Free retainers in the pool', lang)}: {view.get('free_retainers', 0)}\n"
                + tr(RATINGS_KEY, lang) + " · " + tr("* warlord · B boats · W wizard", lang),
                style="dim")
    return Group(table, foot)


def _num(value: Any) -> str:
    return "-" if value is None or value is False else str(value)


def _stars(c: dict[str, Any]) -> str:
    value = c.get("strategist")
    if value in (None, False, 0):
        return "-"
    return "★" if value is True else str(value)


def mandate_display(view: dict[str, Any], lang: str) -> RenderableType:
    """The hexagonal Mandate display with the marker, and the die's directions."""
    mandate = view.get("mandate") or {}
    spaces = mandate.get("spaces", [])
    if not spaces:
        return Text("")
    marker = tuple(mandate.get("position", (0, 0)))
    # flat-topped hexes: column q, half-rows 2r + q
    qs = [s["q"] for s in spaces]
    halves = [2 * s["r"] + s["q"] for s in spaces]
    q0, h0 = min(qs), min(halves)
    cell = 6
    rows = [[" "] * ((max(qs) - q0 + 1) * cell) for _ in range(max(halves) - h0 + 1)]
    grid = Text(no_wrap=True)
    lines: list[Text] = [Text(no_wrap=True) for _ in rows]
    placed: dict[int, list[tuple[int, str, Style]]] = {}
    for s in spaces:
        x = (s["q"] - q0) * cell
        y = 2 * s["r"] + s["q"] - h0
        label = _event_short(s, lang)
        style = Style(color="#d0d0d0")
        if (s["q"], s["r"]) == marker:
            label = "[" + label + "]"
            style = Style(color="black", bgcolor="#ffd75f", bold=True)
        else:
            label = " " + label + " "
        placed.setdefault(y, []).append((x, label, style))
    for y, items in placed.items():
        cursor = 0
        for x, label, style in sorted(items):
            if x > cursor:
                lines[y].append(" " * (x - cursor))
                cursor = x
            lines[y].append(label, style)
            cursor += len(label) if lang != "zh" else len(label) + 1
    for i, line in enumerate(lines):
        grid.append_text(line)
        if i + 1 < len(lines):
            grid.append("\n")
    here = next((s for s in spaces if (s["q"], s["r"]) == marker), None)
    info = Text(f"\n{tr('Round', lang)} {view.get('round')}/{view.get('rounds', '?')}  "
                f"{tr('Mandate', lang)} {marker}: "
                f"{name(here, lang) if here and here.get('name') else '-'}\n")
    arrows = {"north": "↑", "north-east": "↗", "south-east": "↘", "south": "↓",
              "south-west": "↙", "north-west": "↖"}
    dirs = mandate.get("directions", {})
    info.append(tr("die", lang) + ": " + " ".join(f"{d}{arrows.get(v['name'], '?')}"
                                  for d, v in sorted(dirs.items(), key=lambda kv: str(kv[0]))),
                style="dim")
    key = Text("\n")
    seen: set[str] = set()
    for s in spaces:
        if s.get("name") and s["name"] not in seen:
            seen.add(s["name"])
            key.append(f"{_event_short(s, lang)} {name(s, lang)}\n", style="dim")
    return Group(grid, info, key)


def _event_short(space: dict[str, Any], lang: str) -> str:
    if not space.get("name"):
        return "··"
    if lang == "zh" and space.get("zh"):
        return str(space["zh"])[:1]
    words = [w for w in str(space["name"]).replace("-", " ").split() if w[0].isupper()]
    if len(words) >= 2:
        return (words[0][0] + words[1][0]).upper()
    return str(space["name"])[:2]
