"""A strict, fast YAML reader for saves, scenarios, action files and game data.

It reads libyaml's event stream (iterative, so deep nesting cannot crash it) and
builds plain Python values itself, refusing what a save never needs and an attacker
might use: anchors and aliases, tags, merge keys, duplicate keys, nesting deeper than
``MAX_DEPTH``, whole numbers longer than ``MAX_DIGITS`` digits, floats and other implicit
types, several documents in one file.

Values are ``dict`` (string or integer keys), ``list``, ``str``, ``int``, ``bool``
and ``None``. Writing goes through :func:`dump`, whose output this reader accepts.
"""

from __future__ import annotations

import re
from typing import Any

import yaml
from yaml import events as ev

from pbem.errors import FormatError

try:  # libyaml is present in every PyYAML wheel; the pure-Python parser is the fallback.
    from yaml._yaml import CParser as _Parser  # type: ignore[import-not-found]

    _PLAIN = ""
except ImportError:  # pragma: no cover - exercised only without libyaml
    from yaml.parser import Parser as _PyParser
    from yaml.reader import Reader as _Reader
    from yaml.scanner import Scanner as _Scanner

    class _Parser(_Reader, _Scanner, _PyParser):  # type: ignore[no-redef]
        def __init__(self, stream: str) -> None:
            _Reader.__init__(self, stream)
            _Scanner.__init__(self)
            _PyParser.__init__(self)

    _PLAIN = None

MAX_DEPTH = 64
MAX_DIGITS = 18
_RESOLVER = yaml.resolver.Resolver()
_DECIMAL = re.compile(r"[-+]?(0|[1-9][0-9]*)\Z")
_STR = "tag:yaml.org,2002:str"
_INT = "tag:yaml.org,2002:int"
_BOOL = "tag:yaml.org,2002:bool"
_NULL = "tag:yaml.org,2002:null"
_MERGE = "tag:yaml.org,2002:merge"
_BOOLS = yaml.constructor.SafeConstructor.bool_values
_NO_KEY = object()

_SCALAR = ev.ScalarEvent
_MAP_START = ev.MappingStartEvent
_MAP_END = ev.MappingEndEvent
_SEQ_START = ev.SequenceStartEvent
_SEQ_END = ev.SequenceEndEvent
_ALIAS = ev.AliasEvent
_DOC_START = ev.DocumentStartEvent
_STREAM_END = ev.StreamEndEvent


def _where(source: str, mark: Any) -> str:
    if mark is None:
        return source
    return f"{source}:{mark.line + 1}:{mark.column + 1}"


_TEXT_CACHE: dict[str, bool] = {}


def _is_plain_text(value: str) -> bool:
    """Does an unquoted ``value`` read as text (not a number, boolean, null...)?"""
    known = _TEXT_CACHE.get(value)
    if known is None:
        known = _RESOLVER.resolve(yaml.ScalarNode, value, (True, False)) == _STR
        if len(_TEXT_CACHE) < 100000:
            _TEXT_CACHE[value] = known
    return known


def _plain(value: str, source: str, mark: Any) -> Any:
    """Resolve an unquoted scalar the way the writer expects, refusing other types."""
    if _DECIMAL.match(value):
        if len(value.lstrip("+-")) > MAX_DIGITS:
            raise FormatError(f"number with more than {MAX_DIGITS} digits",
                              _where(source, mark))
        return int(value)
    if _is_plain_text(value):
        return value
    tag = _RESOLVER.resolve(yaml.ScalarNode, value, (True, False))
    if tag == _STR:
        return value
    if tag == _NULL:
        return None
    if tag == _BOOL:
        return _BOOLS[value.lower()]
    if tag == _MERGE:
        raise FormatError("merge keys (<<) are not allowed", _where(source, mark))
    if tag == _INT:
        raise FormatError(f"number {value!r} must be written in plain decimal",
                          _where(source, mark))
    kind = tag.rsplit(":", 1)[-1]
    raise FormatError(f"value {value!r} is a {kind}; quote it or use a whole number",
                      _where(source, mark))


