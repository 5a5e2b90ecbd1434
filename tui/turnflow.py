"""Composing a turn at the table: offers, their dialogs, table dice, undo, finishing,
the hot-seat hand-over and resuming a draft.

A mixin of :class:`tui.app.TableApp`. The turn itself (actions, draft, writing the save)
is :class:`tui.turn.Turn`; this module only asks the player and shows what happened.
Each step that waits for someone (the confirmation, the hand-over) is one awaited dialog
here, so new waits (a witness answering mid-turn, say) fit in the same place.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual import work

from pbem import verification
from pbem.engine import ActionSpec
from pbem.errors import IllegalAction, NeedDice, PbemError
from pbem.ledger import Ledger
from tui.dialogs import ConfirmScreen, OrdersScreen
from tui.opening import local_for
from tui.paramdialog import DiceScreen, ParamScreen
from tui.turn import Turn, Written
from tui.whynot import WhyNotScreen

if TYPE_CHECKING:
    from tui.app import TableApp

    Base = TableApp
else:
    Base = object


class TurnFlow(Base):
    """The player's side of a turn: choosing, confirming, handing over."""

    def action_choose(self, number: int) -> None:
        if self.reviewing or self.turn is None or not 1 <= number <= len(self.offers):
            return
        self.run_offer(self.offers[number - 1])

    @work(exclusive=True, group="act")
    async def run_offer(self, spec: ActionSpec) -> None:
        """Fill in the offer's parameters, try it (asking for table dice), then refresh."""
        values: dict[str, Any] = {p.name: p.default for p in spec.params if p.default is not None}
        error = ""
        while True:
            if spec.params:
                result = await self.push_screen_wait(
                    ParamScreen(spec, values, error, self.lang, self.say))
                if result is None:
                    return
                values = result
            ok, error = await self.attempt(spec.complete(**values), spec.label)
            if ok or not spec.params:
                break
        await self.after_action()

    async def attempt(self, action: dict[str, Any], label: str) -> tuple[bool, str]:
        """Apply ``action``; ask for table dice as the engine needs them."""
        assert self.turn is not None
        dice: list[int] = []
        queued: list[int] = []
        while True:
            try:
                self.turn.act(action, label, dice)
            except NeedDice as need:
                if not queued:
                    typed = await self.push_screen_wait(
                        DiceScreen(need.purpose, need.sides, self.lang, self.say))
                    if not typed:
                        self.note(self.t("Table dice not given: nothing was done."))
                        return True, ""
                    queued.extend(int(v) for v in typed)
                dice.append(queued.pop(0))
                continue
            except IllegalAction as exc:
                self.note(self.t("Refused: {why}", why=self.say(exc.message)), "red")
                return False, exc.message
            except PbemError as exc:
                self.note(self.t("Refused: {why}", why=self.say(exc.line())), "red")
                return False, exc.line()
            if queued:
                self.note(self.t("{dice} typed but not needed: {values}",
                                 dice=self.count(len(queued), "die"),
                                 values=" ".join(map(str, queued))))
            return True, ""

    async def after_action(self) -> None:
        self.refresh_all()
        if self.turn is not None and self.turn.over():
            await self.finish_flow()

    def action_undo(self) -> None:
        if self.turn is None or self.reviewing:
            return
        ok, what = self.turn.undo()
        if not ok:
            self.note(self.t("Cannot undo: {why}.", why=self.say(what)))
            return
        self.note(self.t("Undone: {what}", what=self.say(what)), "cyan")
        self.refresh_all()

    def action_finish(self) -> None:
        if self.turn is None or self.reviewing:
            return
        if not self.turn.has_work():
            self.note(self.t("Nothing to write yet: take an action first."))
            return
        self.finish_worker()

    @work(exclusive=True, group="act")
    async def finish_worker(self) -> None:
        await self.finish_flow()

    def _next_line(self, role: str | None, name: str | None, text: str) -> str:
        if role is None:
            return self.t("The game is over.")
        return self.t("Next: {name} ({role}): {text}.", name=name,
                      role=self.role_label(role), text=self.say(text))

    async def finish_flow(self) -> None:
        """Confirm, sign and write the next save; hand over in a hot-seat game."""
        turn = self.turn
        if turn is None:
            return
        due = turn.composer.due()
        lines = [self.say(line) for line in turn.summary()]
        lines.append(self._next_line(due["role"] if due else None,
                                     turn.prev.player(due["role"])["name"] if due else None,
                                     due["text"] if due else ""))
        sure = await self.push_screen_wait(ConfirmScreen(
            self.t("Finish the turn?"), lines, self.t("Write and sign"), self.t("Cancel"),
            self.lang))
        if not sure:
            self.note(self.t("Not written yet: undo (u) if you can, or finish (f) when ready."))
            return
        try:
            written = turn.finish()
        except PbemError as exc:
            self.note(self.t("Not written: {why}", why=exc.line()), "red")
            return
        self.written.append(written)
        nxt = local_for(written.save, written.next_role) if written.next_role else None
        if nxt is None:
            self._stop_at(written)
            return
        if nxt.key.public != turn.me.key.public:
            await self.push_screen_wait(ConfirmScreen(
                self.t("Hand over"),
                [self.t("Wrote {path}.", path=written.path.name),
                 self._next_line(written.next_role, written.next_name, written.next_text),
                 self.t("Pass the keyboard to {name}, then press Enter.",
                        name=written.next_name)],
                self.t("Ready"), None, self.lang))
        try:
            line = verification.for_play(written.save, Ledger(nxt.key.public), [],
                                         written.path)
            following = Turn(written.save, written.path, nxt)
        except PbemError as exc:
            self.note(self.t("Cannot continue: {why}", why=exc.line()), "red")
            self._stop_at(written)
            return
        self.opened.save, self.opened.path, self.opened.me = written.save, written.path, nxt
        self.opened.role = following.role
        self.opened.verdict = [line]
        self.begin_turn(following)
        if nxt.key.public == turn.me.key.public:
            self.note(self.t("Wrote {path}; your turn goes on.", path=written.path.name),
                      "green")
        if following.over():
            await self.finish_flow()

    def begin_turn(self, turn: Turn) -> None:
        """Show ``turn`` from its start: a fresh log, no old notices."""
        self.turn = turn
        self.reviewing = False
        self.notices = []
        self.title = self.title_text()
        self.refresh_all()

    def _stop_at(self, written: Written) -> None:
        self.sent = written
        self.turn = None
        self.opened.save, self.opened.path = written.save, written.path
        self.reviewing = True
        self.history = None
        self.load_history()
        self.refresh_all()

    @work(exclusive=True, group="act")
    async def opening_flow(self) -> None:
        """Offer to resume a draft; finish at once when the turn is already over."""
        turn = self.turn
        if turn is None:
            return
        draft = turn.pending_draft()
        if draft:
            resume = await self.push_screen_wait(ConfirmScreen(
                self.t("A turn was being composed on this save"),
                [self.t("{actions} kept in {path}.", path=turn.draft,
                        actions=self.count(len(draft.actions), "action")),
                 self.t("Resume them, or discard the draft and start again?")],
                self.t("Resume"), self.t("Discard"), self.lang))
            if resume is not False:  # Escape keeps the work: only Discard throws it away
                try:
                    done = turn.resume(draft)
                    self.note(self.t("Resumed {actions} from the draft.",
                                     actions=self.count(done, "action")), "cyan")
                except PbemError as exc:
                    self.begin_turn(Turn(turn.prev, turn.path, turn.me))
                    self.note(self.t("The draft no longer applies ({why}); starting afresh.",
                                     why=exc.line()), "red")
            else:
                turn.discard_draft()
            self.refresh_all()
        if self.turn is not None and self.turn.over() and self.turn.has_work():
            await self.finish_flow()

    @work(exclusive=True, group="act")
    async def action_orders(self) -> None:
        if self.turn is None or self.reviewing:
            return
        orders = self.module.standing_orders()
        if not orders:
            self.note(self.t("This game has no standing orders."))
            return
        current = dict(self.current_view().get("orders") or {})
        changed = await self.push_screen_wait(OrdersScreen(orders, current, self.lang, self.say))
        if not changed:
            return
        ok, _ = await self.attempt({"do": "orders", "set": changed}, "standing orders")
        if ok:
            await self.after_action()

    def action_why_not(self) -> None:
        turn = self.turn
        if turn is None or self.reviewing:
            return
        verbs = sorted({spec.verb for spec in self.offers}
                       | {a["do"] for a in turn.player_actions()})

        def answer(action: dict[str, Any]) -> str:
            return self.say(turn.why_not(action))

        self.push_screen(WhyNotScreen(verbs, answer, self.selected, self.lang))
