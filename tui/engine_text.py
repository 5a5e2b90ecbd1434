"""Translating what a game engine writes (offers, questions, log lines, dice purposes).

The engine writes English with each name followed by its Chinese (``Cao Cao 曹操``). In
Chinese the table keeps only the Chinese names, then matches each sentence against the
game's phrase book, ``lang/<game>.<lang>.yaml``: a regular expression for the English
sentence and the Chinese with ``{1}``, ``{2}``... for its groups (each group translated in
turn), the sentence with the most fixed text first. Frames, sentences wrapped around another
(a key result's mark, a standing order's name), are tried before any sentence, in the order
the book gives them. The rule cited at the end of a line is kept as it is; what no sentence
matches stays English, with Chinese names. A paragraph of prose (a rules summary) is taken
whole or not at all (:meth:`EngineText.whole`): the sentences are made for short lines.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

import yaml

FOLDER = Path(__file__).resolve().parent / "lang"
RULE = re.compile(r"^(?P<body>.*?)(?P<rule>\s\((?:\d+(?:\.\d+)*(?:\([A-Z0-9]+\))?|[a-z]+:[\w.-]+"
                  r"|[a-z][a-z0-9-]*(?:\.[A-Za-z0-9-]+)+)\))?$", re.S)
HAN = re.compile(r"[\u3400-\u9fff]")


Book = tuple[list[tuple[re.Pattern[str], str]], dict[str, str], dict[str, str]]


@cache
def phrase_book(kind: str, lang: str) -> Book:
    """A phrase book's sentences (patterns, its frames first), words and names for
    ``lang``: the game's, then pbem's own (verdicts, joining, undo); empty parts when
    there are none."""
    frames: list[tuple[re.Pattern[str], str]] = []
    sentences: list[tuple[re.Pattern[str], str]] = []
    words: dict[str, str] = {}
    names: dict[str, str] = {}
    for book in (kind, "pbem"):
        path = FOLDER / f"{book}.{lang}.yaml"
        if not path.is_file():
            continue
        with path.open(encoding="utf-8") as handle:
            data = yaml.safe_load(handle) or {}
        frames += [(re.compile(str(k)), str(v)) for k, v in (data.get("frames") or {}).items()]
        sentences += [(re.compile(str(k)), str(v))
                      for k, v in (data.get("sentences") or {}).items()]
        words.update({str(k): str(v) for k, v in (data.get("words") or {}).items()})
        names.update({str(k): str(v) for k, v in (data.get("names") or {}).items()})
    sentences.sort(key=lambda entry: -_fixed_length(entry[0].pattern))
    return frames + sentences, words, names


def _fixed_length(pattern: str) -> int:
    """How much fixed text a sentence pattern holds: more specific patterns go first."""
    return len(re.sub(r"\((?:\?:)?[^()]*\)|\\.|[.+*?\[\]^$|]", "", pattern))


def name_pairs(entries: Iterable[Mapping[str, Any]]) -> dict[str, str]:
    """English name -> Chinese name of every entry that has both; an id that slips into
    a sentence (``liu-zhang``) reads as the Chinese name too."""
    pairs: dict[str, str] = {}
    for entry in entries:
        en, zh, ident = entry.get("name"), entry.get("zh"), entry.get("id")
        if isinstance(en, str) and isinstance(zh, str) and en and zh:
            pairs.setdefault(en, zh)
            if isinstance(ident, str) and ident:
                pairs.setdefault(ident, zh)
    return pairs


def view_names(board: Mapping[str, Any] | None, view: Mapping[str, Any]) -> dict[str, str]:
    """The English -> Chinese names a game's board and view give: areas, kingdoms,
    characters, players, Mandate spaces, states and their generals, border locations."""
    states = list((view.get("states") or {}).values())
    entries = [*(board or {}).get("areas", []), *view.get("kingdoms", []),
               *view.get("characters", []), *view.get("players", []),
               *(view.get("mandate") or {}).get("spaces", []), *states,
               *[g for s in states for g in s.get("generals") or []],
               *[p for b in view.get("borders") or [] for p in b.get("locations") or []]]
    return name_pairs(entries)


class EngineText:
    """Translate engine sentences into ``lang`` (English passes through unchanged)."""

    def __init__(self, kind: str, lang: str, names: Mapping[str, str]) -> None:
        self.lang = lang
        self.sentences, self.words, known = phrase_book(kind, lang) if lang != "en" \
            else ([], {}, {})
        self.names = {**known, **names}
        ordered = sorted(self.names, key=len, reverse=True)
        pair = "|".join(re.escape(en) + r" " + re.escape(self.names[en]) for en in ordered)
        alone = "|".join(re.escape(en) for en in ordered)
        self._pair = re.compile(pair) if pair else None
        self._alone = re.compile(rf"(?<![\w'])(?:{alone})(?![\w'])") if alone else None
        self._cache: dict[str, str] = {}

    def __call__(self, line: str) -> str:
        if self.lang == "en" or not line:
            return line
        if line not in self._cache:
            self._cache[line] = self._line(line)
        return self._cache[line]

    def _line(self, line: str) -> str:
        stripped = line.lstrip(" ")
        indent = line[: len(line) - len(stripped)]
        found = RULE.match(stripped)
        body, rule = (found["body"], found["rule"] or "") if found else (stripped, "")
        return indent + self.phrase(body) + rule

    def chinese_names(self, text: str) -> str:
        """``Cao Cao 曹操`` -> ``曹操``; a known English name alone -> its Chinese."""
        if self._pair is not None:
            text = self._pair.sub(lambda m: m.group(0).rsplit(" ", 1)[1], text)
        if self._alone is not None:
            text = self._alone.sub(lambda m: self.names[m.group(0)], text)
        return text

    def phrase(self, text: str) -> str:
        """One sentence (or part of one) in the target language."""
        text = self.chinese_names(text.strip())
        if text in self.words:
            return self.words[text]
        for pattern, template in self.sentences:
            found = pattern.fullmatch(text)
            if found:
                return self._fill(template, [self.phrase(g) if g else "" for g in found.groups()])
        return text

    @staticmethod
    def _fill(template: str, parts: list[str]) -> str:
        return re.sub(r"\{(\d+)\}", lambda m: parts[int(m.group(1)) - 1], template)

    def whole(self, text: str) -> str:
        """A paragraph (a rules summary) as the book gives it word for word; else as it is,
        never cut up by the sentences made for the engine's short lines."""
        if self.lang == "en" or not text:
            return text
        return self.words.get(text.strip(), text)

    def untranslated(self, line: str) -> bool:
        """True when a translated line still holds English words (for the phrase book's
        own tests)."""
        body = RULE.match(line.strip())
        text = body["body"] if body else line
        return bool(re.search(r"[A-Za-z]{3,}", re.sub(r"\b[dD]\d+\b", "", text)))
