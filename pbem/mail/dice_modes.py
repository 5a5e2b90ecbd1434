"""How a game's dice are made, in the words every mail line uses: the subject, the body,
each inbox and watch line (witnessed, open, or TABLE DICE typed in by the players)."""

from __future__ import annotations

from pbem.savefile import SaveFile

SHORT = {"witnessed": "witnessed dice", "open": "open dice", "table": "TABLE DICE"}
LONG = {
    "witnessed": "witnessed dice: each roll is made from the other players' answers, "
                 "after the mover committed to it",
    "open": "open dice: each mover saw their own dice while composing",
    "table": "TABLE DICE: the players type this game's dice, pbem does not roll them",
}


def mode_of(save: SaveFile) -> str | None:
    """The save's dice mode, or ``None`` when it cannot be read (a damaged save)."""
    try:
        mode = save.dice_mode
    except Exception:  # a save without a readable dice mode says nothing about its dice
        return None
    return mode if mode in SHORT else None


def short(save: SaveFile) -> str:
    """``witnessed dice``, ``open dice`` or ``TABLE DICE`` (empty when unknown)."""
    mode = mode_of(save)
    return SHORT[mode] if mode else ""
