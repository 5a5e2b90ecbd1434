"""Words a new player reads: columns explained, actions in names, plurals right, help that
reads as sentences."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest

from pbem.cli.main import _register_extras
from tests.tui.kit import diplomats_game, region_text, settle
from tui.launch import make_app
from tui.words import count, describe_action, dice_lines, plural

_register_extras()

VIEW = {"areas": [{"id": "yanzhou", "name": "Yanzhou", "zh": "兗州"},
                  {"id": "pingyuan", "name": "Pingyuan", "zh": "平原"}],
        "characters": [{"id": "guan-yu", "name": "Guan Yu", "zh": "關羽"},
                       {"id": "zhang-fei", "name": "Zhang Fei", "zh": "張飛"}],
        "kingdoms": [{"id": "liu-bei", "name": "Liu Bei", "zh": "劉備"}]}


@pytest.mark.parametrize(("number", "noun", "expected"), [
    (1, "action", "1 action"), (2, "action", "2 actions"), (0, "action", "0 actions"),
    (1, "die", "1 die"), (3, "die", "3 dice"), (1, "army", "1 army"), (5, "army", "5 armies"),
])
def test_counts(number: int, noun: str, expected: str) -> None:
    assert count(number, noun) == expected
    assert plural(number, noun) == expected.split(" ", 1)[1]


def test_actions_are_told_in_names() -> None:
    action = {"do": "move", "from": "yanzhou", "characters": ["guan-yu", "zhang-fei"],
              "to": ["pingyuan"], "armies": 5, "armies.liu-bei": 2, "dice": [{"d": 3}]}
    assert describe_action(action, VIEW) == (
        "move: from Yanzhou; characters Guan Yu, Zhang Fei; to Pingyuan; armies 5; "
        "armies Liu Bei 2")
    assert describe_action({"do": "end-diplomacy"}, VIEW) == "end diplomacy"


def test_dice_thrown_together_share_a_line() -> None:
    rolls = [{"d": v, "of": 6, "for": f"battle round 1: Cao Cao die {i + 1} of 3"}
             for i, v in enumerate((4, 2, 6))] + [{"d": 5, "of": 10, "for": "chit pull"}]
    assert dice_lines(rolls) == ["dice 4 2 6 (d6): battle round 1: Cao Cao",
                                 "die 5 (d10): chit pull"]


def test_every_column_is_explained(tmp_path: Path, players: Any) -> None:
    app = make_app(diplomats_game(tmp_path, players))
    shown: dict[str, str] = {}

    async def run() -> None:
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            side = app.query_one("#side")
            for tab in ("kingdoms", "characters"):
                while not app.query_one("#side Tabs").has_focus:   # Tab to the panel tabs
                    await pilot.press("tab")
                while side.active != f"tab-{tab}":
                    await pilot.press("right")
                await pilot.press("tab")                           # into the panel
                await pilot.press("end")                           # its last lines
                await settle(pilot)
                shown[tab] = region_text(app, side)

    asyncio.run(run())
    flat = {k: " ".join(v.replace("│", " ").replace("▊", " ").split())  # the edge, lit or not
            for k, v in shown.items()}
    assert "Ar armies · MP manpower of the areas held" in flat["kingdoms"], flat["kingdoms"]
    assert "C command · S strategist · V valor · A admin · D diplomacy · L loyalty" \
        in flat["characters"], flat["characters"]
