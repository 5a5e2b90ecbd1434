"""Desktop notifications: shown by notify-send where there is one, with what a save holds
shown as text (never as markup), and no error where there is none."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from pbem.mail import notify
from tests.mail.watching import fake_notifier


def test_notify_send_gets_the_text_as_text(tmp_path: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    folder, record = fake_notifier(tmp_path / "bin")
    monkeypatch.setenv("PATH", str(folder))
    assert notify.desktop("pbem: your move", "Tiny Race <b>bold</b> & \x1b[31mred")
    deadline = time.monotonic() + 30
    while not (record.exists() and record.read_text().endswith("\n")):
        assert time.monotonic() < deadline
        time.sleep(0.02)
    assert record.read_text() == ("--app-name=pbem|pbem: your move|Tiny Race &lt;b&gt;bold"
                                  "&lt;/b&gt; &amp; \\x1b[31mred|\n")


def test_no_notifier_is_no_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", str(tmp_path))
    assert notify.desktop("pbem: your move", "text") is False
