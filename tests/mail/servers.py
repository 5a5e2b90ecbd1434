"""Real mail servers on 127.0.0.1 for the tests: aiosmtpd (STARTTLS or SSL, with AUTH)
and Dovecot's IMAP server (STARTTLS and IMAPS), with a throwaway certificate."""

from __future__ import annotations

import contextlib
import datetime as dt
import imaplib
import ipaddress
import os
import pwd
import shutil
import socket
import ssl
import subprocess
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, LoginPassword
from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

DOMAIN = "pbem.test"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass
class Certificate:
    """A self-signed certificate for 127.0.0.1 and localhost, and its key, as PEM files."""

    cert: Path
    key: Path

    def server_context(self) -> ssl.SSLContext:
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        context.load_cert_chain(str(self.cert), str(self.key))
        return context

    def client_context(self) -> ssl.SSLContext:
        return ssl.create_default_context(cafile=str(self.cert))


def make_certificate(folder: Path) -> Certificate:
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "pbem test server")])
    now = dt.datetime.now(dt.UTC)
    public = key.public_key()
    cert = (
        x509.CertificateBuilder()
        .subject_name(name).issuer_name(name).public_key(public)
        .serial_number(x509.random_serial_number())
        .not_valid_before(now - dt.timedelta(hours=1))
        .not_valid_after(now + dt.timedelta(days=2))
        .add_extension(x509.SubjectAlternativeName([
            x509.IPAddress(ipaddress.ip_address("127.0.0.1")), x509.DNSName("localhost")]),
            critical=False)
        .add_extension(x509.BasicConstraints(ca=True, path_length=None), critical=True)
        .add_extension(x509.KeyUsage(
            digital_signature=True, content_commitment=False, key_encipherment=False,
            data_encipherment=False, key_agreement=False, key_cert_sign=True, crl_sign=False,
            encipher_only=False, decipher_only=False), critical=True)
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(public), critical=False)
        .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(public),
                       critical=False)
        .sign(key, hashes.SHA256())
    )
    folder.mkdir(parents=True, exist_ok=True)
    cert_path, key_path = folder / "cert.pem", folder / "key.pem"
    cert_path.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_path.write_bytes(key.private_bytes(serialization.Encoding.PEM,
                                           serialization.PrivateFormat.PKCS8,
                                           serialization.NoEncryption()))
    os.chmod(cert_path, 0o644)
    os.chmod(key_path, 0o644)  # read by Dovecot's own users; a throwaway key
    return Certificate(cert_path, key_path)


# ---------------------------------------------------------------- SMTP


@dataclass
class Delivered:
    sender: str
    recipients: list[str]
    data: bytes


@dataclass
class SmtpServer:
    """An aiosmtpd server that requires TLS and AUTH, keeps every message, and can hand
    each one to the recipient's IMAP mailbox."""

    port: int
    security: str
    users: dict[str, str]
    received: list[Delivered] = field(default_factory=list)
    imap: DovecotServer | None = None
    controller: Any = None

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        data = envelope.original_content or envelope.content
        if isinstance(data, str):
            data = data.encode()
        self.received.append(Delivered(envelope.mail_from, list(envelope.rcpt_tos), data))
        if self.imap is not None:
            for rcpt in envelope.rcpt_tos:
                self.imap.deliver(rcpt.split("@")[0], data)
        return "250 OK delivered"

    def authenticate(self, server: Any, session: Any, envelope: Any, mechanism: str,
                     auth_data: Any) -> AuthResult:
        ok = (isinstance(auth_data, LoginPassword)
              and self.users.get(auth_data.login.decode()) == auth_data.password.decode())
        return AuthResult(success=ok, handled=False)


def start_smtp(cert: Certificate, users: dict[str, str], security: str = "starttls",
               imap: DovecotServer | None = None, port: int | None = None) -> SmtpServer:
    server = SmtpServer(port or free_port(), security, users, imap=imap)
    common: dict[str, Any] = {"authenticator": server.authenticate, "auth_required": True}
    if security == "starttls":
        controller = Controller(server, hostname="127.0.0.1", port=server.port,
                                tls_context=cert.server_context(), require_starttls=True,
                                auth_require_tls=True, **common)
    else:  # implicit TLS: the whole session is encrypted, which aiosmtpd cannot tell
        controller = Controller(server, hostname="127.0.0.1", port=server.port,
                                ssl_context=cert.server_context(), auth_require_tls=False,
                                **common)
    controller.start()
    server.controller = controller
    return server


