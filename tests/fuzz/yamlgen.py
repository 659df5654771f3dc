"""Grammar-aware YAML for fuzzing: hypothesis strategies that write YAML text themselves (not through a
dumper), so documents carry what a dumper never writes: explicit tags, anchors and aliases (billion laughs),
keys of every type (lists, mappings, booleans, numbers, null), deep block and flow nesting, duplicate keys,
numbers past every limit, odd unicode and escapes. Two shapes: mutations of a valid seed document of a file
kind (so the mutation reaches the code behind the loader), and documents built from nothing."""

from __future__ import annotations

import json
import string
from dataclasses import dataclass, field
from typing import Any

from hypothesis import strategies as st

# ------------------------------------------------------------------------------------------- the tree


@dataclass
class Node:
    """A YAML node to emit: ``kind`` scalar/seq/map/alias; ``text`` a scalar's source text (already quoted
    when it needs to be) or an alias name; ``tag``/``anchor`` written before it; ``flow`` for collections."""

    kind: str
    text: str = ""
    items: list[Any] = field(default_factory=list)  # seq: [Node]; map: [(Node, Node)]
    tag: str = ""
    anchor: str = ""
    flow: bool = True


def from_data(value: Any) -> Node:
    """The node tree of plain data (a seed document)."""
    if isinstance(value, dict):
        return Node("map", items=[(from_data(k), from_data(v)) for k, v in value.items()], flow=False)
    if isinstance(value, list):
        return Node("seq", items=[from_data(v) for v in value], flow=False)
    if value is None:
        return Node("scalar", "null")
    if isinstance(value, bool):
        return Node("scalar", "true" if value else "false")
    if isinstance(value, int | float):
        return Node("scalar", repr(value))
    return Node("scalar", json.dumps(str(value), ensure_ascii=False))


def _prefix(n: Node) -> str:
    return " ".join(p for p in (n.tag, f"&{n.anchor}" if n.anchor else "") if p)


def emit_flow(n: Node) -> str:
    pre = _prefix(n)
    if n.kind == "alias":
        return f"*{n.text}"
    if n.kind == "scalar":
        body = n.text
    elif n.kind == "seq":
        body = "[" + ", ".join(emit_flow(i) for i in n.items) + "]"
    else:
        body = "{" + ", ".join(f"{_flow_key(k)}: {emit_flow(v)}" for k, v in n.items) + "}"
    return f"{pre} {body}" if pre else body


def _flow_key(k: Node) -> str:
    text = emit_flow(k)
    return f"? {text}" if k.kind != "scalar" or "\n" in text else text


def emit(n: Node, indent: int = 0) -> str:
    """Block style where the node asks for it (collections with ``flow=False``), else flow."""
    lines: list[str] = []
    _emit_block(n, indent, lines, "")
    return "\n".join(lines) + "\n"


def _emit_block(n: Node, indent: int, lines: list[str], lead: str) -> None:
    pad = " " * indent
    pre = _prefix(n)
    if n.kind != "alias" and n.kind != "scalar" and not n.flow and n.items:
        if pre or lead:
            lines.append(pad + lead + pre if not lead else lead + (" " + pre if pre else ""))
        if n.kind == "seq":
            for item in n.items:
                if item.kind in ("seq", "map") and not item.flow and item.items:
                    lines.append(pad + "-" + (" " + _prefix(item) if _prefix(item) else ""))
                    stripped = Node(item.kind, item.text, item.items, "", "", item.flow)
                    _emit_block(stripped, indent + 2, lines, "")
                else:
                    lines.append(f"{pad}- {emit_flow(item)}")
        else:
            for k, v in n.items:
                key = emit_flow(k)
                if k.kind != "scalar" or "\n" in key:
                    lines.append(f"{pad}? {key}")
                    key_lead = f"{pad}:"
                else:
                    key_lead = f"{pad}{key}:"
                if v.kind in ("seq", "map") and not v.flow and v.items:
                    lines.append(key_lead + (" " + _prefix(v) if _prefix(v) else ""))
                    stripped = Node(v.kind, v.text, v.items, "", "", v.flow)
                    _emit_block(stripped, indent + 2, lines, "")
                else:
                    lines.append(f"{key_lead} {emit_flow(v)}")
        return
    text = emit_flow(n)
    lines.append(pad + (lead + " " if lead else "") + text)


