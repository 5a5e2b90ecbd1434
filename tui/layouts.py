"""Which panes the table shows for a game, chosen from what the game describes: a map
(``module.board()`` with areas), action spaces and state boards (a view with ``spaces``
and ``states``), or, for any other game, its own text picture of the position.

Each side tab is a renderer of the view; the app draws whichever layout it was given.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from rich.console import RenderableType
from rich.text import Text

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


@dataclass(frozen=True)
class Tab:
    label: str
    ident: str
    render: Callable[[Context], RenderableType]


@dataclass(frozen=True)
class Layout:
    kind: str  # "map", "spaces" or "text"
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
        return Text(text)
    return Text("\n".join(f"{key}: {value}" for key, value in context.view.items()))


TEXT = Layout("text", (), "tab-rules", _text_picture)


def layout_for(board: Mapping[str, Any], view: Mapping[str, Any]) -> Layout:
    """The layout for a game with this board (``{}``: none) and view."""
    if board.get("areas"):
        return MAP
    if isinstance(view.get("spaces"), list) and isinstance(view.get("states"), dict):
        return SPACES
    return TEXT
