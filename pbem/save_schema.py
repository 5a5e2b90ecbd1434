"""The schema of a save: every field's type, its bounds, and no field that is not known.

:func:`validate` names the first bad field (``field players[1].name: ...``). The engine's
own sections (``game``, ``players``, ``due``, ``dice``, ``pending``) accept exactly their
keys in exactly their order (see :data:`ORDER`), so a save has one byte form; the game's
own data (actions' arguments, ``state``) is checked by re-applying the actions.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from pbem import deadlines, safe_text
from pbem.errors import FormatError
from pbem.signing import PublicKey

FORMAT = "pbem-save/3"
DICE_MODES = ("witnessed", "open", "table")

# The order of the keys of every engine-owned mapping (a save has one byte form).
FIELDS = ("format", "game", "players", "sequence", "writer", "written", "previous", "due",
          "dice", "actions", "pending", "contributions", "log", "state", "data")
ORDER: dict[str, tuple[str, ...]] = {
    "": FIELDS,
    "game": ("id", "kind", "version", "builtin", "title", "options", "scenario", "dice", "deadline",
             "created"),
    "player": ("role", "name", "key"),
    "due": ("role", "step", "text"),
    "dice": ("salts", "commits", "shares", "links", "seed"),
    "link": ("used", "link"),
    "roll": ("d", "of", "for"),
    "pending": ("by", "request", "action"),
}

MAX_SEQUENCE = 1_000_000
MAX_PLAYERS = 8
MAX_ACTIONS = 2_000
MAX_ROLLS = 2_000
MAX_LOG_LINES = 20_000
MAX_LINE = 2_000
MAX_TITLE = 120
MAX_TEXT = 500
MAX_SIDES = 1_000_000

HEX64 = re.compile(r"[0-9a-f]{64}\Z")
HEX32 = re.compile(r"[0-9a-f]{32}\Z")
ROLE = re.compile(r"[a-z][a-z0-9-]{0,31}\Z")
NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,31}\Z")
VERB = re.compile(r"[a-z][a-z0-9-]{0,47}\Z")
ARGUMENT = re.compile(r"[a-z][a-z0-9_.-]{0,63}\Z")
STAMP = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ\Z")
KIND = re.compile(r"[a-z][a-z0-9-]{0,47}\Z")
VERSION = re.compile(r"[0-9A-Za-z.-]{1,16}\Z")


def fail(where: str, field: str, message: str) -> FormatError:
    return FormatError(f"field {field}: {message}", where)


def _expected(kind: type | tuple[type, ...]) -> str:
    names = kind.__name__ if isinstance(kind, type) else "/".join(k.__name__ for k in kind)
    return {"str": "text", "int": "a whole number", "dict": "a mapping", "list": "a list",
            "bool": "true or false"}.get(names, names)


def typed(doc: Mapping[str, Any], key: str, kind: type, where: str, field: str,
          nullable: bool = False) -> Any:
    """``doc[key]``, which must exist and be of ``kind`` (or null when allowed)."""
    if key not in doc:
        raise fail(where, field, "is missing")
    value = doc[key]
    if value is None and nullable:
        return None
    if type(value) is not kind:
        raise fail(where, field, f"must be {_expected(kind)}")
    return value


def exact_keys(mapping: Mapping[Any, Any], section: str, where: str, field: str) -> None:
    """The mapping holds exactly the keys of ``section``, in their order."""
    wanted = ORDER[section]
    keys = list(mapping)
    unknown = [str(k) for k in keys if k not in wanted]
    if unknown:
        raise fail(where, f"{field}.{unknown[0]}" if field else unknown[0],
                   "is not a known field")
    if tuple(keys) != wanted:
        missing = [k for k in wanted if k not in mapping]
        if missing:
            raise fail(where, f"{field}.{missing[0]}" if field else missing[0], "is missing")
        raise fail(where, field or "save", "fields are not in their order")


def text(value: Any, where: str, field: str, limit: int = MAX_TEXT) -> str:
    if type(value) is not str:
        raise fail(where, field, "must be text")
    why = safe_text.problem(value, limit)
    if why:
        raise fail(where, field, why)
    return value


def pattern(value: Any, regex: re.Pattern[str], where: str, field: str, what: str) -> str:
    if type(value) is not str or not regex.match(value):
        raise fail(where, field, f"must be {what}")
    return value


def count(value: Any, where: str, field: str, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise fail(where, field, f"must be a whole number from {low} to {high}")
    return value


def validate(doc: Any, where: str) -> None:
    """Check the structure of a parsed save, naming the first bad field."""
    if not isinstance(doc, dict):
        raise FormatError("a save must be a YAML mapping", where)
    fmt = doc.get("format")
    if fmt != FORMAT:
        if isinstance(fmt, str) and fmt.startswith("pbem-save/"):
            raise FormatError(f"format version {safe_text.for_terminal(fmt[:20])!r} is not "
                              f"supported by this pbem (it reads {FORMAT})", where)
        raise fail(where, "format", f"must be {FORMAT!r}")
    exact_keys(doc, "", where, "")
    _game(typed(doc, "game", dict, where, "game"), where)
    roles = _players(typed(doc, "players", list, where, "players"), where)
    sequence = count(doc["sequence"], where, "sequence", 0, MAX_SEQUENCE)
    writer = pattern(doc["writer"], ROLE, where, "writer", "a role")
    if writer not in roles:
        raise fail(where, "writer", "is not a player's role")
    pattern(doc["written"], STAMP, where, "written", "a UTC time like 2026-11-23T08:10:42Z")
    previous = doc["previous"]
    if (previous is None) != (sequence == 0):
        raise fail(where, "previous", "must be empty exactly on the first save")
    if previous is not None:
        pattern(previous, HEX64, where, "previous", "a SHA-256 in lower-case hexadecimal")
    due = typed(doc, "due", dict, where, "due", nullable=True)
    if due is not None:
        exact_keys(due, "due", where, "due")
        if due["role"] not in roles:
            raise fail(where, "due.role", "is not a player's role")
        pattern(due["step"], VERB, where, "due.step", "a step name")
        text(due["text"], where, "due.text")
    _dice(typed(doc, "dice", dict, where, "dice"), roles, where)
    actions = typed(doc, "actions", list, where, "actions")
    if len(actions) > MAX_ACTIONS:
        raise fail(where, "actions", f"holds more than {MAX_ACTIONS} actions")
    for i, action in enumerate(actions):
        _action(action, where, f"actions[{i}]")
    pending = typed(doc, "pending", dict, where, "pending", nullable=True)
    if pending is not None:
        exact_keys(pending, "pending", where, "pending")
        if pending["by"] not in roles:
            raise fail(where, "pending.by", "is not a player's role")
        if pending["request"] is not None:
            pattern(pending["request"], HEX64, where, "pending.request", "a SHA-256 in hex")
        _action(pending["action"], where, "pending.action", rolls=False)
    typed(doc, "contributions", dict, where, "contributions", nullable=True)
    log = typed(doc, "log", list, where, "log")
    if len(log) > MAX_LOG_LINES:
        raise fail(where, "log", f"holds more than {MAX_LOG_LINES} lines")
    for i, line in enumerate(log):
        text(line, where, f"log[{i}]", MAX_LINE)
    typed(doc, "state", dict, where, "state")
    if typed(doc, "data", dict, where, "data", nullable=True) is not None and sequence != 0:
        raise fail(where, "data", "is given only in the game's first save")


def _game(game: dict[str, Any], where: str) -> None:
    exact_keys(game, "game", where, "game")
    pattern(game["id"], HEX32, where, "game.id", "32 lower-case hexadecimal digits")
    pattern(game["kind"], KIND, where, "game.kind", "a game's name")
    pattern(game["version"], VERSION, where, "game.version", "a version")
    if game["builtin"] is not None:
        pattern(game["builtin"], HEX64, where, "game.builtin", "a SHA-256 in hex, or null")
    text(game["title"], where, "game.title", MAX_TITLE)
    typed(game, "options", dict, where, "game.options")
    typed(game, "scenario", dict, where, "game.scenario", nullable=True)
    if game["dice"] not in DICE_MODES:
        raise fail(where, "game.dice", f"must be one of {', '.join(DICE_MODES)}")
    why = deadlines.problem(game["deadline"])
    if why:
        raise fail(where, "game.deadline", why)
    pattern(game["created"], STAMP, where, "game.created", "a UTC time")


def _players(players: list[Any], where: str) -> list[str]:
    if not 1 <= len(players) <= MAX_PLAYERS:
        raise fail(where, "players", f"must list 1 to {MAX_PLAYERS} players")
    roles: list[str] = []
    names: set[str] = set()
    keys: set[str] = set()
    for i, player in enumerate(players):
        field = f"players[{i}]"
        if type(player) is not dict:
            raise fail(where, field, "must be a mapping")
        exact_keys(player, "player", where, field)
        role = pattern(player["role"], ROLE, where, f"{field}.role", "a lower-case role name")
        name = pattern(player["name"], NAME, where, f"{field}.name",
                       "1-32 letters, digits, '.', '_' or '-'")
        key = player["key"]
        try:
            if type(key) is not str or PublicKey.from_line(key).line != key:
                raise ValueError
        except Exception:
            raise fail(where, f"{field}.key", "must be an ssh-ed25519 public key") from None
        if role in roles or name in names or key in keys:
            raise fail(where, field, "repeats another player's role, name or key")
        roles.append(role)
        names.add(name)
        keys.add(key)
    return roles


def _dice(dice: dict[str, Any], roles: list[str], where: str) -> None:
    exact_keys(dice, "dice", where, "dice")
    for name in ("salts", "commits", "shares", "links"):
        section = typed(dice, name, dict, where, f"dice.{name}")
        if [r for r in roles if r in section] != list(section):
            raise fail(where, f"dice.{name}", "roles are not in the players' order")
        for role, value in section.items():
            field = f"dice.{name}.{role}"
            if role not in roles:
                raise fail(where, field, "is not a player's role")
            if name == "links":
                if type(value) is not dict:
                    raise fail(where, field, "must be a mapping")
                exact_keys(value, "link", where, field)
                count(value["used"], where, f"{field}.used", 0, MAX_SEQUENCE)
                pattern(value["link"], HEX64, where, f"{field}.link", "a SHA-256 in hex")
            elif name == "salts":
                pattern(value, HEX32, where, field, "32 lower-case hexadecimal digits")
            else:
                pattern(value, HEX64, where, field, "a SHA-256 in hex")
    if dice["seed"] is not None:
        pattern(dice["seed"], HEX64, where, "dice.seed", "a SHA-256 in hex")


def _action(action: Any, where: str, field: str, rolls: bool = True) -> None:
    if type(action) is not dict:
        raise fail(where, field, "must be a mapping")
    if next(iter(action), None) != "do":
        raise fail(where, f"{field}.do", "must come first")
    pattern(action["do"], VERB, where, f"{field}.do", "a verb")
    for key in action:
        if type(key) is not str or not ARGUMENT.match(key):
            raise fail(where, f"{field}", f"argument {str(key)[:40]!r} is not a name")
    rest = [k for k in action if k not in ("do", "dice")]
    if rest != sorted(rest) or ("dice" in action and list(action)[-1] != "dice"):
        raise fail(where, field, "arguments are not in their order (do, the rest by name, "
                                 "dice)")
    if "reveals" in action and (not rolls or type(action["reveals"]) is not dict
                                or not action["reveals"]):
        raise fail(where, f"{field}.reveals", "must be a mapping of what the action shows")
    if "dice" not in action:
        return
    if not rolls:
        raise fail(where, f"{field}.dice", "is not a known field here")
    records = action["dice"]
    if type(records) is not list or not records:
        raise fail(where, f"{field}.dice", "must be a list of rolls")
    if len(records) > MAX_ROLLS:
        raise fail(where, f"{field}.dice", f"holds more than {MAX_ROLLS} rolls")
    for j, roll in enumerate(records):
        _roll(roll, where, f"{field}.dice[{j}]")


def _roll(roll: Any, where: str, field: str) -> None:
    if type(roll) is not dict:
        raise fail(where, field, "must be a mapping with d, of and for")
    wanted = [k for k in ORDER["roll"] if k in roll]
    if list(roll) != wanted or "d" not in roll or "for" not in roll:
        raise fail(where, field, "must hold d, of (when not 6) and for, in that order")
    sides = roll.get("of", 6)
    if "of" in roll:
        count(sides, where, f"{field}.of", 1, MAX_SIDES)
        if sides == 6:
            raise fail(where, f"{field}.of", "is left out for a six-sided die")
    count(roll["d"], where, f"{field}.d", 1, sides)
    text(roll["for"], where, f"{field}.for")


def canonical_action(action: Mapping[str, Any]) -> dict[str, Any]:
    """An action's keys in their one order: ``do``, the arguments by name, ``dice``."""
    out: dict[str, Any] = {"do": action["do"]}
    for key in sorted(k for k in action if k not in ("do", "dice")):
        out[key] = action[key]
    if "dice" in action:
        out["dice"] = action["dice"]
    return out
