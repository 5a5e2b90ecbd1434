"""Section 3, Setup: the opening position, the kingdom draft and main kingdoms."""

from __future__ import annotations

import pytest

from pbem.errors import UsageError
from tests.games.dragons_tigers.kit import Game, pick_by_pick

FREE_RETAINERS = ["sima-yi", "pang-tong", "lu-xun", "xu-shu", "xun-yu", "guo-jia", "lu-su",
                  "cheng-yu", "jia-xu", "fa-zheng", "taishi-ci", "lu-meng", "wei-yan",
                  "gan-ning", "xu-huang", "zuo-ci"]


def chars_at(game: Game, area: str) -> set[str]:
    return {cid for cid, e in game.state["chars"].items() if e["at"] == area}


def run_draft(game: Game, picks: list[tuple[str, str]]) -> None:
    for role, kid in picks:
        assert game.prompt().role == role
        game.act(role, {"do": "pick", "kingdom": kid})


# ---------------------------------------------------------------------- 3.1 the draft


@pytest.mark.rule("3.1(A)")
def test_draft_offers_only_the_nine_original_kingdoms() -> None:
    """Each player takes a main kingdom and two allies, all from the nine original
    kingdoms; Dong Zhuo, Zhang Lu and Lü Bu (the Traitorous kingdoms) can never be picked,
    neither in the draft nor when kingdoms are agreed at creation."""
    game = Game(players=2, orders=pick_by_pick())
    game.start(6, 1)
    offered = {a["kingdom"] for a in game.offered("pick")}
    assert offered == {"cao-cao", "liu-bei", "sun-wu", "yuan-shao", "gongsun-zan", "yuan-shu",
                       "liu-zhang", "liu-biao", "ma-teng"}
    game.refuse("blue", {"do": "pick", "kingdom": "dong-zhuo"}, rule="3.1(A)")
    game.refuse("blue", {"do": "pick", "kingdom": "zhang-lu"}, rule="3.1(A)")
    game.act("blue", {"do": "pick", "kingdom": "cao-cao"})
    assert game.owner("cao-cao") == "blue"
    # a kingdom already taken is not offered again
    assert {"do": "pick", "kingdom": "cao-cao"} not in game.offered("pick")
    game.refuse("white", {"do": "pick", "kingdom": "cao-cao"}, rule="3.1(A)")
    with pytest.raises(UsageError, match=r"3\.1\(A\)"):
        Game(players=2, options={"kingdoms": {"blue": ["cao-cao", "liu-bei", "dong-zhuo"],
                                              "white": ["yuan-shao", "yuan-shu", "liu-biao"]}})


@pytest.mark.rule("3.1(B)")
@pytest.mark.rule("3.1(C)")
def test_high_roller_picks_first_fourth_fifth_other_second_third_sixth() -> None:
    """Both players roll a die; the higher roll takes the 1st, 4th and 5th kingdoms and the
    other player the 2nd, 3rd and 6th (a snake draft). White rolls 5 against Blue's 2, so
    the picks go White, Blue, Blue, White, White, Blue; a pick out of turn is refused."""
    game = Game(players=2, orders=pick_by_pick())
    lines = game.start(2, 5)
    assert lines == ["Rolls: Blue Dragon 2, White Tiger 5 (3.1(B))",
                     "Draft order: White Tiger, Blue Dragon (3.1(B))"]
    game.refuse("blue", {"do": "pick", "kingdom": "cao-cao"}, rule="3.1(B)")
    game.act("white", {"do": "pick", "kingdom": "cao-cao"})
    game.refuse("white", {"do": "pick", "kingdom": "liu-bei"}, rule="3.1(C)")
    run_draft(game, [("blue", "liu-biao"), ("blue", "yuan-shao")])
    game.refuse("blue", {"do": "pick", "kingdom": "liu-bei"}, rule="3.1(B)")
    run_draft(game, [("white", "liu-bei"), ("white", "sun-wu")])
    game.refuse("white", {"do": "pick", "kingdom": "ma-teng"}, rule="3.1(C)")
    run_draft(game, [("blue", "ma-teng")])
    assert sorted(k for k, v in game.state["kingdoms"].items() if v["owner"] == "white") == \
        ["cao-cao", "liu-bei", "sun-wu"]
    assert sorted(k for k, v in game.state["kingdoms"].items() if v["owner"] == "blue") == \
        ["liu-biao", "ma-teng", "yuan-shao"]


