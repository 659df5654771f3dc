"""Atomic writes: a user's file is replaced whole or not at all, and keeps its permissions."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from toolkit.errors import InputError
from toolkit.fileio import atomic_open, atomic_write


def _leftovers(folder: Path, name: str) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name != name)


def test_write_new_bytes_and_text(tmp_path: Path) -> None:
    atomic_write(tmp_path / "a.bin", b"\x00\x01\xff")
    assert (tmp_path / "a.bin").read_bytes() == b"\x00\x01\xff"
    atomic_write(tmp_path / "b.txt", "hexes:\r\n  \"0101\": {terrain: forêt}\n")
    # text is written as given: utf-8, no newline translation
    assert (tmp_path / "b.txt").read_bytes() == "hexes:\r\n  \"0101\": {terrain: forêt}\n".encode()
    atomic_write(tmp_path / "c.txt", "forêt", encoding="latin-1")
    assert (tmp_path / "c.txt").read_bytes() == b"for\xeat"
    assert _leftovers(tmp_path, "") == ["a.bin", "b.txt", "c.txt"]


def test_replace_existing_file(tmp_path: Path) -> None:
    target = tmp_path / "map.yaml"
    target.write_text("old\n")
    with atomic_open(target, "w", encoding="utf-8") as fh:
        fh.write("new\n")
        assert target.read_text() == "old\n"  # nothing visible until the block ends
    assert target.read_text() == "new\n"
    assert _leftovers(tmp_path, "map.yaml") == []


@pytest.mark.parametrize("exc", [RuntimeError("boom"), KeyboardInterrupt()])
def test_original_survives_an_exception_mid_write(tmp_path: Path, exc: BaseException) -> None:
    target = tmp_path / "map.yaml"
    target.write_bytes(b"precious data\n")
    with pytest.raises(type(exc)), atomic_open(target, "wb") as fh:
        fh.write(b"half a fi")
        raise exc
    assert target.read_bytes() == b"precious data\n"
    assert _leftovers(tmp_path, "map.yaml") == []  # the temporary file is gone


def test_no_file_is_created_when_the_first_write_fails(tmp_path: Path) -> None:
    target = tmp_path / "new.yaml"
    with pytest.raises(ValueError), atomic_open(target, "w") as fh:
        fh.write("x")
        raise ValueError("bad data")
    assert not target.exists()
    assert list(tmp_path.iterdir()) == []


def test_encoding_error_leaves_the_original(tmp_path: Path) -> None:
    target = tmp_path / "t.txt"
    target.write_text("ok")
    with pytest.raises(UnicodeEncodeError):
        atomic_write(target, "Лавансаари", encoding="ascii")
    assert target.read_text() == "ok"
    assert _leftovers(tmp_path, "t.txt") == []


def test_permissions_of_an_existing_file_are_kept(tmp_path: Path) -> None:
    target = tmp_path / "script.sh"
    target.write_text("old")
    os.chmod(target, 0o750)
    atomic_write(target, "new")
    assert stat.S_IMODE(os.stat(target).st_mode) == 0o750
    os.chmod(target, 0o604)
    atomic_write(target, b"newer")
    assert stat.S_IMODE(os.stat(target).st_mode) == 0o604
    assert target.read_bytes() == b"newer"


def test_new_file_gets_the_umask_permissions(tmp_path: Path) -> None:
    old = os.umask(0o027)
    try:
        atomic_write(tmp_path / "n.txt", "x")
    finally:
        os.umask(old)
    # mkstemp would have made it 0600; a new file must look like one made by open()
    assert stat.S_IMODE(os.stat(tmp_path / "n.txt").st_mode) == 0o640


def test_relative_path_in_the_current_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    atomic_write("here.txt", "x")
    assert (tmp_path / "here.txt").read_text() == "x"


def test_missing_folder_is_an_input_error(tmp_path: Path) -> None:
    with pytest.raises(InputError, match=r"cannot write .*nowhere/x\.yaml: folder .*nowhere does not exist"):
        atomic_write(tmp_path / "nowhere" / "x.yaml", "x")


def test_only_write_modes(tmp_path: Path) -> None:
    for mode in ("a", "r", "r+", "ab"):
        with pytest.raises(ValueError, match="writes only"), atomic_open(tmp_path / "x", mode):
            pass
    assert list(tmp_path.iterdir()) == []


def test_a_read_only_file_is_refused_and_left_intact(tmp_path: Path) -> None:
    target = tmp_path / "map.yaml"
    target.write_bytes(b"precious\n")
    os.chmod(target, 0o444)
    with pytest.raises(InputError, match=r"cannot write .*map\.yaml: the file is read-only"):
        atomic_write(target, b"new")
    assert target.read_bytes() == b"precious\n"
    assert stat.S_IMODE(os.stat(target).st_mode) == 0o444
    assert _leftovers(tmp_path, "map.yaml") == []


def test_a_folder_is_not_replaced(tmp_path: Path) -> None:
    (tmp_path / "out").mkdir()
    with pytest.raises(InputError, match=r"cannot write .*out: it is a folder"):
        atomic_write(tmp_path / "out", b"x")
    assert (tmp_path / "out").is_dir()


def test_a_symbolic_link_is_followed_and_kept(tmp_path: Path) -> None:
    real = tmp_path / "real.yaml"
    real.write_text("old")
    link = tmp_path / "link.yaml"
    link.symlink_to(real)
    atomic_write(link, "new")
    assert link.is_symlink() and real.read_text() == "new"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.yaml", "real.yaml"]


def test_a_folder_without_write_permission_is_an_input_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import tempfile

    def denied(*args: object, **kwargs: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(tempfile, "mkstemp", denied)  # root ignores folder permissions, so simulate it
    with pytest.raises(InputError, match=r"cannot write .*x\.yaml: Permission denied \(folder "):
        atomic_write(tmp_path / "x.yaml", "x")


def test_a_full_disk_is_an_input_error_and_keeps_the_original(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import errno

    target = tmp_path / "map.yaml"
    target.write_bytes(b"precious\n")

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    with pytest.raises(InputError, match=r"cannot write .*map\.yaml: No space left on device"):
        atomic_write(target, b"new data")
    assert target.read_bytes() == b"precious\n"
    assert _leftovers(tmp_path, "map.yaml") == []


def test_a_device_or_pipe_is_refused_not_replaced(tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(InputError, match="not a regular file"):
        atomic_write(fifo, b"x")
    assert stat.S_ISFIFO(os.stat(fifo).st_mode)  # still the pipe (never try this on /dev/*: tests run as root)


def test_read_text_names_every_unreadable_kind_of_file(tmp_path):
    from toolkit.errors import DataFileError
    from toolkit.fileio import read_text

    with pytest.raises(DataFileError, match=r"nope\.yaml: legend not found$"):
        read_text(tmp_path / "nope.yaml", "legend")
    with pytest.raises(DataFileError, match=r": is a folder, not a legend$"):
        read_text(tmp_path, "legend")
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)  # reading it would block forever
    with pytest.raises(DataFileError, match=r"pipe\.yaml: not a regular file$"):
        read_text(fifo, "legend")
    big = tmp_path / "big.yaml"
    big.write_bytes(b"x" * (2 * 2**20 + 1))
    with pytest.raises(DataFileError, match=r"big\.yaml: legend is larger than 2 MiB \(2097153 bytes\)$"):
        read_text(big, "legend", max_bytes=2 * 2**20)
    bad = tmp_path / "bad.yaml"
    bad.write_bytes("ok ä".encode() + b"\xff")
    with pytest.raises(DataFileError, match=r"bad\.yaml: not utf-8 text \(byte 5\)$"):
        read_text(bad, "legend")
    good = tmp_path / "good.yaml"
    good.write_text("Äänislinna: 1\n", encoding="utf-8")
    assert read_text(good, "legend") == "Äänislinna: 1\n"


def test_wgt_refuses_a_pipe_as_legend_instead_of_blocking(tmp_path):
    import subprocess
    import sys

    fifo = tmp_path / "legend.yaml"
    os.mkfifo(fifo)
    image = tmp_path / "scan.png"
    from PIL import Image

    Image.new("RGB", (64, 64), (255, 255, 255)).save(image)
    grid = tmp_path / "grid.yaml"
    grid.write_text("numbering: {scheme: ccrr}\nextent: {columns: [1, 2], rows: [1, 2]}\n"
                    "calibration: [[20.0, 0.0, 10.0], [10.0, 20.0, 10.0]]\n", encoding="utf-8")
    proc = subprocess.run([sys.executable, "-m", "toolkit", "map", "extract", str(image), "--grid", str(grid),
                           "--legend", str(fifo), "-o", str(tmp_path / "out.yaml")],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 3
    assert proc.stderr.strip() == f"wgt: error: {fifo}: not a regular file"
