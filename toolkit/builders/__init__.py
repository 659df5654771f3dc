"""Builders: printable components from the game data (the VASSAL module builder comes later).

Public API (import from the submodules):

* :mod:`.counter_art` - ``render_face(cset, counter, which="front"|"back", px, bleed_px=0) -> PIL.Image``,
  ``write_counter_pngs(cset, folder, px, bleed_px=0) -> list[Path]`` (``<id>-front.png``/``<id>-back.png``),
  ``contact_sheet(cset, px) -> PIL.Image``.
* :mod:`.sheets` - ``SheetSpec(counter_mm, page, landscape, margin_mm, bleed_mm, spacing_mm, mark_gap_mm,
  mark_length_mm, duplex, back_offset_mm, dpi, calibration, ...)``, ``build_sheets(cset, spec) -> bytes``,
  ``write_sheets(cset, spec, path) -> pages``, ``layout_sheet(spec)``, ``back_transform(spec)``.
* :mod:`.aids` - ``ChartTable`` (title, columns, rows, notes, source, kind, cell_colours), ``AidStyle``,
  ``render_table``, ``render_cards``, ``build_aids(tables, style) -> (pdf bytes, images)``, ``write_aids``.
* :mod:`.pdf` - ``PdfWriter`` (lossless Flate images, vector lines, base-14 text; deterministic bytes).
* :mod:`.symbols` - NATO unit symbols, size marks, motorised marks, the bundled font.
"""
