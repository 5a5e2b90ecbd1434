"""What the command line shows and carries, as a referee or a mail robot scripts it: notes
given with a turn that goes on, the dry run's position, and hidden cards in ``pbem show``."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from freezegun import freeze_time

from pbem import games, savefile
from tests.cardgame import CardMarket
from tests.cli.test_commands import pbem


class NotedMarket(CardMarket):
    """Card Market where any player may pass another a note."""

    kind = "card-market-noted"

    def may_note(self, state: dict, sender: str, recipient: str) -> bool:
        return sender != recipient


games.register(NotedMarket.kind, NotedMarket)


def _shown(save: Path, *who: str) -> dict[str, Any]:
    _, out = pbem(*who, "show", save, "--json")
    return json.loads(out)


def _write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.write_text(text)
    return path


def _latest(folder: Path) -> Path:
    return max(folder.glob("*.pbem.yaml"), key=lambda p: int(p.name.split("-")[1]))


def _to_first_turn(folder: Path, empty: Path) -> tuple[Path, str]:
    """Answer the machine steps and start the game: the save a player decides on (perhaps
    with the opening kept in its draft), and that player's role."""
    for _ in range(12):
        current = _latest(folder)
        due = _shown(current)["due"]
        if due["step"] in ("shuffle", "witness"):
            pbem("witness", current)
            continue
        if due["step"] == "start":
            pbem("apply", current, empty)
            if _latest(folder) != current:
                continue
        _, out = pbem("apply", current, empty, "--dry-run", "--json")
        return current, json.loads(out)["position"]["prompt"]["role"]
    raise AssertionError("the game never reached a decision")


def _names(save: Path) -> dict[str, str]:
    return {p["role"]: p["name"] for p in _shown(save)["players"]}


def test_a_note_given_with_a_turn_that_goes_on_travels_in_the_save_that_ends_it(
        tmp_path: Path) -> None:
    """``--note`` with actions that leave the turn open waits in the draft and is sealed in
    the save the next ``pbem apply`` signs: its recipient reads it, nobody else."""
    os.chdir(tmp_path)
    pbem("new", NotedMarket.kind, "--hotseat", "--players", "3", "-o", "g")
    folder = tmp_path / "g"
    current, mover = _to_first_turn(folder, _write(tmp_path, "empty.yaml", "[]\n"))
    names = _names(current)
    friend, other = [r for r in names if r != mover]
    draw = _write(tmp_path, "draw.yaml", "- do: draw\n")
    _, out = pbem("apply", current, draw, "--note", f"{friend}=meet me at the gate")
    assert "kept as a draft" in out and "1 note will be sealed" in out
    before = set(folder.glob("*.pbem.yaml"))
    _, out = pbem("apply", current, _write(tmp_path, "end.yaml", "- do: end\n"))
    signed = sorted(set(folder.glob("*.pbem.yaml")) - before)
    assert len(signed) == 1
    _, read = pbem("--as", names[friend], "notes", signed[0])
    assert f"from {names[mover]} ({mover}): meet me at the gate" in read
    _, read = pbem("--as", names[other], "notes", signed[0])
    assert "No notes for you" in read and "gate" not in read


def test_a_note_no_save_could_carry_is_refused_at_once(tmp_path: Path) -> None:
    """A note to a role that is not another player's is refused when given, in one line,
    and nothing (not even a draft) is written."""
    os.chdir(tmp_path)
    pbem("new", NotedMarket.kind, "--hotseat", "--players", "3", "-o", "g")
    folder = tmp_path / "g"
    current, mover = _to_first_turn(folder, _write(tmp_path, "empty.yaml", "[]\n"))
    draw = _write(tmp_path, "draw.yaml", "- do: draw\n")
    before = sorted(tmp_path.rglob("*"))
    for to in ("nobody", mover):
        code, err = pbem("apply", current, draw, "--note", f"{to}=hello", ok=False)
        assert code == 2 and "--note" in err and repr(to) in err
    assert sorted(tmp_path.rglob("*")) == before