@pytest.mark.rule("3.1(B)")
@pytest.mark.rule("3.1(A)")
def test_draft_tie_rerolled_and_main_named_after_draft() -> None:
    """Tied draft rolls are rolled again (rules-notes 2). Main kingdoms are named only
    when all six picks are made, in draft order; the first turn of Round 1 then begins."""
    game = Game(players=2, orders=pick_by_pick())
    lines = game.start(4, 4, 6, 3)
    assert lines == ["Rolls: Blue Dragon 4, White Tiger 4 (3.1(B))",
                     "Tie between Blue Dragon and White Tiger: they roll again",
                     "Rolls: Blue Dragon 6, White Tiger 3 (3.1(B))",
                     "Draft order: Blue Dragon, White Tiger (3.1(B))"]
    run_draft(game, [("blue", "cao-cao"), ("white", "yuan-shao"), ("white", "yuan-shu"),
                     ("blue", "liu-bei"), ("blue", "sun-wu")])
    assert game.prompt().step == "draft"  # no main kingdom before the last pick
    game.act("white", {"do": "pick", "kingdom": "liu-biao"})
    assert game.prompt().role == "blue" and game.prompt().step == "main-kingdom"
    assert game.offered("main") == [{"do": "main", "kingdom": k}
                                    for k in ("cao-cao", "liu-bei", "sun-wu")]
    game.refuse("blue", {"do": "main", "kingdom": "yuan-shao"}, rule="3.2")
    game.act("blue", {"do": "main", "kingdom": "liu-bei"})
    assert game.prompt().role == "white"
    lines = game.act("white", {"do": "main", "kingdom": "liu-biao"}, 2)
    assert lines[0] == "White Tiger makes Liu Biao 劉表 the main kingdom; the others are " \
                       "allied kingdoms (3.2)"
    assert [k for k, v in game.state["kingdoms"].items() if v["main"]] == ["liu-bei",
                                                                           "liu-biao"]
    assert game.t.main_of("blue") == "liu-bei" and game.t.main_of("white") == "liu-biao"
    # the second chit of the pool is pulled: the White Tiger faction chit
    assert game.prompt().role == "white" and game.prompt().step == "activate"


@pytest.mark.rule("3.1(B)")
@pytest.mark.rule("3.1(C)")
@pytest.mark.rule("3.1(A)")
def test_ranked_draft_takes_one_ranking_from_each_player() -> None:
    """By default (standing order draft: rank) each player gives one ranking of the
    kingdoms, in seat order, before the first pick: the snake draft then gives each pick
    the first kingdom of its player's ranking still free, and each player's first kingdom
    becomes his main kingdom (rules-notes 71). Blue rolls higher and picks 1st, 4th and
    5th. Places left out follow the rulebook's order of the nine kingdoms."""
    game = Game(players=2)
    game.start(5, 2)
    prompt = game.prompt()
    assert (prompt.role, prompt.step, prompt.rule) == ("blue", "draft-ranking", "3.1")
    assert [p.name for p in prompt.actions[0].params] == [
        "first", "second", "third", "fourth", "fifth", "sixth"]
    game.refuse("white", {"do": "rank", "first": "ma-teng"})
    game.refuse("blue", {"do": "pick", "kingdom": "liu-bei"}, rule="3.1")
    game.refuse("blue", {"do": "rank", "first": "dong-zhuo"}, rule="3.1(A)")
    game.refuse("blue", {"do": "rank", "first": ["cao-cao"]}, rule="3.1(A)")
    game.refuse("blue", {"do": "rank", "first": "cao-cao", "tenth": "ma-teng"}, rule="3.1")
    lines = game.act("blue", {"do": "rank", "first": "liu-bei", "second": "cao-cao"})
    assert lines == ["  Blue Dragon ranks the kingdoms: Liu Bei 劉備, Cao Cao 曹操, Sun Wu 孫吳, "
                     "Yuan Shao 袁紹, Gongsun Zan 公孫瓚, Yuan Shu 袁術; then the others in the "
                     "rulebook's order (3.1)"]
    assert game.prompt().role == "white" and game.prompt().step == "draft-ranking"
    # White wants Liu Bei too, then Ma Teng and Cao Cao; the first turn's chit is Blue's
    lines = game.act("white", {"do": "rank", "first": "liu-bei", "second": "ma-teng",
                               "third": "cao-cao", "fourth": "ma-teng"}, 1)
    picks = [line for line in lines if "standing order draft" in line]
    assert picks == [
        "Blue Dragon's standing order draft: rank — takes Liu Bei 劉備, choice 1 of the "
        "ranking (3.1(B))",
        "White Tiger's standing order draft: rank — takes Ma Teng 馬騰, choice 2 of the "
        "ranking (3.1(C))",
        "White Tiger's standing order draft: rank — takes Cao Cao 曹操, choice 3 of the "
        "ranking (3.1(C))",
        "Blue Dragon's standing order draft: rank — takes Sun Wu 孫吳, choice 3 of the "
        "ranking (3.1(B))",
        "Blue Dragon's standing order draft: rank — takes Yuan Shao 袁紹, choice 4 of the "
        "ranking (3.1(B))",
        "White Tiger's standing order draft: rank — takes Gongsun Zan 公孫瓚, choice 6 of the "
        "ranking (3.1(C))",
        "Blue Dragon's standing order draft: rank — makes Liu Bei 劉備, the highest ranked, "
        "the main kingdom; the others are allied kingdoms (3.2)",
        "White Tiger's standing order draft: rank — makes Ma Teng 馬騰, the highest ranked, "
        "the main kingdom; the others are allied kingdoms (3.2)"]
    assert game.t.kingdoms_of("blue") == ["liu-bei", "sun-wu", "yuan-shao"]
    assert game.t.kingdoms_of("white") == ["ma-teng", "cao-cao", "gongsun-zan"]
    assert game.prompt().role == "blue" and game.prompt().step == "activate"


