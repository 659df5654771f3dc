"""Movement cost between two positions: terrain, hexside (river) costs, roads, rail, and enemy zones of control.

:class:`MoveRules` states a game's movement column of its Terrain Effects Chart as data (entry cost by
terrain or tag, extra cost per hexside feature, road and rail links with their own costs) plus hooks where a
game's reading needs code (``step_cost`` for a whole TEC reading, rail predicates). :func:`reach` gives the
least Movement Points to every hex a unit can end its move in; :func:`move_cost` the least cost between two
hexes (None when out of reach), which is how a move between two positions is judged.

Shapes the three bundled rulebooks need:

- Winter War: 1 MP a hex, +1 to cross a minor lake or river hexside, ice 2 MP on the last three Game-Turns;
  rail free after entraining for 1 MP, only on home-country rail joined to a source, not entering or riding
  through enemy ZOC, detraining next to an enemy unit; enemy ZOC stops a move, no ZOC-to-ZOC step; a unit
  may always move one hex.
- Tornio '44 18.2: moving along a Main Road costs 0.5 MP and ignores the other terrain, every 3rd consecutive
  Main Road hex entered is free (``road_free_every=3``); enemy ZOC costs MP to enter and to leave (17.5).
- A Winter War 7A/7B: rail movement covers several hexes per MP (``rail_cost = 1/speed``); roads cost clear
  terrain whatever the terrain crossed; leaving an enemy ZOC costs MP; the one-hex minimum move.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import field

from ..records import record
from .board import Board
from .paths import cheapest
from .zoc import Zoc, ZocCosts, zoc_step

__all__ = ["MoveRules", "move_cost", "reach"]

#: a search state: (hex, "foot" or "rail", consecutive road hexes entered, stopped by a ZOC)
State = tuple[str, str, int, bool]


@record(frozen=True)
class MoveRules:
    """A game's movement costs. Costs are Movement Points; None means prohibited."""

    terrain: Mapping[str, float | None] = field(default_factory=dict)
    default: float | None = 1
    tags: Mapping[str, float | None] = field(default_factory=dict)  # a hex tag's cost replaces the terrain's
    hexside: Mapping[str, float | None] = field(default_factory=dict)  # extra cost to cross a featured hexside
    road: str = "road"  # the hexside feature of a road link
    road_cost: float | None = None  # cost of a step along a road link, other terrain ignored; None: no road rate
    road_free_every: int | None = None  # every n-th consecutive road hex entered costs 0 (Tornio '44 18.2)
    rail: str = "rail"  # the hexside feature of a rail link
    rail_cost: float | None = None  # cost of a step along a rail link once entrained; None: no rail movement
    entrain: float = 0  # cost to entrain (Winter War Movement (J): 1 MP; none in a rail hex the unit starts in)
    always_one_hex: bool = False  # a unit may always move one hex it may enter (Winter War (I), A Winter War 6)
    step_cost: Callable[[str, str], float | None] | None = None  # a game's own TEC reading (replaces the above)

    def entry(self, board: Board, a: str, b: str) -> float | None:
        """The cost of stepping overland from ``a`` into neighbour ``b`` (terrain + hexside), None if prohibited."""
        if self.step_cost is not None:
            return self.step_cost(a, b)
        cost: float | None = self.default
        tagged = [self.tags[t] for t in sorted(board.tags(b)) if t in self.tags]
        if tagged:
            cost = None if any(c is None for c in tagged) else max(c for c in tagged if c is not None)
        else:
            cost = self.terrain.get(board.terrain(b), self.default)
        if cost is None:
            return None
        for f in board.side(a, b):
            if f in self.hexside:
                extra = self.hexside[f]
                if extra is None:
                    return None
                cost += extra
        return cost


def _successors(board: Board, rules: MoveRules, start: str, *, can_enter: Callable[[str, str], bool],
                rail_ok: Callable[[str], bool], may_entrain: Callable[[str], bool],
                must_detrain: Callable[[str], bool], road_ok: Callable[[str, str], bool],
                rail_links: Callable[[str], Iterable[str]], zoc: Zoc | None, side: str, zoc_costs: ZocCosts | None,
                zoc_negated: Callable[[str], bool] | None
                ) -> Callable[[State, float], Iterable[tuple[State, float]]]:
    def zoc_part(a: str, b: str) -> tuple[float, bool] | None:
        if zoc is None or zoc_costs is None:
            return 0, False
        return zoc_step(zoc, side, a, b, zoc_costs, negated=zoc_negated)

    def successors(state: State, cost: float) -> Iterable[tuple[State, float]]:
        h, mode, run, stopped = state
        if stopped:
            return
        if mode == "rail":
            # detrain at will; a unit detrained in a zone that stops movement stays there
            held = bool(zoc is not None and zoc_costs is not None and zoc_costs.stop and h != start
                        and zoc.enemy(side, h) and not (zoc_negated is not None and zoc_negated(h)))
            yield (h, "foot", 0, held), 0
            if h != start and must_detrain(h):
                return
            if rules.rail_cost is None:
                return
            for n in rail_links(h):
                if rail_ok(n) and can_enter(h, n):
                    yield (n, "rail", 0, False), rules.rail_cost
            return
        if rules.rail_cost is not None and rail_ok(h) and may_entrain(h):
            yield (h, "rail", 0, False), rules.entrain
        for n in board.neighbours(h):
            if not can_enter(h, n):
                continue
            z = zoc_part(h, n)
            if z is None:
                continue
            extra, stop = z
            step = rules.entry(board, h, n)
            road_run = 0
            if rules.road_cost is not None and rules.road in board.side(h, n) and road_ok(h, n):
                every = rules.road_free_every
                free = every is not None and (run + 1) % every == 0
                road_run = (run + 1) % every if every else 0  # only the place in the cycle matters
                road_step = 0.0 if free else rules.road_cost
                step = road_step if step is None else min(step, road_step)
            if step is None:
                continue
            yield (n, "foot", road_run, stop), step + extra

    return successors


