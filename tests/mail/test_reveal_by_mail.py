"""Chronicles season orders by mail: five homes, `pbem watch` on every side; each seat's
order sealed with `pbem apply` and mailed, and, once the five are in, the first seat's
watcher binds them and every watcher mails the opening of its own, unattended."""

from __future__ import annotations

from pbem.mail.bench_reveal import reveal_round_trip_ms


def test_five_watchers_open_the_sealed_season_orders() -> None:
    """One game: every watcher mails its seat's opening once and files the four others; a
    sealed order is mailed once at most (the seat that binds them needs not mail hers)."""
    said: dict[str, list[str]] = {}
    figures = reveal_round_trip_ms(samples=1, said=said)
    assert figures["chronicles_reveal_round_trip_ms"] > 0
    assert figures["chronicles_reveal_round_trip_max_ms"] >= \
        figures["chronicles_reveal_round_trip_ms"]
    for name, lines in said.items():
        told = [line.split(" ", 1)[1] for line in lines]
        assert len([line for line in told if line.startswith("opened ")]) == 1, name
        assert len([line for line in told if " opening of " in line
                    and line.startswith("filed ")]) == 4, (name, told[-10:])
        sealed = [line for line in told if line.startswith("sealed ")]
        assert len(sealed) <= 1, (name, sealed)  # (the seat that binds: none, or one)
    assert sum(line.split(" ", 1)[1].startswith("sealed ")
               for lines in said.values() for line in lines) >= 4
