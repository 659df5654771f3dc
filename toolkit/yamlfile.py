"""The one YAML reader for users' data files (maps, positions, legends, grids, counters, charts).

Three steps, each bounded:

1. :func:`compose` builds PyYAML's node tree from the parser's events, iteratively (libyaml's own
   composer recurses: a deeply nested file would crash it), refusing what a data file never needs and
   a hostile one uses: aliases (``*a``: the "billion laughs" expansion), more than one document, nesting
   deeper than :attr:`Limits.max_depth`, and more than :attr:`Limits.max_nodes` nodes. A node costs
   about 300 bytes, so the node limit is a memory limit: a 24 MB file holding a 12-million-element list
   is refused after reading ``max_nodes`` of them, not after taking gigabytes.
2. :func:`scalar` turns one scalar node into ``None``, ``bool``, ``int``, ``float`` or ``str``: explicit
   tags are checked (``!!int xyz``, ``!!bool maybe``, ``!!float abc`` are errors naming the line), tags a
   data file has no use for (``!!timestamp``, ``!!binary``, ``!!set``, ``!custom``) are refused, an
   integer must fit in 64 bits and a number in a float (``1e999`` is not infinity; ``.nan`` and ``.inf`` are
   refused: no data file has a use for them, and a NaN equals nothing, not even itself), text must be valid
   unicode (no lone surrogates). :func:`to_data` does this for a whole tree and gives mappings as
   :class:`LinedMap` (keys must be text, never repeated) and lists as :class:`LinedList`, which remember
   the line of every entry.
3. A schema (:class:`Field` and its kinds :class:`Str`, :class:`Int`, :class:`Num`, :class:`Bool`,
   :class:`Choice`, :class:`ListOf`, :class:`MapOf`, :class:`Record`, :class:`Union`, :class:`Optional`,
   or a plain type hint through :func:`field`) checks types and ranges of the data and names file and
   line on the first thing wrong: ``p.yaml line 7: unit 's1' state.before: expected a list, not a mapping``.

Every error is a one-line :class:`~toolkit.errors.DataFileError`.
"""

from __future__ import annotations

import math
import os
import re
import types
import typing
from collections.abc import Callable, Iterable, Iterator, Mapping
from pathlib import Path
from typing import Any

import yaml

from .errors import DataFileError
from .fileio import MAX_TEXT_BYTES, decode_text, read_bytes
from .records import record

__all__ = [
    "NODE_BYTES",
    "Bool",
    "Check",
    "Choice",
    "Field",
    "Int",
    "Limits",
    "LinedList",
    "LinedMap",
    "ListOf",
    "MapOf",
    "Num",
    "Optional",
    "Plain",
    "Record",
    "Str",
    "Union",
    "compose",
    "field",
    "line_of",
    "load_file",
    "load_text",
    "scalar",
    "to_data",
]

_Loader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_T = "tag:yaml.org,2002:"
STR, INT, FLOAT, BOOL, NULL, MAP, SEQ = (_T + t for t in ("str", "int", "float", "bool", "null", "map", "seq"))
_TIMESTAMP, _MERGE, _VALUE = _T + "timestamp", _T + "merge", _T + "value"
_E = yaml.events
_CONSTRUCT = yaml.constructor.SafeConstructor()
_NULLS = frozenset({"", "~", "null", "Null", "NULL"})
_SURROGATE = re.compile("[\ud800-\udfff]")
_BIG_INT = 2 ** 63
#: numbers written with more characters than this are refused before they are converted
MAX_NUMBER_CHARS = 400
#: about what one node of the tree costs in memory (a scalar with its marks and value), in bytes
NODE_BYTES = 300


@record(frozen=True)
class Limits:
    """How much a file may hold: nesting depth and nodes (scalars, lists and mappings together)."""

    max_depth: int = 64
    max_nodes: int = 200_000

    @property
    def memory(self) -> int:
        """Roughly the most memory the node tree of a file within these limits takes (bytes)."""
        return self.max_nodes * NODE_BYTES


def _short(text: str, n: int = 40) -> str:
    text = repr(text)
    return text if len(text) <= n else text[: n - 4] + "...'"


