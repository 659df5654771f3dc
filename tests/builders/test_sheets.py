"""Counter sheets: layout, the PDF itself (lossless, deterministic), and registration measured on pages
rendered by PDFium (pypdfium2, a wheel: no poppler needed; cut marks found in the raster, front against back)."""

from __future__ import annotations

import re
import zlib
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.pdfcheck import check_structure, fonts, page_text, render_gray
from toolkit.builders.counter_art import mm_to_px, render_face
from toolkit.builders.sheets import SheetSpec, back_transform, build_sheets, layout_sheet
from toolkit.counters import load_counters
from toolkit.errors import InputError

DATA = Path(__file__).parent / "data"
DPI = 600  # rendering resolution for the measurements: 1 px = 0.0423 mm


@pytest.fixture(scope="module")
def cset():
    return load_counters(DATA / "all-types.yaml")


# ------------------------------------------------------------------------------------------ layout

def test_layout_a4_half_inch():
    grid = layout_sheet(SheetSpec())
    # 210 mm - 2 * (8 + 1 + 1 + 4) = 182 mm -> 14 columns of 12.7 mm; 297 - 28 = 269 -> 21 rows
    assert (grid.columns, grid.rows) == (14, 21)
    assert grid.left == pytest.approx((210 - 14 * 12.7) / 2)
    assert grid.top == pytest.approx((297 - 21 * 12.7) / 2)
    xs, ys = grid.cut_lines(2)
    assert len(xs) == 15 and ys == pytest.approx([grid.top, grid.top + 12.7, grid.top + 25.4])


def test_layout_with_spacing_has_two_cuts_per_gap():
    grid = layout_sheet(SheetSpec(counter_mm=16, spacing_mm=3, page="letter"))
    xs, _ = grid.cut_lines(1)
    assert len(xs) == 2 * grid.columns
    assert xs[1] - xs[0] == pytest.approx(16) and xs[2] - xs[1] == pytest.approx(3)


@settings(max_examples=60, deadline=None)
@given(st.floats(6, 40), st.sampled_from(["a4", "letter"]), st.floats(0, 3), st.floats(0, 3), st.floats(0, 6),
       st.sampled_from(["long", "short", "fold"]), st.booleans())
def test_layout_keeps_marks_and_bleed_on_the_page(size, page, bleed, gap, spacing, duplex, landscape):
    spec = SheetSpec(counter_mm=size, page=page, bleed_mm=bleed, mark_gap_mm=gap, spacing_mm=spacing,
                     duplex=duplex, landscape=landscape)
    width, height = spec.page_size()
    try:
        grid = layout_sheet(spec)
    except InputError:
        assert size + 2 * (spec.margin_mm + bleed + gap + spec.mark_length_mm) > min(width, height / 2) - 1e-6
        return
    far = bleed + gap + spec.mark_length_mm
    right = grid.left + grid.columns * grid.pitch - spacing
    bottom = grid.top + grid.rows * grid.pitch - spacing
    assert grid.left - far >= spec.margin_mm - 1e-9 and right + far <= width - spec.margin_mm + 1e-9
    assert grid.top - far >= spec.margin_mm - 1e-9
    limit = height / 2 if duplex == "fold" else height - spec.margin_mm
    assert bottom + far <= limit + 1e-9
    # the back of every cell lands on a cell of the back grid: mirrored positions stay on the page
    to_back = back_transform(spec)
    for x, y in ((grid.left, grid.top), (right, bottom)):
        bx, by = to_back(x, y)
        assert 0 <= bx <= width and 0 <= by <= height


# ------------------------------------------------------------------------------------------ the PDF

def _objects(pdf: bytes) -> dict[int, bytes]:
    """Each object's body, checked against the xref table's offsets."""
    xref = int(re.search(rb"startxref\n(\d+)", pdf).group(1))
    table = pdf[xref:].split(b"\n")
    count = int(table[1].split()[1])
    out = {}
    for number in range(1, count):
        offset = int(table[2 + number][:10])
        assert pdf[offset:].startswith(f"{number} 0 obj\n".encode())
        end = pdf.index(b"\nendobj\n", offset)
        out[number] = pdf[offset + len(f"{number} 0 obj\n"):end]
    return out


