"""The unsigned draft of a turn being composed, kept beside the save it answers.

``pbem apply`` and the terminal table share it: a turn is composed action by action and
signed once, where another player must act. A draft holds the actions as composed (and,
from the table, the label each was shown with). Dice made by pbem are made again when the
draft is replayed (the same, since the actions are); only dice typed in at the table
(table dice) are read back, as plain values. Sealed choices stay sealed: a draft holds
their handles, never their values. Notes given with a turn that goes on (``pbem apply
--note``) wait in the draft, as written, until the save that ends the turn seals them.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pbem import strict_yaml
from pbem.atomic import write_replace
from pbem.errors import PbemError

SUFFIX = ".draft.yaml"
FORMAT = "pbem-draft/1"


@dataclass
class Draft:
    """The actions composed so far, as they can be given again, their labels, and the
    notes (recipient role, text) waiting for the save that ends the turn."""

    actions: list[dict[str, Any]]
    labels: list[str] = field(default_factory=list)
    notes: list[tuple[str, str]] = field(default_factory=list)

    def label(self, index: int, action: dict[str, Any]) -> str:
        if index < len(self.labels):
            return self.labels[index]
        return str(action.get("do", "?"))


def draft_path(save_path: Path) -> Path:
    """Where the draft answering ``save_path`` lives."""
    return save_path.with_name(save_path.name + SUFFIX)


def write(path: Path, previous: str, role: str, actions: list[dict[str, Any]],
          labels: list[str] | None = None,
          notes: list[tuple[str, str]] | None = None) -> None:
    """Replace the draft atomically with the actions composed so far (and the notes to
    seal when the turn's save is signed)."""
    doc: dict[str, Any] = {"draft": FORMAT, "previous": previous, "role": role,
                           "actions": [dict(a) for a in actions]}
    if labels:
        doc["labels"] = [str(label) for label in labels]
    if notes:
        doc["notes"] = [{"to": str(to), "text": str(text)} for to, text in notes]
    write_replace(path, strict_yaml.dump(doc).encode("utf-8"))


def as_given(action: dict[str, Any]) -> dict[str, Any]:
    """An action of a draft as it can be given again: no reveals (pbem makes them), dice
    as the values typed (a roll's record keeps its value)."""
    out = {k: v for k, v in action.items() if k != "reveals"}
    if isinstance(out.get("dice"), list):
        out["dice"] = [r["d"] if isinstance(r, dict) and "d" in r else r for r in out["dice"]]
    return out


def load(path: Path, previous: str, role: str) -> Draft | None:
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
    actions = [as_given(a) for a in doc["actions"]
               if isinstance(a, dict) and isinstance(a.get("do"), str)]
    labels = doc.get("labels")
    labels = [str(x) for x in labels] if isinstance(labels, list) else []
    notes = _notes(doc.get("notes"))
    return Draft(actions, labels, notes) if actions or notes else None


def _notes(value: Any) -> list[tuple[str, str]]:
    """The notes a draft keeps: ``[{to: ROLE, text: TEXT}, ...]`` (anything else: none)."""
    if not isinstance(value, list):
        return []
    return [(item["to"], item["text"]) for item in value
            if isinstance(item, dict) and isinstance(item.get("to"), str)
            and isinstance(item.get("text"), str)]


def read(path: Path, previous: str, role: str) -> list[dict[str, Any]] | None:
    """The draft's actions if it answers this save for this role, else ``None``."""
    draft = load(path, previous, role)
    return draft.actions if draft else None


def remove(path: Path) -> None:
    with contextlib.suppress(OSError):
        path.unlink()
