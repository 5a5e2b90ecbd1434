"""The search for secrets used on games played by mail finds a secret in every form it
promises, and excuses an opened secret only in a signed save of the game written at or
after its owner's audit."""

from __future__ import annotations

import base64
import hashlib
from email.message import EmailMessage
from pathlib import Path

from pbem import dice
from pbem.savefile import SaveFile
from tests.mail.secrets_scan import OPENED, Scan, Secret, secrets_of
from tests.security.kit import players, race

VALUE = hashlib.sha256(b"a secret of north").digest()
SECRET = Secret("north", "nonce seed master", VALUE)
FILLER = bytes(range(256)) * 4


def embeddings(value: bytes) -> list[bytes]:
    """``value`` inside other bytes in each form pbem could write it: as it is, in hex,
    and in base64 streams (plain, wrapped at 76 columns, URL-safe) at every offset."""
    out = [FILLER + value + FILLER, b"x: " + value.hex().encode() + b"\n",
           b"X=" + value.hex().upper().encode()]
    for offset in range(3):
        blob = FILLER[:offset + 50] + value + FILLER[:5]  # (across a line break)
        encoded = base64.b64encode(blob)
        out += [encoded, b"\r\n".join(encoded[i:i + 76] for i in range(0, len(encoded), 76)),
                base64.urlsafe_b64encode(blob).rstrip(b"=")]
    return out


def test_a_secret_is_found_in_every_form_at_every_offset() -> None:
    scan = Scan([SECRET], "some-game")
    for data in embeddings(VALUE):
        assert scan.found(data, "here") == ["here: north's nonce seed master"], data
    assert scan.found(FILLER + VALUE[:-1] + FILLER, "here") == []
    assert scan.found(base64.b64encode(FILLER + VALUE[1:]), "here") == []


def test_a_secret_is_found_in_files_and_in_every_part_of_a_message(tmp_path: Path) -> None:
    scan = Scan([SECRET], "some-game")
    (tmp_path / "deep" / "er").mkdir(parents=True)
    (tmp_path / "deep" / "er" / "notes.txt").write_bytes(embeddings(VALUE)[4])
    (tmp_path / "clean.txt").write_bytes(FILLER)
    assert scan.in_files(tmp_path) == (["deep/er/notes.txt: north's nonce seed master"],
                                       len(embeddings(VALUE)[4]) + len(FILLER))
    for where in ("attachment", "body", "subject"):
        msg = EmailMessage()
        msg["Subject"] = VALUE.hex() if where == "subject" else "news"
        msg.set_content("look: " + (VALUE.hex() if where == "body" else "nothing"),
                        cte="quoted-printable")
        msg.add_attachment(FILLER + (VALUE if where == "attachment" else b"") + FILLER,
                           maintype="application", subtype="octet-stream", filename="a.bin")
        found, looked = scan.in_message(msg.as_bytes(), "message")
        assert any(hit.endswith("north's nonce seed master") for hit in found), (where, found)
        assert looked > len(FILLER) * 2


def a_game_with_a_value_of_north_in_it() -> tuple[list[SaveFile], bytes]:
    """Saves of a game, and 32 bytes that its later saves hold (a revealed dice link)."""
    saves = race(players("alice", "bob"), saves_after_start=6)
    links = saves[-1].doc["dice"]["links"]
    return saves, bytes.fromhex(links[saves[-1].players[0]["role"]]["link"])


def test_an_opened_secret_is_excused_only_in_a_signed_save_at_or_after_its_audit() -> None:
    saves, value = a_game_with_a_value_of_north_in_it()
    last, role = saves[-1], saves[-1].players[0]["role"]
    game = last.game_id
    opened = Secret(role, OPENED[0], value)
    never_opened = Secret(role, "nonce seed master", value)
    hit = f"save: {opened}"
    assert Scan([opened], game, {last.sequence: role}).found(last.raw, "save") == []
    assert Scan([opened], game, {1: role}).found(last.raw, "save") == []
    assert Scan([opened], game, {last.sequence + 1: role}).found(last.raw, "save") == [hit]
    other = next(p["role"] for p in last.players if p["role"] != role)
    assert Scan([opened], game, {1: other}).found(last.raw, "save") == [hit]
    assert Scan([opened], "another-game", {1: role}).found(last.raw, "save") == [hit]
    assert Scan([never_opened], game, {1: role}).found(last.raw, "save") == [
        f"save: {never_opened}"]
    tampered = last.raw.replace(b"\nlog:", b"\nlog:  ", 1)
    assert tampered != last.raw
    assert Scan([opened], game, {1: role}).found(tampered, "save") == [hit]
    crlf = last.raw.replace(b"\n", b"\r\n")  # as a mail program may have turned it
    assert Scan([opened], game, {1: role}).found(crlf, "save") == []


def test_a_players_secrets_are_the_ones_pbem_derives() -> None:
    """The next dice link looked for is the one the player's next roll reveals; the
    identity key is the player's; no two secrets are alike."""
    people = players("alice", "bob")
    last = race(people, saves_after_start=4)[-1]
    role = last.players[0]["role"]
    found = {s.what: s.value for s in secrets_of(role, people[0].key, last)}
    link = last.doc["dice"]["links"][role]
    assert int(link["used"]) > 0 and f"dice link {int(link['used'])}" not in found
    assert dice.link_follows(found[f"dice link {int(link['used']) + 1}"].hex(), link["link"])
    assert f"dice link {dice.CHAIN_LENGTH}" in found
    identity_key = people[0].key._key.private_bytes_raw()
    assert found["identity key"] == identity_key
    assert len(found) == len(set(found.values())) == 6 + 4 + 1
