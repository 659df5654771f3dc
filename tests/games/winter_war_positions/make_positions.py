"""Write the Winter War position suite (the ``NN-*.yaml`` files beside this script) for the bundled map.

    python tests/games/winter_war_positions/make_positions.py [MAP]

Each position cites the rule it exercises and states the expected verdict (a comment for people, an
``expect:`` mapping for tests/games/test_winter_war_positions.py). The verdicts are written here by
hand from the rulebook; hexes are chosen on the map by name and by the map's own data, and every
geometric assumption a position relies on (country, terrain, adjacency, hexside features, path costs)
is asserted here so that a changed map makes this script fail instead of writing a wrong suite.
Movement costs are computed with a separate, minimal Terrain Effects Chart reading (not the referee).
"""

from __future__ import annotations

import heapq
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[2]
sys.path.insert(0, str(ROOT))

from toolkit.terrain.io import load_map  # noqa: E402

M = load_map(sys.argv[1] if len(sys.argv) > 1 else ROOT / "maps" / "winter-war.yaml")
P = M.place
ROW_A = int(M.meta["row_a"])


def country(h: str) -> str | None:
    return M.value(h, "country")


def plain(h: str, c: str) -> bool:
    """A clear hex of country ``c`` with no tag the rules care about."""
    return M.terrain(h) == "clear" and country(h) == c and not (M.tags(h) - {"rail", "objective", "row_a"}) and \
        M.value(h, "vp") is None


def adj(a: str, b: str) -> bool:
    return b in M.neighbours(a)


def row(h: str) -> int:
    return int(h[2:])


def cost(a: str, b: str) -> int | None:
    """Terrain Effects Chart, read independently: None if prohibited."""
    if M.terrain(b) in ("mountain", "minor_lake", "major_lake", "sea") or country(b) in ("norway", "sweden"):
        return None
    f = M.side_features(a, b)
    if f & {"sea", "major_lake"}:
        return None
    return 1 + (1 if f & {"river", "minor_lake"} else 0)


def mp(a: str, b: str, stop: set[str] = frozenset()) -> int:  # type: ignore[assignment]
    """Least MP from a to b over clear terrain (stopping in ``stop`` hexes), no rail, no ZOC."""
    best = {a: 0}
    heap = [(0, a)]
    while heap:
        c, h = heapq.heappop(heap)
        if h == b:
            return c
        if c > best[h] or (h in stop and h != a):
            continue
        for n in M.neighbours(h):
            k = cost(h, n)
            if k is not None and c + k < best.get(n, 99):
                best[n] = c + k
                heapq.heappush(heap, (c + k, n))
    return 99


def first(pred: Any, around: str, radius: int = 6) -> str:
    for h in M.within(around, radius):
        if pred(h):
            return h
    raise SystemExit(f"make_positions: no hex near {around} matches")


LEN, MUR, VII, OULU, PETS, HEL = P("Leningrad"), P("Murmansk"), P("Viipuri"), P("Oulu"), P("Petsamo"), P("Helsinki")
KAND = P("Kandalaksha")
R_HEX = M.find(tag="r_hex")[0]
MANN = sorted(M.find(fortification="mannerheim"))
ICE = sorted(M.find(tag="ice"))
WEST = sorted(M.find(tag="row_west_of_viipuri"))
assert len(MANN) == 4

# --- anchors near Leningrad: a Soviet HQ and hexes around it ----------------------------------------
HQ = first(lambda h: plain(h, "ussr") and adj(h, LEN) and "rail" not in M.tags(h), LEN, 1)
S1 = first(lambda h: plain(h, "ussr") and h not in (HQ, LEN) and M.distance(h, HQ) <= 2 and
           "rail" not in M.tags(h), LEN, 3)
# a Finnish hex across the border next to a USSR hex (NKVD and HQ cases)
BORDER_U = first(lambda h: plain(h, "ussr") and "rail" not in M.tags(h) and M.distance(h, HQ) <= 3 and
                 any(plain(n, "finland") and not (M.side_features(h, n) & {"sea", "major_lake"})
                     for n in M.neighbours(h)), LEN, 3)
BORDER_F = next(n for n in M.neighbours(BORDER_U) if plain(n, "finland") and
                not (M.side_features(BORDER_U, n) & {"sea", "major_lake"}))
# north of Row A, in Finland near Oulu
NORTH_F = first(lambda h: plain(h, "finland") and row(h) < ROW_A, OULU, 2)
ROWA_F = first(lambda h: plain(h, "finland") and row(h) == ROW_A, P("Jyväskylä"), 6)
# Murmansk garrison hexes (within five hexes, USSR, clear)
MUR_HQ = first(lambda h: plain(h, "ussr") and adj(h, MUR), MUR, 1)
MUR_RING = [h for h in M.within(MUR, 5) if plain(h, "ussr") and h not in (MUR, MUR_HQ)][:10]


def pos(name: str, rule: str, note: str, units: list[tuple[Any, ...]], *, ok: bool, rules: list[str] = (),
        turn: int = 3, player: str = "soviet", phase: str = "movement", state: dict[str, Any] | None = None,
        before: list[tuple[Any, ...]] | None = None, status: dict[str, dict[str, Any]] | None = None,
        summary: dict[str, Any] | None = None) -> dict[str, Any]:
    return {"name": name, "rule": rule, "note": note, "units": units, "ok": ok, "rules": list(rules),
            "turn": turn, "player": player, "phase": phase, "state": state or {}, "before": before,
            "status": status or {}, "summary": summary or {}}


HQU = ("hq", "sov-0-1-2", HQ)
SPECS: list[dict[str, Any]] = []
add = SPECS.append

# --- Stacking ---------------------------------------------------------------------------------------------
add(pos("stacking-three-south", "Stacking (General Rule)", "three Soviet units in one hex south of Row A; the limit "
        "is two", [HQU, ("a", "sov-2-1-2", S1), ("b", "sov-2-1-2", S1), ("c", "sov-2-1-2", S1)],
        ok=False, rules=["Stacking"]))
add(pos("stacking-two-south", "Stacking (General Rule)", "two Soviet units in one hex south of Row A",
        [HQU, ("a", "sov-2-1-2", S1), ("b", "sov-6-4-2", S1)], ok=True))
add(pos("stacking-two-north", "Stacking (General Rule)", "two Finnish units in one hex north of Row A; the limit is "
        "one", [("a", "fin-1-1-3", NORTH_F), ("b", "fin-2-2-3", NORTH_F)], ok=False, rules=["Stacking"],
        player="finnish"))
add(pos("stacking-row-a", "Stacking (General Rule)", "two Finnish units on a hex of Row A itself (on or south: two)",
        [("a", "fin-1-1-3", ROWA_F), ("b", "fin-2-2-3", ROWA_F)], ok=True, player="finnish"))
add(pos("stacking-ski-patrols", "Stacking (C)", "a Finnish unit and all five ski patrols north of Row A",
        [("a", "fin-1-1-3", NORTH_F)] + [(f"k{i}", "fin-0-0-3", NORTH_F) for i in range(5)], ok=True,
        player="finnish"))
add(pos("stacking-allies-petsamo", "Scenario A", "three Allied 3-2-2s land on Petsamo on top of a Finnish unit",
        [("x1", "all-3-2-2", PETS), ("x2", "all-3-2-2", PETS), ("x3", "all-3-2-2", PETS), ("f", "fin-1-1-3", PETS)],
        ok=True, player="finnish", turn=4, state={"scenario": "A"}))
