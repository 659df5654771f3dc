"""Tornio '44 positions, sections 19.0-31.x (the test map), then positions on the bundled map."""

from __future__ import annotations

from typing import Any

import suite
from suite import FI, GE, GI, p, ten, u

# --- 19.0 Overruns ----------------------------------------------------------------------------------------------
ILL7 = [u("a", "fin infantry 6-4-5", "0303"), u("b", "fin infantry 6-4-5", "0303"),
        u("c", "fin infantry 4-3-5", "0404"), u("d", "fin infantry 4-3-5", "0404"),
        u("x", "ger infantry 2-2-5", "0304")]
p("illustration-7", "19.0", "Illustration 7: 6 + 6 + 4 + 4 = 20 against 2, exactly 10:1",
  ILL7, state={"overruns": [{"units": ["a", "b", "c", "d"], "target": "0304"}]})
p("overrun-short", "19.0", "18 against 2 is less than 10:1",
  [*ILL7[:2], u("c", "fin infantry 4-3-5", "0404"), u("d", "fin infantry 2-3-5", "0404"), ILL7[4]],
  state={"overruns": [{"units": ["a", "b", "c", "d"], "target": "0304"}]},
  violations=[("19.0", ["0304", "0303", "0404"], ["a", "b", "c", "d"])])
p("overrun-night", "27.3", "no Overruns at night", ILL7, turn=2,
  state={"overruns": [{"units": ["a", "b", "c", "d"], "target": "0304"}]},
  violations=[("27.3", ["0304", "0303", "0404"], ["a", "b", "c", "d"])])
p("overrun-town", "19.0", "no Overruns into a Town/Factory Area hex",
  [u("a", "fin infantry 6-4-5", "0720"), u("b", "fin infantry 6-4-5", "0720"), u("x", "ger infantry 1-1-5", "0620")],
  state={"overruns": [{"units": ["a", "b"], "target": "0620"}]},
  violations=[("19.0", ["0620", "0720"], ["a", "b"])])
p("overrun-eleven", "19.0 Clarification 2", "no more than 10 units take part in an Overrun",
  [*ten("a", "fin infantry 6-4-5", "0303"), u("k", "fin infantry 6-4-5", "0404"), u("x", "ger infantry 1-1-5", "0304")],
  state={"overruns": [{"units": [*(f"a{i}" for i in range(1, 11)), "k"], "target": "0304"}]},
  violations=[("19.0 Clarification 2", ["0304", "0303", "0404"], [*(f"a{i}" for i in range(1, 11)), "k"])])

# --- 20.0 Air Strikes --------------------------------------------------------------------------------------------
p("air-sunny", "20.0", "an Air Strike on a Sunny Daytime turn from 2A: Forest -1 DRM",
  [u("f", FI, "2919"), u("g", GI, "0506")], turn=3, phase="combat",
  state={"weather": "sunny", "owner": {"2918": "finnish"}, "air_strikes": [{"target": "0506"}]},
  summary={"actions": [{"air_strike": "0506", "drm": -1}]})
p("air-cloudy", "20.0", "no Air Strikes in Cloudy weather", [u("f", FI, "2919"), u("g", GI, "0506")], turn=3,
  phase="combat", state={"weather": "cloudy", "owner": {"2918": "finnish"}, "air_strikes": [{"target": "0506"}]},
  violations=[("20.0", ["0506"], [])])
p("air-aa", "31.2", "optional 31.2: no Finnish Air Strike where a German Antiaircraft unit is",
  [u("f", FI, "2919"), u("g", "ger anti_aircraft 1-2-8m", "0506")], turn=3, phase="combat",
  state={"weather": "sunny", "owner": {"2918": "finnish"}, "optional": ["31.2"], "air_strikes": [{"target": "0506"}]},
  violations=[("31.2", ["0506"], [])])
p("air-twice", "20.0", "one Air Strike per Player Turn",
  [u("f", FI, "2919"), u("g", GI, "0506"), u("g2", GI, "0507")], turn=3, phase="combat",
  state={"weather": "sunny", "owner": {"2918": "finnish"}, "air_strikes": [{"target": "0506"}, {"target": "0507"}]},
  violations=[("20.0", ["0506", "0507"], [])])
p("air-close-combat", "22.3", "no Air Strike into a Close Combat hex",
  [u("f", FI, "0620"), u("g", GI, "0620")], turn=3, phase="combat",
  state={"weather": "sunny", "owner": {"0620": "finnish"}, "air_strikes": [{"target": "0620"}], "attacks": [
      {"attackers": ["f"], "target": "0620"}]},
  violations=[("22.3", ["0620"], []), ("13.0", ["0620"], ["f"])])
p("air-bridge-friendly", "20.2", "no German units in the bridge hex the Germans strike",
  [u("g", GI, "1603")], turn=3, player="german", phase="combat",
  state={"weather": "sunny", "air_strikes": [{"target": "1603"}]}, violations=[("20.2", ["1603"], ["g"])])

# --- 21.0 Indirect Fire Support ----------------------------------------------------------------------------------
p("fire-column-4", "21.1 Clarification", "a total Support Factor of 5 uses the 4 column",
  [u("m1", "fin mortar [3]-1-4 r3", "0405"), u("m2", "fin mortar [2]-1-4 r3", "0405"), u("f", FI, "0405"),
   u("g", GI, "0506")], phase="combat", state={"fire": [{"units": ["m1", "m2"], "target": "0506"}]},
  summary={"actions": [{"fire": 1, "target": "0506", "support": 5.0, "column": 4, "drm": -1}]})
