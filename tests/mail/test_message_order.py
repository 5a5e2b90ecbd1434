"""What a message says first and how a game's messages hang together: "What to do now"
opens every body (after the TABLE DICE warning of a game whose dice nobody checks),
before the key results and the notice about the game's data;
the invitation starts the thread with the game's own message id, which every later
message refers to; every subject of a game starts with the same words, its Thread-Topic."""

from __future__ import annotations

import email
import email.policy

from pbem import games, identity, session
from pbem.config import Config
from pbem.mail import compose
from pbem.mail.compose import Addressing, Recipient
from pbem.savefile import SaveFile
from pbem.signing import PrivateKey

REDUX = "three-kingdoms-redux"


def _message(save: SaveFile, to: str, cc: list[str]) -> email.message.EmailMessage:
    """The message pbem sends for ``save``, read back as a mail program reads it."""
    module = games.get(save.kind)
    roles = [str(p["role"]) for p in save.players]
    due = save.due["role"] if save.due else None
    names = {str(p["role"]): str(p["name"]) for p in save.players}
    addressing = Addressing([Recipient(names[to], to, f"{names[to]}@pbem.test", to == due)],
                            [Recipient(names[r], r, f"{names[r]}@pbem.test", r == due)
                             for r in cc])
    assert set(roles) >= {to, *cc}
    cfg = Config(address=f"{names[save.writer]}@pbem.test", name=names[save.writer])
    built = compose.build(save, module, cfg, addressing, None)
    return email.message_from_bytes(compose.eml_bytes(built), policy=email.policy.default)


def _body(msg: email.message.EmailMessage) -> list[str]:
    return msg.get_body(("plain",)).get_content().replace("\r\n", "\n").splitlines()


def _redux_invitation(alice: identity.LocalIdentity, bob: identity.LocalIdentity
                      ) -> tuple[SaveFile, SaveFile, identity.LocalIdentity]:
    carol = identity.LocalIdentity("carol", PrivateKey.generate())
    first = session.new_game(REDUX, alice, [bob.identity, carol.identity], {"players": 3},
                             dice="witnessed")
    return first, session.join(first, bob), carol


def test_what_to_do_comes_first_and_the_data_notice_after_it(
        alice: identity.LocalIdentity, bob: identity.LocalIdentity) -> None:
    first, joined, _ = _redux_invitation(alice, bob)
    notice = games.get(REDUX).data_notice(first.game["options"])
    assert notice  # the game's reconstructed data is said in every message
    for save in (first, joined):
        others = [str(p["role"]) for p in save.players if p["role"] != save.writer]
        due = str(save.due["role"]) if save.due else others[0]
        lines = _body(_message(save, due, [r for r in others if r != due]))
        assert lines[:2] == ["What to do now", "--------------"], lines[:5]
        assert "you are invited. Join the game:" in lines[2], lines[2]
        text = "\n".join(lines)
        assert text.index("What to do now") < text.index(notice.split()[0] + " ")
        assert text.index(notice.strip().splitlines()[0]) > text.index("pbem join")
        if save is first:
            assert text.index("invites you to a game of") > text.index("pbem join")
            assert text.index("What pbem is") > text.index("pbem join")


def test_table_dice_are_said_first_and_what_to_do_right_after(
        alice: identity.LocalIdentity, bob: identity.LocalIdentity) -> None:
    first = session.new_game("tiny-race", alice, [bob.identity], {"target": 30},
                             dice="table")
    lines = _body(_message(first, "green", []))
    assert lines[0].startswith("TABLE DICE:") and lines[1:3] == ["", "What to do now"]


def test_the_invitation_starts_the_thread_every_later_message_refers_to(
        alice: identity.LocalIdentity, bob: identity.LocalIdentity) -> None:
    first, joined, _ = _redux_invitation(alice, bob)
    invitation = _message(first, "wu", ["shu"])
    later = _message(joined, "shu", ["wei"])
    root = invitation["Message-ID"]
    assert root == f"<pbem.game.{first.game_id}@pbem.invalid>"
    assert invitation["In-Reply-To"] is None and invitation["References"] is None
    assert later["In-Reply-To"] == root and later["References"] == root
    assert later["Message-ID"] != root
    again = _message(joined, "shu", ["wei"])
    assert again["Message-ID"] not in (root, later["Message-ID"])  # a new one each time
    topic = f"[pbem] Three Kingdoms Redux {first.game_id[:8]}"
    for msg in (invitation, later):
        assert msg["Thread-Topic"] == topic
        assert str(msg["Subject"]).startswith(topic + " — "), msg["Subject"]
    assert invitation["Subject"] != later["Subject"]
