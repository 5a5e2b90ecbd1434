"""Typed errors with the exit codes documented in docs/exit-codes.md.

Every error carries a one-line message that says what is wrong and where; the CLI
prints it and exits with the error's code, never with a traceback.
"""

from __future__ import annotations


class PbemError(Exception):
    """Base of every error the program reports to a user."""

    exit_code = 1
    kind = "error"

    def __init__(self, message: str, where: str | None = None) -> None:
        self.message = " ".join(message.split())
        self.where = where
        super().__init__(self.line())

    def line(self) -> str:
        """The one-line report: ``where: message``."""
        return f"{self.where}: {self.message}" if self.where else self.message


class UsageError(PbemError):
    """A command was called with arguments that make no sense."""

    exit_code = 2
    kind = "usage"


class FormatError(PbemError):
    """A file is unreadable, too large, not UTF-8, malformed YAML or fails the schema."""

    exit_code = 3
    kind = "bad file"


class SignatureError(PbemError):
    """A signature is missing, malformed, made by the wrong key or for another purpose."""

    exit_code = 4
    kind = "bad signature"


class ChainError(PbemError):
    """A save does not follow from the saves before it (wrong game, rollback, fork...)."""

    exit_code = 5
    kind = "broken chain"


class IllegalAction(PbemError):
    """An action the rules do not allow now; ``rule`` names the rule it breaks."""

    exit_code = 6
    kind = "illegal action"

    def __init__(self, message: str, rule: str | None = None, where: str | None = None) -> None:
        self.rule = rule
        if rule:
            message = f"{message} ({rule})"
        super().__init__(message, where)


class NotYourTurn(IllegalAction):
    """An action by a player who is not due to act."""


class KeyProblem(PbemError):
    """An identity key is missing, exists already, is of the wrong kind or locked."""

    exit_code = 7
    kind = "key problem"


class IncompleteChain(PbemError):
    """Everything checked is good, but earlier saves needed to re-check from setup are missing."""

    exit_code = 8
    kind = "incomplete"


class NeedDice(PbemError):
    """A game with table dice needs a die value that was not given."""

    exit_code = 9
    kind = "needs dice"

    def __init__(self, purpose: str, sides: int = 6) -> None:
        self.purpose = purpose
        self.sides = sides
        super().__init__(f"this step needs a table die (1-{sides}) for: {purpose}")


class WriteError(PbemError):
    """A file could not be written; nothing was changed."""

    exit_code = 10
    kind = "write failed"


class MailError(PbemError):
    """A mail server could not be reached, refused the password, or failed TLS."""

    exit_code = 11
    kind = "mail"


class NeedWitness(Exception):
    """A witnessed game reached a roll: the action waits for other players' answers."""

    def __init__(self, purpose: str) -> None:
        self.purpose = purpose
        super().__init__(purpose)


class NeedContribution(NeedWitness):
    """Other players' pbem must first contribute (a decryption share, a shuffle): the
    action waits for them like a roll waits for its witnesses, then its actor carries on."""


class NeedActor(NeedWitness):
    """Only the acting player's pbem can do this (it needs their own secret): a witness
    resolving the action hands it back to the actor to carry on."""
