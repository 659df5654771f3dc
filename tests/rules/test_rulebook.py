"""The rule registry: rules carry their section (with the case letter) and quote their rulebook word for word."""

from __future__ import annotations

from pathlib import Path

import pytest

from toolkit.rules.report import violation
from toolkit.rules.rulebook import Rule, RuleBook, normalise_text

SEEDS = Path(__file__).resolve().parents[2] / ".." / "shared" / "seeds"


def test_section_parts() -> None:
    r: Rule[object] = Rule("Movement (J)", "Units may move by rail only within their home country.")
    assert (r.chapter, r.case) == ("Movement", "J")
    assert (Rule("Stacking", "x").chapter, Rule("Stacking", "x").case) == ("Stacking", None)
    assert Rule("Combat Results Table", "a ... b").quotes() == ["a", "b"]


def test_registry_runs_rules_of_a_scope_in_order() -> None:
    book: RuleBook[list[int]] = RuleBook("test")

    @book.rule("Stacking", "two units")
    def too_many(ctx: list[int]) -> list:
        return [violation("Stacking", f"{n} units") for n in ctx if n > 2]

    @book.rule("Movement (G)", "may not be moved again", scope="move")
    def moved_twice(ctx: list[int]) -> list:
        return [violation("Movement (G)", "again")] if len(ctx) != len(set(ctx)) else []

    book.cite("Movement (A)", "one Movement Point")
    assert [v.message for v in book.run([1, 3, 4])] == ["3 units", "4 units"]
    assert [v.rule for v in book.run([3, 3], "move")] == ["Movement (G)"]
    assert [r.scope for r in book] == ["position", "move", "helper"]
    assert book.sections() == ["Stacking", "Movement (G)", "Movement (A)"]


def test_unquoted_finds_words_the_book_does_not_say() -> None:
    book: RuleBook[object] = RuleBook("test")
    book.cite("Zones of Control", "The six hexes immediately surrounding a unit ... Friendly units must stop")
    book.cite("Zones of Control (Z)", "Units may ignore zones of control")
    text = "The six hexes immediately\nsurrounding a unit constitute. Friendly units must stop their movement."
    assert book.unquoted(text) == [("Zones of Control (Z)", "Units may ignore zones of control")]
    assert normalise_text("Enemy \u201ccontrolled\u201d  hex \u2014 x") == 'enemy "controlled" hex - x'


@pytest.mark.skipif(not (SEEDS / "winter-war-spi-1972.txt").is_file(), reason="the rulebooks are not in ../shared")
def test_winter_war_rules_quote_the_rulebook() -> None:
    from toolkit.games.winter_war.rules import BOOK
    text = (SEEDS / "winter-war-spi-1972.txt").read_text(encoding="utf-8")
    assert len(BOOK) >= 60
    assert BOOK.unquoted(text) == []
    chapters = {r.chapter for r in BOOK}
    for chapter in ("Movement", "Zones of Control", "Stacking", "Combat", "Supply and Isolation", "Fortifications",
                    "Initial Deployment", "Victory Conditions", "Murmansk Defense", "Sequence of Play",
                    "Turn Record / Reinforcement Chart", "Terrain Effects Chart"):
        assert chapter in chapters, chapter
    # every rule that judges something is a function of its own chapter's module
    for r in BOOK:
        if r.check is not None:
            assert r.check.__module__.startswith("toolkit.games.winter_war.rules."), r.section


def test_rule_state_keys_are_declared() -> None:
    """Every ``state`` key the Winter War rules read is declared in rules.common (and, once the game declares a
    position schema, accepted by it): a key read but not declared would be refused as unknown by ``wgt check``."""
    import importlib
    import re

    from toolkit.games.winter_war.rules import common
    src = "".join(p.read_text(encoding="utf-8") for p in Path(common.__file__).parent.glob("*.py"))
    unit_keys = set(re.findall(r'flag\(\w+, "(\w+)"\)', src))
    unit_keys |= set(re.findall(r'\b(?:u|old)\.state(?:\.get\(|\[)"(\w+)"', src))  # a unit's path, moves
    game_keys = set(re.findall(r'(?<!\bu\.)(?<!\bold\.)state\.get\(\s*"(\w+)"', src)) | {"last_occupied"}
    assert unit_keys == set(common.UNIT_STATE_KEYS)
    assert game_keys == set(common.STATE_KEYS)
    try:
        schema = importlib.import_module("toolkit.games.winter_war.schema")
    except ModuleNotFoundError:
        return  # no declared schema in this checkout yet
    assert set(common.UNIT_STATE_KEYS) <= set(schema.UNIT_STATE), "unit state keys missing from the schema"
    assert set(common.STATE_KEYS) <= set(schema.STATE), "state keys missing from the schema"
