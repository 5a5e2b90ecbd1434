"""A whole order as a form (an offer with ``list`` or ``group`` parameters,
pbem/offers.py): the table lists the entries given so far and offers, by number, to add
one of each kind (filled in with the usual action dialog), to take one out or change it in
place (``e``), to change a set of names or a part's fields, or to give the order. An entry
whose kind holds lists or parts of its own (a plan and its cards) is built the same way, in
a form of its own. The game describes the kinds of entry; the table knows none of them.

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

from pbem.offers import ActionSpec, Param, entry, fields
from tui.dialogs import ConfirmScreen, Dialog
from tui.formwords import described, has_form, kind_of, summary, worded
from tui.paramdialog import NumberedOptions, ParamScreen

if TYPE_CHECKING:
    from tui.tablestate import TableBase as Base
else:
    Base = object

GIVE, ADD, DROP, SET, GROUP, FIELDS = "give", "add", "drop", "set", "group", "fields"
CHANGE = "change"
SCALARS = ("choice", "int")

__all__ = ["FormMenu", "Forms", "described", "has_form", "summary"]


class FormMenu(Dialog):
    """The order so far and what may be done with it; returns the row picked or None."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel"),
                                             Binding("ctrl+s", "give", "Give the order"),
                                             Binding("e", "change", "Change the entry")]

    def __init__(self, title: str, rows: list[tuple[tuple[str, Any], str]],
                 lang: str = "en", error: str = "", inner: bool = False) -> None:
        super().__init__(lang)
        self.title_text, self.rows, self.error = title, rows, error
        self.inner = inner  # (an entry's own form: Ctrl+S keeps the entry)

    def compose(self) -> ComposeResult:
        with Vertical(classes="box wide"):
            yield Label(self.title_text, classes="title")
            yield Static(self.t("A number or ↑ ↓ and Enter; Ctrl+S keeps this entry, Escape "
                                "leaves it out.") if self.inner else
                         self.t("A number or ↑ ↓ and Enter; Ctrl+S gives the order, Escape "
                                "leaves it."), markup=False)
            if any(what == DROP for (what, _), _label in self.rows):
                yield Static(self.t("e changes the entry highlighted; Enter on it takes it "
                                    "out."), markup=False)
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

    def action_change(self) -> None:
        """The entry highlighted, to change in place (other rows: nothing)."""
        index = self.query_one(NumberedOptions).highlighted
        if index is not None and self.rows[index][0][0] == DROP:
            self.dismiss((CHANGE, self.rows[index][0][1]))


def _start(spec: ActionSpec, start: dict[str, Any]) -> dict[str, Any]:
    """The form's values to begin with: ``start``'s, else none given (the defaults of
    single fields)."""
    out: dict[str, Any] = {}
    for param in spec.params:
        given = start.get(param.name)
        if param.kind in ("list", "choices"):
            out[param.name] = list(given or [])
        elif param.kind == "group":
            out[param.name] = dict(given or {})
        else:
            out[param.name] = given if param.name in start else param.default
    return out


def _given(spec: ActionSpec, values: dict[str, Any]) -> dict[str, Any]:
    """What the form gives: every field but the ones left out and the empty lists, sets
    and parts."""
    return {p.name: values[p.name] for p in spec.params
            if values[p.name] or (p.kind in SCALARS and values[p.name] is not None)}


