"""The built-in data a game was made with is pinned in its header (``game.builtin``): a
game made with other built-in data is refused by name rather than replayed with other
numbers, and a player who edits the pin (and signs again with their own key) is refused.
"""

from __future__ import annotations

import hashlib
import random
import shutil
from pathlib import Path

import pytest

from pbem import answering, games, paths, savefile, selfplay, session, strict_yaml
from pbem.engine import Action
from pbem.errors import ChainError, FormatError, IllegalAction, SignatureError
from pbem.games.dragons_tigers.catalog import data_files
from pbem.games.dragons_tigers.module import DragonsTigers
from pbem.identity import LocalIdentity
from pbem.ledger import Ledger
from pbem.savefile import SaveFile
from pbem.verification import check
from tests.security.kit import accept_all, cli, players, resign, tree

DT = "dragons-tigers"
REFUSAL = "this game was made with other built-in Dragons & Tigers of the Three Kingdoms data"
OTHER = hashlib.sha256(b"another pbem's built-in data").hexdigest()


def _older_data(folder: Path) -> tuple[Path, ...]:
    """The built-in Dragons & Tigers data files as an older pbem shipped them: the game
    lasted nine rounds."""
    folder.mkdir()
    copies = []
    for path in data_files():
        copy = folder / path.name
        shutil.copyfile(path, copy)
        copies.append(copy)
    rules = folder / "rules.yaml"
    text = rules.read_text(encoding="utf-8")
    assert "\nrounds: 8 " in text
    rules.write_text(text.replace("\nrounds: 8 ", "\nrounds: 9 ", 1), encoding="utf-8")
    return tuple(copies)


def _play(people: list[LocalIdentity], decisions: int = 1) -> list[SaveFile]:
    """A Dragons & Tigers game with open dice: created, joined, started, and played up to
    ``decisions`` saves after the join (each player taking their first offer)."""
    first = session.new_game(DT, people[0], [p.identity for p in people[1:]], {}, dice="open")
    saves = [first]
    for person in people[1:]:
        saves.append(session.join(saves[-1], person))
    by_role = {p["role"]: person for p, person in zip(first.players, people, strict=True)}
    for _ in range(decisions):
        composer = session.Composer(saves[-1], by_role[saves[-1].due["role"]])
        while composer.my_move():
            _legal(composer)
        saves.append(composer.finish())
        while saves[-1].due["step"] in answering.AUTOMATIC:  # e.g. a sealed answer opened
            saves.append(answering.AUTOMATIC[saves[-1].due["step"]](
                saves[-1], by_role[saves[-1].due["role"]]))
    return saves


def _legal(composer: session.Composer) -> Action:
    """Act with the first legal action among a random player's tries (the same on every
    run); return it."""
    prompt = composer.prompt()
    assert prompt is not None
    for action in selfplay.candidates(prompt, random.Random(7)):
        try:
            composer.act(action)
        except IllegalAction:
            continue
        return action
    raise AssertionError("no legal action offered")


def _written(folder: Path, saves: list[SaveFile]) -> list[Path]:
    out = []
    for save in saves:
        path = folder / savefile.file_name(save.game_id, save.sequence, save.writer)
        path.write_bytes(save.raw)
        out.append(path)
    return out


def _first_offer(save: SaveFile, person: LocalIdentity, folder: Path) -> Path:
    """An actions file holding a legal action of ``person`` on ``save``."""
    path = folder / "turn.yaml"
    path.write_text(strict_yaml.dump([_legal(session.Composer(save, person))]),
                    encoding="utf-8")
    return path


def _due(save: SaveFile, people: list[LocalIdentity]) -> LocalIdentity:
    key = save.player(save.due["role"])["key"]
    return next(p for p in people if p.key.public.line == key)


@pytest.mark.parametrize(("kind", "names"), [
    (DT, ("alice", "bob")),
    ("three-kingdoms-redux", ("wei", "wu", "shu")),
])
def test_a_new_game_pins_its_builtin_data_and_verifies(
        tmp_path: Path, kind: str, names: tuple[str, ...]) -> None:
    """Every new game on the built-in data records that data's hash, and verifies."""
    people = players(*names)
    first = session.new_game(kind, people[0], [p.identity for p in people[1:]], {})
    pinned = first.game["builtin"]
    assert pinned == games.get(kind).builtin_data_hash(first.game["options"])
    assert len(pinned) == 64
    assert list(first.game)[:4] == ["id", "kind", "version", "builtin"]
    [path] = _written(tmp_path, [first])
    code, out, err = cli("verify", path)
    assert code == 0, err
    assert out.startswith("OK: ")


