"""Witness answers given side by side (three or more players, no hidden cards): every
other player's pbem answers a roll request at once, and the actor's pbem carries on once
all answers are in (docs/dice.md). The attacker here is the actor, who holds every answer
before anyone else and writes the save that carries them, or a witness who would reveal a
link twice."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from pbem import chain, keeping, savefile, store, witness_answers
from pbem.errors import ChainError
from pbem.identity import LocalIdentity
from pbem.ledger import Ledger
from tests.security.kit import cli, players, race, resign, tree, who_wrote


def _trio(turns: int = 14) -> tuple[list[LocalIdentity], list[savefile.SaveFile]]:
    people = players("alice", "bob", "carol")
    return people, race(people, saves_after_start=turns, dice="witnessed", kind="tiny-race-3")


def _request_and_carry_on(saves: list[savefile.SaveFile]
                          ) -> tuple[int, savefile.SaveFile, savefile.SaveFile]:
    index = next(i for i, s in enumerate(saves[:-1]) if witness_answers.is_request(s)
                 and s.pending and s.pending["action"]["do"] != "start")
    return index, saves[index], saves[index + 1]


def _local(save: savefile.SaveFile, role: str, people: list[LocalIdentity]) -> LocalIdentity:
    key = save.player(role)["key"]
    return next(p for p in people if p.key.public.line == key)


def test_three_players_answer_side_by_side_and_the_actor_carries_on() -> None:
    """With three players and no hidden cards no witness save is written: each request is
    answered side by side, and the save after it is its actor's, holding every witness's
    answer in seat order; the whole chain re-checks."""
    _people, saves = _trio()
    requests = [s for s in saves if s.pending is not None]
    assert requests and all(s.due and s.due["step"] == chain.ANSWERS for s in requests)
    assert not [s for s in saves if s.due and s.due["step"] == chain.WITNESS]
    _index, request, carried = _request_and_carry_on(saves)
    assert carried.writer == request.writer
    assert list(carried.actions[0]["answers"]) == witness_answers.witnesses_of(request)
    assert carried.actions[0]["dice"]
    chain.verify(saves[-1], saves[:-1])


def test_the_actor_cannot_compute_the_roll_before_every_answer() -> None:
    """Holding one answer, the actor still lacks the other witness's next link: no value
    the actor holds in its place gives the roll."""
    people, saves = _trio()
    _index, request, carried = _request_and_carry_on(saves)
    order = witness_answers.witnesses_of(request)
    actor = _local(request, request.writer, people)
    answers = {role: witness_answers.make(request, _local(request, role, people), role)
               for role in order}
    pending = {**request.pending, "request": request.sha256}

    def key_with(answers_used: dict[str, witness_answers.Answer]) -> bytes:
        doc = {**request.doc, "dice": witness_answers.with_answers(request.doc["dice"],
                                                                    answers_used)}
        return chain.witnessed_dice(doc, pending).key

    real_key = key_with(answers)
    first = carried.actions[0]["dice"][0]
    assert chain.witnessed_dice({**request.doc, "dice": witness_answers.with_answers(
        request.doc["dice"], answers)}, pending).draw(first.get("of", 6), first["for"]) \
        == first["d"]
    held = [request.doc["dice"]["links"][order[1]]["link"], request.sha256,
            request.doc["dice"]["links"][request.writer]["link"], answers[order[0]].link,
            actor.key.public.fingerprint.encode().hex()[:64].ljust(64, "0")]
    for guess in held:
        fake = {**answers, order[1]: witness_answers.Answer(
            request.game_id, request.sha256, request.sequence, order[1],
            answers[order[1]].used, guess, "00" * 64)}
        assert key_with(fake) != real_key
    assert actor.key.public.line == request.player(request.writer)["key"]


def _carry_on_edited(saves: list[savefile.SaveFile], people: list[LocalIdentity],
                     change: Any) -> tuple[savefile.SaveFile, savefile.SaveFile]:
    _index, request, carried = _request_and_carry_on(saves)
    actor = who_wrote(carried, people)
    return request, savefile.parse(resign(carried, actor.key, change), "edited carry-on")


@pytest.mark.parametrize("attack, refusal", [
    ("forged signature", "not signed by"),
    ("answer left out", "must be those of"),
    ("link of the actor's own making", "does not reveal the link that follows|not signed"),
    ("answers in the wrong order", "must be those of"),
    ("other dice", "dice|position|log"),
])
def test_the_actor_cannot_forge_or_leave_out_an_answer(attack: str, refusal: str) -> None:
    """The actor edits the save that carries the answers and signs it again with their own
    key: an answer they signed themselves, one left out, a link of their own, the answers
    reordered, other dice: each refused when the save arrives."""
    people, saves = _trio()
    _index, request, carried = _request_and_carry_on(saves)
    actor = who_wrote(carried, people)
    order = witness_answers.witnesses_of(request)

    def change(doc: dict[str, Any]) -> None:
        answers = doc["actions"][0]["answers"]
        if attack == "forged signature":
            answer = witness_answers.Answer(request.game_id, request.sha256, request.sequence,
                                            order[0], answers[order[0]]["used"],
                                            answers[order[0]]["link"], "")
            answers[order[0]]["signature"] = actor.key.raw_sign(answer.message()).hex()
        elif attack == "answer left out":
            del answers[order[1]]
        elif attack == "link of the actor's own making":
            answers[order[0]]["link"] = "ab" * 32
            doc["dice"]["links"][order[0]]["link"] = "ab" * 32
        elif attack == "answers in the wrong order":
            doc["actions"][0]["answers"] = {r: answers[r] for r in reversed(order)}
        else:
            for roll in doc["actions"][0]["dice"]:
                roll["d"] = roll.get("of", 6) + 1 - roll["d"]

    edited = savefile.parse(resign(carried, actor.key, change), "edited")
    with pytest.raises(ChainError, match=refusal):
        chain.check_next(chain.check_first(saves[0]), request, edited)


def test_answers_of_another_request_are_refused() -> None:
    """Answers given to one request do not serve another: the actor signs a second request
    on the same position and carries it on with the answers the first one got."""
    people, saves = _trio()
    _index, request, carried = _request_and_carry_on(saves)
    actor = who_wrote(carried, people)
    second = savefile.parse(resign(request, actor.key, lambda d: d.update(
        written="2030-01-01T00:00:00Z")), "second request")
    assert second.sha256 != request.sha256

    def moved(doc: dict[str, Any]) -> None:
        doc["previous"] = second.sha256

    edited = savefile.parse(resign(carried, actor.key, moved), "carried on the second")
    with pytest.raises(ChainError, match="not signed by"):
        chain.check_next(chain.check_first(saves[0]), second, edited)


def test_answers_appear_only_where_they_are_carried() -> None:
    """A save that does not carry on after answers given side by side holds none."""
    people, saves = _trio()
    _index, _request, carried = _request_and_carry_on(saves)
    later = saves[1]  # bob's join: a save after which nothing was answered
    before = saves[0]
    writer = who_wrote(later, people)

    def add(doc: dict[str, Any]) -> None:
        doc["actions"][0] = {**doc["actions"][0],
                             "answers": copy.deepcopy(carried.actions[0]["answers"])}
        doc["actions"][0] = dict(sorted(doc["actions"][0].items(),
                                        key=lambda kv: (kv[0] != "do", kv[0] == "dice",
                                                        kv[0])))

    edited = savefile.parse(resign(later, writer.key, add), "answers added")
    with pytest.raises(ChainError, match="holds answers"):
        chain.check_next(chain.check_first(saves[0]), before, edited)


def test_a_witness_reveals_a_link_once(tmp_path: Path) -> None:
    """The actor signs two requests on one position and sends each to bob: bob's pbem
    answers the first and refuses the second as a fork (kept as evidence; answering it
    would reveal the same link for a roll the actor could then choose): no second answer
    is written, and even with the fork settled the ledger never reveals that link again."""
    people, saves = _trio()
    index, request, _carried = _request_and_carry_on(saves)
    actor = who_wrote(request, people)
    witness_role = witness_answers.witnesses_of(request)[0]
    witness = _local(request, witness_role, people)
    folder = tmp_path / "bob"
    folder.mkdir()
    for save in saves[:index + 1]:
        keeping.write(save, folder / savefile.file_name(save.game_id, save.sequence,
                                                        save.writer))
    first = folder / savefile.file_name(request.game_id, request.sequence, request.writer)
    code, _out, err = cli("witness", first, "--as", witness.name)
    assert code == 0, err
    assert (folder / witness_answers.file_name(request.game_id, request.sequence,
                                               witness_role)).is_file()
    second = savefile.parse(resign(request, actor.key, lambda d: d.update(
        written="2030-01-01T00:00:00Z")), "second request")
    other = tmp_path / "second" / first.name
    other.parent.mkdir()
    other.write_bytes(second.raw)
    answers_before = {k: v for k, v in tree(tmp_path).items()
                      if k.endswith(witness_answers.SUFFIX)}
    code, _out, err = cli("witness", other, "--as", witness.name)
    assert code != 0
    assert "fork" in err
    assert {k: v for k, v in tree(tmp_path).items()
            if k.endswith(witness_answers.SUFFIX)} == answers_before
    assert Ledger(witness.key.public).fork(request.game_id)  # kept as evidence; stopped
    ledger = Ledger(witness.key.public)
    with pytest.raises(ChainError, match="already answered another request"):
        ledger.reveal_once(request.game_id, witness_role,
                           int(request.doc["dice"]["links"][witness_role]["used"]) + 1,
                           second.sha256)


def test_a_forged_answer_by_mail_is_quarantined(tmp_path: Path) -> None:
    """carol's pbem receives an answer in bob's name signed by alice (the actor): it is
    kept in quarantine, never among the answers; bob's real answer is filed."""
    from pbem.mail.attachments import Candidate
    from pbem.mail.filing import Filer

    people, saves = _trio()
    index, request, _carried = _request_and_carry_on(saves)
    actor = who_wrote(request, people)
    order = witness_answers.witnesses_of(request)
    bob = _local(request, order[0], people)
    carol = _local(request, order[1], people)
    for save in saves[:index + 1]:
        keeping.write(save, tmp_path / savefile.file_name(save.game_id, save.sequence,
                                                          save.writer))
    real = witness_answers.make(request, bob, order[0])
    forged = witness_answers.Answer(request.game_id, request.sha256, request.sequence,
                                    order[0], real.used, real.link,
                                    actor.key.raw_sign(real.message()).hex())
    name = witness_answers.file_name(request.game_id, request.sequence, order[0])
    filer = Filer(carol.key.public)
    refused = filer.file_answer(Candidate(name, forged.dump(), "mail 1"))
    assert refused.kind == "quarantined" and "not signed by" in refused.text
    assert order[0] not in witness_answers.around(request)
    filed = filer.file_answer(Candidate(name, real.dump(), "mail 2"))
    assert filed.kind == "filed"
    assert witness_answers.around(request)[order[0]] == real
    assert (store.game_folder(request.game_id) / name).is_file()


def test_hot_seat_apply_answers_and_carries_on(tmp_path: Path) -> None:
    """Every key here (hot seat): pbem apply answers a request side by side with the
    witnesses' keys at once and carries the action on."""
    _people, saves = _trio(turns=0)
    for save in saves:
        keeping.write(save, tmp_path / savefile.file_name(save.game_id, save.sequence,
                                                          save.writer))
    last = saves[-1]
    path = tmp_path / savefile.file_name(last.game_id, last.sequence, last.writer)
    actions = tmp_path / "turn.yaml"
    actions.write_text("- do: start\n- do: rest\n")
    code, _out, err = cli("apply", path, actions)
    assert code == 0, err
    written = sorted(tmp_path.glob(f"{last.game_id[:8]}-*{savefile.SUFFIX}"))
    newest = savefile.read(written[-1])
    assert any("answers" in a for s in map(savefile.read, written) for a in s.actions)
    chain.verify(newest, [savefile.read(p) for p in written[:-1]])
