"""The Winter War module plays like a published one: hidden deployment, ownership, boxes, markers, bulk
commands, the Scenario Interphase, global properties. The ``oracle`` tests ask the real VASSAL engine
(``vassal_play_probe.py``) and skip when it cannot start."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from tests.conftest import ORACLE
from toolkit.builders.module import BOXES_MAP, MAIN_MAP, Box, ModuleSpec, default_spec, pool_zone_name
from toolkit.builders.module_play import KEYS, box_layout, eliminate_trait, mask_trait, restrict_trait
from toolkit.cli.module_cmd import build_game_module
from toolkit.counters import load_counters
from toolkit.games.winter_war import charts
from toolkit.games.winter_war.naming import counter_spec
from toolkit.vassal import Module, locate, read_save
from toolkit.vassal.traits import Obscurable, Restricted, SendTo, decode_chain, piece_properties
from toolkit.vassal.writer import slot_piece


@pytest.fixture(scope="module")
def ww(tmp_path_factory):
    built = build_game_module("winter-war")
    path = tmp_path_factory.mktemp("play") / "winter-war.vmod"
    path.write_bytes(built.vmod)
    setup = path.with_name("setup.vsav")
    setup.write_bytes(built.setup)
    return built, path, setup


# ----------------------------------------------------------------------------------------- encodings

def test_traits_encode_as_vassal_3_6_writes_them():
    """Field for field what ``myGetType`` of VASSAL 3.6.7 writes (Obscurable, Restricted, SendToLocation)."""
    assert mask_trait("mask-finnish.png", "Finnish unit").type == (
        "obs;72,130;mask-finnish.png;Hide from opponent;I;Finnish unit;side:;;Hidden deployment;true;;")
    assert restrict_trait(["Finnish"]).type == "restrict;Finnish;false;true;Owner only"
    send = eliminate_trait("Boxes", "Finnish eliminated")
    assert send.type == "sendto;Eliminate;69,130;Boxes;;0;0;;;0;0;1;1;Eliminate;Z;Finnish eliminated;;;"
    assert send.state == ";;"
    # our reader sees them as the traits they are
    chain = decode_chain("\t".join([mask_trait("m.png", "X").type, restrict_trait(["A", "B"]).type, send.type,
                                    "piece;;;;n"]), "\t".join(["Finnish;false|0", "", ";;", "null;0;0;;0"]))
    assert isinstance(chain[0], Obscurable) and chain[0].obscured_by == "Finnish" and chain[0].mask_name == "X"
    assert isinstance(chain[1], Restricted) and chain[1].sides == ["A", "B"]
    assert isinstance(chain[2], SendTo) and chain[2].key == KEYS["eliminate"]


def test_boxes_do_not_overlap_and_hold_a_stack():
    spec = default_spec(load_counters("winter-war"))
    boxes = (*(Box(f"Game-Turn {t}", "track") for t in range(1, 11)), *spec.all_boxes())
    (w, h), rects = box_layout(boxes, 50)
    assert len(rects) == len(boxes) == 12
    items = list(rects.values())
    for i, a in enumerate(items):
        assert 0 <= a[0] < a[2] <= w and 0 <= a[1] < a[3] <= h and a[2] - a[0] >= 50 and a[3] - a[1] >= 50
        for b in items[i + 1:]:
            assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]


def test_every_player_gets_an_eliminated_box():
    spec = default_spec(load_counters("winter-war"))
    assert [b.name for b in spec.all_boxes()] == ["Finnish eliminated", "Soviet eliminated"]
    assert spec.eliminated_box("Soviet") == "Soviet eliminated"
    mine = ModuleSpec(**{**spec.__dict__, "boxes": (Box("Dead Finns", "eliminated", "Finnish"),)})
    assert [b.name for b in mine.all_boxes()] == ["Dead Finns", "Soviet eliminated"]


# ----------------------------------------------------------------------------------------- the module

def test_every_unit_is_owned_and_has_an_eliminate_command_to_its_sides_box(ww):
    _, path, _ = ww
    with Module.open(path) as module:
        units = set()
        for slot in module.piece_slots:
            traits = slot_piece(module, slot.name)
            props = piece_properties(traits)
            if "Counter" not in props:
                continue
            units.add(props["Counter"])
            player = props["Player"]
            assert isinstance(traits[0], Restricted) and traits[0].sides == [player]  # outermost: covers all
            send = next(t for t in traits if isinstance(t, SendTo))
            assert (send.field(2), send.field(13), send.field(14)) == (BOXES_MAP, "Z", f"{player} eliminated")
            masks = [t for t in traits if isinstance(t, Obscurable)]
            # Initial Deployment: only the Finnish Player deploys face-down; the Allies are his units too
            assert len(masks) == (player == "Finnish")
        assert units == set(load_counters("winter-war").types)
        boxes = module.vassal_map(BOXES_MAP)
        names = {b.name for b in ww[0].spec.all_boxes()}
        assert {"Finnish eliminated", "Soviet eliminated", "Game-Turn 1", "Game-Turn 10"} <= names
        for name in names:  # every box is a place VASSAL names by the box's name
            assert boxes.point(name) is not None
        pool = module.vassal_map("Finnish Pool")
        assert pool.point(pool_zone_name("Finnish")) is not None


def test_components_a_player_uses(ww):
    _, path, _ = ww
    root = Module.open(path).root
    tag = "VASSAL.build.module."
    inventories = {el.get("name"): (el.get("sides"), el.get("include")) for el in root.iter(tag + "Inventory")}
    assert inventories == {"Soviet inventory": ("Soviet", '{Player=="Soviet"}'),
                           "Finnish inventory": ("Finnish", '{Player=="Finnish"}')}
    bulk = {el.get("name"): (el.get("hotkey"), el.get("filter")) for el in root.iter(tag + "GlobalKeyCommand")}
    assert bulk == {"Reveal Finnish units": ("72,130", '{Player=="Finnish" && ObscuredToOthers==true}'),
                    "Remove blanks": ("68,130", '{Counter=="fin-blank"}'),
                    "All units face up": ("70,195", '{Counter!=""}')}
    props = {el.get("name"): el.get("initialValue") for el in root.find(tag + "properties.GlobalProperties")}
    assert props == {"Scenario": "none", "SpecialEvents": ""}
    game_turn = root.find(f"{tag}turn.TurnTracker/{tag}turn.ListTurnLevel")
    nested = [(el.get("name"), el.get("list")) for el in game_turn if el.tag.endswith("ListTurnLevel")]
    assert nested == [("Player-Turn", "Soviet,Finnish"), ("Interphase", "Scenario Interphase")]
    options = {el.get("name"): el.text for el in root.find(tag + "GlobalOptions")}
    assert root.find(tag + "GlobalOptions").get("nonOwnerUnmaskable") == "Never" and options
    markers = [el.get("entryName") for el in root.iter("VASSAL.build.widget.PieceSlot")
               if "Marker" in el.text or "Layer" in el.text]
    assert markers == ["Terrain overlay", "Game-Turn marker", "Soviet control", "Finnish control", "Isolated"]
    main = next(m for m in root.iter(tag + "Map") if m.get("mapName") == MAIN_MAP)
    layers = main.find(tag + "map.LayeredPieceCollection")
    assert (layers.get("property"), layers.get("layerOrder")) == ("Layer", "Overlay")
    toggle = layers.find(tag + "map.LayerControl")
    assert (toggle.get("layers"), toggle.get("command")) == ("Overlay", "Switch Layer between Active and Inactive")
    files = set(zipfile.ZipFile(path).namelist())
    assert {"images/boxes.png", "images/mask-finnish.png", "images/mask-allied.png", "images/overlay.png"} <= files
    assert "images/mask-soviet.png" not in files


def test_setup_save_places_the_finns_face_down(ww):
    built, path, setup = ww
    with Module.open(path) as module:
        pieces = [p for p in locate(read_save(setup), module) if p.kind == "piece"]
    fin = [p for p in pieces if (counter_spec(p.name) or "").startswith("fin-")]
    assert len(fin) == sum(charts.FINNISH_INITIAL_FORCES.values()) == 25 and all(
        next(t for t in p.traits if isinstance(t, Obscurable)).state == "Finnish;false|0" for p in fin)
    assert sum(1 for p in fin if p.map == MAIN_MAP) == 7  # the 6-6-2s on the Fortification hexes
    assert built.setup_pieces == 64  # units; the Game-Turn marker is not counted


# ----------------------------------------------------------------------------------------- the real engine

def _probe(module: Path, save: Path, bulk: list[str] = ()) -> dict:
    from tests.builders.vassal_play_probe import run

    if not ORACLE.exists():
        pytest.skip(f"the VASSAL oracle is not there: {ORACLE}")
    try:
        answer = run(module, save, ORACLE.parent, bulk)
    except (OSError, RuntimeError) as exc:
        pytest.skip(f"the VASSAL oracle cannot start: {exc}")
    if not answer.get("ok") and "JVM" in str(answer.get("error", "")):
        pytest.skip(f"the VASSAL oracle cannot start: {answer.get('error')}")
    assert answer.get("ok"), answer.get("error")
    return answer


@pytest.mark.oracle
def test_engine_masks_the_finnish_deployment_to_the_soviet_side(ww):
    """In VASSAL itself: every Finnish unit of the set-up is masked and owned by the Finnish side; the Soviet
    side (and an observer) sees only "Finnish unit", the Finnish side sees the unit; neither side may use the
    other's units (Restricted); no Soviet unit is masked."""
    _, path, setup = ww
    answer = _probe(path, setup)
    assert answer["sides"] == ["Soviet", "Finnish"]
    units = [p for p in answer["pieces"] if p["map"] != BOXES_MAP and p["observer"]["name"] != "Terrain overlay"]
    assert len(units) == 64
    finns = [p for p in units if p["as_Finnish"]["name"].startswith("Finnish ")]
    assert len(finns) == sum(charts.FINNISH_INITIAL_FORCES.values()) == 25
    for p in finns:
        true_name = p["as_Finnish"]["name"].removesuffix("(Finnish unit)")
        assert counter_spec(true_name) is not None
        assert p["as_Finnish"]["name"] == f"{true_name}(Finnish unit)"  # the owner sees it, marked as masked
        for view in (p["observer"], p["as_Soviet"]):
            assert view["name"] == "Finnish unit" and view["obscured_to_me"] == "True"
            assert view["mask_owner"] == "Finnish" and view["restricted"] == "True"
        assert p["as_Finnish"]["obscured_to_me"] == "False" and p["as_Finnish"]["restricted"] == "False"
    soviets = [p for p in units if p not in finns]
    assert len(soviets) == sum(charts.SOVIET_INITIAL_FORCES.values()) == 39
    assert all(p["as_Finnish"]["name"] == p["as_Soviet"]["name"] == p["observer"]["name"]
               and p["observer"]["mask_owner"] is None and p["as_Finnish"]["restricted"] == "True"
               and p["as_Soviet"]["restricted"] == "False" for p in soviets)
    assert {p["location"] for p in units if p["map"] != MAIN_MAP} == {"Finnish pool", "Soviet pool"}


