"""Ed25519 identities and signatures in OpenSSH's SSHSIG format (PROTOCOL.sshsig).

A signature made here is byte-identical to ``ssh-keygen -Y sign`` with the same key,
namespace and message, and ``ssh-keygen -Y verify`` accepts it. Separate namespaces
keep a signature made for one purpose from being passed off as another.
"""

from __future__ import annotations

import base64
import hashlib
import struct
import warnings
from dataclasses import dataclass

from cryptography.exceptions import InvalidSignature, UnsupportedAlgorithm
from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.asymmetric.ed25519 import Ed25519PrivateKey, Ed25519PublicKey

from pbem.errors import KeyProblem, SignatureError

NS_SAVE = "pbem-save@pbem"
NS_DICE = "pbem-dice@pbem"
NS_KEY = "pbem-key@pbem"
NS_SECRETS = "pbem-secrets@pbem"
NAMESPACES = (NS_SAVE, NS_DICE, NS_KEY, NS_SECRETS)

_MAGIC = b"SSHSIG"
_VERSION = 1
_HASH = "sha512"
_KEY_TYPE = "ssh-ed25519"
_ARMOR_BEGIN = "-----BEGIN SSH SIGNATURE-----"
_ARMOR_END = "-----END SSH SIGNATURE-----"


