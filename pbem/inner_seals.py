"""Choices sealed inside an answer: parts of an answer that stay sealed after the answer
itself is opened, until a later question of the game asks their writer to open them
(docs/secrets.md, "Choices sealed inside an answer").

A game marks such parts on its question (:attr:`pbem.engine.Prompt.inner`, their names)
and says what stands for them in the open (:meth:`pbem.engine.GameModule.inner_shape`,
which also refuses what the rules refuse). A later question marked
:attr:`pbem.engine.Prompt.opens_inner` asks every writer to open all of theirs.

Between homes (the game's sealed questions are answered sealed) the writer's pbem:

- in an answer to a question that opens them, adds ``opened: [{value, nonce}, ...]``, one
  for each of its choices not opened yet, oldest first (:func:`with_openings`), and tries
  the answer against the rules with its inner parts still in clear;
- takes the parts out of the answer, puts in what the game shows for them, and adds
  ``inner: {number, commitment, envelope}``: a commitment to the parts, and the parts in an
  envelope only the writer opens, padded so that its length tells little (:func:`wrap`).

Every pbem (:func:`take`) keeps the commitment in the position, checks each opening against
its commitment, and hands the game the answer with ``inner: N`` (the choice's number, for
:func:`value`) and without ``opened``. An answer that opens nothing leaves its writer's
choices unopened (the game says what that means); one that opens must open them all, and an
answer given in clear that owes openings is refused when it arrives (:func:`check_opens`).

In a game answered in clear (table dice, scenarios) the parts come in clear: every pbem
takes them as a choice opened at once, so the game reads them the same way.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from pbem import one_form
from pbem.engine import Action, GameModule, Prompt, State, complete_action
from pbem.errors import IllegalAction
from pbem.one_form import same_form
from pbem.secrets import envelope, sealed
from pbem.secrets.envelope import Envelope
from pbem.secrets.errors import SecretsError
from pbem.secrets.keys import GameKeys

KEY = "inner_seals"
INNER = "inner"
OPENED = "opened"
PURPOSE = "pbem-inner-seal"
PAD_TO = 512  # an envelope's payload is padded to a multiple of this many bytes
READ = "inner:"  # a viewer's knowledge of one of her own sealed choices (read_back)


def _text(value: Any) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def _record(state: State) -> dict[str, Any]:
    return state.setdefault(KEY, {"made": {}, "choices": {}})  # type: ignore[no-any-return]


def choices(state: State, role: str) -> list[dict[str, Any]]:
    """``role``'s choices kept since the game last forgot them, oldest first."""
    return list((state.get(KEY) or {}).get("choices", {}).get(role, []))


def unopened(state: State, role: str) -> list[dict[str, Any]]:
    """``role``'s choices still sealed, oldest first (the records themselves)."""
    kept = (state.get(KEY) or {}).get("choices", {}).get(role, [])
    return [c for c in kept if not c["opened"]]


def value(state: State, role: str, number: Any) -> dict[str, Any] | None:
    """The parts of ``role``'s choice ``number`` once opened; ``None`` while it is sealed
    (or when there is no such choice)."""
    for choice in choices(state, role):
        if choice["number"] == number and choice["opened"]:
            return dict(choice["value"])
    return None


def forget(state: State) -> None:
    """Drop every kept choice (the game is done with them); numbers are never reused."""
    if KEY in state:
        state[KEY]["choices"] = {}


def _context(role: str, number: int) -> str:
    return f"{role}#{number}"


def _next_number(state: State, role: str) -> int:
    return int((state.get(KEY) or {}).get("made", {}).get(role, 0)) + 1


def _parts(asked: Prompt | None, action: Mapping[str, Any]) -> list[str]:
    if asked is None or action.get("do") not in {s.verb for s in asked.actions}:
        return []
    return [p for p in asked.inner if action.get(p)]


def concerns(asked: Prompt | None, action: Mapping[str, Any]) -> bool:
    """Whether ``action`` answers ``asked`` and the question seals or opens inner parts."""
    return asked is not None and action.get("do") in {s.verb for s in asked.actions} \
        and (bool(asked.inner) or asked.opens_inner)


# ------------------------------------------------------------------ the writer's pbem


def _aad(keys: GameKeys, number: int) -> bytes:
    return envelope.envelope_aad(keys.anchor, f"inner-seal:{_context(keys.role, number)}",
                                 keys.role)


def with_openings(state: State, asked: Prompt | None, role: str, action: Action,
                  keys: GameKeys) -> Action:
    """``action`` with the openings of its writer's earlier choices, when the question
    asks them (before it is tried: the game then reads what they hold)."""
    if asked is None or not asked.opens_inner or not concerns(asked, action):
        return action
    owed = openings(state, role, keys)
    return {**{k: v for k, v in action.items() if k != OPENED},
            **({OPENED: owed} if owed else {})}