def test_raster_pdf_is_deterministic_and_its_xref_is_exact(cset):
    spec = SheetSpec(counter_mm=16, dpi=150, art="raster")
    first, second = build_sheets(cset, spec), build_sheets(cset, spec)
    assert first == second
    objects = _objects(first)
    pages = [b for b in objects.values() if b.startswith(b"<< /Type /Page ")]
    assert len(pages) == 2  # 43 counters fit one sheet: a front and a back page
    assert b"/MediaBox [0 0 595.2756 841.8898]" in pages[0]  # A4 in points


def test_raster_images_are_stored_losslessly_once_per_face(cset):
    spec = SheetSpec(counter_mm=12.7, dpi=200, bleed_mm=1.0, art="raster")
    objects = _objects(build_sheets(cset, spec))
    images = {n: b for n, b in objects.items() if b"/Subtype /Image" in b and b"/ImageMask true" not in b}
    faces = sum(1 for _ in cset) * 2
    assert len(images) == faces  # "blank" has 5 copies but is stored once per face
    px, bleed = mm_to_px(12.7, 200), 8  # ceil(1 mm at 200 dpi)
    expected = render_face(cset, "infantry", "front", px, bleed).tobytes()
    streams = []
    for body in images.values():
        assert b"/Filter /FlateDecode" in body and b"/DCTDecode" not in body
        data = body[body.index(b"stream\n") + 7:body.rindex(b"\nendstream")]
        streams.append(zlib.decompress(data))
    assert expected in streams  # bit-exact pixels


def test_bad_specs_are_refused(cset):
    for spec, message in ((SheetSpec(page="a9"), "unknown page size"), (SheetSpec(duplex="x"), "unknown duplex"),
                          (SheetSpec(counter_mm=2), "out of range"), (SheetSpec(dpi=10), "dpi 10"),
                          (SheetSpec(counter_mm=100, margin_mm=50), "does not fit"),
                          (SheetSpec(back_offset_mm=(30, 0)), "back offset"),
                          (SheetSpec(art="oil"), "unknown art 'oil'")):
        with pytest.raises(InputError, match=message):
            build_sheets(cset, spec)


# ------------------------------------------------------------------------------------------ registration

def _render_band(pdf: Path, page: int, box_mm: tuple[float, float, float, float]
                 ) -> tuple[np.ndarray, float, float]:
    """Grey levels (0 black .. 1 white) of a page region (x, y, w, h in mm), rendered by PDFium,
    with the region's true top-left corner in mm (the crop is in whole pixels)."""
    x, y, w, h = box_mm
    x, y = max(0.0, x), max(0.0, y)
    x, y, w, h = (round(v / 25.4 * DPI) for v in (x, y, w, h))
    return render_gray(pdf, page, (x, y, w, h), DPI), x * 25.4 / DPI, y * 25.4 / DPI


def _ticks(profile: np.ndarray, origin_mm: float) -> list[float]:
    """Centres (mm) of the dark runs in a darkness profile, weighted by darkness (sub-pixel)."""
    dark = profile > 0.05 * profile.max()
    centres, i = [], 0
    while i < len(dark):
        if dark[i]:
            j = i
            while j < len(dark) and dark[j]:
                j += 1
            idx = np.arange(i, j)
            weights = profile[i:j]
            centre_px = float((idx * weights).sum() / weights.sum()) + 0.5
            centres.append(origin_mm + centre_px * 25.4 / DPI)
            i = j
        else:
            i += 1
    return centres


