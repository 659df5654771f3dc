"""TEST-ONLY: a Winter War game played in our own module, written as a VASSAL log with our own writer.

Three Game-Turns from the module's set-up save: each side's Reinforcement, Movement and Combat Phases with
the turn tracker moved at each phase; reinforcements dragged from the palette and from the pools; moves
reported in the chat as the map reports them; attacks with die rolls and the losses deleted. ``PLANTED``
lists the rule breaks put in on purpose, by the step that makes them; everything else is legal play.

``python -m tests.vassal.ww_game MODULE OUT [--steps N]`` writes it (N > 0: the game's moves repeated, back
and forth, until the log has N steps: the audit benchmark's log).
"""

from __future__ import annotations

import sys
import zipfile
from pathlib import Path

from toolkit.games.winter_war.naming import tracker_path
from toolkit.vassal import Module, read_save
from toolkit.vassal.logwriter import LogWriter
from toolkit.vassal.position import placed_pieces

MAP = "Main Map"

#: (rule, step) of every rule break put into the game on purpose
PLANTED: list[tuple[str, int]] = []


class Game:
    def __init__(self, module: Module, setup: bytes) -> None:
        self.w = LogWriter(module, read_save(setup, name="setup.vsav"))
        self.used: set[str] = set()
        self.planted: list[tuple[str, int]] = []

    @property
    def step(self) -> int:
        return len(self.w.steps)

    def pool(self, name: str, where: str) -> str:
        """An unused piece of that name on a pool map (``Soviet Pool``/``Finnish Pool``)."""
        for p in placed_pieces(self.w.position, self.w.locator):
            if p.kind == "piece" and p.name == name and p.map == where and p.id not in self.used:
                self.used.add(p.id)
                return p.id
        raise LookupError(f"no {name} left in {where}")

    def on_map(self, name: str, hex_id: str) -> str:
        for p in placed_pieces(self.w.position, self.w.locator):
            if p.kind == "piece" and p.name == name and p.location == hex_id:
                return p.id
        raise LookupError(f"no {name} in {hex_id}")

    def phase(self, turn: int, player: str, phase: str) -> None:
        self.w.turn(tracker_path(turn, player, phase), chat=f"* Turn {turn} {player.title()} {phase.title()} *")

    def move(self, pid: str, hex_id: str) -> None:
        self.w.move(pid, hex_id, MAP)

    def plant(self, rule: str) -> None:
        """The step just written breaks ``rule`` (the audit must say so at this step)."""
        self.planted.append((rule, self.step))


def play(module: Module, setup: bytes) -> Game:
    g = Game(module, setup)
    w = g.w
    sov, fin = "Soviet Pool", "Finnish Pool"
    # ---- Game-Turn 1, Soviet Player-Turn: Reinforcement Phase (the set-up save stands there)
    s1, s2 = g.pool("Soviet 6-4-2", sov), g.pool("Soviet 6-4-2", sov)
    g.move(s1, "3159")
    g.move(s2, "3259")
    r1 = w.add("Soviet 2-1-2", "3060", MAP)  # Turn Record: three 2-1-2s arrive on Game-Turn 1
    r2 = w.add("Soviet 2-1-2", "3060", MAP)
    g.phase(1, "soviet", "movement")
    big = g.on_map("Soviet 20-12-2", "3059")
    g.move(big, "2960")
    g.move(s1, "3058")
    g.move(r1, "3161")
    g.move(r2, "3160")
    w.chat("<Soviet> - 6-4-2 moves up to the border")
    g.phase(1, "soviet", "combat")
    w.chat("<Soviet> - no attack this turn")
    # ---- Game-Turn 1, Finnish Player-Turn
    g.phase(1, "finnish", "reinforcement")
    f1 = w.add("Finnish 2-2-3", "2556", MAP)  # Viipuri; Turn 1 brings two 2-2-3s
    f2 = g.pool("Finnish 1-1-3", fin)
    g.move(f2, "2858")
    g.phase(1, "finnish", "movement")
    g.move(f1, "2657")
    g.phase(1, "finnish", "combat")
    # ---- Game-Turn 2, Soviet
    g.phase(2, "soviet", "reinforcement")
    r4 = w.add("Soviet Cav 2-1-3", "3060", MAP)
    g.phase(2, "soviet", "movement")
    g.move(r4, "3261")
    g.move(s2, "3159")
    g.move(r1, "3159")
    g.move(r2, "3159")  # three Soviet units in 3159, south of Row A: the limit is two
    g.plant("Stacking")
    g.move(big, "2959")
    g.phase(2, "soviet", "combat")
    w.chat("<Soviet> - 20-12-2 attacks Terijoki area: 2858")
    w.chat("*** d6 = 5 *** <Soviet>")
    w.delete(f2, "* Finnish 1-1-3 eliminated *")
    # ---- Game-Turn 2, Finnish
    g.phase(2, "finnish", "reinforcement")
    f3 = w.add("Finnish 6-6-2", "2556", MAP)
    g.phase(2, "finnish", "movement")
    g.move(f3, "2355")  # a 6-6-2 moves two hexes
    late = w.add("Finnish 2-2-3", "2556", MAP)  # dragged on in the Movement Phase
    g.plant("Sequence of Play")
    g.phase(2, "finnish", "combat")
    # ---- Game-Turn 3, Soviet
    g.phase(3, "soviet", "reinforcement")
    w.add("Soviet 20-12-2", "3060", MAP)  # Turn 3 brings one 20-12-2
    w.add("Soviet 12-8-2", "3060", MAP)  # the 12-8-2 arrives on Game-Turn 9
    g.plant("Turn Record / Reinforcement Chart")
    g.phase(3, "soviet", "movement")
    g.move(r4, "3058")
    g.move(s2, "2960")  # two hexes: its whole Movement Allowance
    g.move(s2, "2859")  # a third hex in the same Movement Phase
    g.plant("Movement (C)")
    g.phase(3, "soviet", "combat")
    w.chat("*** d6 = 2 *** <Soviet>")
    del late
    return g


