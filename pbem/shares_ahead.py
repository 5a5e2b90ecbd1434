"""Shares given ahead: a player's part of the face-down cards the others hold, sent at once
in a small signed file, so that each holder reads her new cards before anyone's next save
(docs/secrets.md, "Shares given ahead").

A card dealt face down is read by its holder once every other player has given her
decryption share of it. The shares are public (the holder's own key is still needed to
read), and each player's pbem gives them at the end of the next save it writes; but
players who answer side by side (sealed orders given ahead, several homes at once) may
write no save before they must decide. So, as soon as a save leaves a player owing shares,
her pbem also writes them into a *shares file* bound to that save (its hash, her role, the
shares, her signature) and sends it to every player. A holder's pbem reads her own cards
with the shares it has, from saves and from such files alike.

Nothing in a shares file changes the chain: the same shares are still owed, and given,
in the player's next save. A file only lets a holder read sooner. Each share carries the
proof that it was made with its giver's own key for that very card, and it is checked
again against the card as it stands before it is used: a wrong or stale share reads
nothing.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from cryptography.exceptions import InvalidSignature

from pbem import store, strict_yaml
from pbem.detached import (
    hex_field,
    keep_once,
    name_for,
    read_at_most,
    role_field,
    whole_field,
)
from pbem.errors import ChainError, FormatError, PbemError, SignatureError
from pbem.hidden_cards import model, obligations, seating
from pbem.one_form import same_form
from pbem.savefile import SaveFile
from pbem.secrets import elgamal
from pbem.secrets.elgamal import Share
from pbem.secrets.keys import PublicKeys, anchor_of
from pbem.signing import KeyProblem, PrivateKey, PublicKey

FORMAT = "pbem-shares/1"
SUFFIX = ".pbem-shares.yaml"
FIRST_LINE = b"# pbem shares given ahead:"
MAX_BYTES = 262144
_TAG = b"pbem-shares-ahead/1"
_FIELDS = ("format", "game", "request", "sequence", "role", "shares", "signature")
Given = dict[str, dict[str, dict[str, Any]]]  # handle -> giver -> share record


@dataclass(frozen=True)
class Shares:
    """One player's shares of the face-down cards the others hold, given after one save."""

    game_id: str
    request: str      # the save's SHA-256
    sequence: int     # the save's sequence number
    role: str
    signature: str    # Ed25519 over :meth:`message`, hex
    shares: dict[str, dict[str, Any]]  # handle -> share record

    def message(self) -> bytes:
        body = json.dumps(self.shares, sort_keys=True, separators=(",", ":"))
        return b"\n".join([_TAG, self.game_id.encode(), self.request.encode(),
                           str(self.sequence).encode(), self.role.encode(), body.encode()])

    def dump(self) -> bytes:
        doc = {"format": FORMAT, "game": self.game_id, "request": self.request,
               "sequence": self.sequence, "role": self.role, "shares": self.shares,
               "signature": self.signature}
        head = (f"# pbem shares given ahead: game {self.game_id[:8]}, save {self.sequence}, "
                f"{len(self.shares)} by {self.role}\n")
        return (head + strict_yaml.dump(doc)).encode("utf-8")


def owed(save: SaveFile, role: str) -> list[str]:
    """The face-down cards other players hold of which ``role`` owes her share after
    ``save`` (what her next save gives), in the game's order."""
    data = model.of(save.state)
    if data is None or role not in data["keys"]:
        return []
    roles = [str(p["role"]) for p in save.players]
    return [str(h) for h in obligations.owed(data, role, roles, "shares", False)]


def make(save: SaveFile, key: PrivateKey, role: str, given: Iterable[str] = ()
         ) -> Shares | None:
    """``role``'s shares owed after ``save``, less those in ``given`` (sent already), in
    one signed file; ``None`` when nothing is left to give."""
    sent = set(given)
    handles = [h for h in owed(save, role) if h not in sent]
    data = model.of(save.state)
    if not handles or data is None:
        return None
    keys = seating.seat(save.doc, role, key).keys
    assert keys is not None
    shares = {h: elgamal.make_share(keys, model.ciphertext(data["cards"][h], h)).record()
              for h in handles}
    unsigned = Shares(save.game_id, save.sha256, save.sequence, role, "", shares)
    return replace(unsigned, signature=key.raw_sign(unsigned.message()).hex())


