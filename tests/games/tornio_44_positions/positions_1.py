"""Tornio '44 positions, sections 7.0-18.x (the test map)."""

from __future__ import annotations

from suite import FI, GE, GI, p, ten, u

# --- 7.0 Stacking --------------------------------------------------------------------------------------------
p("stacking-ten", "7.0", "ten Finnish units in one hex: the limit", ten("f", FI, "0303"))
p("stacking-eleven", "7.0", "eleven Finnish units in one hex", ten("f", FI, "0303", 11),
  violations=[("7.0", ["0303"], [f"f{i}" for i in range(1, 12)])])
p("stacking-mid-move", "7.0", "the limit may be exceeded during movement", ten("f", FI, "0303", 11),
  state={"mid_move": True})
p("stacking-close-combat", "22.3", "each player has a full allotment in a Close Combat hex",
  ten("f", FI, "0620") + ten("g", GI, "0620"))
p("stacking-german-eleven", "7.0", "eleven German units, every kind of unit counts",
  [*ten("g", GI, "0404", 9), u("gr", "ger rocket [8]-1-8m r6", "0404"), u("gt", "ger tank 4-3-10m", "0404")],
  player="german", violations=[("7.0", ["0404"], [*(f"g{i}" for i in range(1, 10)), "gr", "gt"])])
p("stacking-box-six", "7.1", "a Stacking marker holds up to 5 units",
  [u(f"b{i}", "fin infantry 3-3-5 @I/11", "0505", box="I/11") for i in range(1, 7)],
  violations=[("7.1", ["0505"], [f"b{i}" for i in range(1, 7)])])
p("stacking-box-undesignated", "7.1", "one unit of a Stacking Marker Box must be designated like the marker",
  [u("b1", "fin infantry 3-3-5 @II/11", "0505", box="I/11"), u("b2", FI, "0505", box="I/11")],
  violations=[("7.1", ["0505"], ["b1", "b2"])])
p("stacking-box-legal", "7.1", "Illustration 1: stack B may be replaced by the I/11 marker (one unit of I/11)",
  [u("b1", "fin infantry 3-3-5 @I/11", "0505", box="I/11"), u("b2", "fin jaeger 3-3-5 @II/11", "0505", box="I/11"),
   u("b3", FI, "0505", box="I/11")])

# --- 9.0 ZOC and hex control --------------------------------------------------------------------------------
p("zoc-daytime", "9.0", "a Combat Unit controls the adjacent hexes by day",
  [u("f", FI, "0303"), u("g", GI, "0304")], unit_status={"g": {"in_enemy_zoc": True}, "f": {"in_enemy_zoc": True}})
p("zoc-nighttime", "27.3", "no ZOC at night, only Hex Control",
  [u("f", FI, "0303"), u("g", GI, "0304")], turn=2, unit_status={"g": {"in_enemy_zoc": False}})
p("zoc-support-unit", "5.5", "Support Units never have ZOC",
  [u("m", "fin mortar [4]-1-4 r3", "0303"), u("g", GI, "0304")], unit_status={"g": {"in_enemy_zoc": False}})
p("zoc-intoxicated", "28.1", "intoxicated units lose their ZOC",
  [u("f", FI, "0303", intoxicated=True), u("g", GI, "0304")], unit_status={"g": {"in_enemy_zoc": False}})
p("zoc-close-combat", "22.3", "units in a Close Combat hex have no ZOC",
  [u("f", FI, "0620"), u("g", GI, "0620"), u("g2", GI, "0619")], player="german",
  unit_status={"g2": {"in_enemy_zoc": False}})

# --- 10.0 Ownership -----------------------------------------------------------------------------------------
p("ownership-occupant", "10.0", "the occupant owns the hex; ZOC is not enough",
  [u("f", FI, "2002")], state={"owner": {"2002": "german"}},
  violations=[("10.0", ["2002"], ["f"])])
