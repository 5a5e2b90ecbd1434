"""Messages for the inbox tests: saves of a tiny race attached as a mail program would,
and the bad mail an inbox must survive."""

from __future__ import annotations

import base64
import mailbox
from email.message import EmailMessage
from pathlib import Path
from typing import Any

from pbem import identity, savefile, session, strict_yaml
from pbem.savefile import SaveFile
from pbem.signing import NS_SAVE, PrivateKey


def race(me: identity.LocalIdentity, turns: int = 6) -> tuple[identity.LocalIdentity,
                                                               list[SaveFile]]:
    """alice (a key that exists only here) plays ``turns`` saves of a long tiny race
    against ``me`` (after creating it and ``me`` joining)."""
    alice = identity.LocalIdentity("alice", PrivateKey.generate())
    first = session.new_game("tiny-race", alice, [me.identity], {"target": 100})
    saves = [first, session.join(first, me)]
    who = {"red": alice, "green": me}
    while len(saves) < turns + 2:
        current = saves[-1]
        assert current.due is not None
        composer = session.Composer(current, who[current.due["role"]])
        while composer.my_move():
            prompt = composer.prompt()
            assert prompt is not None
            composer.act(prompt.actions[0].complete())
        saves.append(composer.finish())
    return alice, saves


def deep_letter(depth: int = 3000) -> bytes:
    """A message of multiparts nested ``depth`` deep (a parser bomb)."""
    nested = b"".join(b'Content-Type: multipart/mixed; boundary="b%d"\r\n\r\n--b%d\r\n'
                      % (i, i) for i in range(depth))
    return (b"From: Alice <alice@pbem.test>\r\nSubject: deep\r\nMIME-Version: 1.0\r\n"
            + nested + b"Content-Type: text/plain\r\n\r\nhi\r\n")


def big_letter(size: int) -> bytes:
    """A message with one attachment of ``size`` bytes (base64-encoded the fast way)."""
    body = base64.encodebytes(b"x" * size).replace(b"\n", b"\r\n")
    return (b"From: Alice <alice@pbem.test>\r\nTo: Bob <bob@pbem.test>\r\n"
            b"Subject: 30 MB\r\nMIME-Version: 1.0\r\n"
            b"Content-Type: multipart/mixed; boundary=\"b\"\r\n\r\n"
            b"--b\r\nContent-Type: text/plain\r\n\r\nA big one.\r\n"
            b"--b\r\nContent-Type: application/yaml\r\n"
            b"Content-Disposition: attachment; filename=\"huge.pbem.yaml\"\r\n"
            b"Content-Transfer-Encoding: base64\r\n\r\n" + body + b"--b--\r\n")


def letter(*attachments: tuple[str, bytes, str], subject: str = "[pbem] a turn",
           sender: str = "alice@pbem.test") -> bytes:
    """A message with a short text body and the given (name, data, type) attachments."""
    msg = EmailMessage()
    msg["From"] = f"Alice <{sender}>"
    msg["To"] = "Bob <bob@pbem.test>"
    msg["Subject"] = subject
    msg.set_content("Your move.\n")
    for name, data, content_type in attachments:
        main, sub = content_type.split("/")
        msg.add_attachment(data, maintype=main, subtype=sub, filename=name)
    return bytes(msg)


def save_letter(save: SaveFile, data: bytes | None = None, subject: str = "[pbem] a turn") -> bytes:
    name = savefile.file_name(save.game_id, save.sequence, save.writer)
    return letter((name, save.raw if data is None else data, "application/yaml"),
                  subject=subject)


def resigned(save: SaveFile, key: PrivateKey, **changes: Any) -> bytes:
    """``save`` with top-level fields changed, signed by ``key``."""
    doc = strict_yaml.load(save.raw.split(b"\nsignature: |\n")[0] + b"\n")
    doc.update(changes)
    return savefile.render(doc, key)