@pytest.mark.rule("3.1(A)")
@pytest.mark.rule("12.2.1(A)")
def test_a_ranking_and_picks_one_at_a_time_mix() -> None:
    """A player whose standing order is draft: ask picks one kingdom at a time while the
    others' rankings pick for them; with three players a ranking has nine places."""
    game = Game(players=3, orders={"white": {"draft": "ask"}})
    game.start(6, 4, 2)  # Blue first, then White, then Vermilion
    prompt = game.prompt()
    assert prompt.role == "blue" and len(prompt.actions[0].params) == 9
    game.act("blue", {"do": "rank", "first": "cao-cao"})
    assert game.prompt().role == "vermilion"  # White is not asked for a ranking
    game.act("vermilion", {"do": "rank", "first": "sun-wu"})
    assert game.t.kingdoms_of("blue") == ["cao-cao"]
    assert game.prompt().role == "white" and game.prompt().step == "draft"
    assert {a["kingdom"] for a in game.offered("pick")} == {
        "liu-bei", "sun-wu", "yuan-shao", "gongsun-zan", "yuan-shu", "liu-zhang", "liu-biao",
        "ma-teng"}
    game.act("white", {"do": "pick", "kingdom": "sun-wu"})
    # picks 3 and 4 are Vermilion's: Sun Wu is gone, so the rulebook's order follows
    assert game.t.kingdoms_of("vermilion") == ["liu-bei", "yuan-shao"]
    assert game.prompt().role == "white" and game.prompt().step == "draft"  # pick 5


@pytest.mark.rule("3.1(D)")
def test_unchosen_kingdoms_stay_neutral_on_the_map() -> None:
    """The three kingdoms nobody drafts are neutral: they belong to no player, keep their
    pieces at home, and their chits stay out of the activation pool."""
    game = Game(players=2, orders=pick_by_pick())
    game.start(3, 1)
    lines: list[str] = []
    for role, kid in [("blue", "cao-cao"), ("white", "yuan-shao"), ("white", "yuan-shu"),
                      ("blue", "liu-bei"), ("blue", "sun-wu"), ("white", "liu-biao")]:
        lines = game.act(role, {"do": "pick", "kingdom": kid})
    assert lines[1:] == ["  Gongsun Zan 公孫瓚 stays neutral (3.1(D))",
                         "  Liu Zhang 劉璋 (Liu Yan) stays neutral (3.1(D))",
                         "  Ma Teng 馬騰 stays neutral (3.1(D))"]
    for kid, home in (("gongsun-zan", "youzhou"), ("liu-zhang", "chengdu"),
                      ("ma-teng", "liangzhou")):
        assert game.owner(kid) is None and game.status(kid) == "in-play"
        assert game.t.is_neutral(kid)
        assert game.armies(home, kid) == 10 and game.controller(home) == kid
    game.act("blue", {"do": "main", "kingdom": "cao-cao"})
    game.act("white", {"do": "main", "kingdom": "yuan-shao"}, 1)
    chits = game.state["pool"] + game.state["drawn"]
    assert "chit:gongsun-zan" not in chits and "chit:liu-zhang" not in chits
    assert "chit:ma-teng" not in chits


