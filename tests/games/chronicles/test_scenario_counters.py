"""Chronicles scenarios with generals and objects: whom a general serves and where he is
(in his side's pool, free on the map, in the search pile, injured, captive, dead), which
side holds each object; the game plays on from there keeping every invariant, `pbem show`
shows them where the scenario put them, and every wrong field is refused in one line."""

from __future__ import annotations

import hashlib
import json
import random
import re
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from pbem import gameplay, games, savefile, strict_yaml
from pbem.dice import ChainDice
from pbem.engine import Log
from pbem.errors import UsageError
from pbem.games.chronicles import dataset, hand, objects
from pbem.games.chronicles.board import Board
from pbem.games.chronicles.records import FREE
from pbem.hidden import OpenSecrets
from tests.cli.test_commands import pbem
from tests.games.chronicles import invariants
from tests.games.chronicles.kit import random_order
from tests.games.chronicles.test_scenario import KIND, _started

MODULE = games.get(KIND)
DOCS = Path(__file__).resolve().parents[3] / "docs" / "scenarios.md"
SCENE: dict[str, Any] = {
    "year": 200, "season": "summer",
    "generals": {
        "guan-yu": {"employer": "cao-cao"},                            # taken into service
        "zhang-liao": {"employer": "free", "at": "xia-pi"},            # free on the map
        "xu-chu": {"status": "captive", "captor": "sun-ce"},           # Sun Ce's prisoner
        "dian-wei": {"status": "dead"},
        "zhou-yu": {"status": "injured", "healed": 20},                # fit for Winter 200
        "cai-mao": {"status": "undiscovered"},                         # in the search pile
        "sun-ce": {"status": "dead"},                                  # Sun Quan leads
        "lu-meng": {"status": "dead"},                                 # never found
    },
    "objects": {"jade-seal": "cao-cao", "chitoo-horse": "yuan-shu",
                "fine-horse": ["sun-ce", "liu-biao"], "guards": []},
}


def _by_kind(held: Counter[str], cards: dict[str, Any]) -> Counter[str]:
    """Objects counted by kind: a handle of the hidden deck by the card it stands for
    (open to the test: scenarios keep their cards in the open)."""
    out: Counter[str] = Counter()
    for name, number in held.items():
        out[hand.kind(cards[name]["card"]) if name in cards else hand.kind(name)] += number
    return out


def whole(state: dict[str, Any]) -> None:
    """The game's invariants, and no general or object in two places: every counter of
    each object is held once (a realm, a non-human, the supply, used, or an action under
    way), every general's place agrees with his status."""
    invariants.check(state)
    data = dataset.get(state.get("data"))
    held: Counter[str] = Counter()
    for realm in state["realms"].values():
        held.update(realm["objects"])
    for facts in state["non_human"].values():
        held.update(facts.get("objects", []))
    held.update(state["supply"]["objects"] + state["supply"]["used"])
    for act in state["round"]["actions"]:
        held.update(act.get("objects") or [])
        for side in ("backs", "hinders"):
            for share in act.get(side) or []:
                held.update(share.get("objects") or [])
    held.update(g["object"] for g in state["round"].get("guards") or [] if g.get("object"))
    secrets = state.get("secrets") or {}
    if objects.hidden_objects(Board(state)):
        held.update(secrets["decks"][objects.DECK])
    every = Counter({o.id: o.count for o in data.objects.values()})
    assert _by_kind(held, secrets.get("cards", {})) == every, held
    for gid, facts in state["generals"].items():
        assert (facts["captor"] is not None) == (facts["status"] == "captive"), gid
        assert facts["healed"] is None or facts["status"] == "injured", gid
        if facts["at"] is not None and not facts["task"]:
            assert facts["status"] == "free", gid
        if facts["status"] in ("free", "undiscovered") and facts["employer"] != FREE:
            assert facts["status"] == "undiscovered" and data.generals[gid].appears, gid
    for role, realm in state["realms"].items():
        leader = realm["leader"]
        assert leader is None or state["generals"][leader]["employer"] == role, role


