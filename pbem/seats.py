"""Handing an absent seat to a new player (docs/deadlines.md, "Replacing a player").

Three signed pieces, each bound to the game, the seat and the claim that made it absent
(``since``: claims are counted in the position), so none can be used for another absence:

* the newcomer's **request** (:class:`SeatRequest`), signed by their new key: their name,
  key, a fresh salt and the first link of their dice chain (so they prove they hold the
  key, and the chain is theirs alone);
* a **consent** (:class:`Consent`) from every player present but the one who writes the
  hand-over, signed by their pinned key, over the request;
* the **hand-over** itself: the next save of the player due, holding one action
  ``{do: seat, role, name, key, salt, link, request, consents}``. It puts the newcomer in
  the players' list in place of the absent player, starts their dice chain, and the seat
  is present again. It reveals no link of its writer.

In a game with hidden cards the seat's cards are sealed to the old key: the hand-over must
also carry the departing player's **release** (:class:`Release`), their seat's secrets for
this game sealed to the newcomer and signed by them; without it the seat cannot be handed
over (docs/deadlines.md).
"""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cryptography.exceptions import InvalidSignature

from pbem import absence, founding, strict_yaml
from pbem import dice as dicemod
from pbem.errors import ChainError, FormatError, SignatureError
from pbem.hidden_cards import model as hidden_model
from pbem.hidden_cards import seating
from pbem.identity import LocalIdentity
from pbem.save_schema import NAME
from pbem.savefile import SaveFile
from pbem.secrets import envelope
from pbem.secrets.keys import GameKeys
from pbem.signing import KeyProblem, PublicKey

SEAT = "seat"
REQUEST_FORMAT = "pbem-seat-request/1"
CONSENT_FORMAT = "pbem-seat-consent/1"
MAX_BYTES = 4096
_REQUEST = ("format", "game", "role", "since", "name", "key", "box", "link", "signature")
_CONSENT = ("format", "game", "role", "since", "request", "by", "signature")
_RELEASE = ("format", "game", "role", "since", "request", "ephemeral", "sealed", "commitment",
            "signature")
RELEASE_FORMAT = "pbem-seat-release/1"


@dataclass(frozen=True)
class SeatRequest:
    """A newcomer's request to take over an absent seat."""

    game_id: str
    role: str
    since: int
    name: str
    key: str
    box: str  # the newcomer's envelope key for this seat (hex), for a release
    link: str
    signature: str = ""

    def message(self) -> bytes:
        return "\n".join(["pbem-seat-request/1", self.game_id, self.role, str(self.since),
                          self.name, self.key, self.box, self.link]).encode()

    @property
    def digest(self) -> str:
        return hashlib.sha256(self.message() + self.signature.encode()).hexdigest()

    def dump(self) -> bytes:
        doc = {"format": REQUEST_FORMAT, "game": self.game_id, "role": self.role,
               "since": self.since, "name": self.name, "key": self.key, "box": self.box,
               "link": self.link, "signature": self.signature}
        head = f"# pbem seat request: game {self.game_id[:8]}, {self.name} for {self.role}\n"
        return (head + strict_yaml.dump(doc)).encode()


@dataclass(frozen=True)
class Consent:
    """One present player's agreement to a seat request."""

    game_id: str
    role: str
    since: int
    request: str  # the request's digest
    by: str
    signature: str = ""

    def message(self) -> bytes:
        return "\n".join(["pbem-seat-consent/1", self.game_id, self.role, str(self.since),
                          self.request, self.by]).encode()

    def dump(self) -> bytes:
        doc = {"format": CONSENT_FORMAT, "game": self.game_id, "role": self.role,
               "since": self.since, "request": self.request, "by": self.by,
               "signature": self.signature}
        head = f"# pbem seat consent: game {self.game_id[:8]}, {self.by} agrees for {self.role}\n"
        return (head + strict_yaml.dump(doc)).encode()


