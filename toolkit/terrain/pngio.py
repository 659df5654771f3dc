"""PNG writing for the scan-sized pictures of ``wgt map extract`` (issue 14 item 7: the whole command with its QA
picture within twice Pillow's decode of the scan).

:func:`write_png`: a palette picture written as a PNG with its rows unfiltered (as Pillow writes palette pictures)
and deflated by ISA-L (``isal``, a dependency) at its level 1: about a quarter of zlib's level-1 time on the QA
picture, for a smaller file. The pixels and the palette are those Pillow would have written. Without ``isal`` the
stream is deflated by zlib at level 1.
"""

from __future__ import annotations

import struct
import zlib
from typing import IO, Any

import numpy as np
from PIL import Image

__all__ = ["write_png"]

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
IDAT_BYTES = 1 << 20  # the deflated stream is cut into IDAT chunks of this many bytes


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
