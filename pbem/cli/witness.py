"""``pbem witness``: answering what needs no decision (a roll request, a joint shuffle,
one's part of the hidden cards another player reads first, the audit)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from pbem import (
    answering,
    atomic,
    keeping,
    savefile,
    shares_ahead,
    store,
    verification,
    witness_answers,
)
from pbem.cli.common import AsName, KeyPath, explicit_identity, guarded, me, say
from pbem.cli.root import PLAY, app
from pbem.cli.turn_view import local_for
from pbem.errors import IllegalAction, NotYourTurn, UsageError
from pbem.ledger import Ledger


@app.command(rich_help_panel=PLAY, epilog=(
    "Example: [bold]pbem witness 7f3c2a91-0013-blue.pbem.yaml[/bold]\n\n"
    "pbem inbox and pbem watch do this by themselves; it needs no decision."))
@guarded
def witness(
    save_path: Annotated[Path, typer.Argument(metavar="SAVE", help="The roll request.")],
    output: Annotated[Path | None, typer.Option("-o", "--output", help="Where to write.")] = None,
    as_name: AsName = None,
    key: KeyPath = None,
) -> None:
    """Answer what needs no decision: a roll request (reveal your next dice link), a joint
    shuffle, your part of the hidden cards another player reads first, or the audit of
    hidden cards; where none is asked, your shares of the cards the others hold, in a file
    to send to every player so each reads hers at once."""
    prev = savefile.read(save_path)
    if witness_answers.is_request(prev):
        _answer_side_by_side(prev, save_path, output, as_name, key)
        return
    if prev.due is None or prev.due["step"] not in answering.AUTOMATIC:
        if _share_ahead(prev, save_path, as_name, key):
            return
        raise UsageError("this save does not ask for an answer that needs no decision, "
                         "and you owe no share of the cards the others hold",
                         str(save_path))
    local = me(as_name, key) if explicit_identity(as_name, key) else (
        local_for(prev, prev.due["role"]) or me(None, None))
    ledger = Ledger(local.key.public)
    checked = verification.check(prev, ledger, [], save_path)
    if moved := ledger.already_moved(prev, prev.due["role"]):
        raise IllegalAction(f"you already answered this request (kept in {moved})",
                            where=str(save_path))
    answer = answering.AUTOMATIC[prev.due["step"]](prev, local)
    path = output or save_path.parent / savefile.file_name(answer.game_id, answer.sequence,
                                                          answer.writer)
    keeping.write(answer, path, prev, checked)
    say(checked.line)
    say(f"Wrote {path}")
    for line in answer.doc["log"]:
        say(f"  {line}")
    if answer.due is not None:
        say(f"Next: {answer.player(answer.due['role'])['name']} ({answer.due['role']}) - "
            f"{answer.due['text']}")


def _answer_side_by_side(prev: savefile.SaveFile, save_path: Path, output: Path | None,
                         as_name: str | None, key: Path | None) -> None:
    """A witness's answer to a request answered side by side: a small signed file."""
    order = witness_answers.witnesses_of(prev)
    if explicit_identity(as_name, key):
        local = me(as_name, key)
    else:
        here = [found for role in order if (found := local_for(prev, role)) is not None]
        local = here[0] if here else me(None, None)
    role = prev.role_of(local.key.public)
    if role not in order:
        raise NotYourTurn(f"this request is answered by {', '.join(order)}; you play "
                          f"{role or 'no role in this game'}", where=str(save_path))
    ledger = Ledger(local.key.public)
    checked = verification.check(prev, ledger, [], save_path)
    checked.commit()
    made = witness_answers.make(prev, local, role)
    ledger.reveal_once(prev.game_id, role, made.used, prev.sha256)
    path = output or save_path.parent / witness_answers.file_name(made.game_id,
                                                                   made.sequence, role)
    witness_answers.keep(made, store.game_folder(prev.game_id))
    if not (path.is_file() and path.read_bytes() == made.dump()):
        atomic.write_new(path, made.dump())
    say(checked.line)
    say(f"Wrote {path}")
    actor = prev.player(str(prev.pending["by"]))["name"] if prev.pending else "?"
    say(f"  your next dice link, answering {actor}'s request side by side with the other "
        f"witnesses; send it to every player (pbem send {path})")


def _share_ahead(prev: savefile.SaveFile, save_path: Path, as_name: str | None,
                 key: Path | None) -> bool:
    """Where nothing else is asked: your shares of the cards the others hold, given ahead
    in a file beside the save (pbem/shares_ahead.py); False when you owe none."""
    if explicit_identity(as_name, key):
        candidates = [me(as_name, key)]
    else:
        candidates = [found for p in prev.players
                      if (found := local_for(prev, str(p["role"]))) is not None]
    owing = [local for local in candidates
             if shares_ahead.owed(prev, str(prev.role_of(local.key.public)))]
    if not owing:
        return False
    local = owing[0]
    role = str(prev.role_of(local.key.public))
    checked = verification.check(prev, Ledger(local.key.public), [], save_path)
    checked.commit()
    folders = [store.game_folder(prev.game_id), save_path.resolve().parent]
    made = shares_ahead.make(prev, local.key, role,
                             shares_ahead.given_by(prev.game_id, role, folders))
    say(checked.line)
    if made is None:
        say(f"  your shares of the cards the others hold after save {prev.sequence} were "
            f"given already")
        return True
    shares_ahead.keep(made, store.game_folder(prev.game_id))
    path = shares_ahead.keep(made, save_path.resolve().parent)
    say(f"Wrote {path}")
    say(f"  your part of {len(made.shares)} face-down cards the others hold, so each reads "
        f"her own before your next save; send it to every player (pbem send {path})")
    return True
