"""Conflict Phase 3, Bid for Action Spaces (bid.*).

In bid order each state places one general per turn face up on an action space, or
passes for the rest of the round; a state with no general left is skipped; bidding ends
when nobody can or will place more (bid.turns, bid.skip, bid.pass, bid.end). A bid counts
the general's administration or combat by the space's criterion (bid.criterion*), on a
battle space his combat plus the army units he leads (bid.battle*), and can be raised by
skills shown with bid tokens, the Han emperor token and popular support tokens
(bid.bid-tokens, bid.han-emperor, bid.popular-support). Placing a general reveals him.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

from pbem.engine import ActionSpec, Param, Prompt
from pbem.games.three_kingdoms_redux import effects
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

YES_NO = (("no", "no"), ("yes", "yes"))


def may_bid(t: Table, role: str, space: str) -> tuple[bool, str, str]:
    """(allowed, reason, rule) for ``role`` placing a general on ``space`` now."""
    sp = t.cat.spaces.get(space)
    if sp is None:
        return False, f"there is no action space {space!r}", "bid.turns"
    if sp.kind == "battle" and role not in t.cat.borders[sp.border or ""].states:
        return False, f"{t.rname(role)} may bid only on the battle spaces of its own borders", \
            "bid.battle.own-border"
    if sp.kind == "tribal":
        if sp.state != role:
            return False, "a state may bid only on its own improve tribal relations space", \
                "bid.tribal.limits"
        if t.s["bids"].get(space):
            return False, "only one general per round may go to the improve tribal " \
                          "relations space", "bid.tribal.limits"
    return True, "", ""


def criterion(t: Table, space: str) -> str:
    sp = t.cat.spaces[space]
    if sp.criterion == "marker":
        return str(t.s["criterion"][space])
    return sp.criterion


def current(t: Table, step: Step) -> str | None:
    """Whose turn it is: the next state in bid order that has not passed and still has
    generals to place (bid.skip)."""
    order = t.s["bid_order"]
    for offset in range(len(order)):
        role = order[(step["turn"] + offset) % len(order)]
        if role not in step["passed"] and t.available(role):
            return role
    return None


def _general_options(t: Table, role: str, crit: str) -> list[tuple[str, str, tuple[str, ...]]]:
    """Each general one may place: his ref, his label, and his card id when he is face up
    (an actions file may name a public general by it)."""
    out = []
    for ref in t.available(role):
        card = t.viewer_general(role, ref)
        public = t.card_id(role, ref)
        aliases = (public,) if public and public != ref else ()
        if card is None:
            out.append((ref, f"hidden general {ref}", aliases))
        elif crit in ("administration", "combat"):
            out.append((ref, f"{card.name} ({crit} {effects.rating(t, card, crit)})",
                        aliases))
        else:
            out.append((ref, f"{card.name} (combat {effects.rating(t, card, 'combat')}, "
                             f"leadership "
                             f"{card.leadership})", aliases))
    return out


class _Offers:
    """What every bid offer of one prompt shares, computed once."""

    def __init__(self, t: Table, role: str) -> None:
        self.t, self.role = t, role
        st = t.st(role)
        self.generals: dict[str, Param] = {}
        self.common: list[Param] = []
        if st["support"]:
            self.common.append(number("support", "Popular support tokens added (+1 each)", 0,
                                      st["support"], 0))
        if t.s["han"]["holder"] == role and not t.s["han"]["used"]:
            self.common.append(choice("han", "Add the Han emperor token (+1)", YES_NO, "no"))
        counts = {u: t.units_available(role, u) for u in t.cat.unit_types}
        types = [(u, u) for u, n in counts.items() if n]
        self.units: list[Param] = []
        if types:
            self.units = [number("units", "Army units led by the general", 0,
                                 min(2, max(counts.values())), 0),
                          choice("unit", "Type of those army units", types,
                                 types[0][0] if len(types) == 1 else None)]
        self.gold = [number("gold", "Gold placed with the general", 0, min(2, st["gold"]), 0)] \
            if st["gold"] else []

    def general(self, crit: str) -> Param:
        key = crit if crit in ("administration", "combat") else "battle"
        if key not in self.generals:
            gens = _general_options(self.t, self.role, key)
            self.generals[key] = replace(choice("general", "General to place", gens,
                                                gens[0][0]), required=True)
        return self.generals[key]

    def offer(self, space: str) -> ActionSpec:
        kind = self.t.cat.spaces[space].kind
        crit = criterion(self.t, space)
        params = [self.general(crit), *self.common]
        if kind in ("battle", "tribal"):
            params += self.units
        if kind == "tribal":
            params += self.gold
        label = f"Bid on {self.t.sname(space)}" + (f" ({crit})" if kind == "common" else "")
        return ActionSpec("bid", label, "bid.turns", fixed={"space": space},
                          params=tuple(params))


@handler
class Bidding(Handler):
    name = "bidding"

    def prompt(self, t: Table, step: Step) -> Prompt | None:
        step.setdefault("turn", 0)
        step.setdefault("passed", [])
        role = current(t, step)
        if role is None:
            return None
        maker = _Offers(t, role)
        offers = [maker.offer(s) for s in t.cat.spaces if may_bid(t, role, s)[0]]
        offers.append(button("pass", "Pass: place no more generals this round", "bid.pass"))
        hidden = [(ref, _hidden_label(t, role, ref)) for ref, e in t.generals(role).items()
                  if e["card"] is None]
        if hidden:
            offers.append(ActionSpec("show", "Show a hidden general (his skill then works)",
                                     "bid.turns", params=(replace(
                                         choice("general", "General", hidden, hidden[0][0]),
                                         required=len(hidden) > 1),)))
        left = len(t.available(role))
        return ask(role, "bidding", f"{t.rname(role)} bids: place a general ({left} left) "
                   "or pass", offers, "bid.turns")

    def run(self, t: Table, step: Step) -> None:
        t.s["stack"].pop()
        t.say("Bidding ends: every general is placed or its state passed", "bid.end")

    def act(self, t: Table, step: Step, role: str, action: Mapping[str, Any]) -> None:
        verb = action["do"]
        if verb == "pass":
            no_extra(action, (), "bid.pass")
            step["passed"].append(role)
            t.say(f"{t.rname(role)} passes and places no more generals this round", "bid.pass")
        elif verb == "show":
            no_extra(action, ("general",), "bid.turns")
            ref = arg_str(action, "general", "bid.turns")
            require(ref in t.generals(role) and t.entry(role, ref)["card"] is None,
                    "only a hidden general of one's own can be shown", "bid.turns")
            card = t.reveal(role, ref)
            t.say(f"{t.rname(role)} shows {card.name}", "bid.turns")
            return
        else:
            place(t, role, action)
        step["turn"] = (t.s["bid_order"].index(role) + 1) % len(t.s["bid_order"])


def _hidden_label(t: Table, role: str, ref: str) -> str:
    card = t.viewer_general(role, ref)
    return card.name if card else f"hidden general {ref}"


def _refuse_unavailable(t: Table, role: str, ref: str) -> None:
    entry = t.entry(role, ref, "bid.turns")
    require(entry["at"] != "face-down", "that general was left face down on the control Han "
            "emperor space and sits out this round", "bid.unavailable")
    require(entry["at"] != "stationed", "a stationed general never bids again",
            "bid.unavailable")
    require(entry["at"] == "supply" and entry["placed"] != t.s["round"],
            "each general is placed at most once a round", "bid.once-per-round")


def place(t: Table, role: str, action: Mapping[str, Any]) -> None:
    """Place one general with whatever raises his bid (bid.turns)."""
    space = arg_str(action, "space", "bid.turns")
    ok, reason, rule = may_bid(t, role, space)
    require(ok, reason, rule)
    kind = t.cat.spaces[space].kind
    allowed = ["space", "general", "support", "han"]
    if kind in ("battle", "tribal"):
        allowed += ["units", "unit"]
    if kind == "tribal":
        allowed.append("gold")
    extra = sorted(set(action) - {"do", *allowed})
    require(not extra, "army units go only with generals on battle or tribal spaces, and "
            "gold only to the tribal space", "bid.battle" if kind != "tribal"
            else "bid.tribal.payload")
    st = t.st(role)
    ref = arg_str(action, "general", "bid.turns")
    _refuse_unavailable(t, role, ref)
    support = arg_int(action, "support", 0, 99, "bid.popular-support", default=0)
    require(support <= st["support"], f"{t.rname(role)} holds only {st['support']} popular "
            "support tokens", "bid.popular-support")
    han = action.get("han", "no")
    require(han in ("yes", "no"), "'han' is yes or no", "bid.han-emperor")
    if han == "yes":
        require(t.s["han"]["holder"] == role, f"{t.rname(role)} does not hold the Han emperor "
                "token this round", "bid.han-emperor")
        require(not t.s["han"]["used"], "the Han emperor token goes with one general only",
                "bid.han-emperor")
    units = arg_int(action, "units", 0, 2, "bid.battle.leadership", default=0)
    gold = arg_int(action, "gold", 0, 2, "bid.tribal.payload", default=0)
    require(not (units and gold), "the tribal general goes with gold or with army units, "
            "never both", "bid.tribal.payload")
    unit = action.get("unit")
    if units or unit is not None:  # a type named with no units must still be a type
        require(isinstance(unit, str) and unit in t.cat.unit_types, "name the type of the "
                "army units (archery, cavalry, infantry or naval)", "bid.battle.same-type")
    unit = unit if units else None
    if units:
        require(t.units_available(role, str(unit)) >= units,
                f"{t.rname(role)} cannot form {units} {unit} units (each is a trained army "
                f"with a {t.cat.weapon_of(str(unit))})", "terms.army-unit")
    require(gold <= st["gold"], f"{t.rname(role)} holds only {st['gold']} gold",
            "bid.tribal.payload")
    card = t.reveal(role, ref)
    payload_rule = "bid.tribal.payload" if kind == "tribal" else "bid.battle.leadership"
    require(max(units, gold) <= card.leadership, f"{card.name} has leadership "
            f"{card.leadership} and may lead at most that many", payload_rule)
    crit = criterion(t, space)
    combat = effects.rating(t, card, "combat")
    base = {"administration": effects.rating(t, card, "administration"), "combat": combat,
            "battle": combat + units}.get(crit, 0)
    bonus, tokens = (0, 0)
    cards: list[tuple[str, int]] = []
    if crit in ("administration", "combat", "battle"):
        bonus, tokens = effects.bid_bonus(t, role, ref, space, crit,
                                          t.flags(role)["placed"] == 0)
        if tokens > st["bid_tokens"]:
            bonus, tokens = 0, 0
        cards = effects.card_bid_bonus(t, role, space, crit)
    value = base + bonus + sum(n for _, n in cards) + (1 if han == "yes" else 0) + support
    st["support"] -= support
    if units:
        st["trained"] -= units
        st[t.cat.weapon_of(str(unit))] -= units
    st["gold"] -= gold
    st["bid_tokens"] -= tokens
    if han == "yes":
        t.s["han"]["used"] = True
    entry = t.entry(role, ref)
    entry.update(at="space", space=space, placed=t.s["round"])
    t.flags(role)["placed"] += 1
    t.s["seq"] += 1
    t.s["bids"].setdefault(space, []).append({
        "seq": t.s["seq"], "role": role, "general": ref, "value": value, "base": base,
        "bonus": bonus + sum(n for _, n in cards), "tokens": tokens, "han": han == "yes",
        "support": support,
        "units": units, "unit": unit, "gold": gold})
    t.say(f"{t.rname(role)} places {card.name} on {t.sname(space)}: "
          + _detail(crit, base, units, bonus, han == "yes", support, gold)
          + "".join(f" +{n} {name}" for name, n in cards)
          + (f" = {value}" if crit != "guaranteed" else ""), _rule(t, space))


def _rule(t: Table, space: str) -> str:
    sp = t.cat.spaces[space]
    return {"battle": "bid.battle", "guaranteed": "bid.tribal.guaranteed",
            "marker": "bid.criterion.alternating"}.get(sp.criterion, "bid.criterion")


def _detail(crit: str, base: int, units: int, bonus: int, han: bool, support: int,
            gold: int) -> str:
    if crit == "guaranteed":
        parts = [f"with {units} army units" if units else f"with {gold} gold" if gold
                 else "alone"]
    elif crit == "battle":
        parts = [f"combat {base - units} + {units} army units"]
    else:
        parts = [f"{crit} {base}"]
    if bonus:
        parts.append(f"+{bonus} skill (bid token)")
    if han:
        parts.append("+1 Han emperor token")
    if support:
        parts.append(f"+{support} popular support")
    return " ".join(parts)
