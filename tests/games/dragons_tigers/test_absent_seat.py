"""An absent seat in Dragons & Tigers (docs/deadlines.md): every default of the game's
table, taken through `pbem claim` at a save that waits on that decision, and a game that
goes on to its end with one seat absent and re-checks from its first save."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from freezegun import freeze_time

from pbem import absence, claims, savefile, selfplay
from pbem.games.dragons_tigers.orders import ORDERS
from pbem.games.dragons_tigers.rules.absent_seats import DEFAULTS
from pbem.identity import LocalIdentity
from pbem.signing import PrivateKey
from tests.security.kit import claim_once, cli, labelled_key, salts

DEADLINE = {"answer": "3d", "grace": "1d"}
START = "2026-11-28 09:00:00"
DECISIONS = tuple(DEFAULTS)


def _games(seeds: tuple[int, ...]) -> list[tuple[list[savefile.SaveFile], list[PrivateKey]]]:
    out = []
    for seed in seeds:
        keys = [labelled_key(f"absent {seed} {i}") for i in range(3)]
        result = selfplay.play("dragons-tigers", 3, seed, dice="open", keys=keys,
                               deadline=DEADLINE, salts=salts(f"absent {seed}", 3))
        out.append((result.saves, keys))
    return out


@pytest.fixture(scope="module")
def played() -> list[tuple[list[savefile.SaveFile], list[PrivateKey]]]:
    with freeze_time(START):
        return _games((1, 4))


def _waiting_on(played: Any, step: str) -> tuple[list[savefile.SaveFile], PrivateKey]:
    """The saves up to the first that waits on ``step``, and a key of another player."""
    for saves, keys in played:
        for index, save in enumerate(saves):
            if save.due and save.due["step"] == step and save.pending is None:
                owner = save.player(save.due["role"])["key"]
                other = next(k for k in keys if k.public.line != owner)
                return saves[:index + 1], other
    raise AssertionError(f"no game of the seeds waits on {step}")


def _claim_by_cli(saves: list[savefile.SaveFile], key: PrivateKey,
                  tmp_path: Path) -> savefile.SaveFile:
    folder = tmp_path / "game"
    folder.mkdir()
    for save in saves:
        (folder / savefile.file_name(save.game_id, save.sequence, save.writer)).write_bytes(
            save.raw)
    key_file = tmp_path / "claimer.key"
    key_file.write_bytes(key.to_openssh())
    last = folder / savefile.file_name(saves[-1].game_id, saves[-1].sequence,
                                       saves[-1].writer)
    with freeze_time("2026-12-30 09:00:00"):
        code, out, err = cli("claim", last, "--key", key_file)
    assert code == 0, err
    assert "Wrote" in out
    return savefile.read(folder / savefile.file_name(saves[-1].game_id,
                                                     saves[-1].sequence + 1,
                                                     str(saves[-1].role_of(key.public))))


def _marked(save: savefile.SaveFile) -> list[str]:
    return [line for line in save.doc["log"] if line.startswith("By default for the absent")]


def test_pbem_claim_on_a_turn_takes_every_turn_default_in_order(played: Any,
                                                                 tmp_path: Path) -> None:
    """`pbem claim` at a save waiting on the absent player's diplomacy: their whole turn is
    the table's defaults, each marked in the log in order (end diplomacy, end the levy,
    end movement, end the turn), and the claim re-checks on arrival."""
    saves, key = _waiting_on(played, "diplomacy")
    made = _claim_by_cli(saves, key, tmp_path)
    assert absence.absent(made.state) == [saves[-1].due["role"]]
    verbs = [line.split(": ", 1)[1].split()[0] for line in _marked(made)]
    turn = ["end-diplomacy", "end-levy", "end-movement", "end-turn"]
    assert verbs[:4] == turn, made.doc["log"]
    assert [DEFAULTS[step][0] for step in ("diplomacy", "levy", "movement", "end-turn")] \
        == turn


@pytest.mark.parametrize("step", ["activate", "draft-ranking", "end-turn"])
def test_pbem_claim_on_another_decision_takes_its_default(step: str, played: Any,
                                                          tmp_path: Path) -> None:
    """`pbem claim` at a save waiting on another decision: the default is the table's
    verb for that step, or else its first offer."""
    saves, key = _waiting_on(played, step)
    made = _claim_by_cli(saves, key, tmp_path)
    from pbem import games
    from pbem.gameplay import prompt

    offer = prompt(games.get("dragons-tigers"), saves[-1].state)
    wanted = DEFAULTS.get(step, (offer.actions[0].verb,))[0]
    marked = _marked(made)
    assert marked and marked[0].split(": ", 1)[1].split()[0] in (wanted, "activate",
                                                                  "rank"), marked


def test_the_questions_put_outside_a_turn_rank_their_defaults_first() -> None:
    """For the questions an absent seat's standing orders do not cover, the default the
    table names is tried first."""
    from pbem import games
    from pbem.engine import ActionSpec, Prompt

    module = games.get("dragons-tigers")
    for step, (verb, *_rest) in DEFAULTS.items():
        offers = tuple(ActionSpec(v, v) for v in ("zzz-other", verb))
        ranked = module.default_actions({}, Prompt("white", step, step, offers))
        assert ranked[0] == {"do": verb}


def test_a_claim_too_early_writes_nothing(played: Any, tmp_path: Path) -> None:
    """Before the deadline and grace have run out `pbem claim` refuses in one line and
    writes nothing."""
    saves, key = _waiting_on(played, "diplomacy")
    folder = tmp_path / "game"
    folder.mkdir()
    for save in saves:
        (folder / savefile.file_name(save.game_id, save.sequence, save.writer)).write_bytes(
            save.raw)
    key_file = tmp_path / "claimer.key"
    key_file.write_bytes(key.to_openssh())
    before = sorted(p.name for p in folder.iterdir())
    last = folder / savefile.file_name(saves[-1].game_id, saves[-1].sequence,
                                       saves[-1].writer)
    with freeze_time(START):
        code, _out, err = cli("claim", last, "--key", key_file)
    assert code != 0 and "too early" in err
    assert sorted(p.name for p in folder.iterdir()) == before


def test_an_absent_seat_asks_nothing_and_the_game_ends_normally() -> None:
    """One seat is claimed early in the game: its standing orders stop asking (an order
    set to `ask` takes its default, said in the log), every later decision of it is a
    marked default, nobody ever waits on it, and the game ends by its own rules; the whole
    chain re-checks."""
    with freeze_time(START) as clock:
        done: list[str] = []

        interject = claim_once(lambda prev: prev.sequence >= 30 and prev.pending is None
                               and prev.due["step"] in DECISIONS, clock, done)
        result = selfplay.play("dragons-tigers", 3, 1, dice="witnessed", deadline=DEADLINE,
                               interject=interject, salts=salts("whole", 3),
                               keys=[labelled_key(f"whole {i}") for i in range(3)])
        selfplay.verify(result)
    absent = done[0]
    after = next(i for i, s in enumerate(result.saves) if s.actions
                 and s.actions[0]["do"] == "claim")
    assert all(s.due is None or s.due["role"] != absent for s in result.saves[after:])
    assert all(s.writer != absent for s in result.saves[after:])
    final = result.saves[-1]
    assert final.state["result"] is not None and not absence.ended(final.state)
    assert all(v != "ask" for v in final.state["orders"][absent].values())
    marked = sum(line.startswith("By default for the absent")
                 for s in result.saves[after:] for line in s.doc["log"])
    assert marked >= 10


def test_standing_orders_that_ask_take_their_defaults_and_the_log_says_so() -> None:
    """A seat whose orders say `ask` is asked nothing once absent: each such order takes
    its default, named in the log; orders given another value stay."""
    from pbem.engine import Log
    from pbem.games.dragons_tigers.rules.absent_seats import seat_absent

    state = {"orders": {"white": {"retreat": "ask", "losses": "spare-main", "draft": "ask"}}}
    log = Log()
    seat_absent(state, "white", log, "White Tiger")
    assert state["orders"]["white"] == {"retreat": ORDERS["retreat"][1],
                                        "losses": "spare-main", "draft": ORDERS["draft"][1]}
    assert log.lines() == [f"White Tiger's standing orders answer for the absent seat: "
                           f"retreat {ORDERS['retreat'][1]}, draft {ORDERS['draft'][1]}"]


def test_with_witnessed_dice_defaults_that_roll_wait_for_the_others() -> None:
    """With witnessed dice, a claim whose defaults roll dice (the absent seat's turn goes
    on into its combats) ends as a request for those dice; the others answer, the claimer
    carries on, the defaults are taken with the dice nobody could foresee, and the chain
    re-checks."""
    from pbem import session, witness_answers

    with freeze_time(START) as clock:
        seen: list[savefile.SaveFile] = []

        def interject(prev: savefile.SaveFile, by_key: dict[str, LocalIdentity]
                      ) -> savefile.SaveFile | None:
            if seen or prev.pending is not None or prev.due["step"] not in DECISIONS \
                    or prev.sequence < 12:
                return None
            claimer = next(p for p in prev.players if p["role"] != prev.due["role"])
            clock.tick(5 * 86400)
            made = claims.make(prev, by_key[claimer["key"]])
            if made.pending is None:
                clock.tick(-5 * 86400)
                return None
            seen.append(made)
            return made

        result = selfplay.play("dragons-tigers", 3, 2, dice="witnessed", deadline=DEADLINE,
                               interject=interject, salts=salts("rolls", 3),
                               keys=[labelled_key(f"rolls {i}") for i in range(3)])
        selfplay.verify(result)
    assert seen, "no claim's defaults rolled dice"
    index = next(i for i, s in enumerate(result.saves) if s.sha256 == seen[0].sha256)
    request, carried = result.saves[index], result.saves[index + 1]
    assert request.pending["action"] == {"do": "defaults"}
    assert witness_answers.is_request(request)
    assert carried.writer == request.writer and carried.actions[0]["do"] == "defaults"
    assert carried.actions[0]["dice"]
    assert any(line.startswith("By default for the absent") for line in carried.doc["log"])
    del session

