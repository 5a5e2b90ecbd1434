"""The PNG map that goes with each e-mail: its size, and every area in its controller's
colour."""

from __future__ import annotations

import io

from PIL import Image

from pbem import games, session
from pbem.games.dragons_tigers import render_png
from pbem.identity import LocalIdentity
from pbem.signing import PrivateKey
from tests.mail.dt import KINGDOMS, play


def _rgb(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def _check(state: dict[str, object]) -> set[str]:
    module = games.get("dragons-tigers")
    board = module.board()
    view = module.view(state, None)
    png = render_png.render(board, view)
    assert png.startswith(b"\x89PNG\r\n\x1a\n") and len(png) < 400_000
    image = Image.open(io.BytesIO(png)).convert("RGB")
    assert image.size == render_png.size(board) == (1396, 794)
    centres = render_png.centres(board)
    assert set(centres) == {a["id"] for a in view["areas"]}
    seen = set()
    for area in view["areas"]:
        expected = area["colour"] or render_png.UNHELD
        assert image.getpixel(centres[area["id"]]) == _rgb(expected), area["id"]
        if area["controller"]:
            kingdom = next(k for k in view["kingdoms"] if k["id"] == area["controller"])
            assert kingdom["colour"] == area["colour"]
            seen.add(area["controller"])
    return seen


def test_every_area_is_drawn_in_its_controllers_colour() -> None:
    module = games.get("dragons-tigers")
    ann = LocalIdentity("ann", PrivateKey.generate())
    ben = LocalIdentity("ben", PrivateKey.generate())
    first = session.new_game("dragons-tigers", ann, [ben.identity], {"kingdoms": KINGDOMS})
    controllers = _check(first.state)
    assert {"cao-cao", "yuan-shao", "dong-zhuo"} <= controllers
    saves = [first, session.join(first, ben)]
    play(saves, {"blue": ann, "white": ben}, 6)
    _check(saves[-1].state)
    assert module.view(saves[-1].state, None)["round"] >= 1