@pytest.mark.oracle
def test_engine_sends_an_eliminated_unit_to_its_dead_pile_and_reveals_the_finns(ww):
    """In VASSAL itself: Ctrl+E (Eliminate) by the owner puts a unit in its side's eliminated box on the
    Boxes map; the opponent's Ctrl+E does nothing. The Finnish player's "Reveal Finnish units" button
    unmasks every Finnish unit (Initial Deployment: "the Finnish units are turned face-up")."""
    _, path, setup = ww
    answer = _probe(path, setup, ["Finnish:Reveal Finnish units"])
    overlay = [e for e in answer["eliminate"] if e["observed_name"] == "Terrain overlay"]
    assert [(e["command"], e["map"]) for e in overlay] == [(False, MAIN_MAP)] * 2  # not a unit: stays put
    tried = {(e["observed_name"], e["side"]): e for e in answer["eliminate"] if e not in overlay}
    assert set(tried) == {(n, s) for n in ("Finnish unit", "Soviet HQ 0-1-2", "Soviet 20-12-2")
                          for s in ("Soviet", "Finnish")}
    for (name, side), e in tried.items():
        owner = name.split()[0]
        if side == owner:
            assert e["command"] and (e["map"], e["location"]) == (BOXES_MAP, f"{owner} eliminated")
        else:
            assert not e["command"] and e["map"] == MAIN_MAP and e["location"].isdigit()  # still on its hex
    assert answer["bulk"] == [{"name": "Reveal Finnish units", "side": "Finnish"}]
    after = {p["id"]: p["observer"] for p in answer["after_bulk"]}
    finns = [p["id"] for p in answer["pieces"] if p["as_Finnish"]["name"].startswith("Finnish ")]
    assert all(after[i]["mask_owner"] is None and counter_spec(after[i]["name"]) is not None for i in finns)


