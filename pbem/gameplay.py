"""Calling a game module: the engine's side of the contract in one place.

Games without hidden cards get exactly the calls of :class:`pbem.engine.GameModule`.
Games that declare decks (``uses_secrets``) also get a :class:`pbem.hidden.Secrets` in
``start`` and ``apply`` — sealed cards between players, or open ones for scenarios and
table dice — and what the viewer knows in ``prompt`` and ``view``.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from pbem import absence, inner_seals, sealed_orders, shares_ahead
from pbem.dice import Dice, WitnessDice
from pbem.engine import Action, GameModule, Log, Prompt, State, complete_action, copy_state
from pbem.errors import IllegalAction, NeedActor, NeedDice, NeedWitness
from pbem.hidden import SECRETS_KEY, Known, OpenSecrets, Secrets, known_to
from pbem.hidden_cards import model, seating
from pbem.hidden_cards.knowledge import known
from pbem.hidden_cards.operations import SealedSecrets
from pbem.hidden_cards.seating import Seat

CLAIM = "claim"
DEFAULTS = "defaults"


def sealed_for(dice_mode: str, scenario: Mapping[str, Any] | None) -> bool:
    """Whether a new game keeps its cards sealed: not with table dice or a scenario, which
    state their cards openly (rules questions, tutorials)."""
    return dice_mode != "table" and scenario is None


def opening(module: GameModule, options: Mapping[str, Any],
            scenario: Mapping[str, Any] | None, sealed: bool = False) -> State:
    """The opening state, with the game's declared decks when it has hidden cards."""
    state = module.setup(options, scenario)
    if sealed and module.sealed_answers:
        sealed_orders.enable(state)
    if module.uses_secrets and SECRETS_KEY not in state:
        shared, private = module.shared_decks(options), module.private_decks(options)
        if sealed:
            state[SECRETS_KEY] = model.create(shared, private)
        else:
            OpenSecrets.create(state, shared, private)
    return state


def secrets_for(state: State, dice: Dice, seat: Seat | None) -> Secrets:
    """The hidden cards of ``state`` as the acting ``seat`` sees them."""
    if model.of(state) is not None:
        if seat is None:
            raise IllegalAction("sealed cards need the acting player's seat")
        return SealedSecrets(state, dice, seat)
    return OpenSecrets(state, dice)


def start(module: GameModule, state: State, dice: Dice, log: Log,
          seat: Seat | None = None) -> None:
    """The game's opening, once the seed is known (open decks are shuffled first)."""
    if module.uses_secrets:
        secrets = secrets_for(state, dice, seat)
        if isinstance(secrets, OpenSecrets):
            secrets.shuffle_all()
        module.start(state, dice, log, secrets)  # type: ignore[call-arg]
    else:
        module.start(state, dice, log)


def apply(module: GameModule, state: State, role: str, action: Action, dice: Dice,
          log: Log, seat: Seat | None = None) -> None:
    """Carry out one action (see :meth:`GameModule.apply`), then every decision it leaves
    to absent seats (:mod:`pbem.absence`); ``claim`` marks seats absent, ``defaults`` only
    takes their decisions."""
    verb = action.get("do")
    if verb == CLAIM:
        claim(module, state, action, log)
        return
    if verb != DEFAULTS:
        _apply_one(module, state, role, action, dice, log, seat)
    absence.settle(module, state, dice, log, lambda now: prompt(module, now),
                   lambda who, default, now: _apply_default(module, now, who, default, dice,
                                                            log, seat))


def claim(module: GameModule, state: State, action: Action, log: Log) -> None:
    """Mark the claimed seats absent, or (``lapse``) their answer lapsed (the chain checked
    the claim); their decisions are taken by the save's next action, ``defaults``."""
    targets, seats = list(action["roles"]), list(action["seats"])
    log.heading("A claim: the deadline passed")
    names = {r: module.role_label(r) for r in seats}
    if action.get("lapse"):
        absence.lapse(state, seats, targets, log, names)
        return
    absence.mark(state, seats, targets, log, names)
    for target in targets:
        module.seat_absent(state, target, log)
    if not needs_defaults(module, state) and (why := absence.alone(state)):
        absence.end(state, log, why)


def needs_defaults(module: GameModule, state: State) -> bool:
    """Whether the prompt now rests on an absent seat, or one whose answer lapses (a
    ``defaults`` action is owed)."""
    if not absence.by_default(state) or absence.ended(state):
        return False
    now = prompt(module, state)
    return now is not None and now.role in absence.by_default(state)


def outcome(module: GameModule, state: State) -> dict[str, Any] | None:
    """The result once the game is over, an end by absence included."""
    data = absence.record(state)
    if data is not None and data["ended"]:
        return absence.outcome(state, data["seats"])
    return module.outcome(state)


def _apply_default(module: GameModule, state: State, role: str, action: Action, dice: Dice,
                   log: Log, seat: Seat | None) -> None:
    offer = prompt(module, state)
    _apply_one(module, state, role, complete_action(offer, action), dice, log, seat)


