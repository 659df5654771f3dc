"""Writing logs (.vlog): a save's state followed by logged steps, as VASSAL's ``BasicLogger`` writes them (§2.9).

:class:`LogWriter` starts from a save (its state is the state when logging began) and appends one
``LOG`` step per user action: a move (``M/`` with the map's own move report in the chat, as
``MovementReporter`` writes it), a piece added from the palette (``+/`` and the "created in" report),
a piece deleted (``-/``), a chat line or die roll, a turn tracker change (``TURN<id>``), a global
property change (``GlobalProperty``) or a board change (``<map>BoardPicker``). A step's commands are
written ``LOG\\t<first>`` with the others as nested ``LOG`` commands, exactly as the engine nests the
sub-commands of a logged action. Location names in the reports are the engine's (:class:`Locator`).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import VassalFormatError
from .commands import (
    AddPiece,
    BoardPickerLine,
    Chat,
    Command,
    CommandList,
    GlobalPropertyLine,
    LogCommand,
    MovePiece,
    RemovePiece,
    TextCommand,
)
from .module import Module
from .position import Locator, Position, placed_pieces
from .reports import DEFAULT_CREATE, DEFAULT_MOVE
from .save import SaveFile
from .traits import BasicPiece, encode_chain
from .writer import slot_piece, tracker_state

__all__ = ["LogWriter"]


class LogWriter:
    """A log being written: ``LogWriter(module, save)``, then steps, then :meth:`save` (a :class:`SaveFile`)."""

    def __init__(self, module: Module, save: SaveFile, *, first_id: int = 1800000000000) -> None:
        self.module = module
        self.start = save
        self.position = Position()
        for c in save.setup_commands():
            self.position.apply(c)
        self.locator = Locator(module, save)
        self.steps: list[Command] = []
        self.next_id = first_id
        self.player = "player"

    # ---------------------------------------------------------------- helpers
    def _where(self, piece_id: str) -> tuple[str | None, int, int]:
        for stack in self.position.pieces.values():
            if stack.kind == "stack" and piece_id in stack.inner.children:  # type: ignore[attr-defined]
                return stack.where()
        piece = self.position.pieces.get(piece_id)
        if piece is None:
            raise VassalFormatError(f"no piece {piece_id!r} in the log's position")
        return piece.where()

    def _top_at(self, map_id: str, x: int, y: int, skip: str) -> str | None:
        """The top piece of the stack at exactly that point (what a dropped piece goes on)."""
        for stack in self.position.pieces.values():
            if stack.kind == "stack" and stack.where() == (map_id, x, y):
                kids = [k for k in stack.inner.children if k != skip and k in self.position.pieces]  # type: ignore
                if kids:
                    return kids[-1]
        return None

    def _name(self, piece_id: str) -> str:
        for p in placed_pieces(self.position, self.locator):
            if p.id == piece_id:
                return p.name
        raise VassalFormatError(f"no piece {piece_id!r} in the log's position")

    def point(self, map_id: str, at: str | tuple[int, int]) -> tuple[int, int]:
        if isinstance(at, tuple):
            return at
        vmap = self.locator.vassal_map(map_id)
        if vmap is None:
            raise VassalFormatError(f"{self.module.source}: no map named {map_id!r}")
        return vmap.point(at)

    def _format(self, map_id: str, attr: str, default: str) -> str:
        mdef = self.module.maps.get(map_id)
        fmt = mdef.attrs.get(attr) if mdef is not None else None
        return default if fmt is None else fmt

    def _step(self, commands: Sequence[Command]) -> Command:
        logged: list[Command] = [LogCommand(c) for c in commands]
        step = logged[0] if len(logged) == 1 else CommandList(logged)
        self.steps.append(step)
        for c in commands:
            self.position.apply(c)
        return step

    # ---------------------------------------------------------------- steps
    def move(self, piece_id: str, at: str | tuple[int, int], map_id: str | None = None,
             report: bool = True) -> Command:
        """Move a piece (or a whole stack) to a location name or point; the chat reports it as the map does."""
        old_map, ox, oy = self._where(piece_id)
        new_map = map_id or old_map
        if new_map is None:
            raise VassalFormatError(f"piece {piece_id!r} is on no map; say which map to move it to")
        x, y = self.point(new_map, at)
        under = self._top_at(new_map, x, y, piece_id)
        old_under = None
        cmds: list[Command] = [MovePiece([piece_id, new_map, str(x), str(y), under or "null", old_map or "null",
                                          str(ox), str(oy), old_under or "null", self.player])]
        name = self._name(piece_id)
        old_loc = self.locator.place(old_map, ox, oy)[1] if old_map is not None else None
        if report:
            attr = "moveWithinFormat" if old_map == new_map else "moveToFormat"
            fmt = self._format(new_map, attr, DEFAULT_MOVE)
            self.position.apply(cmds[0])
            new_loc = self.locator.place(new_map, x, y)[1]
            text = fmt.replace("$pieceName$", name).replace("$previousLocation$", old_loc or "") \
                .replace("$location$", new_loc or "").replace("$mapName$", new_map) \
                .replace("$previousMap$", old_map or "")
            self.steps.append(CommandList([LogCommand(cmds[0]), LogCommand(Chat("* " + text))]))
            return self.steps[-1]
        return self._step(cmds)

    def add(self, slot: str, at: str | tuple[int, int], map_id: str, *, piece_id: str | None = None,
            report: bool = True) -> str:
        """A piece dragged from the palette onto a map (prototypes expanded); returns its id."""
        traits = slot_piece(self.module, slot)
        basic = traits[-1]
        if not isinstance(basic, BasicPiece):
            raise VassalFormatError(f"{self.module.source}: piece slot {slot!r} is not a piece")
        x, y = self.point(map_id, at)
        gpid = basic.gpid or self.module.piece_slot(slot).gpid
        made = BasicPiece.make(basic.name, basic.image, map=map_id, x=x, y=y, gpid=gpid, properties=basic.properties)
        made.type = basic.type
        traits[-1] = made
        pid = piece_id or str(self.next_id)
        self.next_id += 1
        ptype, pstate = encode_chain(traits)
        add = AddPiece(pid, ptype, pstate)
        under = self._top_at(map_id, x, y, pid)
        place = MovePiece([pid, map_id, str(x), str(y), under or "null", "null", "0", "0", "null", self.player])
        self.position.apply(add)
        self.position.apply(place)
        cmds: list[Command] = [LogCommand(add), LogCommand(place)]
        if report:
            fmt = self._format(map_id, "createFormat", DEFAULT_CREATE)
            loc = self.locator.place(map_id, x, y)[1]
            cmds.append(LogCommand(Chat("* " + fmt.replace("$pieceName$", self._name(pid))
                                        .replace("$location$", loc or "").replace("$mapName$", map_id))))
        self.steps.append(CommandList(cmds))
        return pid

    def delete(self, piece_id: str, chat: str | None = None) -> Command:
        """Delete a piece (an eliminated unit); an optional chat line with it."""
        cmds: list[Command] = [RemovePiece(piece_id)]
        if chat:
            cmds.append(Chat(chat))
        return self._step(cmds)

    def chat(self, text: str) -> Command:
        """A chat line (``<player> - text`` as typed, or a die roll report)."""
        return self._step([Chat(text)])

    def turn(self, path: Sequence[int], chat: str | None = None) -> Command:
        """The module's first turn tracker set to ``path`` (item index per level, outermost first)."""
        line = tracker_state(self.module, path)
        cmds: list[Command] = [TextCommand(f"TURN{line.tracker}\t{line.state}")]
        if chat:
            cmds.append(Chat(chat))
        return self._step(cmds)

    def set_property(self, name: str, value: str, container: str = "Module") -> Command:
        """A global property set to a new value (``GlobalProperty.SetGlobalProperty``)."""
        return self._step([TextCommand(GlobalPropertyLine(name, value, container).encode())])

    def set_boards(self, map_id: str, boards: Sequence[tuple[str, int, int]]) -> Command:
        """A map's boards changed (``BoardPicker.SetBoards``): names (``name/rev`` reversed) with column, row."""
        line = BoardPickerLine(map_id, tuple(boards))
        step = self._step([TextCommand(line.encode())])
        self.locator = self.locator.with_boards({map_id: tuple(boards)})
        return step

    def save(self) -> SaveFile:
        """The log: the starting save's state, then every step (same key and metadata entries)."""
        items = [*self.start.setup_commands(), *self.steps]
        return SaveFile(CommandList(items), self.start.key, self.start.upper_hex, dict(self.start.entries),
                        "<new log>", True)
