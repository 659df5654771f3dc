"""counters/a-winter-war.yaml holds only what the rules text prints; the OB template holds the rest, unknown."""

from __future__ import annotations

import pytest

from toolkit import data
from toolkit.counters import load_counters

OB = data.counters_dir() / "a-winter-war-ob.template.yaml"


@pytest.fixture(scope="module")
def cset():
    return load_counters("a-winter-war")


@pytest.mark.parametrize(("cid", "printed", "section"), [
    ("fin-inf-xx-4-5-6", "4-5-6", "15B"), ("fin-inf-iii-1-2-6s", "1-2-6", "15B"), ("fin-ski-iii-1-6s", "1-6", "15B"),
    ("fin-ski-iii-1-8", "1-8", "37A"), ("sov-rifle-xx-5-6", "5-6", "9E"), ("sov-eng-iii-0-5", "0-5", "14A1a"),
    ("sov-art-x-2-6", "2-6", "14B"), ("sov-cbteng-iii-1-6", "1-6", "14B"), ("sov-nkvd-0-1-8", "0-1-8", "Q&A 14F2"),
    ("sov-para-x-1-2-8", "1-2-8", "36C"), ("sov-marine-iii-1-6", "1-6", "naval example"),
    ("sov-murmansk-defence", "0-6", "30B2"), ("fv-ski-x-rvv1", "3-8", "OB note"), ("fv-inf-x-uvv", "2-3-6", "OB note"),
    ("fv-inf-x-lvv9", "1-2-6", "OB note"), ("fv-inf-x-sisu", "0-1-6", "OB note"),
    ("fin-air-dxxi", "3F4-6", "19, 21B"), ("fin-air-ms406", "4F5", "21B"), ("sov-air-sb2bis", "2A2", "21B"),
    ("sov-air-i16", "3F3", "21B"), ("sov-air-i15", "2F2", "21B"),
])
def test_values_as_the_text_prints_them(cset, cid, printed, section):
    ct = cset[cid]
    assert cset.values_text({k: v for k, v in ct.values.items() if k != "aa"}) == printed, section
    assert section.split(",")[0].split()[0] in ct.notes or "OB note" in section


def test_cadres_self_support_and_breakdown(cset):
    assert cset["sov-rifle-xx-5-6"].back["values"] == {"combat": 1, "movement": 6}  # 9E: "a cadre 1-6"
    assert cset["sov-para-x-1-2-8"].back["values"] == {"attack": 1, "defense": 2, "movement": 5}  # 36C
    dotted = {ct.id for ct in cset if ct.front.get("dot")}
    assert dotted == {"fin-inf-iii-1-2-6s", "fin-ski-iii-1-6s", "fv-ski-x-rvv1", "fv-ltinf-x-rvv2"}  # the "*" units
    # 15B: 4-5-6 -> two 1-2-6* infantry regiments + a 1-6* ski regiment: 1+1+1 attack, 2+2+1 defence
    parts = [cset["fin-inf-iii-1-2-6s"].values] * 2 + [cset["fin-ski-iii-1-6s"].values]
    assert sum(p.get("attack", p.get("combat")) for p in parts) == 3
    assert sum(p.get("defense", p.get("combat")) for p in parts) == 5
    assert {cset[c].values["aa"] for c in ("fin-aa-pos-1", "fin-aa-pos-2")} == {1, 2}  # 22A example


def test_nothing_invented(cset):
    assert all(v != "?" for ct in cset for v in ct.values.values())
    assert all(ct.notes for ct in cset)  # every type says where the text gives it
    assert {ct.side for ct in cset} == {"finnish", "soviet", "volunteers"}
    assert all(ct.count == 1 for ct in cset)  # the numbers are the OB's: not known


def test_ob_template_is_marked_and_unknown():
    text = OB.read_text(encoding="utf-8")
    assert text.startswith("# TO BE COMPLETED BY THE USER")
    ob = load_counters(OB)
    assert len(ob) >= 15
    for ct in ob:
        assert any(v == "?" for v in ct.values.values()) or ct.unit_type == "naval", ct.id


def test_every_counter_id_reads_back_as_a_piece_name(cset):
    from toolkit.games.a_winter_war.naming import counter_spec

    for ct in [*cset, *load_counters(OB)]:
        assert counter_spec(ct.id) == ct.id