def _tag_name(tag: str) -> str:
    return "!!" + tag[len(_T):] if tag.startswith(_T) else tag


# ------------------------------------------------------------------------------------------- compose


def compose(text: str, source: str | os.PathLike[str] = "<string>", what: str = "file",
            limits: Limits = Limits()) -> yaml.Node | None:
    """The PyYAML node tree of a one-document YAML text (``None`` for an empty one), line marks kept.

    Plain scalars get their implicit tag as PyYAML's safe loader resolves them; ``!`` (non-specific)
    gives text. Refused with a one-line :class:`DataFileError`: YAML syntax errors, aliases, several
    documents, nesting deeper than ``limits.max_depth``, more than ``limits.max_nodes`` nodes.
    """
    src = str(source)
    resolve = _Loader.resolve
    cache: dict[str, str] = {}
    stack: list[yaml.Node] = []
    keys: list[yaml.Node | None] = []
    root: yaml.Node | None = None
    docs = 0
    count = 0
    max_nodes, max_depth = limits.max_nodes, limits.max_depth
    scalar_ev, map_ev, seq_ev = _E.ScalarEvent, _E.MappingStartEvent, _E.SequenceStartEvent
    try:
        events: Iterator[Any] = yaml.parse(text, Loader=_Loader)  # told apart by class: typed loosely
        for ev in events:
            cls = ev.__class__
            node: yaml.Node
            if cls is scalar_ev:
                tag = ev.tag
                if tag is None or tag == "!":
                    if tag is None and ev.implicit[0]:
                        tag = cache.get(ev.value)
                        if tag is None:
                            tag = resolve(_Loader, yaml.ScalarNode, ev.value, (True, False))
                            if len(cache) < 4096:
                                cache[ev.value] = tag
                    else:
                        tag = STR
                node = yaml.ScalarNode(tag, ev.value, ev.start_mark, ev.end_mark, ev.style)
            elif cls is map_ev:
                node = yaml.MappingNode(ev.tag if ev.tag not in (None, "!") else MAP, [], ev.start_mark, None,
                                        ev.flow_style)
            elif cls is seq_ev:
                node = yaml.SequenceNode(ev.tag if ev.tag not in (None, "!") else SEQ, [], ev.start_mark, None,
                                         ev.flow_style)
            elif cls is _E.MappingEndEvent or cls is _E.SequenceEndEvent:
                stack.pop().end_mark = ev.end_mark
                if keys.pop() is not None:  # pragma: no cover - the parser pairs keys and values
                    raise DataFileError("a key without a value", src, ev.start_mark.line + 1)
                continue
            elif cls is _E.AliasEvent:
                raise DataFileError(f"aliases (*{ev.anchor}) are not allowed in a {what}", src,
                                    ev.start_mark.line + 1)
            elif cls is _E.DocumentStartEvent:
                docs += 1
                if docs > 1:
                    raise DataFileError(f"a {what} holds one yaml document, not several", src,
                                        ev.start_mark.line + 1)
                continue
            else:
                continue
            count += 1
            if count > max_nodes:
                raise DataFileError(f"too large: more than {max_nodes:,} values in one {what} (refused "
                                    f"before using more than ~{limits.memory // 2**20} MiB)", src,
                                    ev.start_mark.line + 1)
            if stack:
                parent = stack[-1]
                if parent.__class__ is yaml.SequenceNode:
                    parent.value.append(node)
                elif keys[-1] is None:
                    keys[-1] = node
                else:
                    parent.value.append((keys[-1], node))
                    keys[-1] = None
            else:
                root = node
            if cls is not scalar_ev:
                stack.append(node)
                keys.append(None)
                if len(stack) > max_depth:
                    raise DataFileError(f"nested more than {max_depth} levels deep", src, ev.start_mark.line + 1)
    except yaml.YAMLError as exc:
        err = DataFileError.from_yaml(exc, src)
        if "nesting depth" in err.message:  # PyYAML >= 6.0.4 has a depth limit of its own
            raise DataFileError(f"nested more than {max_depth} levels deep", src, err.line) from None
        raise err from None
    except RecursionError:  # pragma: no cover - the parser is not recursive; kept as a last guard
        raise DataFileError(f"nested more than {max_depth} levels deep", src) from None
    return root


