"""Reading new messages from an IMAP folder over TLS (IMAPS or STARTTLS), one at a time.

``pbem inbox`` opens the folder read-only: pbem changes no flag and deletes nothing.
Which messages are new is kept by UID (:mod:`pbem.mail.seen`); messages that cannot hold
a save and messages over the size cap are never downloaded, and the others are
downloaded one by one (without marking them read), so each is handled (and recorded as
read) before the next is fetched. Only ``pbem watch --tidy`` opens it for writing, to
move the messages it handled into a folder of their own (:meth:`Folder.move`).
"""

from __future__ import annotations

import contextlib
import datetime as dt
import imaplib
import re
import socket
import ssl
from collections.abc import Iterator
from dataclasses import dataclass
from types import TracebackType

from pbem.config import Server
from pbem.errors import MailError
from pbem.mail import network
from pbem.mail.seen import Mark
from pbem.mail.sources import MAX_MESSAGE, RawMessage, too_large

CHUNK = 200
_SIZE = re.compile(rb"RFC822\.SIZE (\d+)")
_UID = re.compile(rb"UID (\d+)")
_SEQ = re.compile(rb"(\d+) ")
_MAY_HOLD_SAVES = (b"multipart/", b"application/", b"message/", b"attachment")


@dataclass
class Listing:
    """The new messages of the folder: every UID, and those worth downloading."""

    validity: int
    uids: list[int]
    wanted: list[int]
    sizes: dict[int, int]

    def mark(self, before: Mark | None) -> Mark:
        """How far the folder is read once every listed message is done."""
        last = before.last if before is not None and before.validity == self.validity else 0
        return Mark(self.validity, max([last, *self.uids]))


def _text(data: object) -> str:
    if isinstance(data, list):
        data = b" ".join(d if isinstance(d, bytes) else str(d).encode() for d in data)
    if isinstance(data, bytes):
        data = data.decode("utf-8", "replace")
    return " ".join(str(data).split())[:200]


def _quote(folder: str) -> str:
    return '"' + folder.replace("\\", "\\\\").replace('"', '\\"') + '"'


class _Plain(imaplib.IMAP4):
    """IMAP over a connection made by :func:`network.connect` (short timeouts)."""

    def __init__(self, server: Server) -> None:
        self.server = server
        super().__init__(server.host, server.port, timeout=network.GREETING_TIMEOUT)

    def _create_socket(self, timeout: float | None) -> socket.socket:
        return network.connect("imap", self.server)


class _Tls(imaplib.IMAP4_SSL):
    """IMAPS over a connection made by :func:`network.connect` (short timeouts)."""

    def __init__(self, server: Server, context: ssl.SSLContext) -> None:
        self.server = server
        super().__init__(server.host, server.port, ssl_context=context,
                         timeout=network.GREETING_TIMEOUT)

    def _create_socket(self, timeout: float | None) -> socket.socket:
        return network.connect_tls("imap", self.server, self.ssl_context, self.host)


def _greeted(server: Server, context: ssl.SSLContext) -> imaplib.IMAP4:
    """A connection on which the server has greeted as an IMAP server should."""
    try:
        if server.security == "ssl":
            return _Tls(server, context)
        return _Plain(server)
    except (MailError, ssl.SSLCertVerificationError):
        raise
    except TimeoutError as exc:
        raise network.wrong_service("imap", server, exc, silent=True) from None
    except imaplib.IMAP4.error as exc:
        said = str(exc).removeprefix("unexpected response: ")
        said = said[2:-1] if said.startswith(("b'", 'b"')) else said
        raise network.wrong_service("imap", server, exc, greeting=said) from None
    except (ssl.SSLError, ConnectionError) as exc:
        raise network.wrong_service("imap", server, exc) from None


