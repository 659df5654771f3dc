"""The command grammar of saves and logs (``reference/vassal-formats.md`` §2.4–§2.6, §2.9).

A command string is a tree: :func:`parse` splits it on ESC with ``SequenceEncoder`` rules and decodes
each element recursively, exactly as ``GameModule.decode`` does; :meth:`Command.encode` is the inverse,
so ``parse(text).encode() == text`` for every file VASSAL writes. Piece commands (``+/``, ``-/``,
``D/``, ``M/``), log steps (``LOG``), undo brackets and chat become typed objects; every other
element (game-component lines such as ``PLAYER``, ``...BoardPicker``, ``GlobalProperty``, ``TURN``,
``NOTES``, and commands of custom classes) is kept verbatim as :class:`TextCommand` with typed views.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from ..errors import VassalFormatError
from ..hexgrid.vassal._java import java_int
from ..recordbase import FrozenRecord, Record
from .codec import ESC, TAB, join, split

__all__ = [
    "AddPiece",
    "BoardPickerLine",
    "ChangePiece",
    "Chat",
    "Command",
    "CommandList",
    "GlobalPropertyLine",
    "LogCommand",
    "MovePiece",
    "NotesLine",
    "PlayerLine",
    "RemovePiece",
    "TextCommand",
    "TurnLine",
    "UndoCommand",
    "parse",
    "walk",
]

BEGIN_SAVE = "begin_save"
END_SAVE = "end_save"


class Command(Record):
    """One decoded command; :meth:`encode` gives its exact text."""

    __slots__ = ()

    def encode(self) -> str:
        raise NotImplementedError

    def children(self) -> Sequence[Command]:
        """Nested commands (the elements of a list, the action of a log step)."""
        return ()


class CommandList(Command):
    """A command with sub-commands: the ESC-joined elements, the first being the parent's own text."""

    __slots__ = ("items",)
    _fields = ("items",)

    def __init__(self, items: list[Command] | None = None) -> None:
        self.items: list[Command] = [] if items is None else items

    def encode(self) -> str:
        return join([item.encode() for item in self.items], ESC)

    def children(self) -> Sequence[Command]:
        return self.items


class TextCommand(Command):
    """A command kept verbatim (game-component lines, custom commands, ``begin_save`` ...)."""

    __slots__ = ("text",)
    _fields = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text

    def encode(self) -> str:
        return self.text

    @property
    def kind(self) -> str:
        """A short name of what the line is: ``player``, ``board-picker``, ``global-property``,
        ``turn``, ``notes``, ``begin-save``, ``end-save``, ``empty`` or ``other``."""
        return _kind(self.text)


class AddPiece(Command):
    """``+/id/type/state``: a piece (or stack, deck) with its full trait chains (§2.6, §2.7)."""

    __slots__ = ("id", "state", "type")
    _fields = ("id", "type", "state")

    def __init__(self, id: str, type: str, state: str) -> None:
        self.id = id
        self.type = type
        self.state = state

    def encode(self) -> str:
        return join(("+", self.id, self.type, self.state), "/")


class RemovePiece(Command):
    """``-/id``."""

    __slots__ = ("id",)
    _fields = ("id",)

    def __init__(self, id: str) -> None:
        self.id = id

    def encode(self) -> str:
        return "-/" + self.id


class ChangePiece(Command):
    """``D/id/newState[/oldState]``."""

    __slots__ = ("id", "new_state", "old_state")
    _fields = ("id", "new_state", "old_state")

    def __init__(self, id: str, new_state: str, old_state: str | None = None) -> None:
        self.id = id
        self.new_state = new_state
        self.old_state = old_state

    def encode(self) -> str:
        fields = ["D", self.id, self.new_state]
        if self.old_state is not None:
            fields.append(self.old_state)
        return join(fields, "/")


class MovePiece(Command):
    """``M/id/newMap/newX/newY/newUnder/oldMap/oldX/oldY/oldUnder[/player]``; fields kept as text."""

    __slots__ = ("fields",)
    _fields = ("fields",)

    def __init__(self, fields: list[str]) -> None:
        self.fields = fields

    def encode(self) -> str:
        return join(["M", *self.fields], "/")

    def _field(self, i: int) -> str | None:
        value = self.fields[i] if i < len(self.fields) else None
        return None if value in (None, "null") else value

    def _int(self, i: int) -> int:
        value = java_int(self.fields[i]) if i < len(self.fields) else None
        return 0 if value is None else value

    @property
    def id(self) -> str:
        return self.fields[0]

    @property
    def new_map(self) -> str | None:
        return self._field(1)

    @property
    def new_xy(self) -> tuple[int, int]:
        return self._int(2), self._int(3)

    @property
    def new_under(self) -> str | None:
        return self._field(4)

    @property
    def old_map(self) -> str | None:
        return self._field(5)

    @property
    def old_xy(self) -> tuple[int, int]:
        return self._int(6), self._int(7)

    @property
    def old_under(self) -> str | None:
        return self._field(8)

    @property
    def player(self) -> str | None:
        return self._field(9)


