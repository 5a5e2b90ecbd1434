"""Waiting for new mail with IMAP IDLE (RFC 2177), on a connection of its own.

Python's ``imaplib`` (before 3.14) has no IDLE, so it is spoken here with the library's
own ``send`` and ``readline``. Nothing is read from the connection unless something is
there to read: before each read, pbem looks at what the connection has buffered without
blocking, and otherwise waits with ``select`` until the deadline, so a quiet server never
leaves a read hanging (a read that timed out would spoil the connection).

The connection examines the folder read-only. The server tells it of every message that
arrives after it was opened — while idling, or at the start of the next IDLE — so a
message that lands while pbem reads the folder on its other connection is never missed.
News is a count of messages larger than the last one the server gave: messages moved out
of the folder (as pbem's tidying does) wake nobody.
IDLE is renewed every :data:`RENEW` seconds, well within the 29 minutes after which a
server may drop an idle client.
"""

from __future__ import annotations

import contextlib
import imaplib
import itertools
import re
import select
import ssl
import time
from collections.abc import Callable

from pbem import nudge
from pbem.config import Server
from pbem.errors import MailError
from pbem.mail import imap, network

RENEW = 25 * 60.0
_COUNT = re.compile(rb"\* (\d+) (EXISTS|EXPUNGE)\b", re.IGNORECASE)
_LITERAL = re.compile(rb"\{(\d+)\}\r\n\Z")
_tags = itertools.count(1)


class Idler:
    """A read-only connection to the folder that waits until the server announces mail."""

    def __init__(self, server: Server, password: str) -> None:
        self.folder = imap.Folder(server, password)
        self.where = self.folder.where
        self.count = self.folder.exists  # messages in the folder, as the server said
        self.idling = False
        try:
            self.offered = self.folder.capabilities()
        except BaseException:
            self.folder.close()
            raise

    @property
    def can_idle(self) -> bool:
        return "IDLE" in self.offered

    def close(self) -> None:
        if self.idling:  # stopped while idling: no LOGOUT in the middle of IDLE
            with contextlib.suppress(Exception):
                self.folder.conn.shutdown()
            self.folder.conn = None  # type: ignore[assignment]
        self.folder.close()

    def __enter__(self) -> Idler:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # ------------------------------------------------------------ IDLE

    def wait(self, seconds: float, woken: Callable[[], bool] | None = None) -> bool:
        """Idle for at most ``seconds``; True as soon as the server announces new mail, or
        ``woken`` (asked five times a second) says so."""
        with network.reported("imap", self.folder.server):
            try:
                return self._idle(min(seconds, RENEW), woken)
            except imaplib.IMAP4.abort as exc:
                raise MailError(f"the server closed the connection ({exc})",
                                self.where) from None
            except imaplib.IMAP4.error as exc:
                raise MailError(f"the server answered: {exc}", self.where) from None

    def _idle(self, seconds: float, woken: Callable[[], bool] | None = None) -> bool:
        conn = self.folder.conn
        tag = b"pbemidle%d" % next(_tags)
        conn.send(tag + b" IDLE\r\n")
        self.idling = True
        news = False
        while True:  # the server's go-ahead, perhaps after news it held back
            line = self._line(time.monotonic() + network.TIMEOUT)
            if line is None:
                raise MailError("the server did not answer IDLE", self.where)
            if line.startswith(b"+"):
                break
            if line.startswith(tag + b" "):
                self.idling = False
                raise MailError(f"the server refused IDLE: {_shown(line)}", self.where)
            news = news or self._news(line)
        deadline = time.monotonic() + seconds
        while not news:
            line = self._line(min(deadline, time.monotonic() + nudge.CHECK_EVERY))
            if line is not None:
                news = self._news(line)
            elif time.monotonic() >= deadline:
                break
            elif woken is not None and woken():
                news = True
        conn.send(b"DONE\r\n")
        while True:  # the end of IDLE, perhaps after more news
            line = self._line(time.monotonic() + network.TIMEOUT)
            if line is None:
                raise MailError("the server did not end IDLE", self.where)
            if line.startswith(tag + b" "):
                self.idling = False
                if not line[len(tag) + 1:].upper().startswith(b"OK"):
                    raise MailError(f"IDLE ended with: {_shown(line)}", self.where)
                return news
            news = news or self._news(line)

    def _news(self, line: bytes) -> bool:
        """True when ``line`` says the folder holds more messages than before (messages
        moved out of it, by pbem's tidying or a mail program, are no news)."""
        if line.upper().startswith(b"* BYE"):
            raise imaplib.IMAP4.abort(_shown(line))
        found = _COUNT.match(line)
        if found is None:
            return False
        if found.group(2).upper() == b"EXPUNGE":
            self.count = max(self.count - 1, 0)
            return False
        before, self.count = self.count, int(found.group(1))
        return self.count > before

    # ------------------------------------------------------------ reading

    def _line(self, deadline: float) -> bytes | None:
        """The next line from the server (with any literal it announces), or ``None`` when
        nothing came before ``deadline``."""
        conn = self.folder.conn
        while not self._buffered(after_select=False):
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            readable, _, _ = select.select([conn.sock], [], [], left)
            if readable and self._buffered(after_select=True):
                break
        line = conn.readline()
        if not line:
            raise imaplib.IMAP4.abort("the connection was closed")
        while literal := _LITERAL.search(line):  # a string sent as a literal: read it all
            line += conn.read(int(literal.group(1)))
            line += conn.readline()
        return line

    def _buffered(self, after_select: bool) -> bool:
        """True when a read would not block: data is buffered or decrypted already, or
        arrived. After ``select`` said the socket is readable, nothing to read is the end
        of the connection."""
        conn = self.folder.conn
        sock = conn.sock
        timeout = sock.gettimeout()
        sock.setblocking(False)
        try:
            data = conn.file.peek(1)
        except (ssl.SSLWantReadError, ssl.SSLWantWriteError, BlockingIOError):
            return False  # nothing yet (a TLS record may be on its way)
        finally:
            with contextlib.suppress(OSError):
                sock.settimeout(timeout)
        if not data and after_select:
            raise imaplib.IMAP4.abort("the connection was closed")
        return bool(data)


def _shown(line: bytes) -> str:
    return " ".join(line.decode("utf-8", "replace").split())[:160]
