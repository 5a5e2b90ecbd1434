"""What happened in the saves a picture goes with: moves, retreats, battles and levies.

The position in a save does not remember how it came about, so this reads the save's own
actions (docs/actions.md) and, for battles fought without a choice (where no ``fight``
action names the area), the log's "Combat in AREA" headings. Each save is given as a plain
mapping: ``sequence``, ``writer``, ``actions`` and ``log``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

COMBAT_HEADING = "Combat in "


@dataclass(frozen=True)
class Move:
    path: tuple[str, ...]          # area ids, from the start to the end
    armies: int
    characters: tuple[str, ...]
    retreat: bool = False
    emperor: bool = False


@dataclass
class Recent:
    saves: list[int] = field(default_factory=list)
    writers: list[str] = field(default_factory=list)
    moves: list[Move] = field(default_factory=list)
    battles: list[str] = field(default_factory=list)
    levies: dict[str, int] = field(default_factory=dict)

    @property
    def empty(self) -> bool:
        return not (self.moves or self.battles or self.levies)


def _armies(value: Any) -> int:
    if isinstance(value, Mapping):
        return sum(int(n) for n in value.values() if isinstance(n, int))
    return int(value) if isinstance(value, int) else 0


def _combats(log: Sequence[Any], names: Mapping[str, str]) -> list[str]:
    """Areas of the log's combat headings, in order."""
    found = []
    for line in log:
        text = str(line)
        if not text.startswith(COMBAT_HEADING):
            continue
        rest = text[len(COMBAT_HEADING):]
        # the longest matching name, so that no area is taken for another it begins with
        hits = sorted((n for n in names if rest.startswith(n)), key=len, reverse=True)
        if hits:
            found.append(names[hits[0]])
    return found


def recent(history: Sequence[Mapping[str, Any]], board: Mapping[str, Any]) -> Recent:
    """Moves, retreats, battles and levies of ``history`` (saves in order)."""
    areas = {str(a["id"]) for a in board["areas"]}
    names: dict[str, str] = {}
    for area in board["areas"]:
        names[f"{area['name']} {area.get('zh', '')}".strip()] = str(area["id"])
        names[str(area["name"])] = str(area["id"])
    out = Recent()
    earlier: str | None = None  # the one battle of the saves before (a witness answer's)
    for save in history:
        out.saves.append(int(save.get("sequence", 0)))
        out.writers.append(str(save.get("writer", "")))
        combats = _combats(save.get("log") or [], names)
        fought: list[str] = []
        for action in save.get("actions") or []:
            do = action.get("do")
            if do == "move":
                to = action.get("to")
                steps = [to] if isinstance(to, str) else list(to or [])
                path = (str(action.get("from")), *map(str, steps))
                if all(a in areas for a in path) and len(path) > 1:
                    out.moves.append(Move(path, _armies(action.get("armies")),
                                          tuple(map(str, action.get("characters") or [])),
                                          emperor=bool(action.get("emperor"))))
            elif do == "fight" and action.get("area") in areas:
                fought.append(str(action["area"]))
            elif do == "retreat" and action.get("to") in areas:
                where = (fought[-1] if fought else combats[-1] if len(combats) == 1
                         else earlier if not combats else None)
                if where is not None:
                    out.moves.append(Move((where, str(action["to"])), 0, (), retreat=True))
            elif do == "levy" and action.get("area") in areas:
                area = str(action["area"])
                out.levies[area] = out.levies.get(area, 0) + _armies(action.get("armies"))
        for area in (*combats, *fought):
            if area not in out.battles:
                out.battles.append(area)
        here = {*combats, *fought}
        if here:
            earlier = here.pop() if len(here) == 1 else None
    return out
