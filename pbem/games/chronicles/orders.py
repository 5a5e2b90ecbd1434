"""Standing orders of Chronicles: a player's public answers, given in advance, to the
questions the rules would otherwise put to him in the middle of a round
(docs/chronicles-play-by-mail.md, "Standing orders"). Set with ``{do: orders, set: {...}}``
in any save he writes."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pbem import standing_orders

LEADERS = ("yuan-shao", "cao-cao", "liu-bei", "sun-ce", "liu-biao", "liu-zhang", "ma-teng")

# name -> (allowed values, default, what it answers)
ORDERS: dict[str, tuple[tuple[str, ...], str, str]] = {
    "envoys": (("refuse", "accept"), "refuse",
               "being courted by a leader my season orders do not welcome (s8.4.A.human-target)"),
    "let_through": (("refuse", "accept"), "refuse",
                    "helpers crossing my territories when my orders name nobody "
                    "(s9.0.pass-through)"),
    "reinforce": (("border", "any", "never"), "border",
                  "whether the second muster asks me when I am not a main side: where I "
                  "border an attacked territory, anywhere, or never (s9.2.army-reinforce)"),
    "event_card": (("remove", "discard"), "remove",
                   "where an event I drew goes once it has fired (s2.2.2.event-fired)"),
    "collapse": (("costly-first", "infantry-first"), "costly-first",
                 "which units go first in an economic collapse (s5.4.collapse)"),
    "captives": (("recruit", "imprison", "release", "execute"), "recruit",
                 "what becomes of generals I capture in a city (s10.3.12.captured)"),
    "split": (("by-areas", "largest"), "by-areas",
              "how my realm's pool is divided when it is cut in two (s10.3.14.split)"),
    "exile_to": (("highest", *LEADERS), "highest",
                 "whom I ask first when I go into exile (s16.0.join)"),
    "exile_host": (("accept", "refuse"), "accept",
                   "an exiled leader asking to join me (s16.0.join)"),
    "exile_area": (("lowest-income",), "lowest-income",
                   "the area I lend an exile I take in (s16.0.area)"),
    "give_back": (("yes", "no"), "yes",
                  "giving back, when its owner recalls it, the area lent to me in exile "
                  "(s16.0.recall)"),
}


def default_orders() -> dict[str, str]:
    return standing_orders.defaults(ORDERS)


def update(current: Mapping[str, str], given: Any) -> dict[str, str]:
    """Check a ``set`` mapping of new orders and merge it into ``current``."""
    return standing_orders.update(ORDERS, current, given)
