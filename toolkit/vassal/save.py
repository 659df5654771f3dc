"""Saved games (.vsav) and logs (.vlog): read, re-encode byte-for-byte, write (§2 of the reference).

``read_save(path)`` gives a :class:`SaveFile`: the decoded command tree, the obfuscation key of the
file, and its metadata entries. ``SaveFile.saved_game_bytes()`` re-encodes the ``savedGame`` entry
exactly as stored (same key, same hex case); ``SaveFile.to_bytes()`` / ``write()`` produce a whole
archive (entries ``savedGame``, ``savedata``, ``moduledata`` in VASSAL's order).
"""

from __future__ import annotations

import io
import os
import time
from collections.abc import Iterator

from ..errors import ArchiveError, VassalFormatError
from ..gcpause import gc_paused
from ..recordbase import FrozenRecord, Record
from .archive import Archive, check_regular, fs_path, inflate_member, path_is_dir, plain_members
from .codec import ESC, HEADER, deobfuscate, deobfuscate_buffer, deobfuscate_chunks, join, obfuscate, split
from .commands import (
    AddPiece,
    BoardPickerLine,
    Command,
    CommandList,
    GlobalPropertyLine,
    LogCommand,
    NotesLine,
    PlayerLine,
    TextCommand,
    TurnLine,
    parse,
    walk,
)
from .xmlsafe import parse_xml

__all__ = ["Metadata", "SaveFile", "TrackerState", "TurnLevelState", "metadata_xml", "read_save"]

SAVED_GAME = "savedGame"
SAVEDATA = "savedata"
MODULEDATA = "moduledata"
MAX_SAVED_GAME = 256 * 1024 * 1024
"""Largest ``savedGame`` read (uncompressed; the largest corpus save holds 28 MB): peak memory while
decoding stays around three times this."""
MAX_OTHER_ENTRIES = 64 * 1024 * 1024
"""All other entries of a save together (``savedata`` and ``moduledata`` are a few hundred bytes; they
are kept to write the file back exactly)."""



def _int(token: str, what: str) -> int:
    try:
        return int(token)
    except ValueError:
        raise VassalFormatError(f"turn tracker state: {what} {token!r} is not a whole number") from None


class TurnLevelState(FrozenRecord):
    """One level of a TurnTracker state (``TurnLevel.getState``, fields joined by ``;``).

    ``current`` is a ListTurnLevel's item index or a CounterTurnLevel's value; ``sub_level`` the index of
    the active child level; ``own`` the level's two kind-specific fields (a list's ``first`` index and
    its comma list of ``active`` flags, or a counter's ``loop`` and ``loopLimit``); ``children`` the
    states of the nested levels, in the module's order.
    """

    _fields = ("current", "sub_level", "own", "children")
    current: int
    sub_level: int
    own: tuple[str, str]
    children: tuple[TurnLevelState, ...]

    def __init__(self, current: int, sub_level: int = 0, own: tuple[str, str] = ("0", ""),
                 children: tuple[TurnLevelState, ...] = ()) -> None:
        object.__setattr__(self, "current", current)
        object.__setattr__(self, "sub_level", sub_level)
        object.__setattr__(self, "own", own)
        object.__setattr__(self, "children", children)

    @staticmethod
    def parse(text: str, depth: int = 0) -> TurnLevelState:
        if depth > 16:
            raise VassalFormatError("turn tracker state: levels nest more than 16 deep")
        tokens = split(text, ";")
        if len(tokens) < 4:
            raise VassalFormatError(f"turn tracker state: level {text[:60]!r} has {len(tokens)} fields, not 4 or more")
        children = tuple(TurnLevelState.parse(t, depth + 1) for t in tokens[4:])
        return TurnLevelState(_int(tokens[0], "current"), _int(tokens[1], "sub-level"), (tokens[2], tokens[3]),
                              children)

    def encode(self) -> str:
        return join([str(self.current), str(self.sub_level), *self.own, *(c.encode() for c in self.children)], ";")


