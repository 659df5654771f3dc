"""Writes tests/games/winter_war_heldout/*.yaml (run from the repository root). The verdicts were written from the
rulebook text before the referee judged them; see tests/games/test_winter_war_heldout.py for the agreement."""
import json
import pathlib

OUT = pathlib.Path(__file__).resolve().parent
HQ = ("hq", "sov-0-1-2", "0709")
P = []


def add(name, rule, quote, verdict, units, *, ok, rules=(), turn=3, player="soviet", phase="movement",
        state=None, before=None, summary=None):
    P.append(dict(name=name, rule=rule, quote=quote, verdict=verdict, units=units, ok=ok, rules=list(rules),
                  turn=turn, player=player, phase=phase, state=state or {}, before=before, summary=summary))



add("ski-patrols-together", "Stacking (C)", "All five Ski Patrol units may be placed in the same hex if "
    "desired.", "legal", [("a", "fin-1-1-3", "0203")] + [(f"s{i}", "fin-0-0-3", "0203") for i in range(5)],
    ok=True, player="finnish")
add("two-north-of-row-a", "Stacking", "On any hex north of Row A, only one Friendly unit may be placed in a "
    "single hex.", "violates Stacking", [("a", "fin-1-1-3", "0304"), ("b", "fin-1-1-3", "0304")], ok=False,
    rules=["Stacking"], player="finnish")
add("two-on-row-a", "Stacking", "In any hex that is on, or south of, Row A, as many as two Friendly units may be "
    "placed", "legal", [("a", "fin-2-2-3", "0305"), ("b", "fin-2-2-3", "0305")], ok=True, player="finnish")
add("both-sides-one-hex", "Movement (F)", "Units may never enter or pass through a hex containing Enemy units.",
    "violates Movement (F)", [HQ, ("s", "sov-2-1-2", "0607"), ("f", "fin-1-1-3", "0607")], ok=False,
    rules=["Movement (F)"])
add("20-12-2-north", "Movement (K)", "Finnish 6-6-2 units and Soviet 20-12-2 units may never enter any of the hexes "
    "north of Row A.", "violates Movement (K)", [HQ, ("s", "sov-20-12-2", "0702")], ok=False, rules=["Movement (K)"])
add("nkvd-in-finland", "Movement (K)", "NKVD units may never leave the USSR.", "violates Movement (K)",
    [HQ, ("n", "sov-1-1-4", "0507")], ok=False, rules=["Movement (K)"])
add("finn-in-sweden", "Movement (K)", "No units may enter Norway or Sweden in the Standard Game.",
    "violates Movement (K)", [("f", "fin-1-1-3", "0101")], ok=False, rules=["Movement (K)"], player="finnish")
add("mountain", "Terrain Effects Chart", "Mountains | Entry prohibited.", "violates the Terrain Effects Chart",
    [("f", "fin-1-1-3", "0404")], ok=False, rules=["Terrain Effects Chart"], player="finnish")
add("ice-turn-7", "Terrain Effects Chart", "Ice hex | Two MP to enter; may be entered only during the last three "
    "Game-Turns.", "violates the Terrain Effects Chart", [("f", "fin-1-1-3", "0310")], ok=False,
    rules=["Terrain Effects Chart"], player="finnish", turn=7)
add("ice-turn-8", "Movement (N)", "Throughout Game-Turns Eight, Nine and Ten, part of the Gulf of Finland is frozen",
    "legal", [("f", "fin-1-1-3", "0310")], ok=True, player="finnish", turn=8)
add("moved-twice", "Movement (G)", "once a unit has been moved and the Player's hand withdrawn from the piece it may "
    "not be moved again", "violates Movement (G)", [HQ, ("a", "sov-2-1-2", "0706")], ok=False, rules=["Movement (G)"],
    before=[HQ, ("a", "sov-2-1-2", "0707", {"moved": True})])
