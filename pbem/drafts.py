"""The unsigned draft of a turn being composed, kept beside the save it answers.

``pbem apply`` and the terminal table share it: a turn is composed action by action and
signed once, where another player must act. A draft holds actions only — never dice,
which are made again when the draft is replayed (the same, since the actions are).
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

from pbem import strict_yaml
from pbem.atomic import write_replace
from pbem.errors import PbemError

SUFFIX = ".draft.yaml"
FORMAT = "pbem-draft/1"


def draft_path(save_path: Path) -> Path:
    """Where the draft answering ``save_path`` lives."""
    return save_path.with_name(save_path.name + SUFFIX)


def write(path: Path, previous: str, role: str, actions: list[dict[str, Any]]) -> None:
    """Replace the draft atomically with the actions composed so far."""
    doc = {"draft": FORMAT, "previous": previous, "role": role,
           "actions": [dict(a) for a in actions]}
    write_replace(path, strict_yaml.dump(doc).encode("utf-8"))


def read(path: Path, previous: str, role: str) -> list[dict[str, Any]] | None:
    """The draft's actions if it answers this save for this role, else ``None``."""
    if not path.is_file():
        return None
    try:
        doc = strict_yaml.load(path.read_bytes(), str(path))
    except (OSError, PbemError):
        return None
    if (not isinstance(doc, dict) or doc.get("previous") != previous
            or doc.get("role") != role or not isinstance(doc.get("actions"), list)):
        return None
    actions = [a for a in doc["actions"] if isinstance(a, dict) and isinstance(a.get("do"), str)]
    return actions or None


def remove(path: Path) -> None:
    with contextlib.suppress(OSError):
        path.unlink()
