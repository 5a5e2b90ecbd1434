"""Fetching new messages from an IMAP folder over TLS (IMAPS or STARTTLS).

The folder is opened read-only: pbem changes no flag and deletes nothing. Which
messages are new is kept by UID (:mod:`pbem.mail.seen`); messages without attachments
and messages over the size cap are never downloaded.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import imaplib
import re
from collections.abc import Callable
from dataclasses import dataclass

from pbem.config import Server
from pbem.errors import MailError
from pbem.mail.network import TIMEOUT, reported, tls_context
from pbem.mail.seen import Mark
from pbem.mail.sources import MAX_MESSAGE, RawMessage, too_large

CHUNK = 200
_SIZE = re.compile(rb"RFC822\.SIZE (\d+)")
_UID = re.compile(rb"UID (\d+)")
_SEQ = re.compile(rb"(\d+) ")


@dataclass
class Batch:
    """What one visit to the folder brought."""

    messages: list[RawMessage]
    mark: Mark
    checked: int
    without_attachments: int


def _text(data: object) -> str:
    if isinstance(data, list):
        data = b" ".join(d if isinstance(d, bytes) else str(d).encode() for d in data)
    if isinstance(data, bytes):
        data = data.decode("utf-8", "replace")
    return " ".join(str(data).split())[:200]


def _quote(folder: str) -> str:
    return '"' + folder.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _connect(server: Server, password: str) -> imaplib.IMAP4:
    where = f"imap {server.label()}"
    context = tls_context(server, "imap")
    if server.security == "ssl":
        conn: imaplib.IMAP4 = imaplib.IMAP4_SSL(server.host, server.port, ssl_context=context,
                                                timeout=TIMEOUT)
    else:
        conn = imaplib.IMAP4(server.host, server.port, timeout=TIMEOUT)
        if "STARTTLS" not in conn.capabilities:
            conn.shutdown()
            raise MailError("the server does not offer STARTTLS; use security 'ssl' "
                            "(port 993)", where)
        conn.starttls(ssl_context=context)
    try:
        if password.isascii() and server.user.isascii():
            conn.login(server.user, password)
        else:
            secret = f"\0{server.user}\0{password}".encode()
            conn.authenticate("PLAIN", lambda _: secret)
    except imaplib.IMAP4.error as exc:
        conn.shutdown()
        raise MailError(f"the server refused the login for {server.user}: wrong user name or "
                        f"password ({_text(exc.args[0] if exc.args else exc)}); Gmail, Outlook "
                        f"and Fastmail want an app password", where) from None
    return conn


def _check(status: str, data: object, what: str, where: str) -> None:
    if status != "OK":
        raise MailError(f"{what} failed: {_text(data)}", where)


def _new_uids(conn: imaplib.IMAP4, mark: Mark | None, validity: int,
              since: dt.date | None, where: str) -> list[int]:
    if mark is not None and mark.validity == validity:
        status, data = conn.uid("SEARCH", None, f"UID {mark.last + 1}:*")
        floor = mark.last
    elif since is not None:
        status, data = conn.uid("SEARCH", None, "SINCE", since.strftime("%d-%b-%Y"))
        floor = 0
    else:
        status, data = conn.uid("SEARCH", None, "ALL")
        floor = 0
    _check(status, data, "searching the folder", where)
    words = b" ".join(d for d in data if isinstance(d, bytes)).split()
    return sorted(uid for uid in (int(w) for w in words if w.isdigit()) if uid > floor)


def _sizes(conn: imaplib.IMAP4, uids: list[int], where: str) -> dict[int, tuple[int, bool]]:
    """UID -> (size, may hold attachments), without downloading the messages."""
    out: dict[int, tuple[int, bool]] = {}
    for start in range(0, len(uids), CHUNK):
        chunk = ",".join(str(u) for u in uids[start:start + CHUNK])
        status, data = conn.uid("FETCH", chunk, "(UID RFC822.SIZE)")
        _check(status, data, "reading message sizes", where)
        by_seq: dict[int, int] = {}
        for line in data:
            if not isinstance(line, bytes):
                continue
            uid, size, seq = _UID.search(line), _SIZE.search(line), _SEQ.match(line)
            if uid and size and seq:
                out[int(uid.group(1))] = (int(size.group(1)), False)
                by_seq[int(seq.group(1))] = int(uid.group(1))
        status, data = conn.uid("FETCH", chunk, "(BODY.PEEK[HEADER.FIELDS (CONTENT-TYPE)])")
        _check(status, data, "reading message headers", where)
        for item in data:
            if not isinstance(item, tuple) or len(item) < 2:
                continue
            meta, header = item[0], item[1]
            uid_match, seq = _UID.search(meta), _SEQ.match(meta)
            uid = int(uid_match.group(1)) if uid_match else by_seq.get(
                int(seq.group(1)) if seq else -1)
            if uid in out:
                multipart = b"multipart/" in header.lower() or b"application/" in header.lower()
                out[uid] = (out[uid][0], multipart)
    return out


def _download(conn: imaplib.IMAP4, uid: int, where: str) -> bytes:
    status, data = conn.uid("FETCH", str(uid), "(BODY.PEEK[])")
    _check(status, data, f"fetching message {uid}", where)
    for item in data:
        if isinstance(item, tuple) and len(item) >= 2 and isinstance(item[1], bytes):
            return item[1]
    raise MailError(f"the server sent no content for message {uid}", where)


def fetch(server: Server, password: str, mark: Mark | None, since: dt.date | None,
          progress: Callable[[str, int, int], Callable[[int], None]]) -> Batch:
    """The new messages of the folder (read-only), and the mark to store once filed.

    ``progress(label, count, total_bytes)`` is called before downloading and returns the
    function called with each message's size.
    """
    where = f"imap {server.label()}"
    with reported("imap", server):
        conn = _connect(server, password)
        try:
            status, data = conn.select(_quote(server.folder), readonly=True)
            if status != "OK":
                raise MailError(f"no folder {server.folder!r} ({_text(data)})", where)
            _, validity_data = conn.response("UIDVALIDITY")
            validity = int(validity_data[0]) if validity_data and validity_data[0] else 0
            uids = _new_uids(conn, mark, validity, since, where)
            sizes = _sizes(conn, uids, where) if uids else {}
            wanted = [u for u in uids if u in sizes and sizes[u][1]]
            messages: list[RawMessage] = []
            label = f"{server.host}/{server.folder}"
            fits = [u for u in wanted if sizes[u][0] <= MAX_MESSAGE]
            step = progress(label, len(fits), sum(sizes[u][0] for u in fits)) if fits else None
            for uid in wanted:
                size = sizes[uid][0]
                here = f"{server.folder} message {uid}"
                if size > MAX_MESSAGE:
                    messages.append(RawMessage(here, size, None, too_large(size)))
                    continue
                messages.append(RawMessage(here, size, _download(conn, uid, where)))
                if step is not None:
                    step(size)
            last = max([*uids, mark.last if mark and mark.validity == validity else 0])
            with contextlib.suppress(imaplib.IMAP4.error, OSError):
                conn.logout()
        except imaplib.IMAP4.abort as exc:
            raise MailError(f"the server closed the connection ({_text(str(exc))})",
                            where) from None
        except imaplib.IMAP4.error as exc:
            raise MailError(f"the server answered: {_text(str(exc))}", where) from None
        finally:
            with contextlib.suppress(Exception):
                conn.shutdown()
    return Batch(messages, Mark(validity, last), len(uids), len(uids) - len(wanted))
