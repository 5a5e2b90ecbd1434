"""Why a save opened read-only: whose it is, what to do, and where a newer save is."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol

from pbem import store
from pbem.chain import JOIN
from pbem.engine import GameModule
from pbem.identity import LocalIdentity
from pbem.savefile import SUFFIX, SaveFile
from tui.i18n import tr

TEXTS = {
    "review": "Opened with pbem review: nothing is played here.",
    "review-yours": "Opened with pbem review: nothing is played here. The save is yours to "
                    "play: pbem play {file}",
    "over": "The game is over: nothing more can be played. ← → and PgUp/PgDn look back "
            "through it.",
    "identity": "Read-only until you say who you are: {error}. For example: "
                "pbem play {file} --as NAME",
    "stranger": "Not your game: it is played by {players}, and no identity of yours here "
                "({me}) is one of them.",
    "join": "This game waits for {owner} to join it: {owner} runs pbem join {file}.",
    "waiting": "Not your turn: this save is for {owner} ({owner_role}): {text}. You are "
               "{me} ({my_role}): send it to {owner} if you have not, then wait for the "
               "answer.",
    "moved": "You ({me}) already answered this save: your answer is {answer}. Playing it "
             "again would fork the game.",
    "failed": "The save did not pass the checks (above): settle it with your opponent "
              "before anyone plays on.",
    "newer": "Newer save here: pbem play {newer}",
}


class OpenedSave(Protocol):
    """What :func:`why_read_only` reads of a save opened at the table
    (:class:`tui.opening.Opened`)."""

    path: Path
    save: SaveFile
    module: GameModule
    ok: bool
    me: LocalIdentity | None
    role: str | None
    review: bool
    read_only: ReadOnly | None


class ReadOnly:
    """A reason (one of :data:`TEXTS`), the values it names and the newest save found."""

    def __init__(self, kind: str, newer: tuple[int, Path] | None = None,
                 **values: Any) -> None:
        self.kind, self.values = kind, values
        self.newer_sequence, self.newer = newer if newer else (0, None)

    def text(self, lang: str = "en") -> str:
        out = tr(TEXTS[self.kind], lang, **self.values)
        if self.newer is not None:
            out += " " + tr(TEXTS["newer"], lang, newer=self.newer)
        return out


def later_saves(save: SaveFile, path: Path) -> list[tuple[int, Path]]:
    """Saves of the same game after ``save``, by sequence: beside it first, then the
    local store (found by their conventional names)."""
    found: dict[int, Path] = {}
    for folder in (path.resolve().parent, store.game_folder(save.game_id)):
        if not folder.is_dir():
            continue
        for candidate in sorted(folder.glob(f"{save.game_id[:8]}-*{SUFFIX}")):
            parts = candidate.name.split("-")
            if len(parts) >= 3 and parts[1].isdigit() and int(parts[1]) > save.sequence:
                found.setdefault(int(parts[1]), candidate)
    return sorted(found.items())


def _display(path: Path) -> Path:
    """A path as short as it can be said: relative to here when it is below here."""
    try:
        return path.resolve().relative_to(Path.cwd())
    except ValueError:
        return path


def why_read_only(opened: OpenedSave, moved: str | None = None) -> ReadOnly | None:
    """The reason ``opened`` cannot be played, or ``None`` when it can."""
    save, me, role = opened.save, opened.me, opened.role
    module = opened.module
    later = later_saves(save, opened.path)
    newest = (later[-1][0], _display(later[-1][1])) if later else None
    file = _display(opened.path)
    if not opened.ok:
        return ReadOnly("failed")
    if save.due is None:
        return ReadOnly("over", newest)
    due_role = save.due["role"]
    owner = save.player(due_role)["name"]
    if moved is not None:
        answer = next((str(_display(p)) for seq, p in later if seq == save.sequence + 1),
                      f"save {save.sequence + 1}")
        return ReadOnly("moved", newest, me=me.name if me else "?", answer=answer)
    if opened.review:
        if role is not None and role == due_role and save.due["step"] != JOIN and not later:
            return ReadOnly("review-yours", file=file)
        return ReadOnly("review", newest)
    if me is None:
        return opened.read_only or ReadOnly("identity", error="no identity here", file=file)
    if role is None:
        return ReadOnly("stranger", newest, me=me.name,
                        players=", ".join(p["name"] for p in save.players))
    if save.due["step"] == JOIN:
        return ReadOnly("join", newest, owner=owner, file=file)
    if role != due_role:
        return ReadOnly("waiting", newest, owner=owner, owner_role=module.role_label(due_role),
                        text=save.due["text"], me=me.name, my_role=module.role_label(role))
    return None