class LogCommand(Command):
    """``LOG\\t<action>``: one logged action (its sub-commands are separate log commands, §2.9)."""

    __slots__ = ("action",)
    _fields = ("action",)

    def __init__(self, action: Command) -> None:
        self.action = action

    def encode(self) -> str:
        return "LOG\t" + self.action.encode()

    def children(self) -> Sequence[Command]:
        return (self.action,)


class UndoCommand(Command):
    """``UNDO\\ttrue`` opens an undo bracket, ``UNDO\\tfalse`` closes it."""

    __slots__ = ("text",)
    _fields = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text

    def encode(self) -> str:
        return "UNDO\t" + self.text

    @property
    def opening(self) -> bool:
        return self.text == "true"


class Chat(Command):
    """``CHAT<text>``: a chat line (dice reports and move reports are chat too)."""

    __slots__ = ("text",)
    _fields = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text

    def encode(self) -> str:
        return "CHAT" + self.text


# ---------------------------------------------------------------- typed views of game-component lines

class PlayerLine(FrozenRecord):
    """``PLAYER\\t<id>\\t<name>\\t<side>`` (PlayerRoster)."""

    __slots__ = ("name", "player_id", "side")
    _fields = ("player_id", "name", "side")
    player_id: str
    name: str
    side: str

    def __init__(self, player_id: str, name: str, side: str) -> None:
        object.__setattr__(self, 'player_id', player_id)
        object.__setattr__(self, 'name', name)
        object.__setattr__(self, 'side', side)

    @staticmethod
    def parse(text: str) -> PlayerLine | None:
        if not text.startswith("PLAYER\t"):
            return None
        fields = [*split(text[7:], TAB), "", "", ""]
        return PlayerLine(fields[0], fields[1], fields[2])

    def encode(self) -> str:
        return "PLAYER\t" + join((self.player_id, self.name, self.side), TAB)


class BoardPickerLine(FrozenRecord):
    """``<mapId>BoardPicker\\t<board>\\t<col>\\t<row>...``: the boards chosen for a map and where."""

    __slots__ = ("boards", "map_id")
    _fields = ("map_id", "boards")
    map_id: str
    boards: tuple[tuple[str, int, int], ...]

    def __init__(self, map_id: str, boards: tuple[tuple[str, int, int], ...]) -> None:
        object.__setattr__(self, 'map_id', map_id)
        object.__setattr__(self, 'boards', boards)

    @staticmethod
    def parse(text: str) -> BoardPickerLine | None:
        """As ``BoardPicker.decode``: each board is a name token then column and row read by
        ``SequenceEncoder.Decoder.nextInt(0)`` (0 for a missing token or one ``Integer.parseInt`` refuses)."""
        head, sep, rest = text.partition("\t")
        if not sep or not head.endswith("BoardPicker"):
            return None
        fields = split(rest, TAB)
        boards = []
        for i in range(0, len(fields), 3):
            col, row = (java_int(fields[j]) if j < len(fields) else None for j in (i + 1, i + 2))
            boards.append((fields[i], col or 0, row or 0))
        return BoardPickerLine(head[: -len("BoardPicker")], tuple(boards))

    def encode(self) -> str:
        fields: list[str] = []
        for name, col, row in self.boards:
            fields += [name, str(col), str(row)]
        return self.map_id + "BoardPicker\t" + join(fields, TAB)


class GlobalPropertyLine(FrozenRecord):
    """``GlobalProperty\\t;<name>;<value>;<container>`` (3.x) - a global property's value."""

    __slots__ = ("container", "name", "value")
    _fields = ("name", "value", "container")
    name: str
    value: str
    container: str

    def __init__(self, name: str, value: str, container: str) -> None:
        object.__setattr__(self, 'name', name)
        object.__setattr__(self, 'value', value)
        object.__setattr__(self, 'container', container)

    @staticmethod
    def parse(text: str) -> GlobalPropertyLine | None:
        if not text.startswith("GlobalProperty\t"):
            return None
        fields = [*split(text[len("GlobalProperty\t"):], ";"), "", "", "", ""]
        return GlobalPropertyLine(fields[1], fields[2], fields[3])

    def encode(self) -> str:
        return "GlobalProperty\t" + join(("", self.name, self.value, self.container), ";")