def _apply_one(module: GameModule, state: State, role: str, action: Action, dice: Dice,
               log: Log, seat: Seat | None) -> None:
    asked = None if absence.ended(state) else module.bare_prompt(state)
    if sealed_orders.active(state, asked):
        assert asked is not None
        if module.seals_inside and role not in absence.by_default(state) \
                and inner_seals.concerns(asked, action):  # an answer in clear
            inner_seals.check_opens(state, asked, role, action)
            trial(module, state, role, action, seat, clear=False)
        sealed_orders.take(
            state, asked, role, action, log, module.role_label,
            lambda who, order: _apply_kept(module, state, who, order, dice, log, seat),
            lambda who: _default_for(module, state, who, dice, seat),
            lambda who, order: _show_named(module, state, who, order, dice, seat),
            lambda who, order: _owes_nothing(module, state, asked, who, order))
        return
    _apply_game(module, state, role, action, dice, log, seat)


def _owes_nothing(module: GameModule, state: State, asked: Prompt, role: str,
                  order: Action) -> None:
    """Refuse an opened answer that leaves out what its writer owes (the openings of her
    choices sealed inside earlier answers); an absent seat's default owes nothing."""
    if module.seals_inside and role not in absence.absent(state):
        inner_seals.check_opens(state, asked, role, order)


def _show_named(module: GameModule, state: State, role: str, order: Action, dice: Dice,
                seat: Seat | None) -> None:
    """Turn face up the sealed cards ``role``'s answer, open now, names (the game reads
    them when it takes the answers, maybe in another player's save); only her own pbem
    can, so an answer given ahead that names one waits for a save of hers."""
    if not module.uses_secrets or model.of(state) is None:
        return
    handles = [h for h in module.named_cards(state, role, order)
               if h in state[SECRETS_KEY]["cards"]]
    if not handles:
        return
    if seat is None or seat.role != role:
        raise NeedActor(f"{role}'s pbem shows the cards their answer names")
    secrets = SealedSecrets(state, dice, seat)
    for handle in handles:
        if secrets.holder(handle) == role:
            secrets.reveal(handle)


def game_prompt(module: GameModule, state: State) -> Prompt | None:
    """The game's own prompt, before the engine seals anything."""
    if absence.ended(state):
        return None
    return module.prompt(state, {}) if module.uses_secrets else \
        module.prompt(state)  # type: ignore[call-arg]


def _apply_kept(module: GameModule, state: State, role: str, action: Action, dice: Dice,
                log: Log, seat: Seat | None) -> None:
    """Apply on a copy; keep the result only if the game accepts the action."""
    scratch, rolled, mark = copy_state(state), dice.snapshot(), len(log.entries)
    try:
        _apply_game(module, scratch, role, action, dice, log, seat)
    except IllegalAction:
        dice.restore(rolled)
        del log.entries[mark:]
        raise
    state.clear()
    state.update(scratch)


def _default_for(module: GameModule, state: State, role: str, dice: Dice,
                 seat: Seat | None) -> Action | None:
    """The first of the game's defaults for ``role``'s question that the game accepts."""
    asked = game_prompt(module, state)
    if asked is None or asked.role != role:
        return None
    for action in module.default_actions(state, asked):
        scratch, rolled = copy_state(state), dice.snapshot()
        try:
            _apply_game(module, scratch, role, action, dice, Log(), seat)
        except IllegalAction:
            continue
        finally:
            dice.restore(rolled)
        return action
    return None


def trial(module: GameModule, state: State, role: str, action: Action,
          seat: Seat | None = None, clear: bool = True) -> None:
    """Refuse now an answer to a sealed question that the game would refuse: tried on a
    copy after the roles before ``role`` answer by default (nothing is kept). ``clear``:
    its writer's own answer, inner parts in clear; else as it arrives, sealed inside."""
    asked = game_prompt(module, state)
    if asked is None:
        raise IllegalAction("the game is over")
    scratch, dice = copy_state(state), WitnessDice()
    scratch[sealed_orders.KEY] = {**scratch[sealed_orders.KEY], "round": None}
    try:
        for other in asked.sealed[:asked.sealed.index(role)]:
            default = _default_for(module, scratch, other, dice, seat)
            if default is not None:
                _apply_game(module, scratch, other, default, dice, Log(), seat)
        _apply_game(module, scratch, role, action, dice, Log(), seat, clear=clear)
    except (NeedWitness, NeedDice):
        return  # it rolls dice: the game decides once it is carried out


def _apply_game(module: GameModule, state: State, role: str, action: Action, dice: Dice,
                log: Log, seat: Seat | None, clear: bool = False) -> None:
    """The game takes one action; parts sealed inside it are kept by the engine first
    (``clear``: the writer's own trial, its inner parts still in clear)."""
    if module.seals_inside:
        asked = None if absence.ended(state) else module.bare_prompt(state)
        action = inner_seals.take(module, state, asked, role, action,
                                  between_homes=sealed_orders.KEY in state and not clear,
                                  keys=seat.keys if clear and seat is not None else None)
    if module.uses_secrets:
        module.apply(state, role, action, dice, log,  # type: ignore[call-arg]
                     secrets_for(state, dice, seat))
    else:
        module.apply(state, role, action, dice, log)


