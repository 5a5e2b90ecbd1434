"""Sending one message over SMTP with TLS (implicit SSL or STARTTLS) and AUTH."""

from __future__ import annotations

import smtplib
from email.message import EmailMessage

from pbem.config import Server
from pbem.errors import MailError
from pbem.mail.network import TIMEOUT, reported, tls_context


def _text(value: bytes | str) -> str:
    if isinstance(value, bytes):
        value = value.decode("utf-8", "replace")
    return " ".join(value.split())[:200]


def send(server: Server, password: str, message: EmailMessage, sender: str,
         recipients: list[str]) -> None:
    """Deliver ``message`` to ``recipients``; any refusal is a one-line MailError."""
    where = f"smtp {server.label()}"
    context = tls_context(server, "smtp")
    with reported("smtp", server):
        try:
            if server.security == "ssl":
                client: smtplib.SMTP = smtplib.SMTP_SSL(server.host, server.port,
                                                        timeout=TIMEOUT, context=context)
            else:
                client = smtplib.SMTP(server.host, server.port, timeout=TIMEOUT)
            with client:
                client.ehlo()
                if server.security == "starttls":
                    if not client.has_extn("starttls"):
                        raise MailError("the server does not offer STARTTLS; use security "
                                        "'ssl' (port 465) or another server", where)
                    client.starttls(context=context)
                    client.ehlo()
                client.login(server.user, password)
                refused = client.send_message(message, from_addr=sender, to_addrs=recipients)
        except smtplib.SMTPAuthenticationError as exc:
            raise MailError(f"the server refused the login for {server.user}: wrong user "
                            f"name or password ({exc.smtp_code} {_text(exc.smtp_error)}); "
                            f"Gmail, Outlook and Fastmail want an app password", where) from None
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
        except smtplib.SMTPException as exc:
            raise MailError(f"sending failed: {_text(str(exc)) or type(exc).__name__}",
                            where) from None
    if refused:
        names = ", ".join(f"{addr} ({code} {_text(text)})" for addr, (code, text)
                          in refused.items())
        raise MailError(f"sent, but the server refused some recipients: {names}", where)
