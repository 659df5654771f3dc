"""Reading the PDFs the builders write, with Python wheels only (no poppler, no qpdf on PATH).

* :func:`render_gray` (:func:`render_rgb`) - a region of a page as grey levels (colours), rendered by PDFium
  (``pypdfium2``), on the same pixel grid as ``pdftoppm -r DPI -x X -y Y -W W -H H``.
* :func:`page_text` - the text layer of pages, extracted by PDFium (as ``pdftotext`` does).
* :func:`check_structure` - qpdf's structural check (``qpdf --check``) through ``pikepdf``, which links qpdf.
* :func:`fonts` - what ``pdffonts`` lists: each font's name, type and whether it is embedded.

Each needs its wheel from the project's test extra; when one is missing, the test that needs it is
skipped with the reason (:func:`need`).
"""

from __future__ import annotations

import importlib.util
from pathlib import Path

import numpy as np
import pytest

__all__ = ["check_structure", "fonts", "need", "page_text", "render_gray", "render_rgb"]


def need(module: str) -> None:
    """Skip the calling test when the wheel ``module`` is not installed."""
    if importlib.util.find_spec(module) is None:
        pytest.skip(f"{module} is not installed (pip install '.[test]')")


def render_gray(pdf: Path | bytes, page: int, box_px: tuple[int, int, int, int], dpi: float) -> np.ndarray:
    """Grey levels (0 black .. 1 white) of page ``page`` (1-based) rendered at ``dpi``, cropped to the pixel
    box (x, y, w, h) counted from the page's top-left corner."""
    return _render(pdf, page, box_px, dpi, grey=True)


def render_rgb(pdf: Path | bytes, page: int, box_px: tuple[int, int, int, int], dpi: float) -> np.ndarray:
    """As :func:`render_gray`, in colour: an (h, w, 3) array of red, green, blue in 0..1."""
    return _render(pdf, page, box_px, dpi, grey=False)


def _render(pdf: Path | bytes, page: int, box_px: tuple[int, int, int, int], dpi: float, grey: bool) -> np.ndarray:
    need("pypdfium2")
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf if isinstance(pdf, bytes) else str(pdf))
    try:
        p = doc[page - 1]
        width_pt, height_pt = p.get_size()
        x, y, w, h = box_px
        unit = 72.0 / dpi  # points per pixel: crop on whole pixels so the grid matches a full-page render
        right = max(0.0, width_pt - (x + w) * unit)
        bottom = max(0.0, height_pt - (y + h) * unit)
        bitmap = p.render(scale=dpi / 72.0, crop=(x * unit, bottom, right, y * unit), grayscale=grey)
        if grey:
            image = np.asarray(bitmap.to_numpy(), dtype=np.float64)
            if image.ndim == 3:
                image = image[..., 0]
        else:
            image = np.asarray(bitmap.to_pil().convert("RGB"), dtype=np.float64)
        return image[:h, :w] / 255.0
    finally:
        doc.close()


def page_text(pdf: Path | bytes, first: int = 1, last: int | None = None) -> str:
    """The text of pages ``first``..``last`` (1-based, inclusive), each page's text followed by a form feed."""
    need("pypdfium2")
    import pypdfium2 as pdfium

    doc = pdfium.PdfDocument(pdf if isinstance(pdf, bytes) else str(pdf))
    try:
        last = len(doc) if last is None else last
        return "".join(doc[i].get_textpage().get_text_range() + "\f" for i in range(first - 1, last))
    finally:
        doc.close()


def check_structure(pdf: Path | bytes) -> list[str]:
    """qpdf's problems with the file (empty when ``qpdf --check`` would pass)."""
    need("pikepdf")
    import io

    import pikepdf

    source = io.BytesIO(pdf) if isinstance(pdf, bytes) else str(pdf)
    with pikepdf.open(source) as doc:
        check = getattr(doc, "check_pdf_syntax", None) or doc.check  # pikepdf >= 9.10 renamed check()
        problems = [str(p) for p in check()]
        for page in doc.pages:  # parse every content stream, as qpdf --check does
            pikepdf.parse_content_stream(page)
    return problems


def fonts(pdf: Path | bytes) -> list[tuple[str, str, bool]]:
    """(base font name, subtype, embedded) of every font used by a page or a form in it, like ``pdffonts``."""
    need("pikepdf")
    import io

    import pikepdf

    source = io.BytesIO(pdf) if isinstance(pdf, bytes) else str(pdf)
    found: dict[tuple[str, str, bool], None] = {}

    def visit(resources: pikepdf.Dictionary, seen: set[tuple[int, int]]) -> None:
        for font in (resources.get("/Font") or {}).values():
            descriptor = font.get("/FontDescriptor")
            for child in font.get("/DescendantFonts") or []:
                descriptor = descriptor or child.get("/FontDescriptor")
            embedded = descriptor is not None and any(k in descriptor for k in ("/FontFile", "/FontFile2",
                                                                                 "/FontFile3"))
            found[(str(font.get("/BaseFont")).lstrip("/"), str(font.get("/Subtype")).lstrip("/"), embedded)] = None
        for xobject in (resources.get("/XObject") or {}).values():
            key = xobject.objgen
            if xobject.get("/Subtype") == "/Form" and key not in seen and "/Resources" in xobject:
                seen.add(key)
                visit(xobject.Resources, seen)

    with pikepdf.open(source) as doc:
        seen: set[tuple[int, int]] = set()
        for page in doc.pages:
            if "/Resources" in page.obj:
                visit(page.obj.Resources, seen)
    return list(found)
