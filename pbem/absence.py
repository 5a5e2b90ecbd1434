"""Seats whose players stopped answering: absent seats, decided by default.

After a claim (:mod:`pbem.claims`) a seat is *absent*: it is never due again; every
decision the rules put to it is taken at once by the game's documented default
(:meth:`GameModule.default_action`, after :meth:`GameModule.seat_absent` let its standing
orders answer what they can), inside the save of whoever's action led there, and the log
marks each one. An absent seat gives no dice links and no secrets, so:

* with one seat left the game ends once the absent seats' owed decisions are taken (or at
  the first roll, which nobody else could answer): the absent player forfeits;
* in a game with hidden cards, the game ends when it needs an absent seat's secrets
  (a shuffle step, or its part of a card another player must read).

A claim against an answer to a question that *lapses* (:attr:`Prompt.lapses`) makes no
seat absent: the game's default stands for that one answer, taken in the claim's save, and
the seat stays at the table (:func:`lapse`).

The record lives in the position, under :data:`KEY`: ``{"roles": [absent seats],
"seats": [every seat], "since": {absent seat: the claim that made it absent, counted
from 1}, "claims": claims made so far, "ended": bool}``, and after a lapse ``"lapses":
{seat: how many of its answers lapsed}`` (and, until the claim's save takes its default,
``"lapsing": [seat]``); a seat handed to a new player (:mod:`pbem.seats`) leaves
``roles`` and ``since``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pbem.dice import Dice
from pbem.engine import GameModule, Log, LogEntry, Prompt, State, copy_state
from pbem.errors import ChainError, IllegalAction, NeedWitness
from pbem.founding import KEY
from pbem.hidden_cards import model as hidden_model
from pbem.hidden_cards import obligations

MAX_DEFAULTS = 2_000  # decisions taken by default in one go (a game that never moves on)


def record(state: State) -> dict[str, Any] | None:
    data = state.get(KEY)
    return data if isinstance(data, dict) else None


def absent(state: State) -> list[str]:
    """The absent seats, in seat order."""
    data = record(state)
    return list(data["roles"]) if data else []


def lapsing(state: State) -> list[str]:
    """The seats whose answer lapsed in the claim being carried out (their default is
    taken now)."""
    data = record(state)
    return list(data.get("lapsing", ())) if data else []


def by_default(state: State) -> list[str]:
    """The seats whose decision the game takes by default now: the absent ones, and the
    one whose answer is lapsing."""
    return [*absent(state), *lapsing(state)]


def lapses(state: State) -> dict[str, int]:
    """How many answers lapsed, by seat."""
    data = record(state)
    return dict(data.get("lapses", {})) if data else {}


def ended(state: State) -> bool:
    """Whether the game ended because a seat is absent."""
    data = record(state)
    return bool(data and data["ended"])


def present(roles: Sequence[str], state: State) -> list[str]:
    gone = set(absent(state))
    return [r for r in roles if r not in gone]


def mark(state: State, roles: Sequence[str], targets: Sequence[str], log: Log,
         names: dict[str, str]) -> None:
    """Make ``targets`` absent."""
    before = record(state)
    gone = set(absent(state)) | set(targets)
    ordered = [r for r in roles if r in gone]
    claims = (before["claims"] if before else 0) + 1
    since = {r: (before["since"].get(r, claims) if before else claims) for r in ordered}
    for role in targets:
        since[role] = claims
    state[KEY] = {**(before or {}), "roles": ordered, "seats": list(roles), "since": since,
                  "claims": claims, "ended": False}
    for role in targets:
        log.add(f"{names.get(role, role)} did not answer by the deadline: their seat is "
                f"absent, and the game's defaults decide for it from now on")


def lapse(state: State, roles: Sequence[str], targets: Sequence[str], log: Log,
          names: dict[str, str]) -> None:
    """The answers ``targets`` owe lapse: the game's default stands for each, taken by
    :func:`settle` in this same save; the seats stay at the table."""
    data = record(state)
    if data is None:
        data = {"roles": [], "seats": list(roles), "since": {}, "claims": 0, "ended": False}
    data["claims"] += 1
    counts = dict(data.get("lapses", {}))
    for role in targets:
        counts[role] = counts.get(role, 0) + 1
    data["lapses"] = {r: counts[r] for r in roles if r in counts}
    data["lapsing"] = list(targets)
    state[KEY] = data
    for role in targets:
        log.add(f"{names.get(role, role)} did not answer by the deadline: the answer lapses, "
                f"and the game's default stands for it (the seat stays at the table)")


def alone(state: State) -> str | None:
    """Why the game cannot go on with one seat present (``None``: two or more are)."""
    data = record(state)
    if data is None:
        return None
    left = [r for r in data["seats"] if r not in data["roles"]]
    if len(left) >= 2:
        return None
    return f"only {', '.join(left) or 'nobody'} is left at the table"


def end(state: State, log: Log, why: str) -> None:
    data = record(state)
    assert data is not None
    data["ended"] = True
    log.heading(f"The game ends by absence: {why}")


def outcome(state: State, roles: Sequence[str]) -> dict[str, Any] | None:
    """The result of a game ended by absence (``None``: it did not end that way)."""
    if not ended(state):
        return None
    gone = absent(state)
    left = [r for r in roles if r not in gone]
    return {"winner": left[0] if len(left) == 1 else None, "forfeit": gone,
            "reason": "absence: " + ", ".join(gone) + " stopped answering"}


def stuck(state: State, prompt: Prompt | None, roles: Sequence[str]) -> str | None:
    """Why the game cannot go on without an absent seat's secrets (``None``: it can)."""
    hidden = hidden_model.of(state)
    gone = absent(state)
    if hidden is None or not gone:
        return None
    for role in gone:
        if obligations.owed(hidden, role, list(roles), "shuffles", False):
            return "a shuffle needs the absent seat's step"
    if prompt is not None and prompt.role not in gone:
        owing = obligations.owing_to_holder(hidden, prompt.role, list(roles), gone)
        if owing in gone:
            return "a card to be read needs the absent seat's part of it"
    return None


