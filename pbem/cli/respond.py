"""``pbem respond``: a player's standing responses, kept on her own machine (never in a
save), that answer questions put to her while another player acts (pbem/responses.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from pbem import games, plans, responses, savefile, strict_yaml
from pbem.cli.common import AsName, KeyPath, guarded, me, say
from pbem.cli.root import PLAY, app
from pbem.errors import UsageError


@app.command(rich_help_panel=PLAY, epilog=(
    "Examples: [bold]pbem respond SAVE[/bold] (show them) · "
    "[bold]pbem respond SAVE --file responses.yaml[/bold] · "
    "[bold]pbem respond SAVE --clear[/bold]"))
@guarded
def respond(
    save_path: Annotated[Path, typer.Argument(metavar="SAVE")],
    file: Annotated[Path | None, typer.Option(
        "--file", metavar="FILE", help="Set this game's standing responses from a YAML file "
                                       "(docs/standing-orders.md, \"Standing responses\").")
    ] = None,
    clear: Annotated[bool, typer.Option("--clear", help="Forget them: ask me again.")] = False,
    as_name: AsName = None,
    key: KeyPath = None,
) -> None:
    """Show or set your standing responses for a game: answers your pbem gives unattended,
    kept on this machine only, to questions put to you while another player acts."""
    save = savefile.read(save_path)
    local = me(as_name, key)
    if save.role_of(local.key.public) is None:
        raise UsageError("you are not a player of this game", str(save_path))
    module = games.get(save.kind)
    if clear:
        responses.forget(save.game_id)
        plans.forget(save.game_id)
        left = module.default_responses(save.game.get("options") or {})
        say("Standing responses and plan cleared: you are asked again"
            + (f", but for the game's defaults ({', '.join(left)})." if left else "."))
        return
    if file is not None:
        try:
            raw = file.read_bytes()
        except OSError as exc:
            raise UsageError(f"cannot read {file}: {exc.strerror}") from None
        given = strict_yaml.load(strict_yaml.decode(raw, str(file)), str(file))
        path = responses.store(module, save, given, str(file))
        say(f"Standing responses kept in {path} (this machine only).")
        return
    current = responses.load(save.game_id)
    defaults = module.default_responses(save.game.get("options") or {})
    planned = plans.words(save.game_id)
    if planned:
        say(f"Plan: {planned}")
    if not current and not defaults:
        say("No standing responses for this game: you are asked every question.")
        return
    if current:
        say(strict_yaml.dump(current).rstrip())
    unset = {step: rule for step, rule in defaults.items() if step not in current}
    if unset:
        say("The game's defaults answer these for you (set a step yourself to change it):")
        say(strict_yaml.dump(unset).rstrip())
    if not current:
        say("Every other question is put to you.")