p("ownership-last-occupied", "10.0", "an empty hex stays with the last player to occupy it",
  [u("f", FI, "2003")], state={"owner": {"2002": "finnish"}})

# --- 11.0 Coup ----------------------------------------------------------------------------------------------
p("coup-tornio", "11.0", "a Coup in Tornio by both Larjo units: no DRM",
  [u("l1", FI, "1502"), u("l2", FI, "1502")], phase="setup",
  state={"coups": [{"hex": "1502", "units": ["l1", "l2"]}]},
  summary={"actions": [{"coup": "1502", "drm": 0}]})
p("coup-kemi-one-unit", "11.0", "-1 for Kemi and -1 for a single Larjo unit, cumulative",
  [u("l1", FI, "1502"), u("l2", FI, "3220")], phase="setup",
  state={"coups": [{"hex": "1502", "units": ["l1"]}, {"hex": "3220", "units": ["l2"]}]},
  summary={"actions": [{"coup": "1502", "drm": -1}, {"coup": "3220", "drm": -2}]})
p("coup-elsewhere", "11.0", "a Coup only in Tornio or Kemi",
  [u("l1", FI, "2002"), u("l2", FI, "2002")], phase="setup",
  state={"coups": [{"hex": "2002", "units": ["l1", "l2"]}]},
  violations=[("11.0", ["2002"], ["l1", "l2"])])
p("coup-later", "11.0", "a Coup only before the game begins",
  [u("l1", FI, "1502"), u("l2", FI, "1502")], turn=3, phase="initial",
  state={"coups": [{"hex": "1502", "units": ["l1", "l2"]}]},
  violations=[("11.0", [], [])])
p("coup-unit-elsewhere", "11.0", "a Larjo unit takes part in the Coup of its hex",
  [u("l1", FI, "1502"), u("l2", FI, "3220")], phase="setup",
  state={"coups": [{"hex": "1502", "units": ["l1", "l2"]}]},
  violations=[("11.0", ["3220", "1502"], ["l2"])])

# --- 12.0 Weather -------------------------------------------------------------------------------------------
p("weather-1a-sunny", "12.0", "Game Turn 1A is always Cloudy", [u("f", FI, "0303")], state={"weather": "sunny"},
  violations=[("12.0", [], [])])
p("weather-2a-sunny", "12.0", "from 2A the weather is rolled", [u("f", FI, "2917")], turn=3,
  state={"weather": "sunny", "owner": {"2918": "finnish"}})

# --- 13.0 Supply --------------------------------------------------------------------------------------------
p("supply-next-to-depot", "13.0", "one hex from the Finnish depot 2918 it owns", [u("f", FI, "2919")], turn=3,
  state={"owner": {"2918": "finnish"}}, unit_status={"f": {"supplied": True}})
p("supply-by-road", "13.0", "four hexes to a Main Road leading to the depot (the road's length unlimited)",
  [u("f", FI, "2906")], turn=3, state={"owner": {"2918": "finnish"}}, unit_status={"f": {"supplied": True}})
p("supply-out-unbroken", "13.0", "no depot within 10 Foot MPs: Broken 1 Level", [u("f", FI, "0303")], turn=3,
  violations=[("13.0", ["0303"], ["f"])], unit_status={"f": {"supplied": False}})
p("supply-out-broken", "13.0", "out of supply and marked Broken 1 Level", [u("f", FI, "0303", broken=1)], turn=3,
  unit_status={"f": {"supplied": False}})
p("supply-out-twice", "13.0", "still out of supply on the next Game Turn: Broken 2 Levels",
  [u("f", FI, "0303", broken=1, unsupplied_before=True)], turn=3, violations=[("13.0", ["0303"], ["f"])])
p("supply-night", "13.0 Clarification 3", "no supply check on Nighttime turns for unbroken units",
  [u("f", FI, "0303")], turn=4, unit_status={"f": {"supplied": None}})
