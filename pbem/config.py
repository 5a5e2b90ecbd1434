"""The mail settings: my address, my SMTP and IMAP servers, and my opponents' addresses.

Kept in ``<config>/config.yaml`` (read strictly, written atomically, mode 0600). It holds
no password: those come from the OS keyring or from ``PBEM_SMTP_PASSWORD`` and
``PBEM_IMAP_PASSWORD`` (see :mod:`pbem.mail.passwords`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from pbem import paths, strict_yaml
from pbem.atomic import write_replace
from pbem.errors import FormatError, KeyProblem, UsageError
from pbem.identity import check_name
from pbem.signing import PublicKey

FILE_NAME = "config.yaml"
MAX_BYTES = 256 * 1024
SECURITY = ("ssl", "starttls")
DEFAULT_PORTS = {("smtp", "ssl"): 465, ("smtp", "starttls"): 587,
                 ("imap", "ssl"): 993, ("imap", "starttls"): 143}
_ADDRESS = re.compile(r"[^@\s<>\"(),;:\\\[\]]+@[A-Za-z0-9.-]+\Z")
_HOST = re.compile(r"[A-Za-z0-9.:_-]{1,253}\Z")
_HEADER = (
    "# pbem mail settings: edit with 'pbem config ...'.\n"
    "# No password is kept here: they come from the OS keyring ('pbem config password')\n"
    "# or from PBEM_SMTP_PASSWORD / PBEM_IMAP_PASSWORD.\n"
)


def path() -> Path:
    return paths.config_dir() / FILE_NAME


def check_address(address: str, where: str = "address") -> str:
    """An e-mail address in its plain form (``name@host``), or a UsageError."""
    address = address.strip()
    if not _ADDRESS.match(address):
        raise UsageError(f"{address!r} is not an e-mail address (name@example.org)", where)
    return address


def one_line(text: str) -> bool:
    """True for a non-empty line of text without control, format or separator characters
    (which could break a mail header or act on a terminal)."""
    return bool(text.strip()) and text.isprintable()


def check_host(host: str, where: str = "host") -> str:
    if not _HOST.match(host):
        raise UsageError(f"{host!r} is not a host name", where)
    return host


@dataclass
class Server:
    """An SMTP or IMAP server: where it is, how TLS starts, and the login name."""

    host: str
    port: int
    security: str
    user: str
    ca_file: str | None = None
    tls_verify: bool = True
    folder: str = "INBOX"

    def label(self) -> str:
        mode = "SSL" if self.security == "ssl" else "STARTTLS"
        return f"{self.host}:{self.port} ({mode})"


@dataclass
class Opponent:
    """An entry of the address book: a player's name, address and public key."""

    name: str
    address: str
    key: str

    @property
    def public(self) -> PublicKey:
        return PublicKey.from_line(self.key)


@dataclass
class Config:
    """Everything in config.yaml."""

    address: str | None = None
    name: str | None = None
    identity: str | None = None
    smtp: Server | None = None
    imap: Server | None = None
    opponents: list[Opponent] = field(default_factory=list)

    def by_key(self, key_line: str) -> Opponent | None:
        """The address-book entry holding this public key, if any."""
        wanted = PublicKey.from_line(key_line)
        for entry in self.opponents:
            if entry.public == wanted:
                return entry
        return None

    def add_opponent(self, entry: Opponent) -> str:
        """Add or update an entry; a known name with another key is refused."""
        for index, old in enumerate(self.opponents):
            if old.public == entry.public:
                self.opponents[index] = entry
                return "updated"
            if old.name == entry.name:
                raise UsageError(f"{entry.name} is in your address book with another key; "
                                 f"remove it first with: pbem config forget {entry.name}")
        self.opponents.append(entry)
        return "added"

    def forget(self, name: str) -> Opponent:
        for index, old in enumerate(self.opponents):
            if old.name == name:
                return self.opponents.pop(index)
        raise UsageError(f"no opponent named {name!r} in your address book")


# ---------------------------------------------------------------- reading


def _fail(where: str, name: str, message: str) -> FormatError:
    return FormatError(f"field {name}: {message}", where)


def _text(doc: dict[str, Any], key: str, where: str, name: str,
          required: bool = True) -> str | None:
    value = doc.get(key)
    if value is None:
        if required:
            raise _fail(where, name, "is missing")
        return None
    if not isinstance(value, str) or not one_line(value):
        raise _fail(where, name, "must be one line of text, without control characters")
    return value


def _known(doc: dict[str, Any], allowed: set[str], where: str, prefix: str) -> None:
    unknown = sorted(str(k) for k in doc if k not in allowed)
    if unknown:
        raise _fail(where, f"{prefix}{unknown[0]}", "is not a setting here")


