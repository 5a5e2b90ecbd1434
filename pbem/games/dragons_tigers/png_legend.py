"""The words around the map: the title and who acts next above it; the players below it;
what just happened, the other kingdoms, the key and the Mandate of Heaven display in the
empty corners of the map (or below it, when the map has no room)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from pbem.games.dragons_tigers import png_mandate
from pbem.games.dragons_tigers.png_canvas import Canvas, plural
from pbem.games.dragons_tigers.png_layout import MARGIN, WIDTH, Box, Layout
from pbem.games.dragons_tigers.png_palette import (
    BATTLE,
    EMPEROR,
    INK,
    MOUNTAIN,
    MOVE,
    MOVE_EDGE,
    OUTLINE,
    PLAIN,
    RIVER,
    RIVER_EDGE,
    UNHELD,
)
from pbem.games.dragons_tigers.png_recent import Recent

SIZE = 11
LINE = 14
PLAYER_LINES = 5       # room below the map for the players: up to 2 lines each, 5 in all
# The panels: the least width each needs, and its height when it goes below the map.
BLOCKS = (("mandate", 200, 112), ("recent", 200, 3 * LINE + 4),
          ("kingdoms", 200, 3 * LINE + 4), ("key", 105, 2 * LINE + 4))

Word = tuple[str, Any]  # text and what to draw before it: None, a colour, or a sign


@dataclass
class Scene:
    """What the legend draws from."""

    view: Mapping[str, Any]
    board: Mapping[str, Any]
    recent: Recent
    colours: Mapping[str, str]
    frames: Mapping[str, str]
    due: Mapping[str, Any] | None


def placement(lay: Layout) -> tuple[dict[str, Box], float]:
    """Where each panel goes, and how tall the part below the map is."""
    free = dict(lay.panels)
    placed: dict[str, Box] = {}
    below = lay.map_bottom + 10
    players = PLAYER_LINES * LINE + 2 * LINE + 8
    y = below + players
    for name, width, height in BLOCKS:
        spot = next((k for k, box in free.items() if box.width >= width), None)
        if spot is not None:
            placed[name] = free.pop(spot)
        else:
            placed[name] = Box(MARGIN, y, WIDTH - MARGIN, y + height)
            y += height
    return placed, y - lay.map_bottom + 6


def label(view: Mapping[str, Any], role: str | None, canvas: Canvas) -> str:
    for player in view.get("players", []):
        if player["role"] == role:
            return named(player, canvas)
    return str(role or "")


def named(thing: Mapping[str, Any], canvas: Canvas) -> str:
    zh = thing.get("zh") if canvas.fonts.cjk else None
    return f"{thing['name']} {zh}" if zh else str(thing["name"])


# --- above the map ----------------------------------------------------------------------
def header(canvas: Canvas, scene: Scene) -> None:
    """Title, save, round and turn; who acts next and on what (or the result)."""
    view = scene.view
    canvas.text(MARGIN, 19, str(view.get("title", "Dragons & Tigers")), 15, bold=True)
    facts = []
    if scene.recent.saves:
        facts.append(f"Save {scene.recent.saves[-1]}")
    if view.get("round"):
        facts.append(f"Round {view['round']} of {view.get('rounds', 8)}")
    turn = view.get("turn")
    if turn and turn.get("number"):
        facts.append(f"Turn {turn['number']}")
    canvas.text(WIDTH - MARGIN, 19, " · ".join(facts), 13, bold=True, anchor="rs")
    x, y = MARGIN, 40
    result = view.get("result")
    if result:
        canvas.text(x, y, _result(view, result, canvas), 13, bold=True)
        return
    if not scene.due:
        return
    role = scene.due.get("role")
    x += canvas.text(x, y, "To move:", 13, bold=True) + 5
    if role in scene.frames:
        frame_swatch(canvas, x, y, scene.frames[role])
        x += 16
    x += canvas.text(x, y, label(view, role, canvas), 13, bold=True) + 6
    what = str(scene.due.get("text") or "")
    kingdom = next((k for k in view.get("kingdoms", []) if turn and k["id"] == turn.get(
        "kingdom")), None)
    if kingdom:
        what = f"{what} (turn of {kingdom['name']})" if what else f"turn of {kingdom['name']}"
    if what:
        canvas.text(x, y, canvas.shorten(f"— {what}", 12, WIDTH - MARGIN - x), 12)


def _result(view: Mapping[str, Any], result: Mapping[str, Any], canvas: Canvas) -> str:
    winner = result.get("winner")
    if winner:
        return f"Game over: {label(view, winner, canvas)} wins"
    if result.get("tied"):
        return "Game over: a tie between " + " and ".join(
            label(view, r, canvas) for r in result["tied"])
    return "Game over"


# --- words with signs -------------------------------------------------------------------
def frame_swatch(canvas: Canvas, x: float, baseline: float, colour: str) -> None:
    """A faction's sign: a small box with a thick frame in its colour."""
    canvas.box(x, baseline - 11, x + 12, baseline + 1, fill=colour, outline=OUTLINE,
               width=0.8, radius=2.5)
    canvas.box(x + 3.2, baseline - 7.8, x + 8.8, baseline - 2.2, fill=UNHELD, outline=OUTLINE,
               width=0.6, radius=1)


