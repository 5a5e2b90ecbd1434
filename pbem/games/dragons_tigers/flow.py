"""The procedure machine: named steps on a stack, each offering actions or running itself.

Every step of the game (a turn, a combat, a decision addressed to one player) is a dict
on ``state["stack"]`` with a ``step`` name. Its handler either *prompts* (returns the
actions the rules offer and to whom) or, when nobody has anything to decide, *runs*
(rolls dice, moves pieces, pushes or pops steps). :func:`advance` runs steps until one
prompts. An action is legal only if the current prompt offers it, so hints and refusals
come from the same code.

This module is the only hub of the rules: each section registers its handlers here by
name (:func:`handler` for steps, :func:`phase` for the phases of a turn, :func:`explains`
for why its verbs are refused), and a section hands work to another by pushing a step by
name, never by importing it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, ClassVar

from pbem.engine import ActionSpec, Option, Param, Prompt
from pbem.errors import IllegalAction
from pbem.games.dragons_tigers.news import control_changes
from pbem.games.dragons_tigers.table import Table

Step = dict[str, Any]
MAX_AUTOMATIC_STEPS = 100000


class Handler:
    """A kind of step. Subclasses set ``name`` and override what they need."""

    name: ClassVar[str] = ""

    def prompt(self, t: Table, step: Step) -> Prompt | None:
        """The actions offered now, or ``None`` when the step runs by itself."""
        return None

    def act(self, t: Table, step: Step, role: str, action: Mapping[str, Any]) -> None:
        raise IllegalAction("nothing to decide here")

    def run(self, t: Table, step: Step) -> None:
        raise NotImplementedError(self.name)

    def explain(self, t: Table, step: Step, role: str,
                action: Mapping[str, Any]) -> IllegalAction | None:
        """Why ``action`` is not offered now, citing the rule (``None``: no special reason)."""
        return None


HANDLERS: dict[str, Handler] = {}
PHASES: dict[str, Handler] = {}
Explainer = Callable[[Table, str, Mapping[str, Any]], "IllegalAction | None"]
EXPLAINERS: dict[str, Explainer] = {}


def handler(cls: type[Handler]) -> type[Handler]:
    """Register a step handler under its name."""
    HANDLERS[cls.name] = cls()
    return cls


def phase(cls: type[Handler]) -> type[Handler]:
    """Register a phase of a turn under its name: its handler gets the ``turn`` step."""
    PHASES[cls.name] = cls()
    return cls


def explains(*verbs: str) -> Callable[[Explainer], Explainer]:
    """Register why ``verbs`` are refused when no step in progress offers them."""
    def register(function: Explainer) -> Explainer:
        for verb in verbs:
            EXPLAINERS[verb] = function
        return function
    return register


def current_prompt(t: Table) -> Prompt | None:
    if not t.stack or t.s["result"]:
        return None
    step = t.top()
    return HANDLERS[step["step"]].prompt(t, step)


def advance(t: Table) -> None:
    """Run automatic steps until one asks a player, or the game is over. After each step
    the areas that changed sides are told as key results (news.control_changes)."""
    for _ in range(MAX_AUTOMATIC_STEPS):
        if t.s["result"]:
            t.s["stack"] = []
        if not t.stack:
            _tell(t, at_last=True)
            return
        step = t.top()
        hand = HANDLERS[step["step"]]
        if hand.prompt(t, step) is not None:
            _tell(t, at_last=True)
            return
        _watch(t)
        hand.run(t, step)
        _tell(t)
    raise RuntimeError("the procedure did not settle")  # pragma: no cover - a rules bug


def act(t: Table, role: str, action: Mapping[str, Any]) -> None:
    """Carry out ``action`` by ``role`` if the current prompt offers it."""
    if not t.stack or t.s["result"]:
        raise IllegalAction("the game is over")
    step = t.top()
    hand = HANDLERS[step["step"]]
    prompt = hand.prompt(t, step)
    if prompt is None:  # pragma: no cover - advance() always leaves a prompting step on top
        raise IllegalAction("nothing to decide now")
    if prompt.role != role:
        raise IllegalAction(f"{t.rname(prompt.role)} must act now: {prompt.text}", prompt.rule)
    verb = action.get("do")
    offered = {spec.verb: spec for spec in prompt.actions}
    if verb not in offered:
        reason = hand.explain(t, step, role, action)
        if reason is None and verb in EXPLAINERS:
            reason = EXPLAINERS[str(verb)](t, role, action)
        if reason is not None:
            raise reason
        names = ", ".join(sorted(offered))
        raise IllegalAction(f"'{verb}' is not offered now ({prompt.text}; offered: {names})",
                            prompt.rule)
    specs = [spec for spec in prompt.actions if spec.verb == verb]
    try:
        _check_fixed(specs, action, prompt)
    except IllegalAction:
        reason = hand.explain(t, step, role, action)
        if reason is not None:
            raise reason from None
        raise
    _watch(t)
    hand.act(t, step, role, action)
    _tell(t)


def _watch(t: Table) -> None:
    """Remember who controls each area before a step (unless a step still holds back
    the news of an earlier one)."""
    if t.control_before is None:
        t.control_before = dict(t.s["control"])


def _tell(t: Table, at_last: bool = False) -> None:
    """Tell the areas that changed sides since :func:`_watch`, unless a step on the stack
    holds the news back (``hold_news``: a restored kingdom is placed before it is
    announced) and the procedure goes on."""
    if t.control_before is None:
        return
    if not at_last and any(step.get("hold_news") for step in t.stack):
        return
    before, t.control_before = t.control_before, None
    control_changes(t, before)


def _check_fixed(specs: list[ActionSpec], action: Mapping[str, Any], prompt: Prompt) -> None:
    """When every offer of this verb is fully fixed, the action must be one of them."""
    if any(spec.params for spec in specs):
        return
    given = {k: v for k, v in action.items() if k != "do"}
    for spec in specs:
        if dict(spec.fixed) == given:
            return
    choices = "; ".join(", ".join(f"{k}: {v}" for k, v in spec.fixed.items()) or "(no arguments)"
                        for spec in specs[:12])
    raise IllegalAction(f"'{action.get('do')}' with these arguments is not offered now "
                        f"(offered: {choices})", specs[0].rule or prompt.rule)


# ---------------------------------------------------------------------- building offers


def button(verb: str, label: str, rule: str | None = None, **fixed: Any) -> ActionSpec:
    """A fully specified action: one choice, nothing left to fill in."""
    return ActionSpec(verb, label, rule, fixed=dict(fixed))


def choice(name: str, label: str, options: Iterable[tuple[Any, str]],
           default: Any = None) -> Param:
    return Param(name, "choice", label, tuple(Option(v, lab) for v, lab in options),
                 default=default)


def number(name: str, label: str, low: int, high: int, default: int | None = None) -> Param:
    return Param(name, "int", label, minimum=low, maximum=high, default=default)


def subset(name: str, label: str, options: Iterable[tuple[Any, str]], low: int,
           high: int) -> Param:
    opts = tuple(Option(v, lab) for v, lab in options)
    return Param(name, "choices", label, opts, minimum=low, maximum=high)


def ask(role: str, step: str, text: str, actions: Iterable[ActionSpec],
        rule: str | None = None) -> Prompt:
    return Prompt(role, step, text, tuple(actions), rule)


# ---------------------------------------------------------------------- reading arguments


def require(condition: bool, message: str, rule: str | None = None) -> None:
    if not condition:
        raise IllegalAction(message, rule)


def arg_str(action: Mapping[str, Any], name: str, rule: str | None = None) -> str:
    value = action.get(name)
    require(isinstance(value, str) and bool(value), f"'{name}' must be given as a name", rule)
    return str(value)


def arg_int(action: Mapping[str, Any], name: str, low: int, high: int,
            rule: str | None = None, default: int | None = None) -> int:
    value = action.get(name, default)
    require(isinstance(value, int) and not isinstance(value, bool),
            f"'{name}' must be a whole number", rule)
    require(low <= value <= high, f"'{name}' must be from {low} to {high}, not {value}", rule)
    return int(value)


def arg_list(action: Mapping[str, Any], name: str, rule: str | None = None) -> list[str]:
    value = action.get(name, [])
    if isinstance(value, str):
        value = [value]
    require(isinstance(value, list) and all(isinstance(v, str) for v in value),
            f"'{name}' must be a list of names", rule)
    return list(value)


def arg_counts(action: Mapping[str, Any], name: str,
               rule: str | None = None) -> dict[str, int]:
    value = action.get(name, {})
    if isinstance(value, int) and not isinstance(value, bool):
        return {"": value}
    require(isinstance(value, dict), f"'{name}' must map kingdoms to numbers of armies", rule)
    out: dict[str, int] = {}
    for key, count in value.items():
        require(isinstance(key, str) and isinstance(count, int) and not isinstance(count, bool)
                and count >= 0, f"'{name}' must map kingdoms to numbers of armies", rule)
        if count:
            out[key] = count
    return out


def no_extra(action: Mapping[str, Any], allowed: Iterable[str], rule: str | None = None) -> None:
    extra = sorted(set(action) - {"do", *allowed})
    require(not extra, f"unknown argument '{extra[0]}'" if extra else "", rule)
