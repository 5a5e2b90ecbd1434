"""Claims that a deadline passed (docs/deadlines.md). The attacker is a player in the game:
they claim too early, claim against an answer they owe themselves or one sent in time,
edit a claim's stamp or targets and sign it again, or withhold an answer hoping the
request that waited for it goes their way."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from freezegun import freeze_time

from pbem import absence, chain, claims, savefile, session, witness_answers
from pbem.errors import ChainError, PbemError, UsageError
from pbem.identity import LocalIdentity
from pbem.ledger import Ledger
from pbem.verification import check
from tests.security.kit import accept_all, cli, labelled_key, players, race, resign, tree

DEADLINE = {"answer": "1h", "grace": "30m"}
START = "2026-11-28 09:00:00"


def _game(names: tuple[str, ...] = ("alice", "bob", "carol"), turns: int = 5,
          dice: str = "witnessed") -> tuple[dict[str, LocalIdentity], list[savefile.SaveFile]]:
    people = [LocalIdentity(name, labelled_key(f"claims {name}")) for name in names]
    kind = "tiny-race-3" if len(names) == 3 else "tiny-race"
    saves = race(people, saves_after_start=turns, dice=dice, kind=kind, deadline=DEADLINE,
                 salt_label="claims")
    by_role = {p["role"]: person for p, person in zip(saves[0].players, people, strict=True)}
    while saves[-1].pending is not None:  # end on a decision, not on a request
        current = saves[-1]
        who = by_role[current.due["role"]]
        if current.due["step"] == "witness":
            saves.append(session.witness(current, who))
            continue
        answers = {r: witness_answers.make(current, by_role[r], r)
                   for r in witness_answers.witnesses_of(current)} \
            if witness_answers.is_request(current) else None
        saves.append(session.Composer(current, who, answers).finish())
    return by_role, saves


def _not_owing(save: savefile.SaveFile) -> str:
    owing = claims.owing(save, {})
    return next(p["role"] for p in save.players if p["role"] not in owing)


def _quiet(prompt: Any) -> dict[str, Any]:
    """An answer that rolls no dice: rest, or yield when caught."""
    verbs = [spec.verb for spec in prompt.actions]
    return {"do": next(v for v in ("rest", "yield") if v in verbs)}


def _forged(claim: savefile.SaveFile, key: Any, change: Any) -> savefile.SaveFile:
    return savefile.parse(resign(claim, key, change), "forged claim")


def test_a_claim_before_the_deadline_and_its_grace_is_refused() -> None:
    """pbem will not write a claim before the deadline and grace have run out; a claim
    whose stamp was moved back to before then and signed again is refused on arrival."""
    with freeze_time(START) as clock:
        by_role, saves = _game()
        last = saves[-1]
        claimer = _not_owing(last)
        clock.tick(3600 + 29 * 60)  # after the deadline, inside the grace
        with pytest.raises(UsageError, match="too early"):
            claims.make(last, by_role[claimer])
        clock.tick(2 * 60)
        made = claims.make(last, by_role[claimer])
        chain.check_next(chain.check_first(saves[0]), last, made)
        early = _forged(made, by_role[claimer].key,
                        lambda doc: doc.update(written=last.written))
        with pytest.raises(ChainError, match="before the deadline and its grace ran out"):
            chain.check_next(chain.check_first(saves[0]), last, early)


def test_a_player_cannot_claim_against_their_own_answer_or_name_someone_else() -> None:
    """The player who owes the answer cannot claim; a claim must name exactly who owes it,
    not a player who owes nothing."""
    with freeze_time(START) as clock:
        by_role, saves = _game()
        last = saves[-1]
        owing = claims.owing(last, {})[0]
        clock.tick(2 * 3600)
        with pytest.raises(UsageError, match="you owe this answer yourself"):
            claims.make(last, by_role[owing])
        claimer = _not_owing(last)
        made = claims.make(last, by_role[claimer])
        bystander = next(p["role"] for p in last.players if p["role"] not in (owing, claimer))
        module = chain.check_first(saves[0])
        wrong = _forged(made, by_role[claimer].key, lambda doc: doc["actions"][0].update(
            roles=[bystander]))
        with pytest.raises(ChainError, match="exactly who owes the answer"):
            chain.check_next(module, last, wrong)
        own = _forged(made, by_role[owing].key, lambda doc: doc.update(writer=owing))
        with pytest.raises(ChainError, match="against their own answer"):
            chain.check_next(module, last, own)


def test_a_game_without_deadline_cannot_be_claimed() -> None:
    """No deadline was agreed: no claim is possible, whatever the clock says."""
    with freeze_time(START) as clock:
        people = players("alice", "bob", "carol")
        saves = race(people, saves_after_start=4, dice="witnessed", kind="tiny-race-3")
        clock.tick(30 * 86400)
        last = saves[-1]
        by_key = {p.key.public.line: p for p in people}
        claimer = by_key[last.player(_not_owing(last))["key"]]
        with pytest.raises(UsageError, match="no deadline"):
            claims.make(last, claimer)


def test_a_claim_sets_the_seat_absent_and_its_defaults_play_on() -> None:
    """After a claim the absent runner's decisions are the game's defaults, each marked in
    the log; the others play on, the absent seat is never due again, and the whole game
    re-checks from its first save."""
    with freeze_time(START) as clock:
        by_role, saves = _game()
        last = saves[-1]
        owing = claims.owing(last, {})[0]
        clock.tick(2 * 3600)
        made = claims.make(last, by_role[_not_owing(last)])
        assert absence.absent(made.state) == [owing]
        assert any(line.startswith(f"By default for the absent {owing}")
                   for line in made.doc["log"])
        saves.append(made)
        for _turn in range(8):
            current = saves[-1]
            if current.due is None:
                break
            assert current.due["role"] != owing
            who = by_role[current.due["role"]]
            answers = None
            if witness_answers.is_request(current):
                assert owing not in witness_answers.witnesses_of(current)
                answers = {r: witness_answers.make(current, by_role[r], r)
                           for r in witness_answers.witnesses_of(current)}
            composer = session.Composer(current, who, answers)
            while composer.my_move():
                composer.act(composer.prompt().actions[0].complete())
            saves.append(composer.finish())
        chain.verify(saves[-1], saves[:-1])
        assert sum(line.startswith(f"By default for the absent {owing}")
                   for s in saves for line in s.doc["log"]) >= 2


def test_with_two_players_the_absent_one_forfeits() -> None:
    """In a two-player game a claim takes the decision owed by default (marked in the log),
    then ends the game, since no roll could be answered by anyone else: the player who
    stopped answering forfeits and the claimer wins."""
    with freeze_time(START) as clock:
        by_role, saves = _game(("alice", "bob"))
        last = saves[-1]
        owing = claims.owing(last, {})[0]
        claimer = _not_owing(last)
        clock.tick(2 * 3600)
        made = claims.make(last, by_role[claimer])
        chain.verify(made, saves)
        assert made.due is None
        log = made.doc["log"]
        decided = next(i for i, line in enumerate(log)
                       if line.startswith(f"By default for the absent {owing}"))
        ended = next(i for i, line in enumerate(log)
                     if line.startswith("The game ends by absence"))
        assert decided < ended
        result = absence.outcome(made.state, [p["role"] for p in made.players])
        assert result == {"winner": claimer, "forfeit": [owing],
                          "reason": f"absence: {owing} stopped answering"}


def _side_by_side_request(by_role: dict[str, LocalIdentity],
                          saves: list[savefile.SaveFile]) -> savefile.SaveFile:
    """Play on until the latest save is a request answered side by side."""
    for _turn in range(40):
        current = saves[-1]
        if witness_answers.is_request(current) and current.pending["action"]["do"] != "start":
            return current
        if witness_answers.is_request(current):
            answers = {r: witness_answers.make(current, by_role[r], r)
                       for r in witness_answers.witnesses_of(current)}
            saves.append(session.Composer(current, by_role[current.due["role"]],
                                          answers).finish())
            continue
        composer = session.Composer(current, by_role[current.due["role"]])
        composer.act({"do": "roll", "times": 1})
        saves.append(composer.finish())
    raise AssertionError("no request came")


def test_a_withheld_witness_answer_voids_the_roll_and_burns_the_given_links() -> None:
    """A witness who withholds their answer to a roll is claimed: the request's roll is
    never made (the actor asks again, with fresh links from everyone), the answers already
    given travel in the claim so no link is used twice, and the withholder is absent."""
    with freeze_time(START) as clock:
        by_role, saves = _game(turns=2)
        request = _side_by_side_request(by_role, saves)
        actor = request.pending["by"]
        first, second = witness_answers.witnesses_of(request)
        given = {first: witness_answers.make(request, by_role[first], first)}
        clock.tick(2 * 3600)
        made = claims.make(request, by_role[actor], given)
        assert made.actions[0]["roles"] == [second]
        assert list(made.actions[0]["answers"]) == [first]
        assert made.doc["dice"]["links"][first]["used"] == given[first].used
        assert made.doc["dice"]["links"][actor] == request.doc["dice"]["links"][actor]
        assert made.pending is None and made.due["role"] == actor
        chain.verify(made, saves)
        module = chain.check_first(saves[0])
        dropped = _forged(made, by_role[actor].key,
                          lambda doc: doc["actions"][0].pop("answers"))
        with pytest.raises(ChainError, match="exactly who owes the answer"):
            chain.check_next(module, request, dropped)


def test_an_actor_who_does_not_carry_on_is_claimed_and_the_roll_is_void() -> None:
    """Every answer is in but the actor, who alone can now compute the roll, does not
    carry on: the claim names the actor, the roll is never made, and their seat's
    defaults decide their turn."""
    with freeze_time(START) as clock:
        by_role, saves = _game(turns=2)
        request = _side_by_side_request(by_role, saves)
        actor = request.pending["by"]
        order = witness_answers.witnesses_of(request)
        answers = {r: witness_answers.make(request, by_role[r], r) for r in order}
        clock.tick(2 * 3600)
        made = claims.make(request, by_role[order[0]], answers)
        assert made.actions[0]["roles"] == [actor]
        assert absence.absent(made.state) == [actor]
        assert not any("rolls" in line for line in made.doc["log"])
        chain.verify(made, saves)


def _ledger_of(person: LocalIdentity, saves: list[savefile.SaveFile]) -> Ledger:
    ledger = Ledger(person.key.public)
    accept_all(ledger, saves)
    return ledger


def test_a_late_answer_after_a_claim_is_kept_as_evidence() -> None:
    """The claim reached a player first; the answer, stamped after the deadline and its
    grace, arrives next: it is refused, kept as evidence, and the claim stands."""
    with freeze_time(START) as clock:
        by_role, saves = _game()
        last = saves[-1]
        owing = claims.owing(last, {})[0]
        claimer = _not_owing(last)
        bystander = next(r for r in by_role if r not in (owing, claimer))
        ledger = _ledger_of(by_role[bystander], saves)
        clock.tick(2 * 3600)
        made = claims.make(last, by_role[claimer])
        check(made, ledger, [], None).commit()
        clock.tick(600)
        late = session.Composer(last, by_role[owing])
        while late.my_move():
            late.act(_quiet(late.prompt()))
        answer = late.finish()
        with pytest.raises(ChainError, match="kept as evidence"):
            check(answer, ledger, [], None)
        assert ledger.head(made.game_id)["sha256"] == made.sha256
        assert [e["sha256"] for e in ledger.evidence(made.game_id)] == [answer.sha256]


def test_a_claim_against_an_answer_sent_in_time_does_not_stand() -> None:
    """The answer was stamped in time, yet a player claims on the save it answered (mail
    was slow, or on purpose): a pbem that holds the answer refuses the claim and keeps it
    as evidence; one that took the claim first goes over to the answer."""
    with freeze_time(START) as clock:
        by_role, saves = _game()
        last = saves[-1]
        owing = claims.owing(last, {})[0]
        claimer = _not_owing(last)
        bystander = next(r for r in by_role if r not in (owing, claimer))
        clock.tick(50 * 60)  # in time
        composer = session.Composer(last, by_role[owing])
        while composer.my_move():
            composer.act(_quiet(composer.prompt()))
        answer = composer.finish()
        clock.tick(2 * 3600)
        made = claims.make(last, by_role[claimer])
        holds_answer = _ledger_of(by_role[bystander], [*saves, answer])
        with pytest.raises(ChainError, match="the claim does not stand"):
            check(made, holds_answer, [], None)
        assert holds_answer.head(made.game_id)["sha256"] == answer.sha256
        took_claim = _ledger_of(by_role[claimer], [*saves, made])
        checked = check(answer, took_claim, [], None)
        checked.commit()
        assert took_claim.head(made.game_id)["sha256"] == answer.sha256
        assert [e["sha256"] for e in took_claim.evidence(made.game_id)] == [made.sha256]
        with pytest.raises(PbemError):
            check(made, took_claim, [], None)


def test_a_claim_changes_no_dice_link_so_losing_it_leaks_nothing() -> None:
    """A claim reveals no link of its writer: if an answer sent in time overrides it, the
    claimer's next link is still unknown to everyone."""
    with freeze_time(START) as clock:
        by_role, saves = _game()
        last = saves[-1]
        clock.tick(2 * 3600)
        made = claims.make(last, by_role[_not_owing(last)])
        assert made.doc["dice"] == last.doc["dice"]
        def bump(doc: dict[str, Any]) -> None:
            doc["dice"]["links"][made.writer]["used"] += 1

        bumped = _forged(made, by_role[made.writer].key, bump)
        with pytest.raises(ChainError, match="a claim changes no dice"):
            chain.check_next(chain.check_first(saves[0]), last, bumped)


