"""Letting a moment go at the table before one's turn comes (pbem/passes_ahead.py).

When the save at the table puts a question to several players in turn (a reaction window)
and this player is asked after another, the table says so and ``a`` passes at once: once
confirmed, the pass is signed and kept beside the save and in the store, for ``pbem
inbox`` or ``pbem watch`` to send to everyone. To play instead, she waits until those
before her have passed: their passes make it her move. Nothing here knows a game's rules:
the game names who is asked after whom.

A mixin of :class:`tui.app.TableApp`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from pbem import answers_ahead, passes_ahead, verification
from pbem.engine import ActionSpec
from pbem.errors import PbemError
from pbem.identity import LocalIdentity
from pbem.ledger import Ledger
from pbem.savefile import SaveFile
from tui.dialogs import ConfirmScreen
from tui.opening import local_for

if TYPE_CHECKING:
    from tui.tablestate import TableBase as Base
else:
    Base = object


@dataclass(frozen=True)
class Ahead:
    """A question ``me`` may let go now on ``save``: who is asked before her."""

    save: SaveFile
    path: Path
    me: LocalIdentity
    before: tuple[str, ...]
    passed: bool  # her pass is given already

    def names(self) -> str:
        return ", ".join(str(self.save.player(role)["name"]) for role in self.before)


def ahead_on(save: SaveFile, path: Path, me: LocalIdentity | None,
             module: object) -> Ahead | None:
    """The pass ``me`` may give ahead on ``save`` (``None``: she is not asked after
    someone else here)."""
    if me is None or save.due is None:
        return None
    role = save.role_of(me.key.public)
    order = passes_ahead.queue(module, save)  # type: ignore[arg-type]
    if role is None or role not in order or role == save.due["role"]:
        return None
    given = passes_ahead.around(module, save, path)  # type: ignore[arg-type]
    return Ahead(save, path, me, tuple(order[:order.index(role)]), role in given)


class Passing(Base):
    """The pass given ahead with ``a``, and the first player's own pass given side by side
    with those of the players asked after her."""

    ahead: Ahead | None = None
    passed_here: Path | None = None  # the pass this table wrote for the player due

    def update_ahead(self) -> bool:
        """Work out whether this player may pass ahead on the save at the table; True when
        that changed."""
        opened = self.opened
        before = self.ahead
        if opened.review or not opened.checked or not opened.ok or self.turn is not None \
                or self.waiting is not None or opened.read_only is None \
                or opened.read_only.kind != "waiting":
            self.ahead = None
        else:
            self.ahead = ahead_on(opened.save, opened.path, opened.me, self.module)
        return before != self.ahead

    def ahead_text(self) -> str:
        """What the table says of a question this player is asked after others."""
        if self.passed_here is not None and self.turn is None:
            return self.t("You let it go: wrote {path}. pbem watch or pbem inbox sends it to "
                          "every player; whoever is asked once the players before them have "
                          "passed carries on.", path=self.passed_here)
        offer = self.ahead
        if offer is None:
            return ""
        if offer.passed:
            return self.t("You let it go ahead of your turn; the others asked answer next.")
        return self.t("You are asked after {names}: press a to let it go now. To play a "
                      "card instead, wait until they have passed.", names=offer.names())

    def action_pass_ahead(self) -> None:
        """``a``: pass now, ahead of one's turn."""
        if self.ahead is not None and not self.ahead.passed \
                and self.screen is self.screen_stack[0]:
            self.run_worker(self.pass_ahead_flow(), exclusive=True, group="act")

    def passes_side_by_side(self, spec: ActionSpec) -> bool:
        """Whether the offer chosen is the pass of the player due in a question also put to
        players after her, with nothing else composed, between homes: then it is given
        side by side, as a signed pass, rather than in a save."""
        turn = self.turn
        if turn is None or spec.verb != passes_ahead.PASS["do"] or spec.params \
                or turn.player_actions():
            return False
        composer = turn.composer
        if composer.role not in composer.queue or composer.role in composer.given:
            return False
        if all(local_for(turn.prev, str(p["role"])) for p in turn.prev.players):
            return False  # one keyboard holds every key: a save, one after another
        return composer.give_pass() is not None

    async def pass_due_flow(self) -> None:
        """The player due lets the question go side by side with those asked after her:
        her pass is signed and kept; no save is written."""
        turn = self.turn
        if turn is None or not await self._sure():
            return
        try:
            path = answers_ahead.pass_now(turn.prev, turn.me, turn.path)
            if path is None:
                raise PbemError("this moment cannot be let go side by side")
        except PbemError as exc:
            self.notify(self.t("Not passed: {why}", why=exc.message), severity="error")
            return
        turn.discard_draft()
        self.passed_here = path
        self.turn = None
        self.reviewing = True
        self.history = None
        self.load_history()
        self.refresh_bindings()
        self.arrange()
        self.refresh_all()

    async def _sure(self) -> bool:
        """Confirm a pass: it is final, and goes to every player."""
        lines: list[str] = [
            self.t("Your pass is final: you will not answer this moment. It goes to every "
                   "player; whoever is asked once the players before them have passed "
                   "carries on.")]
        sure = await self.push_screen_wait(ConfirmScreen(
            self.t("Let it go now?"), lines, self.t("Pass"), self.t("Cancel"), self.lang))
        if not sure:
            self.notify(self.t("Nothing passed."))
        return bool(sure)

    async def pass_ahead_flow(self) -> None:
        """Confirm, then sign the pass and keep it; a refusal changes nothing."""
        offer = self.ahead
        if offer is None or not await self._sure():
            return
        try:
            checked = verification.check(offer.save, Ledger(offer.me.key.public), [],
                                         offer.path)
            path = answers_ahead.pass_now(offer.save, offer.me, offer.path)
            if path is None:
                raise PbemError("this moment cannot be let go ahead of your turn")
            checked.commit()
        except PbemError as exc:
            self.notify(self.t("Not passed: {why}", why=exc.message), severity="error")
            return
        self.notify(self.t("Passed: wrote {path}. pbem watch or pbem inbox sends it.",
                           path=path))
        self.update_ahead()
        self.refresh_bindings()
        self.arrange()
        self.refresh_all()