# ---------------------------------------------------------------------- 3.2 main kingdoms


def _neutralising_diplomacy_game() -> Game:
    return Game({
        "kingdoms": {"cao-cao": {"owner": "blue", "main": True},
                     "liu-bei": {"owner": "blue"}, "sun-wu": {"owner": "blue"},
                     "yuan-shao": {"owner": "white", "main": True},
                     "yuan-shu": {"owner": "white"}, "liu-biao": {"owner": "white"}},
        "turn": {"kingdom": "liu-bei", "phase": "diplomacy"},
    })


@pytest.mark.rule("3.2(A)")
def test_main_kingdom_cannot_be_made_neutral() -> None:
    """A player's main kingdom can never be turned neutral by diplomacy: Liu Bei
    (diplomacy 2) may try White's allies Yuan Shu and Liu Biao, never White's main kingdom
    Yuan Shao."""
    game = _neutralising_diplomacy_game()
    targets = {a["target"] for a in game.offered("negotiate")}
    assert targets == {"yuan-shu", "liu-biao", "gongsun-zan", "liu-zhang", "ma-teng"}
    game.refuse("blue", {"do": "negotiate", "character": "liu-bei", "target": "yuan-shao"},
                rule="3.2(A)")
    lines = game.act("blue", {"do": "negotiate", "character": "liu-bei",
                              "target": "yuan-shu"}, 1)
    assert lines == ["» Liu Bei 劉備, diplomacy 2, rolls 1+1=2: Yuan Shu 袁術 leaves White "
                     "Tiger and becomes neutral (4.3(B))"]
    assert game.owner("yuan-shu") is None and game.owner("yuan-shao") == "white"


@pytest.mark.rule("3.2(A)")
def test_main_kingdom_is_never_the_target_of_a_betrayal_check() -> None:
    """A main kingdom never betrays its player in battle: when Cao Cao (diplomacy 2)
    attacks a stack of White's main kingdom Yuan Shao and White's ally Yuan Shu, only Yuan
    Shu can be the target of his betrayal check."""
    game = Game({
        "kingdoms": {"cao-cao": {"owner": "blue", "main": True},
                     "yuan-shao": {"owner": "white", "main": True},
                     "yuan-shu": {"owner": "white"}},
        "pieces": {"yanzhou": {"armies": {"cao-cao": 4}, "characters": ["xiahou-dun"]},
                   "xuchang": {"armies": {"cao-cao": 6, "yuan-shao": 3, "yuan-shu": 3},
                               "characters": ["cao-cao"]},
                   "bohai": {"armies": {"yuan-shao": 5}, "characters": ["yuan-shao"]},
                   "nanyang": {"armies": {"yuan-shu": 5}, "characters": ["yuan-shu"]}},
        "control": {"xuchang": "yuan-shao"},
        "turn": {"kingdom": "cao-cao", "phase": "combat"},
    })
    assert game.advance() == ["Combat in Xuchang 許昌: Blue Dragon (Cao Cao) attacks White "
                              "Tiger (Yuan Shao + Yuan Shu) (5)"]
    assert game.prompt().step == "betrayal-check"
    assert game.offered("check") == [{"do": "check", "character": "cao-cao",
                                      "target": "yuan-shu"}]
    game.refuse("blue", {"do": "check", "character": "cao-cao", "target": "yuan-shao"})


