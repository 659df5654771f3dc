"""The referee on the bundled map 35 at the hexes the rules name: rule 27B's island hops across the frozen Gulf of
Finland and the naval rules' three coast-defence examples (38A2f), with defence strengths computed from a test
chart (TEST DATA for the terrain's combat effect, not the game's chart)."""

from __future__ import annotations

import json
from fractions import Fraction
from typing import Any

import pytest

from toolkit.games.a_winter_war import GAME
from toolkit.games.a_winter_war.rules import AWinterWarReferee
from toolkit.games.a_winter_war.rules.strengths import coast_level, defence_strength, from_sea

pytestmark = pytest.mark.skipif(not GAME.has_map(), reason="the bundled A Winter War map is not there yet")


@pytest.fixture(scope="module")
def ref(tmp_path_factory: pytest.TempPathFactory) -> AWinterWarReferee:
    path = tmp_path_factory.mktemp("charts") / "charts.json"
    path.write_text(json.dumps([{"title": "Terrain Effects Chart", "columns": ["Terrain", "combat"],
                                 "rows": [["forest", "none"], ["clear", "none"], ["major city", "none"]]}]),
                    encoding="utf-8")
    r = GAME.referee()
    r.use_charts(path)
    return r


def judge(ref: AWinterWarReferee, units: list[dict[str, Any]], before: list[dict[str, Any]], turn: int
          ) -> list[str]:
    data = {"turn": turn, "player": "soviet", "phase": "movement", "units": units}
    report = ref.check(ref.position(data), ref.position({**data, "units": before}))
    return [f"{v.rule}: {v.message}" for v in report.violations]


def test_27b_island_hops_across_the_frozen_gulf(ref: AWinterWarReferee) -> None:
    # "a non-motorised unit may move from 35:4919 to the island of Lavan (35:4819), then via Tytar (35:4820) and
    # Suur (35:4721/4621) to Kotka (35:4521)"
    rifle = "soviet III rifle 1-1-1"
    for a, b in (("35:4919", "35:4819"), ("35:4819", "35:4820"), ("35:4820", "35:4721"), ("35:4721", "35:4621")):
        assert judge(ref, [{"id": "r", "counter": rifle, "hex": b}], [{"id": "r", "counter": rifle, "hex": a}],
                     turn=3) == []
    # before the Gulf freezes (Dec I 39), and a tank at any time, cannot reach the island
    assert judge(ref, [{"id": "r", "counter": rifle, "hex": "35:4819"}],
                 [{"id": "r", "counter": rifle, "hex": "35:4919"}], turn=1)[0].startswith("6: r cannot reach 35:4819")
    tank = "soviet X tank 4-8"
    assert judge(ref, [{"id": "t", "counter": tank, "hex": "35:4819"}],
                 [{"id": "t", "counter": tank, "hex": "35:4919"}], turn=3)[0].startswith("6: t cannot reach 35:4819")


def _defence(ref: AWinterWarReferee, target: str, attacker_hexes: list[str]) -> Fraction:
    units = [{"id": f"s{i}", "counter": "soviet XX rifle 5-5-3", "hex": h} for i, h in enumerate(attacker_hexes)]
    # a Finnish position AA point holds the hex (combat strength 0: the defence is the coast defences' alone)
    units.append({"id": "aa", "counter": "finnish - aa 1", "hex": target})
    ctx = ref.context(ref.position({"turn": 3, "player": "soviet", "phase": "combat", "units": units}))
    attackers = [u for u in ctx.pos.units if u.side == "soviet"]
    assert coast_level(ctx, target) > 0
    return defence_strength(ctx, target, [ctx.pos.by_id["aa"]], (), attackers)


def test_38a2f_coast_defence_examples_on_map_35(ref: AWinterWarReferee) -> None:
    # 1) 35:4713 and 35:4714 attack 35:4613 across frozen Lake Ladoga: level 1 halved, 1/2
    assert _defence(ref, "35:4613", ["35:4713", "35:4714"]) == Fraction(1, 2)
    # 2) from Suur (35:4621) across the frozen Gulf on Kotka: level 2 halved, 1
    assert _defence(ref, "35:4521", ["35:4621"]) == 1
    # 3) from 35:4425 and 35:4525 on Helsinki: level 3 quartered, 3/4 (the 4525/4526 side is a bridged strait)
    assert _defence(ref, "35:4526", ["35:4425", "35:4525"]) == Fraction(3, 4)
    ctx = ref.context(ref.position({"turn": 3, "player": "soviet", "phase": "combat", "units": [
        {"id": "s", "counter": "soviet XX rifle 5-5-3", "hex": "35:4713"}]}))
    assert from_sea(ctx, list(ctx.pos.units), "35:4613")


def test_38a2f_defences_destroyed_by_soviet_ownership(ref: AWinterWarReferee) -> None:
    # "The intrinsic coast defenses in a hex are automatically destroyed if the Soviet player gains ownership"
    units = [{"id": "s", "counter": "soviet XX rifle 5-5-3", "hex": "35:4521"}]
    ctx = ref.context(ref.position({"turn": 3, "player": "soviet", "phase": "combat", "units": units}))
    assert coast_level(ctx, "35:4521") == 0
    ctx = ref.context(ref.position({"turn": 3, "player": "soviet", "phase": "combat", "units": [],
                                    "state": {"coast_defences": {"35:4521": 1}}}))
    assert coast_level(ctx, "35:4521") == 1  # a hit in naval combat left level 1
