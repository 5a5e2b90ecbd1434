"""Orders placed at once (pbem/sealed_orders.py), played on Dragons & Tigers' ranked
draft: nobody sees another player's ranking before giving their own, and a player who
edits and re-signs their saves cannot change a ranking once sealed, open another's, or
answer out of turn."""

from __future__ import annotations

import copy
import itertools
import json
from typing import Any

import pytest
from freezegun import freeze_time

from pbem import (
    chain,
    gameplay,
    games,
    replaying,
    savefile,
    sealed_orders,
    selfplay,
    session,
)
from pbem.errors import ChainError, IllegalAction
from pbem.hidden_cards import seating
from pbem.identity import LocalIdentity
from pbem.savefile import SaveFile
from pbem.secrets.errors import SecretsError
from tests.security.kit import claim_once, cli, labelled_key, resign, salts

KIND = "dragons-tigers"
NAMES = ("ann", "ben", "cat")
GAME_ID = "5ea1ed0d" * 4
BLUE = {"first": "liu-bei", "second": "cao-cao"}
WHITE = {"first": "liu-bei", "second": "sun-wu"}
VERMILION = {"first": "cao-cao", "second": "yuan-shao"}
DEADLINE = {"answer": "3d", "grace": "1d"}
_PLAYER_KINGDOMS = ("cao-cao", "liu-bei", "sun-wu", "yuan-shao", "gongsun-zan", "yuan-shu",
                    "liu-zhang", "liu-biao", "ma-teng")  # the rulebook's order (3.1(A))


def _people() -> list[LocalIdentity]:
    return [LocalIdentity(name, labelled_key(f"sealed rankings {name}")) for name in NAMES]


def _opening(people: list[LocalIdentity]) -> list[SaveFile]:
    """The first save, both joins and the start: Blue is asked to rank."""
    given = salts("sealed rankings", 3)
    saves = [session.new_game(KIND, people[0], [p.identity for p in people[1:]], None,
                              dice="open", game_id=GAME_ID, salt=given[0])]
    for person, salt in zip(people[1:], given[1:], strict=True):
        saves.append(session.join(saves[-1], person, salt))
    return saves


def _rank(prev: SaveFile, person: LocalIdentity, ranking: dict[str, str]) -> SaveFile:
    composer = session.Composer(prev, person)
    composer.act({"do": "rank", **ranking})
    return composer.finish()


def _check(prev: SaveFile, save: SaveFile) -> None:
    chain.check_next(games.get(KIND), prev, save)


def _round(save: SaveFile) -> dict[str, Any]:
    return save.state[sealed_orders.KEY]["round"]  # type: ignore[no-any-return]


@pytest.fixture(scope="module")
def draft() -> tuple[list[LocalIdentity], list[SaveFile]]:
    """Blue seals, White seals, Vermilion answers in clear, then both pbems open theirs."""
    people = _people()
    saves = _opening(people)
    for person, ranking in zip(people, (BLUE, WHITE, VERMILION), strict=True):
        saves.append(_rank(saves[-1], person, ranking))
    for _ in range(2):
        due = saves[-1].due
        assert due is not None and due["step"] == sealed_orders.UNSEAL
        writer = next(p for p in people if saves[-1].role_of(p.key.public) == due["role"])
        saves.append(session.unseal(saves[-1], writer))
    return people, saves


@pytest.mark.rule("3.1(B)")
def test_nobody_sees_a_ranking_before_giving_their_own(draft: Any) -> None:
    """The draft's picks follow the rankings, but while they are being given each earlier
    ranking is sealed: White, asked to rank after Blue, finds in Blue's save only a
    commitment and an envelope that White's own keys do not open."""
    people, saves = draft
    blue_save = saves[3]
    assert [a["do"] for a in blue_save.actions] == ["start", "seal"]
    assert blue_save.due is not None and blue_save.due["role"] == "white"
    entry = _round(blue_save)["orders"]["blue"]
    assert entry["order"] is None and len(entry["commitment"]) == 64
    assert b"liu-bei" not in savefile.render(
        {k: v for k, v in blue_save.doc.items() if k != "state"}, people[0].key)
    assert "liu-bei" not in str(_round(blue_save))
    whites_view = gameplay.view(games.get(KIND), blue_save.state, "white")
    assert "liu-bei" not in str(whites_view.get(sealed_orders.KEY, ""))
    as_white = seating.seat(blue_save.doc, "blue", people[1].key).keys
    with pytest.raises(SecretsError):
        sealed_orders.own_order(blue_save.state, "blue", as_white)
    own = seating.seat(blue_save.doc, "blue", people[0].key).keys
    assert sealed_orders.own_order(blue_save.state, "blue", own) == {"do": "rank", **BLUE}


