"""Looking for the players' secrets in every byte pbem wrote or mailed to each of them.

A player's secrets in a game with hidden cards: their ElGamal secret, the masters of their
shuffle, private-deck and nonce seeds, their envelope and note keys (all derived from their
identity key as pbem derives them), the links of their dice chain not revealed yet (the next few
and the chain's seed), and their identity key itself. Each is looked for as raw bytes, hex
(either case) and base64 (standard and URL-safe, at each of the three byte offsets a
base64 stream can put it at), in the bytes as they are and with every space and line break
taken out, in every file of a player's home and in every message that reached them (its
raw bytes and each part decoded).

What the audit opens on purpose is the only exception: once a player's pbem has written
its audit save, that save and every later signed save of the game may hold that player's
opened secrets (the ElGamal secret, the shuffle and private-deck seed masters, the
envelope key). Nothing else is ever excused: not in an audit save, not in a save that
does not pass its signature check, not for a player who has not opened yet.
"""

from __future__ import annotations

import base64
import email
import email.policy
import functools
import hashlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path

from pbem import dice, savefile, session
from pbem.errors import PbemError
from pbem.hidden_cards import seating
from pbem.savefile import SaveFile
from pbem.secrets.keys import GameKeys
from pbem.signing import PrivateKey

_WHITE = b" \t\r\n"
UNREVEALED_LINKS = 3  # the next links of a dice chain looked for (besides its seed)
OPENED = ("ElGamal secret", "shuffle seed master", "decks seed master", "envelope key")


def _base64_runs(value: bytes, encode: Callable[[bytes], bytes]) -> list[bytes]:
    """The characters that encode ``value`` wherever it starts in a base64 stream: for
    each of the three offsets, the whole groups of four made of its bytes alone."""
    runs = []
    for offset in range(3):
        encoded = encode(b"\0" * offset + value)
        runs.append(encoded[4 if offset else 0:4 * ((offset + len(value)) // 3)])
    return runs


@dataclass(frozen=True)
class Secret:
    owner: str  # the role whose secret it is
    what: str
    value: bytes

    @property
    def opened_at_audit(self) -> bool:
        return self.what in OPENED

    @cached_property
    def forms(self) -> list[bytes]:
        return [self.value, self.value.hex().encode(), self.value.hex().upper().encode(),
                *_base64_runs(self.value, base64.b64encode),
                *_base64_runs(self.value, base64.urlsafe_b64encode)]

    @cached_property
    def searches(self) -> list[tuple[bytes, bool]]:
        """Each form once, with where to look for it: a form without white space is in
        the bytes with their white space taken out whenever it is in the bytes as they
        are, so it is looked for there only (True); a form with white space can only be in
        the bytes as they are (False)."""
        return [(form, not any(byte in _WHITE for byte in form)) for form in self.forms]

    def __str__(self) -> str:
        return f"{self.owner}'s {self.what}"


def secrets_of(role: str, key: PrivateKey, last: SaveFile) -> list[Secret]:
    """Every secret of ``role`` (playing with ``key``) in the game of ``last``."""
    keys = GameKeys.derive(key, seating.anchors(last.doc)[role], role)
    opening = keys.opening().record()
    found = [Secret(role, "ElGamal secret", bytes.fromhex(opening["x"]))]
    found += [Secret(role, f"{name} seed master", bytes.fromhex(opening[name]))
              for name in ("shuffle", "decks")]
    found.append(Secret(role, "envelope key", bytes.fromhex(opening["envelope"])))
    found.append(Secret(role, "nonce seed master", keys._nonce_master))
    found.append(Secret(role, "note key", keys.note_private))
    used = int(last.doc["dice"]["links"][role]["used"])
    anchor = session.anchor_of(last, role)
    unrevealed = {*range(used + 1, used + 1 + UNREVEALED_LINKS), dice.CHAIN_LENGTH}
    found += [Secret(role, f"dice link {n}", bytes.fromhex(dice.chain_link(key, anchor, role, n)))
              for n in sorted(unrevealed) if used < n <= dice.CHAIN_LENGTH]
    found.append(Secret(role, "identity key", key._key.private_bytes_raw()))
    return found


@functools.lru_cache(maxsize=1024)
def _as_save(data: bytes) -> SaveFile | None:
    """``data`` as a save that passes its own checks (signature included), if it is one
    (remembered: the same save is in many messages and homes)."""
    if not data.startswith(b"# pbem save:"):
        return None
    for raw in (data, data.replace(b"\r\n", b"\n")):
        try:
            return savefile.parse(raw, "scan")
        except PbemError:
            continue
    return None


@dataclass
class Scan:
    """A search for ``secrets`` in one game, whose audit saves are ``audits`` (their
    sequence numbers and writers)."""

    secrets: list[Secret]
    game_id: str
    audits: Mapping[int, str] = field(default_factory=dict)
    _present: dict[bytes, list[Secret]] = field(default_factory=dict, repr=False)

    def opened_in(self, data: bytes) -> set[str]:
        """The players whose opened secrets ``data`` may hold: it is a signed save of the
        game written at or after their audit save."""
        save = _as_save(data)
        if save is None or save.game_id != self.game_id:
            return set()
        return {writer for sequence, writer in self.audits.items()
                if sequence <= save.sequence}

    def found(self, data: bytes, where: str,
              opened: Callable[[], set[str]] | None = None) -> list[str]:
        """``where: whose what`` for each secret in ``data`` not opened there on purpose
        (``opened``: whose opened secrets it may hold, if not read from ``data``)."""
        present = self._secrets_in(data)
        if any(s.opened_at_audit for s in present):  # (reading a save takes a while)
            excused = self.opened_in(data) if opened is None else opened()
            present = [s for s in present if not (s.opened_at_audit and s.owner in excused)]
        return [f"{where}: {s}" for s in present]

    def _secrets_in(self, data: bytes) -> list[Secret]:
        """The secrets in ``data``, as they are or with their white space taken out
        (remembered by content: the same save travels in many messages and homes)."""
        digest = hashlib.sha256(data).digest()
        known = self._present.get(digest)
        if known is None:
            packed = data.translate(None, _WHITE)
            known = self._present[digest] = [
                s for s in self.secrets
                if any(form in (packed if bare else data) for form, bare in s.searches)]
        return known

    def in_files(self, home: Path) -> tuple[list[str], int]:
        """Every secret found in the files under ``home``, and how many bytes were looked
        at."""
        found: list[str] = []
        looked = 0
        for path in sorted(p for p in home.rglob("*") if p.is_file() and not p.is_symlink()):
            data = path.read_bytes()
            looked += len(data)
            found += self.found(data, str(path.relative_to(home)))
        return found, looked

    def in_message(self, raw: bytes, where: str) -> tuple[list[str], int]:
        """Every secret found in a message (its raw bytes and each part decoded), and how
        many bytes were looked at."""
        msg = email.message_from_bytes(raw, policy=email.policy.default)
        parts: list[tuple[str, bytes]] = []
        for part in msg.walk():
            if not part.is_multipart():
                payload = part.get_payload(decode=True)
                parts.append((f"{where}, {part.get_filename() or part.get_content_type()}",
                              payload if isinstance(payload, bytes) else b""))
        found = [hit for name, data in parts for hit in self.found(data, name)]

        def attached() -> set[str]:
            return {role for _, data in parts for role in self.opened_in(data)}

        found += self.found(raw, f"{where}, raw", opened=attached)
        return found, len(raw) + sum(len(data) for _, data in parts)