@dataclass(frozen=True)
class Release:
    """The departing player's seat secrets for this game, sealed to the newcomer, signed
    by the departing player's pinned key."""

    game_id: str
    role: str
    since: int
    request: str  # the request's digest
    ephemeral: str
    sealed: str
    commitment: str
    signature: str = ""

    def message(self) -> bytes:
        return "\n".join(["pbem-seat-release/1", self.game_id, self.role, str(self.since),
                          self.request, self.ephemeral, self.sealed,
                          self.commitment]).encode()

    def envelope(self) -> dict[str, str]:
        return {"ephemeral": self.ephemeral, "box": self.sealed,
                "commitment": self.commitment}

    def record(self) -> dict[str, Any]:
        """What the hand-over and the position keep of it."""
        return {"envelope": self.envelope(), "signature": self.signature}

    def dump(self) -> bytes:
        doc = {"format": RELEASE_FORMAT, "game": self.game_id, "role": self.role,
               "since": self.since, "request": self.request, "ephemeral": self.ephemeral,
               "sealed": self.sealed, "commitment": self.commitment,
               "signature": self.signature}
        head = f"# pbem seat release: game {self.game_id[:8]}, the secrets of {self.role}\n"
        return (head + strict_yaml.dump(doc)).encode()


def since_of(save: SaveFile, role: str) -> int:
    """The claim that made ``role`` absent; refuse a seat that is not absent."""
    data = absence.record(save.state)
    if data is None or role not in data["roles"] or data["ended"]:
        raise ChainError(f"{role}'s seat is not absent in this save: only an absent seat can "
                         f"be handed over", save.where)
    return int(data["since"][role])


def held_before(save: SaveFile, role: str) -> list[str]:
    """The keys that held ``role``'s seat before (a key never takes it back: its dice chain
    would start again)."""
    data = absence.record(save.state) or {}
    return list(data.get("held", {}).get(role, []))


def request(save: SaveFile, me: LocalIdentity, role: str, name: str) -> SeatRequest:
    """``me``'s request for the absent ``role`` in the game of ``save``."""
    since = since_of(save, role)
    if not NAME.match(name):
        raise ChainError("a name is 1-32 letters, digits, '.', '_' or '-'", save.where)
    if any(p["key"] == me.key.public.line for p in save.players):
        raise ChainError("your key already plays in this game", save.where)
    anchor = dicemod.anchor(save.game, founding.founders(save.doc),
                            save.doc["dice"]["salts"][role])
    box = GameKeys.derive(me.key, bytes.fromhex(anchor), role).envelope_public.hex()
    link = dicemod.chain_link(me.key, anchor, role, 0)
    made = SeatRequest(save.game_id, role, since, name, me.key.public.line, box, link)
    return dataclasses.replace(made, signature=me.key.raw_sign(made.message()).hex())


def consent(save: SaveFile, me: LocalIdentity, wanted: SeatRequest) -> Consent:
    """``me``'s consent to ``wanted`` (checked against ``save`` first)."""
    check_request(save, wanted, save.where)
    by = save.role_of(me.key.public)
    if by is None or by in absence.absent(save.state) or by == wanted.role:
        raise ChainError("only a player present in the game can agree", save.where)
    made = Consent(save.game_id, wanted.role, wanted.since, wanted.digest, by)
    return dataclasses.replace(made, signature=me.key.raw_sign(made.message()).hex())


def check_request(save: SaveFile, wanted: SeatRequest, where: str) -> None:
    """Refuse a request that is not for this absence, or not signed by its key."""
    if wanted.game_id != save.game_id or wanted.since != since_of(save, wanted.role):
        raise ChainError("the seat request is for another game or another absence", where)
    if any(p["key"] == wanted.key or p["name"] == wanted.name for p in save.players
           if p["role"] != wanted.role):
        raise ChainError("the seat request names a key or name already in the game", where)
    if wanted.key in held_before(save, wanted.role) \
            or wanted.key == save.player(wanted.role)["key"]:
        raise ChainError("that key held this seat before: a newcomer brings a key new to it",
                         where)
    if len(wanted.box) != 64 or any(c not in "0123456789abcdef" for c in wanted.box):
        raise ChainError("the seat request's box must be 64 hexadecimal digits", where)
    _verify(wanted.key, wanted.signature, wanted.message(), "the seat request", where)


