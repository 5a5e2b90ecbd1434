"""The words around the Chronicles map: the title and who is asked above it; below it each
human realm (gold, Influence, units, areas), the battles to fight and the key."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pbem.games.chronicles import png_places
from pbem.games.dragons_tigers.png_canvas import Canvas, plural
from pbem.games.dragons_tigers.png_palette import INK, KINGDOM_SHADES

GAME = "Chronicles of the Three Kingdoms"
SIZE = 10.5
LINE = 13.5
# Leaders' colours by the colour name in data/leaders.yaml (the Okabe–Ito shades of the
# Dragons & Tigers picture, made to be told apart also by colour-blind readers).
SHADES = {**KINGDOM_SHADES, "yellow": KINGDOM_SHADES["gold"]}
NON_HUMAN = "#9a9184"   # every leader no human plays
BORDER = "#5b4a3a"      # a border stated or implied by the text
BORDER_OPEN = "#fbf8f0"  # the inside of a reconstructed border's bar
NO_INVASION = "#2a6fd6"  # a border with areas that may not invade across it
DIVIDE = "#c0392b"      # the north/south line
BATTLE = "#d7191c"
MOUNTAIN = "#8a5a2b"
RIVER = "#2a6fd6"
SOURCE_NOTE = "* reconstructed: not printed in the rulebook text (docs/chronicles-data.md)"

Draw = Callable[[Canvas, float, float], None]
Sign = tuple[float, Draw]                # a sign's width, and how to draw it at (x, baseline)
Word = tuple[str, bool, Sign | None]     # text, bold, sign before it


@dataclass
class Scene:
    """What the picture draws from: the board, the position, its data set, who acts."""

    board: Mapping[str, Any]
    state: Mapping[str, Any]
    data: Any
    due: Mapping[str, Any] | None
    humans: tuple[str, ...] = field(init=False)
    battles: dict[str, Mapping[str, Any]] = field(init=False)

    def __post_init__(self) -> None:
        self.humans = tuple(self.state.get("seats") or self.state.get("realms") or ())
        facts = self.state.get("this_round") or self.state.get("round")
        fights = (facts if isinstance(facts, dict) else {}).get("battles") or []
        self.battles = {str(b["area"]): b for b in fights if b.get("status") != "fought"}

    def colour(self, who: str | None) -> str:
        """A human leader's colour; grey for the others."""
        leader = self.data.leaders.get(who) if who in self.humans else None
        if leader is None:
            return NON_HUMAN
        return SHADES.get(str(leader.colour), NON_HUMAN)

    def name(self, who: str | None, zh: bool = False) -> str:
        """A leader's name (and Chinese name), a non-human's leader's, or the lord of a
        territory without a leader."""
        if who is None:
            return "nobody"
        record = self.data.leaders.get(who)
        if record is None:
            non_human = self.data.non_human.get(who)
            general = non_human.leader if non_human is not None else who
            record = self.data.generals.get(general) if general else None
        if record is None:
            number = who.removeprefix("territory-")
            return f"lord of {number}" if number != who else who
        return f"{record.name} {record.zh}" if zh and record.zh else str(record.name)


# --- above the map ----------------------------------------------------------------------
def title(canvas: Canvas, scene: Scene) -> None:
    """The game and the calendar; who is asked now (or who won)."""
    margin, width = png_places.MARGIN, png_places.WIDTH
    canvas.text(margin, 19, GAME, 15, bold=True)
    calendar = scene.state.get("calendar") or {}
    when = f"{str(calendar.get('season', '')).capitalize()} {calendar.get('year', '')}"
    canvas.text(width - margin, 19, f"{when} · round {calendar.get('round', '?')}", 13,
                bold=True, anchor="rs")
    zh = canvas.fonts.cjk
    result = scene.state.get("result")
    if result:
        winner = result.get("winner")
        said = f"Game over: {scene.name(winner, zh)} wins" if winner else "Game over"
        canvas.text(margin, 38, said, 13, bold=True)
        return
    exchange = scene.state.get("exchange") or {}
    asked = [r for r in exchange.get("asked") or [] if r not in (exchange.get("given") or {})]
    x = margin
    if asked:
        x += canvas.text(x, 38, "Asked now:", 13, bold=True) + 5
        for i, role in enumerate(asked):
            x = _swatch(canvas, x, 38, scene.colour(role))
            text = scene.name(role, zh) + ("," if i + 1 < len(asked) else "")
            x += canvas.text(x, 38, text, 12.5, bold=True) + 6
    elif scene.due and scene.due.get("role"):
        x += canvas.text(x, 38, "To act:", 13, bold=True) + 5
        x = _swatch(canvas, x, 38, scene.colour(scene.due["role"]))
        x += canvas.text(x, 38, scene.name(scene.due["role"], zh), 12.5, bold=True) + 6
    what = str((scene.due or {}).get("text") or "")
    if what and x < width - 80:
        canvas.text(x, 38, canvas.shorten(f"— {what}", 11.5, width - margin - x), 11.5)


