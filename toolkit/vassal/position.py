"""Where every piece is: a save (plus its module) -> pieces with map, board, pixel, location name,
stack, name and side; a log -> the position after every logged step.

Location names come from :mod:`toolkit.hexgrid.vassal` (VASSAL's own grids), with the boards each map
had in the save (its ``...BoardPicker`` line) and VASSAL's ``offboard`` when no board or grid names a
point. Names are VASSAL's ``getName()`` through the trait chain (layers, labels, basic names).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from ..gcpause import gc_paused
from ..recordbase import Record
from .commands import (
    AddPiece,
    BoardPickerLine,
    ChangePiece,
    Chat,
    Command,
    GlobalPropertyLine,
    MovePiece,
    RemovePiece,
    TextCommand,
    TurnLine,
    UndoCommand,
    walk,
)
from .properties import GameProperties, PieceView
from .save import SaveFile
from .traits import (
    BasicPiece,
    Deck,
    DynamicProperty,
    Embellishment,
    Label,
    Marker,
    Restricted,
    Stack,
    Trait,
    decode_chain_shared,
    encode_chain,
    piece_properties,
)

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, which mypy reads the same, without importing typing at run time
if TYPE_CHECKING:  # the grids and the module reader (lxml) are loaded only when a module places the pieces
    from ..hexgrid.vassal import VassalMap
    from .module import Module

__all__ = ["Locator", "PieceState", "PlacedPiece", "Position", "Step", "locate", "replay"]

_PLACED = (BasicPiece, Stack, Deck)  # the innermost layers that say where a piece is (a tuple: `A | B` is made per use)
SIDE_KEYS = ("side", "faction", "nationality", "nation", "army", "player", "country", "owner", "team")


class PieceState(Record):
    """One piece (or stack, deck) as the position holds it: raw type/state plus decoded traits."""

    _fields = ("id", "type", "state", "_traits")
    _shown = ("id", "type", "state")

    def __init__(self, id: str, type: str, state: str, _traits: list[Trait] | None = None,
                 _where: tuple[Trait, str, tuple[str | None, int, int]] | None = None) -> None:
        self.id = id
        self.type = type
        self.state = state
        self._traits = _traits
        self._where = _where

    @property
    def traits(self) -> list[Trait]:
        """The decoded layers, outermost first; all but the innermost are shared with the other pieces
        (:func:`~toolkit.vassal.traits.decode_chain_shared`): read them, do not change them."""
        if self._traits is None:
            self._traits = decode_chain_shared(self.type, self.state)
        return self._traits

    @property
    def inner(self) -> Trait:
        return self.traits[-1]

    @property
    def kind(self) -> str:
        """``stack``, ``deck`` or ``piece`` (stacks and decks are never decorated)."""
        t = self.type
        return "stack" if t == "stack" else "deck" if t.startswith("deck;") else "piece"

    def where(self) -> tuple[str | None, int, int]:
        inner = self.inner
        cached = self._where  # it follows the innermost layer's state alone: kept while that is the same
        if cached is not None and cached[0] is inner and cached[1] is inner.state:
            return cached[2]
        found: tuple[str | None, int, int] = (None, 0, 0)
        if isinstance(inner, _PLACED):
            x, y = inner.xy
            found = inner.map, x, y
        self._where = (inner, inner.state, found)
        return found

    def set_state(self, state: str) -> None:
        self.state = state
        self._traits = None

    def moved(self, map_id: str | None, x: int, y: int) -> None:
        """Change map and position in the innermost state (BasicPiece or Stack)."""
        traits = self.traits
        inner = traits[-1]
        if isinstance(inner, BasicPiece):
            traits[-1] = inner.moved(map_id, x, y)
        elif isinstance(inner, Stack | Deck):
            from .codec import join, split

            s = [*split(inner.state, ";"), "", "", ""]
            s[0], s[1], s[2] = map_id or "null", str(x), str(y)
            inner.state = join(s[: max(3, len(split(inner.state, ';')))], ";")
        self.state = encode_chain(traits)[1]


class PlacedPiece(Record):
    """A piece of a position, placed on its map: what ``wgt vassal dump`` shows."""

    _fields = ("id", "kind", "name", "map", "x", "y", "board", "location", "stack", "side", "traits", "properties")
    _shown = _fields[:-2]

    def __init__(self, id: str, kind: str, name: str, map: str | None, x: int, y: int, board: str | None = None,
                 location: str | None = None, stack: str | None = None, side: str | None = None,
                 traits: list[Trait] | None = None, properties: dict[str, str] | None = None) -> None:
        self.id = id
        self.kind = kind
        self.name = name
        self.map = map
        self.x = x
        self.y = y
        self.board = board
        self.location = location
        self.stack = stack
        self.side = side
        self.traits: list[Trait] = [] if traits is None else traits
        self.properties: dict[str, str] = {} if properties is None else properties

    @property
    def hex(self) -> str | None:
        """The location name when a grid names the point (None off board / without a module)."""
        if self.location is None:
            return None
        from ..hexgrid.vassal.board import OFFBOARD

        return None if self.location == OFFBOARD else self.location

    def to_dict(self, *, traits: bool = True) -> dict[str, object]:
        out: dict[str, object] = {"id": self.id, "kind": self.kind, "name": self.name, "map": self.map,
                                  "x": self.x, "y": self.y, "board": self.board, "location": self.location,
                                  "hex": self.hex, "stack": self.stack, "side": self.side}
        if traits:
            out["traits"] = [t.describe() for t in self.traits]
        return out


class Position:
    """Pieces by id in VASSAL's order, with stack membership; mutated by piece commands."""

    def __init__(self) -> None:
        self.pieces: dict[str, PieceState] = {}
        self.made_stacks: set[str] = set()
        """Ids of the stacks replay made itself (``<piece id>/stack``) where VASSAL makes a new stack
        with a new id of its own: a piece dropped on an empty point. They go when they empty."""

    def copy(self) -> Position:
        other = Position()
        other.pieces = {k: PieceState(v.id, v.type, v.state) for k, v in self.pieces.items()}
        other.made_stacks = set(self.made_stacks)
        return other

    def apply(self, command: Command) -> None:
        """Apply every piece command in the tree (AddPiece, RemovePiece, ChangePiece, MovePiece)."""
        for c in walk(command):
            if isinstance(c, TextCommand):
                if c.text == "begin_save" and self.pieces:
                    # SetupCommand(false) (GameState.setup(false)): the game closes, every piece goes; a log
                    # that loads another game mid-way continues from the pieces that game adds
                    self.pieces.clear()
                    self.made_stacks.clear()
                continue
            if isinstance(c, AddPiece):
                if c.id != "null":
                    added = self.pieces[c.id] = PieceState(c.id, c.type, c.state)
                    if added.kind != "piece" and self.made_stacks:
                        # a stack takes its pieces out of any stack replay made for them (Stack.insertChild)
                        for child in added.inner.children:  # type: ignore[attr-defined]
                            old = self._stack_of(child, skip=c.id)
                            if old is not None and old.id in self.made_stacks:
                                self._drop_child(old, child)
            elif isinstance(c, RemovePiece):
                self.pieces.pop(c.id, None)
                self.made_stacks.discard(c.id)
                for p in list(self.pieces.values()):  # an emptied stack of ours goes
                    if p.type == "stack" and c.id in p.state:
                        self._drop_child(p, c.id)
            elif isinstance(c, ChangePiece):
                piece = self.pieces.get(c.id)
                if piece is not None:
                    before = piece.where()
                    piece.set_state(c.new_state)
                    # a stacked piece's own state may say "no map" (2.9): it stays where its stack is
                    if before[0] is not None and piece.where()[0] is None and piece.kind == "piece":
                        piece.moved(*before)
            elif isinstance(c, MovePiece):
                self._move(c)

    def _stack_of(self, piece_id: str, skip: str | None = None) -> PieceState | None:
        for p in self.pieces.values():
            if p.type == "stack" and piece_id in p.state and p.id != skip \
                    and piece_id in p.inner.children:  # type: ignore[attr-defined]
                return p
        return None

    def _drop_child(self, stack: PieceState, child: str) -> None:
        from .codec import join, split

        s = split(stack.state, ";")
        stack.set_state(join(s[:3] + [t for t in s[3:] if t != child], ";"))
        if stack.id in self.made_stacks and not stack.inner.children:  # type: ignore[attr-defined]
            self.made_stacks.discard(stack.id)
            self.pieces.pop(stack.id, None)

    def _move(self, c: MovePiece) -> None:
        piece = self.pieces.get(c.id)
        if piece is None:
            return
        x, y = c.new_xy
        if piece.kind == "stack":
            piece.moved(c.new_map, x, y)
            for child in piece.inner.children:  # type: ignore[attr-defined]
                if child in self.pieces:
                    self.pieces[child].moved(c.new_map, x, y)
            return
        old = self._stack_of(c.id)
        if old is not None:
            self._drop_child(old, c.id)
        piece.moved(c.new_map, x, y)
        under = c.new_under
        stack: PieceState | None = None
        if under is not None:
            target = self.pieces.get(under)
            if target is not None and target.kind == "stack":
                stack = target
            else:
                stack = self._stack_of(under) if under else None
        if stack is None and c.new_map is not None:
            # MovePiece with nothing usable underneath: VASSAL's merge finder puts the piece at the bottom
            # of a stack that is exactly at that point; with none, Map.placeAt gives it a new stack (the
            # real engine replaying The Longest Day's log does both: without them five pieces end elsewhere)
            under = None
            point = (c.new_map, x, y)
            for other in self.pieces.values():
                if other.type == "stack" and other.where() == point \
                        and other.inner.children:  # type: ignore[attr-defined]
                    stack = other
                    break
            if stack is None:
                made = c.id + "/stack"
                self.pieces[made] = PieceState(made, "stack", Stack.make(c.new_map, x, y, [c.id]).state)
                self.made_stacks.add(made)
                return
        if stack is not None:
            from .codec import join, split

            s = split(stack.state, ";")
            ids = [t for t in s[3:] if not t.startswith("@@")]
            tail = [t for t in s[3:] if t.startswith("@@")]
            pos = (ids.index(under) + 1 if under in ids else len(ids)) if under is not None else 0
            ids.insert(pos, c.id)
            stack.set_state(join(s[:3] + ids + tail, ";"))


