"""toolkit.terrain.pngio: the QA picture's PNG writer gives the pixels and palette Pillow's writer gives."""

from __future__ import annotations

import builtins
import io
import struct
import zlib

import numpy as np
import pytest
from PIL import Image

from toolkit.terrain import pngio


def _palette_picture(w: int = 301, h: int = 97, colours: int = 200, seed: int = 5) -> Image.Image:
    rng = np.random.default_rng(seed)
    idx = rng.integers(0, colours, (h, w), dtype=np.uint8)
    idx[:, : w // 3] = min(7, colours - 1)  # long runs, as on the QA picture
    pic = Image.fromarray(idx, "L")
    pic.putpalette(rng.integers(0, 256, colours * 3, dtype=np.uint8).tobytes())
    return pic


def _chunks(data: bytes) -> list[tuple[bytes, bytes]]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    out, i = [], 8
    while i < len(data):
        (n,) = struct.unpack(">I", data[i:i + 4])
        kind, body = data[i + 4:i + 8], data[i + 8:i + 8 + n]
        (crc,) = struct.unpack(">I", data[i + 8 + n:i + 12 + n])
        assert zlib.crc32(kind + body) == crc, kind
        out.append((kind, body))
        i += 12 + n
    return out


def _written(pic: Image.Image) -> bytes:
    b = io.BytesIO()
    pngio.write_png(pic, b)
    return b.getvalue()


def _same_as_pillow(pic: Image.Image, data: bytes) -> None:
    ref = io.BytesIO()
    pic.save(ref, "PNG", compress_level=1)
    a, b = Image.open(ref), Image.open(io.BytesIO(data))
    a.load()
    b.load()
    assert b.mode == a.mode == "P" and b.size == a.size
    assert np.array_equal(np.asarray(b), np.asarray(a))
    assert b.getpalette() == a.getpalette()


def test_palette_picture_same_pixels_and_palette_as_pillow() -> None:
    pic = _palette_picture()
    data = _written(pic)
    _same_as_pillow(pic, data)
    kinds = [k for k, _ in _chunks(data)]
    assert kinds[:2] == [b"IHDR", b"PLTE"] and kinds[-1] == b"IEND" and set(kinds[2:-1]) == {b"IDAT"}
    ihdr = dict(_chunks(data))[b"IHDR"]
    assert struct.unpack(">IIBBBBB", ihdr) == (301, 97, 8, 3, 0, 0, 0)
    assert len(dict(_chunks(data))[b"PLTE"]) == 200 * 3  # the palette's own colours, as Pillow writes


def test_idat_cut_into_chunks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(pngio, "IDAT_BYTES", 1000)
    pic = _palette_picture(seed=9)
    data = _written(pic)
    idats = [b for k, b in _chunks(data) if k == b"IDAT"]
    assert len(idats) > 3 and all(len(b) == 1000 for b in idats[:-1])
    _same_as_pillow(pic, data)


def test_without_isal_zlib_deflates_the_same_pixels(monkeypatch: pytest.MonkeyPatch) -> None:
    real = builtins.__import__

    def no_isal(name: str, *args: object, **kw: object) -> object:
        if name.startswith("isal"):
            raise ImportError(name)
        return real(name, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(builtins, "__import__", no_isal)
    pic = _palette_picture(seed=11)
    data = _written(pic)
    _same_as_pillow(pic, data)
    idat = b"".join(b for k, b in _chunks(data) if k == b"IDAT")
    assert idat == zlib.compress(b"".join(b"\0" + r.tobytes() for r in np.asarray(pic)), 1)


def test_few_colours_and_other_modes() -> None:
    small = _palette_picture(40, 30, colours=3, seed=2)  # Pillow writes 2 bits a pixel; here 8, same pixels
    _same_as_pillow(small, _written(small))
    rgb = Image.new("RGB", (20, 10), (10, 200, 30))  # not a palette picture: Pillow writes it
    b = io.BytesIO()
    rgb.save(b, "PNG", compress_level=1)
    assert _written(rgb) == b.getvalue()
    with_alpha = _palette_picture(seed=3)
    with_alpha.info["transparency"] = 4
    b = io.BytesIO()
    with_alpha.save(b, "PNG", compress_level=1)
    assert _written(with_alpha) == b.getvalue()


def test_indices_past_the_palette_go_to_pillow() -> None:
    pic = _palette_picture(40, 30, colours=3, seed=2)
    idx = np.asarray(pic).copy()
    idx[0, 0] = 9
    bad = Image.fromarray(idx, "L")
    bad.putpalette(pic.getpalette() or [])
    b = io.BytesIO()
    bad.save(b, "PNG", compress_level=1)
    assert _written(bad) == b.getvalue()