# ------------------------------------------------------------------------------------------- scalars


def node_line(node: yaml.Node | None) -> int | None:
    """The 1-based line a node starts on."""
    return None if node is None else node.start_mark.line + 1


def scalar(node: yaml.Node, source: str | os.PathLike[str] = "<string>") -> bool | int | float | str | None:
    """The checked value of a scalar node (see the module docstring for what is refused)."""
    if not isinstance(node, yaml.ScalarNode):
        kind = "a list" if isinstance(node, yaml.SequenceNode) else "a mapping"
        raise DataFileError(f"expected a single value here, not {kind}", source, node_line(node))
    tag, value = node.tag, node.value
    if tag in (STR, _VALUE):
        if _SURROGATE.search(value):
            raise DataFileError(f"text {_short(value)} is not valid unicode (a lone surrogate)", source,
                                node_line(node))
        return value
    try:
        if tag == INT:
            if len(value) > MAX_NUMBER_CHARS:
                raise DataFileError(f"number of {len(value)} characters is too large", source, node_line(node))
            number = _CONSTRUCT.construct_yaml_int(node)
            if not -_BIG_INT <= number < _BIG_INT:
                raise DataFileError(f"integer {_short(value)} is out of range (at most 19 digits)", source,
                                    node_line(node))
            return int(number)
        if tag == FLOAT:
            if len(value) > MAX_NUMBER_CHARS:
                raise DataFileError(f"number of {len(value)} characters is too large", source, node_line(node))
            real = _CONSTRUCT.construct_yaml_float(node)
            if not math.isfinite(real):
                if any(c.isdigit() for c in value):
                    raise DataFileError(f"number {_short(value)} is too large for a float", source, node_line(node))
                # .nan, .inf (and !!float nan): no data file has a use for them, and a NaN equals nothing
                raise DataFileError(f"{_short(value)} is not a finite number (quote it for text)", source,
                                    node_line(node))
            return float(real)
        if tag == BOOL:
            return bool(_CONSTRUCT.construct_yaml_bool(node))
        if tag == NULL:
            if value not in _NULLS:
                raise ValueError(value)
            return None
    except DataFileError:
        raise
    except (ValueError, KeyError, TypeError, OverflowError, IndexError, AttributeError):
        raise DataFileError(f"bad value {_short(value)} for tag {_tag_name(tag)}", source, node_line(node)) from None
    if tag == _TIMESTAMP:
        raise DataFileError(f"{_short(value)} reads as a date; quote it to use it as text", source, node_line(node))
    if tag == _MERGE:
        raise DataFileError("merge keys (<<) are not supported", source, node_line(node))
    raise DataFileError(f"unsupported tag {_tag_name(tag)} on value {_short(value)}", source, node_line(node))


# ------------------------------------------------------------------------------------------- data


class LinedMap(dict[str, Any]):
    """A mapping read from a file: ``line`` (of the mapping), ``key_lines`` and ``value_lines`` per key."""

    line: int | None
    key_lines: dict[str, int]
    value_lines: dict[str, int]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.line = None
        self.key_lines = {}
        self.value_lines = {}

    def line_of(self, key: str) -> int | None:
        """The line of ``key``'s value (the mapping's own line when the key is absent)."""
        return self.value_lines.get(key, self.line)


class LinedList(list[Any]):
    """A list read from a file: ``line`` (of the list) and ``lines`` (of each item)."""

    line: int | None
    lines: list[int]

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.line = None
        self.lines = []

    def line_of(self, index: int) -> int | None:
        return self.lines[index] if 0 <= index < len(self.lines) else self.line


def line_of(value: Any, key: Any = None) -> int | None:
    """The line of a loaded value (or of its entry ``key``), ``None`` when it did not come from a file."""
    if key is not None and isinstance(value, LinedMap | LinedList):
        return value.line_of(key)
    return getattr(value, "line", None)


