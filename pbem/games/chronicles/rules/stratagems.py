"""10.3 point 4: stratagem cards in a battle round, by the battle plans (notes 39-41, 48).

:func:`play_round` runs step 4 of one battle round and returns its :class:`CardEffects`:
the strength multipliers, the sides struck in their gold, forced retreats and fake armies.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from pbem.games.chronicles import hand as held
from pbem.games.chronicles.board import Board
from pbem.games.chronicles.records import Stratagem
from pbem.games.chronicles.rules.strength import (
    Fight,
    Side,
    Unit,
    ability,
    best_intelligence,
)
from pbem.games.chronicles.wording import counted

FOLLOW = "follow-through-trap"
BOOST = "boost-morale"
BACKS = "backs-against-the-wall"
CARD_RULE = {"fire-trap": "s10.3.4.s1.fire-trap", "water-trap": "s10.3.4.s2.water-trap",
             "ambush": "s10.3.4.s3.ambush", "raid": "s10.3.4.s4.raid",
             "fake-army": "s10.3.4.s5.fake-army", BOOST: "s10.3.4.s6.boost-morale",
             FOLLOW: "s10.3.4.s7.follow-through", "empty-city": "s10.3.4.s8.empty-city",
             BACKS: "s10.3.4.s9.backs-to-wall", "feint-attack": "s10.3.4.s10.feint",
             "lure-away": "s10.3.4.s11.lure-away", "anger-and-lure": "s10.3.4.s12.anger",
             "lure-into-trap": "s10.3.4.s13.lure-trap"}


@dataclass
class CardEffects:
    mults: dict[str, Fraction] = field(default_factory=lambda: {"invader": Fraction(1),
                                                                "defender": Fraction(1)})
    gold: dict[str, bool] = field(default_factory=lambda: {"invader": False,
                                                           "defender": False})
    """Side whose loss figure this round is taken in gold (notes 41)."""
    played: dict[str, str | None] = field(default_factory=lambda: {"invader": None,
                                                                   "defender": None})
    worked: dict[str, list[str]] = field(default_factory=lambda: {"invader": [],
                                                                  "defender": []})
    ambush: bool = False


def name_of(f: Fight, side: Side) -> str:
    return "invader" if side is f.inv else "defender"


def can_retreat(f: Fight, side: Side) -> bool:
    """A city defender never retreats (10.3 point 2)."""
    return not (side is f.dfd and f.city_chosen)


def hand(b: Board, side: Side) -> list[str]:
    """The stratagems a side's leader may play: the face-up cards of his hand (a card
    named in his opened plan is face up)."""
    if side.scripted or not b.is_human(side.main):
        return []
    return held.public(b, side.main)


def _target(b: Board, f: Fight, side: Side, card: Stratagem, entry: dict[str, Any]
            ) -> str | None:
    """The target this entry aims at here, or None when the card cannot be used so."""
    foe = f.other(side)
    wanted = entry.get("target")
    if "own-forces" in card.targets or "own-city" in card.targets:
        in_city = side is f.dfd and f.mode == "city"
        if in_city and "own-city" not in card.targets:
            return None
        if card.id == "fake-army" and not can_retreat(f, side):
            return None
        return "own"
    if "stratagems" in card.targets:
        return None
    if wanted == "gold":
        if "gold" not in card.targets or not b.is_human(foe.main):
            return None
        return "gold"
    facing_city = side is f.inv and f.mode == "city"
    need = "city" if facing_city else "forces"
    if wanted not in (None, need) or need not in card.targets:
        return None
    return need


def _fits(entry: dict[str, Any], round_no: int, foe_played: bool | None) -> bool:
    when = entry.get("round", "any")
    if when not in ("any", None) and when != round_no:
        return False
    cond = entry.get("condition", "any")
    if cond == "played":
        return bool(foe_played)
    if cond == "not-played":
        return not foe_played
    return True


def _roll(b: Board, who: str, card: Stratagem, what: str, gid: str | None) -> int:
    value = b.roll2(f"{b.name(who)}: {what} ({card.name})")
    if gid is not None and gid in card.named_generals and card.named_roll:
        value += card.named_roll
        b.note(f"{b.name(gid)} is named on {card.name}: {card.named_roll:+d} to his roll",
               "s10.3.4.named-generals")
    return value


def _discard(b: Board, side: Side, card: str) -> None:
    entry = held.find(b, side.main, card)
    if entry is not None:
        held.to_discard(b, side.main, entry)


def _try(b: Board, f: Fight, side: Side, card: Stratagem, target: str,
         fx: CardEffects) -> tuple[bool, bool]:
    """Play one card: (played, worked). Logged step by step."""
    foe = f.other(side)
    who = side.main or "?"
    rule = CARD_RULE.get(card.id, "s10.3.4.play")
    if card.id == BOOST:
        need = ability(b, side.commander, "eloquence")
        roll = b.roll2(f"{b.name(who)}: eloquence test ({card.name})")
        b.note(f"{b.name(who)} tries {card.name}: {roll} against eloquence {need}", rule)
        if roll > need:
            return False, False
        _discard(b, side, card.id)
        recover_now(b, f, side, rule)
        side.leadership_malus += 3
        b.note(f"{b.name(who)}'s commander counts 3 less leadership for the rest of the "
               "battle", rule)
        return True, True
    best, gid = best_intelligence(b, side)
    roll = _roll(b, who, card, "play roll", gid)
    if target == "gold":
        roll += int(b.data.rule("gold-target-bonus"))
        b.note(f"aimed at gold: +{b.data.rule('gold-target-bonus')} to the play roll",
               "s10.3.4.gold-target")
    foe_best, foe_gid = best_intelligence(b, foe)
    if card.id == "empty-city" and foe_best >= 8:
        roll -= 1
        b.note("empty city against a foe of intelligence 8 or more: -1", rule)
    if card.id == "anger-and-lure" and ability(b, foe.vanguard, "intelligence") <= 5:
        roll -= 1
        b.note("anger against a vanguard of intelligence 5 or less: -1", rule)
    b.note(f"{b.name(who)} plays {card.name}: roll {roll} against intelligence {best}",
           "s10.3.4.play")
    if roll > best:
        b.note(f"{card.name} cannot be played; it stays in the hand", "s10.3.4.play")
        if card.id == BACKS:
            fx.mults[name_of(f, side)] /= 2
            b.note(f"{b.name(who)} could not play {card.name}: strength halved this round",
                   rule)
        return False, False
    _discard(b, side, card.id)
    if card.influence:
        b.shift_influence(who, card.influence, f"playing {card.name}", "s14.mil.water-trap")
    if card.id == BACKS:
        need = ability(b, side.commander, "leadership")
        second = b.roll2(f"{b.name(who)}: leadership test ({card.name})")
        b.note(f"{card.name}: leadership test {second} against {need}", rule)
        if second > need:
            return True, False
        recover_now(b, f, side, rule)
        fx.mults[name_of(f, side)] *= card.multiplier or 2
        return True, True
    resist = _roll(b, foe.main or "?", card, "resists", foe_gid)
    works = resist > foe_best
    b.note(f"{b.name(foe.main)} resists with {resist} against intelligence {foe_best}: "
           f"{card.name} {'works' if works else 'fails'}", "s10.3.4.succeed")
    return True, works


def _apply(b: Board, f: Fight, side: Side, card: Stratagem, target: str,
           fx: CardEffects) -> None:
    me, foe = name_of(f, side), f.other(side)
    rule = CARD_RULE.get(card.id, "s10.3.5.multiply")
    fx.worked[me].append(card.id)
    if card.id == "fake-army":
        side.fake_army = True
        b.note(f"{b.name(side.main)} will retreat unpursued", rule)
        return
    if card.id == "ambush":
        fx.ambush = True
    if target == "gold":
        fx.gold[name_of(f, foe)] = True
        b.note(f"{card.name} strikes {b.name(foe.main)}'s gold this round", rule)
        return
    if card.id == "empty-city" and can_retreat(f, foe):
        foe.must_retreat = True
        b.note(f"{b.name(foe.main)} must retreat after this round", rule)
        return
    mult = card.city_multiplier if target == "city" and card.city_multiplier else \
        card.multiplier
    if mult:
        fx.mults[me] *= mult
        b.note(f"{card.name}: {b.name(side.main)}'s strength x{mult}", "s10.3.5.multiply")
    if card.id == "lure-away" and f.mode == "city":
        f.mode = "field"
        for u in f.dfd.units:
            u.place = "out"
        b.note("the city's defenders are drawn out to fight outside", rule)


def recover_now(b: Board, f: Fight, side: Side, rule: str) -> None:
    """One lost unit in two comes back at once, per kind; the rest are lost for good
    (notes 40)."""
    groups: dict[tuple[int, str], int] = {}
    for key in side.lost:
        groups[key] = groups.get(key, 0) + 1
    side.lost.clear()
    back = 0
    for (owner, kind), n in groups.items():
        for _ in range(n // 2):
            place = "in" if side is f.dfd and f.mode == "city" else "out"
            side.units.append(Unit(owner, kind, place))
            back += 1
        side.gone.extend([(owner, kind)] * (n - n // 2))
    b.note(f"{b.name(side.main)} recovers {counted(back, 'lost unit')} at once", rule)
    b.note("recovery taken first", "s10.3.4.recover-first")


def _entries(side: Side) -> list[dict[str, Any]]:
    cards = side.plan.get("cards") or []
    return [c for c in cards if isinstance(c, dict) and c.get("card")]


def play_round(b: Board, f: Fight) -> CardEffects:
    """Step 4 of one battle round: the lower intelligence decides first (ties: the
    invader), each side plays at most one card, then follow-through (notes 39)."""
    fx = CardEffects()
    bi, bd = best_intelligence(b, f.inv)[0], best_intelligence(b, f.dfd)[0]
    order = [f.inv, f.dfd] if bi <= bd else [f.dfd, f.inv]
    if hand(b, f.inv) or hand(b, f.dfd):
        b.note(f"stratagems: {b.name(order[0].main)} decides first (intelligence "
               f"{min(bi, bd)} against {max(bi, bd)})", "s10.3.4.order")
    chosen: dict[str, tuple[Stratagem, str] | None] = {}
    for i, side in enumerate(order):
        me = name_of(f, side)
        foe_played = fx.played[name_of(f, f.other(side))] is not None if i else None
        chosen[me] = None
        mine = hand(b, side)
        for entry in _entries(side):
            cid = entry["card"]
            if cid == FOLLOW or cid not in mine or not _fits(entry, f.round_no, foe_played):
                continue
            card = b.data.stratagems[cid]
            target = _target(b, f, side, card, entry)
            if target is None:
                continue
            if i:
                b.note(f"{b.name(side.main)} decides second", "s10.3.4.second")
            played, works = _try(b, f, side, card, target, fx)
            if played:
                fx.played[me] = cid
                chosen[me] = (card, target)
                if works:
                    _apply(b, f, side, card, target, fx)
            break
    for side in order:
        _follow_through(b, f, side, chosen, fx)
    return fx


def _follow_through(b: Board, f: Fight, side: Side,
                    chosen: dict[str, tuple[Stratagem, str] | None], fx: CardEffects) -> None:
    me, foe = name_of(f, side), f.other(side)
    mine = chosen.get(me)
    if mine is None or FOLLOW not in hand(b, side):
        return
    card, target = mine
    follow = b.data.stratagems[FOLLOW]
    wanted = [e for e in _entries(side) if e["card"] == FOLLOW
              and e.get("partner", card.id) == card.id and _fits(e, f.round_no, None)]
    if not wanted or card.id not in follow.doubles:
        return
    if fx.played[name_of(f, foe)] is not None:
        return
    if best_intelligence(b, side)[0] < best_intelligence(b, foe)[0]:
        return
    played, works = _try(b, f, side, follow, "forces", fx)
    if not (played and works):
        return
    fx.worked[me].append(FOLLOW)
    if card.id in fx.worked[me] and target != "gold":
        mult = card.city_multiplier if target == "city" and card.city_multiplier else \
            card.multiplier
        if mult:
            fx.mults[me] *= follow.multiplier or 2
            b.note(f"follow-through doubles {card.name}: x{mult * (follow.multiplier or 2)}",
                   CARD_RULE[FOLLOW])
    if can_retreat(f, foe):
        foe.must_retreat = True
        b.note(f"{b.name(foe.main)} must retreat after this round", CARD_RULE[FOLLOW])
