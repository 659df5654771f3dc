"""Winter War's reading of the bundled map (``notes/winter-war-map-contract.md`` is the contract).

:class:`WinterWarBoard` answers the questions the rules ask of a hex in the rulebook's own terms:
which country it is in, whether it is north of Row A, whether it can be entered on a Game-Turn,
whether a hexside can be crossed, what a move into it costs. Every answer is cached.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any

from ...errors import RuleDataError, ToolkitError
from ...rules.board import Board
from ...terrain.model import TerrainMap
from .charts import ICE_TURNS

__all__ = ["HOME", "WinterWarBoard"]

# Map vocabulary (the contract). Changing the map's names means changing only these.
FINLAND, USSR, NORWAY, SWEDEN = "finland", "ussr", "norway", "sweden"
BLOCKING_SIDES = frozenset({"sea", "major_lake"})  # Terrain Notes: "may never cross ... Major Lakes or Sea"
WATER_SIDES = frozenset({"minor_lake", "river"})  # TEC: +1 MP; defence doubled if attacked only across
PROHIBITED_TERRAIN = {"mountain": "Mountains", "minor_lake": "Minor Lake (whole hex)",
                      "major_lake": "Major Lake", "sea": "Sea"}
HOME = {"finnish": FINLAND, "allied": FINLAND, "soviet": USSR}  # Movement (J): "home country"


class WinterWarBoard(Board):
    """The map with Winter War's terms: countries, Row A, fortifications, supply cities, costs."""

    def __init__(self, terrain_map: TerrainMap) -> None:
        super().__init__(terrain_map)
        self.tmap = terrain_map
        self._north: dict[str, bool] = {}
        self._blocked: dict[tuple[str, str, bool], bool] = {}
        self._open: dict[tuple[str, bool], tuple[str, ...]] = {}
        self._prohibited: dict[tuple[str, bool], str | None] = {}
        self.passable_memo: dict[tuple[str, bool, bool], bool] = {}
        """``rules.supply.passable`` by (hex, ice season, Scandinavia open): it reads nothing else"""
        self._entry: dict[tuple[str, str, bool], int | None] = {}
        self.line_memo: dict[Any, Any] = {}
        """``rules.supply.lines`` (supply lines and lines of communication) by everything they read, and the hexes
        joined to Leningrad by rail by the Finnish-held hexes: positions of one game share most of them"""

    # --- places and lines ------------------------------------------------------------------------

    @cached_property
    def row_a(self) -> int:
        """The offset row number of Row A (``meta.row_a``, else the row of the ``row_a`` hexes)."""
        meta = getattr(self.map, "meta", {}) or {}
        if "row_a" in meta:
            return int(meta["row_a"])
        rows = {self._row(h) for h in self.tmap.find(tag="row_a")}
        if len(rows) != 1:
            raise RuleDataError("the map marks no single Row A (meta.row_a or hexes tagged row_a)")
        return rows.pop()

    def _row(self, hex_id: str) -> int:
        return int(self.tmap.grid.numbering.parse(hex_id)[1])

    def north_of_row_a(self, hex_id: str) -> bool:
        """Stacking, Movement (K): hexes north of Row A (row numbers below Row A's)."""
        v = self._north.get(hex_id)
        if v is None:
            v = self._north[hex_id] = self._row(hex_id) < self.row_a
        return v

    def country(self, hex_id: str) -> str | None:
        return self.value(hex_id, "country")

    def in_country(self, hex_id: str, country: str) -> bool:
        return self.value(hex_id, "country") == country

    @cached_property
    def named(self) -> dict[str, str]:
        """Rulebook places -> hex ids (Leningrad, Murmansk, Petsamo, Oulu, Viipuri, Helsinki, Kemi, R)."""
        out = {}
        for name in ("Leningrad", "Murmansk", "Petsamo", "Oulu", "Viipuri", "Helsinki", "Kemi", "Petrozavodsk"):
            try:
                out[name] = self.place(name)
            except ToolkitError:  # a map without the place: rules needing it report so
                continue
        return out

    @cached_property
    def fortifications(self) -> dict[str, str]:
        """Fortification hex -> line (``mannerheim`` or ``ladoga``)."""
        return {h: str(self.value(h, "fortification", "")) for h in self.tmap.find(tag="fortification")}

    @cached_property
    def mannerheim(self) -> tuple[str, ...]:
        return tuple(sorted(h for h, line in self.fortifications.items() if line == "mannerheim"))

    @cached_property
    def supply_cities(self) -> dict[str, int]:
        """Soviet Supply City hex -> its printed Supply Capacity."""
        return {h: int(self.value(h, "supply_capacity", 0)) for h in self.tmap.find(tag="supply_city")}

    @cached_property
    def finnish_cities(self) -> frozenset[str]:
        return frozenset(self.tmap.find(tag="city"))

    @cached_property
    def r_hex(self) -> str | None:
        """The hex in Sweden marked "R" (Scenario B), None when the map marks none."""
        return next(iter(self.tmap.find(tag="r_hex")), None)

    @cached_property
    def west_of_viipuri(self) -> tuple[str, ...]:
        return tuple(self.tmap.find(tag="row_west_of_viipuri"))

    @cached_property
    def rail_net(self) -> dict[str, set[str]]:
        """Hex -> neighbours joined by a ``rail`` hexside."""
        return self.tmap.network("rail")

    # --- terrain ---------------------------------------------------------------------------------

    def is_ice(self, hex_id: str) -> bool:
        return "ice" in self.tags(hex_id)

    def prohibited_terrain(self, hex_id: str, turn: int) -> str | None:
        """The Terrain Effects Chart line that forbids entering ``hex_id`` on ``turn`` (None: enterable)."""
        key = (hex_id, turn in ICE_TURNS)
        if key in self._prohibited:
            return self._prohibited[key]
        if self.is_ice(hex_id):
            why = None if key[1] else "Ice hex (only during the last three Game-Turns)"
        else:
            why = PROHIBITED_TERRAIN.get(self.terrain(hex_id))
        self._prohibited[key] = why
        return why

    def side_blocked(self, a: str, b: str, turn: int) -> bool:
        """A hexside units may not cross, attack across or extend a ZOC across (major lake or sea).

        On ice turns the ``sea`` feature between an ice hex and an ice or land hex is ignored.
        """
        key = (a, b, turn in ICE_TURNS)
        v = self._blocked.get(key)
        if v is None:
            v = self._blocked[key] = self._side_blocked(a, b, turn)
        return v

    def _side_blocked(self, a: str, b: str, turn: int) -> bool:
        feats = self.side(a, b)
        if not feats & BLOCKING_SIDES:
            return False
        return not (turn in ICE_TURNS and (self.is_ice(a) or self.is_ice(b)) and "major_lake" not in feats)

    def open_neighbours(self, hex_id: str, turn: int) -> tuple[str, ...]:
        """Neighbours a unit or a line may step to from ``hex_id`` on ``turn``: enterable terrain, across a
        hexside that is not major lake or sea (cached per hex and ice season)."""
        key = (hex_id, turn in ICE_TURNS)
        out = self._open.get(key)
        if out is None:
            out = self._open[key] = tuple(n for n in self.neighbours(hex_id)
                                          if self.prohibited_terrain(n, turn) is None
                                          and not self.side_blocked(hex_id, n, turn))
        return out

    def water_side(self, a: str, b: str) -> bool:
        """A minor lake or river hexside (TEC)."""
        return bool(self.side(a, b) & WATER_SIDES)

    def entry_cost(self, a: str, b: str, turn: int) -> int | None:
        """Movement Points to move from ``a`` into its neighbour ``b`` (None: prohibited by terrain).

        Terrain Effects Chart: clear, road, fortification 1; ice 2 (turns 8-10); +1 across a minor
        lake or river hexside; mountains, whole-lake hexes and major lake/sea hexsides prohibited.
        """
        key = (a, b, turn in ICE_TURNS)  # all it depends on (kept: every move search asks again)
        if key in self._entry:
            return self._entry[key]
        cost: int | None = None
        if self.prohibited_terrain(b, turn) is None and not self.side_blocked(a, b, turn):
            cost = 2 if self.is_ice(b) else 1
            if self.water_side(a, b):
                cost += 1
        self._entry[key] = cost
        return cost
