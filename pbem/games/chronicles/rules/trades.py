"""Phase 3, trade (7.0, notes 20), with loans from non-human leaders (13.0 points 3-4,
notes 21) and Ma Teng's Influence (18.0 point 3, notes 56).

:func:`check_trades` refuses, when an order is given, the loans and trade entries the
rules refuse as the position stands. :func:`take_all` runs when the season orders open:
loans first, then every trade whose mirror entry is in the other seat's order, all
together, each side giving only what it held before the trades.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from pbem.errors import IllegalAction
from pbem.games.chronicles import counters, hand, objects
from pbem.games.chronicles.board import Board
from pbem.games.chronicles.rules.tax import supplies_for_infantry

ITEMS = ("cards", "counters", "objects", "captives")
PARTS = ("gold", "influence", *ITEMS)
INFLUENCE_SELLERS = ("ma-teng",)
"""Leaders who may trade Influence (18.0 point 3)."""
LOAN_RULE = {"gold": "s13.3.borrow-gold", "armies": "s13.4.borrow-armies"}
HELD = {"cards": "cards", "counters": "counters", "objects": "objects"}
KEPT = {"cards": hand, "counters": counters, "objects": objects}
"""The items held as hand entries (hidden in a game): offered by entry, asked for by kind."""

Bundle = dict[str, Any]


# ------------------------------------------------------------------ shapes


def bundle(given: Any, rule: str = "s7.0.tradables") -> Bundle:
    """One side of a trade entry, checked for shape: gold and influence as amounts, the
    items as lists of ids (sorted, so two bundles compare as multisets)."""
    if given is None:
        given = {}
    if not isinstance(given, Mapping):
        raise IllegalAction("a trade's give and get are mappings", rule)
    unknown = sorted(set(given) - set(PARTS))
    if unknown:
        raise IllegalAction(f"a trade holds no {unknown[0]!r} (only {', '.join(PARTS)})", rule)
    out: Bundle = {}
    for key in ("gold", "influence"):
        value = given.get(key, 0) or 0
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise IllegalAction(f"a trade's {key} is a whole number, not {value!r}", rule)
        out[key] = value
    for key in ITEMS:
        items = given.get(key) or []
        if not isinstance(items, list) or not all(isinstance(i, str) for i in items):
            raise IllegalAction(f"a trade's {key} is a list of ids", rule)
        out[key] = sorted(items)
    return out


def describe(b: Board, items: Bundle) -> str:
    parts = []
    for key in ("gold", "influence"):
        if items[key]:
            parts.append(f"{items[key]} {key if key == 'gold' else 'Influence'}")
    for key in ITEMS:
        parts.extend(b.name(i) if key == "captives" else i for i in items[key])
    return ", ".join(parts) or "nothing"


def _has_table(b: Board, who: str) -> bool:
    leader = b.data.leaders.get(who)
    return bool(leader is None or leader.table)


def barred(b: Board, one: str, other: str) -> bool:
    """7.0 point 3 (notes 20, 27): a level of 0 or 1 either way bars trading; a leader
    without a table (Ma Teng) bars nothing (notes 56)."""
    if not (_has_table(b, one) and _has_table(b, other)):
        return False
    low = {int(n) for n in b.data.rule("trade-barred-levels")}
    return any(lv is not None and int(lv) in low for lv in (
        b.s["relations"].get(one, {}).get(other), b.s["relations"].get(other, {}).get(one)))


# ------------------------------------------------------------------ checks


def _check_loans(b: Board, role: str, loans: Any) -> None:
    if not isinstance(loans, list):
        raise IllegalAction("loans is a list of {from, take}", "s13.3.borrow-gold")
    levels = b.data.rule("loan-levels")
    seen = {loan["from"] for loan in b.realm(role).get("loans", [])}
    for entry in loans:
        if not isinstance(entry, Mapping):
            raise IllegalAction("a loan is {from, take}", "s13.3.borrow-gold")
        lender, take = entry.get("from"), entry.get("take", "gold")
        if take not in LOAN_RULE:
            raise IllegalAction(f"a loan takes gold or armies, not {take!r}",
                                "s13.4.borrow-armies")
        rule = LOAN_RULE[take]
        if not b.is_non_human(lender):
            raise IllegalAction(f"{b.name(lender)} is not a non-human leader in play: only "
                                "they lend", rule)
        if lender in seen:
            raise IllegalAction(f"{b.name(role)} already owes {b.name(lender)} a loan", rule)
        level = b.relation(role, lender)
        if level < int(levels[take]):
            raise IllegalAction(f"borrowing {take} from {b.name(lender)} needs level "
                                f"{levels[take]}; {b.name(role)}'s level is {level}", rule)
        seen.add(lender)


def _captive_of(b: Board, gid: str) -> dict[str, Any]:
    state = b.s["generals"].get(gid)
    if state is None:
        raise IllegalAction(f"there is no general {gid!r}", "s7.6.prisoners")
    return state


def _check_entry(b: Board, role: str, entry: Any, totals: Bundle) -> None:
    if not isinstance(entry, Mapping):
        raise IllegalAction("a trade is {with, give, get}", "s7.0.tradables")
    other = entry.get("with")
    if other == role or not b.is_human(other):
        raise IllegalAction(f"{b.name(role)} trades only with another player, not "
                            f"{b.name(other)}", "s7.0.tradables")
    if barred(b, role, other):
        raise IllegalAction(f"{b.name(role)} and {b.name(other)} may not trade at relation "
                            "level 0 or 1", "s7.3.relations")
    give, get = bundle(entry.get("give")), bundle(entry.get("get"))
    for items, holder in ((give, role), (get, None)):
        for obj in items["objects"]:
            face = objects.face(b, obj)
            if face is None and holder and obj in objects.entries(b, holder):
                continue  # face down: checked when the offer is opened
            kind = b.data.objects.get(face or "")
            if kind is None:
                raise IllegalAction(f"there is no object {obj!r}", "s7.0.tradables")
            _tradable(b, face or obj)
    if give["influence"] and role not in INFLUENCE_SELLERS:
        raise IllegalAction(f"{b.name(role)} may not trade Influence", "s18.3.sell-influence")
    if get["influence"] and other not in INFLUENCE_SELLERS:
        raise IllegalAction(f"{b.name(other)} may not trade Influence", "s18.3.sell-influence")
    for gid in give["captives"]:
        state = _captive_of(b, gid)
        if state["status"] != "captive" or state.get("captor") != role:
            raise IllegalAction(f"{b.name(gid)} is not {b.name(role)}'s prisoner",
                                "s7.6.prisoners")
        if state["employer"] != other:
            raise IllegalAction(f"{b.name(gid)} may be traded only to {b.name(state['employer'])}, "
                                "his own leader", "s7.6.prisoners")
    for gid in get["captives"]:
        if _captive_of(b, gid)["employer"] != role:
            raise IllegalAction(f"{b.name(role)} may take back only his own generals, not "
                                f"{b.name(gid)}", "s7.6.prisoners")
    for key in ("gold", "influence"):
        totals[key] += give[key]
    for key in ITEMS:
        totals[key].update(give[key])


def _tradable(b: Board, obj: str) -> None:
    kind = b.data.objects[obj]
    if not kind.tradable:
        raise IllegalAction(f"the {kind.name} is never traded", "s2.3.4.princess")


def _refuse_untradable(b: Board, role: str, order: dict[str, Any]) -> dict[str, Any]:
    """An opened order without the trades offering an object never traded (a face-down
    princess, now face up): each is refused with the rule, and matches nothing."""
    kept = []
    for entry in order.get("trades") or []:
        give = entry.get("give") if isinstance(entry, Mapping) else None
        items = give.get("objects") if isinstance(give, Mapping) else None
        try:
            for obj in items if isinstance(items, list) else []:
                if isinstance(obj, str) and obj in b.data.objects:
                    _tradable(b, obj)
        except IllegalAction as why:
            b.note(f"{b.name(role)}'s offer to {b.name(entry.get('with'))} is refused: "
                   f"{why}", why.rule)
            continue
        kept.append(entry)
    return {**order, "trades": kept} if order.get("trades") else order


def check_trades(b: Board, role: str, order: Mapping[str, Any]) -> None:
    """Refuse the loans and trades of ``role``'s season order the rules refuse now
    (IllegalAction naming the clause; nothing changes)."""
    if order.get("loans"):
        _check_loans(b, role, order["loans"])
    entries = order.get("trades") or []
    if not isinstance(entries, list):
        raise IllegalAction("trades is a list of {with, give, get}", "s7.0.tradables")
    totals: Bundle = {"gold": 0, "influence": 0, **{k: Counter() for k in ITEMS}}
    for entry in entries:
        _check_entry(b, role, entry, totals)
    realm = b.realm(role)
    if totals["gold"] > b.gold(role):
        raise IllegalAction(f"{b.name(role)} offers {totals['gold']} gold and holds "
                            f"{b.gold(role)}", "s7.0.tradables")
    if totals["influence"] and totals["influence"] > b.influence(role):
        raise IllegalAction(f"{b.name(role)} offers more Influence than he has",
                            "s18.3.sell-influence")
    for key, held in HELD.items():
        short = totals[key] - Counter(realm[held])
        if short:
            raise IllegalAction(f"{b.name(role)} does not hold the {key} "
                                f"{', '.join(sorted(short))} he offers", "s7.0.tradables")


# ------------------------------------------------------------------ loans


def _make_loan(b: Board, role: str, entry: Mapping[str, Any]) -> None:
    lender, take = entry["from"], entry.get("take", "gold")
    try:
        _check_loans(b, role, [entry])
    except IllegalAction as why:
        b.note(f"{b.name(role)}'s loan from {b.name(lender)} is dropped: {why}",
               LOAN_RULE.get(take, "s13.3.borrow-gold"))
        return
    rule = LOAN_RULE[take]
    amount = b.roll(f"{take} lent to {b.name(role)} by {b.name(lender)}")
    realm = b.realm(role)
    if take == "gold":
        b.earn(role, amount)
        what = f"{amount} gold"
    else:
        supply = supplies_for_infantry(b, amount)
        if b.gold(role) < supply:
            b.note(f"{b.name(role)} cannot pay {supply} gold of supplies for {amount} "
                   f"infantry from {b.name(lender)}: no loan", rule)
            return
        b.pay(role, supply, "supplies of borrowed infantry", rule)
        realm["units"]["infantry"] = int(realm["units"].get("infantry", 0)) + amount
        what = f"{amount} infantry (supplies {supply} gold paid)"
    realm.setdefault("loans", []).append(
        {"from": lender, "kind": take, "amount": amount, "due": b.year + 1})
    b.note(f"{b.name(lender)} lends {b.name(role)} {what}, due in spring {b.year + 1}", rule)


# ------------------------------------------------------------------ trades


def _stock(b: Board, role: str) -> dict[str, Any]:
    realm = b.realm(role)
    stock: dict[str, Any] = {"gold": b.gold(role), "influence": b.influence(role)}
    for key, held in HELD.items():
        stock[key] = Counter(KEPT[key].public(b, role) if key in KEPT else realm[held])
    stock["captives"] = Counter(g for g, s in b.s["generals"].items()
                                if s["status"] == "captive" and s.get("captor") == role)
    return stock


def _short(stock: dict[str, Any], items: Bundle) -> list[str]:
    missing = [f"{items[k]} {k}" for k in ("gold", "influence") if items[k] > stock[k]]
    for key in ITEMS:
        missing.extend(sorted(Counter(items[key]) - stock[key]))
    return missing


def _spend(stock: dict[str, Any], items: Bundle) -> None:
    for key in ("gold", "influence"):
        stock[key] -= items[key]
    for key in ITEMS:
        stock[key].subtract(items[key])


def _hand_over(b: Board, giver: str, taker: str, items: Bundle) -> None:
    if items["gold"]:
        b.realm(giver)["gold"] -= items["gold"]
        b.earn(taker, items["gold"])
    if items["influence"]:
        b.shift_influence(giver, -items["influence"], f"sold to {b.name(taker)}",
                          "s18.3.sell-influence")
        b.shift_influence(taker, items["influence"], f"bought from {b.name(giver)}",
                          "s18.3.sell-influence")
    for key, held in HELD.items():
        for item in items[key]:
            if key in KEPT:
                entry = KEPT[key].find(b, giver, item)
                assert entry is not None  # its stock was checked
                KEPT[key].give(b, giver, taker, entry)
                continue
            b.realm(giver)[held].remove(item)
            b.realm(taker)[held].append(item)
    for gid in items["captives"]:
        b.general_state(gid).update(status="ready", captor=None, at=None, task=None)
        b.note(f"{b.name(gid)} goes back to {b.name(taker)}", "s7.6.prisoners")


def _matches(orders: Mapping[str, Any]) -> list[tuple[str, Bundle, str, Bundle]]:
    """Pairs of mirror entries (notes 20), in the seats' order, each entry used once."""
    used: set[tuple[str, int]] = set()
    pairs = []
    for role, order in orders.items():
        for i, entry in enumerate(order.get("trades") or []):
            if (role, i) in used:
                continue
            other = entry.get("with")
            give, get = bundle(entry.get("give")), bundle(entry.get("get"))
            for j, mirror in enumerate((orders.get(other) or {}).get("trades") or []):
                if (other, j) in used or mirror.get("with") != role:
                    continue
                if bundle(mirror.get("give")) == get and bundle(mirror.get("get")) == give:
                    used.update({(role, i), (other, j)})
                    pairs.append((role, give, other, get))
                    break
    return pairs


