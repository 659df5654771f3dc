"""``wgt audit``: every step of a VASSAL log replayed and judged by the game's referee.

The log is replayed as the engine steps through it (:func:`toolkit.vassal.replay`: pieces added, moved,
changed and deleted, board changes, global property and turn tracker changes). Where the game stands
(turn, player, phase, and the game state the referee reads: scenario, special events) is read from the
module's turn tracker and global properties, step by step, so a log needs no hand-written state.

What is judged, and when: the referee judges a position against the position at the start of its phase
(every move of the phase from where it began: movement allowance, zones of control, arrivals), as
``wgt check --before`` does. A phase begins when the turn tracker moves. A violation is reported at the
step that introduced it, when it still stands at the end of that phase (Stacking (A): a Movement Phase is
judged as at its end; a unit passing through an over-full hex breaks nothing). Violations standing when a
phase begins were reported in an earlier phase and are not repeated.

Moves are traced step by step (:mod:`toolkit.rules.tracing`) in the phases the referee asks for (Winter War: the
Movement Phase): each unit carries the hexes it was set down in since the phase began (``path``), so a unit
moved twice is judged along its whole path (its Movement Allowance over both drags, a zone of control entered
and then left), and one moved again after another unit moved carries ``moves: 2`` (Movement (G)). The next
drag of the same unit goes on with its move; a drag of another unit withdraws the player's hand. A step VASSAL
undid (an undo bracket) puts back the trace of the state it returns to.

Incremental: positions are judged only where the referee's input changed (a step that moved, added or
deleted a unit, or changed the turn or the game state; never chat, dice or markers), each distinct input
once; per phase the end and the start are judged, and for a violation new at the end, the states before
the steps that changed the input, latest first, until one without it: the step after it introduced it.
``--full`` judges every step's position (the same report, slower: the benchmark's baseline).

Games without a referee, and ``--game none`` (a module that names no game known here): placement and
structure (each step's chat, the pieces it moved and where) with one line saying there is no referee for the
game. A module that names no game known here, without ``--game``, is an error (as in ``wgt check``).
"""

from __future__ import annotations

import re
import sys
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from ..errors import InputError, ToolkitError
from .main import EXIT_VIOLATIONS
from .options import echo_json, json_opt

if TYPE_CHECKING:
    from ..games import Game
    from ..rules.position import Position as RulesPosition
    from ..rules.referee import Referee
    from ..rules.report import Violation
    from ..vassal import Module, SaveFile

#: Global property names (case and spaces ignored) -> the referee's game ``state`` key they fill
PROPERTY_STATE = {"scenario": "scenario", "specialevents": "events", "events": "events",
                  "scenarioturn": "scenario_turn"}
#: Global properties that say where the game stands when a module has no turn tracker level for it
PROPERTY_TURN = {"turn": "turn", "gameturn": "turn", "player": "player", "playerturn": "player", "phase": "phase"}
_NONE = {"", "none", "-", "null", "no"}
#: ``--game none``: no game, so no referee: placement and structure only
NO_GAME = "none"


def _key(name: str) -> str:
    return re.sub(r"[\s_-]+", "", name).lower()


@dataclass
class GameClock:
    """Where the game stands: turn, player, phase and the referee's game state, from tracker and properties."""

    turn: int | None = None
    player: str | None = None
    phase: str | None = None
    state: dict[str, Any] = field(default_factory=dict)

    def label(self) -> str:
        parts = [f"turn {self.turn}" if self.turn is not None else "", self.player or "", self.phase or ""]
        return " ".join(p for p in parts if p) or "no turn"

    def phase_key(self) -> tuple[Any, ...]:
        return (self.turn, self.player, self.phase)


