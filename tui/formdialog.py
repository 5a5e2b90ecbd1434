"""A whole order as a form (an offer with ``list`` parameters, pbem/offers.py): the table
lists the entries given so far and offers, by number, to add one of each kind (filled in
with the usual action dialog), to take one out, to change a set of names, or to give the
order. The game describes the kinds of entry; the table knows none of them.

:class:`FormMenu` is the screen; :class:`Forms` the flow, a mixin of
:class:`tui.app.TableApp`.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Label, Static

from pbem.offers import ActionSpec, Param, entry
from tui.dialogs import ConfirmScreen, Dialog
from tui.paramdialog import NumberedOptions, ParamScreen

if TYPE_CHECKING:
    from tui.tablestate import TableBase as Base
else:
    Base = object

GIVE, ADD, DROP, SET = "give", "add", "drop", "set"


def has_form(spec: ActionSpec) -> bool:
    """Whether ``spec`` is a whole order given entry by entry."""
    return any(param.kind == "list" for param in spec.params)


def summary(item: dict[str, Any]) -> str:
    """An entry in a line: ``counter: land, general: xun-yu, gold: 2``."""
    def text(value: Any) -> str:
        if isinstance(value, dict):
            return "{" + ", ".join(f"{k}: {v}" for k, v in value.items()) + "}"
        if isinstance(value, list):
            return "[" + ", ".join(map(str, value)) + "]"
        return str(value)
    return ", ".join(f"{key}: {text(value)}" for key, value in item.items())


def described(param: Param, item: dict[str, Any], say: Any) -> str:
    """An entry in words: its kind's label (of the kinds it fits, the one with a field for
    each of its keys), then each field's option label where the offer names one
    (``Build defences: Xun Yu, Xu Chang, gold 0``)."""
    fitting = [k for k in param.items
               if all(item.get(key) == value for key, value in k.fixed.items())]
    kind = next((k for k in fitting  # the kind whose fields hold every key of the entry
                 if set(item) <= {*k.fixed, *(f.name.split(".", 1)[0] for f in k.params)}),
                fitting[0] if fitting else None)
    if kind is None:
        return summary(item)
    roots = {f.name.split(".", 1)[0] for f in kind.params if "." in f.name}
    words = []
    for field in kind.params:
        root = field.name.split(".", 1)[0]
        if root not in item:
            continue
        value = item[root]
        labels = {option.value: option.label for option in field.options}
        if "." in field.name:
            key = field.name.split(".", 1)[1]
            if isinstance(value, dict) and value.get(key):
                part = value[key]
                shown = ", ".join(str(labels.get(v, v)) for v in part) \
                    if isinstance(part, list) else part
                words.append(f"{root} " * (len(roots) > 1) + f"{key} {shown}")
            continue
        if isinstance(value, list):
            words.append(", ".join(str(labels.get(v, v)) for v in value) or "-")
        elif field.kind == "int":
            words.append(f"{say(field.label).casefold()} {value}")
        else:
            words.append(str(labels.get(value, value)))
    return f"{say(kind.label)}: {', '.join(words)}" if words else say(kind.label)


class FormMenu(Dialog):
    """The order so far and what may be done with it; returns the row picked or None."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel"),
                                             Binding("ctrl+s", "give", "Give the order")]

    def __init__(self, title: str, rows: list[tuple[tuple[str, Any], str]],
                 lang: str = "en", error: str = "") -> None:
        super().__init__(lang)
        self.title_text, self.rows, self.error = title, rows, error

    def compose(self) -> ComposeResult:
        with Vertical(classes="box wide"):
            yield Label(self.title_text, classes="title")
            yield Static(self.t("A number or ↑ ↓ and Enter; Ctrl+S gives the order, Escape "
                                "leaves it."), markup=False)
            yield NumberedOptions([label for _, label in self.rows], id="rows")
            yield Static(self.error, classes="error", markup=False)

    def on_mount(self) -> None:
        self.query_one(NumberedOptions).focus()

    def _row(self, options: Any) -> None:
        index = options.highlighted
        if index is not None:
            self.dismiss(self.rows[index][0])

    @on(NumberedOptions.Picked)
    def _picked(self, event: NumberedOptions.Picked) -> None:
        self._row(event.options)

    @on(NumberedOptions.OptionSelected)
    def _selected(self, event: NumberedOptions.OptionSelected) -> None:
        self._row(event.option_list)

    def action_give(self) -> None:
        self.dismiss((GIVE, None))