p("fire-moved", "21.5", "a Support Factor of 5 halved for moving: 2.5; no spotter -2, Village -1",
  [u("m1", "fin mortar [5]-1-4 r3", "0604", moved=True), u("g", GI, "0706")], phase="combat",
  state={"fire": [{"units": ["m1"], "target": "0706"}]},
  summary={"actions": [{"fire": 1, "target": "0706", "support": 2.5, "column": None, "drm": -3}]})
p("fire-range", "21.2", "a target beyond the Support Unit's range",
  [u("m", "fin mortar [4]-1-4 r3", "0303"), u("g", GI, "0307")], phase="combat",
  state={"fire": [{"units": ["m"], "target": "0307"}]}, violations=[("21.2", ["0303", "0307"], ["m"])])
p("fire-combat-unit", "21.0", "only Support Units fire", [u("f", FI, "0303"), u("g", GI, "0304")], phase="combat",
  state={"fire": [{"units": ["f"], "target": "0304"}]}, violations=[("21.0", ["0303", "0304"], ["f"])])
p("fire-twice", "21.6", "a Support Unit fires once a Combat Phase",
  [u("m", "fin mortar [4]-1-4 r3", "0303"), u("g", GI, "0305"), u("g2", GI, "0304")], phase="combat",
  state={"fire": [{"units": ["m"], "target": "0304"}, {"units": ["m"], "target": "0305"}]},
  violations=[("21.6", ["0303", "0305"], ["m"])])
p("fire-close-combat", "22.3", "no Indirect Fire Support into a Close Combat hex",
  [u("m", "ger rocket [8]-1-8m r6", "0618"), u("f", FI, "0620"), u("g", GI, "0620")], player="german",
  phase="combat", state={"fire": [{"units": ["m"], "target": "0620"}], "attacks": [
      {"attackers": ["g"], "target": "0620"}]},
  violations=[("22.3", ["0620"], ["m"])])

# --- 22.0 Combat -------------------------------------------------------------------------------------------------
ILL9 = [u("a", "ger infantry 6-4-5", "0405"), u("b", "ger infantry 2-2-5", "0406"),
        u("c", "fin infantry 3-4-5", "0506")]
p("illustration-9", "22.2", "Illustration 9: 8 against 4 in Forest from two hexes: 2:1 +0.5 -0.5 = 2:1",
  ILL9, player="german", phase="combat", state={"attacks": [{"attackers": ["a", "b"], "target": "0506"}]},
  summary={"actions": [{"attack": 8.0, "defense": 4.0, "basic_odds": "2:1", "odds": "2:1"}]})
ILL12 = [u("f1", "fin infantry 6-4-5", "3414"), u("f2", "fin infantry 6-4-5", "3414"),
         u("f3", "fin infantry 4-3-5", "3415"), u("f4", "fin infantry 4-3-5", "3514"),
         u("f5", "fin infantry 2-2-5", "3514"), u("b", "ger infantry 3-6-5", "3515"),
         u("a", "ger infantry 3-4-5", "3516")]
ILL12_ATTACK = {"attackers": ["f1", "f2", "f3", "f4", "f5"], "target": "3515", "half_die": 3,
                "attacker_dice": [1, 3], "defender_dice": [1],
                "defender_actions": [{"action": "broken1", "unit": "b"}, {"action": "broken2", "unit": "b"}],
                "attacker_actions": [{"action": "no_effect"}]}
p("illustration-12", "22.1", "Illustration 12: 22 against 6 is 3.5:1; +1 two more hexes, -0.5 flanking from A, -0.5 "
  "Swamp, -1 Minor River (6 of 10 steps across it): 2.5:1; die 3: 2:1; 1+3 = 4 APs: Broken 1 + Broken 2 (5 APs); a "
  "1: No Effect", ILL12, phase="combat", state={"attacks": [ILL12_ATTACK]},
  summary={"actions": [{"attack": 22.0, "defense": 6.0, "basic_odds": "3.5:1", "odds": "2.5:1", "final_odds": "2:1",
                        "dice": {"attacker": 2, "defender": 1}, "defender_aps": 4, "attacker_aps": 1}]})
p("illustration-12-order", "22.9", "Broken 2 Levels before Broken 1 Level breaks the Action Order", ILL12,
  phase="combat", state={"attacks": [{**ILL12_ATTACK, "defender_actions": [
      {"action": "broken2", "unit": "b"}, {"action": "broken1", "unit": "b"}]}]},
  violations=[("22.9", ["3515", "3414", "3415", "3514"], ["b"]), ("22.9", ["3515", "3414", "3415", "3514"], ["b"])])
p("illustration-12-short", "22.1", "2 APs spent of the 4 required", ILL12, phase="combat",
  state={"attacks": [{**ILL12_ATTACK, "defender_actions": [{"action": "broken1", "unit": "b"}]}]},
  violations=[("22.1", ["3515", "3414", "3415", "3514"], ["b"])])
p("combat-not-adjacent", "22.5", "an attack only into an adjacent hex",
  [u("f", FI, "0303"), u("g", GI, "0305")], phase="combat", state={"attacks": [{"attackers": ["f"],
                                                                                "target": "0305"}]},
  violations=[("22.5", ["0303", "0305"], ["f"])])
p("combat-twice", "22.5", "no unit attacks twice",
  [u("f", FI, "0303"), u("g", GI, "0304"), u("g2", GI, "0203")], phase="combat",
  state={"attacks": [{"attackers": ["f"], "target": "0304"}, {"attackers": ["f"], "target": "0203"}]},
  violations=[("22.5", ["0303", "0203"], ["f"])])