add("always-one-hex-across-river", "Movement (I)", "A unit may, unless otherwise indicated, always move one hex, even "
    "without being able to expend sufficient Movement Points", "legal", [("p", "sov-3-1-1", "0405")], ok=True,
    before=[("p", "sov-3-1-1", "0305")], state={"events": ["F"]})
add("zoc-to-zoc", "Zones of Control (F)", "They may not, however, move directly into another Enemy controlled hex",
    "violates Zones of Control (F)", [("p", "sov-3-1-1", "0608"), ("f", "fin-2-2-3", "0507"),
                                      ("g", "fin-2-2-3", "0509")], ok=False, rules=["Zones of Control (F)"],
    before=[("p", "sov-3-1-1", "0607"), ("f", "fin-2-2-3", "0507"), ("g", "fin-2-2-3", "0509")],
    state={"events": ["F"]})
add("zoc-stop", "Zones of Control", "Friendly units must stop their movement upon entering an Enemy controlled hex",
    "violates Zones of Control", [HQ, ("a", "sov-2-1-2", "0505"), ("f", "fin-2-2-3", "0506")], ok=False,
    rules=["Zones of Control"], before=[HQ, ("a", "sov-2-1-2", "0706"), ("f", "fin-2-2-3", "0506")])
add("rail-past-enemy", "Movement (J)", "Units moving by rail must detrain upon coming adjacent to an Enemy unit with a "
    "Zone of Control.", "violates Movement (J)", [HQ, ("a", "sov-2-1-2", "0802"), ("f", "fin-2-2-3", "0904")],
    ok=False, rules=["Movement (J)"], before=[HQ, ("a", "sov-2-1-2", "0808"), ("f", "fin-2-2-3", "0904")])
add("isolated-two-hexes", "Supply and Isolation (A)", "Units which are isolated may move only one hex per Friendly "
    "Movement Phase.", "violates Supply and Isolation (A)", [HQ, ("a", "sov-2-1-2", "1003")], ok=False,
    rules=["Supply and Isolation (A)"], before=[HQ, ("a", "sov-2-1-2", "1001")])
add("reinforcement-isolated", "Sequence of Play (Reinforcement Phase)", "Units must be placed on the map in a supplied "
    "state.", "violates Sequence of Play (Reinforcement Phase)", [HQ, ("r", "sov-2-1-3", "1001")], ok=False,
    rules=["Sequence of Play (Reinforcement Phase)"], turn=4, phase="reinforcement", before=[HQ])
add("reinforcement-early", "Turn Record / Reinforcement Chart", "Game-Turn 6: 8-3-2 x1.",
    "violates the Turn Record / Reinforcement Chart", [HQ, ("r", "sov-8-3-2", "0708")], ok=False,
    rules=["Turn Record / Reinforcement Chart"], turn=5, phase="reinforcement", before=[HQ])
add("scenario-a-turn-2", "Optional Rule: Scenario/Special Events", "cross-indexing the die result with the "
    "appropriate Game-Turn", "violates Optional Rule: Scenario/Special Events", [("f", "fin-1-1-3", "0203")],
    ok=False, rules=["Optional Rule: Scenario/Special Events"], turn=2, player="finnish", state={"scenario": "A"})
add("scenario-d-early-finns", "Scenario D", "The Finnish Player immediately places his reinforcements that are due on "
    "Game Turn 3 and 4", "legal", [(f"f{i}", "fin-2-2-3", h) for i, h in
                                   enumerate(["0208", "0208", "0207", "0207", "0206"])], ok=True, turn=2,
    player="finnish", state={"scenario": "D", "scenario_turn": 1})
add("soviet-must-attack", "Combat (E)", "All Soviet units which are adjacent to Finnish units must participate in an "
    "attack.", "violates Combat (E)", [HQ, ("s", "sov-2-1-2", "0607"), ("f", "fin-1-1-3", "0507")], ok=False,
    rules=["Combat (E)"], phase="combat", state={"attacks": []})
