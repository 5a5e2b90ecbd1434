"""Long fuzzing runs of tests/security/mutations.py: ``scripts/fuzz N [SEED]``."""

from __future__ import annotations

import collections
import os
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> int:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 10000
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    with tempfile.TemporaryDirectory() as home:
        os.environ["PBEM_CONFIG_DIR"] = f"{home}/config"
        os.environ["PBEM_DATA_DIR"] = f"{home}/data"
        from pbem import games
        from tests.tinygame import TinyRace

        games.register("tiny-race", TinyRace)
        from tests.security.mutations import Breach, forge, judge, targets

        attacked = targets(seed)
        rng = random.Random(seed)
        tally: collections.Counter[str] = collections.Counter()
        breaches: list[str] = []
        started = time.monotonic()
        for number in range(count):
            target = rng.choice(attacked)
            try:
                tally[judge(target, forge(target, rng))] += 1
            except Breach as exc:
                kind = "traceback" if "accepted" not in str(exc) else "accepted"
                tally[kind] += 1
                breaches.append(f"mutation {number}: {exc}")
        print(f"{count} mutations of {len(attacked)} saves in "
              f"{time.monotonic() - started:.0f} s (seed {seed})")
        print(f"tracebacks: {tally['traceback']}")
        print(f"changed saves accepted: {tally['accepted']}")
        print(f"refused: {tally['refused']}, unchanged: {tally['same']}, "
              f"only the time or a free choice changed: {tally['free']}")
        for line in breaches[:20]:
            print("  " + line)
        return 1 if breaches else 0


if __name__ == "__main__":
    raise SystemExit(main())
