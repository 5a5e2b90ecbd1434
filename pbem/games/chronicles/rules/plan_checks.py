"""A battle plan checked before it is sealed (notes 48): each choice it makes is one the
battle reads, so a plan the battle could not follow is refused with its rule when it is
given, never met in the middle of a battle."""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import Any

from pbem.errors import IllegalAction
from pbem.games.chronicles import hand
from pbem.games.chronicles.board import Board
from pbem.games.chronicles.rules.strength import column_labels

RULE = "s10.3.1.choice"
PLAN_VALUES = {"first": ("go", "hold", "retreat"), "if_held": ("hold", "attack"),
               "defend": ("best", "city", "outside"), "siege": ("attack", "surround"),
               "pursue": ("always", "never")}
ROLES = ("commander", "vanguard", "advisor")
LOSSES = ("weakest-here", "cheapest")
TARGETS = ("forces", "city", "gold")
CONDITIONS = ("played", "not-played")


def _ratios(b: Board) -> set[str]:
    return set(column_labels(b))


def _whole(text: str) -> bool:
    return text.isdigit() and int(text) > 0


def _check_ratio(b: Board, text: str, key: str) -> None:
    try:
        left, right = text.split(":")
        Fraction(left) / Fraction(right)
    except (ValueError, ZeroDivisionError):
        raise IllegalAction(f"plan {key}: a ratio of the battle table ("
                            f"{', '.join(sorted(_ratios(b)))}), not {text!r}", RULE) from None


def _check_retreat(b: Board, value: Any) -> None:
    words = str(value).split() if isinstance(value, str) else []
    if words == ["never"]:
        return
    if len(words) == 2 and words[0] == "below":
        _check_ratio(b, words[1], "retreat")
        return
    if len(words) in (2, 3) and words[0] == "after" and _whole(words[1]) \
            and words[2:] in ([], ["rounds"], ["round"]):
        return
    if len(words) in (2, 3) and words[0] == "lost" and _whole(words[1]) \
            and words[2:] in ([], ["units"], ["unit"]):
        return
    raise IllegalAction("plan retreat: never, below RATIO, after N rounds or lost N units, "
                        f"not {value!r}", RULE)


def _check_losses(b: Board, value: Any) -> None:
    if value in LOSSES:
        return
    if isinstance(value, list) and value and all(k in b.data.armies for k in value):
        return
    raise IllegalAction(f"plan losses: {' or '.join(LOSSES)}, or a list of army kinds to "
                        f"lose first, not {value!r}", RULE)


def _check_roles(b: Board, role: str, value: Any) -> None:
    if not isinstance(value, Mapping) or set(value) - set(ROLES):
        raise IllegalAction(f"plan roles: a mapping of {', '.join(ROLES)} to generals", RULE)
    for gid in value.values():
        facts = b.s["generals"].get(gid) if isinstance(gid, str) else None
        if facts is None or facts["employer"] != role:
            raise IllegalAction(f"plan roles: {gid!r} is not a general of {b.name(role)}",
                                "s10.3.roles")


def _check_card(b: Board, role: str, item: Any) -> None:
    card = item.get("card") if isinstance(item, Mapping) else None
    if isinstance(card, str) and card in hand.entries(b, role):
        pass
    elif card in b.data.stratagems:
        raise IllegalAction(f"{b.name(role)} holds no {b.data.stratagems[card].name}",
                            "s10.3.4.play")
    elif not isinstance(card, str) or not card.startswith(f"{hand.DECK}#"):
        raise IllegalAction(f"there is no stratagem {card!r}", "s10.3.4.play")
    else:
        hand.check_entry(b, role, card, "s10.3.4.play")
    rnd = item.get("round")
    if rnd is not None and (not isinstance(rnd, int) or isinstance(rnd, bool) or rnd < 1):
        raise IllegalAction("a card's round: a battle round, 1 or more", "s10.3.4.play")
    if item.get("target") not in (None, *TARGETS):
        raise IllegalAction(f"a card's target: one of {', '.join(TARGETS)}", "s10.3.4.play")
    if item.get("condition") not in (None, *CONDITIONS):
        raise IllegalAction(f"a card's condition: one of {', '.join(CONDITIONS)}",
                            "s10.3.4.play")


def check_plan(b: Board, role: str, plan: Any) -> None:
    """Refuse a plan the battle could not follow (nothing changes)."""
    if not isinstance(plan, Mapping) or plan.get("area") not in b.s["areas"]:
        raise IllegalAction("a plan names its area", RULE)
    for key, allowed in PLAN_VALUES.items():
        value = plan.get(key)
        if value is None:
            continue
        if key == "first" and isinstance(value, str) and value.startswith("retreat-below"):
            _check_ratio(b, value.split()[-1] if " " in value else value.split("-")[-1], key)
            continue
        if value not in allowed:
            raise IllegalAction(f"plan {key}: one of {', '.join(allowed)}", RULE)
    priority = plan.get("priority")
    if priority is not None and (not isinstance(priority, int) or isinstance(priority, bool)):
        raise IllegalAction("plan priority: a whole number (the order among one's battles)",
                            "s4.0.battle-turns")
    if plan.get("retreat") is not None:
        _check_retreat(b, plan["retreat"])
    if plan.get("losses") is not None:
        _check_losses(b, plan["losses"])
    if plan.get("roles") is not None:
        _check_roles(b, role, plan["roles"])
    cards = plan.get("cards") or []
    if not isinstance(cards, list):
        raise IllegalAction("a plan's cards: a list", "s10.3.4.play")
    for item in cards:
        _check_card(b, role, item)
