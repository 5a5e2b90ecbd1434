"""Chronicles scenarios: a game started from a described position (a later season, a
realm's treasury and units, who holds an area, relation levels); every wrong key, name
or value refused in one line naming it, nothing written."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from freezegun import freeze_time

from pbem import chain, identity, session
from pbem.errors import UsageError
from tests.cli.test_commands import pbem
from tests.security.kit import labelled_key

KIND = "chronicles-of-the-three-kingdoms"
SCENE = {"year": 200, "season": "autumn",
         "realms": {"cao-cao": {"gold": 40, "influence": 15, "units": {"infantry": 12}}},
         "areas": {"xia-pi": "cao-cao", "lo-yang": None},
         "relations": {"cao-cao": {"sun-ce": 2}}}


def _started(scene: dict[str, Any]) -> Any:
    """The scenario's game, the same on every run (fixed keys, salts and clock), through
    the first seat's season orders."""
    people = [identity.keygen(f"s{n}", key=labelled_key(f"chronicles scenario s{n}"))
              for n in range(3)]
    with freeze_time("2026-11-28 09:00:00"):
        saves = [session.new_game(KIND, people[0], [p.identity for p in people[1:]],
                                  {"players": 3}, scene, dice="open", game_id="5c" * 16,
                                  salt="0" * 32)]
        for n, person in enumerate(people[1:], start=1):
            saves.append(session.join(saves[-1], person, f"{n:032x}"))
    first = session.Composer(saves[-1], people[0])
    if first.my_move():  # (asked first, she may answer in her own save: nothing placed)
        first.act({"do": "season"})
    saves.append(first.finish())
    chain.verify(saves[-1], saves[:-1])
    return saves[-1]


def test_a_scenario_starts_the_game_from_its_position() -> None:
    """Autumn 200 is asked first; Cao Cao's treasury, Influence and infantry, Xia Pi's and
    Lo Yang's holders and Cao Cao's level toward Sun Ce are the scenario's; the chain of
    the game re-checks from its first save, which carries the scenario."""
    started = _started(SCENE)
    state = started.state
    assert state["calendar"] == {"year": 200, "season": "autumn", "round": 19}
    realm = state["realms"]["cao-cao"]
    assert realm["influence"] == 15 and realm["units"]["infantry"] == 12
    assert realm["gold"] >= 40  # (an autumn opening collects no tax)
    assert state["areas"]["xia-pi"]["holder"] == "cao-cao"
    assert state["areas"]["lo-yang"]["holder"] is None
    assert state["relations"]["cao-cao"]["sun-ce"] == 2
    assert started.due is not None and started.due["step"] == "season"
    assert "Autumn 200" in started.due["text"]


@pytest.mark.parametrize("scene, says", [
    ({"weather": "rain"}, "scenario field weather: is not a key"),
    ({"season": "monsoon"}, "scenario field season: is one of"),
    ({"year": 230}, "scenario field year: is a whole number, 196 to 220"),
    ({"realms": {"dong-zhuo": {"gold": 5}}}, "scenario field realms.dong-zhuo: is not a seated"),
    ({"realms": {"cao-cao": {"gold": -1}}}, "scenario field realms.cao-cao.gold"),
    ({"realms": {"cao-cao": {"units": {"elephants": 3}}}},
     "scenario field realms.cao-cao.units.elephants: is one of"),
    ({"areas": {"atlantis": "cao-cao"}}, "scenario field areas.atlantis: is not an area"),
    ({"areas": {"xia-pi": "dong-zhuo"}}, "scenario field areas.xia-pi: 'dong-zhuo'"),
    ({"relations": {"cao-cao": {"sun-ce": 12}}}, "relations.cao-cao.sun-ce: is a whole"),
])
def test_a_wrong_scenario_is_refused_naming_its_field(scene: dict[str, Any], says: str) -> None:
    with pytest.raises(UsageError, match=says.replace(".", r"\.").replace("(", r"\(")):
        _started(scene)


def test_pbem_new_refuses_a_wrong_scenario_in_one_line_and_writes_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    bad = tmp_path / "bad.yaml"
    bad.write_text("season: monsoon\n")
    code, out = pbem("new", KIND, "--players", "3", "--hotseat", "--scenario", str(bad),
                     ok=False)
    assert code != 0 and "season" in out and "Traceback" not in out
    assert not list(tmp_path.glob("*/*.pbem.yaml"))
