"""Hand-labelled ground truth for scan extraction, and scoring an extraction against it
(``wgt map extract --truth FILE``).

A truth file (YAML; the real boards' truths are in ``tests/terrain/truth/``)::

    truth: 1
    image: rzymek__web-boards/battle-for-moscow_board.gif   # under ../shared/boards (informative)
    grid: {numbering: ..., extent: ..., calibration: ...}    # the grid the ids refer to
    hexes:                      # the class of every labelled hex (unlisted hexes are not scored)
      "0101": clear
      "0202": forest
    symbols:                    # printed symbols, hexes holding one
      city: ["0205", "0307"]
    hexsides:                   # features drawn on a hexside
      river: ["0503/0604"]
    links:                      # line features running from hex to hex (crossing the side)
      rail: ["0205/0206"]
    excluded:                   # hexes on the image left out on purpose, with why
      chart: ["1308"]
    unscored: [road, river]     # symbols or line features not labelled in this truth: not scored at all

The class of a hex is what its legend would call it after priorities (a city hex is ``city`` even
in a forest). Sides and links are keyed ``a/b`` (the pair sorted), as in map files.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import yamlfile
from ..errors import DataFileError
from ..hexgrid import Grid, Hex, distance
from ..hexgrid.numbering import HexIdError

__all__ = ["Score", "Truth", "check_ids", "load_truth", "names_unknown", "numbered_otherwise", "score"]

#: how many missed or false hexes (symbols) or sides (lines) the text of a score names, each kind
SHOWN = 12

_KEYS = {"truth", "image", "grid", "hexes", "symbols", "hexsides", "links", "excluded", "notes", "region", "unscored"}


@dataclass
class Truth:
    hexes: dict[str, str]
    symbols: dict[str, set[str]] = field(default_factory=dict)  # symbol -> hexes
    hexsides: dict[str, set[str]] = field(default_factory=dict)  # feature -> side keys
    links: dict[str, set[str]] = field(default_factory=dict)  # feature -> side keys
    excluded: dict[str, list[str]] = field(default_factory=dict)
    # names the truth does not label (a region labelled for its hexes only): left out of the symbol and line scores,
    # not scored as absent (everything found of them would count false)
    unscored: frozenset[str] = frozenset()
    grid: Grid | None = None
    image: str = ""
    # the file as read (its lines: check_ids names them) and its path
    data: Any = field(default=None, repr=False, compare=False)
    source: str = ""

    def lines(self) -> dict[str, set[str]]:
        """Every line feature (hexside and link) -> its side keys."""
        out = {k: set(v) for k, v in self.hexsides.items()}
        for k, v in self.links.items():
            out.setdefault(k, set()).update(v)
        return out


def load_truth(path: str | Path, refers_to: Grid | None = None) -> Truth:
    """Read a truth file; a one-line :class:`DataFileError` naming the line for anything wrong - an id off the
    truth file's own grid, or where it has none off ``refers_to`` (the grid its ids refer to: ``--grid``), among
    them (:func:`check_ids`)."""
    p = Path(path)
    data = yamlfile.load_file(p, "truth file")
    if not isinstance(data, Mapping) or "hexes" not in data:
        raise DataFileError("a truth file is a mapping with 'hexes:' (hex id -> class)", p)
    for k in data:
        if k not in _KEYS:
            line = yamlfile.line_of(data, k)
            raise DataFileError(f"line {line}: unknown key {k!r} (known: {', '.join(sorted(_KEYS))})", p)
    grid = None
    if data.get("grid") is not None:
        try:
            grid = Grid.from_dict(dict(data["grid"]))
        except Exception as exc:  # GridError, a bad value
            raise DataFileError(f"grid: {exc}", p) from None
    hexes = data["hexes"]
    if not isinstance(hexes, Mapping):
        raise DataFileError("'hexes:' maps hex ids to classes", p)
    out = Truth({str(k): str(v) for k, v in hexes.items()}, grid=grid, image=str(data.get("image", "")), data=data,
                source=str(p))
    unscored = data.get("unscored") or []
    if not isinstance(unscored, list):
        raise DataFileError(f"line {yamlfile.line_of(data, 'unscored')}: 'unscored:' is a list of names", p)
    out.unscored = frozenset(str(n) for n in unscored)
    for key in ("symbols", "hexsides", "links", "excluded"):
        block = data.get(key) or {}
        if not isinstance(block, Mapping):
            raise DataFileError(f"'{key}:' maps a name to a list of ids", p)
        for name, ids in block.items():
            if not isinstance(ids, list):
                raise DataFileError(f"line {yamlfile.line_of(block, name)}: {key} {name!r} is a list of ids", p)
            if key == "excluded":
                out.excluded[str(name)] = [str(i) for i in ids]
            else:
                getattr(out, key)[str(name)] = {_side(str(i)) if key != "symbols" else str(i) for i in ids}
    # a name left unscored must not be one the truth labels: its labels would be dropped silently (review37 C11)
    both = sorted(n for n in out.unscored if n in out.symbols or n in out.hexsides or n in out.links)
    if both:
        raise DataFileError(f"line {yamlfile.line_of(data, 'unscored')}: {', '.join(both)} both labelled and "
                            f"'unscored:'", p)
    checked_on = grid if grid is not None else refers_to
    if checked_on is not None:
        check_ids(out, checked_on)
    return out


def check_ids(truth: Truth, grid: Grid) -> None:
    """A one-line :class:`DataFileError` (naming the truth file and its line) for the first id of ``truth`` that
    is not a hex of ``grid`` (the truth's own, else the one its ids refer to) and the first side or link whose two
    hexes are not neighbours. Such a label was scored without a word (user44): a hex
    id typed wrong ('1699' on a 15 x 14 map) counted as a hex read as nothing, a link between two hexes that share
    no side ('0604/0606') as a link never found, and `wgt map tiles --truth` stopped on it naming no file."""
    data, source = truth.data, truth.source or None

    def where(key: str, name: Any = None) -> str:
        block = data.get(key) if isinstance(data, Mapping) else None
        line = yamlfile.line_of(block if name is not None else data, name if name is not None else key)
        return f"line {line}: " if line is not None else ""

    def on(hid: str, key: str, name: Any) -> Any:
        try:
            return grid.hex(hid)
        except HexIdError as exc:
            what = str(exc)
            whose = "the truth file's grid" if truth.grid is grid else "--grid, which its ids refer to"
            what = what[:-1] + f" on {whose})" if what.endswith(")") else f"{what} (on {whose})"
            raise DataFileError(f"{where(key, name)}{key}{'' if key == 'hexes' else f' {name!r}'}: {what}",
                                source) from None

    for hid in truth.hexes:
        on(hid, "hexes", hid)
    for key in ("symbols", "excluded"):
        for name, ids in getattr(truth, key).items():
            for hid in ids:
                on(hid, key, name)
    for key in ("hexsides", "links"):
        for name, sides in getattr(truth, key).items():
            for side in sorted(sides):
                a, _, b = side.partition("/")
                if not b:
                    raise DataFileError(f"{where(key, name)}{key} {name!r}: {side!r} is not a side 'a/b' of two "
                                        "neighbouring hexes", source)
                ha, hb = on(a, key, name), on(b, key, name)
                if distance(ha, hb) != 1:
                    raise DataFileError(f"{where(key, name)}{key} {name!r}: {a} and {b} are not neighbours, so they "
                                        f"share no hexside ({side!r})", source)


def names_unknown(truth: Truth, classes: Iterable[str], symbol_names: Iterable[str],
                  line_names: Iterable[str]) -> list[str]:
    """One line per kind of label of ``truth`` that the legend (its hex ``classes``, symbol and line names) does not
    have: such a hex counts wrong whatever is read, such a symbol or line is scored with nothing found, and the score
    said neither (user44: a hex labelled 'Land' on a legend of 'land' read as one hex wrong; a line labelled 'clif'
    read 'recall 0.0% (0/4)' beside 'cliff ... is not in the truth file')."""
    out = []
    known = set(classes)
    odd = sorted((hid, c) for hid, c in truth.hexes.items() if c not in known)
    if odd:
        shown = ", ".join(f"{hid} {c}" for hid, c in odd[:SHOWN]) + (" ..." if len(odd) > SHOWN else "")
        out.append(f"--truth: {len(odd)} labelled hex{'es have a class' if len(odd) != 1 else ' has a class'} the "
                   f"legend does not have, so {'they count' if len(odd) != 1 else 'it counts'} wrong whatever is "
                   f"read: {shown} (the legend's classes: {', '.join(sorted(known))})")
    for kind, names, legend_names in (("symbol", truth.symbols, set(symbol_names)),
                                      ("line", truth.lines(), set(line_names))):
        for name in sorted(n for n in names if n not in legend_names and n not in truth.unscored):
            have = ", ".join(sorted(legend_names)) or "none"
            out.append(f"--truth: {kind} {name} is not a {kind} of the legend, so nothing of it is found (the "
                       f"legend's {kind}s: {have}): name it as the legend does, or under unscored:")
    return out


def _side(key: str) -> str:
    a, _, b = key.partition("/")
    return f"{a}/{b}" if a < b else f"{b}/{a}"


@dataclass
class Score:
    """Accuracy of hex classes, the confusion matrix (truth -> found -> count), and per symbol and
    line feature (true positives, found, in truth)."""

    hexes: int
    right: int
    confusion: dict[str, dict[str, int]]
    wrong: list[tuple[str, str, str]]  # (hex, truth, found)
    symbols: dict[str, tuple[int, int, int]]
    lines: dict[str, tuple[int, int, int]]
    # per symbol ("symbol", name) and line ("line", name): the truth's hexes or sides not found, and those found that
    # the truth does not hold (sorted)
    misses: dict[tuple[str, str], tuple[list[str], list[str]]] = field(default_factory=dict)
    # symbols and lines of the legend that the truth file has no entry for: every find of them counts false
    unlabelled: frozenset[str] = frozenset()

    @property
    def accuracy(self) -> float:
        return self.right / self.hexes if self.hexes else 0.0

    def to_dict(self) -> dict[str, Any]:
        def pr(kind: str, name: str, t: tuple[int, int, int]) -> dict[str, Any]:
            tp, found, true = t
            missed, false = self.misses.get((kind, name), ([], []))
            return {"true_positives": tp, "found": found, "in_truth": true,
                    "recall": round(tp / true, 4) if true else None,
                    "precision": round(tp / found, 4) if found else None,
                    "missed": list(missed), "false": list(false), "labelled": name not in self.unlabelled}
        return {"hexes": self.hexes, "right": self.right, "accuracy": round(self.accuracy, 4),
                "confusion": self.confusion, "wrong": [list(w) for w in self.wrong],
                "symbols": {k: pr("symbol", k, v) for k, v in self.symbols.items()},
                "lines": {k: pr("line", k, v) for k, v in self.lines.items()}}

    def lines_text(self, listed: bool = False) -> list[str]:
        """The score as lines of text for a terminal; ``listed`` (``--truth-list``): under the confusion matrix the
        hexes read wrong (truth -> found), and under each symbol and line its missed and false hexes or sides (opt-in:
        a blind case is read by its totals only, review43 R6)."""
        out = [f"hexes: {self.right} of {self.hexes} right ({self.accuracy:.1%})"]
        names = sorted({*self.confusion, *(f for row in self.confusion.values() for f in row)})
        if names:
            w = max(8, *(len(n) for n in names))
            out.append("confusion (rows truth, columns found):")
            out.append(" " * (w + 2) + " ".join(f"{n[:w]:>{w}}" for n in names))
            for t in names:
                row = self.confusion.get(t, {})
                out.append(f"  {t[:w]:<{w}}" + " ".join(f"{row.get(n, 0):>{w}}" for n in names))
        if listed and self.wrong:
            # which hexes the confusion counts (user47: Paper Wars' 1942 read 53 of 55 with two off-diagonal ones in
            # the matrix and no word which; --json had them): truth -> found, the first SHOWN
            more = f" ... ({len(self.wrong) - SHOWN} more; --json lists all)" if len(self.wrong) > SHOWN else ""
            out.append(f"  wrong: {' '.join(f'{h} {t}->{g}' for h, t, g in self.wrong[:SHOWN])}{more}")
        for kind, block in (("symbol", self.symbols), ("line", self.lines)):
            for name, (tp, found, true) in sorted(block.items()):
                rec = f"{tp / true:.1%}" if true else "-"
                prec = f"{tp / found:.1%}" if found else "-"
                line = f"{kind} {name}: recall {rec} ({tp}/{true}), precision {prec} ({tp}/{found})"
                if name in self.unlabelled and found:
                    # user43: a town class with symbol: true, its hexes labelled as the class, read 'precision 0.0%
                    # (0/3)' for three towns found right
                    where = "symbols:" if kind == "symbol" else "hexsides: or links:"
                    line += (f" - {name} is not in the truth file, so every one found counts false: list its "
                             f"{'hexes' if kind == 'symbol' else 'sides'} under {where}, or name it under unscored:")
                out.append(line)
                missed, false = self.misses.get((kind, name), ([], []))
                for word, ids in (("missed", missed), ("false", false)):
                    if listed and ids and name not in self.unlabelled:
                        more = f" ... ({len(ids) - SHOWN} more; --json lists all)" if len(ids) > SHOWN else ""
                        out.append(f"  {word}: {' '.join(ids[:SHOWN])}{more}")
        return out


def score(truth: Truth, hex_class: Mapping[str, str | None], symbols: Mapping[str, set[str]] | None = None,
          sides: Mapping[str, frozenset[str] | set[str]] | None = None, symbol_names: Iterable[str] = (),
          line_names: Iterable[str] = ()) -> Score:
    """Score found hex classes (hex -> class), symbols (symbol -> hexes) and side features
    (side key -> feature names, as :attr:`Extraction.hexsides`) against ``truth``. Symbols and lines
    are scored for the names the truth lists and for ``symbol_names`` / ``line_names`` (the legend's), only
    where both ends are labelled hexes: a class the legend has and the truth has no entry for is labelled
    nowhere in the truth's hexes, so everything found of it there is false (Red Winter's first region has no
    primary road: the 43 sides read as one were left out of its score)."""
    confusion: dict[str, dict[str, int]] = {}
    wrong = []
    right = 0
    for hid, want in truth.hexes.items():
        got = hex_class.get(hid) or "-"
        confusion.setdefault(want, {})
        confusion[want][got] = confusion[want].get(got, 0) + 1
        if got == want:
            right += 1
        else:
            wrong.append((hid, want, got))
    sym_scores = {}
    misses: dict[tuple[str, str], tuple[list[str], list[str]]] = {}
    unlabelled: set[str] = set()
    for name in [n for n in (*truth.symbols, *(n for n in symbol_names if n not in truth.symbols))
                 if n not in truth.unscored]:
        if name not in truth.symbols:
            unlabelled.add(name)
        true = truth.symbols.get(name, set())
        found = {h for h in (symbols or {}).get(name, set()) if h in truth.hexes}
        sym_scores[name] = (len(found & true), len(found), len(true))
        misses["symbol", name] = (sorted(true - found), sorted(found - true))
    labelled = set(truth.hexes)
    by_feature: dict[str, set[str]] = {}
    for key, feats in (sides or {}).items():
        a, _, b = key.partition("/")
        if a in labelled and b in labelled:
            for f in feats:
                by_feature.setdefault(f, set()).add(_side(key))
    line_scores = {}
    in_truth = truth.lines()
    for name in [n for n in (*in_truth, *(n for n in line_names if n not in in_truth)) if n not in truth.unscored]:
        if name not in in_truth:
            unlabelled.add(name)
        true = in_truth.get(name, set())
        found = by_feature.get(name, set())
        true = {k for k in true if all(h in labelled for h in k.split("/"))}
        line_scores[name] = (len(found & true), len(found), len(true))
        misses["line", name] = (sorted(true - found), sorted(found - true))
    return Score(len(truth.hexes), right, confusion, sorted(wrong), sym_scores, line_scores, misses,
                 frozenset(unlabelled))


def numbered_otherwise(truth: Truth, grid: Grid) -> str | None:
    """One line when the truth's grid and ``grid`` (the extraction's) lie on the same hexes of the scan but name them
    differently, else None. The ids the truth labels are then other hexes of the extraction, and every score compares
    different hexes: a map printing ids on its odd columns only (Battle for Moscow) leaves the even columns' first
    row to a convention, and a new user's grid calling the first whole hex of column 2 "0201" scored 119 of 144 hexes
    and 24 of 63 river sides against a truth calling it "0202", without a word. Said only when the two grids' hex
    centres coincide (within a quarter of a hex spacing) for half the labelled hexes or more: a truth labelled on
    another scan of the map (another size, another crop) cannot be compared this way, and nothing is said."""
    tg = truth.grid
    if tg is None or tg.layout is None or grid.layout is None:
        return None
    lay, tlay = grid.layout, tg.layout
    o, e = lay.hex_to_pixel(Hex(0, 0)), lay.hex_to_pixel(Hex(1, 0))
    spacing = ((e[0] - o[0]) ** 2 + (e[1] - o[1]) ** 2) ** 0.5
    on_lattice = 0
    renamed: list[tuple[str, str, tuple[float, float]]] = []
    for hid in sorted(truth.hexes):
        try:
            p = tlay.hex_to_pixel(tg.numbering.hex_of(hid))
        except HexIdError:
            continue
        here = lay.pixel_to_hex(*p)
        c = lay.hex_to_pixel(here)
        if ((c[0] - p[0]) ** 2 + (c[1] - p[1]) ** 2) ** 0.5 > spacing / 4:
            continue
        on_lattice += 1
        try:
            same = grid.numbering.hex_of(hid) == here
        except HexIdError:  # the truth's id is no id of this numbering (lettered against numbered)
            same = False
        if not same:
            try:
                mine = grid.numbering.id_of(here)
            except HexIdError:
                mine = "a hex this numbering cannot spell"
            renamed.append((hid, mine, p))
    if not renamed or on_lattice * 2 < len(truth.hexes):
        return None
    hid, mine, p = renamed[0]
    return (f"--truth: the truth file's grid and --grid lie on the same hexes of the scan but name {len(renamed)} of "
            f"its {on_lattice} labelled hexes differently (the truth's {hid} is {mine} of --grid, at "
            f"{p[0]:.0f},{p[1]:.0f}), so the scores below compare different hexes: calibrate with the truth's "
            "numbering (which columns are shifted, where each column's rows start, which way rows and columns "
            "count: --shifted, --row-direction, --col-direction, or its grid as --grid), or label the truth on "
            "this grid")
