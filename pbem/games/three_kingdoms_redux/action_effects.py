"""What follows an action: the after-action effects of generals and built cards.

Every effect an action triggers applies and they add up; the owner orders them, and one
may spend what another gave (an army gained from one trains under the next; rules notes
"Effects on one action"). When no trigger asks a choice (a weapon, one of two gains, how
many armies to train) and the owner's standing order ``trigger_order`` is ``auto``, they
apply at once in the usual order: what gives first, then what trains, each group in table
order (generals, then cards). Otherwise the ``triggers`` step asks the owner.

A trigger is ``{id, source, ref, index}``: the effect ``index`` of general ``ref``'s skill
or of built card ``ref`` (plain data, kept in the step while the owner chooses).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pbem.games.three_kingdoms_redux import vocabulary
from pbem.games.three_kingdoms_redux.catalog import WEAPONS
from pbem.games.three_kingdoms_redux.effects import Effect, label, mine
from pbem.games.three_kingdoms_redux.table import Table

Trigger = dict[str, Any]


def triggered(t: Table, role: str, action: str, refs: list[str] | None,
              context: Mapping[str, Any]) -> list[Trigger]:
    """The after-action effects ``action`` sets off for ``role``, in table order."""
    out: list[Trigger] = []
    for source, owner, effect in t.effects(role, "after-action"):
        if action not in effect["actions"] or not mine(source, owner, refs):
            continue
        if "max_developed" in effect and context.get("developed", 99) > effect["max_developed"]:
            continue
        produced = context.get("produced", {})
        if "produced" in effect and any(produced.get(w, 0) < n
                                        for w, n in effect["produced"].items()):
            continue
        listed = _effects(t, role, source, owner)
        index = next(i for i, e in enumerate(listed) if e is effect)
        out.append({"id": f"{owner}:{index}", "source": source, "ref": owner,
                    "index": index})
    return out


def effect_of(t: Table, role: str, item: Mapping[str, Any]) -> Effect:
    return _effects(t, role, item["source"], item["ref"])[item["index"]]


def _effects(t: Table, role: str, source: str, ref: str) -> tuple[Effect, ...]:
    if source == "card":
        return t.data.cards[ref].effects
    return t.data.generals[t.card_id(role, ref) or ""].effects


def gain_of(t: Table, role: str, effect: Effect) -> dict[str, int]:
    """The effect's fixed gain, scaled by its ``per`` metric and capped by ``max``."""
    gain = dict(effect.get("gain", {}))
    if "per" in effect:
        times = t.metric(role, effect["per"])
        gain = {k: min(n * times, int(effect.get("max", n * times))) for k, n in gain.items()}
    return gain


def weapons_to_choose(t: Table, role: str, effect: Effect) -> int:
    """How many weapons of choice the effect may bring (the most of its options)."""
    options = [gain_of(t, role, effect).get("weapon", 0)]
    options += [gain_of(t, role, effect).get("weapon", 0) + o.get("weapon", 0)
                for o in effect.get("choose", [])]
    return max(options)


def train_most(t: Table, role: str, effect: Effect) -> int:
    return min(int(effect.get("train", 0)), t.amount(role, "untrained"))


def _gives_armies(t: Table, role: str, effect: Effect) -> bool:
    options = [gain_of(t, role, effect), *effect.get("choose", [])]
    return any(o.get("untrained", 0) for o in options)


def asks(t: Table, role: str, item: Mapping[str, Any], items: list[Trigger]) -> bool:
    """Whether the trigger needs its owner's answer (a weapon, an option, training that
    could happen now or after another trigger of the same action)."""
    effect = effect_of(t, role, item)
    if "choose" in effect or weapons_to_choose(t, role, effect):
        return True
    if "train" in effect:
        return t.amount(role, "untrained") > 0 or any(
            _gives_armies(t, role, effect_of(t, role, other)) for other in items
            if other["id"] != item["id"])
    return False


def needs_owner(t: Table, role: str, items: list[Trigger]) -> bool:
    if any(asks(t, role, item, items) for item in items):
        return True
    return t.s["orders"][role].get("trigger_order", "auto") == "ask" and len(items) > 1


def usual_order(t: Table, role: str, items: list[Trigger]) -> list[Trigger]:
    """What gives first, then what trains (stable within each group)."""
    def spends(item: Trigger) -> bool:
        effect = effect_of(t, role, item)
        return not ({"gain", "choose"} & set(effect))
    return sorted(items, key=spends)


def after_action(t: Table, role: str, action: str, refs: list[str] | None,
                 context: Mapping[str, Any] | None = None, rule: str | None = None) -> None:
    """Carry out the effects that follow ``action`` now, or ask the owner (a
    ``triggers`` step on top of the stack) when a choice or the order is theirs."""
    items = triggered(t, role, action, refs, context or {})
    if not items:
        return
    if needs_owner(t, role, items):
        t.s["stack"].append({"step": "triggers", "role": role, "action": action,
                             "rule": rule, "items": items})
        return
    for item in usual_order(t, role, items):
        take(t, role, item, {}, rule)


def take(t: Table, role: str, item: Mapping[str, Any], answer: Mapping[str, Any],
         rule: str | None) -> None:
    """Carry out one trigger. ``answer`` may give ``option`` (index), ``weapon_1``...
    and ``train``; what it leaves out takes the first option, spears, and the most
    training (the caller checked the values)."""
    effect = effect_of(t, role, item)
    why = label(t, role, item["source"], item["ref"])
    gain = gain_of(t, role, effect)
    if "choose" in effect:
        option = effect["choose"][int(answer.get("option", 0))]
        for key, n in option.items():
            gain[key] = gain.get(key, 0) + n
    for i in range(gain.pop("weapon", 0)):
        weapon = str(answer.get(f"weapon_{i + 1}", WEAPONS[0]))
        gain[weapon] = gain.get(weapon, 0) + 1
    if any(gain.values()):
        t.gain(role, gain, rule, why=why)
    elif "per" in effect:
        t.say(f"{why}: nothing for {t.rname(role)} ({effect['per']} 0)", rule)
    if "arrive_trained" in effect:
        n = min(int(effect["arrive_trained"]), t.amount(role, "untrained"))
        _train(t, role, n)
        t.say(f"{n} of the armies {t.rname(role)} recruits arrive trained ({why})", rule)
    if "train" in effect:
        n = min(int(answer.get("train", effect["train"])), train_most(t, role, effect))
        _train(t, role, n)
        t.say(f"{t.rname(role)} trains {t.amounts({'untrained': n})} ({why})" if n else
              f"{t.rname(role)} trains no army ({why})", rule)


def _train(t: Table, role: str, n: int) -> None:
    t.st(role)["untrained"] -= n
    t.st(role)["trained"] += n


def describe(t: Table, role: str, item: Mapping[str, Any]) -> str:
    """One trigger in plain words, with whose it is."""
    owner = "card" if item["source"] == "card" else "general"
    return f"{label(t, role, item['source'], item['ref'])}: " \
           f"{vocabulary.describe(effect_of(t, role, item), owner)}"
