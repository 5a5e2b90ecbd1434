"""Redux's key results: the big news of a stretch of play, found by the rule each log line
cites, for the finish dialog and the mail."""

from __future__ import annotations

from pbem import games
from tests.golden_replay import recorded

MODULE = games.get("three-kingdoms-redux")


def test_the_quiet_cases_of_a_key_rule_are_left_out() -> None:
    log = ["  Wei stations Jia Xu with 1 cavalry units at Xiao Yao Jin (battle.station)",
           "  Shu cannot station anyone: no empty location there matches (battle.station)",
           "  Wu constructs nothing (action.construct)",
           "  Wu constructs Granary (prerequisite 2 domestic, met; pays 3 gold) "
           "(action.construct)",
           "  Wei collects 2 spears (action.produce-spears-horses)",
           "# Update and Maintenance after round 3 (update.flip-criterion)",
           "  Wu takes the Han emperor token (update.pass-han-emperor)"]
    assert MODULE.key_results(log) == [
        "Wei stations Jia Xu with 1 cavalry units at Xiao Yao Jin",
        "Wu constructs Granary (prerequisite 2 domestic, met; pays 3 gold)",
        "Wu takes the Han emperor token"]


def test_the_last_save_of_the_golden_game_puts_the_winner_first() -> None:
    saves = recorded("golden-redux", "make-golden-redux")
    last = next(s for s in reversed(saves) if any("(end.winner)" in line
                                                   for line in s.doc["log"]))
    found = MODULE.key_results(last.doc["log"])
    assert found[0] == "Shu wins", found
    assert found[1].startswith("The game ends after round 12")
    assert sum(": military " in line for line in found) == 3  # each state's score
    quiet = [s for s in saves if s.doc["log"] and not MODULE.key_results(s.doc["log"])]
    assert len(quiet) > len(saves) // 2  # most saves hold no big news
