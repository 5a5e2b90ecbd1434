"""``pbem claim``: say that the deadline of the answer a save waits for has passed."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from pbem import absence, answering, deadlines, keeping, savefile, verification
from pbem.cli.common import AsName, KeyPath, guarded, me, print_json, say
from pbem.cli.root import PLAY, app
from pbem.errors import IllegalAction, WriteError
from pbem.ledger import Ledger


@app.command(rich_help_panel=PLAY, epilog=(
    "Example: [bold]pbem claim 7f3c2a91-0013-blue.pbem.yaml[/bold]\n\n"
    "Possible once the game's deadline and its grace have passed (pbem show tells when)."))
@guarded
def claim(
    save_path: Annotated[Path, typer.Argument(metavar="SAVE",
                                              help="The latest save, which waits for a "
                                                   "player who has not answered.")],
    output: Annotated[Path | None, typer.Option("-o", "--output", help="Where to write.")] = None,
    dry_run: Annotated[bool, typer.Option(
        "--dry-run", help="Show what the claim would decide; sign and write nothing.")] = False,
    as_json: Annotated[bool, typer.Option("--json", help="With --dry-run: as JSON.")] = False,
    absent: Annotated[bool, typer.Option(
        "--absent", help="Make the seat absent even where the game lets the missing answer "
                         "lapse (to hand the seat to a newcomer, say).")] = False,
    as_name: AsName = None,
    key: KeyPath = None,
) -> None:
    """Claim that a player did not answer by the deadline: the game's default stands for the
    missing answer. Where the game lets that answer lapse (a sealed order, say) the seat
    stays at the table; otherwise, or with --absent, the defaults decide for the seat from
    now on (docs/deadlines.md)."""
    prev = savefile.read(save_path)
    local = me(as_name, key)
    ledger = Ledger(local.key.public)
    checked = verification.check(prev, ledger, [], save_path)
    role = prev.role_of(local.key.public)
    if role is not None and (moved := ledger.already_moved(prev, role)):
        raise IllegalAction(f"you already signed a save on this one (kept in {moved})",
                            where=str(save_path))
    made = answering.claim(prev, local, absent=absent)
    if dry_run:
        _show(made, as_json)
        return
    path = output or save_path.parent / savefile.file_name(made.game_id, made.sequence,
                                                          made.writer)
    if path.exists() or path.is_symlink():
        raise WriteError("a file of that name exists already; nothing written", str(path))
    checked.commit()
    ledger.intend(prev, made)  # before any write: this player never signs a second claim
    keeping.write(made, path, prev)
    say(checked.line)
    say(f"Wrote {path}")
    _show(made, False)
    say("Send it to every player (pbem send); a late answer that arrives now is kept as "
        "evidence.")


def _show(made: savefile.SaveFile, as_json: bool) -> None:
    if as_json:
        print_json({"sequence": made.sequence, "writer": made.writer, "due": made.due,
                    "pending": made.pending, "absent": absence.absent(made.state),
                    "lapses": absence.lapses(made.state),
                    "written": made.written, "log": made.doc["log"]})
        return
    for line in made.doc["log"]:
        say(f"  {line}")
    if made.due is not None:
        clock = deadlines.clock(made.game, made.written)
        when = f" (due by {deadlines.stamp_of(clock.due)})" if clock else ""
        say(f"Next: {made.player(made.due['role'])['name']} ({made.due['role']}) - "
            f"{made.due['text']}{when}")
    else:
        say("The game is over.")
