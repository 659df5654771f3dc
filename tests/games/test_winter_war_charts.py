"""Winter War charts as data and the combat arithmetic, against the rulebook's own tables and examples."""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path

import pytest

from toolkit.counters import load_counters
from toolkit.games.winter_war import GAME
from toolkit.games.winter_war import charts as C
from toolkit.games.winter_war.combat import defense_strength, resolve


def test_crt_matches_the_rulebook_table(seeds: Path) -> None:
    text = (seeds / "winter-war-spi-1972.txt").read_text(encoding="utf-8")
    rows = re.findall(r"^\| ([1-6]) \| (.+) \|$", text, flags=re.M)
    table = {int(d): [c.strip() for c in rest.split("|")] for d, rest in rows if rest.count("|") == 8}
    assert sorted(table) == [1, 2, 3, 4, 5, 6]
    for die, cells in table.items():
        for i, cell in enumerate(cells):
            normal, _, alt = cell.partition(" (")
            assert C.CRT.result(i, die) == normal
            assert C.CRT.result(i, die, "fortified") == (alt.rstrip(")") or normal)


def test_combat_n_example_26_against_9_is_2_to_1() -> None:
    assert resolve(26, 9).odds.label == "2-1"  # Combat (N)


def test_odds_limits() -> None:
    low = resolve(1, 5)
    assert low.odds.label == "1-4" and "treated as 1-4" in low.notes[0]
    high = resolve(70, 10)
    assert high.odds.label == "6-1" and "treated as 6-1" in high.notes[0]


def test_fortified_results_take_precedence() -> None:
    # Fortifications (B): 6-1 die 1 is De, but Ne against Finns in a fortification
    assert resolve(36, 6, die=1).result == "De"
    assert resolve(36, 6, die=1, fortified=True).result == "Ne"
    assert resolve(36, 6, die=6, fortified=True).result == "De"  # no parenthesis: normal result
    assert resolve(12, 12, die=4, fortified=True).result == "Ex"


def test_doubling_is_never_more_than_double_and_isolation_halves_exactly() -> None:
    assert defense_strength(6, doubled=True) == 12
    assert defense_strength(1, isolated=True) == Fraction(1, 2)  # "do not round-off"
    assert defense_strength(3, doubled=True, isolated=True) == 3
    out = GAME.combat([Fraction(6)], [Fraction(6)], fortified=True, city=True, river=True)
    assert out["defense"] == 12 and out["odds"] == "1-2"


def test_ski_patrols_and_petsamo_landing() -> None:
    assert resolve(1, 0, die=1, ski_patrols_only=True).result == "De"  # Combat (R)
    # Scenario A: three 3-2-2 (9) against a doubled 2-1-2 (2): 4-1; die 1 Ne -> Ae
    out = GAME.combat([Fraction(3)] * 3, [Fraction(1)], landing=True, die=1)
    assert (out["odds"], out["result"]) == ("4-1", "Ae")


def test_victory_levels() -> None:
    assert C.victory_level(101) == "Decisive Soviet Victory"
    assert C.victory_level(100) == C.victory_level(81) == "Substantive Soviet Victory"
    assert C.victory_level(80) == C.victory_level(61) == "Marginal Soviet Victory"
    assert C.victory_level(60) == C.victory_level(31) == "Draw (Finnish Moral Victory)"
    assert C.victory_level(30) == C.victory_level(-200) == "Finnish Decisive Victory"


def test_vp_schedule() -> None:
    pts = {v.key: v.points for v in C.VP_SCHEDULE}
    assert pts == {"west_of_viipuri": 5, "viipuri": 25, "petsamo": 30, "oulu": 30, "mannerheim": 40,
                   "south_clear": 50, "allied_eliminated": 5, "soviet_city": -10, "murmansk_defense": -10,
                   "murmansk": -20, "leningrad": -100}


def test_turn_record_and_scenario_table() -> None:
    assert sorted(C.TURNS) == list(range(1, 11)) and C.TURNS[4][1] == "Murmansk Defense in effect"
    assert sorted(C.ICE_TURNS) == [8, 9, 10]
    assert [C.scenario_for(t, 6) for t in range(1, 6)] == ["D", "E", "C", "B", "E"]
    assert [C.scenario_for(t, 4) for t in range(1, 6)] == [None, "C", "A", "A", "A"]
    assert C.scenario_for(2, 3) is None and C.scenario_for(7, 6) is None


def test_counter_mix_matches_the_force_charts() -> None:
    cs = load_counters("winter-war")
    counts = {t.id: t.count for t in cs}
    expected: dict[str, int] = {}
    for table in (C.FINNISH_INITIAL_FORCES, C.SOVIET_INITIAL_FORCES, *C.FINNISH_REINFORCEMENTS.values(),
                  *C.SOVIET_REINFORCEMENTS.values()):
        for cid, n in table.items():
            expected[cid] = expected.get(cid, 0) + n
    expected.update({"all-3-2-2": 6, "sov-3-1-1": 1, "fin-2-2-2": 1})  # Scenario B, Events F and G
    assert counts == expected
    assert cs.total == 108
    assert {t.id for t in cs if t.side == "allied"} == {"all-3-2-2"}
    assert cs.sides["allied"].player == "finnish"


