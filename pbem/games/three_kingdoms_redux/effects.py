"""How the effect vocabulary (:mod:`.vocabulary`) works in play.

Rule modules ask these functions at fixed points (placing a bid, after an action, at the
end of a round...). Only skills of generals whose cards are face up count (a hidden
card is never read), and a stationed general's skill counts only when its effect says so.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pbem.games.three_kingdoms_redux.catalog import WEAPONS
from pbem.games.three_kingdoms_redux.dataset import General
from pbem.games.three_kingdoms_redux.table import Table, skill_works

Effect = Mapping[str, Any]


def mine(source: str, ref: str, refs: list[str] | None) -> bool:
    """A general's effect counts for the generals who took the action; a card's always."""
    return source == "card" or refs is None or ref in refs


def _parity(t: Table, rounds: str | None) -> bool:
    rnd = t.s["round"]
    return rounds in (None, "every") or (rounds == "even") == (rnd % 2 == 0)


# ---------------------------------------------------------------------- bidding


def bid_bonus(t: Table, role: str, ref: str, space: str, criterion: str,
              first_placed: bool) -> tuple[int, int]:
    """(bonus, bid tokens it needs) of general ``ref``'s own skill (bid.bid-tokens)."""
    bonus = tokens = 0
    for source, owner, effect in t.effects(role, "bid-bonus"):
        if source != "general" or owner != ref:
            continue
        when = effect["when"]
        if when == "first-placed" and not first_placed:
            continue
        if when == "alliance-space" and (space != t.s["alliance"]["space"]
                                         or role not in t.allies()):
            continue
        if "criteria" in effect and criterion not in effect["criteria"]:
            continue
        if "spaces" in effect and space not in effect["spaces"]:
            continue
        bonus += int(effect["amount"])
        tokens += 1
    return bonus, tokens


def card_bid_bonus(t: Table, role: str, space: str, criterion: str) -> list[tuple[str, int]]:
    """(card name, bonus) of built cards that strengthen every bid of the state's
    generals; a built card is public, so no bid token shows it."""
    out = []
    for source, cid, effect in t.effects(role, "bid-bonus"):
        if source != "card":
            continue
        if "criteria" in effect and criterion not in effect["criteria"]:
            continue
        if "spaces" in effect and space not in effect["spaces"]:
            continue
        out.append((t.data.cards[cid].name, int(effect["amount"])))
    return out


def rating(t: Table, card: General, attribute: str) -> int:
    """A general's attribute this round: printed, unless a skill changes it from a round
    on (attribute-from-round)."""
    value = int(getattr(card, attribute))
    if t.s.get("tutorial"):
        return value
    for effect in card.effects:
        if effect["kind"] == "attribute-from-round" and effect["attribute"] == attribute \
                and t.s["round"] >= effect["from_round"]:
            value = int(effect["value"])
    return value


def wins_ties(t: Table, role: str, space: str) -> bool:
    """Whether one of the state's bidders on ``space`` wins ties (skill.cao-cao)."""
    refs = {b["general"] for b in t.s["bids"].get(space, []) if b["role"] == role}
    return any(ref in refs for source, ref, _ in t.effects(role, "wins-ties"))


def support_refund(t: Table, role: str, bid: Mapping[str, Any]) -> int:
    """Popular support tokens of ``bid`` that return to the state (skill.liu-bei)."""
    if not bid["support"]:
        return 0
    total = sum(int(e["amount"]) for _, ref, e in t.effects(role, "support-refund")
                if ref == bid["general"])
    return min(total, int(bid["support"]))


# ---------------------------------------------------------------------- actions


def station_alone(t: Table, role: str, ref: str) -> Effect | None:
    for _, owner, effect in t.effects(role, "station-alone"):
        if owner == ref:
            return effect
    return None


def alliance_action_gain(t: Table, role: str, refs: list[str]) -> None:
    """Before an ally's generals take the alliance action (skill.zhuge-jin)."""
    for source, owner, effect in t.effects(role, "alliance-action-gain"):
        if owner in refs:
            t.gain(role, effect["gain"], "skill.zhuge-jin", why=label(t, role, source, owner))


def outsider_gain(t: Table, role: str, won: int) -> None:
    """Before a state outside the alliance acts (skill.zhuge-jin)."""
    if role in t.allies():
        return
    for source, owner, effect in t.effects(role, "outsider-gain"):
        if won <= effect["max_won"]:
            t.gain(role, effect["gain"], "skill.zhuge-jin", why=label(t, role, source, owner))


def import_both(t: Table, role: str, refs: list[str]) -> bool:
    return any(owner in refs for _, owner, _ in t.effects(role, "import-both"))


def extra_capacity(t: Table, role: str, action: str, refs: list[str]) -> int:
    return sum(int(e["extra"]) for source, owner, e in t.effects(role, "extra-capacity")
               if e["action"] == action and mine(source, owner, refs))


