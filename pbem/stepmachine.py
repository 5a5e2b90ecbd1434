"""A game's procedure as named steps on a stack, each offering actions or running itself.

Every step (a turn, a combat, a decision addressed to one player) is a dict on
``state["stack"]`` with a ``step`` name. Its handler either *prompts* (returns the actions
the rules offer and to whom) or, when nobody has anything to decide, *runs* (rolls dice,
moves pieces, pushes or pops steps). :meth:`StepMachine.advance` runs steps until one
prompts. An action is legal only if the current prompt offers it, so hints and refusals
come from the same code.

A game makes one :class:`StepMachine`, registers its handlers on it, and reads its
players' arguments with the helpers below. The machine needs of a game's table only its
state dict ``s`` (``stack`` and ``result``) and ``rname`` for naming a role.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from pbem.engine import ActionSpec, Option, Param, Prompt
from pbem.errors import IllegalAction

Step = dict[str, Any]
MAX_AUTOMATIC_STEPS = 100000


class StepTable(Protocol):
    """What the machine reads of a game's table."""

    s: dict[str, Any]

    def rname(self, role: str) -> str: ...


T = TypeVar("T", bound=StepTable)
Explainer = Callable[[T, str, Mapping[str, Any]], "IllegalAction | None"]


class Handler(Generic[T]):
    """A kind of step. Subclasses set ``name`` and override what they need."""

    name: ClassVar[str] = ""

    def prompt(self, t: T, step: Step) -> Prompt | None:
        """The actions offered now, or ``None`` when the step runs by itself."""
        return None

    def act(self, t: T, step: Step, role: str, action: Mapping[str, Any]) -> None:
        raise IllegalAction("nothing to decide here")

    def run(self, t: T, step: Step) -> None:
        raise NotImplementedError(self.name)

    def explain(self, t: T, step: Step, role: str,
                action: Mapping[str, Any]) -> IllegalAction | None:
        """Why ``action`` is not offered now, citing the rule (``None``: no special reason)."""
        return None


class StepMachine(Generic[T]):
    """One game's registry of step handlers, and the loop that runs them."""

    def __init__(self, before: Callable[[T], None] | None = None,
                 after: Callable[[T, bool], None] | None = None) -> None:
        """``before(t)`` runs before each step runs or acts; ``after(t, settled)`` after it,
        and with ``settled`` true once the machine stops at a prompt or the end."""
        self.handlers: dict[str, Handler[T]] = {}
        self.explainers: dict[str, Explainer[T]] = {}
        self.before = before or (lambda t: None)
        self.after = after or (lambda t, settled: None)

    def handler(self, cls: type[Handler[T]]) -> type[Handler[T]]:
        """Register a step handler under its name (a class decorator)."""
        self.handlers[cls.name] = cls()
        return cls

    def explains(self, *verbs: str) -> Callable[[Explainer[T]], Explainer[T]]:
        """Register why ``verbs`` are refused when no step in progress offers them."""
        def register(function: Explainer[T]) -> Explainer[T]:
            for verb in verbs:
                self.explainers[verb] = function
            return function
        return register

    def current_prompt(self, t: T) -> Prompt | None:
        stack = t.s["stack"]
        if not stack or t.s["result"]:
            return None
        return self.handlers[stack[-1]["step"]].prompt(t, stack[-1])

    def advance(self, t: T) -> None:
        """Run automatic steps until one asks a player, or the game is over."""
        for _ in range(MAX_AUTOMATIC_STEPS):
            if t.s["result"]:
                t.s["stack"] = []
            if not t.s["stack"]:
                self.after(t, True)
                return
            step = t.s["stack"][-1]
            hand = self.handlers[step["step"]]
            if hand.prompt(t, step) is not None:
                self.after(t, True)
                return
            self.before(t)
            hand.run(t, step)
            self.after(t, False)
        raise RuntimeError("the procedure did not settle")  # pragma: no cover - a rules bug

    def act(self, t: T, role: str, action: Mapping[str, Any]) -> None:
        """Carry out ``action`` by ``role`` if the current prompt offers it."""
        if not t.s["stack"] or t.s["result"]:
            raise IllegalAction("the game is over")
        step = t.s["stack"][-1]
        hand = self.handlers[step["step"]]
        prompt = hand.prompt(t, step)
        if prompt is None:  # pragma: no cover - advance() always leaves a prompting step
            raise IllegalAction("nothing to decide now")
        if prompt.role != role:
            raise IllegalAction(f"{t.rname(prompt.role)} must act now: {prompt.text}",
                                prompt.rule)
        verb = action.get("do")
        offered = {spec.verb: spec for spec in prompt.actions}
        if verb not in offered:
            reason = hand.explain(t, step, role, action)
            if reason is None and verb in self.explainers:
                reason = self.explainers[str(verb)](t, role, action)
            if reason is not None:
                raise reason
            names = ", ".join(sorted(offered))
            raise IllegalAction(f"'{verb}' is not offered now ({prompt.text}; offered: "
                                f"{names})", prompt.rule)
        specs = [spec for spec in prompt.actions if spec.verb == verb]
        try:
            _check_fixed(specs, action, prompt)
        except IllegalAction:
            reason = hand.explain(t, step, role, action)
            if reason is not None:
                raise reason from None
            raise
        self.before(t)
        hand.act(t, step, role, action)
        self.after(t, False)


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


def choice(name: str, label: str, options: Iterable[tuple[Any, ...]],
           default: Any = None) -> Param:
    """A parameter naming one of ``options``: (value, label) or (value, label, aliases)."""
    return Param(name, "choice", label, tuple(Option(*item) for item in options),
                 default=default)


def number(name: str, label: str, low: int, high: int, default: int | None = None) -> Param:
    """A whole-number parameter from ``low`` to ``high``."""
    return Param(name, "int", label, minimum=low, maximum=high, default=default)


def subset(name: str, label: str, options: Iterable[tuple[Any, str]], low: int,
           high: int) -> Param:
    """A parameter naming from ``low`` to ``high`` of ``options``."""
    opts = tuple(Option(v, lab) for v, lab in options)
    return Param(name, "choices", label, opts, minimum=low, maximum=high)


def ask(role: str, step: str, text: str, actions: Iterable[ActionSpec],
        rule: str | None = None) -> Prompt:
    """What ``role`` is asked at ``step``."""
    return Prompt(role, step, text, tuple(actions), rule)


# ---------------------------------------------------------------------- reading arguments


def require(condition: bool, message: str, rule: str | None = None) -> None:
    """Refuse with ``message`` (citing ``rule``) unless ``condition`` holds."""
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


def no_extra(action: Mapping[str, Any], allowed: Iterable[str], rule: str | None = None) -> None:
    """Refuse arguments other than ``allowed``."""
    extra = sorted(set(action) - {"do", *allowed})
    require(not extra, f"unknown argument '{extra[0]}'" if extra else "", rule)
