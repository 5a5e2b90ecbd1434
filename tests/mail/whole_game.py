"""Checks shared by the whole games played by mail between homes (tests/mail/watched.py):
what each message says and how its subject travels, and that no player's home, mail or
watcher output holds a secret of another player, nor one of their own but the identity
key (tests/mail/secrets_scan.py says which secrets, in which forms) — with the same
search shown to find a secret where one is."""

from __future__ import annotations

import email
import email.policy
import re
from collections import Counter
from collections.abc import Mapping

from pbem import savefile
from pbem.chain import AUDIT
from pbem.savefile import SaveFile
from tests.mail import secrets_scan
from tests.mail.kit import Player
from tests.mail.servers import SmtpServer
from tests.mail.turns import key_of
from tests.mail.watching import Watching

ENCODED = re.compile(rb"=\?utf-8\?q\?[^?\s]+\?=")  # a whole encoded word, never empty


def subject_field(raw: bytes) -> list[bytes]:
    """The lines of a message's Subject field, as they travel."""
    head = raw.split(b"\r\n\r\n", 1)[0].split(b"\r\n")
    start = next(i for i, line in enumerate(head) if line.startswith(b"Subject: "))
    field = [head[start]]
    for line in head[start + 1:]:
        if not line.startswith((b" ", b"\t")):
            break
        field.append(line)
    return field


def the_mail_says_what_to_do(smtp_server: SmtpServer, last: SaveFile, title: str
                             ) -> Counter[str]:
    """Clean subjects (raw bytes) that all start with the game's Thread-Topic, one thread
    whose root is the invitation, what to do first, then the key results; how many
    messages of each kind were sent (invitation, move, copy, over, witness, ...)."""
    root = f"<pbem.game.{last.game_id}@pbem.invalid>"
    ids = [email.message_from_bytes(d.data, policy=email.policy.default)["Message-ID"]
           for d in smtp_server.received]
    assert ids.count(root) == 1 and ids[0] == root, ids[:3]  # the invitation, sent once
    kinds: Counter[str] = Counter()
    for delivered in smtp_server.received:
        msg = email.message_from_bytes(delivered.data, policy=email.policy.default)
        field = subject_field(delivered.data)
        assert all(len(line) <= 78 for line in field), field
        for word in b" ".join(field).removeprefix(b"Subject: ").split():
            assert ENCODED.fullmatch(word) or (b"=?" not in word and b"?=" not in word), field
        subject = str(msg["Subject"])
        saves = [savefile.parse(p.get_payload(decode=True), "mail")
                 for p in msg.iter_attachments()
                 if str(p.get_filename()).endswith(savefile.SUFFIX)]
        if not saves:  # a player's shares of the cards the others hold, given ahead
            assert subject.endswith(" shares the cards the others hold"), subject
            kinds["shares"] += 1
            continue
        save = saves[-1]
        if save.sequence:
            assert msg["In-Reply-To"] == root and msg["References"] == root
            assert msg["Message-ID"] != root
        else:
            assert msg["Message-ID"] == root and msg["In-Reply-To"] is None
        topic = f"[pbem] {title} {last.game_id[:8]}"
        assert msg["Thread-Topic"] == topic
        assert "=?" not in subject and re.match(  # (a game of rounds says the round too)
            rf"{re.escape(topic)} — (round \d+, )?save {save.sequence} — ", subject), subject
        text = msg.get_body(("plain",)).get_content().replace("\r\n", "\n")
        assert text.startswith("What to do now\n"), text[:200]
        name = savefile.file_name(save.game_id, save.sequence, save.writer)
        if save.due is None:
            kind = "over"
            assert f"pbem verify {name} --audit" in text, text
        elif save.due["step"] == "join":
            kind = "invitation"
            assert "What pbem is" in text and "scripts/play" in text and "pbem join " in text
        elif save.due["step"] in ("witness", "shuffle", "share", "audit"):
            kind = save.due["step"]
            assert "'s pbem" in subject and "Nothing to do if pbem watch runs" in text, text
        elif f"{save.player(save.due['role'])['name']}@pbem.test" in delivered.recipients:
            kind = "move"
            assert "it is your move" in text or "the others have answered" in text, text
            assert f"pbem play {name}" in text and "pbem inbox" in text, text
        else:  # the mover wrote it (their pbem's answer before their move): a copy
            kind = "copy"
            assert save.writer == save.due["role"], save.short()
            assert "has this save already" in text and "Nothing for you to do" in text, text
        if "Key results:" in text:
            results = text.split("Key results:\n", 1)[1].split("\n\n", 1)[0].splitlines()
            first = results[0].removeprefix("  - ") if results else ""
            headline = subject.split(" — ")[2] if subject.count(" — ") >= 2 else ""
            headline = re.sub(r" \(\+\d+ more\)$", "", headline)
            # the subject names the first key result, cut between words when it is long
            assert first and (headline == first or (
                headline.endswith("...") and first.startswith(headline[:-3]))), (subject,
                                                                                  results)
            assert text.index("What to do now") < text.index("Key results:")
            kinds["key results"] += 1
        kinds[kind] += 1
    return kinds


