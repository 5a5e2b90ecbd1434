"""Composing a turn at the table: offers, their dialogs, table dice, undo, resuming a
draft, and what the table does as it opens.

A mixin of :class:`tui.app.TableApp`. The turn itself (actions, draft, writing the save)
is :class:`tui.turn.Turn`; finishing, requests and hand-overs are :mod:`tui.handover`.
Each step that waits for someone is one awaited dialog, run in the "act" worker group.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from textual import work

from pbem.drafts import Draft
from pbem.engine import ActionSpec
from pbem.errors import IllegalAction, NeedDice, PbemError
from pbem.savefile import SaveFile
from tui.dialogs import ConfirmScreen, OrdersScreen, SecretScreen
from tui.following import Follower, automatic
from tui.formdialog import has_form
from tui.paramdialog import DiceScreen, ParamScreen
from tui.turn import Turn, sealed_places, written
from tui.whynot import WhyNotScreen

if TYPE_CHECKING:
    from tui.tablestate import TableBase as Base
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
        if self.passes_side_by_side(spec):
            await self.pass_due_flow()
            return
        if has_form(spec):
            await self._run_form(spec)
            return
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

    async def _run_form(self, spec: ActionSpec) -> None:
        """A whole order built entry by entry (tui.formdialog), tried until the rules take
        it or the player leaves the form."""
        values: dict[str, Any] | None = {}
        error = ""
        while True:
            values = await self.form_flow(spec, values, error)
            if values is None:
                return
            ok, error = await self.attempt(spec.complete(**values), spec.label)
            if ok:
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
        turn = self.turn
        if turn is None:
            return
        if turn.waiting():
            await self.request_flow()
        elif turn.over():
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
        ok, why = self.turn.composer.can_finish()
        if not ok:
            self.note(self.t("Not yet: {why}.", why=self.say(why)))
            return
        self.finish_worker()

    @work(exclusive=True, group="act")
    async def finish_worker(self) -> None:
        await self.finish_flow()

    @work(exclusive=True, group="act")
    async def opening_flow(self) -> None:
        """The table has opened: answer what needs no decision, carry on after answers
        that arrived, or start the turn (resuming its draft)."""
        if self.keyboard_ready is not None:
            await self.keyboard_ready.wait()  # the hot seat's player is at the keyboard
        opened = self.opened
        if self.turn is None:
            if opened.playable and automatic(opened.save):
                await self.go_on(written(opened.save, opened.path))
            elif self.follows_own_save():
                found = Follower(opened.save, opened.path).chain()
                save, path = found[-1] if found else (opened.save, opened.path)
                if self._comes_back(save):
                    if found:
                        self.note(self.t("Carried on from the newer save {path}.",
                                         path=path.name), "cyan")
                    await self.go_on(written(save, path))
            return
        await self.turn_opened()

    def follows_own_save(self) -> bool:
        """True when the save opened is this player's own request, or one they answered
        already: the table follows the game from there."""
        opened = self.opened
        if opened.review or not opened.ok or opened.me is None or opened.role is None:
            return False
        pending = opened.save.pending
        own_request = pending is not None and pending["by"] == opened.role \
            and automatic(opened.save)
        moved = opened.read_only is not None and opened.read_only.kind == "moved"
        return own_request or moved

    def _comes_back(self, save: SaveFile) -> bool:
        """True when ``save`` is this player's to play, or waits on their own request."""
        due, role = save.due, self.opened.role
        if due is None or role is None:
            return False
        if automatic(save):
            return save.pending is not None and save.pending["by"] == role
        return due["role"] == role

    async def turn_opened(self) -> None:
        """Offer to resume a draft; ask for a request or finish when the turn needs it."""
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
                await self._resume(turn, draft)
            else:
                turn.discard_draft()
            self.refresh_all()
        if self.turn is None:
            return
        if self.turn.waiting():
            await self.request_flow()
        elif self.turn.over() and self.turn.has_work():
            await self.finish_flow()

    async def _resume(self, turn: Turn, draft: Draft) -> None:
        """Take a draft's actions back in; sealed choices are typed again (a draft never
        holds them in clear)."""
        sealed: dict[tuple[int, str], Any] = {}
        for index, key in sealed_places(draft):
            typed = await self.push_screen_wait(SecretScreen(
                self.t("A sealed choice"),
                self.t("The draft keeps your sealed choice '{key}' of {label} sealed: type it "
                       "again (it is not shown).", key=key,
                       label=self.say(draft.label(index, draft.actions[index]))), self.lang))
            if typed is None:
                self.note(self.t("The draft was kept; it was not resumed."))
                self.begin_turn(Turn(turn.prev, turn.path, turn.me))
                return
            sealed[(index, key)] = int(typed) if typed.lstrip("-").isdigit() else typed
        try:
            done = turn.resume(draft, sealed)
            self.note(self.t("Resumed {actions} from the draft.",
                             actions=self.count(done, "action")), "cyan")
        except PbemError as exc:
            self.begin_turn(Turn(turn.prev, turn.path, turn.me))
            self.note(self.t("The draft no longer applies ({why}); starting afresh.",
                             why=exc.line()), "red")

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
        verbs = list(dict.fromkeys(spec.verb for spec in self.offers))  # offered now

        def answer(action: dict[str, Any]) -> str:
            return self.say(turn.why_not(action))

        self.push_screen(WhyNotScreen(verbs, answer, self.selected, self.lang))