def _marks(pdf: Path, page: int, spec: SheetSpec, grid, transform) -> tuple[list[float], list[float]]:
    """Find the vertical and horizontal cut marks of one page in the raster.

    The search bands are where the marks of that page should be (the middle of the mark length, mapped
    through ``transform``); the positions themselves come from the pixels.
    """
    near = spec.bleed_mm + spec.mark_gap_mm
    far = near + spec.mark_length_mm
    width, _ = spec.page_size()
    rows = grid.rows
    # a band across the page through the top marks, and one down the page through the left marks
    top_y = grid.top - (near + far) / 2
    left_x = grid.left - (near + far) / 2
    (ax, ay), (bx, by) = transform(1, top_y - 1), transform(width - 1, top_y + 1)
    band = (min(ax, bx), min(ay, by), abs(bx - ax), 2.0)
    h_image, x0, _ = _render_band(pdf, page, band)
    xs = _ticks((1 - h_image).sum(axis=0), x0)
    block_h = rows * grid.pitch
    (cx, cy), (dx, dy) = transform(left_x - 1, grid.top - 2), transform(left_x + 1, grid.top + block_h + 2)
    vband = (min(cx, dx), min(cy, dy), 2.0, abs(dy - cy))
    v_image, _, y0 = _render_band(pdf, page, vband)
    ys = _ticks((1 - v_image).sum(axis=1), y0)
    return xs, ys


def _full_sheet_set(cset, spec):
    """Enough counters to fill every row, so the block is the whole grid."""
    grid = layout_sheet(spec)
    from dataclasses import replace

    types = dict(cset.types)
    first = next(iter(types))
    total = sum(t.count for t in types.values())
    types[first] = replace(types[first], count=types[first].count + grid.per_page - total % grid.per_page)
    return replace(cset, types=types), grid


def _art_edges(pdf: Path, page: int, at: tuple[float, float], width: float) -> tuple[float, float]:
    """Left and right edge (mm) of the non-white run across the page at height ``at[1]``."""
    image, x0, _ = _render_band(pdf, page, (0, at[1] - 0.2, width, 0.4))
    ink = np.where((1 - image).max(axis=0) > 0.02)[0]
    px = 25.4 / DPI
    return x0 + ink[0] * px, x0 + (ink[-1] + 1) * px


@pytest.mark.parametrize(("page", "size", "duplex", "offset", "landscape", "art"), [
    ("a4", 12.7, "long", (0.0, 0.0), False, "vector"),
    ("a4", 12.7, "long", (0.7, -0.4), False, "vector"),
    ("a4", 12.7, "long", (0.7, -0.4), False, "raster"),
    ("letter", 15.875, "short", (-0.3, 0.55), False, "vector"),
    ("letter", 15.875, "short", (-0.3, 0.55), False, "raster"),
    ("letter", 16.0, "long", (0.0, 0.0), False, "vector"),
    ("a4", 16.0, "long", (0.25, 0.6), True, "vector"),
])
def test_backs_register_with_fronts(tmp_path: Path, cset, page, size, duplex, offset, landscape, art):
    spec = SheetSpec(counter_mm=size, page=page, duplex=duplex, back_offset_mm=offset, dpi=150,
                     bleed_mm=1.0, mark_gap_mm=1.5, landscape=landscape, art=art)
    full, grid = _full_sheet_set(cset, spec)
    pdf = tmp_path / "sheet.pdf"
    pdf.write_bytes(build_sheets(full, spec))
    width, height = spec.page_size()
    fx, fy = _marks(pdf, 1, spec, grid, lambda x, y: (x, y))
    to_back = back_transform(spec)
    bx, by = _marks(pdf, 2, spec, grid, to_back)
    assert len(fx) == grid.columns + 1 and len(fy) == grid.rows + 1
    assert (len(bx), len(by)) == (len(fx), len(fy))
    # the counter size measured between neighbouring cut marks on the rendered page
    assert np.max(np.abs(np.diff(fx) - size)) < 0.05
    assert np.max(np.abs(np.diff(fy) - size)) < 0.05
    # where each front cut line lands on the back, by the duplex flip, plus the requested offset
    dx, dy = offset
    mirror_x = (duplex == "long") == (width <= height)  # turned over a vertical edge
    if mirror_x:
        expected_x = sorted(width - x + dx for x in fx)
        expected_y = [y + dy for y in fy]
    else:
        expected_x = [x + dx for x in fx]
        expected_y = sorted(height - y + dy for y in fy)
    err_x = np.abs(np.array(bx) - np.array(expected_x))
    err_y = np.abs(np.array(by) - np.array(expected_y))
    assert err_x.max() < 0.1 and err_y.max() < 0.1, (err_x.max(), err_y.max())
    orientation = " landscape" if landscape else ""
    size_err = np.max(np.abs(np.diff(fx) - size))
    print(f"registration {art} {page}{orientation} {size} mm {duplex} offset {offset}: "
          f"max error x {err_x.max():.4f} mm, y {err_y.max():.4f} mm; size error {size_err:.4f} mm")
    # the art registers too: the outer edges of the printed block (bleed included) through the first row
    fl, fr = _art_edges(pdf, 1, (0, grid.top + size / 2), width)
    by0 = grid.top + size / 2 + dy if mirror_x else height - grid.top - size / 2 + dy
    bl, br = _art_edges(pdf, 2, (0, by0), width)
    if mirror_x:
        assert abs(bl - (width - fr + dx)) < 0.1 and abs(br - (width - fl + dx)) < 0.1, (fl, fr, bl, br)
    else:
        assert abs(bl - (fl + dx)) < 0.1 and abs(br - (fr + dx)) < 0.1, (fl, fr, bl, br)
    # and the shift of the back against the zero-offset mirror is the offset itself
    plain_x = sorted(width - x for x in fx) if mirror_x else fx
    assert np.mean(np.array(bx) - np.array(plain_x)) == pytest.approx(dx, abs=0.05)