def openings(state: State, role: str, keys: GameKeys) -> list[dict[str, Any]]:
    """The openings of ``role``'s choices still sealed, oldest first (her own keys)."""
    return [_opening(choice, keys) for choice in unopened(state, role)]


def wrap(module: GameModule, state: State, asked: Prompt | None, role: str, action: Action,
         keys: GameKeys) -> Action:
    """The answer as its writer's pbem sends it between homes: inner parts sealed, shown by
    their shape (the openings :func:`with_openings` added stay as they are)."""
    if not concerns(asked, action):
        return action
    assert asked is not None
    out = {k: v for k, v in action.items() if k not in (*asked.inner, INNER)}
    values = {p: action[p] for p in _parts(asked, action)}
    if values:
        out.update(module.inner_shape(state, role, one_form.copied(values),
                                      earlier(state, role, keys)))
        number = _next_number(state, role)
        text = _text(values)
        commitment, shown = sealed.seal(keys, PURPOSE, _context(role, number), text)
        box = envelope.seal(keys.envelope_public,
                            envelope.padded({"value": text, "nonce": shown.nonce.hex()},
                                            PAD_TO),
                            _aad(keys, number),
                            seed=keys.nonce_seed(f"inner-seal-envelope:{number}"))
        out[INNER] = one_form.canonical({"number": number, "commitment": commitment.hex(),
                                         "envelope": box.record()})
    return complete_action(asked, out)


def _read(choice: Mapping[str, Any], keys: GameKeys) -> tuple[str, str]:
    box = Envelope.from_record(choice["envelope"], keys.role)
    opened = envelope.open(keys.envelope_private, box, _aad(keys, int(choice["number"])),
                           sender=keys.role)
    payload = json.loads(opened.plaintext)
    return str(payload["value"]), str(payload["nonce"])


def _opening(choice: Mapping[str, Any], keys: GameKeys) -> dict[str, Any]:
    text, nonce = _read(choice, keys)
    return {"value": json.loads(text), "nonce": nonce}


def earlier(state: State, role: str, keys: GameKeys | None) -> list[dict[str, Any]]:
    """What ``role``'s choices not yet forgotten hold, oldest first: those opened, and
    those still sealed that ``keys`` (their own) read; others are left out."""
    out = []
    for choice in choices(state, role):
        if choice["opened"]:
            out.append(dict(choice["value"]))
            continue
        if keys is None or keys.role != role:
            continue
        try:
            out.append(json.loads(_read(choice, keys)[0]))
        except (SecretsError, ValueError, KeyError, TypeError):
            continue
    return out


def read_back(state: State, role: str, keys: GameKeys) -> dict[str, str]:
    """``role``'s own choices still sealed, read with her keys, as entries of what she
    knows (:data:`pbem.hidden.Known`): ``inner:ROLE#NUMBER`` -> the parts' JSON text, so a
    game's view shows its writer what she sealed (:func:`read_in`)."""
    out = {}
    for choice in unopened(state, role):
        try:
            out[f"{READ}{role}#{choice['number']}"] = _read(choice, keys)[0]
        except (SecretsError, ValueError, KeyError, TypeError):
            continue
    return out


def read_in(known: Mapping[str, str], role: str, number: Any) -> dict[str, Any] | None:
    """What ``role``'s sealed choice ``number`` holds, when the viewer's knowledge holds
    it (her own, :func:`read_back`); ``None`` otherwise."""
    text = known.get(f"{READ}{role}#{number}")
    if text is None:
        return None
    value = json.loads(text)
    return value if isinstance(value, dict) else None


def unwrap(action: Mapping[str, Any], keys: GameKeys) -> Action:
    """An answer of this player's as they composed it, from the form :func:`wrap` gave it
    (to compose it again, e.g. from a draft): its inner parts read back from the envelope,
    the openings left for :func:`wrap` to add again."""
    out = {k: v for k, v in action.items() if k not in (INNER, OPENED)}
    inner = action.get(INNER)
    if not isinstance(inner, Mapping):
        return out
    try:
        values = json.loads(_read(inner, keys)[0])
    except (SecretsError, ValueError, KeyError, TypeError):
        raise IllegalAction("an inner sealed part is read again only by its own "
                            "player") from None
    return {**out, **values}


# ------------------------------------------------------------------ every pbem