p("supply-phasing-only", "13.0 Clarification 1", "supply is checked for the Phasing Player's units only",
  [u("f", FI, "2919"), u("g", GI, "0303")], turn=3, state={"owner": {"2918": "finnish"}},
  unit_status={"g": {"supplied": None}})
p("supply-3625-early", "13.1", "3625 is a Finnish depot only from 5A", [u("f", FI, "3624")], turn=7,
  state={"owner": {"3625": "finnish"}}, violations=[("13.0", ["3624"], ["f"])])
p("supply-3625-5a", "13.1", "3625 is a Finnish depot from 5A", [u("f", FI, "3624")], turn=9,
  state={"owner": {"3625": "finnish"}})
p("supply-depot-owned-by-enemy", "13.1", "a depot works only while its player owns it",
  [u("f", FI, "2919")], turn=3, violations=[("13.0", ["2919"], ["f"])])
p("supply-reinforcement", "16.2", "reinforcements are always in supply on the Game Turn they arrive",
  [u("f", FI, "0303", arrived=True)], turn=3, unit_status={"f": {"supplied": True}})

# --- 14.0 Replacements --------------------------------------------------------------------------------------
p("replacement-on-road", "14.0", "an unbroken reduced Combat Unit on a road is flipped on a Nighttime turn",
  [u("f", FI, "2007")], turn=4, phase="initial", before=[u("f", FI, "2007", reduced=True)])
p("replacement-off-road", "14.0", "only on a road or railroad hex",
  [u("f", FI, "0303")], turn=4, phase="initial", before=[u("f", FI, "0303", reduced=True)],
  violations=[("14.0", ["0303"], ["f"])])
p("replacement-two", "14.0", "1 RP a Nighttime turn",
  [u("f", FI, "2007"), u("f2", FI, "2008")], turn=4, phase="initial",
  before=[u("f", FI, "2007", reduced=True), u("f2", FI, "2008", reduced=True)],
  violations=[("14.0", ["2007", "2008"], ["f", "f2"])])
p("replacement-daytime", "14.0", "Replacement Points only on Nighttime turns from 2B",
  [u("f", FI, "2007")], turn=3, phase="initial", before=[u("f", FI, "2007", reduced=True)],
  violations=[("14.0", ["2007"], ["f"])])
p("replacement-broken", "14.0", "only an unbroken Combat Unit",
  [u("f", FI, "2007", broken=1)], turn=4, phase="initial", before=[u("f", FI, "2007", reduced=True, broken=1)],
  violations=[("14.0", ["2007"], ["f"])])

# --- 15.0 Demolitions ---------------------------------------------------------------------------------------
p("demolition-legal", "15.0", "an unbroken German Engineer alone in the bridge hex at night: -1 DRM",
  [u("e", GE, "1603")], turn=2, player="german", phase="initial",
  state={"demolitions": [{"engineer": "e", "bridge": "1603"}]},
  summary={"actions": [{"demolition": 1, "bridge": "1603", "drm": -1}]})
p("demolition-not-in-hex", "15.0", "the Engineer attempts in the bridge hex",
  [u("e", GE, "1602")], turn=3, player="german", phase="initial",
  state={"demolitions": [{"engineer": "e", "bridge": "1603"}]}, violations=[("15.0", ["1602", "1603"], ["e"])])
p("demolition-not-alone", "15.0", "no other units may be in the hex",
  [u("e", GE, "1603"), u("g", GI, "1603")], turn=3, player="german", phase="initial",
  state={"demolitions": [{"engineer": "e", "bridge": "1603"}]}, violations=[("15.0", ["1603"], ["e"])])
p("demolition-finnish", "15.0", "German Engineer units only",
  [u("e", "fin engineer 2-2-5", "1603")], turn=3, player="german", phase="initial",
  state={"demolitions": [{"engineer": "e", "bridge": "1603"}]}, violations=[("15.0", ["1603"], ["e"])])
