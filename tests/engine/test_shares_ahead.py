"""Shares given ahead (pbem/shares_ahead.py): after a save deals face-down cards, each
other player's pbem gives her shares of them at once in a signed file, and each holder then
reads her new cards before anyone writes another save. The chain is not changed."""

from __future__ import annotations

import functools
import json
from pathlib import Path

import pytest

from pbem import gameplay, savefile, selfplay, shares_ahead, store
from pbem.errors import ChainError
from pbem.games.chronicles.board import Board
from pbem.signing import PrivateKey
from tests.security.kit import cli, labelled_key, salts, save_files

KIND = "chronicles-of-the-three-kingdoms"


@functools.cache
def _game() -> tuple[tuple[savefile.SaveFile, ...], tuple[PrivateKey, ...]]:
    """A game of three between homes, up to the season orders of its second round: every
    seat has just been dealt new action counters."""
    keys = [labelled_key(f"shares ahead {i}") for i in range(3)]

    def until(save: savefile.SaveFile) -> bool:
        return save.state["calendar"]["round"] >= 2 and save.due is not None \
            and save.due["step"] == "season"

    result = selfplay.play(KIND, 3, 5, salts=salts("shares ahead", 3), keys=keys,
                           until=until)
    return tuple(result.saves), tuple(keys)


def _head() -> tuple[savefile.SaveFile, dict[str, PrivateKey]]:
    saves, keys = _game()
    head = saves[-1]
    return head, {str(p["role"]): k for p, k in zip(head.players, keys, strict=True)}


def _counters(save: savefile.SaveFile, role: str, key: PrivateKey) -> dict[str, str | None]:
    known = gameplay.viewer_knowledge(save.doc, save.state, role, key)
    return {e: known.get(e) for e in Board(save.state).realm(role)["counters"]}


def _give_all(save: savefile.SaveFile, keys: dict[str, PrivateKey], but: str = ""
              ) -> list[shares_ahead.Shares]:
    made = []
    for role, key in keys.items():
        given = shares_ahead.make(save, key, role) if role != but else None
        if given is not None:
            shares_ahead.check(given, save, "test")
            shares_ahead.keep(given, store.game_folder(save.game_id))
            made.append(given)
    return made


def test_every_holder_reads_her_new_counters_once_the_others_shares_arrive() -> None:
    head, keys = _head()
    for role, key in keys.items():
        assert _counters(head, role, key), f"{role} holds no counter"
        assert None in _counters(head, role, key).values(), \
            f"{role} could read her counters before the shares came: nothing to show"
    _give_all(head, keys)
    for role, key in keys.items():
        assert None not in _counters(head, role, key).values(), role


def test_one_players_file_missing_leaves_her_cards_unread_by_the_others() -> None:
    head, keys = _head()
    counters = {e for role in keys for e in Board(head.state).realm(role)["counters"]}
    late = next(r for r in keys if counters & set(shares_ahead.owed(head, r)))
    _give_all(head, keys, but=late)
    owed = shares_ahead.owed(head, late)
    checked = 0
    for role, key in keys.items():
        if role == late:
            continue
        read = _counters(head, role, key)
        mine = [e for e in read if e in owed]
        assert all(read[e] is None for e in mine), role
        checked += len(mine)
    assert checked, "the late player owes nobody a share of a counter: nothing was tried"


def test_the_files_change_nothing_the_chain_owes() -> None:
    """Each player's next save still owes the same shares: a file only reads sooner."""
    head, keys = _head()
    before = {role: shares_ahead.owed(head, role) for role in keys}
    assert any(before.values())
    _give_all(head, keys)
    assert {role: shares_ahead.owed(head, role) for role in keys} == before


def test_a_file_given_twice_gives_nothing_new() -> None:
    head, keys = _head()
    folder = store.game_folder(head.game_id)
    first = _give_all(head, keys)
    assert first
    for given in first:
        sent = shares_ahead.given_by(head.game_id, given.role, [folder])
        assert shares_ahead.make(head, keys[given.role], given.role, sent) is None