P2 = first(lambda h: plain(h, "finland") and row(h) < ROW_A and h != PETS, PETS, 2)
add(pos("stacking-allies-elsewhere", "Stacking (General Rule), Scenario A", "Allied units observe the stacking rule "
        "in all hexes other than Petsamo", [("x1", "all-3-2-2", P2), ("x2", "all-3-2-2", P2)], ok=False,
        rules=["Stacking"], player="finnish", turn=4, state={"scenario": "A"}))
add(pos("stacking-reinforcement-phase", "Stacking (A)", "stacking applies from the end of the Movement Phase: three "
        "units in the Reinforcement Phase are not yet a violation",
        [HQU, ("a", "sov-2-1-2", S1), ("b", "sov-2-1-2", S1), ("c", "sov-2-1-2", S1)], ok=True, phase="reinforcement"))

# --- Prohibited terrain and regions ---------------------------------------------------------------------
MOUNT = next(h for h in M.find(terrain="mountain") if country(h) == "finland")
LAKE = next(h for h in M.find(terrain="minor_lake") if country(h) == "finland")
SEA = next(n for n in M.neighbours(HEL) if M.terrain(n) == "sea" and "ice" not in M.tags(n))
NOR = next(n for n in M.neighbours(PETS) if country(n) == "norway")
SWE = first(lambda h: M.terrain(h) == "clear" and country(h) == "sweden" and "r_hex" not in M.tags(h), R_HEX, 2)
for name, hexid, rule, note in (
        ("prohibited-mountain", MOUNT, "Terrain Effects Chart", "units may never enter hexes with Mountains"),
        ("prohibited-minor-lake", LAKE, "Terrain Effects Chart", "hexes totally covered by a minor lake"),
        ("prohibited-sea", SEA, "Terrain Effects Chart", "a hex wholly at sea"),
        ("prohibited-norway", NOR, "Movement (K)", "no units may enter Norway in the Standard Game"),
        ("prohibited-sweden", SWE, "Movement (K)", "no units may enter Sweden in the Standard Game")):
    add(pos(name, rule, note, [("a", "fin-1-1-3", hexid)], ok=False, rules=[rule], player="finnish"))
add(pos("prohibited-ice-turn-5", "Movement (N), Terrain Effects Chart", "the Gulf of Finland ice may be entered only "
        "on Game-Turns 8-10", [("a", "fin-1-1-3", ICE[0])], ok=False, rules=["Terrain Effects Chart"],
        player="finnish", turn=5))
add(pos("ice-turn-9", "Movement (N)", "on Game-Turn 9 the ice hexes may be entered",
        [("a", "fin-1-1-3", ICE[0])], ok=True, player="finnish", turn=9))
add(pos("prohibited-nkvd-abroad", "Movement (K)", "NKVD units may never leave the USSR",
        [HQU, ("n", "sov-1-1-4", BORDER_F)], ok=False, rules=["Movement (K)"]))
add(pos("prohibited-662-north", "Movement (K)", "Finnish 6-6-2 units may never enter hexes north of Row A",
        [("a", "fin-6-6-2", NORTH_F)], ok=False, rules=["Movement (K)"], player="finnish"))
N20 = first(lambda h: plain(h, "ussr") and row(h) < ROW_A and M.distance(h, MUR_HQ) <= 4 and h != MUR_HQ, MUR, 3)
add(pos("prohibited-20122-north", "Movement (K)", "Soviet 20-12-2 units may never enter hexes north of Row A",
        [("hq", "sov-0-1-2", MUR_HQ), ("a", "sov-20-12-2", N20)], ok=False, rules=["Movement (K)"]))
add(pos("scenario-b-r-hex", "Scenario B", "two Allied 3-2-2s placed on the Swedish hex marked R",
        [("x1", "all-3-2-2", R_HEX), ("x2", "all-3-2-2", R_HEX)], ok=True, player="finnish",
        turn=4, state={"scenario": "B"}))

# --- Zones of Control -------------------------------------------------------------------------------------
add(pos("zoc-soviet-hq", "Zones of Control (G)", "Soviet HQ units never exert a Zone of Control",
        [("hq", "sov-0-1-2", BORDER_U), ("f", "fin-1-1-3", BORDER_F)], ok=True, player="finnish",
        status={"f": {"in_enemy_zoc": False}, "hq": {"in_enemy_zoc": True}}))
add(pos("zoc-nkvd-border", "Zones of Control (G)", "the ZOC of NKVD units does not extend across the border into "
        "Finland", [HQU, ("n", "sov-1-1-4", BORDER_U), ("f", "fin-1-1-3", BORDER_F)], ok=True, player="finnish",
        status={"f": {"in_enemy_zoc": False}, "n": {"in_enemy_zoc": True}}))
FORT = MANN[-1]
NEXT_FORT = first(lambda h: plain(h, "finland") and adj(h, FORT) and not (M.side_features(h, FORT) & {"river"}),
                  FORT, 1)
HQ_F = first(lambda h: plain(h, "finland") and M.distance(h, NEXT_FORT) == 2 and M.distance(h, LEN) <= 6, FORT, 3)
add(pos("zoc-fortification", "Zones of Control (G), Fortifications (C)", "Soviet ZOCs do not extend into Finnish "
        "fortification hexes occupied by Finns; Finnish ZOCs are not affected",
        [("hq", "sov-0-1-2", HQ_F), ("s", "sov-6-4-2", NEXT_FORT), ("f", "fin-6-6-2", FORT)], ok=True,
        status={"f": {"in_enemy_zoc": False}, "s": {"in_enemy_zoc": True}}))
SEA_PAIR = next((a, b) for a in M.within(LEN, 3) for b in M.neighbours(a)
                if "sea" in M.side_features(a, b) and M.terrain(a) == M.terrain(b) == "clear"
                and country(a) == "ussr" and country(b) == "ussr" and "rail" not in M.tags(b)
                and sum(1 for n in M.neighbours(b) if n == a) == 1)
HQ_SEA = first(lambda h: plain(h, "ussr") and adj(h, LEN) and "rail" not in M.tags(h) and h not in SEA_PAIR
              and SEA_PAIR[1] not in M.neighbours(h), LEN, 1)  # the HQ keeps the 6-4-2 supplied, away from the Finn
add(pos("zoc-sea-hexside", "Zones of Control (E)", "ZOCs do not extend across a sea hexside",
        [("hq", "sov-0-1-2", HQ_SEA), ("s", "sov-6-4-2", SEA_PAIR[0]), ("f", "fin-2-2-3", SEA_PAIR[1])], ok=True,
        player="finnish",
        status={"f": {"in_enemy_zoc": False}}))
S_ADJ = first(lambda h: plain(h, "ussr") and adj(h, S1) and h != HQ and "rail" not in M.tags(h), S1, 1)
add(pos("zoc-finnish-light-units-in-ussr", "Zones of Control (G)", "Finnish 1-1-3 and 0-0-3 units have no ZOC in the "
        "USSR", [HQU, ("s", "sov-2-1-2", S1), ("f", "fin-1-1-3", S_ADJ)], ok=True, player="finnish",
        status={"s": {"in_enemy_zoc": False}, "f": {"in_enemy_zoc": True}}))
add(pos("zoc-finnish-223-in-ussr", "Zones of Control (G)", "a Finnish 2-2-3 keeps its ZOC in the USSR",
        [HQU, ("s", "sov-2-1-2", S1), ("f", "fin-2-2-3", S_ADJ)], ok=True, player="finnish",
        status={"s": {"in_enemy_zoc": True}}))
