"""Connections to mail servers: TLS settings, short timeouts until the server has greeted,
and one-line reports of every failure, with a hint when the port or the security mode is
wrong.

A server answers in one of three ways on connection: in TLS from the first byte (``ssl``,
ports 465 and 993), in plain text and then switching to TLS (``starttls``, ports 587 and
143), or as some other service. A wrong choice fails within :data:`GREETING_TIMEOUT`
seconds, and pbem then looks at what the port says (:func:`what_answers`) to tell which
choice is right.
"""

from __future__ import annotations

import contextlib
import errno
import re
import socket
import ssl
from collections.abc import Iterator
from pathlib import Path

from pbem.config import DEFAULT_PORTS, Server
from pbem.errors import MailError

GREETING_TIMEOUT = 10.0
PROBE_WAIT = 3.0
TIMEOUT = 30.0
NAMES = {"smtp": "SMTP", "imap": "IMAP", "pop3": "POP3"}
_A = {"smtp": "an SMTP", "imap": "an IMAP", "pop3": "a POP3"}


class MailSettingsError(MailError):
    """A mail failure that only a change of the settings can fix: a wrong password, port or
    security mode, an untrusted certificate, no password at all. ``pbem watch`` stops on
    it (with the same exit code) instead of trying again."""


def tls_context(server: Server, kind: str) -> ssl.SSLContext:
    """A client TLS context: the system's trusted roots, or the server's ``ca_file``."""
    ca_file = Path(server.ca_file).expanduser() if server.ca_file else None
    if ca_file is not None and not ca_file.is_file():
        raise MailSettingsError(f"{kind}.ca_file {str(ca_file)!r} is not a readable file",
                        server.label())
    try:
        context = ssl.create_default_context(cafile=str(ca_file) if ca_file else None)
    except (ssl.SSLError, OSError) as exc:
        raise MailSettingsError(f"{kind}.ca_file cannot be used as a certificate list: {exc}",
                        server.label()) from None
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    if not server.tls_verify:
        context.check_hostname = False
        context.verify_mode = ssl.CERT_NONE
    return context


def _reason(exc: OSError, timeout: float) -> str:
    if isinstance(exc, socket.gaierror):
        return "unknown host name (check the host, or your connection)"
    if isinstance(exc, ConnectionRefusedError):
        return "connection refused (wrong port, or the server is down)"
    if isinstance(exc, TimeoutError | socket.timeout):
        return f"no answer within {timeout:g} s"
    if exc.errno in (errno.ENETUNREACH, errno.EHOSTUNREACH):
        return "network unreachable (are you offline?)"
    if isinstance(exc, ConnectionResetError | BrokenPipeError):
        return "the server closed the connection"
    return " ".join((exc.strerror or str(exc) or type(exc).__name__).split())


def where(kind: str, server: Server) -> str:
    return f"{kind} {server.label()}"


def connect(kind: str, server: Server) -> socket.socket:
    """A TCP connection to the server, waiting at most :data:`GREETING_TIMEOUT` for it
    and then for the server's first words."""
    try:
        return socket.create_connection((server.host, server.port), timeout=GREETING_TIMEOUT)
    except OSError as exc:
        raise MailError(f"cannot reach the server: {_reason(exc, GREETING_TIMEOUT)}",
                        where(kind, server)) from None


def connect_tls(kind: str, server: Server, context: ssl.SSLContext,
                host: str) -> ssl.SSLSocket:
    """:func:`connect`, then TLS from the first byte (closing the socket if TLS fails)."""
    sock = connect(kind, server)
    try:
        return context.wrap_socket(sock, server_hostname=host)
    except BaseException:
        sock.close()
        raise


def settle(sock: socket.socket | None) -> None:
    """After the greeting: the patient timeout for logging in and transferring mail."""
    if sock is not None:
        with contextlib.suppress(OSError):
            sock.settimeout(TIMEOUT)


def what_answers(server: Server) -> str | None:
    """The first words the port says in plain text, or ``None`` when it says nothing
    within :data:`PROBE_WAIT` seconds (it waits for TLS, or for the client)."""
    try:
        with socket.create_connection((server.host, server.port),
                                      timeout=GREETING_TIMEOUT) as sock:
            sock.settimeout(PROBE_WAIT)
            data = sock.recv(200)
    except OSError:
        return None
    return data.decode("ascii", "replace") if data else None


