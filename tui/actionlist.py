"""The list of offered actions (or, in review, of a save's actions), chosen by number.

Every entry has a number. Digits typed one after another pick it: with up to nine entries
one digit acts at once; with more, a digit that could begin a longer number waits for
the next digit (or Enter), so ``1`` ``2`` takes the twelfth action. A waiting digit is
forgotten after a pause, or when any other key is pressed (Escape, Tab...): it never
joins a digit typed later into another number.
"""

from __future__ import annotations

from typing import Any, ClassVar

from rich.table import Table
from textual.binding import Binding, BindingType
from textual.message import Message
from textual.timer import Timer
from textual.widgets import OptionList
from textual.widgets.option_list import Option

PAUSE_SECONDS = 1.5  # how long a digit waits for the next one


def after_digit(typed: str, digit: str, total: int) -> tuple[str, int | None, bool]:
    """Typing ``digit`` after ``typed`` among ``total`` entries.

    Returns the digits still waiting, the number to highlight (or ``None``) and whether
    that number is complete (no longer number starts with the same digits)."""
    text = typed + digit
    if int(text) == 0 or int(text) > total:
        text = digit
        if int(text) == 0 or int(text) > total:
            return "", None, False
    number = int(text)
    complete = number * 10 > total
    return ("" if complete else text), number, complete


def numbered(index: int, total: int, label: str) -> Table:
    """``label`` after its number (right-aligned to the widest), wrapped lines indented."""
    grid = Table.grid(padding=(0, 1), expand=True)
    grid.add_column(justify="right", width=len(str(total)) + 1, no_wrap=True)
    grid.add_column(ratio=1, overflow="fold")
    grid.add_row(f"{index + 1}.", label)
    return grid


class ActionList(OptionList):
    """An option list whose entries are taken by number; in review its paging keys step
    through the saves instead of scrolling."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *[Binding(str(d), f"digit('{d}')", show=False) for d in range(10)],
    ]

    class Chosen(Message):
        """An entry was taken by its number."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    class Typing(Message):
        """The digits waiting for the next one changed (``""``: none wait any more)."""

        def __init__(self, typed: str) -> None:
            super().__init__()
            self.typed = typed

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.typed = ""
        self.reviewing = False
        self.pause = PAUSE_SECONDS
        self._forgetting: Timer | None = None

    def show(self, labels: list[str], ids: list[str], highlighted: int | None) -> None:
        """Replace the entries (numbered) and highlight one."""
        self.forget()
        self.clear_options()
        self.add_options([Option(numbered(i, len(labels), label), id=ident)
                          for i, (label, ident) in enumerate(zip(labels, ids, strict=True))])
        if labels:
            self.highlighted = highlighted if highlighted is not None else 0

    def action_digit(self, digit: str) -> None:
        typed, number, complete = after_digit(self.typed, digit, self.option_count)
        self._wait_with(typed)
        if number is None:
            return
        self.highlighted = number - 1
        if complete:
            self.post_message(self.Chosen(number - 1))

    def _wait_with(self, typed: str) -> None:
        """Keep ``typed`` waiting for the next digit (for a pause at most)."""
        if self._forgetting is not None:
            self._forgetting.stop()
            self._forgetting = None
        if typed:
            self._forgetting = self.set_timer(self.pause, self.forget)
        if typed != self.typed:
            self.typed = typed
            self.post_message(self.Typing(typed))

    def forget(self) -> None:
        """Let a waiting digit go: it takes nothing."""
        self._wait_with("")

    def other_key(self, key: str, on_table: bool) -> bool:
        """A key other than a digit was pressed anywhere: Enter on the table (no dialog
        above it) takes the number waiting (True: the key is used up); any other key
        forgets it."""
        if not self.typed or key.isdigit():
            return False
        number = int(self.typed)
        self.forget()
        if key != "enter" or not on_table:
            return False
        self.highlighted = number - 1
        self.post_message(self.Chosen(number - 1))
        return True

    def action_select(self) -> None:
        self.forget()
        super().action_select()

    # in review, the paging keys go through the history (as the header says)

    class Paged(Message):
        """A paging key pressed while reviewing: ``save_step(delta)`` or ``edge(last)``."""

        def __init__(self, action: str, value: int) -> None:
            super().__init__()
            self.action, self.value = action, value

    def action_page_up(self) -> None:
        if self.reviewing:
            self.post_message(self.Paged("save_step", -1))
        else:
            super().action_page_up()

    def action_page_down(self) -> None:
        if self.reviewing:
            self.post_message(self.Paged("save_step", 1))
        else:
            super().action_page_down()

    def action_first(self) -> None:
        if self.reviewing:
            self.post_message(self.Paged("edge", 0))
        else:
            super().action_first()

    def action_last(self) -> None:
        if self.reviewing:
            self.post_message(self.Paged("edge", 1))
        else:
            super().action_last()
