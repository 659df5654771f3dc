"""The rule-coverage matrix of the Tornio '44 referee (``toolkit/games/tornio_44/COVERAGE.md``): every section of the
rulebook, judged (by which rule units, shown by which tests) or left to the players, with the reason.

Regenerate from a checkout: ``python -m toolkit.games.tornio_44.rules.coverage`` (``tests/games/
test_tornio_rules.py`` checks that the committed file is the generated one and that every section heading of the
rulebook is in it).
"""

from __future__ import annotations

import re
import sys
from pathlib import Path

from .common import BOOK
from .referee import CHAPTERS

__all__ = ["SECTIONS", "matrix"]

del CHAPTERS  # imported for the registrations of every rule unit

#: every section heading of the rulebook (v1.2), in order
SECTIONS = (
    "1.0", "1.1", "1.2", "1.3", "2.0", "3.0", "4.0", "4.1", "4.2", "4.3", "4.4", "4.4.1", "4.4.2", "4.4.3", "4.4.4",
    "4.4.5", "4.4.6", "4.4.7", "4.5", "4.6", "5.0", "5.1", "5.2", "5.3", "5.4", "5.5", "5.6", "5.7", "6.0", "6.1",
    "6.1.1", "6.1.2", "7.0", "7.1", "8.0", "8.1", "9.0", "10.0", "11.0", "11.1", "12.0", "12.1", "13.0", "13.1",
    "13.2", "14.0", "15.0", "15.1", "15.2", "15.3", "16.0", "16.1", "16.2", "16.2.1", "16.2.2", "16.2.3", "17.0",
    "17.1", "17.2", "17.2.1", "17.3", "17.4", "17.5", "18.0", "18.1", "18.1.1", "18.2", "18.3", "18.4", "18.5", "18.6",
    "19.0", "20.0", "20.1", "20.2", "20.3", "21.0", "21.1", "21.2", "21.3", "21.4", "21.4.1", "21.4.2", "21.5", "21.6",
    "21.7", "22.0", "22.1", "22.2", "22.3", "22.4", "22.4.1", "22.4.2", "22.5", "22.5.1", "22.6", "22.6.1", "22.6.2",
    "22.6.3", "22.6.4", "22.6.5", "22.6.6", "22.7", "22.8", "22.9", "22.10", "22.10.1", "22.11", "23.0", "23.1",
    "23.2", "24.0", "24.1", "25.0", "25.1", "26.0", "26.1", "27.0", "27.1", "27.2", "27.3", "28.0", "28.1", "29.0",
    "29.1", "29.2", "29.3", "29.4", "29.4.1", "29.4.2", "29.5", "30.0", "31.0", "31.1", "31.2", "31.3", "31.4",
    "31.4.1", "31.4.2", "31.5")

