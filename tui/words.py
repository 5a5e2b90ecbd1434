"""Small pieces of wording: counts with the right plural, actions told with names."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pbem import story
from tui.i18n import name, tr

# Nouns whose plural is not simply the noun with an "s".
IRREGULAR = {"die": "dice", "army": "armies", "this": "these", "was": "were", "is": "are",
             "contains": "contain", "match": "matches"}


def plural(count: int, noun: str) -> str:
    """``noun`` in the plural when ``count`` is not one (English only)."""
    if count == 1:
        return noun
    return IRREGULAR.get(noun, noun + "s")


def count(number: int, noun: str, lang: str = "en") -> str:
    """"1 action", "3 actions"; in another language its own counting word ("{n} dice")."""
    if lang != "en":
        return tr(f"{{n}} {plural(2, noun)}", lang, n=number)
    return f"{number} {plural(number, noun)}"


def _names(view: Mapping[str, Any]) -> dict[str, Mapping[str, Any]]:
    """Everything the view names, by id: areas, kingdoms, characters and players."""
    found: dict[str, Mapping[str, Any]] = {}
    for key in ("areas", "kingdoms", "characters"):
        for item in view.get(key, []) or []:
            if isinstance(item, Mapping) and "id" in item:
                found[str(item["id"])] = item
    for player in view.get("players", []) or []:
        if isinstance(player, Mapping) and "role" in player:
            found[str(player["role"])] = player
    return found


def _value(value: Any, names: Mapping[str, Mapping[str, Any]], lang: str) -> str:
    if isinstance(value, bool):
        return tr("yes" if value else "no", lang)
    if isinstance(value, str):
        return name(names[value], lang, short=True) if value in names else value
    if isinstance(value, list | tuple):
        return ", ".join(_value(v, names, lang) for v in value) or "-"
    if isinstance(value, Mapping):
        return ", ".join(f"{_value(k, names, lang)} {_value(v, names, lang)}"
                         for k, v in value.items())
    return str(value)


def verb_words(verb: str) -> str:
    """A verb as words: ``end-diplomacy`` -> ``end diplomacy``."""
    return verb.replace("-", " ").replace("_", " ")


def describe_action(action: Mapping[str, Any], view: Mapping[str, Any], lang: str = "en",
                    board: Mapping[str, Any] | None = None) -> str:
    """An action as people read it, with the names the view gives its ids:
    ``move: from Yanzhou; characters Cao Cao, Xiahou Dun; armies 17``."""
    names = _names(view)
    for area in (board or {}).get("areas", []) or []:
        names.setdefault(str(area["id"]), area)
    parts = []
    for key, value in action.items():
        if key in ("do", "dice"):
            continue
        label = tr(verb_words(key.split(".")[0]), lang)
        if "." in key:
            label += " " + _value(key.split(".", 1)[1], names, lang)
        parts.append(f"{label} {_value(value, names, lang)}")
    head = tr(verb_words(str(action.get("do", "?"))), lang)
    colon, semicolon = ("：", "；") if lang == "zh" else (": ", "; ")
    return head + (colon + semicolon.join(parts) if parts else "")


def dice_lines(rolls: list[Mapping[str, Any]]) -> list[str]:
    """Rolls told briefly (``dice 1 2 6 5 5 (d6): battle round 1: White Tiger``); a
    hidden card's draw told as what it does, without its number (:mod:`pbem.story`)."""
    return story.dice_lines(rolls)
