"""Writes the A Winter War position suite (``positions/*.yaml``) judged on the fixture map ``maps/isthmus.yaml``.

Each case cites its section, says what it shows and states the exact verdict: ``ok``, the sections broken and,
where it matters, unit status. Run ``python tests/games/a_winter_war/make_positions.py`` after editing.

Units are written as specs (``soviet XX rifle 5-5-3``): the OB is not in the seeds. Fixture geography: the
USSR is rows 48-50 and hexes 12-13; the Gulf of Finland (frozen from the Soviet Dec II 39 movement phase) rows
47-50, hexes 18-26; weather zone A: 35:4217-4220, 35:4120-4121; forest belt rows 39-41, hexes 14-20; marsh
35:4515; Viipuri 35:4517 (standard port), Kotka 35:4521 (minor port), Helsinki 35:4526 (major port),
Tampere 35:3825; Leningrad 35:5014, Kronstadt 35:4916; rail Leningrad-Viipuri-Helsinki-Tampere, low-capacity
35:4517-4416-4316-4216; Vuoksa sides 4516/4515 and 4614/4715; open sea side 4413/4414, frozen 4412/4413.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import yaml

HERE = Path(__file__).resolve().parent / "positions"

SDIV = "soviet XX rifle 5-5-3 cadre 1-1-3"
SBDE = "soviet X rifle 2-2-3"
SART = "soviet III artillery 2-6"
SARTD = "soviet XX artillery 6-3"
STANK = "soviet X tank 4-8"
SCAV = "soviet XX cavalry 3-2-6"
SHQ = "soviet XXXX hq 0-4"
SENG = "soviet III combat_engineer 1-6"
SZERO = "soviet III rifle 0-1-3"
FDIV = "finnish XX infantry 4-5-6"
FREG = "finnish III infantry 1-2-6*"
FSKI = "finnish III ski 1-8*"
FBN = "finnish II ski 1-8"
FART = "finnish III artillery 2-6"
FAA = "finnish - aa 2"
FENG = "finnish III engineer 0-1-6"
WA = "allied X mountain 3-3-4"
DXXI = "finnish air F 3-4-6"
I16 = "soviet air F 3-3-5"
SB2 = "soviet air B 2-2-8"
BB, CL, FLOT = "soviet ship BB", "soviet ship CL", "soviet ship flotilla"

CASES: list[dict[str, Any]] = []


class _Dumper(yaml.SafeDumper):
    def ignore_aliases(self, data: Any) -> bool:  # a position file may not hold YAML aliases
        return True


def u(uid: str, counter: str, hex_id: str, **state: Any) -> dict[str, Any]:
    d: dict[str, Any] = {"id": uid, "counter": counter, "hex": hex_id}
    if state:
        d["state"] = state
    return d


def case(name: str, rule: str, what: str, units: list[dict[str, Any]], rules: list[str], *, turn: int = 3,
         player: str = "soviet", phase: str = "movement", state: dict[str, Any] | None = None,
         before: list[dict[str, Any]] | None = None, units_expect: dict[str, Any] | None = None,
         summary: dict[str, Any] | None = None) -> None:
    data: dict[str, Any] = {"game": "a-winter-war", "turn": turn, "player": player, "phase": phase}
    expect: dict[str, Any] = {"ok": not rules, "rules": rules}
    if units_expect:
        expect["units"] = units_expect
    if summary:
        expect["summary"] = summary
    data["expect"] = expect
    if state:
        data["state"] = state
    data["units"] = units
    if before is not None:
        data["before"] = before
    CASES.append({"name": name, "rule": rule, "what": what, "data": copy.deepcopy(data)})


def moved(units: list[dict[str, Any]], **moves: str) -> list[dict[str, Any]]:
    """``units`` as they stood before: the ids given moved from the hexes given."""
    out = []
    for x in units:
        y = {k: v for k, v in x.items() if k != "state"}
        if x["id"] in moves:
            y["hex"] = moves[x["id"]]
        if "state" in x:
            keep = {k: v for k, v in x["state"].items() if k in ("unsupplied", "normal_stacking", "cadre")}
            if keep:
                y["state"] = keep
        out.append(y)
    return out


# ------------------------------------------------------------------------------------------------ 8 stacking
N = {"normal_stacking": True}
case("stack-example-a", "8A", "example (a): three divisions + three brigades + two artillery regiments",
     [u("d1", FDIV, "35:4418"), u("d2", FDIV, "35:4418"), u("d3", FDIV, "35:4418"), u("b1", FREG, "35:4418"),
      u("b2", FREG, "35:4418"), u("b3", FREG, "35:4418"), u("a1", FART, "35:4418"), u("a2", FART, "35:4418")], [],
     player="finnish")
case("stack-example-b", "8A", "example (b): two divisions + three brigades + three artillery regiments",
     [u("d1", FDIV, "35:4418"), u("d2", FDIV, "35:4418"), u("b1", FREG, "35:4418"), u("b2", FREG, "35:4418"),
      u("b3", FREG, "35:4418"), u("a1", FART, "35:4418"), u("a2", FART, "35:4418"), u("a3", FART, "35:4418")], [],
     player="finnish")
case("stack-example-c", "8A", "example (c): one division + one cadre + four brigades + one artillery division "
     "(Soviet corps on its normal side)",
     [u("d1", SDIV, "35:4716", **N), u("c1", SDIV, "35:4716", cadre=True, **N), u("b1", SBDE, "35:4716", **N),
      u("b2", SBDE, "35:4716", **N), u("b3", SBDE, "35:4716", **N), u("b4", SBDE, "35:4716", **N),
      u("ad", SARTD, "35:4716", **N)], [])
case("stack-cadres-non-divisional", "8A, 3A1", "cadres are non-divisional: three divisions and three cadres",
     [u("d1", SDIV, "35:4716", **N), u("d2", SDIV, "35:4716", **N), u("d3", SDIV, "35:4716", **N),
      u("c1", SDIV, "35:4716", cadre=True, **N), u("c2", SDIV, "35:4716", cadre=True, **N),
      u("c3", SDIV, "35:4716", cadre=True, **N)], [])
case("stack-four-divisions", "8A", "four divisions: only three units of any size",
     [u(f"d{i}", FDIV, "35:4418") for i in range(1, 5)], ["8A"], player="finnish")
case("stack-nine-finns", "8A", "three divisions + three regiments + three artillery regiments: one too many",
     [u("d1", FDIV, "35:4418"), u("d2", FDIV, "35:4418"), u("d3", FDIV, "35:4418"), u("b1", FREG, "35:4418"),
      u("b2", FREG, "35:4418"), u("b3", FREG, "35:4418"), u("a1", FART, "35:4418"), u("a2", FART, "35:4418"),
      u("a3", FART, "35:4418")], ["8A"], player="finnish")
case("stack-two-div-artillery", "8A", "two divisional artillery units with three divisions",
     [u("d1", SDIV, "35:4716", **N), u("d2", SDIV, "35:4716", **N), u("d3", SDIV, "35:4716", **N),
      u("a1", SARTD, "35:4716", **N), u("a2", SARTD, "35:4716", **N)], ["8A"])
case("stack-div-artillery-any-slot", "8A", "a divisional artillery unit may take one of the three places of any "
     "type: two divisions, two artillery divisions and a brigade",
     [u("d1", SDIV, "35:4716", **N), u("d2", SDIV, "35:4716", **N), u("r", SBDE, "35:4716", **N),
      u("a1", SARTD, "35:4716", **N), u("a2", SARTD, "35:4716", **N)], [])
case("stack-reduced-three-div", "8A", "Soviet reduced stacking outside zone A: three divisions",
     [u("d1", SDIV, "35:4716"), u("d2", SDIV, "35:4716"), u("d3", SDIV, "35:4716")], ["8A"])
case("stack-reduced-legal", "8A", "Soviet reduced stacking: two divisions + two brigades + one artillery regiment",
     [u("d1", SDIV, "35:4716"), u("d2", SDIV, "35:4716"), u("b1", SBDE, "35:4716"), u("b2", SBDE, "35:4716"),
      u("a1", SART, "35:4716")], [])
case("stack-reduced-two-artillery", "8A", "Soviet reduced stacking: two artillery regiments with two divisions and "
     "two brigades", [u("d1", SDIV, "35:4716"), u("d2", SDIV, "35:4716"), u("b1", SBDE, "35:4716"),
                      u("b2", SBDE, "35:4716"), u("a1", SART, "35:4716"), u("a2", SART, "35:4716")], ["8A"])
case("stack-reduced-mixed-corps", "8A", "one of three divisions not on a normal-side corps: the reduced limit",
     [u("d1", SDIV, "35:4716", **N), u("d2", SDIV, "35:4716", **N), u("d3", SDIV, "35:4716")], ["8A"])
case("stack-arctic-two-div", "8A", "arctic stacking in zone A: two divisions",
     [u("d1", FDIV, "35:4219"), u("d2", FDIV, "35:4219")], ["8A"], player="finnish")
case("stack-arctic-legal", "8A", "arctic stacking: one division + one regiment + one artillery regiment",
     [u("d1", FDIV, "35:4219"), u("b1", FREG, "35:4219"), u("a1", FART, "35:4219")], [], player="finnish")
case("stack-arctic-two-regiments", "8A", "arctic stacking: one division + two regiments",
     [u("d1", FDIV, "35:4219"), u("b1", FREG, "35:4219"), u("b2", FREG, "35:4219")], ["8A"], player="finnish")
case("stack-position-aa", "8A, 22A3", "position AA does not count towards the limit",
     [u("d1", FDIV, "35:4219"), u("aa1", FAA, "35:4219"), u("aa2", FAA, "35:4219")], [], player="finnish")
case("stack-initial-phase", "8B", "reinforcements may exceed the limit in the initial phase",
     [u(f"d{i}", FDIV, "35:4418") for i in range(1, 5)], [], player="finnish", phase="initial")
case("stack-partisans", "8A, 14F2", "units in partisan mode are passed through, not counted",
     [u("d1", FDIV, "35:4219"), u("p", "finnish III ski_partisan 1-8", "35:4219", partisan_mode=True)], [],
     player="finnish")

# ---------------------------------------------------------------------------------------------------- 5 ZOC
FIN_DIV_4517 = [u("f", FDIV, "35:4517")]
case("zoc-division", "5", "a division has a ZOC outside zone A",
     [u("f", FDIV, "35:4417"), u("s", SDIV, "35:4418")], [], player="finnish",
     units_expect={"s": {"in_enemy_zoc": True}, "f": {"in_enemy_zoc": True}})
case("zoc-regiment-outside-a", "5", "a regiment has no ZOC outside zone A",
     [u("f", FREG, "35:4417"), u("s", SBDE, "35:4418")], [], player="finnish",
     units_expect={"s": {"in_enemy_zoc": False}, "f": {"in_enemy_zoc": False}})
case("zoc-regiment-in-a", "5", "a regiment has a ZOC in zone A",
     [u("f", FREG, "35:4219"), u("s", SBDE, "35:4218")], [], player="finnish",
     units_expect={"s": {"in_enemy_zoc": True, "zoc": True}})
case("zoc-regiment-into-a", "5", "a regiment outside zone A has a ZOC in an adjacent zone A hex, not elsewhere",
     [u("f", FREG, "35:4318"), u("s", SBDE, "35:4218"), u("t", SBDE, "35:4418")], [], player="finnish",
     units_expect={"s": {"in_enemy_zoc": True}, "t": {"in_enemy_zoc": False}, "f": {"zoc": True}})
case("zoc-regiment-out-of-a", "5", "a regiment in zone A has no ZOC in an adjacent hex outside zone A",
     [u("f", FREG, "35:4218"), u("s", SBDE, "35:4318")], [], player="finnish",
     units_expect={"s": {"in_enemy_zoc": False}})
case("zoc-battalion", "5", "battalions never have a ZOC, even in zone A",
     [u("f", FBN, "35:4219"), u("s", SBDE, "35:4218")], [], player="finnish",
     units_expect={"s": {"in_enemy_zoc": False}, "f": {"zoc": False}})
case("zoc-hq", "5, 14C", "an HQ has no ZOC",
     [u("h", SHQ, "35:4418"), u("f", FREG, "35:4417")], [], player="finnish",
     units_expect={"f": {"in_enemy_zoc": False}})
case("zoc-cadre", "5", "a cadre has a ZOC only in zone A",
     [u("c", SDIV, "35:4418", cadre=True), u("f", FREG, "35:4417")], [], player="finnish",
     units_expect={"f": {"in_enemy_zoc": False}})
case("zoc-open-sea-side", "5", "no ZOC across an open sea hexside (forbidden to cross)",
     [u("f", FDIV, "35:4413"), u("s", SDIV, "35:4414")], [], player="finnish",
     units_expect={"s": {"in_enemy_zoc": False}, "f": {"in_enemy_zoc": False}})
case("zoc-admin-lost", "5, 6B", "a unit that moved administratively has lost its ZOC",
     [u("f", FDIV, "35:4417", admin=True), u("s", SDIV, "35:4315")], [], player="soviet",
     units_expect={"s": {"in_enemy_zoc": False}})
case("zoc-dec-i-outside-finland", "34", "Dec I 39 Soviet movement: no Finnish ZOC outside Finland",
     [u("f", FDIV, "35:4715"), u("s", SDIV, "35:4815")], [], turn=1, player="soviet",
     state={"owned": {"35:4715": "finnish"}}, units_expect={"s": {"in_enemy_zoc": True}})
case("zoc-dec-i-in-ussr", "34", "Dec I 39 Soviet movement: a Finnish division in the USSR exerts no ZOC",
     [u("f", FDIV, "35:4815"), u("s", SDIV, "35:4915")], [], turn=1, player="soviet",
     units_expect={"s": {"in_enemy_zoc": False}})

# ------------------------------------------------------------------------------------- 6, 28, 30 movement
case("move-into-sea", "6", "a unit in an all-sea hex", [u("s", SDIV, "35:4822")], ["6"])
case("move-into-sweden", "30C", "a Finnish regiment in neutral Sweden", [u("f", FREG, "35:3812")], ["30C"],
     player="finnish")
case("move-finns-leningrad", "30A4", "a Finnish division in Leningrad", [u("f", FDIV, "35:5014")], ["30A4"],
     player="finnish")
case("move-finns-kronstadt", "30A4", "a Finnish regiment in Kronstadt", [u("f", FREG, "35:4916")], ["30A4"],
     player="finnish")
case("move-wif-ussr", "31C", "a Western Intervention unit in the Soviet Union", [u("w", WA, "35:4915")], ["31C"],
     player="finnish")
case("move-wif-finland", "31C", "a Western Intervention unit in Finland", [u("w", WA, "35:4417")], [],
     player="finnish")
case("move-cavalry-arctic", "28", "cavalry in the Arctic", [u("c", SCAV, "35:4219")], ["28"])
F_ENEMY = [u("f", FDIV, "35:4417")]
case("move-into-enemy", "6", "a Soviet division ends its move on a Finnish division",
     [u("s", SDIV, "35:4417"), *F_ENEMY], ["6"], before=[u("s", SDIV, "35:4418"), *F_ENEMY])
case("move-onto-partisan", "14F2", "a Soviet division ends its move on a Finnish unit in partisan mode",
     [u("s", SDIV, "35:4417"), u("p", "finnish III ski_partisan 1-8", "35:4417", partisan_mode=True)], ["14F"],
     before=[u("s", SDIV, "35:4418"), u("p", "finnish III ski_partisan 1-8", "35:4417", partisan_mode=True)])
case("move-one-hex-forest", "6", "a 1-MP unit always advances one hex (into forest, 2 MP)",
     [u("s", "soviet III rifle 1-1-1", "35:4115")], [], before=[u("s", "soviet III rifle 1-1-1", "35:4215")])
case("move-infantry-forest-too-far", "6", "infantry 3 MP: every route to a forest hex three hexes away inside the "
     "forest belt costs at least 4 MP", [u("s", "soviet III rifle 1-1-3", "35:4015")], ["6"],
     before=[u("s", "soviet III rifle 1-1-3", "35:4018")])
case("move-ski-forest", "6", "a ski regiment (1 MP a forest hex) moves three forest hexes with 3 MP",
     [u("f", "finnish III ski 1-3*", "35:4015")], [], player="finnish",
     before=[u("f", "finnish III ski 1-3*", "35:4018")], summary={"not_judged": []})
case("move-ski-unsupplied", "6, 12D", "an unsupplied ski unit has half its MP: 2 of 4, three forest hexes cost 3",
     [u("f", "finnish III ski 1-4*", "35:4015", unsupplied=True)], ["6"], player="finnish",
     before=[u("f", "finnish III ski 1-4*", "35:4018", unsupplied=True)])
case("move-ski-supplied", "6, 12D", "the same ski unit in supply: 4 MP for three forest hexes",
     [u("f", "finnish III ski 1-4*", "35:4015")], [], player="finnish",
     before=[u("f", "finnish III ski 1-4*", "35:4018")])
case("move-rail-as-road", "6, 7B", "3 MP of infantry along three rail hexsides (roads: 1 MP a hex, errata)",
     [u("f", "finnish III infantry 1-2-3*", "35:4520")], [], player="finnish",
     before=[u("f", "finnish III infantry 1-2-3*", "35:4517")])
case("move-road-too-far", "6, 7B", "3 MP of infantry cannot go four rail hexes and more through the forest belt",
     [u("f", "finnish III infantry 1-2-3*", "35:4014")], ["6"], player="finnish",
     before=[u("f", "finnish III infantry 1-2-3*", "35:4018")])
case("move-around-open-sea", "6, 27B", "an open sea hexside: the way round over clear terrain is not judged "
     "(clear terrain's cost is unknown)", [u("f", FDIV, "35:4414")], [], player="finnish",
     before=[u("f", FDIV, "35:4413")])
case("move-frozen-sea-side", "27B", "infantry crosses a frozen sea hexside (one hex)", [u("f", FDIV, "35:4412")], [],
     player="finnish", before=[u("f", FDIV, "35:4413")])
case("move-frozen-strait", "6", "a frozen narrow strait: +1 MP; one hex is always possible",
     [u("f", FREG, "35:4317")], [], player="finnish", before=[u("f", FREG, "35:4316")])
ADM = [u("s", SDIV, "35:4717"), u("f", FDIV, "35:4617")]
case("move-admin-adjacent", "6B", "administrative movement starting next to an enemy unit",
     [u("s", SDIV, "35:4816", admin=True), u("f", FDIV, "35:4617")], ["6B"], before=ADM)
case("move-admin-legal", "6B", "administrative movement along the railway far from the enemy",
     [u("s", SDIV, "35:4915", admin=True)], [], before=[u("s", SDIV, "35:5014")])
case("move-in-air-phase", "4C", "a ground unit moves in the air phase", [u("s", SDIV, "35:4815")], ["4C"],
     phase="air", before=[u("s", SDIV, "35:4915")])
case("exploit-infantry", "4A", "infantry moves in the exploitation phase", [u("s", SDIV, "35:4815")], ["4A"],
     phase="exploitation", before=[u("s", SDIV, "35:4915")])
case("exploit-tank", "4A", "a tank brigade moves in the exploitation phase", [u("t", STANK, "35:4815")], [],
     phase="exploitation", before=[u("t", STANK, "35:4915")])
case("exploit-tank-arctic", "28", "no c/m exploitation in the Arctic", [u("t", STANK, "35:4219")], ["28"],
     phase="exploitation", before=[u("t", STANK, "35:4319")])
case("exploit-tank-attacked", "30B1", "a Soviet tank that attacked may not exploit",
     [u("t", STANK, "35:4815", attacked=True)], ["30B1"], phase="exploitation",
     before=[u("t", STANK, "35:4915")])
case("exploit-tank-from-zoc", "30B1", "a Soviet tank beginning exploitation in an enemy ZOC may not move",
     [u("t", STANK, "35:4716"), u("f", FDIV, "35:4617")], ["30B1"], phase="exploitation",
     before=[u("t", STANK, "35:4717"), u("f", FDIV, "35:4617")])
case("exploit-rail", "4A", "no rail movement in the exploitation phase", [u("t", STANK, "35:4815", rail=True)],
     ["4A", "7A1"], phase="exploitation", before=[u("t", STANK, "35:5014")])
case("exploit-ski-37a2", "37A2", "with 37A2 a Finnish ski unit moves in the exploitation phase",
     [u("f", FSKI, "35:3918")], [], player="finnish", phase="exploitation",
     state={"optional_rules": ["37A2"]}, before=[u("f", FSKI, "35:3920")])
case("exploit-ski-marked", "37A2", "a marked ski unit (over half its MP spent) may not exploit",
     [u("f", FSKI, "35:3918", ski_marked=True)], ["37A2"], player="finnish", phase="exploitation",
     state={"optional_rules": ["37A2"]}, before=[u("f", FSKI, "35:3920")])
case("exploit-ski-no-option", "4A", "without 37A2 a ski unit does not exploit", [u("f", FSKI, "35:3918")], ["4A"],
     player="finnish", phase="exploitation", before=[u("f", FSKI, "35:3920")])

# --------------------------------------------------------------------------------------------------- 7A rail
RAIL_OWN = {"owned": {"35:4716": "soviet", "35:4616": "soviet"}}
case("rail-soviet-legal", "7A1", "a Soviet division moves by rail inside the USSR",
     [u("s", SDIV, "35:4815", rail=True)], [], before=[u("s", SDIV, "35:5016")])
case("rail-capacity-soviet", "7A2", "six Soviet divisions by rail: 18 RE, capacity 15",
     [u(f"s{i}", SDIV, "35:4915", rail=True, **N) for i in range(1, 4)] +
     [u(f"t{i}", SDIV, "35:4815", rail=True, **N) for i in range(1, 4)], ["7A2"],
     before=[u(f"s{i}", SDIV, "35:5014", **N) for i in range(1, 4)] + [u(f"t{i}", SDIV, "35:5015", **N)
                                                                        for i in range(1, 4)])
case("rail-capacity-36g", "7A2, 36G", "six Soviet divisions by rail under 36G: 18 of 30 RE",
     [u(f"s{i}", SDIV, "35:4915", rail=True, **N) for i in range(1, 4)] +
     [u(f"t{i}", SDIV, "35:4815", rail=True, **N) for i in range(1, 4)], [], state={"optional_rules": ["36G"]},
     before=[u(f"s{i}", SDIV, "35:5014", **N) for i in range(1, 4)] + [u(f"t{i}", SDIV, "35:5015", **N)
                                                                        for i in range(1, 4)])
case("rail-capacity-finn-div-reg", "7A2", "a Finnish division and a regiment: 4 of 5 RE",
     [u("d", FDIV, "35:4523", rail=True), u("r", FREG, "35:4522", rail=True)], [], player="finnish",
     before=[u("d", FDIV, "35:4526"), u("r", FREG, "35:4526")])
case("rail-capacity-finn-two-div", "7A2", "two Finnish divisions by rail: 6 RE, capacity 5",
     [u("d", FDIV, "35:4523", rail=True), u("e", FDIV, "35:4522", rail=True)], ["7A2"], player="finnish",
     before=[u("d", FDIV, "35:4526"), u("e", FDIV, "35:4526")])
case("rail-low-capacity", "7A2", "a Finnish division on the low-capacity line counts 6 RE",
     [u("d", FDIV, "35:4316", rail=True)], ["7A2"], player="finnish", before=[u("d", FDIV, "35:4517")])
case("rail-cavalry-double", "7A2", "the rifle regiment counts 1, the cavalry regiment 2 (7A2 example): 3 + 2 of 5",
     [u("c", "finnish III cavalry 1-6", "35:4522", rail=True), u("r", "finnish III infantry 1-2-3", "35:4523",
                                                                 rail=True),
      u("r2", "finnish III infantry 1-2-3", "35:4523", rail=True), u("r3", "finnish III infantry 1-2-3", "35:4523",
                                                                      rail=True)], [], player="finnish",
     before=[u("c", "finnish III cavalry 1-6", "35:4526"), u("r", "finnish III infantry 1-2-3", "35:4526"),
             u("r2", "finnish III infantry 1-2-3", "35:4526"), u("r3", "finnish III infantry 1-2-3", "35:4526")])
case("rail-used-earlier", "7A2, 3C", "2 RE moved earlier this turn plus a division: 5 of 5 RE",
     [u("d", FDIV, "35:4523", rail=True)], [], player="finnish", state={"rail_used": {"finnish": 2}},
     before=[u("d", FDIV, "35:4526")])
case("rail-yard-hits", "7A2, 20F1d", "a marshalling-yard hit leaves 4 RE: a division (3) and a regiment (1) fit",
     [u("d", FDIV, "35:4523", rail=True), u("r", FREG, "35:4522", rail=True)], [], player="finnish",
     state={"rail_capacity_hits": {"finnish": 1}}, before=[u("d", FDIV, "35:4526"), u("r", FREG, "35:4526")])
case("rail-yard-hits-over", "7A2, 20F1d", "two yard hits leave 3 RE: a division and a regiment do not fit",
     [u("d", FDIV, "35:4523", rail=True), u("r", FREG, "35:4522", rail=True)], ["7A2"], player="finnish",
     state={"rail_capacity_hits": {"finnish": 2}}, before=[u("d", FDIV, "35:4526"), u("r", FREG, "35:4526")])
case("rail-enemy-zoc", "7A1", "rail movement may not enter a hex in enemy ZOC",
     [u("d", FDIV, "35:4519", rail=True), u("s", SDIV, "35:4619")], ["7A1"], player="finnish",
     before=[u("d", FDIV, "35:4522"), u("s", SDIV, "35:4619")])
case("rail-zoc-cancelled", "7A1", "a friendly unit with defence above 0 cancels the ZOC for rail movement",
     [u("d", FDIV, "35:4519", rail=True), u("h", FREG, "35:4519"), u("h2", FREG, "35:4520"), u("s", SDIV, "35:4619")],
     [], player="finnish",
     before=[u("d", FDIV, "35:4522"), u("h", FREG, "35:4519"), u("h2", FREG, "35:4520"), u("s", SDIV, "35:4619")])
case("rail-broken", "7A1, 7A3", "a broken railway may not be used", [u("d", FDIV, "35:4520", rail=True)], ["7A1"],
     player="finnish", state={"broken_rail": ["35:4522"]}, before=[u("d", FDIV, "35:4524")])
case("rail-break-two", "7A3", "a unit breaks two railway hexes in one movement phase (errata: one)",
     [u("s", SDIV, "35:4716", broke_rail=["35:4716", "35:4616"])], ["7A3"])
case("rail-break-hq", "7A3, 14C", "an HQ may not break a railway", [u("h", SHQ, "35:4716", broke_rail="35:4716")],
     ["7A3"])
case("damage-base-hq", "17D, 14C", "an HQ may not damage an air base", [u("h", SHQ, "35:4418", damaged="35:4418")],
     ["17D"], state={"owned": {"35:4418": "soviet"}})
case("damage-base-division", "17D", "a Soviet division damages the Finnish air base it stands on",
     [u("s", SDIV, "35:4418", damaged="35:4418")], [])
case("damage-port-exploitation", "29B3, 17D", "a tank brigade damages Kotka's port in the exploitation phase",
     [u("t", STANK, "35:4521", damaged="35:4521")], [], phase="exploitation")
case("damage-in-combat-phase", "17D", "damage is done in the movement and exploitation phases",
     [u("s", SDIV, "35:4418", damaged="35:4418")], ["17D"], phase="combat")
case("damage-no-base", "17D", "a hex without an air base or port", [u("s", SDIV, "35:4419", damaged="35:4419")],
     ["17D"])
case("rail-break-one", "7A3", "a division breaks one railway hex", [u("s", SDIV, "35:4716", broke_rail="35:4716")],
     [])

# ------------------------------------------------------------------------------------- 3F, 12 supply and isolation
RING = [u("s1", SDIV, "35:4016", **N), u("s2", SDIV, "35:4018", **N), u("s3", SDIV, "35:3816", **N),
        u("s4", SDIV, "35:3818", **N), u("s5", SDIV, "35:3915", **N), u("s6", SDIV, "35:3919", **N)]
case("isolation-marked", "3F", "a Finnish regiment surrounded by six Soviet divisions, marked isolated",
     [u("f", FREG, "35:3917", isolated=True), *RING], [], player="soviet", phase="combat",
     units_expect={"f": {"isolated": True, "supplied": False}})
case("isolation-unmarked", "3F", "the same regiment not marked isolated", [u("f", FREG, "35:3917"), *RING], ["3F"],
     player="soviet", phase="combat", units_expect={"f": {"isolated": True}})
case("isolation-wrongly-marked", "3F", "a regiment marked isolated with a clear line to Tampere",
     [u("f", FREG, "35:4418", isolated=True)], ["3F"], player="finnish", phase="initial",
     units_expect={"f": {"isolated": False}})
case("isolation-soviet-connected", "3F", "a Soviet division joined to the southern map edge's railway",
     [u("s", SDIV, "35:4616")], [], player="soviet", phase="initial",
     units_expect={"s": {"isolated": False, "supplied": True}})
case("isolation-factory-destroyed", "3F, 12C", "the Tampere factory destroyed: no Finnish complete source on the "
     "fixture map, every Finnish unit isolated", [u("f", FREG, "35:4418", isolated=True)], [], player="finnish",
     phase="initial", state={"factory_destroyed": True})
case("isolation-only-in-phases", "3F", "isolation is not judged in the movement phase",
     [u("f", FREG, "35:3917"), *RING], [], player="soviet", phase="movement")
case("supply-not-judged", "12B", "a regiment four hexes from the railway: its supply needs the Supply Lines "
     "Summary's land length", [u("g", FREG, "35:3814")], [], player="finnish", phase="initial",
     summary={"not_judged": ["12B: g: not judged: Supply Lines Summary value unknown"]})
case("supply-on-the-railway", "12B", "a regiment on the railway at Viipuri is in supply (the rail element alone)",
     [u("f", FREG, "35:4517")], [], player="finnish", phase="initial", summary={"not_judged": []})
case("supply-rail-marked-unsupplied", "12B", "the regiment on the railway marked unsupplied",
     [u("f", FREG, "35:4517", unsupplied=True)], ["12B"], player="finnish", phase="initial")
case("supply-kept", "12B", "a unit out of supply at the start of the turn stays out of supply",
     [u("f", FREG, "35:4418")], ["12B"], player="finnish", before=[u("f", FREG, "35:4418", unsupplied=True)])
case("supply-kept-legal", "12B", "an unsupplied unit stays unsupplied through the turn",
     [u("f", FREG, "35:4418", unsupplied=True)], [], player="finnish",
     before=[u("f", FREG, "35:4418", unsupplied=True)])

# ------------------------------------------------------------------------------------------------ 9 combat
DEF = [u("f", FDIV, "35:4517")]
ATK = [u("a", SDIV, "35:4616", **N), u("b", SDIV, "35:4616", **N)]
case("combat-legal", "9", "two Soviet divisions attack Viipuri from an adjacent hex", [*ATK, *DEF], [],
     phase="combat", state={"attacks": [{"hex": "35:4517", "attackers": ["a", "b"]}]})
case("combat-not-adjacent", "9", "an attacker two hexes away", [*ATK, u("c", SDIV, "35:4716"), *DEF], ["9"],
     phase="combat", state={"attacks": [{"hex": "35:4517", "attackers": ["a", "c"]}]})
case("combat-wrong-player", "9", "a Finnish unit attacks in the Soviet combat phase",
     [*ATK, *DEF, u("g", FDIV, "35:4617")], ["9"], phase="combat",
     state={"attacks": [{"hex": "35:4616", "attackers": ["g"]}]})
case("combat-empty-hex", "9", "an attack on a hex without enemy units", [*ATK, *DEF], ["9"], phase="combat",
     state={"attacks": [{"hex": "35:4615", "attackers": ["a"]}]})
case("combat-movement-phase", "9", "attacks declared in the movement phase", [*ATK, *DEF], ["9"],
     state={"attacks": [{"hex": "35:4517", "attackers": ["a"]}]})
case("combat-hex-twice", "9B", "one hex attacked twice", [*ATK, *DEF], ["9B"], phase="combat",
     state={"attacks": [{"hex": "35:4517", "attackers": ["a"]}, {"hex": "35:4517", "attackers": ["b"]}]})
case("combat-unit-twice", "9B", "one unit in two attacks", [*ATK, *DEF, u("g", FDIV, "35:4615")], ["9B"],
     phase="combat", state={"attacks": [{"hex": "35:4517", "attackers": ["a"]},
                                        {"hex": "35:4615", "attackers": ["a", "b"]}]})
case("combat-vuoksa", "9B, 29B2", "no attack across the Vuoksa hexside 4516/4515",
     [u("a", SDIV, "35:4516"), u("f", FDIV, "35:4515")], ["9B"], phase="combat",
     state={"attacks": [{"hex": "35:4515", "attackers": ["a"]}]})
case("combat-open-sea-side", "9B, 27B", "no attack across an open sea hexside",
     [u("a", SDIV, "35:4414"), u("f", FDIV, "35:4413")], ["9B"], phase="combat",
     state={"attacks": [{"hex": "35:4413", "attackers": ["a"]}]})
case("combat-frozen-sea-side", "9B, 27B", "an attack across a frozen sea hexside by infantry",
     [u("a", SDIV, "35:4412"), u("f", FDIV, "35:4413")], [], phase="combat",
     state={"attacks": [{"hex": "35:4413", "attackers": ["a"]}]})
case("combat-arctic-limit", "8B", "two divisions attack a zone A hex from one hex: the arctic limit is one unit",
     [u("a", SDIV, "35:4318", **N), u("b", SDIV, "35:4318", **N), u("f", FREG, "35:4218")], ["8B"],
     phase="combat", state={"attacks": [{"hex": "35:4218", "attackers": ["a", "b"]}]})
case("combat-arctic-from-two-hexes", "8B", "one division from each of two hexes into zone A",
     [u("a", SDIV, "35:4318", **N), u("b", SDIV, "35:4319", **N), u("f", FREG, "35:4218")], [],
     phase="combat", state={"attacks": [{"hex": "35:4218", "attackers": ["a", "b"]}]})
case("combat-zero-alone", "9G", "a unit of attack 0 attacks alone", [u("z", SZERO, "35:4616"), *DEF], ["9G"],
     phase="combat", state={"attacks": [{"hex": "35:4517", "attackers": ["z"]}]})
case("combat-zero-with-others", "9G", "a unit of attack 0 joins an attack", [u("z", SZERO, "35:4616"), *ATK[:1],
                                                                            *DEF], [],
     phase="combat", state={"attacks": [{"hex": "35:4517", "attackers": ["z", "a"]}]})
case("combat-finns-leningrad", "30A4", "Finnish units attack Leningrad", [u("f", FDIV, "35:4914"),
                                                                        u("s", SDIV, "35:5014")],
     ["30A4"], player="finnish", phase="combat", state={"attacks": [{"hex": "35:5014", "attackers": ["f"]}]})
case("combat-cavalry-arctic", "28", "cavalry attacks a hex in the Arctic", [u("c", SCAV, "35:4318"),
                                                                          u("f", FREG, "35:4218")],
     ["28"], phase="combat", state={"attacks": [{"hex": "35:4218", "attackers": ["c"]}]})
HX = [u("a", SDIV, "35:4616", **N), u("b", SDIV, "35:4616", **N), u("c", "soviet X rifle 5-2-3", "35:4616", **N),
      u("f", "finnish XX infantry 4-6-6", "35:4517")]
case("combat-9c-hx", "9C", "15 against 6, HX: the defender loses 6, the attacker 5 (at least 3)", HX, [],
     phase="combat", state={"attacks": [{"hex": "35:4517", "attackers": ["a", "b", "c"], "result": "HX",
                                         "attacker_losses": ["a"], "defender_losses": ["f"]}]})
case("combat-9c-hx-short", "9C", "15 against 6, HX: the attacker loses nothing", HX, ["9C"], phase="combat",
     state={"attacks": [{"hex": "35:4517", "attackers": ["a", "b", "c"], "result": "HX", "attacker_losses": [],
                         "defender_losses": ["f"]}]})
case("combat-9c-ex", "9C", "15 against 6, EX: the attacker loses 10 (at least 6)", HX, [], phase="combat",
     state={"attacks": [{"hex": "35:4517", "attackers": ["a", "b", "c"], "result": "EX",
                         "attacker_losses": ["a", "c"], "defender_losses": ["f"]}]})
case("combat-9c-ex-short", "9C", "15 against 6, EX: the attacker loses only 5", HX, ["9C"], phase="combat",
     state={"attacks": [{"hex": "35:4517", "attackers": ["a", "b", "c"], "result": "EX",
                         "attacker_losses": ["c"], "defender_losses": ["f"]}]})
case("combat-9c-defender-kept", "9C", "EX: the defender (lower printed strength) is not eliminated", HX, ["9C"],
     phase="combat", state={"attacks": [{"hex": "35:4517", "attackers": ["a", "b", "c"], "result": "EX",
                                         "attacker_losses": ["a", "c"], "defender_losses": []}]})
E9 = [u("a", SDIV, "35:4616", **N), u("b", SDIV, "35:4616", **N), u("f", "finnish XX infantry 4-6-6", "35:4517")]
case("combat-9e-cadre", "9E", "two 5-6 divisions lose 6: one reduced to cadre (5), the cadre eliminated (1)", E9, [],
     phase="combat", state={"attacks": [{"hex": "35:4517", "attackers": ["a", "b"], "result": "EX",
                                         "attacker_losses": ["a", "a"], "defender_losses": ["f"]}]})
case("combat-9e-cadre-short", "9E", "the division only reduced to its cadre: 5 of the 6 due", E9, ["9C"],
     phase="combat", state={"attacks": [{"hex": "35:4517", "attackers": ["a", "b"], "result": "EX",
                                         "attacker_losses": ["a"], "defender_losses": ["f"]}]})
case("combat-defender-advances", "9F", "a defender advances after combat",
     [u("a", SDIV, "35:4616", **N), u("f", FDIV, "35:4615", advanced=True)], ["9F"], phase="combat",
     before=[u("a", SDIV, "35:4616", **N), u("f", FDIV, "35:4517")])
case("combat-artillery-division-advances", "14B", "a Soviet artillery division may never advance (errata 14B1)",
     [u("a", SARTD, "35:4517", advanced=True, **N)], ["14B"], phase="combat",
     before=[u("a", SARTD, "35:4616", **N)])
case("combat-fortified-zone-advances", "29A", "the Soviet fortified zone unit may not advance after combat (29A2)",
     [u("z", "soviet XX fortified_zone 2-6-0", "35:4517", advanced=True, **N)], ["29A"], phase="combat",
     before=[u("z", "soviet XX fortified_zone 2-6-0", "35:4616", **N)])
R0 = [u("a", SDIV, "35:4616", **N), u("f", FREG, "35:4517")]
case("retreat-legal", "9F", "a Finnish regiment retreats one hex away from the Soviet ZOC",
     [u("a", SDIV, "35:4616", **N), u("f", FREG, "35:4416", retreated=True)], [], phase="combat", before=R0)
case("retreat-two-hexes", "9F", "a retreat of two hexes", [u("a", SDIV, "35:4616", **N),
                                                          u("f", FREG, "35:4316", retreated=True)],
     ["9F"], phase="combat", before=R0)
case("retreat-into-zoc", "9F", "a retreat into the Soviet ZOC while a hex outside it was open",
     [u("a", SDIV, "35:4616", **N), u("f", FREG, "35:4617", retreated=True)], ["9F"], phase="combat", before=R0)
case("retreat-vuoksa", "9F, 29B2", "a retreat across the Vuoksa hexside 4516/4515 (never frozen)",
     [u("a", SDIV, "35:4616", **N), u("f", FREG, "35:4515", retreated=True)], ["9F"], phase="combat",
     before=[u("a", SDIV, "35:4616", **N), u("f", FREG, "35:4516")])
case("retreat-zoc-only-way", "9F", "surrounded, a regiment retreats into an enemy ZOC and is not eliminated",
     [*RING, u("f", FREG, "35:4017", retreated=True, isolated=True)], ["9F"], phase="combat",
     before=[*RING, u("f", FREG, "35:3917", isolated=True)])
case("retreat-police", "14G", "Soviet units stacked with political police ignore retreats",
     [u("s", SDIV, "35:4716", retreated=True, **N), u("p", "soviet III police 1-4*", "35:4616", **N),
      u("f", FDIV, "35:4517")], ["14G"], phase="combat",
     before=[u("s", SDIV, "35:4616", **N), u("p", "soviet III police 1-4*", "35:4616", **N), u("f", FDIV, "35:4517")])
case("retreat-fortified-zone", "29A", "the fortified zone unit is eliminated rather than retreat (29A2)",
     [u("z", "soviet XX fortified_zone 2-6-0", "35:4716", retreated=True, **N), u("f", FDIV, "35:4517")], ["29A"],
     phase="combat", before=[u("z", "soviet XX fortified_zone 2-6-0", "35:4616", **N), u("f", FDIV, "35:4517")])
case("combat-attacker-advances", "9F", "an attacking division advances into the vacated hex",
     [u("a", SDIV, "35:4517", advanced=True, **N)], [], phase="combat", before=[u("a", SDIV, "35:4616", **N)])

# ------------------------------------------------------------------------------------------- 14A construction
case("build-14a1-example", "14A1", "a fort in forest begun Dec I 39 is completed Feb I 40 (turn 5)",
     [u("e", FENG, "35:4015")], [], turn=5, player="finnish", phase="initial",
     state={"construction": [{"work": "fort", "hex": "35:4015", "unit": "e", "started": 1, "complete": True}]})
case("build-forest-early", "14A1", "the same fort complete on Jan II 40 (turn 4)", [u("e", FENG, "35:4015")],
     ["14A1"], turn=4, player="finnish", phase="initial",
     state={"construction": [{"work": "fort", "hex": "35:4015", "unit": "e", "started": 1, "complete": True}]})
case("build-clear-two-turns", "14A1", "a fort on clear terrain takes 2 turns", [u("e", FENG, "35:4418")], [], turn=3,
     player="finnish", phase="initial",
     state={"construction": [{"work": "fort", "hex": "35:4418", "unit": "e", "started": 1, "complete": True}]})
case("build-airstrip-one-turn", "14A1", "a permanent airstrip on clear terrain takes 1 turn", [u("e", FENG,
                                                                                              "35:4618")],
     [], turn=2, player="finnish", phase="initial",
     state={"construction": [{"work": "permanent airstrip", "hex": "35:4618", "unit": "e", "started": 1,
                              "complete": True}]})
case("build-not-engineer", "14A1", "an infantry regiment cannot build a fort", [u("r", FREG, "35:4418")], ["14A1"],
     player="finnish", phase="initial",
     state={"construction": [{"work": "fort", "hex": "35:4418", "unit": "r", "started": 3}]})
case("build-engineer-left", "14A1", "the engineer left the hex before completion", [u("e", FENG, "35:4419")],
     ["14A1"], player="finnish", phase="movement",
     state={"construction": [{"work": "fort", "hex": "35:4418", "unit": "e", "started": 3}]})
case("build-fort-exists", "14A1", "a fort where there already is one", [u("e", FENG, "35:4418")], ["14A1"],
     player="finnish", phase="initial", state={"forts": ["35:4418"],
                                               "construction": [{"work": "fort", "hex": "35:4418", "unit": "e",
                                                                 "started": 3}]})
case("build-unsupplied", "14A1", "an unsupplied engineer may not begin a fort",
     [u("e", FENG, "35:4418", unsupplied=True)], ["14A1"], player="finnish", phase="initial",
     state={"construction": [{"work": "fort", "hex": "35:4418", "unit": "e", "started": 3}]})
case("build-three-airstrips", "14A1", "three airstrips in a hex become a permanent air base",
     [u("e", FENG, "35:4418")], ["14A1"], player="finnish", phase="initial", state={"airstrips": {"35:4418": 3}})

# ------------------------------------------------------------------------------------------------- air 16-24
AIRBASE = "35:4418"
case("air-19-patrol-zone", "19", "a D.XXI (movement 6) patrols 3 hexes around its base",
     [u("d", DXXI, AIRBASE), u("b", SB2, "35:4718")], [], player="soviet", phase="air",
     state={"patrol_attacks": [{"fighter": "d", "hex": "35:4718"}]})
case("air-patrol-too-far", "19", "a D.XXI patrol attack 4 hexes away", [u("d", DXXI, AIRBASE)], ["19"],
     player="soviet", phase="air", state={"patrol_attacks": [{"fighter": "d", "hex": "35:4818"}]})
case("air-soviet-patrol-own-hex", "19", "a Soviet fighter's patrol zone is its own hex", [u("i", I16, "35:4816")],
     ["19"], player="finnish", phase="air", state={"patrol_attacks": [{"fighter": "i", "hex": "35:4716"}]})
case("air-patrol-own-turn", "19", "patrol attacks happen in the opponent's air movement", [u("d", DXXI, AIRBASE)],
     ["19"], player="finnish", phase="air", state={"patrol_attacks": [{"fighter": "d", "hex": "35:4518"}]})
case("air-patrol-twice", "19", "a fighter makes two patrol attacks in a phase", [u("d", DXXI, AIRBASE)], ["19"],
     player="soviet", phase="air", state={"patrol_attacks": [{"fighter": "d", "hex": "35:4518"},
                                                             {"fighter": "d", "hex": "35:4519"}]})
SB_RAID = [u("b", SB2, "35:4916")]
case("air-interception-range", "20A", "a D.XXI intercepts an SB-2 bombing 3 hexes away (half its movement)",
     [u("d", DXXI, AIRBASE), *SB_RAID], [], player="soviet", phase="air",
     state={"air_missions": [{"unit": "b", "mission": "bombing", "hex": "35:4718"},
                             {"unit": "d", "mission": "interception", "hex": "35:4718"}]})
case("air-interception-too-far", "20A", "a D.XXI intercepts 4 hexes away", [u("d", DXXI, AIRBASE), *SB_RAID], ["20"],
     player="soviet", phase="air", state={"air_missions": [{"unit": "b", "mission": "bombing", "hex": "35:4818"},
                                                            {"unit": "d", "mission": "interception",
                                                             "hex": "35:4818"}]})
case("air-interception-nothing", "20A", "an interception where no enemy air unit flies a mission",
     [u("d", DXXI, AIRBASE)], ["20A"], player="soviet", phase="air",
     state={"air_missions": [{"unit": "d", "mission": "interception", "hex": "35:4718"}]})
case("air-escort-range", "20C", "an I-16 (movement 5) escorts an SB-2 5 hexes away",
     [u("i", I16, "35:4916"), *SB_RAID], [], phase="air",
     state={"air_missions": [{"unit": "b", "mission": "bombing", "hex": "35:4418"},
                             {"unit": "i", "mission": "escort", "hex": "35:4418"}]})
case("air-escort-alone", "20C", "an I-16 escorts a hex where no friendly unit flies a mission",
     [u("i", I16, "35:4916")], ["20C"], phase="air",
     state={"air_missions": [{"unit": "i", "mission": "escort", "hex": "35:4418"}]})
case("air-bomber-escort", "20C", "a bomber may not fly an escort mission", [u("b", SB2, "35:4918"),
                                                                           u("b2", SB2, "35:4916")], ["20"],
     phase="air", state={"air_missions": [{"unit": "b2", "mission": "bombing", "hex": "35:4818"},
                                          {"unit": "b", "mission": "escort", "hex": "35:4818"}]})
TRANSPORT = "soviet air T 0-1-8"
case("air-transport-regiment", "20E", "a transport lands a rifle regiment (1 RE, no heavy equipment) at an air base",
     [u("t", TRANSPORT, "35:4916"), u("r", "soviet III rifle 1-1-3", "35:4916")], [], phase="air",
     state={"air_missions": [{"unit": "t", "mission": "transport", "hex": "35:4916", "cargo": ["r"]}]})
case("air-transport-heavy", "20E, 3A4", "a division (heavy equipment) may not be carried by air",
     [u("t", TRANSPORT, "35:4916"), u("d", SDIV, "35:4916")], ["20E"], phase="air",
     state={"air_missions": [{"unit": "t", "mission": "transport", "hex": "35:4916", "cargo": ["d"]}]})
case("air-parachute-cargo", "20E", "a parachute drop carries 1/2 RE: a 1 RE regiment is too much",
     [u("t", TRANSPORT, "35:4916"), u("r", "soviet III rifle 1-1-3", "35:4916")], ["20E"], phase="air",
     state={"air_missions": [{"unit": "t", "mission": "parachute", "hex": "35:4517", "cargo": ["r"]}]})
case("air-fighter-extended", "24B", "fighters may not fly at extended range", [u("i", I16, "35:4918")], ["24B"],
     phase="air", state={"air_missions": [{"unit": "i", "mission": "bombing", "hex": "35:4418", "extended": True}]})
case("air-bomber-extended", "24B", "an SB-2 (movement 8) bombs 9 hexes away at extended range",
     [u("b", SB2, "35:5018")], [], phase="air",
     state={"air_missions": [{"unit": "b", "mission": "bombing", "hex": "35:4118", "extended": True}]})
case("air-bomber-too-far", "20F", "an SB-2 bombs 9 hexes away without extended range", [u("b", SB2, "35:5018")],
     ["20"], phase="air", state={"air_missions": [{"unit": "b", "mission": "bombing", "hex": "35:4118"}]})
case("air-parachute-forest", "20E", "no parachute drop into forest",
     [u("t", "soviet air T 0-1-8", "35:4817")], ["20E"], phase="air",
     state={"air_missions": [{"unit": "t", "mission": "parachute", "hex": "35:4118"}]})
case("air-transfer-to-base", "20D", "a D.XXI transfers to a Finnish air base", [u("d", DXXI, AIRBASE)], [],
     player="finnish", phase="air", state={"air_missions": [{"unit": "d", "mission": "transfer", "hex": "35:4526"}],
                                           "air_bases": ["35:4526"]})
case("air-transfer-no-base", "20D", "a transfer to a hex without an air base", [u("d", DXXI, AIRBASE)], ["20D"],
     player="finnish", phase="air", state={"air_missions": [{"unit": "d", "mission": "transfer", "hex": "35:4520"}]})
case("air-on-base", "17", "outside the air phase a fighter sits on its air base", [u("d", DXXI, AIRBASE)], [],
     player="finnish", phase="combat")
case("air-off-base", "17", "outside the air phase an air unit away from any base", [u("d", DXXI, "35:4520")],
     ["17"], player="finnish", phase="combat")
case("air-enemy-base", "17", "a Soviet bomber on a Finnish air base", [u("b", SB2, AIRBASE)], ["17"],
     player="finnish", phase="combat")
AA_HEX = "35:4517"
AA_UNITS = [u("b", SB2, "35:4916"), u("aa", FAA, AA_HEX), u("h", "finnish XXXX hq 0-4", AA_HEX)]
case("aa-legal", "22B, 22A", "2 position AA points and the HQ's intrinsic point fire 3 at a bomber over Viipuri",
     AA_UNITS, [], phase="air", state={"air_missions": [{"unit": "b", "mission": "bombing", "hex": AA_HEX}],
                                       "aa_fire": [{"hex": AA_HEX, "points": 3, "unit": "b"}]})
case("aa-too-many-points", "22B", "4 AA points fire where there are 3", AA_UNITS, ["22B"], phase="air",
     state={"air_missions": [{"unit": "b", "mission": "bombing", "hex": AA_HEX}],
            "aa_fire": [{"hex": AA_HEX, "points": 2, "unit": "b"}, {"hex": AA_HEX, "points": 2, "unit": "b"}]})
case("aa-at-escort", "22B", "AA may not fire at an escort", [*AA_UNITS, u("i", I16, "35:4916")], ["22B"],
     phase="air", state={"air_missions": [{"unit": "b", "mission": "bombing", "hex": AA_HEX},
                                          {"unit": "i", "mission": "escort", "hex": AA_HEX}],
                         "aa_fire": [{"hex": AA_HEX, "points": 1, "unit": "i"}]})
case("aa-position-moved", "22A3", "a position AA unit that moved this turn may not fire: only the HQ's point",
     [u("b", SB2, "35:4916"), u("aa", FAA, AA_HEX, moved=True), u("h", "finnish XXXX hq 0-4", AA_HEX)], ["22B"],
     phase="air", state={"air_missions": [{"unit": "b", "mission": "bombing", "hex": AA_HEX}],
                         "aa_fire": [{"hex": AA_HEX, "points": 2, "unit": "b"}]})
case("air-non-operational", "16B", "a non-operational air unit flies a mission",
     [u("b", SB2, "35:4918", non_operational=True)], ["16B"], phase="air",
     state={"air_missions": [{"unit": "b", "mission": "bombing", "hex": "35:4718"}]})

# ----------------------------------------------------------------------------------------------- 26, 38 naval
case("naval-transport-legal", "38B2", "a cruiser carries a 1-6 marine regiment to Kotka's port",
     [u("c", CL, "35:4916"), u("m", "soviet III marine 1-6", "35:4916")], [], turn=1, player="soviet",
     state={"naval_transport": [{"ships": ["c"], "cargo": ["m"], "from": "35:4916", "to": "35:4916"}]})
case("naval-transport-overload", "38B2", "one ship carries three marine regiments (3 RE, capacity 2)",
     [u("c", CL, "35:4916"), u("m1", "soviet III marine 1-6", "35:4916"), u("m2", "soviet III marine 1-6", "35:4916"),
      u("m3", "soviet III marine 1-6", "35:4916")], ["38B2"], turn=1, player="soviet",
     state={"naval_transport": [{"ships": ["c"], "cargo": ["m1", "m2", "m3"], "from": "35:4916"}]})
case("naval-transport-two-ships", "38B2", "two ships together carry a division (4 RE of room)",
     [u("c", CL, "35:4916"), u("c2", CL, "35:4916"), u("d", SDIV, "35:4916")], [], turn=1, player="soviet",
     state={"naval_transport": [{"ships": ["c", "c2"], "cargo": ["d"], "from": "35:4916"}]})
case("naval-flotilla", "38B2", "a river flotilla carries at most 1 RE: two regiments are too many",
     [u("f", FLOT, "35:4916"), u("m", "soviet III marine 1-6", "35:4916"), u("n", "soviet III marine 1-6",
                                                                            "35:4916")],
     ["38B2"], turn=1, state={"naval_transport": [{"ships": ["f"], "cargo": ["m", "n"], "from": "35:4916",
                                                   "to": "35:4916"}]})
case("naval-amphibious-double", "38B2", "an amphibious landing counts double: two marine regiments on one ship",
     [u("c", CL, "35:4916"), u("m", "soviet III marine 1-6", "35:4916"), u("n", "soviet III marine 1-6",
                                                                          "35:4916")],
     ["38B2"], turn=1, state={"naval_transport": [{"ships": ["c"], "cargo": ["m", "n"], "from": "35:4916",
                                                   "to": "35:4620", "amphibious": True}]})
case("naval-beach-heavy", "38B2", "a division (heavy equipment) may not land on a beach",
     [u("c", CL, "35:4916"), u("c2", CL, "35:4916"), u("d", SDIV, "35:4916")], ["38B2"], turn=1,
     state={"naval_transport": [{"ships": ["c", "c2"], "cargo": ["d"], "from": "35:4916", "to": "35:4620"}]})
case("naval-finnish-amphibious", "38B2", "only Soviet units make amphibious landings",
     [u("c", "finnish ship BD", "35:4526"), u("m", FREG, "35:4526")], ["38B2"], turn=1, player="finnish",
     state={"naval_transport": [{"ships": ["c"], "cargo": ["m"], "from": "35:4526", "to": "35:4620",
                                 "amphibious": True}]})
case("naval-transport-enemy-beach", "38B2", "a regular transport may not land on an enemy-owned beach",
     [u("c", CL, "35:4916"), u("m", "soviet III marine 1-6", "35:4916")], ["38B2"], turn=1,
     state={"naval_transport": [{"ships": ["c"], "cargo": ["m"], "from": "35:4916", "to": "35:4620"}]})
case("naval-transport-combat-phase", "38B2", "naval transport in the combat phase",
     [u("c", CL, "35:4916"), u("m", "soviet III marine 1-6", "35:4916")], ["38B2"], turn=1, phase="combat",
     state={"naval_transport": [{"ships": ["c"], "cargo": ["m"], "from": "35:4916"}]})
case("naval-port-capacity", "38A2b", "3 RE through the minor port of Kotka (capacity 2)",
     [u("c", "finnish ship BD", "35:4521"), u("c2", "finnish ship BD", "35:4521"), u("d", FDIV, "35:4521")],
     ["38A2b"], turn=1, player="finnish",
     state={"naval_transport": [{"ships": ["c", "c2"], "cargo": ["d"], "from": "35:4521", "to": "35:4526"}]})
case("naval-port-major", "38A2b", "3 RE through the major port of Helsinki (capacity 8) and Viipuri (4)",
     [u("c", "finnish ship BD", "35:4526"), u("c2", "finnish ship BD", "35:4526"), u("d", FDIV, "35:4526")],
     [], turn=1, player="finnish",
     state={"naval_transport": [{"ships": ["c", "c2"], "cargo": ["d"], "from": "35:4526", "to": "35:4517"}]})
case("naval-port-damaged", "38A2b", "Viipuri (standard, 4 RE) with 2 hits takes only 2 RE: a division is too much",
     [u("c", "finnish ship BD", "35:4526"), u("c2", "finnish ship BD", "35:4526"), u("d", FDIV, "35:4526")],
     ["38A2b"], turn=1, player="finnish", state={"port_damage": {"35:4517": 2}, "naval_transport": [
         {"ships": ["c", "c2"], "cargo": ["d"], "from": "35:4526", "to": "35:4517"}]})
case("naval-port-inoperative", "38A2b", "Kotka (minor) with 4 hits is inoperative",
     [u("c", "finnish ship BD", "35:4526"), u("r", FREG, "35:4526")], ["38A2b"], turn=1, player="finnish",
     state={"port_damage": {"35:4521": 4}, "naval_transport": [{"ships": ["c"], "cargo": ["r"], "from": "35:4526",
                                                                 "to": "35:4521"}]})
case("naval-port-not-owned", "38A2b", "the Soviet player uses Kotka, a Finnish port",
     [u("c", CL, "35:4916"), u("m", "soviet III marine 1-6", "35:4916")], ["38A2b"], turn=1,
     state={"naval_transport": [{"ships": ["c"], "cargo": ["m"], "from": "35:4916", "to": "35:4521"}]})
case("naval-ship-frozen-sea", "38A2d", "a ship in a frozen Gulf of Finland sea hex (turn 3)",
     [u("c", CL, "35:4822")], ["38A2d"], turn=3)
case("naval-ship-open-sea", "38A2d", "a ship in the Gulf of Finland before it freezes (turn 1)",
     [u("c", CL, "35:4822")], [], turn=1)
case("naval-ship-inland", "38A2d", "a ship in an inland hex", [u("c", CL, "35:4418")], ["38A2d"], turn=1)

# --------------------------------------------------------------------------------------------- 3D ownership
case("owner-city-by-zoc", "3D", "the Soviet player claims Viipuri without ever occupying it",
     [u("s", SDIV, "35:4616", **N)], ["3D"], state={"owned": {"35:4517": "soviet"}})
case("owner-clear-by-zoc", "3D", "the Soviet player owns a clear hex his ZOC took", [u("s", SDIV, "35:4616", **N)],
     [], state={"owned": {"35:4615": "soviet"}})
case("owner-city-occupied", "3D", "Viipuri owned by the Soviet division occupying it", [u("s", SDIV, "35:4517", **N)],
     [], state={"owned": {"35:4517": "soviet"}})

# ------------------------------------------------------------------------ 9A odds, 9I, 13 overruns (no chart file)
case("combat-odds-not-judged", "9A, 9H", "a result on the table needs Viipuri's terrain effect: not judged",
     [*ATK, *DEF], [], phase="combat",
     state={"attacks": [{"hex": "35:4517", "attackers": ["a", "b"], "die": 4, "result": "DR"}]},
     summary={"not_judged": ["9A: attack 1: not judged: Terrain Effects Chart value unknown (Terrain major city, "
                             "combat)"]})
case("combat-retreat-before-ski", "9I, 14E", "a Finnish ski regiment retreats before combat",
     [u("a", SDIV, "35:4616", **N), u("f", FSKI, "35:4517")], [], phase="combat",
     state={"attacks": [{"hex": "35:4517", "attackers": ["a"], "retreated_before_combat": ["f"]}]})
case("combat-retreat-before-infantry", "9I", "a Finnish infantry division may not retreat before combat",
     [u("a", SDIV, "35:4616", **N), u("f", FDIV, "35:4517")], ["9I"], phase="combat",
     state={"attacks": [{"hex": "35:4517", "attackers": ["a"], "retreated_before_combat": ["f"]}]})
FHQ = "finnish XXXX hq 0-4"
case("overrun-zero-defence", "13", "a division overruns a lone HQ (defence 0)",
     [u("a", SDIV, "35:4616", **N), u("h", FHQ, "35:4517")], [], state={"overruns": [{"hex": "35:4517",
                                                                                    "attackers": ["a"]}]})
case("overrun-zero-attack", "13", "a unit of attack 0 cannot overrun even a defence-0 unit",
     [u("z", SZERO, "35:4616"), u("h", FHQ, "35:4517")], ["13"],
     state={"overruns": [{"hex": "35:4517", "attackers": ["z"]}]})
case("overrun-combat-phase", "13", "overruns happen in the movement and exploitation phases",
     [u("a", SDIV, "35:4616", **N), u("h", FHQ, "35:4517")], ["13"], phase="combat",
     state={"overruns": [{"hex": "35:4517", "attackers": ["a"]}]})
case("overrun-not-adjacent", "13", "an overrunning unit two hexes away", [u("a", SDIV, "35:4716", **N),
                                                                         u("h", FHQ, "35:4517")],
     ["13"], state={"overruns": [{"hex": "35:4517", "attackers": ["a"]}]})
case("overrun-partisan", "13, 14F2", "units in partisan mode do not suffer overruns",
     [u("a", SDIV, "35:4616", **N), u("p", "finnish III ski_partisan 1-8", "35:4517", partisan_mode=True)], ["13"],
     state={"overruns": [{"hex": "35:4517", "attackers": ["a"]}]})
case("overrun-ratio-not-judged", "13, 9H", "ten to one against a division in rough needs the terrain effect",
     [u("a", SDIV, "35:4318", **N), u("f", FDIV, "35:4418")], [], state={"overruns": [{"hex": "35:4418",
                                                                                   "attackers": ["a"]}]},
     summary={"not_judged": ["13: overrun 1: not judged: Terrain Effects Chart value unknown (Terrain rough, "
                             "combat)"]})

# ------------------------------------------------------------------------------- 16C, 26A, 33, 35A sequence
case("air-mission-movement-phase", "16C, 4C", "an air mission declared in the movement phase",
     [u("d", DXXI, AIRBASE)], ["16C"], player="finnish",
     state={"air_missions": [{"unit": "d", "mission": "bombing", "hex": "35:4518"}]})
case("sea-reinforcement-helsinki", "33", "a foreign-aid regiment lands at Helsinki in the Finnish initial phase",
     [u("r", FREG, "35:4526", by_sea=True)], [], turn=1, player="finnish", phase="initial")
case("sea-reinforcement-near-fleet", "33", "not at Kotka: a Soviet ship is 4 hexes away",
     [u("r", FREG, "35:4521", by_sea=True), u("c", CL, "35:4921")], ["33"], turn=1, player="finnish",
     phase="initial")
case("sea-reinforcement-no-port", "33", "a sea reinforcement in a hex without a port",
     [u("r", FREG, "35:4418", by_sea=True)], ["33"], turn=1, player="finnish", phase="initial")
case("sea-reinforcement-movement", "33, 32A", "sea reinforcements appear in the initial phase",
     [u("r", FREG, "35:4526", by_sea=True)], ["33"], turn=1, player="finnish", phase="movement")
case("sea-supply-four", "26A", "four Soviet supply points by sea to Petsamo", [], [], state={"sea_supply": 4})
case("sea-supply-five", "26A", "five supply points by sea (at most 4)", [], ["26A"], state={"sea_supply": 5})
case("sea-supply-intervention", "26A, 31C", "the Western intervention ends Soviet sea supply", [], ["26A"],
     state={"sea_supply": 2, "intervention": True})
case("game-length-mar-ii", "35A", "Mar II 40 is not played without 36E", [u("s", SDIV, "35:4915")], ["35A"],
     turn=8)
case("game-length-36e", "35A, 36E", "Mar II 40 with the variable game length", [u("s", SDIV, "35:4915")], [],
     turn=8, state={"optional_rules": ["36E"]})
case("game-length-may-ii", "35A, 36E", "May II 40 is not played without 36E", [u("s", SDIV, "35:4915")], ["35A"],
     turn=12, player="finnish")
case("game-length-36e-may-ii", "35A, 36E", "May II 40, the last turn of the variable game length",
     [u("s", SDIV, "35:4915")], [], turn=12, player="finnish", phase="exploitation", state={"optional_rules": ["36E"]})
case("game-length-apr-i", "35A, 36E", "Apr I 40 is not played without 36E", [u("s", SDIV, "35:4915")], ["35A"], turn=9)


def write() -> int:
    HERE.mkdir(exist_ok=True)
    for old in HERE.glob("*.yaml"):
        old.unlink()
    for n, c in enumerate(CASES, 1):
        verdict = "legal" if c["data"]["expect"]["ok"] else "violates " + ", ".join(c["data"]["expect"]["rules"])
        text = (f"# rule: {c['rule']}\n# {c['what']}\n# expected verdict: {verdict}\n"
                + yaml.dump(c["data"], Dumper=_Dumper, sort_keys=False, default_flow_style=None, width=120))
        (HERE / f"{n:03d}-{c['name']}.yaml").write_text(text, encoding="utf-8")
    return len(CASES)


if __name__ == "__main__":
    total = write()
    legal = sum(1 for c in CASES if c["data"]["expect"]["ok"])
    print(f"{total} positions, {legal} legal, {total - legal} illegal")
