"""SSHSIG signatures: byte-identical to ssh-keygen, verified by it, namespaces kept apart."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from pbem.errors import SignatureError
from pbem.signing import NS_DICE, NS_KEY, NS_SAVE, PrivateKey, Signature


def _ssh_keygen() -> str:
    path = shutil.which("ssh-keygen")
    assert path, "ssh-keygen must be installed (.ci/run installs openssh-client)"
    return path


def test_ssh_keygen_verifies_our_signature(tmp_path: Path) -> None:
    key = PrivateKey.generate()
    message = b"format: pbem-save/1\nsequence: 3\n"
    (tmp_path / "body").write_bytes(message)
    (tmp_path / "body.sig").write_text(key.sign(message, NS_SAVE).armor())
    (tmp_path / "allowed").write_text(f'alice namespaces="{NS_SAVE}" {key.public.line}\n')
    result = subprocess.run(
        [_ssh_keygen(), "-Y", "verify", "-f", str(tmp_path / "allowed"), "-I", "alice",
         "-n", NS_SAVE, "-s", str(tmp_path / "body.sig")],
        input=message, capture_output=True, check=False)
    assert result.returncode == 0, result.stderr
    assert b"Good" in result.stdout


def test_ssh_keygen_rejects_other_namespace(tmp_path: Path) -> None:
    key = PrivateKey.generate()
    message = b"hello"
    (tmp_path / "m.sig").write_text(key.sign(message, NS_DICE).armor())
    (tmp_path / "allowed").write_text(f"alice {key.public.line}\n")
    result = subprocess.run(
        [_ssh_keygen(), "-Y", "verify", "-f", str(tmp_path / "allowed"), "-I", "alice",
         "-n", NS_SAVE, "-s", str(tmp_path / "m.sig")],
        input=message, capture_output=True, check=False)
    assert result.returncode != 0


def test_we_verify_and_match_ssh_keygen_signature(tmp_path: Path) -> None:
    key = PrivateKey.generate()
    key_file = tmp_path / "id_ed25519"
    key_file.write_bytes(key.to_openssh())
    key_file.chmod(0o600)
    message_file = tmp_path / "msg"
    message_file.write_bytes(b"a save body\n")
    subprocess.run([_ssh_keygen(), "-Y", "sign", "-f", str(key_file), "-n", NS_SAVE,
                    str(message_file)], check=True, capture_output=True)
    theirs = (tmp_path / "msg.sig").read_text()
    signature = Signature.from_armor(theirs)
    assert signature.verify(b"a save body\n", NS_SAVE) == key.public
    assert theirs == key.sign(b"a save body\n", NS_SAVE).armor()  # byte-identical


def test_key_generated_by_ssh_keygen_loads(tmp_path: Path) -> None:
    key_file = tmp_path / "k"
    subprocess.run([_ssh_keygen(), "-q", "-t", "ed25519", "-N", "", "-f", str(key_file)],
                   check=True)
    key = PrivateKey.from_openssh(key_file.read_bytes())
    pub_line = (tmp_path / "k.pub").read_text().split()
    assert key.public.line == f"{pub_line[0]} {pub_line[1]}"


@pytest.mark.parametrize("other", [NS_DICE, NS_KEY])
def test_namespace_cannot_be_passed_off(other: str) -> None:
    key = PrivateKey.generate()
    signature = key.sign(b"x", other)
    with pytest.raises(SignatureError, match="made for"):
        signature.verify(b"x", NS_SAVE)


def test_tampered_message_fails() -> None:
    key = PrivateKey.generate()
    signature = key.sign(b"hello", NS_SAVE)
    with pytest.raises(SignatureError, match="does not match"):
        signature.verify(b"hellO", NS_SAVE)


def test_armor_round_trip_and_garbage() -> None:
    key = PrivateKey.generate()
    signature = key.sign(b"m", NS_SAVE)
    assert Signature.from_armor(signature.armor()) == signature
    with pytest.raises(SignatureError):
        Signature.from_armor("-----BEGIN SSH SIGNATURE-----\nAAAA\n-----END SSH SIGNATURE-----")
    with pytest.raises(SignatureError):
        Signature.from_blob(signature.blob()[:-3])


def test_documented_third_party_check_of_a_save(tmp_path: Path, alice, bob) -> None:
    """docs/save-format.md: awk, sed and stock ssh-keygen check who signed a save."""
    from tests.engine.helpers import play_race

    save = play_race(alice, bob, turns=2)[-1]
    path = tmp_path / "game.pbem.yaml"
    path.write_bytes(save.raw)
    writer = save.player(save.writer)
    script = f"""
set -e
cd {tmp_path}
awk '/^signature: \\|$/ {{exit}} {{print}}' game.pbem.yaml > body
sed -n '/^signature: |$/,$p' game.pbem.yaml | tail -n +2 | sed 's/^  //' > body.sig
printf '{writer['name']} namespaces="pbem-save@pbem" {writer['key']}\\n' > allowed_signers
{_ssh_keygen()} -Y verify -f allowed_signers -I {writer['name']} -n pbem-save@pbem \\
    -s body.sig < body
"""
    result = subprocess.run(["bash", "-c", script], capture_output=True, text=True,
                            check=False)
    assert result.returncode == 0, result.stderr
    assert f'Good "pbem-save@pbem" signature for {writer["name"]}' in result.stdout
    body = (tmp_path / "body").read_bytes()
    assert save.raw.startswith(body) and body.endswith(b"\n")
    assert save.raw[len(body):].startswith(b"signature: |\n")
