"""The project's own short summaries of the rules (data/summaries.yaml), for help panes."""

from __future__ import annotations

import functools

from pbem import strict_yaml
from pbem.games.three_kingdoms_redux.catalog import DATA_DIR


@functools.cache
def _summaries() -> dict[str, str]:
    text = (DATA_DIR / "summaries.yaml").read_text(encoding="utf-8")
    return {str(k): str(v) for k, v in strict_yaml.load(text, "summaries.yaml").items()}


def lookup(rule: str | None) -> str:
    """The summary for a clause id, by its longest known leading part."""
    if not rule:
        return ""
    known = _summaries()
    parts = rule.split(".")
    for end in range(len(parts), 0, -1):
        key = ".".join(parts[:end])
        if key in known:
            return known[key]
    return ""
