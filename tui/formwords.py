"""How the generic form (:mod:`tui.formdialog`) words what it holds: an entry of a ``list``
in a line, by its kind's label and its fields' option labels; the fields of a ``group``
part; a value of one field. The game describes the kinds and fields; nothing here knows
one of them."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from pbem.offers import PARTS, ActionSpec, Param

Say = Callable[[str], str]


def has_form(spec: ActionSpec) -> bool:
    """Whether ``spec`` is filled in part by part (a ``list`` or a ``group`` in it)."""
    return any(param.kind in PARTS for param in spec.params)


def summary(item: Mapping[str, Any]) -> str:
    """An entry in a line: ``counter: land, general: xun-yu, gold: 2``."""
    def text(value: Any) -> str:
        if isinstance(value, Mapping):
            return "{" + ", ".join(f"{k}: {text(v)}" for k, v in value.items()) + "}"
        if isinstance(value, list):
            return "[" + ", ".join(map(text, value)) + "]"
        return str(value)
    return ", ".join(f"{key}: {text(value)}" for key, value in item.items())


def label_of(field: Param, value: Any) -> Any:
    """The label of the option of ``field`` whose value is ``value`` (else the value);
    options may hold values that are not hashable (an order of names)."""
    return next((option.label for option in field.options if option.value == value), value)


def kind_of(param: Param, item: Mapping[str, Any]) -> ActionSpec | None:
    """Of ``param``'s kinds, the one ``item`` was made from: of the kinds its fixed
    fields fit, the one with a field for each of its keys."""
    fitting = [k for k in param.items
               if all(item.get(key) == value for key, value in k.fixed.items())]
    return next((k for k in fitting
                 if set(item) <= {*k.fixed, *(f.name.split(".", 1)[0] for f in k.params)}),
                fitting[0] if fitting else None)


def worded(kind: ActionSpec, item: Mapping[str, Any], say: Say) -> list[str]:
    """Each field of ``kind`` that ``item`` gives, in words (``gold 2``, ``Xun Yu``, a
    nested list's entries each worded in turn)."""
    roots = {f.name.split(".", 1)[0] for f in kind.params if "." in f.name}
    words = []
    for field in kind.params:
        root = field.name.split(".", 1)[0]
        value = item.get(root)
        if value is None:  # (left out)
            continue
        if "." in field.name:
            key = field.name.split(".", 1)[1]
            if isinstance(value, Mapping) and value.get(key):
                part = value[key]
                shown = ", ".join(str(label_of(field, v)) for v in part) \
                    if isinstance(part, list) else label_of(field, part)
                words.append(f"{root} " * (len(roots) > 1) + f"{key} {shown}")
            continue
        if field.kind == "list" and isinstance(value, list):
            inner = "; ".join(described(field, v, say) if isinstance(v, Mapping) else str(v)
                              for v in value)
            words.append(f"{say(field.label).casefold()} [{inner}]")
        elif field.kind == "group" and isinstance(value, Mapping) and field.items:
            inner = ", ".join(worded(field.items[0], value, say))
            words.append(f"{say(field.label).casefold()} {{{inner}}}")
        elif isinstance(value, list) and field.kind == "choices":
            words.append(", ".join(str(label_of(field, v)) for v in value) or "-")
        elif field.kind == "int":
            words.append(f"{say(field.label).casefold()} {value}")
        else:
            shown = label_of(field, value)
            words.append(", ".join(map(str, shown)) if isinstance(shown, list)
                         else str(shown))
    return words


def described(param: Param, item: Mapping[str, Any], say: Say) -> str:
    """An entry in words: its kind's label (:func:`kind_of`), then each field's option
    label where the offer names one (``Build defences: Xun Yu, Xu Chang, gold 0``)."""
    kind = kind_of(param, item)
    if kind is None:
        return summary(item)
    words = worded(kind, item, say)
    return f"{say(kind.label)}: {', '.join(words)}" if words else say(kind.label)
