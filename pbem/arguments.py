"""Reading an action's arguments as people write them, against the offer they answer.

An offer (:class:`pbem.engine.ActionSpec`) describes its parameters; this module holds
the generic part of reading what a player wrote for them, before the game's rules see the
action:

- the shape of each value: a whole number where ``int`` is asked, one value (not a list or
  a mapping) where a ``choice`` is asked, a list of names where ``choices`` are asked, a
  mapping where a ``group`` is asked;
- the mapping form of a family of arguments: parameters named ``from.luoyang``,
  ``from.xuchang`` may be given as ``from: {luoyang: 2, xuchang: 3}``;
- yes/no as YAML writes it: ``han: true`` where the options are ``yes``/``no``, and
  ``emperor: yes`` (read by YAML as true) where they are true/false;
- defaults only for what the player left out entirely: a parameter of a family the
  player gave any member of (``armies``, ``armies.liu-bei``) is never added to it;
- names that the game does not know at all, with the closest ids
  (:meth:`pbem.engine.GameModule.argument_ids`).
"""

from __future__ import annotations

import difflib
from collections.abc import Collection, Mapping
from typing import Any

from pbem.errors import IllegalAction
from pbem.offers import ActionSpec, Param

SCALARS = (str, int, float, bool)
YES_NO = {True: "yes", False: "no"}


def family(name: Any) -> Any:
    """The argument family of ``name``: ``armies.liu-bei`` and ``armies`` are ``armies``."""
    return name.split(".", 1)[0] if isinstance(name, str) else name


def mapping_forms(spec: ActionSpec) -> set[str]:
    """Arguments of ``spec`` that may be written as a mapping ``{name: value}``: the roots
    of its dotted parameters and of its ``extra`` prefixes."""
    dotted = [p.name for p in spec.params if "." in p.name]
    dotted += [e for e in spec.extra if "." in e]
    return {family(name) for name in dotted}


