"""Labels of the table in English or Chinese, and names as the view gives them."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

LANGS = ("en", "zh")

# English label -> Chinese label. Game names come from the view, not from here.
ZH: dict[str, str] = {
    "Area": "地區",
    "Areas": "地區",
    "Kingdoms": "勢力",
    "Kingdom": "勢力",
    "Characters": "武將",
    "Mandate": "天命",
    "Rules": "規則",
    "Round": "回合",
    "Turn": "手番",
    "Step": "步驟",
    "Status": "狀態",
    "Owner": "玩家",
    "Armies": "軍隊",
    "Manpower": "兵力",
    "Chit": "籌碼",
    "Controller": "控制者",
    "Emperor Xian": "獻帝",
    "Free retainers in the pool": "在野家臣",
    "Activation pool": "行動籌碼池",
    "Chits drawn": "已抽籌碼",
    "main": "主",
    "ally": "同盟",
    "neutral": "中立",
    "traitorous": "逆賊",
    "eliminated": "滅亡",
    "absent": "未登場",
    "pool": "池中",
    "drawn": "已抽",
    "none": "無",
    "Where": "位置",
    "Rank": "身分",
    "Cmd": "統率",
    "Val": "武力",
    "Adm": "政治",
    "Dip": "外交",
    "Loy": "忠誠",
    "Str": "謀略",
    "Players": "玩家",
    "Actions offered": "可行動作",
    "Waiting": "等待",
    "Log": "記錄",
    "Verified": "已驗證",
    "Review": "回顧",
    "Playing": "對局中",
    "Read-only": "唯讀",
    "Nothing to do here: it is not your move.": "現在不是你的回合。",
    "plain": "平地",
    "mountains": "山脈",
    "great river": "大江",
    "neighbours": "相鄰",
    "nobody": "無人",
    "Standing orders": "常備命令",
    "Help": "說明",
    "Finish the turn?": "結束此回合？",
    "Write and sign": "簽署並寫入",
    "Cancel": "取消",
    "Resume": "繼續",
    "Discard": "捨棄",
    "OK": "確定",
    "Table die": "實體骰子",
    "Hand over": "交接",
    "Why not?": "為何不可？",
    "Search the log": "搜尋記錄",
    "Jump to": "跳至",
    "no characters": "無武將",
    "no armies": "無軍隊",
    "round": "回合",
    "save": "存檔",
    "Position": "局面",
}


def tr(text: str, lang: str) -> str:
    """``text`` in ``lang`` (English labels are the keys)."""
    if lang == "zh":
        return ZH.get(text, text)
    return text


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