FAR_U = first(lambda h: plain(h, "ussr") and M.distance(h, KAND) > 6 and M.distance(h, MUR) > 6 and
              any(plain(n, "finland") for n in M.neighbours(h)), P("Kem"), 14)
FAR_F = next(n for n in M.neighbours(FAR_U) if plain(n, "finland"))
add(pos("zoc-isolated-unit", "Zones of Control (H)", "an isolated Soviet unit (no HQ, no supply city) exerts no ZOC",
        [("s", "sov-2-1-2", FAR_U), ("f", "fin-1-1-3", FAR_F)], ok=True, player="finnish",
        status={"s": {"supplied": False}, "f": {"in_enemy_zoc": False}}))

# --- Movement (before -> after) ------------------------------------------------------------------------
# a Soviet 2-1-2 two clear hexes from its start, and one three hexes away
M0 = first(lambda h: plain(h, "ussr") and "rail" not in M.tags(h) and M.distance(h, LEN) == 4, LEN, 4)
M2 = first(lambda h: plain(h, "ussr") and mp(M0, h) == 2 and M.distance(M0, h) == 2 and "rail" not in M.tags(h),
           M0, 2)
M3 = first(lambda h: plain(h, "ussr") and mp(M0, h) == 3 and "rail" not in M.tags(h) and not any(
    "rail" in M.tags(n) for n in M.neighbours(h)), M0, 3)
HQM = ("hq", "sov-0-1-2", first(lambda h: plain(h, "ussr") and M.distance(h, M0) <= 2 and h not in (M0, M2, M3) and
                                "rail" not in M.tags(h), M0, 2))
add(pos("move-legal", "Movement (A), (C)", "a 2-1-2 moves two clear hexes",
        [HQM, ("a", "sov-2-1-2", M2)], before=[HQM, ("a", "sov-2-1-2", M0)], ok=True))
add(pos("move-too-far", "Movement (C)", "a 2-1-2 cannot move three hexes (rail too far away to help)",
        [HQM, ("a", "sov-2-1-2", M3)], before=[HQM, ("a", "sov-2-1-2", M0)], ok=False, rules=["Movement (C)"]))
RIV = next((a, b, n) for a in M.ids() if plain(a, "finland") and "rail" not in M.tags(a)
           for b in M.neighbours(a) if plain(b, "finland") and M.side_features(a, b) & {"river", "minor_lake"}
           for n in M.neighbours(b) if plain(n, "finland") and "rail" not in M.tags(n) and mp(a, n) == 3)
add(pos("move-river", "Movement (A), Terrain Effects Chart", "crossing a river hexside costs one more MP: "
        "a 4-4-2 cannot go on after crossing", [("f", "fin-4-4-2", RIV[2])],
        before=[("f", "fin-4-4-2", RIV[0])], ok=False, rules=["Movement (C)"], player="finnish"))
add(pos("move-river-ok", "Movement (A), Terrain Effects Chart", "the same 4-4-2 crosses the river (2 MP) and stops",
        [("f", "fin-4-4-2", RIV[1])], before=[("f", "fin-4-4-2", RIV[0])], ok=True, player="finnish"))
add(pos("move-into-enemy", "Movement (F)", "units may never enter a hex containing enemy units",
        [HQU, ("a", "sov-2-1-2", BORDER_F), ("f", "fin-1-1-3", BORDER_F)],
        before=[HQU, ("a", "sov-2-1-2", BORDER_U), ("f", "fin-1-1-3", BORDER_F)], ok=False,
        rules=["Movement (F)"]))
RAIL_FAR = "4055"
assert "rail" in M.tags(RAIL_FAR) and country(RAIL_FAR) == "ussr" and M.distance(LEN, RAIL_FAR) > 8
add(pos("move-rail", "Movement (J)", "a unit starting on a home rail hex rides the connected railway any distance",
        [HQU, ("a", "sov-2-1-2", RAIL_FAR)], before=[HQU, ("a", "sov-2-1-2", "3261")], ok=True))
BLOCK = first(lambda h: plain(h, "ussr") and "rail" not in M.tags(h) and any(n in ("3660", "3760") for n in
                                                                                M.neighbours(h)), "3660", 2)
add(pos("move-rail-zoc", "Movement (J)", "rail movement must stay free of enemy ZOCs: a Finnish 2-2-3 beside the line "
        "stops the train", [HQU, ("a", "sov-2-1-2", RAIL_FAR), ("f", "fin-2-2-3", BLOCK)],
        before=[HQU, ("a", "sov-2-1-2", "3261"), ("f", "fin-2-2-3", BLOCK)], ok=False, rules=["Movement (J)"]))
FIN_RAIL = "2758"
assert "rail" in M.tags(FIN_RAIL) and country(FIN_RAIL) == "finland" and mp("2960", FIN_RAIL) >= 3
add(pos("move-rail-foreign", "Movement (J)", "Soviet units may move by rail only within the USSR: no ride on the "
        "Finnish line towards Viipuri", [HQU, ("a", "sov-2-1-2", FIN_RAIL)],
        before=[HQU, ("a", "sov-2-1-2", "2960")], ok=False, rules=["Movement (J)"]))
add(pos("move-isolated", "Supply and Isolation (A)", "an isolated unit may move only one hex",
        [("s", "sov-6-4-2", M2)], before=[("s", "sov-6-4-2", M0)], ok=False, rules=["Supply and Isolation (A)"]))
add(pos("move-non-phasing", "Movement (D)", "no enemy movement in the Soviet Movement Phase",
        [HQU, ("f", "fin-1-1-3", NORTH_F)], before=[HQU, ("f", "fin-1-1-3", OULU)], ok=False,
        rules=["Movement (D)"]))
COAST = next(n for n in M.neighbours(ICE[0])
             if plain(n, "finland") and not (M.side_features(n, ICE[0]) & {"major_lake"}))
add(pos("move-ice", "Movement (N)", "on Game-Turn 8 a 4-4-2 walks onto the ice (2 MP)",
        [("f", "fin-4-4-2", ICE[0])], before=[("f", "fin-4-4-2", COAST)], ok=True, player="finnish", turn=8))
# ZOC: a Finnish 2-2-3 in the open near the border; Soviet units beside it (an HQ keeps them supplied)
def zoc_setup() -> tuple[str, str, str, str, str]:
    """A Finn on ZS; a start ZF beside it; ZZ beside both; AWAY beside ZF only; BEYOND two clear hexes from
    ZF whose every two-hex path passes a hex next to ZS."""
    for zs in M.within(LEN, 9):
        if not (plain(zs, "finland") and M.distance(zs, LEN) >= 3):
            continue
        ring = set(M.neighbours(zs))
        for zf in M.neighbours(zs):
            if not plain(zf, "finland") or M.side_features(zs, zf):
                continue
            for zz in (n for n in M.neighbours(zs) if adj(n, zf) and plain(n, "finland")):
                away = [n for n in M.neighbours(zf) if n not in ring and n != zs and plain(n, "finland")
                        and not M.side_features(zf, n)]
                beyond = [n for n in M.within(zf, 2) if M.distance(zf, n) == 2 and adj(n, zz) and n not in ring
                          and plain(n, "finland") and mp(zf, n) == 2 and mp(zf, n, stop=ring) > 2]
                if away and beyond and not M.side_features(zf, zz):
                    return zs, zf, zz, away[0], beyond[0]
    raise SystemExit("make_positions: no place for the ZOC positions")


ZS, ZF, ZZ, AWAY, BEYOND = zoc_setup()
CONTROLLED = set(M.neighbours(ZS))
ZHQ = ("hq", "sov-0-1-2", first(lambda h: plain(h, "ussr") and M.distance(h, ZF) <= 4 and h not in CONTROLLED,
                                ZF, 4))
