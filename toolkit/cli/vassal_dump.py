"""``wgt vassal dump`` of a save or log, without click: what the command prints, and the command line's
fast path for ``wgt vassal dump FILE --json`` (:func:`json_dump`), which runs without importing click or
the command modules (the whole process of a 2,222-piece save's dump is a benchmark, issue 15)."""

from __future__ import annotations

from ..errors import InputError
from ..lazy import pattern

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, which mypy reads the same, without importing typing at run time
if TYPE_CHECKING:
    from collections.abc import Callable
    from pathlib import Path
    from typing import Any

    from ..vassal.commands import Command
    from ..vassal.module import Module
    from ..vassal.position import PlacedPiece
    from ..vassal.save import SaveFile
    from ..vassal.traits import BasicPiece, Stack, Trait


#: what a one-shot dump made, kept until the process ends (see json_dump)
_KEPT: list[object] = []

_XML_ROOT = pattern(rb"<([A-Za-z_][\w.:-]*)")


def file_kind(path: str | Path) -> str:
    """What a file holds, from its content: ``module`` (a .vmod zip, module folder or build file),
    ``metadata`` (a moduledata/savedata file) or ``save`` (anything else: a save or log, or an error).
    ``path``: a Path, or a str as :func:`toolkit.vassal.archive.fs_path` gives it."""
    from ..vassal.archive import Archive, check_regular, path_is_dir, plain_members

    check_regular(path)
    if path_is_dir(path):
        return "module"
    members = None
    try:
        with open(path, "rb") as handle:
            head = handle.read(4096)
            if head[:2] == b"PK":
                members = plain_members(handle)
    except OSError:
        return "save"  # read_save names the problem
    if head[:2] == b"PK":
        if members is not None:
            names = set(members)
        else:
            with Archive(path) as archive:
                names = set(archive.names())
        return "module" if "savedGame" not in names and {"buildFile.xml", "buildFile"} & names else "save"
    text = head.lstrip(b"\xef\xbb\xbf \t\r\n")
    if text[:1] == b"<":
        import re

        body = re.sub(rb"<\?.*?\?>|<!--.*?-->", b"", text, flags=re.S)
        root = _XML_ROOT().search(body)
        if root is not None:
            tag = root.group(1).rsplit(b".", 1)[-1]
            if tag in (b"GameModule", b"BasicModule", b"ModuleExtension"):
                return "module"
            if tag == b"data":
                return "metadata"
    name = path.rpartition("/")[2] if isinstance(path, str) else path.name
    return "module" if name in ("buildFile", "buildFile.xml") else "save"


def check_exists(file: str | Path) -> None:
    """Refuse a FILE that is not there (InputError, one line), or whose name the system refuses (too long: the
    stat of its existence check fails with something other than "not there", which was an internal error)."""
    from ..vassal.archive import path_exists

    try:
        there = path_exists(file)
    except OSError as exc:
        raise InputError(f"{file}: cannot be read ({exc.strerror or exc})") from None
    if not there:
        raise InputError(f"{file}: no such file")


def dump_data(file: str | Path, save: SaveFile, module: Module | None, wanted: int, steps: bool,
              warning: str | None) -> tuple[dict[str, object], list[PlacedPiece], list[dict[str, object]]]:
    """What the dump shows of a save or log: the header fields, the pieces (after logged step ``wanted``, 0:
    when logging began) and, with ``steps``, each logged step's summary."""
    from ..vassal import locate, replay
    from ..vassal.position import placed_pieces

    if wanted:
        position_step = None
        for position_step in replay(save, module):
            if position_step.index == wanted:
                break
        assert position_step is not None
        pieces = placed_pieces(position_step.position, position_step.locator)
    else:
        pieces = locate(save, module)
    data: dict[str, object] = {
        "file": str(file),
        "log": save.is_log,
        "key": save.key,
        "players": [{"id": p.player_id, "name": p.name, "side": p.side} for p in save.players()],
        "boards": {m: [list(b) for b in line.boards] for m, line in save.board_pickers().items()},
        "counts": {kind: sum(1 for p in pieces if p.kind == kind) for kind in ("piece", "stack", "deck")},
    }
    if warning:
        data["warnings"] = [warning]
    step_list: list[dict[str, object]] = []
    if wanted:
        data["step"] = wanted
    if save.is_log:
        for step in replay(save):
            if steps:
                step_list.append({"step": step.index, "undo": step.undo, "chat": step.chat,
                                  "commands": step_summary(step.command)})
        data["steps"] = step_list if steps else len(save.log_steps())
    return data, pieces, step_list