def nobody_received_another_players_secret(players: Mapping[str, Player],
                                           watchers: Mapping[str, Watching],
                                           smtp_server: SmtpServer, last: SaveFile) -> None:
    """No player's home, mail or watcher holds a secret of another player, nor one of
    their own but the identity key (what the audit opens on purpose aside)."""
    keys = {str(last.role_of(key_of(p).key.public)): key_of(p).key for p in players.values()}
    every = {role: secrets_scan.secrets_of(role, key, last) for role, key in keys.items()}
    audits = audit_saves(next(iter(players.values())), last)
    assert sorted(audits.values()) == sorted(keys), audits  # each player's, once
    for name, player in players.items():
        role = str(last.role_of(key_of(player).key.public))
        others = [s for owner, found in every.items() if owner != role for s in found]
        own = [s for s in every[role] if s.what != "identity key"]  # (kept in their home)
        scan = secrets_scan.Scan(others + own, last.game_id, audits)
        found, looked = scan.in_files(player.home)
        assert not found, found
        assert looked > 1_000_000, looked  # every save of the game, and more
        mails = [d for d in smtp_server.received if player.address in d.recipients]
        assert len(mails) > 30
        for index, delivered in enumerate(mails):
            hit, _ = scan.in_message(delivered.data, f"message {index} to {name}")
            assert not hit, hit
        printed = "\n".join(watchers[name].out + watchers[name].err).encode()
        assert not scan.found(printed, f"{name}'s watcher")
        _the_search_finds_what_is_there(player, role, every, last, audits, mails[0].data)


def audit_saves(player: Player, last: SaveFile) -> dict[int, str]:
    """The game's saves that open their writer's secrets: sequence number and writer."""
    folder = player.data_dir / "games" / last.game_id
    saves = [savefile.read(path) for path in sorted(folder.glob("*.pbem.yaml"))]
    assert [save.sequence for save in saves] == list(range(last.sequence + 1))
    return {save.sequence: save.writer for save in saves
            if any(action["do"] == AUDIT for action in save.actions)}


def _the_search_finds_what_is_there(player: Player, role: str,
                                    every: dict[str, list[secrets_scan.Secret]],
                                    last: SaveFile, audits: dict[int, str], mail: bytes
                                    ) -> None:
    """The same search finds the player's own identity key in the file pbem keeps it in
    (base64 inside an OpenSSH key, at an offset of its own); in each save, exactly the
    secrets the audits so far opened; and any secret planted in a save or a message."""
    identity = [s for s in every[role] if s.what == "identity key"]
    found, _ = secrets_scan.Scan(identity, last.game_id).in_files(player.home)
    assert found == [f"config/keys/{player.name}: {role}'s identity key"], found
    everything = [s for found in every.values() for s in found]
    unexcused = secrets_scan.Scan(everything, last.game_id)  # (no audit known to it)
    opened: list[str] = []
    folder = player.data_dir / "games" / last.game_id
    for path in sorted(folder.glob("*.pbem.yaml")):
        data = path.read_bytes()
        sequence = int(path.name.split("-")[1])
        if sequence in audits:
            opened += [f"{audits[sequence]}'s {what}" for what in secrets_scan.OPENED]
        assert sorted(unexcused.found(data, "save")) == sorted(
            f"save: {secret}" for secret in opened), sequence
    assert len(opened) == len(secrets_scan.OPENED) * len(every)
    other = next(owner for owner in every if owner != role)
    excused = secrets_scan.Scan(every[other], last.game_id, audits)
    before = savefile.read(next(folder.glob(f"*-{min(audits) - 1:04d}-*.pbem.yaml")))
    for secret in every[other]:
        for form in secret.forms:
            cut = len(before.raw) // 2
            planted = before.raw[:cut] + form + before.raw[cut:]
            assert excused.found(planted, "planted") == [f"planted: {secret}"], form
            cut = len(mail) // 2
            hit, _ = excused.in_message(mail[:cut] + form + mail[cut:], "mail")
            assert f"mail, raw: {secret}" in hit, (form, hit)
            assert all(h.endswith(f": {secret}") for h in hit), (form, hit)
