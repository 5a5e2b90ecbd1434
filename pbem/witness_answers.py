"""Witness answers given side by side (docs/dice.md, "Three or more players").

With three or more players in a game without hidden cards, a roll request is not passed
from witness to witness: every other player's pbem answers it at once with a small signed
*answer* (the request's hash, the witness's role and their next dice-chain link), sent to
every player. Once every answer is in, the actor's pbem carries the action out: the save
it writes after the request begins with the action that waited, and that action's record
carries the answers (``answers: {role: {used, link, signature}}``), so anyone can check
them later exactly as they were checked on arrival.

An answer is accepted only if its signature is the pinned key's of a witness of that very
request, and its link is the one that follows the witness's last revealed link. A link is
revealed once: the witness's ledger refuses to answer a second request with it.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cryptography.exceptions import InvalidSignature

from pbem import absence, founding, strict_yaml
from pbem import dice as dicemod
from pbem.detached import (
    hex_field,
    keep_once,
    name_for,
    read_at_most,
    role_field,
    whole_field,
)
from pbem.errors import ChainError, FormatError, PbemError, SignatureError
from pbem.hidden_cards import model as hidden_model
from pbem.savefile import SaveFile
from pbem.signing import KeyProblem, PublicKey

if TYPE_CHECKING:
    from pbem.identity import LocalIdentity

FORMAT = "pbem-answer/1"
SUFFIX = ".pbem-answer.yaml"
MAX_BYTES = 4096
_TAG = b"pbem-witness-answer/1"
_FIELDS = ("format", "game", "request", "sequence", "role", "used", "link", "signature")
_RECORD = ("used", "link", "signature")


@dataclass(frozen=True)
class Answer:
    """One witness's answer to one request."""

    game_id: str
    request: str      # the request save's SHA-256
    sequence: int     # the request save's sequence number
    role: str
    used: int         # the index of the link revealed
    link: str
    signature: str    # Ed25519 over :meth:`message`, hex

    def message(self) -> bytes:
        return b"\n".join([_TAG, self.game_id.encode(), self.request.encode(),
                           str(self.sequence).encode(), self.role.encode(),
                           str(self.used).encode(), self.link.encode()])

    def record(self) -> dict[str, Any]:
        """What the carry-on save holds of this answer."""
        return {"used": self.used, "link": self.link, "signature": self.signature}

    def dump(self) -> bytes:
        """The answer as a file: a comment line for people, then the fields."""
        doc = {"format": FORMAT, "game": self.game_id, "request": self.request,
               "sequence": self.sequence, "role": self.role, "used": self.used,
               "link": self.link, "signature": self.signature}
        head = (f"# pbem witness answer: game {self.game_id[:8]}, request save "
                f"{self.sequence}, answered by {self.role}\n")
        return (head + strict_yaml.dump(doc)).encode("utf-8")


def side_by_side(players: list[dict[str, Any]], state: Mapping[str, Any]) -> bool:
    """Whether a request in this game is answered side by side (three or more players, no
    hidden cards: an answer then owes nothing but its link)."""
    return len(players) >= 3 and hidden_model.of(dict(state)) is None


def witnesses_of(request: SaveFile) -> list[str]:
    """Who answers ``request``: every other player not absent, in seat order after the
    actor."""
    roles = [str(p["role"]) for p in request.players]
    actor = str(request.pending["by"]) if request.pending else ""
    index = roles.index(actor) if actor in roles else 0
    gone = absence.absent(request.state)
    return [r for r in roles[index + 1:] + roles[:index] if r not in gone]


def is_request(save: SaveFile) -> bool:
    """True when ``save`` is a request answered side by side."""
    return save.pending is not None and save.due is not None \
        and save.due["step"] == "answers"


def file_name(game_id: str, sequence: int, role: str) -> str:
    return name_for(game_id, sequence, role, SUFFIX)


def make(request: SaveFile, me: LocalIdentity, role: str) -> Answer:
    """``me``'s answer, as ``role``, to ``request``: their next link, signed."""
    link = request.doc["dice"]["links"][role]
    used = int(link["used"]) + 1
    anchor = dicemod.anchor(request.game, founding.founders(request.doc),
                            request.doc["dice"]["salts"][role])
    unsigned = Answer(request.game_id, request.sha256, request.sequence, role, used,
                      dicemod.chain_link(me.key, anchor, role, used), "")
    signature = me.key.raw_sign(unsigned.message()).hex()
    return dataclasses.replace(unsigned, signature=signature)


def from_record(request: SaveFile, role: str, record: Any, where: str) -> Answer:
    """The answer a carry-on save holds for ``role`` (its shape checked)."""
    if type(record) is not dict or tuple(record) != _RECORD:
        raise FormatError(f"field answers.{role}: must hold used, link and signature, in "
                          f"that order", where)
    return Answer(request.game_id, request.sha256, request.sequence, role,
                  whole_field(record["used"], where, f"answers.{role}.used"),
                  hex_field(record["link"], 64, where, f"answers.{role}.link"),
                  hex_field(record["signature"], 128, where, f"answers.{role}.signature"))