def _string(data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + data


class _Reader:
    """Reads SSH wire-format fields, refusing short or trailing data."""

    def __init__(self, data: bytes, what: str) -> None:
        self.data, self.pos, self.what = data, 0, what

    def take(self, n: int) -> bytes:
        if self.pos + n > len(self.data):
            raise SignatureError(f"{self.what} is truncated")
        out = self.data[self.pos:self.pos + n]
        self.pos += n
        return out

    def uint32(self) -> int:
        return int(struct.unpack(">I", self.take(4))[0])

    def string(self) -> bytes:
        return self.take(self.uint32())

    def end(self) -> None:
        if self.pos != len(self.data):
            raise SignatureError(f"{self.what} has trailing data")


@dataclass(frozen=True)
class PublicKey:
    """An Ed25519 public key; ``line`` is its OpenSSH form ``ssh-ed25519 AAAA...``."""

    raw: bytes

    @property
    def blob(self) -> bytes:
        return _string(_KEY_TYPE.encode()) + _string(self.raw)

    @property
    def line(self) -> str:
        return f"{_KEY_TYPE} {base64.b64encode(self.blob).decode()}"

    @property
    def fingerprint(self) -> str:
        digest = base64.b64encode(hashlib.sha256(self.blob).digest()).decode().rstrip("=")
        return f"SHA256:{digest}"

    def crypto(self) -> Ed25519PublicKey:
        return Ed25519PublicKey.from_public_bytes(self.raw)

    @classmethod
    def from_blob(cls, blob: bytes) -> PublicKey:
        reader = _Reader(blob, "public key")
        kind = reader.string()
        if kind != _KEY_TYPE.encode():
            raise SignatureError(f"key type {kind.decode(errors='replace')!r} is not ssh-ed25519")
        raw = reader.string()
        reader.end()
        if len(raw) != 32:
            raise SignatureError("Ed25519 public key must be 32 bytes")
        return cls(raw)

    @classmethod
    def from_line(cls, line: str) -> PublicKey:
        """Parse ``ssh-ed25519 AAAA... [comment]``."""
        parts = line.strip().split()
        if len(parts) < 2 or parts[0] != _KEY_TYPE:
            raise KeyProblem("not an OpenSSH ssh-ed25519 public key line")
        try:
            blob = base64.b64decode(parts[1], validate=True)
        except ValueError:
            raise KeyProblem("public key is not valid base64") from None
        try:
            return cls.from_blob(blob)
        except SignatureError as exc:
            raise KeyProblem(exc.message) from None


class PrivateKey:
    """An Ed25519 private key that signs in the SSHSIG format."""

    def __init__(self, key: Ed25519PrivateKey) -> None:
        self._key = key
        raw = key.public_key().public_bytes(serialization.Encoding.Raw,
                                            serialization.PublicFormat.Raw)
        self.public = PublicKey(raw)

    @classmethod
    def generate(cls) -> PrivateKey:
        return cls(Ed25519PrivateKey.generate())

    @classmethod
    def from_openssh(cls, data: bytes, passphrase: bytes | None = None) -> PrivateKey:
        """Load an OpenSSH private key file's bytes (``-----BEGIN OPENSSH PRIVATE KEY-----``)."""
        try:
            with warnings.catch_warnings():  # DSA keys warn; they are refused below anyway
                warnings.simplefilter("ignore")
                key = serialization.load_ssh_private_key(data, password=passphrase)
        except TypeError as exc:
            text = str(exc).lower()
            if "password" in text and "not encrypted" not in text:
                raise KeyProblem("the key is protected by a passphrase") from None
            raise KeyProblem("the key is not protected by a passphrase; give none") from None
        except ValueError as exc:
            text = str(exc).lower()
            if "password" in text or "decrypt" in text or "bcrypt" in text or "check" in text:
                raise KeyProblem("wrong passphrase for the key") from None
            raise KeyProblem("not an OpenSSH private key") from None
        except UnsupportedAlgorithm:
            raise KeyProblem("this key's encryption needs the bcrypt package "
                             "(pip install bcrypt)") from None
        except Exception:  # cryptography raises assorted errors for broken files
            raise KeyProblem("not an OpenSSH private key") from None
        if not isinstance(key, Ed25519PrivateKey):
            raise KeyProblem("the key is not Ed25519 (make one with ssh-keygen -t ed25519)")
        return cls(key)

    def to_openssh(self, passphrase: bytes | None = None) -> bytes:
        encryption: serialization.KeySerializationEncryption = (
            serialization.BestAvailableEncryption(passphrase) if passphrase
            else serialization.NoEncryption())
        return self._key.private_bytes(serialization.Encoding.PEM,
                                       serialization.PrivateFormat.OpenSSH, encryption)

    def raw_sign(self, data: bytes) -> bytes:
        return self._key.sign(data)

    def sign(self, message: bytes, namespace: str) -> Signature:
        """Sign ``message`` for ``namespace``; the result is an SSHSIG signature."""
        digest = hashlib.sha512(message).digest()
        signed = _signed_data(namespace, digest)
        sig_blob = _string(_KEY_TYPE.encode()) + _string(self._key.sign(signed))
        return Signature(self.public, namespace, sig_blob)


def _signed_data(namespace: str, digest: bytes) -> bytes:
    return (_MAGIC + _string(namespace.encode()) + _string(b"") + _string(_HASH.encode())
            + _string(digest))


@dataclass(frozen=True)
class Signature:
    """A parsed SSHSIG signature: who signed, for which namespace, and the signature blob."""

    public: PublicKey
    namespace: str
    sig_blob: bytes
    hash_algorithm: str = _HASH

    def blob(self) -> bytes:
        return (_MAGIC + struct.pack(">I", _VERSION) + _string(self.public.blob)
                + _string(self.namespace.encode()) + _string(b"")
                + _string(self.hash_algorithm.encode()) + _string(self.sig_blob))

    def armor(self) -> str:
        """The ASCII-armoured form written by ``ssh-keygen -Y sign`` (70-column lines)."""
        text = base64.b64encode(self.blob()).decode()
        lines = [text[i:i + 70] for i in range(0, len(text), 70)]
        return "\n".join([_ARMOR_BEGIN, *lines, _ARMOR_END]) + "\n"

    @classmethod
    def from_armor(cls, text: str) -> Signature:
        lines = [line.strip() for line in text.strip().splitlines()]
        if len(lines) < 3 or lines[0] != _ARMOR_BEGIN or lines[-1] != _ARMOR_END:
            raise SignatureError("signature block is not an SSH SIGNATURE armour")
        try:
            blob = base64.b64decode("".join(lines[1:-1]), validate=True)
        except ValueError:
            raise SignatureError("signature block is not valid base64") from None
        return cls.from_blob(blob)

    @classmethod
    def from_blob(cls, blob: bytes) -> Signature:
        reader = _Reader(blob, "signature")
        if reader.take(6) != _MAGIC:
            raise SignatureError("signature does not start with SSHSIG")
        version = reader.uint32()
        if version != _VERSION:
            raise SignatureError(f"SSHSIG version {version} is not supported")
        public = PublicKey.from_blob(reader.string())
        try:
            namespace = reader.string().decode("utf-8")
            reader.string()  # reserved
            hash_algorithm = reader.string().decode("ascii")
        except UnicodeDecodeError:
            raise SignatureError("signature fields are not text") from None
        sig_blob = reader.string()
        reader.end()
        if hash_algorithm not in ("sha256", "sha512"):
            raise SignatureError(f"hash algorithm {hash_algorithm!r} is not supported")
        return cls(public, namespace, sig_blob, hash_algorithm)

    def verify(self, message: bytes, namespace: str) -> PublicKey:
        """Check the signature over ``message`` for ``namespace``; return the signer's key."""
        if self.namespace != namespace:
            raise SignatureError(
                f"signature was made for {self.namespace!r}, not {namespace!r}")
        reader = _Reader(self.sig_blob, "signature blob")
        if reader.string() != _KEY_TYPE.encode():
            raise SignatureError("signature is not ssh-ed25519")
        raw = reader.string()
        reader.end()
        digest = hashlib.new(self.hash_algorithm, message).digest()
        try:
            self.public.crypto().verify(raw, _signed_data(namespace, digest))
        except InvalidSignature:
            raise SignatureError("signature does not match the signed bytes") from None
        return self.public