def _swatch(canvas: Canvas, x: float, baseline: float, colour: str) -> float:
    canvas.swatch(x, baseline, 10, colour)
    return x + 14


# --- words with signs -------------------------------------------------------------------
def _wrap(canvas: Canvas, words: Sequence[Word], width: float) -> list[list[Word]]:
    rows: list[list[Word]] = [[]]
    used = 0.0
    for text, bold, sign in words:
        need = canvas.measure(text, SIZE, bold) + (sign[0] + 3 if sign else 0)
        gap = canvas.measure(" ", SIZE) + (4 if sign else 0) if rows[-1] else 0
        if rows[-1] and used + gap + need > width:
            rows.append([])
            used, gap = 0.0, 0
        rows[-1].append((text, bold, sign))
        used += gap + need
    return [row for row in rows if row]


def _draw_rows(canvas: Canvas, rows: Sequence[Sequence[Word]], left: float,
               baseline: float) -> float:
    """Draw rows of words from ``baseline`` (runs of plain words as one text); returns
    the baseline after the last row."""
    for row in rows:
        runs: list[Word] = []
        for text, bold, sign in row:
            if runs and sign is None and runs[-1][1] == bold:
                runs[-1] = (f"{runs[-1][0]} {text}", bold, runs[-1][2])
            else:
                runs.append((text, bold, sign))
        x = left
        for i, (text, bold, sign) in enumerate(runs):
            if i:
                x += canvas.measure(" ", SIZE) + (4 if sign else 0)
            if sign:
                sign[1](canvas, x, baseline)
                x += sign[0] + 3
            x += canvas.text(x, baseline, text, SIZE, bold=bold)
        baseline += LINE
    return baseline


# --- signs ------------------------------------------------------------------------------
def swatch_sign(colour: str) -> Sign:
    return 10, lambda canvas, x, baseline: canvas.swatch(x, baseline, 10, colour)


def bar_sign(colour: str, hollow: bool) -> Sign:
    def draw(canvas: Canvas, x: float, baseline: float) -> None:
        y = baseline - 4
        canvas.line([(x, y), (x + 16, y)], colour, 6)
        if hollow:
            canvas.line([(x + 1.5, y), (x + 14.5, y)], BORDER_OPEN, 2.8)
    return 16, draw


def dash_sign(colour: str) -> Sign:
    def draw(canvas: Canvas, x: float, baseline: float) -> None:
        for start in (0, 10):
            canvas.line([(x + start, baseline - 4), (x + start + 7, baseline - 4)], colour, 2.6)
    return 17, draw


def terrain_sign(canvas: Canvas, x: float, baseline: float, terrain: str) -> float:
    """The sign of a mountain or river area ending at ``x``; returns its width."""
    if terrain == "mountain":
        canvas.polygon([(x - 9, baseline), (x - 4.5, baseline - 8), (x, baseline)], MOUNTAIN,
                       INK, 0.5)
        return 10
    if terrain == "river":
        for dy in (-6.5, -2.5):
            canvas.line([(x - 9, baseline + dy), (x - 6.5, baseline + dy - 1.6),
                         (x - 4, baseline + dy), (x - 1.5, baseline + dy - 1.6)], RIVER, 1.2)
        return 10
    return 0


def shape_sign(kind: str) -> Sign:
    def draw(canvas: Canvas, x: float, baseline: float) -> None:
        if kind == "battle":
            canvas.star((x + 6, baseline - 4), 6.5, BATTLE, "#ffffff")
        else:
            terrain_sign(canvas, x + 10, baseline, kind)
    return (12 if kind == "battle" else 10), draw