def parse(raw: bytes, where: str) -> Answer:
    """An answer file's bytes, checked for form (not yet against its request)."""
    if len(raw) > MAX_BYTES:
        raise FormatError(f"larger than {MAX_BYTES} bytes; not a witness answer", where)
    doc = strict_yaml.load(raw, where)
    if type(doc) is not dict or tuple(doc) != _FIELDS:
        raise FormatError(f"a witness answer holds exactly {', '.join(_FIELDS)}", where)
    if doc["format"] != FORMAT:
        raise FormatError(f"field format: must be {FORMAT}", where)
    role = role_field(doc["role"], where)
    answer = Answer(hex_field(doc["game"], 32, where, "game"), hex_field(doc["request"], 64, where,
                                                                "request"),
                    whole_field(doc["sequence"], where, "sequence"), role,
                    whole_field(doc["used"], where, "used"),
                    hex_field(doc["link"], 64, where, "link"),
                    hex_field(doc["signature"], 128, where, "signature"))
    if answer.dump() != raw:
        raise FormatError("not in the one form pbem writes (edited by hand?)", where)
    return answer


def read(path: Path) -> Answer:
    return parse(read_at_most(path, MAX_BYTES), str(path))


def check(answer: Answer, request: SaveFile, where: str) -> None:
    """Refuse an answer that is not a witness's own next link for exactly ``request``."""
    if not is_request(request):
        raise ChainError("answers are given to a request answered side by side; this save "
                         "is none", where)
    if answer.game_id != request.game_id or answer.request != request.sha256 \
            or answer.sequence != request.sequence:
        raise ChainError(f"the answer of {answer.role} names another request (request "
                         f"{answer.request[:12]}..., save {answer.sequence})", where)
    if answer.role not in witnesses_of(request):
        raise ChainError(f"{answer.role} is not a witness of this request", where)
    try:
        key = PublicKey.from_line(str(request.player(answer.role)["key"]))
        key.crypto().verify(bytes.fromhex(answer.signature), answer.message())
    except (InvalidSignature, KeyProblem, SignatureError, ValueError):
        raise ChainError(f"the answer of {answer.role} is not signed by {answer.role}'s "
                         f"pinned key", where) from None
    last = request.doc["dice"]["links"][answer.role]
    if answer.used != int(last["used"]) + 1 or not dicemod.link_follows(answer.link,
                                                                         last["link"]):
        raise ChainError(f"the answer of {answer.role} does not reveal the link that follows "
                         f"the last one {answer.role} revealed", where)


def carried(request: SaveFile, action: Mapping[str, Any], where: str,
            every: bool = True) -> dict[str, Answer]:
    """The answers a carry-on save's first action holds, each checked against ``request``;
    exactly one per witness (``every=False``, a claim: those given, in seat order)."""
    records = action.get("answers")
    if type(records) is not dict or (not every and not records):
        raise ChainError("carrying on after the answers, the first action holds every "
                         "witness's answer (answers: ...)", where)
    order = witnesses_of(request)
    if not every:
        order = [r for r in order if r in records]
    if list(records) != order:
        raise ChainError(f"the answers must be those of {', '.join(order)}, in that order",
                         where)
    out = {}
    for role in order:
        answer = from_record(request, role, records[role], where)
        check(answer, request, where)
        out[role] = answer
    return out


def records(answers: Mapping[str, Answer], order: Iterable[str]) -> dict[str, Any]:
    return {role: answers[role].record() for role in order}


def with_answers(dice_state: dict[str, Any], answers: Mapping[str, Answer]) -> dict[str, Any]:
    """``dice_state`` with each witness's latest link the one their answer revealed."""
    out = copy.deepcopy(dice_state)
    for role, answer in answers.items():
        out["links"][role] = {"used": answer.used, "link": answer.link}
    return out


def gathered(request: SaveFile, folders: Iterable[Path]) -> dict[str, Answer]:
    """The valid answers to ``request`` found in ``folders`` (a bad file is skipped)."""
    found: dict[str, Answer] = {}
    for role in witnesses_of(request):
        name = file_name(request.game_id, request.sequence, role)
        for folder in folders:
            path = folder / name
            if role in found or not path.is_file():
                continue
            try:
                answer = read(path)
                check(answer, request, str(path))
            except PbemError:
                continue
            found[role] = answer
    return found


def around(request: SaveFile, path: Path | None = None) -> dict[str, Answer]:
    """The answers to ``request`` beside its file (when given) and in the local store."""
    from pbem import store

    folders = [store.game_folder(request.game_id)]
    if path is not None:
        folders.insert(0, path.resolve().parent)
    return gathered(request, folders)


def missing(request: SaveFile, answers: Mapping[str, Answer]) -> list[str]:
    return [role for role in witnesses_of(request) if role not in answers]


def keep(answer: Answer, folder: Path) -> Path:
    """Write the answer's file into ``folder`` (once; the same answer again is fine)."""
    return keep_once(folder / file_name(answer.game_id, answer.sequence, answer.role),
                     answer.dump(), f"answer of {answer.role} to this request")
