"""The nudge a command gives a waiting watcher of the same player (pbem/nudge.py)."""

from __future__ import annotations

from pbem import nudge


def _touched() -> bool:
    before = nudge.stamp()
    nudge.touch()
    return nudge.stamp() != before


def test_a_command_nudges_except_while_a_watcher_pass_keeps_its_own_answers() -> None:
    """Keeping something nudges; a watcher's own pass does not nudge itself; and once the
    pass is over, the same process nudges again (an in-process watcher leaves nothing
    silenced behind it)."""
    assert _touched()
    with nudge.silenced(), nudge.silenced():
        assert not _touched()
    assert _touched()
