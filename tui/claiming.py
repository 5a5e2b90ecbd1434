"""Claiming at the table that a late player's deadline passed, and absent seats shown.

When another player owes the next save and the deadline and its grace have passed by this
machine's clock (:func:`pbem.deadlines.now`), the table says so and ``c`` offers the claim
(:mod:`pbem.claims`); once confirmed it is written exactly as ``pbem claim`` writes it, and
the table goes on from it as from any save just written. Everything it knows of lateness,
absence and the end of a game comes from the engine's modules: no game's rules here.

A mixin of :class:`tui.app.TableApp`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.text import Text

from pbem import (
    absence,
    answering,
    claims,
    deadlines,
    gameplay,
    games,
    keeping,
    lateness,
    passes_ahead,
    savefile,
    verification,
    witness_answers,
)
from pbem.deadlines import Clock
from pbem.errors import IllegalAction, PbemError
from pbem.identity import LocalIdentity
from pbem.ledger import Ledger
from pbem.savefile import SaveFile
from pbem.steps import JOIN, START
from tui.dialogs import ConfirmScreen
from tui.turn import Written, written

if TYPE_CHECKING:
    from tui.tablestate import TableBase as Base
else:
    Base = object

CLAIM_SECONDS = 20.0  # how often an open table looks whether a claim became possible


@dataclass(frozen=True)
class Offer:
    """A claim this player may make now on ``save``: who owes it, and its clock."""

    save: SaveFile
    path: Path
    me: LocalIdentity
    owing: tuple[str, ...]
    clock: Clock

    def names(self) -> str:
        return ", ".join(str(self.save.player(role)["name"]) for role in self.owing)

    def key(self) -> tuple[str, tuple[str, ...]]:
        return self.save.sha256, self.owing


def offer_on(save: SaveFile, path: Path, me: LocalIdentity | None,
             moment: Any) -> Offer | None:
    """The claim ``me`` may make on ``save`` at ``moment`` (``None``: none)."""
    if me is None or save.due is None or save.due["step"] in (JOIN, START):
        return None
    role = save.role_of(me.key.public)
    if role is None or absence.ended(save.state) or role in absence.absent(save.state):
        return None
    clock = lateness.clock_of(save)
    if clock is None or not clock.may_claim(moment):
        return None
    answered = witness_answers.around(save, path) if witness_answers.is_request(save) else {}
    owing = lateness.owed(save, list(answered))
    if not owing or role in owing:
        return None
    module = games.get(save.kind)
    if passes_ahead.queue(module, save) \
            and set(owing) & set(passes_ahead.around(module, save, path)):
        return None  # the player due let it go ahead of her turn: nobody to claim against
    return Offer(save, path, me, tuple(owing), clock)


def write_claim(offer: Offer) -> Written:
    """Check the save, sign the claim and write it beside it, as ``pbem claim`` does."""
    prev, path, me = offer.save, offer.path, offer.me
    ledger = Ledger(me.key.public)
    checked = verification.check(prev, ledger, [], path)
    role = prev.role_of(me.key.public)
    if role is not None and (moved := ledger.already_moved(prev, role)):
        raise IllegalAction(f"you already signed a save on this one (kept in {moved})",
                            where=str(path))
    answers = witness_answers.around(prev, path) if witness_answers.is_request(prev) else None
    made = answering.claim(prev, me, answers)
    target = path.parent / savefile.file_name(made.game_id, made.sequence, made.writer)
    keeping.write(made, target, prev, checked)
    return written(made, target)


class Claiming(Base):
    """The claim offered with ``c``; absent seats and an end by absence in words."""

    claim: Offer | None = None
    claim_timer: Any = None
    claim_refused = ""  # why the last claim was refused (said until the save changes)

    def watch_claims(self) -> None:
        """Look every little while whether a claim became possible (or no longer is), in a
        game with a deadline."""
        if not self.opened.save.game.get("deadline"):
            return
        self.claim_timer = self.set_interval(CLAIM_SECONDS, self._claim_tick)

    def _claim_tick(self) -> None:
        if self.update_claim():
            self.refresh_bindings()
            self.arrange()
            self.refresh_all()

    def _claim_source(self) -> tuple[SaveFile, Path] | None:
        """The latest save at the table when it waits for someone else's answer."""
        opened = self.opened
        if opened.review or not opened.checked or not opened.ok or self.turn is not None:
            return None
        if self.waiting is not None:
            return self.waiting.last.save, self.waiting.last.path
        if opened.read_only is not None and opened.read_only.kind == "moved":
            return None
        return opened.save, opened.path

    def update_claim(self) -> bool:
        """Work out the claim this player may make now; True when that changed."""
        source = self._claim_source()
        found = offer_on(*source, self.opened.me, deadlines.now()) if source else None
        before = self.claim.key() if self.claim else None
        self.claim = found
        changed = before != (found.key() if found else None)
        if changed:
            self.claim_refused = ""
        return changed

    def claim_text(self) -> str:
        """``bob is late since …: press c to claim the deadline passed`` (or nothing)."""
        offer = self.claim
        refused = self.t("Not claimed: {why}", why=self.claim_refused) \
            if self.claim_refused else ""
        if offer is None:
            return refused
        text = ("{names} is late since {since}: press c to claim the deadline passed."
                if len(offer.owing) == 1 else
                "{names} are late since {since}: press c to claim the deadline passed.")
        offered = self.t(text, names=offer.names(), since=lateness.when(offer.clock.due))
        return f"{refused} {offered}" if refused else offered

    def absent_part(self, state: dict[str, Any]) -> str | None:
        """``absent: bob`` on the status line when seats are absent."""
        gone = absence.absent(state)
        if not gone:
            return None
        save = self.opened.save
        names = [str(save.player(role)["name"]) if any(p["role"] == role for p in save.players)
                 else role for role in gone]
        return self.t("absent: {names}", names=", ".join(names))

    def end_reason(self, state: dict[str, Any]) -> str:
        """Why the game ended, when the engine gives a reason (an end by absence)."""
        try:
            result = gameplay.outcome(self.module, state)
        except Exception:  # a position the game cannot judge: nothing to add
            return ""
        reason = result.get("reason") if isinstance(result, dict) else None
        return self.t("The game ended: {reason}.", reason=self.say(str(reason))) \
            if reason else ""

    def action_claim(self) -> None:
        """``c``: claim, from the table itself (not over a dialog)."""
        if self.claim is not None and self.screen is self.screen_stack[0]:
            self.run_worker(self.claim_flow(), exclusive=True, group="act")

    async def claim_flow(self) -> None:
        """Confirm, then write the claim and go on from it; a refusal changes nothing."""
        offer = self.claim
        if offer is None:
            return
        lines: list[str | Text] = [
            self.t("{names} did not send the save owed by {due}, nor in the grace until "
                   "{claimable}.", names=offer.names(), due=lateness.when(offer.clock.due),
                   claimable=lateness.when(offer.clock.claimable)),
            self.t("Their answer lapses: the game's default stands for it, and their seat "
                   "stays at the table. You sign it and send it to every player; an answer "
                   "stamped in time still prevails.") if claims.lapsable(offer.save) else
            self.t("A claim makes their seat absent: the game's defaults decide for it from "
                   "now on. You sign it and send it to every player; an answer stamped in "
                   "time still prevails.")]
        sure = await self.push_screen_wait(ConfirmScreen(
            self.t("Claim the deadline passed?"), lines, self.t("Claim"), self.t("Cancel"),
            self.lang))
        if not sure:
            self.notify(self.t("Nothing claimed."))
            return
        try:
            done = write_claim(offer)
        except PbemError as exc:
            self.update_claim()
            self.claim_refused = exc.message  # one line; the file is the one open
            self.notify(self.t("Not claimed: {why}", why=exc.message), severity="error")
            self.arrange()
            self.refresh_all()
            return
        self.written.append(done)
        await self.push_screen_wait(ConfirmScreen(
            self.t("Claim written"), self.claim_lines(done), self.t("OK"), None, self.lang,
            wide=True))
        self.claim = None
        await self.go_on(done, offer.me.key.public)
        self.update_claim()
        self.refresh_bindings()

    def claim_lines(self, done: Written) -> list[str | Text]:
        """Where the claim was written, its log, and who is next."""
        out: list[str | Text] = [self.t("Wrote {path}.", path=done.path.name)]
        out += [self.say(str(line)) for line in done.save.doc["log"]]
        if done.next_role is None:
            out.append(Text(" ".join(filter(None, [self.t("The game is over."),
                                                   self.end_reason(done.save.state)])),
                            style="bold"))
        else:
            out.append(Text(self.t("Next: {name} ({role}): {text}.", name=done.next_name,
                                   role=self.role_label(done.next_role),
                                   text=self.say(done.next_text)), style="bold"))
        return out