def decode(data: bytes, source: str) -> str:
    """Decode UTF-8 strictly, naming the first bad byte."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise FormatError(f"not UTF-8 text (bad byte at offset {exc.start})", source) from None


def load(text: str | bytes, source: str = "<input>") -> Any:
    """Parse one YAML document strictly; raise :class:`FormatError` naming file, line and column."""
    if isinstance(text, bytes):
        text = decode(text, source)
    if "\x00" in text:
        raise FormatError(f"NUL character at offset {text.index(chr(0))}", source)
    try:
        return _build(_Parser(text), source)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        problem = exc.problem or exc.context or "malformed YAML"
        raise FormatError(f"malformed YAML: {problem}", _where(source, mark)) from None
    except yaml.YAMLError as exc:
        raise FormatError(f"malformed YAML: {exc}", source) from None
    except RecursionError:  # pragma: no cover - the builder is iterative
        raise FormatError("nesting too deep", source) from None


def _build(parser: Any, source: str) -> Any:
    get = parser.get_event
    stack: list[tuple[Any, Any]] = []
    container: Any = None
    key: Any = None
    result: Any = None
    documents = 0
    while True:
        event = get()
        kind = type(event)
        if kind is _SCALAR:
            if event.anchor is not None:
                raise FormatError("anchors (&) are not allowed", _where(source, event.start_mark))
            value = event.value
            if event.style == _PLAIN or event.style is None:
                if event.tag is not None:
                    raise FormatError(f"tags ({event.tag}) are not allowed",
                                      _where(source, event.start_mark))
                value = _plain(value, source, event.start_mark)
            elif event.tag is not None and event.tag != "!":
                raise FormatError(f"tags ({event.tag}) are not allowed",
                                  _where(source, event.start_mark))
        elif kind is _MAP_START or kind is _SEQ_START:
            if event.anchor is not None:
                raise FormatError("anchors (&) are not allowed", _where(source, event.start_mark))
            if event.tag is not None and not event.implicit:
                raise FormatError(f"tags ({event.tag}) are not allowed",
                                  _where(source, event.start_mark))
            if len(stack) >= MAX_DEPTH:
                raise FormatError(f"nesting deeper than {MAX_DEPTH} levels",
                                  _where(source, event.start_mark))
            stack.append((container, key))
            if kind is _MAP_START:
                container, key = {}, _NO_KEY
            else:
                container, key = [], None
            continue
        elif kind is _MAP_END or kind is _SEQ_END:
            value = container
            container, key = stack.pop()
        elif kind is _ALIAS:
            raise FormatError("aliases (*) are not allowed", _where(source, event.start_mark))
        elif kind is _DOC_START:
            documents += 1
            if documents > 1:
                raise FormatError("more than one YAML document", _where(source, event.start_mark))
            continue
        elif kind is _STREAM_END:
            return result
        else:
            continue
        if container is None:
            result = value
        elif type(container) is list:
            container.append(value)
        elif key is _NO_KEY:
            if type(value) is not str and type(value) is not int:
                raise FormatError("mapping keys must be names or whole numbers",
                                  _where(source, event.start_mark))
            if value in container:
                raise FormatError(f"duplicate key {value!r}", _where(source, event.start_mark))
            key = value
        else:
            container[key] = value
            key = _NO_KEY


def dump(value: Any) -> str:
    """Write ``value`` as block-style YAML that :func:`load` reads back unchanged.

    A small emitter of our own for the data a save holds (mappings with text or whole
    number keys, lists, text, whole numbers, booleans, null): about ten times faster than
    PyYAML's representer, and its output is plain, stable YAML.
    """
    out: list[str] = []
    _emit(value, 0, out, top=True)
    return "".join(out)


_PLAIN_OK = re.compile(r"[A-Za-z_\u00c0-\U0010ffff][^:#\n\r\t\"'`{}\[\],&*!|>%@]*\Z")
_ESCAPES = {"\\": "\\\\", "\"": "\\\"", "\n": "\\n", "\r": "\\r", "\t": "\\t"}


def _scalar(value: Any) -> str:
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int):
        return str(value)
    if not isinstance(value, str):
        raise TypeError(f"cannot write {type(value).__name__} values")
    text = _SCALARS.get(value)
    if text is None:
        plain = (_PLAIN_OK.match(value) and value.isprintable() and value == value.strip()
                 and ": " not in value and " #" not in value and _is_plain_text(value))
        text = value if plain else _quoted(value)
        if len(value) <= 128:
            if len(_SCALARS) > 200000:
                _SCALARS.clear()
            _SCALARS[value] = text
    return text


_SCALARS: dict[str, str] = {}


def _quoted(value: str) -> str:
    parts = ['"']
    for ch in value:
        code = ord(ch)
        if ch in _ESCAPES:
            parts.append(_ESCAPES[ch])
        elif code < 0x20 or code == 0x7F or 0x80 <= code < 0xA0 or code in (0x2028, 0x2029,
                                                                            0xFEFF) \
                or 0xD800 <= code <= 0xDFFF:
            parts.append(f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}")
        else:
            parts.append(ch)
    parts.append('"')
    return "".join(parts)


def _key(key: Any) -> str:
    if isinstance(key, bool) or not isinstance(key, str | int):
        raise TypeError("mapping keys must be text or whole numbers")
    return _scalar(key)


def _emit(value: Any, indent: int, out: list[str], top: bool = False) -> None:
    pad = " " * indent
    if isinstance(value, dict):
        if not value:
            out.append("{}\n")
            return
        inline = not top and bool(out) and out[-1].endswith("- ")
        for i, (key, item) in enumerate(value.items()):
            prefix = "" if (i == 0 and inline) else pad
            out.append(f"{prefix}{_key(key)}:")
            _emit_value(item, indent + 2, out)
    elif isinstance(value, list):
        if not value:
            out.append("[]\n")
            return
        for item in value:
            out.append(f"{pad}- ")
            if isinstance(item, dict) and item:
                _emit(item, indent + 2, out)
            elif isinstance(item, list) and item:
                out[-1] = f"{pad}-\n"
                _emit(item, indent + 2, out)
            else:
                out.append(_flow(item) + "\n")
    else:
        out.append(_scalar(value) + "\n")


def _emit_value(item: Any, indent: int, out: list[str]) -> None:
    if isinstance(item, dict) and item:
        out.append("\n")
        _emit(item, indent, out)
    elif isinstance(item, list) and item:
        short_numbers = len(item) <= 12 and all(
            isinstance(x, int) and not isinstance(x, bool) for x in item)
        if isinstance(item, FlowList) or short_numbers:
            out.append(" " + _flow(item) + "\n")
        else:
            out.append("\n")
            _emit(item, indent - 2, out)
    else:
        out.append(" " + _flow(item) + "\n")


def _flow(value: Any) -> str:
    if isinstance(value, dict):
        if not value:
            return "{}"
        return "{" + ", ".join(f"{_key(k)}: {_flow(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ", ".join(_flow(v) for v in value) + "]"
    text = _scalar(value)
    if text[0] != '"' and any(c in text for c in ",[]{}"):
        return _quoted(value)
    return text


try:
    _BaseDumper: Any = yaml.CSafeDumper
except AttributeError:  # pragma: no cover
    _BaseDumper = yaml.SafeDumper


class _Dumper(_BaseDumper):  # type: ignore[misc,valid-type]
    """Safe dumper that never emits anchors or aliases for repeated objects."""

    def ignore_aliases(self, data: Any) -> bool:
        return True


def _flow_list(dumper: Any, data: FlowList) -> Any:
    return dumper.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=True)


class FlowList(list):  # type: ignore[type-arg]
    """A list written on one line (``[1, 2, 3]``): for short lists such as dice."""


_Dumper.add_representer(FlowList, _flow_list)