def json_dump(file: str | Path) -> bool:
    """``wgt vassal dump FILE --json`` of a save or log (no module, no step): the same output as the click
    command; False (nothing done, nothing printed) when FILE is no save or log but a module or metadata file,
    which the command itself then dumps. ``file``: a Path, or a str as :func:`toolkit.vassal.archive.fs_path`
    gives it."""
    from ..gcpause import gc_paused, one_shot
    from ..vassal.save import read_save

    check_exists(file)
    if file_kind(file) != "save":
        return False
    save = read_save(file)
    data, pieces, _ = dump_data(file, save, None, 0, False, None)
    with gc_paused():  # a JSON text per distinct trait, no cycles
        stream_json(data, pieces)
    if one_shot():  # the process ends after this (toolkit.cli.fast): not freed piece by piece first (~3 ms)
        _KEPT.append((save, data, pieces))
    return True


def stack_json(t: Stack, enc: Callable[[str], str]) -> str:
    """What ``json.dumps(t.describe(), ensure_ascii=False)`` gives for a Stack layer (``enc``: the C encoder's
    string encoding), written without the description's dict (a stack's layer is its own, described once per
    stack: 1,373 of Paths of Glory's pieces)."""
    m = t.map
    x, y = t.xy
    return (f'{{"trait": "stack", "map": {"null" if m is None else enc(m)}, "x": {int.__repr__(x)}, '
            f'"y": {int.__repr__(y)}, "pieces": [{", ".join(map(enc, t.children))}]}}')


def basic_json(t: BasicPiece, enc: Callable[[str], str]) -> str:
    """:func:`stack_json` for a BasicPiece layer (a piece's own innermost layer: its position and properties)."""
    m = t.map
    x, y = t.xy
    props = ", ".join([f"{enc(k)}: {enc(v)}" for k, v in t.properties.items()])
    return (f'{{"trait": "basic", "name": {enc(t.name)}, "image": {enc(t.image)}, '
            f'"map": {"null" if m is None else enc(m)}, "x": {int.__repr__(x)}, "y": {int.__repr__(y)}, '
            f'"gpid": {enc(t.gpid)}, "properties": {{{props}}}}}')


