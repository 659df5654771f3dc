"""Every corpus save and log: reads, re-encodes byte for byte, and places its pieces as VASSAL does."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest

from tests.vassal.helpers import CASES, FIXTURES, build_case_module, case_save, corpus_saves
from toolkit.vassal import Module, locate, read_save, replay
from toolkit.vassal.codec import obfuscate
from toolkit.vassal.commands import AddPiece, walk
from toolkit.vassal.traits import BasicPiece, Embellishment, decode_chain, encode_chain

pytestmark = pytest.mark.corpus


@pytest.fixture(scope="module")
def saves(corpus):
    paths = corpus_saves()
    assert len(paths) >= 15
    return paths


def test_every_corpus_save_round_trips_byte_exact(saves):
    for path in saves:
        stored = zipfile.ZipFile(path).read("savedGame")
        save = read_save(path)
        assert save.saved_game_bytes() == stored, path.name
        assert obfuscate(save.text(), save.key, upper=save.upper_hex) == stored


def test_every_trait_chain_round_trips(saves):
    count = 0
    for path in saves:
        for c in walk(read_save(path).commands):
            if isinstance(c, AddPiece):
                traits = decode_chain(c.type, c.state)
                assert encode_chain(traits) == (c.type, c.state), (path.name, c.id)
                count += 1
    assert count > 10000


def test_rewritten_archive_reads_back_identically(saves, tmp_path):
    for path in saves[:6]:
        save = read_save(path)
        out = tmp_path / path.name
        save.write(out)
        again = read_save(out)
        assert again.saved_game_bytes() == zipfile.ZipFile(path).read("savedGame")
        assert again.entries == save.entries


def test_known_contents(corpus):
    kassala = read_save(corpus / "rummelsworth__vassal-module-kassala/vmod__Default_Setup.vsav")
    assert kassala.key == 0x76 and not kassala.is_log
    assert [(p.player_id, p.name, p.side) for p in kassala.players()] == [
        ("pex-japt-girt", "William", "<observer>")] * 2
    assert kassala.board_pickers()["Main Map"].boards == (("Kassala", 0, 0),)
    assert kassala.turns()[0].state == "0|1;0;false;10"
    assert kassala.savedata.vassal_version == "3.6.5"
    assert kassala.moduledata.name
    first = kassala.add_pieces()[0]
    traits = decode_chain(first.type, first.state)
    assert [t.kind for t in traits] == ["clone", "delete", "basic"]
    basic = traits[-1]
    assert isinstance(basic, BasicPiece)
    assert (basic.name, basic.image, basic.map, basic.xy, basic.gpid) == (
        "Moslem_Infantry_3-2_Nubian", "Moslem_Infantry_3-2_Nubian.png", "Main Map", (506, 586), "43")

    tld = read_save(corpus / "uckelman__tld-mod/scenarios__scenario_1.sav")
    assert tld.upper_hex and tld.key == 0x4B and tld.savedata is None

    pog = read_save(corpus / "Cattlesquat__PathsOfGlory/Classic10-8.vsav")
    props = None
    for c in pog.add_pieces():
        inner = decode_chain(c.type, c.state)[-1]
        if isinstance(inner, BasicPiece) and inner.properties:
            props = inner.properties
            break
    assert props is not None and "UniqueID" in props  # 3.7 persistent properties

    log = read_save(corpus / "hurufu__zxvt-vassal-module/5x5_startup.vlog")
    assert log.is_log and len(log.log_steps()) == 6  # 14 LOG commands in 6 user actions
    steps = list(replay(log))
    assert steps[0].chat == ["* Captured by Red created in B05"] and steps[5].chat == ["* Gray created in F01"]
    final = steps[-1].position.pieces
    assert len(final) == 8
    red = [p for p in final.values() if p.kind == "piece" and p.inner.name == "Red"]
    assert red and red[0].where() == ("Main Map", 36, 236)


def test_layers_and_names(corpus):
    save = read_save(corpus / "Cattlesquat__Almoravid/Scenario_B_Quelling_of_the_Tajo.vsav")
    layers = [t for c in save.add_pieces() for t in decode_chain(c.type, c.state) if isinstance(t, Embellishment)]
    assert len(layers) > 100
    described = layers[0].describe()
    assert described["trait"] == "layer" and described["level"] >= 1


def _normalise(pieces, module):
    out, own_map_differs = {}, set()
    for p in pieces:
        known = p.map in module.maps
        out[p.id] = [p.name, p.map if known else None, p.x, p.y, p.location if known else None]
        if p.stack is not None and p.traits[-1].map not in (None, p.map):
            own_map_differs.add(p.id)
    return out, own_map_differs


@pytest.mark.parametrize("case", list(CASES))
def test_piece_list_equals_oracle_decode(case, corpus, tmp_path_factory):
    """Names, maps, x, y and location names equal the real engine's ``decode`` (fixtures from
    tests/vassal/make_fixtures.py), every piece.

    ``decode`` executes only the AddPiece commands, last first: global properties keep the module's
    initial values (so names are compared with ``saved_properties=False``) and a stack is added before
    its pieces, so a piece whose own state names another map than its stack's stays there. Those
    pieces are compared with the engine that executed the whole save (next test) instead. Stack names
    are compared only where the oracle saw the children; pieces a log adds again in its steps only
    with the saved state."""
    fixture = json.loads((FIXTURES / f"oracle_decode_{case}.json").read_text())
    folder = tmp_path_factory.mktemp("modules")
    with Module.open(build_case_module(case, folder)) as module:
        save = read_save(case_save(case))
        ours, own_map_differs = _normalise(locate(save, module, saved_properties=False), module)
    relogged = {c.id for s in save.log_steps() for c in walk(s) if isinstance(c, AddPiece)}
    compared = 0
    for pid, klass, name, map_id, x, y, location in fixture["pieces"]:
        if pid in relogged or pid in own_map_differs:
            continue
        assert pid in ours, pid
        mine = ours[pid]
        theirs = [name, map_id, x, y, location]
        if klass in ("Stack",) and name == "":
            theirs[0] = mine[0]
        compared += 1
        assert mine == theirs, (pid, klass, mine, theirs)
    if save.is_log and not save.add_pieces():
        assert compared == 0  # every piece of this log is created by its steps
    else:
        assert compared > 0
    assert len(own_map_differs) == (6 if case == "tld-log" else 0)


@pytest.mark.parametrize("case", ["pog-boards", "tld-log"])
def test_names_and_maps_equal_the_engine_after_loading(case, corpus, tmp_path_factory):
    """Where the engine that executed the whole save (as loading does) disagrees with ``decode``, ours
    (default: the save's global property values) agrees with the loaded engine: Paths of Glory's seven
    markers whose layer follows ``{Variant+1}`` (the save stores Variant=0, the module starts it at 1)
    and The Longest Day's six markers that belong to a stack on another map."""
    loaded = json.loads((FIXTURES / "oracle_load.json").read_text())[case]
    assert loaded["pieces"] > 2000 and len(loaded["differs_from_decode"]) in (6, 7)
    with Module.open(build_case_module(case, tmp_path_factory.mktemp("m"))) as module:
        ours = {p.id: [p.name, p.map] for p in locate(read_save(case_save(case)), module)}
    for pid, answer in loaded["differs_from_decode"].items():
        assert ours[pid] == answer, pid


@pytest.mark.parametrize("case", ["zxvt", "tld-log"])
def test_log_replay_ends_where_the_engine_stepping_through_the_log_ends(case, corpus, tmp_path_factory):
    """After the last logged step every piece has the name, map, x and y the real engine gives when it
    executes the saved state and then each LOG step's command in order (fixture oracle_replay.json keeps
    the pieces whose answer differs from decode's for the saved state; the others must still be there).
    Only the ids of the stacks VASSAL makes itself differ: ours are ``<piece id>/stack``."""
    engine = json.loads((FIXTURES / "oracle_replay.json").read_text())[case]
    decoded = {p[0]: p[2:6] for p in json.loads((FIXTURES / f"oracle_decode_{case}.json").read_text())["pieces"]}
    with Module.open(build_case_module(case, tmp_path_factory.mktemp("m"))) as module:
        save = read_save(case_save(case))
        steps = list(replay(save, module))
        last = steps[-1] if steps else None
        assert last is not None and last.index == len(save.log_steps())
        ours = {p.id: p for p in last.pieces()}
        known = set(module.maps)
    made = {pid for pid in ours if pid.endswith("/stack")}
    changed = engine["differs_from_decode"]
    assert len(changed) == (8 if case == "zxvt" else 470)
    unmatched = []
    for pid, (name, map_id, x, y) in changed.items():
        if pid not in ours:
            unmatched.append((pid, name))  # a stack the engine made (with an id of its own) or emptied
            continue
        p = ours[pid]
        assert [p.name, p.map if p.map in known else None, p.x, p.y] == [name, map_id, x, y], pid
    for pid, (name, map_id, x, y) in decoded.items():
        if pid in changed or pid not in ours or ours[pid].kind == "stack":
            continue
        p = ours[pid]
        assert [p.name, p.map if p.map in known else None, p.x, p.y] == [name, map_id, x, y], pid
    assert len(ours) - len(made) + len(unmatched) == engine["pieces"]
    if case == "tld-log":  # the engine's own stacks: one holding two pieces (ours: a made stack), one empty
        assert sorted(n for _, n in unmatched) == ["", "746, 3/8/4"]
        assert [(ours[m].name, ours[m].x, ours[m].y) for m in made] == [("746, 3/8/4", 2087, 1504)]


def test_label_and_layer_names_follow_properties(corpus, tmp_path_factory):
    """Paths of Glory: 'Cards Remaining: $CP Deck_numPieces$' labels count their deck's cards; layers
    following {Variant+1} name the level the global property selects."""
    with Module.open(build_case_module("pog", tmp_path_factory.mktemp("m"))) as module:
        save = read_save(case_save("pog"))
        loaded = {p.id: p.name for p in locate(save, module)}
        decoded = {p.id: p.name for p in locate(save, module, saved_properties=False)}
    assert loaded["1738347532249"] == decoded["1738347532249"] == "Cards Remaining: 13"
    assert loaded["1738347532100"] == "Cards Remaining: 14"
    assert (loaded["1738347530836"], decoded["1738347530836"]) == ("0", "1")  # Variant 0 (save) / 1 (module)
    without_module = {p.id: p.name for p in locate(save)}
    assert without_module["1738347532249"] == "Cards Remaining: CP Deck_numPieces"  # VASSAL: unknown -> its name


def test_locate_equals_oracle_locate(corpus, tmp_path_factory):
    fixture = json.loads((FIXTURES / "oracle_locate_tld.json").read_text())
    with Module.open(build_case_module("tld-scenario", tmp_path_factory.mktemp("m"))) as module:
        vmap = module.vassal_map("Normandy")
        for point in fixture["points"]:
            x, y = point["x"], point["y"]
            assert vmap.location_name(x, y) == point["location"], (x, y)
            assert list(vmap.snap(x, y, version="3.6")) == point["snap"], (x, y)
    assert len(fixture["points"]) > 500


def test_module_reading(corpus):
    module = Module.open(corpus / "uckelman__tld-mod/buildFile")
    assert module.name == "The Longest Day" and module.build_name == "buildFile"
    assert "Normandy" in module.maps and len(module.piece_slots) == 2070
    pog = Module.open(corpus / "Cattlesquat__PathsOfGlory/buildFile.xml")
    assert pog.metadata.name == "Paths of Glory" and pog.vassal_version == "3.7.10"
    assert [d.name for d in pog.maps["Map"].decks][:2] == ["AP Deck", "AP Discard"]
    assert pog.prototypes and pog.piece_slots[0].definition.startswith("+/null/")


def test_folder_module(corpus, tmp_path):
    folder = tmp_path / "kassala"
    folder.mkdir()
    (folder / "buildFile.xml").write_bytes((corpus / "rummelsworth__vassal-module-kassala/vmod__buildFile.xml")
                                           .read_bytes())
    (folder / "moduledata").write_bytes((corpus / "rummelsworth__vassal-module-kassala/vmod__moduledata").read_bytes())
    with Module.open(folder) as module:
        grid = module.maps["Main Map"].boards["Kassala"].grid
        assert type(grid).__name__ == "VassalHexGrid"
        assert module.image_size("Mapboard.png") is None  # image absent: VASSAL places nothing on it


def test_multi_step_log_positions(corpus):
    log = read_save(corpus / "uckelman__tld-mod/game__0606-1.log")
    moves = 0
    last = None
    for step in replay(log):
        pieces = step.position.pieces
        for c in walk(step.command):
            if c.__class__.__name__ == "MovePiece" and c.id in pieces:
                where = pieces[c.id].where()
                if where[0] is None:  # 2.9 pieces in a stack keep no map of their own: the stack's counts
                    stacks = [p for p in pieces.values() if p.kind == "stack" and c.id in p.inner.children]
                    where = stacks[0].where() if stacks else where
                assert where == (c.new_map, *c.new_xy), (step.index, c.id)
                moves += 1
        last = step
    assert moves > 100 and last is not None and last.index == len(log.log_steps())


def test_large_saves_are_fast_enough_to_share_a_fixture(corpus):
    # not a timing test: documents that the biggest corpus save decodes completely
    save = read_save(Path(corpus) / "Cattlesquat__PathsOfGlory/Classic10-8.vsav")
    assert len(save.add_pieces()) == 2222


def test_every_corpus_module_file_reads(corpus):
    from toolkit.vassal.save import Metadata

    builds = sorted(p for p in corpus.glob("*/*") if p.name.endswith(("buildFile", "buildFile.xml")))
    metas = sorted(p for p in corpus.glob("*/*") if p.name.endswith("moduledata"))
    assert len(builds) >= 6 and len(metas) >= 6
    names = {}
    for path in builds:
        with Module.open(path) as module:
            names[path.parent.name] = (module.name, len(module.maps), len(module.piece_slots))
    assert names["uckelman__tld-mod"] == ("The Longest Day", 10, 2070)
    assert names["rummelsworth__vassal-module-kassala"][:2] == ("Kassala", 1)
    for path in metas:
        meta = Metadata.parse(path.read_bytes(), str(path))
        assert meta.name and meta.vassal_version
    # the 3.2.17 moduledata of zxvt has a translated name whose lang and text are swapped (pre-3.6.11)
    zx = Metadata.parse((corpus / "hurufu__zxvt-vassal-module/moduledata").read_bytes(), "zx")
    assert zx.name == "Capture of the territory"
