"""The local store: finding a stored save by the hash another file names."""

from __future__ import annotations

from pbem import store
from tests.engine.helpers import play_race


def test_a_stored_save_is_found_by_its_hash_and_only_it(alice, bob) -> None:
    """Each stored save is found by its SHA-256, one whose line endings a mail program
    turned into CRLF included; a hash no stored save has finds nothing."""
    saves = play_race(alice, bob, turns=3)
    paths = [store.keep(save) for save in saves]
    crlf = paths[1]
    crlf.write_bytes(crlf.read_bytes().replace(b"\n", b"\r\n"))
    for save in saves:
        found = store.by_hash(save.game_id, save.sha256)
        assert found is not None and found.raw == save.raw
    assert store.by_hash(saves[0].game_id, "0" * 64) is None
    assert store.by_hash("f" * 32, saves[0].sha256) is None
