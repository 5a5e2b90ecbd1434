"""Player identities: keys kept in the user's config folder, and the identity line.

``pbem keygen NAME`` writes ``<config>/keys/NAME`` (OpenSSH private key, mode 0600) and
``NAME.pub``. Any OpenSSH Ed25519 key (``~/.ssh/id_ed25519``) may be used instead with
``--key``. The identity line that ``pbem whoami`` prints binds a name to a key with a
signature in the key-record namespace, so an opponent can paste it into ``pbem new``.
"""

from __future__ import annotations

import base64
import getpass
import os
import re
from dataclasses import dataclass
from pathlib import Path

from pbem import paths, transport
from pbem.atomic import write_new
from pbem.errors import KeyProblem, SignatureError
from pbem.signing import NS_KEY, PrivateKey, PublicKey, Signature

NAME_RE = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]{0,31}\Z")
RECORD_TAG = "pbem-id"
HOTSEAT = ".hotseat"  # the marker beside a key made for a hot-seat game


def check_name(name: str) -> str:
    if not NAME_RE.match(name):
        raise KeyProblem(f"player name {name!r} must be 1-32 letters, digits, '.', '_' or '-'")
    return name


@dataclass(frozen=True)
class Identity:
    """A player: a name and a public key."""

    name: str
    public: PublicKey

    def record(self, key: PrivateKey) -> str:
        """The signed one-line identity record (``pbem-id NAME ssh-ed25519 ... SIG``)."""
        signature = key.sign(self._message(), NS_KEY)
        return (f"{RECORD_TAG} {self.name} {self.public.line} "
                f"{base64.b64encode(signature.blob()).decode()}")

    def _message(self) -> bytes:
        return f"{RECORD_TAG} {self.name} {self.public.line}".encode()


@dataclass
class LocalIdentity:
    """An identity whose private key is on this machine."""

    name: str
    key: PrivateKey
    path: Path | None = None

    @property
    def identity(self) -> Identity:
        return Identity(self.name, self.key.public)


def parse_record(text: str, where: str = "identity") -> Identity:
    """Read an identity from a ``pbem-id`` record or an OpenSSH public key line."""
    line = next((ln.strip() for ln in text.splitlines() if ln.strip()
                 and not ln.lstrip().startswith("#")), "")
    parts = line.split()
    if parts and parts[0] == RECORD_TAG:
        if len(parts) != 5:
            raise KeyProblem("identity record must be: pbem-id NAME ssh-ed25519 KEY SIGNATURE",
                             where)
        name = check_name(parts[1])
        public = PublicKey.from_line(f"{parts[2]} {parts[3]}")
        try:
            signature = Signature.from_blob(base64.b64decode(parts[4], validate=True))
            signer = signature.verify(Identity(name, public)._message(), NS_KEY)
        except (SignatureError, ValueError) as exc:
            reason = exc.message if isinstance(exc, SignatureError) else "bad base64"
            raise KeyProblem(f"identity record signature is not valid: {reason}", where) from None
        if signer != public:
            raise KeyProblem("identity record is signed by another key", where)
        return Identity(name, public)
    try:
        public = PublicKey.from_line(line)
    except KeyProblem as exc:
        raise KeyProblem(exc.message, where) from None
    comment = parts[2] if len(parts) > 2 else ""
    name = re.sub(r"[^A-Za-z0-9._-]", "-", comment.split("@")[0])[:32].strip("-._") or "opponent"
    return Identity(check_name(name), public)


def parse_received(text: str, where: str) -> Identity:
    """An identity from a file as it was received: the record itself, or the record as a
    mail program sent it (quoted-printable, or inside a whole saved message)."""
    try:
        return parse_record(text, where)
    except KeyProblem as plain:
        problem: KeyProblem | None = None
        for line in transport.identity_candidates(text):
            try:
                return parse_record(line, where)
            except KeyProblem as exc:
                problem = problem or exc
        raise (problem or plain) from None


def read_identity_arg(value: str) -> Identity:
    """An identity given on the command line: a file path or the record/key text itself."""
    path = Path(value).expanduser()
    try:
        is_file = len(value) < 4096 and "\n" not in value and path.is_file()
    except (OSError, ValueError):  # an identity line is too long to be a file name
        is_file = False
    if is_file:
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise KeyProblem(f"cannot read identity file: {exc}", str(path)) from None
        return parse_received(text, str(path))
    looks_like_a_file = len(value.split()) == 1 and (
        "/" in value or value.endswith((".id", ".pub", ".txt")))
    if looks_like_a_file:
        raise KeyProblem("no such file (give the identity line itself, or the file that "
                         "holds it)", value)
    return parse_received(value, "identity")


def key_dir() -> Path:
    return paths.config_dir() / "keys"


