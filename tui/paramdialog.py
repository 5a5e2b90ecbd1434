"""Filling in an offered action: its parameters, and dice rolled at the table.

The fields are checked as they change: a problem is shown once the player tries to move
on, and goes away as soon as it is fixed. Fields after one still wrong (nobody ticked to
move, say) stay locked until it is right. Enter does the action as soon as every field
is right (otherwise it shows the problem and goes to the field); an option picked by its
number moves on to the next field.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from rich.text import Text
from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.widgets import Button, Input, Label, OptionList, Static
from textual.widgets.option_list import Option

from pbem.engine import ActionSpec, Param
from tui.actionlist import after_digit
from tui.dialogs import Dialog

Say = Callable[[str], str]


def _same(text: str) -> str:
    return text


class TickList(OptionList):
    """Options ticked with Space (or by their number), each shown as ``[x]`` or ``[ ]``;
    Enter moves on."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("space", "toggle", "Tick", show=False),
        *[Binding(str(d), f"digit('{d}')", show=False) for d in range(10)],
    ]

    class Toggled(Message):
        def __init__(self, ticks: TickList) -> None:
            super().__init__()
            self.ticks = ticks

    class Done(Message):
        """Enter was pressed in the list of ticks."""

        def __init__(self, ticks: TickList) -> None:
            super().__init__()
            self.ticks = ticks

    def __init__(self, labels: list[str], ticked: set[int], **kwargs: Any) -> None:
        self.labels, self.ticked = labels, set(ticked)
        self.typed = ""
        super().__init__(*[self._prompt(i) for i in range(len(labels))], **kwargs)

    def _prompt(self, index: int) -> Text:
        on_ = index in self.ticked
        width = len(str(len(self.labels)))
        text = Text(f"{index + 1:>{width}}. ", style="dim")
        text.append("[x] " if on_ else "[ ] ", style="bold green" if on_ else "")
        text.append(self.labels[index], style="bold" if on_ else "")
        return text

    def action_digit(self, digit: str) -> None:
        """A number ticks (or unticks) that option."""
        self.typed, number, complete = after_digit(self.typed, digit, self.option_count)
        if number is None:
            return
        self.highlighted = number - 1
        if complete:
            self.typed = ""
            self.action_toggle()

    def action_select(self) -> None:
        self.typed = ""
        self.post_message(self.Done(self))

    def on_click(self, event: events.Click) -> None:
        """A click ticks (or unticks) the option clicked."""
        event.prevent_default()
        clicked = event.style.meta.get("option")
        if clicked is not None:
            self.highlighted = clicked
            self.action_toggle()

    def action_toggle(self) -> None:
        index = self.highlighted
        if index is None:
            return
        self.ticked ^= {index}
        self.replace_option_prompt_at_index(index, self._prompt(index))
        self.post_message(self.Toggled(self))