class TrackerState(FrozenRecord):
    """A TurnTracker's saved state, ``<currentLevel>|<level state>|...`` (``TurnTracker.getState``)."""

    _fields = ("current_level", "levels")
    current_level: int
    levels: tuple[TurnLevelState, ...]

    def __init__(self, current_level: int, levels: tuple[TurnLevelState, ...]) -> None:
        object.__setattr__(self, "current_level", current_level)
        object.__setattr__(self, "levels", levels)

    @staticmethod
    def parse(text: str) -> TrackerState:
        """Decode the state of a ``TURN<id>\\t<state>`` line; :class:`VassalFormatError` if malformed."""
        tokens = split(text, "|")
        return TrackerState(_int(tokens[0], "current level"), tuple(TurnLevelState.parse(t) for t in tokens[1:]))

    def encode(self) -> str:
        return join([str(self.current_level), *(level.encode() for level in self.levels)], "|")

    def path(self) -> tuple[int, ...]:
        """The ``current`` of each level on the active chain, outermost first (() when there is none)."""
        out: list[int] = []
        level = self.levels[self.current_level] if 0 <= self.current_level < len(self.levels) else None
        while level is not None:
            out.append(level.current)
            sub = level.sub_level
            level = level.children[sub] if 0 <= sub < len(level.children) else None
        return tuple(out)


class Metadata(FrozenRecord):
    """``savedata`` / ``moduledata`` contents (§2.8, §3.5)."""

    _fields = ("version", "vassal_version", "date_saved", "description", "name")
    version: str
    vassal_version: str
    date_saved: str
    description: str
    name: str

    def __init__(self, version: str = "", vassal_version: str = "", date_saved: str = "", description: str = "",
                 name: str = "") -> None:
        object.__setattr__(self, "version", version)
        object.__setattr__(self, "vassal_version", vassal_version)
        object.__setattr__(self, "date_saved", date_saved)
        object.__setattr__(self, "description", description)
        object.__setattr__(self, "name", name)

    @staticmethod
    def parse(data: bytes, source: str) -> Metadata:
        root = parse_xml(data, source)
        values: dict[str, str] = {}
        for child in root:
            if not isinstance(child.tag, str) or child.get("lang") is not None:
                continue
            values.setdefault(child.tag, (child.text or "").strip())
        return Metadata(values.get("version", ""), values.get("VassalVersion", ""), values.get("dateSaved", ""),
                        values.get("description", ""), values.get("name", ""))


def metadata_xml(*, version: str = "", vassal_version: str = "3.6.7", date_saved: int | None = None,
                 description: str | None = None, name: str | None = None, extras: bool = True) -> bytes:
    """A ``savedata`` (no ``name``) or ``moduledata`` (with ``name``) document as VASSAL 3.6+ writes it."""
    from xml.sax.saxutils import escape

    def element(tag: str, text: str) -> str:
        return f"  <{tag}>{escape(text)}</{tag}>\n" if text else f"  <{tag}/>\n"

    stamp = str(int(time.time() * 1000) if date_saved is None else date_saved)
    out = '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n<data version="1">\n'
    out += element("version", version)
    if extras:
        out += element("extra1", "") + element("extra2", "")
    out += element("VassalVersion", vassal_version) + element("dateSaved", stamp)
    if description is not None:
        out += element("description", description)
    if name is not None:
        out += element("name", name)
    out += "</data>\n"
    return out.encode("utf-8")


