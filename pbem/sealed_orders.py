"""Orders placed at once: one question several players answer, each sealed until every one
of them has answered, then opened together.

A game marks such a question with :attr:`pbem.engine.Prompt.sealed` (the roles that answer
it, in the order the game takes their answers). In a game played between homes (its
position carries :data:`KEY`, see :func:`enable`) the engine asks the roles in that order:

1. every role but the last *seals* its answer: the save holds ``{do: seal, commitment,
   envelope}`` — a commitment to the answer, and the answer in an envelope only its writer
   opens (so their pbem finds it again on any machine);
2. the last role answers in clear: everyone else is bound already;
3. each earlier role's pbem then *opens* its answer, unattended: ``{do: unseal, order,
   nonce}``, which every pbem checks against the commitment;
4. with the last opening, the game receives every answer, in its order, in that save. An
   answer the game refuses then (only a patched pbem seals one) is replaced by the game's
   default, and the log says so.

The game's position does not change until step 4, so nobody's answer can depend on
another's. A seat that is absent answers by default (in clear), or has its sealed answer
replaced by the default when it can no longer open it. Games created for rules questions
(table dice, scenarios) take the answers in clear, one after another, as before.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from pbem import absence, inner_seals, one_form
from pbem.engine import Action, ActionSpec, Log, Prompt, State
from pbem.errors import IllegalAction
from pbem.hidden_cards import seating
from pbem.one_form import same_form
from pbem.save_schema import canonical_action
from pbem.secrets import envelope, sealed
from pbem.secrets.envelope import Envelope
from pbem.secrets.errors import SecretsError
from pbem.secrets.keys import GameKeys
from pbem.signing import PrivateKey

KEY = "sealed_orders"
SEAL = "seal"
UNSEAL = "unseal"
OWES = "owes_openings"  # a lapsed answer whose writer still opens her inner choices
PURPOSE = "pbem-sealed-order"
# a sealed answer that may carry parts sealed inside it (pbem/inner_seals.py), or their
# openings, is padded to a multiple of this many bytes: its length would show them
PAD_TO = 4096

ApplyGame = Callable[[str, Action], None]  # the game takes one role's answer (or refuses)
Shown = Callable[[str, Action], None]  # a role's answer, open now, shows the cards it names
DefaultFor = Callable[[str], Action | None]  # the game's first legal default for a role
Accept = Callable[[str, Action], None]  # refuses an opened answer the engine refuses


def enable(state: State) -> None:
    """Mark a new game's position: its sealed questions are answered sealed."""
    state[KEY] = {"rounds": 0, "round": None}


def active(state: State, game_prompt: Prompt | None) -> bool:
    """Whether ``game_prompt`` is a question answered sealed in this game."""
    return game_prompt is not None and bool(game_prompt.sealed) and KEY in state


def _round(state: State, game_prompt: Prompt) -> dict[str, Any]:
    """The round answering ``game_prompt`` (a fresh one when none is open)."""
    found = state[KEY]["round"]
    if found is not None:
        return found  # type: ignore[no-any-return]
    return {"number": state[KEY]["rounds"] + 1, "step": game_prompt.step,
            "roles": list(game_prompt.sealed), "orders": {}}


def _waiting(rnd: Mapping[str, Any]) -> list[str]:
    return [role for role in rnd["roles"] if role not in rnd["orders"]]


def _to_open(rnd: Mapping[str, Any]) -> list[str]:
    """The roles whose pbem still opens something: a sealed answer, or (an answer that
    lapsed) the choices its writer sealed inside earlier answers."""
    return [role for role in rnd["roles"]
            if role in rnd["orders"] and not rnd["orders"][role].get("default")
            and (rnd["orders"][role]["order"] is None or rnd["orders"][role].get(OWES))]


def context(rnd: Mapping[str, Any]) -> str:
    """What a commitment of this round is bound to (with the game, through the keys)."""
    return f"{rnd['step']}#{rnd['number']}"


def side_by_side(game_prompt: Prompt | None) -> bool:
    """Whether the game lets its sealed question be answered side by side: every role may
    give her sealed answer, and then its opening, ahead of her turn (the game says so by
    listing the roles asked after the first in :attr:`Prompt.ahead`)."""
    return game_prompt is not None and bool(game_prompt.sealed) and bool(game_prompt.ahead)


