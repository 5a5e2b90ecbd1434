"""A missing order lapses (notes 8, docs/deadlines.md "Answers that lapse"): after the
deadline and its grace another seat claims, "no counters placed" stands for the missing
order, and the seat stays at the table. Its pbem still opens the forces it placed face
down; if it does not, the next claim makes the seat absent."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from freezegun import freeze_time

from pbem import absence, claims, games, savefile
from tests.games.chronicles.late_seats import KIND, claimable, lapsed, withheld
from tests.security.kit import cli, tree

RULE = "chronicles:s4.0.simultaneous"


def _label(role: str) -> str:
    return games.get(KIND).role_label(role)


def _late(saves: tuple[savefile.SaveFile, ...], claim_at: int) -> str:
    return str(saves[claim_at].actions[0]["roles"][0])


@pytest.mark.rule(RULE)
def test_a_missing_season_order_lapses_and_the_seat_plays_on() -> None:
    """The season orders a seat owes are claimed after the deadline: the claim says the
    answer lapses, nothing placed stands for it in clear, the seat is never absent, answers
    its next orders itself, and the whole chain re-checks."""
    saves, (first, second) = lapsed()
    late = _late(saves, first)
    claim = saves[first]
    assert claim.actions[0]["lapse"] is True and len(claim.actions) == 2
    assert any(line.startswith(f"By default for the lapsed answer of {_label(late)}"
                               ": season orders (nothing placed)")
               for line in claim.doc["log"]), claim.doc["log"]
    entry = claim.state["sealed_orders"]["round"]["orders"][late]
    assert entry["order"] == {"do": "season"} and entry["commitment"] is None
    assert all(absence.absent(s.state) == [] for s in saves)
    own = [s for s in saves[first + 1:second] if s.writer == late
           and any(a["do"] in ("seal", "season", "muster") for a in s.actions)]
    assert own, "the seat whose orders lapsed never answered again"
    assert absence.lapses(saves[-1].state) == {late: 2}


@pytest.mark.rule(RULE)
def test_a_lapsed_last_muster_still_opens_the_forces_placed_face_down() -> None:
    """The last muster lapses for a seat with forces face down: a pass stands for its
    answer, yet its pbem is asked to open those forces (no decision), and they go to
    battle as placed."""
    saves, (_, second) = lapsed()
    late = _late(saves, second)
    name = _label(late)
    asked = next(s for s in saves[second:] if s.due and s.due["step"] == "unseal"
                 and s.due["role"] == late)
    assert "their answer lapsed" in asked.due["text"]
    after = [line for s in saves[second:] for line in s.doc["log"]]
    assert f"{name}'s choices sealed inside earlier answers are opened (s9.0.incremental)" \
        in after
    assert any(line.strip().startswith(f"{name}'s forces in ") and " are shown: " in line
               for line in after), after


@pytest.mark.rule(RULE)
def test_a_seat_that_does_not_open_its_forces_either_is_claimed_absent() -> None:
    """After its last muster lapsed, the seat's pbem does not open its forces by the
    deadline: an opening never lapses, so the claim makes the seat absent and its forces
    face down send nothing."""
    saves, (_, second, third) = withheld()
    late = _late(saves, second)
    name = _label(late)
    assert not claims.lapsable(saves[third - 1])
    assert "lapse" not in saves[third].actions[0]
    assert absence.absent(saves[-1].state) == [late]
    assert absence.lapses(saves[-1].state) == {late: 2}  # kept when the seat went absent
    after = [line for s in saves[third:] for line in s.doc["log"]]
    assert f"{name} is absent: the choices they sealed inside earlier answers are never " \
           "opened (s9.0.incremental)" in after
    assert any("was never opened: it sends nothing" in line for line in after), after


@pytest.mark.rule(RULE)
def test_pbem_claim_lapses_the_answer_or_with_absent_makes_the_seat_absent(
        tmp_path: Path) -> None:
    """`pbem show --json` says the question lapses; `pbem claim --dry-run --json` shows the
    answer lapsing and writes nothing;
    `--absent` makes the seat absent instead; the claim written is the lapse."""
    at = claimable(tmp_path)
    path, key, late = at.path, at.key, at.late
    with freeze_time(at.claimed.written):
        code, out, err = cli("show", path, "--json", "--key", key)
        assert code == 0 and json.loads(out)["prompt"]["lapses"] is True, err
        before = tree(tmp_path)
        code, out, err = cli("claim", path, "--dry-run", "--json", "--key", key)
        assert code == 0, err
        shown = json.loads(out)
        assert shown["absent"] == [] and shown["lapses"] == {late: 1}
        assert shown["due"]["role"] != late
        code, out, err = cli("claim", path, "--absent", "--dry-run", "--json", "--key", key)
        assert code == 0, err
        assert json.loads(out)["absent"] == [late]
        assert tree(tmp_path) == before
        code, out, err = cli("claim", path, "--key", key)
        assert code == 0, err
    written = savefile.read(path.parent / savefile.file_name(at.prev.game_id,
                                                             at.claimed.sequence, at.claimer))
    assert written.actions[0]["lapse"] is True
    assert "the answer lapses" in out
