"""The hash of a game's built-in data: its content counts, not how the files spell it."""

from __future__ import annotations

from pathlib import Path

from pbem import builtin_data, games


def _files(folder: Path, **texts: str) -> tuple[Path, ...]:
    folder.mkdir()
    for name, text in texts.items():
        (folder / f"{name}.yaml").write_text(text, encoding="utf-8")
    return tuple(folder / f"{name}.yaml" for name in texts)


def test_comments_and_spelling_do_not_count(tmp_path: Path) -> None:
    """The same data with other comments, quoting and layout: the same hash."""
    plain = _files(tmp_path / "a", rules="rounds: 8\nareas: [luoyang, changan]\n")
    spelt = _files(tmp_path / "b", rules="# the numbers\nrounds: 8   # (4.8)\n"
                                         "areas:\n- 'luoyang'\n- changan\n")
    assert builtin_data.digest(plain) == builtin_data.digest(spelt)


def test_every_value_order_and_name_counts(tmp_path: Path) -> None:
    """Another number, another order of keys or records, another file name or another
    order of files: another hash."""
    base = builtin_data.digest(_files(tmp_path / "a", rules="rounds: 8\nareas: [a, b]\n",
                                      board="x: 1\n"))
    others = [
        _files(tmp_path / "b", rules="rounds: 9\nareas: [a, b]\n", board="x: 1\n"),
        _files(tmp_path / "c", rules="areas: [a, b]\nrounds: 8\n", board="x: 1\n"),
        _files(tmp_path / "d", rules="rounds: 8\nareas: [b, a]\n", board="x: 1\n"),
        _files(tmp_path / "e", numbers="rounds: 8\nareas: [a, b]\n", board="x: 1\n"),
        _files(tmp_path / "f", board="x: 1\n", rules="rounds: 8\nareas: [a, b]\n"),
    ]
    digests = {builtin_data.digest(files) for files in others}
    assert base not in digests and len(digests) == len(others)


def test_each_game_pins_the_data_files_play_reads() -> None:
    """Both games ship data and pin it (their help texts aside); a game without data files
    pins nothing."""
    for kind, players in (("dragons-tigers", 2), ("three-kingdoms-redux", 3)):
        module = games.get(kind)
        options = module.options(players)
        names = [path.name for path in module.builtin_data_files(options)]
        assert "rules.yaml" in names and "summaries.yaml" not in names
        assert all(path.is_file() for path in module.builtin_data_files(options))
        assert len(module.builtin_data_hash(options) or "") == 64
    assert games.get("tiny-race").builtin_data_hash({"players": 2, "target": 12}) is None