def _opened(scene: dict[str, Any], seed: int) -> tuple[dict[str, Any], ChainDice, Log]:
    state = gameplay.opening(MODULE, MODULE.options(3, {}), scene)
    dice = ChainDice(hashlib.sha256(f"chronicles scenario {seed}".encode()).digest())
    log = Log()
    gameplay.start(MODULE, state, dice, log)
    return state, dice, log


def _play_on(state: dict[str, Any], dice: ChainDice, log: Log, seed: int,
             rounds: int) -> dict[str, Any]:
    """Random legal orders for ``rounds`` rounds, :func:`whole` checked after each."""
    rng = random.Random(seed)
    last = state["calendar"]["round"] + rounds
    while (prompt := gameplay.prompt(MODULE, state)) is not None \
            and state["calendar"]["round"] < last:
        state = random_order(state, prompt, rng, dice, log)
        whole(state)
    return state


def test_a_scenario_places_generals_and_objects() -> None:
    """Each general is where the scenario says, and has left his old place; Sun Ce dead,
    Sun Quan leads his realm; each object named lies with its holder and nowhere else, the
    counters not listed in the supply (before the opening draws take from it)."""
    state = MODULE.setup(MODULE.options(3, {}), SCENE)
    gens = state["generals"]
    assert gens["guan-yu"] == {"employer": "cao-cao", "status": "ready", "at": None,
                               "captor": None, "healed": None, "task": None}
    assert gens["zhang-liao"]["employer"] == FREE and gens["zhang-liao"]["at"] == "xia-pi"
    assert gens["zhang-liao"]["status"] == "free"
    assert gens["xu-chu"]["employer"] == "cao-cao" and gens["xu-chu"]["captor"] == "sun-ce"
    assert gens["dian-wei"]["status"] == "dead" and gens["zhou-yu"]["healed"] == 20
    assert gens["cai-mao"]["employer"] == FREE and gens["cai-mao"]["status"] == "undiscovered"
    assert state["realms"]["sun-ce"]["leader"] == "sun-quan"
    assert gens["lu-meng"]["employer"] == FREE and gens["lu-meng"]["status"] == "dead"
    assert gens["huang-zhong"]["status"] == "ready"  # his year (197) has come by 200
    assert state["realms"]["cao-cao"]["objects"] == ["jade-seal"]
    assert "jade-seal" not in state["non_human"]["yuan-shu"]["objects"]
    assert state["non_human"]["lu-bu"]["objects"] == []
    assert state["non_human"]["yuan-shu"]["objects"] == ["chitoo-horse"]
    assert state["realms"]["sun-ce"]["objects"] == ["fine-horse"]
    assert state["realms"]["liu-biao"]["objects"] == ["fine-horse"]
    supply = Counter(state["supply"]["objects"])
    assert supply["fine-horse"] == 0 and supply["guards"] == 3 and supply["jade-seal"] == 0


def test_the_example_of_the_docs_is_a_scenario_that_starts() -> None:
    """docs/scenarios.md's Chronicles example is read as `pbem new` reads it and starts a
    game that keeps every invariant."""
    section = DOCS.read_text(encoding="utf-8").split("## Chronicles of the Three Kingdoms")[1]
    example = strict_yaml.load(section.split("```yaml\n")[1].split("```")[0], str(DOCS))
    assert {"generals", "objects"} <= set(example)
    state, _, _ = _opened(example, 1)
    whole(state)
    assert state["generals"]["zhou-yu"] == {"employer": "sun-ce", "status": "injured",
                                            "at": None, "captor": None, "healed": 21,
                                            "task": None}
    assert state["realms"]["sun-ce"]["leader"] == "sun-quan"