def setup_bytes(vmod: Path) -> bytes:
    with zipfile.ZipFile(vmod) as z:
        return z.read("setup.vsav")


def write_game(vmod: Path, out: Path, steps: int = 0) -> Game:
    with Module.open(vmod) as module:
        g = play(module, setup_bytes(vmod))
        if steps:
            _lengthen(g, steps)
        g.w.save().write(out)
    return g


def _lengthen(g: Game, steps: int) -> None:
    """Play on from Game-Turn 3's Finnish Player-Turn: in every Movement Phase the units on the map move a hex
    out and back (legal moves: two drags of one move, its path within the Movement Allowance and not through an
    enemy zone of control), Combat Phases roll a die, until the log has ``steps`` steps."""
    order = [(t, p, ph) for t in range(3, 11) for p in ("soviet", "finnish")
             for ph in ("reinforcement", "movement", "combat")][3:]
    n = 0
    while len(g.w.steps) < steps:
        turn, player, phase = order[n % len(order)]
        n += 1
        if len(g.w.steps) + 2 > steps:
            break
        g.phase(turn, player, phase)
        if phase == "combat":
            g.w.chat(f"*** d6 = {n % 6 + 1} *** <{player.title()}>")
        if phase != "movement":
            continue
        pieces = [p for p in placed_pieces(g.w.position, g.w.locator) if p.kind == "piece"]
        movers = [p for p in pieces if p.map == MAP and p.name.lower().startswith(player) and p.location
                  and "HQ" not in p.name][:12]
        out_and_back = _out_and_back(pieces, turn, player)
        for p in movers:
            if len(g.w.steps) + 2 > steps:
                break
            g.move(p.id, out_and_back(p.id, p.location))
            g.move(p.id, p.location)
    while len(g.w.steps) < steps:
        g.w.chat("<Soviet> - good game")


def _out_and_back(pieces: list, turn: int, player: str):  # type: ignore[no-untyped-def]
    """``(unit id, hex) -> a neighbouring hex`` of the same country with no unit in it that the unit may step into
    and back from in this Movement Phase (its own hex when there is none), judged by the referee."""
    from toolkit.games import get_game
    from toolkit.games.winter_war.rules.movement import judge_path

    ref = get_game("winter-war").referee()
    tmap = ref.board.tmap
    pos = ref.from_pieces([{"id": p.id, "name": p.name, "hex": p.hex if p.map == MAP else None} for p in pieces],
                          turn=turn, player=player, phase="movement")
    ctx = ref.context(pos)
    taken = {p.location for p in pieces}

    def pick(uid: str, hex_id: str) -> str:
        return next((h for h in tmap.neighbours(hex_id) if tmap.value(h, "country") == tmap.value(hex_id, "country")
                     and h not in taken and not tmap.value(h, "water")
                     and judge_path(ctx, pos.by_id[uid], [h, hex_id]) is None), hex_id)
    return pick


if __name__ == "__main__":
    args = sys.argv[1:]
    n = int(args[args.index("--steps") + 1]) if "--steps" in args else 0
    game = write_game(Path(args[0]), Path(args[1]), n)
    print(f"{len(game.w.steps)} steps; planted: {game.planted}")
