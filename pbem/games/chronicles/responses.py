"""Standing responses of Chronicles: answers a player keeps on her own machine (never in a
save) and her ``pbem watch`` gives, sealed, when the game asks her (pbem/responses.py).

``muster: pass`` answers every second and last muster with an order that places nothing
(sealed like any answer, so nobody learns she passed before the muster opens); ``ask``
(the default) leaves the muster to her. ``season: pass`` places nothing in the season
orders, for a player who will be away."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pbem.errors import UsageError

RESPONSES: dict[str, tuple[str, ...]] = {"muster": ("pass", "ask"), "season": ("pass", "ask")}


def check(given: Mapping[str, Any], where: str) -> None:
    """Refuse a step or a response this game does not take (one line naming it)."""
    for step, rule in given.items():
        allowed = RESPONSES.get(str(step))
        if allowed is None:
            raise UsageError(f"{where}: Chronicles takes standing responses for "
                             f"{', '.join(RESPONSES)}, not {step!r}")
        if rule not in allowed:
            raise UsageError(f"{where}: {step}: {rule!r} is not one of {', '.join(allowed)}")


def respond(step: str, rule: Any) -> dict[str, Any] | None:
    """The order a standing response gives to a question of ``step`` (None: ask)."""
    if step in RESPONSES and rule == "pass":
        return {"do": step}
    return None
