"""Effects on one action: the owner takes what its generals' skills and built cards give
after an action, in the order it likes (rules notes "Effects on one action").

The step is pushed only when a trigger asks a choice (a weapon of choice, one of two
gains, how many armies to train) or the owner's standing order ``trigger_order`` is
``ask`` and more than one effect triggered; otherwise the effects apply at once in the
usual order (:mod:`..action_effects`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pbem.engine import ActionSpec, Param, Prompt
from pbem.games.three_kingdoms_redux import action_effects as ae
from pbem.games.three_kingdoms_redux import vocabulary
from pbem.games.three_kingdoms_redux.catalog import WEAPONS
from pbem.games.three_kingdoms_redux.flow import (
    Handler,
    Step,
    arg_int,
    arg_str,
    ask,
    button,
    choice,
    handler,
    no_extra,
    number,
    require,
)
from pbem.games.three_kingdoms_redux.table import Table

RULE = "resolution.take-actions"
WEAPON_OPTIONS = [(w, w) for w in WEAPONS]


def _params(t: Table, role: str, item: Mapping[str, Any]) -> tuple[Param, ...]:
    effect = ae.effect_of(t, role, item)
    params: list[Param] = []
    if "choose" in effect:
        params.append(choice("option", "Which gain", [
            (i, vocabulary.amounts(o)) for i, o in enumerate(effect["choose"])], 0))
    for i in range(ae.weapons_to_choose(t, role, effect)):
        params.append(choice(f"weapon_{i + 1}", f"Weapon {i + 1} of your choice",
                             WEAPON_OPTIONS, WEAPONS[0]))
    if "train" in effect:
        most = ae.train_most(t, role, effect)
        params.append(number("train", "Untrained armies to train", 0, most, most))
    return tuple(params)


def _answer(t: Table, role: str, item: Mapping[str, Any],
            action: Mapping[str, Any]) -> dict[str, Any]:
    """The owner's choices for one trigger, checked."""
    effect = ae.effect_of(t, role, item)
    answer: dict[str, Any] = {}
    if "choose" in effect:
        answer["option"] = arg_int(action, "option", 0, len(effect["choose"]) - 1, RULE,
                                   default=0)
    for i in range(ae.weapons_to_choose(t, role, effect)):
        weapon = arg_str(action, f"weapon_{i + 1}", RULE) if f"weapon_{i + 1}" in action \
            else WEAPONS[0]
        require(weapon in WEAPONS, "choose spear, horse, crossbow or vessel", RULE)
        answer[f"weapon_{i + 1}"] = weapon
    if "train" in effect:
        most = ae.train_most(t, role, effect)
        answer["train"] = arg_int(action, "train", 0, most, RULE, default=most)
    return answer


@handler
class Triggers(Handler):
    name = "triggers"

    def prompt(self, t: Table, step: Step) -> Prompt | None:
        if not step["items"]:
            return None
        role = step["role"]
        offers = []
        for item in step["items"]:
            label = ae.describe(t, role, item)
            params = _params(t, role, item)
            offers.append(ActionSpec("trigger", label, step["rule"] or RULE,
                                     fixed={"trigger": item["id"]}, params=params)
                          if params else button("trigger", label, step["rule"] or RULE,
                                                trigger=item["id"]))
        offers.append(button("end-triggers", "Take the rest in the usual order (first "
                             "option, spears, the most training)", RULE))
        what = step["action"].replace("-", " ")
        return ask(role, "triggers", f"{t.rname(role)} takes what follows {what}, in any "
                   "order", offers, RULE)

    def run(self, t: Table, step: Step) -> None:
        t.s["stack"].pop()

    def act(self, t: Table, step: Step, role: str, action: Mapping[str, Any]) -> None:
        if action["do"] == "end-triggers":
            no_extra(action, (), RULE)
            rest, step["items"] = step["items"], []
            for item in ae.usual_order(t, role, rest):
                ae.take(t, role, item, {}, step["rule"])
            return
        key = action.get("trigger")
        item = next((i for i in step["items"] if i["id"] == key), None)
        require(item is not None, "that effect is not waiting to be taken", RULE)
        assert item is not None
        weapons = ae.weapons_to_choose(t, role, ae.effect_of(t, role, item))
        no_extra(action, ("trigger", "option", "train",
                          *(f"weapon_{i + 1}" for i in range(weapons))), RULE)
        answer = _answer(t, role, item, action)
        step["items"] = [i for i in step["items"] if i["id"] != key]
        ae.take(t, role, item, answer, step["rule"])