class Step(Record):
    """One logged step: its index (1-based), its commands, whether it is inside an undo bracket, the
    chat lines it carries, and the position after it (shared object; copy it to keep it).

    Also: ``boards``, the maps whose boards this step changed (a ``...BoardPicker`` line, or a game loaded
    mid-log) with the boards they now show; ``properties``, the global property values this step set,
    ``(container, name) -> value`` (container ``Module`` or a map); ``turns``, the turn trackers this step
    moved (tracker id -> its new state); ``touched``, the ids of the pieces this step added, moved, changed or
    deleted (a moved stack's pieces too); ``reset``, true when the step loaded another game (``begin_save``):
    every piece before it went."""

    _fields = ("index", "command", "undo", "chat", "position", "locator", "boards", "properties", "turns",
               "touched", "reset")
    _shown = tuple(f for f in _fields if f != "locator")

    def __init__(self, index: int, command: Command, undo: bool, chat: list[str], position: Position,
                 locator: Locator | None = None, boards: dict[str, tuple[tuple[str, int, int], ...]] | None = None,
                 properties: dict[tuple[str, str], str] | None = None, turns: dict[str, str] | None = None,
                 touched: set[str] | None = None, reset: bool = False) -> None:
        self.index = index
        self.command = command
        self.undo = undo
        self.chat = chat
        self.position = position
        self.locator = locator
        self.boards: dict[str, tuple[tuple[str, int, int], ...]] = {} if boards is None else boards
        self.properties: dict[tuple[str, str], str] = {} if properties is None else properties
        self.turns: dict[str, str] = {} if turns is None else turns
        self.touched: set[str] = set() if touched is None else touched
        self.reset = reset

    def pieces(self) -> list[PlacedPiece]:
        """The pieces after this step, placed (on the module's maps when replay had a module)."""
        return placed_pieces(self.position, self.locator)