Row = list[tuple[str, Any, bool]]


def wrap(canvas: Canvas, words: Sequence[Word], width: float, size: float = SIZE) -> list[Row]:
    """Words with their signs in rows no wider than ``width``."""
    rows: list[Row] = [[]]
    used = 0.0
    for text, sign in words:
        bold = sign == "bold" or (isinstance(sign, tuple) and sign[0] == "frame")
        signed = bool(sign) and sign != "bold"
        need = canvas.measure(text, size, bold) + (14 if signed else 0)
        gap = (6 if signed else canvas.measure(" ", size, bold)) if rows[-1] else 0
        if rows[-1] and used + gap + need > width - 1:
            rows.append([])
            used, gap = 0.0, 0
        rows[-1].append((text, sign, bold))
        used += gap + need
    return [row for row in rows if row]


def draw_rows(canvas: Canvas, rows: Sequence[Row], box: Box, top: float, size: float = SIZE,
              line: float = LINE) -> float:
    """Draw rows from baseline ``top``; returns the baseline after the last."""
    y = top
    for row in rows:
        # runs of words without a sign are drawn as one text
        runs: list[tuple[str, Any, bool]] = []
        for text, sign, bold in row:
            if runs and sign in (None, "bold") and runs[-1][2] == bold:
                runs[-1] = (f"{runs[-1][0]} {text}", runs[-1][1], bold)
            else:
                runs.append((text, sign, bold))
        x = box.left
        for i, (text, sign, bold) in enumerate(runs):
            signed = sign not in (None, "bold")
            if i:
                x += 6 if signed else canvas.measure(" ", size, bold)
            if signed:
                _sign(canvas, x, y, sign)
                x += 14
            x += canvas.text(x, y, canvas.shorten(text, size, box.right - x, bold), size,
                             bold=bold)
        y += line
    return y