p("combat-broken-zero", "22.0", "Attack Factor 2, Broken 2 Levels: 2 - 2 = 0 may not attack",
  [u("f", "fin infantry 2-3-5", "0303", broken=2), u("g", GI, "0304")], phase="combat",
  state={"attacks": [{"attackers": ["f"], "target": "0304"}]}, violations=[("22.0", ["0303", "0304"], ["f"])])
p("combat-support-attacks", "21.3", "Close Defense Factor may not be used in attack",
  [u("m", "fin mortar [4]-1-4 r3", "0303"), u("f", FI, "0303"), u("g", GI, "0304")], phase="combat",
  state={"attacks": [{"attackers": ["m", "f"], "target": "0304"}]}, violations=[("21.3", ["0303", "0304"], ["m"])])
p("combat-close-not-attacked", "22.0", "combat is not optional in a hex with units of both players",
  [u("f", FI, "0620"), u("g", GI, "0620")], phase="combat", state={"attacks": []},
  violations=[("22.0", ["0620"], ["f", "g"])])
p("combat-empty-target", "5.2", "a target hex holds an enemy unit", [u("f", FI, "0303")], phase="combat",
  state={"attacks": [{"attackers": ["f"], "target": "0304"}]}, violations=[("5.2", ["0304"], [])])
p("combat-no-effect-misused", "22.6.2", "No Effect only on a sole die roll of 1",
  [u("f", "fin infantry 8-3-5", "0303"), u("g", "ger infantry 2-4-5", "0304")], phase="combat",
  state={"attacks": [{"attackers": ["f"], "target": "0304", "attacker_dice": [3, 4],
                      "defender_actions": [{"action": "no_effect"}]}]},
  violations=[("22.6.2", ["0304", "0303"], ["g"]), ("22.1", ["0304", "0303"], ["g"])])
p("combat-large", "22.10", "22.10.1's example: 14 against 5.5 in Forest is 2:1; seven attackers against five "
  "defenders: the defender rolls 3 dice, the attacker 6",
  [*(u(f"f{i}", "fin infantry 2-2-5", "0405") for i in range(1, 8)),
   *(u(f"g{i}", "ger infantry 1-1-5", "0506") for i in range(1, 5)), u("g5", "ger infantry 1-1h-5", "0506")],
  phase="combat", state={"attacks": [{"attackers": [f"f{i}" for i in range(1, 8)], "target": "0506"}]},
  summary={"actions": [{"odds": "2:1", "dice": {"attacker": 6, "defender": 3}}]})
p("combat-wrong-dice", "22.1", "at 2:1 the attacker rolls two dice, not three",
  [u("f", "fin infantry 10-3-5", "0405"), u("g", "ger infantry 2-4-5", "0506")], phase="combat",
  state={"attacks": [{"attackers": ["f"], "target": "0506", "attacker_dice": [3, 4, 5]}]},
  violations=[("22.1", ["0506", "0405"], [])])
p("combat-bonus-die", "22.5.1", "a Defender Bonus die follows a 5 or 6", [u("f", "fin infantry 10-3-5", "0405"),
                                                                        u("g", "ger infantry 2-4-5", "0506")],
  phase="combat", state={"attacks": [{"attackers": ["f"], "target": "0506", "defender_dice": [6, 2]}]},
  summary={"actions": [{"attacker_aps": 8}]})
p("combat-bonus-die-wrong", "22.5.1", "no Defender Bonus die after a 3",
  [u("f", "fin infantry 10-3-5", "0405"), u("g", "ger infantry 2-4-5", "0506")], phase="combat",
  state={"attacks": [{"attackers": ["f"], "target": "0506", "defender_dice": [3, 2]}]},
  violations=[("22.5.1", ["0506", "0405"], [])])
p("combat-panic-both", "22.6.6", "Panic may only be chosen by one player in the same combat",
  [u("f", "fin infantry 8-3-5", "0303"), u("g", "ger infantry 2-4-5", "0304")], phase="combat",
  state={"attacks": [{"attackers": ["f"], "target": "0304", "attacker_dice": [2, 1], "defender_dice": [3],
                      "defender_actions": [{"action": "panic"}], "attacker_actions": [{"action": "panic"}]}]},
  violations=[("22.6.6", ["0304", "0303"], ["f"])])
p("combat-intoxicated-defender", "28.1", "Step Loss is the only combat action intoxicated units may choose",
  [u("h", "fin infantry 3-4-5", "2007", intoxicated=True), u("k", "ger infantry 6-4-5", "2006")],
  player="german", phase="combat",
  state={"alcohol_depots": {"2007": "revealed"}, "attacks": [{"attackers": ["k"], "target": "2007",
                                                              "attacker_dice": [1, 1],
                                                              "defender_actions": [{"action": "retreat"}]}]},
  violations=[("28.1", ["2007", "2006"], ["h"])])

# --- 23.0 Broken units, 26.0 Motti --------------------------------------------------------------------------------
p("broken-below-zero", "23.0", "a Broken Level taking the Defense Factor below 0 eliminates the unit",
  [u("f", "fin infantry 1-1-5", "0303", broken=2)], violations=[("23.0", ["0303"], ["f"])])
p("broken-removed-two", "23.1", "one Broken Level a friendly Initial Phase",
  [u("f", FI, "2919")], turn=3, phase="initial", state={"owner": {"2918": "finnish"}},
  before=[u("f", FI, "2919", broken=2)], violations=[("23.1", ["2919"], ["f"])])
