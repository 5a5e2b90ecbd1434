"""Which handled messages needed no one (roll requests and answers that leave nobody a
decision; with --tidy-all, every pbem message that asks nothing of the player), and
moving them out of the INBOX: with MOVE, with COPY and UID EXPUNGE of
exactly those messages, or with COPY and the Deleted flag; pbem inbox moves nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from pbem import identity, session
from pbem.config import Config, Server
from pbem.errors import MailError
from pbem.mail import imap
from pbem.mail.filing import Result
from pbem.mail.inbox import Handled
from pbem.mail.tidy import Tidier, needs_no_person
from pbem.mail.watch import Settings, Watcher
from pbem.savefile import SaveFile
from pbem.signing import PrivateKey
from tests.mail.kit import connect_imap, make_player
from tests.mail.letters import letter, save_letter
from tests.mail.servers import DovecotServer
from tests.mail.turns import key_of


def _saves(bob: identity.LocalIdentity) -> tuple[identity.LocalIdentity, list[SaveFile]]:
    """A witnessed tiny race: invitation, join, opening request and its answer, then the
    runner's roll request and its answer."""
    alice = identity.LocalIdentity("alice", PrivateKey.generate())
    first = session.new_game("tiny-race", alice, [bob.identity], {"target": 30},
                             dice="witnessed")
    saves = [first, session.join(first, bob)]
    saves.append(session.Composer(saves[-1], alice).finish())
    saves.append(session.witness(saves[-1], bob))
    who = {"red": alice, "green": bob}
    runner = saves[-1].due["role"]  # type: ignore[index]
    composer = session.Composer(saves[-1], who[runner])
    composer.act({"do": "roll", "times": 1})
    saves.append(composer.finish())
    witness = who[saves[-1].due["role"]]  # type: ignore[index]
    saves.append(session.witness(saves[-1], witness))
    return alice, saves


def _message(*saves: SaveFile, kind: str = "filed", **flags: bool) -> Handled:
    return Handled("test", 7, [Result(kind, "", None, s) for s in saves], **flags)


def test_what_needs_no_person(bob: identity.LocalIdentity) -> None:
    _, saves = _saves(bob)
    me = bob.key.public
    first, joined, request, answer, _, reply = saves
    assert needs_no_person(_message(request), me)  # answered by bob's pbem
    assert not needs_no_person(_message(joined, request), me)  # a person's join is in it
    assert not needs_no_person(_message(first), me)  # an invitation: bob decides to join
    assert not needs_no_person(_message(request, kind="waiting"), me)
    assert not needs_no_person(_message(request, kind="quarantined"), me)
    assert not needs_no_person(_message(request, refused=True), me)
    assert not needs_no_person(_message(request, other_attachments=True), me)
    assert not needs_no_person(Handled("test", 7), me)
    assert not needs_no_person(Handled("a file", None, [Result("filed", "", None, request)]),
                               me)
    for save in (answer, reply):  # an answer that hands bob a decision stays
        assert save.due is not None
        bob_decides = save.due["role"] == "green" and save.due["step"] != "witness"
        assert needs_no_person(_message(save), me) is not bob_decides
    # the runner moves after the opening answer, the other runner after the reply
    assert sorted(needs_no_person(_message(s), me) for s in (answer, reply)) == [False, True]


def _folder(dovecot: DovecotServer, readonly: bool) -> imap.Folder:
    server = Server("127.0.0.1", dovecot.imaps_port, "ssl", "bob", str(dovecot.cert.cert),
                    True, "INBOX")
    return imap.Folder(server, dovecot.users["bob"], readonly=readonly)


@pytest.mark.parametrize("offered", [{"MOVE"}, {"UIDPLUS"}, set()])
def test_moved_out_of_the_inbox_however_the_server_can(dovecot: DovecotServer,
                                                      offered: set[str]) -> None:
    for subject in ("keep", "machine 1", "keep too", "machine 2"):
        dovecot.deliver("bob", letter(subject=subject))
    with _folder(dovecot, readonly=False) as folder:
        uids = folder.listing(None, None).uids
        assert folder.ensure_folder("pbem") is True
        assert folder.ensure_folder("pbem") is False
        expunged = folder.move([uids[1], uids[3]], "pbem", offered)
    assert dovecot.subjects("bob", "pbem") == ["machine 1", "machine 2"]
    if offered:
        assert expunged and dovecot.subjects("bob") == ["keep", "keep too"]
    else:  # copied and flagged; the mail program removes them
        assert not expunged and dovecot.subjects("bob") == ["keep", "machine 1", "keep too",
                                                            "machine 2"]
        conn = dovecot.login("bob")
        try:
            conn.select("INBOX", readonly=True)
            _, found = conn.search(None, "DELETED")
            assert found[0].split() == [b"2", b"4"]
        finally:
            conn.logout()