def _number(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _what(value: Any) -> str:
    if isinstance(value, Mapping):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return repr(value)


def _family_param(spec: ActionSpec, root: str) -> Param | None:
    return next((p for p in spec.params if family(p.name) == root), None)


def read_value(spec: ActionSpec, name: str, value: Any) -> Any:
    """``value`` for the argument ``name`` of ``spec`` in its recorded form, or refused
    with a message saying what the argument takes."""
    param = next((p for p in spec.params if p.name == name), None)
    if isinstance(value, Mapping) and name in mapping_forms(spec):
        member = _family_param(spec, name)
        for key, count in value.items():
            if not isinstance(key, str):
                raise IllegalAction(f"'{name}' maps names to values, not {_what(key)}",
                                    spec.rule)
            if member is not None and member.kind == "int" and not _number(count):
                raise IllegalAction(f"'{name}.{key}' must be a whole number, not "
                                    f"{_what(count)}", spec.rule)
        return value
    if param is not None and param.secret:
        return value  # a sealed choice: its value is a handle (pbem/hidden_cards/sealing.py)
    if param is None:
        if "." in name and family(name) in mapping_forms(spec):
            member = _family_param(spec, family(name))
            if member is not None and member.kind == "int" and not _number(value):
                raise IllegalAction(f"'{name}' must be a whole number, not {_what(value)}",
                                    spec.rule)
        return value
    if param.kind == "list":
        return value  # the entries of a whole order: the game's rules read each one
    if param.kind == "group":
        if not isinstance(value, Mapping):
            raise IllegalAction(f"'{name}' is a mapping of its fields, not {_what(value)}",
                                spec.rule)
        return value  # a part of a whole order: the game's rules read its fields
    if param.kind == "int":
        if not _number(value):
            also = " or a mapping {name: n}" if name in mapping_forms(spec) else ""
            raise IllegalAction(f"'{name}' must be a whole number{also}, not {_what(value)}",
                                spec.rule)
        return value
    values = [o.value for o in param.options]
    if param.kind == "choice":
        return _one_of(spec, param, values, value)
    if isinstance(value, list):
        if not all(isinstance(v, SCALARS) for v in value):
            raise IllegalAction(f"'{name}' is a list of names, each one value", spec.rule)
        return value
    if isinstance(value, Mapping) or not isinstance(value, SCALARS):
        raise IllegalAction(f"'{name}' is a list of names, not {_what(value)}", spec.rule)
    return value


def _one_of(spec: ActionSpec, param: Param, values: list[Any], value: Any) -> Any:
    name = param.name
    if values and all(isinstance(v, list) for v in values):  # e.g. a path of areas
        if isinstance(value, list) and all(isinstance(v, SCALARS) for v in value):
            return value
        if isinstance(value, SCALARS) and not isinstance(value, bool):
            return value
        raise IllegalAction(f"'{name}' is a name or a list of names, not {_what(value)}",
                            spec.rule)
    if isinstance(value, (list, Mapping)) or not isinstance(value, SCALARS):
        raise IllegalAction(f"'{name}' takes one value, not {_what(value)}", spec.rule)
    plain = {v for v in values if isinstance(v, SCALARS)}
    if isinstance(value, bool) and value not in values and plain >= {"yes", "no"}:
        return YES_NO[value]
    if isinstance(value, str) and value not in values and {True, False} <= plain:
        word = value.strip().casefold()
        if word in ("yes", "true", "no", "false"):
            return word in ("yes", "true")
    return value


def check_fixed(specs: Collection[ActionSpec], given: Mapping[str, Any]) -> None:
    """Refuse a list or a mapping given for an argument the offers fix to one value each
    (``space``, ``area``...), and such an argument left out where the offers differ in
    it: no one of them is the obvious reading, so the refusal lists what may be named."""
    for spec in specs:
        for key, fixed in spec.fixed.items():
            value = given.get(key)
            if isinstance(value, (list, Mapping)) and not isinstance(fixed, (list, Mapping)):
                raise IllegalAction(f"'{key}' takes one value, not {_what(value)}", spec.rule)
    first = next(iter(specs), None)
    if first is None or len(specs) < 2:
        return
    for key in first.fixed:
        if key not in given and all(key in spec.fixed for spec in specs):
            values = list(dict.fromkeys(str(spec.fixed[key]) for spec in specs))
            if len(values) > 1:
                shown = ", ".join(values[:6]) + (", ..." if len(values) > 6 else "")
                raise IllegalAction(f"add '{key}': one of {shown}", first.rule)


def check_sealed(param: Param, value: Any) -> None:
    """Refuse a value for a sealed parameter that its offer does not allow: once sealed,
    nobody could check it until it is opened."""
    if param.kind == "int":
        ok = _number(value) and param.minimum <= value <= param.maximum
    elif param.kind == "choice":
        ok = isinstance(value, SCALARS) and value in [o.value for o in param.options]
    else:
        ok = isinstance(value, list) and all(
            isinstance(v, SCALARS) and v in [o.value for o in param.options] for v in value)
    if not ok:
        raise IllegalAction(f"'{param.name}' must be {_choices(param)}, not {_what(value)}")


def _choices(param: Param) -> str:
    if param.kind == "int":
        return f"a whole number from {param.minimum} to {param.maximum}"
    values = [str(o.value) for o in param.options]
    shown = ", ".join(values[:6]) + (", ..." if len(values) > 6 else "")
    return f"one of {shown}" if param.kind == "choice" else f"a list of {shown}"


def read(spec: ActionSpec, given: Mapping[str, Any]) -> dict[str, Any]:
    """The arguments ``given`` for ``spec`` checked for shape, yes/no read, and the
    defaults added for the families the player left out."""
    out: dict[str, Any] = {"do": spec.verb, **spec.fixed}
    touched = {family(k) for k in given}
    for param in spec.params:
        if param.name in given:
            out[param.name] = read_value(spec, param.name, given[param.name])
        elif param.required:
            raise IllegalAction(f"add '{param.name}' ({param.label}): {_choices(param)}",
                                spec.rule)
        elif param.default is not None and family(param.name) not in touched:
            out[param.name] = param.default
    for key, value in given.items():
        if key not in out:
            out[key] = read_value(spec, key, value) if isinstance(key, str) else value
    return out


# ---------------------------------------------------------------------- unknown names


def _normal(text: str) -> str:
    return "".join(c for c in text.casefold() if c.isalnum())


def closest(word: str, ids: Collection[str]) -> list[str]:
    """The ids closest to ``word``: the one it spells with other case, spaces, hyphens or
    marks, else up to three alike."""
    exact = [i for i in ids if _normal(i) == _normal(word)]
    if exact:
        return exact[:1]
    return difflib.get_close_matches(word.casefold(), sorted(ids), n=3, cutoff=0.6)


def _names_in(key: str, value: Any) -> list[Any]:
    found: list[Any] = []
    if "." in key:
        found.append(key.split(".", 1)[1])
    if isinstance(value, Mapping):
        found += list(value)
    elif isinstance(value, list):
        found += value
    elif isinstance(value, str):
        found.append(value)
    return found


def check_names(ids: Mapping[str, tuple[str, Collection[str]]], action: Mapping[str, Any]
                ) -> None:
    """Refuse a name the game does not know at all, naming it with the closest ids.

    ``ids`` maps an argument (or family) name to what it names and every id of that kind,
    as the game describes them; a name the game knows but does not offer now is left to
    the game's rules, which say why."""
    for key, value in action.items():
        if key in ("do", "dice", "reveals") or not isinstance(key, str):
            continue
        kind = ids.get(family(key))
        if kind is None:
            continue
        what, known = kind
        for name in _names_in(key, value):
            if isinstance(name, str) and name not in known:
                near = closest(name, known)
                hint = f"; did you mean {' or '.join(near)}?" if near else ""
                raise IllegalAction(f"unknown {what} {name!r}{hint}")

def by_value(param: Param, given: Any) -> Any:
    """A choice given by one of an option's aliases, as the option's value."""
    def one(item: Any) -> Any:
        if any(option.value == item for option in param.options):
            return item
        found = [option.value for option in param.options if item in option.aliases]
        return found[0] if len(found) == 1 else item

    if param.kind == "choice":
        return one(given)
    if param.kind == "choices" and isinstance(given, list):
        return [one(item) for item in given]
    return given