def key_text(knode: yaml.Node, source: str | os.PathLike[str], int_keys: bool = False,
             bool_keys: bool = False) -> str:
    """A mapping key, which must be text (a number or ``true`` as a key is refused: quote it). With
    ``int_keys`` an unquoted whole number is taken as written (``2658: soviet`` gives the key "2658"),
    with ``bool_keys`` an unquoted yes or no (``yes: [...]`` gives the key "yes")."""
    if not isinstance(knode, yaml.ScalarNode):
        raise DataFileError("a key must be a single value, not a list or mapping", source, node_line(knode))
    key = scalar(knode, source)
    if int_keys and knode.tag == INT and isinstance(key, int) and knode.value.isdigit() and not knode.style:
        return str(knode.value)
    if bool_keys and knode.tag == BOOL and not knode.style and knode.value.lower() in ("yes", "no"):
        return str(knode.value)
    if not isinstance(key, str):
        raise DataFileError(f"key {knode.value!r} must be text (quote it: \"{knode.value}\")", source,
                            node_line(knode))
    return key


def to_data(node: yaml.Node | None, source: str | os.PathLike[str] = "<string>", int_keys: bool = False,
            bool_keys: bool = False) -> Any:
    """Plain data from a node tree: scalars checked by :func:`scalar`, mappings as :class:`LinedMap` (text
    keys, none repeated; see :func:`key_text` for ``int_keys``), lists as :class:`LinedList`; iterative,
    so any depth :func:`compose` let through is fine."""
    if node is None:
        return None
    if isinstance(node, yaml.ScalarNode):
        return scalar(node, source)
    root = _container(node, source)
    work: list[tuple[yaml.Node, Any]] = [(node, root)]
    while work:
        n, out = work.pop()
        if isinstance(out, LinedList):
            for child in n.value:
                out.lines.append(child.start_mark.line + 1)
                if isinstance(child, yaml.ScalarNode):
                    out.append(scalar(child, source))
                else:
                    sub = _container(child, source)
                    out.append(sub)
                    work.append((child, sub))
        else:
            for knode, vnode in n.value:
                key = key_text(knode, source, int_keys, bool_keys)
                if key in out:
                    raise DataFileError(f"duplicate key {key!r} (first at line {out.key_lines[key]})", source,
                                        node_line(knode))
                out.key_lines[key] = knode.start_mark.line + 1
                out.value_lines[key] = vnode.start_mark.line + 1
                if isinstance(vnode, yaml.ScalarNode):
                    out[key] = scalar(vnode, source)
                else:
                    sub = _container(vnode, source)
                    out[key] = sub
                    work.append((vnode, sub))
    return root


def _container(node: yaml.Node, source: str | os.PathLike[str]) -> LinedMap | LinedList:
    if isinstance(node, yaml.MappingNode):
        if node.tag != MAP:
            raise DataFileError(f"unsupported tag {_tag_name(node.tag)} on a mapping", source, node_line(node))
        out: LinedMap | LinedList = LinedMap()
    else:
        if node.tag != SEQ:
            raise DataFileError(f"unsupported tag {_tag_name(node.tag)} on a list", source, node_line(node))
        out = LinedList()
    out.line = node.start_mark.line + 1
    return out


def load_text(text: str, source: str | os.PathLike[str] = "<string>", what: str = "file",
              limits: Limits = Limits(), schema: Field | None = None, int_keys: bool = False,
              bool_keys: bool = False) -> Any:
    """:func:`to_data` of :func:`compose`, checked against ``schema`` when given (see :func:`key_text` for
    ``int_keys`` and ``bool_keys``)."""
    data = to_data(compose(text, source, what, limits), source, int_keys, bool_keys)
    if schema is not None:
        data = schema.check(data, str(source), line_of(data) or 1, "")
    return data


def load_file(path: str | os.PathLike[str], what: str = "file", max_bytes: int = MAX_TEXT_BYTES,
              limits: Limits = Limits(), schema: Field | None = None, int_keys: bool = False,
              bool_keys: bool = False) -> Any:
    """A data file read safely (:func:`toolkit.fileio.read_bytes`) and loaded by :func:`load_text`."""
    p = Path(path)
    return load_text(decode_text(read_bytes(p, what, max_bytes), p), str(p), what, limits, schema, int_keys,
                     bool_keys)


