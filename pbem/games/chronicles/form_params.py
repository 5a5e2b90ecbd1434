"""The form's parameters (:mod:`.order_form`, :mod:`.season_form`), made once for each
set of names and bounds: the form is drawn again at every question, mostly from the same
generals, areas and amounts, and its parameters are frozen, so equal ones are shared."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from pbem.offers import Option, Param

Pairs = tuple[tuple[Any, str], ...]
SIZE = 4096


@lru_cache(maxsize=SIZE)
def one(name: str, label: str, pairs: Pairs) -> Param | None:
    """One of ``pairs`` (value, label), the first preselected; None when there are none. A
    value None stands for leaving the field out."""
    if not pairs:
        return None
    return Param(name, "choice", label, tuple(Option(v, lab) for v, lab in pairs),
                 default=pairs[0][0])


@lru_cache(maxsize=SIZE)
def some(name: str, label: str, pairs: Pairs, low: int = 0) -> Param:
    """From ``low`` to all of ``pairs``."""
    return Param(name, "choices", label, tuple(Option(v, lab) for v, lab in pairs), low,
                 len(pairs))


@lru_cache(maxsize=SIZE)
def amount(name: str, label: str, most: int) -> Param:
    """A whole number from 0 to ``most``, 0 preselected."""
    return Param(name, "int", label, minimum=0, maximum=most, default=0)
