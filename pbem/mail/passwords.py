"""Mail passwords: from an environment variable or the OS keyring, never from a file."""

from __future__ import annotations

import os

from pbem.config import Server
from pbem.errors import MailError
from pbem.mail.network import MailSettingsError

SERVICE = "pbem"
ENV = {"smtp": "PBEM_SMTP_PASSWORD", "imap": "PBEM_IMAP_PASSWORD"}


def keyring_user(kind: str, server: Server) -> str:
    """The name a password is filed under in the keyring."""
    return f"{kind}:{server.user}@{server.host}"


def get(kind: str, server: Server) -> str:
    """The password for ``kind`` (smtp or imap): environment first, then the keyring."""
    value = os.environ.get(ENV[kind])
    if value:
        return value
    hint = f"set {ENV[kind]} or store it with: pbem config password {kind}"
    try:
        import keyring

        try:
            value = keyring.get_password(SERVICE, keyring_user(kind, server))
        except Exception as exc:  # any keyring backend failure is the same to the user
            raise MailSettingsError(f"no {kind.upper()} password: the OS keyring cannot be "
                                    f"used ({_short(exc)}); {hint}", server.label()) from None
    except ImportError:  # pragma: no cover - keyring is a dependency
        value = None
    if not value:
        raise MailSettingsError(f"no {kind.upper()} password for {server.user}; {hint}",
                                server.label())
    return value


def store(kind: str, server: Server, password: str) -> None:
    """Put the password into the OS keyring."""
    import keyring

    try:
        keyring.set_password(SERVICE, keyring_user(kind, server), password)
    except Exception as exc:  # any keyring backend failure is the same to the user
        raise MailError(f"the OS keyring cannot store the password ({_short(exc)}); set "
                        f"{ENV[kind]} in your environment instead", server.label()) from None


def _short(exc: BaseException) -> str:
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text[:160]