# ------------------------------------------------------------------------------------------- schema


def _kind(value: Any) -> str:
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return f"true/false ({str(value).lower()})"
    if isinstance(value, int | float):
        return f"a number ({value!r})" if len(repr(value)) <= 24 else "a number"
    if isinstance(value, str):
        return f"text {_short(value)}"
    if isinstance(value, Mapping):
        return "a mapping"
    if isinstance(value, list | tuple):
        return "a list"
    return type(value).__name__


class Field:
    """One expected shape of a value. :meth:`check` returns the value (possibly normalised) or raises a
    :class:`DataFileError` naming ``source``, ``line`` and the path of the value (``units[2].hex``)."""

    expects = "a value"

    def check(self, value: Any, source: str, line: int | None, path: str) -> Any:
        raise NotImplementedError

    def fail(self, message: str, source: str, line: int | None, path: str) -> DataFileError:
        return DataFileError(f"{path}: {message}" if path else message, source, line)

    def wrong(self, value: Any, source: str, line: int | None, path: str) -> DataFileError:
        return self.fail(f"expected {self.expects}, not {_kind(value)}", source, line, path)

    def describe(self) -> str:
        return self.expects


class Plain(Field):
    """Anything the loader gives (text, numbers, true/false, null, lists and mappings of them)."""

    expects = "any value"

    def check(self, value: Any, source: str, line: int | None, path: str) -> Any:
        return value


class Str(Field):
    """Text. ``multiline`` allows line breaks; control characters other than tab and line breaks are
    refused always. ``numbers`` accepts an unquoted number (``hex: 2517``) as its text."""

    def __init__(self, *, max_len: int = 1000, multiline: bool = False, allow_empty: bool = True,
                 pattern: str | None = None, numbers: bool = False, what: str = "text") -> None:
        self.max_len, self.multiline, self.allow_empty, self.numbers = max_len, multiline, allow_empty, numbers
        self.pattern = re.compile(pattern) if pattern else None
        self.expects = what

    def check(self, value: Any, source: str, line: int | None, path: str) -> Any:
        if self.numbers and isinstance(value, int | float) and not isinstance(value, bool):
            value = str(value)
        if not isinstance(value, str):
            raise self.wrong(value, source, line, path)
        if len(value) > self.max_len:
            raise self.fail(f"text of {len(value)} characters (at most {self.max_len})", source, line, path)
        if not value and not self.allow_empty:
            raise self.fail("empty text", source, line, path)
        bad = _CONTROL_ML.search(value) if self.multiline else _CONTROL.search(value)
        if bad:
            what = "a line break" if bad.group() in "\n\r\x85\u2028\u2029" else f"control character {bad.group()!r}"
            raise self.fail(f"text {_short(value)} holds {what}", source, line, path)
        if self.pattern is not None and not self.pattern.fullmatch(value):
            raise self.fail(f"{_short(value)} is not {self.expects}", source, line, path)
        return value


_CONTROL = re.compile("[\x00-\x08\x0a-\x1f\x7f-\x9f\u2028\u2029\ufeff\ufffe\uffff]")
_CONTROL_ML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x84\x86-\x9f\ufeff\ufffe\uffff]")


class Int(Field):
    """A whole number (not true/false) within ``[min, max]``."""

    def __init__(self, min: int | None = None, max: int | None = None) -> None:
        self.min, self.max = min, max
        rng = ("" if min is None else f" >= {min}") + ("" if max is None else f" <= {max}")
        self.expects = "a whole number" + rng

    def check(self, value: Any, source: str, line: int | None, path: str) -> Any:
        if isinstance(value, float) and value.is_integer() and abs(value) < 2 ** 53:
            value = int(value)
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.wrong(value, source, line, path)
        if (self.min is not None and value < self.min) or (self.max is not None and value > self.max):
            raise self.wrong(value, source, line, path)
        return value


