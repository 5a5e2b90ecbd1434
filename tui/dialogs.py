"""Modal dialogs: action parameters, table dice, confirmations, orders, text prompts."""

from __future__ import annotations

from typing import Any, ClassVar

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Input, Label, OptionList, Select, SelectionList, Static
from textual.widgets.option_list import Option

from pbem.engine import ActionSpec, Param
from tui.i18n import tr


class Dialog(ModalScreen[Any]):
    """Base: a bordered box in the middle of the screen; Escape cancels."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]
    DEFAULT_CLASSES = "dialog"

    def action_cancel(self) -> None:
        self.dismiss(None)


class ConfirmScreen(Dialog):
    """A question with a few lines of context; returns True, False (or None on Escape)."""

    def __init__(self, title: str, lines: list[str], yes: str = "OK",
                 no: str | None = "Cancel") -> None:
        super().__init__()
        self.title_text, self.lines, self.yes, self.no = title, lines, yes, no

    def compose(self) -> ComposeResult:
        with Vertical(classes="box"):
            yield Label(self.title_text, classes="title")
            with VerticalScroll(classes="body"):
                yield Static("\n".join(self.lines), markup=False)
            with Horizontal(classes="buttons"):
                yield Button(self.yes, variant="primary", id="yes")
                if self.no:
                    yield Button(self.no, id="no")

    def on_mount(self) -> None:
        self.query_one("#yes", Button).focus()

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_cancel(self) -> None:
        self.dismiss(None if self.no else True)


class TextScreen(Dialog):
    """Ask for one line of text; returns it, or None."""

    def __init__(self, title: str, hint: str = "", value: str = "",
                 placeholder: str = "") -> None:
        super().__init__()
        self.title_text, self.hint, self.value, self.placeholder = title, hint, value, placeholder

    def compose(self) -> ComposeResult:
        with Vertical(classes="box"):
            yield Label(self.title_text, classes="title")
            if self.hint:
                yield Static(self.hint, classes="hint", markup=False)
            yield Input(self.value, placeholder=self.placeholder, id="text")

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        self.dismiss(event.value)


class DiceScreen(Dialog):
    """Ask for a die rolled at the table; several values may be typed for the next rolls.

    Returns the list of values typed, or None."""

    def __init__(self, purpose: str, sides: int, lang: str = "en") -> None:
        super().__init__()
        self.purpose, self.sides, self.lang = purpose, sides, lang

    def compose(self) -> ComposeResult:
        with Vertical(classes="box"):
            yield Label(f"{tr('Table die', self.lang)}: d{self.sides}", classes="title")
            yield Static(f"Roll a die at the table for:\n{self.purpose}\n"
                         f"Type its value (1-{self.sides}) and press Enter. Several values "
                         f"separated by spaces are used for the rolls that follow, in order.",
                         markup=False)
            yield Input(placeholder=f"1-{self.sides}", id="die")
            yield Static("", id="error", classes="error")

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        parts = event.value.replace(",", " ").split()
        if parts and all(p.isdigit() and 1 <= int(p) <= 99 for p in parts) \
                and 1 <= int(parts[0]) <= self.sides:
            self.dismiss([int(p) for p in parts])
            return
        self.query_one("#error", Static).update(f"a d{self.sides} shows 1 to {self.sides}")


class PickScreen(Dialog):
    """Pick one item from a list (type to filter); returns its value or None."""

    def __init__(self, title: str, items: list[tuple[Any, str]]) -> None:
        super().__init__()
        self.title_text, self.items = title, items

    def compose(self) -> ComposeResult:
        with Vertical(classes="box"):
            yield Label(self.title_text, classes="title")
            yield Input(placeholder="type to filter", id="filter")
            yield OptionList(*self._options(""), id="pick")

    def _options(self, text: str) -> list[Option]:
        needle = text.casefold()
        return [Option(label, id=str(i)) for i, (_, label) in enumerate(self.items)
                if needle in label.casefold()]

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    @on(Input.Changed)
    def _filter(self, event: Input.Changed) -> None:
        pick = self.query_one(OptionList)
        pick.clear_options()
        pick.add_options(self._options(event.value))
        pick.highlighted = 0 if pick.option_count else None

    @on(Input.Submitted)
    def _first(self) -> None:
        pick = self.query_one(OptionList)
        if pick.option_count:
            index = pick.highlighted or 0
            option = pick.get_option_at_index(index)
            self.dismiss(self.items[int(option.id or 0)][0])

    @on(OptionList.OptionSelected)
    def _picked(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.items[int(event.option.id or 0)][0])


class ParamScreen(Dialog):
    """Fill in the open parameters of an offered action; returns {name: value} or None."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel"),
                                             Binding("ctrl+s", "submit", "Do it")]

    def __init__(self, spec: ActionSpec, values: dict[str, Any], error: str = "",
                 lang: str = "en") -> None:
        super().__init__()
        self.spec, self.values, self.error, self.lang = spec, dict(values), error, lang

    def compose(self) -> ComposeResult:
        with Vertical(classes="box wide"):
            yield Label(self.spec.label + (f"  ({self.spec.rule})" if self.spec.rule else ""),
                        classes="title")
            with VerticalScroll(classes="body"):
                for index, param in enumerate(self.spec.params):
                    yield Label(self._caption(param), classes="param")
                    yield self._widget(index, param)
            yield Static(self.error, id="error", classes="error", markup=False)
            with Horizontal(classes="buttons"):
                yield Button("Do it", variant="primary", id="yes")
                yield Button("Cancel", id="no")

    def _caption(self, param: Param) -> str:
        if param.kind == "int":
            return f"{param.label} ({param.minimum}-{param.maximum})"
        if param.kind == "choices":
            return f"{param.label} (choose {param.minimum}-{param.maximum}; space to tick)"
        return param.label

    def _widget(self, index: int, param: Param) -> Any:
        current = self.values.get(param.name, param.default)
        wid = f"p{index}"
        if param.kind == "int":
            value = "" if current is None else str(current)
            return Input(value, type="integer", id=wid, classes="param-input")
        if param.kind == "choices":
            chosen = current if isinstance(current, list) else []
            return SelectionList[int](*[(o.label, i, o.value in chosen)
                                        for i, o in enumerate(param.options)], id=wid)
        options = OptionList(*[Option(o.label, id=str(i)) for i, o in enumerate(param.options)],
                             id=wid)
        for i, o in enumerate(param.options):
            if o.value == current:
                options.highlighted = i
        return options

    def on_mount(self) -> None:
        widgets = self._widgets()
        if widgets:
            widgets[0].focus()
            for widget, param in zip(widgets, self.spec.params, strict=True):
                if isinstance(widget, OptionList) and widget.highlighted is None \
                        and param.options:
                    widget.highlighted = 0

    def _widgets(self) -> list[Any]:
        return [self.query_one(f"#p{i}") for i in range(len(self.spec.params))]

    def collect(self) -> dict[str, Any] | str:
        """The values given, or a message about the first one missing."""
        out: dict[str, Any] = {}
        for widget, param in zip(self._widgets(), self.spec.params, strict=True):
            if isinstance(widget, Input):
                text = widget.value.strip()
                if not text.lstrip("-").isdigit():
                    return f"{param.label}: give a whole number"
                out[param.name] = int(text)
            elif isinstance(widget, SelectionList):
                out[param.name] = [param.options[i].value for i in sorted(widget.selected)]
            else:
                index = widget.highlighted
                if index is None:
                    return f"{param.label}: choose one"
                out[param.name] = param.options[index].value
        return out

    def _advance(self, widget: Any) -> None:
        widgets = self._widgets()
        if widget in widgets and widgets.index(widget) + 1 < len(widgets):
            widgets[widgets.index(widget) + 1].focus()
        else:
            self.action_submit()

    @on(Input.Submitted)
    def _input_done(self, event: Input.Submitted) -> None:
        self._advance(event.input)

    @on(OptionList.OptionSelected)
    def _option_done(self, event: OptionList.OptionSelected) -> None:
        self._advance(event.option_list)

    def action_submit(self) -> None:
        result = self.collect()
        if isinstance(result, str):
            self.query_one("#error", Static).update(result)
            return
        self.dismiss(result)

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "yes":
            self.action_submit()
        else:
            self.dismiss(None)


