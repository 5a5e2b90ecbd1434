"""The words of a message that carries a save say by when the player who acts next must
answer, and the game's deadline in its summary; a game without a deadline, nothing new."""

from __future__ import annotations

from freezegun import freeze_time

from pbem import games, identity, session
from pbem.mail import body, story
from pbem.savefile import SaveFile
from pbem.signing import PrivateKey


def _words(deadline: dict[str, str] | None) -> str:
    alice, bob = (identity.LocalIdentity(n, PrivateKey.generate()) for n in ("alice", "bob"))
    with freeze_time("2026-11-22 12:00:00"):
        first = session.new_game("tiny-race", alice, [bob.identity], {"target": 30},
                                 deadline=deadline)
        joined: SaveFile = session.join(first, bob)
    module = games.get(joined.kind)
    told = story.since_last_move(joined, "red", module)
    return body.body(joined, module, told, False, [], ["red"])


def test_the_line_of_who_acts_next_says_by_when() -> None:
    words = _words({"answer": "36h", "grace": "1d"}).splitlines()
    start = words.index("What to do now")
    assert words[start + 2] == ("alice (red): it is your move - alice starts the game. "
                                "(Answer due by 2026-11-24 00:00 UTC, claim from 2026-11-25 "
                                "00:00 UTC.)"), words[start + 2]
    assert "Deadline: 36h to answer, 1d grace before a claim (pbem claim)." in words


def test_no_deadline_no_new_words() -> None:
    words = _words(None)
    assert "due by" not in words and "Deadline" not in words and "claim" not in words
