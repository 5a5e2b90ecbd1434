"""``tables.yaml``: the tables printed on the board (4.5.1, 5.2, 10.1, 10.8)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from pbem.games.dragons_tigers.catalog.areas import Area
from pbem.games.dragons_tigers.catalog.checks import Check
from pbem.games.dragons_tigers.catalog.kingdoms import Kingdom


@dataclass(frozen=True)
class AttritionRow:
    """A row of the Attrition Table; ``max`` is None for the open-ended last row."""

    min: int
    max: int | None
    mountain_or_river: int
    boats: int

    def covers(self, strength: int) -> bool:
        """Whether a moving force of ``strength`` armies falls in this row."""
        return self.min <= strength and (self.max is None or strength <= self.max)


@dataclass(frozen=True)
class Tables:
    """The tables printed on the board (4.5.1, 5.2, 10.1, 10.8)."""

    attrition: tuple[AttritionRow, ...]
    strategy_contest: Mapping[int, int]
    """Die roll -> hits per red star or diamond."""
    retainer_death: Mapping[int, tuple[str, ...]]
    """Die roll -> kingdom ids."""
    barbarian_raids: Mapping[int, tuple[str, ...]]
    """Die roll -> area ids."""


def parse_tables(data: Any, areas: Mapping[str, Area], kingdoms: Mapping[str, Kingdom]) -> Tables:
    check = Check("tables.yaml")
    top = check.mapping(
        "(top level)",
        data,
        ("attrition", "strategy_contest", "retainer_death", "barbarian_raids"),
    )
    rows: list[AttritionRow] = []
    raw_rows = check.sequence("attrition", top["attrition"], nonempty=True)
    for i, item in enumerate(raw_rows):
        at = f"attrition[{i}]"
        entry = check.mapping(at, item, ("min", "max", "mountain_or_river", "boats"))
        row = AttritionRow(
            min=check.integer(f"{at}.min", entry["min"], minimum=1),
            max=check.optional_integer(f"{at}.max", entry["max"], minimum=1),
            mountain_or_river=check.integer(
                f"{at}.mountain_or_river", entry["mountain_or_river"], minimum=0
            ),
            boats=check.integer(f"{at}.boats", entry["boats"], minimum=0),
        )
        expected_min = 1 if not rows else (rows[-1].max or 0) + 1
        if row.min != expected_min:
            check.fail(f"{at}.min", f"rows must be contiguous: expected {expected_min}")
        last = i == len(raw_rows) - 1
        if (row.max is None) != last:
            check.fail(f"{at}.max", "only the last row is open-ended (max: null)")
        if row.max is not None and row.max < row.min:
            check.fail(f"{at}.max", f"max {row.max} is below min {row.min}")
        if row.boats > row.mountain_or_river:
            check.fail(f"{at}.boats", "the Boats column cannot exceed the ordinary one")
        if rows and (
            row.mountain_or_river < rows[-1].mountain_or_river or row.boats < rows[-1].boats
        ):
            check.fail(at, "losses must not decrease as the strength grows")
        rows.append(row)

    strategy = {
        die: check.integer(f"strategy_contest[{die}]", hits, minimum=0)
        for die, hits in check.die_table("strategy_contest", top["strategy_contest"]).items()
    }

    death: dict[int, tuple[str, ...]] = {}
    listed: dict[str, int] = {}
    for die, raw in check.die_table("retainer_death", top["retainer_death"]).items():
        ids = []
        for j, kid in enumerate(check.sequence(f"retainer_death[{die}]", raw, nonempty=True)):
            at = f"retainer_death[{die}][{j}]"
            check.ref(at, kid, kingdoms, "kingdom")
            if kid in listed:
                check.fail(at, f"{kid!r} is already on row {listed[kid]}")
            listed[kid] = die
            ids.append(kid)
        death[die] = tuple(ids)
    missing = [kid for kid in kingdoms if kid not in listed]
    if missing:
        check.fail("retainer_death", f"kingdoms on no row: {', '.join(missing)}")

    raids: dict[int, tuple[str, ...]] = {}
    raided: dict[str, int] = {}
    for die, raw in check.die_table("barbarian_raids", top["barbarian_raids"]).items():
        ids = []
        for j, aid in enumerate(check.sequence(f"barbarian_raids[{die}]", raw, nonempty=True)):
            at = f"barbarian_raids[{die}][{j}]"
            check.ref(at, aid, areas, "area")
            if aid in raided:
                check.fail(at, f"{aid!r} is already on row {raided[aid]}")
            raided[aid] = die
            ids.append(aid)
        raids[die] = tuple(ids)

    return Tables(
        attrition=tuple(rows),
        strategy_contest=MappingProxyType(strategy),
        retainer_death=MappingProxyType(death),
        barbarian_raids=MappingProxyType(raids),
    )

