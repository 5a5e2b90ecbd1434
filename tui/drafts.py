"""The unsigned draft of a turn being composed, kept beside the save it answers."""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pbem import strict_yaml
from pbem.atomic import write_replace
from pbem.errors import PbemError

SUFFIX = ".draft.yaml"


@dataclass
class Draft:
    """The actions composed so far, and the label each was shown with."""

    actions: list[dict[str, Any]]
    labels: list[str] = field(default_factory=list)

    def label(self, index: int, action: dict[str, Any]) -> str:
        if index < len(self.labels):
            return self.labels[index]
        return str(action.get("do", "?"))


def draft_path(save_path: Path) -> Path:
    """Where the draft answering ``save_path`` lives."""
    return save_path.with_name(save_path.name + SUFFIX)


def write(path: Path, previous: str, role: str, actions: list[dict[str, Any]],
          labels: list[str] | None = None) -> None:
    """Replace the draft atomically with the actions composed so far."""
    doc: dict[str, Any] = {"draft": "pbem-draft/1", "previous": previous, "role": role,
                           "actions": [dict(a) for a in actions]}
    if labels:
        doc["labels"] = list(labels)
    write_replace(path, strict_yaml.dump(doc).encode("utf-8"))


def read(path: Path, previous: str, role: str) -> Draft | None:
    """The draft if it answers this save for this role, else ``None``."""
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
    labels = doc.get("labels")
    labels = [str(x) for x in labels] if isinstance(labels, list) else []
    return Draft(actions, labels) if actions else None


def remove(path: Path) -> None:
    with contextlib.suppress(OSError):
        path.unlink()
