"""``wgt map extract`` over a map it wrote before: ``meta.extracted`` records a digest of the ``hexes:`` and
``hexsides:`` it wrote, so that a map edited by hand since (wgt map set, side, edit) is not overwritten unasked.

``data/extracted-fe1033c.yaml`` was written by ``wgt map extract`` of main fe1033c (the tiny scan below);
``data/extracted-fe1033c-full.yaml`` is that map with tags, names, values of every kind and hexsides added,
stamped by fe1033c's own code (its ``_data_digest(loads_map(dumps_map(m)))``): both carry the digest of that
version ("sha256:..."), which must still read as unedited."""

from __future__ import annotations

import hashlib
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from toolkit.cli.main import cli
from toolkit.cli.map_scan import _edited
from toolkit.terrain.io import load_map

from .test_extract import write_tiny

DATA = Path(__file__).parent / "data"
OLD, OLD_FULL = DATA / "extracted-fe1033c.yaml", DATA / "extracted-fe1033c-full.yaml"


@pytest.fixture(scope="module")
def tiny(tmp_path_factory):
    return write_tiny(tmp_path_factory.mktemp("tiny"), "legend.yaml")


def _args(d: Path, out: Path, *more: str) -> list[str]:
    return ["map", "extract", str(d / "scan.png"), "--grid", str(d / "grid.yaml"), "--legend", str(d / "legend.yaml"),
            "-o", str(out), *more]


def _entries_digest(text: str) -> str:
    """The digest as specified, taken from the file's text alone: the lines of ``hexes:`` and ``hexsides:`` without
    their indent, each section in key order, joined by newlines with a "hexsides:" line between the two."""
    sections: dict[str, list[str]] = {"hexes": [], "hexsides": []}
    current = None
    for line in text.splitlines():
        if not line.startswith(" "):
            current = line.split(":")[0] if line.split(":")[0] in sections else None
        elif current is not None:
            sections[current].append(line.strip())
    rows = [*sorted(sections["hexes"]), "hexsides:", *sorted(sections["hexsides"])]
    return "entries-sha256:" + hashlib.sha256("\n".join(rows).encode("utf-8")).hexdigest()[:16]


def test_the_digest_is_of_the_entries_as_written(tiny, tmp_path):
    """meta.extracted is a digest of the text written for the hexes and hexsides (it was of the map parsed back
    from a first dump, over the values' Python reprs: the new map was written, read and written again)."""
    out = tmp_path / "m.yaml"
    r = CliRunner().invoke(cli, _args(tiny, out))
    assert r.exit_code == 0, r.output
    text = out.read_text()
    stamp = re.search(r'^  extracted: "(.*)"$', text, re.M)
    assert stamp is not None and stamp.group(1) == _entries_digest(text)
    assert not _edited(load_map(out))


def test_the_new_map_is_written_once_and_never_read_back(tiny, tmp_path, monkeypatch):
    from toolkit.terrain import io

    dumped: list[int] = []
    real_dump = io.dumps_map

    def dump(m, **kw):
        dumped.append(1)
        return real_dump(m, **kw)

    def no_read(*a, **kw):
        raise AssertionError("the extraction read its own map back")

    monkeypatch.setattr(io, "dumps_map", dump)
    monkeypatch.setattr(io, "loads_map", no_read)
    r = CliRunner().invoke(cli, _args(tiny, tmp_path / "m.yaml"))
    assert r.exit_code == 0, r.output
    assert dumped == [1]


def test_a_map_written_by_the_previous_version_reads_as_unedited(tiny, tmp_path):
    for src in (OLD, OLD_FULL):
        assert load_map(src).meta["extracted"].startswith("sha256:")
        assert not _edited(load_map(src)), src
    out = tmp_path / "old.yaml"
    shutil.copy(OLD, out)
    r = CliRunner().invoke(cli, _args(tiny, out))
    assert r.exit_code == 0, r.output  # extracted over, as before
    assert load_map(out).meta["extracted"].startswith("entries-sha256:")
    assert not _edited(load_map(out))


