"""TEST-ONLY: a Winter War log of units moved more than once in one Movement Phase, written with our own writer.

Two Game-Turns from the module's set-up save (:mod:`tests.vassal.ww_game`'s :class:`Game`). In the Soviet Movement
Phase of Game-Turn 2 units are dragged in several drops: within the allowance (legal), into an enemy zone of
control and on out of it, past the Movement Allowance and back, again after another unit moved, and a drag undone
with VASSAL's undo and made again. Each position taken alone, and each unit's move from the start of the phase to
its end, is legal; only the paths break rules. ``planted`` lists the breaks by step.
"""

from __future__ import annotations

from pathlib import Path

from toolkit.vassal import Module
from toolkit.vassal.commands import CommandList, MovePiece, UndoCommand

from .ww_game import MAP, Game, setup_bytes


def undo(g: Game, pid: str, back: tuple[str | None, int, int]) -> None:
    """VASSAL's undo of the last drag of ``pid``: the move back to ``back`` in an undo bracket (BasicLogger)."""
    new_map, x, y = g.w._where(pid)
    old_map, ox, oy = back
    move = MovePiece([pid, old_map or "null", str(ox), str(oy), "null", new_map or "null", str(x), str(y), "null",
                      g.w.player])
    g.w.steps.append(CommandList([UndoCommand("true"), move, UndoCommand("false")]))
    g.w.position.apply(move)


def play_moves(module: Module, setup: bytes) -> Game:
    g = Game(module, setup)
    w = g.w
    big1, big2, big3 = (g.on_map("Soviet 20-12-2", h) for h in ("3059", "3160", "3061"))
    hq = g.on_map("Soviet HQ 0-1-2", "3060")
    r1 = w.add("Soviet 2-1-2", "3060", MAP)  # Game-Turn 1's reinforcements, in Leningrad
    g.phase(1, "soviet", "movement")
    g.move(big1, "2959")  # into Finland, beside the zone of the 6-6-2 in 2957
    g.phase(1, "soviet", "combat")
    g.phase(1, "finnish", "reinforcement")
    g.phase(1, "finnish", "movement")
    g.phase(1, "finnish", "combat")
    g.phase(2, "soviet", "reinforcement")
    g.phase(2, "soviet", "movement")
    # two drags of the HQ, one hex each: one move of two hexes (legal)
    g.move(hq, "3161")
    g.move(hq, "3162")
    # into 2958 (beside the 6-6-2 in 2957: it must stop there), then on to 3058, a hex beside its start
    g.move(big1, "2958")
    g.move(big1, "3058")
    g.plant("Zones of Control")
    # out two hexes and back one: three hexes entered with a Movement Allowance of 2, one hex from its start
    g.move(big2, "3159")
    g.move(big2, "3158")
    g.move(big2, "3159")
    g.plant("Movement (C)")
    # a 20-12-2 moves a hex, the 2-1-2 moves, the 20-12-2 is picked up again for a second hex
    g.move(big3, "2961")
    back = w._where(r1)
    g.move(r1, "3061")
    undo(g, r1, back)  # taken back with VASSAL's undo: not a move
    g.move(r1, "2960")  # then two hexes the other way: its whole allowance, legal
    g.move(big3, "2860")
    g.plant("Movement (G)")
    g.phase(2, "soviet", "combat")
    return g


def write_moves(vmod: Path, out: Path) -> Game:
    with Module.open(vmod) as module:
        g = play_moves(module, setup_bytes(vmod))
        g.w.save().write(out)
    return g