@pytest.mark.rule("3.1(C)")
def test_the_rankings_open_together_and_the_draft_follows_them(draft: Any) -> None:
    """The last to rank answers in clear; each sealed ranking is opened by its owner's
    pbem without a question; with the last opening every ranking is carried out in seat
    order and the snake draft takes from them as if each had been given in turn."""
    _, saves = draft
    assert [a["do"] for a in saves[5].actions] == ["rank"]
    assert [s.writer for s in saves[6:8]] == ["blue", "white"]
    assert all(s.actions[0]["do"] == sealed_orders.UNSEAL for s in saves[6:8])
    last = saves[7]
    assert last.state[sealed_orders.KEY]["round"] is None
    log = "\n".join(last.doc["log"])
    assert log.index("Blue Dragon ranks") < log.index("White Tiger ranks") \
        < log.index("Vermilion Bird ranks")
    module = games.get(KIND)
    wanted = {"blue": BLUE, "white": WHITE, "vermilion": VERMILION}
    rulebook = list(_PLAYER_KINGDOMS)
    taken: set[str] = set()
    picks = [line for line in last.doc["log"] if "standing order draft: rank — takes" in line]
    assert len(picks) == 9  # three kingdoms each with three players (12.2)
    for line in picks:
        role = next(r for r in wanted if line.startswith(module.role_label(r).split()[0]))
        ranking = [wanted[role]["first"], wanted[role]["second"], *rulebook]
        first_free = next(k for k in ranking if k not in taken)
        assert last.state["kingdoms"][first_free]["owner"] == role, line
        taken.add(first_free)
    for prev, save in itertools.pairwise(saves[3:]):
        _check(prev, save)


def test_a_sealed_ranking_cannot_be_changed_when_opened(draft: Any) -> None:
    """Blue edits the opening of their ranking to another one and signs it again: every
    pbem refuses it on arrival, naming the opening that does not match its seal."""
    people, saves = draft
    prev, honest = saves[5], saves[6]

    def other_ranking(doc: dict[str, Any]) -> None:
        doc["actions"][0]["order"]["first"] = "sun-wu"

    forged = savefile.parse(resign(honest, people[0].key, other_ranking), "forged")
    with pytest.raises(ChainError, match="not the one they sealed"):
        _check(prev, forged)


def test_nobody_opens_another_players_answer(draft: Any) -> None:
    """White writes the opening that is Blue's to write: refused, Blue was due."""
    people, saves = draft
    prev, honest = saves[5], saves[6]

    def by_white(doc: dict[str, Any]) -> None:
        doc["writer"] = "white"

    forged = savefile.parse(resign(honest, people[1].key, by_white), "forged")
    with pytest.raises(ChainError):
        _check(prev, forged)


def test_an_answer_in_clear_out_of_turn_is_refused(draft: Any) -> None:
    """White, second of three, answers in clear instead of sealing (a patched pbem): the
    save is refused, so no ranking is ever shown to a player who has not ranked."""
    _, saves = draft
    prev = saves[3]
    module = games.get(KIND)
    state = copy.deepcopy(prev.state)
    with pytest.raises(IllegalAction, match="sealed until everyone has answered"):
        gameplay.apply(module, state, "white", {"do": "rank", **WHITE},
                       replaying.dice_for(module, prev.doc, list(chain.roles_of(prev)),
                                          "open", [], lambda: state), _log())


