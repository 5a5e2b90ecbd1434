"""Agreements made in the trading phase that act later in the round (notes 20, 23, 60):
who pays a helper's supplies (9.0 point 6), land sales (7.0 point 4) and army sales (7.0
point 5).

The season order's ``deals`` part lists them; both parties write the same entry, and an
entry only one of them wrote does nothing::

    deals:
      - {supplies: sun-ce, payer: liu-bei}        # Liu Bei pays for Sun Ce's help
      - {land: xia-pi, seller: liu-bei, buyer: cao-cao, price: 5}
      - {armies: {infantry: 3}, seller: liu-bei, buyer: cao-cao, price: 4}

A land sale happens in the battle phase, when the buyer's invasion of the area comes up
(:func:`land_sale`); an army sale in the resolution phase, by the buyer's diplomatic
relations counter placed as ``{counter: diplomacy, general: .., buy: <seller>,
territory: <one of his>}`` (:func:`check_buy`, :func:`buy_armies`).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from pbem.errors import IllegalAction
from pbem.games.chronicles.board import Board
from pbem.games.chronicles.rules import forces_home, parts
from pbem.games.chronicles.rules.trades import barred

SUPPLIES = "s9.6.who-pays"
LAND = "s7.4.land"
ARMIES = "s7.5.armies"
SUPPLY = "s7.5.supply"
RELATIONS = "s7.3.relations"
KINDS = {"supplies": ("supplies", "payer"), "land": ("land", "seller", "buyer", "price"),
         "armies": ("armies", "seller", "buyer", "price")}
RULE = {"supplies": SUPPLIES, "land": LAND, "armies": ARMIES}

Deal = dict[str, Any]


# ------------------------------------------------------------------ shapes


def kind_of(entry: Any) -> str:
    """Which agreement ``entry`` is; refused when it is none of them."""
    if not isinstance(entry, Mapping):
        raise IllegalAction("a deal is a mapping: supplies, land or armies", LAND)
    kinds = [k for k in KINDS if k in entry]
    if len(kinds) != 1:
        raise IllegalAction("a deal names exactly one of supplies, land, armies", LAND)
    kind = kinds[0]
    unknown = sorted(set(entry) - set(KINDS[kind]))
    if unknown:
        raise IllegalAction(f"a {kind} deal has no key {unknown[0]!r} "
                            f"(keys: {', '.join(KINDS[kind])})", RULE[kind])
    return kind


def parties(entry: Mapping[str, Any]) -> tuple[str, str]:
    """The two who must both write ``entry``: helper and payer, or seller and buyer."""
    if "supplies" in entry:
        return str(entry["supplies"]), str(entry.get("payer"))
    return str(entry.get("seller")), str(entry.get("buyer"))


def _units(b: Board, units: Any, rule: str) -> dict[str, int]:
    if not isinstance(units, Mapping) or not units:
        raise IllegalAction("armies: army kind -> number of units", rule)
    out = {}
    for kind, n in units.items():
        if kind not in b.data.armies:
            raise IllegalAction(f"there is no army kind {kind!r}", rule)
        if not isinstance(n, int) or isinstance(n, bool) or n < 0:
            raise IllegalAction(f"units of {kind}: a whole number, not {n!r}", rule)
        if n:
            out[str(kind)] = n
    if not out:
        raise IllegalAction("an army sale sells at least one unit", rule)
    return out


def canon(b: Board, entry: Mapping[str, Any]) -> tuple[Any, ...]:
    """``entry`` in a form two identical agreements share."""
    kind = kind_of(entry)
    values = [entry.get(k) for k in KINDS[kind]]
    if kind == "armies":
        values[0] = tuple(sorted(_units(b, entry["armies"], ARMIES).items()))
    return (kind, *values)


# ------------------------------------------------------------------ checks


def _check(b: Board, role: str, entry: Any) -> None:
    kind = kind_of(entry)
    rule = RULE[kind]
    one, other = parties(entry)
    if one == other or not (b.is_human(one) and b.is_human(other)):
        raise IllegalAction(f"a {kind} deal is made between two players", rule)
    if role not in (one, other):
        raise IllegalAction(f"{b.name(role)} is no party to this {kind} deal", rule)
    if kind == "supplies":
        return
    price = entry.get("price", 0)
    if not isinstance(price, int) or isinstance(price, bool) or price < 0:
        raise IllegalAction(f"a sale's price is a whole number of gold, not {price!r}", rule)
    if barred(b, one, other):
        raise IllegalAction(f"{b.name(one)} and {b.name(other)} may not trade at relation "
                            "level 0 or 1", RELATIONS)
    if kind == "land":
        area = entry["land"]
        if area not in b.s["areas"]:
            raise IllegalAction(f"there is no area {area!r}", rule)
        if b.holder(area) != one:
            raise IllegalAction(f"{b.name(one)} does not hold {b.area(area).name}", rule)
    else:
        _units(b, entry["armies"], rule)


def check_deals(b: Board, role: str, order: Mapping[str, Any]) -> None:
    """Refuse a ``deals`` part the rules refuse now (nothing changes)."""
    entries = order.get("deals") or []
    if not isinstance(entries, list):
        raise IllegalAction("deals is a list of agreements", LAND)
    for entry in entries:
        _check(b, role, entry)


def matched(b: Board, kind: str) -> list[Deal]:
    """This round's agreements of ``kind`` written by both parties, each once, in the round
    seat order of the first party."""
    orders = b.s["round"].get("orders") or {}
    out: list[Deal] = []
    seen: set[tuple[Any, ...]] = set()
    for role in b.round_order():
        for entry in (orders.get(role) or {}).get("deals") or []:
            try:
                if kind_of(entry) != kind or role != parties(entry)[0]:
                    continue
                key = canon(b, entry)
                other = parties(entry)[1]
                mirrors = (orders.get(other) or {}).get("deals") or []
                if key in seen or not any(_same(b, m, key) for m in mirrors):
                    continue
            except IllegalAction:
                continue
            seen.add(key)
            out.append(dict(entry))
    return out


def _same(b: Board, entry: Any, key: tuple[Any, ...]) -> bool:
    try:
        return canon(b, entry) == key
    except IllegalAction:
        return False


# ------------------------------------------------------------------ supplies


def supplies_payer(b: Board, force: Mapping[str, Any]) -> str:
    """Who pays a placement's supplies: the helped player when both agreed so (9.0
    point 6, notes 23), else its sender."""
    who, helped = force["who"], force.get("helps")
    if force["side"] != "help" or not helped or not b.is_human(helped):
        return str(who)
    for deal in matched(b, "supplies"):
        if deal["supplies"] == who and deal["payer"] == helped:
            return str(helped)
    return str(who)


# ------------------------------------------------------------------ land


def land_sale(b: Board, battle: dict[str, Any]) -> bool:
    """The buyer's invasion of a sold area (notes 60): no battle; the area passes, the
    price is paid, and nothing else changes. False when no sale applies here."""
    if battle["cause"] != "invasion" or battle["status"] != "pending":
        return False
    area, buyer, seller = battle["area"], battle["invader"], b.holder(battle["area"])
    deal = next((d for d in matched(b, "land") if d["land"] == area
                 and d["buyer"] == buyer and d["seller"] == seller), None)
    if deal is None:
        return False
    task = f"battle:{battle['id']}"
    sent = [g for f in battle["forces"] if f["who"] == buyer and f["side"] == "invade"
            for g in f.get("generals") or [] if b.general_state(g).get("task") == task
            and b.general_state(g)["status"] == "ready"]
    why = None
    if not sent:
        why = f"{b.name(buyer)} sent no general to take it"
    elif barred(b, buyer, seller):
        why = "their relation level now bars trading"
    elif b.gold(buyer) < int(deal["price"]):
        why = f"{b.name(buyer)} cannot pay {deal['price']} gold"
    if why:
        b.note(f"the sale of {b.area(area).name} does not take place ({why}): the invasion "
               "is fought", LAND)
        return False
    price = int(deal["price"])
    b.pay(buyer, price, "the price of the land", LAND)
    b.earn(seller, price)
    parts.set_holder(b, area, buyer)
    b.note(f"{b.name(seller)} sells {b.area(area).name} to {b.name(buyer)} for {price} "
           "gold: no battle; no Influence, relation or land value changes", LAND)
    for force in battle["forces"]:
        forces_home.send_home(b, force, "the area was sold", battle.get("territory"))
    battle["status"] = "fought"
    battle["result"] = {"winner": buyer, "loser": seller, "how": "sold", "rounds": 0}
    return True


# ------------------------------------------------------------------ armies


def check_buy(b: Board, role: str, act: Mapping[str, Any], base: dict[str, Any]
              ) -> dict[str, Any]:
    """A diplomatic relations counter collecting armies bought (7.0 point 5): placed on a
    territory where the seller holds an area; no gold or object goes with it."""
    seller, tid = act.get("buy"), act.get("territory")
    if seller == role or not b.is_human(seller):
        raise IllegalAction(f"{seller!r} is not another player to buy armies from", ARMIES)
    if tid not in b.data.territories or not any(
            b.holder(a) == seller for a in b.territory(tid).area_ids()):
        raise IllegalAction(f"territory: one where {b.name(seller)} holds an area", ARMIES)
    if base["gold"] or base["objects"]:
        raise IllegalAction("the price of armies is agreed as a deal, not placed with the "
                            "counter", ARMIES)
    return {**base, "kind": "buy", "buy": seller, "territory": tid, "route": []}


def basic_supplies(b: Board, units: Mapping[str, int]) -> int:
    """Basic supplies (x1) of ``units``, rounded up once (notes 23)."""
    total = sum((Fraction(b.data.armies[k].supply) * int(n) for k, n in units.items()),
                Fraction(0))
    return math.ceil(total)


def buy_armies(b: Board, act: dict[str, Any]) -> None:
    """The resolution of a buying counter: the first agreed army sale from that seller not
    yet made this round; the units move, the price and their basic supplies are paid.
    Nothing moves when the seller lacks the units or the buyer the gold."""
    buyer, seller = act["role"], act["buy"]
    sales = matched(b, "armies")
    done = b.s["round"].setdefault("sales", [])
    index = next((i for i, d in enumerate(sales) if i not in done
                  and d["buyer"] == buyer and d["seller"] == seller), None)
    if index is None:
        b.note(f"{b.name(buyer)} and {b.name(seller)} agreed no army sale: nothing moves",
               ARMIES)
        return
    done.append(index)
    deal = sales[index]
    units = _units(b, deal["armies"], ARMIES)
    price, supplies = int(deal["price"]), basic_supplies(b, units)
    pool = b.realm(seller)["units"]
    short = [k for k, n in units.items() if int(pool.get(k, 0)) < n]
    why = None
    if not any(b.holder(a) == seller for a in b.territory(act["territory"]).area_ids()):
        why = f"{b.name(seller)} no longer holds an area of {b.territory(act['territory']).name}"
    elif barred(b, buyer, seller):
        why = "their relation level now bars trading"
    elif short:
        why = f"{b.name(seller)} no longer has the {', '.join(short)}"
    elif b.gold(buyer) < price + supplies:
        why = f"{b.name(buyer)} cannot pay {price} gold and {supplies} of supplies"
    text = ", ".join(f"{n} {k}" for k, n in units.items())
    if why:
        b.note(f"the sale of {text} does not take place ({why}): nothing moves", ARMIES)
        return
    mine = b.realm(buyer)["units"]
    for kind, n in units.items():
        pool[kind] = int(pool[kind]) - n
        mine[kind] = int(mine.get(kind, 0)) + n
    b.pay(buyer, price + supplies, "the armies and their supplies", SUPPLY)
    b.earn(seller, price)
    b.note(f"{b.name(seller)} sells {text} to {b.name(buyer)} for {price} gold", ARMIES)
    b.note(f"{b.name(buyer)} pays {supplies} gold of basic supplies for them", SUPPLY)
