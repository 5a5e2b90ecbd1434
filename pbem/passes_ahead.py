"""Passes given ahead of one's turn: a question put to several players one after another
(a reaction window) answered side by side where they let it go (docs/passes-ahead.md).

A game marks such a question with :attr:`pbem.engine.Prompt.ahead`: the roles asked after
the one asked now, in order. Each of them, and the one asked now, may *pass* before her
turn comes with a small signed file bound to the save that asks (the request): its hash,
her role and nothing else. Whoever the game prompts once a run of passes from the front
of the queue is folded in writes the next save, which begins with those passes
(``{do: passed, role, signature}``, one each, in order); anyone checks each signature
against that role's pinned key, as it arrives and at every later audit.

The same files carry the answers to a question several players answer sealed
(:mod:`pbem.sealed_orders`): a player asked after another may give her sealed answer ahead
(the ``seal`` action: a commitment and an envelope only she opens), and once every answer
is bound each gives the opening of hers (``unseal``) unattended; in a save each is
``{do: given, role, answer, signature}``. Nothing else is given ahead: an answer in clear
would show a player's choice before the others are bound.

A player who wants to *play* does not pass: she waits until every player before her has
passed (their passes, folded in, make it her move), so a card is never shown before the
players ahead of her in seat order have let the moment go; nothing of a later player's
plan is shown when an earlier one plays. A pass says only that its player let that
moment go.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from cryptography.exceptions import InvalidSignature

from pbem import gameplay, strict_yaml
from pbem.detached import (
    hex_field,
    keep_once,
    name_for,
    read_at_most,
    role_field,
    whole_field,
)
from pbem.engine import Action, GameModule, Log, Prompt
from pbem.errors import ChainError, FormatError, PbemError, SignatureError
from pbem.hidden_cards import model as hidden_model
from pbem.hidden_cards import seating
from pbem.savefile import SaveFile
from pbem.signing import KeyProblem, PrivateKey, PublicKey

FORMAT = "pbem-ahead/1"
SUFFIX = ".pbem-ahead.yaml"
FIRST_LINE = b"# pbem answer given ahead:"
MAX_BYTES = 65536
VERB = "passed"
GIVEN = "given"
VERBS = (VERB, GIVEN)
PASS: Action = {"do": "pass"}
_TAG = b"pbem-pass-ahead/1"
_ANSWER_TAG = b"pbem-answer-ahead/1"
_FIELDS = ("format", "game", "request", "sequence", "role", "answer", "signature")
_RECORD = ("do", "role", "signature")
_GIVEN_RECORD = ("do", "answer", "role", "signature")
_NOT_GAME_STEPS = ("join", "start", "witness", "shuffle", "audit", "share", "carry-on",
                   "answers")
SEAL, UNSEAL = "seal", "unseal"


@dataclass(frozen=True)
class Pass:
    """One player's answer given ahead of her turn to one request: a pass, or her part of
    a sealed question (a sealed answer, or its opening)."""

    game_id: str
    request: str      # the request save's SHA-256
    sequence: int     # the request save's sequence number
    role: str
    signature: str    # Ed25519 over :meth:`message`, hex
    answer: Action = field(default_factory=lambda: dict(PASS))

    @property
    def is_pass(self) -> bool:
        return self.answer == PASS

    def message(self) -> bytes:
        parts = [self.game_id.encode(), self.request.encode(), str(self.sequence).encode(),
                 self.role.encode()]
        if self.is_pass:
            return b"\n".join([_TAG, *parts])
        return b"\n".join([_ANSWER_TAG, *parts, _text(self.answer).encode()])

    def record(self) -> Action:
        """The action the next save holds for this answer."""
        if self.is_pass:
            return {"do": VERB, "role": self.role, "signature": self.signature}
        return {"do": GIVEN, "answer": dict(self.answer), "role": self.role,
                "signature": self.signature}

    def dump(self) -> bytes:
        doc = {"format": FORMAT, "game": self.game_id, "request": self.request,
               "sequence": self.sequence, "role": self.role, "answer": dict(self.answer),
               "signature": self.signature}
        what = "let go" if self.is_pass else f"{self.answer['do']} answer"
        head = (f"# pbem answer given ahead: game {self.game_id[:8]}, save {self.sequence}, "
                f"{what} by {self.role}\n")
        return (head + strict_yaml.dump(doc)).encode("utf-8")


def _text(answer: Action) -> str:
    return json.dumps(answer, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


_ASKED: OrderedDict[tuple[int, str], Prompt | None] = OrderedDict()
_ASKED_MOST = 256  # saves whose question is remembered
_UNKNOWN = object()


def game_prompt(module: GameModule, save: SaveFile) -> Prompt | None:
    """The game's question in ``save`` when it may be passed ahead, else ``None``.

    It depends on the save's bytes alone, and a watcher asks it of the same saves again
    and again: the answers are remembered, those the game gave without failing."""
    key = (id(module), save.sha256)
    known = _ASKED.get(key, _UNKNOWN)
    if known is not _UNKNOWN:
        return known  # type: ignore[return-value]
    try:
        prompt = _game_prompt(module, save)
    except PbemError:
        return None
    _ASKED[key] = prompt
    while len(_ASKED) > _ASKED_MOST:
        _ASKED.pop(next(iter(_ASKED)), None)
    return prompt


def _game_prompt(module: GameModule, save: SaveFile) -> Prompt | None:
    from pbem import steps

    due = save.due
    if due is None or save.pending is not None or due["step"] in _NOT_GAME_STEPS \
            or save.doc["dice"]["seed"] is None:
        return None
    prompt = steps.guard(save.where, "the game's question", gameplay.prompt, module,
                         save.state)
    if prompt is None or not prompt.ahead or prompt.role != due["role"] \
            or prompt.step != due["step"]:
        return None
    return prompt


def queue(module: GameModule, save: SaveFile) -> list[str]:
    """Who may pass ``save``'s question ahead, in the order they are asked (``[]``: none)."""
    prompt = game_prompt(module, save)
    return [] if prompt is None else [prompt.role, *prompt.ahead]


