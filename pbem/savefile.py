"""Reading and writing save files.

A save is UTF-8 YAML a person can read, followed by an OpenSSH signature block::

    # comment lines: a summary for people
    format: pbem-save/1
    game: {...}            # fixed at creation: id, kind, version, options, dice mode
    players: [...]         # name, role and pinned public key of every player
    sequence: 12
    writer: blue
    previous: <sha256 of the previous save file>
    due: {role: white, step: ..., text: ...}   # who must act next and on what
    dice: {...}            # seed commitments, shares and the latest chain links
    actions: [...]         # this save's actions, each with its dice
    log: [...]             # what happened, in words
    state: {...}           # the position after these actions
    signature: |
      -----BEGIN SSH SIGNATURE-----
      ...

The signature covers every byte before the line ``signature: |`` (that line's leading
newline included). Reading order: size cap, signature, strict YAML, schema; see
docs/save-format.md.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pbem import strict_yaml
from pbem.atomic import write_new
from pbem.errors import FormatError, SignatureError
from pbem.signing import NS_SAVE, PrivateKey, PublicKey, Signature

FORMAT = "pbem-save/1"
MAX_BYTES = 8 * 1024 * 1024
SIGNATURE_LINE = b"\nsignature: |\n"
SUFFIX = ".pbem.yaml"
_HEX64 = re.compile(r"[0-9a-f]{64}\Z")
_HEX32 = re.compile(r"[0-9a-f]{32}\Z")
_ROLE = re.compile(r"[a-z][a-z0-9-]{0,31}\Z")


@dataclass
class SaveFile:
    """A save that has passed the size cap, its signature, strict parsing and the schema."""

    raw: bytes
    doc: dict[str, Any]
    signer: PublicKey
    where: str

    @property
    def sha256(self) -> str:
        return hashlib.sha256(self.raw).hexdigest()

    @property
    def game(self) -> dict[str, Any]:
        return self.doc["game"]

    @property
    def game_id(self) -> str:
        return str(self.doc["game"]["id"])

    @property
    def kind(self) -> str:
        return str(self.doc["game"]["kind"])

    @property
    def sequence(self) -> int:
        return int(self.doc["sequence"])

    @property
    def writer(self) -> str:
        return str(self.doc["writer"])

    @property
    def previous(self) -> str | None:
        return self.doc["previous"]

    @property
    def due(self) -> dict[str, Any] | None:
        return self.doc["due"]

    @property
    def players(self) -> list[dict[str, Any]]:
        return self.doc["players"]

    @property
    def state(self) -> dict[str, Any]:
        return self.doc["state"]

    @property
    def actions(self) -> list[dict[str, Any]]:
        return self.doc["actions"]

    @property
    def table_dice(self) -> bool:
        return self.doc["game"]["dice"] == "table"

    def player(self, role: str) -> dict[str, Any]:
        for entry in self.players:
            if entry["role"] == role:
                return entry
        raise FormatError(f"no player has role {role!r}", self.where)

    def role_of(self, public: PublicKey) -> str | None:
        for entry in self.players:
            if entry["key"] == public.line:
                return str(entry["role"])
        return None

    def short(self) -> str:
        return f"{self.kind} game {self.game_id[:8]}, save {self.sequence}"


def file_name(game_id: str, sequence: int, writer: str) -> str:
    """The conventional file name of a save."""
    return f"{game_id[:8]}-{sequence:04d}-{writer}{SUFFIX}"


def read_bytes(path: Path) -> bytes:
    """Read a file, refusing anything over the size cap before reading it all."""
    where = str(path)
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_BYTES + 1)
    except FileNotFoundError:
        raise FormatError("no such file", where) from None
    except IsADirectoryError:
        raise FormatError("is a folder, not a save file", where) from None
    except OSError as exc:
        raise FormatError(f"cannot read: {exc.strerror}", where) from None
    if len(data) > MAX_BYTES:
        raise FormatError(f"file is larger than {MAX_BYTES // (1024 * 1024)} MiB; not a save",
                          where)
    return data


def split(raw: bytes, where: str) -> tuple[bytes, Signature]:
    """Separate the signed body from the signature block and parse the signature."""
    index = raw.rfind(SIGNATURE_LINE)
    if index < 0:
        raise FormatError("no signature block at the end (cut off, or not a save)", where)
    body = raw[:index + 1]
    block = raw[index + len(SIGNATURE_LINE):]
    try:
        text = block.decode("ascii")
    except UnicodeDecodeError:
        raise SignatureError("signature block is not ASCII", where) from None
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if not lines or any(not line.startswith("  ") for line in lines):
        raise SignatureError("signature block lines must be indented by two spaces", where)
    try:
        signature = Signature.from_armor("\n".join(line[2:] for line in lines))
    except SignatureError as exc:
        raise SignatureError(exc.message, where) from None
    if block != _indented(signature.armor()):
        raise SignatureError("signature block is not in its exact form (cut off, re-wrapped "
                             "or followed by other data)", where)
    return body, signature


def _indented(armor: str) -> bytes:
    return "".join(f"  {line}\n" for line in armor.split("\n") if line).encode("ascii")


def parse(raw: bytes, where: str) -> SaveFile:
    """Check a save's bytes in the documented order and return it."""
    if len(raw) > MAX_BYTES:
        raise FormatError(f"file is larger than {MAX_BYTES // (1024 * 1024)} MiB; not a save",
                          where)
    body, signature = split(raw, where)
    try:
        signer = signature.verify(body, NS_SAVE)
    except SignatureError as exc:
        raise SignatureError(exc.message, where) from None
    doc = strict_yaml.load(body, where)
    validate(doc, where)
    save = SaveFile(raw, doc, signer, where)
    writer = save.player(save.writer)
    if writer["key"] != signer.line:
        raise SignatureError(
            f"signed by key {signer.fingerprint}, which is not the pinned key of "
            f"{save.writer} ({writer['name']})", where)
    return save


