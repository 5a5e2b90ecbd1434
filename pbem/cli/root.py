"""The ``pbem`` Typer application and its help panels; command modules add to it."""

from __future__ import annotations

from pbem.cli.common import AsName, KeyPath, set_global_identity
from pbem.cli.helptext import PbemTyper

app = PbemTyper(
    name="pbem",
    help="Play Three Kingdoms board wargames by e-mail: signed, chained saves, fair dice, "
         "every rule enforced.",
    no_args_is_help=True,
    rich_markup_mode="rich",
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)

IDENTITY = "Identity"
PLAY = "Games"
CHECK = "Checking"


@app.callback()
def _global(as_name: AsName = None, key: KeyPath = None) -> None:
    """Play Three Kingdoms board wargames by e-mail: signed, chained saves, fair dice, every
    rule enforced. Exit codes: docs/exit-codes.md."""
    set_global_identity(as_name, key)
