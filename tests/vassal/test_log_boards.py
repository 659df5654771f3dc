"""Logs followed exactly as the engine follows them: board changes, games loaded mid-log, and the engine's own
move reports in the chat agreeing with where replay puts each piece at that step.

The board-change log (tests/vassal/boardlog.py: one map, three boards with different grids, three board
changes, a reversed board) was stepped through by the real engine (tests/vassal/engine_steps.py); its
answer, every piece's ``Map.locationName`` after every step, is ``fixtures/oracle_board_log.json``
(regenerate: ``python -m tests.vassal.test_log_boards``)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from tests.vassal.boardlog import write_board_log, write_board_module
from tests.vassal.helpers import CASES, FIXTURES, build_case_module, case_save, corpus_saves
from toolkit.vassal import Module, read_save, replay
from toolkit.vassal.commands import BoardPickerLine, CommandList, LogCommand, TextCommand
from toolkit.vassal.reports import engine_reports, parse_report, report_patterns

FIXTURE = FIXTURES / "oracle_board_log.json"


@pytest.fixture(scope="module")
def board_case(tmp_path_factory) -> tuple[Path, Path]:
    folder = tmp_path_factory.mktemp("boards")
    vmod = write_board_module(folder / "boards.vmod")
    return vmod, write_board_log(vmod, folder / "boards.vlog")


def _ours(vmod: Path, log: Path) -> list[dict[str, list]]:
    with Module.open(vmod) as module:
        return [{p.id: [p.map, p.x, p.y, p.location] for p in step.pieces() if p.kind == "piece"}
                for step in replay(read_save(log), module)]


def test_every_piece_at_every_step_is_where_the_engine_puts_it(board_case):
    engine = json.loads(FIXTURE.read_text())
    ours = _ours(*board_case)
    assert len(ours) == len(engine["steps"]) == 19
    compared = 0
    for n, (mine, theirs) in enumerate(zip(ours, engine["steps"], strict=True), 1):
        assert mine == theirs["pieces"], n
        compared += len(theirs["pieces"])
    assert compared == 58
    # the board changes matter: the same point has other names on South, South reversed beside West, North
    assert engine["steps"][4]["pieces"]["1700000000000"][3] == "13-K"
    assert engine["steps"][15]["pieces"]["1700000000001"][3] == "offboard"


def test_a_board_takes_the_last_orientation_the_file_gives_it(board_case):
    """VASSAL decodes the whole log first, and each ``BoardPicker`` decode sets the reversed flag on the map's
    one Board object: the log shows "South" at step 5 and "South/rev" at step 10, so the engine shows it
    reversed from step 5 on (13-K where the unreversed board names 15-G)."""
    vmod, log = board_case
    with Module.open(vmod) as module:
        changes, red = {}, None
        for step in replay(read_save(log), module):
            if step.boards:
                changes[step.index] = step.boards
            if step.index == 5:
                red = next(p for p in step.pieces() if p.id == "1700000000000")
        assert changes == {5: {"Main Map": (("South/rev", 0, 0),)},
                           10: {"Main Map": (("South/rev", 0, 0), ("West", 1, 0))},
                           16: {"Main Map": (("North", 0, 0),)}}
        assert red is not None and red.location == "13-K"
        assert module.vassal_map("Main Map", [("South", 0, 0)]).location_name(250, 250) == "15-G"


def test_engine_reports_of_the_board_log_agree(board_case):
    """Replayed by the engine, its MovementReporter names the locations replay gives (16 reports)."""
    engine = json.loads(FIXTURE.read_text())
    vmod, _ = board_case
    with Module.open(vmod) as module:
        patterns = report_patterns(module)
        ours = _ours(*board_case)
        checked = 0
        for n, step in enumerate(engine["steps"]):
            for text in step["reports"]:
                report = parse_report(text.removeprefix("CHAT"), patterns)
                assert report is not None, text
                assert report.location in {p[3] for p in ours[n].values()}
                checked += 1
    assert checked == 16


def test_corpus_log_reports_agree_at_their_steps(corpus, tmp_path):
    """Every location the engine reported in the chat of every corpus log is where replay puts the piece: each
    log read with its module where the corpus has it (zxvt, The Longest Day), else with VASSAL's default report
    formats (the vasl-templates logs: VASL is not in the corpus)."""
    modules = {case_save(case): case for case in ("zxvt", "tld-log") if case in CASES}
    logs = [p for p in corpus_saves() if read_save(p).is_log]
    assert [p.name for p in logs] == ["5x5_startup.vlog", "game__0606-1.log",
                                      "vasl_templates__webapp__tests__fixtures__analyze-vlog__full.vlog",
                                      "vasl_templates__webapp__tests__fixtures__analyze-vlog__empty.vlog"]
    per_log = {}
    for log in logs:
        case = modules.get(log)
        module = Module.open(build_case_module(case, tmp_path)) if case else None
        try:
            checks = list(engine_reports(read_save(log), module))
        finally:
            if module is not None:
                module.close()
        assert all(c.agrees for c in checks), [c.to_dict() for c in checks if not c.agrees]
        per_log[log.name.rsplit("__", 1)[-1]] = len(checks)
    # zxvt's six "created in" reports; The Longest Day's log (1,091 steps) and the ASL logs report no moves
    assert per_log == {"5x5_startup.vlog": 6, "0606-1.log": 0, "full.vlog": 0, "empty.vlog": 0}


def _steps(*steps: list) -> str:
    return "\x1b".join(s.encode() for s in steps)


def test_a_game_loaded_mid_log_clears_pieces_and_boards(board_case):
    """A step holding ``begin_save`` ... ``end_save`` (GameState.setup(false) then (true)) replaces every piece
    and every map's boards: the pieces before it are gone, the new game's board choice applies."""
    vmod, log = board_case
    save = read_save(log)
    items = save.top_level()
    end = next(i for i, c in enumerate(items) if isinstance(c, TextCommand) and c.text == "end_save")
    pieces = items[2]  # the saved state's pieces: begin_save, version check, pieces...
    reload = CommandList([LogCommand(TextCommand("begin_save")), LogCommand(TextCommand("")),
                          LogCommand(CommandList([TextCommand(""), *pieces.items[1:2]])),  # Red only
                          LogCommand(TextCommand(BoardPickerLine("Main Map", (("West", 0, 0),)).encode())),
                          LogCommand(TextCommand("end_save"))])
    save.commands = CommandList([*items[:end + 1], *items[end + 1:end + 3], reload])
    with Module.open(vmod) as module:
        steps = list(replay(save, module))
    last = steps[-1]
    assert last.reset and last.boards == {"Main Map": (("West", 0, 0),)}
    placed = [p for p in last.pieces() if p.kind == "piece"]
    # Red at (133, 160) (its set-up point, hex 0303 of North) is in square D03 of West (West's names agree with the
    # engine at steps 11-15 of the board log)
    assert [(p.id, p.x, p.y, p.location) for p in placed] == [("1700000000000", 133, 160, "D03")]


def main() -> int:
    """Regenerate the fixture with the real engine."""
    import tempfile

    from tests.vassal.engine_steps import engine_steps

    with tempfile.TemporaryDirectory() as tmp:
        vmod = write_board_module(Path(tmp) / "boards.vmod")
        log = write_board_log(vmod, Path(tmp) / "boards.vlog")
        answer = engine_steps(vmod, log)
    if answer["errors"]:
        print(answer["errors"], file=sys.stderr)
        return 1
    FIXTURE.write_text(json.dumps(answer, ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
