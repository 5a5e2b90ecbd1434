"""The map picture's fonts: a system font with Chinese glyphs (Debian: fonts-noto-cjk,
which .ci/run installs), found with fontconfig or in the font folders; without one, Latin
names only and a note that says why."""

from __future__ import annotations

import shutil
import unicodedata
from pathlib import Path

import pytest

from pbem.games.dragons_tigers import png_fonts
from tests.mail.test_png_map import drawn, drawn_golden, halfway, start, texts


def _is_cjk(char: str) -> bool:
    return "CJK" in unicodedata.name(char, "")


def test_this_machine_has_a_font_with_chinese_glyphs() -> None:
    fonts = png_fonts.system()
    assert fonts.cjk and fonts.regular is not None
    for char in "洛陽呂布Lü→·…":
        assert fonts.has(char) and fonts.has(char, bold=True), char
    assert fonts.note is None


def test_the_font_folders_are_searched_without_fontconfig() -> None:
    fonts = png_fonts.find(png_fonts.FONT_DIRS, use_fontconfig=False)
    assert fonts.cjk and fonts.has("涼")


def test_a_font_in_a_folder_of_its_own_is_found(tmp_path: Path) -> None:
    system = png_fonts.system()
    assert system.regular is not None
    copy = tmp_path / Path(system.regular.path).name
    copy.symlink_to(system.regular.path)
    fonts = png_fonts.find([str(tmp_path)], use_fontconfig=False)
    assert fonts.cjk and fonts.regular is not None and fonts.regular.path == str(copy)


def test_without_any_font_the_names_are_latin_and_a_note_says_why(tmp_path: Path) -> None:
    fonts = png_fonts.find([str(tmp_path)], use_fontconfig=False)
    assert not fonts.cjk and fonts.regular is None
    assert fonts.note is not None and "fonts-noto-cjk" in fonts.note
    fitted = fonts.fit("Lü Bu 呂布")
    assert fitted in ("Lü Bu", "Lu Bu")  # with the ü if Pillow's own font has it
    pic, _ = drawn(start(), fonts=fonts)
    shown = texts(pic)
    assert fonts.note in shown
    assert not any(_is_cjk(ch) for text in shown for ch in text)
    assert any(text in ("Lü Bu", "Lu Bu") for text in shown)
    assert "Luoyang" in shown and "Dong Zhuo" in " ".join(shown)
    assert all(fonts.has(ch, t.bold) for t in pic.canvas.texts for ch in t.text)


def test_with_the_chinese_font_nothing_is_left_out() -> None:
    pic, _ = drawn_golden(halfway().sequence)
    shown = texts(pic)
    assert png_fonts.system().note not in shown
    assert "洛陽" in shown and "Lü Bu" in " ".join(texts(drawn_golden(start().sequence)[0]))


def test_fontconfig_is_not_needed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(shutil, "which", lambda name: None)
    assert png_fonts.find([str(tmp_path)]).regular is None