def check(given: Shares, save: SaveFile, where: str) -> None:
    """Refuse a shares file that is not ``role``'s own, signed by her pinned key, for cards
    she owes a share of after exactly ``save``, each share proved."""
    if given.game_id != save.game_id or given.request != save.sha256 \
            or given.sequence != save.sequence:
        raise ChainError(f"the shares of {given.role} name another save (save "
                         f"{given.sequence}, {given.request[:12]}...)", where)
    keys = {str(p["role"]): str(p["key"]) for p in save.players}
    if given.role not in keys or not _signed(given, keys[given.role]):
        raise ChainError(f"the shares of {given.role} are not signed by {given.role}'s "
                         f"pinned key", where)
    due = owed(save, given.role)
    if not given.shares or [h for h in due if h in given.shares] != list(given.shares):
        raise ChainError(f"{given.role} gives shares of cards she owes none of after save "
                         f"{save.sequence} (she owes {', '.join(due) or 'none'})", where)
    data = model.of(save.state)
    assert data is not None
    for handle, record in given.shares.items():
        if _proved(data, save.doc, handle, given.role, record) is None:
            raise ChainError(f"{given.role}'s share of {handle} is not hers for that card "
                             f"(its proof fails)", where)


def _proved(data: Mapping[str, Any], doc: Mapping[str, Any], handle: str, giver: str,
            record: Any) -> Share | None:
    """The share, when its proof holds for ``handle`` as it stands; else ``None``."""
    try:
        share = Share.from_record(record, giver)
        if not same_form(record, share.record()):
            return None
        public = PublicKeys.from_record(data["keys"][giver], giver)
        ct = model.ciphertext(data["cards"][handle], handle)
        elgamal.check_share(share, public, ct, anchor_of(seating.anchors(doc), giver))
    except (PbemError, ValueError, KeyError, TypeError):
        return None
    return share


def parse(raw: bytes, where: str) -> Shares:
    """A shares file's bytes, checked for form (not yet against its save)."""
    if len(raw) > MAX_BYTES:
        raise FormatError(f"larger than {MAX_BYTES} bytes; not a shares file", where)
    doc = strict_yaml.load(raw, where)
    if type(doc) is not dict or tuple(doc) != _FIELDS:
        raise FormatError(f"a shares file holds exactly {', '.join(_FIELDS)}", where)
    if doc["format"] != FORMAT:
        raise FormatError(f"field format: must be {FORMAT}", where)
    role = role_field(doc["role"], where)
    shares = doc["shares"]
    if type(shares) is not dict or not all(type(h) is str and type(r) is dict
                                           for h, r in shares.items()):
        raise FormatError("field shares: must map each card to its share", where)
    given = Shares(hex_field(doc["game"], 32, where, "game"),
                   hex_field(doc["request"], 64, where, "request"),
                   whole_field(doc["sequence"], where, "sequence"), role,
                   hex_field(doc["signature"], 128, where, "signature"), shares)
    if given.dump() != raw:
        raise FormatError("not in the one form pbem writes (edited by hand?)", where)
    return given


def read(path: Path) -> Shares:
    return parse(read_at_most(path, MAX_BYTES), str(path))


def file_name(game_id: str, sequence: int, role: str) -> str:
    return name_for(game_id, sequence, role, SUFFIX)


def keep(given: Shares, folder: Path) -> Path:
    """Write the file into ``folder`` (once; the same file again is fine)."""
    return keep_once(folder / file_name(given.game_id, given.sequence, given.role),
                     given.dump(), f"shares file of {given.role} for this save")


_READ: dict[Path, Shares | None] = {}  # a kept file never changes (written once)
_READ_MOST = 4096


def _read_once(path: Path) -> Shares | None:
    if path not in _READ:
        if len(_READ) >= _READ_MOST:
            _READ.clear()
        try:
            _READ[path] = read(path)
        except PbemError:
            _READ[path] = None
    return _READ[path]


def kept(game_id: str, folders: Iterable[Path]) -> list[Shares]:
    """Every readable shares file of the game in ``folders`` (a bad file is skipped; they
    are checked when used)."""
    out: list[Shares] = []
    seen: set[str] = set()
    for folder in folders:
        for path in sorted(folder.glob(f"{game_id[:8]}-*{SUFFIX}")) if folder.is_dir() else []:
            given = _read_once(path.resolve())
            if given is not None and given.game_id == game_id and given.signature not in seen:
                seen.add(given.signature)
                out.append(given)
    return out


def take_beside(game_id: str, folder: Path) -> list[Path]:
    """Keep in the local store the shares files of the game found in ``folder`` (passed
    by hand beside a save), each checked against its save in the store first; a file
    that fails is left where it is."""
    home = store.game_folder(game_id)
    if folder == home.resolve():
        return []
    out = []
    for given in kept(game_id, [folder]):
        save = store.by_hash(game_id, given.request)
        if save is None:
            continue
        try:
            check(given, save, str(folder / file_name(game_id, given.sequence, given.role)))
            out.append(keep(given, home))
        except PbemError:
            continue
    return out


