"""PNG reading and writing for the scan-sized pictures of ``wgt map extract`` (issue 14 item 7: the whole command
with its QA picture within twice Pillow's decode of the scan).

:func:`decode_rgb`: an 8-bit RGB PNG decoded by libspng (``pyspng``, a dependency) into the same pixels Pillow
decodes, in about two thirds of Pillow's time (libspng undoes the row filters with SIMD code); any other PNG, and any
file libspng refuses (truncated, corrupt), is left to Pillow, so every error message stays Pillow's; without
``pyspng`` every PNG is Pillow's.

:func:`write_png`: a palette picture written as a PNG with its rows unfiltered (as Pillow writes palette pictures)
and deflated by ISA-L (``isal``, a dependency) at its level 1: about a quarter of zlib's level-1 time on the QA
picture, for a smaller file. The pixels and the palette are those Pillow would have written. Without ``isal`` the
stream is deflated by zlib at level 1.
"""

from __future__ import annotations

import os
import struct
import zlib
from typing import IO, Any

import numpy as np
from PIL import Image, ImageFile

__all__ = ["decode_rgb", "write_png"]

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
IDAT_BYTES = 1 << 20  # the deflated stream is cut into IDAT chunks of this many bytes


def decode_rgb(im: ImageFile.ImageFile, path: str | os.PathLike[str]) -> Image.Image | None:
    """The pixels of ``im`` (a PNG opened by Pillow from ``path``, not yet loaded) as an RGB image, decoded by
    libspng, when it is 8-bit RGB (colour type 2, not interlaced) and libspng reads it; else None (the caller
    loads it with Pillow). Pillow's ``im.load()`` gives the same pixels: both decode the rows as stored (no
    gamma, no transparency applied)."""
    # a tile is (decoder, box, offset, args): a plain tuple before Pillow 11 (no .args), a named one since
    if (im.format != "PNG" or im.mode != "RGB" or len(im.tile) != 1 or im.tile[0][3] not in ("RGB", ("RGB",))
            or im.info.get("interlace")):
        return None  # 16-bit, palette, grey or alpha PNGs (Pillow converts those its own way), and interlaced ones
    try:
        import pyspng
    except ImportError:
        return None
    try:
        with open(path, "rb") as f:
            data = f.read()
        # pyspng has libspng use chunks whose CRC is wrong (and skip the zlib stream's check, which Pillow's
        # inflate makes): a file with a damaged chunk is left to Pillow, which refuses it as before
        if not _chunks_intact(data):
            return None
        arr = pyspng.load(data, "RGB")
        del data
    except Exception:  # libspng refuses it (truncated, corrupt): Pillow says why
        return None
    if arr.dtype != np.uint8 or arr.shape != (im.height, im.width, 3):
        return None
    return Image.frombuffer("RGB", im.size, arr, "raw", "RGB", 0, 1)  # Pillow copies it into its own layout


def _chunks_intact(data: bytes) -> bool:
    """Every chunk of the PNG ``data`` whole, with its CRC right, up to IEND."""
    try:
        from isal.isal_zlib import crc32  # ISA-L's: about a quarter of zlib's time over a scan of 60 MB
    except ImportError:
        crc32 = zlib.crc32
    view, i, n = memoryview(data), 8, len(data)
    if data[:8] != PNG_SIGNATURE:
        return False
    while i + 12 <= n:
        (length,) = struct.unpack_from(">I", data, i)
        end = i + 8 + length
        if end + 4 > n or crc32(view[i + 4:end]) != struct.unpack_from(">I", data, end)[0]:
            return False
        if data[i + 4:i + 8] == b"IEND":
            return True
        i = end + 4
    return False


def write_png(image: Image.Image, fh: IO[bytes]) -> None:
    """``image`` as a PNG into ``fh``. A palette ("P") picture without transparency is written here: signature,
    IHDR (8 bits, colour type 3), PLTE (the palette's colours, as many as Pillow writes), the rows unfiltered and
    deflated in IDAT chunks, IEND. Anything else (and a picture with indices past its palette) goes to Pillow (zlib
    level 1)."""
    if image.mode != "P" or "transparency" in image.info or image.palette is None or image.palette.mode != "RGB":
        image.save(fh, "PNG", compress_level=1)
        return
    # the palette entries Pillow's PNG writer keeps: as many as the palette holds, 1 to 256
    colours = max(1, min(len(image.palette.getdata()[1]) // 3, 256))
    pal = bytes(image.getpalette("RGB") or [])[:colours * 3]
    pal += b"\0" * (colours * 3 - len(pal))
    idx = np.asarray(image)
    if colours < 256 and idx.size and int(idx.max()) >= colours:  # indices past the palette: Pillow's way with them
        image.save(fh, "PNG", compress_level=1)
        return
    h, w = idx.shape
    rows = np.empty((h, w + 1), np.uint8)
    rows[:, 0] = 0  # filter type None on every row
    rows[:, 1:] = idx
    del idx
    fh.write(PNG_SIGNATURE)
    _chunk(fh, b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 3, 0, 0, 0))
    _chunk(fh, b"PLTE", pal)
    z = _deflate(rows.data)
    del rows
    for i in range(0, len(z), IDAT_BYTES):
        _chunk(fh, b"IDAT", z[i:i + IDAT_BYTES])
    _chunk(fh, b"IEND", b"")


def _deflate(raw: Any) -> bytes:
    """A zlib stream of ``raw``: ISA-L's level 1 where installed, else zlib's level 1."""
    try:
        from isal import isal_zlib
    except ImportError:
        return zlib.compress(raw, 1)
    return bytes(isal_zlib.compress(raw, 1))


def _chunk(fh: IO[bytes], kind: bytes, body: bytes | memoryview) -> None:
    fh.write(struct.pack(">I", len(body)) + kind)
    fh.write(body)
    fh.write(struct.pack(">I", zlib.crc32(body, zlib.crc32(kind))))