def kind_of(prompt: Prompt) -> str:
    """The one answer a question takes ahead: ``unseal`` while sealed answers are opened,
    ``seal`` for a question answered sealed, ``pass`` otherwise."""
    if prompt.step == UNSEAL:
        return UNSEAL
    return SEAL if prompt.sealed else str(PASS["do"])


def as_asked(prompt: Prompt, role: str) -> Prompt:
    """The question as ``role`` will be asked it once the players before her pass."""
    return replace(prompt, role=role, ahead=())


def make(request: SaveFile, key: PrivateKey, role: str, answer: Action | None = None) -> Pass:
    """``role``'s answer given ahead to ``request`` (a pass by default), signed."""
    unsigned = Pass(request.game_id, request.sha256, request.sequence, role, "",
                    dict(answer or PASS))
    return replace(unsigned, signature=key.raw_sign(unsigned.message()).hex())


def check(module: GameModule, given: Pass, request: SaveFile, where: str) -> None:
    """Refuse a pass that is not the pinned key's of a role asked in exactly ``request``."""
    if given.game_id != request.game_id or given.request != request.sha256 \
            or given.sequence != request.sequence:
        raise ChainError(f"the pass of {given.role} names another save (save "
                         f"{given.sequence}, {given.request[:12]}...)", where)
    prompt = game_prompt(module, request)
    if prompt is None or given.role not in [prompt.role, *prompt.ahead]:
        raise ChainError(f"{given.role} is not asked this question, or it cannot be let go "
                         f"ahead of her turn", where)
    if given.answer.get("do") != kind_of(prompt):
        raise ChainError(f"{given.role}'s answer given ahead is a {given.answer.get('do')!r}; "
                         f"this question takes only a {kind_of(prompt)!r} ahead of one's turn "
                         f"(an answer in clear would show it before the others are bound)",
                         where)
    try:
        key = PublicKey.from_line(str(request.player(given.role)["key"]))
        key.crypto().verify(bytes.fromhex(given.signature), given.message())
    except (InvalidSignature, KeyProblem, SignatureError, ValueError, PbemError):
        raise ChainError(f"the pass of {given.role} is not signed by {given.role}'s pinned "
                         f"key", where) from None




def leading(actions: list[Action]) -> int:
    """How many passes a save's actions begin with."""
    count = 0
    for action in actions:
        if action.get("do") not in VERBS:
            break
        count += 1
    return count


def carried(module: GameModule, request: SaveFile, actions: list[Action],
            where: str) -> list[Pass]:
    """The passes a save begins with, each checked against ``request``: the first roles of
    its queue, in order, each once; no pass anywhere else in the save."""
    count = leading(actions)
    if any(a.get("do") in VERBS for a in actions[count:]):
        raise ChainError("answers given ahead come first in their save", where)
    if not count:
        return []
    order = queue(module, request)
    out = []
    for index, action in enumerate(actions[:count]):
        here = f"actions[{index}]"
        shape = _RECORD if action.get("do") == VERB else _GIVEN_RECORD
        if type(action) is not dict or tuple(action) not in (shape, (*shape, "dice")):
            raise FormatError(f"{here}: an answer given ahead holds {', '.join(shape)}, in "
                              f"that order (and the dice it rolled, with open dice)", where)
        role = role_field(action["role"], where, f"{here}.role")
        if index >= len(order) or role != order[index]:
            raise ChainError(f"{here}: the answers given ahead must be those of the first "
                             f"players asked, in order "
                             f"({', '.join(order) or 'nobody may answer ahead here'})", where)
        answer = dict(PASS) if shape == _RECORD else _answer(action["answer"], where,
                                                            f"{here}.answer")
        given = Pass(request.game_id, request.sha256, request.sequence, role,
                     hex_field(action["signature"], 128, where, f"{here}.signature"), answer)
        check(module, given, request, where)
        out.append(given)
    return out