def _offer(b: Board, role: str, order: Mapping[str, Any]) -> None:
    """Every card and counter that ``role``'s trades offer is turned face up (notes 3)."""
    for entry in order.get("trades") or []:
        give = entry.get("give") if isinstance(entry, Mapping) else None
        for key, kept in KEPT.items():
            items = give.get(key) if isinstance(give, Mapping) else None
            for item in items if isinstance(items, list) else []:
                if isinstance(item, str) and item in kept.entries(b, role):
                    kept.turn_up(b, role, item)


def _named(b: Board, order: Mapping[str, Any]) -> dict[str, Any]:
    """An order with each card and counter of its trades named by its kind once the offers
    are face up (one still face down keeps its entry, and matches nothing)."""
    if not order.get("trades"):
        return dict(order)
    trades = []
    for entry in order["trades"]:
        out = dict(entry) if isinstance(entry, Mapping) else entry
        for side in ("give", "get"):
            part = out.get(side) if isinstance(out, dict) else None
            for key, kept in KEPT.items():
                if isinstance(part, Mapping) and isinstance(part.get(key), list):
                    part = {**part, key: [kept.face(b, c) or c if isinstance(c, str) else c
                                          for c in part[key]]}
                    out[side] = part
        trades.append(out)
    return {**order, "trades": trades}