class Locator:
    """Places pieces on a module's maps with the boards a save chose (cached per map)."""

    def __init__(self, module: Module | None, save: SaveFile | None = None, *, saved_properties: bool = True,
                 chosen: dict[str, tuple[tuple[str, int, int], ...]] | None = None) -> None:
        self.module = module
        self.save = save
        self.saved_properties = saved_properties
        self.decoded: dict[tuple[str, str], tuple[bool, int, int]] = {}
        """Per (map, board): reversed, column and row as the last ``...BoardPicker`` line of the whole file left
        the map's one Board object (see :meth:`resolve`)."""
        if save is not None:
            for c in walk(save.commands):
                if isinstance(c, TextCommand) and (line := BoardPickerLine.parse(c.text)) is not None:
                    seen = set()
                    for name, col, row in line.boards:
                        base = name[:-4] if name.endswith("/rev") else name
                        if base not in seen:
                            seen.add(base)
                            self.decoded[(self.map_id_of(line.map_id), base)] = (name.endswith("/rev"), col, row)
        if chosen is None:
            chosen = {line.map_id: self.resolve(line) for line in
                      (save.board_pickers().values() if save is not None else ())}
        self.chosen: dict[str, tuple[tuple[str, int, int], ...]] = {
            self.map_id_of(k): v for k, v in chosen.items()}
        self._maps: dict[str, VassalMap | None] = {}
        self._names: dict[tuple[str, int, int], tuple[str | None, str | None]] = {}
        self.property_values: dict[tuple[str, str], str] = {}
        """Global property values set since the save (by logged steps): ``(container, name) -> value``."""

    def with_properties(self, values: dict[tuple[str, str], str]) -> Locator:
        """The same locator (boards, caches) with global properties set to new values by a logged step."""
        other = Locator(self.module, None, saved_properties=self.saved_properties, chosen=self.chosen)
        other.save, other.decoded = self.save, self.decoded
        other._maps, other._names = self._maps, self._names
        other.property_values = {**self.property_values, **values}
        return other

    def map_id_of(self, picker_id: str) -> str:
        """The module's map id for the map a ``...BoardPicker`` line names: VASSAL's ``BoardPicker.decode``
        takes the map's id (``Map0``, ``Map1``... in build-file order) or its name."""
        if self.module is None or picker_id in self.module.maps:
            return picker_id
        import re

        m = re.fullmatch(r"Map(\d{1,9})", picker_id)
        if m is not None:
            ids = list(self.module.maps)
            if int(m.group(1)) < len(ids):
                return ids[int(m.group(1))]
        return picker_id

    def resolve(self, line: BoardPickerLine) -> tuple[tuple[str, int, int], ...]:
        """The boards a ``...BoardPicker`` line gives its map when the engine executes it.

        VASSAL decodes a whole save or log before executing any of it, and ``BoardPicker.decode`` sets
        the reversed flag and the position on the map's one Board object of that name (a copy only for a
        board named twice in one line): so each line shows its boards as the *last* line of the file that
        names them left them. A log that shows board "B" and later "B/rev" shows it reversed both times."""
        map_id = self.map_id_of(line.map_id)
        out, seen = [], set()
        for name, col, row in line.boards:
            base = name[:-4] if name.endswith("/rev") else name
            final = self.decoded.get((map_id, base)) if base not in seen else None
            seen.add(base)
            if final is not None:
                rev, col, row = final
                name = base + "/rev" if rev else base
            out.append((name, col, row))
        return tuple(out)

    def with_boards(self, changes: dict[str, tuple[tuple[str, int, int], ...] | None]) -> Locator:
        """A locator for the same module after maps changed boards (``None``: the map's boards were
        cleared); the names already worked out for the other maps are kept."""
        chosen = dict(self.chosen)
        for map_id, boards in changes.items():
            if boards is None:
                chosen.pop(map_id, None)
            else:
                chosen[map_id] = boards
        other = Locator(self.module, None, saved_properties=self.saved_properties, chosen=chosen)
        other.save, other.decoded = self.save, self.decoded
        other.property_values = self.property_values
        other._maps = {k: v for k, v in self._maps.items() if k not in changes}
        other._names = {k: v for k, v in self._names.items() if k[0] not in changes}
        return other

    def vassal_map(self, map_id: str) -> VassalMap | None:
        if self.module is None:
            return None
        if map_id not in self._maps:
            mdef = self.module.maps.get(map_id)
            if mdef is None:
                self._maps[map_id] = None
            else:
                self._maps[map_id] = mdef.vassal_map(self.chosen.get(map_id))
        return self._maps[map_id]

    def place(self, map_id: str | None, x: int, y: int) -> tuple[str | None, str | None]:
        """``(board name, location name)`` of a map point (``(None, None)`` without module or map)."""
        if map_id is None:
            return None, None
        key = (map_id, x, y)
        cached = self._names.get(key)
        if cached is not None:
            return cached
        vmap = self.vassal_map(map_id)
        if vmap is None:
            return None, None
        found = vmap.board_at(x, y)
        board = None if found is None else found[0].board.name
        deck = self.module.maps[map_id].deck_at(vmap, x, y)  # type: ignore[union-attr]
        result = board, deck if deck is not None else vmap.location_name(x, y)
        self._names[key] = result
        return result


    def zone(self, map_id: str | None, x: int, y: int) -> str | None:
        """Name of the zone holding a map point (``Map.findZone``), None when none does."""
        if map_id is None:
            return None
        vmap = self.vassal_map(map_id)
        found = vmap.local(x, y) if vmap is not None else None
        if found is None:
            return None
        placed, bx, by = found
        grid = placed.board.grid
        find = getattr(grid, "find_zone", None)
        zone = find(bx, by) if find is not None else None
        return None if zone is None else zone.name

    def properties(self, position: Position) -> GameProperties:
        """Module, map and deck-count properties for the pieces of ``position``."""
        decks = []
        for p in position.pieces.values():
            if p.kind == "deck":
                inner = p.inner
                assert isinstance(inner, Deck)
                if inner.map is not None:
                    count = sum(1 for child in inner.children if child in position.pieces)
                    decks.append((inner.map, inner.deck_name, count))
        game = GameProperties.of(self.module, self.save, decks, saved_values=self.saved_properties)
        for (container, name), value in self.property_values.items():
            if container == "Module":
                game.module[name] = value
            else:
                game.maps.setdefault(container, {})[name] = value
        return game


