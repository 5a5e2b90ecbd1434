"""When earlier saves of a game have not arrived, the inbox says which (their numbers), who
holds them (the writers of the saves that did arrive after them) and the command that
sends them again; run by the holder as said, it repairs the game."""

from __future__ import annotations

from pathlib import Path

from pbem import identity, savefile, strict_yaml
from pbem.mail.gaps import Missing, words
from pbem.savefile import SaveFile
from pbem.signing import PrivateKey
from tests.mail.dt import plan
from tests.mail.kit import Player, introduce, make_player, wrote
from tests.mail.letters import race
from tests.mail.turns import key_of, stored


def _three(tmp_path: Path) -> dict[str, Player]:
    players = {name: make_player(tmp_path, name) for name in ("alice", "bob", "carol")}
    introduce(players["alice"], players["bob"])
    introduce(players["alice"], players["carol"])
    introduce(players["bob"], players["carol"])
    return players


def _hand_over(sender: Player, save: SaveFile, to: list[Player], folder: Path) -> None:
    """``sender`` writes the message for ``save`` to a file, which ``to`` read."""
    eml = folder / f"{sender.name}-{save.sequence}.eml"
    sender.run("send", stored(sender, save), "--eml", eml)
    for player in to:
        player.run("inbox", eml)


def _turn(player: Player, prev: SaveFile, folder: Path, rest: bool = False) -> SaveFile:
    """``player``'s turn by ``pbem apply`` (``rest``: they rest, so nobody is caught and
    the turn passes on in seat order)."""
    actions = folder / f"{player.name}-{prev.sequence + 1}.yaml"
    chosen = [{"do": "rest"}] if rest else plan(prev, key_of(player))
    actions.write_text(strict_yaml.dump(chosen))
    return savefile.read(wrote(player.run("apply", stored(player, prev), actions).out))


def test_the_inbox_names_the_missing_saves_their_holders_and_the_repair(
        tmp_path: Path, workdir: Path) -> None:
    players = _three(tmp_path)
    alice, bob, carol = players["alice"], players["bob"], players["carol"]
    for other in (bob, carol):
        (workdir / f"{other.name}.id").write_text(other.id_line + "\n")
    first = workdir / "race.pbem.yaml"
    alice.run("new", "tiny-race-3", "--opponent", workdir / "bob.id", "--opponent",
              workdir / "carol.id", "--dice", "open", "--option", "target=60", "-o", first)
    invitation = workdir / "invitation.eml"
    alice.run("send", first, "--eml", invitation)
    for other in (bob, carol):
        other.run("inbox", invitation)
    last = savefile.read(first)
    by_role = {"red": alice, "green": bob, "blue": carol}
    everyone = list(players.values())
    while last.due is None or last.sequence < 5 or last.due["role"] != "red" \
            or last.due["step"] != "run":  # every message delivered
        assert last.due is not None
        player = by_role[last.due["role"]]
        if last.due["step"] == "join":
            last = savefile.read(wrote(player.run("join", stored(player, last)).out))
        else:
            last = _turn(player, last, workdir)
        _hand_over(player, last, [p for p in everyone if p is not player], workdir)

    lost = _turn(alice, last, workdir, rest=True)  # the message to carol went astray
    _hand_over(alice, lost, [bob], workdir)
    assert lost.due is not None and lost.due["role"] == "green"
    came = _turn(bob, lost, workdir, rest=True)
    handed = workdir / "by-hand"
    handed.mkdir()
    (handed / "turn.pbem.yaml").write_bytes(came.raw)  # only this save, passed by hand
    out = carol.run("inbox", handed).out
    name = savefile.file_name(came.game_id, came.sequence, came.writer)
    expected = (f"waiting      tiny-race-3 game {came.game_id[:8]}, save {came.sequence}: "
                f"save {lost.sequence} of this game has not arrived; ask for it again: "
                f"bob (green), who wrote save {came.sequence}, with  pbem send --resend "
                f"{lost.sequence}..{lost.sequence} {name}; kept aside and tried again at the "
                f"next inbox - open dice")
    assert any(line.startswith(expected) for line in out.splitlines()), out

    # the holder runs the command as said, in any folder: the name is found in their store
    repair = workdir / "repair.eml"
    bob.run("send", "--resend", f"{lost.sequence}..{lost.sequence}", name, "--eml", repair)
    out = carol.run("inbox", repair).out
    for save in (lost, came):
        assert f"-> {stored(carol, save)}" in out, out
        assert stored(carol, save).read_bytes() == save.raw
    assert not any(line.startswith("waiting") for line in out.splitlines()), out


def test_several_gaps_and_holders_are_named() -> None:
    """Saves 3 and 5-6 lack; saves 4 (by green), 7 (by red) and 8 (by green) came: the
    numbers, and each player who holds them all, with their own command."""
    _, saves = race(identity.LocalIdentity("bob", PrivateKey.generate()), turns=6)
    save = saves[-1]
    found = Missing([3, 5, 6], {4: "green", 7: "red", 8: "green"})
    text = words(save, found)
    name = savefile.file_name(save.game_id, 7, "red")
    assert text == (f"saves 3, 5-6 of this game have not arrived; ask for them again: alice "
                    f"(red), who wrote save 7, with  pbem send --resend 3..6 {name}; or bob "
                    f"(green), who wrote save 8, with  pbem send --resend 3..6 "
                    f"{savefile.file_name(save.game_id, 8, 'green')}")