def read_clock(game: Game | None, turns: Mapping[str, str], properties: Mapping[tuple[str, str], str],
               scenario_turn: int | None = None) -> GameClock:
    """Turn, player and phase from the turn trackers (the game's :meth:`~toolkit.games.Game.save_state`), then global
    properties for what the tracker does not say; ``scenario`` and ``events`` from global properties."""
    from ..vassal.commands import TurnLine

    clock = GameClock()
    if game is not None and turns:
        try:
            found = dict(game.save_state([TurnLine(k, v) for k, v in turns.items()]))
        except ToolkitError:
            found = {}
        clock.turn, clock.player, clock.phase = found.get("turn"), found.get("player"), found.get("phase")
    for (container, name), value in properties.items():
        if container != "Module":
            continue
        key = _key(name)
        target = PROPERTY_TURN.get(key)
        if target is not None and getattr(clock, target) is None and value.strip():
            text = value.strip()
            if target == "turn":
                m = re.search(r"\d+", text)
                if m is not None:
                    clock.turn = int(m.group())
            else:
                setattr(clock, target, text.lower())
        state_key = PROPERTY_STATE.get(key)
        if state_key is None or value.strip().lower() in _NONE:
            continue
        if state_key == "scenario":
            clock.state["scenario"] = value.strip().upper()
        elif state_key == "events":
            letters = [t for t in re.split(r"[\s,;]+", value.strip().upper()) if t]
            if len(letters) == 1 and len(letters[0]) > 1 and letters[0].isalpha():
                letters = list(letters[0])
            clock.state["events"] = letters
        elif state_key == "scenario_turn" and value.strip().isdigit():
            clock.state["scenario_turn"] = int(value.strip())
    if "scenario" in clock.state and "scenario_turn" not in clock.state and scenario_turn is not None:
        clock.state["scenario_turn"] = scenario_turn
    return clock


def _vkey(v: Violation) -> tuple[Any, ...]:
    return (v.rule, v.message, v.hexes, v.units)


@dataclass
class StepAudit:
    """One step of the audit."""

    step: int
    chat: list[str]
    clock: GameClock
    changes: list[str]
    violations: list[Violation] = field(default_factory=list)
    undo: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"step": self.step, "turn": self.clock.turn, "player": self.clock.player, "phase": self.clock.phase,
                "state": self.clock.state, "chat": self.chat, "changes": self.changes, "undo": self.undo,
                "violations": [v.to_dict() for v in self.violations]}


@dataclass
class AuditResult:
    file: str
    game: str | None
    referee: bool
    steps: list[StepAudit]
    notes: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    judged: int = 0
    standing: list[Violation] = field(default_factory=list)
    initial: list[Violation] = field(default_factory=list)
    """Violations of the state when logging began that still stood at the end of its phase."""

    @property
    def violations(self) -> list[tuple[int, Violation]]:
        return [(s.step, v) for s in self.steps for v in s.violations]

    def to_dict(self) -> dict[str, Any]:
        by_rule: dict[str, int] = {}
        for _, v in self.violations:
            by_rule[v.rule] = by_rule.get(v.rule, 0) + 1
        return {"file": self.file, "game": self.game, "referee": self.referee, "ok": not self.violations,
                "notes": self.notes, "warnings": self.warnings,
                "initial": [v.to_dict() for v in self.initial],
                "steps": [s.to_dict() for s in self.steps],
                "summary": {"steps": len(self.steps), "violations": len(self.violations), "by_rule": by_rule,
                            "steps_with_violations": sorted({n for n, _ in self.violations}),
                            "positions_judged": self.judged,
                            "standing_at_end": [v.to_dict() for v in self.standing]}}


class _Judge:
    """Judges referee inputs, each distinct one once."""

    def __init__(self, referee: Referee, source: str, *, memo: bool = True) -> None:
        self.referee = referee
        self.source = source
        self.memo = memo
        self.cache: dict[Any, list[Violation]] = {}
        self.positions: dict[Any, RulesPosition] = {}
        self.judged = 0

    def position(self, key: Any, units: list[dict[str, Any]], clock: GameClock) -> RulesPosition:
        pos = self.positions.get(key) if self.memo else None
        if pos is None:
            pos = self.referee.from_pieces(units, turn=clock.turn or 1, player=clock.player or "",
                                           phase=clock.phase or "", source=self.source)
            pos.state.update({k: (list(v) if isinstance(v, list) else v) for k, v in clock.state.items()})
            self.positions[key] = pos
        return pos

    def verdict(self, key: Any, start: Any, inputs: Mapping[Any, tuple[list[dict[str, Any]], GameClock]]
                ) -> list[Violation]:
        ck = (key, start)
        found = self.cache.get(ck) if self.memo else None
        if found is None:
            pos = self.position(key, *inputs[key])
            before = self.position(start, *inputs[start]) if start is not None and start != key else None
            found = self.cache[ck] = list(self.referee.check(pos, before).violations)
            self.judged += 1
        return found


