"""The table as its parts see it: the :class:`Table` protocol.

:class:`tui.app.TableApp` is assembled from mixins (:mod:`tui.painting`,
:mod:`tui.turnflow`, :mod:`tui.handover`, :mod:`tui.reviewing`). Each mixin is typed
against :class:`TableBase` — this protocol on a Textual app — rather than against the app
that assembles them, so no part imports the whole. The protocol names the app's state and
the methods the parts call on one another; each is defined by the app or by one mixin.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from pbem.engine import ActionSpec, GameModule, Prompt
from tui.engine_text import EngineText
from tui.following import Waiting
from tui.history import History, Point
from tui.layouts import Layout
from tui.logpane import Notice
from tui.opening import Opened
from tui.seen import Sight
from tui.turn import Turn, Written


class Table(Protocol):
    """The state of the table and the methods its parts share."""

    opened: Opened
    module: GameModule
    lang: str
    board: dict[str, Any]
    layout: Layout
    notice: str | None
    say: EngineText
    turn: Turn | None
    waiting: Waiting | None
    waiting_timer: Any
    reviewing: bool
    history: History | None
    point: Point | None
    selected: str | None
    notices: list[Notice]
    sent: Written | None
    written: list[Written]
    matches: list[tuple[Point, str]]
    match_index: int
    offers: list[ActionSpec]
    _shown: dict[str, Any]

    # the app's own (tui.app)
    def t(self, text: str, /, **values: Any) -> str: ...
    def role_label(self, role: str) -> str: ...
    def title_text(self) -> str: ...
    def current_state(self) -> dict[str, Any]: ...
    def current_view(self) -> dict[str, Any]: ...
    def current_prompt(self) -> Prompt | None: ...
    def sight(self) -> Sight: ...
    def view_token(self) -> Any: ...
    def arrange(self) -> None: ...

    # drawing (tui.painting)
    def refresh_all(self) -> None: ...
    def note(self, text: str, style: str = "yellow") -> None: ...
    def count(self, number: int, noun: str) -> str: ...

    # composing a turn (tui.turnflow)
    async def turn_opened(self) -> None: ...

    # where a save ends (tui.handover)
    async def finish_flow(self) -> None: ...
    async def request_flow(self) -> None: ...
    async def go_on(self, last: Written, previous_player: Any = None) -> None: ...
    def begin_turn(self, turn: Turn) -> None: ...
    def waiting_text(self) -> str: ...

    # a whole order built entry by entry (tui.formdialog)
    async def form_flow(self, spec: ActionSpec, start: dict[str, Any] | None = None,
                        error: str = "") -> dict[str, Any] | None: ...

    # a plan for when the game comes back (tui.planning)
    async def offer_plan(self, turn: Turn, done: Written) -> None: ...

    # claims and absent seats (tui.claiming)
    def update_claim(self) -> bool: ...
    def claim_text(self) -> str: ...
    def absent_part(self, state: dict[str, Any]) -> str | None: ...
    def end_reason(self, state: dict[str, Any]) -> str: ...

    # passing ahead of one's turn (tui.passing)
    def update_ahead(self) -> bool: ...
    def ahead_text(self) -> str: ...
    def passes_side_by_side(self, spec: ActionSpec) -> bool: ...
    async def pass_due_flow(self) -> None: ...

    # looking back (tui.reviewing)
    def load_history(self) -> None: ...


if TYPE_CHECKING:
    from textual.app import App

    class TableBase(Table, App[str | None]):
        """What a mixin of the table may use: the protocol and Textual's app."""