def yield_bonus(t: Table, role: str, action: str) -> int:
    return sum(int(e["per_token"]) for _, _, e in t.effects(role, "yield-bonus")
               if e["action"] == action)


def upkeep_relief(t: Table, role: str) -> tuple[int, int]:
    gold = rice = 0
    for _, _, effect in t.effects(role, "upkeep-relief"):
        gold += int(effect.get("gold", 0))
        rice += int(effect.get("rice", 0))
    return gold, rice


def tribal_hold(t: Table, role: str) -> tuple[str, str] | None:
    """(mode, who) when a skill stops the tribal decline this round (skill.jia-xu,
    skill.ling-cao); ``raise`` wins over ``keep``."""
    best: tuple[str, str] | None = None
    for source, owner, effect in t.effects(role, "tribal-hold", stationed_ok=True):
        if not _parity(t, effect["rounds"]):
            continue
        if source == "general":
            needs = effect.get("stationed_with")
            placed = [s for s in t.st(role)["stationed"] if s["general"] == owner]
            if needs and not (placed and placed[0]["type"] == needs and placed[0]["units"]):
                continue
            if not needs and t.is_stationed(role, owner):
                continue
        who = label(t, role, source, owner)
        if effect["mode"] == "raise":
            return "raise", who
        best = best or ("keep", who)
    return best


def hidden_hold_possible(t: Table, role: str) -> bool:
    """Whether, on public facts alone, a hidden general of the state might hold its tribal
    level this round: it has a hidden general, and one of its state's generals whose skill
    acts this round (unstationed) is not face up anywhere. Never reads a hidden card."""
    if t.s.get("tutorial") or tribal_hold(t, role) is not None:
        return False
    if not any(e["card"] is None for e in t.generals(role).values()):
        return False
    shown = {e["card"] for r in t.roles for e in t.generals(r).values() if e["card"]}
    return any(g.state == role and g.id not in shown and any(
        e["kind"] == "tribal-hold" and not e.get("stationed_with") and _parity(t, e["rounds"])
        for e in g.effects) for g in t.data.generals.values())


def end_vp(t: Table, role: str) -> list[tuple[str, int]]:
    """(card id, VP) for each built card's conditional VP (end.state-enhancement-vp)."""
    out = []
    for cid in t.st(role)["built"]:
        for effect in t.data.cards[cid].effects:
            if effect["kind"] != "end-vp":
                continue
            value = t.metric(role, effect["metric"])
            if "unit" in effect:
                value = sum(s["units"] for s in t.st(role)["stationed"]
                            if s["type"] == effect["unit"])
            if "per" in effect:
                vp = value // effect["per"] * effect["vp"]
            else:
                vp = effect["vp"] if value >= effect["at_least"] else 0
            if "max" in effect:
                vp = min(vp, effect["max"])
            if vp:
                out.append((cid, vp))
    return out


def vp_taken(t: Table) -> list[tuple[str, str, str, int]]:
    """(taker, loser, card id, VP) for each built card that takes VP from the other
    states at the end (take-vp); a state never loses more than it has in the category."""
    out = []
    left = {r: int(t.st(r)["military"]) for r in t.roles}
    for role in t.roles:
        for cid in t.st(role)["built"]:
            for effect in t.data.cards[cid].effects:
                if effect["kind"] != "take-vp":
                    continue
                for other in t.roles:
                    n = min(int(effect["vp"]), left[other]) if other != role else 0
                    if n:
                        left[other] -= n
                        out.append((role, other, cid, n))
    return out


def prerequisites_met(t: Table, role: str, cid: str) -> list[str]:
    """The unmet prerequisites of a card, in words (action.construct)."""
    missing = []
    for item in t.data.cards[cid].prerequisites:
        have = t.metric(role, item["metric"])
        if have < item["at_least"]:
            missing.append(f"{item['metric']} at least {item['at_least']} (has {have})")
    return missing


# ---------------------------------------------------------------------- end of round


