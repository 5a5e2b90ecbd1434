"""The "Why not?" dialog: type an action, read the engine's answer in the dialog itself.

The action is tried on a scratch copy of the turn (nothing changes); the dialog stays
open so another try can follow, and Escape closes it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.widgets import Input, Label, Static

from pbem import strict_yaml
from pbem.errors import PbemError
from tui.dialogs import Dialog

EXAMPLE = "do: levy, area: xuchang, armies: 2"


class NotAnAction(ValueError):
    """What is wrong with the text typed (a message of the table's, and a detail)."""

    def __init__(self, message: str, detail: str = "") -> None:
        super().__init__(message, detail)
        self.message, self.detail = message, detail


def parse_action(text: str) -> dict[str, Any]:
    """``KEY: VALUE`` pairs (or a YAML mapping) as an action; raise NotAnAction."""
    body = text.strip()
    if not body:
        raise NotAnAction("Type an action first.")
    try:
        action = strict_yaml.load(body if body.startswith("{") else "{" + body + "}", "action")
    except PbemError as exc:
        raise NotAnAction("Not an action: {detail}", exc.message) from None
    if not isinstance(action, dict) or not isinstance(action.get("do"), str):
        raise NotAnAction("An action needs do: VERB")
    return action


class WhyNotScreen(Dialog):
    """Ask the engine why an action is refused now; the answers stay in the dialog."""

    def __init__(self, verbs: list[str], answer: Callable[[dict[str, Any]], str],
                 area: str | None = None, lang: str = "en") -> None:
        super().__init__(lang)
        self.verbs, self.answer, self.area = verbs, answer, area

    def compose(self) -> ComposeResult:
        example = f"do: VERB, area: {self.area}" if self.area else EXAMPLE
        with Vertical(classes="box wide"):
            yield Label(self.t("Why not?"), classes="title")
            yield Static(self.t("Type an action as KEY: VALUE pairs and press Enter; the engine "
                                "tries it on a scratch copy (nothing changes) and answers "
                                "here. Escape closes.") + "\n"
                         + self.t("Verbs offered now: {verbs}", verbs=", ".join(self.verbs)),
                         classes="hint", markup=False)
            yield Input(placeholder=self.t("e.g. {example}", example=example), id="text")
            yield Static("", id="answer", markup=False)

    def on_mount(self) -> None:
        self.query_one(Input).focus()

    @on(Input.Submitted)
    def _submitted(self, event: Input.Submitted) -> None:
        event.stop()
        shown = self.query_one("#answer", Static)
        try:
            action = parse_action(event.value)
        except NotAnAction as exc:
            shown.update(Text(self.t(exc.message, detail=exc.detail), style="red"))
            return
        shown.update(Text(self.answer(action), style="bold"))
