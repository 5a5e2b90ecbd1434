"""What ``pbem apply`` shows without signing: the exact position after the actions
(``--dry-run --json``), which dice of a dry run are stand-ins, and whose local key plays a
role."""

from __future__ import annotations

from typing import Any

from pbem import gameplay, identity, savefile, session
from pbem.cli.common import print_json, say
from pbem.signing import PublicKey


def local_for(save: savefile.SaveFile, role: str) -> identity.LocalIdentity | None:
    return identity.find_local(PublicKey.from_line(save.player(role)["key"]))


def position(module: Any, composer: session.Composer | None,
             last: savefile.SaveFile | None) -> dict[str, Any]:
    """The exact position after the actions, as ``pbem show --json`` gives it to the player
    composing (or, when every save is signed, to the writer of the last one): their own
    hidden cards named."""
    if composer is not None:
        state, due = composer.state, composer.due()
        pending, log = composer.pending, composer.log_lines()
        role: str | None = composer.role
        known = composer.known()
        prompt = composer.prompt(known)
    else:
        assert last is not None
        state, due, pending, log = last.state, last.due, last.pending, last.doc["log"]
        prompt = None
        role = last.writer
        local = local_for(last, role)
        known = gameplay.viewer_knowledge(last.doc, state, role,
                                          local.key if local else None)
    return {"viewer": role, "view": gameplay.view(module, state, role, known), "due": due,
            "pending": pending, "prompt": prompt.to_dict() if prompt else None,
            "outcome": gameplay.outcome(module, state), "log": log}


def stand_in_dice(saves: list[savefile.SaveFile]) -> list[bool]:
    """For each save of a dry run, whether its dice (and what they decide) are stand-ins:
    witnessed dice answer a request keyed by its save's hash, and a request signed only for
    the dry run has a hash its real save will not share, so from the first such request on
    the real rolls differ."""
    out, after_request = [], False
    for save in saves:
        out.append(after_request)
        if save.pending is not None and save.dice_mode == "witnessed":
            after_request = True
    return out


def dry_run(module: Any, saves: list[savefile.SaveFile], open_turn: session.Composer | None,
            as_json: bool) -> None:
    """What ``pbem apply --dry-run`` says: the saves the actions would write and the
    position after them, nothing signed or written."""
    last = saves[-1] if saves else None
    stand_ins = stand_in_dice(saves)
    if as_json:
        print_json({"saves": [{"sequence": s.sequence, "writer": s.writer, "due": s.due,
                               "pending": s.pending, "stand_in_dice": stand_in,
                               "log": s.doc["log"]}
                              for s, stand_in in zip(saves, stand_ins, strict=True)],
                    "stand_in_dice": any(stand_ins),
                    "position": position(module, open_turn, last)})
        return
    say("Dry run: nothing signed or written.")
    for save, stand_in in zip(saves, stand_ins, strict=True):
        say(f"save {save.sequence} by {save.writer}:"
            + (" (stand-in dice: the real rolls will differ)" if stand_in else ""))
        for line in save.doc["log"]:
            say(f"  {line}")
    if open_turn is not None:
        for line in open_turn.log_lines():
            say(f"  {line}")
        prompt = open_turn.prompt()
        if prompt:
            say(f"Now: {prompt.text}")
