"""A plan made at the table: when a player's save hands the game to another player for a
moment in the middle of her own turn, she may say now what her pbem does once it is back
(pbem/plans.py, docs/plans.md) — the game describes what may be planned
(:meth:`pbem.engine.GameModule.plan_offers`); the table only asks.

A mixin of :class:`tui.app.TableApp`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pbem import plans
from pbem.engine import Action
from pbem.errors import PbemError
from tui.dialogs import ConfirmScreen
from tui.opening import local_for
from tui.paramdialog import ParamScreen
from tui.turn import Turn, Written

if TYPE_CHECKING:
    from tui.tablestate import TableBase as Base
else:
    Base = object


class Planning(Base):
    """Offering a plan after a save that hands the game over mid-turn."""

    async def offer_plan(self, turn: Turn, done: Written) -> None:
        """Ask whether to plan the rest, when ``done`` hands the game to a player whose
        keys are not here and the game offers something to plan; keep what she fills in."""
        due = done.save.due
        if due is None or due["role"] == turn.role or local_for(done.save, due["role"]):
            return
        offers = turn.module.plan_offers(done.save.state, turn.role)
        if not offers:
            return
        labels = ", ".join(self.say(spec.label) for spec in offers)
        sure = await self.push_screen_wait(ConfirmScreen(
            self.t("Plan for when the game comes back to you?"),
            [self.t("The game goes to {name} for a moment. Your pbem can then go on for you, "
                    "unattended: {labels}.", name=str(done.next_name), labels=labels),
             self.t("The plan stays on this machine: nobody else learns it. If the rules no "
                    "longer allow it then, nothing is written and you are asked as ever.")],
            self.t("Plan it"), self.t("Ask me then"), self.lang, wide=True))
        if not sure:
            return
        actions: list[Action] = []
        for spec in offers:
            values: dict[str, Any] = {p.name: p.default for p in spec.params
                                      if p.default is not None}
            if spec.params:
                filled = await self.push_screen_wait(
                    ParamScreen(spec, values, "", self.lang, self.say))
                if filled is None:
                    self.note(self.t("No plan kept: you will be asked."))
                    return
                values = filled
            actions.append(spec.complete(**values))
        try:
            plans.store(done.save, actions, "the table's plan")
        except PbemError as exc:
            self.note(self.t("No plan kept: {why}", why=exc.line()), "red")
            return
        self.note(self.t("Plan kept on this machine only: {labels}.", labels=labels), "green")
