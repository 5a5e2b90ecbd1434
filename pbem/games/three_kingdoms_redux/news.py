"""Key results: the lines of a stretch of Redux play a player wants first.

Every log line cites the rule it applies at its end (``(battle.station)``), so the big news
is found by the rule cited, and by what the line says where a rule also writes the quieter
cases: a general stationed at a border location, a state rising to Grand General or taking
the Han emperor token, military VP earned, an enhancement constructed, the end of the game
with each state's score and the winner.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

RULE_CITED = re.compile(r" \(([a-z0-9][a-z0-9.:-]*)\)$")


def _always(text: str) -> bool:
    return True


KEY_RULES: dict[str, Callable[[str], bool]] = {
    "battle.station": lambda text: " stations " in text,
    "action.control-han-emperor": lambda text: " rises to " in text,
    "update.pass-han-emperor": _always,
    "update.military-vp": _always,
    "action.construct": lambda text: " constructs " in text
    and not text.endswith(" constructs nothing"),
    "end.timing": _always,
    "end.winner": _always,
}


def key_results(log: Iterable[str]) -> list[str]:
    """The key results among ``log``, each without its indentation, heading mark or the
    rule it cites: the winner first (the headline of the last save), then in order."""
    out: list[str] = []
    winner: list[str] = []
    for line in log:
        text = str(line).strip().removeprefix("# ")
        cited = RULE_CITED.search(text)
        if cited is None:
            continue
        body = text[:cited.start()]
        wanted = KEY_RULES.get(cited.group(1))
        if wanted is not None and wanted(body):
            last_word = cited.group(1) == "end.winner" and body.endswith(" wins")
            (winner if last_word else out).append(body)
    return winner + out