def read(path: Path | str) -> SaveFile:
    path = Path(path)
    return parse(read_bytes(path), str(path))


# ---------------------------------------------------------------- schema


def _fail(where: str, field: str, message: str) -> FormatError:
    return FormatError(f"field {field}: {message}", where)


def _typed(doc: Mapping[str, Any], key: str, kind: type | tuple[type, ...], where: str,
           field: str, nullable: bool = False) -> Any:
    if key not in doc:
        raise _fail(where, field, "is missing")
    value = doc[key]
    if value is None and nullable:
        return None
    if isinstance(value, bool) and kind is int:
        raise _fail(where, field, "must be a whole number")
    if not isinstance(value, kind):
        names = kind.__name__ if isinstance(kind, type) else "/".join(k.__name__ for k in kind)
        expected = {"str": "text", "int": "a whole number", "dict": "a mapping",
                    "list": "a list", "bool": "true or false"}.get(names, names)
        raise _fail(where, field, f"must be {expected}")
    return value


def _hex(value: Any, pattern: re.Pattern[str], where: str, field: str) -> None:
    if not isinstance(value, str) or not pattern.match(value):
        raise _fail(where, field, "must be lower-case hexadecimal of the right length")


def validate(doc: Any, where: str) -> None:
    """Check the structure of a parsed save, naming the first bad field."""
    if not isinstance(doc, dict):
        raise FormatError("a save must be a YAML mapping", where)
    fmt = doc.get("format")
    if fmt != FORMAT:
        if isinstance(fmt, str) and fmt.startswith("pbem-save/"):
            raise FormatError(f"format version {fmt!r} is not supported by this pbem "
                              f"(it reads {FORMAT})", where)
        raise _fail(where, "format", f"must be {FORMAT!r}")
    allowed = {"format", "game", "players", "sequence", "writer", "written", "previous", "due",
               "dice", "actions", "log", "state"}
    unknown = sorted(str(k) for k in doc if k not in allowed)
    if unknown:
        raise _fail(where, unknown[0], "is not a save field")
    game = _typed(doc, "game", dict, where, "game")
    _hex(game.get("id"), _HEX32, where, "game.id")
    for key in ("kind", "version", "title", "created"):
        _typed(game, key, str, where, f"game.{key}")
    _typed(game, "options", dict, where, "game.options")
    _typed(game, "scenario", dict, where, "game.scenario", nullable=True)
    if game.get("dice") not in ("chain", "table"):
        raise _fail(where, "game.dice", "must be 'chain' or 'table'")
    players = _typed(doc, "players", list, where, "players")
    if not 1 <= len(players) <= 8:
        raise _fail(where, "players", "must list 1 to 8 players")
    roles: list[str] = []
    for i, player in enumerate(players):
        field = f"players[{i}]"
        if not isinstance(player, dict):
            raise _fail(where, field, "must be a mapping")
        role = _typed(player, "role", str, where, f"{field}.role")
        if not _ROLE.match(role) or role in roles:
            raise _fail(where, f"{field}.role", "must be a new lower-case name")
        roles.append(role)
        _typed(player, "name", str, where, f"{field}.name")
        key = _typed(player, "key", str, where, f"{field}.key")
        try:
            PublicKey.from_line(key)
        except Exception:
            raise _fail(where, f"{field}.key", "must be an ssh-ed25519 public key") from None
    sequence = _typed(doc, "sequence", int, where, "sequence")
    if sequence < 0:
        raise _fail(where, "sequence", "must not be negative")
    writer = _typed(doc, "writer", str, where, "writer")
    if writer not in roles:
        raise _fail(where, "writer", f"{writer!r} is not a player's role")
    _typed(doc, "written", str, where, "written")
    previous = _typed(doc, "previous", str, where, "previous", nullable=True)
    if (previous is None) != (sequence == 0):
        raise _fail(where, "previous", "must be empty exactly on the first save")
    if previous is not None:
        _hex(previous, _HEX64, where, "previous")
    due = _typed(doc, "due", dict, where, "due", nullable=True)
    if due is not None:
        role = _typed(due, "role", str, where, "due.role")
        if role not in roles:
            raise _fail(where, "due.role", f"{role!r} is not a player's role")
        _typed(due, "step", str, where, "due.step")
        _typed(due, "text", str, where, "due.text")
    _validate_dice(_typed(doc, "dice", dict, where, "dice"), roles, where)
    actions = _typed(doc, "actions", list, where, "actions")
    for i, action in enumerate(actions):
        field = f"actions[{i}]"
        if not isinstance(action, dict):
            raise _fail(where, field, "must be a mapping")
        _typed(action, "do", str, where, f"{field}.do")
        for j, roll in enumerate(action.get("dice", [])):
            _validate_roll(roll, where, f"{field}.dice[{j}]")
    log = _typed(doc, "log", list, where, "log")
    if not all(isinstance(line, str) for line in log):
        raise _fail(where, "log", "must be a list of text lines")
    _typed(doc, "state", dict, where, "state")


