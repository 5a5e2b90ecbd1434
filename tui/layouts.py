"""Which panes the table shows for a game, chosen from what the game describes: a map
(``module.board()`` with areas), action spaces and state boards (a view with ``spaces``
and ``states``), panes of text the game draws from its view (``module.panes(view)``,
shown as side tabs beside its text picture), or, for any other game, its own text
picture of the position alone.

Each side tab is a renderer of the view; the app draws whichever layout it was given, its
tabs in a :class:`SideTabs`.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from rich.console import RenderableType
from rich.text import Text
from textual.binding import Binding, BindingType
from textual.widgets import ContentSwitcher, TabbedContent, TabPane

from tui import boards, panels, spaces


@dataclass
class Context:
    """What a pane is drawn from."""

    view: Mapping[str, Any]
    lang: str
    width: int
    board: Mapping[str, Any]
    selected: str | None = None
    numbers: Mapping[str, int] = field(default_factory=dict)
    notice: str | None = None
    describe: Callable[[], str] = lambda: ""
    panes: Callable[[], list[tuple[str, str]]] = list
    say: Callable[[str], str] = str


@dataclass(frozen=True)
class Tab:
    label: str
    ident: str
    render: Callable[[Context], RenderableType]


@dataclass(frozen=True)
class Layout:
    kind: str  # "map", "spaces", "cards" or "text"
    tabs: tuple[Tab, ...]
    first_tab: str
    main: Callable[[Context], RenderableType] | None = None


MAP = Layout("map", (
    Tab("Area", "area-info",
        lambda c: panels.area_details(dict(c.view), dict(c.board), c.selected, c.lang)),
    Tab("Kingdoms", "kingdoms", lambda c: panels.kingdoms_table(dict(c.view), c.lang, c.width)),
    Tab("Characters", "characters",
        lambda c: panels.characters_table(dict(c.view), c.lang, c.width)),
    Tab("Mandate", "mandate", lambda c: panels.mandate_display(dict(c.view), c.lang)),
), "tab-kingdoms")

SPACES = Layout("spaces", (
    Tab("Yours", "yours", lambda c: boards.yours(c.view, c.lang)),
    Tab("States", "states", lambda c: boards.states_panel(c.view, c.lang)),
    Tab("Tracks", "tracks", lambda c: spaces.tracks(c.view, c.lang, c.notice)),
    Tab("Borders", "borders", lambda c: boards.borders_panel(c.view, c.lang)),
), "tab-yours", lambda c: spaces.spaces_board(c.view, c.lang, c.numbers, c.width))


def _text_picture(context: Context) -> RenderableType:
    """The game's own text picture, or else what its view holds, key by key."""
    try:
        text = context.describe()
    except Exception:  # a game without a text picture of its own
        text = ""
    if text:
        return Text("\n".join(context.say(line) for line in text.split("\n")))
    return Text("\n".join(f"{key}: {value}" for key, value in context.view.items()))


TEXT = Layout("text", (), "tab-rules", _text_picture)


def _pane(index: int) -> Callable[[Context], RenderableType]:
    """The ``index``-th pane the game draws, each line in the table's language."""
    def render(context: Context) -> RenderableType:
        drawn = context.panes()
        if index >= len(drawn):
            return Text("")
        return Text("\n".join(context.say(line) for line in drawn[index][1].split("\n")))
    return render


def cards(titles: list[str]) -> Layout:
    """Side tabs for the panes a game draws (titled ``titles``), its text picture as the
    main pane."""
    tabs = tuple(Tab(title, f"pane-{index}", _pane(index))
                 for index, title in enumerate(titles))
    return Layout("cards", tabs, f"tab-{tabs[0].ident}", _text_picture)


def layout_for(board: Mapping[str, Any], view: Mapping[str, Any],
               panes: list[tuple[str, str]] | None = None) -> Layout:
    """The layout for a game with this board (``{}``: none), view and the panes it draws
    from that view."""
    if board.get("areas"):
        return MAP
    if isinstance(view.get("spaces"), list) and isinstance(view.get("states"), dict):
        return SPACES
    if panes:
        return cards([title for title, _ in panes])
    return TEXT


class SideTabs(TabbedContent):
    """The side panels' tabs. ← → switch the tab wherever the focus is in them: on the
    row of tab names (the tabs' own keys) and in the pane shown, whose text never
    scrolls sideways (there the arrows would otherwise do nothing at all, or step the
    history while reviewing). The pane switched to keeps the focus, for ↑ ↓ to scroll it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "step_tab(-1)", "Previous tab", show=False),
        Binding("right", "step_tab(1)", "Next tab", show=False),
    ]

    def action_step_tab(self, delta: int) -> None:
        panes = list(self.get_child_by_type(ContentSwitcher).query_children(TabPane))
        ids = [pane.id for pane in panes if pane.id and not pane.disabled]
        if not ids:
            return
        at = ids.index(self.active) if self.active in ids else 0
        self.active = ids[(at + delta) % len(ids)]
        pane = self.get_pane(self.active)
        inside = [widget for widget in pane.query("*") if widget.can_focus]
        if inside:
            inside[0].focus()