def take_all(b: Board, orders: Mapping[str, Mapping[str, Any]]) -> None:
    """Loans, then the matched trades, when the season orders open (notes 20, 21)."""
    seated = [r for r in b.round_order() if r in orders]
    for role in seated:
        for entry in orders[role].get("loans") or []:
            _make_loan(b, role, entry)
    for role in seated:
        _offer(b, role, orders[role])
    ordered = {r: _refuse_untradable(b, r, _named(b, orders[r])) for r in seated}
    for role, order in ordered.items():
        for entry in order.get("trades") or []:
            b.note(f"{b.name(role)} offers {b.name(entry.get('with'))} "
                   f"{describe(b, bundle(entry.get('give')))} for "
                   f"{describe(b, bundle(entry.get('get')))}", "s7.0.tradables")
    pairs = _matches(ordered)
    matched = Counter((a, c) for a, _, c, _ in pairs) + Counter((c, a) for a, _, c, _ in pairs)
    for role, order in ordered.items():
        offered = Counter(e.get("with") for e in order.get("trades") or [])
        for other, n in offered.items():
            for _ in range(n - matched[(role, other)]):
                b.note(f"{b.name(role)}'s offer to {b.name(other)} has no matching entry: "
                       "no trade", "s7.0.tradables")
    stocks = {r: _stock(b, r) for r in seated}
    done = []
    for one, gives, other, gets in pairs:
        if barred(b, one, other):
            b.note(f"{b.name(one)} and {b.name(other)} may not trade at level 0 or 1",
                   "s7.3.relations")
            continue
        missing = [(one, _short(stocks[one], gives)), (other, _short(stocks[other], gets))]
        lacking = [(who, what) for who, what in missing if what]
        if lacking:
            who, what = lacking[0]
            b.note(f"{b.name(who)} no longer has {', '.join(what)}: the trade between "
                   f"{b.name(one)} and {b.name(other)} is dropped", "s7.0.tradables")
            continue
        _spend(stocks[one], gives)
        _spend(stocks[other], gets)
        done.append((one, gives, other, gets))
    for one, gives, other, gets in done:
        _hand_over(b, one, other, gives)
        _hand_over(b, other, one, gets)
        b.note(f"{b.name(one)} gives {b.name(other)} {describe(b, gives)} for "
               f"{describe(b, gets)}", "s7.1.unlimited")
