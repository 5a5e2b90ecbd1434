"""Battle plans as form entries (notes 48; :mod:`.order_form` puts them in the season
order and the musters): the area, each choice the plan makes (the rules' own first, or
"the rules' choice" where it depends on the side), who leads, the loss order, when to
retreat, and the red cards to try, each a card of the seat's hand named by its entry,
with the round, target, condition and partner the card can take.

The choices are the ones the rules read (``rules/muster.py`` checks a plan; the battle
reads ``roles``, ``losses``, ``retreat`` and each card's fields, ``rules/battle.py``,
``rules/strength.py``, ``rules/stratagems.py``).
"""

from __future__ import annotations

from typing import Any

from pbem.engine import ActionSpec
from pbem.games.chronicles import form_params, hand
from pbem.games.chronicles.board import Board
from pbem.games.chronicles.rules import plan_checks
from pbem.games.chronicles.rules.plan_checks import PLAN_VALUES
from pbem.games.chronicles.rules.stratagems import FOLLOW
from pbem.games.chronicles.rules.strength import column_labels
from pbem.games.chronicles.wording import counted
from pbem.offers import Option, Param

Pairs = list[tuple[str, str]]

PLAN_LABELS = {"first": "First move (invader)", "if_held": "If held at the border",
               "defend": "Defend (defender)", "siege": "Siege (invader)",
               "pursue": "Pursue the beaten side"}
ROLES = {"commander": "Commander", "vanguard": "Vanguard", "advisor": "Advisor"}
ROUNDS = 5
"""The battle rounds a card or a retreat may name (a file may name later ones)."""
AFTER = range(1, ROUNDS + 1)
LOST = (1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 25, 30)
TARGETS = plan_checks.TARGETS
CONDITIONS = ((None, "Whatever the foe did"), ("played", "Only if the foe played a card"),
              ("not-played", "Only if the foe played none"))


def _ratios(b: Board) -> tuple[str, ...]:
    """The Battle Outcome Table's columns as a plan names them (``1:2``)."""
    return column_labels(b)


def _first(b: Board) -> Param | None:
    """Go, hold or retreat (the rules' own first), or retreat at once below a ratio."""
    values = [(v, v) for v in PLAN_VALUES["first"]]
    values += [(f"retreat-below {r}", f"retreat at once if weaker than {r}")
               for r in _ratios(b)]
    return form_params.one("first", PLAN_LABELS["first"], tuple(values))


def _retreat(b: Board) -> Param | None:
    """When to retreat after a round (left out: the rules' choice for the side)."""
    values: list[tuple[Any, str]] = [
        (None, "The rules' choice (invader: below 1:2; defender: never)"),
        ("never", "never")]
    values += [(f"below {r}", f"when your side's ratio in a round is {r} or worse")
               for r in _ratios(b)]
    values += [(f"after {n} rounds", f"after {counted(n, 'round')}") for n in AFTER]
    values += [(f"lost {n} units", f"once {counted(n, 'unit')} {'is' if n == 1 else 'are'} lost")
               for n in LOST]
    return form_params.one("retreat", "Retreat", tuple(values))


def _losses(b: Board, role: str) -> Param:
    """The order units are lost in: the rules' own, the cheapest, or a kind first."""
    options = [Option("weakest-here", "the weakest here"), Option("cheapest", "the cheapest")]
    held = [kind for kind, n in b.realm(role)["units"].items() if int(n) > 0]
    options += [Option([kind], f"{b.data.armies[kind].name} first, then the cheapest")
                for kind in held if kind in b.data.armies]
    return Param("losses", "choice", "Losses", tuple(options), default="weakest-here")


def _roles(b: Board, role: str) -> list[Param]:
    """Who commands, leads the vanguard and advises: the rules' choice, or a general of
    the seat's (one that fights in the battle)."""
    mine = tuple((gid, b.name(gid)) for gid, f in b.s["generals"].items()
                 if f["employer"] == role and f["status"] == "ready")
    if not mine:
        return []
    out = []
    for key, label in ROLES.items():
        param = form_params.one(f"roles.{key}", label, ((None, "The rules' choice"), *mine))
        if param is not None:
            out.append(param)
    return out


def _card(b: Board, entry: str, label: str) -> ActionSpec:
    """Trying one card of the hand: in which round, on what, on what condition, and (the
    follow-through) after which card."""
    name = hand.seen(b, entry, b.known)
    card = b.data.stratagems.get(name) if name else None
    rounds = form_params.one("round", "Round", ((None, "any round"),
                                               *((n, f"round {n}") for n in AFTER)))
    params = [rounds]
    aims = [t for t in TARGETS if card is None or t in card.targets]
    if aims:
        params.append(form_params.one("target", "Target", ((None, "what the battle offers"),
                                                          *((t, t) for t in aims))))
    params.append(form_params.one("condition", "Condition", CONDITIONS))
    if card is not None and card.id == FOLLOW and card.doubles:
        params.append(form_params.one("partner", "After the card", (
            (None, "any card it doubles"),
            *((d, b.data.stratagems[d].name if d in b.data.stratagems else d)
              for d in card.doubles))))
    shown = f"{label} (not readable yet)" if card is None else \
        f"{card.name} ({entry})" if entry != card.id else card.name
    return ActionSpec("card", f"Try {shown}", "s10.3.4.play", {"card": entry},
                      tuple(p for p in params if p is not None))


def cards(b: Board, role: str) -> Param | None:
    """The red cards a plan tries, in order: each a card of ``role``'s hand."""
    held = list(zip(hand.entries(b, role), hand.labels(b, role, b.known), strict=True))
    kinds = tuple(_card(b, entry, label) for entry, label in held)
    return Param("cards", "list", "Red cards to try", items=kinds) if kinds else None


def plans(b: Board, role: str, areas: Pairs) -> list[ActionSpec]:
    """A battle plan for one of ``areas``: each choice the plan makes, the rules' own
    choice first (what a plan leaving it out gets)."""
    area = form_params.one("area", "Area of the battle", tuple(areas))
    if area is None:
        return []
    choices = [_first(b) if key == "first" else
               form_params.one(key, PLAN_LABELS.get(key, key), tuple((v, v) for v in values))
               for key, values in PLAN_VALUES.items()]
    params = [area, *choices, _retreat(b), _losses(b, role), *_roles(b, role),
              cards(b, role)]
    return [ActionSpec("plan", "Battle plan", "s10.3.1.choice", {},
                       tuple(p for p in params if p is not None))]