@pytest.mark.parametrize("edit", [
    ["set", "0303", "--terrain", "forest"],
    ["set", "0303", "--tag", "-port"],
    ["set", "0303", "--set", "vp=4"],
    ["set", "0303", "--set", "name=Oulu2"],
    ["set", "0502", "--set", "weight="],
    ["side", "0101/0102", "--remove", "road"],
    ["side", "0202/0203", "--add", "river"],
])
@pytest.mark.parametrize("fresh", [False, True], ids=["fe1033c", "now"])
def test_every_hand_edit_is_seen_in_old_and_new_maps(tmp_path, edit, fresh):
    """Each kind of edit of hexes: or hexsides: (terrain, tag, value, name, a value removed, a side's feature
    removed or added) makes the map read as edited, under the previous version's digest and under this one's."""
    from toolkit.terrain.io import dumps_map

    out = tmp_path / "m.yaml"
    if fresh:
        m = load_map(OLD_FULL)
        out.write_text(dumps_map(m, digest_key="extracted"))
        assert load_map(out).meta["extracted"].startswith("entries-sha256:")
    else:
        shutil.copy(OLD_FULL, out)
    assert not _edited(load_map(out))
    r = CliRunner().invoke(cli, ["map", edit[0], str(out), *edit[1:]])
    assert r.exit_code == 0, r.output
    assert _edited(load_map(out))


def test_layout_only_changes_are_no_edit(tiny, tmp_path):
    """A comment, another spacing or the entries in another order change no hex: not an edit (the file is then
    read by the YAML reader, not the fast one, and gives the same model)."""
    out = tmp_path / "m.yaml"
    assert CliRunner().invoke(cli, _args(tiny, out)).exit_code == 0
    lines = out.read_text().splitlines()
    i = lines.index("hexes:")
    j = lines.index("hexsides: {}")
    body = lines[i + 1:j]
    lines[i + 1:j] = ["  # checked by eye"] + [ln.replace(": ", ":   ", 1) for ln in reversed(body)]
    out.write_text("\n".join(lines) + "\n")
    assert not _edited(load_map(out))
    assert CliRunner().invoke(cli, _args(tiny, out)).exit_code == 0


# --- --force ---------------------------------------------------------------------------------------


def _edit(out: Path, *edits: list[str]) -> None:
    for e in edits:
        r = CliRunner().invoke(cli, ["map", e[0], str(out), *e[1:]])
        assert r.exit_code == 0, r.output


def _other_terrain(m, hid: str) -> str:
    return next(t for t in sorted(m.legend) if t != m.terrain(hid))


def test_without_force_an_edited_map_is_refused_and_says_force(tiny, tmp_path):
    out = tmp_path / "m.yaml"
    assert CliRunner().invoke(cli, _args(tiny, out)).exit_code == 0
    _edit(out, ["set", "0303", "--terrain", _other_terrain(load_map(out), "0303")])
    before = out.read_bytes()
    r = CliRunner().invoke(cli, _args(tiny, out))
    assert r.exit_code == 3 and r.stdout == ""
    assert r.stderr == (f"wgt: error: {out}: its hexes or hexsides were edited since wgt map extract wrote it (wgt map "
                        "set, side, edit): extracting over it would lose those edits; write to another file (-o) and "
                        "carry them over, delete it or give --force to drop them\n")
    assert out.read_bytes() == before


def test_force_overwrites_hand_edits_and_says_which(tiny, tmp_path):
    """--force did not override the refusal (exit 3 with or without it). Now the map is written as a fresh
    extraction would write it (the overrides kept), and one line on stderr counts and names the hand edits lost."""
    fresh, out = tmp_path / "fresh.yaml", tmp_path / "m.yaml"
    assert CliRunner().invoke(cli, _args(tiny, fresh)).exit_code == 0
    assert CliRunner().invoke(cli, _args(tiny, out)).exit_code == 0
    m = load_map(out)
    _edit(out, ["set", "0303", "--terrain", _other_terrain(m, "0303")], ["set", "0101", "--set", "vp=2"],
          ["set", "0502", "--tag", "+city"], ["side", "0202/0203", "--add", "river"])
    text = out.read_text().replace("overrides:\n  hexes: {}\n", 'overrides:\n  hexes:\n    "0404": {terrain: clear}\n')
    out.write_text(text)
    r = CliRunner().invoke(cli, _args(tiny, out, "--force"))
    assert r.exit_code == 0, r.stderr
    assert r.stderr.splitlines()[0] == (f"wgt: warning: --force: overwriting 3 hexes and 1 hexside edited by hand in "
                                        f"{out}: 0101 0303 0502 0202/0203")
    assert sum("--force" in ln for ln in r.stderr.splitlines()) == 1
    got = out.read_text()
    assert got.endswith('overrides:\n  hexes:\n    "0404": {terrain: clear}\n  hexsides: {}\n')  # kept
    assert got.replace('overrides:\n  hexes:\n    "0404": {terrain: clear}\n', "overrides:\n  hexes: {}\n") \
        == fresh.read_text()
    assert not _edited(load_map(out))
    assert not list(tmp_path.glob("*.tmp*")) and sorted(p.name for p in tmp_path.iterdir()) == ["fresh.yaml", "m.yaml"]


