"""A development figure (for ``scripts/bench``): five sealed season orders revealed by mail.

:func:`reveal_round_trip_ms` starts the mail tests' own Dovecot and SMTP servers on
127.0.0.1 and gives five players a home each with ``pbem watch`` running. Each sample is a
new 5-player game of Chronicles of the Three Kingdoms (open dice), joined by mail and
started by its first seat, whose save ends where the season orders of Spring 196 are asked
of every seat at once (as the table ends it). Each seat seals ``- {do: season}`` with
``pbem apply SAVE ORDERS.yaml`` (a ``.pbem-ahead.yaml`` file, no save), and its watcher mails
it (nobody runs ``pbem send``).

The seats asked after the first seal theirs first, one after another, each filed by every
watcher (untimed); the seat asked first, who binds the orders, seals hers last. The time is
taken from the moment that fifth order is given (her ``pbem apply`` returns) to the moment
the last of the five watchers holds the openings of all five, i.e. can reveal them: her
watcher, woken by her own ``pbem apply`` (pbem/nudge.py), writes the save that binds the
five sealed orders and mails it with the opening of her own order; every other watcher
files that save and mails the opening of its own; each watcher is done once it has mailed
its own opening (its ``opened`` line) and filed the other four (``filed ... opening of
...``). Two mail hops in a row, each waiting for Dovecot's IDLE notice.

Why the seat asked first comes last: a seat whose watcher holds the orders of every seat
asked before her while hers is missing writes a save of those alone (the question moves on
to her), which is one more save and one more hop.
"""

from __future__ import annotations

import re
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from pbem.mail import bench

KIND = "chronicles-of-the-three-kingdoms"
NAMES = ("alice", "bob", "carol", "dave", "erin")
MOVE = r"^your move .* {game} \(.*\), save (\d+): .*  ->  pbem (play|join) (\S+)$"
SEALED = re.compile(r"Your answer is sealed .*: wrote (\S+\.pbem-ahead\.yaml)\.")
ORDERS = "- {do: season}\n"
Homes = dict[str, bench._Home]


def reveal_round_trip_ms(samples: int = 5, said: dict[str, list[str]] | None = None
                         ) -> dict[str, float]:
    """Median and max milliseconds from the fifth sealed season order sent to every
    watcher holding all five openings (``chronicles_reveal_round_trip_ms``,
    ``..._max_ms``), one new game per sample; ``said``, when given, receives every line
    each watcher printed, by player, each after the second it came."""
    for name in NAMES:
        bench.PASSWORDS.setdefault(name, f"{name}-imap")
    names = list(NAMES)
    times: list[float] = []
    with tempfile.TemporaryDirectory(prefix="pbem-bench-") as tmp, \
            bench._servers(names) as (dovecot, smtp):
        root = Path(tmp)
        homes, opponents = bench._acquainted(root, names, dovecot, smtp)
        try:
            for home in homes.values():
                bench._watch(home)
            while len(times) < samples:
                times.append(_game(homes, opponents, root, len(times)))
        finally:
            for name, home in homes.items():
                if said is not None and home.watcher is not None:
                    said[name] = [f"{moment:.3f} {line}" for moment, line in home.watcher.lines]
                bench._stop(home)
    return {"chronicles_reveal_round_trip_ms": statistics.median(times),
            "chronicles_reveal_round_trip_max_ms": max(times)}


def _game(homes: Homes, opponents: list[object], root: Path, number: int) -> float:
    """A new game, joined by every seat and started by the first: one sample, at its
    first season orders."""
    from pbem import savefile

    first = root / f"game-{number}.pbem.yaml"
    since = {name: len(_watcher(home).lines) for name, home in homes.items()}
    bench._pbem(homes["alice"], "new", KIND, *opponents, "--dice", "open", "-o", first)
    game = savefile.read(first).game_id[:8]
    bench._pbem(homes["alice"], "send", first)
    while True:
        mover, found = bench._next_move(homes, MOVE.format(game=game))
        path = Path(found.group(3))
        if found.group(2) == "join":
            bench._pbem(mover, "send", bench._wrote(bench._pbem(mover, "join", path)))
            continue
        asking = savefile.read(path)
        if _asks_everyone(asking):  # (the start, written by the first seat's watcher)
            return _sample(homes, mover, asking, path, root, since)
        save, written = _table_turn(mover, path, root)
        marks = {name: len(_watcher(home).lines) for name, home in homes.items()}
        bench._pbem(mover, "send", written)
        if _asks_everyone(save):
            return _sample(homes, mover, save, written, root, marks)