def test_a_note_in_a_game_without_notes_is_refused_at_once(tmp_path: Path) -> None:
    os.chdir(tmp_path)
    pbem("new", "tiny-race", "--hotseat", "-o", "g")
    current = _latest(tmp_path / "g")
    empty = _write(tmp_path, "empty.yaml", "[]\n")
    before = sorted(tmp_path.rglob("*"))
    code, err = pbem("apply", current, empty, "--note", "white=hello", ok=False)
    assert code == 2 and "no way to pass notes" in err
    assert sorted(tmp_path.rglob("*")) == before


def _redux_at_start(tmp_path: Path) -> Path:
    """A hot-seat Three Kingdoms Redux game, shuffled: the save player-1 starts from."""
    os.chdir(tmp_path)
    pbem("new", "three-kingdoms-redux", "--hotseat", "--players", "3", "-o", "g")
    folder = tmp_path / "g"
    for _ in range(4):
        current = _latest(folder)
        if _shown(current)["due"]["step"] != "shuffle":
            return current
        pbem("witness", current)
    raise AssertionError("the decks were never shuffled")


def _options(prompt: dict[str, Any], verb: str) -> list[dict[str, Any]]:
    spec = next(a for a in prompt["actions"] if a["do"] == verb)
    return spec["params"][0]["options"]


def test_the_dry_run_shows_the_movers_hidden_cards_as_show_does(tmp_path: Path) -> None:
    """``apply --dry-run --json`` names the mover's own hidden generals and cards, and its
    position is the one ``pbem show --json`` gives that player once the save is real."""
    first = _redux_at_start(tmp_path)
    start = _write(tmp_path, "start.yaml", "- do: start\n")
    _, out = pbem("apply", first, start, "--dry-run", "--json")
    position = json.loads(out)["position"]
    drawn = _options(position["prompt"], "keep")
    assert len(drawn) == 6
    assert all(o["value"] not in o["label"] for o in drawn), drawn  # named, not "hidden"
    keep = [o["value"] for o in drawn[:4]]
    pbem("apply", first, _write(tmp_path, "keep.yaml",
                                f"- do: start\n- do: keep\n  keep: {json.dumps(keep)}\n"))
    second = _latest(tmp_path / "g")
    names = _names(second)
    empty = _write(tmp_path, "empty.yaml", "[]\n")
    _, out = pbem("--as", names["wu"], "apply", second, empty, "--dry-run", "--json")
    position = json.loads(out)["position"]
    shown = _shown(second, "--as", names["wu"])
    assert position["viewer"] == shown["viewer"] == "wu"
    assert position["view"] == shown["view"]
    assert position["prompt"] == shown["prompt"]
    assert all(o["value"] not in o["label"] for o in _options(position["prompt"], "keep"))


def _race(tmp_path: Path, dice: str) -> Path:
    """A hot-seat race, started: the save whose mover may roll."""
    os.chdir(tmp_path)
    pbem("new", "tiny-race", "--hotseat", "--dice", dice, "-o", "g")
    empty = _write(tmp_path, "empty.yaml", "[]\n")
    folder = tmp_path / "g"
    for _ in range(6):
        current = _latest(folder)
        _, out = pbem("apply", current, empty, "--dry-run", "--json")
        prompt = json.loads(out)["position"]["prompt"]
        if prompt and any(a["do"] == "roll" for a in prompt["actions"]):
            return current
        pbem("apply", current, empty)
    raise AssertionError("nobody was asked to roll")


