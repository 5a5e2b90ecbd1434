"""How the map picture draws the line of a border between two boxes.

A straight line from box to box where that keeps clear of every other box and crosses no
border already drawn; otherwise the cheapest way found on a fine grid around the boxes
(a crossing of another border costs as much as a long detour), pulled tight and rounded.
Plain geometry in picture units: it knows nothing of the game.
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import pairwise

Point = tuple[float, float]

CLEARANCE = 5.0        # how far a border keeps from boxes it does not join
CELL = 3.0             # the grid of the search for a way around
CROSSING = 150.0       # what crossing another border costs, in units of length
ROOM = 3.0             # extra clearance of a bent line's straight parts, for its curves
APART = 4.5            # borders keep this far apart, so that they never seem to merge
ROUNDING = 3           # rounds of corner cutting on a bent line
GREED = 1.5            # the search favours heading for the goal: quicker, nearly as short


@dataclass(frozen=True)
class Box:
    left: float
    top: float
    right: float
    bottom: float

    @property
    def centre(self) -> Point:
        return (self.left + self.right) / 2, (self.top + self.bottom) / 2

    @property
    def width(self) -> float:
        return self.right - self.left

    @property
    def corners(self) -> tuple[Point, Point, Point, Point]:
        return ((self.left, self.top), (self.right, self.top), (self.left, self.bottom),
                (self.right, self.bottom))

    def contains(self, point: Point, pad: float = 0.0) -> bool:
        x, y = point
        return (self.left - pad <= x <= self.right + pad
                and self.top - pad <= y <= self.bottom + pad)

    def overlaps(self, other: Box, pad: float = 0.0) -> bool:
        return not (self.right < other.left - pad or other.right + pad < self.left
                    or self.bottom < other.top - pad or other.bottom + pad < self.top)


@dataclass(frozen=True)
class Route:
    """A border as drawn: the two areas, the terrain, and the visible line between boxes."""

    a: str
    b: str
    terrain: str
    points: tuple[Point, ...]


def densify(line: Sequence[Point], step: float) -> list[Point]:
    """Points along ``line`` no more than ``step`` apart."""
    out = [line[0]] if line else []
    for (x0, y0), (x1, y1) in pairwise(line):
        n = max(1, math.ceil(math.dist((x0, y0), (x1, y1)) / step))
        out.extend((x0 + (x1 - x0) * i / n, y0 + (y1 - y0) * i / n) for i in range(1, n + 1))
    return out


def bounds(line: Sequence[Point]) -> Box:
    xs, ys = [p[0] for p in line], [p[1] for p in line]
    return Box(min(xs), min(ys), max(xs), max(ys))


def _cross(p: Point, q: Point, r: Point, s: Point) -> bool:
    def turn(a: Point, b: Point, c: Point) -> float:
        return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
    return (turn(p, q, r) * turn(p, q, s) < 0) and (turn(r, s, p) * turn(r, s, q) < 0)


def crossings(one: Sequence[Point], other: Sequence[Point]) -> int:
    """How many times two drawn lines cross."""
    if len(one) < 2 or len(other) < 2 or not bounds(one).overlaps(bounds(other)):
        return 0
    return sum(_cross(p, q, r, s) for p, q in pairwise(one)
               for r, s in pairwise(other))


def _hits(p: Point, q: Point, box: Box, pad: float) -> bool:
    """Whether the segment p-q touches ``box`` grown by ``pad`` (Liang-Barsky clipping)."""
    lo, hi = 0.0, 1.0
    dx, dy = q[0] - p[0], q[1] - p[1]
    for step, room in ((-dx, p[0] - (box.left - pad)), (dx, box.right + pad - p[0]),
                       (-dy, p[1] - (box.top - pad)), (dy, box.bottom + pad - p[1])):
        if step == 0:
            if room < 0:
                return False
            continue
        t = room / step
        if step < 0:
            lo = max(lo, t)
        else:
            hi = min(hi, t)
        if lo > hi:
            return False
    return True


def blocked(line: Sequence[Point], others: Iterable[Box], clearance: float = CLEARANCE
            ) -> bool:
    """Whether ``line`` comes closer than ``clearance`` to any of ``others``."""
    if len(line) < 2:
        return False
    around = bounds(line)
    return any(_hits(p, q, box, clearance) for box in others
               if around.overlaps(box, clearance)
               for p, q in pairwise(line))


def _edge(inside: Point, outside: Point, box: Box) -> Point:
    """Where the segment from a point in ``box`` to one outside it leaves the box."""
    lo, hi = 0.0, 1.0
    for _ in range(24):
        mid = (lo + hi) / 2
        if box.contains((inside[0] + (outside[0] - inside[0]) * mid,
                         inside[1] + (outside[1] - inside[1]) * mid)):
            lo = mid
        else:
            hi = mid
    return (inside[0] + (outside[0] - inside[0]) * lo, inside[1] + (outside[1] - inside[1]) * lo)


def visible(points: Sequence[Point], a: Box, b: Box) -> tuple[Point, ...]:
    """The part of a line from inside ``a`` to inside ``b`` that lies outside both."""
    dense = densify(points, 2.0)
    outside = [i for i, p in enumerate(dense) if not a.contains(p) and not b.contains(p)]
    if not outside:
        return ()
    first, last = outside[0], outside[-1]
    start = _edge(dense[first - 1], dense[first], a) if first > 0 else dense[first]
    end = _edge(dense[last + 1], dense[last], b) if last + 1 < len(dense) else dense[last]
    middle = [dense[i] for i in range(first, last + 1, 3)]
    return (start, *middle, end)


class Router:
    """Draws borders one after another, each around the boxes and the borders before it."""

    def __init__(self, boxes: Mapping[str, Box], obstacles: Iterable[Box], width: float,
                 height: float) -> None:
        self.boxes = dict(boxes)
        self.obstacles = {**{f"box:{k}": v for k, v in boxes.items()},
                          **{f"obstacle:{i}": v for i, v in enumerate(obstacles)}}
        self.cols, self.rows = math.ceil(width / CELL), math.ceil(height / CELL)
        self.routes: list[Route] = []
        self._bounds: list[Box] = []
        self._taken = bytearray(self.cols * self.rows)
        # how many obstacles (grown by the clearance) cover each cell of the grid
        self._cover = bytearray(self.cols * self.rows)
        for box in self.obstacles.values():
            for cell in self._cells(box):
                self._cover[cell] += 1

    def _cells(self, box: Box) -> Iterable[int]:
        pad = CLEARANCE + CELL / 2
        cols = range(max(0, int((box.left - pad) // CELL)),
                     min(self.cols, int((box.right + pad) // CELL) + 1))
        for row in range(max(0, int((box.top - pad) // CELL)),
                         min(self.rows, int((box.bottom + pad) // CELL) + 1)):
            yield from (row * self.cols + col for col in cols)

    def _others(self, a: str, b: str) -> list[Box]:
        return [box for key, box in self.obstacles.items() if key not in (f"box:{a}", f"box:{b}")]

    def _crossed(self, line: Sequence[Point]) -> int:
        """How many drawn borders ``line`` crosses or comes too close to."""
        if len(line) < 2:
            return 0
        around = bounds(line)
        dense: list[Point] | None = None
        count = 0
        for route, box in zip(self.routes, self._bounds, strict=True):
            if not around.overlaps(box, APART):
                continue
            if crossings(line, route.points):
                count += crossings(line, route.points)
                continue
            dense = dense or densify(line, 1.5)
            theirs = densify(route.points, 1.5)
            if any(math.dist(p, q) < APART for p in dense if box.contains(p, APART)
                   for q in theirs):
                count += 1
        return count

    def add(self, a: str, b: str, terrain: str) -> Route:
        start, end = self.boxes[a].centre, self.boxes[b].centre
        others = self._others(a, b)
        line = visible([start, end], self.boxes[a], self.boxes[b])
        if not line or blocked(line, others) or self._crossed(line):
            line = self._around(a, b, others) or line
        if not line or blocked(line, others):
            raise ValueError(f"no way to draw the border {a}-{b} clear of other areas")
        route = Route(a, b, terrain, line)
        self.routes.append(route)
        self._bounds.append(bounds(line))
        for x, y in densify(line, CELL / 2):
            for dx in (-APART, 0, APART):
                for dy in (-APART, 0, APART):
                    col, row = int((x + dx) // CELL), int((y + dy) // CELL)
                    if 0 <= col < self.cols and 0 <= row < self.rows:
                        self._taken[row * self.cols + col] = 1
        return route

    # --- the search -----------------------------------------------------------------
    def _search(self, a: str, b: str) -> list[Point] | None:
        """The cheapest way on the grid from the centre of ``a`` to that of ``b`` (A*)."""
        cols = self.cols
        cover = bytearray(self._cover)
        for key in (a, b):
            for cell in self._cells(self.boxes[key]):
                cover[cell] -= 1
        start, goal = self.boxes[a].centre, self.boxes[b].centre
        s = int(start[1] // CELL) * cols + int(start[0] // CELL)
        g = int(goal[1] // CELL) * cols + int(goal[0] // CELL)
        gx, gy = g % cols, g // cols
        steps = [(dx, dy, dy * cols + dx, math.hypot(dx, dy) * CELL)
                 for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]
        best = {s: 0.0}
        came: dict[int, int] = {}
        queue = [(0.0, s)]
        taken = self._taken
        while queue:
            _, cell = heapq.heappop(queue)
            if cell == g:
                path = [cell]
                while path[-1] in came:
                    path.append(came[path[-1]])
                path.reverse()
                return [start, *(((c % cols + 0.5) * CELL, (c // cols + 0.5) * CELL)
                                 for c in path[1:-1]), goal]
            cost = best[cell]
            x, y = cell % cols, cell // cols
            for dx, dy, delta, length in steps:
                nx, ny = x + dx, y + dy
                if not (0 <= nx < cols and 0 <= ny < self.rows):
                    continue
                nxt = cell + delta
                if cover[nxt]:
                    continue
                total = cost + length + (CROSSING if taken[nxt] else 0.0)
                if total < best.get(nxt, math.inf):
                    best[nxt] = total
                    came[nxt] = cell
                    heapq.heappush(queue, (total + GREED * math.hypot(gx - nx, gy - ny) * CELL,
                                           nxt))
        return None

    def _tighten(self, path: list[Point], others: Sequence[Box]) -> list[Point]:
        """Drop the corners the line can cut without touching a box or crossing more."""
        out = [path[0]]
        i = 0
        while i < len(path) - 1:
            j = len(path) - 1
            while j > i + 1:
                shortcut = [path[i], path[j]]
                # a little more room than needed, for rounding the corners afterwards
                if (not blocked(shortcut, others, CLEARANCE + ROOM)
                        and self._crossed(shortcut) <= self._crossed(path[i:j + 1])):
                    break
                j -= 1
            out.append(path[j])
            i = j
        return out

    def _round(self, path: list[Point], others: Sequence[Box]) -> list[Point]:
        """Corners cut (Chaikin) while that keeps clear of boxes and crossings; where a full
        cut would touch a box, a gentler one."""
        merged = [path[0]]
        for point in path[1:-1]:  # the little steps the grid leaves, smoothed away first
            if math.dist(point, merged[-1]) < 2 * CELL and len(merged) > 1:
                merged[-1] = ((merged[-1][0] + point[0]) / 2, (merged[-1][1] + point[1]) / 2)
            else:
                merged.append(point)
        merged.append(path[-1])
        if not blocked(merged, others) and self._crossed(merged) <= self._crossed(path):
            path = merged
        for _ in range(ROUNDING):
            for cut in (0.25, 0.1):
                rounded = [path[0]]
                for p, q in pairwise(path):
                    rounded += [((1 - cut) * p[0] + cut * q[0], (1 - cut) * p[1] + cut * q[1]),
                                (cut * p[0] + (1 - cut) * q[0], cut * p[1] + (1 - cut) * q[1])]
                rounded.append(path[-1])
                if not blocked(rounded, others) and self._crossed(rounded) <= self._crossed(path):
                    path = rounded
                    break
            else:
                break
        return path

    def _around(self, a: str, b: str, others: Sequence[Box]) -> tuple[Point, ...] | None:
        path = self._search(a, b)
        if path is None:
            return None
        path = self._round(self._tighten(path, others), others)
        return visible(path, self.boxes[a], self.boxes[b])