p("demolition-broken", "15.0", "unbroken Engineer units only",
  [u("e", GE, "1603", broken=1)], turn=3, player="german", phase="initial",
  state={"demolitions": [{"engineer": "e", "bridge": "1603"}]}, violations=[("15.0", ["1603"], ["e"])])
p("demolition-then-move", "15.0", "the Engineer may not move in the Player Turn of its attempt",
  [u("e", GE, "1604")], turn=3, player="german", phase="movement",
  state={"demolitions": [{"engineer": "e", "bridge": "1603"}]}, before=[u("e", GE, "1603")],
  violations=[("15.0", ["1603", "1604"], ["e"])])
p("demolition-achtung-cost", "15.0", "all units pay 2 more MPs to enter a hex with the Achtung! Gefahr! marker",
  [u("f", "fin infantry 3-3-1", "1603")], state={"bridges": {"1603": "damaged"}},
  before=[u("f", "fin infantry 3-3-1", "1503")], violations=[("17.0", ["1503", "1603"], ["f"])])

# --- 16.0 At start, reinforcements, landings ----------------------------------------------------------------
p("setup-shared-hex", "16.1", "no German unit starts in a Finnish unit's hex",
  [u("f", FI, "1502"), u("g", GI, "1502")], phase="setup", violations=[("16.1", ["1502"], ["f", "g"])])
p("landing-royttae", "16.2.3", "a Naval Landing into 2602 costs 1 MP, then the unit moves on",
  [u("f", FI, "2606")], before=[u("f", FI, None)])
p("landing-kemi-support", "16.2.3", "3 MPs into Kemi, doubled for a Support Unit: more than its MF",
  [u("m", "fin mortar [4]-1-4 r3", "3220")], before=[u("m", "fin mortar [4]-1-4 r3", None)],
  violations=[("17.0", ["3220"], ["m"])])
p("landing-night", "27.3", "no Naval Landings at night",
  [u("f", FI, "2602")], turn=2, before=[u("f", FI, None)], violations=[("27.3", ["2602"], ["f"])])
p("landing-storm", "12.0", "no Naval Landings in Stormy weather",
  [u("f", FI, "2602")], turn=3, state={"weather": "stormy", "owner": {"2602": "finnish"}},
  before=[u("f", FI, None)], violations=[("12.0", ["2602"], ["f"])])
p("landing-occupied", "16.2.3", "no landing into a Landing Site occupied by enemy units",
  [u("f", FI, "2602"), u("g", GI, "2602")], before=[u("f", FI, None), u("g", GI, "2602")],
  violations=[("16.2.3", ["2602"], ["f"]), ("22.3", ["2602"], ["f", "g"])])
p("restriction-exit-hex", "16.2.2", "no German reinforcement from a VP Exit Hex a Finnish unit exited from",
  [u("g", GI, "0202", entered="0201")], player="german", state={"finnish_exits": ["0201"]},
  before=[u("g", GI, None)], violations=[("16.2.2", ["0201"], ["g"])])
p("alarm-lowered", "16.2.1", "an Alarm Level never decreases: Ajos made it High",
  [u("f", FI, "2602")], state={"landings": ["2602", "3917"], "alarm": "low"},
  violations=[("16.2.1", ["2602", "3917"], [])])
p("alarm-very-high", "16.2.1", "a landing in Kemi: Very High", [u("f", FI, "2602")],
  state={"landings": ["2602", "3220"], "alarm": "very_high"}, summary={"alarm_level": "very_high"})

# --- 17.0 / 18.0 Movement -----------------------------------------------------------------------------------
p("illustration-6-ok", "17.0", "Illustration 6: 6.5 MPs via A (Open Ground, Minor River, ZOC) to B (road, ZOC)",
  [u("g", "ger infantry 3-4-6h", "3210"), u("f", FI, "3111")], player="german",
  before=[u("g", "ger infantry 3-4-6h", "3010"), u("f", FI, "3111")])