def settle(module: GameModule, state: State, dice: Dice, log: Log,
           prompt_of: Any, apply_as: Any) -> None:
    """Take every decision owed by an absent seat by default, until the prompt rests on a
    present seat (or the game ends). ``prompt_of(state)`` and ``apply_as(role, action, state)``
    are the engine's calls into the game (so this module knows no game)."""
    data = record(state)
    if data is None or data["ended"]:
        return
    roles = list(data["seats"])
    for _ in range(MAX_DEFAULTS):
        prompt = prompt_of(state)
        data = record(state) or data  # a default replaces the position's record
        late = lapsing(state)
        if late and (prompt is None or prompt.role not in late):
            data.pop("lapsing", None)  # the question moved on: nothing lapses any more
            late = []
        why = stuck(state, prompt, roles) if roles else None
        if why:
            end(state, log, why)
            return
        if prompt is None or prompt.role not in (*data["roles"], *late):
            if prompt is not None and (why := alone(state)):
                end(state, log, why)
            return
        mark_at = len(log.entries)
        for action in module.default_actions(state, prompt):
            scratch, rolled = copy_state(state), dice.snapshot()
            try:
                apply_as(prompt.role, action, scratch)
            except IllegalAction:
                del log.entries[mark_at:]
                dice.restore(rolled)
                continue
            except NeedWitness:
                if not (why := alone(state)):
                    raise
                del log.entries[mark_at:]
                dice.restore(rolled)
                end(state, log, f"{why}, and nobody else can answer a roll")
                return
            state.clear()
            state.update(scratch)
            who = f"the lapsed answer of {module.role_label(prompt.role)}" \
                if prompt.role in late else f"the absent {module.role_label(prompt.role)}"
            log.entries.insert(mark_at, LogEntry(
                f"By default for {who}: {module.describe_action(action)}", 0, prompt.rule))
            if prompt.role in late:
                (record(state) or {}).pop("lapsing", None)
            break
        else:
            if hidden_model.of(state) is None:
                raise ChainError(f"no default of {module.title} fits the absent seat's "
                                 f"question ({prompt.text})", "")
            end(state, log, "the absent seat's decision needs its hidden cards")
            return
    raise ChainError("the defaults of an absent seat never let the game move on", "")


def without_questions(table: Mapping[str, tuple[tuple[str, ...], str, str]],
                      current: Mapping[str, str]) -> dict[str, str]:
    """A seat's standing orders with every ``ask`` replaced by the order's default (or,
    where the default is to ask, its first other value): an absent seat is asked nothing."""
    out = dict(current)
    for name, (allowed, default, _what) in table.items():
        if out.get(name, default) == "ask":
            out[name] = default if default != "ask" else next(v for v in allowed if v != "ask")
    return out


def orders_for_absent(table: Mapping[str, tuple[tuple[str, ...], str, str]],
                      before: Mapping[str, str], log: Log, label: str) -> dict[str, str]:
    """:func:`without_questions`, with a log line naming each order it changed."""
    after = without_questions(table, before)
    changed = {k: v for k, v in after.items() if before.get(k, table[k][1]) != v}
    if changed:
        log.add(f"{label}'s standing orders answer for the absent seat: "
                + ", ".join(f"{k} {v}" for k, v in changed.items()))
    return after


def seated(state: State, role: str, log: Log, who: str, departing_key: str,
           released: Mapping[str, Any] | None = None) -> None:
    """``role`` is present again: its seat was handed to ``who`` (the key that held it is
    kept, so it never takes the seat back; a release of its hidden secrets is kept for the
    newcomer's pbem)."""
    data = record(state)
    assert data is not None and role in data["roles"]
    data["roles"] = [r for r in data["roles"] if r != role]
    data["since"] = {r: n for r, n in data["since"].items() if r != role}
    held = dict(data.get("held", {}))
    held[role] = [*held.get(role, []), departing_key]
    data["held"] = held
    if released is not None:
        data["released"] = {**data.get("released", {}), role: dict(released)}
    log.add(f"the seat is no longer absent: {who} decides for it from now on")

