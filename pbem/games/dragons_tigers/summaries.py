"""The project's own short summaries of the rules, by section, for help panes.

The summaries live in data/summaries.yaml, written in the project's own words (the
rulebook's text is not ours to ship); each names its section.
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

from pbem import strict_yaml

_FILE = Path(__file__).resolve().parent / "data" / "summaries.yaml"


@functools.cache
def _all() -> dict[str, str]:
    if not _FILE.exists():
        return {}
    data = strict_yaml.load(_FILE.read_bytes(), _FILE.name)
    return {str(k): str(v) for k, v in (data or {}).items()}


def lookup(rule: str | None) -> str:
    """The summary for ``rule`` (e.g. ``4.5(B)``), else for its section (``4.5``, ``4``)."""
    if not rule:
        return ""
    table = _all()
    key = rule
    while key:
        if key in table:
            return f"{key}: {table[key]}"
        trimmed = re.sub(r"\([^)]*\)$", "", key)
        if trimmed != key:
            key = trimmed
        elif "." in key:
            key = key.rsplit(".", 1)[0]
        else:
            break
    return ""
