"""Starting the table from the command line."""

from __future__ import annotations

from pathlib import Path

from tui.app import TableApp
from tui.opening import open_save


def make_app(path: Path, review: bool = False, lang: str = "en", as_name: str | None = None,
             key: str | None = None, earlier: list[Path] | None = None,
             defer: bool = False, again: str = "") -> TableApp:
    """The app for ``path``: verified first, or with ``defer`` verified by the app in the
    background while the position is already on screen (nothing can be played before).

    Raises PbemError, before any table opens, when ``path`` is not a save pbem can open."""
    opened = open_save(Path(path), review=review, as_name=as_name, key=key, earlier=earlier,
                       defer=defer)
    return TableApp(opened, lang=lang, again=again)


def run(path: Path, review: bool = False, lang: str = "en", as_name: str | None = None,
        key: str | None = None, earlier: list[Path] | None = None,
        again: str = "") -> str | None:
    """Open the table on ``path`` until the player quits; return what to tell them then
    (where their draft or the last save written is; ``again`` says how to come back)."""
    return make_app(path, review, lang, as_name, key, earlier, defer=True, again=again).run()