@pytest.mark.rule("3.2(B)")
def test_main_kingdom_may_change_at_end_of_turn() -> None:
    """When a turn ends its player may name another of his kingdoms as main kingdom; the
    old main kingdom becomes an ally. A kingdom of the other player cannot be named."""
    game = Game({
        "kingdoms": {"cao-cao": {"owner": "blue", "main": True},
                     "liu-bei": {"owner": "blue"}, "sun-wu": {"owner": "blue"},
                     "yuan-shao": {"owner": "white", "main": True},
                     "yuan-shu": {"owner": "white"}, "liu-biao": {"owner": "white"}},
        "turn": {"kingdom": "liu-bei", "phase": "end"},
    })
    assert game.prompt().role == "blue"
    assert game.offered("end-turn") == [{"do": "end-turn"},
                                        {"do": "end-turn", "main": "liu-bei"},
                                        {"do": "end-turn", "main": "sun-wu"}]
    game.refuse("blue", {"do": "end-turn", "main": "yuan-shu"}, rule="3.2(B)")
    pool = list(game.state["pool"])
    lines = game.act("blue", {"do": "end-turn", "main": "sun-wu"},
                     pool.index("chit:white") + 1)
    assert lines[0] == "Blue Dragon makes Sun Wu 孫吳 the main kingdom (3.2(B))"
    assert game.t.main_of("blue") == "sun-wu"
    assert not game.state["kingdoms"]["cao-cao"]["main"]
    assert game.owner("cao-cao") == "blue"


@pytest.mark.rule("3.2(C)")
def test_new_main_kingdom_chosen_when_main_is_eliminated() -> None:
    """If a player's main kingdom is eliminated in battle he names one of his allied
    kingdoms as the new main kingdom. Yuan Shu, White's main kingdom, has only his warlord
    left, alone in Xuchang; Cao Cao's armies march in, the warlord has nowhere to go and
    dies, and White (standing order new_main: ask) chooses Yuan Shao or Liu Biao."""
    game = Game({
        "kingdoms": {"cao-cao": {"owner": "blue", "main": True},
                     "yuan-shu": {"owner": "white", "main": True},
                     "yuan-shao": {"owner": "white"}, "liu-biao": {"owner": "white"}},
        "pieces": {"yanzhou": {"armies": {"cao-cao": 10},
                               "characters": ["cao-cao", "xiahou-dun"]},
                   "xuchang": {"characters": ["yuan-shu"]},
                   "bohai": {"armies": {"yuan-shao": 10}, "characters": ["yuan-shao"]},
                   "xiangyang": {"armies": {"liu-biao": 10}, "characters": ["liu-biao"]}},
        "turn": {"kingdom": "cao-cao", "phase": "movement"},
    }, orders={"white": {"new_main": "ask"}})
    game.act("blue", {"do": "move", "from": "yanzhou", "characters": ["xiahou-dun"],
                      "to": ["xuchang"], "armies": 4})
    lines = game.act("blue", "end-movement")
    assert "» Yuan Shu 袁術 is eliminated: its warlord is killed (5.7(A))" in [
        line.strip() for line in lines]
    assert game.status("yuan-shu") == "eliminated" and game.where("yuan-shu") == "out"
    assert game.t.main_of("white") is None
    prompt = game.prompt()
    assert prompt.role == "white" and prompt.rule == "3.2(C)"
    assert game.offered("main") == [{"do": "main", "kingdom": "yuan-shao"},
                                    {"do": "main", "kingdom": "liu-biao"}]
    game.refuse("white", {"do": "main", "kingdom": "cao-cao"}, rule="3.2(C)")
    lines = game.act("white", {"do": "main", "kingdom": "liu-biao"})
    assert lines[0].strip() == "White Tiger makes Liu Biao 劉表 the main kingdom (3.2(C))"
    assert game.t.main_of("white") == "liu-biao"
    assert game.prompt().role == "blue" and game.prompt().step == "end-turn"


