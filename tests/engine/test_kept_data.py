"""An owner's data set kept on this machine is found again by a process that never read
the game's first save: a long-running ``pbem watch`` meets games that ``pbem new`` or an
earlier check made, and must not fail on them."""

from __future__ import annotations

from pathlib import Path

import pytest

from pbem import gamedata, games, kept_data, strict_yaml
from pbem.errors import UsageError
from pbem.games.three_kingdoms_card_game import dataset

KIND = "three-kingdoms-card-game"
OWNERS = Path(__file__).parents[1] / "games" / "three_kingdoms_card_game" / "data" \
    / "owner-transcription.yaml"


def test_a_data_set_kept_by_another_run_is_read_back_and_checked_by_its_hash(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Once a first save's data set is accepted it is kept; a process with an empty
    registry reads it back under its hash, and a kept file whose content has another
    hash is refused as not loaded."""
    module = games.get(KIND)
    options = {"players": 4, **module.load_data_file(str(OWNERS))}
    digest = options["data"]
    gamedata.accept(module, options, module.data_document(options), "the first save")
    monkeypatch.setattr(dataset, "_REGISTRY", {})
    assert dataset.get(digest).hash == digest
    monkeypatch.setattr(dataset, "_REGISTRY", {})
    kept = kept_data.path_of(KIND, digest)
    kept.write_bytes(strict_yaml.dump({"data": dict(dataset.builtin().document)})
                     .encode("utf-8"))
    with pytest.raises(UsageError):
        dataset.get(digest)
    monkeypatch.setattr(dataset, "_REGISTRY", {})
    kept.unlink()
    with pytest.raises(UsageError):
        dataset.get(digest)