def _side(traits: Sequence[Trait], props: dict[str, str], sides: Sequence[str]) -> str | None:
    lowered = {k.lower(): v for k, v in props.items()}
    for key in SIDE_KEYS:
        value = lowered.get(key)
        if value:
            return value
    for t in traits:
        if isinstance(t, Restricted) and t.sides:
            return t.sides[0]
    return None


def placed_pieces(position: Position, locator: Locator | None = None,
                  only: set[str] | None = None) -> list[PlacedPiece]:
    """Every piece of a position, placed (file order), named as VASSAL's ``getName()`` names it; with
    ``only``, just the pieces with those ids (what a logged step touched), placed the same way."""
    with gc_paused():  # tens of thousands of decoded traits and no cycles (see toolkit.gcpause)
        return _placed_pieces(position, locator, only)


def _placed_pieces(position: Position, locator: Locator | None, only: set[str] | None) -> list[PlacedPiece]:
    rows = []
    parents: dict[str, tuple[PieceState, tuple[str | None, int, int]]] = {}
    wanted = None if only is None else set(only)
    if wanted is not None:  # the pieces of a chosen stack are chosen too (in file order, as below)
        for p in position.pieces.values():
            if p.id in wanted and (p.type == "stack" or p.type.startswith("deck;")):
                wanted.update(p.inner.children)  # type: ignore[attr-defined]
    for p in position.pieces.values():
        t = p.type
        if wanted is not None:
            if t != "stack" and not t.startswith("deck;"):
                continue  # pieces are chosen below, once every stack's children are known
            if p.id not in wanted and not any(w in p.state for w in wanted):
                continue  # holds none of the chosen pieces (its state would name them): nothing to place
        traits = p.traits
        inner = traits[-1]
        kind = "stack" if isinstance(inner, Stack) else "deck" if isinstance(inner, Deck) else "piece"
        where = p.where()
        if wanted is None or p.id in wanted:
            rows.append((p, traits, inner, kind, where))
            if wanted is not None:
                wanted.update(inner.children)  # type: ignore[attr-defined]  # a stack's name is its pieces'
        if kind != "piece":
            for child in inner.children:  # type: ignore[attr-defined]
                parents.setdefault(child, (p, where))
    if wanted is not None:
        for pid in wanted:
            found = position.pieces.get(pid)
            if found is not None and found.kind == "piece":
                rows.append((found, found.traits, found.traits[-1], "piece", found.where()))
    game: GameProperties | None = None  # worked out for the first name that can depend on properties
    sides = locator.module.sides if locator is not None and locator.module is not None else []
    placed = []
    names: dict[str, str] = {}
    for p, traits, inner, kind, (map_id, x, y) in rows:
        parent = parents.get(p.id)
        if parent is not None and parent[1][0] is not None:
            map_id, x, y = parent[1]  # a stacked piece is where its stack is (BasicPiece.getMap)
        board = location = None
        if locator is not None:
            board, location = locator.place(map_id, x, y)
        plan = None
        if kind == "piece":
            plan = _plan(p.type, traits)
            deck = deck_position = None
            if parent is not None and parent[0].kind == "deck":
                deck_inner = parent[0].inner
                assert isinstance(deck_inner, Deck)
                deck = deck_inner.deck_name
                present = [c for c in deck_inner.children if c in position.pieces]
                deck_position = len(present) - present.index(p.id) if p.id in present else 0
            if plan[0]:
                if game is None:
                    game = locator.properties(position) if locator is not None else GameProperties()
                zone = locator.zone(map_id, x, y) if locator is not None else None
                view = PieceView(traits, map_id=map_id, x=x, y=y, board=board, location=location, zone=zone,
                                 deck=deck, deck_position=deck_position or 0, game=game)
                names[p.id] = view.name()
            else:  # no trait whose name can depend on a property: the stored states say it all
                name = ""
                for i in plan[1]:  # the layers whose name_of is not their inner name, innermost first
                    name = traits[i].name_of(name)
                names[p.id] = name
        placed.append((p, traits, inner, kind, map_id, x, y, board, location, parent, plan))
    out = []
    for p, traits, inner, kind, map_id, x, y, board, location, parent, plan in placed:
        if only is not None and p.id not in only:
            continue
        if plan is not None:  # a piece
            name = names[p.id]
            props = piece_properties([traits[i] for i in plan[2]])
            side = _side([traits[i] for i in plan[3]], props, sides)
        else:  # Stack.getName: the pieces' names, top first
            name = ""
            for child in reversed(inner.children):  # type: ignore[attr-defined]
                if child in names:
                    name = name + ", " + names[child] if name else names[child]
            props, side = {}, None
        out.append(PlacedPiece(p.id, kind, name, map_id, x, y, board, location,
                               None if parent is None else parent[0].id, side, traits, props))
    return out