def stream_json(data: dict[str, object], pieces: list[Any]) -> None:
    """The dump as one JSON object, written as it is made: the header fields, then ``pieces`` one per line
    (each encoded on its own by the C encoder; a 1,400-piece save is not first built as one big string)."""
    import sys

    from ..jsontext import dumps, encode_basestring, encoder
    from ..vassal.traits import BasicPiece, Report, Stack, Trait, TriggerAction

    out = sys.stdout
    out.write("{\n")
    for key, value in data.items():
        out.write(f"  {dumps(key)}: {dumps(value, ensure_ascii=False)},\n")
    out.write('  "pieces": [')
    sep = "\n    "
    # a piece's line is what json.dumps(p.to_dict(traits=True)) gives; each distinct trait (type and state:
    # pieces of one kind share most of theirs) is described and encoded once
    traits: dict[tuple[type, str, str], str] = {}
    heads: dict[str, str] = {}
    # the fields before the traits, as json.dumps(p.to_dict(traits=False)) writes them: strings by the C encoder
    # json.dumps uses (ensure_ascii=False), None as null, the coordinates (ints) by repr
    enc = encode_basestring
    # what json.dumps(value, ensure_ascii=False) gives, without making an encoder for each of the thousands of
    # distinct traits (json.dumps builds one per call when an argument is not the default, and
    # JSONEncoder.encode makes its C encoder on every call): the C encoder JSONEncoder.encode makes for a dict,
    # made once (no circular check: a trait's description is a tree of new dicts and lists)
    encode = encoder(ensure_ascii=False, check_circular=False)

    def text_of(t: Trait) -> str:
        cls = t.__class__
        if cls is Stack:  # a piece's own innermost layer (its position): seldom shared, written directly
            text = stack_json(t, enc)  # type: ignore[arg-type]
        elif cls is BasicPiece:
            text = basic_json(t, enc)  # type: ignore[arg-type]
        elif cls is Trait:  # a layer of no known class: described by the type's head alone, written once per head
            cut = t.type.find(";")
            head = t.type if cut < 0 else t.type[:cut]
            known = heads.get(head)
            if known is None:
                known = heads[head] = f'{{"trait": {enc(head)}}}'
            text = known
        else:
            trait_key = (cls, t.type, t.state)
            known = traits.get(trait_key)
            if known is None:
                f = t.field
                if cls is TriggerAction:  # the commonest described layers (macros, reports): written directly
                    known = f'{{"trait": "trigger", "name": {enc(f(0))}, "command": {enc(f(1))}, "key": {enc(f(2))}}}'
                elif cls is Report:
                    known = f'{{"trait": "report", "format": {enc(f(1))}}}'
                else:
                    known = encode(t.describe())
                traits[trait_key] = known
            text = known
        t._json = (t.state, text)
        return text

    lines = []  # written 256 pieces at a time: a few large writes instead of one per piece
    for p in pieces:
        # a layer shared by pieces of one type (decode_chain_shared) keeps its text
        encoded = [c[1] if (c := t._json) is not None and c[0] is t.state else text_of(t) for t in p.traits]
        m, b, loc, h, st, sd = p.map, p.board, p.location, p.hex, p.stack, p.side
        lines.append(f'{sep}{{"id": {enc(p.id)}, "kind": {enc(p.kind)}, "name": {enc(p.name)}, '
                     f'"map": {"null" if m is None else enc(m)}, "x": {int.__repr__(p.x)}, '
                     f'"y": {int.__repr__(p.y)}, "board": {"null" if b is None else enc(b)}, '
                     f'"location": {"null" if loc is None else enc(loc)}, "hex": {"null" if h is None else enc(h)}, '
                     f'"stack": {"null" if st is None else enc(st)}, "side": {"null" if sd is None else enc(sd)}, '
                     f'"traits": [{", ".join(encoded)}]}}')
        sep = ",\n    "
        if len(lines) == 256:
            out.write("".join(lines))
            lines.clear()
    lines.append("\n  ]\n}\n" if pieces else "]\n}\n")
    out.write("".join(lines))
    out.flush()


def step_summary(command: Command) -> list[str]:
    from ..vassal.commands import (
        AddPiece,
        BoardPickerLine,
        ChangePiece,
        Chat,
        GlobalPropertyLine,
        MovePiece,
        RemovePiece,
        TextCommand,
        TurnLine,
        walk,
    )

    out = []
    for c in walk(command):
        if isinstance(c, TextCommand):
            if c.text in ("begin_save", "end_save"):
                out.append(c.text.replace("_", " "))
            elif (line := BoardPickerLine.parse(c.text)) is not None:
                out.append(f"boards of {line.map_id}: " + ", ".join(f"{b}@{col},{row}" for b, col, row in line.boards))
            elif (prop := GlobalPropertyLine.parse(c.text)) is not None:
                out.append(f"property {prop.name} = {prop.value!r}")
            elif (turn := TurnLine.parse(c.text)) is not None:
                out.append(f"turn tracker {turn.tracker}: {turn.state}")
            continue
        if isinstance(c, AddPiece):
            out.append(f"add {c.id}")
        elif isinstance(c, RemovePiece):
            out.append(f"remove {c.id}")
        elif isinstance(c, ChangePiece):
            out.append(f"change {c.id}")
        elif isinstance(c, MovePiece):
            x, y = c.new_xy
            out.append(f"move {c.id} to {c.new_map}@{x},{y}")
        elif isinstance(c, Chat):
            out.append(f"chat {c.text!r}")
    return out