p("broken-removed-unsupplied", "23.1", "a Broken Level is removed only from a unit in supply",
  [u("f", FI, "0303")], turn=3, phase="initial", before=[u("f", FI, "0303", broken=1)],
  violations=[("23.1", ["0303"], ["f"])])
p("broken-removed-supplied", "23.1", "in supply: Broken 1 Level removed",
  [u("f", FI, "2919")], turn=3, phase="initial", state={"owner": {"2918": "finnish"}},
  before=[u("f", FI, "2919", broken=1)])
RING = ["1515", "1514", "1413", "1314", "1315", "1415"]  # the six neighbours of 1414
p("motti", "26.0", "Illustration 16: a German unit surrounded by Finnish units is in Motti: Broken 1 Level",
  [u("g", GI, "1414"), *(u(f"f{i}", FI, h) for i, h in enumerate(RING, 1))],
  unit_status={"g": {"motti": True, "broken": 1}}, summary={"motti": ["g"]})
p("motti-eliminated", "26.0", "a reduced 1-1 unit in Motti: 0.5 - 1 is below 0",
  [u("g", "ger replacement 1-1-4", "1414", reduced=True),
   *(u(f"f{i}", FI, h) for i, h in enumerate(RING, 1))],
  violations=[("23.0", ["1414"], ["g"])])
p("motti-ring-apart", "26.0", "the ring need not be adjacent: two German units inside a wider ring",
  [u("g", GI, "1414"), u("g2", GI, "1415"),
   *(u(f"f{i}", FI, h) for i, h in enumerate(["1515", "1514", "1413", "1314", "1315", "1516", "1316", "1416"], 1))],
  summary={"motti": ["g", "g2"]})

# --- 28.0 Alcohol depots -------------------------------------------------------------------------------------------
p("alcohol-sites", "28.0", "two depots on road and railroad hexes away from the map edge",
  [u("g", GI, "2007")], player="german", phase="setup", state={"alcohol_depots": {"2007": "hidden",
                                                                                  "2406": "hidden"}})
p("alcohol-forbidden", "28.0", "not in 1502 (no road there either) and not on a map edge hex",
  [u("g", GI, "2007")], player="german", phase="setup",
  state={"alcohol_depots": {"1502": "hidden", "0101": "hidden"}},
  violations=[("28.0", ["0101"], []), ("28.0", ["1502"], [])])
p("alcohol-sober", "28.1", "Finnish units entering an alcohol depot hex become intoxicated",
  [u("f", FI, "2007")], state={"alcohol_depots": {"2007": "revealed"}}, violations=[("28.1", ["2007"], ["f"])])
p("alcohol-spent", "28.1 Clarification 2", "a depot is gone once the units are Hangover",
  [u("f", FI, "2007", hangover=True), u("f2", FI, "2007")], state={"alcohol_depots": {"2007": "spent"}})
p("alcohol-german", "28.0", "German units are never affected by the alcohol depots",
  [u("g", GI, "2007", intoxicated=True)], player="german", violations=[("28.0", ["2007"], ["g"])])

# --- 29.0 Victory ------------------------------------------------------------------------------------------------
p("vp-level", "29.5", "22 VPs is a Finnish Minor Victory", [u("f", FI, "0303")], state={"vp": 22},
  summary={"victory_points": 22.0, "victory_level": "Finnish Minor Victory"})
p("illustration-17", "29.3", "Illustration 17: 3.5 gained, 2 subtracted: 1.5 for the Finns, their initiative",
  [u("f", FI, "0303")], turn=3, phase="initial", state={"vp": 5, "vp_gained_last_turn": 3.5,
                                                         "vp_subtracted_last_turn": 2, "owner": {"0303": "finnish"}},
  summary={"vp_diff": 1.5, "vp_diff_side": "finnish", "initiative": "finnish",
           "victory_level": "German Minor Victory"})
p("vp-game-over", "29.0", "the game ended when the VPs fell below 0.5", [u("f", FI, "0303")],
  state={"vp_at_turn_start": 0}, violations=[("29.0", [], [])])

# --- 17.3 Transfer Points -----------------------------------------------------------------------------------------
p("transfer-finnish", "17.3", "only German units use the Transfer Points", [u("f", FI, None, transfer="A")],
  violations=[("17.3", [], ["f"])])
p("transfer-late", "17.3", "no new transfers from 8A", [u("g", GI, None, transfer="B", transfer_started=15)],
  turn=15, player="german", violations=[("17.3", [], ["g"])])
p("transfer-german", "17.3", "a German unit between the Transfer Points", [u("g", GI, None, transfer="B",
                                                                               transfer_from="0111")],
  player="german")


# --- 22.6.5 / 22.6.6 / 22.8 retreats, 24.0 / 24.1 advances (moves in the Combat Phase) --------------------------
FT = "fin tank 4-3-10m"


def fight(actions: str, dice: list[int]) -> dict[str, Any]:
    return {"attacks": [{"attackers": ["f"], "target": "0304", "attacker_dice": dice,
                         "defender_actions": [{"action": actions, "unit": "g"}]}]}


p("retreat-and-advance", "24.0", "the defender retreats one hex, the attacker advances into the abandoned hex",
  [u("f", FI, "0304"), u("g", GI, "0305")], phase="combat", state=fight("retreat", [1, 1]),
  before=[u("f", FI, "0303"), u("g", GI, "0304")])