def audit(save: SaveFile, module: Module, game: Game | None, *, full: bool = False) -> AuditResult:
    """The audit of a log (see the module docstring)."""
    from ..vassal import replay
    from ..vassal.position import Locator, Position, placed_pieces

    referee = game.referee() if game is not None and game.has_referee() else None
    result = AuditResult(save.source, game.slug if game is not None else None, referee is not None, [])
    if referee is None:
        result.notes.append(f"no referee for {'this game' if game is None else game.slug}: placement and "
                            "structure only")
    # the saved state (when logging began)
    start = Position()
    for c in save.setup_commands():
        start.apply(c)
    locator0 = Locator(module, save)
    placed = {p.id: p for p in placed_pieces(start, locator0) if p.kind == "piece"}
    turns = {t.tracker: t.state for t in save.turns()}
    props = {(p.container or "Module", p.name): p.value for p in save.global_properties()}
    scenario_turn: int | None = None
    clock = read_clock(game, turns, props)
    judge = _Judge(referee, save.source, memo=not full) if referee is not None else None

    from ..builders.names import MAIN_MAP  # as wgt check: pools and boxes are named places, not hexes

    def hex_of(p: Any) -> str | None:
        return p.hex if p.map == MAIN_MAP else None

    # (id, name, hex) of each placed unit, in the order of ``placed`` (worked out when a piece is placed)
    entry = {pid: (pid, p.name, hex_of(p)) for pid, p in placed.items()}

    # each unit's trace through a phase the referee judges move by move (toolkit.rules.tracing)
    traced = referee.traced_phases if referee is not None else frozenset()
    trace: dict[str, dict[str, Any]] = {}
    history: list[tuple[dict[str, str | None], dict[str, dict[str, Any]]]] = []  # (hexes, trace) after each step

    def units() -> list[dict[str, Any]]:
        return [{"id": pid, "name": name, "hex": where, **({"state": trace[pid]} if pid in trace else {})}
                for pid, name, where in entry.values()]

    def hexes() -> dict[str, str | None]:
        return {pid: e[2] for pid, e in entry.items()}

    def input_key(clock: GameClock) -> Any:
        pieces = frozenset(entry.values())  # ids are unique: the same pieces in any order
        return (pieces, clock.turn, clock.player, clock.phase, repr(sorted(clock.state.items())),
                repr(sorted(trace.items())) if trace else "")

    now = hexes() if traced else {}
    if traced:
        history.append((now, trace))
    inputs: dict[Any, tuple[list[dict[str, Any]], GameClock]] = {}
    key = input_key(clock)
    inputs[key] = (units(), clock)
    keys = [key]  # the referee input after each step (index 0: before the first)
    phase_of = [0]  # the index of the phase each state belongs to
    phase_starts = [key]
    steps: list[StepAudit] = []
    phase_now = clock.phase_key()
    for step in replay(save, module):
        locator = step.locator
        assert locator is not None
        was = now
        if step.reset or step.boards or step.properties:
            placed = {p.id: p for p in placed_pieces(step.position, locator) if p.kind == "piece"}
            entry = {pid: (pid, p.name, hex_of(p)) for pid, p in placed.items()}
        elif step.touched:
            for pid in step.touched:
                placed.pop(pid, None)
                entry.pop(pid, None)
            for p in placed_pieces(step.position, locator, only=step.touched):
                if p.kind == "piece":
                    placed[p.id] = p
                    entry[p.id] = (p.id, p.name, hex_of(p))
        changes = _changes(step, placed)
        if step.turns or step.properties:
            turns.update(step.turns)
            props.update(step.properties)
            before_state = clock.state
            clock = read_clock(game, turns, props, scenario_turn)
            if "scenario" in clock.state and "scenario" not in before_state and scenario_turn is None:
                scenario_turn = clock.turn  # the Interphase of this Game-Turn triggered the Scenario
                clock = read_clock(game, turns, props, scenario_turn)
        steps.append(StepAudit(step.index, list(step.chat), clock, changes, undo=step.undo))
        if judge is None:
            continue
        if traced:
            if step.reset or step.boards or step.properties or step.touched:
                now = hexes()
            trace = _retrace(trace, history, was, now, step, clock.phase in traced and not step.reset
                             and clock.phase_key() == phase_now)
        if step.touched or step.turns or step.properties or step.reset or step.boards:
            key = input_key(clock)
            if key not in inputs:
                inputs[key] = (units(), clock)
        if clock.phase_key() != phase_now:
            phase_now = clock.phase_key()
            phase_starts.append(key)
        keys.append(key)
        phase_of.append(len(phase_starts) - 1)
    result.steps = steps
    if judge is None:
        return result
    result.initial = _attribute(judge, keys, phase_of, phase_starts, inputs, steps, full)
    last_phase = phase_of[-1]
    result.standing = judge.verdict(keys[-1], phase_starts[last_phase], inputs)
    result.judged = judge.judged
    return result