def test_a_dry_run_says_which_dice_are_stand_ins(tmp_path: Path) -> None:
    """With witnessed dice, a roll made in a dry run answers a request signed only there:
    its dice are stand-ins (they change with the request's clock), and the JSON says so."""
    current = _race(tmp_path, "witnessed")
    roll = _write(tmp_path, "roll.yaml", "- do: roll\n")
    seen = set()
    for hour in range(10, 18):
        with freeze_time(f"2026-11-22 {hour}:00:00"):
            _, out = pbem("apply", current, roll, "--dry-run", "--json")
        data = json.loads(out)
        request, answer = data["saves"][0], data["saves"][-1]
        assert request["pending"] is not None and not request["stand_in_dice"]
        assert answer["stand_in_dice"] and data["stand_in_dice"]
        seen.add(json.dumps(answer["log"]))
    assert len(seen) > 1  # the same roll came out differently: stand-ins indeed
    _, out = pbem("apply", current, roll, "--dry-run")
    assert "stand-in dice" in out


def test_open_dice_in_a_dry_run_are_the_real_ones(tmp_path: Path) -> None:
    current = _race(tmp_path, "open")
    roll = _write(tmp_path, "roll.yaml", "- do: roll\n")
    _, out = pbem("apply", current, roll, "--dry-run", "--json")
    data = json.loads(out)
    assert data["stand_in_dice"] is False
    assert not any(save["stand_in_dice"] for save in data["saves"])
    assert any("rolls" in line for save in data["saves"] for line in save["log"])
    _, real = pbem("apply", current, roll, "--json")
    written = json.loads(real)["wrote"]
    assert [_shown(Path(path))["log"] for path in written] == \
        [save["log"] for save in data["saves"]]


def test_plain_show_names_what_the_viewer_may_see_at_a_keep_step(tmp_path: Path) -> None:
    """At a Redux keep step ``pbem show`` gives each drawn general's handle with his name
    to the player choosing, and only the handle to the others."""
    first = _redux_at_start(tmp_path)
    pbem("apply", first, _write(tmp_path, "keep.yaml", "- do: start\n- do: keep\n  keep: "
                                "[wei/generals#1, wei/generals#2, wei/generals#3, "
                                "wei/generals#4]\n"))
    second = _latest(tmp_path / "g")
    names = _names(second)
    labels = {o["value"]: o["label"]
              for o in _options(_shown(second, "--as", names["wu"])["prompt"], "keep")}
    _, mine = pbem("--as", names["wu"], "show", second)
    offer = next(line for line in mine.splitlines() if "- do: keep" in line)
    for handle, label in labels.items():
        assert f"{handle} ({label})" in offer
    _, theirs = pbem("--as", names["wei"], "show", second)
    offer = next(line for line in theirs.splitlines() if "- do: keep" in line)
    assert all(handle in offer for handle in labels)
    assert not any(label in offer for label in labels.values())


def test_a_face_up_general_is_named_by_his_card_id(tmp_path: Path) -> None:
    """A general turned face up may be given by his card id (recorded by his handle); a
    hidden general's card id is refused, and nothing is written."""
    first = _redux_at_start(tmp_path)
    names = _names(first)
    setup = ("- do: start\n"
             "- do: keep\n  keep: [wei/generals#1, wei/generals#2, wei/generals#3, "
             "wei/generals#4]\n"
             "- do: keep\n  keep: [wu/generals#1, wu/generals#2, wu/generals#3]\n"
             "- do: keep\n  keep: [shu/generals#1, shu/generals#2]\n"
             "- do: alliance\n")
    pbem("apply", first, _write(tmp_path, "setup.yaml", setup))
    bidding = _latest(tmp_path / "g")
    assert _shown(bidding)["due"]["role"] == "wei"
    generals = {g["ref"]: g["id"] for g in
                _shown(bidding, "--as", names["wei"])["view"]["states"]["wei"]["generals"]}
    shown, hidden = generals["wei/generals#1"], generals["wei/generals#2"]
    assert shown and hidden
    before = sorted(tmp_path.rglob("*"))
    code, err = pbem("apply", bidding, _write(
        tmp_path, "hidden.yaml", f"- do: bid\n  space: develop-farm\n  general: {hidden}\n"),
        ok=False)
    assert code == 6 and hidden in err
    assert sorted(p for p in tmp_path.rglob("*") if p.name != "hidden.yaml") == before
    turn = _write(tmp_path, "turn.yaml", "- do: show\n  general: wei/generals#1\n"
                  f"- do: bid\n  space: develop-farm\n  general: {shown}\n")
    _, out = pbem("apply", bidding, turn)
    assert "Wei places" in out
    signed = _latest(tmp_path / "g")
    bid = next(a for a in savefile.read(signed).doc["actions"] if a["do"] == "bid")
    assert bid["general"] == "wei/generals#1"
    _, verdict = pbem("verify", signed)
    assert verdict.startswith("OK")