def test_five_players_a_captive_leader_and_liu_beis_own_generals() -> None:
    """With Liu Bei seated he may employ Zhao Yun, and Zhuge Liang once his year has come;
    Cao Cao held by Sun Ce hands his realm to his most eloquent general and is remembered
    as its leader; the game plays a round on, keeping every invariant."""
    scene = {"year": 207, "season": "autumn",
             "generals": {"zhao-yun": {"employer": "liu-bei"},
                          "zhuge-liang": {"employer": "liu-bei"},
                          "cao-cao": {"status": "captive", "captor": "sun-ce"}},
             "objects": {"jade-seal": "liu-bei", "princess": ["yuan-shao"]}}
    state = gameplay.opening(MODULE, MODULE.options(5, {}), scene)
    realm = state["realms"]["cao-cao"]
    assert realm["held_leader"] == "cao-cao" and realm["leader"] not in (None, "cao-cao")
    assert state["generals"][realm["leader"]]["employer"] == "cao-cao"
    assert state["generals"]["zhuge-liang"]["status"] == "ready"
    dice = ChainDice(hashlib.sha256(b"chronicles scenario five").digest())
    log = Log()
    gameplay.start(MODULE, state, dice, log)
    whole(state)
    assert "jade-seal" in state["realms"]["liu-bei"]["objects"]
    _play_on(state, dice, log, 7, rounds=1)
    with pytest.raises(UsageError, match=re.escape("zhuge-liang.status: he comes into play "
                                                   "in 206")):
        MODULE.setup(MODULE.options(5, {}), {"year": 205, **{k: v for k, v in scene.items()
                                                             if k != "year"}})


def test_what_a_scenario_leaves_out_keeps_the_standard_setup() -> None:
    standard = MODULE.setup(MODULE.options(3, {}), None)
    scened = MODULE.setup(MODULE.options(3, {}), {"generals": {"guan-yu": {}}, "objects": {}})
    assert scened == standard  # guan-yu named with nothing: ready in his own service


@pytest.mark.parametrize("seed", [3, 4])
def test_a_game_from_a_scenario_with_generals_and_objects_plays_on(seed: int) -> None:
    """After the opening draws the prisoner and the jade seal are where the scenario put
    them; then two rounds of random legal orders, every invariant holding after each order
    and no general or object ever in two places."""
    state, dice, log = _opened(SCENE, seed)
    whole(state)
    assert "jade-seal" in state["realms"]["cao-cao"]["objects"]
    assert state["generals"]["xu-chu"]["captor"] == "sun-ce"
    state = _play_on(state, dice, log, seed, rounds=2)
    assert state["calendar"]["round"] == 20 or state["result"] is not None


def test_a_game_from_the_scenario_plays_to_its_end() -> None:
    """Random legal orders from Summer 200 to the game's end, every invariant and every
    general's and object's single place kept after each order."""
    state, dice, log = _opened(SCENE, 5)
    state = _play_on(state, dice, log, 5, rounds=1_000)
    assert state["result"] is not None and state["result"]["why"]


def test_a_scenario_game_through_the_session_shows_its_generals_and_objects() -> None:
    """Through new, join and the first save: the chain re-checks and the position holds
    the scenario's generals and objects."""
    started = _started(SCENE)
    state = started.state
    whole(state)
    assert state["generals"]["guan-yu"]["employer"] == "cao-cao"
    assert "jade-seal" in state["realms"]["cao-cao"]["objects"]
    assert "Guan Yu" in MODULE.describe(state)


