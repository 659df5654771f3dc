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


def _without(monkeypatch: pytest.MonkeyPatch, module: str) -> None:
    """Every import of ``module`` (and its submodules) fails from here on, as where it is not installed."""
    real = builtins.__import__

    def blocked(name: str, *args: object, **kw: object) -> object:
        if name == module or name.startswith(module + "."):
            raise ImportError(name)
        return real(name, *args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr(builtins, "__import__", blocked)


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
    _without(monkeypatch, "isal")
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


# --- decode_rgb: 8-bit RGB PNGs by libspng, the pixels Pillow decodes -------------------------------------------


def _scan_like(w: int = 211, h: int = 143, seed: int = 1) -> np.ndarray:
    rng = np.random.default_rng(seed)
    yy, xx = np.mgrid[0:h, 0:w]
    a = np.stack([(xx * 3 + yy) % 256, (yy * 5) % 256, (xx ^ yy) % 256], axis=-1).astype(np.int16)
    a += rng.integers(-12, 13, a.shape, dtype=np.int16)  # noise: Pillow picks Sub, Up and Paeth rows (level 6)
    return np.clip(a, 0, 255).astype(np.uint8)


def _png_bytes(arr: np.ndarray, **kw: object) -> bytes:
    b = io.BytesIO()
    Image.fromarray(arr).save(b, "PNG", **kw)
    return b.getvalue()


def _with_chunk(data: bytes, kind: bytes, body: bytes) -> bytes:
    """``data`` with a chunk inserted after IHDR."""
    at = 8 + 25
    chunk = struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
    return data[:at] + chunk + data[at:]


def _pillow_pixels(path: object) -> np.ndarray:
    with Image.open(path) as im:  # type: ignore[arg-type]
        im.load()
        return np.asarray(im.convert("RGB"))


@pytest.mark.parametrize("variant", ["level0", "level1", "level6", "level9", "trns", "gamma"])
def test_decode_rgb_gives_pillows_pixels(tmp_path: object, variant: str) -> None:
    from pathlib import Path

    from toolkit.terrain.calibrate import open_image

    arr = _scan_like(seed=len(variant))
    if variant.startswith("level"):
        data = _png_bytes(arr, compress_level=int(variant[5:]))
    elif variant == "trns":
        data = _png_bytes(arr, transparency=(10, 20, 30))
    else:
        data = _with_chunk(_png_bytes(arr), b"gAMA", struct.pack(">I", 100000))  # gamma 1.0: not applied
    p = Path(str(tmp_path)) / "scan.png"
    p.write_bytes(data)
    with Image.open(p) as im:
        fast = pngio.decode_rgb(im, p)
    assert fast is not None and fast.mode == "RGB" and fast.size == (211, 143)
    assert np.array_equal(np.asarray(fast), arr)
    assert np.array_equal(np.asarray(open_image(p)), _pillow_pixels(p))


def test_decode_rgb_reads_the_tiles_of_pillow_10(tmp_path: object) -> None:
    """Before Pillow 11 an image's tiles are plain tuples (decoder, box, offset, args), without ``.args``:
    pyproject allows pillow>=10.1, where every RGB PNG scan failed with AttributeError (exit 4). Checked under
    Pillow 10.1.0 itself too (the terrain tests, 2026-12-05)."""
    from pathlib import Path

    arr = _scan_like(seed=3)
    p = Path(str(tmp_path)) / "scan.png"
    p.write_bytes(_png_bytes(arr))
    with Image.open(p) as im:
        im.tile = [tuple(t) for t in im.tile]  # as Pillow 10 makes them
        fast = pngio.decode_rgb(im, p)
    assert fast is not None and np.array_equal(np.asarray(fast), arr)


@pytest.mark.parametrize("mode", ["P", "L", "RGBA", "I;16"])
def test_decode_rgb_leaves_other_pngs_to_pillow(tmp_path: object, mode: str) -> None:
    from pathlib import Path

    arr = _scan_like()
    im0 = Image.fromarray(arr)
    im0 = im0.convert("RGBA") if mode == "RGBA" else im0.convert("L").convert(mode) if mode in ("L", "I;16") else \
        im0.quantize(64)
    p = Path(str(tmp_path)) / "scan.png"
    im0.save(p)
    with Image.open(p) as im:
        assert pngio.decode_rgb(im, p) is None


@pytest.mark.parametrize("damage", ["truncated", "idat-byte", "no-iend"])
def test_damaged_png_is_pillows_to_refuse(tmp_path: object, damage: str) -> None:
    """A damaged file goes to Pillow: the same one-line error as before libspng read PNGs."""
    from pathlib import Path

    from toolkit.errors import ImageError
    from toolkit.terrain.calibrate import open_image

    data = bytearray(_png_bytes(_scan_like(), compress_level=6))
    if damage == "truncated":
        data = data[: len(data) // 2]
    elif damage == "idat-byte":
        data[len(data) // 2] ^= 0x40  # the chunk's CRC no longer matches
    else:
        data = data[:-12]
    p = Path(str(tmp_path)) / "scan.png"
    p.write_bytes(bytes(data))
    with Image.open(p) as im:
        assert pngio.decode_rgb(im, p) is None
    if damage == "no-iend":
        assert np.array_equal(np.asarray(open_image(p)), _scan_like())  # Pillow reads it whole, as before
        return
    with pytest.raises(ImageError, match=r"is unreadable or truncated"):
        open_image(p)


def test_without_pyspng_pillow_decodes(tmp_path: object, monkeypatch: pytest.MonkeyPatch) -> None:
    from pathlib import Path

    from toolkit.terrain.calibrate import open_image

    _without(monkeypatch, "pyspng")
    p = Path(str(tmp_path)) / "scan.png"
    p.write_bytes(_png_bytes(_scan_like()))
    with Image.open(p) as im:
        assert pngio.decode_rgb(im, p) is None
    assert np.array_equal(np.asarray(open_image(p)), _scan_like())
