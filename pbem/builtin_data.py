"""The built-in data a game ships (its board, tables, cards...), pinned in every game.

Each game's header records ``builtin``: the hash of the built-in data files the game was
made with (:meth:`GameModule.builtin_data_hash`). A pbem whose own built-in data differs
refuses the game instead of replaying it with other numbers
(:func:`pbem.gamedata.check_builtin`): a later change of the shipped data cannot change
how an old game replays.

The hash is over the files' content, not their bytes: each file's name and its YAML as
data, written as compact JSON with keys in the file's order (order can matter to a game),
so comments and spelling do not count.
"""

from __future__ import annotations

import functools
import hashlib
import json
from pathlib import Path

from pbem import strict_yaml


@functools.cache
def digest(files: tuple[Path, ...]) -> str:
    """The SHA-256 (hex) of the canonical content of ``files``, in the order given."""
    total = hashlib.sha256(b"pbem-builtin-data/1")
    for path in files:
        content = strict_yaml.load(path.read_bytes(), path.name)
        text = json.dumps([path.name, content], ensure_ascii=False, separators=(",", ":"))
        total.update(text.encode("utf-8") + b"\n")
    return total.hexdigest()