def prompt(state: State, game_prompt: Prompt | None) -> Prompt | None:
    """The prompt as the engine puts it: the next role to answer (sealing, unless last),
    or, once all have answered, the next role whose pbem opens its answer; answered side by
    side, the roles after it may give theirs ahead (:attr:`Prompt.ahead`)."""
    if game_prompt is None or not active(state, game_prompt):
        if game_prompt is not None and game_prompt.sealed and game_prompt.ahead:
            return replace(game_prompt, ahead=())  # answers in clear, one after another
        return game_prompt
    rnd = _round(state, game_prompt)
    waiting = _waiting(rnd)
    roles = tuple(rnd["roles"])
    together = side_by_side(game_prompt)
    if waiting:
        note = " (in clear: the others are bound already)" if len(waiting) == 1 else \
            " (sealed: nobody sees it before every player has answered)"
        return replace(game_prompt, role=waiting[0], text=game_prompt.text + note,
                       sealed=roles, ahead=tuple(waiting[1:]) if together else ())
    opening = _to_open(rnd)
    text = "opens the choices sealed inside their earlier answers (their answer lapsed)" \
        if rnd["orders"][opening[0]].get(OWES) else \
        "opens their sealed answer, now that everyone has answered"
    return Prompt(opening[0], UNSEAL, text,
                  (ActionSpec(UNSEAL, "Open my sealed answer", game_prompt.rule),),
                  game_prompt.rule, sealed=roles,
                  ahead=tuple(opening[1:]) if together else ())


def must_seal(state: State, game_prompt: Prompt | None, role: str) -> bool:
    """Whether ``role``'s answer to ``game_prompt`` is sealed before it is written."""
    if game_prompt is None or not active(state, game_prompt):
        return False
    waiting = _waiting(_round(state, game_prompt))
    return len(waiting) > 1 and waiting[0] == role


def mine(doc: Mapping[str, Any], state: State, role: str | None,
         key: PrivateKey | None) -> Action | None:
    """The answer ``role`` gave in the round now open, as their own key reads it (``None``:
    none given, or not theirs to read)."""
    rnd = (state.get(KEY) or {}).get("round")
    entry = (rnd or {}).get("orders", {}).get(role)
    if not entry or role is None or key is None:
        return None
    if entry["order"] is not None:
        return entry["order"]  # type: ignore[no-any-return]
    try:
        return own_order(state, role, seating.seat(doc, role, key).keys)
    except (SecretsError, ValueError, KeyError):
        return None


def own_order(state: State, role: str, keys: GameKeys) -> Action | None:
    """``role``'s own sealed answer in the open round, read from its envelope."""
    rnd = (state.get(KEY) or {}).get("round")
    entry = (rnd or {}).get("orders", {}).get(role)
    if not entry or entry.get("envelope") is None:
        return None
    return _opened(rnd, entry, keys)[0]


# ------------------------------------------------------------------ the answering pbem


def _aad(keys: GameKeys, rnd: Mapping[str, Any]) -> bytes:
    return envelope.envelope_aad(keys.anchor, f"sealed-order:{context(rnd)}", keys.role)


