"""The map widget: paints :func:`tui.mapdraw.draw` and turns clicks and arrows into
area selections."""

from __future__ import annotations

from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.widget import Widget

from tui.mapdraw import Drawing, draw


class MapView(Widget, can_focus=True):
    """The board with the position of ``view``; ``selected`` is highlighted."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "move(0, -1)", "Area", show=False),
        Binding("down", "move(0, 1)", "Area", show=False),
        Binding("left", "move(-1, 0)", "Area", show=False),
        Binding("right", "move(1, 0)", "Area", show=False),
    ]

    class Selected(Message):
        """An area was selected on the map."""

        def __init__(self, area: str) -> None:
            super().__init__()
            self.area = area

    def __init__(self, board: dict[str, Any], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.board = board
        self.view: dict[str, Any] = {}
        self.selected: str | None = None
        self.marked: set[str] = set()
        self.lang = "en"
        self.arrows_step_history = False
        self._drawing: Drawing | None = None

    def show(self, view: dict[str, Any], selected: str | None, marked: set[str],
             lang: str) -> None:
        self.view, self.selected, self.marked, self.lang = view, selected, marked, lang
        self.refresh()

    def render(self) -> Text:
        if not self.board.get("areas"):
            return Text("(this game has no map)")
        self._drawing = draw(self.board, self.view, self.size.width, self.size.height,
                             self.selected, self.lang, self.marked)
        return self._drawing.text

    def on_click(self, event: events.Click) -> None:
        if self._drawing is None:
            return
        area = self._drawing.area_at(event.x, event.y)
        if area:
            self.post_message(self.Selected(area))

    def action_move(self, dx: int, dy: int) -> None:
        if self.arrows_step_history and dx:
            self.app.run_action(f"step({dx})")
            return
        if self._drawing is None or not self._drawing.boxes:
            return
        boxes = self._drawing.boxes
        if self.selected not in boxes:
            self.post_message(self.Selected(next(iter(boxes))))
            return
        x0, y0 = boxes[self.selected].centre
        best, score = None, None
        for area, box in boxes.items():
            if area == self.selected:
                continue
            x, y = box.centre
            along = (x - x0) * dx + (y - y0) * dy
            if along <= 0:
                continue
            across = abs((x - x0) * dy) + abs((y - y0) * dx)
            value = along + 2 * across
            if score is None or value < score:
                best, score = area, value
        if best:
            self.post_message(self.Selected(best))
