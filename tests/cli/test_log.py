"""pbem log: no empty sections, drafts named as drafts, lines that read well, and hidden
draws told as what they are."""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterator
from pathlib import Path

from typer.testing import CliRunner

from pbem import drafts, games, savefile
from pbem.cli.main import app
from pbem.story import dice_lines, singular

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "saves" / "golden"
REDUX = ROOT / "saves" / "golden-redux"
runner = CliRunner()


def pbem(*args: object, code: int = 0) -> tuple[str, str]:
    result = runner.invoke(app, [str(a) for a in args])
    assert "Traceback" not in result.output, result.output
    assert result.exit_code == code, result.output
    if code:
        assert result.stderr.count("\n") == 1, result.stderr
    return result.stdout, result.stderr


def sections(story: str) -> dict[str, list[str]]:
    """Each ``--- ... ---`` heading with the lines under it."""
    out: dict[str, list[str]] = {}
    current = None
    for line in story.splitlines()[1:]:
        if line.startswith("--- "):
            current = line
            out[current] = []
        elif current is not None:
            out[current].append(line)
    return out


def hotseat_race(tmp_path: Path) -> Path:
    """A hot-seat race with table dice (so who runs first is the die typed in)."""
    os.chdir(tmp_path)
    pbem("new", "tiny-race", "--hotseat", "--dice", "table", "-o", "race")
    return sorted((tmp_path / "race").glob("*.pbem.yaml"))[-1]


def stretch(save: Path, tmp_path: Path) -> Path:
    """player-1 starts the race (red runs first) and stretches: the turn goes on, kept as
    a draft beside ``save``."""
    actions = tmp_path / "stretch.yaml"
    actions.write_text("- do: start\n  dice: [1]\n- do: stretch\n")
    out, _ = pbem("--as", "player-1", "apply", save, actions)
    assert "kept as a draft" in out
    draft = drafts.draft_path(save)
    assert draft.is_file()
    return draft


def test_no_section_is_empty(tmp_path: Path) -> None:
    last = hotseat_race(tmp_path)
    story, _ = pbem("log", last, "--all")
    found = sections(story)
    assert len(found) == 2
    assert all(lines for lines in found.values()), story
    creation = next(lines for head, lines in found.items() if head.startswith("--- save 0:"))
    assert creation == ["player-1 creates the game: Tiny Race, 2 players"]


def test_a_machine_step_is_told_by_what_it_is() -> None:
    story, _ = pbem("log", REDUX / "3b1d0caf-0003-wei.pbem.yaml")
    assert sections(story) == {"--- save 3: wei (wei) ---": [
        "wei's pbem shuffles the hidden decks"]}


def test_a_draft_beside_the_save_is_named_as_a_draft(tmp_path: Path) -> None:
    last = hotseat_race(tmp_path)
    draft = stretch(last, tmp_path)
    story, _ = pbem("log", last)
    head = (f"--- draft {draft.name} (not signed: none of it counts yet): player-1 (red), "
            f"after save 1 ---")
    assert story.splitlines()[-3:] == [head, "player-1: start", "player-1: stretch"]
    from_draft, _ = pbem("log", draft)
    assert from_draft == story, "given the draft itself, the same story"
    beside, _ = pbem("log", last, draft)
    assert beside == story, "given the draft after its save, the same story"


def test_a_stale_or_lone_draft_is_refused(tmp_path: Path) -> None:
    last = hotseat_race(tmp_path)
    draft = stretch(last, tmp_path)
    draft.write_text(draft.read_text().replace("previous: ", "previous: 0"), encoding="utf-8")
    _, err = pbem("log", draft, code=2)
    assert "does not answer save 1" in err and draft.name in err
    story, _ = pbem("log", last)
    assert "--- draft" not in story, "a draft of another position is not shown"
    lone = tmp_path / "gone.pbem.yaml.draft.yaml"
    lone.write_text(draft.read_text(), encoding="utf-8")
    _, err = pbem("log", lone, code=3)
    assert "the save it answers (gone.pbem.yaml) is not beside it" in err