ZFIN = ("f", "fin-2-2-3", ZS)
add(pos("move-zoc-to-zoc", "Zones of Control (F), Movement (I)", "a unit may not move directly from one enemy "
        "controlled hex to another, not even the one hex always allowed (the 1-MP paratroop)",
        [ZHQ, ZFIN, ("p", "sov-3-1-1", ZZ)], before=[ZHQ, ZFIN, ("p", "sov-3-1-1", ZF)], ok=False,
        rules=["Zones of Control (F)"], state={"events": ["F"]}))
add(pos("move-zoc-leave", "Zones of Control (F)", "a unit that begins next to an enemy unit may leave its hex",
        [ZHQ, ZFIN, ("p", "sov-3-1-1", AWAY)], before=[ZHQ, ZFIN, ("p", "sov-3-1-1", ZF)], ok=True,
        state={"events": ["F"]}))
add(pos("move-zoc-stop", "Zones of Control (General Rule)", "units must stop on entering an enemy controlled hex: "
        "both two-hex paths pass one", [ZHQ, ZFIN, ("s", "sov-6-4-2", BEYOND)],
        before=[ZHQ, ZFIN, ("s", "sov-6-4-2", ZF)], ok=False, rules=["Zones of Control"]))
PARA_RIV = next((a, b) for a in M.within(LEN, 6) for b in M.neighbours(a)
                if plain(a, "finland") and plain(b, "finland") and "river" in M.side_features(a, b))
add(pos("move-one-hex-always", "Movement (I)", "a unit may always move one hex: the 1-MP paratroop crosses a river "
        "hexside (2 MP)", [HQU, ("p", "sov-3-1-1", PARA_RIV[1])], before=[HQU, ("p", "sov-3-1-1", PARA_RIV[0])],
        ok=True, state={"events": ["F"]}))

# --- Supply and Isolation -------------------------------------------------------------------------------
S5 = first(lambda h: plain(h, "ussr") and M.distance(h, HQ) == 5, HQ, 5)
add(pos("supply-hq-five", "Supply and Isolation (F)", "a unit within five hexes of an HQ that is near Leningrad",
        [HQU, ("a", "sov-2-1-2", S5)], ok=True, status={"a": {"supplied": True, "supply_via": "hq"}}))
S7 = first(lambda h: plain(h, "ussr") and M.distance(h, HQ) >= 7 and M.distance(h, LEN) >= 7 and
           all(M.distance(h, c) > 5 for c in M.find(tag="supply_city")), HQ, 9)
add(pos("supply-reinforcement-isolated", "Sequence of Play (Reinforcement Phase), Supply (F)", "a reinforcement must "
        "be placed supplied: this one is more than five hexes from any HQ",
        [HQU, ("a", "sov-2-1-2", S7, {"reinforcement": True})], ok=False, phase="reinforcement",
        rules=["Sequence of Play (Reinforcement Phase)"], status={"a": {"supplied": False}}))
add(pos("supply-city", "Supply and Isolation (F)", "a unit in a Supply City joined to Leningrad by rail",
        [("a", "sov-2-1-2", MUR)], ok=True, status={"a": {"supplied": True}}))
CUT = "3660"
add(pos("supply-rail-cut", "Supply and Isolation (F)", "a Finnish unit on the railway cuts Murmansk off from Leningrad",
        [("a", "sov-2-1-2", MUR), ("f", "fin-2-2-3", CUT)], ok=True, player="finnish",
        status={"a": {"supplied": False}}))
HQ11 = first(lambda h: plain(h, "ussr") and all(M.distance(h, c) > 11 for c in M.find(tag="supply_city")),
             P("Kem"), 16)
U11 = first(lambda h: plain(h, "ussr") and adj(h, HQ11), HQ11, 1)
add(pos("supply-ten-hexes", "Supply and Isolation (F)", "an HQ more than ten hexes from every Supply City supplies "
        "nothing", [("h", "sov-0-1-2", HQ11), ("a", "sov-2-1-2", U11)], ok=True,
        status={"a": {"supplied": False}, "h": {"supplied": True}}))
KRING = [h for h in M.within(KAND, 2) if plain(h, "ussr") and h != KAND and M.distance(h, MUR) > 6]
KHQ = ("h", "sov-0-1-2", KRING[0])
add(pos("supply-capacity", "Supply and Isolation (F)", "Kandalaksha (capacity 20 on our map) is the HQ's closest "
        "Supply City: 24 attack points draw on it, so one 6-4-2 is isolated",
        [KHQ] + [(f"s{i}", "sov-6-4-2", KRING[1 + i]) for i in range(4)], ok=True, turn=5,
        summary={"supply_cities": {"Kandalaksha": {"capacity": 20, "load": 24.0, "overflow": 4.0}}}))
add(pos("supply-capacity-chosen", "Supply and Isolation (F)", "the Soviet player chooses which unit is isolated",
        [KHQ] + [(f"s{i}", "sov-6-4-2", KRING[1 + i], {"isolated": i == 2}) for i in range(4)], ok=True, turn=5,
        status={"s2": {"supplied": False}, "s0": {"supplied": True}, "s1": {"supplied": True},
                "s3": {"supplied": True}}))
add(pos("supply-finns-abroad", "Supply and Isolation (G)", "a Finnish unit in the USSR with a free line home",
        [("f", "fin-2-2-3", BORDER_U)], ok=True, player="finnish", status={"f": {"supplied": True}}))
CORNER = "4963" if "4963" in M else M.ids()[-1]
add(pos("supply-hq-nkvd", "Supply and Isolation (F)", "HQ and NKVD units are never isolated",
        [("h", "sov-0-1-2", FAR_U), ("n", "sov-1-1-4", S7)], ok=True,
        status={"h": {"supplied": True}, "n": {"supplied": True}}))
add(pos("setup-isolated", "Initial Deployment (b), Supply and Isolation (J)", "no Soviet unit may begin the game "
        "isolated", [("a", "sov-2-1-2", S7)], ok=False, turn=1, phase="setup", rules=["Initial Deployment (b)"]))

# --- Combat ----------------------------------------------------------------------------------------------
def seaside(h: str) -> bool:
    return any("sea" in f for f in M.sides_of(h).values())


FORT_D = max(MANN)  # the Mannerheim hex the Soviets attack: the eastern end of the line
A1 = first(lambda h: plain(h, "finland") and adj(h, FORT_D) and not M.side_features(h, FORT_D) and
           not seaside(h) and h not in MANN and M.distance(h, LEN) < M.distance(FORT_D, LEN) + 1, FORT_D, 1)
AHQ = first(lambda h: (plain(h, "finland") or plain(h, "ussr")) and h != A1 and not adj(h, FORT_D) and
            not seaside(h) and h not in MANN and M.distance(h, A1) <= 2, A1, 2)
HQU_A = ("hq", "sov-0-1-2", AHQ)
add(pos("combat-odds", "Combat (C), (N), Fortifications (B)", "a 20-12-2 and a 6-4-2 (26) attack a 6-6-2 doubled in "
        "the Mannerheim Line (12): 2-1, die 3: Ex",
        [HQU_A, ("a", "sov-20-12-2", A1), ("b", "sov-6-4-2", A1), ("f", "fin-6-6-2", FORT_D)], ok=True,
        phase="combat", state={"attacks": [{"attackers": ["a", "b"], "defenders": ["f"], "die": 3}]},
        summary={"attacks": [{"odds": "2-1", "attack": 26, "defense": 12, "result": "Ex", "fortified": True}]}))
