"""The zipfile-free reading of a plain save (``archive.plain_members``, ``archive.inflate_member``,
``save._read_plain_zip``): what it reads is what the zipfile path reads, and anything it declines (a damaged or
unusual archive) is read, or refused with the same one-line error, by the zipfile path."""

from __future__ import annotations

import io
import random
import struct
import warnings
import zipfile

import pytest

from toolkit.errors import ArchiveError
from toolkit.vassal import archive, read_save
from toolkit.vassal import save as save_module
from toolkit.vassal.codec import ESC, obfuscate

TEXT = "begin_save" + ESC + "xy" * 2000 + ESC + "end_save"


def _archive(entries: list[tuple[str, bytes]], *, method: int = zipfile.ZIP_DEFLATED, extra: bytes = b"",
             comment: bytes = b"") -> bytes:
    buffer = io.BytesIO()
    with warnings.catch_warnings(), zipfile.ZipFile(buffer, "w") as out:
        warnings.simplefilter("ignore")  # a name given twice, on purpose
        for name, data in entries:
            info = zipfile.ZipInfo(name, (2020, 1, 1, 0, 0, 0))
            info.compress_type = method
            info.extra = extra
            out.writestr(info, data)
        out.comment = comment
    return buffer.getvalue()


ENTRIES = [("savedGame", obfuscate(TEXT, 42)), ("savedata", b"<data><version>1</version></data>"),
           ("moduledata", b"<data><name>M</name></data>")]
PLAIN = _archive(ENTRIES)
CENTRAL = PLAIN.find(b"PK\x01\x02")
END = PLAIN.rfind(b"PK\x05\x06")


def _patched(offset: int, value: int) -> bytes:
    data = bytearray(PLAIN)
    data[offset] = value
    return bytes(data)


def _count(delta: int) -> bytes:
    data = bytearray(PLAIN)
    for at in (END + 8, END + 10):
        struct.pack_into("<H", data, at, struct.unpack_from("<H", data, at)[0] + delta)
    return bytes(data)


random.seed(7)
CASES = {
    "plain": PLAIN,
    "comment": _archive(ENTRIES, comment=b"a comment"),
    "stored": _archive(ENTRIES, method=zipfile.ZIP_STORED),
    "extra field": _archive(ENTRIES, extra=b"\x55\x54\x05\x00\x01abcd"),
    "extra field cut short": _archive(ENTRIES, extra=b"\x55\x54\x09\x00\x01abcd"),
    "zip64 extra field": _archive(ENTRIES, extra=b"\x01\x00\x08\x00" + bytes(8)),
    "name twice": _archive([*ENTRIES, ENTRIES[1]]),
    "name escaping": _archive([*ENTRIES, ("../x", b"a")]),
    "non-ASCII name": _archive([*ENTRIES, ("\u00e9t\u00e9", b"a")]),
    "data before the archive": b"JUNK" * 10 + PLAIN,
    "cut in half": PLAIN[:len(PLAIN) // 2],
    "end cut": PLAIN[:-5],
    "central CRC changed": _patched(CENTRAL + 16, PLAIN[CENTRAL + 16] ^ 1),
    "patch-data flag": _patched(CENTRAL + 8, PLAIN[CENTRAL + 8] | 0x20),
    "encrypted flag": _patched(CENTRAL + 8, PLAIN[CENTRAL + 8] | 0x01),
    "version 7.0": _patched(CENTRAL + 6, 70),
    "local data-descriptor flag": _patched(6, PLAIN[6] | 0x08),
    "local name differs": _patched(30, ord("S")),
    "member count one more": _count(1),
    "member count one less": _count(-1),
    "empty other entry": _archive([ENTRIES[0], ("savedata", b"")]),
    "no savedGame": _archive(ENTRIES[1:]),
    "plain-text savedGame": _archive([("savedGame", TEXT.encode()), *ENTRIES[1:]]),
    "bomb-like other entry": _archive([ENTRIES[0], ("savedata", bytes(3_000_000))]),
    **{f"random bytes {k}": bytes(random.randrange(256) if random.random() < 0.002 else b for b in PLAIN)
       for k in range(12)},
}


def _read(path):
    try:
        s = read_save(path)
    except ArchiveError as exc:
        return "error", str(exc)
    return s.text(), s.key, s.upper_hex, s.entries


@pytest.mark.parametrize("case", sorted(CASES))
def test_plain_reading_agrees_with_the_zipfile_path(case, tmp_path, monkeypatch):
    path = tmp_path / "s.vsav"
    path.write_bytes(CASES[case])
    first = _read(path)
    with monkeypatch.context() as m:
        m.setattr(save_module, "_read_plain_zip", lambda path, label: None)
        assert _read(path) == first
    with monkeypatch.context() as m:
        m.setattr(archive, "_LIBDEFLATE", [None])
        assert _read(path) == first
    if case == "plain":
        assert first == (TEXT, 42, False, dict(ENTRIES[1:]))


def test_plain_members_are_what_zipfile_lists(corpus):
    """Every zip of the corpus (saves, logs, modules) is plain, and its members are zipfile's."""
    seen = 0
    for path in sorted(corpus.glob("*/*")):
        if not path.is_file() or path.read_bytes()[:2] != b"PK":
            continue
        with open(path, "rb") as handle:
            members = archive.plain_members(handle)
        with zipfile.ZipFile(path) as z:
            infos = z.infolist()
        assert members is not None, path
        assert [(name, m[:6]) for name, m in members.items()] == [
            (i.filename, (i.flag_bits, i.compress_type, i.CRC, i.compress_size, i.file_size, i.header_offset))
            for i in infos], path
        seen += 1
    assert seen >= 10


def test_a_plain_save_is_read_without_zipfile_nor_pathlib(corpus):
    import subprocess
    import sys

    save = corpus / "Cattlesquat__PathsOfGlory" / "Classic10-8.vsav"
    script = ("import sys\nfrom toolkit.vassal.save import read_save\nread_save(sys.argv[1])\n"
              "print(sorted({'zipfile', 'pathlib', 'shutil', 'threading'} & set(sys.modules)))")
    proc = subprocess.run([sys.executable, "-c", script, str(save)], capture_output=True, text=True, timeout=120)
    assert proc.stdout == ("[]\n" if archive._libdeflate() is not None else "['pathlib', 'shutil', 'threading', "
                                                                            "'zipfile']\n"), proc.stderr


@pytest.mark.parametrize("name", ["a.vsav", "/tmp/a.vsav", "d/a.vsav", "../a.vsav", "a b", "..", "/", "./a", "a/",
                                  "a//b", "//a", "a/./b", "a/.", ".", "/a/"])
def test_fs_path_is_the_path_as_pathlib_prints_it(name):
    from pathlib import Path

    got = archive.fs_path(name)
    assert str(got) == str(Path(name))
    assert isinstance(got, str) == (name in ("a.vsav", "/tmp/a.vsav", "d/a.vsav", "../a.vsav", "a b", ".."))