# ------------------------------------------------------------------------------------------- scalars

TAGS = ["!!str", "!!int", "!!float", "!!bool", "!!null", "!!timestamp", "!!binary", "!!set", "!!omap", "!!pairs",
        "!!map", "!!seq", "!!merge", "!!value", "!", "!custom", "!!python/object/apply:os.system",
        "!<tag:yaml.org,2002:int>", "!<tag:example.com,2000:x>"]
ODD = ["\u0000", "\u0085", "\u2028", "\u2029", "\ufeff", "\ufffe", "\u200b", "\u202e", "\U0001f600", "e\u0301",
       "\t", "\r", "\x7f", "\\", '"', "'", "#", ": ", "- ", "&", "*", "!", "%", "@", "`", "|", ">"]
WORDS = ["clear", "forest", "sea", "lake", "city", "river", "road", "0101", "0202", "2517", "winter-war",
         "soviet", "finnish", "movement", "combat", "setup", "fin-6-6-2", "sov-6-4-2", "off", "yes", "no",
         "on", "null", "~", "true", "NaN", ".inf", "-.inf", ".nan", "=", "<<", "0x1F", "0o17", "017", "1:30",
         "1_000", "2001-12-14", "2001-12-14t21:59:43.10-05:00", "+1", "-0", "1e3", "1.0e+999", "#ffffff", "0101/0102",
         "A", "B", "E", "H", "½", "Viipuri", "Helsinki", ""]


def _quoted(s: str) -> str:
    return json.dumps(s, ensure_ascii=False)


@st.composite
def scalar_text(draw: Any) -> str:
    """The source text of one scalar: plain words of the file kinds, numbers of every size and base, quoted
    strings with odd unicode and escapes, long text."""
    kind = draw(st.integers(0, 9))
    if kind == 0:
        return draw(st.sampled_from(WORDS))
    if kind == 1:
        return str(draw(st.integers(-(10 ** 30), 10 ** 30)))
    if kind == 2:
        return draw(st.sampled_from(["9" * 4301, "9" * 5000, "-" + "1" * 30, "1" * 19, "9223372036854775808",
                                     "1.0e+999", "-1.0e+999", "1.0e-999", "0." + "0" * 400 + "1", "0b" + "1" * 80,
                                     "0x" + "f" * 40, "1:" * 30 + "1"]))
    if kind == 3:
        x = draw(st.floats(allow_nan=True, allow_infinity=True))
        return repr(x) if "e" not in repr(x) else repr(x).replace("e", "e+").replace("e+-", "e-")
    if kind == 4:
        return _quoted(draw(st.text(alphabet=st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=30)))
    if kind == 5:
        return _quoted("".join(draw(st.lists(st.sampled_from(ODD + WORDS), max_size=6))))
    if kind == 6:
        word = draw(st.text(alphabet=string.ascii_letters + string.digits + "_-. ", min_size=1, max_size=20))
        return word.strip() or "x"
    if kind == 7:
        return "'" + draw(st.text(alphabet=string.printable, max_size=20)).replace("'", "''") + "'"
    if kind == 8:
        return _quoted("x" * draw(st.sampled_from([199, 200, 201, 1000, 1001, 5000, 70000])))
    return draw(st.sampled_from(['"\\x00"', '"\\ud800"', '"\\U0010ffff"', '"\\u2028"', '"\\e"', '"\\N"', '"\\_"',
                                 "|\n  a\n  b", ">-\n  folded", '"a\\nb"', "''", '""']))


def _tagged(draw: Any, node: Node) -> Node:
    if draw(st.integers(0, 9)) == 0:
        node.tag = draw(st.sampled_from(TAGS))
    return node


