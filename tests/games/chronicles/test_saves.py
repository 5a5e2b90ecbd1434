"""Chronicles played as a chain of signed saves between homes: every season's orders
sealed side by side and opened unattended, and the chain re-checked from its first save."""

from __future__ import annotations

from pbem import selfplay

KIND = "chronicles-of-the-three-kingdoms"


def test_a_year_of_signed_saves_verifies_from_the_first_save() -> None:
    """Three seats play Spring 196 to Spring 197 with random orders; the whole chain of
    saves re-verifies, and every round opened the sealed orders of all but its last seat."""
    result = selfplay.play(KIND, 3, 11, until=lambda save: save.state["calendar"]["round"] > 4)
    last = result.saves[-1].state
    assert last["calendar"]["round"] == 5 and last["calendar"]["season"] == "spring"
    verdict = selfplay.verify(result)  # raises on any save that does not check
    assert len(verdict.chain) == len(result.saves)
    openings = [a for s in result.saves for a in s.actions
                if (a.get("answer") or a).get("do") == "unseal"]
    assert len(openings) >= 4 * 2, "each round opens every sealed season order"