def agreeing(save: SaveFile, writer: str, role: str) -> list[str]:
    """Who must agree besides the writer: every player present but the seat itself."""
    gone = absence.absent(save.state)
    return [str(p["role"]) for p in save.players
            if p["role"] not in gone and p["role"] not in (writer, role)]


def check_consents(save: SaveFile, writer: str, wanted: SeatRequest,
                   given: Mapping[str, str], where: str) -> None:
    """Exactly one valid consent from each player who must agree."""
    needed = agreeing(save, writer, wanted.role)
    if list(given) != needed:
        raise ChainError(f"the hand-over needs the consent of {', '.join(needed) or 'nobody'} "
                         f"(in seat order), and only theirs", where)
    for by in needed:
        made = Consent(save.game_id, wanted.role, wanted.since, wanted.digest, by)
        _verify(str(save.player(by)["key"]), given[by], made.message(),
                f"the consent of {by}", where)


def action(wanted: SeatRequest, consents: Mapping[str, Consent],
           release: Release | None = None) -> dict[str, Any]:
    """The hand-over action, in its one recorded form."""
    out: dict[str, Any] = {"do": SEAT, "box": wanted.box,
                           "consents": {by: c.signature for by, c in consents.items()},
                           "key": wanted.key, "link": wanted.link, "name": wanted.name}
    if release is not None:
        out["release"] = release.record()
    out.update({"request": wanted.signature, "role": wanted.role})
    return out


def from_action(save: SaveFile, record: Mapping[str, Any], where: str) -> SeatRequest:
    """The request a hand-over action holds (its shape checked)."""
    keys = ["do", "box", "consents", "key", "link", "name", "request", "role"]
    if "release" in record:
        keys.insert(6, "release")
    if list(record) != keys or type(record["consents"]) is not dict:
        raise ChainError(f"a hand-over holds exactly {', '.join(keys[1:])}", where)
    role = record["role"]
    if type(role) is not str or role not in [p["role"] for p in save.players]:
        raise ChainError("the hand-over names no seat of this game", where)
    return SeatRequest(save.game_id, role, since_of(save, role), str(record["name"]),
                       str(record["key"]), str(record["box"]), str(record["link"]),
                       str(record["request"]))


def release(save: SaveFile, me: LocalIdentity, wanted: SeatRequest) -> Release:
    """The departing player's release of their seat's secrets to the newcomer."""
    check_request(save, wanted, save.where)
    if save.player(wanted.role)["key"] != me.key.public.line:
        raise ChainError(f"only the player who held {wanted.role} can release its secrets",
                         save.where)
    anchor = bytes.fromhex(dicemod.anchor(save.game, founding.founders(save.doc),
                                           save.doc["dice"]["salts"][wanted.role]))
    own = GameKeys.derive(me.key, anchor, wanted.role)
    box = envelope.seal(bytes.fromhex(wanted.box), own.root,
                        seating.release_aad(save.game_id, wanted.role))
    sealed = box.record()
    made = Release(save.game_id, wanted.role, wanted.since, wanted.digest,
                   sealed["ephemeral"], sealed["box"], sealed["commitment"])
    return dataclasses.replace(made, signature=me.key.raw_sign(made.message()).hex())