class Num(Field):
    """A finite number (int or float, not true/false) within ``[min, max]``."""

    def __init__(self, min: float | None = None, max: float | None = None) -> None:
        self.min, self.max = min, max
        rng = ("" if min is None else f" >= {min}") + ("" if max is None else f" <= {max}")
        self.expects = "a number" + rng

    def check(self, value: Any, source: str, line: int | None, path: str) -> Any:
        if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
            raise self.wrong(value, source, line, path)
        if (self.min is not None and value < self.min) or (self.max is not None and value > self.max):
            raise self.wrong(value, source, line, path)
        return value


class Bool(Field):
    expects = "true or false"

    def check(self, value: Any, source: str, line: int | None, path: str) -> Any:
        if not isinstance(value, bool):
            raise self.wrong(value, source, line, path)
        return value


class Choice(Field):
    """One of the given values."""

    def __init__(self, *choices: Any) -> None:
        self.choices = tuple(choices)
        self.expects = "one of " + ", ".join(str(c) for c in choices)

    def check(self, value: Any, source: str, line: int | None, path: str) -> Any:
        if isinstance(value, list | dict) or value not in self.choices or (
                isinstance(value, bool) != any(isinstance(c, bool) and c == value for c in self.choices)):
            raise self.wrong(value, source, line, path)
        return value


class Optional(Field):
    """``None`` (null, or the key left empty) or what ``inner`` accepts."""

    def __init__(self, inner: Field) -> None:
        self.inner = inner
        self.expects = f"{inner.expects} or nothing"

    def check(self, value: Any, source: str, line: int | None, path: str) -> Any:
        return None if value is None else self.inner.check(value, source, line, path)


class Union(Field):
    """The first of ``options`` that accepts the value (options are tried by type, so put the narrow
    ones first)."""

    def __init__(self, *options: Field) -> None:
        self.options = options
        self.expects = " or ".join(o.expects for o in options)

    def check(self, value: Any, source: str, line: int | None, path: str) -> Any:
        first: DataFileError | None = None
        for option in self.options:
            try:
                return option.check(value, source, line, path)
            except DataFileError as exc:
                first = first or exc
        if len(self.options) == 1 and first is not None:
            raise first
        raise self.wrong(value, source, line, path)


class ListOf(Field):
    def __init__(self, item: Field | Any, *, min_len: int = 0, max_len: int | None = None) -> None:
        self.item = field(item)
        self.min_len, self.max_len = min_len, max_len
        self.expects = f"a list of {self.item.expects}"

    def check(self, value: Any, source: str, line: int | None, path: str) -> Any:
        if not isinstance(value, list):
            raise self.fail(f"expected a list, not {_kind(value)}", source, line, path)
        if len(value) < self.min_len:
            raise self.fail(f"a list of at least {self.min_len} item(s) is needed", source, line, path)
        if self.max_len is not None and len(value) > self.max_len:
            raise self.fail(f"a list of at most {self.max_len} items, not {len(value)}", source, line, path)
        lines = value.lines if isinstance(value, LinedList) else None
        out = LinedList()
        out.line = getattr(value, "line", line)
        for i, item in enumerate(value):
            at = lines[i] if lines is not None and i < len(lines) else line
            out.append(self.item.check(item, source, at, f"{path}[{i}]"))
            out.lines.append(at or 0)
        return out


class MapOf(Field):
    """A mapping of text keys (checked by ``key``) to values checked by ``value``."""

    def __init__(self, value: Field | Any, key: Field | None = None, *, max_len: int | None = None) -> None:
        self.value, self.key, self.max_len = field(value), key, max_len
        self.expects = f"a mapping of {self.value.expects}"

    def check(self, value: Any, source: str, line: int | None, path: str) -> Any:
        if not isinstance(value, Mapping):
            raise self.fail(f"expected a mapping, not {_kind(value)}", source, line, path)
        if self.max_len is not None and len(value) > self.max_len:
            raise self.fail(f"at most {self.max_len} entries, not {len(value)}", source, line, path)
        out = _lined_like(value, line)
        for k, v in value.items():
            at = line_of(value, k) if isinstance(value, LinedMap) else line
            sub = f"{path}.{k}" if path else str(k)
            if not isinstance(k, str):
                raise self.fail(f"key {k!r} must be text", source, at, path)
            if self.key is not None:
                self.key.check(k, source, at, sub)
            out[k] = self.value.check(v, source, at, sub)
        return out