@st.composite
def nodes(draw: Any, depth: int = 3, anchors: list[str] | None = None) -> Node:
    """Any node: scalars, flow or block collections, any keys, tags, anchors and aliases of earlier anchors."""
    anchors = anchors if anchors is not None else []
    choice = draw(st.integers(0, 9 if depth > 0 else 2))
    if choice <= 2:
        node = Node("scalar", draw(scalar_text()))
        if "\n" in node.text:  # block scalars only where a block value may go: keep them flow-safe
            node.text = _quoted(node.text)
    elif choice == 3 and anchors:
        return Node("alias", draw(st.sampled_from(anchors)))
    elif choice <= 6:
        items = draw(st.lists(nodes(depth - 1, anchors), max_size=4))
        node = Node("seq", items=items, flow=draw(st.booleans()))
    else:
        n = draw(st.integers(0, 4))
        items = [(draw(keys(depth - 1, anchors)), draw(nodes(depth - 1, anchors))) for _ in range(n)]
        node = Node("map", items=items, flow=draw(st.booleans()))
    node = _tagged(draw, node)
    if draw(st.integers(0, 12)) == 0:
        node.anchor = f"a{len(anchors)}"
        anchors.append(node.anchor)
    return node


@st.composite
def keys(draw: Any, depth: int = 1, anchors: list[str] | None = None) -> Node:
    """Keys of every type: mostly words, sometimes numbers, booleans, null, lists and mappings."""
    if draw(st.integers(0, 5)) or depth <= 0:
        return _tagged(draw, Node("scalar", draw(scalar_text())))
    return draw(nodes(depth, anchors))


def billion_laughs(levels: int = 9, width: int = 9) -> str:
    out = [f"a0: &a0 [{', '.join(['lol'] * width)}]"]
    for i in range(1, levels):
        out.append(f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * width)}]")
    return "\n".join(out) + "\n"


@st.composite
def special(draw: Any) -> str:
    """Whole documents aimed at the reader's limits."""
    n = draw(st.integers(0, 8))
    if n == 0:
        return billion_laughs(draw(st.integers(2, 12)))
    if n == 1:
        d = draw(st.sampled_from([30, 64, 65, 200, 5000, 100_000]))
        return "a: " + "[" * d + "]" * d + "\n"
    if n == 2:
        d = draw(st.sampled_from([30, 70, 1000, 5000]))
        return "".join("  " * i + "-\n" for i in range(d))
    if n == 3:
        d = draw(st.sampled_from([33, 65, 3000]))
        return "".join("  " * i + f"k{i}:\n" for i in range(d)) + "  " * d + "x\n"
    if n == 4:
        return "a: [" + "1," * draw(st.sampled_from([1000, 150_000, 600_000])) + "1]\n"
    if n == 5:
        return "--- a\n--- b\n"
    if n == 6:
        return draw(st.sampled_from(["%YAML 1.1\n--- x\n", "%TAG ! tag:example.com,2000:\n--- !x y\n", "...\n",
                                     "\ufeffa: 1\n", "a: 1\r\nb: 2\r\n", "\t- a\n", "a:\n\t- b\n"]))
    if n == 7:
        return "a: " + "x" * draw(st.sampled_from([10, 100_000, 2_000_000])) + "\n"
    return "".join(f"k{i}: {i}\n" for i in range(draw(st.sampled_from([10, 120_000]))))


# ------------------------------------------------------------------------------------------- mutations


def _paths(n: Node, path: tuple[int, ...] = ()) -> list[tuple[int, ...]]:
    out = [path]
    if n.kind == "seq":
        for i, item in enumerate(n.items):
            out.extend(_paths(item, (*path, i)))
    elif n.kind == "map":
        for i, (_, v) in enumerate(n.items):
            out.extend(_paths(v, (*path, i)))
    return out


def _get(n: Node, path: tuple[int, ...]) -> Node:
    for i in path:
        n = n.items[i] if n.kind == "seq" else n.items[i][1]
    return n