p("illustration-6-short", "17.0", "Illustration 6 with 6 MPs: half an MP short",
  [u("g", "ger infantry 3-4-6", "3210"), u("f", FI, "3111")], player="german",
  before=[u("g", "ger infantry 3-4-6", "3010"), u("f", FI, "3111")], violations=[("17.0", ["3010", "3210"], ["g"])])
p("one-hex-half", "17.4", "a unit may always move one hex if it pays half the MPs (2 MPs, MF 1)",
  [u("f", "fin infantry 3-3-1", "0304"), u("g", GI, "0305")], before=[u("f", "fin infantry 3-3-1", "0303"),
                                                                        u("g", GI, "0305")])
p("one-hex-too-dear", "17.4", "3 MPs (leave and enter an enemy ZOC, Open Ground) need 1.5 MPs",
  [u("f", "fin infantry 3-3-1", "0304"), u("g", GI, "0305"), u("g2", GI, "0202")],
  before=[u("f", "fin infantry 3-3-1", "0303"), u("g", GI, "0305"), u("g2", GI, "0202")],
  violations=[("17.0", ["0303", "0304"], ["f"])])
p("night-half-mf", "27.1", "the MF is halved at night: 3 Open Ground hexes with MF 5",
  [u("f", FI, "0306")], turn=2, before=[u("f", FI, "0303")], violations=[("17.0", ["0303", "0306"], ["f"])])
p("broken-mf", "23.0", "each Broken Level reduces the MF by one: MF 4, Broken 2, three hexes",
  [u("f", "fin infantry 3-3-4", "0306", broken=2)], before=[u("f", "fin infantry 3-3-4", "0303", broken=2)],
  violations=[("17.0", ["0303", "0306"], ["f"])])
p("main-road-third-free", "18.2", "0.5 + 0.5 + 0 MPs along three Main Road hexes with MF 1",
  [u("f", "fin infantry 3-3-1", "2008")], before=[u("f", "fin infantry 3-3-1", "2005")])
p("main-road-fourth", "18.2", "a fourth Main Road hex costs 0.5 again: 1.5 MPs with MF 1",
  [u("f", "fin infantry 3-3-1", "2009")], before=[u("f", "fin infantry 3-3-1", "2005")],
  violations=[("17.0", ["2005", "2009"], ["f"])])
p("motorised-major-river", "18.1.1", "motorised units never move across a Major River without a bridge",
  [u("t", "fin tank 4-3-1m", "1310")], before=[u("t", "fin tank 4-3-1m", "1210")],
  violations=[("17.0", ["1210", "1310"], ["t"])])
p("foot-major-river-unknown", "18.6", "a foot unit crossing a Major River: the cost is not in the text",
  [u("f", "fin infantry 3-3-1", "1310")], before=[u("f", "fin infantry 3-3-1", "1210")],
  summary={"not_judged": ["not judged: 18.6 Terrain Effects Table value unknown (the move of f from 1210 to "
                          "1310)"]})
p("illegal-hex", "18.4", "a unit in an Illegal Hex is eliminated", [u("f", FI, "0809")],
  violations=[("18.4", ["0809"], ["f"])])
p("non-phasing-moves", "5.4", "only the Phasing Player's units move",
  [u("g", GI, "0304")], before=[u("g", GI, "0303")], violations=[("5.4", ["0303", "0304"], ["g"])])
p("intoxicated-moves", "28.1", "intoxicated units may take no actions",
  [u("f", FI, "0304", intoxicated=True)], before=[u("f", FI, "0303", intoxicated=True)],
  violations=[("28.1", ["0303", "0304"], ["f"])])
p("illustration-10-a", "22.3", "Illustration 10: unit A pays 2 (Town) + 1 (enemy hex) = 3 MPs",
  [u("a", "ger infantry 3-4-3", "0620"), u("c", FI, "0620")], player="german",
  before=[u("a", "ger infantry 3-4-3", "0720"), u("c", FI, "0620")])
