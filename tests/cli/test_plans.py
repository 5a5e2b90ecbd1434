"""Plans (pbem/plans.py): ``pbem apply SAVE ACTIONS --then PLAN`` keeps on the mover's
machine what she does the next time the game comes back to her. Ann plays an event the
three others may answer and plans to end her turn; once their passes are in, her pbem
(``answer_all``, as ``pbem watch`` and ``pbem inbox`` run it) folds them in, lets the
event take effect and ends her turn unattended. A plan the rules refuse then writes
nothing and leaves her asked; a bad plan file writes nothing at all."""

from __future__ import annotations

from pathlib import Path

import pytest

from pbem import answering, identity, keeping, paths, plans, savefile, session
from pbem.savefile import SaveFile
from tests.cli.test_commands import pbem
from tests.engine.test_passes_ahead import KIND, SCENARIO

NAMES = ("ann", "bo", "cy", "di")


def _started(folder: Path) -> tuple[Path, SaveFile]:
    """The game's saves up to Ann's first Main Phase, written in ``folder``."""
    people = {name: identity.keygen(name) for name in NAMES}
    saves = [session.new_game(KIND, people["ann"], [people[n].identity for n in NAMES[1:]],
                              None, SCENARIO, dice="open")]
    for name in NAMES[1:]:
        saves.append(session.join(saves[-1], people[name]))
    return keeping.write_all(saves, folder), saves[-1]


def _played(tmp_path: Path, plan: str) -> tuple[Path, SaveFile, str]:
    """Ann plays her event with ``plan``; bo, cy and di pass ahead. The window's save, the
    save and what Ann's apply said."""
    path, start = _started(tmp_path / "game")
    play = tmp_path / "play.yaml"
    play.write_text(f"- {{do: play-event, card: {start.state['hands']['seat1'][0]}}}\n")
    then = tmp_path / "then.yaml"
    then.write_text(plan)
    said = pbem("apply", str(path), str(play), "--as", "ann", "--then", str(then))[1]
    window = path.parent / savefile.file_name(start.game_id, start.sequence + 1, "seat1")
    request = savefile.read(window)
    assert request.due is not None and request.due["step"] == "window"
    passing = tmp_path / "pass.yaml"
    passing.write_text("- {do: pass}\n")
    for name in NAMES[1:]:
        pbem("apply", str(window), str(passing), "--as", name)
    return window, request, said


def test_a_plan_ends_the_turn_unattended_once_the_passes_are_in(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ann's plan (end the Main Phase) plays when the game is back with her;
    her save carries the three passes, the event's effect, and her Main Phase's end; the
    plan is then gone, and another player is asked."""
    monkeypatch.chdir(tmp_path)
    window, request, said = _played(tmp_path, "- {do: end-main}\n")
    assert "Plan kept on this machine only" in said and "end-main" in said
    assert "It comes back to you this turn" not in said  # (no hint once planned)
    shown = pbem("respond", str(window), "--as", "ann")[1]
    assert "Plan: after save" in shown
    done = answering.answer_all(identity.load("ann"), request.game_id)
    made = [d.save for d in done if d.save is not None]
    assert len(made) == 1, [d.reason for d in done]
    save = made[0]
    assert save.writer == "seat1" and save.previous == request.sha256
    verbs = [action["do"] for action in save.actions]
    assert verbs == ["passed", "passed", "passed", "end-main"], verbs
    assert save.due is not None and save.due["role"] != "seat1"
    assert plans.load(request.game_id) is None


@pytest.mark.parametrize("plan", ["- {do: play-event, card: main#99}\n",
                                  "- {do: end-main}\n- {do: end-main}\n"])
def test_a_plan_the_rules_refuse_writes_nothing_and_she_is_asked(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, plan: str) -> None:
    """A plan the rules refuse once the game is back with Ann (a card she does not hold),
    or one that goes on after her move has passed to another player, writes no save; it is
    dropped, and her move waits for her."""
    monkeypatch.chdir(tmp_path)
    _, request, _ = _played(tmp_path, plan)
    ann = identity.load("ann")
    done = answering.answer_all(ann, request.game_id)
    assert not any(d.save for d in done)
    assert plans.load(request.game_id) is None
    assert answering.my_turn(request, ann.key.public)


@pytest.mark.parametrize(("plan", "says"), [
    ("{do: end-main}\n", "is a YAML list of actions"),
    ("- {go: end-main}\n", "must be a mapping with 'do: VERB'"),
])
def test_a_bad_plan_file_writes_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                        plan: str, says: str) -> None:
    monkeypatch.chdir(tmp_path)
    path, start = _started(tmp_path / "game")
    play = tmp_path / "play.yaml"
    play.write_text(f"- {{do: play-event, card: {start.state['hands']['seat1'][0]}}}\n")
    then = tmp_path / "then.yaml"
    then.write_text(plan)
    before = sorted(p.name for p in path.parent.iterdir())
    code, out = pbem("apply", str(path), str(play), "--as", "ann", "--then", str(then),
                     ok=False)
    assert code != 0 and says in out and "Traceback" not in out
    assert len(out.strip().splitlines()) == 1
    assert sorted(p.name for p in path.parent.iterdir()) == before
    assert not (paths.config_dir() / "plans").exists()


def test_a_plan_needs_a_signed_save_to_follow(tmp_path: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    """Actions that leave Ann's turn going on (kept as a draft) cannot take a plan."""
    monkeypatch.chdir(tmp_path)
    path, _ = _started(tmp_path / "game")
    nothing = tmp_path / "nothing.yaml"
    nothing.write_text("[]\n")
    then = tmp_path / "then.yaml"
    then.write_text("- {do: end-main}\n")
    code, out = pbem("apply", str(path), str(nothing), "--as", "ann", "--then", str(then),
                     ok=False)
    assert code != 0 and "your turn goes on" in out
    assert not (paths.config_dir() / "plans").exists()


def test_apply_says_when_a_plan_could_follow(tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """A save that hands the game over in the middle of its writer's Main Phase ends with
    a hint naming what she could plan (with a plan given, the plan is named instead: see
    the first test)."""
    monkeypatch.chdir(tmp_path)
    path, start = _started(tmp_path / "game")
    play = tmp_path / "play.yaml"
    play.write_text(f"- {{do: play-event, card: {start.state['hands']['seat1'][0]}}}\n")
    code, said = pbem("apply", str(path), str(play), "--as", "ann")
    assert code == 0
    assert "It comes back to you this turn: --then PLAN.yaml" in said
    assert "end-main" in said and plans.load(start.game_id) is None
