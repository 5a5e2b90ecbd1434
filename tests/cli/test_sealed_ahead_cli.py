"""``pbem apply`` of an answer to a question every player answers sealed side by side: a
signed file with the sealed answer, no save; once all are in, the pbems (``answer_all``, as
``pbem inbox`` and ``pbem watch`` run it) write the save of the sealed answers and give the
openings unattended, and the player asked next plays on with ``pbem apply``. Tiny Bids
(tests/sealedgame.py), three keys on one machine, each used with ``--as``."""

from __future__ import annotations

from pathlib import Path

import pytest

from pbem import answering, identity, keeping, passes_ahead, savefile, session, store
from pbem.savefile import SaveFile
from tests.cli.test_commands import pbem

NAMES = ("red", "green", "blue")


def _asking(folder: Path) -> tuple[Path, SaveFile]:
    people = {name: identity.keygen(name) for name in NAMES}
    saves = [session.new_game("tiny-bids", people["red"],
                              [people[n].identity for n in NAMES[1:]], None, None,
                              dice="open")]
    for name in NAMES[1:]:
        saves.append(session.join(saves[-1], people[name]))
    made = session.Composer(saves[-1], people["red"])
    made.act({"do": "rest"})
    saves.append(made.finish())
    return keeping.write_all(saves, folder), saves[-1]


def test_each_answers_sealed_with_a_file_and_the_pbems_carry_the_round_out(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    path, asking = _asking(tmp_path / "game")
    for name, amount in (("green", 1), ("blue", 1), ("red", 3)):
        turn = tmp_path / f"{name}.yaml"
        turn.write_text(f"- {{do: bid, amount: {amount}}}\n")
        said = pbem("apply", str(path), str(turn), "--as", name)[1]
        assert "Your answer is sealed" in said, said
        written = path.parent / passes_ahead.file_name(asking.game_id, asking.sequence, name)
        text = written.read_text()
        assert "amount" not in text  # sealed: the bid is in no file
    assert sorted(path.parent.glob(f"*-{asking.sequence + 1:04d}-*.pbem.yaml")) == []
    red, green, blue = (identity.load(name) for name in NAMES)
    carried = [done.save for done in answering.answer_all(red, asking.game_id) if done.save]
    assert len(carried) == 1 and carried[0].writer == "red"
    for person in (green, blue, red):
        answering.answer_all(person, asking.game_id)
    folder = store.game_folder(asking.game_id)
    opened = sorted(folder.glob(f"*-{carried[0].sequence:04d}-*{passes_ahead.SUFFIX}"))
    assert len(opened) == 3
    rest = tmp_path / "rest.yaml"
    rest.write_text("- {do: rest}\n")
    bound = folder / savefile.file_name(asking.game_id, carried[0].sequence, "red")
    pbem("apply", str(bound), str(rest), "--as", "red")
    after = savefile.read(bound.parent / savefile.file_name(
        asking.game_id, carried[0].sequence + 1, "red"))
    assert after.state["scores"] == {"red": 3, "green": 0, "blue": 0}
    assert after.state["round"] == 2


def test_an_answer_sealed_ahead_must_be_one_legal_action(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    path, _ = _asking(tmp_path / "game")
    for text, says in (("- {do: bid, amount: 9}\n", "0 to 3"),
                       ("- {do: bid, amount: 1}\n- {do: bid, amount: 2}\n", "exactly one")):
        turn = tmp_path / "turn.yaml"
        turn.write_text(text)
        code, out = pbem("apply", str(path), str(turn), "--as", "green", ok=False)
        assert code != 0 and says in out and "Traceback" not in out
        assert not list(path.parent.glob(f"*{passes_ahead.SUFFIX}"))