def test_a_game_made_with_other_builtin_data_is_refused_by_name(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A game an older pbem made (its Dragons & Tigers lasted nine rounds) reaches this
    pbem: verify, show, log and apply each refuse it in one line naming the problem, and
    write nothing."""
    people = players("alice", "bob")
    older = _older_data(tmp_path / "older")
    with monkeypatch.context() as patch:
        patch.setattr(DragonsTigers, "builtin_data_files", lambda self, options: older)
        saves = _play(people)
    assert saves[0].game["builtin"] != games.get(DT).builtin_data_hash({"players": 2})
    folder = tmp_path / "game"
    folder.mkdir()
    paths_ = _written(folder, saves)
    last = saves[-1]
    actions = _first_offer(last, _due(last, people), tmp_path)
    before = tree(tmp_path), tree(paths.data_dir())
    mover = _due(last, people).name
    for command in (["verify", paths_[-1]], ["verify", paths_[0]], ["show", paths_[-1]],
                    ["--as", "bob", "show", paths_[0]], ["log", paths_[-1], "--all"],
                    ["--as", mover, "apply", paths_[-1], actions]):
        code, out, err = cli(*command)
        assert code == ChainError.exit_code, (command, out, err)
        assert REFUSAL in err and "replay it with the pbem version that made it" in err
        assert f"({saves[0].game['builtin'][:12]}...)" in err
    assert (tree(tmp_path), tree(paths.data_dir())) == before


def test_a_game_in_progress_is_refused_once_the_builtin_data_changes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """bob accepted the game's first saves; his pbem is then updated with other built-in
    data. The next save, checked in one step from his ledger, is refused, and so is his
    turn on it: nothing is replayed with the new numbers, nothing is written."""
    people = players("alice", "bob")
    saves = _play(people, decisions=2)
    bob = people[1]
    accept_all(Ledger(bob.key.public), saves[:-1])
    newer = _older_data(tmp_path / "newer")
    monkeypatch.setattr(DragonsTigers, "builtin_data_files", lambda self, options: newer)
    with pytest.raises(ChainError, match=REFUSAL):
        check(saves[-1], Ledger(bob.key.public), [], None)
    paths_ = _written(tmp_path, saves)
    actions = _first_offer(saves[-1], _due(saves[-1], people), tmp_path)
    before = tree(tmp_path), tree(paths.data_dir())
    code, out, err = cli("--as", _due(saves[-1], people).name, "apply", paths_[-1], actions)
    assert code == ChainError.exit_code and REFUSAL in err, (out, err)
    assert (tree(tmp_path), tree(paths.data_dir())) == before


@pytest.mark.parametrize("pin", [OTHER, None], ids=["other-hash", "null"])
def test_an_edited_pin_signed_again_is_refused_on_arrival(tmp_path: Path, pin: str | None
                                                          ) -> None:
    """The creator edits the pinned hash of their first save (to another hash, or to
    none) and signs it again with their own key: bob's pbem refuses it on arrival and
    accepts nothing."""
    people = players("alice", "bob")
    first = _play(people, decisions=0)[0]
    forged = savefile.parse(resign(first, people[0].key,
                                   lambda doc: doc["game"].update(builtin=pin)), "forged")
    ledger = Ledger(people[1].key.public)
    with pytest.raises(ChainError, match=REFUSAL):
        check(forged, ledger, [], None)
    assert ledger.head(first.game_id) is None
    path = tmp_path / "forged.pbem.yaml"
    path.write_bytes(forged.raw)
    code, _out, err = cli("--as", "bob", "join", path)
    assert code == ChainError.exit_code and REFUSAL in err, err


def test_a_game_without_data_files_pins_nothing_and_refuses_a_pin(tmp_path: Path) -> None:
    """A game that reads no shipped data pins none; a creator who adds a pin is refused."""
    people = players("alice", "bob")
    first = session.new_game("tiny-race", people[0], [people[1].identity], {"target": 80})
    assert first.game["builtin"] is None
    forged = savefile.parse(resign(first, people[0].key,
                                   lambda doc: doc["game"].update(builtin=OTHER)), "forged")
    with pytest.raises(ChainError, match="other built-in Tiny Race data"):
        check(forged, Ledger(people[1].key.public), [], None)


def test_a_first_save_without_the_pin_is_malformed(tmp_path: Path) -> None:
    """The pin left out of the header (and the save signed again): refused as malformed,
    naming the field, before anything else is checked."""
    people = players("alice", "bob")
    first = _play(people, decisions=0)[0]
    raw = resign(first, people[0].key, lambda doc: doc["game"].pop("builtin"))
    with pytest.raises(FormatError, match="field game.builtin: is missing"):
        savefile.parse(raw, "forged")
    path = tmp_path / "forged.pbem.yaml"
    path.write_bytes(raw)
    code, _out, err = cli("verify", path)
    assert code == FormatError.exit_code and "game.builtin: is missing" in err, err


def test_the_pin_is_signed(tmp_path: Path) -> None:
    """The pin changed in the file's bytes without signing again: the signature fails."""
    people = players("alice", "bob")
    first = _play(people, decisions=0)[0]
    pinned = first.game["builtin"].encode()
    assert first.raw.count(pinned) == 1
    with pytest.raises(SignatureError):
        savefile.parse(first.raw.replace(pinned, OTHER.encode()), "edited")
