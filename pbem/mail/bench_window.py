"""A development figure (for ``scripts/bench``): one Card Game reaction window by mail.

:func:`window_round_trip_ms` starts the mail tests' own Dovecot and SMTP servers on
127.0.0.1, gives four players a home each with ``pbem watch`` running, and plays a Card
Game scenario in which every other player is asked in every window (standing order
``window: ask``) and has set the standing response ``window: pass`` on her own machine.
The time is taken from the moment the mover mails her play to the moment her watcher
says it is her move again: the three others' watchers hear of the window at once (IDLE),
each passes ahead of her turn with her standing response and mails the pass to everyone
(pbem/passes_ahead.py), and the mover's watcher, once the three passes are filed, says it
is her move.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

from pbem.mail import bench

NAMES = ("alice", "bob", "carol", "dave")
SCENARIO = """turn: {role: seat1, start: main}
seats:
  seat1: {lord: cao-cao, hand: [borrowed-arrows.1, urgent-dispatch.1, urgent-dispatch.2,
                                urgent-dispatch.3]}
  seat2: {lord: liu-bei, hand: [zhang-fei], orders: {window: ask}}
  seat3: {lord: sun-jian, hand: [guan-yu], orders: {window: ask}}
  seat4: {lord: yuan-shao, hand: [lu-bu], orders: {window: ask}}
"""
PLAYS = ("borrowed-arrows.1", "urgent-dispatch.1", "urgent-dispatch.2", "urgent-dispatch.3")
MOVE = r"^your move .* save (\d+): .*  ->  pbem (play|join) (\S+)$"


def window_round_trip_ms(samples: int = 4, said: dict[str, list[str]] | None = None
                         ) -> dict[str, float]:
    """Median and max milliseconds of one window answered unattended by three watchers
    (``cardgame_window_round_trip_ms``, ``..._max_ms``); ``said``, when given, receives
    every line each watcher printed, by player."""
    from pbem import savefile, strict_yaml

    bench.PASSWORDS.setdefault("dave", "dave-imap")
    names = list(NAMES)
    times: list[float] = []
    with tempfile.TemporaryDirectory(prefix="pbem-bench-") as tmp, \
            bench._servers(names) as (dovecot, smtp):
        root = Path(tmp)
        homes, opponents = bench._acquainted(root, names, dovecot, smtp)
        alice = homes["alice"]
        try:
            for home in homes.values():
                bench._watch(home)
            scenario = root / "scenario.yaml"
            scenario.write_text(SCENARIO)
            first = root / "first.pbem.yaml"
            bench._pbem(alice, "new", "three-kingdoms-card-game", *opponents, "--scenario",
                        scenario, "-o", first)
            game_id = savefile.read(first).game_id
            for name in names[1:]:
                folder = Path(homes[name].env["PBEM_CONFIG_DIR"]) / "responses"
                folder.mkdir(parents=True, exist_ok=True)
                (folder / f"{game_id}.yaml").write_text("window: pass\n")
            bench._pbem(alice, "send", first)
            played = 0
            while len(times) < samples:
                mover, found = bench._next_move(homes, MOVE)
                path = Path(found.group(3))
                if found.group(2) == "join":
                    bench._pbem(mover, "send", bench._wrote(bench._pbem(mover, "join", path)))
                    continue
                assert mover is alice, f"{mover.name} was asked: a response did not answer"
                state = savefile.read(path).state
                cards = state["secrets"]["cards"]  # a scenario's cards are in clear
                wanted = PLAYS[played]
                entry = next(h for h in state["hands"]["seat1"] if cards[h]["card"] == wanted)
                turn = root / "turn.yaml"
                turn.write_text(strict_yaml.dump([{"do": "play-event", "card": entry}]))
                written = bench._wrote(bench._pbem(alice, "apply", path, turn))
                played += 1
                start = time.perf_counter()
                bench._pbem(alice, "send", written)
                assert alice.watcher is not None
                _, moment, _ = alice.watcher.wait_for(MOVE, alice.cursor)
                times.append((moment - start) * 1000)
        finally:
            for name, home in homes.items():
                if said is not None and home.watcher is not None:
                    said[name] = [line for _, line in home.watcher.lines]
                bench._stop(home)
    return {"cardgame_window_round_trip_ms": statistics.median(times),
            "cardgame_window_round_trip_max_ms": max(times)}


if __name__ == "__main__":  # pragma: no cover - a quick look by hand
    for key, value in window_round_trip_ms().items():
        print(f"{key}: {value:.1f}")