def take(module: GameModule, state: State, asked: Prompt | None, role: str, action: Action,
         *, between_homes: bool, keys: GameKeys | None = None) -> Action:
    """Keep the inner choice ``action`` carries and check its openings; the answer as the
    game takes it. ``between_homes``: the game's sealed questions are answered sealed (else
    the inner parts come in clear and are kept as opened; ``keys``, the writer's own in her
    trial, read her earlier sealed choices)."""
    if not concerns(asked, action):
        if INNER in action or OPENED in action:
            raise IllegalAction("this answer seals nothing inside and opens nothing")
        return action
    assert asked is not None
    out = dict(action)
    opened = out.pop(OPENED, None)
    if not between_homes:
        if INNER in out:
            raise IllegalAction("an answer given in clear seals nothing inside", asked.rule)
        _open_all(state, asked, role, opened)  # a writer's own trial
        values = {p: out.pop(p) for p in _parts(asked, action)}
        if values:
            out.update(module.inner_shape(state, role, one_form.copied(values),
                                          earlier(state, role, keys)))
            out[INNER] = _keep(state, role, None, None, values)
        return out
    inner = out.pop(INNER, None)
    if inner is not None:
        if not asked.inner:
            raise IllegalAction("this question seals nothing inside an answer", asked.rule)
        commitment, box = _checked_inner(inner, role, _next_number(state, role), asked.rule)
        out[INNER] = _keep(state, role, commitment, box, None)
    _open_all(state, asked, role, opened)
    return out


def _keep(state: State, role: str, commitment: str | None, box: dict[str, Any] | None,
          values: dict[str, Any] | None) -> int:
    record = _record(state)
    number = _next_number(state, role)
    record["made"][role] = number
    record["choices"].setdefault(role, []).append(
        {"number": number, "commitment": commitment, "envelope": box,
         "opened": values is not None, "value": values})
    return number


def _checked_inner(inner: Any, role: str, number: int,
                   rule: str | None) -> tuple[str, dict[str, Any]]:
    if not isinstance(inner, Mapping) or set(inner) != {"number", "commitment", "envelope"}:
        raise IllegalAction("an inner sealed part is its number, a commitment and an "
                            "envelope", rule)
    if inner["number"] != number or isinstance(inner["number"], bool):
        raise IllegalAction(f"{role}'s next inner sealed part is number {number}", rule)
    commitment = inner["commitment"]
    if not isinstance(commitment, str) or len(commitment) != 64 \
            or any(c not in "0123456789abcdef" for c in commitment):
        raise IllegalAction("an inner sealed part's commitment is 64 hex digits", rule)
    try:
        box = Envelope.from_record(inner["envelope"], role)
    except SecretsError as exc:
        raise IllegalAction(f"an inner sealed part's envelope is malformed: {exc}",
                            rule) from None
    if not same_form(one_form.canonical(box.record()), inner["envelope"]):
        raise IllegalAction("an inner sealed part's envelope is not in the one form pbem "
                            "writes", rule)
    return commitment, dict(inner["envelope"])


def _open_all(state: State, asked: Prompt, role: str, opened: Any) -> None:
    if opened is None:
        return
    if not asked.opens_inner:
        raise IllegalAction("nothing sealed inside an answer is opened now", asked.rule)
    owed = unopened(state, role)
    if not isinstance(opened, list) or len(opened) != len(owed):
        raise IllegalAction(f"the openings are a list of {len(owed)}, one for each choice "
                            "sealed earlier, oldest first", asked.rule)
    for choice, given in zip(owed, opened, strict=True):
        if not isinstance(given, Mapping) or set(given) != {"value", "nonce"} \
                or not isinstance(given["value"], dict) or not isinstance(given["nonce"], str):
            raise IllegalAction("an opening is a value and a nonce", asked.rule)
        try:
            shown = sealed.Reveal(_text(given["value"]), bytes.fromhex(given["nonce"]))
            sealed.check(bytes.fromhex(choice["commitment"]), PURPOSE,
                         _context(role, int(choice["number"])), role, shown)
        except (SecretsError, ValueError):
            raise IllegalAction("an opening is not the choice sealed earlier",
                                asked.rule) from None
    for choice, given in zip(owed, opened, strict=True):
        choice.update(opened=True, value=one_form.copied(dict(given["value"])))


def check_opens(state: State, asked: Prompt | None, role: str, action: Mapping[str, Any]
                ) -> None:
    """Refuse an answer that a question opening inner choices asks of ``role`` and that
    does not open every one of them, or opens one as another value (a player's pbem
    always opens them as sealed); nothing changes."""
    if asked is None or not asked.opens_inner or not concerns(asked, action):
        return
    owed = unopened(state, role)
    if owed and not isinstance(action.get(OPENED), list):
        raise IllegalAction(f"this answer opens the {len(owed)} choice(s) sealed earlier "
                            "inside its writer's answers", asked.rule)
    _open_all(one_form.copied(dict(state)), asked, role, action.get(OPENED))  # checked only


def values_in(action: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The values an answer's openings show (not checked yet: for the cards they name)."""
    opened = action.get(OPENED)
    return [dict(o["value"]) for o in opened if isinstance(o, Mapping)
            and isinstance(o.get("value"), dict)] if isinstance(opened, list) else []
