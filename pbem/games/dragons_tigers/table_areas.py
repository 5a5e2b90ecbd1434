"""The map's areas as :class:`pbem.games.dragons_tigers.table.Table` sees them: the armies
in each, the counters that must be able to show them (4.4(F), 5.4(C)), who controls each
area (rule 6), and who holds the Emperor (9(A), 9(E))."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pbem.games.dragons_tigers import counters
from pbem.games.dragons_tigers.catalog import Catalog


class Areas:
    """Armies, counters and control for :class:`Table` (which holds the state)."""

    if TYPE_CHECKING:
        s: dict[str, Any]
        cat: Catalog

        def chars_in(self, area: str, kid: str | None = None) -> list[str]: ...
        def friendly(self, a: str, b: str) -> bool: ...
        def in_play(self, kid: str) -> bool: ...
        def kingdoms_of(self, role: str) -> list[str]: ...

    def armies(self, area: str, kid: str) -> int:
        """How many armies of ``kid`` stand in ``area``."""
        return int(self.s["armies"].get(area, {}).get(kid, 0))

    def armies_in(self, area: str) -> dict[str, int]:
        """The armies in ``area``, by kingdom (a copy)."""
        return dict(self.s["armies"].get(area, {}))

    def total_armies(self, kid: str) -> int:
        """Every army of ``kid`` on the map."""
        return sum(stack.get(kid, 0) for stack in self.s["armies"].values())

    def areas_with_armies(self, kid: str) -> list[str]:
        """The areas where ``kid`` has armies."""
        return [area for area, stack in self.s["armies"].items() if stack.get(kid, 0) > 0]

    def stacks(self, kid: str) -> list[int]:
        """The size of each stack of ``kid``'s armies."""
        return [stack[kid] for stack in self.s["armies"].values() if stack.get(kid, 0) > 0]

    def counter_mix(self, kid: str) -> Any:
        """The army counters ``kid`` has to show its stacks with."""
        return self.cat.counter_overrides.get(kid, self.cat.counter_default)

    def can_add(self, kid: str, area: str, n: int) -> bool:
        """Are there counters to show ``n`` more armies of ``kid`` in ``area`` (4.4(F))?"""
        stacks = {a: s.get(kid, 0) for a, s in self.s["armies"].items() if s.get(kid, 0) > 0}
        stacks[area] = stacks.get(area, 0) + n
        return counters.can_represent(list(stacks.values()), self.counter_mix(kid))

    def make_change(self, kid: str, area: str) -> int:
        """After losses, remove extra armies if the counters cannot show the rest (5.4(C))."""
        keys = [a for a, s in self.s["armies"].items() if s.get(kid, 0) > 0]
        if area not in keys:
            return 0
        stacks = [self.s["armies"][a][kid] for a in keys]
        if counters.can_represent(stacks, self.counter_mix(kid)):
            return 0
        index = keys.index(area)
        try:
            best = counters.largest_representable(stacks, index, self.counter_mix(kid))
        except ValueError:  # other stacks already beyond the counters: cannot happen
            return 0
        extra = stacks[index] - best
        self.remove_armies(area, kid, extra)
        return extra

    def representable(self, kid: str, changes: dict[str, int] | None = None) -> bool:
        """Can the counters show every stack of ``kid`` (after ``changes``: area -> delta)?"""
        stacks = {a: s.get(kid, 0) for a, s in self.s["armies"].items() if s.get(kid, 0) > 0}
        for area, delta in (changes or {}).items():
            stacks[area] = stacks.get(area, 0) + delta
        return counters.can_represent([n for n in stacks.values() if n > 0],
                                      self.counter_mix(kid))

    def room(self, kid: str, area: str, limit: int | None = None) -> int:
        """The most armies of ``kid``, up to ``limit``, that the counters can still show
        when added in ``area`` (4.4(F))."""
        keys = self.areas_with_armies(kid)
        stacks = [self.armies(a, kid) for a in keys]
        if area in keys:
            index = keys.index(area)
        else:
            stacks.append(0)
            index = len(stacks) - 1
        mix = self.counter_mix(kid)
        if limit is None:
            return counters.max_total_addable(stacks, index, mix)
        return counters.max_addable(stacks, index, mix, limit)

    def lose(self, area: str, kid: str, n: int) -> tuple[int, int]:
        """Remove ``n`` armies as losses, then make change (5.4(C)); return (lost, extra)."""
        lost = self.remove_armies(area, kid, n)
        return lost, self.make_change(kid, area) if lost else 0

    def add_armies(self, area: str, kid: str, n: int) -> None:
        """Put ``n`` more armies of ``kid`` in ``area``."""
        if n <= 0:
            return
        stack = self.s["armies"].setdefault(area, {})
        stack[kid] = stack.get(kid, 0) + n
        self.update_control(area)

    def remove_armies(self, area: str, kid: str, n: int) -> int:
        """Remove up to ``n`` armies; return how many were removed."""
        stack = self.s["armies"].get(area, {})
        have = stack.get(kid, 0)
        taken = min(have, max(0, n))
        if taken:
            if have - taken:
                stack[kid] = have - taken
            else:
                del stack[kid]
            if not stack:
                self.s["armies"].pop(area, None)
            self.update_control(area)
        return taken

    def kingdoms_in(self, area: str) -> list[str]:
        """Kingdoms with armies or characters in ``area``, in kingdom order."""
        present = set(self.s["armies"].get(area, {}))
        present.update(e["kingdom"] for e in self.s["chars"].values()
                       if e["at"] == area and e["kingdom"] is not None)
        return [kid for kid in self.s["kingdoms"] if kid in present]

    def controller(self, area: str) -> str | None:
        """The kingdom controlling ``area``, if any."""
        return self.s["control"].get(area)

    def controlled_by(self, kid: str) -> list[str]:
        """The areas ``kid`` controls."""
        return [area for area, k in self.s["control"].items() if k == kid]

    def controlled_by_role(self, role: str) -> list[str]:
        """The areas controlled by the kingdoms ``role`` holds."""
        mine = set(self.kingdoms_of(role))
        return [area for area, k in self.s["control"].items() if k in mine]

    def update_control(self, area: str, prefer: str | None = None) -> None:
        """Rule 6: a kingdom alone in an area controls it; a shared area keeps its
        controller while that kingdom is still there; an empty area is uncontrolled."""
        present = self.kingdoms_in(area)
        current = self.s["control"].get(area)
        if not present:
            self.s["control"].pop(area, None)
            return
        if area == self.s["emperor"]:  # someone holds his area again (9(A))
            self.s["flags"].pop("emperor_keeper", None)
        if prefer in present:
            self.s["control"][area] = prefer
        elif current in present:
            return
        elif len(present) == 1:
            self.s["control"][area] = present[0]
        else:
            strongest = max(present, key=lambda k: (self.armies(area, k),
                                                    len(self.chars_in(area, k))))
            self.s["control"][area] = strongest
        self._order_control()

    def _order_control(self) -> None:
        """Keep the control map in the board's order of areas."""
        order = list(self.cat.areas)
        control = self.s["control"]
        if list(control) != sorted(control, key=order.index):
            self.s["control"] = {a: control[a] for a in sorted(control, key=order.index)}

    def friendly_area(self, area: str, kid: str) -> bool:
        """Is ``area`` controlled by a kingdom friendly to ``kid``?"""
        holder = self.controller(area)
        return holder is not None and self.friendly(holder, kid)

    def neighbours(self, area: str) -> dict[str, str]:
        """The areas next to ``area``, each with the terrain of the border between them."""
        return self.cat.neighbours(area)

    def emperor_holder(self) -> str | None:
        """The kingdom controlling the Emperor's area, which holds him (9(A)); in an empty
        area, the kingdom that won the combat which left it empty (9(E)), if still in play."""
        area = self.s["emperor"]
        if not area:
            return None
        holder = self.controller(area)
        keeper = self.s["flags"].get("emperor_keeper")
        if holder is None and keeper is not None and self.in_play(keeper):
            return str(keeper)
        return holder

    def keep_emperor(self, kid: str | None) -> None:
        """9(E): ``kid`` won the combat in the Emperor's empty area and holds him there
        until someone holds the area (None: nobody keeps him)."""
        if kid is None:
            self.s["flags"].pop("emperor_keeper", None)
        else:
            self.s["flags"]["emperor_keeper"] = kid