class Record(Field):
    """A mapping with known keys: ``fields`` maps each key to its :class:`Field` (or a type hint:
    ``int``, ``list[str]``, ``str | None``, ``Literal["a", "b"]``); keys in ``required`` must be
    present; an unknown key is an error naming it unless ``extra`` is ``True`` (kept unchecked) or a
    Field (checked by it)."""

    def __init__(self, fields: Mapping[str, Field | Any], *, required: Iterable[str] = (),
                 extra: bool | Field = False, what: str = "a mapping") -> None:
        self.fields = {k: field(v) for k, v in fields.items()}
        self.required = tuple(required)
        self.extra = extra
        self.expects = what

    def check(self, value: Any, source: str, line: int | None, path: str) -> Any:
        if not isinstance(value, Mapping):
            raise self.fail(f"expected {self.expects}, not {_kind(value)}", source, line, path)
        for k in self.required:
            if k not in value:
                raise self.fail(f"{k!r} is missing", source, getattr(value, "line", line), path)
        out = _lined_like(value, line)
        for k, v in value.items():
            at = line_of(value, k) if isinstance(value, LinedMap) else line
            sub = f"{path}.{k}" if path else str(k)
            spec = self.fields.get(k)
            if spec is None:
                if self.extra is False:
                    klines = value.key_lines if isinstance(value, LinedMap) else {}
                    known = ", ".join(self.fields) or "none"
                    raise self.fail(f"unknown key {k!r} (known: {known})", source, klines.get(k, at), path)
                out[k] = v if self.extra is True else self.extra.check(v, source, at, sub)
            else:
                out[k] = spec.check(v, source, at, sub)
        return out

    def describe(self) -> str:
        return "\n".join(f"{k}: {f.describe()}" + (" (required)" if k in self.required else "")
                         for k, f in self.fields.items())


def _lined_like(value: Mapping[str, Any], line: int | None) -> LinedMap:
    out = LinedMap()
    if isinstance(value, LinedMap):
        out.line, out.key_lines, out.value_lines = value.line, value.key_lines, value.value_lines
    else:
        out.line = line
    return out


class Check(Field):
    """A field checked by ``inner`` and then by ``test(value)``, which returns an error text or None."""

    def __init__(self, inner: Field | Any, test: Callable[[Any], str | None]) -> None:
        self.inner, self.test = field(inner), test
        self.expects = self.inner.expects

    def check(self, value: Any, source: str, line: int | None, path: str) -> Any:
        value = self.inner.check(value, source, line, path)
        problem = self.test(value)
        if problem:
            raise self.fail(problem, source, line, path)
        return value


def field(spec: Field | Any) -> Field:
    """A :class:`Field` from a Field or a type hint: ``str``, ``int``, ``float``, ``bool``, ``list``,
    ``dict``, ``Any``, ``list[X]``, ``dict[str, X]``, ``X | None``, ``X | Y``, ``Literal[...]``."""
    if isinstance(spec, Field):
        return spec
    if spec is Any or spec is object:
        return Plain()
    if spec is str:
        return Str()
    if spec is bool:
        return Bool()
    if spec is int:
        return Int()
    if spec is float:
        return Num()
    if spec is list:
        return ListOf(Plain())
    if spec is dict:
        return MapOf(Plain())
    if spec is None or spec is type(None):
        return Choice(None)
    origin = typing.get_origin(spec)
    args = typing.get_args(spec)
    if origin is list:
        return ListOf(field(args[0]) if args else Plain())
    if origin is dict:
        return MapOf(field(args[1]) if len(args) == 2 else Plain())
    if origin is typing.Literal:
        return Choice(*args)
    if origin is typing.Union or origin is types.UnionType:
        rest = [a for a in args if a is not type(None)]
        inner = field(rest[0]) if len(rest) == 1 else Union(*(field(a) for a in rest))
        return Optional(inner) if len(rest) < len(args) else inner
    raise TypeError(f"no field for type hint {spec!r}")