class OrdersScreen(Dialog):
    """Edit standing orders; returns the changed {name: value} or None."""

    def __init__(self, orders: dict[str, tuple[tuple[str, ...], str, str]],
                 current: dict[str, str], lang: str = "en") -> None:
        super().__init__()
        self.orders, self.current, self.lang = orders, current, lang

    def compose(self) -> ComposeResult:
        with Vertical(classes="box wide"):
            yield Label(tr("Standing orders", self.lang), classes="title")
            with VerticalScroll(classes="body"):
                for name, (values, default, help_text) in self.orders.items():
                    yield Label(f"{name}: {help_text}", classes="param")
                    yield Select([(v, v) for v in values], allow_blank=False,
                                 value=self.current.get(name, default), id=f"o-{name}")
            with Horizontal(classes="buttons"):
                yield Button("Set orders", variant="primary", id="yes")
                yield Button("Cancel", id="no")

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        if event.button.id != "yes":
            self.dismiss(None)
            return
        changed = {}
        for name, (_, default, _) in self.orders.items():
            value = self.query_one(f"#o-{name}", Select).value
            if value != self.current.get(name, default):
                changed[name] = value
        self.dismiss(changed)


class HelpScreen(Dialog):
    """The key bindings and what the table shows."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        with Vertical(classes="box wide"):
            yield Label("Help", classes="title")
            with VerticalScroll(classes="body"):
                yield Static(self.text, markup=False)
            with Horizontal(classes="buttons"):
                yield Button("Close", variant="primary", id="yes")

    def on_mount(self) -> None:
        self.query_one(Button).focus()

    @on(Button.Pressed)
    def _pressed(self) -> None:
        self.dismiss(None)