add(pos("combat-fortified-result", "Fortifications (B)", "6-1 against a fortified Finn: die 1 gives the bracketed Ne",
        [HQU_A, ("a", "sov-20-12-2", A1), ("b", "sov-20-12-2", A1), ("f", "fin-1-1-3", FORT_D)], ok=True,
        phase="combat", state={"attacks": [{"attackers": ["a", "b"], "defenders": ["f"], "die": 1}]},
        summary={"attacks": [{"odds": "6-1", "result": "Ne"}]}))
add(pos("combat-mandatory", "Combat (E)", "Soviet units adjacent to Finnish units must attack them",
        [HQU_A, ("a", "sov-2-1-2", A1), ("f", "fin-1-1-3", FORT_D)], ok=False, phase="combat", state={"attacks": []},
        rules=["Combat (E)"]))
add(pos("combat-finns-voluntary", "Combat (D)", "attacking is strictly voluntary for the Finns",
        [HQU_A, ("a", "sov-2-1-2", A1), ("f", "fin-1-1-3", FORT_D)], ok=True, phase="combat", player="finnish",
        state={"attacks": []}))
add(pos("combat-hq", "Combat (E)", "Soviet HQ units may never participate in an attack",
        [("hq", "sov-0-1-2", A1), ("f", "fin-1-1-3", FORT_D)], ok=False, phase="combat",
        state={"attacks": [{"attackers": ["hq"], "defenders": ["f"]}]}, rules=["Combat (E)"]))
add(pos("combat-nkvd", "Combat (Q)", "NKVD units may not attack Finnish units in Finland",
        [HQU, ("n", "sov-1-1-4", BORDER_U), ("f", "fin-1-1-3", BORDER_F)], ok=False, phase="combat",
        state={"attacks": [{"attackers": ["n"], "defenders": ["f"]}]}, rules=["Combat (Q)"]))
add(pos("combat-isolated", "Combat (P)", "isolated units may not attack",
        [("s", "sov-2-1-2", FAR_U), ("f", "fin-1-1-3", FAR_F)], ok=False, phase="combat",
        state={"attacks": [{"attackers": ["s"], "defenders": ["f"]}]}, rules=["Combat (P)"]))
add(pos("combat-twice", "Combat (F)", "no unit may be the object of more than one attack",
        [HQU_A, ("a", "sov-2-1-2", A1), ("b", "sov-2-1-2", A1), ("f", "fin-1-1-3", FORT_D)], ok=False, phase="combat",
        state={"attacks": [{"attackers": ["a"], "defenders": ["f"]}, {"attackers": ["b"], "defenders": ["f"]}]},
        rules=["Combat (F)"]))
add(pos("combat-not-adjacent", "Combat (C)", "only units adjacent to the defender may attack it",
        [HQU_A, ("a", "sov-2-1-2", HQ_F), ("f", "fin-1-1-3", VII)], ok=False, phase="combat",
        state={"attacks": [{"attackers": ["a"], "defenders": ["f"]}]}, rules=["Combat (C)"]))
add(pos("combat-whole-stack", "Combat (H), (L)", "the units of a hex defend together, never piecemeal",
        [HQU_A, ("a", "sov-6-4-2", A1), ("f", "fin-1-1-3", FORT_D), ("g", "fin-1-1-3", FORT_D)], ok=False,
        phase="combat", state={"attacks": [{"attackers": ["a"], "defenders": ["f"]}]},
        rules=["Combat (H)", "Combat (E)"]))
add(pos("combat-ski-patrol", "Combat (R)", "an attack on ski patrols is always Defender Eliminated",
        [HQU_A, ("a", "sov-2-1-2", A1), ("k", "fin-0-0-3", FORT_D)], ok=True, phase="combat",
        state={"attacks": [{"attackers": ["a"], "defenders": ["k"], "die": 1}]},
        summary={"attacks": [{"result": "De"}]}))
RV = next((a, b, h) for a in M.ids() if plain(a, "finland")
          for b in M.neighbours(a) if plain(b, "finland") and M.side_features(a, b) & {"river", "minor_lake"}
          for h in M.neighbours(b) if plain(h, "finland") and not adj(h, a) and h != a and M.distance(h, LEN) <= 8)
RHQ = ("hq", "sov-0-1-2", RV[2])
add(pos("combat-river", "Combat (S), Terrain Effects Chart", "a defender attacked only across a river hexside doubles",
        [RHQ, ("f", "fin-4-4-2", RV[0]), ("s", "sov-2-1-2", RV[1])], ok=True, phase="combat", player="finnish",
        state={"attacks": [{"attackers": ["f"], "defenders": ["s"]}]},
        summary={"attacks": [{"defense": 2, "odds": "2-1"}]}))
add(pos("combat-soviet-city", "Combat (S)", "Soviet units double their defence in a Soviet city",
        [("f", "fin-4-4-2", MUR_HQ), ("s", "sov-2-1-2", MUR)], ok=True, phase="combat", player="finnish",
        state={"attacks": [{"attackers": ["f"], "defenders": ["s"]}]},
        summary={"attacks": [{"defense": 2, "odds": "2-1"}]}))
add(pos("combat-isolated-defender", "Supply and Isolation (B)", "an isolated defender is halved, fractions kept",
        [("f", "fin-1-1-3", FAR_F), ("s", "sov-2-1-2", FAR_U)], ok=True, phase="combat", player="finnish",
        state={"attacks": [{"attackers": ["f"], "defenders": ["s"], "die": 5}]},
        summary={"attacks": [{"defense": 0.5, "odds": "2-1", "result": "De"}]}))
BACK = first(lambda h: plain(h, "finland") and adj(h, FORT_D) and not adj(h, A1) and h not in MANN, FORT_D, 1)


def north_setup() -> tuple[str, str, str, str, str, str]:
    """Combat (A): Finnish light units retreat before combat only from Finland north of Row A. A Finnish hex NF
    there with two Soviet attack hexes SN, SN2 beside it (no hexside features), a retreat hex NB next to
    neither, a hex NZ in their ZOC, and a Soviet HQ within three hexes (seven of Kem or Kandalaksha)."""
    supply = [P("Kandalaksha"), P("Kem")]
    for nf in M.ids():
        if not (plain(nf, "finland") and row(nf) < ROW_A and "rail" not in M.tags(nf)):
            continue
        near = [n for n in M.neighbours(nf) if plain(n, "finland") and not M.side_features(nf, n)]
        for sn in near:
            for sn2 in near:
                if sn2 <= sn or not adj(sn, sn2):
                    continue
                backs = [n for n in near if n not in (sn, sn2) and not adj(n, sn) and not adj(n, sn2)]
                nz = [n for n in near if n not in (sn, sn2) and (adj(n, sn) or adj(n, sn2))]
                hqs = [h for h in M.within(sn, 3) if plain(h, "ussr") and M.distance(h, nf) >= 3 and
                       M.distance(h, sn2) <= 3 and min(M.distance(h, c) for c in supply) <= 7]
                if backs and nz and hqs:
                    return nf, sn, sn2, backs[0], nz[0], hqs[0]
    raise SystemExit("make_positions: no place north of Row A for the retreat positions")


NF, SN, SN2, NB, NZ, HQN_HEX = north_setup()
HQN = ("hq", "sov-0-1-2", HQN_HEX)
add(pos("retreat-before-combat", "Combat (A), Combat Procedure (B)", "a 1-1-3 in Finland north of Row A retreats "
        "before combat; a Soviet unit advances into the vacated hex",
        [HQN, ("a", "sov-2-1-2", NF), ("f", "fin-1-1-3", NB)],
        before=[HQN, ("a", "sov-2-1-2", SN), ("f", "fin-1-1-3", NF)], ok=True, phase="combat"))
