"""What a season order may spend (notes 15, 20): gold, action counters and objects, as held
now, or as held once the same order's trades and loans have been made."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from pbem.errors import IllegalAction
from pbem.games.chronicles import counters, objects
from pbem.games.chronicles.board import Board
from pbem.games.chronicles.wording import with_article

LOAN_MOST = 6
"""A gold loan is 1D6 (13.3): an order may count on its most, the reveal on what came."""


@dataclass
class Means:
    """A tally of what one player can still spend in the order being read."""

    gold: int
    counters: Counter[str] = field(default_factory=Counter)  # held, by entry
    objects: Counter[str] = field(default_factory=Counter)
    incoming: Counter[str] = field(default_factory=Counter)  # counters a trade brings

    @classmethod
    def held(cls, b: Board, role: str) -> Means:
        realm = b.realm(role)
        return cls(int(realm["gold"]), Counter(realm["counters"]), Counter(realm["objects"]))

    @classmethod
    def after_trades(cls, b: Board, role: str, order: Mapping[str, Any]) -> Means:
        """What ``role`` holds once the order's trades take place (notes 20: an action may
        use what a trade of the same order brings) and its gold loans come in."""
        means = cls.held(b, role)
        for trade in order.get("trades") or []:
            if not isinstance(trade, Mapping):
                continue
            give, get = trade.get("give") or {}, trade.get("get") or {}
            means.gold += _int(get.get("gold")) - _int(give.get("gold"))
            means.incoming.update(_ids(get.get("counters")))
            means.counters.subtract(_ids(give.get("counters")))
            means.objects.update(_ids(get.get("objects")))
            means.objects.subtract(_ids(give.get("objects")))
        for loan in order.get("loans") or []:
            if isinstance(loan, Mapping) and loan.get("take") == "gold":
                means.gold += LOAN_MOST
        means.gold = max(0, means.gold)
        return means

    def copy(self) -> Means:
        return Means(self.gold, Counter(self.counters), Counter(self.objects),
                     Counter(self.incoming))

    def take_gold(self, amount: int, why: str, rule: str) -> None:
        if amount > self.gold:
            raise IllegalAction(f"{why} needs {amount} gold, and only {self.gold} is left "
                                "for it", rule)
        self.gold -= amount

    def take_counter(self, b: Board, action: str, entry: Any, rule: str) -> str | None:
        """Spend a counter of ``action``: the one the order names by its entry (it must
        not be face up as another action), else a face-up one of that action, else one a
        trade of the order brings; the entry spent (``None``: one still to come)."""
        if entry is not None:
            if not isinstance(entry, str) or self.counters[entry] <= 0:
                raise IllegalAction(f"no action counter {entry!r} is left for this action "
                                    "(name one of yours by its entry, e.g. actions-odd#4)",
                                    rule)
            shown = counters.face(b, entry)
            if shown is not None and shown != action:
                raise IllegalAction(f"the counter {entry} is {with_article(shown)} counter, not "
                                    f"{action}", rule)
            self.counters[entry] -= 1
            return entry
        found = next((e for e, n in self.counters.items()
                      if n > 0 and counters.face(b, e) == action), None)
        if found is not None:
            self.counters[found] -= 1
            return found
        if self.incoming[action] > 0:
            self.incoming[action] -= 1
            return None
        raise IllegalAction(f"no {action} action counter is left for this action (name a "
                            "face-down one of yours by its entry)", rule)

    def take_objects(self, b: Board, role: str, names: Any, rule: str) -> list[str]:
        """Spend the objects an order names (an entry of ``role``'s, or the kind of a
        face-up one, or of one a trade of the order brings); the entries spent (a kind
        for one still to come). A face-up object must be the kind asked for later."""
        return objects.take(b, role, names, self.objects, rule)


def _int(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _ids(value: Any) -> list[str]:
    return [v for v in value if isinstance(v, str)] if isinstance(value, list) else []
