"""``kingdoms.yaml``: the twelve kingdoms, their colours and where they start (3.3)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pbem.games.dragons_tigers.catalog.areas import Area
from pbem.games.dragons_tigers.catalog.checks import Check, name_index

KINGDOM_COUNT = 12
PLAYER_KINGDOM_COUNT = 9
KINGDOM_KINDS = ("player", "traitorous")
ENTRY_TIMES = ("start", "end-of-round-1")


@dataclass(frozen=True)
class StartPlacement:
    """Armies and characters a kingdom puts in one area when it enters play (3.3, 4.8.1(B))."""

    area: str
    armies: int
    characters: tuple[str, ...]


@dataclass(frozen=True)
class Kingdom:
    """One of the 12 kingdoms: nine player-eligible ones and three Traitorous ones."""

    id: str
    name: str
    zh: str
    kind: str
    """Either player or traitorous."""
    home: str
    colour: str
    colour_name: str
    print_colour: str
    enters: str
    """Either start, or end-of-round-1 for Lü Bu's own kingdom (4.8.1(B))."""
    start: tuple[StartPlacement, ...]
    aliases: tuple[str, ...] = ()

    @property
    def is_player(self) -> bool:
        """True for the nine kingdoms a player may take as main or allied kingdom (3.1(A))."""
        return self.kind == "player"


def parse_kingdoms(data: Any, areas: Mapping[str, Area]) -> dict[str, Kingdom]:
    check = Check("kingdoms.yaml")
    top = check.mapping("(top level)", data, ("kingdoms",))
    kingdoms: dict[str, Kingdom] = {}
    colours: dict[str, str] = {}
    occupied: dict[str, str] = {}
    fields = ("id", "name", "zh", "kind", "home", "colour", "colour_name", "print_colour")
    for i, item in enumerate(check.sequence("kingdoms", top["kingdoms"])):
        at = f"kingdoms[{i}]"
        entry = check.mapping(at, item, (*fields, "enters", "start"), ("aliases",))
        kingdom_id = check.ident(f"{at}.id", entry["id"])
        if kingdom_id in kingdoms:
            check.fail(f"{at}.id", f"duplicate kingdom id {kingdom_id!r}")
        at = f"kingdoms[{kingdom_id}]"
        kind = check.choice(f"{at}.kind", entry["kind"], KINGDOM_KINDS)
        enters = check.choice(f"{at}.enters", entry["enters"], ENTRY_TIMES)
        if kind == "player" and enters != "start":
            check.fail(f"{at}.enters", "player kingdoms are on the map from the start (3.3)")
        colour = check.colour(f"{at}.colour", entry["colour"])
        if colour.lower() in colours:
            check.fail(f"{at}.colour", f"{colour} is already used by {colours[colour.lower()]!r}")
        colours[colour.lower()] = kingdom_id
        home = check.ref(f"{at}.home", entry["home"], areas, "area")
        placements: list[StartPlacement] = []
        for j, raw in enumerate(check.sequence(f"{at}.start", entry["start"], nonempty=True)):
            pat = f"{at}.start[{j}]"
            placement = check.mapping(pat, raw, ("area", "armies", "characters"))
            area = check.ref(f"{pat}.area", placement["area"], areas, "area")
            if any(p.area == area for p in placements):
                check.fail(f"{pat}.area", f"{area!r} appears twice in this kingdom's start")
            if enters == "start":
                if area in occupied:
                    other = occupied[area]
                    check.fail(f"{pat}.area", f"{area!r} is also a start area of {other!r}")
                occupied[area] = kingdom_id
            characters = check.sequence(f"{pat}.characters", placement["characters"])
            placements.append(
                StartPlacement(
                    area=area,
                    armies=check.integer(f"{pat}.armies", placement["armies"], minimum=1),
                    characters=tuple(
                        check.ident(f"{pat}.characters[{k}]", c) for k, c in enumerate(characters)
                    ),
                )
            )
        if home not in {p.area for p in placements}:
            check.fail(f"{at}.home", f"home area {home!r} is not among the start areas")
        kingdoms[kingdom_id] = Kingdom(
            id=kingdom_id,
            name=check.text(f"{at}.name", entry["name"]),
            zh=check.text(f"{at}.zh", entry["zh"]),
            kind=kind,
            home=home,
            colour=colour,
            colour_name=check.text(f"{at}.colour_name", entry["colour_name"]),
            print_colour=check.colour(f"{at}.print_colour", entry["print_colour"]),
            enters=enters,
            start=tuple(placements),
            aliases=check.names(f"{at}.aliases", entry.get("aliases", [])),
        )
    if len(kingdoms) != KINGDOM_COUNT:
        check.fail("kingdoms", f"expected {KINGDOM_COUNT} kingdoms, found {len(kingdoms)}")
    players = sum(1 for k in kingdoms.values() if k.is_player)
    if players != PLAYER_KINGDOM_COUNT:
        check.fail(
            "kingdoms[*].kind",
            f"expected {PLAYER_KINGDOM_COUNT} player kingdoms (3.1(A)), found {players}",
        )
    name_index(
        check,
        "kingdoms",
        ((k.id, (k.id, k.name, k.zh, *k.aliases)) for k in kingdoms.values()),
    )
    return kingdoms

