"""``factions.yaml``: the players' factions and the activation chits (4.1, 12.1)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pbem.games.dragons_tigers.catalog.checks import Check, describe
from pbem.games.dragons_tigers.catalog.kingdoms import Kingdom

TRAITOROUS_CHIT_COUNT = 2  # 4.1(A)
CHIT_KINDS = ("faction", "kingdom", "traitorous")
FACTION_IDS = ("blue", "white", "vermilion", "black")
_CHIT_ID_RE = re.compile(r"^chit:[a-z0-9]+(?:-[a-z0-9]+)*$")


@dataclass(frozen=True)
class Faction:
    """A player's faction: Blue Dragon, White Tiger, Vermilion Bird or Black Tortoise."""

    id: str
    name: str
    zh: str
    colour: str
    colour_name: str
    min_players: int
    """Smallest number of players for which the faction is in use (12.1)."""


@dataclass(frozen=True)
class ActivationChit:
    """An activation chit (4.1): kind faction/kingdom with ``ref`` its id, or traitorous."""

    id: str
    kind: str
    ref: str | None


def parse_factions(
    data: Any, kingdoms: Mapping[str, Kingdom]
) -> tuple[dict[str, Faction], dict[str, ActivationChit]]:
    check = Check("factions.yaml")
    top = check.mapping("(top level)", data, ("factions", "chits"))
    factions: dict[str, Faction] = {}
    for i, raw in enumerate(check.sequence("factions", top["factions"])):
        at = f"factions[{i}]"
        entry = check.mapping(at, raw, ("id", "name", "zh", "colour", "colour_name", "min_players"))
        faction_id = check.choice(f"{at}.id", entry["id"], FACTION_IDS)
        if faction_id in factions:
            check.fail(f"{at}.id", f"duplicate faction id {faction_id!r}")
        at = f"factions[{faction_id}]"
        min_players = check.integer(f"{at}.min_players", entry["min_players"], minimum=2)
        if min_players > len(FACTION_IDS):
            most = len(FACTION_IDS)
            check.fail(f"{at}.min_players", f"at most {most} players, got {min_players}")
        factions[faction_id] = Faction(
            id=faction_id,
            name=check.text(f"{at}.name", entry["name"]),
            zh=check.text(f"{at}.zh", entry["zh"]),
            colour=check.colour(f"{at}.colour", entry["colour"]),
            colour_name=check.text(f"{at}.colour_name", entry["colour_name"]),
            min_players=min_players,
        )
    missing = [f for f in FACTION_IDS if f not in factions]
    if missing:
        check.fail("factions", f"missing faction(s): {', '.join(missing)}")

    players = [k.id for k in kingdoms.values() if k.is_player]
    chits: dict[str, ActivationChit] = {}
    refs: dict[tuple[str, str | None], str] = {}
    for i, raw in enumerate(check.sequence("chits", top["chits"])):
        at = f"chits[{i}]"
        entry = check.mapping(at, raw, ("id", "kind", "ref"))
        chit_id = entry["id"]
        if not isinstance(chit_id, str) or not _CHIT_ID_RE.match(chit_id):
            check.fail(f"{at}.id", f'{describe(chit_id)} is not an id like "chit:cao-cao"')
        if chit_id in chits:
            check.fail(f"{at}.id", f"duplicate chit id {chit_id!r}")
        at = f"chits[{chit_id}]"
        kind = check.choice(f"{at}.kind", entry["kind"], CHIT_KINDS)
        ref = entry["ref"]
        if kind == "faction":
            check.ref(f"{at}.ref", ref, factions, "faction")
        elif kind == "kingdom":
            check.ref(f"{at}.ref", ref, players, "player kingdom")
        elif ref is not None:
            check.fail(f"{at}.ref", "a Traitorous chit names no kingdom: use null")
        if kind != "traitorous" and (kind, ref) in refs:
            check.fail(f"{at}.ref", f"{ref!r} already has the chit {refs[(kind, ref)]!r}")
        refs[(kind, ref)] = chit_id
        chits[chit_id] = ActivationChit(id=chit_id, kind=kind, ref=ref)
    for faction_id in factions:
        if ("faction", faction_id) not in refs:
            check.fail("chits", f"no activation chit for faction {faction_id!r}")
    for kingdom_id in players:
        if ("kingdom", kingdom_id) not in refs:
            check.fail("chits", f"no activation chit for kingdom {kingdom_id!r}")
    traitorous = sum(1 for chit in chits.values() if chit.kind == "traitorous")
    if traitorous != TRAITOROUS_CHIT_COUNT:
        check.fail(
            "chits",
            f"expected {TRAITOROUS_CHIT_COUNT} Traitorous chits (4.1(A)), found {traitorous}",
        )
    return factions, chits