@pytest.mark.rule("3.2(C)")
def test_new_main_kingdom_by_standing_order_is_the_strongest_ally() -> None:
    """By default (standing order new_main: strongest) White is not asked in Blue's turn:
    the ally with the most armies becomes the main kingdom, and the log says which order
    decided it."""
    game = Game({
        "kingdoms": {"cao-cao": {"owner": "blue", "main": True},
                     "yuan-shu": {"owner": "white", "main": True},
                     "yuan-shao": {"owner": "white"}, "liu-biao": {"owner": "white"}},
        "pieces": {"yanzhou": {"armies": {"cao-cao": 10},
                               "characters": ["cao-cao", "xiahou-dun"]},
                   "xuchang": {"characters": ["yuan-shu"]},
                   "bohai": {"armies": {"yuan-shao": 4}, "characters": ["yuan-shao"]},
                   "xiangyang": {"armies": {"liu-biao": 7}, "characters": ["liu-biao"]}},
        "turn": {"kingdom": "cao-cao", "phase": "movement"},
    })
    game.act("blue", {"do": "move", "from": "yanzhou", "characters": ["xiahou-dun"],
                      "to": ["xuchang"], "armies": 4})
    lines = [line.strip() for line in game.act("blue", "end-movement")]
    assert "White Tiger's standing order new_main: strongest — Liu Biao 劉表 has the most " \
           "armies (3.2(C))" in lines
    assert "White Tiger makes Liu Biao 劉表 the main kingdom (3.2(C))" in lines
    assert game.t.main_of("white") == "liu-biao"
    assert game.prompt().role == "blue" and game.prompt().step == "end-turn"


# ---------------------------------------------------------------------- 3.3 pieces


@pytest.mark.rule("3.3(A)")
def test_each_kingdom_sets_up_at_home_with_ten_armies() -> None:
    """Every original kingdom starts in its home area with its warlord, its retainers and
    10 armies, whether a player takes it or not; Zhuge Liang and Sun Ce/Sun Quan wait off
    the map."""
    game = Game(players=2)
    homes = {
        "cao-cao": ("yanzhou", {"cao-cao", "xiahou-dun", "xiahou-yuan", "cao-ren"}),
        "liu-bei": ("pingyuan", {"liu-bei", "guan-yu", "zhang-fei"}),
        "sun-wu": ("changsha", {"sun-jian", "cheng-pu", "huang-gai"}),
        "yuan-shao": ("bohai", {"yuan-shao", "wen-chou", "yan-liang", "zhang-he"}),
        "gongsun-zan": ("youzhou", {"gongsun-zan", "zhao-yun", "yan-gang", "gongsun-yue"}),
        "yuan-shu": ("nanyang", {"yuan-shu", "ji-ling", "zhang-xun", "lei-bo"}),
        "liu-zhang": ("chengdu", {"liu-yan", "zhang-ren", "yan-yan", "wu-yi"}),
        "liu-biao": ("xiangyang", {"liu-biao", "cai-mao", "huang-zu", "huang-zhong"}),
        "ma-teng": ("liangzhou", {"ma-teng", "ma-chao", "han-sui", "hou-xuan"}),
    }
    for kid, (home, chars) in homes.items():
        assert game.state["armies"][home] == {kid: 10}
        assert chars_at(game, home) == chars
        assert game.controller(home) == kid
        assert game.owner(kid) is None
    assert game.where("zhuge-liang") == "aside"
    assert game.where("sun-ce") == "aside"
    assert game.state["kingdoms"]["sun-wu"]["warlord"] == "sun-jian"
    assert game.state["kingdoms"]["liu-zhang"]["warlord"] == "liu-yan"


@pytest.mark.rule("3.3(A)")
@pytest.mark.rule("3.3(B)")
def test_set_aside_counters_not_on_map() -> None:
    """Counters held back at the start stay off the map (rules-notes 3): Zhuge Liang, Sun
    Ce (and so Sun Quan and Zhou Yu, the backs of counters in play or aside), and Lü Bu's
    own kingdom; only one side of each two-sided counter exists."""
    game = Game(players=2)
    on_map = {cid for cid, e in game.state["chars"].items()
              if e["at"] not in ("pool", "aside", "dead", "out", "court")}
    for cid in ("zhuge-liang", "sun-ce", "lu-bu-warlord", "zhang-liao", "chen-gong"):
        assert game.where(cid) == "aside" and cid not in on_map
    for back in ("zhou-yu", "sun-quan", "li-jue", "guo-si", "zhang-ji", "fan-chou",
                 "liu-zhang"):
        assert back not in game.state["chars"]
    assert game.status("lu-bu") == "absent"
    assert "xuzhou" not in game.state["armies"]


