"""``characters.yaml``: warlords and retainers with their ratings (2.2(A)), checked
against the start placements of ``kingdoms.yaml``."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pbem.games.dragons_tigers.catalog.checks import Check
from pbem.games.dragons_tigers.catalog.kingdoms import Kingdom

RANKS = ("warlord", "retainer")


@dataclass(frozen=True)
class Character:
    """One side of a character counter (2.2(A))."""

    id: str
    name: str
    zh: str
    kingdom: str | None
    """Kingdom id, or None for a free retainer."""
    rank: str
    """Either warlord or retainer."""
    command: int
    """Stars, white or red; red diamonds are not counted (5.2(B))."""
    strategist: bool
    valor: int
    admin: int
    diplomacy: int
    loyalty: int | None
    """None: never submits when captured (5.7(C))."""
    diamonds: int = 0
    boats: bool = False
    wizard: bool = False
    flip: str | None = None
    back_only: bool = False
    set_aside: bool = False
    aliases: tuple[str, ...] = ()

    @property
    def strategy_multiplier(self) -> int:
        """Hits per Strategy Contest result: red stars plus red diamonds (5.2(A), 5.2(B))."""
        return self.command + self.diamonds if self.strategist else 0


_CHARACTER_REQUIRED = (
    "id",
    "name",
    "zh",
    "kingdom",
    "rank",
    "command",
    "strategist",
    "valor",
    "admin",
    "diplomacy",
    "loyalty",
)
_CHARACTER_OPTIONAL = ("diamonds", "boats", "wizard", "flip", "back_only", "set_aside", "aliases")


def parse_characters(data: Any, kingdoms: Mapping[str, Kingdom]) -> dict[str, Character]:
    check = Check("characters.yaml")
    top = check.mapping("(top level)", data, ("characters",))
    characters: dict[str, Character] = {}
    for i, item in enumerate(check.sequence("characters", top["characters"])):
        at = f"characters[{i}]"
        entry = check.mapping(at, item, _CHARACTER_REQUIRED, _CHARACTER_OPTIONAL)
        char_id = check.ident(f"{at}.id", entry["id"])
        if char_id in characters:
            check.fail(f"{at}.id", f"duplicate character id {char_id!r}")
        at = f"characters[{char_id}]"
        kingdom = entry["kingdom"]
        if kingdom is not None:
            check.ref(f"{at}.kingdom", kingdom, kingdoms, "kingdom")
        flip = entry.get("flip")
        character = Character(
            id=char_id,
            name=check.text(f"{at}.name", entry["name"]),
            zh=check.text(f"{at}.zh", entry["zh"]),
            kingdom=kingdom,
            rank=check.choice(f"{at}.rank", entry["rank"], RANKS),
            command=check.integer(f"{at}.command", entry["command"], minimum=0),
            strategist=check.flag(f"{at}.strategist", entry["strategist"]),
            valor=check.integer(f"{at}.valor", entry["valor"], minimum=0),
            admin=check.integer(f"{at}.admin", entry["admin"], minimum=0),
            diplomacy=check.integer(f"{at}.diplomacy", entry["diplomacy"], minimum=0),
            loyalty=check.optional_integer(f"{at}.loyalty", entry["loyalty"], minimum=0),
            diamonds=check.integer(f"{at}.diamonds", entry.get("diamonds", 0), minimum=0),
            boats=check.flag(f"{at}.boats", entry.get("boats", False)),
            wizard=check.flag(f"{at}.wizard", entry.get("wizard", False)),
            flip=None if flip is None else check.ident(f"{at}.flip", flip),
            back_only=check.flag(f"{at}.back_only", entry.get("back_only", False)),
            set_aside=check.flag(f"{at}.set_aside", entry.get("set_aside", False)),
            aliases=check.names(f"{at}.aliases", entry.get("aliases", [])),
        )
        if character.kingdom is None and character.rank != "retainer":
            check.fail(f"{at}.rank", "a character without a kingdom must be a free retainer")
        if character.diamonds and not character.strategist:
            check.fail(f"{at}.diamonds", "only strategists have red diamonds (5.2(B))")
        if character.strategist and character.strategy_multiplier < 1:
            check.fail(f"{at}.command", "a strategist needs at least one red star or diamond")
        if character.wizard and (
            character.command
            or character.valor
            or character.admin
            or character.diplomacy
            or character.diamonds
            or character.strategist
            or character.loyalty is not None
        ):
            check.fail(at, "the Wizard has no ratings: use 0, strategist false, loyalty null")
        if character.back_only and character.flip is None:
            check.fail(f"{at}.back_only", "a back-only side needs a flip (its front side)")
        if character.back_only and character.set_aside:
            check.fail(f"{at}.set_aside", "mark the front side as set aside, not the back")
        characters[char_id] = character
    for char_id, character in characters.items():
        if character.flip is None:
            continue
        at = f"characters[{char_id}].flip"
        other = characters.get(character.flip)
        if other is None:
            check.fail(at, f"unknown character id {character.flip!r}")
        if other.flip != char_id:
            check.fail(at, f"{other.id!r} must flip back to {char_id!r}, not {other.flip!r}")
        if other.kingdom != character.kingdom:
            check.fail(at, f"both sides must belong to the same kingdom ({other.id!r} does not)")
        if other.back_only == character.back_only:
            check.fail(at, f"exactly one of {char_id!r} and {other.id!r} must be back_only")
    return characters


def check_setup(kingdoms: Mapping[str, Kingdom], characters: Mapping[str, Character]) -> None:
    """Cross-check the start placements of kingdoms.yaml against characters.yaml."""
    check = Check("kingdoms.yaml")
    placed: dict[str, str] = {}
    for kingdom in kingdoms.values():
        warlords = []
        for j, placement in enumerate(kingdom.start):
            for k, char_id in enumerate(placement.characters):
                at = f"kingdoms[{kingdom.id}].start[{j}].characters[{k}]"
                character = characters.get(char_id)
                if character is None:
                    check.fail(at, f"unknown character id {char_id!r}")
                if char_id in placed:
                    check.fail(at, f"{char_id!r} is already placed by {placed[char_id]!r}")
                placed[char_id] = kingdom.id
                if character.kingdom != kingdom.id:
                    check.fail(at, f"{char_id!r} belongs to {character.kingdom!r}")
                if character.back_only:
                    front = character.flip
                    check.fail(at, f"{char_id!r} is the back of a counter; place {front!r}")
                if kingdom.enters == "start" and character.set_aside:
                    check.fail(at, f"{char_id!r} is set aside at the start (characters.yaml)")
                if kingdom.enters != "start" and not character.set_aside:
                    check.fail(at, f"{char_id!r} enters later, so mark it set_aside")
                if character.rank == "warlord":
                    warlords.append(char_id)
        if len(warlords) != 1:
            check.fail(
                f"kingdoms[{kingdom.id}].start",
                f"expected exactly one warlord, found {warlords or 'none'}",
            )
    for character in characters.values():
        if character.kingdom is None or character.back_only:
            continue
        kingdom = kingdoms[character.kingdom]
        expected = (not character.set_aside) if kingdom.enters == "start" else character.set_aside
        if expected and character.id not in placed:
            check.fail(
                f"kingdoms[{kingdom.id}].start",
                f"character {character.id!r} is neither placed nor set aside",
            )