add(pos("retreat-not-allowed", "Combat (A)", "only 0-0-3 and 1-1-3 Finnish units may retreat before combat",
        [HQU, ("a", "sov-2-1-2", A1), ("f", "fin-4-4-2", BACK)],
        before=[HQU, ("a", "sov-2-1-2", A1), ("f", "fin-4-4-2", FORT_D)], ok=False, phase="combat",
        rules=["Combat (A)"]))
add(pos("retreat-mannerheim-fallen", "Fortifications (F)", "with all four Mannerheim hexes last passed through by the "
        "Soviets, the Finns lose the retreat before combat (even north of Row A)",
        [HQN, ("a", "sov-2-1-2", SN), ("f", "fin-1-1-3", NB)], before=[HQN, ("a", "sov-2-1-2", SN),
                                                                       ("f", "fin-1-1-3", NF)],
        ok=False, phase="combat", state={"last_occupied": {h: "soviet" for h in MANN}},
        rules=["Fortifications (F)"]))
add(pos("advance-hq", "Combat (B)", "HQ units may not advance before combat",
        [("hq", "sov-0-1-2", NF), ("f", "fin-1-1-3", NB)],
        before=[("hq", "sov-0-1-2", SN), ("f", "fin-1-1-3", NF)], ok=False, phase="combat",
        rules=["Combat (B)"]))

# --- Murmansk Defense -----------------------------------------------------------------------------------
GARRISON = [("mh", "sov-0-1-2", MUR_HQ)] + [(f"m{i}", "sov-2-1-2", h) for i, h in enumerate(MUR_RING[:6])]
add(pos("murmansk-six", "Murmansk Defense", "only six combat units within five hexes of Murmansk on Game-Turn 4",
        GARRISON, ok=False, turn=4, phase="combat", rules=["Murmansk Defense"]))
add(pos("murmansk-seven", "Murmansk Defense", "seven combat units (the HQ does not count) within five hexes",
        [*GARRISON, ("m6", "sov-6-4-2", MUR_RING[6])], ok=True, turn=4, phase="combat"))
add(pos("murmansk-turn-3", "Murmansk Defense", "the rule applies only after Game-Turn 3", GARRISON, ok=True, turn=3,
        phase="combat"))
add(pos("murmansk-optional-rule", "Optional Rule: Scenario/Special Events", "not used with the optional rule",
        GARRISON, ok=True, turn=4, phase="combat", state={"optional_scenarios": True}))

# --- Initial Deployment and the reinforcement chart ---------------------------------------------------------
add(pos("setup-legal", "Initial Deployment", "6-6-2s on fortifications, blanks among the Finns, 20-12-2s within "
        "three hexes of Leningrad, everything supplied",
        [("f1", "fin-6-6-2", MANN[0]), ("f2", "fin-6-6-2", MANN[1]), ("b1", "fin-blank", VII), ("f3", "fin-4-4-2", HEL),
         HQU, ("s1", "sov-20-12-2", S1), ("s2", "sov-20-12-2", LEN)], ok=True, turn=1, phase="setup"))
add(pos("setup-662-off-fort", "Initial Deployment", "the Finnish 6-6-2 units must be placed on fortification hexes",
        [("f1", "fin-6-6-2", VII)], ok=False, turn=1, phase="setup", player="finnish", rules=["Initial Deployment"]))
add(pos("setup-finn-in-ussr", "Initial Deployment", "the Finns deploy anywhere within Finland, not in the USSR",
        [("f1", "fin-1-1-3", BORDER_U)], ok=False, turn=1, phase="setup", player="finnish",
        rules=["Initial Deployment"]))
FAR20 = first(lambda h: plain(h, "ussr") and M.distance(h, LEN) == 4 and M.distance(h, HQ) <= 5, LEN, 4)
add(pos("setup-20122-far", "Initial Deployment (a)", "the three 20-12-2 units deploy within three hexes of Leningrad",
        [HQU, ("s1", "sov-20-12-2", FAR20)], ok=False, turn=1, phase="setup", rules=["Initial Deployment (a)"]))
add(pos("setup-soviet-in-finland", "Initial Deployment", "the Soviets deploy within the U.S.S.R.",
        [HQU, ("s1", "sov-2-1-2", BORDER_F)], ok=False, turn=1, phase="setup", rules=["Initial Deployment"]))
add(pos("blank-after-setup", "Initial Deployment", "the blanks are removed from the map before play begins",
        [("b1", "fin-blank", VII)], ok=False, turn=1, player="soviet", rules=["Initial Deployment"]))
add(pos("reinforcement-too-early", "Turn Record / Reinforcement Chart", "the first 8-3-2 arrives on Game-Turn 6",
        [HQU, ("a", "sov-8-3-2", S1)], ok=False, turn=5, rules=["Turn Record / Reinforcement Chart"]))
add(pos("reinforcement-on-time", "Turn Record / Reinforcement Chart", "on Game-Turn 6 one 8-3-2 is in play",
        [HQU, ("a", "sov-8-3-2", S1)], ok=True, turn=6))

# --- Victory -------------------------------------------------------------------------------------------------
VHQ = first(lambda h: plain(h, "finland") and M.distance(h, VII) <= 5 and M.distance(h, LEN) <= 8, VII, 5)
SOUTH_F = first(lambda h: plain(h, "finland") and row(h) >= ROW_A and M.distance(h, VII) > 6, HEL, 3)
add(pos("victory-viipuri", "Victory Conditions (capture)", "the Soviets occupy Viipuri with a line of communication "
        "through an HQ to Leningrad", [("h", "sov-0-1-2", VHQ), ("a", "sov-2-1-2", VII), ("f", "fin-1-1-3", SOUTH_F)],
        ok=True, player="finnish", summary={"victory_points": 25, "vp_detail": {"Viipuri": 25}}))
add(pos("victory-viipuri-no-loc", "Victory Conditions (capture)", "without a line of communication Viipuri is not "
        "captured", [("a", "sov-2-1-2", VII), ("f", "fin-1-1-3", SOUTH_F)], ok=True, player="finnish",
        summary={"victory_points": 0, "victory_level": "Finnish Decisive Victory"}))
MHQ = ("hq", "sov-0-1-2", first(lambda h: (plain(h, "finland") or plain(h, "ussr")) and not seaside(h) and
                                 h not in MANN and all(M.distance(h, f) <= 4 for f in MANN), FORT_D, 5))
add(pos("victory-mannerheim", "Victory Point Schedule", "the Soviets were last through all four Mannerheim hexes",
        [MHQ, ("f", "fin-1-1-3", SOUTH_F)], ok=True, player="finnish",
        state={"last_occupied": {h: "soviet" for h in MANN}},
        summary={"vp_detail": {"Mannerheim Line": 40}}))
LFIN = first(lambda h: plain(h, "finland") and adj(h, "3059"), LEN, 2)
add(pos("victory-leningrad", "Victory Point Schedule", "a Finnish unit in Leningrad with a line back to Finland",
        [("f", "fin-2-2-3", LEN), ("g", "fin-1-1-3", SOUTH_F)], ok=True, player="finnish",
        summary={"victory_points": -100, "vp_detail": {"Finns hold Leningrad": -100}}))