def forged(save: SaveFile) -> bytes:
    """``save`` edited by hand after signing (the signature no longer matches)."""
    text = save.raw.decode()
    index = text.index("\nstate:")
    return (text[:index] + "\n# edited\n" + text[index:]).encode()


def fork_of(prev: SaveFile, writer: identity.LocalIdentity) -> SaveFile:
    """A second, different save that ``writer`` signs on ``prev`` (an equivocation)."""
    composer = session.Composer(prev, writer)
    while composer.my_move():
        prompt = composer.prompt()
        assert prompt is not None
        verbs = [a.verb for a in prompt.actions]
        composer.act({"do": "rest"} if "rest" in verbs else prompt.actions[-1].complete())
    return composer.finish()


def maildir(folder: Path, *messages: bytes) -> Path:
    """A Maildir holding ``messages`` (added to it if it exists), named so that they are
    read in the order given."""
    mailbox.Maildir(str(folder), create=True)
    count = len(list((folder / "new").iterdir()))
    for number, data in enumerate(messages, start=count + 1):
        (folder / "new" / f"{number:06d}.pbem-test").write_bytes(data)
    return folder


def body_of(save: SaveFile) -> bytes:
    """The signed part of a save (everything before its signature block)."""
    return save.raw[:save.raw.rindex(savefile.SIGNATURE_LINE) + 1]


def sign_body(body: bytes, key: PrivateKey) -> bytes:
    """``body`` exactly as given, signed by ``key`` as a save (no re-rendering)."""
    armor = key.sign(body, NS_SAVE).armor()
    return body + b"signature: |\n" + "".join(
        f"  {line}\n" for line in armor.split("\n") if line).encode("ascii")


def raw_letter(*parts: tuple[str, str, bytes], subject: str = "[pbem] a turn",
               sender: str = "Alice <alice@pbem.test>", line: int = 76) -> bytes:
    """A message built by hand, byte by byte: each part is (Content-Type,
    Content-Disposition, data), sent base64 in lines of ``line`` characters. Headers are
    written as given, so they may hold anything a sender can put there."""
    out = [f"From: {sender}", "To: Bob <bob@pbem.test>", f"Subject: {subject}",
           "MIME-Version: 1.0", 'Content-Type: multipart/mixed; boundary="=b="', "",
           "--=b=", "Content-Type: text/plain", "", "Your move.", ""]
    for content_type, disposition, data in parts:
        encoded = base64.b64encode(data).decode()
        out += ["--=b=", f"Content-Type: {content_type}",
                f"Content-Disposition: {disposition}", "Content-Transfer-Encoding: base64", ""]
        out += [encoded[i:i + line] for i in range(0, len(encoded), line)]
    out += ["--=b=--", ""]
    return "\r\n".join(out).encode("utf-8", "surrogateescape")


def forward(inner: bytes, how: str = "rfc822", subject: str = "Fwd: a turn") -> bytes:
    """``inner`` forwarded: as a ``message/rfc822`` part (``rfc822``), the same sent base64
    (``rfc822-base64``), or as an attached ``.eml`` file (``eml``)."""
    head = (f"From: Carol <carol@pbem.test>\r\nTo: Bob <bob@pbem.test>\r\nSubject: {subject}"
            f"\r\nMIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=\"=f=\"\r\n\r\n"
            f"--=f=\r\nContent-Type: text/plain\r\n\r\nSee below.\r\n").encode()
    if how == "rfc822":
        part = b"--=f=\r\nContent-Type: message/rfc822\r\n\r\n" + inner + b"\r\n"
    else:
        encoded = base64.encodebytes(inner).replace(b"\n", b"\r\n")
        kind = (b"message/rfc822" if how == "rfc822-base64"
                else b"application/octet-stream; name=\"turn.eml\"")
        part = (b"--=f=\r\nContent-Type: " + kind + b"\r\nContent-Disposition: attachment; "
                b"filename=\"turn.eml\"\r\nContent-Transfer-Encoding: base64\r\n\r\n" + encoded)
    return head + part + b"--=f=--\r\n"