class Forms(Base):
    """Filling in a whole order entry by entry, then trying it like any action."""

    async def form_flow(self, spec: ActionSpec, start: dict[str, Any] | None = None,
                        error: str = "", done: str = "") -> dict[str, Any] | None:
        """The values of ``spec``'s parameters as the player builds them, from ``start``
        (an order the rules refused, with ``error``); None: she left the form. ``done``
        words the last row (default: giving the order)."""
        values = _start(spec, start or {})
        while True:
            picked = await self.push_screen_wait(FormMenu(
                self.say(spec.label), self._rows(spec, values, done), self.lang,
                self.say(error), inner=bool(done)))
            error = ""
            if picked is None:
                return None
            what, which = picked
            if what == GIVE:
                return _given(spec, values)
            if what == ADD:
                made = await self._new_entry(which)
                if made is not None:
                    values[which.name].append(made)
            elif what == CHANGE:
                name, index = which
                param = next(p for p in spec.params if p.name == name)
                changed = await self._changed_entry(param, values[name][index])
                if changed is not None:
                    values[name][index] = changed
            elif what == DROP:
                name, index = which
                sure = await self.push_screen_wait(ConfirmScreen(
                    self.t("Take this entry out?"), [summary(values[name][index])],
                    self.t("Take it out"), self.t("Keep it"), self.lang))
                if sure:
                    values[name].pop(index)
            elif what == GROUP:
                item = which.items[0]
                filled = await self.push_screen_wait(ParamScreen(
                    replace(item, label=which.label), fields(item, values[which.name]), "",
                    self.lang, self.say))
                if filled is not None:
                    values[which.name] = entry(item, filled)
            else:  # SET one set of names, or FIELDS: the single fields together
                params = (which,) if what == SET else \
                    tuple(p for p in spec.params if p.kind in SCALARS)
                filled = await self.push_screen_wait(ParamScreen(
                    replace(spec, params=params), {p.name: values[p.name] for p in params},
                    "", self.lang, self.say))
                if filled is not None:
                    values.update({p.name: filled.get(p.name) for p in params})

    def _rows(self, spec: ActionSpec, values: dict[str, Any],
              done: str) -> list[tuple[tuple[str, Any], str]]:
        rows: list[tuple[tuple[str, Any], str]] = []
        single = [p for p in spec.params if p.kind in SCALARS]
        if single:  # (an entry's own fields, when it holds lists or parts too)
            own = replace(spec, params=tuple(single), fixed={})
            words = worded(own, entry(own, values), self.say)  # (dotted names nested)
            rows.append(((FIELDS, None), f"{self.say(spec.label)}: {', '.join(words)}"))
        for param in spec.params:
            if param.kind == "list":
                given = values[param.name]
                for index, item in enumerate(given):
                    rows.append(((DROP, (param.name, index)),
                                 f"{self.say(param.label)} {index + 1}: "
                                 f"{described(param, item, self.say)}"))
                full = param.maximum and len(given) >= param.maximum
                if param.items and not full:
                    rows.append(((ADD, param),
                                 self.t("Add: {what}", what=self.say(param.label))))
            elif param.kind == "choices":
                names = ", ".join(map(str, values[param.name])) or self.t("none")
                rows.append(((SET, param), f"{self.say(param.label)}: {names}"))
            elif param.kind == "group" and param.items:
                words = worded(param.items[0], values[param.name], self.say)
                rows.append(((GROUP, param), f"{self.say(param.label)}: "
                             f"{', '.join(words) or self.t('none')}"))
        rows.append(((GIVE, None), done or self.t("Give the order")))
        return rows

    async def _new_entry(self, param: Param) -> dict[str, Any] | None:
        """One entry of ``param``: its kind picked (when there are several), its fields
        filled in, then its own lists and parts (in a form of its own) if it has any."""
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
        return await self._filled_entry(item, values)

    async def _changed_entry(self, param: Param, current: dict[str, Any]
                             ) -> dict[str, Any] | None:
        """The entry ``current`` of ``param`` changed in place: the same kind, its dialogs
        opened on what it holds (None: left as it was)."""
        item = kind_of(param, current)
        if item is None:
            return None
        return await self._filled_entry(item, fields(item, current))

    async def _filled_entry(self, item: ActionSpec, values: dict[str, Any]
                            ) -> dict[str, Any] | None:
        """``item``'s fields filled in from ``values``, then its own lists and parts."""
        single = replace(item, params=tuple(p for p in item.params if p.kind not in
                                            ("list", "group")))
        if single.params:
            filled = await self.push_screen_wait(
                ParamScreen(single, values, "", self.lang, self.say))
            if filled is None:
                return None
            values = {**values, **filled}
        if has_form(item):
            whole = await self.form_flow(item, values, done=self.t("OK"))
            if whole is None:
                return None
            values = whole
        return entry(item, values)