def _as_if_extracted(out: Path, hid: str, fields: dict) -> None:
    """``out`` as if the extraction that wrote it had written ``fields`` for ``hid`` (another scan, grid or legend
    then: this one writes something else there), stamped by that extraction."""
    from toolkit.terrain.io import dumps_map
    from toolkit.terrain.model import HexData

    m = load_map(out)
    m.hexes[hid] = HexData(fields["terrain"], frozenset(), None, {k: v for k, v in fields.items() if k != "terrain"})
    out.write_text(dumps_map(m, digest_key="extracted"))
    assert not _edited(load_map(out))


def test_force_over_a_map_from_other_inputs_says_what_differs(tiny, tmp_path):
    """When this extraction is not the one that wrote the map (another scan, grid or legend), what changes is
    counted as differing from this extraction, the hand edits among them (which of them were cannot be told)."""
    out = tmp_path / "m.yaml"
    assert CliRunner().invoke(cli, _args(tiny, out)).exit_code == 0
    m = load_map(out)
    _as_if_extracted(out, "0505", {"terrain": _other_terrain(m, "0505")})
    _edit(out, ["set", "0303", "--terrain", _other_terrain(m, "0303")])
    r = CliRunner().invoke(cli, _args(tiny, out, "--force"))
    assert r.exit_code == 0, r.stderr
    assert r.stderr.splitlines()[0] == (f"wgt: warning: --force: overwriting {out}, edited by hand since it was "
                                        "extracted: 2 hexes differ from this extraction, the hand edits among them: "
                                        "0303 0505")


def test_force_where_the_hand_edits_are_what_this_extraction_writes(tiny, tmp_path):
    fresh, out = tmp_path / "fresh.yaml", tmp_path / "m.yaml"
    assert CliRunner().invoke(cli, _args(tiny, fresh)).exit_code == 0
    shutil.copy(fresh, out)
    m = load_map(out)
    h = m.hexes["0202"]
    assert h.values  # an extractor's confidence and second
    _as_if_extracted(out, "0202", {"terrain": _other_terrain(m, "0202")})
    back = [x for k, v in h.values.items() for x in ("--set", f"{k}={v}")]
    _edit(out, ["set", "0202", "--terrain", h.terrain, *back])
    assert _edited(load_map(out))
    r = CliRunner().invoke(cli, _args(tiny, out, "--force"))
    assert r.exit_code == 0, r.stderr
    assert r.stderr.splitlines()[0] == (f"wgt: warning: --force: {out} was edited by hand since it was extracted, "
                                        "but this extraction writes the same hexes and hexsides: no edit is lost")
    assert out.read_bytes() == fresh.read_bytes()


def test_force_over_a_map_of_the_previous_version(tiny, tmp_path):
    """A map written by fe1033c and edited since: refused without --force; with it, the edit is named as a hand
    edit (this extraction writes what fe1033c's did: its older digest is checked too). The file is fe1033c's format
    with today's extraction's entries and their older digest: 3b8938f (the region's corner padded past the scan's
    edge) moved eleven confidences of this tiny board, and the file then differed from the extraction."""
    want, out = tmp_path / "want.yaml", tmp_path / "m.yaml"
    shutil.copy(OLD, want)
    assert CliRunner().invoke(cli, _args(tiny, want)).exit_code == 0
    shutil.copy(OLD, out)
    _edit(out, ["set", "0202", "--terrain", _other_terrain(load_map(out), "0202")])
    assert CliRunner().invoke(cli, _args(tiny, out)).exit_code == 3
    r = CliRunner().invoke(cli, _args(tiny, out, "--force"))
    assert r.exit_code == 0, r.stderr
    assert r.stderr.splitlines()[0] == f"wgt: warning: --force: overwriting 1 hex edited by hand in {out}: 0202"
    assert out.read_bytes() == want.read_bytes()


def test_force_replaces_a_file_that_is_no_readable_map(tiny, tmp_path):
    """--force was told to replace a file of another kind ("give --force to replace it") and then failed reading it
    as a map (exit 3); now it is replaced, with a line saying nothing of it is kept."""
    fresh = tmp_path / "fresh.yaml"
    assert CliRunner().invoke(cli, _args(tiny, fresh)).exit_code == 0
    for i, text in enumerate(["hello: 1\n", 'hexes:\n  "0101": {terrain: x}\n']):
        out = tmp_path / f"other{i}.yaml"
        out.write_text(text)
        r = CliRunner().invoke(cli, _args(tiny, out))
        assert r.exit_code == 3 and out.read_text() == text
        r = CliRunner().invoke(cli, _args(tiny, out, "--force"))
        assert r.exit_code == 0, r.stderr
        first = r.stderr.splitlines()[0]
        assert first.startswith(f"wgt: warning: --force: replacing {out}, which is no readable map (")
        assert first.endswith("): nothing of it is kept")
        assert out.read_text() == fresh.read_text()


