"""Writing new saves: a set-up of pieces on named hexes (or map points) for a module (§2.5, §2.8).

The save holds, as VASSAL writes it: ``begin_save``, the empty version-check element, the pieces
element (each piece's full trait chain with prototypes expanded, then one stack per occupied point,
children before the stack), a ``...BoardPicker`` line per used map, optionally the module's first
TurnTracker set to a given turn (``TURNTurnTracker0``, nested level states as ``TurnLevel.getState``
writes them), ``end_save``; plus ``savedata``
and the module's own ``moduledata`` so VASSAL recognises the module.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from lxml import etree

from ..errors import VassalFormatError
from .codec import split
from .commands import AddPiece, Command, CommandList, TextCommand, TurnLine
from .module import Module
from .save import MODULEDATA, SAVEDATA, SaveFile, TrackerState, TurnLevelState, metadata_xml
from .traits import BasicPiece, Prototype, Stack, Trait, decode_chain, encode_chain

__all__ = ["Placement", "check_boards", "expand_prototypes", "new_save", "slot_piece", "tracker_state"]

FIRST_ID = 1700000000000


@dataclass(frozen=True)
class Placement:
    """A piece to place: a piece-slot entry name (or gpid), a map, and a location name or ``(x, y)``;
    ``states`` set the own state of traits, ``(type prefix, state)`` for the first trait of that prefix
    (``("obs;", "Finnish;false|0")``: the piece's Mask is on, owned by the side Finnish)."""

    piece: str
    map: str
    at: str | tuple[int, int]
    id: str | None = None
    states: tuple[tuple[str, str], ...] = ()


def expand_prototypes(traits: Sequence[Trait], module: Module, depth: int = 0) -> list[Trait]:
    """Replace ``prototype;Name`` traits by the prototype's own traits (recursively); drop ``cmt;``."""
    if depth > 32:
        raise VassalFormatError(f"{module.source}: prototypes nest more than 32 deep (a cycle?)")
    out: list[Trait] = []
    for trait in traits:
        if isinstance(trait, Prototype):
            proto = module.prototypes.get(trait.name)
            if proto is None:
                raise VassalFormatError(f"{module.source}: unknown prototype {trait.name!r}")
            definition = proto.definition
            for param in split(trait.field(1), ","):  # prototype;Name;k=v,... fills $k$ in the definition
                key, sep, value = param.partition("=")
                if sep and key:
                    definition = definition.replace(f"${key}$", value)
            fields = split(definition, "/")
            if len(fields) != 4:
                raise VassalFormatError(f"{module.source}: prototype {trait.name!r} is not an add-piece definition")
            inner = decode_chain(fields[2], fields[3])[:-1]  # without its empty BasicPiece
            out.extend(expand_prototypes(inner, module, depth + 1))
        elif trait.prefix == "cmt;":
            continue
        else:
            out.append(trait)
    return out


def slot_piece(module: Module, name: str) -> list[Trait]:
    """The trait chain of a palette piece, prototypes expanded (as VASSAL's ``PieceCloner`` does)."""
    slot = module.piece_slot(name)
    fields = split(slot.definition, "/")
    if len(fields) != 4 or fields[0] != "+":
        raise VassalFormatError(f"{module.source}: piece slot {name!r} does not hold an add-piece definition")
    return expand_prototypes(decode_chain(fields[2], fields[3]), module)


_LEVELS = {"CounterTurnLevel", "ListTurnLevel"}


def _levels(el: etree._Element) -> list[etree._Element]:
    return [c for c in el if isinstance(c.tag, str) and c.tag.rsplit(".", 1)[-1] in _LEVELS]


def _level_state(el: etree._Element, path: Sequence[int | tuple[int, int]], source: str) -> TurnLevelState:
    """A level's state as VASSAL writes it after a reset, with ``path`` (if any) selecting its current item
    and, below it, the items of its first nested level; a ``(item, sub_level)`` step also makes another of
    its nested levels the active one (VASSAL visits a level's nested levels in turn), which the rest of the
    path then follows."""
    kind = str(el.tag).rsplit(".", 1)[-1]
    name = el.get("name", "")
    children = _levels(el)
    sub = 0
    here: int | None = None
    if path:
        step = path[0]
        here, sub = step if isinstance(step, tuple) else (step, 0)
        if not 0 <= sub < max(1, len(children)):
            raise VassalFormatError(f"{source}: turn level {name!r} has no nested level {sub}")
    if kind == "ListTurnLevel":
        items = split(el.get("list", ""), ",") if el.get("list") else []
        current = here if here is not None else 0
        if not 0 <= current < len(items):
            raise VassalFormatError(f"{source}: turn level {name!r} has no item {current} (it has {len(items)})")
        own = ("0", ",".join(["true"] * len(items)))
    else:
        current = here if here is not None else _int_attr(el, "start", 1, source)
        own = (el.get("loop", "false"), str(_int_attr(el, "loopLimit", -1, source)))
    rest = path[1:]
    if rest and not children:
        raise VassalFormatError(f"{source}: turn level {name!r} has no nested level for {list(rest)}")
    states = tuple(_level_state(c, rest if i == sub else (), source) for i, c in enumerate(children))
    return TurnLevelState(current, sub, own, states)


def _int_attr(el: etree._Element, attr: str, default: int, source: str) -> int:
    try:
        return int(el.get(attr, str(default)))
    except ValueError:
        raise VassalFormatError(f"{source}: turn level attribute {attr}={el.get(attr)!r} is not a whole number") \
            from None


def tracker_state(module: Module, path: Sequence[int | tuple[int, int]]) -> TurnLine:
    """The ``TURNTurnTracker0`` line of the module's first TurnTracker set to ``path``: the item index of each
    nested ListTurnLevel (the value of a CounterTurnLevel), outermost first, where ``(item, n)`` makes the
    level's n-th nested level the active one; deeper levels as after a reset."""
    tracker = next((el for el in module.root.iter() if isinstance(el.tag, str)
                    and el.tag.endswith("turn.TurnTracker")), None)
    if tracker is None:
        raise VassalFormatError(f"{module.source}: the module has no turn tracker")
    levels = _levels(tracker)
    if not levels:
        raise VassalFormatError(f"{module.source}: the turn tracker has no levels")
    states = tuple(_level_state(el, path if i == 0 else (), module.source) for i, el in enumerate(levels))
    return TurnLine("TurnTracker0", TrackerState(0, states).encode())


def check_boards(module: Module, map_id: str, chosen: Sequence[tuple[str, int, int]]) -> None:
    """:class:`VassalFormatError` unless every chosen board (``name`` or ``name/rev``) is one of the map's."""
    known = module.map(map_id).boards
    for name, _, _ in chosen:
        if name.removesuffix("/rev") not in known:
            raise VassalFormatError(f"{module.source}: map {map_id!r} has no board {name!r} "
                                    f"(boards: {', '.join(repr(b) for b in known) or 'none'})")


def new_save(module: Module, placements: Sequence[Placement], *, key: int = 0x5A, date_saved: int = 0,
             vassal_version: str | None = None, description: str = "",
             turn: Sequence[int | tuple[int, int]] | None = None,
             boards: Mapping[str, Sequence[tuple[str, int, int]]] | None = None) -> SaveFile:
    """A save with the placed pieces (deterministic: ids count up from 1700000000000 unless given), and, given
    ``turn``, the module's turn tracker set there (see :func:`tracker_state`). ``boards`` chooses a map's
    boards, ``(name, column, row)`` (``name/rev`` reversed; default: its first board at 0,0): location names
    are found on them and the save's ``...BoardPicker`` line shows them."""
    boards = dict(boards or {})
    for map_id, chosen in boards.items():
        check_boards(module, map_id, chosen)
    pieces: list[Command] = []
    stacks: dict[tuple[str, int, int], list[str]] = {}
    used_maps: list[str] = []
    next_id = FIRST_ID
    for placement in placements:
        vmap = module.vassal_map(placement.map, boards.get(placement.map))
        if isinstance(placement.at, str):
            x, y = vmap.point(placement.at)
        else:
            x, y = placement.at
        traits = slot_piece(module, placement.piece)
        basic = traits[-1]
        if not isinstance(basic, BasicPiece):
            raise VassalFormatError(f"{module.source}: piece slot {placement.piece!r} is not a piece")
        gpid = basic.gpid or module.piece_slot(placement.piece).gpid
        traits[-1] = BasicPiece.make(basic.name, basic.image, map=placement.map, x=x, y=y, gpid=gpid,
                                     properties=basic.properties)
        traits[-1].type = basic.type  # keep the slot's own type (clone/delete keys) exactly
        for prefix, state in placement.states:
            trait = next((t for t in traits[:-1] if t.prefix == prefix), None)
            if trait is None:
                raise VassalFormatError(f"{module.source}: piece {placement.piece!r} has no {prefix!r} trait to set")
            trait.state = state
        pid = placement.id or str(next_id)
        next_id += 1
        ptype, pstate = encode_chain(traits)
        pieces.append(AddPiece(pid, ptype, pstate))
        stacks.setdefault((placement.map, x, y), []).append(pid)
        if placement.map not in used_maps:
            used_maps.append(placement.map)
    for (map_id, x, y), ids in stacks.items():
        stack = Stack.make(map_id, x, y, ids)
        pieces.append(AddPiece(str(next_id), stack.type, stack.state))
        next_id += 1
    items: list[Command] = [TextCommand("begin_save"), TextCommand("")]
    if pieces:
        items.append(CommandList([TextCommand(""), *pieces]))
    for map_id in used_maps:
        mdef = module.map(map_id)
        if mdef.boards:
            from .commands import BoardPickerLine

            chosen = tuple(boards.get(map_id) or ((next(iter(mdef.boards)), 0, 0),))
            items.append(TextCommand(BoardPickerLine(map_id, chosen).encode()))
    if turn is not None:
        line = tracker_state(module, turn)
        items.append(TextCommand(f"TURN{line.tracker}\t{line.state}"))
    items.append(TextCommand("end_save"))
    vv = vassal_version or (module.metadata.vassal_version if module.metadata else "") or "3.6.7"
    entries = {SAVEDATA: metadata_xml(version=module.version, vassal_version=vv, date_saved=date_saved,
                                      description=description)}
    entries[MODULEDATA] = module.moduledata_bytes or metadata_xml(
        version=module.version, vassal_version=vv, date_saved=date_saved, description="", name=module.name)
    return SaveFile(CommandList(items), key, False, entries, "<new save>", True)
