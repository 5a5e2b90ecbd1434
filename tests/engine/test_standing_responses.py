"""Standing responses (pbem/responses.py): kept on the player's own machine, never in a
save, they answer the questions put to her while another player acts, unattended."""

from __future__ import annotations

from pathlib import Path

import pytest

from pbem import answering, games, responses, session, steps
from pbem.errors import UsageError
from pbem.identity import LocalIdentity
from pbem.savefile import SaveFile
from tests.security.kit import cli, labelled_key

KIND = "three-kingdoms-card-game"
SCENARIO = {
    "turn": {"role": "seat1", "start": "main"},
    "seats": {"seat1": {"lord": "cao-cao", "hand": ["assassin.1", "sniped.1"],
                        "lands": ["sili"]},
              "seat2": {"lord": "liu-bei", "hand": ["immobilized-by-the-golden-seal.1"],
                        "characters": [{"card": "zhang-fei"}]}},
}
BAG = {"window": [{"play": "immobilized-by-the-golden-seal", "against": ["event"],
                   "aimed_at": "lord"}, "pass"]}


def _people() -> list[LocalIdentity]:
    return [LocalIdentity(n, labelled_key(f"standing responses {n}")) for n in ("ann", "bo")]


def _window(target: str) -> tuple[SaveFile, LocalIdentity]:
    """Seat 1 plays an Assassin at ``target``: the save that asks seat 2 to answer."""
    ann, bo = _people()
    saves = [session.new_game(KIND, ann, [bo.identity], None, SCENARIO, dice="open",
                              game_id="5e1f" * 8, salt="a" * 32)]
    saves.append(session.join(saves[-1], bo, "b" * 32))
    first = saves[-1]
    made = session.Composer(first, ann)
    hand = first.state["hands"]["seat1"]
    made.act({"do": "play-event", "card": hand[0], "target": target})
    save = made.finish()
    assert save.due is not None and save.due["role"] == "seat2"
    assert save.due["step"] == "window"
    return save, bo


def test_a_standing_response_plays_the_counter_it_names(tmp_path: Path) -> None:
    """With 'play the Seal against an event aimed at my lord', seat 2's pbem answers an
    Assassin at her lord with the Seal, unattended, in a save signed by her."""
    save, bo = _window("liu-bei")
    responses.store(games.get(KIND), save, BAG, "test")
    made = responses.answer(save, bo)
    assert made is not None and made.role_of(bo.key.public) == "seat2"
    assert made.actions[0]["do"] == "play"
    assert made.state["chain"][-1]["card"] == "immobilized-by-the-golden-seal.1"
    assert made.sha256 in responses.written()


def test_a_rule_that_does_not_fit_falls_through_to_pass(tmp_path: Path) -> None:
    """The same rule does not fire for an Assassin aimed at another of her characters:
    the next rule, pass, answers, and the Seal stays in her hand."""
    save, bo = _window("zhang-fei")
    responses.store(games.get(KIND), save, BAG, "test")
    made = responses.answer(save, bo)
    assert made is not None and [a["do"] for a in made.actions] == ["pass"]
    assert len(made.state["hands"]["seat2"]) == 1


def test_without_a_response_the_player_is_asked(tmp_path: Path) -> None:
    """No standing response, or 'ask': pbem writes nothing for her."""
    save, bo = _window("liu-bei")
    assert responses.answer(save, bo) is None
    responses.store(games.get(KIND), save, {"window": "ask"}, "test")
    assert responses.answer(save, bo) is None


def test_pass_answers_every_window(tmp_path: Path) -> None:
    """'window: pass' passes, even with a counter in hand."""
    save, bo = _window("liu-bei")
    responses.store(games.get(KIND), save, {"window": "pass"}, "test")
    made = responses.answer(save, bo)
    assert made is not None and [a["do"] for a in made.actions] == ["pass"]


@pytest.mark.parametrize(("given", "message"), [
    ({"main": "pass"}, "main: not a question"),
    ({"window": [{"play": "assassin"}]}, "needs no aim"),
    ({"window": ["pass", {"play": "immobilized-by-the-golden-seal"}]}, "pass ends the list"),
    ({"window": [{"play": "immobilized-by-the-golden-seal", "aimed_at": "heart"}]},
     "aimed_at is one of"),
    ({"trade": "accept"}, "refuse or ask"),
])
def test_responses_the_game_does_not_understand_are_refused(
        tmp_path: Path, given: dict[str, object], message: str) -> None:
    """Each wrong response is refused in one line naming the step; nothing is kept."""
    save, _ = _window("liu-bei")
    with pytest.raises(UsageError) as info:
        responses.store(games.get(KIND), save, given, "mine.yaml")
    assert message in info.value.message and "mine.yaml" in info.value.message
    assert responses.load(save.game_id) == {}


def test_pbem_respond_sets_shows_and_clears(tmp_path: Path) -> None:
    """The command keeps the file's responses on this machine, shows them, forgets them;
    a wrong file is one line and a non-zero exit."""
    save, bo = _window("liu-bei")
    path = tmp_path / "save.pbem.yaml"
    path.write_bytes(save.raw)
    key = tmp_path / "bo.key"
    key.write_bytes(bo.key.to_openssh())
    good = tmp_path / "good.yaml"
    good.write_text("window: pass\ntrade: refuse\n")
    code, out, err = cli("respond", str(path), "--file", str(good), "--key", str(key))
    assert code == 0, err
    code, out, _ = cli("respond", str(path), "--key", str(key))
    assert code == 0 and "window: pass" in out and "trade: refuse" in out
    bad = tmp_path / "bad.yaml"
    bad.write_text("trade: accept\n")
    code, _, err = cli("respond", str(path), "--file", str(bad), "--key", str(key))
    assert code != 0 and len(err.strip().splitlines()) == 1 and "trade" in err
    code, out, _ = cli("respond", str(path), "--clear", "--key", str(key))
    assert code == 0 and responses.load(save.game_id) == {}


def test_a_war_card_response_defends_and_never_attacks(tmp_path: Path) -> None:
    """'war-card: infantry' picks the defender's card unattended; the attacking player is
    still asked for hers."""
    from pbem.games.three_kingdoms_card_game import responses as card_responses

    module = games.get(KIND)
    save, _ = _window("liu-bei")
    state = dict(save.state)
    state["turn"] = {**state["turn"], "role": "seat1"}
    asked = type("Asked", (), {"step": "war-card", "role": "seat2"})()
    assert module.respond(state, asked, {}, "infantry") == {
        "do": "war-card", "card": "infantry"}
    assert card_responses.respond(state, "war-card", "seat1", {}, "infantry") is None
    with pytest.raises(UsageError):
        responses.store(module, save, {"war-card": "spearmen"}, "mine.yaml")


def test_the_steps_a_pbem_answers_unattended_are_the_ones_standing_responses_skip() -> None:
    """What ``pbem watch`` answers by itself and what standing responses treat as a
    machine's step are one list: a step added to one is in the other."""
    assert set(answering.AUTOMATIC) == set(steps.UNATTENDED_STEPS)
