"""The log pane: the story so far, in blocks, scrollable from the keyboard.

Each block is one piece of the story (the save before this turn, one action with its
lines and dice, a notice), so the pane can bring the start of the newest action into
view instead of its last die, and re-wraps when the terminal is resized.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual.containers import VerticalScroll
from textual.widgets import Static

from tui.turn import Chunk
from tui.words import dice_lines


@dataclass
class Notice:
    """A message of the table's own (a refusal, an undo), shown where it happened: after
    ``after`` actions of the turn."""

    text: str
    style: str
    after: int


def chunk_text(chunk: Chunk, translate: Any = None) -> Text:
    """One action: its label, the lines it wrote and its dice, grouped by purpose."""
    say = translate or (lambda line: line)
    text = Text()
    text.append(f"▸ {say(chunk.label)}", style="bold cyan")
    for line in chunk.lines:
        text.append("\n" + say(line))
    for line in dice_lines(chunk.rolls):
        text.append("\n    " + say(line), style="magenta")
    return text


def turn_blocks(before: list[str], heading: str, chunks: list[Chunk], notices: list[Notice],
                translate: Any = None) -> list[Text]:
    """The blocks of a turn: the save it answers (dimmed), then actions and notices."""
    say = translate or (lambda line: line)
    head = Text("\n".join(say(line) for line in before), style="dim")
    head.append(("\n" if before else "") + f"── {heading} ──", style="dim")
    blocks = [head]
    for index in range(len(chunks) + 1):
        for notice in notices:
            if min(notice.after, len(chunks)) == index:
                blocks.append(Text(notice.text, style=notice.style))
        if index < len(chunks):
            blocks.append(chunk_text(chunks[index], translate))
    return blocks


class LogPane(VerticalScroll):
    """A focusable, scrollable column of log blocks (arrows, PgUp/PgDn, Home/End)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.blocks: list[Static] = []  # in order; removal and mounting finish later
        self.placed = True  # False from a change until the newest block is in view

    def show(self, blocks: list[Text], target: int | None = None) -> None:
        """Show ``blocks``; bring block ``target`` to the top (or the end into view)."""
        for widget, block in zip(self.blocks, blocks, strict=False):
            widget.update(block)
        for widget in self.blocks[len(blocks):]:
            widget.remove()
        del self.blocks[len(blocks):]
        extra = [Static(block, markup=False, classes="log-block")
                 for block in blocks[len(self.blocks):]]
        if extra:
            self.blocks.extend(extra)
            self.mount(*extra)
        self.placed = False
        self.call_after_refresh(self._scroll, target)

    def _scroll(self, target: int | None, tries: int = 0) -> None:
        if any(not b.size.height for b in self.blocks) and tries < 20:  # not laid out yet
            self.call_after_refresh(self._scroll, target, tries + 1)
            return
        if target is None or not 0 <= target < len(self.blocks):
            self.scroll_end(animate=False, immediate=True)
        else:
            self.scroll_to_widget(self.blocks[target], top=True, animate=False, immediate=True)
        self.placed = True

    def text(self) -> str:
        """Everything shown, as plain text (for tests and searching)."""
        return "\n".join(str(getattr(w.content, "plain", w.content)) for w in self.blocks)
