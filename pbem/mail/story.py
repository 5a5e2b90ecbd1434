"""What a message tells its reader: everything that happened since their last move.

A player's pbem answers roll requests, shuffles and the like by itself, and the messages
that carry those answers are tidied away unread — yet a battle rolled in such an answer
is news. So the message that next hands the reader a decision tells every save since the
reader's own last move (not since their pbem's last answer): each save's whole log, and
first the key results the game finds in it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from pbem.chain import MACHINE_STEPS
from pbem.engine import GameModule
from pbem.mail import outbox
from pbem.mail.printable import printable
from pbem.savefile import SaveFile

MAX_TOLD = 40  # saves told in one message; older ones are named, with how to see them


@dataclass
class Story:
    """The saves a message tells (oldest first, ending with the one it carries), and the
    number of the newest save left out by :data:`MAX_TOLD`, if any."""

    saves: list[SaveFile]
    left_out: int | None = None
    key_results: list[str] = field(default_factory=list)

    @property
    def log(self) -> list[str]:
        return [printable(str(line)) for save in self.saves for line in save.doc["log"]]


def is_move(save: SaveFile) -> bool:
    """Whether a person decided this save (not their pbem answering by itself)."""
    return bool(save.actions) and save.actions[0]["do"] not in MACHINE_STEPS


def since_last_move(save: SaveFile, reader: str | None, module: GameModule) -> Story:
    """The saves since ``reader``'s last move up to ``save`` (only ``save`` itself when
    there is no reader, or for a first save), as far as this machine holds them."""
    told = [save]
    left_out = None
    if reader is not None:
        for earlier in outbox.back_from(save):
            if earlier is save:
                continue
            if earlier.writer == reader and is_move(earlier):
                break
            if len(told) >= MAX_TOLD:
                left_out = earlier.sequence
                break
            told.insert(0, earlier)
    story = Story(told, left_out)
    lines = [str(line) for earlier in told for line in earlier.doc["log"]]
    try:
        story.key_results = [printable(str(line)) for line in module.key_results(lines)]
    except Exception:  # a game's bug must not hold up the mail: the log says it all
        story.key_results = []
    return story