p("retreat-two-hexes", "22.6.5", "a Retreat is one hex", [u("f", FI, "0303"), u("g", GI, "0306")], phase="combat",
  state=fight("retreat", [1, 1]), before=[u("f", FI, "0303"), u("g", GI, "0304")],
  violations=[("22.6.5", ["0304", "0306"], ["g"])])
p("panic-two-hexes", "22.6.6", "a Panic is two hexes", [u("f", FI, "0303"), u("g", GI, "0306")], phase="combat",
  state=fight("panic", [2, 1]), before=[u("f", FI, "0303"), u("g", GI, "0304")])
p("advance-broken", "24.0", "only unbroken units advance", [u("f", FI, "0304", broken=1), u("g", GI, "0305")],
  phase="combat", state=fight("retreat", [1, 1]), before=[u("f", FI, "0303", broken=1), u("g", GI, "0304")],
  violations=[("24.0", ["0303", "0304"], ["f"])])
p("advance-not-abandoned", "24.0", "an advance only into an abandoned hex", [u("f", FI, "0304"), u("g", GI, "0304")],
  phase="combat", state=fight("step", [2, 2]), before=[u("f", FI, "0303"), u("g", GI, "0304")],
  violations=[("24.0", ["0303", "0304"], ["f"]), ("22.3", ["0304"], ["f", "g"])])
p("advance-artillery", "24.0", "no Field or Rocket Artillery advances (the attacker left the hex it attacked from)",
  [u("f", FI, "0302"), u("g", GI, "0304"), u("r", "ger rocket [8]-1-8m r6", "0303")], phase="combat",
  state={"attacks": [{"attackers": ["f"], "target": "0304", "defender_dice": [2],
                      "attacker_actions": [{"action": "retreat"}]}]},
  before=[u("f", FI, "0303"), u("g", GI, "0304"), u("r", "ger rocket [8]-1-8m r6", "0304")],
  violations=[("24.0", ["0304", "0303"], ["r"])])
p("combat-phase-move", "6.1", "units move in the Combat Phase only after a combat",
  [u("f", FI, "0304"), u("x", FI, "0502"), u("g", GI, "0305")], phase="combat", state=fight("retreat", [1, 1]),
  before=[u("f", FI, "0303"), u("x", FI, "0501"), u("g", GI, "0304")], violations=[("6.1", ["0501", "0502"], ["x"])])
p("tank-second-hex", "24.1", "an unbroken Tank advances one more hex into Open Ground",
  [u("f", FT, "0404"), u("g", GI, "0305")], phase="combat", state=fight("retreat", [1, 1]),
  before=[u("f", FT, "0303"), u("g", GI, "0304")])
p("tank-second-forest", "24.1", "the second hex must be Open Ground or joined by a road",
  [u("f", FT, "0506"), u("g", GI, "0406")], phase="combat",
  state={"attacks": [{"attackers": ["f"], "target": "0405", "attacker_dice": [1, 1],
                      "defender_actions": [{"action": "retreat"}]}]},
  before=[u("f", FT, "0404"), u("g", GI, "0405")], violations=[("24.1", ["0404", "0405", "0506"], ["f"])])
p("tank-after-panic", "24.1", "the enemy panicked: only into the first abandoned hex",
  [u("f", FT, "0404"), u("g", GI, "0306")], phase="combat", state=fight("panic", [2, 1]),
  before=[u("f", FT, "0303"), u("g", GI, "0304")], violations=[("24.1", ["0303", "0304", "0404"], ["f"])])

# --- 8.1 Nationality markers, 17.2 exits, 31.1 Antitank Capability --------------------------------------------------
p("nationality-adjacent", "8.1", "a Nationality marker goes when an enemy unit is adjacent",
  [u("g", GI, "0304", nationality_marker=True), u("f", FI, "0303")],
  violations=[("8.1", ["0304", "0303"], ["g"])])
p("nationality-hidden", "8.1", "Illustration 2: stack A, away from enemy units, may be covered",
  [u("g", GI, "0308", nationality_marker=True), u("f", FI, "0303")])
p("exited-on-map", "17.2", "a unit that exited the map may not re-enter", [u("f", FI, "0303", exited=True)],
  violations=[("17.2", ["0303"], ["f"])])
p("antitank-optional", "31.1", "optional 31.1: against an Antitank unit a Tank takes the Step Loss",
  [u("t", FT, "0304"), u("a", "ger anti_tank 3-2-8m", "0303")], player="german", phase="combat",
  state={"optional": ["31.1"], "attacks": [{"attackers": ["a"], "target": "0304", "attacker_dice": [2],
                                            "defender_actions": [{"action": "broken1", "unit": "t"}]}]},
  violations=[("31.1", ["0304", "0303"], ["t"])])
p("antitank-not-used", "31.1", "without the optional rule the Tank may take Broken 1 Level",
  [u("t", FT, "0304"), u("a", "ger anti_tank 3-2-8m", "0303")], player="german", phase="combat",
  state={"attacks": [{"attackers": ["a"], "target": "0304", "attacker_dice": [2],
                      "defender_actions": [{"action": "broken1", "unit": "t"}]}]})

p("retreat-voluntary", "22.8", "a unit in the combat may retreat voluntarily after its combat actions",
  [u("f", FI, "0303"), u("g", GI, "0305")], phase="combat", state=fight("step", [2, 2]),
  before=[u("f", FI, "0303"), u("g", GI, "0304")])