def test_pbem_claim_by_the_command_line(tmp_path: Path) -> None:
    """`pbem claim --dry-run --json` shows what the claim decides and writes nothing; the
    player who owes the answer is refused in one line; the claim itself is written once,
    and a second claim on the same save is refused."""
    with freeze_time(START) as clock:
        by_role, saves = _game()
        last = saves[-1]
        owing = claims.owing(last, {})[0]
        claimer = _not_owing(last)
        folder = tmp_path / "game"
        folder.mkdir()
        for save in saves:
            (folder / savefile.file_name(save.game_id, save.sequence, save.writer)
             ).write_bytes(save.raw)
        keys = {}
        for role in (owing, claimer):
            keys[role] = tmp_path / f"{role}.key"
            keys[role].write_bytes(by_role[role].key.to_openssh())
        path = folder / savefile.file_name(last.game_id, last.sequence, last.writer)
        clock.tick(2 * 3600)
        before = tree(tmp_path)
        code, out, _err = cli("claim", path, "--dry-run", "--json", "--key", keys[claimer])
        assert code == 0
        shown = json.loads(out)
        assert shown["absent"] == [owing] and shown["writer"] == claimer
        assert any(line.startswith(f"By default for the absent {owing}")
                   for line in shown["log"])
        code, _out, err = cli("claim", path, "--key", keys[owing])
        assert code != 0 and "you owe this answer yourself" in err
        assert tree(tmp_path) == before
        code, out, err = cli("claim", path, "--key", keys[claimer])
        assert code == 0, err
        written = folder / savefile.file_name(last.game_id, last.sequence + 1, claimer)
        assert written.is_file() and f"Wrote {written}" in out
        code, _out, err = cli("claim", path, "--key", keys[claimer])
        assert code != 0 and "already signed" in err
