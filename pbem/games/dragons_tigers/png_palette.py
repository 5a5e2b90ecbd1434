"""The colours of the map picture, chosen to be told apart, also by colour-blind players.

The data names each kingdom's and faction's colour in plain words (``colour_name`` in
kingdoms.yaml and factions.yaml). The picture draws each named colour in a shade from the
Okabe–Ito palette (made for readers with colour-vision deficiencies), with a few shades
added to reach twelve kingdoms, tuned so that every pair stays apart under simulated
deuteranopia and protanopia (tests/mail/test_png_palette.py). A colour name the palette
does not know is drawn in the data's own colour.

Colour is never the only sign: each area also names its kingdom, and factions are told by
the frame around their areas and their names in the legend.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pbem.games.dragons_tigers.catalog import load_catalog

# Kingdom colours by the data's colour name.
KINGDOM_SHADES = {
    "blue": "#0072b2",        # Okabe–Ito blue
    "green": "#009e73",       # Okabe–Ito bluish green
    "red": "#d55e00",         # Okabe–Ito vermillion
    "gold": "#f0e442",        # Okabe–Ito yellow
    "cyan": "#56b4e9",        # Okabe–Ito sky blue
    "orange": "#e69f00",      # Okabe–Ito orange
    "pink": "#cc79a7",        # Okabe–Ito reddish purple
    "purple": "#6644cc",
    "brown": "#884422",
    "black": "#1a1a1a",
    "dark grey": "#505050",
    "light grey": "#c0c0c0",
}
# Faction colours (drawn as the frame of their areas) by the data's colour name.
FACTION_SHADES = {
    "azure": "#1f4fbf",
    "white": "#ffffff",
    "vermilion": "#e0301e",
    "black": "#111111",
}
PAPER = "#efe6cc"          # the background
UNHELD = "#f8f5ec"         # an area no kingdom controls
INK = "#1d1a16"            # text on light colours
LIGHT_INK = "#ffffff"      # text on dark colours
OUTLINE = "#4a4033"        # box outlines, hairlines
RIVER = "#2a6fd6"
RIVER_EDGE = "#0b3d91"
MOUNTAIN = "#8a5a2b"
PLAIN = "#8c8c8c"
EMPEROR = "#b8860b"
MOVE = "#111111"
MOVE_EDGE = "#ffffff"
BATTLE = "#d7191c"


def rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def hex_of(values: tuple[float, float, float]) -> str:
    return "#" + "".join(f"{max(0, min(255, round(v))):02x}" for v in values)


def tint(colour: str, share: float) -> str:
    """``colour`` mixed with white: ``share`` of the colour, the rest white."""
    return hex_of(tuple(255 - (255 - c) * share for c in rgb(colour)))  # type: ignore[arg-type]


def luminance(colour: str) -> float:
    r, g, b = rgb(colour)
    return 0.299 * r + 0.587 * g + 0.114 * b


def ink_on(colour: str) -> str:
    """Dark or white text, whichever reads better on ``colour``."""
    return INK if luminance(colour) > 150 else LIGHT_INK


def kingdom_colours(view: Mapping[str, Any]) -> dict[str, str]:
    """Each kingdom of the view: the colour the picture fills its areas with."""
    cat = load_catalog()
    out = {}
    for kingdom in view.get("kingdoms", []):
        info = cat.kingdoms.get(kingdom["id"])
        name = info.colour_name if info else ""
        out[kingdom["id"]] = KINGDOM_SHADES.get(name, str(kingdom.get("colour") or UNHELD))
    return out


def faction_colours(view: Mapping[str, Any]) -> dict[str, str]:
    """Each player's faction: the colour of the frame around its areas."""
    cat = load_catalog()
    out = {}
    for player in view.get("players", []):
        info = cat.factions.get(player["role"])
        name = info.colour_name if info else ""
        out[player["role"]] = FACTION_SHADES.get(name, str(player.get("colour") or OUTLINE))
    return out