def _validate_roll(roll: Any, where: str, field: str) -> None:
    if not isinstance(roll, dict) or set(roll) - {"d", "of", "for"}:
        raise _fail(where, field, "must be a mapping with d, of and for")
    sides = roll.get("of", 6)
    value = roll.get("d")
    if not isinstance(sides, int) or isinstance(sides, bool) or sides < 1:
        raise _fail(where, f"{field}.of", "must be a positive whole number")
    if not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= sides:
        raise _fail(where, f"{field}.d", f"must be a die value from 1 to {sides}")
    if not isinstance(roll.get("for"), str):
        raise _fail(where, f"{field}.for", "must say what the die was for")


def _validate_dice(dice: dict[str, Any], roles: list[str], where: str) -> None:
    for name in ("commits", "shares", "links"):
        section = _typed(dice, name, dict, where, f"dice.{name}")
        for role, value in section.items():
            if role not in roles:
                raise _fail(where, f"dice.{name}.{role}", "is not a player's role")
            if name == "links":
                if not isinstance(value, dict):
                    raise _fail(where, f"dice.links.{role}", "must be a mapping")
                used = _typed(value, "used", int, where, f"dice.links.{role}.used")
                if used < 0:
                    raise _fail(where, f"dice.links.{role}.used", "must not be negative")
                _hex(value.get("link"), _HEX64, where, f"dice.links.{role}.link")
            else:
                _hex(value, _HEX64, where, f"dice.{name}.{role}")
    seed = _typed(dice, "seed", str, where, "dice.seed", nullable=True)
    if seed is not None:
        _hex(seed, _HEX64, where, "dice.seed")


# ---------------------------------------------------------------- writing


def _comments(doc: Mapping[str, Any], summary: list[str]) -> str:
    lines = [f"# pbem save: {doc['game']['title']} ({doc['game']['kind']} "
             f"{doc['game']['version']})",
             f"# game {doc['game']['id']}, save {doc['sequence']}, written by {doc['writer']}"]
    lines += [f"# {line}" for line in summary]
    lines.append("# Check it with: pbem verify THIS_FILE (see docs/save-format.md)")
    return "\n".join(line.replace("\n", " ") for line in lines) + "\n"


def render(doc: Mapping[str, Any], key: PrivateKey, summary: list[str] | None = None) -> bytes:
    """The signed bytes of a save: comments, YAML body, then the signature block."""
    body = (_comments(doc, summary or []) + strict_yaml.dump(dict(doc))).encode("utf-8")
    if not body.endswith(b"\n"):
        body += b"\n"
    return body + b"signature: |\n" + _indented(key.sign(body, NS_SAVE).armor())


def write(path: Path, data: bytes) -> None:
    """Write a new save atomically; an existing file is never overwritten."""
    write_new(path, data)