def knowledge(state: State, role: str | None, seat: Seat | None = None) -> Known:
    """What ``role`` may read of the hidden cards (with their keys, for sealed ones)."""
    data = model.of(state)
    if data is None:
        return known_to(state, role)
    return known(data, seat if seat is not None else Seat("", [], {}))


def prompt(module: GameModule, state: State, viewer: str | None = None,
           known: Known | None = None) -> Prompt | None:
    """Who must act and what is offered; labels of hidden cards as the viewer knows them
    (by default the player who must act, as far as the state tells)."""
    if absence.ended(state):
        return None
    if not module.uses_secrets:
        return sealed_orders.prompt(state, module.prompt(state))
    if known is None:
        if viewer is None:
            bare = module.prompt(state, {})  # type: ignore[call-arg]
            if bare is None:
                return None
            viewer = bare.role
        known = knowledge(state, viewer)
    asked = module.prompt(_as_asked(module, state), known)  # type: ignore[call-arg]
    return sealed_orders.prompt(state, asked)


def _as_asked(module: GameModule, state: State) -> State:
    """The position the next role of an open sealed round answers in: the game has not
    seen the answers sealed before hers, so its question is put to her as if those roles
    had answered by default (her own cards, her own options), as :func:`trial` tries it."""
    rnd = (state.get(sealed_orders.KEY) or {}).get("round")
    if not rnd or not rnd["orders"]:
        return state
    waiting = [r for r in rnd["roles"] if r not in rnd["orders"]]
    if not waiting:
        return state
    scratch, dice = copy_state(state), WitnessDice()
    scratch[sealed_orders.KEY] = {**scratch[sealed_orders.KEY], "round": None}
    seat = Seat("", [], {})  # a bystander: a default answer shows no card
    try:
        for other in rnd["roles"][:rnd["roles"].index(waiting[0])]:
            default = _default_for(module, scratch, other, dice, seat)
            if default is not None:
                _apply_game(module, scratch, other, default, dice, Log(), seat)
    except (NeedWitness, NeedDice, IllegalAction):
        return state
    return scratch


def asked_of(module: GameModule, state: State, role: str,
             known: Known | None = None) -> Prompt | None:
    """The question of a sealed round as put to ``role``, asked with others side by side
    (her own options: the roles before her as if they had answered by default)."""
    asked = game_prompt(module, state)
    if asked is None or role not in asked.sealed:
        return None
    scratch, dice = copy_state(state), WitnessDice()
    scratch[sealed_orders.KEY] = {**scratch[sealed_orders.KEY], "round": None}
    seat = Seat("", [], {})
    try:
        for other in asked.sealed[:asked.sealed.index(role)]:
            default = _default_for(module, scratch, other, dice, seat)
            if default is not None:
                _apply_game(module, scratch, other, default, dice, Log(), seat)
    except (NeedWitness, NeedDice, IllegalAction):
        return None
    if not module.uses_secrets:
        mine = module.prompt(scratch)
    else:
        mine = module.prompt(scratch, known if known is not None  # type: ignore[call-arg]
                             else knowledge(state, role))
    return mine if mine is not None and mine.role == role else None


def view(module: GameModule, state: State, role: str | None,
         known: Known | None = None) -> dict[str, Any]:
    """What ``role`` (``None``: a spectator) may see of the position."""
    if module.uses_secrets:
        return module.view(state, role, known if known is not None  # type: ignore[call-arg]
                           else knowledge(state, role))
    return module.view(state, role)


def describe(module: GameModule, state: State, role: str | None,
             known: Known | None = None) -> str:
    """A text picture of the position as ``role`` may see it."""
    if module.uses_secrets:
        return module.describe(state, role, known if known is not None  # type: ignore[call-arg]
                               else knowledge(state, role))
    return module.describe(state, role)


def viewer_knowledge(save_doc: Mapping[str, Any], state: State, role: str | None,
                     key: Any, beside: Path | None = None) -> Known:
    """What the player ``role`` reads with their identity ``key`` (``None``: public only):
    the hidden cards, and her own choices sealed inside earlier answers. The other
    players' shares of her cards count from the saves and from the shares files given
    ahead, in the local store or in the folder ``beside`` (:mod:`pbem.shares_ahead`)."""
    if role is None or model.of(state) is None or key is None:
        return knowledge(state, role)
    if len(save_doc["dice"]["salts"]) < len(save_doc["players"]):
        return knowledge(state, role)
    state = shares_ahead.readable(save_doc, state, role, beside)
    seat = seating.seat(save_doc, role, key)
    known = knowledge(state, role, seat)
    if not inner_seals.unopened(state, role):
        return known
    return {**known, **inner_seals.read_back(state, role, seat.keys)}


def key_results(module: GameModule, log: list[str]) -> list[str]:
    """The big news among a stretch of play's log lines (eliminations, defections, captures,
    areas changing hands, losses to events) as the game marks them; ``[]`` when it marks
    none."""
    return [str(line) for line in module.key_results(log)]
