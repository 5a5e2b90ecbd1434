"""Playing a game by mail in the tests: where a player's pbem keeps a save, the latest it
has, and a turn composed with ``pbem apply`` and mailed with ``pbem send``."""

from __future__ import annotations

from pathlib import Path

from pbem import identity, savefile, strict_yaml
from pbem.savefile import SaveFile
from tests.mail.dt import plan
from tests.mail.kit import Player, wrote

WITNESSED = ("witnessed dice: each roll is made from the other players' answers, after the "
             "mover committed to it")


def key_of(player: Player) -> identity.LocalIdentity:
    return identity.load_key_file(player.config_dir / "keys" / player.name, player.name)


def stored(player: Player, save: SaveFile) -> Path:
    """Where ``player``'s pbem keeps ``save``."""
    return (player.data_dir / "games" / save.game_id
            / savefile.file_name(save.game_id, save.sequence, save.writer))


def newest(player: Player, game_id: str) -> SaveFile:
    """The latest save of the game in ``player``'s store."""
    paths = sorted((player.data_dir / "games" / game_id).glob("*.pbem.yaml"))
    return savefile.read(paths[-1])


def play(player: Player, last: SaveFile, actions: Path) -> SaveFile:
    """``player`` composes their part from ``last`` by ``pbem apply`` and mails it."""
    actions.write_text(strict_yaml.dump(plan(last, key_of(player))))
    out = player.run("apply", stored(player, last), actions).out
    written = wrote(out)
    save = savefile.read(written)
    assert written == stored(player, save)  # filed beside the save it answers
    if save.pending is not None:  # stopped at a roll, without knowing its dice
        assert "Waiting: answer" in out and "'s request (" in out, out
        assert not any(a.get("dice") for a in save.actions)
    sent = player.run("send", written).out
    assert f"Sent {save.kind} game {save.game_id[:8]}, save {save.sequence} (witnessed " \
           f"dice)" in sent, sent
    return save
