"""The audit: every player's per-game secrets opened, every hidden step re-checked.

The caller lists what the game published, in order (:data:`Entry`), and every player's
:class:`~pbem.secrets.keys.Opening`. The audit checks each opening against the keys the
player published at the start, recomputes every shuffle step from its opened seed, checks
every decryption share against the opened key, opens every card-pass envelope with the
recipient's opened envelope key, re-checks every share shown to a viewer (its proof, and
with the two opened keys that it holds the giver's true share), and replays every private
deck. Each fault becomes a
:class:`SecretsError` naming the player; checking goes on past a fault, so every wrong
step is named, not only the first. A player who did not open their secrets is named too:
their steps cannot be re-checked.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from pbem.secrets import elgamal, group, handover, keys, private_deck, showing, shuffle
from pbem.secrets.elgamal import Ciphertext, Share
from pbem.secrets.envelope import Envelope
from pbem.secrets.errors import SecretsError
from pbem.secrets.keys import Opening, PublicKeys
from pbem.secrets.shuffle import ShuffleStep


@dataclass(frozen=True)
class ShuffleEntry:
    """A shuffle step and the deck it started from."""

    before: tuple[Ciphertext, ...]
    step: ShuffleStep


@dataclass(frozen=True)
class ShareEntry:
    """A decryption share released for a card (publicly, or privately to the holder)."""

    ct: Ciphertext
    share: Share


@dataclass(frozen=True)
class PassEntry:
    """A card-pass envelope from ``sender`` to ``recipient`` for card ``ct``."""

    sender: str
    recipient: str
    ct: Ciphertext
    envelope: Envelope


@dataclass(frozen=True)
class ShowEntry:
    """A share of card ``ct`` shown (encrypted) to its viewer by one who holds or held it."""

    ct: Ciphertext
    shown: showing.ShownShare


@dataclass(frozen=True)
class PrivateDeckEntry:
    """A private deck's public history."""

    owner: str
    label: str
    size: int
    commitment: bytes
    order: tuple[bytes, ...]
    events: tuple[private_deck.Event, ...]


Entry = ShuffleEntry | ShareEntry | PassEntry | ShowEntry | PrivateDeckEntry


@dataclass
class AuditReport:
    """What the audit found: nothing wrong, or one error per fault, each naming a player."""

    findings: list[SecretsError] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.findings

    @property
    def players(self) -> list[str]:
        """Every player named by a finding, in order of first mention."""
        named: list[str] = []
        for finding in self.findings:
            if finding.player and finding.player not in named:
                named.append(finding.player)
        return named

    def raise_first(self) -> None:
        if self.findings:
            raise self.findings[0]


class _Audit:
    def __init__(self, anchor: keys.Anchors, publics: Mapping[str, PublicKeys],
                 openings: Mapping[str, Opening]) -> None:
        self.anchor = anchor
        self.publics = publics
        self.openings: dict[str, Opening] = {}
        self.report = AuditReport()
        self.joint = keys.joint_key(publics.values(), anchor)
        for role in publics:
            opening = openings.get(role)
            if opening is None:
                self.fail(SecretsError("not opened, so nothing they did can be re-checked",
                                       "secrets", role))
                continue
            try:
                opening.check(publics[role], keys.anchor_of(anchor, role))
            except SecretsError as exc:
                self.fail(exc)
                continue
            self.openings[role] = opening

    def fail(self, error: SecretsError) -> None:
        self.report.findings.append(error)

    def run(self, entry: Entry) -> None:
        try:
            if isinstance(entry, ShuffleEntry):
                self._shuffle(entry)
            elif isinstance(entry, ShareEntry):
                self._share(entry)
            elif isinstance(entry, PassEntry):
                self._pass(entry)
            elif isinstance(entry, ShowEntry):
                self._show(entry)
            else:
                self._private_deck(entry)
        except SecretsError as exc:
            self.fail(exc)

    def _shuffle(self, entry: ShuffleEntry) -> None:
        opening = self.openings.get(entry.step.role)
        if opening is not None:
            shuffle.audit_step(entry.step, entry.before, self.joint, opening)

    def _share(self, entry: ShareEntry) -> None:
        role = entry.share.role
        elgamal.check_share(entry.share, self.publics[role], entry.ct,
                            keys.anchor_of(self.anchor, role))
        opening = self.openings.get(role)
        if opening is not None and group.mul(opening.x, entry.ct.c1) != entry.share.d:
            raise SecretsError("the share is not x·c1", "share", role)

    def _pass(self, entry: PassEntry) -> None:
        opening = self.openings.get(entry.recipient)
        if opening is not None:
            handover.shares_in(opening.envelope_private, entry.envelope, self.anchor,
                               entry.recipient, entry.sender, entry.ct, self.publics)

    def _show(self, entry: ShowEntry) -> None:
        shown = entry.shown
        showing.check(shown, self.publics[shown.giver], self.publics[shown.viewer], entry.ct,
                      keys.anchor_of(self.anchor, shown.giver))
        giver, viewer = self.openings.get(shown.giver), self.openings.get(shown.viewer)
        if giver is not None and viewer is not None and \
                showing.open_share(viewer.x, shown) != group.mul(giver.x, entry.ct.c1):
            raise SecretsError("the share shown is not x·c1", "shown share", shown.giver)

    def _private_deck(self, entry: PrivateDeckEntry) -> None:
        opening = self.openings.get(entry.owner)
        if opening is not None:
            seed = opening.private_deck_seed(entry.label)
            private_deck.audit(entry.owner, entry.label, entry.size, entry.commitment,
                               entry.order, seed, entry.events)


def audit(anchor: keys.Anchors, publics: Mapping[str, PublicKeys],
          openings: Mapping[str, Opening],
          entries: Sequence[Entry]) -> AuditReport:
    """Re-check a game's whole hidden history with every player's opened secrets."""
    run = _Audit(anchor, publics, openings)
    for entry in entries:
        run.run(entry)
    return run.report
