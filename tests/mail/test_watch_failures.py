"""pbem watch when things go wrong: a server that is down, comes back, or cuts the
connection while the watcher idles is one line per failed pass, and the watcher goes on
(waiting longer after each failure) and says when it is connected again; an answer that
cannot be posted yet is posted once the SMTP server is back; a failure only the settings
can fix ends it with its code."""

from __future__ import annotations

import contextlib
import signal
import socket
import threading
from pathlib import Path

from pbem import session
from pbem.savefile import SaveFile
from tests.mail.conftest import SMTP_USERS
from tests.mail.kit import Player, cli, connect_imap, connect_smtp, introduce, make_player
from tests.mail.letters import save_letter
from tests.mail.servers import Certificate, DovecotServer, SmtpServer, free_port, start_smtp
from tests.mail.turns import key_of
from tests.mail.watching import start


class Relay:
    """A TCP relay from a port of its own to a real server, that can refuse connections
    (not started), cut every open one, and start again on the same port."""

    def __init__(self, target: int) -> None:
        self.target = target
        self.port = free_port()
        self.listener: socket.socket | None = None
        self.open: list[socket.socket] = []
        self.lock = threading.Lock()

    def start(self) -> None:
        self.listener = socket.create_server(("127.0.0.1", self.port))
        threading.Thread(target=self._accept, args=(self.listener,), daemon=True).start()

    def _accept(self, listener: socket.socket) -> None:
        while True:
            try:
                client, _ = listener.accept()
            except OSError:
                return
            server = socket.create_connection(("127.0.0.1", self.target))
            with self.lock:
                self.open += [client, server]
            for a, b in ((client, server), (server, client)):
                threading.Thread(target=self._pump, args=(a, b), daemon=True).start()

    def _pump(self, source: socket.socket, sink: socket.socket) -> None:
        try:
            while data := source.recv(65536):
                sink.sendall(data)
        except OSError:
            pass
        for sock in (source, sink):
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)

    def cut(self) -> None:
        """Break every open connection (the relay still accepts new ones)."""
        with self.lock:
            for sock in self.open:
                with contextlib.suppress(OSError):
                    sock.shutdown(socket.SHUT_RDWR)
            self.open.clear()

    def stop(self) -> None:
        if self.listener is not None:
            self.listener.close()
            self.listener = None
        self.cut()


def _game(alice: Player, bob: Player) -> list[SaveFile]:
    """alice's witnessed tiny race with bob, bob's join, and alice's opening request."""
    first = session.new_game("tiny-race", key_of(alice), [key_of(bob).identity],
                             {"target": 30}, dice="witnessed")
    joined = session.join(first, key_of(bob))
    return [first, joined, session.Composer(joined, key_of(alice)).finish()]


def test_a_server_down_back_and_cut_is_a_line_each_time(
        tmp_path: Path, dovecot: DovecotServer) -> None:
    bob = make_player(tmp_path, "bob")
    relay = Relay(dovecot.imaps_port)
    bob.run("config", "imap", "127.0.0.1", "--port", relay.port, "--security", "ssl",
            "--user", "bob", "--ca-file", dovecot.cert.cert)
    bob.env["PBEM_IMAP_PASSWORD"] = dovecot.users["bob"]
    alice = make_player(tmp_path, "alice")
    saves = _game(alice, bob)
    dovecot.deliver("bob", save_letter(saves[0]))
    watch = start(bob, "--interval", "0.3")
    try:
        refused = (r"^pbem: mail: imap 127\.0\.0\.1:\d+ \(SSL\): cannot reach the server: "
                   r"connection refused \(wrong port, or the server is down\); trying again in "
                   r"{} s$")
        first, _ = watch.wait_for(refused.format(r"0\.3"), stream="err")
        watch.wait_for(refused.format(r"0\.6"), after=first + 1, stream="err")
        relay.start()
        back = (r"^reconnected  bob at 127\.0\.0\.1:{} \(SSL\), folder INBOX: connected again "
                r"after {} failed tr(y|ies)$")
        said, _ = watch.wait_for(back.format(relay.port, r"([2-9]|\d\d+)"))
        move, _ = watch.wait_for(r"^your move    Tiny Race \w+ \(witnessed dice\), save 0: ")
        assert said < move  # said first, then what the pass found
        assert not any(line.startswith("reconnected") for line in watch.out[:said])
        before, out_before = len(watch.err), len(watch.out)
        relay.cut()  # while it idles
        watch.wait_for(r"^pbem: mail: imap .*; trying again in 0\.3 s$", after=before,
                       stream="err")
        watch.wait_for(back.format(relay.port, "1"), after=out_before)
        dovecot.deliver("bob", save_letter(saves[1]))
        watch.wait_for(r"^filed        tiny-race game \w+, save 1 from bob \(green\)")
        assert sum(line.startswith("reconnected") for line in watch.out) == 2, watch.out
        watch.process.send_signal(signal.SIGTERM)
        code = watch.finish()
    finally:
        watch.stop()
        relay.stop()
    assert code == 0 and watch.out[-1] == "Stopped watching.", watch.transcript()
    assert all(line.startswith("pbem: ") for line in watch.err), watch.transcript()


