"""The table's own words in English or Chinese, and names as the view gives them.

English texts are the keys; their Chinese is in ``lang/zh.yaml``. A text with
``{placeholders}`` is translated first and filled in after. What the game engine writes
(offers, log lines) is translated by :mod:`tui.engine_text`.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

import yaml

LANGS = ("en", "zh")
FOLDER = Path(__file__).resolve().parent / "lang"


@cache
def table(lang: str) -> dict[str, str]:
    """English -> ``lang`` for the table's own texts."""
    if lang == "en":
        return {}
    with (FOLDER / f"{lang}.yaml").open(encoding="utf-8") as handle:
        data = yaml.safe_load(handle) or {}
    return {str(k): str(v) for k, v in data.items()}


def tr(text: str, lang: str, /, **values: Any) -> str:
    """``text`` in ``lang``, with ``values`` filled into its placeholders."""
    out = table(lang).get(text, text) if lang != "en" else text
    return out.format(**values) if values else out


def name(entry: Mapping[str, Any] | None, lang: str, short: bool = False) -> str:
    """A thing's name from the view: English with Chinese, or Chinese alone."""
    if not entry:
        return "-"
    en, zh = str(entry.get("name") or entry.get("id") or "?"), entry.get("zh")
    if lang == "zh" and zh:
        return str(zh)
    if short or not zh:
        return en
    return f"{en} {zh}"