class Forms(Base):
    """Filling in a whole order entry by entry, then trying it like any action."""

    async def form_flow(self, spec: ActionSpec, start: dict[str, Any] | None = None,
                        error: str = "") -> dict[str, Any] | None:
        """The values of ``spec``'s parameters as the player builds them, from ``start``
        (an order the rules refused, with ``error``); None: she left the form."""
        lists = [p for p in spec.params if p.kind == "list"]
        sets = [p for p in spec.params if p.kind == "choices"]
        start = start or {}
        entries: dict[str, list[dict[str, Any]]] = {p.name: list(start.get(p.name) or [])
                                                     for p in lists}
        chosen: dict[str, list[Any]] = {p.name: list(start.get(p.name) or []) for p in sets}
        while True:
            picked = await self.push_screen_wait(FormMenu(
                self.say(spec.label), self._rows(lists, sets, entries, chosen), self.lang,
                self.say(error)))
            error = ""
            if picked is None:
                return None
            what, which = picked
            if what == GIVE:
                return {**{k: v for k, v in entries.items() if v},
                        **{k: v for k, v in chosen.items() if v}}
            if what == ADD:
                made = await self._new_entry(which)
                if made is not None:
                    entries[which.name].append(made)
            elif what == DROP:
                name, index = which
                sure = await self.push_screen_wait(ConfirmScreen(
                    self.t("Take this entry out?"), [summary(entries[name][index])],
                    self.t("Take it out"), self.t("Keep it"), self.lang))
                if sure:
                    entries[name].pop(index)
            elif what == SET:
                one = replace(spec, params=(which,))
                filled = await self.push_screen_wait(ParamScreen(
                    one, {which.name: chosen[which.name]}, "", self.lang, self.say))
                if filled is not None:
                    chosen[which.name] = list(filled.get(which.name) or [])

    def _rows(self, lists: list[Param], sets: list[Param],
              entries: dict[str, list[dict[str, Any]]],
              chosen: dict[str, list[Any]]) -> list[tuple[tuple[str, Any], str]]:
        rows: list[tuple[tuple[str, Any], str]] = []
        for param in lists:
            given = entries[param.name]
            for index, item in enumerate(given):
                rows.append(((DROP, (param.name, index)),
                             f"{self.say(param.label)} {index + 1}: "
                             f"{described(param, item, self.say)}"))
            full = param.maximum and len(given) >= param.maximum
            if param.items and not full:
                rows.append(((ADD, param), self.t("Add: {what}", what=self.say(param.label))))
        for param in sets:
            names = ", ".join(map(str, chosen[param.name])) or self.t("none")
            rows.append(((SET, param), f"{self.say(param.label)}: {names}"))
        rows.append(((GIVE, None), self.t("Give the order")))
        return rows

    async def _new_entry(self, param: Param) -> dict[str, Any] | None:
        """One entry of ``param``: its kind picked (when there are several), filled in."""
        kinds = list(param.items)
        item = kinds[0]
        if len(kinds) > 1:
            picked = await self.push_screen_wait(FormMenu(
                self.t("Add: {what}", what=self.say(param.label)),
                [((ADD, kind), self.say(kind.label)) for kind in kinds], self.lang))
            if picked is None or picked[0] != ADD:
                return None
            item = picked[1]
        values = {p.name: p.default for p in item.params if p.default is not None}
        if item.params:
            filled = await self.push_screen_wait(
                ParamScreen(item, values, "", self.lang, self.say))
            if filled is None:
                return None
            values = filled
        return entry(item, values)
