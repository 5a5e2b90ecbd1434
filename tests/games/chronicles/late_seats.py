"""Chronicles games between homes in which a seat misses deadlines (notes 8): self-played
with fixed keys, salts and seeds, witnessed dice and a deadline, another seat claiming
where the script says. The same games on every run."""

from __future__ import annotations

import datetime as dt
import functools
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from unittest import mock

from freezegun import freeze_time

from pbem import claims, identity, inner_seals, savefile, saving, selfplay
from pbem.signing import PrivateKey
from tests.security.kit import labelled_key, salts, save_files

KIND = "chronicles-of-the-three-kingdoms"
DEADLINE = {"answer": "2d", "grace": "12h"}
SEED = 5
ROUNDS = 3  # the games stop once the third round is under way

Ready = Callable[[savefile.SaveFile, list[int]], bool]


def _exchange(save: savefile.SaveFile) -> int | None:
    return (save.state.get("exchange") or {}).get("number")


def season_order_late(save: savefile.SaveFile, done: list[int]) -> bool:
    """The first season orders (A) owed by a seat other than the first asked."""
    return not done and claims.lapsable(save) and _exchange(save) == 1 \
        and save.due["role"] != save.state["exchange"]["asked"][0]


def last_muster_late(save: savefile.SaveFile, done: list[int]) -> bool:
    """After a lapse in A: the last muster (C) owed by a seat holding forces face down."""
    return len(done) == 1 and claims.lapsable(save) and _exchange(save) == 3 \
        and bool(inner_seals.unopened(save.state, save.due["role"]))


def opening_withheld(save: savefile.SaveFile, done: list[int]) -> bool:
    """After both lapses: the opening owed by the seat whose last muster lapsed."""
    return len(done) == 2 and save.due is not None and save.due["step"] == "unseal" \
        and save.pending is None


def _frozen_stamp() -> str:
    """The stamp of the frozen clock (a suite may have fixed ``now_utc`` otherwise)."""
    return dt.datetime.now(dt.UTC).replace(microsecond=0).isoformat().replace("+00:00", "Z")


def keys() -> list[PrivateKey]:
    return [labelled_key(f"chronicles late {i}") for i in range(3)]


def key_of(save: savefile.SaveFile) -> dict[str, PrivateKey]:
    """Each role's key in these games."""
    by_line = {k.public.line: k for k in keys()}
    return {str(p["role"]): by_line[str(p["key"])] for p in save.players}


def _play(*steps: Ready) -> tuple[tuple[savefile.SaveFile, ...], tuple[int, ...]]:
    """The game, and the sequence numbers of its claims (one per step, in order)."""
    with freeze_time("2026-11-28 09:00:00") as clock, \
            mock.patch.object(saving, "now_utc", _frozen_stamp):
        done: list[int] = []

        def interject(prev: savefile.SaveFile, by_key: dict[str, identity.LocalIdentity]
                      ) -> savefile.SaveFile | None:
            if prev.due is None or len(done) >= len(steps) or not steps[len(done)](prev, done):
                return None
            claimer = next(p for p in prev.players if p["role"] != prev.due["role"])
            clock.tick(3 * 86400)
            done.append(prev.sequence + 1)
            return claims.make(prev, by_key[str(claimer["key"])])

        result = selfplay.play(KIND, 3, SEED, dice="witnessed", deadline=DEADLINE,
                               interject=interject, salts=salts("chronicles late", 3),
                               keys=keys(),
                               until=lambda s: s.state["calendar"]["round"] > ROUNDS)
        selfplay.verify(result)
    assert len(done) == len(steps), "the script found no save for every claim"
    return tuple(result.saves), tuple(done)


@functools.cache
def lapsed() -> tuple[tuple[savefile.SaveFile, ...], tuple[int, ...]]:
    """A seat's season orders lapse, then a seat's last muster with forces face down."""
    return _play(season_order_late, last_muster_late)


@functools.cache
def withheld() -> tuple[tuple[savefile.SaveFile, ...], tuple[int, ...]]:
    """As :func:`lapsed`, and then the seat whose muster lapsed does not open its forces
    either."""
    return _play(season_order_late, last_muster_late, opening_withheld)


@dataclass(frozen=True)
class Claimable:
    """The save before the first lapse of :func:`lapsed`, on a machine of the claimer's."""

    prev: savefile.SaveFile  # waits for the late seat's season orders
    path: Path  # where it lies, beside the saves before it
    key: Path  # the claimer's key file
    late: str
    claimer: str
    claimed: savefile.SaveFile  # the claim the game itself made


def claimable(folder: Path) -> Claimable:
    """The saves up to the first lapse of :func:`lapsed` written into ``folder / game``,
    and the claimer's key beside them."""
    saves, (first, _) = lapsed()
    prev = saves[first - 1]
    claimer = saves[first].writer
    (folder / "game").mkdir()
    path = save_files(folder / "game", list(saves[:first]))
    key = folder / "claimer.key"
    key.write_bytes(key_of(prev)[claimer].to_openssh())
    return Claimable(prev, path, key, str(prev.due["role"]), claimer, saves[first])
