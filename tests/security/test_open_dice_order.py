"""Open dice and the order of combats: the active player, who sees their own open dice in
a dry run, picks which combat to fight first. Each combat's dice are keyed by the combat
(its area, sides and kind) and not by how many combats came before it, so trying both
orders shows the same dice in each combat."""

from __future__ import annotations

import os
from pathlib import Path

from tests.security.kit import cli

# Two combats alike in everything the dice purposes name: five armies of Cao Cao against
# one army of Yuan Shao, no character on either side, in Yanzhou and in Xuchang. Neither
# can change the other: no contests, no character to relocate, only battle rounds.
SCENARIO = """\
kingdoms:
  cao-cao: {owner: blue, main: true}
  liu-bei: {owner: blue, main: false}
  sun-wu: {owner: blue, main: false}
  yuan-shao: {owner: white, main: true}
  yuan-shu: {owner: white, main: false}
  liu-biao: {owner: white, main: false}
pieces:
  changsha: {armies: {sun-wu: 5}, characters: [sun-jian]}
  xiangyang: {armies: {liu-biao: 5}, characters: [liu-biao]}
  bohai: {armies: {yuan-shao: 4}, characters: [yuan-shao]}
  nanyang: {armies: {yuan-shu: 4}, characters: [yuan-shu]}
  luoyang: {armies: {cao-cao: 2}, characters: [cao-cao, xiahou-dun]}
  yanzhou: {armies: {cao-cao: 5, yuan-shao: 1}}
  xuchang: {armies: {cao-cao: 5, yuan-shao: 1}}
control: {yanzhou: yuan-shao, xuchang: yuan-shao, luoyang: cao-cao}
turn: {kingdom: cao-cao, phase: combat}
"""


def _combats(story: str) -> dict[str, list[str]]:
    """The dry run's story cut into combats: each area's lines, from its heading on."""
    out: dict[str, list[str]] = {}
    lines: list[str] | None = None
    for line in story.splitlines():
        text = line.strip()
        if text.startswith("Combat in "):
            lines = out.setdefault(text.split()[2], [])
        elif text.startswith("Now:"):
            lines = None
        if lines is not None:
            lines.append(text)
    return out


def test_open_dice_of_a_combat_do_not_depend_on_the_order_of_combats(tmp_path: Path) -> None:
    """Fighting Yanzhou then Xuchang, or Xuchang then Yanzhou: each combat gets the same
    dice either way, so a dry run of both orders gives the mover nothing to pick from."""
    os.chdir(tmp_path)
    (tmp_path / "position.yaml").write_text(SCENARIO)
    code, _, err = cli("new", "dragons-tigers", "--hotseat", "--dice", "open",
                       "--scenario", "position.yaml", "-o", "game")
    assert code == 0, err
    last = sorted((tmp_path / "game").glob("*.pbem.yaml"))[-1]
    stories = {}
    for first in ("yanzhou", "xuchang"):
        turn = tmp_path / f"{first}-first.yaml"
        turn.write_text(f"- {{do: fight, area: {first}, against: white}}\n")
        code, out, err = cli("apply", last, turn, "--dry-run")
        assert code == 0, err
        combats = _combats(out)
        assert list(combats) == ["Yanzhou", "Xuchang"][:: 1 if first == "yanzhou" else -1]
        assert all(any("dice [" in line for line in lines) for lines in combats.values())
        stories[first] = combats
    assert stories["yanzhou"] == stories["xuchang"]
