"""The cryptographic library under hidden information (no saves, CLI or mail here).

* :mod:`group` — edwards25519's prime-order subgroup through libsodium; validated points.
* :mod:`proofs` — Schnorr and Chaum–Pedersen proofs (Fiat–Shamir, domain-separated).
* :mod:`keys` — a player's per-game keys derived from their identity key; the audit opening.
* :mod:`elgamal` — cards as points, ciphertexts under the joint key, decryption shares.
* :mod:`shuffle` — one player's shuffle step from a committed seed, re-checked at the audit.
* :mod:`envelope` — data sealed to one player (X25519, HKDF, ChaCha20-Poly1305), committed.
* :mod:`handover` — a face-down card passed to another player through an envelope.
* :mod:`sealed` — sealed choices (commit, reveal, check).
* :mod:`private_deck` — a player's own deck: draws they can neither foresee nor stack.
* :mod:`audit` — every secret opened, every hidden step re-checked, faults named.

docs/secrets-crypto.md describes the protocols and argues each property.
"""
