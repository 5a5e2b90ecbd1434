"""9.1 (notes 5): forces go to battle face down. In a game begun now a placement shows only
its shape until the last muster opens; then every placement is turned over and placed in
the order given. Played through the engine, which keeps what a placement sends as a choice
sealed inside the order (pbem/inner_seals.py)."""

from __future__ import annotations

import copy
import random
from pathlib import Path
from typing import Any

import pytest
import yaml

from pbem import (
    gameplay,
    games,
    inner_seals,
    keeping,
    passes_ahead,
    sealed_orders,
    session,
)
from pbem.cli import check
from pbem.dice import ChainDice
from pbem.engine import Log, State
from pbem.errors import IllegalAction, UsageError
from pbem.games.chronicles import random_orders
from pbem.games.chronicles.board import Board
from pbem.games.chronicles.rules import sealed_forces
from pbem.games.chronicles.rules.sealed_forces import shape_of
from pbem.hidden_cards import seating
from tests.cli.test_commands import pbem
from tests.games.chronicles import kit
from tests.golden_replay import recorded, sample_players

KIND = "chronicles-of-the-three-kingdoms"
MODULE = games.get(KIND)


def fresh(options: dict[str, Any] | None = None) -> tuple[State, ChainDice]:
    """A 3-player game begun now, answered in clear, at its first season orders."""
    checked = MODULE.options(3, MODULE.new_game_options(options or {}))
    state = gameplay.opening(MODULE, checked, None)
    dice = ChainDice(b"face-down".ljust(32, b"."))
    gameplay.start(MODULE, state, dice, Log())
    return state, dice


def answer_all(state: State, dice: ChainDice, log: Log, given: dict[str, dict[str, Any]],
               verb: str) -> None:
    """Answer the open exchange: ``given`` for the seats named, an empty order for the
    others."""
    number = state["exchange"]["number"]
    while (prompt := gameplay.prompt(MODULE, state)) is not None and prompt.step == verb \
            and (state.get("exchange") or {}).get("number") == number:
        gameplay.apply(MODULE, state, prompt.role,
                       given.get(prompt.role, {"do": verb}), dice, log)


def first_seat_invading(state: State) -> tuple[str, dict[str, Any]]:
    """The seat answering first, and an invasion its realm can send (as random orders
    find one)."""
    prompt = gameplay.prompt(MODULE, state)
    assert prompt is not None and prompt.step == "season"
    rng = random.Random(1)
    for _ in range(50):
        for order in random_orders.season_orders(state, prompt.role, rng,
                                                 gameplay.knowledge(state, prompt.role)):
            if order.get("muster") and order["muster"][0].get("generals"):
                return prompt.role, dict(order["muster"][0])
    raise AssertionError(f"{prompt.role} finds no invasion")


def forces(state: State) -> list[dict[str, Any]]:
    return [f for x in state["round"]["battles"] for f in x["forces"]]


@pytest.mark.rule("chronicles:s9.1.face-down")
def test_a_placement_shows_its_shape_until_the_last_muster_opens() -> None:
    """The invader's season order sends a general and units: once the orders open, every
    player sees who placed, where, for which side and how many generals, nothing more; his
    pool and his general are untouched. When the last muster opens the forces are turned
    over, the units leave his pool and the general goes to the battle."""
    state, dice = fresh()
    role, placed = first_seat_invading(state)
    log = Log()
    pool_before = dict(state["realms"][role]["units"])
    answer_all(state, dice, log, {role: {"do": "season", "muster": [placed]}}, "season")
    shown = [f for f in forces(state) if f["who"] == role]
    assert len(shown) == 1
    assert shown[0]["shown_generals"] == len(placed["generals"])
    assert "units" not in shown[0] and "generals" not in shown[0]
    assert state["realms"][role]["units"] == pool_before
    general = placed["generals"][0]
    assert not str(state["generals"][general].get("task") or "").startswith("battle:")
    assert "face down" in "\n".join(log.lines())
    table = MODULE.describe(state, None)
    b = Board(state)
    n = len(placed["generals"])
    assert f"{b.name(role)} (invade): {n} general{'' if n == 1 else 's'}, face down" in table
    assert b.name(general) not in table.split("Battles this round:")[1].split("Territories")[0]
    answer_all(state, dice, log, {}, "muster")  # the second muster: everyone passes
    assert "units" not in next(f for f in forces(state) if f["who"] == role)
    mark = len(log.entries)
    answer_all(state, dice, log, {}, "muster")  # the last muster: battles follow
    text = "\n".join(line.text for line in log.entries[mark:])
    b = Board(state)
    assert "are turned over" in text
    shown = [line for line in text.splitlines() if f"{b.name(role)}'s forces in" in line]
    assert len(shown) == 1 and "are shown" in shown[0]
    assert b.name(general) in shown[0]
    for kind, n in placed["units"].items():
        assert f"{n} {kind}" in shown[0]


