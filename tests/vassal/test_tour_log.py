"""VASSAL's own tour (tour.mod and tour.log of the VASSAL engine's documentation): every location the engine
reported in the log's chat agrees with ``wgt vassal dump --step N``.

The tour switches the Main Map's board at steps 31, 42 and 94 (a square grid, an area map, a lettered hex map, a
dungeon). Its 57 reported locations: 25 map reports (``created in``, ``moves A -> B``: 20 previous locations too),
12 reports of the pieces' own Report traits (``$location$: BOOOM!!!``, ``conceals in``, ``Hide ... in``, fatigue
levels) and the tour's four ``deleted from`` lines. A map report's location is where dump puts the piece after its
step, a previous location where it was after the step before; a trait report's where the piece is after its step
(before it, when the step deleted the piece).

The tour is not part of this project: it is read from the folder ``WGT_VASSAL_TOUR`` names, else from
``../shared/corpus/vassalengine__vassal`` (``tour.mod``, ``tour.log``); the test is skipped without it.
"""

from __future__ import annotations

import html
import json
import os
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from tests.conftest import CORPUS
from toolkit.cli.main import cli
from toolkit.vassal import Module, read_save, replay
from toolkit.vassal.traits import Report, Trait
from toolkit.vassal.writer import expand_prototypes, slot_piece


def _tour() -> tuple[Path, Path]:
    named = os.environ.get("WGT_VASSAL_TOUR")
    folder = Path(named) if named else CORPUS / "vassalengine__vassal"
    mod, log = folder / "tour.mod", folder / "tour.log"
    if not (mod.is_file() and log.is_file()):
        pytest.skip(f"VASSAL's tour (tour.mod, tour.log) is not in {folder}: set WGT_VASSAL_TOUR to a folder "
                    "holding them (vassal-doc/src/main/resources of the VASSAL engine's sources)")
    return mod, log


_FIELD = re.compile(r"\$([A-Za-z_]+)\$")
_GROUP = {"location": "location", "previousLocation": "old", "pieceName": "name", "newPieceName": "name",
          "oldPieceName": "name"}
#: the tour's deletion lines: chat written into the log (no format of the module or of today's engine)
TOUR_DELETE = "$pieceName$ deleted from $location$ *"


def _pattern(fmt: str) -> re.Pattern[str]:
    out, pos, used = [r"^\*\s*"], 0, set()

    def literal(text: str) -> str:
        return r"\s*".join(re.escape(w) for w in text.split()) + (r"\s*" if text[-1:].isspace() else "")

    for m in _FIELD.finditer(fmt):
        out.append(literal(fmt[pos:m.start()]))
        group = _GROUP.get(m.group(1))
        out.append(f"(?P<{group}>.+?)" if group and group not in used else ".*?")
        used.add(group or "")
        pos = m.end()
    out.append(literal(fmt[pos:]))
    return re.compile("".join(out) + r"\s*\*?\s*$")


def _report_formats(traits: list[Trait]) -> set[str]:
    """The formats of a piece's Report traits that name a location (``report;keys;format;down keys;formats``)."""
    out = set()
    for t in traits:
        if isinstance(t, Report):
            for fmt in [t.field(1), *re.split(r"(?<!\\),", t.field(3) or "")]:
                if "$location$" in fmt:
                    out.add(fmt.replace("\\,", ","))
    return out


def _formats(module: Module, log: Path) -> list[re.Pattern[str]]:
    formats = {html.unescape(mdef.attrs[a]) for mdef in module.maps.values()
               for a in ("createFormat", "moveWithinFormat", "moveToFormat") if mdef.attrs.get(a)}
    for slot in module.piece_slots:
        formats |= _report_formats(slot_piece(module, slot.name))
    for step in replay(read_save(log), module):  # pieces the log itself adds carry their own traits
        for p in step.position.pieces.values():
            if p.kind == "piece":
                formats |= _report_formats(expand_prototypes(p.traits, module))
    formats.add(TOUR_DELETE)
    return [_pattern(f) for f in sorted(formats)]


class _Dump:
    """``wgt vassal dump LOG --module MOD --step N --json``, each step once."""

    def __init__(self, mod: Path, log: Path) -> None:
        self.mod, self.log = mod, log
        self.cache: dict[int, list[dict[str, Any]]] = {}

    def __call__(self, n: int) -> list[dict[str, Any]]:
        if n not in self.cache:
            result = CliRunner().invoke(cli, ["vassal", "dump", str(self.log), "--module", str(self.mod),
                                              "--step", str(n), "--json"])
            assert result.exit_code == 0, result.output
            self.cache[n] = [p for p in json.loads(result.output)["pieces"] if p["kind"] == "piece"]
        return self.cache[n]


def test_every_location_the_engine_reported_in_the_tour_agrees_with_dump():
    mod, log = _tour()
    dump = _Dump(mod, log)
    checked: list[tuple[int, str, str, bool]] = []
    with Module.open(mod) as module:
        patterns = _formats(module, log)
        steps = [(s.index, list(s.chat), set(s.touched)) for s in replay(read_save(log), module)]
        boards = {n for n, s in enumerate(replay(read_save(log), module), 1) if s.boards}
    assert boards == {31, 42, 94}
    for n, chat, touched in steps:
        for text in chat:
            if not text.startswith("*") or text.startswith("***"):
                continue
            m = next((m for p in patterns if (m := p.match(text)) is not None), None)
            if m is None:
                continue
            name = (m.group("name") or "").strip() if "name" in m.groupdict() else ""

            def where(pieces: list[dict[str, Any]], name: str = name, touched: set[str] = touched) -> set[str]:
                named = {p["location"] for p in pieces if p["name"] == name}  # "?": a concealed piece
                return named or {p["location"] for p in pieces if p["id"] in touched}

            after = where(dump(n)) or where(dump(n - 1))
            checked.append((n, text, m.group("location").strip(), m.group("location").strip() in after))
            if m.groupdict().get("old") is not None:
                checked.append((n, text, m.group("old").strip(), m.group("old").strip() in where(dump(n - 1))))
    wrong = [c for c in checked if not c[3]]
    assert (len(checked), len(checked) - len(wrong)) == (57, 57), wrong