def test_a_witnessed_game_starts_as_docs_dice_md_says(tmp_path: Path) -> None:
    """new --opponent, join, apply start.yaml (a request), witness: the first decision."""
    os.chdir(tmp_path)
    for name in ("alice", "bob"):
        _, out = pbem("keygen", name)
    _, line = pbem("--as", "bob", "whoami")
    bob_id = _write(tmp_path, "bob.id", line)
    pbem("--as", "alice", "new", "dragons-tigers", "--opponent", bob_id, "-o", "s0.pbem.yaml")
    pbem("--as", "bob", "join", "s0.pbem.yaml", "-o", "s1.pbem.yaml")
    start = _write(tmp_path, "start.yaml", "- do: start\n")
    _, out = pbem("--as", "alice", "apply", "s1.pbem.yaml", start, "-o", "s2.pbem.yaml")
    assert "answer alice's request" in out
    assert _shown(tmp_path / "s2.pbem.yaml")["due"]["step"] == "witness"
    pbem("--as", "bob", "witness", "s2.pbem.yaml", "-o", "s3.pbem.yaml")
    due = _shown(tmp_path / "s3.pbem.yaml")["due"]
    assert due["step"] not in ("witness", "start", "join")


@pytest.mark.parametrize("dice", ["open", "witnessed"])
def test_every_state_reads_its_dealt_cards_when_it_keeps_its_first_generals(
        tmp_path: Path, dice: str) -> None:
    """setup.K deals the enhancement cards before setup.L's choice: Wei, Wu and Shu each
    read their whole hand (and their drawn generals) when they choose whom to keep."""
    os.chdir(tmp_path)
    pbem("new", "three-kingdoms-redux", "--hotseat", "--players", "3", "--dice", dice,
         "-o", "g")
    folder = tmp_path / "g"
    empty = _write(tmp_path, "empty.yaml", "[]\n")
    keeps = {"wei": 4, "wu": 3, "shu": 2}
    seen = []
    for _ in range(20):
        current = _latest(folder)
        due = _shown(current)["due"]
        if due["step"] in ("shuffle", "witness", "share"):
            pbem("witness", current)
            continue
        if due["step"] == "start":
            pbem("apply", current, empty)
            if _latest(folder) != current:
                continue
            _, out = pbem("apply", current, empty, "--dry-run", "--json")
            shown = json.loads(out)["position"]  # the creator's turn went on, in a draft
        elif due["step"] == "recruit":
            shown = _shown(current, "--as", _names(current)[due["role"]])
        else:
            break
        role = shown["prompt"]["role"]
        assert shown["prompt"]["step"] == "recruit"
        hand = shown["view"]["hand"]
        assert len(hand) == {"wei": 4, "wu": 5, "shu": 6}[role]
        assert all(card["id"] for card in hand), (role, hand)
        drawn = _options(shown["prompt"], "keep")
        assert all(o["value"] not in o["label"] for o in drawn)
        keep = json.dumps([o["value"] for o in drawn[:keeps[role]]])
        pbem("apply", current, _write(tmp_path, f"{role}.yaml", f"- do: keep\n  keep: {keep}\n"))
        seen.append(role)
        if _latest(folder) == current:  # Shu's turn goes on: the alliance
            break
    assert seen == ["wei", "wu", "shu"]
    _, verdict = pbem("verify", _latest(folder))
    assert verdict.startswith("OK")
