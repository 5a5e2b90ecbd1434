"""Modal dialogs: confirmations, a line of text, picking from a list, standing orders, help.

Every fixed word in them goes through :func:`tui.i18n.tr`, so they follow the table's
language. The dialogs that fill in an action are in :mod:`tui.paramdialog`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Input, Label, OptionList, Select, Static
from textual.widgets.option_list import Option

from tui.i18n import tr


class Dialog(ModalScreen[Any]):
    """Base: a bordered box in the middle of the screen; Escape cancels."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("escape", "cancel", "Cancel")]
    DEFAULT_CLASSES = "dialog"

    def __init__(self, lang: str = "en") -> None:
        super().__init__()
        self.lang = lang

    def t(self, text: str, /, **values: Any) -> str:
        return tr(text, self.lang, **values)

    def action_cancel(self) -> None:
        self.dismiss(None)


class ConfirmScreen(Dialog):
    """A question with lines of context (scrolled with ↑ ↓ PgUp PgDn when they are many);
    returns True, False (or None on Escape). Enter answers yes wherever the focus is,
    except on the other button."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "yes", show=False)]

    def __init__(self, title: str, lines: list[str | Text], yes: str = "OK",
                 no: str | None = "Cancel", lang: str = "en", wide: bool = False) -> None:
        super().__init__(lang)
        self.title_text, self.lines, self.yes, self.no = title, lines, yes, no
        self.wide = wide

    def compose(self) -> ComposeResult:
        body = Text()
        for index, line in enumerate(self.lines):
            body.append_text(line if isinstance(line, Text) else Text(line))
            if index + 1 < len(self.lines):
                body.append("\n")
        with Vertical(classes="box wide" if self.wide else "box"):
            yield Label(self.title_text, classes="title")
            with VerticalScroll(classes="body tall" if self.wide else "body", id="body"):
                yield Static(body, markup=False)
            with Horizontal(classes="buttons"):
                yield Button(self.yes, variant="primary", id="yes", compact=True)
                if self.no:
                    yield Button(self.no, id="no", compact=True)

    def on_mount(self) -> None:
        self.query_one("#yes", Button).focus()

    def _body(self) -> VerticalScroll:
        return self.query_one("#body", VerticalScroll)

    def key_up(self) -> None:
        self._body().scroll_up(animate=False)

    def key_down(self) -> None:
        self._body().scroll_down(animate=False)

    def key_pageup(self) -> None:
        self._body().scroll_page_up(animate=False)

    def key_pagedown(self) -> None:
        self._body().scroll_page_down(animate=False)

    @on(Button.Pressed)
    def _pressed(self, event: Button.Pressed) -> None:
        self.dismiss(event.button.id == "yes")

    def action_yes(self) -> None:
        self.dismiss(True)

    def action_cancel(self) -> None:
        self.dismiss(None if self.no else True)


class HandOverScreen(Screen[bool]):
    """The hot-seat hand-over: the whole table hidden (the last player's hand with it)
    until the next player, at the keyboard, presses Enter."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("enter", "ready", "Ready")]

    def __init__(self, title: str, lines: list[str], ready: str) -> None:
        super().__init__()
        self.title_text, self.lines, self.ready = title, lines, ready

    def compose(self) -> ComposeResult:
        with Vertical(classes="box"):
            yield Label(self.title_text, classes="title")
            yield Static("\n".join(self.lines), markup=False)
            with Horizontal(classes="buttons"):
                yield Button(self.ready, variant="primary", id="yes", compact=True)

    def on_mount(self) -> None:
        self.query_one(Button).focus()

    @on(Button.Pressed)
    def _pressed(self) -> None:
        self.dismiss(True)

    def action_ready(self) -> None:
        self.dismiss(True)


class SecretScreen(Dialog):
    """Type a sealed choice without showing it; returns the text, or None."""

    def __init__(self, title: str, hint: str, lang: str = "en") -> None:
        super().__init__(lang)
        self.title_text, self.hint = title, hint

    def compose(self) -> ComposeResult:
        with Vertical(classes="box"):
            yield Label(self.title_text, classes="title")
            yield Static(self.hint, classes="hint", markup=False)
            yield Input(password=True, id="secret")

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        if event.value.strip():
            self.dismiss(event.value.strip())


class TextScreen(Dialog):
    """Ask for one line of text; returns it, or None."""

    def __init__(self, title: str, hint: str = "", value: str = "",
                 placeholder: str = "", lang: str = "en") -> None:
        super().__init__(lang)
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


class PickScreen(Dialog):
    """Pick one item from a list (type to filter); returns its value or None."""

    def __init__(self, title: str, items: list[tuple[Any, str]], lang: str = "en") -> None:
        super().__init__(lang)
        self.title_text, self.items = title, items

    def compose(self) -> ComposeResult:
        with Vertical(classes="box"):
            yield Label(self.title_text, classes="title")
            yield Input(placeholder=self.t("type to filter, ↓ to the list"), id="filter")
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

    def key_down(self) -> None:
        if self.query_one(Input).has_focus:
            self.query_one(OptionList).focus()

    @on(Input.Submitted)
    def _first(self) -> None:
        pick = self.query_one(OptionList)
        if pick.option_count:
            option = pick.get_option_at_index(pick.highlighted or 0)
            self.dismiss(self.items[int(option.id or 0)][0])

    @on(OptionList.OptionSelected)
    def _picked(self, event: OptionList.OptionSelected) -> None:
        self.dismiss(self.items[int(event.option.id or 0)][0])


class OrdersScreen(Dialog):
    """Edit standing orders; returns the changed {name: value} or None."""

    def __init__(self, orders: dict[str, tuple[tuple[str, ...], str, str]],
                 current: dict[str, str], lang: str = "en",
                 say: Callable[[str], str] | None = None) -> None:
        super().__init__(lang)
        self.orders, self.current = orders, current
        self.say = say or (lambda text: text)

    def compose(self) -> ComposeResult:
        with Vertical(classes="box wide"):
            yield Label(self.t("Standing orders"), classes="title")
            with VerticalScroll(classes="body"):
                for name, (values, default, help_text) in self.orders.items():
                    yield Label(f"{name}: {self.say(help_text)}", classes="param", markup=False)
                    yield Select([(v, v) for v in values], allow_blank=False,
                                 value=self.current.get(name, default), id=f"o-{name}")
            with Horizontal(classes="buttons"):
                yield Button(self.t("Set orders"), variant="primary", id="yes", compact=True)
                yield Button(self.t("Cancel"), id="no", compact=True)

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

    def __init__(self, text: str, lang: str = "en") -> None:
        super().__init__(lang)
        self.text = text

    def compose(self) -> ComposeResult:
        with Vertical(classes="box wide"):
            yield Label(self.t("Help"), classes="title")
            with VerticalScroll(classes="body", id="help-body"):
                yield Static(self.text, markup=False)
            with Horizontal(classes="buttons"):
                yield Button(self.t("Close"), variant="primary", id="yes", compact=True)

    def on_mount(self) -> None:
        self.query_one(Button).focus()

    def key_up(self) -> None:
        self.query_one("#help-body", VerticalScroll).scroll_up(animate=False)

    def key_down(self) -> None:
        self.query_one("#help-body", VerticalScroll).scroll_down(animate=False)

    def key_pageup(self) -> None:
        self.query_one("#help-body", VerticalScroll).scroll_page_up(animate=False)

    def key_pagedown(self) -> None:
        self.query_one("#help-body", VerticalScroll).scroll_page_down(animate=False)

    @on(Button.Pressed)
    def _pressed(self) -> None:
        self.dismiss(None)