def test_a_read_only_folder_moves_nothing(dovecot: DovecotServer) -> None:
    dovecot.deliver("bob", letter(subject="one"))
    with _folder(dovecot, readonly=True) as folder, pytest.raises(MailError):
        folder.move(folder.listing(None, None).uids, "pbem", {"MOVE"})
    assert dovecot.subjects("bob") == ["one"]


def test_the_tidier_moves_only_what_needed_no_one(dovecot: DovecotServer,
                                                  bob: identity.LocalIdentity) -> None:
    _, saves = _saves(bob)
    first, _, request = saves[:3]
    dovecot.deliver("bob", save_letter(first, subject="invitation"))
    dovecot.deliver("bob", save_letter(request, subject="request"))
    with _folder(dovecot, readonly=False) as folder:
        uids = folder.listing(None, None).uids
        handled = [Handled("INBOX", uids[0], [Result("filed", "", None, first)]),
                   Handled("INBOX", uids[1], [Result("filed", "", None, request)])]
        line = Tidier(bob.key.public).tidy(folder, handled)
        assert line == ("tidied       1 message that needed no one: moved to 'pbem' (the "
                        "folder 'pbem' was created)")
        assert Tidier(bob.key.public).tidy(folder, handled[:1]) is None
    assert dovecot.subjects("bob") == ["invitation"]
    assert dovecot.subjects("bob", "pbem") == ["request"]


def test_pbem_inbox_moves_nothing(tmp_path: Path, dovecot: DovecotServer) -> None:
    bob = make_player(tmp_path, "bob")
    connect_imap(bob, dovecot)
    _, saves = _saves(key_of(bob))
    for save in saves[:3]:
        dovecot.deliver("bob", save_letter(save, subject=f"save {save.sequence}"))
    out = bob.run("inbox").out
    assert "answered     tiny-race game" in out and "tidied" not in out
    assert dovecot.subjects("bob") == ["save 0", "save 1", "save 2"]
    assert dovecot.folders("bob") == ["INBOX"]


def test_tidying_everything_takes_each_message_that_asks_nothing_of_the_player(
        bob: identity.LocalIdentity) -> None:
    _, saves = _saves(bob)
    me = bob.key.public
    first, joined, request, answer, _, reply = saves
    assert joined.due is not None and joined.due["role"] != "green"
    assert needs_no_person(_message(joined), me, everything=True)  # a copy: alice acts
    assert not needs_no_person(_message(joined), me)  # (not made by pbem alone)
    assert needs_no_person(_message(request), me, everything=True)
    assert not needs_no_person(_message(first), me, everything=True)  # bob decides to join
    assert not needs_no_person(_message(joined, first), me, everything=True)
    assert needs_no_person(_message(first, kind="old"), me, everything=True)  # joined since
    assert not needs_no_person(_message(first, kind="old"), me)
    for save in (answer, reply):
        assert save.due is not None
        bob_decides = save.due["role"] == "green" and save.due["step"] != "witness"
        assert needs_no_person(_message(save), me, everything=True) is not bob_decides
    for kind in ("waiting", "quarantined"):
        assert not needs_no_person(_message(joined, kind=kind), me, everything=True)
    assert not needs_no_person(_message(joined, refused=True), me, everything=True)
    assert not needs_no_person(_message(joined, other_attachments=True), me, everything=True)


def test_the_tidier_of_everything_keeps_only_what_asks_the_player(
        dovecot: DovecotServer, bob: identity.LocalIdentity) -> None:
    _, saves = _saves(bob)
    first, joined, request = saves[:3]
    for save, subject in ((first, "invitation"), (joined, "copy"), (request, "request")):
        dovecot.deliver("bob", save_letter(save, subject=subject))
    with _folder(dovecot, readonly=False) as folder:
        uids = folder.listing(None, None).uids
        handled = [Handled("INBOX", uid, [Result("filed", "", None, save)])
                   for uid, save in zip(uids, (first, joined, request), strict=True)]
        line = Tidier(bob.key.public, "games", everything=True).tidy(folder, handled)
    assert line == ("tidied       2 messages that needed no one: moved to 'games' (the "
                    "folder 'games' was created)")
    assert dovecot.subjects("bob") == ["invitation"]
    assert dovecot.subjects("bob", "games") == ["copy", "request"]


def test_the_watcher_says_what_it_tidies(bob: identity.LocalIdentity) -> None:
    imap_server = Server("127.0.0.1", 993, "ssl", "bob", None, True, "INBOX")
    said = {everything: Watcher(bob, Config(imap=imap_server),
                                Settings(tidy_all=everything), print, print, "pw")._heading()
            for everything in (False, True)}
    assert said[False].endswith("; handled messages that needed no one go to 'pbem'.")
    assert said[True].endswith("; pbem messages that ask nothing of you go to 'pbem'.")