@pytest.mark.parametrize(("attack", "defense", "label"), [(1, 4, "1-4"), (2, 5, "1-3"), (5, 9, "1-2"), (4, 3, "1-1"),
                                                          (17, 6, "2-1"), (47, 8, "5-1")])
def test_more_rounding(attack: int, defense: int, label: str) -> None:
    assert resolve(attack, defense).odds.label == label


def _section(text: str, start: str, end: str) -> str:
    return text[text.index(start):text.index(end, text.index(start))]


def test_force_charts_and_reinforcements_match_the_rulebook(seeds: Path) -> None:
    """Finnish/Soviet Initial Forces and the Turn Record/Reinforcement Chart, read from the rulebook text."""
    text = (seeds / "winter-war-spi-1972.txt").read_text(encoding="utf-8")

    def chart(start: str, end: str, short: str) -> dict[str, int]:
        rows = re.findall(r"^\| (\d+-\d+-\d+|Blanks) [^|]*\| x(\d+)", _section(text, start, end), flags=re.M)
        return {(f"{short}-blank" if v == "Blanks" else f"{short}-{v}"): int(n) for v, n in rows}

    assert chart("Finnish Initial Forces", "Soviet Initial Forces", "fin") == C.FINNISH_INITIAL_FORCES
    assert chart("Soviet Initial Forces", "Turn Record", "sov") == C.SOVIET_INITIAL_FORCES

    def schedule(start: str, end: str, short: str) -> dict[int, dict[str, int]]:
        body = _section(text, start, end)
        out: dict[int, dict[str, int]] = {}
        for turn, units in re.findall(r"Game-Turn (\d+): ([^.]+)\.", body):
            out[int(turn)] = {f"{short}-{v}": int(n) for v, n in re.findall(r"(\d+-\d+-\d+) x(\d+)", units)}
        return out

    assert schedule("Finnish Reinforcements", "Soviet Reinforcements", "fin") == C.FINNISH_REINFORCEMENTS
    assert schedule("Soviet Reinforcements", "Players may deliberately", "sov") == C.SOVIET_REINFORCEMENTS


def test_counter_total_against_the_inventory(seeds: Path) -> None:
    """The inventory says 120 die-cut pieces; the charts and scenarios name 108 (39 Finnish incl. 5 blanks and the
    volunteer, 6 Allied, 63 Soviet incl. the paratroop). The other 12 are named nowhere in the rules (the turn
    marker is a coin), so counters/winter-war.yaml holds 108 and says why."""
    text = (seeds / "winter-war-spi-1972.txt").read_text(encoding="utf-8")
    assert "one set of die-cut counters (120 pieces)" in text
    cs = load_counters("winter-war")
    by_side = {side: sum(t.count for t in cs if t.side == side) for side in ("finnish", "allied", "soviet")}
    assert by_side == {"finnish": 39, "allied": 6, "soviet": 63} and cs.total == 108 == 120 - 12


def test_victory_tables_match_the_rulebook(seeds: Path) -> None:
    text = (seeds / "winter-war-spi-1972.txt").read_text(encoding="utf-8")
    levels = re.findall(r"^\| (\d+)(?: \(or more\)| through \d+| or less) \| ([^|]+) \|$", text, flags=re.M)
    assert [(int(a), b.strip()) for a, b in levels] == [(101, "Decisive Soviet Victory"),
                                                     (81, "Substantive Soviet Victory"),
                                                     (61, "Marginal Soviet Victory"),
                                                     (31, "Draw (Finnish Moral Victory)"),
                                                     (30, "Finnish Decisive Victory")]
    schedule = re.findall(r"^\| ((?:Soviets|Finns) [^|]+) \| ([+-]\d+)", text, flags=re.M)
    assert {cond.strip(): int(pts) for cond, pts in schedule} == {v.condition: v.points for v in C.VP_SCHEDULE}


def test_terrain_effects_and_scenario_table_match_the_rulebook(seeds: Path) -> None:
    text = (seeds / "winter-war-spi-1972.txt").read_text(encoding="utf-8")
    for t in C.TERRAIN_EFFECTS:
        assert f"| {t.name} | {t.movement} | {t.combat} |" in text, t.name
    body = text[text.index("| Die Roll | GT1"):]  # the Scenario Table closes the rulebook
    rows = re.findall(r"^\| (1,2,3|[4-6]) \| ([^\n]+) \|$", body, flags=re.M)
    table = {die: [None if c.strip() == "—" else c.strip() for c in rest.split("|")] for die, rest in rows}
    assert table["1,2,3"] == [None] * 5
    for die in ("4", "5", "6"):
        assert table[die] == list(C.SCENARIO_TABLE[int(die)]), die
    assert all(C.SCENARIO_TABLE[d] == (None,) * 5 for d in (1, 2, 3))