p("hq-bonus", "31.4.1", "optional 31.4: an attacking HQ adds 0.5 at the very last: 2:1 becomes 2.5:1",
  [u("f", "fin infantry 10-3-5", "0405"), u("g", "ger infantry 2-4-5", "0506")], phase="combat",
  state={"optional": ["31.4"], "attacks": [{"attackers": ["f"], "target": "0506", "hq": {"attacker": 1}}]},
  summary={"actions": [{"basic_odds": "2.5:1", "odds": "2.5:1"}]})
p("hq-support", "31.4.2", "optional 31.4: a Support Unit HQ gives +1 DRM (Forest -1): 0",
  [u("m", "fin mortar [4]-1-4 r3", "0405"), u("g", GI, "0506")], phase="combat",
  state={"optional": ["31.4"], "fire": [{"units": ["m"], "target": "0506", "hq": 1}]},
  summary={"actions": [{"fire": 1, "drm": 0}]})

p("combat-night", "27.2", "at night the attacker subtracts 1 odds ratio step: 2.5:1 - 0.5 (Forest) - 1 = 1:1",
  [u("f", "fin infantry 10-3-5", "0405"), u("g", "ger infantry 2-4-5", "0506")], turn=2, phase="combat",
  state={"attacks": [{"attackers": ["f"], "target": "0506"}]}, summary={"actions": [{"odds": "1:1"}]})


# --- 11.0 the alert after a failed Coup, 23.1 outside the Initial Phase, 19.0 Support Units ------------------------
p("coup-alert", "11.0", "a Coup failed: German units move up to a quarter of their MF (8: two hexes)",
  [u("g", "ger infantry 3-4-8", "0305")], phase="setup", state={"coup_failed": True},
  before=[u("g", "ger infantry 3-4-8", "0303")])
p("coup-alert-too-far", "11.0", "a quarter of 8 MF is 2: three hexes are too far",
  [u("g", "ger infantry 3-4-8", "0306")], phase="setup", state={"coup_failed": True},
  before=[u("g", "ger infantry 3-4-8", "0303")], violations=[("17.0", ["0303", "0306"], ["g"])])
p("coup-no-alert", "11.0", "no failed Coup: no move before the game", [u("g", "ger infantry 3-4-8", "0304")],
  phase="setup", before=[u("g", "ger infantry 3-4-8", "0303")], violations=[("11.0", ["0303", "0304"], ["g"])])
p("broken-removed-in-combat", "23.1", "a Broken Level stays until the next friendly Initial Phase",
  [u("f", FI, "0303")], phase="combat", before=[u("f", FI, "0303", broken=1)],
  violations=[("23.1", ["0303"], ["f"])])
p("overrun-support", "19.0", "Support Units take part in an Overrun only as the Non-Phasing Player's",
  [*ILL7[:4], u("m", "fin mortar [4]-1-4 r3", "0303"), ILL7[4]],
  state={"overruns": [{"units": ["a", "b", "c", "d", "m"], "target": "0304"}]},
  violations=[("19.0", ["0304", "0303", "0404"], ["m"])])
p("overrun-support-defends", "21.3", "a Support Unit about to be Overrun defends with its Close Defense Factor",
  [*ILL7[:4], u("x", "ger rocket [8]-1-8m r6", "0304"), u("y", "ger infantry 1-1-5", "0304")],
  state={"overruns": [{"units": ["a", "b", "c", "d"], "target": "0304"}]})

p("transfer-overdue", "17.3", "a unit must exit a Transfer Point on the next Game Turn",
  [u("g", GI, None, transfer="B", transfer_started=2)], turn=5, player="german", violations=[("17.3", [], ["g"])])
p("transfer-next-turn", "17.3", "Game Turn 1B into the Transfer Point, out of it in 2B's Movement Phase",
  [u("g", GI, None, transfer="A", transfer_started=2)], turn=4, player="german")
p("nationality-moved", "8.1", "a Nationality marker is removed when the units beneath it move",
  [u("g", GI, "0309", nationality_marker=True)], player="german",
  before=[u("g", GI, "0308", nationality_marker=True)], violations=[("8.1", ["0308", "0309"], ["g"])])

ILL7_MOVED = [u("a", "fin infantry 6-4-5", "0305"), u("b", "fin infantry 6-4-5", "0305"),
              u("c", "fin infantry 4-3-5", "0304"), u("d", "fin infantry 4-3-2", "0304"),
              u("x", "ger infantry 2-2-5", None, eliminated=True)]
p("illustration-7-move", "19.0", "Illustration 7 as a move: all four enter A (1 MP + terrain), two go on to B",
  ILL7_MOVED, state={"overruns": [{"units": ["a", "b", "c", "d"], "target": "0304"}]},
  before=[*ILL7[:3], u("d", "fin infantry 4-3-2", "0404"), ILL7[4]])
p("illustration-7-move-short", "19.0", "the Overrun costs 1 MP plus the terrain: a unit with 2 MPs stops in A "
  "(it must enter A: 0204 by way of 0305 does not count)",
  [*ILL7_MOVED[:3], u("d", "fin infantry 4-3-2", "0204"), ILL7_MOVED[4]],
  state={"overruns": [{"units": ["a", "b", "c", "d"], "target": "0304"}]},
  before=[*ILL7[:3], u("d", "fin infantry 4-3-2", "0404"), ILL7[4]], violations=[("17.0", ["0404", "0204"], ["d"])])

p("demolition-then-attack", "15.0", "the Engineer that attempted a demolition may not participate in any combat",
  [u("e", GE, "1603"), u("f", FI, "1703")], turn=3, player="german", phase="combat",
  state={"demolitions": [{"engineer": "e", "bridge": "1603"}], "attacks": [{"attackers": ["e"], "target": "1703"}]},
  violations=[("15.0", ["1603", "1703"], ["e"])])