def _set(n: Node, path: tuple[int, ...], new: Node) -> None:
    parent = _get(n, path[:-1])
    i = path[-1]
    if parent.kind == "seq":
        parent.items[i] = new
    else:
        parent.items[i] = (parent.items[i][0], new)


def _copy(n: Node) -> Node:
    if n.kind == "map":
        items: list[Any] = [(_copy(k), _copy(v)) for k, v in n.items]
    else:
        items = [_copy(i) for i in n.items]
    return Node(n.kind, n.text, items, n.tag, n.anchor, n.flow)


@st.composite
def mutated(draw: Any, seed: Any) -> str:
    """A seed document with 1-4 grammar-level mutations: a subtree replaced by any node, a tag put on a node,
    a key renamed to any key, a key duplicated, an entry dropped, a subtree nested deeper, an anchor and alias."""
    root = from_data(seed)
    anchors: list[str] = []
    gentle = draw(st.booleans())  # half the cases change values only: they reach the code behind the reader
    for _ in range(draw(st.integers(1, 2 if gentle else 4))):
        paths = _paths(root)
        path = draw(st.sampled_from(paths))
        target = _get(root, path)
        op = 7 if gentle else draw(st.integers(0, 7))
        if op == 0 and path:
            _set(root, path, draw(nodes(2, anchors)))
        elif op == 1:
            target.tag = draw(st.sampled_from(TAGS))
        elif op == 2 and target.kind == "map" and target.items:
            i = draw(st.integers(0, len(target.items) - 1))
            target.items[i] = (draw(keys(1, anchors)), target.items[i][1])
        elif op == 3 and target.kind == "map" and target.items:
            i = draw(st.integers(0, len(target.items) - 1))
            k, _v = target.items[i]
            target.items.append((_copy(k), draw(nodes(1, anchors))))
        elif op == 4 and target.items:
            del target.items[draw(st.integers(0, len(target.items) - 1))]
        elif op == 5 and path:
            wrap = Node("seq", items=[_copy(target)], flow=draw(st.booleans())) if draw(st.booleans()) else \
                Node("map", items=[(Node("scalar", "x"), _copy(target))], flow=draw(st.booleans()))
            _set(root, path, wrap)
        elif op == 6 and path:
            name = f"m{len(anchors)}"
            target.anchor = name
            anchors.append(name)
            other = draw(st.sampled_from(paths))
            if other != path and other and not _is_under(other, path) and not _is_under(path, other):
                _set(root, other, Node("alias", name))
        elif op == 7 and target.kind == "scalar":
            target.text = draw(scalar_text()) if not gentle or draw(st.booleans()) else draw(plausible(target.text))
            if "\n" in target.text:
                target.text = _quoted(target.text)
        elif op == 7 and gentle and target.items:
            i = draw(st.integers(0, len(target.items) - 1))
            if target.kind == "seq":
                target.items.insert(i, _copy(target.items[i]))
            elif draw(st.booleans()):
                del target.items[i]
        if draw(st.integers(0, 3)) == 0:
            target.flow = not target.flow
    return emit(root)


@st.composite
def plausible(draw: Any, text: str) -> str:
    """A value near the old one: another small number, the number negated or scaled, another word, empty."""
    try:
        number = float(text)
        int(number)
    except (ValueError, OverflowError):
        return draw(st.sampled_from([*WORDS[:25], '""', "0", "1", "-1", "0.5", "null", "[]", "{}"]))
    return draw(st.sampled_from([str(int(number) + 1), str(-number), repr(number * 1000), "0", "0.0", "-1",
                                 repr(number / 3), "1.0e+300", str(int(number) * 10 ** 9), ".nan", ".inf"]))


def _is_under(a: tuple[int, ...], b: tuple[int, ...]) -> bool:
    return len(a) > len(b) and a[: len(b)] == b


def documents(seed: Any) -> st.SearchStrategy[str]:
    """The YAML texts fuzzed for one file kind: mostly mutations of its seed, some built from nothing, some
    aimed at the reader's limits."""
    return st.one_of(mutated(seed), mutated(seed), mutated(seed), nodes(4).map(emit), special())
