"""IMAP IDLE as pbem speaks it: against real Dovecot (news while idling, news that came
while it was not idling, a quiet folder), and against a scripted server for what Dovecot
does not do on demand: news sent with the go-ahead in one packet, keep-alive lines, a
literal, BYE, a connection cut, a server without IDLE."""

from __future__ import annotations

import socket
import ssl
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest

from pbem.config import Config, Server
from pbem.errors import MailError
from pbem.identity import LocalIdentity
from pbem.mail import idle
from pbem.mail.idle import Idler
from pbem.mail.watch import Settings, Watcher
from tests.mail.servers import Certificate, DovecotServer

Script = Callable[[ssl.SSLSocket, bytes], object]  # what the server does on IDLE (tag given)


def _dovecot(dovecot: DovecotServer, security: str) -> Server:
    port = dovecot.imaps_port if security == "ssl" else dovecot.imap_port
    return Server("127.0.0.1", port, security, "bob", str(dovecot.cert.cert), True, "INBOX")


@pytest.mark.parametrize("security", ["ssl", "starttls"])
def test_news_while_idling_and_news_held_back(dovecot: DovecotServer, security: str) -> None:
    with Idler(_dovecot(dovecot, security), dovecot.users["bob"]) as idler:
        assert idler.can_idle
        started = time.monotonic()
        assert idler.wait(0.3) is False
        assert time.monotonic() - started >= 0.3
        later = threading.Timer(0.2, dovecot.deliver, ("bob", b"Subject: a\r\n\r\nx\r\n"))
        later.start()
        try:
            assert idler.wait(30) is True  # as soon as the server says so
        finally:
            later.join()
        dovecot.deliver("bob", b"Subject: b\r\n\r\nx\r\n")  # while not idling
        started = time.monotonic()
        assert idler.wait(30) is True
        assert time.monotonic() - started < 10
        assert idler.wait(0.2) is False


# ---------------------------------------------------------------- a scripted server


class _Scripted:
    """A tiny IMAPS server: greets, logs in, selects, and on IDLE follows the script."""

    def __init__(self, cert: Certificate, script: Script, capabilities: str,
                 exists: int = 0) -> None:
        self.script = script
        self.exists = exists
        self.capabilities = capabilities
        self.context = cert.server_context()
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.port = self.listener.getsockname()[1]
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        try:
            raw, _ = self.listener.accept()
        except OSError:
            return
        try:
            with self.context.wrap_socket(raw, server_side=True) as conn:
                self._talk(conn)
        except (ConnectionError, ssl.SSLError):
            return  # the client hung up without a LOGOUT (as after a refused IDLE)

    def _talk(self, conn: ssl.SSLSocket) -> None:
        reader = conn.makefile("rb")
        conn.sendall(b"* OK scripted server ready\r\n")
        for line in reader:
            tag, _, rest = line.strip().partition(b" ")
            command = rest.split(b" ")[0].upper()
            if command == b"CAPABILITY":
                conn.sendall(b"* CAPABILITY " + self.capabilities.encode() + b"\r\n"
                             + tag + b" OK done\r\n")
            elif command in (b"LOGIN", b"NOOP"):
                conn.sendall(tag + b" OK done\r\n")
            elif command in (b"SELECT", b"EXAMINE"):
                conn.sendall(b"* %d EXISTS\r\n* OK [UIDVALIDITY 7] ok\r\n" % self.exists
                             + tag + b" OK [READ-ONLY] done\r\n")
            elif command == b"IDLE":
                if self.script(conn, tag) == "refused":
                    continue
                if conn.fileno() == -1:
                    return
                done = reader.readline()
                if done.strip().upper() == b"DONE":
                    conn.sendall(tag + b" OK idle done\r\n")
            elif command == b"LOGOUT":
                conn.sendall(b"* BYE bye\r\n" + tag + b" OK done\r\n")
                return
            else:
                conn.sendall(tag + b" BAD unknown\r\n")

    def close(self) -> None:
        self.listener.close()


@contextmanager
def _scripted(cert: Certificate, script: Script, capabilities: str = "IMAP4rev1 IDLE",
              exists: int = 0) -> Iterator[Idler]:
    server = _Scripted(cert, script, capabilities, exists)
    try:
        with Idler(Server("127.0.0.1", server.port, "ssl", "bob", str(cert.cert), True,
                          "INBOX"), "secret") as idler:
            yield idler
    finally:
        server.close()


def test_news_in_the_same_packet_as_the_go_ahead(cert: Certificate) -> None:
    def script(conn: ssl.SSLSocket, tag: bytes) -> None:
        conn.sendall(b"+ idling\r\n* 3 EXISTS\r\n")

    with _scripted(cert, script) as idler:
        started = time.monotonic()
        assert idler.wait(20) is True
        assert time.monotonic() - started < 5