def keygen(name: str, passphrase: bytes | None = None, hotseat: bool = False,
           key: PrivateKey | None = None) -> LocalIdentity:
    """Create NAME's key (or keep ``key`` under that name) in the config folder; refuse to
    overwrite an existing one.

    ``hotseat``: the key is made for a hot-seat game (``pbem new --hotseat``); a marker
    file ``NAME.hotseat`` beside it keeps it from being taken as the player's own identity.
    """
    check_name(name)
    target = key_dir() / name
    if target.exists() or target.with_suffix(".pub").exists():
        raise KeyProblem(f"a key named {name!r} exists already; choose another name", str(target))
    key = key or PrivateKey.generate()
    write_new(target, key.to_openssh(passphrase), mode=0o600)
    write_new(target.with_suffix(".pub"), f"{key.public.line} {name}\n".encode())
    marker = target.with_name(name + HOTSEAT)
    if hotseat:
        write_new(marker, b"made for a hot-seat game (pbem new --hotseat)\n")
    elif marker.exists():  # left by a hot-seat key of this name, since deleted
        marker.unlink()
    return LocalIdentity(name, key, target)


def is_hotseat(name: str) -> bool:
    """True for a key made by ``pbem new --hotseat`` (it has a ``NAME.hotseat`` marker)."""
    return (key_dir() / f"{name}{HOTSEAT}").is_file()


def _passphrase(path: Path) -> bytes | None:
    env = os.environ.get("PBEM_PASSPHRASE")
    if env is not None:
        return env.encode()
    if not os.isatty(0):
        raise KeyProblem("the key is protected by a passphrase; set PBEM_PASSPHRASE or run "
                         "in a terminal", str(path))
    return getpass.getpass(f"Passphrase for {path}: ").encode()


def load_key_file(path: Path, name: str | None = None) -> LocalIdentity:
    """Load an OpenSSH Ed25519 private key, asking for its passphrase when it has one."""
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise KeyProblem(f"cannot read key: {exc.strerror}", str(path)) from None
    try:
        key = PrivateKey.from_openssh(data)
    except KeyProblem as exc:
        if "passphrase" not in exc.message or "not protected" in exc.message:
            raise KeyProblem(exc.message, str(path)) from None
        try:
            key = PrivateKey.from_openssh(data, _passphrase(path))
        except KeyProblem as inner:
            raise KeyProblem(inner.message, str(path)) from None
    if name is None:
        name = _name_for(path)
    return LocalIdentity(check_name(name), key, path)


def _name_for(path: Path) -> str:
    pub = path.with_name(path.name + ".pub")
    if pub.is_file():
        parts = pub.read_text(encoding="utf-8", errors="replace").split()
        if len(parts) >= 3:
            cleaned = re.sub(r"[^A-Za-z0-9._-]", "-", parts[2].split("@")[0])[:32].strip("-._")
            if cleaned:
                return cleaned
    if path.parent == key_dir():
        return path.name
    return re.sub(r"[^A-Za-z0-9._-]", "-", getpass.getuser())[:32] or "player"


def local_names() -> list[str]:
    folder = key_dir()
    if not folder.is_dir():
        return []
    return sorted(p.name for p in folder.iterdir()
                  if p.is_file() and not p.suffix and not p.name.startswith("."))


def choose(default: str | None = None) -> tuple[str, str | None]:
    """The identity to act as when none is named, and a note when others were passed over.

    The only key here; else ``default`` (the identity set with ``pbem config me
    --identity``) when its key is here; else the only key not made for a hot-seat game.
    Anything else is ambiguous: a KeyProblem listing the names to pass with ``--as``.
    """
    names = local_names()
    if not names:
        raise KeyProblem("no identity yet; make one with: pbem keygen NAME (or pass --key PATH)")
    if len(names) == 1:
        return names[0], None
    own = [n for n in names if not is_hotseat(n)]
    if default in names:
        chosen, why = default, "the default identity"
    elif len(own) == 1:
        chosen, why = own[0], "the only one not made for a hot-seat game"
    else:
        raise KeyProblem(f"several identities ({', '.join(names)}); choose one with "
                         f"--as NAME (or set a default: pbem config me ADDRESS --identity NAME)")
    others = ", ".join(n for n in names if n != chosen)
    return chosen, f"acting as {chosen}, {why} (also here: {others}; choose with --as NAME)"


def load(name: str | None = None, key_path: str | None = None) -> LocalIdentity:
    """The identity to act as: ``--key PATH``, a named key, or the one :func:`choose` picks."""
    if key_path:
        return load_key_file(Path(key_path).expanduser(), name)
    if name:
        path = key_dir() / check_name(name)
        if not path.is_file():
            raise KeyProblem(f"no key named {name!r}; make one with: pbem keygen {name}",
                             str(path))
        return load_key_file(path, name)
    chosen, _ = choose()
    return load_key_file(key_dir() / chosen, chosen)


def local_publics() -> dict[str, str]:
    """Public key line -> name of every identity kept in the config folder."""
    out: dict[str, str] = {}
    for name in local_names():
        try:
            line = (key_dir() / f"{name}.pub").read_text(encoding="utf-8")
            out[PublicKey.from_line(line).line] = name
        except (OSError, KeyProblem):
            continue
    return out


def find_local(public: PublicKey) -> LocalIdentity | None:
    """The local identity holding ``public``'s private key, if any (for hot-seat play)."""
    for name in local_names():
        pub = key_dir() / f"{name}.pub"
        try:
            if PublicKey.from_line(pub.read_text(encoding="utf-8")) == public:
                return load_key_file(key_dir() / name, name)
        except (OSError, KeyProblem):
            continue
    return None
