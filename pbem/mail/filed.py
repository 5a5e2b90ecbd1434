"""What became of each file an inbox run met, and the folders of those it could not
file yet or refused (:mod:`.filing`, :mod:`.filing_beside`)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pbem import paths
from pbem.errors import PbemError
from pbem.mail import quarantine
from pbem.savefile import SaveFile


@dataclass
class Result:
    """What became of one save: ``filed``, ``known``, ``old``, ``waiting``, ``evidence``
    (it lost to a claim, or a claim lost to it: kept, listed by ``pbem ledger``) or
    ``quarantined``, in one line for people, and where it is now."""

    kind: str
    text: str
    path: Path | None = None
    save: SaveFile | None = None
    answer: bool = False  # a witness answer given side by side, not a save


def quarantine_folder() -> Path:
    return quarantine.folder()


def waiting_folder() -> Path:
    return paths.data_dir() / "mail" / "waiting"


def failure_line(exc: Exception) -> str:
    """One line for any failure below: pbem's own errors as they are, anything else as
    an error in pbem (never a traceback)."""
    if isinstance(exc, PbemError):
        return f"{exc.kind}: {exc.message}"
    text = " ".join(str(exc).split())
    text = text[:200] + "..." if len(text) > 200 else text
    return (f"could not be checked, because of an error in pbem ({type(exc).__name__}"
            f"{': ' + text if text else ''}); it is kept, never applied")