# ---------------------------------------------------------------- IMAP (Dovecot)


DOVECOT_CONF = """\
protocols = imap
listen = 127.0.0.1
base_dir = {base}/run
state_dir = {base}/state
log_path = {base}/dovecot.log
info_log_path = {base}/dovecot.log
ssl = required
ssl_cert = <{cert}
ssl_key = <{key}
disable_plaintext_auth = yes
auth_mechanisms = plain login
auth_failure_delay = 0
default_internal_user = {internal}
default_login_user = {login}
first_valid_uid = {uid}
passdb {{
  driver = passwd-file
  args = scheme=PLAIN username_format=%u {base}/passwd
}}
userdb {{
  driver = static
  args = uid={uid} gid={gid} home={base}/home/%u
}}
mail_location = maildir:~/Maildir
# IDLE hears of a new message through inotify, which Dovecot 2.3 delays by a fixed half
# second (NOTIFY_DELAY_MSECS, no setting); where inotify is not available (the per-user
# limit of inotify instances reached), it looks every mailbox_idle_check_interval
# instead: 1 s, not the 30 s default, so a whole game by mail never waits half a minute
# per message.
mailbox_idle_check_interval = 1 secs
service imap-login {{
  inet_listener imap {{
    address = 127.0.0.1
    port = {imap_port}
  }}
  inet_listener imaps {{
    address = 127.0.0.1
    port = {imaps_port}
    ssl = yes
  }}
}}
service anvil {{
  chroot =
  unix_listener anvil-auth-penalty {{
    mode = 0
  }}
}}
"""


@dataclass
class DovecotServer:
    """Dovecot on two free ports (143-style STARTTLS and 993-style IMAPS)."""

    base: Path
    imap_port: int
    imaps_port: int
    users: dict[str, str]
    cert: Certificate
    process: subprocess.Popen[bytes] | None = None
    deliveries: dict[str, imaplib.IMAP4] = field(default_factory=dict)
    delivering: threading.Lock = field(default_factory=threading.Lock)

    def login(self, user: str) -> imaplib.IMAP4:
        conn = imaplib.IMAP4_SSL("127.0.0.1", self.imaps_port,
                                 ssl_context=self.cert.client_context(), timeout=10)
        conn.login(user, self.users[user])
        return conn

    def deliver(self, user: str, data: bytes) -> None:
        """Put a message into ``user``'s INBOX, as a mail server's delivery would, over a
        connection kept open for the next delivery (made again when it was lost)."""
        with self.delivering:
            for attempt in (1, 2):
                conn = self.deliveries.get(user)
                try:
                    if conn is None:
                        conn = self.deliveries[user] = self.login(user)
                    status, answer = conn.append("INBOX", None, None, data)
                    assert status == "OK", answer
                    return
                except (imaplib.IMAP4.abort, OSError):
                    self.deliveries.pop(user, None)
                    if attempt == 2:
                        raise

    def _end_deliveries(self) -> None:
        with self.delivering:
            for conn in self.deliveries.values():
                with contextlib.suppress(Exception):
                    conn.logout()
            self.deliveries.clear()

    def empty(self, user: str) -> None:
        """Empty ``user``'s INBOX and remove their other folders."""
        conn = self.login(user)
        try:
            conn.select("INBOX")
            _, data = conn.search(None, "ALL")
            if data and data[0]:
                conn.store(b",".join(data[0].split()).decode(), "+FLAGS", "\\Deleted")
                conn.expunge()
            for name in self.folders(user, conn):
                if name != "INBOX":
                    conn.delete(f'"{name}"')
        finally:
            conn.logout()

    def folders(self, user: str, conn: imaplib.IMAP4 | None = None) -> list[str]:
        """The names of ``user``'s folders."""
        own = conn or self.login(user)
        try:
            _, data = own.list()
            return [line.decode().rsplit(' "', 1)[-1].strip('"') if line.endswith(b'"')
                    else line.decode().rsplit(" ", 1)[-1]
                    for line in data if isinstance(line, bytes)]
        finally:
            if conn is None:
                own.logout()

    def subjects(self, user: str, folder: str = "INBOX") -> list[str]:
        """The subjects of the messages in one of ``user``'s folders (decoded)."""
        import email
        import email.policy

        conn = self.login(user)
        try:
            status, _ = conn.select(f'"{folder}"', readonly=True)
            if status != "OK":
                return []
            _, data = conn.search(None, "ALL")
            out = []
            for number in (data[0] or b"").split():
                _, parts = conn.fetch(number.decode(), "(BODY.PEEK[HEADER.FIELDS (SUBJECT)])")
                header = next(p[1] for p in parts if isinstance(p, tuple))
                msg = email.message_from_bytes(header, policy=email.policy.default)
                out.append(str(msg["Subject"]))
            return out
        finally:
            conn.logout()

    def log(self) -> str:
        path = self.base / "dovecot.log"
        return path.read_text(errors="replace")[-3000:] if path.exists() else "(no log)"

    def stop(self) -> None:
        self._end_deliveries()
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(5)
        shutil.rmtree(self.base, ignore_errors=True)