def _table_turn(mover: bench._Home, path: Path, root: Path) -> tuple[Any, Path]:
    """The mover's save, ended as the table ends it: at a question every seat answers
    sealed side by side (the season orders), else where another player must act, the
    first offer taken at each decision of hers before that."""
    from pbem import identity, keeping, savefile, session, verification
    from pbem.ledger import Ledger

    with bench._as(mover):
        me = identity.load(mover.name)
        prev = savefile.read(path)
        checked = verification.check(prev, Ledger(me.key.public), [], path)
        composer = session.Composer(prev, me)
        while composer.my_move() and not composer.can_finish()[0]:
            prompt = composer.prompt()
            assert prompt is not None
            ends = [spec for spec in prompt.actions if spec.verb.startswith("end")]
            composer.act((ends or prompt.actions)[0].complete())
        save = composer.finish()
        written = root / savefile.file_name(save.game_id, save.sequence, save.writer)
        keeping.write(save, written, prev, checked)
    return save, written


def _asks_everyone(save: Any) -> bool:
    """Whether ``save`` asks every seat at once a question answered sealed."""
    from pbem import games, passes_ahead

    prompt = passes_ahead.game_prompt(games.get(save.kind), save)
    return prompt is not None and passes_ahead.kind_of(prompt) == passes_ahead.SEAL \
        and {prompt.role, *prompt.ahead} == {str(p["role"]) for p in save.players}


def _sample(homes: Homes, mover: bench._Home, asking: Any, written: Path, root: Path,
            marks: dict[str, int]) -> float:
    """The season orders of ``asking``: every seat but the one asked first seals hers with
    ``pbem apply`` (her watcher mails it), each filed by every watcher, untimed; then the
    seat asked first, who binds them, seals hers. Milliseconds from that last order given
    to the last watcher holding every opening."""
    from pbem import games, passes_ahead

    names = {str(p["role"]): str(p["name"]) for p in asking.players}
    seq, game = asking.sequence, asking.game_id[:8]
    order = passes_ahead.queue(games.get(asking.kind), asking)
    for role in order[1:]:
        _seal(homes[names[role]], mover, asking, written, root, marks[names[role]])
        for name, home in homes.items():
            if name != names[role]:
                _watcher(home).wait_for(rf"^filed .*sealed answer of {role} to save "
                                        rf"{seq} of game {game}, ", marks[name])
    _seal(homes[names[order[0]]], mover, asking, written, root, marks[names[order[0]]])
    start = time.perf_counter()
    done = []
    for name, home in homes.items():
        watcher = _watcher(home)
        own = rf"^opened .* game {game}, save {seq + 1}: "
        moments = [watcher.wait_for(own, marks[name])[1]]
        for role in order:
            if names[role] != name:
                moments.append(watcher.wait_for(rf"^filed .*opening of {role} to save "
                                                rf"{seq + 1} of game {game}, ", marks[name])[1])
        done.append(max(moments))
    return (max(done) - start) * 1000


def _seal(home: bench._Home, mover: bench._Home, asking: Any, written: Path, root: Path,
          mark: int) -> Path:
    """``home``'s season orders sealed with ``pbem apply`` (on the save as her watcher
    filed it): the sealed file."""
    path = written
    if home is not mover:
        _, _, found = _watcher(home).wait_for(
            rf"^filed .* game {asking.game_id[:8]}, save {asking.sequence} from .* -> (\S+)$",
            mark)
        path = Path(found.group(1))
    orders = root / f"{home.name}-orders.yaml"
    orders.write_text(ORDERS)
    out = bench._pbem(home, "apply", path, orders)
    match = SEALED.search(out)
    if match is None:
        raise RuntimeError(f"{home.name}'s orders were not sealed: {out}")
    return Path(match.group(1))


def _watcher(home: bench._Home) -> bench._Watcher:
    assert home.watcher is not None
    return home.watcher


if __name__ == "__main__":  # pragma: no cover - a quick look by hand
    for key, value in reveal_round_trip_ms().items():
        print(f"{key}: {value:.1f}")