class TurnLine(FrozenRecord):
    """``TURN<trackerId>\\t<state>`` (TurnTracker)."""

    __slots__ = ("state", "tracker")
    _fields = ("tracker", "state")
    tracker: str
    state: str

    def __init__(self, tracker: str, state: str) -> None:
        object.__setattr__(self, 'tracker', tracker)
        object.__setattr__(self, 'state', state)

    @staticmethod
    def parse(text: str) -> TurnLine | None:
        head, sep, rest = text.partition("\t")
        if not sep or not head.startswith("TURN"):
            return None
        return TurnLine(head[4:], rest)


class NotesLine(FrozenRecord):
    """``NOTES\\t<text>`` (public notes) or ``PNOTES\\t<text>`` (private notes)."""

    __slots__ = ("private", "text")
    _fields = ("private", "text")
    private: bool
    text: str

    def __init__(self, private: bool, text: str) -> None:
        object.__setattr__(self, 'private', private)
        object.__setattr__(self, 'text', text)

    @staticmethod
    def parse(text: str) -> NotesLine | None:
        if text.startswith("NOTES\t"):
            return NotesLine(False, text[6:])
        if text.startswith("PNOTES\t"):
            return NotesLine(True, text[7:])
        return None


def _kind(text: str) -> str:
    if text == BEGIN_SAVE:
        return "begin-save"
    if text == END_SAVE:
        return "end-save"
    if not text:
        return "empty"
    if text.startswith("PLAYER\t"):
        return "player"
    if text.startswith("GlobalProperty\t"):
        return "global-property"
    if text.startswith(("NOTES\t", "PNOTES\t")):
        return "notes"
    head = text.partition("\t")[0]
    if head.endswith("BoardPicker") and "\t" in text:
        return "board-picker"
    if head.startswith("TURN") and "\t" in text:
        return "turn"
    if head == "CHECK":
        return "version-check"
    return "other"


# ---------------------------------------------------------------- decoding


MAX_NESTING = 50  # real files nest a handful of levels; deeper is refused rather than recursed into


def parse(text: str, *, source: str = "savedGame") -> Command:
    """Decode a command string into a :class:`Command` tree (``GameModule.decode``, §2.4)."""
    return _parse(text, source, 0)


def _parse(text: str, source: str, depth: int) -> Command:
    if depth > MAX_NESTING:
        raise VassalFormatError(f"{source}: commands nested more than {MAX_NESTING} levels deep")
    parts = _split_esc(text)
    if len(parts) == 1:  # a leaf; a quoted one is a list of its unquoted self (split gives one other token)
        token = _unquote(text)
        return _leaf(text, source, depth) if token is text else CommandList([_leaf(token, source, depth + 1)])
    return _parse_list(parts, source, depth)


def _split_esc(text: str) -> list[str]:
    """``text.split(ESC)``, by ``str.find`` (memchr) while the parts are few: a save's 14 MB of commands hold a
    few thousand ESCs, which ``str.split`` finds testing every character (8.5 ms against 1.7 ms)."""
    parts: list[str] = []
    append = parts.append
    find = text.find
    start = 0
    while len(parts) < 20_000:
        end = find(ESC, start)
        if end < 0:
            append(text[start:])
            return parts
        append(text[start:end])
        start = end + 1
    parts.extend(text[start:].split(ESC))  # many short commands (a long log): split is faster
    return parts


def _parse_list(parts: list[str], source: str, depth: int, escaped: bool = False) -> CommandList:
    """The list whose text split on ESC gives ``parts``: ``split(text, ESC)`` done on the parts, and a
    nested list (its ESCs escaped by a backslash) decoded from its own parts, which are those parts less
    that backslash, rather than joined into one text to be split again (a save's pieces are one such list
    of 12 MB). ``escaped``: every part but the last still ends with that backslash (an add-piece command is
    read in place, not copied without it)."""
    if depth > MAX_NESTING:
        raise VassalFormatError(f"{source}: commands nested more than {MAX_NESTING} levels deep")
    items: list[Command] = []
    group: list[str] = []
    last = len(parts) - 1
    for i, part in enumerate(parts):
        end = len(part) - 1 if escaped and i < last else len(part)
        if i < last and part[end - 1:end] == "\\":
            group.append(part[:end] if end < len(part) else part)
            continue
        if group:
            group.append(part[:end] if end < len(part) else part)
            if group[0][:1] == "'" and group[-1][-1:] == "'":  # a quoted token: unquoted, then decoded as text
                items.append(_parse(ESC.join([g[:-1] for g in group[:-1]] + group[-1:])[1:-1], source, depth + 1))
            else:
                items.append(_parse_list(group, source, depth + 1, True))
            group = []
            continue
        if end < len(part):  # one part holds no ESC, and ends with the backslash of the list holding it
            if part[:2] == "+/":
                added = _add_piece(part, end)
                if added is not None:
                    items.append(added)
                    continue
            part = part[:end]
        items.append(_leaf(_unquote(part), source, depth + 1))  # one part holds no ESC
    return CommandList(items)