def test_messages_moved_out_of_the_folder_are_no_news(cert: Certificate) -> None:
    def script(conn: ssl.SSLSocket, tag: bytes) -> None:
        conn.sendall(b"+ idling\r\n* 1 EXPUNGE\r\n* 1 EXPUNGE\r\n* 0 EXISTS\r\n")

    with _scripted(cert, script, exists=2) as idler:
        assert idler.wait(0.5) is False
        assert idler.count == 0


def test_a_message_that_comes_as_others_leave_is_news(cert: Certificate) -> None:
    def script(conn: ssl.SSLSocket, tag: bytes) -> None:
        conn.sendall(b"+ idling\r\n* 1 EXPUNGE\r\n* 2 EXISTS\r\n")

    with _scripted(cert, script, exists=2) as idler:
        assert idler.wait(20) is True


def test_keep_alive_lines_and_literals_are_no_news(cert: Certificate) -> None:
    def script(conn: ssl.SSLSocket, tag: bytes) -> None:
        conn.sendall(b"+ idling\r\n* OK Still here\r\n")
        conn.sendall(b"* 2 FETCH (BODY[HEADER.FIELDS (SUBJECT)] {14}\r\n* 9 EXISTS\r\n\r\n)\r\n")
        conn.sendall(b"* 2 FETCH (FLAGS (\\Seen))\r\n")

    with _scripted(cert, script) as idler:
        assert idler.wait(0.5) is False  # the EXISTS inside the literal is its text


def test_news_before_the_go_ahead(cert: Certificate) -> None:
    def script(conn: ssl.SSLSocket, tag: bytes) -> None:
        conn.sendall(b"* 4 EXISTS\r\n* 4 RECENT\r\n")
        time.sleep(0.05)
        conn.sendall(b"+ idling\r\n")

    with _scripted(cert, script) as idler:
        started = time.monotonic()
        assert idler.wait(20) is True
        assert time.monotonic() - started < 5


@pytest.mark.parametrize("how", ["bye", "cut"])
def test_a_server_that_ends_the_connection_is_one_line(cert: Certificate, how: str) -> None:
    def script(conn: ssl.SSLSocket, tag: bytes) -> None:
        conn.sendall(b"+ idling\r\n")
        time.sleep(0.1)
        if how == "bye":
            conn.sendall(b"* BYE shutting down\r\n")
        conn.shutdown(socket.SHUT_RDWR)
        conn.close()

    with _scripted(cert, script) as idler, pytest.raises(MailError) as failed:
        idler.wait(20)
    assert "the server closed the connection" in failed.value.message
    assert str(failed.value.where).startswith("imap 127.0.0.1:")


def test_idle_refused_is_one_line(cert: Certificate) -> None:
    def script(conn: ssl.SSLSocket, tag: bytes) -> str:
        conn.sendall(tag + b" NO not now\r\n")
        return "refused"

    with _scripted(cert, script) as idler, pytest.raises(MailError) as failed:
        idler.wait(20)
    assert failed.value.message.startswith("the server refused IDLE: ")
    assert failed.value.message.endswith("NO not now")


def test_a_server_without_idle_is_said_so(cert: Certificate) -> None:
    with _scripted(cert, lambda conn, tag: None, "IMAP4rev1") as idler:
        assert not idler.can_idle


def test_the_watcher_looks_at_intervals_when_the_server_has_no_idle(
        cert: Certificate, bob: LocalIdentity) -> None:
    server = _Scripted(cert, lambda conn, tag: None, "IMAP4rev1")
    said: list[str] = []
    try:
        imap = Server("127.0.0.1", server.port, "ssl", "bob", str(cert.cert), True, "INBOX")
        watcher = Watcher(bob, Config(imap=imap), Settings(interval=45), said.append,
                          said.append, "secret")
        watcher._ensure_idler()
        assert watcher.idler is None and watcher.polling
        assert said == ["The server does not offer IDLE: looking every 45 s."]
        watcher._ensure_idler()  # asked once
        assert len(said) == 1
    finally:
        server.close()


def test_stopped_while_idling_it_closes_at_once(cert: Certificate,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """Ctrl-C comes while pbem waits in IDLE: the connection is let go without a LOGOUT
    that a server in IDLE would not answer."""
    class Interrupted(Exception):
        pass

    def script(conn: ssl.SSLSocket, tag: bytes) -> None:
        conn.sendall(b"+ idling\r\n")

    def interrupted(*args: object) -> object:
        raise Interrupted

    with _scripted(cert, script) as idler:
        monkeypatch.setattr(idle.select, "select", interrupted)
        with pytest.raises(Interrupted):
            idler.wait(20)
        assert idler.idling
        started = time.monotonic()
        idler.close()
        assert time.monotonic() - started < 5
