"""The ``event`` step: each event with dice and choices, phase by phase; each phase either
asks (a choice among the event's options) or runs the event's own code."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pbem.engine import Prompt
from pbem.games.dragons_tigers.flow import Handler, Step, ask, button, handler, require
from pbem.games.dragons_tigers.rules.s10_events import armies, characters, restoration
from pbem.games.dragons_tigers.rules.s10_events.common import chosen
from pbem.games.dragons_tigers.table import Table

EVENTS = {
    "retainer-dies": characters.retainer_dies,
    "recruit-retainer": characters.recruit_retainer,
    "bountiful-harvest": armies.bountiful_harvest,
    "emperor-flees": characters.emperor_flees,
    "family-restoration": restoration.family_restoration,
    "famine": armies.famine,
    "yellow-turbans": armies.yellow_turbans,
    "barbarian-raids": armies.barbarian_raids,
    "assassinate-retainer": characters.assassinate_retainer,
}


@handler
class Event(Handler):
    """An event with dice and choices; each phase either asks or runs."""

    name = "event"

    # ------------------------------------------------------------------ prompts

    def prompt(self, t: Table, step: Step) -> Prompt | None:
        event, phase = step["event"], step["phase"]
        player = step["player"]
        if phase == "choose":
            options = step["options"]
            if len(options) <= 1:
                return None
            role = step.get("chooser", player)
            if step.get("order") and t.answers(role, step["order"]):
                return None
            return ask(role, event, step["question"],
                       [button(step["verb"], label, step["rule"], **{step["arg"]: value})
                        for value, label in options], step["rule"])
        return None

    def act(self, t: Table, step: Step, role: str, action: Mapping[str, Any]) -> None:
        value = action[step["arg"]]
        require(value in [v for v, _ in step["options"]], "not one of the choices", step["rule"])
        chosen(t, step, value)

    # ------------------------------------------------------------------ running

    def run(self, t: Table, step: Step) -> None:
        if step["phase"] == "choose":  # a single option, or a standing order answers
            if len(step["options"]) > 1 and step.get("order"):
                label = dict((v, lab) for v, lab in step["options"])[step["default"]]
                t.by_order(step["chooser"], step["order"], f"chooses {label}", step["rule"])
            chosen(t, step, step["default"])
            return
        if step["phase"] == "announce":  # the Mandate marker landed on it (4.2)
            info = t.cat.mandate.events[step["event"]]
            t.heading(f"Event: {info.name} {info.zh}", info.rule)
            step["phase"] = "start"
        EVENTS[step["event"]](t, step)