add(pos("victory-south-cleared", "Victory Point Schedule", "no Finnish unit on or south of Row A: +50",
        [HQU, ("f", "fin-1-1-3", NORTH_F)], ok=True, player="finnish",
        summary={"victory_points": 50, "victory_level": "Draw (Finnish Moral Victory)"}))
add(pos("victory-scenario-e-petsamo", "Scenario E", "Petsamo is worth 50 in the German Threat scenario",
        [("h", "sov-0-1-2", MUR_HQ), ("a", "sov-2-1-2", PETS), ("f", "fin-1-1-3", SOUTH_F)], ok=True,
        player="finnish", state={"scenario": "E"}, summary={"vp_detail": {"Petsamo": 50}}))

# --- Special events -------------------------------------------------------------------------------------------
DROP = first(lambda h: plain(h, "finland") and M.distance(h, LEN) <= 6 and M.distance(h, LEN) >= 4, LEN, 6)
add(pos("paradrop-legal", "Special Event F", "the paratroop lands in Finland within six hexes of Leningrad",
        [HQU, ("p", "sov-3-1-1", DROP, {"air_dropped": True})], ok=True, state={"events": ["F"]}))
DROP_F = next(n for n in M.neighbours(DROP) if plain(n, "finland"))
add(pos("paradrop-in-zoc", "Special Event F", "it cannot land in a Finnish Zone of Control",
        [HQU, ("p", "sov-3-1-1", DROP, {"air_dropped": True}), ("f", "fin-2-2-3", DROP_F)], ok=False,
        state={"events": ["F"]}, rules=["Special Event F"]))
add(pos("volunteers-oulu", "Special Event G", "the volunteer 2-2-2 is placed in Oulu",
        [("v", "fin-2-2-2", OULU, {"reinforcement": True})], ok=True, player="finnish", state={"events": ["G"]}))
add(pos("volunteers-elsewhere", "Special Event G", "the volunteers must be placed in Helsinki or Oulu",
        [("v", "fin-2-2-2", VII, {"reinforcement": True})], ok=False, player="finnish", state={"events": ["G"]},
        rules=["Special Event G"]))


# --- added in review: rail past light Finns, retreats before and after combat, exchanges, scoring ------------
add(pos("move-rail-past-light-finn", "Movement (J), Zones of Control (G)", "a Finnish 1-1-3 in the USSR has no ZOC, so "
        "a train need not detrain beside it", [HQU, ("a", "sov-2-1-2", RAIL_FAR), ("f", "fin-1-1-3", BLOCK)],
        before=[HQU, ("a", "sov-2-1-2", "3261"), ("f", "fin-1-1-3", BLOCK)], ok=True))
add(pos("retreat-south-of-row-a", "Combat (A)", "a 1-1-3 may retreat before combat only if it begins the retreat "
        "within Finland north of Row A: not out of the Mannerheim Line",
        [HQU, ("a", "sov-2-1-2", FORT_D), ("f", "fin-1-1-3", BACK)],
        before=[HQU, ("a", "sov-2-1-2", A1), ("f", "fin-1-1-3", FORT_D)], ok=False, phase="combat",
        rules=["Combat (A)"]))
NB2 = first(lambda h: plain(h, "finland") and adj(h, NB) and M.distance(h, SN) >= 2 and M.distance(h, SN2) >= 2 and
            h != NF, NB, 1)
add(pos("retreat-not-adjacent", "Combat Procedure (A)", "only units adjacent to the attacker's units may retreat "
        "before combat", [HQN, ("a", "sov-2-1-2", SN), ("f", "fin-1-1-3", NB2)],
        before=[HQN, ("a", "sov-2-1-2", SN), ("f", "fin-1-1-3", NB)], ok=False, phase="combat",
        rules=["Combat Procedure (A)"]))
CRT_BEFORE = [HQN, ("a", "sov-6-4-2", SN), ("b", "sov-6-4-2", SN2), ("g", "fin-4-4-2", NF)]
DR = {"attacks": [{"attackers": ["a", "b"], "defenders": ["g"], "die": 3}]}  # 12 against 4: 3-1, die 3: Dr
DE = {"attacks": [{"attackers": ["a", "b"], "defenders": ["g"], "die": 4}]}  # 3-1, die 4: De
add(pos("crt-retreat", "Combat Results Table (Retreating), Combat (N)", "12 against 4 is 3-1; die 3: Dr, the 4-4-2 "
        "retreats one hex out of the attackers' ZOC",
        [HQN, ("a", "sov-6-4-2", SN), ("b", "sov-6-4-2", SN2), ("g", "fin-4-4-2", NB)], before=CRT_BEFORE, ok=True,
        phase="combat", state=DR, summary={"attacks": [{"attack": 12, "defense": 4, "odds": "3-1", "result": "Dr"}]}))
add(pos("crt-retreat-into-zoc", "Combat Results Table (Retreating)", "a unit may not retreat into an enemy ZOC "
        "(it is eliminated instead)",
        [HQN, ("a", "sov-6-4-2", SN), ("b", "sov-6-4-2", SN2), ("g", "fin-4-4-2", NZ)], before=CRT_BEFORE, ok=False,
        phase="combat", state=DR, rules=["Combat Results Table"]))
add(pos("crt-dr-no-advance", "Combat Results Table (Dr)", "after a Dr result the attacker may not advance",
        [HQN, ("a", "sov-6-4-2", NF), ("b", "sov-6-4-2", SN2), ("g", "fin-4-4-2", NB)], before=CRT_BEFORE, ok=False,
        phase="combat", state=DR, rules=["Combat Results Table"]))
add(pos("crt-de-advance", "Combat Results Table (De)", "die 4: De; one attacking unit advances into the vacated hex",
        [HQN, ("a", "sov-6-4-2", NF), ("b", "sov-6-4-2", SN2)], before=CRT_BEFORE, ok=True, phase="combat",
        state=DE, summary={"attacks": [{"odds": "3-1", "result": "De"}]}))
add(pos("crt-exchange", "Combat Results Table (Ex)", "26 against the 6-6-2 doubled in the Mannerheim Line (12) is "
        "2-1; die 3: Ex, the attacker removes at least 6 Attack Strength Points (basic, not doubled)",
        [HQU_A, ("a", "sov-20-12-2", A1), ("b", "sov-6-4-2", A1), ("f", "fin-6-6-2", FORT_D)], ok=True,
        phase="combat", state={"attacks": [{"attackers": ["a", "b"], "defenders": ["f"], "die": 3}]},
        summary={"attacks": [{"result": "Ex", "exchange_loss": 6}]}))

# --- more review additions: rail limits, sequence, supply abroad, victory points, events, Soviet retreats ---------
add(pos("move-rail-isolated", "Supply and Isolation (L), (A)", "an isolated unit may not use rail movement (it moves "
        "one hex)", [("a", "sov-2-1-2", RAIL_FAR)], before=[("a", "sov-2-1-2", "3261")], ok=False,
        rules=["Supply and Isolation (A)"], status={"a": {"supplied": False}}))
add(pos("move-rail-inoperative", "Special Event L, Movement (J)", "severe climate: railroads are inoperative this "
        "Game-Turn, so the ride of position 32 is out of reach", [HQU, ("a", "sov-2-1-2", RAIL_FAR)],
        before=[HQU, ("a", "sov-2-1-2", "3261")], ok=False, rules=["Special Event L"],
        state={"events": ["L"], "rail_inoperative": True}))
add(pos("sequence-arrival-in-movement", "Sequence of Play (Reinforcement Phase)", "new units are placed in the "
        "Reinforcement Phase, not during the Movement Phase", [HQU, ("a", "sov-2-1-2", S1)], before=[HQU], ok=False,
        rules=["Sequence of Play"]))