def _unquote(token: str) -> str:
    """A token less the single quotes around it (``SequenceEncoder.Decoder``); the same object when unquoted."""
    return token[1:-1] if len(token) > 1 and token[0] == "'" and token[-1] == "'" else token


#: the type of an add-piece command by its raw text (less its escaping of slashes and quotes; None when a slash
#: is unescaped): a save's pieces share a few hundred types of several KB each, unescaped once each, and the
#: pieces of one type then share one string (whose hash the trait decoder's memo computes once). Found by the
#: raw text's length, head and tail, then compared in place: a piece's raw type is neither copied nor hashed.
_TYPES: dict[tuple[int, str, str], list[tuple[str, str | None]]] = {}
_TYPES_SIZE = 4096
_TYPES_PER_KEY = 8


def _add_piece(text: str, end: int | None = None) -> AddPiece | None:
    """``+/id/type/state`` (``text[:end]``) when exactly its three slashes are unescaped (the type's own are
    escaped): what ``split(text, "/")`` gives, found without splitting the type; None otherwise."""
    if end is None:
        end = len(text)
    second = text.find("/", 2, end)
    third = text.rfind("/", 0, end)
    if second < 0 or third <= second or text[second - 1] == "\\" or text[third - 1] == "\\":
        return None
    start = second + 1
    key = (third - start, text[start:min(start + 48, third)], text[max(start, third - 48):third])
    type: str | None = None
    for raw, unescaped in _TYPES.get(key, ()):
        if text.startswith(raw, start, third):  # of the same length: the same text
            type = unescaped
            break
    else:
        raw = text[start:third]
        type = _unquote(raw) if "/" not in raw else _unescaped(raw)
        if len(_TYPES) >= _TYPES_SIZE:
            _TYPES.clear()
        same = _TYPES.setdefault(key, [])
        if len(same) < _TYPES_PER_KEY:
            same.append((raw, type))
    if type is None:
        return None
    return AddPiece(_unquote(text[2:second]), type, _unquote(text[third + 1:end]))


def _unescaped(raw: str) -> str | None:
    """The type whose raw text is ``raw``, when every slash in it is escaped (else None): what joining
    ``raw.split("/")`` less each part's escaping backslash gives, found slash by slash with ``str.find`` (memchr)
    instead of splitting (a save's distinct types, of 15 KB each for Paths of Glory's cards, hold a few dozen)."""
    segments = []
    find = raw.find
    start = 0
    at = find("/")
    while at >= 0:
        if raw[at - 1:at] != "\\":  # at 0 too: nothing before it
            return None
        segments.append(raw[start:at - 1])
        start = at + 1
        at = find("/", start)
    segments.append(raw[start:])
    return _unquote("/".join(segments))


def _leaf(text: str, source: str, depth: int = 0) -> Command:
    head = text[:2]
    if head == "+/":
        added = _add_piece(text)
        if added is not None:
            return added
        fields = split(text, "/")
        if len(fields) != 4:
            raise VassalFormatError(f"{source}: malformed add-piece command {_clip(text)!r} "
                                    f"(expected +/id/type/state, got {len(fields)} fields)")
        return AddPiece(fields[1], fields[2], fields[3])
    if head == "-/":
        return RemovePiece(text[2:])
    if head == "D/":
        fields = split(text, "/")
        if len(fields) not in (3, 4):
            raise VassalFormatError(f"{source}: malformed change-piece command {_clip(text)!r}")
        return ChangePiece(fields[1], fields[2], fields[3] if len(fields) == 4 else None)
    if head == "M/":
        fields = split(text, "/")
        if len(fields) < 10:
            raise VassalFormatError(f"{source}: malformed move-piece command {_clip(text)!r} "
                                    f"(expected at least 9 fields after M/, got {len(fields) - 1})")
        for i, what in ((3, "new x"), (4, "new y"), (7, "old x"), (8, "old y")):
            if java_int(fields[i]) is None:  # BasicCommandEncoder.decode: Integer.parseInt, nothing caught
                raise VassalFormatError(f"{source}: move-piece command {_clip(text)!r}: {what} "
                                        f"{_clip(fields[i], 30)!r} is not a Java int")
        return MovePiece(fields[1:])
    if text.startswith("LOG\t"):
        return LogCommand(_parse(text[4:], source, depth + 1))
    if text.startswith("UNDO\t"):
        return UndoCommand(text[5:])
    if text.startswith("CHAT"):
        return Chat(text[4:])
    return TextCommand(text)


def _clip(text: str, n: int = 60) -> str:
    return text if len(text) <= n else text[:n] + "..."


def walk(command: Command) -> Iterator[Command]:
    """Every command of the tree, depth first in file order (lists and log steps are opened)."""
    stack = [command]
    while stack:
        c = stack.pop()
        yield c
        kids = c.children()
        if kids:
            stack.extend(reversed(kids))