def test_a_stamp_no_extraction_writes_is_called_so_not_an_edit(tiny, tmp_path):
    """A meta.extracted value typed by hand or cut short was refused as "edited since wgt map extract wrote it (wgt
    map set, side, edit)", naming edits nobody made; with --force the warning then said "no edit is lost". Now the
    refusal and the --force line say the stamp is not one the extraction writes."""
    fresh, out = tmp_path / "fresh.yaml", tmp_path / "m.yaml"
    assert CliRunner().invoke(cli, _args(tiny, fresh)).exit_code == 0
    text = fresh.read_text()
    stamp = load_map(fresh).meta["extracted"]
    assert stamp.startswith("entries-sha256:") and stamp in text
    for bad in ("hello", stamp[:-3]):
        out.write_text(text.replace(stamp, bad))
        before = out.read_bytes()
        r = CliRunner().invoke(cli, _args(tiny, out))
        assert r.exit_code == 3 and r.stdout == ""
        assert r.stderr == (f"wgt: error: {out}: its meta.extracted ({bad!r}) is not a stamp wgt map extract writes, "
                            "so hand edits to its hexes or hexsides cannot be told: extracting over it could lose "
                            "them; write to another file (-o), delete it or give --force to replace them\n")
        assert out.read_bytes() == before
        r = CliRunner().invoke(cli, _args(tiny, out, "--force"))
        assert r.exit_code == 0, r.stderr
        n = len(load_map(fresh).hexes)
        assert r.stderr.splitlines()[0] == (f"wgt: warning: --force: replacing the {n} hexes of {out}, whose "
                                            f"meta.extracted ({bad!r}) is no stamp of wgt map extract (its overrides "
                                            "are kept)")
        assert out.read_bytes() == fresh.read_bytes()


def test_help_says_what_force_overrides():
    r = CliRunner().invoke(cli, ["map", "extract", "--help"])
    assert r.exit_code == 0
    flat = " ".join(r.output.split())
    assert ("--force Replace an existing output file even if it is not of the kind written here, and overwrite a map "
            "edited by hand since it was extracted (its hand edits are lost: stderr says which).") in flat
    assert "refused, as the edits would be lost, unless --force is given" in flat
    other = " ".join(CliRunner().invoke(cli, ["map", "render", "--help"]).output.split())
    assert "--force Replace an existing output file even if it is not of the kind written here. " in other


def _with_override(out: Path) -> None:
    text = out.read_text()
    assert "overrides:\n  hexes: {}\n" in text
    out.write_text(text.replace("overrides:\n  hexes: {}\n", 'overrides:\n  hexes:\n    "0404": {terrain: clear}\n'))


@pytest.mark.parametrize("bad", [
    ('  "0203": {terrain: rough}\n', '  "0203": {terrain: rough\n'),  # one brace missing: not valid YAML
    ("meta:\n", "meta:\n  extracted: 2026-12-05\n"),                   # a meta value read as a date
    ('  "0203": {terrain: rough}\n', '  "0203": {terrain: swamp}\n'),  # a terrain not in the legend
], ids=["yaml", "meta", "terrain"])
def test_force_refuses_a_map_with_one_bad_line_and_keeps_its_overrides(tiny, tmp_path, bad):
    """--force replaced a map that failed to load whole, its overrides: block with it (review finding 1)."""
    out = tmp_path / "m.yaml"
    assert CliRunner().invoke(cli, _args(tiny, out)).exit_code == 0
    _with_override(out)
    text = out.read_text()
    assert text.count(bad[0]) == 1
    text = text.replace(*bad)
    out.write_text(text)
    plain = CliRunner().invoke(cli, _args(tiny, out))
    assert plain.exit_code == 3
    r = CliRunner().invoke(cli, _args(tiny, out, "--force"))
    assert r.exit_code == 3 and r.stdout == ""
    assert r.stderr == plain.stderr.rstrip("\n") + ("; --force does not replace an unreadable map, whose overrides "
                                                    "would be lost: fix that line or delete the file\n")
    assert len(r.stderr.splitlines()) == 1
    assert out.read_text() == text
    assert sorted(p.name for p in tmp_path.iterdir()) == ["m.yaml"]


