"""The footer: the keys that work now, described in the table's language."""

from __future__ import annotations

from typing import Any

from textual.widgets import Footer
from textual.widgets._footer import FooterKey

from tui.i18n import tr


class TableFooter(Footer):
    """Textual's footer with each key's description translated."""

    def compose(self) -> Any:
        lang = getattr(self.app, "lang", "en")
        for widget in super().compose():
            if isinstance(widget, FooterKey) and lang != "en":
                widget.description = tr(widget.description, lang)
            yield widget

    def refresh_keys(self) -> None:
        """Draw again after a change of language (as after any change of the keys)."""
        self.screen.refresh_bindings()