class Folder:
    """The IMAP folder of the settings, opened read-only for one inbox run (or for writing,
    to move messages out of it)."""

    def __init__(self, server: Server, password: str, readonly: bool = True) -> None:
        self.server = server
        self.readonly = readonly
        self.where = network.where("imap", server)
        context = network.tls_context(server, "imap")
        with self._talking():
            self.conn = _greeted(server, context)
        try:
            with self._talking():
                self._start(context, password)
        except BaseException:
            self.close()
            raise

    def _start(self, context: ssl.SSLContext, password: str) -> None:
        conn, server = self.conn, self.server
        if server.security == "starttls":
            if "STARTTLS" not in conn.capabilities:
                raise network.MailSettingsError("the server does not offer STARTTLS; use "
                                                "security 'ssl' (port 993)", self.where)
            conn.starttls(ssl_context=context)
        network.settle(conn.sock)
        try:
            if password.isascii() and server.user.isascii():
                conn.login(server.user, password)
            else:
                secret = f"\0{server.user}\0{password}".encode()
                conn.authenticate("PLAIN", lambda _: secret)
        except imaplib.IMAP4.abort:
            raise
        except imaplib.IMAP4.error as exc:
            raise network.MailSettingsError(
                f"the server refused the login for {server.user}: wrong user name or "
                f"password ({_text(exc.args[0] if exc.args else exc)}); Gmail, Outlook and "
                f"Fastmail want an app password", self.where) from None
        status, data = conn.select(_quote(server.folder), readonly=self.readonly)
        if status != "OK":
            raise network.MailSettingsError(f"no folder {server.folder!r} ({_text(data)})",
                                            self.where)
        count = data[0] if data else None
        self.exists = int(count) if isinstance(count, bytes) and count.isdigit() else 0
        _, data = conn.response("UIDVALIDITY")
        value = data[0] if data else None
        text = value.decode("ascii", "replace") if isinstance(value, bytes) else str(value)
        self.validity = int(text) if text.isdigit() else 0

    @contextlib.contextmanager
    def _talking(self) -> Iterator[None]:
        """Every failure of the conversation as one line naming the server."""
        with network.reported("imap", self.server):
            try:
                yield
            except imaplib.IMAP4.abort as exc:
                raise MailError(f"the server closed the connection ({_text(str(exc))})",
                                self.where) from None
            except imaplib.IMAP4.error as exc:
                raise MailError(f"the server answered: {_text(str(exc))}", self.where) from None

    def _check(self, status: str, data: object, what: str) -> None:
        if status != "OK":
            raise MailError(f"{what} failed: {_text(data)}", self.where)

    # ------------------------------------------------------------ listing

    def listing(self, mark: Mark | None, since: dt.date | None) -> Listing:
        """The UIDs after ``mark`` (or since ``since``), with the size of those that may
        hold a save, without downloading anything."""
        with self._talking():
            uids = self._new_uids(mark, since)
            sizes = self._sizes(uids) if uids else {}
        wanted = [u for u in uids if u in sizes and sizes[u][1]]
        return Listing(self.validity, uids, wanted, {u: sizes[u][0] for u in wanted})

    def _new_uids(self, mark: Mark | None, since: dt.date | None) -> list[int]:
        conn = self.conn
        if mark is not None and mark.validity == self.validity:
            status, data = conn.uid("SEARCH", None, f"UID {mark.last + 1}:*")
            floor = mark.last
        elif since is not None:
            status, data = conn.uid("SEARCH", None, "SINCE", since.strftime("%d-%b-%Y"))
            floor = 0
        else:
            status, data = conn.uid("SEARCH", None, "ALL")
            floor = 0
        self._check(status, data, "searching the folder")
        words = b" ".join(d for d in data if isinstance(d, bytes)).split()
        return sorted(uid for uid in (int(w) for w in words if w.isdigit()) if uid > floor)

    def _sizes(self, uids: list[int]) -> dict[int, tuple[int, bool]]:
        """UID -> (size, may hold a save), from sizes and headers only."""
        out: dict[int, tuple[int, bool]] = {}
        for start in range(0, len(uids), CHUNK):
            chunk = ",".join(str(u) for u in uids[start:start + CHUNK])
            status, data = self.conn.uid("FETCH", chunk, "(UID RFC822.SIZE)")
            self._check(status, data, "reading message sizes")
            by_seq: dict[int, int] = {}
            for line in data:
                if not isinstance(line, bytes):
                    continue
                uid, size, seq = _UID.search(line), _SIZE.search(line), _SEQ.match(line)
                if uid and size and seq:
                    out[int(uid.group(1))] = (int(size.group(1)), False)
                    by_seq[int(seq.group(1))] = int(uid.group(1))
            status, data = self.conn.uid(
                "FETCH", chunk, "(BODY.PEEK[HEADER.FIELDS (CONTENT-TYPE CONTENT-DISPOSITION)])")
            self._check(status, data, "reading message headers")
            for item in data:
                if not isinstance(item, tuple) or len(item) < 2:
                    continue
                meta, header = item[0], item[1]
                uid_match, seq = _UID.search(meta), _SEQ.match(meta)
                found = uid_match.group(1) if uid_match else None
                number = int(found) if found else by_seq.get(int(seq.group(1)) if seq else -1)
                if number in out and isinstance(header, bytes):
                    may_hold = any(m in header.lower() for m in _MAY_HOLD_SAVES)
                    out[number] = (out[number][0], may_hold)
        return out

    # ------------------------------------------------------------ the server

    def refresh(self) -> None:
        """Catch up with the folder (a connection kept open between two readings)."""
        with self._talking():
            status, data = self.conn.noop()
        self._check(status, data, "checking the folder")

    def capabilities(self) -> set[str]:
        """What the server offers once logged in (IDLE, MOVE, UIDPLUS...)."""
        with self._talking():
            status, data = self.conn.capability()
        self._check(status, data, "asking for the server's capabilities")
        words = b" ".join(d for d in data if isinstance(d, bytes)).decode("ascii", "replace")
        return {word.upper() for word in words.split()}

    def ensure_folder(self, name: str) -> bool:
        """Create the folder ``name`` unless it exists; True when it was created."""
        with self._talking():
            status, data = self.conn.list('""', _quote(name))
            if status == "OK" and any(isinstance(d, bytes) for d in data):
                return False
            status, data = self.conn.create(_quote(name))
        self._check(status, data, f"creating the folder {name!r}")
        return True

    def move(self, uids: list[int], target: str, offered: set[str]) -> bool:
        """Move messages to the folder ``target``: MOVE where the server offers it, else
        COPY, mark deleted and expunge exactly those messages (UIDPLUS), else COPY and
        mark deleted, leaving them for the mail program to expunge (then False)."""
        if self.readonly:
            raise MailError("the folder is open read-only; nothing moved", self.where)
        chosen = ",".join(str(u) for u in uids)
        with self._talking():
            if "MOVE" in offered:
                status, data = self.conn.uid("MOVE", chosen, _quote(target))
                self._check(status, data, f"moving messages to {target!r}")
                return True
            status, data = self.conn.uid("COPY", chosen, _quote(target))
            self._check(status, data, f"copying messages to {target!r}")
            status, data = self.conn.uid("STORE", chosen, "+FLAGS.SILENT", "(\\Deleted)")
            self._check(status, data, "marking the copied messages deleted")
            if "UIDPLUS" not in offered:
                return False
            status, data = self.conn.uid("EXPUNGE", chosen)
            self._check(status, data, "removing the copied messages")
        return True

    # ------------------------------------------------------------ messages

    def download(self, uid: int, size: int) -> RawMessage:
        """One message, or why it was not downloaded."""
        here = f"{self.server.folder} message {uid}"
        if size > MAX_MESSAGE:
            return RawMessage(here, size, None, too_large(size))
        with self._talking():
            status, data = self.conn.uid("FETCH", str(uid), "(BODY.PEEK[])")
        self._check(status, data, f"fetching message {uid}")
        for item in data:
            if isinstance(item, tuple) and len(item) >= 2 and isinstance(item[1], bytes):
                if len(item[1]) > MAX_MESSAGE:
                    return RawMessage(here, len(item[1]), None, too_large(len(item[1])))
                return RawMessage(here, len(item[1]), item[1])
        raise MailError(f"the server sent no content for message {uid}", self.where)

    def close(self) -> None:
        conn = getattr(self, "conn", None)
        if conn is None:
            return
        with contextlib.suppress(Exception):
            conn.logout()
        with contextlib.suppress(Exception):
            conn.shutdown()
        self.conn = None  # type: ignore[assignment]

    def __enter__(self) -> Folder:
        return self

    def __exit__(self, kind: type[BaseException] | None, value: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()