def prune(save: SaveFile) -> int:
    """Remove from the local store the shares files of ``save``'s game that give nothing
    any more: every card in them is no longer owed by its giver after ``save`` (the latest
    of the game), since her later saves gave those shares in the chain or the card was
    turned up. How many were removed."""
    folder = store.game_folder(save.game_id)
    gone = 0
    owed_by: dict[str, set[str]] = {}
    for path in sorted(folder.glob(f"{save.game_id[:8]}-*{SUFFIX}")) if folder.is_dir() else []:
        given = _read_once(path.resolve())
        if given is None or given.sequence > save.sequence:
            continue
        if given.role not in owed_by:
            owed_by[given.role] = set(owed(save, given.role))
        if not owed_by[given.role] & set(given.shares):
            path.unlink(missing_ok=True)
            _READ.pop(path.resolve(), None)
            gone += 1
    return gone


def stamp(game_id: str) -> int:
    """How many shares files the local store holds for the game (a reader that kept what
    it read looks again when this grows)."""
    folder = store.game_folder(game_id)
    return sum(1 for _ in folder.glob(f"{game_id[:8]}-*{SUFFIX}")) if folder.is_dir() else 0


def given_by(game_id: str, role: str, folders: Iterable[Path]) -> set[str]:
    """The cards whose shares ``role`` has given in files kept in ``folders``."""
    return {h for f in kept(game_id, folders) if f.role == role for h in f.shares}


_PROVED: dict[tuple[str, str, str], bool] = {}  # (giver, handle, share d + card) -> holds
_PROVED_MOST = 4096


def for_holder(doc: Mapping[str, Any], state: Mapping[str, Any], holder: str,
               files: Iterable[Shares]) -> Given:
    """The shares in ``files`` that help ``holder`` read a card of hers still face down
    in ``state``: signed by their giver's pinned key, proved for the card as it stands,
    and not already in the state."""
    data = model.of(dict(state))
    if data is None:
        return {}
    keys = {str(p["role"]): str(p["key"]) for p in doc["players"]}
    out: Given = {}
    for given in files:
        if given.game_id != doc["game"]["id"] or given.role == holder \
                or given.role not in keys or not _signed(given, keys[given.role]):
            continue
        for handle, record in given.shares.items():
            entry = data["cards"].get(handle)
            if entry is None or entry["holder"] != holder or entry["face"] is not None \
                    or given.role in entry["shares"] or given.role in entry["barred"]:
                continue
            if _holds(data, doc, handle, given.role, record):
                out.setdefault(handle, {})[given.role] = record
    return out


def _holds(data: Mapping[str, Any], doc: Mapping[str, Any], handle: str, giver: str,
           record: Any) -> bool:
    memo = (giver, handle, json.dumps([record, data["cards"][handle]["ct"]], sort_keys=True))
    found = _PROVED.get(memo)
    if found is None:
        found = _proved(data, doc, handle, giver, record) is not None
        if len(_PROVED) >= _PROVED_MOST:
            _PROVED.clear()
        _PROVED[memo] = found
    return found


def _signed(given: Shares, key_line: str) -> bool:
    try:
        PublicKey.from_line(key_line).crypto().verify(bytes.fromhex(given.signature),
                                                      given.message())
    except (InvalidSignature, KeyProblem, SignatureError, ValueError):
        return False
    return True


def with_shares(state: Mapping[str, Any], extra: Given) -> dict[str, Any]:
    """A copy of ``state`` whose hidden cards also hold the ``extra`` shares, for reading
    only (never written anywhere)."""
    out = dict(state)
    data = dict(model.of(dict(state)) or {})
    cards = dict(data.get("cards", {}))
    for handle, by_giver in extra.items():
        entry = dict(cards[handle])
        entry["shares"] = dict(sorted({**entry["shares"], **by_giver}.items()))
        cards[handle] = entry
    data["cards"] = cards
    out[model.SECRETS_KEY] = data
    return out


def readable(doc: Mapping[str, Any], state: Mapping[str, Any], holder: str,
             beside: Path | None = None) -> Any:
    """``state`` with the shares given ahead that let ``holder`` read more of her cards
    (those kept in the local store, or in the folder ``beside``); ``state`` itself when
    there are none."""
    game_id = str(doc["game"]["id"])
    folders = [store.game_folder(game_id)] + ([beside] if beside is not None else [])
    extra = for_holder(doc, state, holder, kept(game_id, folders))
    return with_shares(state, extra) if extra else state
