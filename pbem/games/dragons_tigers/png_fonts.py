"""Fonts for the map picture: a system font with Chinese glyphs when there is one.

The picture prefers a CJK font from the operating system (Debian: ``fonts-noto-cjk``),
found with ``fc-match`` or by looking in the usual font folders. Without one it falls back
to any Latin font it finds, then to Pillow's own font; text is then drawn without the
characters the font lacks (Chinese names are left out, ``Lü`` becomes ``Lu``) and the
picture says so in one line.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

from PIL import ImageFont

Font = ImageFont.FreeTypeFont | ImageFont.ImageFont

# A character every font with Chinese has, and one no font has (its glyph is "missing").
CJK_PROBE = "國"
MISSING_PROBE = "\U0010fffd"

# The usual places of system and user fonts on Linux, the BSDs, macOS and Windows.
FONT_DIRS = (
    "/usr/share/fonts", "/usr/local/share/fonts", "~/.local/share/fonts", "~/.fonts",
    "/Library/Fonts", "/System/Library/Fonts", "~/Library/Fonts",
    *([os.path.join(os.environ.get("WINDIR", "C:\\Windows"), "Fonts")] if os.name == "nt" else []),
)
# File names of common fonts with Chinese glyphs (regular, bold), best first.
CJK_FILES = (
    ("NotoSansCJK-Regular.ttc", "NotoSansCJK-Bold.ttc"),
    ("NotoSansCJKtc-Regular.otf", "NotoSansCJKtc-Bold.otf"),
    ("NotoSansTC-Regular.otf", "NotoSansTC-Bold.otf"),
    ("SourceHanSans-Regular.ttc", "SourceHanSans-Bold.ttc"),
    ("wqy-zenhei.ttc", None),
    ("wqy-microhei.ttc", None),
    ("msjh.ttc", "msjhbd.ttc"),
    ("PingFang.ttc", None),
)
LATIN_FILES = (
    ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf"),
    ("LiberationSans-Regular.ttf", "LiberationSans-Bold.ttf"),
    ("NotoSans-Regular.ttf", "NotoSans-Bold.ttf"),
    ("Arial.ttf", "Arial Bold.ttf"),
    ("arial.ttf", "arialbd.ttf"),
)
# Plain stand-ins for symbols a fallback font may lack.
STAND_INS = {"→": "->", "…": "...", "·": "-", "—": "-", "–": "-", "★": "*", "×": "x"}


@dataclass(frozen=True)
class FontFile:
    path: str
    index: int = 0


@dataclass
class Fonts:
    """The fonts of one picture, and what they can draw."""

    regular: FontFile | None
    bold: FontFile | None
    cjk: bool
    _covered: dict[tuple[bool, str], bool] = field(default_factory=dict)

    def get(self, size: float, bold: bool = False) -> Font:
        chosen = (self.bold or self.regular) if bold else self.regular
        return _load(chosen, round(size))

    def has(self, char: str, bold: bool = False) -> bool:
        """Whether the font draws ``char`` (spaces and marks always count as drawn)."""
        key = (bold, char)
        if key not in self._covered:
            self._covered[key] = char.isspace() or _has_glyph(self.get(24, bold), char)
        return self._covered[key]

    def fit(self, text: str, bold: bool = False) -> str:
        """``text`` with every character the font lacks replaced or dropped."""
        if all(self.has(ch, bold) for ch in text):
            return text
        out = []
        for ch in text:
            if self.has(ch, bold):
                out.append(ch)
                continue
            plain = "".join(c for c in unicodedata.normalize("NFKD", ch)
                            if not unicodedata.combining(c))
            plain = STAND_INS.get(ch, plain)
            out.append("".join(c for c in plain if self.has(c, bold)))
        return " ".join("".join(out).split())

    @property
    def note(self) -> str | None:
        """One line for the picture when Chinese names cannot be drawn."""
        if self.cjk:
            return None
        return ("Chinese names are left out: no font with Chinese characters was found "
                "(Debian/Ubuntu: apt install fonts-noto-cjk).")


@cache
def _load(font: FontFile | None, size: int) -> Font:
    if font is None:
        return ImageFont.load_default(size=size)
    return ImageFont.truetype(font.path, size, index=font.index)


def _has_glyph(font: Font, char: str) -> bool:
    if unicodedata.category(char).startswith(("M", "Z", "C")):
        return unicodedata.category(char) != "Co"
    mark, missing = font.getmask(char), font.getmask(MISSING_PROBE)
    return not (mark.size == missing.size and bytes(mark) == bytes(missing))


def _fc_match(pattern: str) -> FontFile | None:
    """The font fontconfig picks for ``pattern``, or ``None`` without fontconfig."""
    tool = shutil.which("fc-match")
    if tool is None:
        return None
    try:
        done = subprocess.run([tool, "-f", "%{file}\n%{index}", pattern], capture_output=True,
                              text=True, timeout=10, check=False)
    except (OSError, subprocess.SubprocessError):
        return None
    lines = done.stdout.splitlines()
    if done.returncode != 0 or not lines or not Path(lines[0]).is_file():
        return None
    index = int(lines[1]) if len(lines) > 1 and lines[1].isdigit() else 0
    return FontFile(lines[0], index)


def _traditional_face(path: Path) -> int:
    """The face of a font collection meant for traditional Chinese, else the first."""
    for index in range(12):
        try:
            family = ImageFont.truetype(str(path), 12, index=index).getname()[0] or ""
        except OSError:
            break
        if family.endswith((" TC", " Traditional")) or "JhengHei" in family:
            return index
    return 0


def _in_folders(folders: Iterable[str], names: Sequence[tuple[str, str | None]]
                ) -> tuple[FontFile, FontFile | None] | None:
    found: dict[str, Path] = {}
    wanted = {n for pair in names for n in pair if n}
    for folder in folders:
        root = Path(folder).expanduser()
        if not root.is_dir():
            continue
        for path in sorted(root.rglob("*")):
            if path.name in wanted and path.name not in found and path.is_file():
                found[path.name] = path
    for regular, bold in names:
        if regular in found:
            bold_file = found.get(bold) if bold else None
            return (FontFile(str(found[regular]), _traditional_face(found[regular])),
                    FontFile(str(bold_file), _traditional_face(bold_file)) if bold_file
                    else None)
    return None


def _covers_cjk(font: FontFile | None) -> bool:
    return font is not None and _has_glyph(_load(font, 24), CJK_PROBE)


def find(folders: Iterable[str] = FONT_DIRS, use_fontconfig: bool = True) -> Fonts:
    """The best fonts on this machine for the picture (see the module's docstring)."""
    folders = list(folders)
    if use_fontconfig:
        regular = _fc_match("sans-serif:lang=zh-tw")
        if _covers_cjk(regular):
            bold = _fc_match("sans-serif:lang=zh-tw:weight=bold")
            return Fonts(regular, bold if _covers_cjk(bold) else regular, cjk=True)
    pair = _in_folders(folders, CJK_FILES)
    if pair and _covers_cjk(pair[0]):
        return Fonts(pair[0], pair[1] or pair[0], cjk=True)
    latin = _fc_match("sans-serif") if use_fontconfig else None
    if latin is not None:
        bold = _fc_match("sans-serif:weight=bold")
        return Fonts(latin, bold or latin, cjk=False)
    pair = _in_folders(folders, LATIN_FILES)
    if pair:
        return Fonts(pair[0], pair[1] or pair[0], cjk=False)
    return Fonts(None, None, cjk=False)


@cache
def system() -> Fonts:
    """The fonts found on this machine, looked up once per process."""
    return find()