def _retrace(trace: dict[str, dict[str, Any]], history: list[tuple[dict[str, str | None], dict[str, dict[str, Any]]]],
             was: dict[str, str | None], now: dict[str, str | None], step: Any, same_phase: bool
             ) -> dict[str, dict[str, Any]]:
    """Each unit's trace after ``step`` (:func:`toolkit.rules.tracing.carry`): afresh when a traced phase begins;
    an undo puts back the trace of the latest state it returns to (VASSAL's undo reverses the last move: the
    move did not happen)."""
    from ..rules.tracing import carry

    if not same_phase:
        history.clear()
        trace = {}
    elif was != now:
        back = next((t for h, t in reversed(history) if h == now), None) if step.undo else None
        trace = back if back is not None else carry(trace, was, now)
    if not history or history[-1][0] != now:
        history.append((now, trace))
    return trace


def _attribute(judge: _Judge, keys: list[Any], phase_of: list[int], phase_starts: list[Any],
               inputs: Mapping[Any, tuple[list[dict[str, Any]], GameClock]], steps: list[StepAudit],
               full: bool) -> list[Violation]:
    """Give each violation to the step that introduced it (standing at the end of its phase); returns those
    of the state when logging began. ``keys[k]`` is the referee input after step k (``keys[0]``: before step 1)."""
    initial: list[Violation] = []
    n = len(keys)
    i = 0
    while i < n:
        phase = phase_of[i]
        j = i
        while j + 1 < n and phase_of[j + 1] == phase:
            j += 1
        start = phase_starts[phase]

        every: dict[int, list[Violation]] = {}
        if full:  # the baseline: every step's position judged afresh
            for k in range(i, j + 1):
                every[k] = judge.verdict(keys[k], start, inputs)

        def verdict(k: int, start: Any = start, every: dict[int, list[Violation]] = every) -> list[Violation]:
            return every[k] if k in every else judge.verdict(keys[k], start, inputs)

        end = {_vkey(v): v for v in verdict(j)}
        old: set[tuple[Any, ...]] = set()
        if i > 0:  # standing when the phase began: reported in an earlier phase
            old = {_vkey(v) for v in verdict(i)}
            old |= {_vkey(v) for v in judge.verdict(keys[i - 1], phase_starts[phase_of[i - 1]], inputs)}
        left = {k: v for k, v in end.items() if k not in old}
        for k in reversed([k for k in range(i + 1, j + 1) if keys[k] != keys[k - 1]]):
            if not left:
                break
            present = {_vkey(v) for v in verdict(k - 1)}
            for vk in [vk for vk in left if vk not in present]:
                steps[k - 1].violations.append(left.pop(vk))
        initial.extend(left.values())  # only at i == 0: the state when logging began already broke them
        i = j + 1
    return initial


