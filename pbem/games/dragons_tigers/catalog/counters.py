"""``counters.yaml``: the army counters each kingdom has (2.2(B), 4.4(F))."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pbem.games.dragons_tigers.catalog.checks import Check, describe
from pbem.games.dragons_tigers.catalog.kingdoms import Kingdom


@dataclass(frozen=True)
class CounterType:
    """A kind of two-sided army counter: ``count`` counters each showing one of ``sides``."""

    id: str
    sides: tuple[int, int]
    count: int


def _parse_counter_mix(check: Check, where: str, value: Any) -> tuple[CounterType, ...]:
    types: list[CounterType] = []
    for i, raw in enumerate(check.sequence(where, value, nonempty=True)):
        at = f"{where}[{i}]"
        entry = check.mapping(at, raw, ("id", "sides", "count"))
        type_id = check.ident(f"{at}.id", entry["id"])
        if any(t.id == type_id for t in types):
            check.fail(f"{at}.id", f"duplicate counter type {type_id!r}")
        sides = check.sequence(f"{at}.sides", entry["sides"])
        if len(sides) != 2:
            check.fail(f"{at}.sides", f"a counter has two sides, got {sides!r}")
        front = check.integer(f"{at}.sides[0]", sides[0], minimum=1)
        back = check.integer(f"{at}.sides[1]", sides[1], minimum=1)
        types.append(
            CounterType(
                id=type_id,
                sides=(front, back),
                count=check.integer(f"{at}.count", entry["count"], minimum=0),
            )
        )
    return tuple(types)


def parse_counters(
    data: Any, kingdoms: Mapping[str, Kingdom]
) -> tuple[tuple[CounterType, ...], dict[str, tuple[CounterType, ...]]]:
    check = Check("counters.yaml")
    top = check.mapping("(top level)", data, ("default", "overrides"))
    default = _parse_counter_mix(check, "default", top["default"])
    raw_overrides = top["overrides"]
    if raw_overrides is None:
        raw_overrides = {}
    if not isinstance(raw_overrides, dict):
        check.fail("overrides", f"expected a mapping, got {describe(raw_overrides)}")
    overrides = {}
    for kingdom_id, mix in raw_overrides.items():
        check.ref(f"overrides[{kingdom_id}]", kingdom_id, kingdoms, "kingdom")
        overrides[kingdom_id] = _parse_counter_mix(check, f"overrides[{kingdom_id}]", mix)
    return default, overrides

