"""The engine's own move reports in a log's chat, read back and compared with where replay puts the pieces.

When a piece is created on a map or moved, VASSAL's ``MovementReporter`` writes a chat line
``"* " + format`` with the map's report format filled in (``Map.getCreateFormat``,
``getMoveToFormat``, ``getMoveWithinFormat``; attributes ``createFormat``, ``moveToFormat``,
``moveWithinFormat`` of the Map element, else the defaults ``$pieceName$ created in $location$ *``
and ``$pieceName$ moves $previousLocation$ &rarr; $location$ *``, older versions writing ``->``).
``$location$`` is ``Map.locationName`` of the piece's new point, with the boards the map shows at
that moment, so each such line is the engine's own statement of where a piece was after a step.

:func:`engine_reports` finds those lines in a log and, for each, the location replay gives the pieces
the step moved: the check that logs are followed exactly, board changes included.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from .commands import Command, MovePiece, walk
from .module import Module
from .position import Locator, PlacedPiece, replay
from .save import SaveFile

__all__ = ["ChatReport", "ReportCheck", "engine_reports", "parse_report", "report_patterns"]

DEFAULT_CREATE = "$pieceName$ created in $location$ *"
DEFAULT_MOVE = "$pieceName$ moves $previousLocation$ &rarr; $location$ *"
_ARROWS = ("&rarr;", "->", "\u2192")
_FIELD = re.compile(r"\$([A-Za-z_][A-Za-z0-9_]*)\$")
_GROUPS = {"pieceName": "name", "location": "location", "previousLocation": "old", "mapName": "map",
           "previousMap": "old_map"}


@dataclass(frozen=True)
class ChatReport:
    """A chat line read as a move report: ``kind`` is ``create`` or ``move``."""

    kind: str
    name: str
    location: str
    old_location: str | None = None
    map_name: str | None = None


@dataclass
class ReportCheck:
    """One engine report of a log beside what replay says at its step."""

    step: int
    chat: str
    report: ChatReport
    pieces: list[str] = field(default_factory=list)
    """Ids of the pieces the report is about (the step's pieces of that name)."""
    locations: list[str | None] = field(default_factory=list)
    """Their location names after the step, as replay places them."""
    old_locations: list[str | None] = field(default_factory=list)
    """Their location names before the step (move reports)."""

    @property
    def matched(self) -> bool:
        """Whether the report names a piece the step moved or created."""
        return bool(self.pieces)

    @property
    def agrees(self) -> bool:
        """The reported location is where replay puts every piece the report is about."""
        return self.matched and all(loc == self.report.location for loc in self.locations)

    @property
    def old_agrees(self) -> bool | None:
        """The reported previous location is where those pieces were before the step (None: not reported)."""
        if self.report.old_location is None or not self.matched:
            return None
        return all(loc == self.report.old_location for loc in self.old_locations)

    def to_dict(self) -> dict[str, object]:
        return {"step": self.step, "chat": self.chat, "kind": self.report.kind, "name": self.report.name,
                "reported": self.report.location, "reported_previous": self.report.old_location,
                "pieces": self.pieces, "locations": self.locations, "previous": self.old_locations,
                "agrees": self.agrees, "previous_agrees": self.old_agrees}


def _regex(fmt: str, kind: str) -> re.Pattern[str]:
    """A pattern for the chat text a report format produces (``"* "`` + the filled format)."""
    text = html.unescape(fmt) if "&" in fmt else fmt
    out, pos, used = ["^\\*\\s*"], 0, set()
    for m in _FIELD.finditer(text):
        out.append(_literal(text[pos:m.start()]))
        group = _GROUPS.get(m.group(1))
        if group is not None and group not in used:
            used.add(group)
            out.append(f"(?P<{group}>.*?)")
        elif m.group(1) == "pieceCount":
            out.append(r"\d+")
        else:
            out.append(".*?")
        pos = m.end()
    out.append(_literal(text[pos:]))
    out.append(r"\s*$")
    return re.compile("".join(out), re.S)


def _literal(text: str) -> str:
    """A format's literal text as a pattern: runs of spaces loose, any arrow spelling for an arrow."""
    parts = []
    for chunk in re.split(r"(\s+)", text):
        if not chunk:
            continue
        if chunk.isspace():
            parts.append(r"\s*")
            continue
        arrow = next((a for a in _ARROWS if a in chunk or html.unescape(a) in chunk), None)
        if arrow is not None:
            pieces = re.split("|".join(re.escape(a) for a in (*_ARROWS, html.unescape(arrow))), chunk)
            parts.append(f"(?:{'|'.join(re.escape(a) for a in _ARROWS)})".join(re.escape(p) for p in pieces))
        else:
            parts.append(re.escape(chunk))
    return "".join(parts)


def report_patterns(module: Module | None) -> list[tuple[str, re.Pattern[str]]]:
    """``(kind, pattern)`` for every report format the module's maps use, then VASSAL's defaults."""
    formats: list[tuple[str, str]] = []
    if module is not None:
        for mdef in module.maps.values():
            for attr, kind in (("createFormat", "create"), ("moveWithinFormat", "move"), ("moveToFormat", "move")):
                fmt = mdef.attrs.get(attr)
                if fmt and (kind, fmt) not in formats:
                    formats.append((kind, fmt))
    for kind, fmt in (("create", DEFAULT_CREATE), ("move", DEFAULT_MOVE)):
        if (kind, fmt) not in formats:
            formats.append((kind, fmt))
    return [(kind, _regex(fmt, kind)) for kind, fmt in formats]


def parse_report(text: str, patterns: Iterable[tuple[str, re.Pattern[str]]]) -> ChatReport | None:
    """The move report a chat line is, or None (chat that is not a location report)."""
    if not text.lstrip().startswith("*") or text.startswith("***"):
        return None
    for kind, pattern in patterns:
        m = pattern.match(text)
        if m is None:
            continue
        groups = m.groupdict()
        if groups.get("location") is None or groups.get("name") is None:
            continue
        return ChatReport(kind, groups["name"].strip(), groups["location"].strip(),
                          groups["old"].strip() if groups.get("old") is not None else None, groups.get("map"))
    return None


def engine_reports(save: SaveFile, module: Module | None) -> Iterator[ReportCheck]:
    """Every move report in a log's chat, with replay's locations of the pieces it is about (the step's
    pieces of the reported name; the step's only piece when no name matches) after the step, and, from the
    move command's own old point, their location before it (with the boards shown before the step)."""
    patterns = report_patterns(module)
    previous = Locator(module, save) if module is not None else None
    for step in replay(save, module):
        reports = [(text, r) for text in step.chat if (r := parse_report(text, patterns)) is not None]
        if reports:
            placed = {p.id: p for p in step.pieces()}
            touched = [placed[i] for i in sorted(step.touched) if i in placed and placed[i].kind == "piece"]
            olds = _old_points(step.command, placed)
            for text, report in reports:
                names = {n.strip() for n in report.name.split(",")} | {report.name}
                about = [p for p in touched if p.name in names] or (touched if len(touched) == 1 else [])
                check = ReportCheck(step.index, text, report, [p.id for p in about], [p.location for p in about])
                if report.old_location is not None:
                    for p in about:
                        old = olds.get(p.id)
                        where = previous.place(*old)[1] if previous is not None and old is not None else None
                        check.old_locations.append(where)
                yield check
        previous = step.locator


def _old_points(command: Command, placed: dict[str, PlacedPiece]) -> dict[str, tuple[str | None, int, int]]:
    """Each moved piece's point before the step, from the move commands' old map and point (a moved
    stack's pieces were where the stack was)."""
    out: dict[str, tuple[str | None, int, int]] = {}
    for c in walk(command):
        if isinstance(c, MovePiece):
            old = (c.old_map, *c.old_xy)
            out.setdefault(c.id, old)
            for p in placed.values():
                if p.stack == c.id:
                    out.setdefault(p.id, old)
    return out