def golden_lines(folder: Path = GOLDEN) -> Iterator[tuple[Path, str]]:
    """Every log line kept in a golden game's saves, with its save: tests find the lines
    they need by what they say, so they hold when the game is played again."""
    for path in sorted(folder.glob("*-[0-9][0-9][0-9][0-9]-*.pbem.yaml")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.startswith('- "') and line.endswith('"'):
                yield path, line[3:-1]
            elif line.startswith("- "):  # a line YAML writes without quotes
                yield path, line[2:]


def golden_match(pattern: str, test: Callable[[re.Match[str]], bool] = bool,
                 folder: Path = GOLDEN) -> tuple[Path, re.Match[str]]:
    """The first golden log line matching ``pattern`` (and ``test``), with its save."""
    for path, line in golden_lines(folder):
        found = re.fullmatch(pattern, line)
        if found and test(found):
            return path, found
    raise AssertionError(f"the golden game has no line like {pattern!r}")


MOVE = r"(.+) move with (\d+) ([^,:]+): (.+) \(4\.5\)"


def test_a_move_says_armies() -> None:
    path, found = golden_match(MOVE, lambda m: m[3] in m[1])
    story, _ = pbem("log", path)
    assert f"{found[1]} move with {found[2]} armies: {found[4]} (4.5)" in story
    assert not re.search(r"move with \d+ [A-Z][a-z]+:", story)
    tell = games.get("dragons-tigers").tell
    assert tell("Cai Mao 蔡瑁 moves with 1 Liu Biao: Xiangyang 襄陽 -> Wuling 武陵 (4.5)") == \
        "Cai Mao 蔡瑁 moves with 1 Liu Biao army: Xiangyang 襄陽 -> Wuling 武陵 (4.5)"
    path, found = golden_match(r"(\d+) manpower unused is lost \(4\.4\(C\)\)")
    story, _ = pbem("log", path)
    assert f"{found[1]} unused manpower is lost (4.4(C))" in story


def test_the_saves_keep_their_words() -> None:
    """The better phrasing is for reading only: the save itself is unchanged."""
    path, found = golden_match(MOVE, lambda m: m[3] in m[1])
    raw = path.read_text(encoding="utf-8")
    assert f"move with {found[2]} {found[3]}: " in raw
    assert f"move with {found[2]} armies: " not in raw


def test_a_hidden_draw_is_told_without_its_number() -> None:
    path = REDUX / "3b1d0caf-0005-wei.pbem.yaml"
    save = savefile.read(path)
    values = [str(r["d"]) for a in save.actions for r in a.get("dice") or []
              if r.get("of") == 1_000_000]
    assert len(values) >= 3
    story, _ = pbem("log", path, "--dice")
    assert "  · wei draws face down from their generals deck" in story
    assert "1000000" not in story
    assert not any(value in story for value in values)
    assert "  · die " in story, "other dice keep their values"


def test_dice_lines_group_and_tell_hidden_draws() -> None:
    rolls = [{"d": 3, "of": 6, "for": "battle round 1: Cao Cao"},
             {"d": 5, "of": 6, "for": "battle round 1: Cao Cao"},
             *({"d": 789789, "of": 1_000_000,
                "for": f"wu draws from their generals deck (outside input {n} of 3)"}
               for n in (1, 2, 3)),
             {"d": 17, "of": 40, "for": "shuffle the unification deck"},
             {"d": 2, "of": 39, "for": "shuffle the unification deck"},
             {"d": 1, "of": 2, "for": "a random card for shu"}]
    assert dice_lines(rolls) == ["dice 3 5 (d6): battle round 1: Cao Cao",
                                 "wu draws face down from their generals deck",
                                 "the unification deck is shuffled",
                                 "a card is taken at random for shu"]


def test_a_count_of_one_is_singular() -> None:
    assert singular("Wei keeps 1 generals face down and returns 2 unseen") == \
        "Wei keeps 1 general face down and returns 2 unseen"
    assert singular("takes 1 deficit tokens; 11 armies; +1 Han emperor tokens") == \
        "takes 1 deficit token; 11 armies; +1 Han emperor tokens"


def test_a_roll_request_says_which_roll_waits() -> None:
    """With witnessed dice the mover's save only asks: it is told so, not left empty."""
    story, _ = pbem("log", GOLDEN / "90142caf-0002-blue.pbem.yaml")
    assert sections(story) == {"--- save 2: player-1 (blue) ---": [
        "player-1's action waits for the other players to witness its roll: draft order: "
        "Blue Dragon rolls"]}


def test_a_whole_witnessed_game_has_no_empty_section(tmp_path: Path) -> None:
    """The golden game's first 41 saves (requests, answers, turns), told whole."""
    for path in sorted(GOLDEN.glob("90142caf-*.pbem.yaml"))[:41]:
        (tmp_path / path.name).write_bytes(path.read_bytes())
    story, _ = pbem("log", sorted(tmp_path.glob("*.pbem.yaml"))[-1], "--all")
    found = sections(story)
    assert len(found) == 41
    assert all(found.values()), [head for head, lines in found.items() if not lines]


def test_redux_lines_read_well() -> None:
    path, found = golden_match(r" *Criterion markers turn over: (.+) (administration|combat); "
                               r"(.+) (administration|combat) \(update\.flip-criterion\)",
                               folder=REDUX)
    story, _ = pbem("log", path)
    assert (f"  Criterion markers turn over: {found[1]} now bids on {found[2]}, "
            f"{found[3]} on {found[4]} (update.flip-criterion)") in story
    path, found = golden_match(r"(\w+) takes its actions \(1 won\) \(resolution\.take-actions\)",
                               folder=REDUX)
    story, _ = pbem("log", path)
    assert f"{found[1]} takes its actions (it won 1 space) (resolution.take-actions)" in story


def test_dragons_tigers_mandate_and_attrition_read_well() -> None:
    path, found = golden_match(r" *Mandate of Heaven: (\d+), ([a-z-]+): the marker leaves the "
                               r"display\. The round ends at once \(4\.8\)")
    story, _ = pbem("log", path)
    assert (f"Mandate of Heaven: a {found[1]} moves the marker {found[2]}, off the display: "
            f"the round ends at once (4.8)") in story
    path, found = golden_match(r" *(.+) loses (\d+) to attrition \((4\.5\.2|4\.5\.1\(B\))\)",
                               lambda m: m[2] != "1")
    story, _ = pbem("log", path)
    assert f"  {found[1]} loses {found[2]} armies to attrition ({found[3]})" in story


def test_allies_winning_together_win() -> None:
    tell = games.get("three-kingdoms-redux").tell
    assert tell("  Construct state enhancement: Wei and Wu wins with 7 (bid.highest)") == \
        "  Construct state enhancement: Wei and Wu win with 7 (bid.highest)"
    assert tell("  Construct state enhancement: Wei wins with 7 (bid.highest)") == \
        "  Construct state enhancement: Wei wins with 7 (bid.highest)"