def _server(doc: Any, kind: str, where: str) -> Server | None:
    if doc is None:
        return None
    if not isinstance(doc, dict):
        raise _fail(where, kind, "must be a mapping")
    allowed = {"host", "port", "security", "user", "ca_file", "tls_verify"}
    if kind == "imap":
        allowed.add("folder")
    _known(doc, allowed, where, f"{kind}.")
    host = _text(doc, "host", where, f"{kind}.host")
    assert host is not None
    if not _HOST.match(host):
        raise _fail(where, f"{kind}.host", "is not a host name")
    security = doc.get("security")
    if security not in SECURITY:
        raise _fail(where, f"{kind}.security", "must be 'ssl' or 'starttls'")
    port = doc.get("port", DEFAULT_PORTS[(kind, security)])
    if not isinstance(port, int) or isinstance(port, bool) or not 1 <= port <= 65535:
        raise _fail(where, f"{kind}.port", "must be a whole number from 1 to 65535")
    user = _text(doc, "user", where, f"{kind}.user")
    assert user is not None
    ca_file = _text(doc, "ca_file", where, f"{kind}.ca_file", required=False)
    verify = doc.get("tls_verify", True)
    if not isinstance(verify, bool):
        raise _fail(where, f"{kind}.tls_verify", "must be true or false")
    folder = _text(doc, "folder", where, f"{kind}.folder", required=False) or "INBOX"
    return Server(host, port, security, user, ca_file, verify, folder)


def _opponent(doc: Any, index: int, where: str) -> Opponent:
    name = f"opponents[{index}]"
    if not isinstance(doc, dict):
        raise _fail(where, name, "must be a mapping with name, address and key")
    _known(doc, {"name", "address", "key"}, where, f"{name}.")
    player = _text(doc, "name", where, f"{name}.name")
    address = _text(doc, "address", where, f"{name}.address")
    key = _text(doc, "key", where, f"{name}.key")
    assert player is not None and address is not None and key is not None
    try:
        check_name(player)
    except KeyProblem as exc:
        raise _fail(where, f"{name}.name", exc.message) from None
    if not _ADDRESS.match(address):
        raise _fail(where, f"{name}.address", "is not an e-mail address")
    try:
        PublicKey.from_line(key)
    except KeyProblem:
        raise _fail(where, f"{name}.key", "must be an ssh-ed25519 public key") from None
    return Opponent(player, address, key)


def parse(data: bytes, where: str) -> Config:
    """Check config.yaml's bytes and return the settings, naming the first bad field."""
    doc = strict_yaml.load(data, where)
    if doc is None:
        return Config()
    if not isinstance(doc, dict):
        raise FormatError("the mail settings must be a YAML mapping", where)
    _known(doc, {"me", "smtp", "imap", "opponents"}, where, "")
    me = doc.get("me") or {}
    if not isinstance(me, dict):
        raise _fail(where, "me", "must be a mapping")
    _known(me, {"address", "name", "identity"}, where, "me.")
    address = _text(me, "address", where, "me.address", required=False)
    if address is not None and not _ADDRESS.match(address):
        raise _fail(where, "me.address", "is not an e-mail address")
    name = _text(me, "name", where, "me.name", required=False)
    ident = _text(me, "identity", where, "me.identity", required=False)
    opponents = doc.get("opponents") or []
    if not isinstance(opponents, list):
        raise _fail(where, "opponents", "must be a list")
    entries = [_opponent(item, i, where) for i, item in enumerate(opponents)]
    return Config(address, name, ident, _server(doc.get("smtp"), "smtp", where),
                  _server(doc.get("imap"), "imap", where), entries)


def load() -> Config:
    """The settings, or empty ones when there is no config file yet."""
    target = path()
    try:
        with open(target, "rb") as handle:
            data = handle.read(MAX_BYTES + 1)
    except FileNotFoundError:
        return Config()
    except OSError as exc:
        raise FormatError(f"cannot read the mail settings: {exc.strerror}", str(target)) from None
    if len(data) > MAX_BYTES:
        raise FormatError("the mail settings file is larger than 256 KiB", str(target))
    return parse(data, str(target))


# ---------------------------------------------------------------- writing


def _server_doc(server: Server, kind: str) -> dict[str, Any]:
    out: dict[str, Any] = {"host": server.host, "port": server.port,
                           "security": server.security, "user": server.user}
    if kind == "imap":
        out["folder"] = server.folder
    if server.ca_file:
        out["ca_file"] = server.ca_file
    if not server.tls_verify:
        out["tls_verify"] = False
    return out


def to_doc(cfg: Config) -> dict[str, Any]:
    doc: dict[str, Any] = {}
    me = {k: v for k, v in (("address", cfg.address), ("name", cfg.name),
                            ("identity", cfg.identity)) if v}
    if me:
        doc["me"] = me
    if cfg.smtp:
        doc["smtp"] = _server_doc(cfg.smtp, "smtp")
    if cfg.imap:
        doc["imap"] = _server_doc(cfg.imap, "imap")
    doc["opponents"] = [{"name": o.name, "address": o.address, "key": o.key}
                        for o in cfg.opponents]
    return doc


def save(cfg: Config) -> Path:
    """Write the settings atomically (readable only by their owner)."""
    target = path()
    text = _HEADER + strict_yaml.dump(to_doc(cfg))
    parse(text.encode("utf-8"), str(target))  # never write what cannot be read back
    write_replace(target, text.encode("utf-8"), mode=0o600)
    return target