def test_pbem_new_with_a_scenario_of_generals_and_objects_and_pbem_show(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`pbem new --scenario` writes the game; `pbem show` lists Guan Yu among Cao Cao's
    generals, and its JSON view has every general and object where the scenario put
    them."""
    monkeypatch.chdir(tmp_path)
    scene = tmp_path / "scene.yaml"
    scene.write_text(
        "year: 200\nseason: summer\n"
        "generals:\n"
        "  guan-yu: {employer: cao-cao}\n"
        "  zhang-liao: {employer: free, at: xia-pi}\n"
        "  xu-chu: {status: captive, captor: sun-ce}\n"
        "objects:\n"
        "  jade-seal: cao-cao\n"
        "  fine-horse: [sun-ce, liu-biao]\n")
    pbem("new", KIND, "--players", "3", "--hotseat", "--scenario", str(scene))
    save = max(tmp_path.glob("*/*.pbem.yaml"), key=lambda p: savefile.read(p).sequence)
    text = pbem("show", str(save))[1]
    cao = next(line for line in text.splitlines() if line.startswith("  generals (")
               and "Xun Yu" in line)
    assert "Guan Yu" in cao and "Xu Chu" not in cao
    view = json.loads(pbem("show", str(save), "--json")[1])["view"]
    assert view["generals"]["guan-yu"]["employer"] == "cao-cao"
    assert view["generals"]["zhang-liao"]["at"] == "xia-pi"
    assert view["generals"]["xu-chu"]["captor"] == "sun-ce"
    assert view["realms"]["cao-cao"]["objects"] == [{"entry": "jade-seal",
                                                     "object": "jade-seal"}]
    assert view["non_human"]["yuan-shu"]["objects"] == []
    assert view["realms"]["liu-biao"]["objects"] == [{"entry": "fine-horse",
                                                      "object": "fine-horse"}]


GEN = "scenario field generals."
OBJ = "scenario field objects"


@pytest.mark.parametrize("scene, says", [
    ({"generals": ["guan-yu"]}, "scenario field generals: is a mapping"),
    ({"generals": {"zhuo-lu": {}}}, GEN + "zhuo-lu: is not a general"),
    ({"generals": {"guan-yu": "cao-cao"}}, GEN + "guan-yu: is a mapping"),
    ({"generals": {"guan-yu": {"area": "xia-pi"}}}, GEN + "guan-yu.area: is not one of"),
    ({"generals": {"guan-yu": {"status": "asleep"}}}, GEN + "guan-yu.status: is one of"),
    ({"generals": {"guan-yu": {"employer": "dong-zhuo"}}},
     GEN + "guan-yu.employer: 'dong-zhuo' is not"),
    ({"generals": {"cao-cao": {"employer": "sun-ce"}}}, GEN + "cao-cao.employer: a leader's"),
    ({"generals": {"zhao-yun": {"employer": "cao-cao"}}},
     GEN + "zhao-yun.employer: of the players, only liu-bei"),
    ({"generals": {"sun-ce": {"status": "free"}}}, GEN + "sun-ce.status: a leader's own"),
    ({"generals": {"guan-yu": {"employer": "free", "status": "ready"}}},
     GEN + "guan-yu.status: a general serving nobody"),
    ({"generals": {"guan-yu": {"employer": "cao-cao", "status": "free"}}},
     GEN + "guan-yu.status: a free general serves nobody"),
    ({"generals": {"zhuge-jin": {"employer": "sun-ce"}}},
     GEN + "zhuge-jin.status: he comes into play in 200"),
    ({"generals": {"zhang-liao": {"status": "free", "at": "atlantis"}}},
     GEN + "zhang-liao.at: 'atlantis' is not an area"),
    ({"generals": {"zhang-liao": {"status": "free", "at": ["xia-pi"]}}},
     GEN + "zhang-liao.at: ['xia-pi'] is not an area"),
    ({"generals": {"guan-yu": {"employer": {"cao-cao": 1}}}},
     GEN + "guan-yu.employer: {'cao-cao': 1} is not"),
    ({"generals": {"guan-yu": {"at": "xia-pi"}}}, GEN + "guan-yu.at: only a free general"),
    ({"generals": {"ma-chao": {"status": "free", "at": "xia-pi"}}},
     GEN + "ma-chao.at: a general of loyalty X"),
    ({"generals": {"guan-yu": {"captor": "cao-cao"}}}, GEN + "guan-yu.captor: only a captive"),
    ({"generals": {"guan-yu": {"status": "captive"}}}, GEN + "guan-yu.captor: a captive"),
    ({"generals": {"guan-yu": {"status": "captive", "captor": "dong-zhuo"}}},
     GEN + "guan-yu.captor: 'dong-zhuo' is not"),
    ({"generals": {"guan-yu": {"status": "captive", "captor": "liu-bei"}}},
     GEN + "guan-yu.captor: nobody holds his own"),
    ({"generals": {"sun-quan": {"status": "captive", "captor": "cao-cao"}}},
     GEN + "sun-quan.status: a general of loyalty X dies"),
    ({"generals": {"guan-yu": {"healed": 5}}}, GEN + "guan-yu.healed: only an injured"),
    ({"generals": {"guan-yu": {"status": "injured", "healed": 1}}},
     GEN + "guan-yu.healed: is a whole number, 2 or more"),
    ({"objects": ["jade-seal"]}, OBJ + ": is a mapping"),
    ({"objects": {"sky-lantern": "cao-cao"}}, OBJ + ".sky-lantern: is not one of"),
    ({"objects": {"princess": {"cao-cao": 1}}}, OBJ + ".princess: is a holder"),
    ({"objects": {"jade-seal": ["cao-cao", "sun-ce"]}}, OBJ + ".jade-seal: names 2 holders"),
    ({"objects": {"jade-seal": "dong-zhuo"}}, OBJ + ".jade-seal: 'dong-zhuo' is not"),
    ({"objects": {"fine-horse": ["cao-cao", "dong-zhuo"]}},
     OBJ + ".fine-horse[1]: 'dong-zhuo' is not"),
    ({"objects": {"fine-horse": [["cao-cao"]]}}, OBJ + ".fine-horse[0]: ['cao-cao'] is not"),
    ({"areas": {"xia-pi": ["cao-cao"]}}, "scenario field areas.xia-pi: ['cao-cao'] is not"),
    ({"objects": {"princess": "lu-bu"}}, OBJ + ".princess: a non-human (lu-bu) keeps only"),
])
def test_a_wrong_general_or_object_is_refused_naming_its_field(scene: dict[str, Any],
                                                               says: str) -> None:
    with pytest.raises(UsageError, match=re.escape(says)):
        _started(scene)


@pytest.mark.parametrize("text, says", [
    ("generals:\n  guan-yu: {area: xia-pi}\n", "generals.guan-yu.area"),
    ("objects:\n  jade-seal: [cao-cao, sun-ce]\n", "objects.jade-seal"),
])
def test_pbem_new_refuses_a_wrong_general_or_object_in_one_line_and_writes_nothing(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str, says: str) -> None:
    monkeypatch.chdir(tmp_path)
    bad = tmp_path / "bad.yaml"
    bad.write_text(text)
    code, out = pbem("new", KIND, "--players", "3", "--hotseat", "--scenario", str(bad),
                     ok=False)
    assert code != 0 and f"scenario field {says}:" in out and "Traceback" not in out
    assert not list(tmp_path.glob("*/*.pbem.yaml"))
    assert not list(tmp_path.glob("**/*.pbem.yaml"))


def test_a_scenario_that_names_objects_skips_the_starting_draw() -> None:
    """Who holds which objects is the scenario's to say: the starting draw of 3.0 (one free
    object each) is skipped; a scenario that names none keeps it."""
    from pbem.games.chronicles.board import Board
    from pbem.games.chronicles.rules import setup

    named = gameplay.opening(MODULE, MODULE.options(3, {}),
                             {"objects": {"jade-seal": "cao-cao"}})
    before = {role: list(realm["objects"]) for role, realm in named["realms"].items()}
    setup.first_draws(Board(named))
    assert {role: realm["objects"] for role, realm in named["realms"].items()} == before
    assert before["cao-cao"] == ["jade-seal"]
    plain = gameplay.opening(MODULE, MODULE.options(3, {}), {"year": 198})
    dice = ChainDice(b"objects")
    secrets = OpenSecrets(plain, dice)
    secrets.shuffle_all()
    setup.first_draws(Board(plain, dice, Log(), secrets))
    assert all(len(realm["objects"]) == 1 for realm in plain["realms"].values())
