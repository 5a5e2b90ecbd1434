"""The map picture's colours tell the kingdoms and the players apart, also for readers
with red-green colour blindness (deuteranopia, protanopia), simulated with the matrices of
Machado, Oliveira and Fernandes (2009) at full severity."""

from __future__ import annotations

import itertools
import math

import pytest

from pbem.games.dragons_tigers import png_palette
from pbem.games.dragons_tigers.catalog import load_catalog
from tests.mail.test_png_map import MODULE, start

# Colour differences (CIE76 Delta E in CIELAB): about 2.3 is just noticeable; 15 or more
# is plainly a different colour at a glance.
APART = 15.0
SIMULATIONS = {
    "normal vision": ((1, 0, 0), (0, 1, 0), (0, 0, 1)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "protanopia": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
}


def _linear(c: float) -> float:
    c /= 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def _lab(colour: str, matrix: tuple[tuple[float, ...], ...]) -> tuple[float, float, float]:
    """The colour as seen through ``matrix`` (applied in linear RGB), in CIELAB."""
    rgb = [_linear(c) for c in png_palette.rgb(colour)]
    r, g, b = (min(1.0, max(0.0, sum(m * c for m, c in zip(row, rgb, strict=True))))
               for row in matrix)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116
    return 116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))


def _closest(colours: dict[str, str], matrix: tuple[tuple[float, ...], ...]
             ) -> tuple[float, str, str]:
    return min((math.dist(_lab(a, matrix), _lab(b, matrix)), na, nb)
               for (na, a), (nb, b) in itertools.combinations(colours.items(), 2))


def test_the_simulation_merges_red_and_green() -> None:
    """The check can fail: a red and a green that differ plainly in normal vision are
    nearly the same to a reader with deuteranopia."""
    red_green = {"red": "#d62728", "green": "#2ca02c"}
    assert _closest(red_green, SIMULATIONS["normal vision"])[0] > 60
    assert _closest(red_green, SIMULATIONS["deuteranopia"])[0] < APART


@pytest.mark.parametrize("vision", sorted(SIMULATIONS))
def test_every_kingdom_colour_stands_apart(vision: str) -> None:
    view = MODULE.view(start().state, None)
    colours = png_palette.kingdom_colours(view)
    assert len(colours) == 12
    colours["no kingdom"] = png_palette.UNHELD
    distance, one, other = _closest(colours, SIMULATIONS[vision])
    assert distance >= APART, (one, other, distance)


@pytest.mark.parametrize("vision", sorted(SIMULATIONS))
def test_the_players_frames_stand_apart(vision: str) -> None:
    frames = {f: png_palette.FACTION_SHADES[info.colour_name]
              for f, info in load_catalog().factions.items()}
    assert len(frames) == 4
    distance, one, other = _closest(frames, SIMULATIONS[vision])
    assert distance >= APART, (one, other, distance)


def test_every_colour_named_in_the_data_has_a_shade() -> None:
    cat = load_catalog()
    assert {k.colour_name for k in cat.kingdoms.values()} <= set(png_palette.KINGDOM_SHADES)
    assert {f.colour_name for f in cat.factions.values()} <= set(png_palette.FACTION_SHADES)


def test_a_kingdom_is_not_taken_for_its_player() -> None:
    """Cao Cao's blue was nearly the Blue Dragon's: now they differ plainly, and players
    are drawn as frames, kingdoms as filled boxes."""
    blue_kingdom = png_palette.KINGDOM_SHADES["blue"]
    blue_player = png_palette.FACTION_SHADES["azure"]
    normal = SIMULATIONS["normal vision"]
    assert math.dist(_lab(blue_kingdom, normal), _lab(blue_player, normal)) >= APART