class SaveFile(Record):
    """A decoded save or log."""

    _fields = ("commands", "key", "upper_hex", "entries", "source", "zipped")

    def __init__(self, commands: Command, key: int | None = 0, upper_hex: bool = False,
                 entries: dict[str, bytes] | None = None, source: str = "<memory>", zipped: bool = True) -> None:
        self.commands = commands
        self.key = key
        self.upper_hex = upper_hex
        self.entries: dict[str, bytes] = {} if entries is None else entries  # the other archive entries, in order
        self.source = source
        self.zipped = zipped

    # ---------------------------------------------------------------- encoding
    def text(self) -> str:
        """The command string."""
        return self.commands.encode()

    def saved_game_bytes(self) -> bytes:
        """The ``savedGame`` entry, obfuscated with this file's key (plain text when key is None)."""
        return obfuscate(self.text(), self.key, upper=self.upper_hex)

    def to_bytes(self, *, date_time: tuple[int, int, int, int, int, int] = (2000, 1, 1, 0, 0, 0)) -> bytes:
        """The whole archive (deterministic: fixed timestamps, DEFLATE, VASSAL's entry order)."""
        if not self.zipped:
            return self.saved_game_bytes()
        import zipfile

        buffer = io.BytesIO()
        with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as out:
            for name, data in [(SAVED_GAME, self.saved_game_bytes()), *self.entries.items()]:
                info = zipfile.ZipInfo(name, date_time)
                info.compress_type = zipfile.ZIP_DEFLATED
                out.writestr(info, data)
        return buffer.getvalue()

    def write(self, path: str | os.PathLike[str]) -> None:
        """Write the archive atomically."""
        from ..fileio import atomic_write

        atomic_write(path, self.to_bytes())

    # ---------------------------------------------------------------- structure
    def top_level(self) -> list[Command]:
        """The top-level elements of the command string."""
        c = self.commands
        return list(c.items) if isinstance(c, CommandList) else [c]

    @property
    def is_log(self) -> bool:
        """True when the file holds logged steps (``LOG`` commands), whatever its extension."""
        return any(isinstance(c, LogCommand) for c in self.top_level()) or any(
            isinstance(c, CommandList) and c.items and isinstance(c.items[0], LogCommand) for c in self.top_level())

    def setup_commands(self) -> list[Command]:
        """The saved state: top-level elements up to ``end_save`` (everything when there is none)."""
        out = []
        for c in self.top_level():
            out.append(c)
            if isinstance(c, TextCommand) and c.text == "end_save":
                break
        return out

    def log_steps(self) -> list[Command]:
        """The logged steps after ``end_save`` (each a top-level element: one user action)."""
        items = self.top_level()
        for i, c in enumerate(items):
            if isinstance(c, TextCommand) and c.text == "end_save":
                return items[i + 1:]
        return []

    def add_pieces(self) -> list[AddPiece]:
        """AddPiece commands of the saved state, in file order (log steps excluded)."""
        out: list[AddPiece] = []
        for top in self.setup_commands():
            out.extend(c for c in walk(top) if isinstance(c, AddPiece))
        return out

    def lines(self) -> Iterator[TextCommand]:
        """Game-component lines of the saved state (kept verbatim)."""
        for top in self.setup_commands():
            for c in walk(top):
                if isinstance(c, TextCommand):
                    yield c

    def players(self) -> list[PlayerLine]:
        return [p for c in self.lines() if (p := PlayerLine.parse(c.text)) is not None]

    def board_pickers(self) -> dict[str, BoardPickerLine]:
        """Chosen boards per map id (the last line for a map wins, as when VASSAL applies them)."""
        out: dict[str, BoardPickerLine] = {}
        for c in self.lines():
            line = BoardPickerLine.parse(c.text)
            if line is not None:
                out[line.map_id] = line
        return out

    def global_properties(self) -> list[GlobalPropertyLine]:
        return [p for c in self.lines() if (p := GlobalPropertyLine.parse(c.text)) is not None]

    def notes(self) -> list[NotesLine]:
        """Public (``NOTES``) and private (``PNOTES``) notes."""
        return [n for c in self.lines() if (n := NotesLine.parse(c.text)) is not None]

    def turns(self) -> list[TurnLine]:
        return [t for c in self.lines() if (t := TurnLine.parse(c.text)) is not None]

    @property
    def savedata(self) -> Metadata | None:
        data = self.entries.get(SAVEDATA)
        return None if data is None else Metadata.parse(data, f"{self.source}: savedata")

    @property
    def moduledata(self) -> Metadata | None:
        data = self.entries.get(MODULEDATA)
        return None if data is None else Metadata.parse(data, f"{self.source}: moduledata")


def read_save(source: str | os.PathLike[str] | bytes, *, name: str | None = None) -> SaveFile:
    """Read a .vsav/.vlog (a zip with ``savedGame``; a bare ``savedGame`` text is accepted too).

    Raises :class:`ArchiveError` for a corrupt or hostile archive and :class:`VassalFormatError` for
    a ``savedGame`` that does not decode.
    """
    if isinstance(source, bytes | bytearray):
        label = name or "<bytes>"
        data = bytes(source)
        if data[:2] != b"PK":
            return _from_saved_game(data, label, zipped=False, entries={})
        return _read_zip(data, label)
    path = fs_path(source)
    label = name or str(path)
    if path_is_dir(path):
        raise ArchiveError(f"{label}: is a folder, not a save or log")
    check_regular(path, label)
    try:
        with open(path, "rb") as handle:
            head = handle.read(16)
    except FileNotFoundError:
        raise ArchiveError(f"{label}: no such file") from None
    except OSError as exc:
        raise ArchiveError(f"{label}: cannot read ({exc.strerror or exc})") from None
    if head[:2] != b"PK" and not (head.startswith(HEADER) or head.startswith(b"begin_save")):
        raise ArchiveError(f"{label}: not a VASSAL save or log (neither a zip archive nor a savedGame text)")
    if head[:2] != b"PK":
        with open(path, "rb") as handle:
            data = handle.read(MAX_SAVED_GAME + 1)
        if len(data) > MAX_SAVED_GAME:
            raise ArchiveError(f"{label}: larger than the {MAX_SAVED_GAME} byte limit for a saved game")
        return _from_saved_game(data, label, zipped=False, entries={})
    return _read_zip(path, label)