def test_a_file_for_another_save_is_refused() -> None:
    head, keys = _head()
    saves, _ = _game()
    role = next(r for r in keys if shares_ahead.owed(head, r))
    given = shares_ahead.make(head, keys[role], role)
    assert given is not None
    with pytest.raises(ChainError, match="another save"):
        shares_ahead.check(given, saves[-2], "test")


def test_the_file_round_trips_in_one_form(tmp_path: Path) -> None:
    head, keys = _head()
    role = next(r for r in keys if shares_ahead.owed(head, r))
    given = shares_ahead.make(head, keys[role], role)
    assert given is not None
    path = shares_ahead.keep(given, tmp_path)
    assert shares_ahead.read(path) == given
    edited = path.read_bytes().replace(b"shares:", b"shares :", 1)
    with pytest.raises(Exception, match="one form|exactly"):
        shares_ahead.parse(edited, str(path))


def test_by_hand_each_player_writes_her_file_and_the_holder_shows_her_counters(
        tmp_path: Path) -> None:
    """Files passed by hand: ``pbem witness SAVE`` writes each player's shares beside the
    save (nothing else is asked of her), and ``pbem show SAVE --json`` then names the
    holder's counters; asked again, it says they were given already."""
    head, keys = _head()
    saves, _ = _game()
    folder = tmp_path / "passed"
    folder.mkdir()
    path = save_files(folder, list(saves))
    key_files = {}
    for role, key in keys.items():
        key_files[role] = tmp_path / f"{role}.key"
        key_files[role].write_bytes(key.to_openssh())
    holder = next(r for r in keys if r != (head.due or {}).get("role"))

    def counters() -> list[dict]:
        code, out, err = cli("show", path, "--json", "--key", key_files[holder])
        assert code == 0, err
        view = json.loads(out)["view"]
        return view["realms"][holder]["counters"]

    assert any(c["action"] is None for c in counters())
    for role in keys:
        if role == holder or not shares_ahead.owed(head, role):
            continue
        code, out, err = cli("witness", path, "--key", key_files[role])
        assert code == 0, err
        assert "Wrote" in out and shares_ahead.SUFFIX in out
        code, out, err = cli("witness", path, "--key", key_files[role])
        assert code == 0 and "given already" in out
    assert all(c["action"] is not None for c in counters())


def test_at_one_keyboard_every_local_player_shares_at_once(tmp_path: Path) -> None:
    """Hot seat: when the table has written (or found) a save, every player whose key is
    on this machine gives her shares beside it, so the next player reads her counters
    without waiting for anyone's save."""
    from pbem import identity
    from tui.following import answer_here

    head, keys = _head()
    saves, _ = _game()
    folder = tmp_path / "table"
    folder.mkdir()
    path = save_files(folder, list(saves))
    for n, key in enumerate(keys.values()):
        identity.keygen(f"seat{n}", key=key, hotseat=True)
    answer_here(head, path)
    assert list(folder.glob(f"*{shares_ahead.SUFFIX}"))
    for role, key in keys.items():
        assert None not in _counters(head, role, key).values(), role


def test_files_whose_shares_the_chain_now_holds_are_removed() -> None:
    """Once a giver's later save has given her shares in the chain, her older file gives
    nothing any more and leaves the store; a file still useful stays."""
    saves, _ = _game()
    head, keys = _head()
    folder = store.game_folder(head.game_id)
    earlier = next((s, r) for s in saves[len(head.players):-1] for r in keys
                   if shares_ahead.owed(s, r)
                   and not set(shares_ahead.owed(s, r)) & set(shares_ahead.owed(head, r)))
    old_save, giver = earlier
    old = shares_ahead.make(old_save, keys[giver], giver)
    assert old is not None
    old_path = shares_ahead.keep(old, folder)
    current = _give_all(head, keys)
    assert current
    assert shares_ahead.prune(head) == 1
    assert not old_path.exists()
    assert {f.signature for f in shares_ahead.kept(head.game_id, [folder])} == \
        {f.signature for f in current}