@pytest.mark.rule("chronicles:s10.3.roles")
def test_a_general_placed_face_down_is_not_placed_again_this_round() -> None:
    """A general sent face down in the season orders is spoken for: the second muster may
    not send him again (refused with the rule, nothing changes)."""
    state, dice = fresh()
    role, placed = first_seat_invading(state)
    log = Log()
    answer_all(state, dice, log, {role: {"do": "season", "muster": [placed]}}, "season")
    while (prompt := gameplay.prompt(MODULE, state)) is not None and prompt.role != role:
        gameplay.apply(MODULE, state, prompt.role, {"do": "muster"}, dice, log)
    assert prompt is not None and prompt.step == "muster"
    again = {**placed, "units": {}}
    with pytest.raises(IllegalAction) as err:
        gameplay.apply(MODULE, copy.deepcopy(state), role,
                       {"do": "muster", "muster": [again]}, dice, Log())
    assert err.value.rule == "s10.3.roles"
    assert "placed twice" in err.value.message


@pytest.mark.rule("chronicles:s9.1.face-down")
def test_what_a_placement_sends_must_be_what_it_showed() -> None:
    """A placement whose opened content sends no general though it showed one is dropped
    when the forces are turned over (only a patched pbem seals one), and the invasion it
    was comes to nothing."""
    state, dice = fresh()
    role, placed = first_seat_invading(state)
    log = Log()
    answer_all(state, dice, log, {role: {"do": "season", "muster": [placed]}}, "season")
    choice = inner_seals.choices(state, role)[0]
    assert choice["opened"]  # answered in clear: kept as opened at once
    for kept in state[inner_seals.KEY]["choices"][role]:
        kept["value"]["muster"][0]["generals"] = []  # shows one general, sends none
    answer_all(state, dice, log, {}, "muster")
    mark = len(log.entries)
    answer_all(state, dice, log, {}, "muster")
    text = "\n".join(line.text for line in log.entries[mark:])
    assert "is dropped: what it sends is not what it showed" in text
    assert "no battle" in text  # the invasion came to nothing


def test_games_begun_before_keep_their_forces_open() -> None:
    """A game whose options lack ``forces`` (begun before forces were face down) plays
    them open, as does ``forces: open``; an unknown value is refused."""
    assert "forces" not in MODULE.options(3, {})
    assert MODULE.options(3, MODULE.new_game_options({}))["forces"] == "face-down"
    with pytest.raises(UsageError):
        MODULE.options(3, {"forces": "hidden"})
    state, dice = fresh({"forces": "open"})
    assert sealed_forces.FLAG not in state
    role, placed = first_seat_invading(state)
    answer_all(state, dice, Log(), {role: {"do": "season", "muster": [placed]}}, "season")
    mine = [f for f in forces(state) if f["who"] == role]
    assert mine and mine[0]["units"] and mine[0]["generals"] == placed["generals"]


@pytest.mark.rule("chronicles:s10.3.roles")
def test_a_home_counts_its_own_face_down_placements_between_homes() -> None:
    """Between homes (the golden game, its published keys): at the second muster, the
    invader's own pbem reads what she sealed in the season orders and refuses to send the
    same general again, though no other seat can tell he is spoken for."""
    saves = recorded("golden-chronicles", "make-golden-chronicles")
    players = sample_players("golden-chronicles", saves[0])
    for prev in saves:
        due = prev.due or {}
        if due.get("step") != "muster" or (prev.state.get("exchange") or {}).get("number") != 2:
            continue
        role = due["role"]
        keys = seating.seat(prev.doc, role, players[role].key).keys
        mine = [e for value in inner_seals.earlier(prev.state, role, keys)
                for e in value.get("muster") or [] if e.get("generals")]
        if not mine:
            continue
        general = mine[0]["generals"][0]
        assert not str(prev.state["generals"][general].get("task") or "").startswith("battle")
        composer = session.Composer(prev, players[role])
        again = {k: v for k, v in mine[0].items() if k != "units"}
        with pytest.raises(IllegalAction) as err:
            composer.act({"do": "muster", "muster": [{**again, "generals": [general]}]})
        assert err.value.rule == "s10.3.roles" and "placed twice" in err.value.message
        return
    raise AssertionError("the golden game asks no invader at its second muster")