def _read_zip(path: str | os.PathLike[str] | bytes, label: str) -> SaveFile:
    if not isinstance(path, bytes):
        plain = _read_plain_zip(path, label)
        if plain is not None:
            return plain
    with Archive(path, name=label) as archive:
        if archive.is_folder:
            raise ArchiveError(f"{label}: is a folder, not a save or log")
        names = archive.names()
        if SAVED_GAME not in names:
            what = "a module" if ("buildFile.xml" in names or "buildFile" in names) else "a save or log"
            raise ArchiveError(f"{label}: has no savedGame entry, so it is not a save or log"
                               + (" (it looks like a module)" if what == "a module" else ""))
        # the usual save (obfuscated ASCII text) is decoded as it is inflated, never held whole as hex text (a
        # 28 MB entry: ~7,000 fewer page faults); anything else, a damaged entry included, is read whole, so
        # that its errors are the ones deobfuscate and Archive.read name
        whole = archive.read_whole(SAVED_GAME, limit=MAX_SAVED_GAME)
        decoded = None if whole is None else deobfuscate_buffer(whole)
        del whole
        if decoded is None:
            chunks = archive.read_chunks(SAVED_GAME, limit=MAX_SAVED_GAME)
            try:
                decoded = deobfuscate_chunks(chunks)
            except ArchiveError:
                decoded = None
            finally:
                chunks.close()
        data = archive.read(SAVED_GAME, limit=MAX_SAVED_GAME) if decoded is None else b""
        entries = {}
        left = MAX_OTHER_ENTRIES
        for n in names:
            if n != SAVED_GAME:
                if left <= 0 or (archive.size(n) or 0) > left:
                    raise ArchiveError(f"{label}: its entries besides savedGame pass the {MAX_OTHER_ENTRIES} byte "
                                       f"limit (at {n!r})")
                entries[n] = archive.read(n, limit=left)
                left -= len(entries[n])
    if decoded is None:
        return _from_saved_game(data, label, zipped=True, entries=entries)
    return _from_text(*decoded, label, zipped=True, entries=entries)


def _read_plain_zip(path: str | os.PathLike[str], label: str) -> SaveFile | None:
    """What :func:`_read_zip` reads from the save at ``path`` when it is the plain zip VASSAL writes, its entries
    deflated and the system has libdeflate (:func:`~toolkit.vassal.archive.plain_members`,
    :func:`~toolkit.vassal.archive.inflate_member`), read without zipfile; None for anything else (a damaged or
    unusual archive, an entry over a limit, a savedGame that is not obfuscated ASCII text), which _read_zip then
    reads and names the problems of as before."""
    try:
        with open(path, "rb") as handle:
            content = _plain_zip_content(handle)
    except OSError:
        return None
    if content is None:
        return None
    decoded, entries = content
    return _from_text(*decoded, label, zipped=True, entries=entries)


def _plain_zip_content(handle: io.BufferedReader) -> tuple[tuple[str, int, bool], dict[str, bytes]] | None:
    members = plain_members(handle)
    saved_game = None if members is None else members.get(SAVED_GAME)
    if members is None or saved_game is None:
        return None
    whole = inflate_member(handle, saved_game, MAX_SAVED_GAME)
    decoded = None if whole is None else deobfuscate_buffer(whole)
    del whole
    if decoded is None:
        return None
    entries = {}
    left = MAX_OTHER_ENTRIES
    for n, member in members.items():
        if n != SAVED_GAME:
            data = inflate_member(handle, member, left) if left > 0 and member[4] <= left else None
            if data is None:
                return None
            entries[n] = bytes(data)
            left -= len(data)
    return decoded, entries


def _from_saved_game(data: bytes, label: str, *, zipped: bool, entries: dict[str, bytes]) -> SaveFile:
    text, key = deobfuscate(data, f"{label}: savedGame")
    upper = key is not None and any(0x41 <= b <= 0x46 for b in data[5:4096])
    del data  # when the caller holds no other reference: the hex text is freed before parsing
    return _from_text(text, key, upper, label, zipped=zipped, entries=entries)


def _from_text(text: str, key: int | None, upper: bool, label: str, *, zipped: bool,
               entries: dict[str, bytes]) -> SaveFile:
    with gc_paused():  # thousands of commands, no cycles
        commands = parse(text, source=f"{label}: savedGame")
    if not text.startswith("begin_save") and not text.startswith("LOG\t") and ESC not in text:
        raise VassalFormatError(f"{label}: savedGame does not hold VASSAL commands (no begin_save)")
    return SaveFile(commands, key, upper, entries, label, zipped)
