"""Where a save ends: finishing a turn (key results first, then the whole log), signing a
roll request in a witnessed game, the hot-seat hand-over, and waiting for the other
players' answers — carrying on by itself when they arrive.

A mixin of :class:`tui.app.TableApp`. Saves are written by :class:`tui.turn.Turn`; answers
that need no decision are given by :mod:`tui.following` when the keys are here.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.text import Text

from pbem import verification, witness_answers
from pbem.errors import PbemError
from pbem.ledger import Ledger
from pbem.savefile import SaveFile
from tui.dialogs import ConfirmScreen, HandOverScreen
from tui.following import Waiting, answer_here, automatic
from tui.opening import local_for
from tui.turn import Turn, Written, written

if TYPE_CHECKING:
    from tui.tablestate import TableBase as Base
else:
    Base = object

POLL_SECONDS = 1.0


class Handing(Base):
    """Finishing, requests, hand-overs and waiting."""

    at_keyboard: Any = None  # hot seat with hidden cards: whose view may be shown
    keyboard_ready: asyncio.Event | None = None  # set once the first of them said so

    # ------------------------------------------------------------------ hot seat

    def hot_seat_secrets(self) -> bool:
        """True when every seat's key is on this machine and the game has hidden cards:
        a seat's view is shown only once that player has said they are at the keyboard."""
        opened, save = self.opened, self.opened.save
        return (not opened.review and opened.me is not None
                and self.module.uses_secrets
                and all(local_for(save, p["role"]) is not None for p in save.players))

    def hand_over_first(self) -> None:
        """Before anything of a seat's is drawn: the hand-over screen for the player the
        table opens for; the opening flow waits until they press Enter."""
        me, due = self.opened.me, self.opened.save.due
        assert me is not None
        self.keyboard_ready = asyncio.Event()

        def ready(_: Any) -> None:
            self.at_keyboard = me.key.public
            if self.keyboard_ready is not None:
                self.keyboard_ready.set()

        role = due["role"] if due else None
        name = self.opened.save.player(role)["name"] if role else None
        self.push_screen(self._hand_over_screen(
            [self.t("Opened {path}.", path=self.opened.path.name),
             self._next_line(role, name, due["text"] if due else "")], me.name), ready)

    def _hand_over_screen(self, lines: list[str], name: str) -> HandOverScreen:
        return HandOverScreen(self.t("Hand over"), [
            *lines, self.t("The table is hidden until {name} is at the keyboard.", name=name),
            self.t("Pass the keyboard to {name}, then press Enter.", name=name)],
            self.t("Ready"))

    # ------------------------------------------------------------------ finishing

    def _next_line(self, role: str | None, name: str | None, text: str) -> str:
        if role is None:
            return self.t("The game is over.")
        return self.t("Next: {name} ({role}): {text}.", name=name,
                      role=self.role_label(role), text=self.say(text))

    def finish_lines(self, turn: Turn) -> list[str | Text]:
        """Key results first (when the game gives them), who is next, then the whole log."""
        due = turn.composer.due()
        out: list[str | Text] = []
        results = turn.key_results()
        if results:
            out.append(Text(self.t("Key results:"), style="bold"))
            out += [Text("  " + self.say(line), style="bold yellow") for line in results]
        out.append(self._next_line(due["role"] if due else None,
                                   turn.prev.player(due["role"])["name"] if due else None,
                                   due["text"] if due else ""))
        lines = turn.log_lines()
        out.append(Text(self.t("The whole log of this turn, {lines} (↑ ↓ PgUp PgDn scroll "
                               "through it all):", lines=self.count(len(lines), "line")),
                        style="dim"))
        out += [self.say(line) for line in lines]
        return out

    async def finish_flow(self) -> None:
        """Confirm, sign and write the next save; then go on from it."""
        turn = self.turn
        if turn is None:
            return
        if turn.waiting():
            await self.request_flow()
            return
        ok, why = turn.composer.can_finish()
        if not ok:
            self.note(self.t("Not yet: {why}.", why=self.say(why)))
            return
        sure = await self.push_screen_wait(ConfirmScreen(
            self.t("Finish the turn?"), self.finish_lines(turn), self.t("Write and sign"),
            self.t("Cancel"), self.lang, wide=True))
        if not sure:
            self.note(self.t("Not written yet: undo (u) if you can, or finish (f) when ready."))
            return
        await self._write(turn)

    async def request_flow(self) -> None:
        """An action waits for the other players (witnessed dice, hidden cards): sign this
        save as a request, or take the action back."""
        turn = self.turn
        if turn is None or not turn.waiting():
            return
        due = turn.composer.due()
        assert due is not None
        names = [p["name"] for p in turn.prev.players if p["role"] != turn.role]
        here = all(local_for(turn.prev, p["role"]) for p in turn.prev.players)
        witnessed = turn.prev.dice_mode == "witnessed"
        lines = [self.t("{label} waits for the other players: {what}.",
                        label=self.say(turn.waiting_label or "This action"),
                        what=self.say(turn.composer.waiting_for)),
                 self.t("In a game with witnessed dice nobody sees a roll before it counts: "
                        "this save ends here, signed, as a request that {names} answer. "
                        "Their pbem answers by itself; nobody is asked anything.",
                        names=", ".join(names)) if witnessed else
                 self.t("It needs the other players' part of the hidden cards first: this "
                        "save ends here, signed, as a request that {names} answer. Their "
                        "pbem answers by itself; nobody is asked anything.",
                        names=", ".join(names))]
        lines.append(self.t("Their keys are on this machine: the answers are given at once.")
                     if here else
                     self.t("The table waits for the answers and carries on by itself when "
                            "they arrive (pbem watch or pbem inbox files them)."))
        sure = await self.push_screen_wait(ConfirmScreen(
            self.t("Sign the roll request?" if witnessed else "Sign the request?"), lines,
            self.t("Sign the request"),
            self.t("Take it back"), self.lang))
        if not sure:
            if turn.withdraw():
                self.note(self.t("Taken back: {what}", what=self.say(turn.waiting_label)),
                          "cyan")
            else:
                self.note(self.t("Not signed yet: f signs the request when you are ready."))
            self.refresh_all()
            return
        await self._write(turn)

    async def _write(self, turn: Turn) -> None:
        try:
            done = turn.finish()
        except PbemError as exc:
            self.note(self.t("Not written: {why}", why=exc.line()), "red")
            return
        self.written.append(done)
        await self.offer_plan(turn, done)
        await self.go_on(done, turn.me.key.public)

    # ------------------------------------------------------------------ going on

    async def go_on(self, last: Written, previous_player: Any = None) -> None:
        """From a save just written (or found): give the answers whose keys are here, then
        play on as whoever is due here — or wait for the others, or stop."""
        own = last
        answered = answer_here(last.save, last.path)
        self.written += answered.saves
        if answered.saves:
            last = answered.saves[-1]
        if answered.problem:
            self.note(self.t("Cannot answer here: {why}", why=answered.problem), "red")
        due = last.save.due
        if due is None:
            self._stop_at(last)
            return
        mine = self._my_role(last.save)
        if automatic(last.save, last.path):
            if mine is not None:
                self._wait(last, mine)
            else:
                self._stop_at(last)
            return
        nxt = local_for(last.save, due["role"])
        if nxt is None:
            self._stop_at(last)
            return
        shown_to = previous_player if previous_player is not None else self.at_keyboard
        if shown_to is not None and nxt.key.public != shown_to:
            await self.push_screen_wait(self._hand_over_screen(
                [self.t("Wrote {path}.", path=last.path.name),
                 self._next_line(last.next_role, last.next_name, last.next_text)],
                str(last.next_name)))
            if self.at_keyboard is not None:
                self.at_keyboard = nxt.key.public
        try:
            line = verification.for_play(last.save, Ledger(nxt.key.public), [], last.path)
            following = Turn(last.save, last.path, nxt)
        except PbemError as exc:
            self.note(self.t("Cannot continue: {why}", why=exc.line()), "red")
            self._stop_at(last)
            return
        self.opened.save, self.opened.path, self.opened.me = last.save, last.path, nxt
        self.opened.role = following.role
        self.opened.verdict = [line]
        self.begin_turn(following)
        if previous_player is not None and nxt.key.public == previous_player:
            self.note(self.t("Wrote {path}; your turn goes on.", path=own.path.name)
                      + (" " + self.t("The other players' pbem answered it here ({saves}).",
                                      saves=self.count(len(answered.saves), "save"))
                         if answered.saves else ""), "green")
        await self.turn_opened()

    def _my_role(self, save: SaveFile) -> str | None:
        """The role of the player at this table in ``save``'s game (None: a spectator)."""
        me = self.opened.me
        return save.role_of(me.key.public) if me is not None else None

    def begin_turn(self, turn: Turn) -> None:
        """Show ``turn`` from its start: a fresh log, no old notices."""
        self.stop_waiting()
        self.turn = turn
        self.sent = None
        self.reviewing = False
        self.notices = []
        self.title = self.title_text()
        self.refresh_all()

    def _stop_at(self, last: Written) -> None:
        self.stop_waiting()
        self.sent = last
        self.turn = None
        self.opened.save, self.opened.path = last.save, last.path
        self.reviewing = True
        self.history = None
        self.load_history()
        self.refresh_all()

    # ------------------------------------------------------------------ waiting

    def _wait(self, last: Written, role: str) -> None:
        """Show the position and wait for the answers, looking for them every second."""
        self._stop_at(last)
        self.sent = None
        self.waiting = Waiting(last, role)
        self.waiting_timer = self.set_interval(POLL_SECONDS, self.poll)
        self.refresh_all()

    def stop_waiting(self) -> None:
        timer = getattr(self, "waiting_timer", None)
        if timer is not None:
            timer.stop()
        self.waiting_timer = None
        self.waiting = None

    def waiting_text(self) -> str:
        waiting = self.waiting
        if waiting is None:
            return ""
        due = waiting.last.save.due or {}
        return self.t("Waiting for {owner}'s pbem ({text}), since {since}. The table carries "
                      "on by itself when the answer arrives; q quits, and opening {file} "
                      "again carries on later.", owner=waiting.owner(),
                      text=self.say(str(due.get("text", ""))), since=waiting.since,
                      file=waiting.last.path.name)

    def poll(self) -> None:
        """Look for the answers; carry on when the game comes back to this player."""
        waiting = self.waiting
        if waiting is None or waiting.busy:
            return
        found = waiting.follower.chain()
        if not found:
            request = waiting.last
            if witness_answers.is_request(request.save) \
                    and not automatic(request.save, request.path):
                waiting.busy = True  # every answer is in: carry on from the request
                self.stop_waiting()
                self.run_worker(self.go_on(request), exclusive=True, group="act")
            return
        waiting.busy = True
        self.run_worker(self._carry_on(waiting, found), exclusive=True, group="act")

    async def _carry_on(self, waiting: Waiting, found: list[tuple[SaveFile, Path]]) -> None:
        me = self.opened.me
        try:
            if me is not None:
                ledger = Ledger(me.key.public)
                for save, path in found:
                    verification.for_play(save, ledger, [], path)
        except PbemError as exc:
            self.note(self.t("An answer did not pass the checks: {why}", why=exc.line()),
                      "red")
            self.stop_waiting()
            return
        save, path = found[-1]
        self.stop_waiting()
        await self.go_on(written(save, path))
