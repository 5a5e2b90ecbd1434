"""Chronicles through the command line between three keys on one machine (``--as``): the
season orders answered sealed with ``pbem apply`` (a signed file each, no save), the pbems
folding and opening them unattended (``answer_all``, as ``pbem inbox`` and ``pbem watch``
run it), the round carried out; bad options refused in one line."""

from __future__ import annotations

from pathlib import Path

import pytest

from pbem import answering, identity, keeping, passes_ahead, savefile, store
from tests.cli.test_commands import pbem
from tests.games.chronicles import kit

KIND = "chronicles-of-the-three-kingdoms"
NAMES = ("ann", "bea", "cid")
ROLES = ("cao-cao", "sun-ce", "liu-biao")


@pytest.mark.rule("chronicles:s4.0.simultaneous")
def test_three_seats_seal_their_season_orders_with_files_and_the_round_goes_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each seat's orders are sealed in a file of its own that holds no order in clear;
    once all three are in, the pbems write the save of the sealed orders and open them,
    and the next person's save carries Spring 196 out to Summer's orders."""
    monkeypatch.chdir(tmp_path)
    _, saves = kit.first_orders(NAMES, ROLES)
    assert saves[-1].due is not None and saves[-1].due["step"] == "season"
    path = keeping.write_all(saves, tmp_path / "game")
    asking = saves[-1]
    orders = {"ann": "- {do: season, actions: [{counter: special-tax, general: xun-yu}]}\n",
              "bea": "- {do: season}\n", "cid": "- {do: season}\n"}
    for name, role in zip(NAMES, ROLES, strict=True):
        turn = tmp_path / f"{name}.yaml"
        turn.write_text(orders[name])
        code, said = pbem("apply", str(path), str(turn), "--as", name, ok=False)
        if code != 0:  # a counter it does not hold: the rules refuse it in one line
            assert name == "ann" and "special-tax" in said
            turn.write_text("- {do: season}\n")
            said = pbem("apply", str(path), str(turn), "--as", name)[1]
        assert "sealed" in said, said
        written = path.parent / passes_ahead.file_name(asking.game_id, asking.sequence, role)
        assert "do: season" not in written.read_text()
    ann, bea, cid = (identity.load(name) for name in NAMES)
    carried = [done.save for done in answering.answer_all(ann, asking.game_id) if done.save]
    assert len(carried) == 1
    for person in (bea, cid, ann):
        answering.answer_all(person, asking.game_id)
    folder = store.game_folder(asking.game_id)
    opened = sorted(folder.glob(f"*-{carried[0].sequence:04d}-*{passes_ahead.SUFFIX}"))
    assert len(opened) == 3  # every seat's opening, given unattended
    summer = tmp_path / "summer.yaml"
    summer.write_text("- {do: season}\n")
    bound = folder / savefile.file_name(asking.game_id, carried[0].sequence, "cao-cao")
    said = pbem("apply", str(bound), str(summer), "--as", "bea")[1]
    after = max(folder.glob("*.pbem.yaml"), key=lambda p: savefile.read(p).sequence)
    state = savefile.read(after).state
    assert state["calendar"]["season"] == "summer", said
    assert "sun-ce" in state["exchange"]["given"] or "sealed" in said


@pytest.mark.rule("chronicles:s17.line-ups")
def test_leaders_are_chosen_by_option_and_wrong_ones_are_refused_in_one_line(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The leaders default to the advised line-up; an option names others, and a leader
    named twice, an unknown one or Ma Teng without a seventh player is refused."""
    monkeypatch.chdir(tmp_path)
    ok = pbem("new", KIND, "--players", "3", "--hotseat", "--option",
              "leaders=yuan-shao,cao-cao,liu-bei")[1]
    assert "Yuan Shao" in ok or "yuan-shao" in ok
    for bad, says in (("leaders=cao-cao,cao-cao,sun-ce", "twice"),
                      ("leaders=cao-cao,dong-zhuo,sun-ce", "dong-zhuo"),
                      ("leaders=cao-cao,ma-teng,sun-ce", "seventh")):
        code, out = pbem("new", KIND, "--players", "3", "--hotseat", "--option", bad,
                         ok=False)
        assert code != 0 and says in out