p("illustration-10-b", "22.3", "Illustration 10: unit B pays 0.5 + 1 (ZOC) + 2 + 1 = 4.5 MPs",
  [u("b", "ger infantry 3-4-4h", "0620"), u("c", FI, "0620")], player="german",
  before=[u("b", "ger infantry 3-4-4h", "0618"), u("c", FI, "0620")])
p("illustration-10-b-short", "22.3", "Illustration 10: unit B with 4 MPs cannot make it",
  [u("b", "ger infantry 3-4-4", "0620"), u("c", FI, "0620")], player="german",
  before=[u("b", "ger infantry 3-4-4", "0618"), u("c", FI, "0620")], violations=[("17.0", ["0618", "0620"], ["b"])])
p("enter-enemy-open-hex", "22.3", "units of both players share a hex only in Town/Factory Area hexes",
  [u("f", FI, "0304"), u("g", GI, "0304")], before=[u("f", FI, "0303"), u("g", GI, "0304")],
  violations=[("22.3", ["0304"], ["f", "g"]), ("17.0", ["0303", "0304"], ["f"])])
p("leave-close-combat", "22.3", "moving out of a Close Combat hex costs 1 MP more (no Road Bonus): 3 MPs",
  [u("f", "fin infantry 3-3-2h", "0519"), u("g", GI, "0620")],
  before=[u("f", "fin infantry 3-3-2h", "0620"), u("g", GI, "0620")], violations=[("17.0", ["0620", "0519"], ["f"])])
p("engineer-crossing", "15.1", "with an Engineer in the hex the Minor River costs half: 1.5 + 1 MPs",
  [u("f", "fin infantry 3-3-2h", "1210"), u("e", "fin engineer 2-2-5", "1010")],
  before=[u("f", "fin infantry 3-3-2h", "1010"), u("e", "fin engineer 2-2-5", "1010")])
p("no-engineer-crossing", "18.6", "without the Engineer: 2 + 1 MPs with MF 2.5",
  [u("f", "fin infantry 3-3-2h", "1210")], before=[u("f", "fin infantry 3-3-2h", "1010")],
  violations=[("17.0", ["1010", "1210"], ["f"])])

# --- 25.0 Exploitation ----------------------------------------------------------------------------------------
p("exploit-support", "25.0", "Support Units do not move in the Exploitation Phase",
  [u("m", "fin mortar [4]-1-4 r3", "0304")], phase="exploitation", before=[u("m", "fin mortar [4]-1-4 r3", "0303")],
  violations=[("25.0", ["0303", "0304"], ["m"])])
p("exploit-attacked", "25.1", "a unit that took part in a combat this Player Turn does not exploit",
  [u("f", FI, "0304", attacked=True)], phase="exploitation", before=[u("f", FI, "0303", attacked=True)],
  violations=[("25.1", ["0303", "0304"], ["f"])])
p("exploit-zoc", "25.1", "a unit starting the Exploitation Phase in enemy ZOC does not exploit",
  [u("f", FI, "0302"), u("g", GI, "0304")], phase="exploitation",
  before=[u("f", FI, "0303"), u("g", GI, "0304")], violations=[("25.1", ["0303", "0302"], ["f"])])
p("exploit-half", "25.1", "the MF is halved: 2 hexes with MF 5 are fine", [u("f", FI, "0305")],
  phase="exploitation", before=[u("f", FI, "0303")])
p("exploit-half-too-far", "25.1", "the MF is halved: 3 hexes with MF 5 are too far", [u("f", FI, "0306")],
  phase="exploitation", before=[u("f", FI, "0303")], violations=[("17.0", ["0303", "0306"], ["f"])])
p("exploit-night", "25.0", "no Exploitation Phase at night", [u("f", FI, "0304")], turn=2, phase="exploitation",
  before=[u("f", FI, "0303")], violations=[("25.0", ["0303", "0304"], ["f"])])