def reach(board: Board, start: str, rules: MoveRules, allowance: float, *,
          can_enter: Callable[[str, str], bool] = lambda a, b: True,
          rail_ok: Callable[[str], bool] = lambda h: True,
          may_entrain: Callable[[str], bool] = lambda h: True,
          must_detrain: Callable[[str], bool] = lambda h: False,
          start_entrained: bool = False,
          road_ok: Callable[[str, str], bool] = lambda a, b: True,
          rail_links: Callable[[str], Iterable[str]] | None = None,
          zoc: Zoc | None = None, side: str = "", zoc_costs: ZocCosts | None = None,
          zoc_negated: Callable[[str], bool] | None = None, via: Sequence[str] = (),
          target: str | None = None) -> dict[str, float]:
    """Hex -> least Movement Points to end a move there from ``start`` within ``allowance``.

    ``can_enter(a, b)``: the game's prohibitions (enemy units, forbidden countries); ``rail_ok(hex)``: a rail hex
    the unit may ride into (home country, connected to a source, free of enemy ZOC where the game says so: zones
    of control act on rail only through these predicates); ``may_entrain(hex)`` / ``must_detrain(hex)``: where it
    may get on and must get off; ``start_entrained``: it begins on the rail at no cost; ``rail_links(hex)``: the
    hexes a rail line joins it to (default: neighbours across a ``rules.rail`` hexside); ``road_ok(a, b)``: where
    the road rate applies; ``zoc``/``side``/``zoc_costs``: enemy zones of control and what they cost or stop on
    foot. ``via``: hexes the move must pass through first, in order (the points a unit was set down on along a
    traced path): the result is where the move can end after them, the allowance counted over the whole path;
    a unit stopped in one of them (by a zone of control) goes no further, and the one-hex minimum move does
    not apply. ``target``: only whether the move can end in that hex is wanted: the search ends once it is
    reached (the answer holds it exactly when the whole answer would; other hexes may be missing).
    """
    starts: dict[State, float] = {(start, "foot", 0, False): 0}
    if start_entrained and rules.rail_cost is not None and rail_ok(start) and may_entrain(start):
        starts[(start, "rail", 0, False)] = 0
    def along_rail(h: str) -> Iterable[str]:
        return [n for n in board.neighbours(h) if rules.rail in board.side(h, n)]

    succ = _successors(board, rules, start, can_enter=can_enter, rail_ok=rail_ok, may_entrain=may_entrain,
                       must_detrain=must_detrain, road_ok=road_ok, rail_links=rail_links or along_rail,
                       zoc=zoc, side=side, zoc_costs=zoc_costs,
                       zoc_negated=zoc_negated)
    for point in via:  # each leg goes on from the states that reached the point, not stopped there
        reached = cheapest(starts, succ, allowance)
        starts = {s: c for s, c in reached.items() if s[0] == point and not s[3]}
        if not starts:
            return {}
    best = cheapest(starts, succ, allowance, stop=None if target is None else lambda s: s[0] == target)
    out: dict[str, float] = {}
    for (h, _mode, _run, _stopped), c in best.items():
        if c < out.get(h, float("inf")):
            out[h] = c
    if rules.always_one_hex and not via:
        for n in board.neighbours(start):
            if n in out or not can_enter(start, n) or rules.entry(board, start, n) is None:
                continue
            if zoc is not None and zoc_costs is not None and zoc_step(zoc, side, start, n, zoc_costs,
                                                                      negated=zoc_negated) is None:
                continue
            out[n] = allowance
    return out


def move_cost(board: Board, start: str, dest: str, rules: MoveRules, allowance: float = float("inf"),
              **kw: object) -> float | None:
    """The least Movement Points from ``start`` to ``dest`` (keywords as :func:`reach`), None when out of reach."""
    return reach(board, start, rules, allowance, **kw).get(dest)  # type: ignore[arg-type]