def _text(order: Mapping[str, Any]) -> str:
    return json.dumps(dict(order), sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def seal(state: State, game_prompt: Prompt, order: Action, keys: GameKeys) -> Action:
    """The ``seal`` action that stands for ``order`` (its writer's keys make it)."""
    rnd = _round(state, game_prompt)
    commitment, shown = sealed.seal(keys, PURPOSE, context(rnd), _text(order))
    payload = {"order": _text(order), "nonce": shown.nonce.hex()}
    text = envelope.padded(payload, PAD_TO) if game_prompt.inner or game_prompt.opens_inner \
        else json.dumps(payload).encode()
    box = envelope.seal(keys.envelope_public, text, _aad(keys, rnd),
                        seed=keys.nonce_seed(f"sealed-order-envelope:{context(rnd)}"))
    return {"do": SEAL, "commitment": commitment.hex(), "envelope": box.record()}


def _opened(rnd: Mapping[str, Any], entry: Mapping[str, Any],
            keys: GameKeys) -> tuple[Action, str]:
    box = Envelope.from_record(entry["envelope"], keys.role)
    opened = envelope.open(keys.envelope_private, box, _aad(keys, rnd), sender=keys.role)
    payload = json.loads(opened.plaintext)
    return one_form.canonical(json.loads(payload["order"])), str(payload["nonce"])


def reopen(state: State, game_prompt: Prompt, action: Mapping[str, Any],
           keys: GameKeys) -> Action:
    """The answer a ``seal`` action of this player's stands for, read from its envelope
    (to compose it again, e.g. from a draft); refused when their key does not open it."""
    rnd = _round(state, game_prompt)
    try:
        return _opened(rnd, {"envelope": action.get("envelope")}, keys)[0]
    except (SecretsError, ValueError, KeyError, TypeError):
        raise IllegalAction("a sealed answer is given again only by its own player, as "
                            "sealed in this round", game_prompt.rule) from None


def unseal(state: State, role: str, keys: GameKeys) -> Action:
    """The ``unseal`` action that opens ``role``'s answer in the round now opening (an
    answer of hers that lapsed: the choices she sealed inside earlier answers)."""
    rnd = state[KEY]["round"]
    entry = rnd["orders"][role]
    if entry.get(OWES):
        return {"do": UNSEAL, inner_seals.OPENED: inner_seals.openings(state, role, keys)}
    order, nonce = _opened(rnd, entry, keys)
    return {"do": UNSEAL, "order": order, "nonce": nonce}


# ------------------------------------------------------------------ every pbem


def take(state: State, game_prompt: Prompt, role: str, action: Action, log: Log,
         label: Callable[[str], str], apply_game: ApplyGame, default_for: DefaultFor,
         shown: Shown | None = None, accept: Accept | None = None) -> None:
    """Record ``role``'s part of the round (a sealed answer, the last answer, an opening);
    an answer given in clear or opened shows the cards it names (``shown``); with the
    last opening, hand every answer to the game."""
    rnd = _round(state, game_prompt)
    waiting, verb = _waiting(rnd), action.get("do")
    absent = role in absence.by_default(state)
    lapsed = role in absence.lapsing(state)
    rule = game_prompt.rule
    if verb not in (SEAL, UNSEAL) and verb not in {s.verb for s in game_prompt.actions}:
        if state[KEY]["round"] is not None:
            raise IllegalAction("while sealed answers are being given, only an answer is "
                                "taken (standing orders wait until they are open)", rule)
        apply_game(role, action)  # no answer yet: e.g. standing orders, as ever
        return
    if waiting:
        if role != waiting[0]:
            raise IllegalAction(f"{label(waiting[0])} answers now", rule)
        if verb == UNSEAL:
            raise IllegalAction("nothing is opened before every player has answered", rule)
        if verb == SEAL:
            if len(waiting) == 1 and not side_by_side(game_prompt):
                raise IllegalAction("the last to answer answers in clear", rule)
            rnd["orders"][role] = _sealed_entry(action, role, rule)
            log.add(f"{label(role)} seals an answer", rule)
        elif len(waiting) > 1 and not absent:
            raise IllegalAction("this answer is sealed until everyone has answered: pbem "
                                "seals it", rule)
        else:
            rnd["orders"][role] = {"commitment": None, "envelope": None,
                                   "order": canonical_action(action)}
            if lapsed and game_prompt.opens_inner and inner_seals.unopened(state, role):
                rnd["orders"][role][OWES] = True  # her pbem still opens them
            if shown is not None and not absent:
                shown(role, rnd["orders"][role]["order"])
            log.add(f"{label(role)} answers" + (" (the last to answer)" if not absent else ""),
                    rule)
    else:
        if verb != UNSEAL:
            raise IllegalAction("every player has answered: their pbems open the sealed "
                                "answers now", rule)
        opener = _to_open(rnd)[0]
        if role != opener:
            raise IllegalAction(f"{label(opener)} opens their answer now", rule)
        entry = rnd["orders"][role]
        if entry.get(OWES) and not (absent and set(action) == {"do"}):
            inner_seals.check_opens(state, game_prompt, role, {
                **entry["order"], inner_seals.OPENED: action.get(inner_seals.OPENED)})
        _open(rnd, role, action, absent, log, label, rule)
        if shown is not None and rnd["orders"][role].get("order") is not None:
            shown(role, rnd["orders"][role]["order"])
    state[KEY]["round"] = rnd
    state[KEY]["rounds"] = rnd["number"]
    if not _waiting(rnd) and not _to_open(rnd):
        _hand_to_game(state, rnd, log, label, apply_game, default_for, rule, accept)


def _sealed_entry(action: Mapping[str, Any], role: str, rule: str | None) -> dict[str, Any]:
    extra = sorted(set(action) - {"do", "commitment", "envelope"})
    if extra:
        raise IllegalAction(f"a sealed answer takes no argument {extra[0]!r}", rule)
    commitment = action.get("commitment")
    if not isinstance(commitment, str) or len(commitment) != 64 \
            or any(c not in "0123456789abcdef" for c in commitment):
        raise IllegalAction("a sealed answer's commitment is 64 hex digits", rule)
    try:
        box = Envelope.from_record(action.get("envelope"), role)
    except SecretsError as exc:
        raise IllegalAction(f"a sealed answer's envelope is malformed: {exc}", rule) from None
    if not same_form(box.record(), action["envelope"]):
        raise IllegalAction("a sealed answer's envelope is not in the one form pbem writes",
                            rule)
    return {"commitment": commitment, "envelope": dict(action["envelope"]), "order": None}


def _open(rnd: dict[str, Any], role: str, action: Mapping[str, Any], absent: bool, log: Log,
          label: Callable[[str], str], rule: str | None) -> None:
    entry = rnd["orders"][role]
    if absent and set(action) == {"do"}:
        entry["default"] = True
        log.add(f"{label(role)} is absent: " + (
            "the choices they sealed inside earlier answers are never opened"
            if entry.get(OWES) else "their sealed answer is never opened"), rule)
        return
    if entry.get(OWES):
        _open_inner(entry, role, action, log, label, rule)
        return
    extra = sorted(set(action) - {"do", "order", "nonce"})
    order, nonce = action.get("order"), action.get("nonce")
    if extra or not isinstance(order, dict) or not isinstance(order.get("do"), str) \
            or not isinstance(nonce, str) or not _plain_hex(nonce) \
            or not same_form(order, one_form.canonical(order)):
        raise IllegalAction("an opening gives the order and its nonce", rule)
    try:
        shown = sealed.Reveal(_text(order), bytes.fromhex(nonce))
        sealed.check(bytes.fromhex(entry["commitment"]), PURPOSE, context(rnd), role, shown)
    except (SecretsError, ValueError):
        raise IllegalAction(f"{label(role)}'s opened answer is not the one they sealed",
                            rule) from None
    entry["order"] = canonical_action(order)
    log.add(f"{label(role)}'s sealed answer is opened", rule)


def _open_inner(entry: dict[str, Any], role: str, action: Mapping[str, Any], log: Log,
                label: Callable[[str], str], rule: str | None) -> None:
    """Keep the openings of the inner choices of ``role``, whose answer lapsed: they join
    the default that stands for it (checked when the answers are handed to the game)."""
    opened = action.get(inner_seals.OPENED)
    if set(action) != {"do", inner_seals.OPENED} or not isinstance(opened, list):
        raise IllegalAction(f"{label(role)}'s answer lapsed: their pbem opens only the "
                            "choices they sealed inside earlier answers", rule)
    entry["order"] = canonical_action({**entry["order"], inner_seals.OPENED: opened})
    del entry[OWES]
    log.add(f"{label(role)}'s choices sealed inside earlier answers are opened", rule)


def _plain_hex(text: str) -> bool:
    return bool(text) and all(c in "0123456789abcdef" for c in text) and len(text) % 2 == 0


def _hand_to_game(state: State, rnd: Mapping[str, Any], log: Log,
                  label: Callable[[str], str], apply_game: ApplyGame,
                  default_for: DefaultFor, rule: str | None,
                  accept: Accept | None = None) -> None:
    """Every answer, in the game's order: one the game (or ``accept``) refuses gives way
    to its default."""
    state[KEY]["round"] = None
    log.heading("Every sealed answer is open: each is carried out in turn", rule)
    for role in rnd["roles"]:
        order = rnd["orders"][role]["order"]
        if order is not None:
            try:
                if accept is not None:
                    accept(role, order)
                apply_game(role, order)
                continue
            except IllegalAction as exc:
                log.add(f"{label(role)}'s answer cannot be carried out ({exc.message}): the "
                        f"default stands in for it", rule)
        fallback = default_for(role)
        if fallback is None:
            raise IllegalAction(f"the game offers {label(role)} no default answer", rule)
        log.add(f"By default for {label(role)}", rule)
        apply_game(role, fallback)