#: sections judged inside other rule units (where no unit carries the number itself)
JUDGED_WITHIN = {
    "5.1": "legal hexes: 18.4 and the movement costs (Illegal Hexes cannot be entered)",
    "5.5": "ZOC: 9.0 (Combat Units only)",
    "5.6": "reduced side: strengths halved (designer's note 2) in every rule that counts factors",
    "6.1": "combat outside the Combat Phase, moves in the Combat Phase (6.1, after_combat)",
    "6.1.1": "phases of a Daytime turn: Exploitation (25.0), supply from 2A (13.0), Air Strikes (20.0)",
    "6.1.2": "phases of a Nighttime turn: RP (14.0), no Exploitation (25.0), night DRMs (27.3)",
    "13.2": "German depots by turn and owner (13.0 supply routes)",
    "16.0": "16.1, 16.2",
    "16.2": "arrivals: first hex counted, always in supply, support units moved (moves, 13.0, 21.5)",
    "17.1": "motorised vs Foot: 18.1.1, 22.3 Clarification 2, supply routes in Foot MPs (13.0)",
    "17.5": "enemy hex and ZOC costs in every move (the chart's values from Illustrations 6 and 10)",
    "18.0": "the dominant terrain's cost; buildings (villages) in addition (movement)",
    "18.1": "river costs and the river combat modifier when most attacking steps cross (combat)",
    "18.3": "railroads as Secondary Roads (the board's road())",
    "18.6": "movement costs and combat modifiers from the charts; unknown ones 'not judged'",
    "20.1": "Air Strike DRMs (summary)",
    "21.1": "the Support Factor total and column (21.1 Clarification)",
    "21.2": "range (fire)",
    "21.4": "21.4.1 and 21.4.2 DRMs (summary)",
    "21.4.1": "spotter -2 DRM (summary)",
    "21.4.2": "terrain DRM (summary)",
    "21.5": "moved Support Units halved (fire)",
    "22.1": "odds in half steps rounded down for the defender, the half-ratio die, dice, APs (..combat.resolve)",
    "22.2": "regular combat between adjacent hexes (22.5)",
    "22.4": "combat modifiers (..combat.resolve)",
    "22.4.1": "multi-hex attack +0.5 a hex (build_attack)",
    "22.4.2": "Defensive Flanking Support -0.5 a hex, at most four (build_attack)",
    "22.6": "combat actions and their costs (check_actions)",
    "22.6.1": "Step Loss 4 APs (check_actions)",
    "22.6.2": "No Effect only on a sole 1 (check_actions)",
    "22.6.3": "Broken 1 Level 2 APs (check_actions)",
    "22.6.4": "Broken 2 Levels 3 APs (check_actions)",
    "22.10.1": "Large Combat dice (..combat.resolve)",
    "22.11": "the Combat Cost Table's costs (charts)",
    "23.2": "Stacking Marker Boxes: 5 units, one designated (7.1)",
    "25.1": "exploitation restrictions (moves)",
    "27.0": "27.1-27.3",
    "27.1": "MF halved at night (strengths)",
    "27.2": "-1 odds at night (combat)",
    "29.3": "initiative from the VP difference (summary)",
    "29.5": "victory levels (summary)",
    "31.0": "optional rules as switches: state.optional",
}

#: sections left to the players, and why
LEFT = {
    "1.0": "introduction", "1.1": "game scale", "1.2": "number of players", "1.3": "how to start reading",
    "2.0": "list of contents", "3.0": "abbreviations", "4.0": "components", "4.1": "the rules manual's layout",
    "4.2": "the Player Aid Card (its tables are the charts)", "4.3": "OOB Cards: not in the rulebook",
    "4.4": "counters (the counter file)", "4.4.1": "counters", "4.4.2": "counter values (the counter file, H = 0.5)",
    "4.4.3": "unit types (the counter file)", "4.4.4": "identification: historical",
    "4.4.5": "designation (7.1 uses it)",
    "4.4.6": "unit size: historical", "4.4.7": "markers are not units (the referee ignores them as units)",
    "4.5": "the map (maps/tornio-44.yaml)", "4.6": "dice", "5.0": "game terms", "5.3": "definition",
    "5.7": "definition", "6.0": "the game's end is 29.0; the turn order and initiative rolls are the players'",
    "8.0": "Fog of War: what a player may look at is not in a position",
    "11.1": "Coup Table: not printed (the result is 'not judged'); the DRMs are judged (11.0)",
    "12.1": "Weather Table: not printed; the die is the players'",
    "15.2": "Bridge Demolition Results Table: not printed (the result is 'not judged'); DRMs judged (15.0)",
    "15.3": "Bridge K VP-cost Table: not printed", "17.2.1": "VP accounting for exits: the players' VP track",
    "18.5": "terrain key: on the map", "20.3": "Air Strike Table: not printed (the result is 'not judged')",
    "21.7": "Indirect Fire Support Table: only the 4 and 12 columns are known (the result is 'not judged')",
    "22.7": "multiple combat results in one phase: needs the order of combats, not in a position",
    "26.1": "VPs for German step losses in Motti: the players' VP track (Motti itself is judged, 26.0)",
    "29.2": "first initiative: die rolls",
    "29.4": "VP-objects and their values: the players' VP track (the level is judged, 29.5)",
    "29.4.1": "Finnish VP gains: the players' VP track", "29.4.2": "German VP subtractions: the players' VP track",
    "31.4": "HQs: the bonus is judged (31.4.1, 31.4.2); HQ elimination and its VPs are the players'",
    "31.5": "Uncertain Time of Arrival: a die roll; arrivals are judged as they are placed",
}


