"""``mandate.yaml``: the Mandate of Heaven display, its die directions and events (4.2, 10)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from pbem.games.dragons_tigers.catalog.checks import Check, describe

EVENT_IDS = (
    "retainer-dies",
    "recruit-retainer",
    "bountiful-harvest",
    "emperor-flees",
    "family-restoration",
    "famine",
    "yellow-turbans",
    "barbarian-raids",
    "assassinate-retainer",
)
EVENT_SPACES_EACH = 2  # every event stands on two spaces of the Mandate display
HEX_DIRECTIONS = frozenset({(0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0)})


@dataclass(frozen=True)
class MandateDirection:
    """Where a Mandate of Heaven die result moves the marker."""

    die: int
    name: str
    dq: int
    dr: int


@dataclass(frozen=True)
class MandateSpace:
    """A space of the Mandate display in axial coordinates; ``event`` None on the centre."""

    q: int
    r: int
    event: str | None


@dataclass(frozen=True)
class MandateEvent:
    """A Mandate of Heaven event (10)."""

    id: str
    name: str
    zh: str
    zh_simplified: str | None
    rule: str
    """Rulebook section, e.g. "10.4"."""


@dataclass(frozen=True)
class Mandate:
    """The hexagonal Mandate of Heaven display (4.2): spaces, die directions and events."""

    radius: int
    directions: Mapping[int, MandateDirection]
    spaces: Mapping[tuple[int, int], MandateSpace]
    events: Mapping[str, MandateEvent]

    def contains(self, q: int, r: int) -> bool:
        """Whether (q, r) is a space of the display."""
        return (q, r) in self.spaces

    def step(self, q: int, r: int, die: int) -> tuple[int, int] | None:
        """The space reached from (q, r) on ``die``, or None when the marker leaves (4.8)."""
        self._require_space(q, r)
        try:
            direction = self.directions[die]
        except KeyError:
            raise ValueError(f"a Mandate die shows 1 to 6, not {die!r}") from None
        target = (q + direction.dq, r + direction.dr)
        return target if target in self.spaces else None

    def event_at(self, q: int, r: int) -> str | None:
        """The event id on space (q, r); None on the centre."""
        self._require_space(q, r)
        return self.spaces[(q, r)].event

    def _require_space(self, q: int, r: int) -> None:
        if (q, r) not in self.spaces:
            raise ValueError(f"({q}, {r}) is not a space of the Mandate display")


def _hex_distance(q: int, r: int) -> int:
    return max(abs(q), abs(r), abs(q + r))


def parse_mandate(data: Any) -> Mandate:
    check = Check("mandate.yaml")
    top = check.mapping("(top level)", data, ("radius", "directions", "spaces", "events"))
    radius = check.integer("radius", top["radius"], minimum=1)

    directions: dict[int, MandateDirection] = {}
    vectors: dict[tuple[int, int], int] = {}
    names: dict[str, int] = {}
    for die, raw in check.die_table("directions", top["directions"]).items():
        at = f"directions[{die}]"
        entry = check.mapping(at, raw, ("name", "dq", "dr"))
        direction = MandateDirection(
            die=die,
            name=check.text(f"{at}.name", entry["name"]),
            dq=check.integer(f"{at}.dq", entry["dq"]),
            dr=check.integer(f"{at}.dr", entry["dr"]),
        )
        vector = (direction.dq, direction.dr)
        if vector not in HEX_DIRECTIONS:
            check.fail(at, f"(dq, dr) = {vector} is not a step to a neighbouring hex")
        if vector in vectors:
            check.fail(at, f"same direction as directions[{vectors[vector]}]")
        if direction.name in names:
            check.fail(f"{at}.name", f"same name as directions[{names[direction.name]}]")
        vectors[vector] = die
        names[direction.name] = die
        directions[die] = direction

    if not isinstance(top["events"], dict):
        check.fail("events", f"expected a mapping, got {describe(top['events'])}")
    events: dict[str, MandateEvent] = {}
    for event_id, raw in top["events"].items():
        at = f"events[{event_id}]"
        check.choice(at, event_id, EVENT_IDS)
        entry = check.mapping(at, raw, ("name", "zh", "rule"), ("zh_simplified",))
        events[event_id] = MandateEvent(
            id=event_id,
            name=check.text(f"{at}.name", entry["name"]),
            zh=check.text(f"{at}.zh", entry["zh"]),
            zh_simplified=check.optional_text(f"{at}.zh_simplified", entry.get("zh_simplified")),
            rule=check.text(f"{at}.rule", entry["rule"]),
        )
    missing = [event_id for event_id in EVENT_IDS if event_id not in events]
    if missing:
        check.fail("events", f"missing event(s): {', '.join(missing)}")

    spaces: dict[tuple[int, int], MandateSpace] = {}
    for i, raw in enumerate(check.sequence("spaces", top["spaces"])):
        at = f"spaces[{i}]"
        entry = check.mapping(at, raw, ("q", "r", "event"))
        q = check.integer(f"{at}.q", entry["q"])
        r = check.integer(f"{at}.r", entry["r"])
        if _hex_distance(q, r) > radius:
            check.fail(at, f"({q}, {r}) lies outside a display of radius {radius}")
        if (q, r) in spaces:
            check.fail(at, f"duplicate space ({q}, {r})")
        event = entry["event"]
        if (q, r) == (0, 0):
            if event is not None:
                check.fail(f"{at}.event", "the centre is the start space and has no event")
        else:
            event = check.ref(f"{at}.event", event, events, "event")
        spaces[(q, r)] = MandateSpace(q=q, r=r, event=event)
    expected = 3 * radius * (radius + 1) + 1
    if len(spaces) != expected:
        check.fail(
            "spaces", f"a display of radius {radius} has {expected} spaces, found {len(spaces)}"
        )
    if (0, 0) not in spaces:
        check.fail("spaces", "the centre (0, 0) is missing")
    uses = Counter(space.event for space in spaces.values() if space.event is not None)
    for event_id in events:
        if uses[event_id] != EVENT_SPACES_EACH:
            check.fail(
                "spaces",
                f"event {event_id!r} is on {uses[event_id]} spaces, expected {EVENT_SPACES_EACH}",
            )
    return Mandate(
        radius=radius,
        directions=MappingProxyType(directions),
        spaces=MappingProxyType(spaces),
        events=MappingProxyType(events),
    )