add(pos("combat-in-movement-phase", "Movement (E)", "no combat may take place during a Movement Phase",
        [HQU_A, ("a", "sov-2-1-2", A1), ("f", "fin-1-1-3", FORT_D)], ok=False, rules=["Movement (E)"],
        state={"attacks": [{"attackers": ["a"], "defenders": ["f"]}]}))
FIN_IN = first(lambda h: plain(h, "ussr") and "rail" not in M.tags(h) and M.distance(h, LEN) >= 5 and
               len([n for n in M.neighbours(h) if plain(n, "ussr")]) == 6 and M.distance(h, MUR) > 10, P("Kem"), 12)
RING = M.neighbours(FIN_IN)
add(pos("supply-finns-abroad-cut", "Supply and Isolation (G)", "a Finnish unit in the USSR whose every neighbour holds "
        "a Soviet unit cannot trace a line back to Finland: isolated (reported, not a violation)",
        [("f", "fin-2-2-3", FIN_IN)] + [(f"s{i}", "sov-2-1-2", h) for i, h in enumerate(RING)], ok=True,
        player="finnish", status={"f": {"supplied": False}}))
PETRO = P("Petrozavodsk")
add(pos("victory-finns-take-supply-city", "Victory Point Schedule (capture)", "a Finnish unit in Petrozavodsk with a "
        "line of communication back to Finland: -10", [("f", "fin-2-2-3", PETRO), ("g", "fin-1-1-3", SOUTH_F)],
        ok=True, player="finnish", summary={"victory_points": -10, "vp_detail": {"Finns hold Petrozavodsk": -10}}))
add(pos("victory-finns-take-murmansk", "Victory Point Schedule (capture)", "Murmansk captured by the Finns: -20 (not "
        "also -10 as a Supply City)", [("f", "fin-2-2-3", MUR), ("g", "fin-1-1-3", SOUTH_F)], ok=True,
        player="finnish", summary={"victory_points": -20, "vp_detail": {"Finns hold Murmansk": -20}}))
WHQ = first(lambda h: (plain(h, "finland") or plain(h, "ussr")) and not seaside(h) and
            M.distance(h, WEST[-1]) <= 4 and M.distance(h, WEST[-2]) <= 4 and M.distance(h, LEN) <= 5, LEN, 6)
add(pos("victory-row-west-of-viipuri", "Victory Point Schedule", "two hexes of the row west of Viipuri captured "
        "with a line of communication: +5 each",
        [("h", "sov-0-1-2", WHQ), ("a", "sov-2-1-2", WEST[-1]), ("b", "sov-2-1-2", WEST[-2]),
         ("f", "fin-1-1-3", SOUTH_F)], ok=True, player="finnish",
        summary={"victory_points": 10, "vp_detail": {"row west of Viipuri": 10}}))
add(pos("victory-petsamo", "Victory Point Schedule", "Petsamo captured (an HQ by Murmansk gives the line): +30",
        [("h", "sov-0-1-2", MUR_HQ), ("a", "sov-2-1-2", PETS), ("f", "fin-1-1-3", SOUTH_F)], ok=True,
        player="finnish", summary={"victory_points": 30, "vp_detail": {"Petsamo": 30}}))
add(pos("victory-allied-eliminated", "Victory Point Schedule, Scenario A", "each Allied 3-2-2 eliminated is worth "
        "five Soviet VP", [("x1", "all-3-2-2", "off", {"eliminated": True}), ("x2", "all-3-2-2", PETS),
                           ("f", "fin-1-1-3", SOUTH_F)], ok=True, player="finnish", turn=4, state={"scenario": "A"},
        summary={"victory_points": 5, "vp_detail": {"Allied units eliminated": 5}}))
add(pos("special-event-h", "Special Event H", "with a Scenario in effect, Petrozavodsk supplies 90 Attack Strength "
        "Points", [("a", "sov-6-4-2", PETRO)], ok=True, turn=4, state={"events": ["H"], "scenario": "A"},
        summary={"supply_cities": {"Petrozavodsk": {"capacity": 90, "load": 6}}}))
add(pos("special-event-h-no-scenario", "Special Event H", "without a Scenario in effect the event counts as no "
        "special event: Petrozavodsk keeps its printed capacity", [("a", "sov-6-4-2", PETRO)], ok=True,
        state={"events": ["H"]},
        summary={"supply_cities": {"Petrozavodsk": {"capacity": int(M.value(PETRO, "supply_capacity")), "load": 6}}}))
HQ_BACK = first(lambda h: (plain(h, "finland") or plain(h, "ussr")) and adj(h, A1) and not adj(h, FORT_D) and
                not M.side_features(h, A1) and not seaside(h) and h not in MANN, A1, 1)
add(pos("retreat-soviet-hq", "Combat (A)", "a Soviet HQ may retreat before combat, regardless of its location",
        [("hq", "sov-0-1-2", HQ_BACK), ("f", "fin-6-6-2", FORT_D)],
        before=[("hq", "sov-0-1-2", A1), ("f", "fin-6-6-2", FORT_D)], ok=True, player="finnish", phase="combat"))
add(pos("retreat-soviet-infantry", "Combat (A)", "no other Soviet unit may retreat before combat",
        [HQU_A, ("a", "sov-2-1-2", HQ_BACK), ("f", "fin-6-6-2", FORT_D)],
        before=[HQU_A, ("a", "sov-2-1-2", A1), ("f", "fin-6-6-2", FORT_D)], ok=False, player="finnish",
        phase="combat", rules=["Combat (A)"]))

def flow(v: Any) -> str:
    if isinstance(v, dict):
        return "{" + ", ".join(f"{k}: {flow(x)}" for k, x in v.items()) + "}"
    if isinstance(v, list | tuple):
        return "[" + ", ".join(flow(x) for x in v) + "]"
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, int | float):
        return str(v)
    return f'"{v}"'


def unit_line(u: tuple[Any, ...]) -> str:
    d = {"id": u[0], "counter": u[1], "hex": u[2]}
    if len(u) > 3:
        d["state"] = u[3]
    return "  - " + flow(d)


def write(n: int, spec: dict[str, Any]) -> Path:
    expect: dict[str, Any] = {"ok": spec["ok"], "rules": spec["rules"]}
    if spec["status"]:
        expect["units"] = spec["status"]
    if spec["summary"]:
        expect["summary"] = spec["summary"]
    verdict = "legal" if spec["ok"] else "violates " + ", ".join(dict.fromkeys(spec["rules"]))
    lines = [f"# rule: {spec['rule']}", f"# {spec['note']}", f"# expected verdict: {verdict}",
             "game: winter-war", f"turn: {spec['turn']}", f"player: {spec['player']}", f"phase: {spec['phase']}"]
    if spec["state"]:
        lines.append(f"state: {flow(spec['state'])}")
    lines.append(f"expect: {flow(expect)}")
    lines.append("units:")
    lines += [unit_line(u) for u in spec["units"]]
    if spec["before"] is not None:
        lines.append("before:  # the position at the start of the phase (wgt check --before)")
        lines += [unit_line(u) for u in spec["before"]]
    path = HERE / f"{n:02d}-{spec['name']}.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


if __name__ == "__main__":
    for old in [*HERE.glob("[0-9][0-9]-*.yaml"), *HERE.glob("[0-9][0-9][0-9]-*.yaml")]:
        old.unlink()
    for n, spec in enumerate(SPECS, 1):
        write(n, spec)
    print(f"wrote {len(SPECS)} positions to {HERE}")
