"""The one written form of the mappings inside an action, and a comparison that sees it.

A save has exactly one byte form (docs/threat-model.md). Its top-level fields and an
action's arguments have a fixed order (:mod:`pbem.save_schema`); below them, every mapping
an action holds is written with its keys sorted, except that a mapping holding ``do`` (an
order inside an opening) is itself an action: ``do``, the rest sorted, ``dice`` last.
Python's ``==`` ignores the order of keys, so checks of form use :func:`same_form`.
"""

from __future__ import annotations

from typing import Any


def canonical(value: Any) -> Any:
    """``value`` with every mapping in it in its one order."""
    if isinstance(value, dict):
        if "do" in value:
            keys = ["do", *sorted(k for k in value if k not in ("do", "dice"))]
            keys += ["dice"] if "dice" in value else []
        else:
            keys = sorted(value, key=str)
        return {k: canonical(value[k]) for k in keys}
    if isinstance(value, list):
        return [canonical(v) for v in value]
    return value


def copied(value: Any) -> Any:
    """A fast deep copy of plain data (dicts, lists and scalars), keys in their order."""
    kind = type(value)
    if kind is dict:
        return {k: copied(v) for k, v in value.items()}
    if kind is list:
        return [copied(v) for v in value]
    return value


def same_form(a: Any, b: Any) -> bool:
    """Equal, and written alike: the same keys in the same order, the same types."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return list(a) == list(b) and all(same_form(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same_form(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)