p("retreat-into-zoc", "22.6.5", "a Retreat may not end in enemy ZOC while another hex is free of it",
  [u("f", FI, "0303"), u("h", FI, "0505"), u("g", GI, "0404")], phase="combat", state=fight("retreat", [1, 1]),
  before=[u("f", FI, "0303"), u("h", FI, "0505"), u("g", GI, "0304")], violations=[("22.6.5", ["0304", "0404"], ["g"])])
p("retreat-contested", "22.6.5", "Retreat is allowed to a hex that is contested",
  [u("f", FI, "0303"), u("h", FI, "0505"), u("k", GI, "0405"), u("g", GI, "0404")], phase="combat",
  state=fight("retreat", [1, 1]),
  before=[u("f", FI, "0303"), u("h", FI, "0505"), u("k", GI, "0405"), u("g", GI, "0304")])
p("both-abandoned", "24.0", "if both players abandoned a hex in the combat, neither may advance",
  [u("f", FI, "0302"), u("f2", FI, "0304"), u("g", GI, "0204")], phase="combat",
  state={"attacks": [{"attackers": ["f", "f2"], "target": "0304", "attacker_dice": [1, 1], "defender_dice": [2],
                      "defender_actions": [{"action": "retreat"}], "attacker_actions": [{"action": "retreat"}]}]},
  before=[u("f", FI, "0303"), u("f2", FI, "0404"), u("g", GI, "0304")], violations=[("24.0", ["0404", "0304"], ["f2"])])
p("panic-artillery", "22.6.6", "a Panic always costs Field and Rocket Artillery a step",
  [u("f", FI, "0303"), u("g", GI, "0306"), u("r", "ger rocket [8]-1-8m r6", "0306")], player="finnish",
  phase="combat", state=fight("panic", [2, 1]),
  before=[u("f", FI, "0303"), u("g", GI, "0304"), u("r", "ger rocket [8]-1-8m r6", "0304")],
  violations=[("22.6.6", ["0304", "0306"], ["r"])])
p("panic-artillery-reduced", "22.6.6", "the Rocket Artillery panics and loses its step",
  [u("f", FI, "0303"), u("g", GI, "0306"), u("r", "ger rocket [8]-1-8m r6", "0306", reduced=True)],
  phase="combat", state=fight("panic", [2, 1]),
  before=[u("f", FI, "0303"), u("g", GI, "0304"), u("r", "ger rocket [8]-1-8m r6", "0304")])

p("bonus-range", "31.3", "optional 31.3: a Tank fires two hexes over empty Open Ground at half strength (4 -> 2)",
  [u("t", FT, "0303"), u("g", "ger infantry 1-1-5", "0506"), u("g2", GI, "0305")], phase="combat",
  state={"optional": ["31.3"], "attacks": [{"attackers": ["t"], "target": "0305"}]},
  summary={"actions": [{"attack": 2.0}]})
p("bonus-range-off", "22.5", "without the optional rule a Tank two hexes away may not attack",
  [u("t", FT, "0303"), u("g2", GI, "0305")], phase="combat",
  state={"attacks": [{"attackers": ["t"], "target": "0305"}]}, violations=[("22.5", ["0303", "0305"], ["t"])])

p("transfer-exit", "17.3", "into a Transfer Point on 1A, out of it on 2A: into 0111 (1 MP), then two more hexes",
  [u("g", GI, "0113")], turn=3, player="german", before=[u("g", GI, None, transfer="A", transfer_started=1)])
p("transfer-exit-blocked", "16.2.2", "a Finnish unit in 0111 blocks it; from 1224 0113 is out of reach",
  [u("g", GI, "0113"), u("f", FI, "0111")], turn=3, player="german",
  before=[u("g", GI, None, transfer="A", transfer_started=1), u("f", FI, "0111")],
  violations=[("17.3", ["0111", "1224", "0113"], ["g"])])


# --- on the bundled map (maps/tornio-44.yaml): written to ../tornio_44_real_positions ----------------------------
suite.FIXTURE_COUNT = len(suite.POSITIONS)
MG = "ger infantry 3-4-1"
p("real-tornio-close-combat", "22.3", "Tornio (1502) is a Town/Factory Area hex: both players may be in it",
  [*ten("f", FI, "1502"), *ten("g", GI, "1502")])
p("real-close-combat-forest", "22.3", "1402 is Forest: no Close Combat there",
  [u("f", FI, "1402"), u("g", GI, "1402")], violations=[("22.3", ["1402"], ["f", "g"])])
p("real-stacking-tornio", "7.0", "eleven German units in Tornio", ten("g", GI, "1502", 11), player="german",
  violations=[("7.0", ["1502"], [f"g{i}" for i in range(1, 12)])])
p("real-sea", "18.4", "2001 is sea: an Illegal Hex", [u("f", FI, "2001")], violations=[("18.4", ["2001"], ["f"])])
p("real-coup-kemi", "11.0", "a Coup in Kemi (3220) by one Larjo unit: -2", [u("l1", FI, "3220"), u("l2", FI, "1502")],
  phase="setup", state={"coups": [{"hex": "3220", "units": ["l1"]}, {"hex": "1502", "units": ["l2"]}]},
  summary={"actions": [{"coup": "3220", "drm": -2}, {"coup": "1502", "drm": -1}]})
