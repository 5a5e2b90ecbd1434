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
import threading
from collections import OrderedDict
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from pbem import one_form, strict_yaml
from pbem.atomic import write_new
from pbem.errors import FormatError, SignatureError
from pbem.save_schema import FORMAT, ORDER, canonical_action, validate
from pbem.signing import NS_SAVE, PrivateKey, PublicKey, Signature
from pbem.transport import restore_line_endings

__all__ = ["FORMAT", "MAX_BYTES", "SUFFIX", "SaveFile", "file_name", "parse", "read",
           "render", "write"]
MAX_BYTES = 8 * 1024 * 1024
SIGNATURE_LINE = b"\nsignature: |\n"
SUFFIX = ".pbem.yaml"


@dataclass
class SaveFile:
    """A save that has passed the size cap, its signature, strict parsing and the schema."""

    raw: bytes
    doc: dict[str, Any]
    signer: PublicKey
    where: str
    note: str | None = None

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
    def written(self) -> str:
        """When its writer's pbem signed it, by that machine's clock (a promise only)."""
        return str(self.doc["written"])

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
    def contributions(self) -> dict[str, Any] | None:
        """What the writer's pbem gave the others at the end of this save (hidden cards)."""
        return self.doc["contributions"]

    @property
    def pending(self) -> dict[str, Any] | None:
        """The action waiting for other players' answers (a witnessed roll), if any."""
        return self.doc["pending"]

    @property
    def dice_mode(self) -> str:
        """``witnessed``, ``open`` or ``table``."""
        return str(self.doc["game"]["dice"])

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
    if signature.hash_algorithm != "sha512":
        raise SignatureError("a save's signature uses the sha512 hash", where)
    if block != _indented(signature.armor()):
        raise SignatureError("signature block is not in its exact form (cut off, re-wrapped "
                             "or followed by other data)", where)
    return body, signature


def _indented(armor: str) -> bytes:
    return "".join(f"  {line}\n" for line in armor.split("\n") if line).encode("ascii")


_CHECKED: OrderedDict[bytes, tuple[dict[str, Any], PublicKey, int]] = OrderedDict()
_CHECKED_LIMIT = 64 * 1024 * 1024  # save bytes remembered, at most
_checked_bytes = 0
_CHECKED_LOCK = threading.Lock()


def parse(raw: bytes, where: str) -> SaveFile:
    """Check a save's bytes in the documented order and return it.

    A long-running pbem (``pbem watch``) meets the same files again and again: bytes this
    process has already checked in full, known by their SHA-256, are not checked again;
    their content is copied afresh for each caller."""
    digest = hashlib.sha256(raw).digest()
    with _CHECKED_LOCK:
        known = _CHECKED.get(digest)
        if known is not None:
            _CHECKED.move_to_end(digest)
    if known is not None:
        return SaveFile(raw, one_form.copied(known[0]), known[1], where)
    save = _parse_in_full(raw, where)
    _remember(digest, save)
    return save


def _remember(digest: bytes, save: SaveFile) -> None:
    """Keep a checked save's content, forgetting the least recently met past the limit."""
    global _checked_bytes
    size = len(save.raw)
    with _CHECKED_LOCK:
        if digest in _CHECKED:
            return
        _CHECKED[digest] = (one_form.copied(save.doc), save.signer, size)
        _checked_bytes += size
        while _checked_bytes > _CHECKED_LIMIT and _CHECKED:
            _checked_bytes -= _CHECKED.popitem(last=False)[1][2]


def _parse_in_full(raw: bytes, where: str) -> SaveFile:
    """Size cap, signature, strict YAML, schema, the writer's key, the one form."""
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
            f"signed by key {signer.fingerprint}, which is not the key the save names for "
            f"{save.writer} ({writer['name']})", where)
    if body_of(doc) != body:
        raise FormatError("not in the one form pbem writes: re-ordered, re-spelled, "
                          "re-spaced or commented by hand after it was made", where)
    return save


def read(path: Path | str) -> SaveFile:
    """Read a save file; one whose line endings were turned into CRLF on the way (a mail
    program, an editor) is read in its LF form, which its signature covers, with a note."""
    path = Path(path)
    raw, note = restore_line_endings(read_bytes(path))
    save = parse(raw, str(path))
    save.note = note
    return save


# ---------------------------------------------------------------- writing


def comments(doc: Mapping[str, Any]) -> str:
    """The comment lines at the top of a save: a summary of its content for people.

    They are derived from the content alone, so they can say nothing it does not; the
    reader refuses a save whose comments differ from these."""
    game = doc["game"]
    names = {p["role"]: p["name"] for p in doc["players"]}
    lines = [f"pbem save: {game['title']} ({game['kind']} {game['version']})",
             f"game {game['id']}, save {doc['sequence']}, written by "
             f"{names[doc['writer']]} ({doc['writer']})",
             "players: " + ", ".join(f"{p['name']} ({p['role']})" for p in doc["players"]),
             f"dice: {DICE_WORDS[game['dice']]}"]
    lines += [line for line in doc["log"] if not line.startswith(" ")][:8]
    due = doc["due"]
    if due is None:
        lines.append("the game is over")
    else:
        lines.append(f"next: {names[due['role']]} ({due['role']}) - {due['text']}")
    lines.append("Check it with: pbem verify THIS_FILE (see docs/save-format.md)")
    return "".join(f"# {line}\n" for line in lines)


DICE_WORDS = {"witnessed": "witnessed (each roll needs another player's answer)",
              "open": "open (the mover sees their own dice while composing)",
              "table": "TABLE DICE typed in by the players"}


def _ordered(mapping: Mapping[str, Any], section: str) -> dict[str, Any]:
    return {key: mapping[key] for key in ORDER[section] if key in mapping}


def canonical(doc: Mapping[str, Any]) -> dict[str, Any]:
    """``doc`` with every engine-owned mapping's keys in their one order."""
    out = _ordered(doc, "")
    out["game"] = _ordered(doc["game"], "game")
    out["players"] = [_ordered(p, "player") for p in doc["players"]]
    if doc["due"] is not None:
        out["due"] = _ordered(doc["due"], "due")
    roles = [p["role"] for p in doc["players"]]
    dice = _ordered(doc["dice"], "dice")
    for name in ("salts", "commits", "shares", "links"):
        dice[name] = {role: dice[name][role] for role in roles if role in dice[name]}
    dice["links"] = {role: _ordered(link, "link") for role, link in dice["links"].items()}
    out["dice"] = dice
    out["actions"] = [canonical_action(a) for a in doc["actions"]]
    if doc.get("pending") is not None:
        pending = doc["pending"]
        out["pending"] = {"by": pending["by"], "request": pending["request"],
                          "action": canonical_action(pending["action"])}
    return out


def body_of(doc: Mapping[str, Any]) -> bytes:
    """The signed part of a save: its comments and its YAML."""
    return (comments(doc) + strict_yaml.dump(dict(doc))).encode("utf-8")


def render(doc: Mapping[str, Any], key: PrivateKey) -> bytes:
    """The signed bytes of a save: comments, YAML body, then the signature block."""
    body = body_of(canonical(doc))
    return body + b"signature: |\n" + _indented(key.sign(body, NS_SAVE).armor())


def write(path: Path, data: bytes) -> None:
    """Write a new save atomically; an existing file is never overwritten."""
    write_new(path, data)
