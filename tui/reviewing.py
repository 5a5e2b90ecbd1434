"""Looking back through a game: stepping action by action or save by save, jumping to a
save or a round, searching the log.

A mixin of :class:`tui.app.TableApp`; positions come from :class:`tui.history.History`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual import work

from pbem import gameplay
from tui.dialogs import PickScreen, TextScreen
from tui.history import History, Point

if TYPE_CHECKING:
    from tui.tablestate import TableBase as Base
else:
    Base = object


class Reviewing(Base):
    """The review keys: ← → PgUp PgDn Home End, t, / and n."""

    def load_history(self) -> None:
        save = self.opened.save
        if self.history is not None and self.history.saves[-1].sha256 == save.sha256:
            return
        if self.opened.chain and self.opened.chain[-1] is save:
            self.history = History(self.module, save, list(self.opened.chain))
        else:
            self.history = History.load(self.module, save, self.opened.earlier,
                                        self.opened.path)
        self.point = self.history.last()

    def action_toggle_review(self) -> None:
        if self.turn is None:
            return
        self.reviewing = not self.reviewing
        if self.reviewing:
            self.load_history()
        self.refresh_all()

    def action_step(self, delta: int) -> None:
        if not self.reviewing or self.history is None or self.point is None:
            return
        self.point = self.history.step(self.point, delta)
        self.refresh_all()

    def action_save_step(self, delta: int) -> None:
        if not self.reviewing or self.history is None or self.point is None:
            return
        self.point = self.history.save_step(self.point, delta)
        self.refresh_all()

    def action_edge(self, last: int) -> None:
        if not self.reviewing or self.history is None:
            return
        self.point = self.history.last() if last else self.history.first()
        self.refresh_all()

    def go_to_action(self, index: int) -> None:
        """The position after action ``index`` of the save shown."""
        if self.history is not None and self.point is not None:
            self.point = Point(self.point.save, index + 1)
            self.refresh_all()

    @work(exclusive=True, group="ask")
    async def action_jump(self) -> None:
        if not self.reviewing or self.history is None:
            return
        text = await self.push_screen_wait(TextScreen(
            self.t("Jump to"), self.t("A save number (e.g. 12), or r and a round (e.g. r3)."),
            placeholder="12 / r3", lang=self.lang))
        if not text:
            return
        text = text.strip().lower()
        point = None
        module = self.module
        if text.startswith("r") and text[1:].strip().isdigit():

            def round_of(state: dict[str, Any]) -> Any:
                return gameplay.view(module, state, None).get("round")

            point = self.history.find_round(int(text[1:]), round_of)
        elif text.isdigit():
            point = self.history.find_sequence(int(text))
        if point is None:
            self.note(self.t("Nothing matches {text} in this game's history.", text=repr(text)))
            return
        self.point = point
        self.refresh_all()

    @work(exclusive=True, group="ask")
    async def action_search(self) -> None:
        self.load_history()
        if self.history is None:
            return
        text = await self.push_screen_wait(TextScreen(
            self.t("Search the log"), self.t("Words to find in the game's log."),
            lang=self.lang))
        if not text:
            return
        self.matches = self.history.search(text)
        if not self.matches:
            self.note(self.t("No log line contains {text}.", text=repr(text)))
            return
        items = [(i, f"{self.t('save')} {self.history.saves[p.save].sequence}: "
                     f"{self.say(line)}") for i, (p, line) in enumerate(self.matches)]
        choice = await self.push_screen_wait(PickScreen(
            self.t("{lines} with {text}", lines=self.count(len(self.matches), "line"),
                   text=repr(text)), items, self.lang))
        if choice is None:
            return
        self.match_index = int(choice)
        self._go_match()

    def action_next_match(self) -> None:
        if self.matches:
            self.match_index = (self.match_index + 1) % len(self.matches)
            self._go_match()

    def _go_match(self) -> None:
        self.reviewing = True
        self.point = self.matches[self.match_index][0]
        self.refresh_all()
