"""A face-down card passed from one player to another, through an envelope.

When a card is drawn to player A, every other player publishes a share for it; A's own
share is the only one missing from the public state. To give the card to B (a pass, or a
card taken at random from A's hand), A seals to B an envelope carrying A's share with its
Chaum–Pedersen proof, plus any share A was given privately for the same card (when A had
received it by a pass in turn). B checks every share at once, adds their own and reads the
card; nobody else learns anything.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence

from pbem.secrets import elgamal, envelope
from pbem.secrets.elgamal import CardTable, Ciphertext, Share
from pbem.secrets.envelope import Envelope
from pbem.secrets.errors import SecretsError
from pbem.secrets.keys import Anchors, GameKeys, PublicKeys, anchor_of

PURPOSE = "pbem-card-pass"


def pass_aad(anchor: bytes, recipient: str, ct: Ciphertext) -> bytes:
    """The envelope's associated data: this game, this card, this recipient."""
    return envelope.envelope_aad(anchor, f"{PURPOSE}:{ct.record()}", recipient)


def give(keys: GameKeys, recipient: PublicKeys, ct: Ciphertext,
         held_shares: Sequence[Share] = ()) -> Envelope:
    """The envelope that lets ``recipient`` read ``ct``: the giver's share and proof, and
    the shares the giver holds privately for it (``held_shares``; the recipient's own, if
    there, is left out)."""
    shares = [elgamal.make_share(keys, ct),
              *(share for share in held_shares if share.role != recipient.role)]
    payload = json.dumps({share.role: share.record() for share in shares},
                         sort_keys=True, separators=(",", ":")).encode()
    seed = keys.nonce_seed(f"{PURPOSE}:{recipient.role}")
    return envelope.seal(recipient.envelope, payload,
                         pass_aad(keys.anchor, recipient.role, ct), seed=seed)


def shares_in(private: bytes, sealed: Envelope, anchor: Anchors, recipient: str, sender: str,
              ct: Ciphertext, publics: Mapping[str, PublicKeys]) -> list[Share]:
    """Open a pass envelope with the recipient's envelope key and check every share in it
    (at once); any fault names the sender. The audit calls this with opened keys."""
    opened = envelope.open(private, sealed, pass_aad(anchor_of(anchor, sender), recipient, ct),
                           sender=sender)
    try:
        payload = json.loads(opened.plaintext)
    except ValueError:
        raise SecretsError("the passed shares are not readable", "card pass", sender) from None
    if not isinstance(payload, dict) or sender not in payload:
        raise SecretsError("the giver's own share is missing", "card pass", sender)
    shares = []
    for role, record in sorted(payload.items()):
        if role not in publics or role == recipient:
            raise SecretsError(f"a share for {role} does not belong here", "card pass", sender)
        share = Share.from_record(record, role)
        try:
            elgamal.check_share(share, publics[role], ct, anchor_of(anchor, role))
        except SecretsError as exc:
            raise SecretsError(f"{role}'s share in it fails: {exc.problem}", "card pass",
                               sender) from None
        shares.append(share)
    return shares


def receive(keys: GameKeys, sealed: Envelope, sender: str, ct: Ciphertext,
            public_shares: Iterable[Share], publics: Mapping[str, PublicKeys],
            table: CardTable, anchors: Anchors | None = None) -> tuple[int, list[Share]]:
    """The passed card, for the recipient, and the shares to keep (for passing it on)."""
    anchor = keys.anchor if anchors is None else anchors
    private = shares_in(keys.envelope_private, sealed, anchor, keys.role, sender, ct, publics)
    known = {share.role: share for share in public_shares if share.role != keys.role}
    known.update({share.role: share for share in private})
    card = elgamal.open_private(ct, known.values(), publics, keys, table, anchor)
    return card, private