def test_an_answer_waits_for_the_smtp_server_and_goes_once_it_is_back(
        tmp_path: Path, cert: Certificate, dovecot: DovecotServer) -> None:
    alice, bob = make_player(tmp_path, "alice"), make_player(tmp_path, "bob")
    introduce(alice, bob)
    connect_imap(bob, dovecot)
    port = free_port()
    bob.run("config", "smtp", "127.0.0.1", "--port", port, "--security", "starttls",
            "--ca-file", cert.cert)
    bob.env["PBEM_SMTP_PASSWORD"] = SMTP_USERS[bob.address]
    for save in _game(alice, bob):
        dovecot.deliver("bob", save_letter(save))
    watch = start(bob, "--interval", "0.3")
    smtp: SmtpServer | None = None
    try:
        index, _ = watch.wait_for(r"^answered     tiny-race game \w+, save 3: a roll request, "
                                  r"answered by revealing your next dice link; not sent yet "
                                  r"\(cannot reach the server: connection refused .*\); the "
                                  r"next run tries again$")
        smtp = start_smtp(cert, SMTP_USERS, "starttls", port=port)
        watch.wait_for(r"^answered     tiny-race game \w+, save 3: a roll request, answered "
                       r"by revealing your next dice link; sent to alice@pbem\.test$",
                       after=index + 1)
        assert len(smtp.received) == 1 and smtp.received[0].recipients == ["alice@pbem.test"]
    finally:
        code = watch.stop()
        if smtp is not None:
            smtp.controller.stop()
    assert code == 0 and watch.err == [], watch.transcript()
    assert sum(line.startswith("answered") for line in watch.out) == 2, watch.transcript()


def test_what_only_the_settings_can_fix_ends_it_with_its_code(
        tmp_path: Path, cert: Certificate, smtp_server: SmtpServer,
        dovecot: DovecotServer) -> None:
    alice, bob = make_player(tmp_path, "alice"), make_player(tmp_path, "bob")
    introduce(alice, bob)
    connect_imap(bob, dovecot)
    connect_smtp(bob, smtp_server, cert, "not the password")
    wrong = cli({**bob.env, "PBEM_IMAP_PASSWORD": "wrong"}, "watch", ok=False)
    assert wrong.code == 11 and wrong.err.startswith("pbem: mail: imap 127.0.0.1:")
    assert "the server refused the login for bob: wrong user name or password" in wrong.err
    for save in _game(alice, bob):  # a roll request: the answer cannot be posted
        dovecot.deliver("bob", save_letter(save))
    watch = start(bob, "--interval", "0.3")
    code = watch.finish()
    assert code == 11, watch.transcript()
    assert len(watch.err) == 1 and watch.err[0].startswith("pbem: mail: smtp 127.0.0.1:")
    assert "refused the login for bob@pbem.test" in watch.err[0]