@pytest.mark.rule("chronicles:s9.1.face-down")
def test_through_the_command_line_only_the_writer_reads_her_placements(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Three keys on one machine: Ann's season orders invade with pbem apply; her sealed
    file holds neither the orders nor the placement, and her key reads back, inside it,
    only the placement's shape (what it sends stays sealed further in)."""
    monkeypatch.chdir(tmp_path)
    people, saves = kit.first_orders(("ann", "bea", "cid"), ("cao-cao", "sun-ce", "liu-biao"))
    asking = saves[-1]
    assert asking.due is not None and asking.due["role"] == "cao-cao"
    _, placed = first_seat_invading(asking.state)
    path = keeping.write_all(saves, tmp_path / "game")
    turn = tmp_path / "ann.yaml"
    turn.write_text(yaml.safe_dump([{"do": "season", "muster": [placed]}]))
    said = pbem("apply", str(path), str(turn), "--as", "ann")[1]
    assert "sealed" in said, said
    written = path.parent / passes_ahead.file_name(asking.game_id, asking.sequence, "cao-cao")
    text = written.read_text()
    assert "muster" not in text and placed["generals"][0] not in text
    keys = seating.seat(asking.doc, "cao-cao", people["ann"].key).keys
    sealed = passes_ahead.read(written).answer
    assert sealed_orders.reopen(asking.state, gameplay.game_prompt(MODULE, asking.state),
                                sealed, keys)["muster"] == [shape_of(placed)]


def test_the_writer_is_shown_her_own_sealed_placements() -> None:
    """In a save holding her sealed season orders (the golden game), pbem show gives their
    writer her placements as she wrote them, read back with her key; another seat's key
    reads nothing of them."""
    saves = recorded("golden-chronicles", "make-golden-chronicles")
    players = sample_players("golden-chronicles", saves[0])
    for save in saves:
        rnd = (save.state.get("sealed_orders") or {}).get("round") or {}
        for role, entry in (rnd.get("orders") or {}).items():
            if entry.get("envelope") is None:
                continue
            mine = check._sealed_answer(save, role, players[role])
            if not (mine and mine.get("muster")):
                continue
            assert "inner" not in mine
            assert all(isinstance(e["generals"], list) for e in mine["muster"] if "generals" in e)
            for other in (r for r in players if r != role):  # another's key reads nothing
                assert check._sealed_answer(save, role, players[other]) is None
            return
    raise AssertionError("no save of the golden game holds sealed orders with placements")


@pytest.mark.rule("chronicles:s9.1.face-down")
def test_the_table_shows_a_writer_what_her_face_down_forces_send() -> None:
    """Between homes (the golden game, its published keys): in the round's battles, the
    writer of a face-down placement reads what it sends beside its shape; every other
    seat, and a spectator, sees only the shape."""
    saves = recorded("golden-chronicles", "make-golden-chronicles")
    players = sample_players("golden-chronicles", saves[0])
    for save in saves:
        battles = (save.state.get("round") or {}).get("battles", [])
        face_down = [f for x in battles for f in x["forces"] if "sealed" in f]
        if not face_down:
            continue
        role = face_down[0]["who"]
        keys = seating.seat(save.doc, role, players[role].key).keys
        placed = inner_seals.earlier(save.state, role, keys)[0]["muster"][0]
        seen = {}
        for viewer in players:
            known = gameplay.viewer_knowledge(save.doc, save.state, viewer, players[viewer].key)
            seen[viewer] = gameplay.describe(MODULE, save.state, viewer, known)
        seen[None] = gameplay.describe(MODULE, save.state, None)
        board = Board(save.state)
        name, writer = board.name(placed["generals"][0]), board.name(role)

        def lines(text: str, writer: str = writer) -> list[str]:
            return [line for line in text.splitlines()
                    if line.strip().startswith(f"{writer} (") and "face down" in line]

        assert any("you sent" in line and name in line for line in lines(seen[role])), \
            seen[role]
        for viewer, text in seen.items():
            if viewer != role:
                assert lines(text) and not any("you sent" in line for line in lines(text))
        return
    raise AssertionError("the golden game has no placement face down in a save")
