"""Sending one message over SMTP with TLS (implicit SSL or STARTTLS) and AUTH."""

from __future__ import annotations

import smtplib
import socket
import ssl
from email.message import EmailMessage

from pbem.config import Server
from pbem.errors import MailError
from pbem.mail import network


def _text(value: bytes | str) -> str:
    if isinstance(value, bytes):
        value = value.decode("utf-8", "replace")
    return " ".join(value.split())[:200]


class _Plain(smtplib.SMTP):
    """SMTP over a connection made by :func:`network.connect` (short timeouts)."""

    def __init__(self, server: Server) -> None:
        self.server = server
        super().__init__(server.host, server.port, timeout=network.GREETING_TIMEOUT)

    def _get_socket(self, host: str, port: int, timeout: float) -> socket.socket:
        return network.connect("smtp", self.server)


class _Tls(smtplib.SMTP_SSL):
    """SMTP over TLS from the first byte, on a connection made by :func:`network.connect`."""

    def __init__(self, server: Server, context: ssl.SSLContext) -> None:
        self.server = server
        super().__init__(server.host, server.port, timeout=network.GREETING_TIMEOUT,
                         context=context)

    def _get_socket(self, host: str, port: int, timeout: float) -> socket.socket:
        return network.connect_tls("smtp", self.server, self.context, host)


def _greeted(server: Server, context: ssl.SSLContext) -> smtplib.SMTP:
    """A connection on which the server has greeted as an SMTP server should."""
    try:
        if server.security == "ssl":
            return _Tls(server, context)
        return _Plain(server)
    except (MailError, ssl.SSLCertVerificationError):
        raise
    except smtplib.SMTPConnectError as exc:
        said = _text(exc.smtp_error)
        greeting = f"{exc.smtp_code} {said}" if exc.smtp_code > 0 else said
        raise network.wrong_service("smtp", server, exc, greeting=greeting) from None
    except smtplib.SMTPServerDisconnected as exc:
        timed_out = "timed out" in str(exc)
        raise network.wrong_service("smtp", server, exc, silent=timed_out) from None
    except TimeoutError as exc:
        raise network.wrong_service("smtp", server, exc, silent=True) from None
    except (ssl.SSLError, ConnectionError) as exc:
        raise network.wrong_service("smtp", server, exc) from None


def send(server: Server, password: str, message: EmailMessage, sender: str,
         recipients: list[str]) -> None:
    """Deliver ``message`` to ``recipients``; any refusal is a one-line MailError."""
    where = network.where("smtp", server)
    context = network.tls_context(server, "smtp")
    with network.reported("smtp", server):
        try:
            client = _greeted(server, context)
            with client:
                client.ehlo()
                if server.security == "starttls":
                    if not client.has_extn("starttls"):
                        raise network.MailSettingsError(
                            "the server does not offer STARTTLS; use security 'ssl' (port "
                            "465) or another server", where)
                    client.starttls(context=context)
                    client.ehlo()
                network.settle(client.sock)
                client.login(server.user, password)
                refused = client.send_message(message, from_addr=sender, to_addrs=recipients)
        except smtplib.SMTPAuthenticationError as exc:
            raise network.MailSettingsError(
                f"the server refused the login for {server.user}: wrong user name or "
                f"password ({exc.smtp_code} {_text(exc.smtp_error)}); Gmail, Outlook and "
                f"Fastmail want an app password", where) from None
        except smtplib.SMTPNotSupportedError as exc:
            raise MailError(f"the server does not support this: {_text(str(exc))}",
                            where) from None
        except smtplib.SMTPRecipientsRefused as exc:
            names = ", ".join(f"{addr} ({code} {_text(text)})"
                              for addr, (code, text) in exc.recipients.items())
            raise MailError(f"the server refused every recipient: {names}; nothing was sent",
                            where) from None
        except smtplib.SMTPSenderRefused as exc:
            raise MailError(f"the server refused the sender {exc.sender}: {exc.smtp_code} "
                            f"{_text(exc.smtp_error)}", where) from None
        except smtplib.SMTPResponseException as exc:
            raise MailError(f"the server refused the message: {exc.smtp_code} "
                            f"{_text(exc.smtp_error)}", where) from None
        except smtplib.SMTPServerDisconnected as exc:
            raise MailError(f"the server closed the connection ({_text(str(exc))})",
                            where) from None
        except smtplib.SMTPException as exc:
            raise MailError(f"sending failed: {_text(str(exc)) or type(exc).__name__}",
                            where) from None
    if refused:
        names = ", ".join(f"{addr} ({code} {_text(text)})" for addr, (code, text)
                          in refused.items())
        raise MailError(f"sent, but the server refused some recipients: {names}", where)