def _answer(value: Any, where: str, field_name: str) -> Action:
    if type(value) is not dict or type(value.get("do")) is not str or value["do"] == VERB:
        raise FormatError(f"field {field_name}: must be an action (do: VERB ...)", where)
    return value


def parse(raw: bytes, where: str) -> Pass:
    """A pass file's bytes, checked for form (not yet against its request)."""
    if len(raw) > MAX_BYTES:
        raise FormatError(f"larger than {MAX_BYTES} bytes; not a pass", where)
    doc = strict_yaml.load(raw, where)
    if type(doc) is not dict or tuple(doc) != _FIELDS:
        raise FormatError(f"a pass holds exactly {', '.join(_FIELDS)}", where)
    if doc["format"] != FORMAT:
        raise FormatError(f"field format: must be {FORMAT}", where)
    sequence = whole_field(doc["sequence"], where, "sequence")
    given = Pass(hex_field(doc["game"], 32, where, "game"),
                 hex_field(doc["request"], 64, where, "request"), sequence,
                 role_field(doc["role"], where),
                 hex_field(doc["signature"], 128, where, "signature"),
                 _answer(doc["answer"], where, "answer"))
    if given.dump() != raw:
        raise FormatError("not in the one form pbem writes (edited by hand?)", where)
    return given


def read(path: Path) -> Pass:
    return parse(read_at_most(path, MAX_BYTES), str(path))


def file_name(game_id: str, sequence: int, role: str) -> str:
    return name_for(game_id, sequence, role, SUFFIX)


def keep(given: Pass, folder: Path) -> Path:
    """Write the pass into ``folder`` (once; the same pass again is fine)."""
    return keep_once(folder / file_name(given.game_id, given.sequence, given.role),
                     given.dump(), f"pass of {given.role} to this save")


def gathered(module: GameModule, request: SaveFile, folders: Iterable[Path]
             ) -> dict[str, Pass]:
    """The valid passes to ``request`` found in ``folders`` (a bad file is skipped)."""
    found: dict[str, Pass] = {}
    for role in queue(module, request):
        name = file_name(request.game_id, request.sequence, role)
        for folder in folders:
            path = folder / name
            if role in found or not path.is_file():
                continue
            try:
                given = read(path)
                check(module, given, request, str(path))
            except PbemError:
                continue
            found[role] = given
    return found


def around(module: GameModule, request: SaveFile, path: Path | None = None
           ) -> dict[str, Pass]:
    """The passes to ``request`` beside its file (when given) and in the local store."""
    from pbem import store

    if not queue(module, request):
        return {}
    folders = [store.game_folder(request.game_id)]
    if path is not None:
        folders.insert(0, path.resolve().parent)
    return gathered(module, request, folders)


def front(module: GameModule, request: SaveFile, given: Mapping[str, Pass]) -> list[Pass]:
    """The passes that fold in: those of the first roles of the queue, up to the first
    role that has not passed."""
    out = []
    for role in queue(module, request):
        if role not in given:
            break
        out.append(given[role])
    return out


def asked_after(module: GameModule, request: SaveFile, given: Mapping[str, Pass]
                ) -> str | None:
    """Who the game asks once the passes that fold in are taken (the due role when none
    do; ``None`` when the game ends); a pass whose consequences need witnessed dice stops
    the fold, as in :class:`pbem.composer.Composer`."""
    from pbem.dice import WitnessDice
    from pbem.engine import copy_state
    from pbem.errors import NeedWitness

    due = request.due
    folding = front(module, request, given)
    if not folding:
        return None if due is None else str(due["role"])
    state = copy_state(request.state)
    for one in folding:
        trial = copy_state(state)
        seat = seating.seat(request.doc, one.role) if hidden_model.of(trial) else None
        try:
            gameplay.apply(module, trial, one.role, dict(one.answer), WitnessDice(), Log(),
                           seat)
        except NeedWitness:
            return one.role
        except PbemError:
            return None if due is None else str(due["role"])
        state = trial
    prompt = gameplay.prompt(module, state)
    return None if prompt is None else prompt.role