@pytest.mark.rule("3.3(B)")
def test_traitorous_kingdoms_set_up() -> None:
    """Dong Zhuo holds three areas with 5 armies each: he and Lü Bu in Luoyang, Li Ru in
    Chang'an, Hua Xiong in Anding. Zhang Lu, his retainers and 10 armies hold Hanzhong.
    Lü Bu's own kingdom is set aside."""
    game = Game(players=2)
    assert game.state["armies"]["luoyang"] == {"dong-zhuo": 5}
    assert game.state["armies"]["changan"] == {"dong-zhuo": 5}
    assert game.state["armies"]["anding"] == {"dong-zhuo": 5}
    assert chars_at(game, "luoyang") == {"dong-zhuo", "lu-bu"}
    assert chars_at(game, "changan") == {"li-ru"}
    assert chars_at(game, "anding") == {"hua-xiong"}
    assert game.t.controlled_by("dong-zhuo") == ["anding", "changan", "luoyang"]
    assert game.state["armies"]["hanzhong"] == {"zhang-lu": 10}
    assert chars_at(game, "hanzhong") == {"zhang-lu", "zhang-wei", "yan-pu"}
    assert game.kingdom_of("lu-bu") == "dong-zhuo"
    assert game.where("lu-bu-warlord") == "aside"
    assert game.t.controlled_by("lu-bu") == []


@pytest.mark.rule("3.3(A)")
def test_rulebook_spellings_resolve_to_board_ids() -> None:
    """The English text's misread area names are slips (rules-notes 1): "Kezhou 克州"
    is Yanzhou and "Tuzhou" is Xuzhou. A scenario and the agreed kingdoms accept these
    spellings and Chinese names, and store the board ids."""
    game = Game({"kingdoms": {"曹操": {"owner": "blue", "main": True},
                              "Yuan Shao": {"owner": "white", "main": True}},
                 "pieces": {"Kezhou": {"armies": {"Cao Cao": 3}, "characters": ["曹操"]},
                            "Tuzhou": {"armies": {"袁紹": 2}, "characters": ["Yuan Shao"]}}})
    assert game.armies("yanzhou", "cao-cao") == 3 and game.where("cao-cao") == "yanzhou"
    assert game.armies("xuzhou", "yuan-shao") == 2
    agreed = Game(players=2, options={"kingdoms": {"blue": ["曹操", "Liu Bei", "孫吳"],
                                                   "white": ["袁紹", "Yuan Shu", "劉表"]}})
    assert agreed.owner("cao-cao") == "blue" and agreed.owner("sun-wu") == "blue"
    assert agreed.owner("liu-biao") == "white"


# ---------------------------------------------------------------------- 3.4 other counters


AGREED = {"kingdoms": {"blue": ["cao-cao", "liu-bei", "sun-wu"],
                       "white": ["yuan-shao", "yuan-shu", "liu-biao"]}}


@pytest.mark.rule("3.4(A)")
def test_pool_holds_all_chits_but_the_neutral_kingdoms() -> None:
    """The activation pool starts with both faction chits, the chits of the six drafted
    kingdoms and the two Traitorous chits; the three neutral kingdoms' chits stay out."""
    game = Game(players=2, options=AGREED)
    game.start(1)
    assert game.state["drawn"] == ["chit:blue"]
    assert game.state["pool"] == ["chit:white", "chit:cao-cao", "chit:liu-bei", "chit:sun-wu",
                                  "chit:yuan-shao", "chit:yuan-shu", "chit:liu-biao",
                                  "chit:traitorous-1", "chit:traitorous-2"]


@pytest.mark.rule("3.4(B)")
def test_free_retainers_start_in_their_pool() -> None:
    """All sixteen free retainers (Zuo Ci included) start in the free retainer pool,
    serving nobody."""
    game = Game(players=2)
    pool = sorted(cid for cid, e in game.state["chars"].items() if e["at"] == "pool")
    assert pool == sorted(FREE_RETAINERS)
    assert all(game.kingdom_of(cid) is None for cid in pool)


@pytest.mark.rule("3.4(C)")
@pytest.mark.rule("3.4(D)")
@pytest.mark.rule("3.4(E)")
def test_mandate_round_and_emperor_start_positions() -> None:
    """The Mandate of Heaven marker starts on the centre of the display, the Round marker
    on Round 1, and Emperor Xian in Luoyang, where Dong Zhuo controls him."""
    game = Game(players=2, options=AGREED)
    assert game.state["mandate"] == [0, 0]
    assert game.state["round"] == 1
    assert game.state["emperor"] == "luoyang"
    game.start(2)
    assert game.state["mandate"] == [0, 0] and game.state["round"] == 1
    assert game.t.controller("luoyang") == "dong-zhuo"
