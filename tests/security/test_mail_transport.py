"""Transport repairs are not a way in: restoring LF line endings or looking inside
forwarded messages never lets a changed save through."""

from __future__ import annotations

from pathlib import Path

from pbem import identity, savefile, store
from pbem.mail import quarantine
from pbem.transport import NOTE
from tests.mail.homes import nothing_written_outside  # noqa: F401  (autouse guard)
from tests.mail.kit import cli
from tests.mail.letters import forged, forward, maildir, race, save_letter


def test_crlf_does_not_launder_a_forged_save(tmp_path: Path) -> None:
    """Attack: a forged save sent with CRLF endings, hoping the repair also hides the edit."""
    _, saves = race(identity.keygen("bob"), turns=0)
    crlf = forged(saves[0]).replace(b"\n", b"\r\n")
    out = cli({}, "inbox", maildir(tmp_path / "Maildir", save_letter(saves[0], crlf))).out
    (line,) = [ln for ln in out.splitlines() if ln.startswith("quarantined")]
    assert "bad signature" in line and "(its line endings had been changed to CRLF)" in line
    assert NOTE not in out and not store.game_folder(saves[0].game_id).exists()
    (kept,) = [p for p in quarantine.folder().iterdir() if not p.name.endswith(".txt")]
    assert kept.read_bytes() == crlf  # kept exactly as it came


def test_a_cr_inside_a_line_is_not_removed(tmp_path: Path) -> None:
    """Attack: a CR put inside a line (not before a line feed), which no repair may drop."""
    _, saves = race(identity.keygen("bob"), turns=0)
    changed = saves[0].raw.replace(b"title: Tiny Race", b"title: Tiny\rRace")
    assert changed != saves[0].raw
    out = cli({}, "inbox", maildir(tmp_path / "Maildir", save_letter(saves[0], changed))).out
    assert "quarantined" in out and "filed" not in out


def test_forwarding_does_not_bypass_the_checks(tmp_path: Path) -> None:
    """Attack: a forged save inside a forwarded message, hoping it is checked less."""
    _, saves = race(identity.keygen("bob"), turns=0)
    letters = [forward(save_letter(saves[0], forged(saves[0])), how)
               for how in ("rfc822", "rfc822-base64", "eml")]
    out = cli({}, "inbox", maildir(tmp_path / "Maildir", *letters)).out
    lines = [ln for ln in out.splitlines() if ln.startswith("quarantined")]
    assert len(lines) == 3
    assert all(", forwarded message, attachment " in ln and "bad signature" in ln
               for ln in lines)
    name = savefile.file_name(saves[0].game_id, 0, saves[0].writer)
    assert not (store.game_folder(saves[0].game_id) / name).exists()
