"""A Card Game window that its player does not answer by the deadline (docs/deadlines.md):
once claimed, the absent seat passes every window, marked in the log; when another
player's card must be read with the absent seat's part, the game ends by absence."""

from __future__ import annotations

from freezegun import freeze_time

from pbem import absence, claims, gameplay, games, savefile, selfplay
from pbem.identity import LocalIdentity
from tests.security.kit import labelled_key, salts

KIND = "three-kingdoms-card-game"
DEADLINE = {"answer": "2d", "grace": "12h"}


def _claimed_in_a_window(seed: int) -> tuple[selfplay.Result, str]:
    with freeze_time("2026-11-28 09:00:00") as clock:
        done: list[str] = []

        def interject(prev: savefile.SaveFile, by_key: dict[str, LocalIdentity]
                      ) -> savefile.SaveFile | None:
            if done or prev.pending is not None or prev.due is None \
                    or prev.due["step"] != "window":
                return None
            claimer = next(p for p in prev.players if p["role"] != prev.due["role"])
            clock.tick(3 * 86400)
            done.append(prev.due["role"])
            return claims.make(prev, by_key[claimer["key"]])

        result = selfplay.play(KIND, 3, seed, dice="open", deadline=DEADLINE,
                               interject=interject, salts=salts(f"cardgame {seed}", 3),
                               keys=[labelled_key(f"cardgame {seed} {i}") for i in range(3)])
        selfplay.verify(result)
    return result, done[0]


def test_an_unanswered_window_passes_at_the_deadline() -> None:
    """A window left unanswered past the deadline and its grace is claimed; from then on
    the absent seat's windows pass by default (the log says so), and the game ends by
    absence once its secrets are needed, the whole chain re-checking."""
    result, absent = _claimed_in_a_window(1)
    marked = [line for s in result.saves for line in s.doc["log"]
              if line.startswith("By default for the absent")]
    assert any(": pass" in line for line in marked), marked
    final = result.saves[-1]
    assert absence.ended(final.state) or final.state["result"] is not None
    outcome = gameplay.outcome(games.get(KIND), final.state)
    assert outcome is not None
    if absence.ended(final.state):
        assert outcome["forfeit"] == [absent]
