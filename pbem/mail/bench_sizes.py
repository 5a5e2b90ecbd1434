"""A development figure (for ``scripts/bench``): how large the messages of a whole game
are, in KiB per hand-over.

:func:`kib_per_handover` plays a random game (three players of Three Kingdoms Redux unless
told otherwise) and carries every save by mail between three homes of their own, without
servers: each save's writer has pbem make its message (what ``pbem send`` mails, the saves
its recipients may lack included), notes it as sent, and each recipient's pbem reads it
from a ``.eml`` file as ``pbem inbox`` does (filing the saves and noting who else it
named). The figure is the median size of the messages of a few games, each played with
keys, salts and save times made from its seed, so that the same code gives the same games.
"""

from __future__ import annotations

import contextlib
import os
import statistics
import tempfile
from collections.abc import Iterable, Iterator
from pathlib import Path

from pbem import selfplay
from pbem.config import Config, Opponent
from pbem.mail import compose, delivery, inbox
from pbem.savefile import SaveFile, file_name
from pbem.signing import PrivateKey

KIND = "three-kingdoms-redux"


@contextlib.contextmanager
def _home(folder: Path) -> Iterator[None]:
    """pbem's data folder is ``folder`` while inside."""
    saved = os.environ.get("PBEM_DATA_DIR")
    os.environ["PBEM_DATA_DIR"] = str(folder)
    try:
        yield
    finally:
        if saved is None:
            os.environ.pop("PBEM_DATA_DIR", None)
        else:
            os.environ["PBEM_DATA_DIR"] = saved


def _read(folder: Path, me: PrivateKey, name: str, data: bytes) -> None:
    """``data`` (a message or a save) read by the inbox of the home at ``folder``."""
    path = folder / "in" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    with _home(folder):
        report = inbox.run(me.public, [path.parent], None, lambda: "", False,
                           lambda label, count, total: lambda size: None)
    path.unlink()
    if any(result.kind not in inbox.HELD for result in report.results):
        raise RuntimeError(f"not filed: {[r.text for r in report.results]}")


SEEDS = range(4000, 4005)  # the games measured


def sizes(kind: str = KIND, players: int = 3, seed: int = 4000) -> list[int]:
    """The size in bytes of each message of a random game carried by mail (the same game
    for a seed on every run)."""
    game = selfplay.play_fixed(kind, players, seed).saves
    keys = selfplay.fixed_keys(kind, players, seed)
    roles = {str(p["key"]): str(p["role"]) for p in game[0].players}
    key_of = {roles[key.public.line]: key for key in keys}
    address = {role: f"{role}@pbem.test" for role in key_of}
    out: list[int] = []
    with tempfile.TemporaryDirectory(prefix="pbem-bench-") as tmp:
        homes = {role: Path(tmp) / role for role in key_of}
        configs = {role: Config(address=address[role], name=role, opponents=[
            Opponent(other, address[other], key_of[other].public.line)
            for other in key_of if other != role]) for role in key_of}
        for save in game:
            out.append(_hand_over(save, homes, configs, key_of))
    return out


def _hand_over(save: SaveFile, homes: dict[str, Path], configs: dict[str, Config],
               keys: dict[str, PrivateKey]) -> int:
    """``save`` kept by its writer, mailed to the others, read by them: the size."""
    writer = save.writer
    _read(homes[writer], keys[writer], file_name(save.game_id, save.sequence, writer),
          save.raw)  # (what pbem apply keeps)
    with _home(homes[writer]):
        letter = delivery.prepare(save, configs[writer], keys[writer].public)
        delivery.sent(letter, configs[writer])
    data = compose.eml_bytes(letter.message)
    for recipient in letter.addressing.to + letter.addressing.cc:
        _read(homes[recipient.role], keys[recipient.role], "message.eml", data)
    return len(data)


def kib_per_handover(kind: str = KIND, players: int = 3,
                     seeds: Iterable[int] = SEEDS) -> float:
    """The median message of a few whole random games, in KiB."""
    return statistics.median(size for seed in seeds
                             for size in sizes(kind, players, seed)) / 1024


if __name__ == "__main__":
    print(f"mail_kib_per_handover_redux: {kib_per_handover():.1f}")