class NumberedOptions(OptionList):
    """One choice among numbered options: a number picks one (two digits when there are ten
    or more, as in the list of actions), ↑ ↓ and Enter too."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *[Binding(str(d), f"digit('{d}')", show=False) for d in range(10)],
    ]

    class Picked(Message):
        """An option was picked by its number (or a click)."""

        def __init__(self, options: NumberedOptions) -> None:
            super().__init__()
            self.options = options

    def __init__(self, labels: list[str], **kwargs: Any) -> None:
        width = len(str(len(labels)))
        super().__init__(*[Option(f"{i + 1:>{width}}. {label}", id=str(i))
                           for i, label in enumerate(labels)], **kwargs)
        self.typed = ""

    def action_digit(self, digit: str) -> None:
        self.typed, number, complete = after_digit(self.typed, digit, self.option_count)
        if number is None:
            return
        self.highlighted = number - 1
        if complete:
            self.typed = ""
            self.post_message(self.Picked(self))

    def action_select(self) -> None:
        self.typed = ""
        super().action_select()

    def on_click(self, event: events.Click) -> None:
        """A click picks the option clicked, as its number does."""
        event.prevent_default()
        clicked = event.style.meta.get("option")
        if clicked is not None:
            self.highlighted = clicked
            self.post_message(self.Picked(self))


class SecretInput(Input):
    """A sealed choice typed without showing it (a number, or an option's number)."""


class ParamScreen(Dialog):
    """Fill in the open parameters of an offered action; returns {name: value} or None."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel"),
                                             Binding("ctrl+s", "submit", "Do it")]

    def __init__(self, spec: ActionSpec, values: dict[str, Any], error: str = "",
                 lang: str = "en", say: Say | None = None) -> None:
        super().__init__(lang)
        self.spec, self.values, self.refusal = spec, dict(values), error
        self.say = say or _same
        self.tried = False

    def compose(self) -> ComposeResult:
        with Vertical(classes="box wide"):
            yield Label(self.say(self.spec.label)
                        + (f"  ({self.spec.rule})" if self.spec.rule else ""), classes="title")
            with VerticalScroll(classes="body", id="fields"):
                for index, param in enumerate(self.spec.params):
                    yield Label(self._caption(param), classes="param", markup=False)
                    yield self._widget(index, param)
            yield Static(self.say(self.refusal), id="error", classes="error", markup=False)
            with Horizontal(classes="buttons"):
                yield Button(self.t("Do it"), variant="primary", id="yes", compact=True)
                yield Button(self.t("Cancel"), id="no", compact=True)

    def _caption(self, param: Param) -> str:
        label = self.say(param.label)
        if param.secret:
            sealed = self.t("(sealed: what you type is not shown, and never written in clear)")
            if param.kind == "choice":
                numbered = "\n".join(f"  {i + 1}. {self.say(o.label)}"
                                     for i, o in enumerate(param.options))
                return f"{label} " + self.t("(type its number)") + f" {sealed}\n{numbered}"
            return f"{label} ({param.minimum}-{param.maximum}) {sealed}"
        if param.kind == "int":
            return f"{label} ({param.minimum}-{param.maximum})"
        if param.kind == "choices":
            return f"{label} " + self.t("(tick {low} to {high} by number or with Space, then "
                                        "Enter)", low=param.minimum, high=param.maximum)
        return f"{label} " + self.t("(a number, or ↑ ↓ and Enter)")

    def _widget(self, index: int, param: Param) -> Any:
        current = self.values.get(param.name, param.default)
        wid = f"p{index}"
        if param.secret:
            return SecretInput("", password=True, id=wid, classes="param-input")
        if param.kind == "int":
            value = "" if current is None else str(current)
            return Input(value, type="integer", id=wid, classes="param-input")
        labels = [self.say(o.label) for o in param.options]
        if param.kind == "choices":
            chosen = current if isinstance(current, list) else []
            return TickList(labels, {i for i, o in enumerate(param.options) if o.value in chosen},
                            id=wid)
        options = NumberedOptions(labels, id=wid)
        for i, o in enumerate(param.options):
            if o.value == current:
                options.highlighted = i
        return options

    def on_mount(self) -> None:
        for widget, param in zip(self._widgets(), self.spec.params, strict=True):
            if isinstance(widget, OptionList) and not isinstance(widget, TickList) \
                    and widget.highlighted is None and param.options:
                widget.highlighted = 0
        widgets = self._widgets()
        if widgets:
            widgets[0].focus()
        self._check()

    def _widgets(self) -> list[Any]:
        return [self.query_one(f"#p{i}") for i in range(len(self.spec.params))]

    # ------------------------------------------------------------------ checking

    def problem(self, widget: Any, param: Param) -> str:
        """What is wrong with one field, or ``""``."""
        label = self.say(param.label)
        if isinstance(widget, SecretInput) and param.kind == "choice":
            text = widget.value.strip()
            if not text.isdigit() or not 1 <= int(text) <= len(param.options):
                return self.t("{label}: type a number from {low} to {high}", label=label,
                              low=1, high=len(param.options))
            return ""
        if isinstance(widget, Input):
            text = widget.value.strip()
            if not text.lstrip("-").isdigit() or not \
                    param.minimum <= int(text) <= param.maximum:
                return self.t("{label}: give a whole number from {low} to {high}",
                              label=label, low=param.minimum, high=param.maximum)
            return ""
        if isinstance(widget, TickList):
            ticked = len(widget.ticked)
            if ticked < param.minimum:
                return self.t("{label}: tick at least {low} with Space", label=label,
                              low=param.minimum)
            if ticked > param.maximum:
                return self.t("{label}: tick at most {high}", label=label, high=param.maximum)
            return ""
        if widget.highlighted is None:
            return self.t("{label}: choose one", label=label)
        return ""

    def _check(self) -> str:
        """Lock the fields after the first wrong one; show (or clear) the problem."""
        first = ""
        for widget, param in zip(self._widgets(), self.spec.params, strict=True):
            widget.disabled = bool(first)
            if not first:
                first = self.problem(widget, param)
        error = self.query_one("#error", Static)
        if first:
            error.update(Text(first, style="bold red" if self.tried else "italic #a0a0a0"))
        else:
            error.update(Text(self.say(self.refusal)) if self.refusal and not self.tried
                         else "")
        return first

    @on(Input.Changed)
    @on(TickList.Toggled)
    @on(OptionList.OptionHighlighted)
    def _changed(self) -> None:
        self.refusal = ""
        self._check()

    def collect(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for widget, param in zip(self._widgets(), self.spec.params, strict=True):
            if isinstance(widget, SecretInput) and param.kind == "choice":
                out[param.name] = param.options[int(widget.value.strip()) - 1].value
            elif isinstance(widget, Input):
                out[param.name] = int(widget.value.strip())
            elif isinstance(widget, TickList):
                out[param.name] = [param.options[i].value for i in sorted(widget.ticked)]
            else:
                out[param.name] = param.options[widget.highlighted or 0].value
        return out

    def _advance(self, widget: Any) -> None:
        widgets = self._widgets()
        param = self.spec.params[widgets.index(widget)] if widget in widgets else None
        if param is not None and self.problem(widget, param):
            self.tried = True
            self._check()
            return
        self._check()
        later = [w for w in widgets[widgets.index(widget) + 1:] if not w.disabled] \
            if widget in widgets else []
        if later:
            later[0].focus()
            later[0].scroll_visible(animate=False)
        else:
            self.action_submit()

    def _enter(self, widget: Any) -> None:
        """Enter in a field: do it when every field is right; else show the first problem
        and go to its field."""
        self.tried = True
        if not self._check():
            self.action_submit()
            return
        wrong = next((w for w, p in zip(self._widgets(), self.spec.params, strict=True)
                      if self.problem(w, p)), widget)
        wrong.focus()
        wrong.scroll_visible(animate=False)

    @on(Input.Submitted)
    def _input_done(self, event: Input.Submitted) -> None:
        event.stop()
        self._enter(event.input)

    @on(OptionList.OptionSelected)
    def _option_done(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self._enter(event.option_list)

    @on(TickList.Done)
    def _ticks_done(self, event: TickList.Done) -> None:
        event.stop()
        self._enter(event.ticks)

    @on(NumberedOptions.Picked)
    def _picked(self, event: NumberedOptions.Picked) -> None:
        event.stop()
        self._advance(event.options)

    def action_submit(self) -> None:
        self.tried = True
        if self._check():
            return
        self.dismiss(self.collect())

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "yes":
            self.action_submit()
        else:
            self.dismiss(None)


class DiceScreen(Dialog):
    """Ask for a die rolled at the table; several values may be typed for the next rolls.

    Returns the list of values typed, or None."""

    def __init__(self, purpose: str, sides: int, lang: str = "en",
                 say: Say | None = None) -> None:
        super().__init__(lang)
        self.purpose, self.sides = purpose, sides
        self.say = say or _same

    def compose(self) -> ComposeResult:
        with Vertical(classes="box"):
            yield Label(f"{self.t('Table die')}: d{self.sides}", classes="title")
            yield Static(self.t("Roll a die at the table for:") + f"\n{self.say(self.purpose)}\n"
                         + self.t("Type its value (1-{sides}) and press Enter. Several values "
                                  "separated by spaces are used for the rolls that follow, "
                                  "in order.", sides=self.sides), markup=False)
            yield Input(placeholder=f"1-{self.sides}", id="die")
            yield Static("", id="error", classes="error", markup=False)

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    def _values(self, text: str) -> list[int] | None:
        parts = text.replace(",", " ").split()
        if parts and all(p.isdigit() and 1 <= int(p) <= 99 for p in parts) \
                and 1 <= int(parts[0]) <= self.sides:
            return [int(p) for p in parts]
        return None

    @on(Input.Changed)
    def _changed(self, event: Input.Changed) -> None:
        if not event.value.strip() or self._values(event.value) is not None:
            self.query_one("#error", Static).update("")

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        values = self._values(event.value)
        if values is not None:
            self.dismiss(values)
            return
        self.query_one("#error", Static).update(
            self.t("a d{sides} shows 1 to {sides}", sides=self.sides))
