"""What the rules offer a player now: an action's verb, its fixed arguments, and the
parameters left open, each with the values it may take. Game modules build these; the CLI,
the TUI and :mod:`pbem.arguments` read them."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

Action = dict[str, Any]


@dataclass(frozen=True)
class Option:
    """One value a parameter may take, with its label for people, and other names an
    actions file may give it by (a face-up card's id for its handle); the action is
    recorded with ``value``."""

    value: Any
    label: str
    aliases: tuple[Any, ...] = ()


@dataclass(frozen=True)
class Param:
    """A parameter of an offered action.

    ``kind`` is ``choice`` (one of ``options``), ``choices`` (a subset of ``options``,
    between ``minimum`` and ``maximum`` of them), ``int`` (``minimum``..``maximum``) or
    ``list``: entries of a whole order (a phase's placements), each made from one of
    ``items`` (:func:`entry`), at most ``maximum`` of them (0: no bound).
    """

    name: str
    kind: str
    label: str
    options: tuple[Option, ...] = ()
    minimum: int = 0
    maximum: int = 0
    default: Any = None
    # a sealed choice: never written in clear (pbem/hidden_cards/sealing.py)
    secret: bool = False
    # the player must name it: ``default`` only preselects a form's answer, and an action
    # file that leaves it out is refused (pbem/arguments.py)
    required: bool = False
    # (``list``) the kinds of entry the list takes, each an offer whose ``fixed`` says
    # which kind it is
    items: tuple[ActionSpec, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"name": self.name, "kind": self.kind, "label": self.label}
        if self.secret:
            out["secret"] = True
        if self.options:
            out["options"] = [{"value": o.value, "label": o.label,
                               **({"aliases": list(o.aliases)} if o.aliases else {})}
                              for o in self.options]
        if self.kind in ("int", "choices", "list"):
            out["min"], out["max"] = self.minimum, self.maximum
        if self.items:
            out["items"] = [item.to_dict() for item in self.items]
        if self.default is not None:
            out["default"] = self.default
        return out


@dataclass(frozen=True)
class ActionSpec:
    """An action the rules offer now: a verb, fixed arguments and open parameters."""

    verb: str
    label: str
    rule: str | None = None
    fixed: Mapping[str, Any] = field(default_factory=dict)
    params: tuple[Param, ...] = ()
    # other arguments the action accepts (documented longer forms); a name ending in "."
    # stands for every argument that starts with it
    extra: tuple[str, ...] = ()

    def complete(self, **values: Any) -> Action:
        """The action with ``values`` for its parameters (defaults for the rest)."""
        action: Action = {"do": self.verb, **self.fixed}
        for param in self.params:
            if param.name in values:
                action[param.name] = values[param.name]
            elif param.default is not None:
                action[param.name] = param.default
        return action

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"do": self.verb, "label": self.label}
        if self.rule:
            out["rule"] = self.rule
        if self.fixed:
            out["fixed"] = dict(self.fixed)
        if self.params:
            out["params"] = [p.to_dict() for p in self.params]
        return out


def entry(item: ActionSpec, values: Mapping[str, Any]) -> dict[str, Any]:
    """One entry of a ``list`` parameter from the offer ``item`` filled in with
    ``values``: its fixed fields and values, without a verb, dotted names nested
    (``units.infantry: 3`` is ``units: {infantry: 3}``), and nothing for a number left
    at 0 in a family or an empty choice of several."""
    out: dict[str, Any] = dict(item.fixed)
    for param in item.params:
        value = values.get(param.name, param.default)
        if value is None or (param.kind == "choices" and not value and not param.minimum):
            continue
        if "." in param.name:
            root, key = param.name.split(".", 1)
            if value != 0:
                out.setdefault(root, {})[key] = value
            continue
        out[param.name] = value
    return out