@pytest.mark.parametrize("art", ["vector", "raster"])
def test_fold_layout_mirrors_about_the_fold(tmp_path: Path, cset, art):
    spec = SheetSpec(counter_mm=16, duplex="fold", dpi=150, art=art)
    full, grid = _full_sheet_set(cset, spec)
    pdf = tmp_path / "fold.pdf"
    pdf.write_bytes(build_sheets(full, spec))
    _, height = spec.page_size()
    fx, fy = _marks(pdf, 1, spec, grid, lambda x, y: (x, y))
    bx, by = _marks(pdf, 1, spec, grid, back_transform(spec))
    assert np.max(np.abs(np.array(bx) - np.array(fx))) < 0.1
    assert np.max(np.abs(np.array(by) - np.array(sorted(height - y for y in fy)))) < 0.1
    assert np.max(np.abs(np.diff(fy) - 16)) < 0.05
    # the art too: the block's edges (bleed included) on the front half and, mirrored, on the back half
    width, _ = spec.page_size()
    y = grid.top + 8
    left, right = _art_edges(pdf, 1, (0, y), width)
    back_left, back_right = _art_edges(pdf, 1, (0, height - y), width)
    assert abs(back_left - left) < 0.1 and abs(back_right - right) < 0.1


@pytest.mark.parametrize(("duplex", "offset"), [("long", (0.3, -0.2)), ("short", (-0.6, 0.4))])
def test_calibration_vernier_reads_the_correction(tmp_path: Path, cset, duplex, offset):
    """Printed with a back offset (standing in for a printer's drift), the vernier pair must read the
    correction that cancels it: the front and back ticks that line up are at the tick labelled -offset."""
    from toolkit.builders.sheets import calibration_scales

    spec = SheetSpec(counter_mm=16, duplex=duplex, back_offset_mm=offset, dpi=150, calibration=True)
    pdf = tmp_path / "cal.pdf"
    pdf.write_bytes(build_sheets(cset, spec))
    scales = calibration_scales(spec)
    plain = back_transform(SheetSpec(duplex=duplex))  # where the back would land without drift
    readings = {}
    for axis in ("x", "y"):
        base, zero = scales[axis]["baseline"], scales[axis]["zero"]
        # front main ticks sit before the baseline, back vernier ticks after it (front coordinates)
        if axis == "x":
            front_box = (zero - 12, base - 2.5, 24, 2.0)
            back_corners = (plain(zero - 12, base + 0.7), plain(zero + 12, base + 2.3))
        else:
            front_box = (base - 2.5, zero - 12, 2.0, 24)
            back_corners = (plain(base + 0.7, zero - 12), plain(base + 2.3, zero + 12))
        (ax, ay), (bx, by) = back_corners
        back_box = (min(ax, bx), min(ay, by), abs(bx - ax), abs(by - ay))
        along = 0 if axis == "x" else 1
        front_img, fx0, fy0 = _render_band(pdf, 3, front_box)
        back_img, bx0, by0 = _render_band(pdf, 4, back_box)
        main = _ticks((1 - front_img).sum(axis=along), fx0 if axis == "x" else fy0)
        vern = _ticks((1 - back_img).sum(axis=along), bx0 if axis == "x" else by0)
        # back positions back to front coordinates under the drift-free flip
        inverse = [plain(v, 0)[0] if axis == "x" else plain(0, v)[1] for v in vern]
        vern_front = sorted(inverse)
        assert len(main) == len(vern_front) == 21
        k = int(np.argmin(np.abs(np.array(main) - np.array(vern_front)))) - 10
        readings[axis] = scales[axis]["reading"][k]
        # the ticks that meet are closer than half the 0.1 mm step, so the reading is unambiguous
        assert abs(main[k + 10] - vern_front[k + 10]) < 0.05
    assert (readings["x"], readings["y"]) == (-offset[0], -offset[1])


