"""TLS settings and the one-line reports of network failures shared by SMTP and IMAP."""

from __future__ import annotations

import contextlib
import errno
import socket
import ssl
from collections.abc import Iterator
from pathlib import Path

from pbem.config import Server
from pbem.errors import MailError

TIMEOUT = 30.0


def tls_context(server: Server, kind: str) -> ssl.SSLContext:
    """A client TLS context: the system's trusted roots, or the server's ``ca_file``."""
    ca_file = Path(server.ca_file).expanduser() if server.ca_file else None
    if ca_file is not None and not ca_file.is_file():
        raise MailError(f"{kind}.ca_file {str(ca_file)!r} is not a readable file",
                        server.label())
    try:
        context = ssl.create_default_context(cafile=str(ca_file) if ca_file else None)
    except (ssl.SSLError, OSError) as exc:
        raise MailError(f"{kind}.ca_file cannot be used as a certificate list: {exc}",
                        server.label()) from None
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    if not server.tls_verify:
        context.check_hostname = False
        context.verify_mode = ssl.CERT_NONE
    return context


def _reason(exc: OSError) -> str:
    if isinstance(exc, socket.gaierror):
        return "unknown host name (check the host, or your connection)"
    if isinstance(exc, ConnectionRefusedError):
        return "connection refused (wrong port, or the server is down)"
    if isinstance(exc, TimeoutError | socket.timeout):
        return f"no answer within {int(TIMEOUT)} s"
    if exc.errno in (errno.ENETUNREACH, errno.EHOSTUNREACH):
        return "network unreachable (are you offline?)"
    if isinstance(exc, ConnectionResetError | BrokenPipeError):
        return "the server closed the connection"
    return exc.strerror or str(exc) or type(exc).__name__


@contextlib.contextmanager
def reported(kind: str, server: Server) -> Iterator[None]:
    """Turn TLS and socket failures into a one-line :class:`MailError` naming the server."""
    where = f"{kind} {server.label()}"
    try:
        yield
    except ssl.SSLCertVerificationError as exc:
        detail = exc.verify_message or exc.reason or "untrusted"
        raise MailError(f"TLS failed: the server's certificate is not trusted ({detail}); "
                        f"if it uses its own certificate, name it with --ca-file", where) from None
    except ssl.SSLError as exc:
        detail = exc.reason or str(exc)
        raise MailError(f"TLS failed: {detail} (is '{server.security}' right for port "
                        f"{server.port}? 465/993 use ssl, 587/143 use starttls)", where) from None
    except OSError as exc:
        raise MailError(f"cannot reach the server: {_reason(exc)}", where) from None
