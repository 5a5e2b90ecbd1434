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
    between ``minimum`` and ``maximum`` of them), ``int`` (``minimum``..``maximum``),
    ``list``: entries of a whole order (a phase's placements), each made from one of
    ``items`` (:func:`entry`), at most ``maximum`` of them (0: no bound), or ``group``: one
    mapping part of a whole order, made from its only item (:func:`entry`), whose
    parameters are the part's fields (each ``choice``, ``choices`` or ``int``); left out
    when no field is given. A ``list``'s item may hold a ``list`` or a ``group`` of its own
    (a list inside an entry).
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
    # which kind it is; (``group``) one offer, the part's fields
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


PARTS = ("list", "group")
"""The kinds of parameter filled in part by part (a form), not as one value."""


def empty(param: Param, value: Any) -> bool:
    """Whether ``value`` leaves ``param`` out of an entry: None, an empty choice of
    several (none needed), an empty list or group."""
    if value is None:
        return True
    if param.kind == "choices":
        return not value and not param.minimum
    return param.kind in PARTS and not value


def entry(item: ActionSpec, values: Mapping[str, Any]) -> dict[str, Any]:
    """One entry of a ``list`` parameter (or the mapping of a ``group``) from the offer
    ``item`` filled in with ``values``: its fixed fields and values, without a verb,
    dotted names nested (``units.infantry: 3`` is ``units: {infantry: 3}``), and nothing
    for a number left at 0 in a family or an empty field (:func:`empty`)."""
    out: dict[str, Any] = dict(item.fixed)
    for param in item.params:
        value = values.get(param.name, param.default)
        if empty(param, value):
            continue
        if "." in param.name:
            root, key = param.name.split(".", 1)
            if value != 0:
                out.setdefault(root, {})[key] = value
            continue
        out[param.name] = value
    return out


def fields(item: ActionSpec, made: Mapping[str, Any]) -> dict[str, Any]:
    """The values that fill in ``item`` as the entry ``made`` (:func:`entry` undone): a
    field the entry leaves out takes its default (a list or a choice of several: none)."""
    out: dict[str, Any] = {}
    for param in item.params:
        if "." in param.name:
            root, key = param.name.split(".", 1)
            part = made.get(root)
            value = part.get(key) if isinstance(part, Mapping) else None
        else:
            value = made.get(param.name)
        if value is None:
            value = {"list": [], "group": {}, "choices": []}.get(param.kind, param.default)
        out[param.name] = value
    return out