def test_page_labels_survive_escaping(tmp_path: Path, cset):
    """Parentheses and backslashes in a title are escaped so a real PDF reader gets the text back."""
    from dataclasses import replace

    titled = replace(cset, title="Odd (title) \\ with ) parens (")
    pdf = tmp_path / "t.pdf"
    pdf.write_bytes(build_sheets(titled, SheetSpec(dpi=100)))
    text = page_text(pdf, 1, 2)
    assert "Odd (title) \\ with ) parens ( - counters, sheet 1 of 1, fronts (12.7 mm)" in text
    assert "backs (duplex: flip on long edge; back offset 0, 0 mm)" in text


def test_raster_labels_are_drawn_in_the_toolkit_face_and_stay_searchable(tmp_path: Path, cset):
    """Raster sheets print the labels from a 1200-dpi text mask (no font needed to show them) over invisible
    text."""
    from toolkit.builders.pdf import TEXT_DPI, _text_mask

    spec = SheetSpec(dpi=100, art="raster")
    data = build_sheets(cset, spec)
    objects = _objects(data)
    masks = [b for b in objects.values() if b"/ImageMask true" in b]
    assert len(masks) == 2 and all(b"/BitsPerComponent 1" in b and b"/FlateDecode" in b for b in masks)
    label = f"{cset.game} - counters, sheet 1 of 1, fronts (12.7 mm)"
    mask, baseline = _text_mask(label, 7, False)
    body = next(b for b in masks if f"/Width {mask.width} /Height {mask.height} ".encode() in b)
    assert zlib.decompress(body[body.index(b"stream\n") + 7:body.rindex(b"\nendstream")]) == mask.tobytes()
    assert 0 < baseline < mask.height and mask.height == pytest.approx(7 / 72 * TEXT_DPI * 1.3, rel=0.2)
    assert b"3 Tr /F1 7 Tf" in b"".join(zlib.decompress(b[b.index(b"stream\n") + 7:b.rindex(b"\nendstream")])
                                        for b in objects.values() if b.startswith(b"<< /Length"))
    # the label's ink lands where the text starts: at the left margin, above its baseline
    pdf = tmp_path / "labels.pdf"
    pdf.write_bytes(data)
    image, x0, y0 = _render_band(pdf, 1, (0, 0, 60, spec.margin_mm))
    ink = np.argwhere(image < 0.5)
    left = x0 + ink[:, 1].min() * 25.4 / DPI
    bottom = y0 + (ink[:, 0].max() + 1) * 25.4 / DPI
    assert spec.margin_mm <= left < spec.margin_mm + 1.0
    em = 7 / 72 * 25.4
    assert spec.margin_mm * 0.6 < bottom <= spec.margin_mm * 0.6 + 0.3 * em  # parentheses descend below it


def _unescape(literal: bytes) -> bytes:
    assert literal[:1] == b"(" and literal[-1:] == b")"
    out, i, body = bytearray(), 0, literal[1:-1]
    while i < len(body):
        if body[i:i + 1] == b"\\":
            out += body[i + 1:i + 2]
            i += 2
        else:
            assert body[i:i + 1] not in (b"(", b")")  # every paren is escaped
            out += body[i:i + 1]
            i += 1
    return bytes(out)


