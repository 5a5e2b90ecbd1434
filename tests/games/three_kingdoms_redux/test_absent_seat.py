"""An absent seat in Three Kingdoms Redux (docs/deadlines.md): it passes, its standing
orders stop asking, and — since every card another player reads needs each player's part
of it — the game ends by absence, the absent player forfeiting, as soon as it needs that
seat's secrets. Nobody else can give them."""

from __future__ import annotations

from pathlib import Path

from freezegun import freeze_time

from pbem import absence, claims, gameplay, games, savefile, selfplay
from pbem.games.three_kingdoms_redux.rules.absent_seats import DEFAULTS
from pbem.identity import LocalIdentity
from tests.security.kit import cli, labelled_key, salts

DEADLINE = {"answer": "2d", "grace": "12h"}


def _claimed_game(seed: int, after: int) -> tuple[selfplay.Result, str]:
    with freeze_time("2026-11-28 09:00:00") as clock:
        done: list[str] = []

        def interject(prev: savefile.SaveFile, by_key: dict[str, LocalIdentity]
                      ) -> savefile.SaveFile | None:
            if done or prev.sequence < after or prev.pending is not None \
                    or prev.due["step"] not in DEFAULTS:
                return None
            claimer = next(p for p in prev.players if p["role"] != prev.due["role"])
            clock.tick(3 * 86400)
            done.append(prev.due["role"])
            return claims.make(prev, by_key[claimer["key"]])

        result = selfplay.play("three-kingdoms-redux", 3, seed, dice="witnessed",
                               deadline=DEADLINE, interject=interject,
                               salts=salts(f"redux {seed}", 3),
                               keys=[labelled_key(f"redux {seed} {i}") for i in range(3)])
        selfplay.verify(result)
    return result, done[0]


def test_an_absent_state_passes_until_its_secrets_are_needed() -> None:
    """Claimed while bidding or choosing actions, the absent state's decisions are passes
    marked in the log; when a card must be read with its part, the game ends by absence:
    the absent player forfeits, no winner is named among the others, no audit is asked,
    and the whole chain re-checks."""
    result, absent = _claimed_game(2, 60)
    final = result.saves[-1]
    assert final.due is None
    assert absence.ended(final.state)
    outcome = gameplay.outcome(games.get("three-kingdoms-redux"), final.state)
    assert outcome["forfeit"] == [absent] and outcome["winner"] is None
    marked = [line for s in result.saves for line in s.doc["log"]
              if line.startswith("By default for the absent")]
    assert marked
    verbs = {line.split(": ", 1)[1].split()[0] for line in marked}
    assert verbs & {"pass", "decline-rest", "decline", "end-benefits", "stay-out"}
    assert any(line.startswith("The game ends by absence") for line in final.doc["log"])
    assert all(v != "ask" for v in final.state["orders"][absent].values())


def test_a_witness_who_withholds_a_roll_is_claimed_and_the_roll_is_void() -> None:
    """With hidden cards the witnesses answer a roll one after another; the one who does
    not answer in time is claimed: the request is dropped (its roll never made), the
    witness's seat is absent, and the chain re-checks."""
    with freeze_time("2026-11-28 09:00:00") as clock:
        claimed: list[savefile.SaveFile] = []

        def interject(prev: savefile.SaveFile, by_key: dict[str, LocalIdentity]
                      ) -> savefile.SaveFile | None:
            if claimed or prev.due["step"] != "witness" or prev.sequence < 20:
                return None
            claimer = prev.pending["by"]
            clock.tick(3 * 86400)
            made = claims.make(prev, by_key[prev.player(claimer)["key"]])
            claimed.append(made)
            return made

        result = selfplay.play("three-kingdoms-redux", 3, 4, dice="witnessed",
                               deadline=DEADLINE, interject=interject,
                               salts=salts("redux witness", 3),
                               keys=[labelled_key(f"redux witness {i}") for i in range(3)])
        selfplay.verify(result)
    assert claimed, "no witness save was due after save 20"
    index = next(i for i, s in enumerate(result.saves) if s.sha256 == claimed[0].sha256)
    request = result.saves[index - 1]
    made = result.saves[index]
    assert made.actions[0]["roles"] == [request.due["role"]]
    assert made.pending is None or made.pending["action"] == {"do": "defaults"}
    assert absence.absent(made.state) == [request.due["role"]]
    assert made.doc["dice"] == request.doc["dice"]


def test_pbem_claim_on_a_bidding_state_passes_for_it(tmp_path: Path) -> None:
    """`pbem claim` at a save waiting on a state's bid: the claim's log marks the absent
    state's pass, and the claim re-checks from the first save."""
    keys = [labelled_key(f"redux cli {i}") for i in range(3)]
    with freeze_time("2026-11-28 09:00:00"):
        result = selfplay.play("three-kingdoms-redux", 3, 3, dice="witnessed",
                               deadline=DEADLINE, salts=salts("redux cli", 3), keys=keys)
    index = next(i for i, s in enumerate(result.saves) if s.pending is None and s.due
                 and s.due["step"] == "bidding" and s.sequence > 20)
    saves = result.saves[:index + 1]
    folder = tmp_path / "game"
    folder.mkdir()
    for save in saves:
        (folder / savefile.file_name(save.game_id, save.sequence, save.writer)).write_bytes(
            save.raw)
    owner = saves[-1].player(saves[-1].due["role"])["key"]
    claimer = next(k for k in keys if k.public.line != owner)
    key_file = tmp_path / "claimer.key"
    key_file.write_bytes(claimer.to_openssh())
    last = folder / savefile.file_name(saves[-1].game_id, saves[-1].sequence, saves[-1].writer)
    with freeze_time("2026-12-28 09:00:00"):
        code, out, err = cli("claim", last, "--key", key_file)
    assert code == 0, err
    made = savefile.read(folder / savefile.file_name(
        saves[-1].game_id, saves[-1].sequence + 1, str(saves[-1].role_of(claimer.public))))
    marked = [line for line in made.doc["log"] if line.startswith("By default for the absent")]
    assert marked and marked[0].split(": ", 1)[1].startswith("pass"), made.doc["log"]
    assert "By default for the absent" in out
