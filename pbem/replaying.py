"""Re-applying a save's actions to the position before it, with the save's own dice.

:func:`run_actions` replays each action the way its writer's pbem applied it (answers
given ahead folded in as their roles'), refuses any step that is not legal there, and
returns the position, log and dice records the save must hold.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from pbem import dice as dicemod
from pbem import gameplay, passes_ahead
from pbem.engine import Action, GameModule, Log, State, complete_action, copy_state
from pbem.errors import ChainError, IllegalAction, NeedDice, NeedWitness
from pbem.hidden_cards import model as hidden_model
from pbem.hidden_cards import sealing
from pbem.one_form import same_form
from pbem.steps import (
    CLAIM,
    DEFAULTS,
    ENGINE_VERBS,
    SEAL,
    START,
    UNSEAL,
    Replay,
    guard,
    hand_waits,
    offered_to,
    open_dice,
    verifier_seat,
)


def dice_for(module: GameModule, save_doc: dict[str, Any], roles: list[str], mode: str,
             records: list[dict[str, Any]], state_of: Callable[[], State]) -> Any:
    """The dice of a save's actions: typed-in, open, or none (witnessed)."""
    if mode == "table" or save_doc["dice"]["seed"] is None:
        return dicemod.TableDice([int(r["d"]) for r in records])
    if mode == "open":
        return open_dice(module, save_doc, roles, state_of)
    return dicemod.WitnessDice()


def run_actions(module: GameModule, doc: dict[str, Any], roles: list[str], mode: str,
                prev_state: State, actions: list[Action], where: str,
                first_dice: Any = None) -> Replay:
    """Re-apply ``actions`` to ``prev_state`` with the save's dice; refuse any illegal step.

    ``first_dice`` (carrying on after a request): the dice of the first action, made from
    the witnesses' links."""
    holder = {"state": copy_state(prev_state)}
    log = Log()
    records: list[list[dict[str, Any]]] = []
    rest = actions[1:] if first_dice is not None else actions
    recorded = [roll for action in rest for roll in action.get("dice", [])]
    dice = dice_for(module, doc, roles, mode, recorded, lambda: holder["state"])
    writer = doc["writer"]
    for index, action in enumerate(actions):
        current = first_dice if (first_dice is not None and index == 0) else dice
        before = len(current.rolls)
        verb = action["do"]
        state = holder["state"]
        seat = verifier_seat(doc, writer, state, action)
        try:
            if verb == START:
                if index != 0:
                    raise IllegalAction("the game starts with the first action of a save")
                log.heading("The game begins: every seed share is revealed")
                guard(where, "the game's opening", gameplay.start, module, state, current,
                      log, seat)
            elif verb == CLAIM:
                if index != 0:
                    raise IllegalAction("a claim is the first action of its save")
                guard(where, "the claim", gameplay.apply, module, state, writer,
                      {k: v for k, v in action.items() if k != "answers"}, current, log, seat)
            elif verb == DEFAULTS:
                if not gameplay.needs_defaults(module, state):
                    raise IllegalAction("no absent seat has a decision to take")
                guard(where, "the absent seats' defaults", gameplay.apply, module, state,
                      writer, {"do": DEFAULTS}, current, log, seat)
            elif verb in (SEAL, UNSEAL):
                offered_to(module, state, writer)
                body = {k: v for k, v in action.items() if k not in ("dice", "reveals")
                        and not (k == "answers" and first_dice is not None and index == 0)}
                guard(where, f"actions[{index}] ({verb})", gameplay.apply, module, state,
                      writer, body, current, log, seat)
            elif verb in passes_ahead.VERBS:
                _fold(module, state, action, actions[index + 1:], writer, current, log,
                      where, seat)
            elif verb in ENGINE_VERBS:
                raise IllegalAction(f"'{verb}' is not a player's action here")
            else:
                prompt = offered_to(module, state, writer)
                if hand_waits(state, prompt, roles) is not None:
                    raise IllegalAction("the player reads their hidden cards first: the "
                                        "save ends where the others give their part of them")
                body = {k: v for k, v in action.items() if k not in ("dice", "reveals")
                        and not (k == "answers" and first_dice is not None and index == 0)}
                if not same_form(complete_action(prompt, body), body):
                    raise IllegalAction("it is not written in its complete form (every "
                                        "argument, defaults included, nothing more)")
                body = sealing.bind(prompt, body, hidden_model.of(state), seat) \
                    if seat is not None else body
                guard(where, f"actions[{index}] ({verb})",
                      gameplay.apply, module, state, writer, body, current, log, seat)
            if seat is not None and set(seat.records) != seat.used:
                raise IllegalAction("it shows cards or choices it does not turn face up")
            if seat is not None and list(seat.records) != sorted(seat.records):
                raise IllegalAction("what it shows is not in its order (by handle)")
        except NeedDice as exc:
            raise ChainError(f"actions[{index}] ({verb}) needs more table dice than were "
                             f"recorded: {exc.purpose}", where) from None
        except NeedWitness:
            raise ChainError(f"actions[{index}] ({verb}) needs other players first, so it "
                             f"must wait as this save's pending request", where) from None
        except IllegalAction as exc:
            raise ChainError(f"actions[{index}] ({verb}) is illegal: {exc.message}",
                             where) from None
        records.append([roll.record() for roll in current.rolls[before:]])
    if mode == "table" and getattr(dice, "values", None):
        raise ChainError("more table dice were recorded than the actions rolled", where)
    return Replay(holder["state"], log.lines(), records)


def _fold(module: GameModule, state: State, action: Action, rest: list[Action],
          writer: str, dice: Any, log: Log, where: str, seat: Any = None) -> None:
    """One answer given ahead (its signature checked already), taken as its role's: a pass,
    or her part of a sealed question; after the last of them the game must be asking the
    save's writer, or, in a save of those answers alone, still asking the same question of
    a player asked after them."""
    prompt = gameplay.prompt(module, state)
    role = action.get("role")
    if prompt is None or prompt.role != role:
        raise IllegalAction(f"{role} is not the player asked at this point")
    answer = dict(passes_ahead.PASS) if action.get("do") == passes_ahead.VERB \
        else dict(action["answer"])
    guard(where, f"the answer {role} gave ahead", gameplay.apply, module, state, str(role),
          answer, dice, log, seat)
    if rest and rest[0].get("do") in passes_ahead.VERBS:
        return
    after = gameplay.prompt(module, state)
    if after is None or after.role == writer:
        return
    if not rest and (role == writer or (after.step == prompt.step
                                        and after.role in prompt.ahead)):
        return  # passes only, carried on: by the last who passed, or for a later player
    raise IllegalAction(f"after the passes it is {after.role}'s move: only they write "
                        f"the save that takes them")