def _changes(step: Any, placed: Mapping[str, Any]) -> list[str]:
    """What a step did, in words: pieces moved/added/deleted (with their location), boards, properties."""
    from ..vassal.commands import AddPiece, MovePiece, RemovePiece, walk

    out: list[str] = []
    seen: set[str] = set()
    for c in walk(step.command):
        if isinstance(c, AddPiece | MovePiece) and c.id not in seen:
            seen.add(c.id)
            p = placed.get(c.id)
            if p is not None:
                out.append(f"{'added' if isinstance(c, AddPiece) else 'moved'} {p.name} ({p.id}) to "
                           f"{p.location or p.map}")
        elif isinstance(c, RemovePiece):
            out.append(f"deleted {c.id}")
    for map_id, boards in step.boards.items():
        out.append(f"map {map_id} shows " + ", ".join(f"{b}@{col},{row}" for b, col, row in boards))
    for (container, name), value in step.properties.items():
        out.append(f"property {name} = {value!r}" + ("" if container == "Module" else f" ({container})"))
    if step.turns:
        out.append("turn tracker moved")
    if step.reset:
        out.insert(0, "another game loaded (begin_save): every piece and board replaced")
    return out


@click.command("audit")
@click.argument("log", type=click.Path(path_type=Path))
@click.option("--module", "module_path", type=click.Path(path_type=Path), required=True,
              help="The VASSAL module the log was made with (.vmod, folder or buildFile).")
@click.option("--game", "game_name", metavar="SLUG",
              help="The game (default: from the module's name); 'none' replays placement and structure only, "
              "judging no rules.")
@click.option("--full", is_flag=True, hidden=True, help="Judge every step's position (benchmark baseline).")
@json_opt
def audit_cmd(log: Path, module_path: Path, game_name: str | None, full: bool, as_json: bool) -> None:
    """Replay every step of a VASSAL log and judge it: per step the engine's chat text and the
    violations (each with its rule), then a summary. Exit 1 when a rule is broken."""
    from ..games import game_for_module, get_game
    from ..vassal import Module, read_save

    if log.is_dir():
        raise InputError(f"{log} is a folder, not a log")
    if not log.exists():
        raise InputError(f"{log}: no such file")
    save = read_save(log)
    with Module.open(module_path) as module:
        warning = module.mismatch(save.moduledata, save.source)
        if warning:
            click.echo(f"wgt: warning: {warning}", err=True)
        game: Game | None
        if game_name is not None and game_name.strip().lower() == NO_GAME:
            game = None
        elif game_name:
            game = get_game(game_name)
        else:
            name = save.moduledata.name if save.moduledata is not None and save.moduledata.name else ""
            game = game_for_module(name) or game_for_module(module.name)
            if game is None:  # as `wgt check` says: judging no rules is asked for, never a silent "ok"
                raise InputError(f"{log}: module {name or module.name!r} is not a bundled game; say which game with "
                                 f"--game (--game {NO_GAME}: placement and structure only)")
        result = audit(save, module, game, full=full)
    if warning:
        result.warnings.append(warning)
    if not save.is_log:
        result.notes.append(f"{log} is a save, not a log: no logged steps")
    if as_json:
        echo_json(result.to_dict())
    else:
        _print(result)
    if result.violations:
        sys.exit(EXIT_VIOLATIONS)


def _print(result: AuditResult) -> None:
    for note in result.notes:
        click.echo(note)
    last = None
    for s in result.steps:
        label = s.clock.label()
        if label != last:
            click.echo(f"-- {label}")
            last = label
        text = " | ".join(s.chat) if s.chat else "; ".join(s.changes) or "-"
        click.echo(f"step {s.step}: {text}" + (" (undo)" if s.undo else ""))
        for v in s.violations:
            where = f" [{', '.join(v.hexes)}]" if v.hexes else ""
            who = f" ({', '.join(v.units)})" if v.units else ""
            click.echo(f"  ! {v.rule}: {v.message}{where}{who}")
    data = result.to_dict()["summary"]
    head = f"{result.file}: {data['steps']} steps"
    if result.referee:
        head += f", {data['violations']} violation(s)"
        if data["by_rule"]:
            head += " (" + ", ".join(f"{r}: {n}" for r, n in data["by_rule"].items()) + ")"
        head += f"; {data['positions_judged']} positions judged"
    click.echo(head)

