"""Take Actions: hire instructor and/or import technology, construct state enhancement
(action.hire-instructor, action.import-technology, action.construct*).

Importing deals a face-down card from the deck of one's choice. Constructing turns one
card of one's hand face up: its prerequisite is checked in public, its cost is paid to
the supply (an army in the cost may be untrained or trained) and it stays built. The
builder chooses with their whole hand read, so all of this is checked as they choose.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from pbem.engine import ActionSpec, Param, Prompt
from pbem.games.three_kingdoms_redux import action_effects, effects
from pbem.games.three_kingdoms_redux.dataset import DECKS
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


@handler
class HireInstructor(Handler):
    name = "space:hire-instructor"

    def _most(self, t: Table, step: Step) -> int:
        role = step["role"]
        cap = int(t.cat.n("hire_instructor")["train"]) + effects.extra_capacity(
            t, role, "hire-instructor", t.bidders(step))
        if t.amount(role, "rice") < t.cat.n("hire_instructor")["rice"]:
            return 0
        return min(cap, t.amount(role, "untrained"))

    def prompt(self, t: Table, step: Step) -> Prompt | None:
        role = step["role"]
        decks = [(d, f"the {d.capitalize()} deck ({t.deck_left(d)} cards)")
                 for d in DECKS if t.deck_left(d)]
        most = self._most(t, step)
        if not most and not decks:
            return None
        params: list[Param] = [number("train", "Untrained armies to train for 1 rice "
                                      "(0: no instructor)", 0, most, most)]
        params.append(choice("deck", "Import technology from", [("none", "no import"),
                                                                *decks],
                             decks[0][0] if decks else "none"))
        return ask(role, "action", f"{t.rname(role)}: hire an instructor and/or import "
                   "technology", [ActionSpec("hire-import", "Hire instructor and/or import "
                                             "technology", "action.hire-instructor",
                                             params=tuple(params))], "action.hire-instructor")

    def run(self, t: Table, step: Step) -> None:
        t.s["stack"].pop()
        t.say(f"{t.rname(step['role'])} has nothing to train and no card to import",
              "action.hire-instructor")

    def act(self, t: Table, step: Step, role: str, action: Mapping[str, Any]) -> None:
        no_extra(action, ("train", "deck"), "action.hire-instructor")
        train = arg_int(action, "train", 0, self._most(t, step), "action.hire-instructor",
                        default=0)
        deck = action.get("deck", "none")
        require(deck == "none" or (deck in DECKS and t.deck_left(str(deck)) > 0),
                "import from the Unification or the Separation deck, one that still has "
                "cards", "action.import-technology")
        t.s["stack"].pop()
        refs = t.bidders(step)
        if train:
            t.pay(role, {"rice": t.cat.n("hire_instructor")["rice"]}, "action.hire-instructor")
            t.st(role)["untrained"] -= train
            t.st(role)["trained"] += train
            t.say(f"{t.rname(role)} pays 1 rice and trains {train} armies",
                  "action.hire-instructor")
            action_effects.after_action(t, role, "hire-instructor", refs, {},
                                        "action.hire-instructor")
        if deck != "none":
            sources = [str(deck)]
            if effects.import_both(t, role, refs):
                sources = [d for d in DECKS if t.deck_left(d)]
            for name in sources:
                t.st(role)["hand"].extend(t.deal(name, role, t.cat.n("import_cards")))
            rule = "skill.sima-yi" if len(sources) > 1 else "action.import-technology"
            t.say(f"{t.rname(role)} imports technology: " + " and ".join(
                f"1 card from the {d.capitalize()} deck" for d in sources), rule)
            action_effects.after_action(t, role, "import-technology", refs, {},
                                        "action.import-technology")


def cost_of(t: Table, cid: str, trained: int) -> dict[str, int]:
    """The cost of a card with ``trained`` of its generic armies paid as trained ones."""
    cost = dict(t.card(cid).cost)
    army = cost.pop("army", 0)
    if army:
        cost["trained"] = cost.get("trained", 0) + trained
        cost["untrained"] = cost.get("untrained", 0) + army - trained
    return {k: n for k, n in cost.items() if n}


@handler
class Construct(Handler):
    name = "space:construct"

    def prompt(self, t: Table, step: Step) -> Prompt | None:
        role = step["role"]
        hand = t.st(role)["hand"]
        if not hand:
            return None
        options = []
        for handle in hand:
            cid = t.known.get(handle)
            options.append((handle, _card_label(t, cid) if cid else f"card {handle}"))
        buildable = [o for o in options if _buildable(t, role, t.known.get(o[0]))]
        default = (buildable or options)[0][0]
        params = (replace(choice("card", "Card to construct", options, default),
                          required=len(options) > 1),
                  number("trained", "Armies in the cost paid as trained armies", 0,
                         max(c.cost.get("army", 0) for c in t.data.cards.values()), 0))
        prompt = ask(role, "action", f"{t.rname(role)} constructs a state enhancement",
                     [ActionSpec("construct", "Construct a state enhancement",
                                 "action.construct", params=params),
                      button("build-nothing", "Construct nothing",
                             "resolution.take-actions.optional")], "action.construct")
        # action.construct: the builder picks a card of their hand and shows its
        # prerequisite met, so they read the whole hand first (a card imported earlier in
        # the same turn too); the card, its prerequisite and its cost are then all checked
        # as the action is composed, never only once the others have answered
        return replace(prompt, needs_hand=True)

    def run(self, t: Table, step: Step) -> None:
        t.s["stack"].pop()
        t.say(f"{t.rname(step['role'])} has no card in hand to construct", "action.construct")

    def act(self, t: Table, step: Step, role: str, action: Mapping[str, Any]) -> None:
        if action["do"] == "build-nothing":
            t.s["stack"].pop()
            t.say(f"{t.rname(role)} constructs nothing", "resolution.take-actions.optional")
            return
        no_extra(action, ("card", "trained"), "action.construct")
        handle = arg_str(action, "card", "action.construct")
        require(handle in t.st(role)["hand"], "construct a card from your own hand",
                "action.construct")
        trained = arg_int(action, "trained", 0, 9, "action.construct.army-cost", default=0)
        cid = t.secrets.reveal(handle)
        card = t.card(cid)
        missing = effects.prerequisites_met(t, role, cid)
        require(not missing, f"{card.name} needs {'; '.join(missing)}", "action.construct")
        require(trained <= card.cost.get("army", 0), f"{card.name} asks for "
                f"{card.cost.get('army', 0)} armies of either kind, not {trained} trained ones",
                "action.construct.army-cost")
        cost = cost_of(t, cid, trained)
        t.pay(role, cost, "action.construct")
        t.st(role)["hand"].remove(handle)
        t.st(role)["built"].append(cid)
        t.s["stack"].pop()
        prereq = "; ".join(f"{p['metric']} at least {p['at_least']}"
                           for p in card.prerequisites) or "none"
        t.say(f"{t.rname(role)} constructs {card.name} (prerequisite {prereq}, met; pays "
              f"{t.amounts(cost)}; {card.vp} VP)", "action.construct")
        for effect in card.effects:
            if effect["kind"] != "on-build":
                continue
            if effect.get("gain"):
                t.gain(role, effect["gain"], "action.construct", why=card.name)
            if effect.get("collect_tax"):
                t.s["stack"].append({"step": "space:develop-marketplace", "role": role,
                                     "space": None, "tax_only": True})
                t.say(f"{card.name}: {t.rname(role)} collects tax at once",
                      "card.office-of-minister-of-finance")
        action_effects.after_action(t, role, "construct", t.bidders(step), {}, "action.construct")


def _card_label(t: Table, cid: str) -> str:
    card = t.card(cid)
    cost = ", ".join(f"{n} {k}" for k, n in card.cost.items())
    return f"{card.name} ({card.deck}; cost {cost}; {card.vp} VP)"


def _buildable(t: Table, role: str, cid: str | None) -> bool:
    if cid is None or effects.prerequisites_met(t, role, cid):
        return False
    card = t.card(cid)
    army = card.cost.get("army", 0)
    return any(t.can_pay(role, cost_of(t, cid, trained)) for trained in range(army + 1))