def test_terrain_overlay_lies_on_the_board(ww):
    """The overlay piece, centred on its position (as VASSAL draws piece images), covers the board exactly:
    its outlines run through the hex corners and its text names the terrain VASSAL's zones give."""
    import io

    import numpy as np
    from PIL import Image

    built, path, setup = ww
    with zipfile.ZipFile(path) as z:
        overlay = Image.open(io.BytesIO(z.read("images/overlay.png")))
        board = Image.open(io.BytesIO(z.read("images/board.png")))
    assert overlay.mode == "RGBA" and overlay.size == (board.width + board.width % 2, board.height + board.height % 2)
    with Module.open(path) as module:
        placed = [p for p in locate(read_save(setup), module) if p.name == "Terrain overlay" and p.kind == "piece"]
    assert [(p.map, p.x - overlay.width // 2, p.y - overlay.height // 2) for p in placed] == [(MAIN_MAP, 0, 0)]
    alpha = np.asarray(overlay)[:, :, 3]
    layout = built.layout
    from toolkit.games import get_game
    from toolkit.terrain.io import load_map

    tmap = load_map(get_game("winter-war").map_path())
    corners = [layout.corners(tmap.grid.hex(h))[0] for h in tmap.ids()[::37]]
    assert all(alpha[round(y) - 1:round(y) + 2, round(x) - 1:round(x) + 2].max() == 255 for x, y in corners)
    clear = [h for h in tmap.find(terrain="clear") if not tmap.tags(h)][::50]
    assert all(alpha[round(y), round(x)] == 0 for x, y in (layout.hex_to_pixel(tmap.grid.hex(h)) for h in clear))
