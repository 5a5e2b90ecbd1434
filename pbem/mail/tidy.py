"""Moving the messages that needed nobody out of the way (``pbem watch --tidy``).

A roll request and its witness answers are written and read by pbem alone: once such a
message is handled, a person has nothing to do with it. ``pbem watch`` moves it into a
folder of its own (``pbem`` unless told otherwise), created when missing, so the inbox
keeps only what a person may want to read. A message stays where it is when anything in
it was refused, waits for earlier saves, is not a save (a note, a picture other than the
map), or hands this player a decision.
"""

from __future__ import annotations

from pbem.chain import WITNESS
from pbem.mail.imap import Folder
from pbem.mail.inbox import Handled
from pbem.savefile import SaveFile
from pbem.signing import PublicKey

FOLDER = "pbem"
HANDLED = ("filed", "known", "old")


def machine_made(save: SaveFile) -> bool:
    """A roll request (waiting for a witness) or a witness's answer."""
    request = save.due is not None and save.due["step"] == WITNESS
    answer = bool(save.actions) and save.actions[0]["do"] == WITNESS
    return request or answer


def needs_no_person(message: Handled, me: PublicKey) -> bool:
    """True for a message whose saves were all handled and all made by pbem itself, none
    of them leaving a decision to the player with key ``me``."""
    if message.uid is None or message.refused or message.other_attachments:
        return False
    if not message.results:
        return False
    for result in message.results:
        save = result.save
        if result.kind not in HANDLED or save is None or not machine_made(save):
            return False
        due = save.due
        if due is not None and due["step"] != WITNESS and due["role"] == save.role_of(me):
            return False
    return True


class Tidier:
    """Moves handled machine messages of one folder into ``target`` (created once)."""

    def __init__(self, me: PublicKey, target: str = FOLDER) -> None:
        self.me = me
        self.target = target
        self.offered: set[str] | None = None
        self.ready = False

    def tidy(self, folder: Folder, messages: list[Handled]) -> str | None:
        """Move what needed nobody; a line saying what was done, or ``None``."""
        uids = [m.uid for m in messages if m.uid is not None and needs_no_person(m, self.me)]
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