def test_force_still_replaces_a_file_that_is_plainly_no_map(tiny, tmp_path):
    out = tmp_path / "notes.yaml"
    out.write_text("schema: counters/1\nhexes: [\n")
    r = CliRunner().invoke(cli, _args(tiny, out, "--force"))
    assert r.exit_code == 0, r.stderr
    assert r.stderr.splitlines()[0].startswith(f"wgt: warning: --force: replacing {out}, which is no readable map (")


def test_a_hand_written_map_is_refused_without_force(tiny, tmp_path):
    """A map with no meta.extracted whose provenance is not the extraction's (a bundled or hand-written map) was
    replaced without a word (review finding 2): 4624 hexes and hexsides of maps/winter-war.yaml became 30."""
    out = tmp_path / "ww.yaml"
    shutil.copy(Path(__file__).parents[2] / "maps" / "winter-war.yaml", out)
    before = out.read_bytes()
    m = load_map(out)
    nh, ns = len(m.hexes), sum(1 for v in m.hexsides.values() if v)
    r = CliRunner().invoke(cli, _args(tiny, out))
    assert r.exit_code == 3 and r.stdout == ""
    assert r.stderr == (f"wgt: error: {out} was not written by wgt map extract: its {nh} hexes and {ns} hexsides "
                        "would be replaced; write to another file (-o), or give --force to replace them\n")
    assert out.read_bytes() == before
    r = CliRunner().invoke(cli, _args(tiny, out, "--force"))
    assert r.exit_code == 0, r.stderr
    assert r.stderr.splitlines()[0] == (f"wgt: warning: --force: replacing the {nh} hexes and {ns} hexsides of {out}, "
                                        "which was not written by wgt map extract (its overrides are kept)")
    assert sum("--force" in ln for ln in r.stderr.splitlines()) == 1
    got = load_map(out)
    assert got.title == m.title and got.provenance == m.provenance and not _edited(got)
    assert len(got.hexes) == 30
    # extracted now: a second extraction goes through without --force
    assert CliRunner().invoke(cli, _args(tiny, out)).exit_code == 0


def test_a_map_extracted_before_the_stamp_still_passes(tiny, tmp_path):
    out, fresh = tmp_path / "m.yaml", tmp_path / "fresh.yaml"
    assert CliRunner().invoke(cli, _args(tiny, fresh)).exit_code == 0
    text = re.sub(r'^  extracted: ".*"\n', "", fresh.read_text(), flags=re.M)
    out.write_text(text)
    assert load_map(out).meta.get("extracted") is None
    r = CliRunner().invoke(cli, _args(tiny, out))
    assert r.exit_code == 0, r.stderr
    assert "warning" not in r.stderr
    assert out.read_text() == fresh.read_text()


def test_the_users_provenance_is_kept(tiny, tmp_path):
    """Re-extraction wrote "extracted from ..." over the map's provenance, which the docs said it keeps (finding
    4): the user's own text is kept; one an extraction wrote is rewritten to name this scan."""
    out = tmp_path / "m.yaml"
    assert CliRunner().invoke(cli, _args(tiny, out)).exit_code == 0
    assert load_map(out).provenance == "extracted from scan.png by wgt map extract"
    text = re.sub(r"^provenance: .*$", "provenance: extracted from old.png by wgt map extract", out.read_text(),
                  flags=re.M)
    out.write_text(text)
    assert CliRunner().invoke(cli, _args(tiny, out)).exit_code == 0
    assert load_map(out).provenance == "extracted from scan.png by wgt map extract"
    text = re.sub(r"^provenance: .*$", 'provenance: "my hand notes: scanned 2026, fixed by me"', out.read_text(),
                  flags=re.M)
    out.write_text(text)
    r = CliRunner().invoke(cli, _args(tiny, out))
    assert r.exit_code == 0, r.stderr
    assert load_map(out).provenance == "my hand notes: scanned 2026, fixed by me"


def test_extract_takes_force_as_a_parameter(tiny, tmp_path):
    """_extract read --force from click's current context: called with no context it raised RuntimeError."""
    import inspect

    from toolkit.cli.map_scan import _extract

    assert "force" in inspect.signature(_extract).parameters
    out = tmp_path / "m.yaml"
    out.write_text("hello: 1\n")
    d = tiny
    _extract(str(d / "scan.png"), str(d / "grid.yaml"), str(d / "legend.yaml"), str(out), None, "", None, None,
             False, force=True)
    assert load_map(out).hexes