#: what a judged section leaves to the players
PARTLY = {
    "7.0": "a stack exceeding the limit during movement is judged only with state.mid_move",
    "13.0": "on the bundled map most terrain costs are unknown: such routes are 'not judged'",
    "16.1": "the OOB Cards' start hexes are not in the rulebook",
    "16.2": "the OOB Cards' arrival hexes and turns are not in the rulebook (a German arrival names its hex: entered)",
    "17.0": "a stack moving at its slowest unit's MF, and the path taken, are not in a pair of positions",
    "22.6.5": "'towards enemy units', 'the site of an earlier combat' and the stacking of the retreat hex",
    "22.6.6": "a step lost crossing a Major River without a bridge in a Panic",
    "28.1": "moving through an alcohol depot hex (the path is not in a pair of positions)",
    "30.0": "only where (10a) and (10c) put the Os.P and Larjo units; the rest is preparation, the German set-up is "
            "on the OOB Card",
    "31.3": "the two-hex ZOC and its halved movement penalties",
    "31.4": "HQ elimination and its VPs",
}

#: how the referee reads what the rulebook leaves open (each a choice a reader could make differently)
READINGS = (
    "Turns: a position's `turn` counts Game Turns 1..16 (1 = 1A ... 16 = 8B); odd turns are Daytime (6.1).",
    "Unknown chart values: a move or supply route is searched with each unknown cost free and impossible; legal "
    "when it fits with them impossible, a violation when it does not fit with them free, else 'not judged'.",
    "17.5 costs from Illustrations 6 and 10: entering an enemy ZOC 1 MP, leaving one 1 MP (Illustration 6's start "
    "hex is read as in enemy ZOC), entering an enemy hex 1 MP with no cost for leaving the ZOC into it; at least "
    "3 MPs into an enemy Town/Factory Area hex (22.3).",
    "27.1, 25.1: the MF is halved, then each Broken Level takes 1 MP ('will reduce movement even more').",
    "22.3: a Foot unit's factor is doubled, then its Broken Levels subtracted ('Any Broken Level will then reduce "
    "the strength'); a Support Unit's Close Defense Factor is doubled as well, motorised or not.",
    "Designer's note 2: a reduced unit's combat and support factors are half the front's unless the counter file "
    "prints its back; the MF is not halved.",
    "18.2: a road step over a river hexside ignores the river only where a bridge crosses it.",
    "26.0 Motti: a unit whose hex cannot reach the largest area of the map free of enemy units (through legal "
    "hexes) is encircled; the ring need not be adjacent. A unit alone on an island is encircled by Illegal Hexes "
    "(26.0's example of a supplied unit in Motti is a Landing Site hex).",
    "22.9: several combat actions are listed in Action Order (Step Loss, Broken 1, Broken 2, Retreat/Panic); "
    "spending more APs than required is allowed (Illustration 12's choice 2).",
    "24.0: 'It is only allowed to advance into the first abandoned hex if the enemy panicked' limits a Tank's "
    "second hex (24.1) after a Panic.",
    "17.3: a unit leaving a Transfer Point enters 0111 or 1224 (16.2.2 names them), its first hex a Main Road step "
    "where a road leads there.",
    "28.0: 'adjacent to a map edge' is read as a hex on the map edge.",
)

#: tests that show a section although they cite another one first
SHOWN_BY = {
    "6.0": ["vp-game-over"], "13.2": ["demolition-not-in-hex (German supply)"], "18.1": ["illustration-12"],
    "18.3": ["alcohol-sites (a railroad hex is a road hex)"], "20.1": ["air-sunny"], "21.4.1": ["fire-moved"],
    "22.4": ["illustration-12", "illustration-9"], "22.4.1": ["illustration-12", "illustration-9"],
    "22.4.2": ["illustration-12"], "22.6": ["illustration-12-order"], "22.6.1": ["examples::test_designers_notes"],
    "22.6.2": ["combat-no-effect-misused"], "22.6.3": ["illustration-12"], "22.6.4": ["illustration-12"],
    "22.9": ["illustration-12-order"], "27.1": ["night-half-mf"], "29.3": ["examples::test_illustration_17_initiative"],
    "29.5": ["examples::test_29_5_levels"],
}