@given(st.text(alphabet=st.characters(min_codepoint=32, max_codepoint=255, exclude_categories=("Cc",))))
def test_pdf_string_literals_round_trip(text):
    from toolkit.builders.pdf import _pdf_string

    assert _unescape(_pdf_string(text)) == text.encode("cp1252", errors="replace")


# ------------------------------------------------------------------------------------------ vector art

def test_vector_sheets_are_deterministic_even_across_processes(cset):
    """The same counters give the same bytes: twice here, and in a fresh interpreter (font subsets, form
    names and object numbers do not depend on what the process drew before)."""
    import hashlib
    import subprocess
    import sys

    from toolkit.builders.aids import ChartTable, aids_pdf

    spec = SheetSpec(counter_mm=16)
    first = build_sheets(cset, spec)
    aids_pdf([ChartTable.make("T", ("a",), [("b",)])])  # other documents in between
    assert build_sheets(cset, spec) == first
    code = ("import hashlib, sys; from toolkit.builders.sheets import SheetSpec, build_sheets; "
            "from toolkit.counters import load_counters; "
            f"data = build_sheets(load_counters({str(DATA / 'all-types.yaml')!r}), SheetSpec(counter_mm=16)); "
            "sys.stdout.write(hashlib.sha256(data).hexdigest())")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    assert out.stdout == hashlib.sha256(first).hexdigest()


def test_vector_sheets_have_embedded_fonts_live_text_and_no_pictures(cset):
    data = build_sheets(cset, SheetSpec(counter_mm=16))
    assert check_structure(data) == []
    listed = fonts(data)
    assert {name.split("+")[-1] for name, _, _ in listed} == {
        "SourceSansPro-Regular", "SourceSansPro-Semibold", "SourceSansPro-Bold"}
    assert all(subtype == "TrueType" and embedded for _, subtype, embedded in listed), listed
    assert b"/Subtype /Image" not in data
    front = page_text(data, 1, 1).split()
    # every counter's values and designation, as live text (the designations are set vertically)
    for ct in cset:
        face = cset.face(ct)
        if face.designation:
            assert face.designation in front, ct.id
    assert {"0-2-3", "1-3-4", "6-4-6", "NKVD", "HQ", "Broken"} <= set(front)
    assert "all-types - counters, sheet 1 of 1, fronts (16 mm)" in page_text(data, 1, 1)


def test_each_face_is_drawn_once_as_a_form(cset):
    import io

    import pikepdf

    data = build_sheets(cset, SheetSpec(counter_mm=16))
    with pikepdf.open(io.BytesIO(data)) as doc:
        forms = {obj.objgen for page in doc.pages for obj in page.obj.Resources.XObject.values()
                 if obj.get("/Subtype") == "/Form"}
    assert len(forms) == 2 * sum(1 for _ in cset)  # "blank" has 5 copies, drawn once per side


@pytest.mark.parametrize(("index", "which", "page"), [(0, "front", 1), (3, "front", 1), (10, "front", 1),
                                                      (0, "back", 2), (20, "back", 2)])
def test_vector_faces_look_like_the_pngs(cset, index, which, page):
    """A counter on the vector sheet, rendered at 600 dpi, against the PNG art of the same size: the same
    drawing (mean grey difference under 0.02; the edges differ by the sub-pixel position only)."""
    spec = SheetSpec(counter_mm=16)
    data = build_sheets(cset, spec)
    grid = layout_sheet(spec)
    counters = [t for t in cset for _ in range(t.count)]
    x, y = grid.cell(index)
    if which == "back":
        x, y = back_transform(spec)(x + spec.counter_mm, y)
    px = mm_to_px(spec.counter_mm, DPI)
    region = render_gray(data, page, (round(x / 25.4 * DPI), round(y / 25.4 * DPI), px, px), DPI)
    art = np.asarray(render_face(cset, counters[index], which, px).convert("L"), dtype=float) / 255
    assert np.abs(region - art).mean() < 0.02, (counters[index].id, np.abs(region - art).mean())
