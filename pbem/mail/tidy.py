"""Moving the messages that needed nobody out of the way (``pbem watch --tidy``).

A roll request and its witness answers are written and read by pbem alone: once such a
message is handled, a person has nothing to do with it. ``pbem watch`` moves it into a
folder of its own (``pbem`` unless told otherwise), created when missing, so the inbox
keeps only what a person may want to read. With ``everything`` (``--tidy-all``), every
other pbem message that asks nothing of this player goes there too: a copy of a move
another player must answer, a shuffle or an audit step, an old save, the end of a game.
A message stays where it is when anything in it was refused, waits for earlier saves, is
not a save (a note, a picture other than the map), or hands this player a decision.
"""

from __future__ import annotations

from pbem.chain import ANSWERS, AUDIT, SHUFFLE, WITNESS
from pbem.mail.imap import Folder
from pbem.mail.inbox import Handled
from pbem.savefile import SaveFile
from pbem.signing import PublicKey

FOLDER = "pbem"
HANDLED = ("filed", "known", "old")


def machine_made(save: SaveFile) -> bool:
    """A roll request (waiting for a witness) or a witness's answer."""
    request = save.due is not None and save.due["step"] in (WITNESS, ANSWERS)
    answer = bool(save.actions) and (save.actions[0]["do"] == WITNESS
                                     or "answers" in save.actions[0])
    return request or answer


def asks_me(save: SaveFile, me: PublicKey) -> bool:
    """True when ``save`` leaves a decision to the player with key ``me``: their move, an
    invitation to join, carrying on after the others' answers (not a step their pbem takes
    by itself: answering a roll, shuffling, opening secrets for the audit)."""
    due = save.due
    return (due is not None and due["step"] not in (WITNESS, SHUFFLE, AUDIT)
            and due["role"] == save.role_of(me))


def needs_no_person(message: Handled, me: PublicKey, everything: bool = False) -> bool:
    """True for a message whose saves were all handled, none of them leaving a decision
    to the player with key ``me``, and all made by pbem itself (or, with ``everything``,
    any pbem message that asks nothing of this player; an old save asks nothing)."""
    if message.uid is None or message.refused or message.other_attachments:
        return False
    if not message.results:
        return False
    for result in message.results:
        save = result.save
        if result.answer and result.kind in HANDLED:
            continue  # a witness answer given side by side: for pbem only
        if result.kind not in HANDLED or save is None:
            return False
        if everything:
            if result.kind != "old" and asks_me(save, me):
                return False
            continue
        if not machine_made(save) or asks_me(save, me):
            return False
    return True


class Tidier:
    """Moves handled messages that needed no one (machine messages only, or with
    ``everything`` every pbem message that asks nothing of the player) of one folder into
    ``target`` (created once)."""

    def __init__(self, me: PublicKey, target: str = FOLDER, everything: bool = False) -> None:
        self.me = me
        self.target = target
        self.everything = everything
        self.offered: set[str] | None = None
        self.ready = False

    def tidy(self, folder: Folder, messages: list[Handled]) -> str | None:
        """Move what needed nobody; a line saying what was done, or ``None``."""
        uids = [m.uid for m in messages
                if m.uid is not None and needs_no_person(m, self.me, self.everything)]
        if not uids:
            return None
        if self.offered is None:
            self.offered = folder.capabilities()
        created = ""
        if not self.ready:
            if folder.ensure_folder(self.target):
                created = f" (the folder {self.target!r} was created)"
            self.ready = True
        count = f"{len(uids)} message{'s' if len(uids) != 1 else ''}"
        if folder.move(uids, self.target, self.offered):
            how = f"moved to {self.target!r}"
        else:
            how = (f"copied to {self.target!r} and marked deleted here (the server cannot "
                   f"move them; your mail program removes them)")
        return f"{'tidied':<12} {count} that needed no one: {how}{created}"