#: per full type (the pieces of a save share a few hundred): which of its layers matter for the name, the
#: properties and the side (most layers are commands, reports and other traits that matter for none of them)
_PLANS: dict[tuple[str, int], tuple[bool, tuple[int, ...], tuple[int, ...], tuple[int, ...]]] = {}


def _plan(ptype: str, traits: Sequence[Trait]) -> tuple[bool, tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """``(evaluated, naming, properties, restricted)`` of a piece type: whether its name can depend on
    properties (a label, or a layer that follows a property), the indices of the layers that change the name
    (innermost first: :func:`piece_name` over them alone gives the same name), of those
    :func:`piece_properties` reads and of restricted-access layers (outermost first). The layers' classes
    follow from the type alone (:func:`make_trait`); what each class matters for is found once per class."""
    key = (ptype, len(traits))
    found = _PLANS.get(key)
    if found is None:
        if len(_PLANS) >= 4096:
            _PLANS.clear()
        # the layers that matter for anything, with their roles (one lookup per layer; most are commands, reports
        # and other traits that matter for none)
        role = _ROLES.get
        some = [(i, r) for i, c in enumerate(map(type, traits)) if (r := role(c) or _role(c)) != _OTHER]
        found = _PLANS[key] = (
            any(r & _LABEL or (r & _LAYER and _follows(traits[i])) for i, r in some),
            tuple([i for i, r in reversed(some) if r & _NAMES]),
            tuple([i for i, r in some if r & _PROPERTIES]),
            tuple([i for i, r in some if r & _RESTRICTED]))
    return found


#: what a layer of a class matters for (bits), by class
_ROLES: dict[type[Trait], int] = {}
_OTHER, _NAMES, _PROPERTIES, _RESTRICTED, _LABEL, _LAYER = 1, 2, 4, 8, 16, 32


def _role(cls: type[Trait]) -> int:
    role = _ROLES[cls] = (_OTHER | (_NAMES if cls.name_of is not Trait.name_of else 0)
                          | (_PROPERTIES if issubclass(cls, Marker | DynamicProperty | BasicPiece) else 0)
                          | (_RESTRICTED if issubclass(cls, Restricted) else 0)
                          | (_LABEL if issubclass(cls, Label) else 0)
                          | (_LAYER if issubclass(cls, Embellishment) else 0))
    return role


def _follows(layer: Trait) -> bool:
    """Whether a layer follows a property (its level set by an expression)."""
    return layer.type.startswith("emb2;") and layer.field(21) == "true"


def locate(save: SaveFile, module: Module | None = None, *, saved_properties: bool = True) -> list[PlacedPiece]:
    """Every piece, stack and deck of a save's saved state (for a log: the state when logging began),
    in file order, placed on the module's maps when a module is given.

    Names use the global property values the save stored (what VASSAL shows once the save is loaded);
    ``saved_properties=False`` uses the module's initial values instead, which is what the engine
    sees when it only decodes and adds the pieces (the oracle's ``decode``)."""
    position = Position()
    for c in save.setup_commands():
        position.apply(c)
    locator = Locator(module, save, saved_properties=saved_properties) if module is not None else None
    return placed_pieces(position, locator)


def replay(save: SaveFile, module: Module | None = None) -> Iterator[Step]:
    """The logged steps of a log (§2.9), each with the position after it, as the engine steps through them.

    Board changes are followed as VASSAL follows them: a ``...BoardPicker`` line in a step
    (``BoardPicker.SetBoards``, the game running) gives its map those boards from that step on, and a
    step that loads a game (``begin_save`` ... ``end_save``, ``GameState.setup``) clears every piece and
    every map's boards before its own pieces and boards apply. Each step carries the :class:`Locator`
    for the boards (and global property values) of that step.

    The position is one object mutated step by step: copy it (``Position.copy``) or take
    ``step.pieces()`` to keep a step's state. ``undo`` is true for steps inside an undo bracket, or that open
    one (VASSAL's undo writes its bracket and the reversed command as one step)."""
    position = Position()
    for c in save.setup_commands():
        position.apply(c)
    locator = Locator(module, save) if module is not None else None
    chosen_maps = set(locator.chosen) if locator is not None else {b.map_id for b in save.board_pickers().values()}
    undo = False
    for index, step in enumerate(save.log_steps(), 1):
        chat: list[str] = []
        boards: dict[str, tuple[tuple[str, int, int], ...]] = {}
        props: dict[tuple[str, str], str] = {}
        turns: dict[str, str] = {}
        touched: set[str] = set()
        moved_stacks: list[str] = []
        reset = False
        undone = undo
        for c in walk(step):
            if isinstance(c, UndoCommand):
                undo = c.opening
                undone = undone or undo
            elif isinstance(c, Chat):
                chat.append(c.text)
            elif isinstance(c, AddPiece | RemovePiece | ChangePiece):
                touched.add(c.id)
                if isinstance(c, AddPiece) and (c.type == "stack" or c.type.startswith("deck;")):
                    moved_stacks.append(c.id)
            elif isinstance(c, MovePiece):
                touched.add(c.id)
                moved_stacks.append(c.id)
            elif isinstance(c, TextCommand):
                text = c.text
                if text == "begin_save":
                    reset = True
                    boards.clear()
                elif (line := BoardPickerLine.parse(text)) is not None:
                    if locator is not None:
                        boards[locator.map_id_of(line.map_id)] = locator.resolve(line)
                    else:
                        boards[line.map_id] = line.boards
                elif (prop := GlobalPropertyLine.parse(text)) is not None:
                    props[(prop.container or "Module", prop.name)] = prop.value
                elif (turn := TurnLine.parse(text)) is not None:
                    turns[turn.tracker] = turn.state
        position.apply(step)
        for sid in moved_stacks:
            held = position.pieces.get(sid)
            if held is not None and held.kind != "piece":
                touched.update(held.inner.children)  # type: ignore[attr-defined]
        if reset:
            changes: dict[str, tuple[tuple[str, int, int], ...] | None] = dict.fromkeys(chosen_maps)
            changes.update(boards)
        else:
            changes = dict(boards)
        chosen_maps = (set() if reset else chosen_maps) | set(boards)
        if locator is not None:
            if changes:
                locator = locator.with_boards(changes)
            if props:
                locator = locator.with_properties(props)
        shown = {k: v for k, v in changes.items() if v is not None}
        yield Step(index, step, undone, chat, position, locator, shown, props, turns, touched, reset)