def test_a_sealed_ranking_the_game_refuses_gives_way_to_the_default(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A patched pbem seals a ranking naming a Traitorous kingdom (its own check left out):
    nobody can tell until it is opened; then the game refuses it, the log says so, the
    default ranking stands in, and every pbem accepts the saves."""
    people = _people()
    saves = _opening(people)
    with monkeypatch.context() as patched:
        patched.setattr(gameplay, "trial", lambda *args, **kwargs: None)
        saves.append(_rank(saves[-1], people[0], {"first": "dong-zhuo"}))
    saves.append(_rank(saves[-1], people[1], WHITE))
    saves.append(_rank(saves[-1], people[2], VERMILION))
    saves.append(session.unseal(saves[-1], people[0]))
    saves.append(session.unseal(saves[-1], people[1]))
    log = "\n".join(saves[-1].doc["log"])
    blue = games.get(KIND).role_label("blue")
    assert f"{blue}'s answer cannot be carried out" in log
    assert f"By default for {blue}" in log
    for prev, save in itertools.pairwise(saves[2:]):
        _check(prev, save)


def test_an_honest_pbem_refuses_an_illegal_ranking_before_sealing_it() -> None:
    """Blue's own pbem tries the ranking before sealing it: a Traitorous kingdom is
    refused at once with its rule, and nothing is sealed."""
    people = _people()
    saves = _opening(people)
    composer = session.Composer(saves[-1], people[0])
    with pytest.raises(IllegalAction) as refused:
        composer.act({"do": "rank", "first": "dong-zhuo"})
    assert refused.value.rule == "3.1(A)"
    assert [a["do"] for a in composer.actions] == ["start"]


def _log() -> Any:
    from pbem.engine import Log

    return Log()


@pytest.mark.rule("3.1(B)")
def test_a_seat_claimed_before_opening_its_sealed_ranking_drafts_by_default() -> None:
    """A player who sealed a ranking and then stops answering before opening it: once the
    deadline has passed, a claim makes the seat absent; its ranking is never opened, the
    default ranking (the rulebook's order) stands in for it, the draft goes on, and the
    whole chain re-checks."""
    with freeze_time("2026-11-28 09:00:00") as clock:
        done: list[str] = []

        interject = claim_once(lambda prev: prev.due["step"] == "unseal", clock, done)
        result = selfplay.play("dragons-tigers", 3, 2, dice="open", deadline=DEADLINE,
                               interject=interject, salts=salts("sealed claim", 3),
                               keys=[labelled_key(f"sealed claim {i}") for i in range(3)],
                               max_actions=300)
        selfplay.verify(result)
    claim = next(s for s in result.saves if s.actions and s.actions[0]["do"] == "claim")
    log = "\n".join(claim.doc["log"])
    label = games.get("dragons-tigers").role_label(done[0])
    assert f"{label} is absent: their sealed answer is never opened" in log, log
    after = result.saves[result.saves.index(claim):]
    opened = next(s for s in after if any("Every sealed answer is open" in line
                                          for line in s.doc["log"]))
    assert any(line.strip().startswith(f"By default for {label} (")
               for line in opened.doc["log"]), opened.doc["log"]
    assert any(k["owner"] == done[0] for k in opened.state["kingdoms"].values())


def test_a_sealed_answer_given_again_is_composed_the_same(draft: Any) -> None:
    """A draft keeps a sealed answer as sealed: given again, Blue's own pbem reads it from
    its envelope and writes the very same save; another player's key cannot give it."""
    people, saves = draft
    prev, blue_save = saves[2], saves[3]
    sealed = next(a for a in blue_save.actions if a["do"] == sealed_orders.SEAL)
    with freeze_time(blue_save.doc["written"]):
        again = session.Composer(prev, people[0])
        again.act(dict(sealed))
        assert again.finish().raw == blue_save.raw
    white_turn = session.Composer(saves[3], people[1])
    with pytest.raises(IllegalAction, match="only by its own player"):
        white_turn.act(dict(sealed))


def test_show_tells_only_its_own_player_their_sealed_ranking(draft: Any, tmp_path: Any
                                                             ) -> None:
    """`pbem show` of the save after Blue sealed: with Blue's key it says Blue's ranking
    (text and JSON); with White's key, nothing of it."""
    people, saves = draft
    path = tmp_path / savefile.file_name(saves[3].game_id, saves[3].sequence, saves[3].writer)
    path.write_bytes(saves[3].raw)
    keys = {}
    for person in people[:2]:
        keys[person.name] = tmp_path / f"{person.name}.key"
        keys[person.name].write_bytes(person.key.to_openssh())
    code, out, _ = cli("show", path, "--key", keys["ann"])
    assert code == 0 and "Your sealed answer" in out and "liu-bei" in out, out
    code, out, _ = cli("show", path, "--key", keys["ben"])
    assert code == 0 and "Your sealed answer" not in out, out
    code, out, _ = cli("show", path, "--key", keys["ann"], "--json")
    assert json.loads(out)["sealed_answer"] == {"do": "rank", **BLUE}
    code, out, _ = cli("show", path, "--key", keys["ben"], "--json")
    assert json.loads(out)["sealed_answer"] is None and '"first": "liu-bei"' not in out