# --- below the map ----------------------------------------------------------------------
def _realm_words(canvas: Canvas, scene: Scene, role: str) -> list[Word]:
    realm = scene.state["realms"][role]
    units = sum(int(n) for n in (realm.get("units") or {}).values())
    held = [a["name"] for t in scene.board["territories"] for a in t["areas"]
            if (scene.state.get("areas", {}).get(a["id"]) or {}).get("holder") == role]
    cut = realm.get("parts") or []  # a realm cut in two (notes 59): the other parts' pools
    away = (f" (cut off: {sum(int(p['gold']) for p in cut)} gold, "
            + plural(sum(int(n) for p in cut for n in p["units"].values()), "unit", "units")
            + ")") if cut else ""
    facts = (f"{realm.get('gold', 0)} gold · Influence {realm.get('influence', 0)} · "
             f"{plural(units, 'unit', 'units')}{away} · {plural(len(held), 'area', 'areas')}")
    words: list[Word] = [(scene.name(role, canvas.fonts.cjk) + ":", True,
                          swatch_sign(scene.colour(role))), (facts + (":" if held else ""),
                                                             False, None)]
    words += [(f"{name}," if i + 1 < len(held) else name, False, None)
              for i, name in enumerate(held)]
    return words


def _battle_words(scene: Scene) -> list[Word]:
    if not scene.battles:
        return []
    names = {a["id"]: a["name"] for t in scene.board["territories"] for a in t["areas"]}
    words: list[Word] = [("Battles to fight:", True, None)]
    for i, (area, battle) in enumerate(scene.battles.items()):
        end = "," if i + 1 < len(scene.battles) else ""
        words.append((f"{names.get(area, area)}: {scene.name(battle.get('invader'))} "
                      f"invades {scene.name(battle.get('defender'))}{end}", False,
                      shape_sign("battle")))
    return words


def _key_words(canvas: Canvas, scene: Scene) -> list[Word]:
    words: list[Word] = [("Key:", True, None),
                         ("border given by the text", False, bar_sign(BORDER, False)),
                         ("border reconstructed*", False, bar_sign(BORDER, True))]
    names = {a["id"]: a["name"] for t in scene.board["territories"] for a in t["areas"]}
    for border in scene.board["borders"]:
        for start, end in border.get("no_invasion") or []:
            words.append((f"{names.get(start, start)} may not invade {names.get(end, end)}",
                          False, bar_sign(NO_INVASION, bool(border.get("reconstructed")))))
    words += [("north/south line*", False, dash_sign(DIVIDE)),
              ("mountain", False, shape_sign("mountain")),
              ("river (other areas flat)", False, shape_sign("river")),
              ("battle to fight", False, shape_sign("battle")),
              ("leader no one plays", False, swatch_sign(NON_HUMAN)),
              ("· def: defensive value · land: land value", False, None)]
    return words


def _blocks(canvas: Canvas, scene: Scene) -> list[list[list[Word]]]:
    width = png_places.WIDTH - 2 * png_places.MARGIN
    blocks = [_wrap(canvas, _realm_words(canvas, scene, role), width)
              for role in scene.humans if role in scene.state.get("realms", {})]
    battles = _battle_words(scene)
    if battles:
        blocks.append(_wrap(canvas, battles, width))
    blocks.append(_wrap(canvas, _key_words(canvas, scene), width))
    note = [(SOURCE_NOTE + "; the places of the territories are schematic, not the printed "
             "map.", False, None)]
    if canvas.fonts.note:
        note.append((canvas.fonts.note, False, None))
    blocks.append(_wrap(canvas, [(w, False, None) for text, _, _ in note
                                 for w in text.split(" ")], width))
    return blocks


def footer_height(canvas: Canvas, scene: Scene) -> float:
    """How tall the part below the map is."""
    blocks = _blocks(canvas, scene)
    return 12 + sum(len(rows) for rows in blocks) * LINE + 4 * (len(blocks) - 1) + 8


def footer(canvas: Canvas, scene: Scene, top: float) -> None:
    """The realms, the battles to fight and the key, from ``top`` down."""
    baseline = top + 10
    for rows in _blocks(canvas, scene):
        baseline = _draw_rows(canvas, rows, png_places.MARGIN, baseline) + 4
