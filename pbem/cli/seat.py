"""Handing an absent seat to a new player: ``pbem take-seat`` (the newcomer),
``pbem agree-seat`` (each other player present), ``pbem release-seat`` (the departing
player, with hidden cards) and ``pbem hand-over`` (the player due)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from pbem import atomic, hand_over, keeping, savefile, seats, verification
from pbem.cli.common import AsName, KeyPath, guarded, me, say
from pbem.cli.root import PLAY, app
from pbem.errors import ChainError, UsageError
from pbem.ledger import Ledger

SaveArg = Annotated[Path, typer.Argument(metavar="SAVE", help="The game's latest save.")]
RequestArg = Annotated[Path, typer.Argument(metavar="REQUEST",
                                            help="The newcomer's seat request.")]
Output = Annotated[Path | None, typer.Option("-o", "--output", help="Where to write.")]


def _write_once(path: Path, data: bytes) -> None:
    if path.exists() or path.is_symlink():
        raise UsageError("a file of that name exists already; nothing written", str(path))
    atomic.write_new(path, data)


@app.command("take-seat", rich_help_panel=PLAY, epilog=(
    "Example: [bold]pbem take-seat 7f3c2a91-0031-red.pbem.yaml blue[/bold]"))
@guarded
def take_seat(
    save_path: SaveArg,
    role: Annotated[str, typer.Argument(help="The absent seat to take over.")],
    name: Annotated[str | None, typer.Option("--name", help="Your name in the game.")] = None,
    output: Output = None,
    as_name: AsName = None,
    key: KeyPath = None,
) -> None:
    """Ask to take over an absent seat: writes your request, signed with your key, for the
    players still in the game (docs/deadlines.md)."""
    prev = savefile.read(save_path)
    local = me(as_name, key)
    try:
        made = seats.request(prev, local, role, name or local.name)
    except ChainError as exc:
        raise UsageError(exc.message, str(save_path)) from None
    path = output or save_path.parent / f"{prev.game_id[:8]}-seat-{role}.pbem-seat.yaml"
    _write_once(path, made.dump())
    say(f"Wrote {path}: {made.name} asks to take over the seat of {role}")
    say("Send it to every player still in the game: each agrees with pbem agree-seat, and "
        "the player whose move it is hands the seat over with pbem hand-over.")


@app.command("agree-seat", rich_help_panel=PLAY, epilog=(
    "Example: [bold]pbem agree-seat 7f3c2a91-0031-red.pbem.yaml "
    "7f3c2a91-seat-blue.pbem-seat.yaml[/bold]"))
@guarded
def agree_seat(
    save_path: SaveArg,
    request_path: RequestArg,
    output: Output = None,
    as_name: AsName = None,
    key: KeyPath = None,
) -> None:
    """Agree that a newcomer takes over an absent seat: writes your signed consent."""
    prev = savefile.read(save_path)
    local = me(as_name, key)
    verification.check(prev, Ledger(local.key.public), [], save_path).commit()
    wanted = seats.read_request(request_path)
    made = seats.consent(prev, local, wanted)
    path = output or save_path.parent / (f"{prev.game_id[:8]}-seat-{wanted.role}-{made.by}"
                                         f".pbem-consent.yaml")
    _write_once(path, made.dump())
    say(f"Wrote {path}: {made.by} agrees that {wanted.name} takes over {wanted.role}")


@app.command("release-seat", rich_help_panel=PLAY, epilog=(
    "Example: [bold]pbem release-seat SAVE 7f3c2a91-seat-blue.pbem-seat.yaml[/bold]"))
@guarded
def release_seat(
    save_path: SaveArg,
    request_path: RequestArg,
    output: Output = None,
    as_name: AsName = None,
    key: KeyPath = None,
) -> None:
    """Give your seat's hidden-card secrets for this game to the newcomer who takes it
    over, sealed to them (only in games with hidden cards; your key is not given)."""
    prev = savefile.read(save_path)
    local = me(as_name, key)
    wanted = seats.read_request(request_path)
    made = seats.release(prev, local, wanted)
    path = output or save_path.parent / (f"{prev.game_id[:8]}-seat-{wanted.role}"
                                         f".pbem-release.yaml")
    _write_once(path, made.dump())
    say(f"Wrote {path}: the secrets of {wanted.role}, sealed to {wanted.name}; send it to "
        f"the player whose move it is, who hands the seat over")


@app.command("hand-over", rich_help_panel=PLAY, epilog=(
    "Example: [bold]pbem hand-over SAVE REQUEST CONSENT...[/bold]"))
@guarded
def hand_over_(
    save_path: SaveArg,
    request_path: RequestArg,
    consent_paths: Annotated[list[Path], typer.Argument(
        metavar="CONSENT...", help="Every other present player's consent.")] = [],  # noqa: B006
    release: Annotated[Path | None, typer.Option(
        "--release", help="With hidden cards: the departing player's release of the seat's "
                          "secrets (pbem release-seat).")] = None,
    output: Output = None,
    as_name: AsName = None,
    key: KeyPath = None,
) -> None:
    """Hand an absent seat to the newcomer (you must be the player whose move it is): the
    next save puts them in the seat."""
    prev = savefile.read(save_path)
    local = me(as_name, key)
    ledger = Ledger(local.key.public)
    checked = verification.check(prev, ledger, [], save_path)
    wanted = seats.read_request(request_path)
    consents = {c.by: c for c in (seats.read_consent(p) for p in consent_paths)}
    given = seats.read_release(release) if release is not None else None
    made = hand_over.make(prev, local, wanted, consents, given)
    path = output or save_path.parent / savefile.file_name(made.game_id, made.sequence,
                                                          made.writer)
    keeping.write(made, path, prev, checked)
    say(checked.line)
    say(f"Wrote {path}")
    for line in made.doc["log"]:
        say(f"  {line}")
    say(f"Send it to every player, {wanted.name} included (pbem send {path}); it is still "
        f"your move.")
