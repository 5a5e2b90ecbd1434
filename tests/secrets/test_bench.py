"""The secrets bench runs and prints its figures (their values are judged by scripts, not
here: no timed tests)."""

from __future__ import annotations

import re

import pytest

from pbem.secrets import bench


def test_the_bench_prints_one_name_value_line_per_figure(
        capsys: pytest.CaptureFixture[str]) -> None:
    bench.main()
    lines = capsys.readouterr().out.splitlines()
    assert [line.split(":")[0] for line in lines] == [
        "deck_shuffle_ms", "shuffle_prove_ms", "shuffle_verify_ms", "draw_to_player_ms"]
    for line in lines:
        assert re.fullmatch(r"[a-z_]+: \d+\.\d", line)
        assert float(line.split(": ")[1]) > 0