p("real-landing-royttae", "16.2.3", "a Naval Landing at Röyttä (2602): 1 MP, the Landing Site's terrain ignored",
  [u("f", "fin infantry 3-3-1", "2602")], before=[u("f", "fin infantry 3-3-1", None)])
p("real-landing-kemi-mortar", "16.2.3", "Kemi costs 3 MPs, 6 for a Support Unit: more than a mortar's 4",
  [u("m", "fin mortar [4]-1-4 r3", "3220")], before=[u("m", "fin mortar [4]-1-4 r3", None)],
  violations=[("17.0", ["3220"], ["m"])])
p("real-demolition", "15.0", "a German Engineer alone at the Tornionjoki bridge (1603) at night: -1 DRM",
  [u("e", GE, "1603")], turn=2, player="german", phase="initial",
  state={"demolitions": [{"engineer": "e", "bridge": "1603"}]},
  summary={"actions": [{"demolition": 1, "bridge": "1603", "drm": -1}]})
p("real-supply-depot", "13.1", "a Finnish unit in the depot 2918 it occupies is in supply", [u("f", FI, "2918")],
  turn=3, unit_status={"f": {"supplied": True}})
p("real-supply-road", "13.0", "next to Röyttä along a Secondary Road to the depot: in supply",
  [u("f", FI, "2602"), u("f2", FI, "2603")], turn=3, unit_status={"f2": {"supplied": True}})
p("real-alcohol", "28.0", "no alcohol depot in 3220; 1504 (road, inland) is allowed",
  [u("g", GI, "1504")], player="german", phase="setup", state={"alcohol_depots": {"1504": "hidden", "3220": "hidden"}},
  violations=[("28.0", ["3220"], [])])
p("real-main-road", "18.2", "along the Main Road 1503 - 1603 - 1604: 0.5 + 0.5 MPs with MF 1",
  [u("g", MG, "1604")], player="german", before=[u("g", MG, "1503")])
p("real-bridge", "18.2", "over the Tornionjoki bridge on the Main Road: 0.5 MP, the river ignored",
  [u("f", "fin infantry 3-3-H", "1603")], before=[u("f", "fin infantry 3-3-H", "1502")])
p("real-tank-bridge", "18.1.1", "a motorised unit crosses the Major River by the bridge (1502/1603)",
  [u("t", "fin tank 4-3-1m", "1603")], before=[u("t", "fin tank 4-3-1m", "1502")])
p("real-fire-tornio", "21.4.2", "rockets on Tornio: Town/Factory Area -2 DRM, a German unit next to the target",
  [u("r", "ger rocket [8]-1-8m r6", "1504"), u("g", GI, "1402"), u("f", FI, "1502")], player="german",
  phase="combat", state={"fire": [{"units": ["r"], "target": "1502"}]},
  summary={"actions": [{"fire": 1, "target": "1502", "support": 8.0, "drm": -2}]})
p("real-forest-move", "18.6", "a move through Forest: its cost is not in the rulebook",
  [u("f", FI, "1401")], before=[u("f", FI, "1402")],
  summary={"not_judged": ["not judged: 18.6 Terrain Effects Table value unknown (the move of f from 1402 to 1401)"]})

p("real-setup-osp-larjo", "30.0", "set-up: Os.P in 2819, 2918, 3621, 3722 and Larjo in Tornio and Kemi (10a, 10c)",
  [u("o1", "fin infantry 1-1-3 @Os.P", "2819"), u("o2", "fin infantry 1-1-3 @Os.P", "2918"),
   u("o3", "fin infantry 1-1-3 @Os.P", "3621"), u("o4", "fin infantry 1-1-3 @Os.P", "3722"),
   u("l1", "fin infantry 1-1-3 @Larjo", "1502"), u("l2", "fin infantry 1-1-3 @Larjo", "3220")], phase="setup")
p("real-setup-larjo-elsewhere", "30.0", "the Larjo units start in Tornio and/or Kemi",
  [u("l1", "fin infantry 1-1-3 @Larjo", "1502"), u("l2", "fin infantry 1-1-3 @Larjo", "2602")], phase="setup",
  violations=[("30.0", ["2602"], ["l2"])])
p("real-ajos-depot", "13.1", "a Finnish unit holding Ajos (3917) is in supply at its depot; Ajossaari joins the "
  "mainland on our map, so no Motti", [u("f", FI, "3917")], turn=3,
  unit_status={"f": {"motti": False, "broken": 0, "supplied": True}})
p("real-motti-ring", "26.0", "a German unit ringed by six Finnish units in 1402 is in Motti: Broken 1 Level",
  [u("g", GI, "1402"), *(u(f"f{i}", FI, h) for i, h in enumerate(["1403", "1302", "1301", "1401", "1501", "1502"],
                                                                 1))],
  unit_status={"g": {"motti": True, "broken": 1}}, summary={"motti": ["g"]})
OSP = [u(f"o{i}", "fin infantry 1-1-3 @Os.P", h) for i, h in enumerate(["2819", "2918", "3621", "3722"], 1)]
p("real-starting-vp", "29.1", "Os.P in all four starting hexes: the Finns start with 4 VPs", OSP, phase="setup",
  state={"vp": 4})
p("real-starting-vp-wrong", "29.1", "Os.P in three of the hexes (two units in 2918): 3 VPs, not 4",
  [*OSP[:3], u("o4", "fin infantry 1-1-3 @Os.P", "2918")], phase="setup", state={"vp": 4},
  violations=[("29.1", ["2819", "2918", "3621"], [])])