def flow(canvas: Canvas, words: Sequence[Word], box: Box, top: float, size: float = SIZE,
         line: float = LINE) -> float:
    """Draw words with their signs, wrapped in ``box`` from baseline ``top``; what does not
    fit ends in an ellipsis. Returns the baseline after the last line."""
    rows = wrap(canvas, words, box.width, size)
    fits = max(1, int((box.bottom - top) // line) + 1)
    if len(rows) > fits:
        rows = rows[:fits]
        text, sign, bold = rows[-1][-1]
        rows[-1][-1] = (text + " …", sign, bold)
    return draw_rows(canvas, rows, box, top, size, line)


def _sign(canvas: Canvas, x: float, y: float, sign: Any) -> None:
    kind, value = sign if isinstance(sign, tuple) else ("swatch", sign)
    if kind == "swatch":
        canvas.swatch(x, y, 10, value)
    elif kind == "frame":
        frame_swatch(canvas, x - 1, y, value)
    elif kind == "terrain":
        _terrain_sample(canvas, x - 2, y - 4, value)
    elif kind in ("move", "retreat"):
        shaft = [(x - 2, y - 4), (x + 6, y - 4)]
        if kind == "retreat":
            shaft = [(x - 2, y - 4), (x + 1, y - 4)]
        canvas.line(shaft, MOVE_EDGE, 4.4)
        canvas.line(shaft, MOVE, 2.4)
        if kind == "retreat":
            canvas.line([(x + 3, y - 4), (x + 6, y - 4)], MOVE, 2.4)
        canvas.polygon([(x + 12, y - 4), (x + 5, y - 8.5), (x + 5, y + 0.5)], MOVE, MOVE_EDGE,
                       0.8)
    elif kind == "battle":
        canvas.star((x + 5, y - 4), 6, BATTLE)
    elif kind == "emperor":
        canvas.crown(x, y - 0.5, 10, EMPEROR)
    elif kind == "manpower":
        canvas.circle((x + 5, y - 4), 6.5, "#ffffff", INK, 0.9)
        canvas.text(x + 5, y - 3.7, "3", 10, bold=True, anchor="mm")


def _terrain_sample(canvas: Canvas, x: float, y: float, terrain: str) -> None:
    points = [(x, y), (x + 14, y)]
    if terrain == "river":
        canvas.line(points, RIVER_EDGE, 5.4)
        canvas.line(points, RIVER, 3.0)
    elif terrain == "mountain":
        canvas.polygon([(x + 3, y), (x + 7, y - 5.5), (x + 11, y)], MOUNTAIN)
        canvas.line(points, MOUNTAIN, 4.0)
    else:
        canvas.line(points, PLAIN, 2.2)


# --- the panels -------------------------------------------------------------------------
def _recent(canvas: Canvas, scene: Scene, box: Box) -> None:
    recent, view = scene.recent, scene.view
    if not recent.saves:
        return
    names = {str(a["id"]): str(a["name"]) for a in scene.board["areas"]}
    people = {c["id"]: c["name"] for c in view.get("characters", [])}
    first, last = recent.saves[0], recent.saves[-1]
    who = " and ".join(dict.fromkeys(label(view, w, canvas) for w in recent.writers))
    saves = f"Save {last}" if first == last else f"Saves {first}–{last}"
    items: list[Word] = [(f"battle in {names.get(area, area)}", ("battle", None))
                         for area in recent.battles]
    for move in recent.moves:
        route = " → ".join(names.get(a, a) for a in move.path)
        if move.retreat:
            items.append((f"retreat {route}", ("retreat", None)))
            continue
        with_ = ", ".join(people.get(c, c) for c in move.characters)
        if move.armies:
            what = plural(move.armies, "army", "armies") + (f" with {with_}" if with_ else "")
        else:
            what = with_ or "no armies"
        items.append((f"{route}: {what}", ("move", None)))
    if recent.levies:
        levies = ", ".join(f"{names.get(a, a)} +{n}" for a, n in recent.levies.items())
        items.append((f"levied: {levies}", None))
    if not items:
        items.append(("no moves, battles or levies", None))
    y = flow(canvas, [(word, "bold") for word in f"{saves} ({who}):".split(" ")], box,
             box.top + 12)
    room = int((box.bottom - y) // LINE) + 1
    inner = Box(box.left + 2, box.top, box.right, box.bottom)
    hanging = Box(inner.left + 14, inner.top, inner.right, inner.bottom)
    rows: list[tuple[Row, Box]] = []
    for i, (text, sign) in enumerate(items):
        words = (text + ("." if i + 1 == len(items) else ";")).split(" ")
        more = wrap(canvas, [(words[0], sign), *((w, None) for w in words[1:])], inner.width)
        if len(more) > 1:  # the rest again, under the text of the first row
            rest = [(w, None) for w in words[len(more[0]):]]
            more = [more[0], *wrap(canvas, rest, hanging.width)]
        if len(rows) + len(more) > room or (len(rows) + len(more) == room
                                            and i + 1 < len(items)):
            rows = rows[:room - 1]
            rows.append(([(f"+{len(items) - i} more: see the message", None, False)], inner))
            break
        rows += [(row, inner if n == 0 else hanging) for n, row in enumerate(more)]
    for row, where in rows:
        y = draw_rows(canvas, [row], where, y)


def _kingdoms(canvas: Canvas, scene: Scene, box: Box) -> None:
    y = box.top + 12
    kingdoms = scene.view.get("kingdoms", [])
    for status, title in (("neutral", "Neutral:"), ("traitorous", "Traitorous:"),
                          ("eliminated", "Eliminated:")):
        found = [k for k in kingdoms if k.get("status") == status]
        if found:
            words: list[Word] = [(title, "bold")]
            words += [(str(k["name"]) + ("," if i + 1 < len(found) else ""),
                       scene.colours.get(k["id"])) for i, k in enumerate(found)]
            y = flow(canvas, words, Box(box.left, box.top, box.right, box.bottom), y) + 2


def _key(canvas: Canvas, scene: Scene, box: Box) -> None:
    del scene
    items: list[Word] = [
        ("great river", ("terrain", "river")), ("mountains", ("terrain", "mountain")),
        ("plain border", ("terrain", "plain")), ("manpower", ("manpower", None)),
        ("Emperor Xian", ("emperor", None)), ("a move", ("move", None)),
        ("a retreat", ("retreat", None)), ("a battle", ("battle", None))]
    rows = max(1, int((box.bottom - box.top) // 13))
    columns = -(-len(items) // rows)
    width = box.width / columns
    for i, word in enumerate(items):
        column, row = divmod(i, rows)
        left = box.left + column * width
        flow(canvas, [word], Box(left, box.top, left + width - 4, box.bottom),
             box.top + 11 + row * 13, SIZE - 0.5)


def _mandate(canvas: Canvas, scene: Scene, box: Box) -> None:
    png_mandate.draw(canvas, scene.view, box)


PANELS: dict[str, Callable[[Canvas, Scene, Box], None]] = {
    "mandate": _mandate, "recent": _recent, "kingdoms": _kingdoms, "key": _key}


def legend(canvas: Canvas, scene: Scene, lay: Layout) -> None:
    """The players below the map, and the panels where ``placement`` puts them."""
    places, _ = placement(lay)
    y = lay.map_bottom + 24
    area = Box(MARGIN, y - 12, WIDTH - MARGIN, y + 2 * LINE)
    kingdoms = {k["id"]: k for k in scene.view.get("kingdoms", [])}
    players = scene.view.get("players", [])
    rows: list[list[Row]] = []
    for player in players:
        stats = (f"{plural(int(player.get('areas', 0)), 'area', 'areas')}, "
                 f"{player.get('manpower', 0)} manpower:")
        words: list[Word] = [(named(player, canvas), ("frame", scene.frames.get(player["role"])))]
        words.append((stats, None))
        owned = player.get("kingdoms", [])
        for i, kid in enumerate(owned):
            info = kingdoms.get(kid, {})
            main = " (main)" if info.get("status") == "main" else ""
            words.append((f"{info.get('name', kid)}{main}" + ("," if i + 1 < len(owned) else ""),
                          scene.colours.get(kid)))
        if not owned:
            words.append(("no kingdom", None))
        rows.append(wrap(canvas, words, area.width))
    # two lines at most for each player, and PLAYER_LINES for all
    budget = PLAYER_LINES - len(rows)
    for player_rows in rows[:PLAYER_LINES]:
        extra = max(0, min(len(player_rows) - 1, 1, budget))
        budget -= extra
        shown = player_rows[:1 + extra]
        if len(shown) < len(player_rows):
            text, sign, bold = shown[-1][-1]
            shown[-1] = [*shown[-1][:-1], (text + " …", sign, bold)]
        y = draw_rows(canvas, shown, area, y)
    notes = ["Each area: its kingdom's colour on top, framed in the colour of its player; "
             "a swatch before leaders of another kingdom."]
    if canvas.fonts.note:
        notes.append(canvas.fonts.note)
    for note in notes:
        y = flow(canvas, [(note, None)], Box(MARGIN, y, WIDTH - MARGIN, y + LINE), y)
    for name, box in places.items():
        PANELS[name](canvas, scene, box)