add("nkvd-across-border", "Combat (Q)", "NKVD Units may not attack Finnish units in Finland", "violates Combat (Q)",
    [HQ, ("n", "sov-1-1-4", "0607"), ("f", "fin-1-1-3", "0507")], ok=False, rules=["Combat (Q)"], phase="combat",
    state={"attacks": [{"attackers": ["n"], "defenders": ["f"]}]})
add("attacks-twice", "Combat (F)", "No unit may participate in more than one attack per Combat Resolution Segment.",
    "violates Combat (F)", [HQ, ("a", "sov-2-1-2", "0607"), ("b", "sov-2-1-2", "0606"), ("f", "fin-2-2-3", "0507")],
    ok=False, rules=["Combat (F)"], player="finnish", phase="combat",
    state={"attacks": [{"attackers": ["f"], "defenders": ["a"]}, {"attackers": ["f"], "defenders": ["b"]}]})
add("isolated-attacks", "Combat (P)", "Isolated units may not participate in attacks.", "violates Combat (P)",
    [HQ, ("s", "sov-2-1-2", "0602"), ("f", "fin-1-1-3", "0502")], ok=False, rules=["Combat (P)"], phase="combat",
    state={"attacks": [{"attackers": ["s"], "defenders": ["f"]}]})
add("hq-attacks", "Combat (E)", "Soviet HQ units may never participate in an attack.", "violates Combat (E)",
    [("hq", "sov-0-1-2", "0608"), ("f", "fin-6-6-2", "0508")], ok=False, rules=["Combat (E)"], phase="combat",
    state={"attacks": [{"attackers": ["hq"], "defenders": ["f"]}]})
add("viipuri-captured", "Victory Conditions", "the Soviets must occupy, or have been the last to pass through, the "
    "objective. They must also be able to trace a \"line of communication\" from the objective to Leningrad.",
    "legal; Viipuri (+25) and Row A cleared (+50): 75, a Marginal Soviet Victory",
    [HQ, ("s", "sov-2-1-2", "0409")], ok=True,
    summary={"victory_points": 75, "victory_level": "Marginal Soviet Victory"})
add("662-off-fortification", "Initial Deployment", "the Finnish 6-6-2 units must be placed on the Fortification hexes.",
    "violates Initial Deployment", [("f", "fin-6-6-2", "0307")], ok=False, rules=["Initial Deployment"],
    phase="setup", turn=1)
add("20122-far-from-leningrad", "Initial Deployment (a)", "The three 20-12-2 units must be deployed within three "
    "hexes of Leningrad.", "violates Initial Deployment (a)", [("hq", "sov-0-1-2", "0808"),
                                                               ("s", "sov-20-12-2", "1006")], ok=False,
    rules=["Initial Deployment (a)"], phase="setup", turn=1)

def row(u):
    d = {"id": u[0], "counter": u[1], "hex": u[2]}
    if len(u) > 3:
        d["state"] = u[3]
    text = json.dumps(d)
    for key in ("id", "counter", "hex", "state"):
        text = text.replace(f'"{key}"', key)
    return "  - " + text

for n, p in enumerate(P, 1):
    expect = {"ok": p["ok"], "rules": p["rules"]}
    if p["summary"]:
        expect["summary"] = p["summary"]
    lines = [f"# rule: {p['rule']}", f"# quote: \"{p['quote']}\"", f"# expected verdict: {p['verdict']}",
             "game: winter-war", f"turn: {p['turn']}", f"player: {p['player']}", f"phase: {p['phase']}",
             f"expect: {json.dumps(expect)}"]
    if p["state"]:
        lines.append(f"state: {json.dumps(p['state'])}")
    lines.append("units:")
    lines += [row(u) for u in p["units"]] or ["  []"]
    if p["before"] is not None:
        lines.append("before:" if p["before"] else "before: []")
        lines += [row(u) for u in p["before"]]
    (OUT / f"{n:02d}-{p['name']}.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
print(len(P))