def _position_citations(root: Path) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for folder in ("tornio_44_positions", "tornio_44_real_positions"):
        for f in sorted((root / "tests" / "games" / folder).glob("[0-9]*.yaml")):
            first = f.read_text(encoding="utf-8").split("\n", 1)[0]
            if first.startswith("# rule: "):
                section = first[len("# rule: "):].split()[0]
                out.setdefault(section, []).append(f.stem)
    return out


def _example_citations(root: Path) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    path = root / "tests" / "games" / "test_tornio_examples.py"
    if path.is_file():
        for name in re.findall(r"^def (test_\w+)", path.read_text(encoding="utf-8"), re.M):
            for m in re.findall(r"_(\d+)_(\d+)(?:_(\d+))?", name):
                out.setdefault(".".join(x for x in m if x), []).append(name)
    return out


def matrix(root: Path) -> str:
    """The matrix as Markdown (``root``: the repository, for the tests that show each section)."""
    units: dict[str, list[str]] = {}
    for r in BOOK:
        key = r.section.split()[0]
        units.setdefault(key, []).append(r.name or f"{r.section} (cited)")
    positions, examples = _position_citations(root), _example_citations(root)
    names = {stem.split("-", 1)[1]: stem for stems in positions.values() for stem in stems}
    lines = ["# Tornio '44: rule coverage of the referee", "",
             "Generated by `python -m toolkit.games.tornio_44.rules.coverage` from the referee's rule units "
             "(`rules/`), the position suites (`tests/games/tornio_44_positions`, `tests/games/"
             "tornio_44_real_positions`) and `tests/games/test_tornio_examples.py`. *judged*: a rule unit carries "
             "the section (its violations cite it); *judged in part*: what is left is said; *judged within*: "
             "applied by the units named; *left to the players*: the reason. A verdict that needs a chart value "
             "the rulebook does not print is reported as `not judged: <table> value unknown`.", "",
             "| Section | Status | Rule units / how | Tests |", "|---|---|---|---|"]
    counts = {"judged": 0, "judged in part": 0, "judged within": 0, "left to the players": 0}
    for s in SECTIONS:
        tests = positions.get(s, []) + [f"examples::{t}" for t in examples.get(s, [])] + [
            t if t.startswith("examples::") else names.get(t.split()[0], t) + t[len(t.split()[0]):]
            for t in SHOWN_BY.get(s, [])]
        tests = list(dict.fromkeys(tests))
        shown = ", ".join(tests[:4]) + (f" (+{len(tests) - 4})" if len(tests) > 4 else "")
        if s in units:
            status, how = "judged", ", ".join(dict.fromkeys(units[s]))
            if s in PARTLY:
                status, how = "judged in part", f"{how}; left to the players: {PARTLY[s]}"
        elif s in JUDGED_WITHIN:
            status, how = "judged within", JUDGED_WITHIN[s]
        else:
            status, how = "left to the players", LEFT.get(s, "not modelled")
        counts[status] += 1
        lines.append(f"| {s} | {status} | {how} | {shown} |")
    lines += ["", "## Readings", "", *(f"- {r}" for r in READINGS)]
    lines += ["", f"{len(SECTIONS)} sections: {counts['judged']} judged by their own rule units, "
              f"{counts['judged in part']} judged in part, {counts['judged within']} judged within others, "
              f"{counts['left to the players']} left to the players.", ""]
    return "\n".join(lines)


def main() -> None:
    from ....fileio import atomic_write
    root = Path(sys.argv[1]) if len(sys.argv) > 1 else Path.cwd()
    atomic_write(root / "toolkit" / "games" / "tornio_44" / "COVERAGE.md", matrix(root))


if __name__ == "__main__":
    main()