def _listening(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5):
            return True
    except OSError:
        return False


class DovecotUnavailable(Exception):
    """Dovecot could not be started here; the message says why."""


def start_dovecot(users: dict[str, str]) -> DovecotServer:
    """Write a throwaway configuration and start ``dovecot -F`` on two free ports."""
    binary = shutil.which("dovecot") or ("/usr/sbin/dovecot" if os.path.exists(
        "/usr/sbin/dovecot") else None)
    if binary is None:
        raise DovecotUnavailable("dovecot is not installed (Debian: apt-get install "
                                 "dovecot-imapd; .ci/run installs it)")
    base = Path(tempfile.mkdtemp(prefix="pbem-dovecot-"))  # short: socket paths are limited
    os.chmod(base, 0o755)
    cert = make_certificate(base / "tls")
    if os.geteuid() == 0:
        try:
            internal, login = pwd.getpwnam("dovecot"), pwd.getpwnam("dovenull")
            mail_user = pwd.getpwnam("nobody")
        except KeyError as exc:
            raise DovecotUnavailable(f"the system user {exc} that Dovecot's package "
                                     f"creates is missing") from None
        names = (internal.pw_name, login.pw_name)
    else:
        mail_user = pwd.getpwuid(os.getuid())
        names = (mail_user.pw_name, mail_user.pw_name)
    home = base / "home"
    home.mkdir()
    if os.geteuid() == 0:
        os.chown(home, mail_user.pw_uid, mail_user.pw_gid)
    passwd = base / "passwd"
    passwd.write_text("".join(f"{u}:{{PLAIN}}{p}::::::\n" for u, p in users.items()))
    os.chmod(passwd, 0o644)
    server = DovecotServer(base, free_port(), free_port(), users, cert)
    conf = base / "dovecot.conf"
    conf.write_text(DOVECOT_CONF.format(
        base=base, cert=cert.cert, key=cert.key, internal=names[0], login=names[1],
        uid=mail_user.pw_uid, gid=mail_user.pw_gid, imap_port=server.imap_port,
        imaps_port=server.imaps_port))
    with open(base / "stdout.log", "wb") as output:
        server.process = subprocess.Popen([binary, "-F", "-c", str(conf)], stdout=output,
                                          stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        if server.process.poll() is not None:
            text = (base / "stdout.log").read_text(errors="replace") + server.log()
            server.stop()
            raise DovecotUnavailable(f"dovecot exited at once: {text.strip()[-1500:]}")
        if _listening(server.imaps_port) and _listening(server.imap_port):
            return server
        time.sleep(0.05)
    text = server.log()
    server.stop()
    raise DovecotUnavailable(f"dovecot did not open its ports within 15 s: {text[-1500:]}")