def benefits(t: Table, role: str) -> list[dict[str, Any]]:
    """The end-of-round benefits a state may take now (resolution.benefits).

    Each is ``{id, kind, source, ref, choice}``; ``choice`` is ``weapon`` or ``barter``
    when the owner must choose, else null."""
    rnd = t.s["round"]
    done = set(t.flags(role)["benefits"])
    out: list[dict[str, Any]] = []

    def add(kind: str, source: str, ref: str, choice: str | None = None) -> None:
        key = f"{kind}:{ref}"
        if key not in done:
            out.append({"id": key, "kind": kind, "source": source, "ref": ref,
                        "choice": choice})

    for _, cid, _effect in t.effects(role, "barter"):
        if not t.flags(role)["traded"]:
            add("barter", "card", cid, "barter")
    for source, ref, effect in t.effects(role, "round-income"):
        if not _parity(t, effect.get("rounds")):
            continue
        if source == "general" and effect.get("needs_stationed") \
                and not t.is_stationed(role, ref):
            continue
        add("round-income", source, ref)
    for ref, entry in t.generals(role).items():
        if entry["card"] is None or t.s.get("tutorial"):
            continue
        for effect in t.data.generals[entry["card"]].effects:
            if not skill_works(entry, effect):
                continue
            kind = effect["kind"]
            fresh = entry["recruited"] == rnd
            if kind == "recruit-gain" and fresh:
                if effect.get("only_unplaced") and entry["placed"] == rnd:
                    continue
                add(kind, "general", ref, "weapon" if effect.get("weapon_choice") else None)
            elif (kind == "alliance-tokens" and fresh) or (kind == "card-store" and fresh):
                add(kind, "general", ref)
            elif kind == "card-store" and entry.get("store", 0) > 0 \
                    and t.amount(role, effect["resource"]) >= effect["min_held"]:
                add("card-store-release", "general", ref)
    return out


def take_benefit(t: Table, role: str, item: Mapping[str, Any],
                 choice: Mapping[str, Any]) -> None:
    """Carry out one benefit (the caller checked it is available and the choice valid)."""
    kind, ref, source = item["kind"], item["ref"], item["source"]
    name = label(t, role, source, ref)
    t.flags(role)["benefits"].append(item["id"])
    rule = _RULES.get(label_id(t, role, source, ref), "resolution.benefits")
    if kind == "barter":
        effect = _effect(t, role, source, ref, "barter")
        weapon = choice["weapon"]
        if choice["direction"] == "buy":
            t.pay(role, {"rice": effect["rice"]}, "card.barter-market")
            t.gain(role, {weapon: effect["weapons"]})
            t.say(f"{t.rname(role)} swaps {effect['rice']} rice for {effect['weapons']} "
                  f"{weapon} ({name})", "card.barter-market")
        else:
            t.pay(role, {weapon: effect["weapons"]}, "card.barter-market")
            t.gain(role, {"rice": effect["rice"]})
            t.say(f"{t.rname(role)} swaps {effect['weapons']} {weapon} for {effect['rice']} "
                  f"rice ({name})", "card.barter-market")
    elif kind == "round-income":
        t.gain(role, _effect(t, role, source, ref, kind)["gain"], rule, why=name)
    elif kind == "recruit-gain":
        effect = _effect(t, role, source, ref, kind)
        gain = dict(effect["gain"])
        if effect.get("weapon_choice"):
            weapon = choice.get("weapon", WEAPONS[0])
            gain[weapon] = gain.get(weapon, 0) + int(effect["weapon_choice"])
        t.gain(role, gain, rule, why=name)
    elif kind == "alliance-tokens":
        effect = _effect(t, role, source, ref, kind)
        moved = min(int(effect["count"]), t.st(role)["bid_tokens"])
        t.st(role)["bid_tokens"] -= moved
        t.entry(role, ref)["tokens"] = t.entry(role, ref).get("tokens", 0) + moved
        t.say(f"{t.rname(role)} puts {moved} bid tokens on {name}'s card", "skill.yu-jin")
    elif kind == "card-store":
        effect = _effect(t, role, source, ref, kind)
        t.entry(role, ref)["store"] = int(effect["count"])
        t.say(f"{effect['count']} {effect['resource']}s from the supply go on {name}'s card",
              "skill.ma-chao")
    elif kind == "card-store-release":
        effect = _effect(t, role, source, ref, "card-store")
        moved = min(int(effect["per_round"]), t.entry(role, ref)["store"])
        t.entry(role, ref)["store"] -= moved
        t.gain(role, {effect["resource"]: moved}, "skill.ma-chao", why=f"from {name}'s card")


def _effect(t: Table, role: str, source: str, ref: str, kind: str) -> Effect:
    if source == "card":
        effects = t.data.cards[ref].effects
    else:
        effects = t.data.generals[t.card_id(role, ref) or ""].effects
    return next(e for e in effects if e["kind"] == kind)


def label_id(t: Table, role: str, source: str, ref: str) -> str:
    return ref if source == "card" else (t.card_id(role, ref) or ref)


def label(t: Table, role: str, source: str, ref: str) -> str:
    if source == "card":
        return t.data.cards[ref].name
    return t.gname(role, ref)


# Clause ids of the skills and cards the rulebook prints in full (for log lines).
_RULES = {"taishi-ci": "skill.taishi-ci", "zhang-he": "skill.zhang-he",
          "ma-chao": "skill.ma-chao", "yu-jin": "skill.yu-jin",
          "barter-market": "card.barter-market"}