def check_release(save: SaveFile, wanted: SeatRequest, record: Any, where: str) -> None:
    """A hand-over of a seat with hidden cards carries the departing player's release."""
    if hidden_model.of(save.state) is None:
        if record is not None:
            raise ChainError("a game without hidden cards releases no secrets", where)
        return
    if record is None:
        raise ChainError("in a game with hidden cards a seat is handed over only with the "
                         "departing player's release of its secrets (their cards are sealed "
                         "to their key)", where)
    if type(record) is not dict or list(record) != ["envelope", "signature"] \
            or type(record["envelope"]) is not dict \
            or list(record["envelope"]) != ["ephemeral", "box", "commitment"]:
        raise ChainError("the release holds its envelope and signature", where)
    box = record["envelope"]
    made = Release(save.game_id, wanted.role, wanted.since, wanted.digest,
                   str(box["ephemeral"]), str(box["box"]), str(box["commitment"]))
    _verify(str(save.player(wanted.role)["key"]), str(record["signature"]), made.message(),
            "the release", where)
    try:
        envelope.Envelope.from_record(box, wanted.role)
    except Exception:
        raise ChainError("the release's envelope is not well formed", where) from None


def players_after(save: SaveFile, wanted: SeatRequest) -> list[dict[str, Any]]:
    """The players' list once the newcomer holds the seat."""
    return [{"role": p["role"], "name": wanted.name, "key": wanted.key}
            if p["role"] == wanted.role else dict(p) for p in save.players]


def dice_after(save: SaveFile, wanted: SeatRequest) -> dict[str, Any]:
    """The dice section once the newcomer's chain starts at its first link."""
    dice = {k: (dict(v) if isinstance(v, dict) else v) for k, v in save.doc["dice"].items()}
    dice["links"] = {**dice["links"], wanted.role: {"used": 0, "link": wanted.link}}
    return dice


def _verify(key_line: str, signature: str, message: bytes, what: str, where: str) -> None:
    try:
        PublicKey.from_line(key_line).crypto().verify(bytes.fromhex(signature), message)
    except (InvalidSignature, KeyProblem, SignatureError, ValueError):
        raise ChainError(f"{what} is not signed by its key", where) from None


def _field(doc: Mapping[str, Any], name: str, kind: type, where: str) -> Any:
    value = doc[name]
    if type(value) is not kind:
        raise FormatError(f"field {name}: has the wrong type", where)
    return value


def read_request(path: Path) -> SeatRequest:
    raw, doc = _read(path, _REQUEST, REQUEST_FORMAT)
    where = str(path)
    made = SeatRequest(*(_field(doc, n, int if n == "since" else str, where)
                         for n in _REQUEST[1:]))
    if made.dump() != raw:
        raise FormatError("not in the one form pbem writes (edited by hand?)", where)
    return made


def read_release(path: Path) -> Release:
    raw, doc = _read(path, _RELEASE, RELEASE_FORMAT)
    where = str(path)
    made = Release(*(_field(doc, n, int if n == "since" else str, where)
                     for n in _RELEASE[1:]))
    if made.dump() != raw:
        raise FormatError("not in the one form pbem writes (edited by hand?)", where)
    return made


def read_consent(path: Path) -> Consent:
    raw, doc = _read(path, _CONSENT, CONSENT_FORMAT)
    where = str(path)
    made = Consent(*(_field(doc, n, int if n == "since" else str, where)
                     for n in _CONSENT[1:]))
    if made.dump() != raw:
        raise FormatError("not in the one form pbem writes (edited by hand?)", where)
    return made


def _read(path: Path, fields: tuple[str, ...], fmt: str) -> tuple[bytes, dict[str, Any]]:
    where = str(path)
    try:
        with open(path, "rb") as handle:
            raw = handle.read(MAX_BYTES + 1)
    except OSError as exc:
        raise FormatError(f"cannot read: {exc.strerror}", where) from None
    if len(raw) > MAX_BYTES:
        raise FormatError(f"larger than {MAX_BYTES} bytes", where)
    doc = strict_yaml.load(raw, where)
    if type(doc) is not dict or tuple(doc) != fields or doc["format"] != fmt:
        raise FormatError(f"a {fmt} file holds exactly {', '.join(fields)}", where)
    return raw, doc