def service_of(greeting: str) -> str | None:
    """``smtp``, ``imap`` or ``pop3`` from a server's first words."""
    text = greeting.strip()
    if text.startswith(("* OK", "* PREAUTH", "* BYE")) or "IMAP4" in text:
        return "imap"
    if text.startswith("+OK"):
        return "pop3"
    if re.match(r"\d{3}[ -]", text) or "ESMTP" in text:
        return "smtp"
    return None


def _shown(text: str) -> str:
    line = " ".join(text.split())
    line = "".join(c if c.isprintable() and c.isascii() else "?" for c in line)
    return line[:80] + ("..." if len(line) > 80 else "")


def _advice(kind: str, server: Server, security: str) -> str:
    """The command that keeps the port (the server does answer on it) and changes the mode."""
    return f"try: pbem config {kind} {server.host} --port {server.port} --security {security}"


def _from_words(kind: str, said: str, here: str) -> MailError | None:
    """The report when the server's words show it is not the service wanted."""
    service = service_of(said)
    if service == kind:
        return None
    if service is None:
        return MailSettingsError(f"the server does not answer as {_A[kind]} server (it said "
                         f"'{_shown(said)}'): is the host and port right?", here)
    wanted = NAMES[kind]
    ports = f"{DEFAULT_PORTS[(kind, 'ssl')]} (ssl) or {DEFAULT_PORTS[(kind, 'starttls')]}"
    return MailSettingsError(f"this port answers as {_A[service]} server, not {wanted} (it said "
                     f"'{_shown(said)}'): is the port right? {wanted} usually uses {ports} "
                     f"(starttls)", here)


def wrong_service(kind: str, server: Server, exc: BaseException,
                  greeting: str | None = None, silent: bool = False) -> MailError:
    """The one-line report of a connection that failed before the server greeted as
    expected. ``greeting`` is what the server said over the chosen security mode;
    ``silent`` means it said nothing in time. Without either, pbem looks at what the port
    says in plain text, to name the right security mode or port."""
    here = where(kind, server)
    if silent and server.security == "starttls":
        return MailSettingsError(f"the server said nothing within {GREETING_TIMEOUT:g} s of the "
                         f"connection: it probably expects TLS from the first byte (ssl), "
                         f"not STARTTLS; {_advice(kind, server, 'ssl')}", here)
    if silent:
        return MailError(f"the server did not answer within {GREETING_TIMEOUT:g} s (is it "
                         f"{_A[kind]} server?)", here)
    if greeting is not None:
        return _from_words(kind, greeting, here) or MailError(
            f"the server turned the connection down ('{_shown(greeting)}')", here)
    said = what_answers(server)
    if said is not None:
        other = _from_words(kind, said, here)
        if other is not None:
            return other
        if server.security == "ssl":
            return MailSettingsError(f"the server answers in plain text, not TLS: it expects "
                             f"STARTTLS; {_advice(kind, server, 'starttls')}", here)
    mode = (f"is '{server.security}' right for port {server.port}? 465/993 use ssl, 587/143 "
            f"use starttls")
    if isinstance(exc, ssl.SSLError):
        return MailSettingsError(f"TLS failed: {exc.reason or exc} ({mode})", here)
    return MailError(f"the server broke off before greeting ({_shown(str(exc)) or 'no reason'})"
                     f"; {mode}", here)


@contextlib.contextmanager
def reported(kind: str, server: Server) -> Iterator[None]:
    """Turn TLS and socket failures into a one-line :class:`MailError` naming the server."""
    here = where(kind, server)
    try:
        yield
    except ssl.SSLCertVerificationError as exc:
        detail = exc.verify_message or exc.reason or "untrusted"
        raise MailSettingsError(f"TLS failed: the server's certificate is not trusted "
                                f"({detail}); "
                        f"if it uses its own certificate, name it with --ca-file", here) from None
    except ssl.SSLError as exc:
        detail = exc.reason or str(exc)
        raise MailError(f"TLS failed: {detail} (is '{server.security}' right for port "
                        f"{server.port}? 465/993 use ssl, 587/143 use starttls)", here) from None
    except OSError as exc:
        raise MailError(f"the connection failed: {_reason(exc, TIMEOUT)}", here) from None
