"""A desktop notification, where the desktop offers one (``notify-send`` on Linux and
the BSDs); nothing, and no error, where it does not."""

from __future__ import annotations

import contextlib
import shutil
import subprocess

from pbem.mail.printable import printable

_running: list[subprocess.Popen[bytes]] = []


def _markup_safe(text: str) -> str:
    """Text shown as it is: notification servers read a little HTML in the body."""
    return printable(text, 200).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def desktop(title: str, body: str) -> bool:
    """Show a notification without waiting for it; False when none can be shown."""
    for process in list(_running):  # collect the ones that have finished
        if process.poll() is not None:
            _running.remove(process)
    program = shutil.which("notify-send")
    if program is None:
        return False
    with contextlib.suppress(OSError, ValueError):
        _running.append(subprocess.Popen(
            [program, "--app-name=pbem", _markup_safe(title), _markup_safe(body)],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            start_new_session=True))
        return True
    return False
