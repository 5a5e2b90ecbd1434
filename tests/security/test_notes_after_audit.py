"""Notes between allies after the audit: the audit opens every player's envelope key, so a
note sealed to that key could be read by anyone holding the saves once the game is over.
Notes are sealed to a key of their own, which no save ever holds.

The attacker is anyone with every save of a finished, audited game (the third player, or
a stranger the saves were shown to): they try every key the saves publish or open."""

from __future__ import annotations

import os
import random
import re
from pathlib import Path

import pytest

from pbem import chain, games, savefile
from pbem.hidden_cards import seating
from pbem.identity import LocalIdentity
from pbem.secrets import envelope
from pbem.secrets.envelope import Envelope
from pbem.secrets.errors import SecretsError
from pbem.secrets.keys import anchor_of
from pbem.signing import PrivateKey
from tests.cardgame import CardMarket
from tests.security.kit import cli, open_game, save_files, step

TEXT = "I attack the south at the river crossing next turn"


class Allies(CardMarket):
    """Card Market where north and east may pass each other notes."""

    kind = "card-market-allies"

    def may_note(self, state: dict, sender: str, recipient: str) -> bool:
        return {sender, recipient} == {"north", "east"}


games.register(Allies.kind, Allies)


def _hex_values(saves: list[savefile.SaveFile]) -> set[str]:
    """Every 32-byte value written in any save, as hex: published keys, the secrets the
    audit opened, commitments, links, hashes."""
    found: set[str] = set()
    for save in saves:
        found.update(v.lower() for v in re.findall(r"[0-9a-fA-F]{64}", save.raw.decode()))
    return found


def test_a_note_stays_private_after_the_audit(tmp_path: Path) -> None:
    """North passes east a note with `pbem apply --note`; the game is played to its audit.
    East still reads the note (`pbem notes`); south does not see it; and no 32-byte value
    in any save, the opened audit secrets included, opens its envelope."""
    os.chdir(tmp_path)
    keys = [PrivateKey.generate() for _ in range(3)]
    people = [LocalIdentity(name, key) for name, key in zip(("nora", "eli", "sam"), keys,
                                                            strict=True)]
    saves, by_role = open_game(Allies.kind, people)
    key_files = {}
    for role, person in by_role.items():
        key_files[role] = tmp_path / f"{role}.key"
        key_files[role].write_bytes(person.key.to_openssh())
    rng = random.Random(3)
    while not (saves[-1].due and saves[-1].due["step"] == "turn"
               and saves[-1].due["role"] == "north"):
        saves.append(step(saves[-1], by_role[saves[-1].due["role"]], rng))
    folder = tmp_path / "game"
    folder.mkdir()
    last = save_files(folder, saves)
    turn = tmp_path / "turn.yaml"
    turn.write_text("- do: end\n")
    code, _, err = cli("apply", last, turn, "--note", f"east={TEXT}", "--key",
                       key_files["north"])
    assert code == 0, err
    noted = savefile.read(sorted(folder.glob("*.pbem.yaml"))[-1])
    assert noted.sequence == saves[-1].sequence + 1 and noted.doc["contributions"]["notes"]
    saves.append(noted)
    while saves[-1].due is not None:
        saves.append(step(saves[-1], by_role[saves[-1].due["role"]], rng))
    assert any(a["do"] == "audit" for save in saves for a in save.actions)
    chain.verify(saves[-1], saves[:-1], audit=True)
    final = save_files(folder, saves[noted.sequence + 1:])

    # the recipient reads it after the audit; the third player has no note
    code, out, err = cli("notes", final, "--key", key_files["east"])
    assert code == 0 and TEXT in out, err
    code, out, _ = cli("notes", final, "--key", key_files["south"])
    assert code == 0 and TEXT not in out and "No notes for you" in out

    # the attack: every value any save holds, tried as the recipient's private key
    candidates = _hex_values(saves)
    east = seating.seat(noted.doc, "east", by_role["east"].key)
    assert east.keys is not None
    assert east.keys.envelope_private.hex() in candidates  # opened by the audit
    assert east.keys.note_private.hex() not in candidates
    aad = envelope.envelope_aad(anchor_of(east.anchors, "north"), f"note:{noted.sequence}",
                                "east")
    box = Envelope.from_record(noted.doc["contributions"]["notes"][0]["envelope"], "north")
    for value in candidates:
        with pytest.raises(SecretsError):
            envelope.open(bytes.fromhex(value), box, aad)
    assert envelope.open(east.keys.note_private, box, aad).plaintext.decode() == TEXT
