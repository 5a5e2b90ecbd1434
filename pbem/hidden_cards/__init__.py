"""Hidden cards between players without a server: the engine's side of pbem/hidden.py.

``model`` (the public state), ``operations`` (the contract, for the player composing and
for every verifier), ``knowledge`` (what a player can read with their key), ``sealing``
(sealed choices), ``obligations`` (what each save's writer owes the others), ``seating``
(who acts, with which keys) and ``audit`` (every secret opened at the end, every hidden
step re-checked). The cryptography itself is :mod:`pbem.secrets`.
"""
