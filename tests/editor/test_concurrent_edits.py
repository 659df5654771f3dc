"""Edits that never lose data (issue 18 item 3): ``wgt map set`` / ``map side`` and the editor's save
lock the map file and compare-and-swap, so concurrent edits both land or the later one is refused with
a message; a kill -9 at any moment leaves the old or the new file, and the temporary file it leaves is
removed by the next write."""

from __future__ import annotations

import os
import random
import shutil
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from toolkit.errors import DataFileError
from toolkit.fileio import remove_stale_temps
from toolkit.hexgrid import CCRR, Extent, Grid, OffsetSystem
from toolkit.terrain import load_map
from toolkit.terrain.io import MapChangedError, digest, edit_map, edit_map_file, save_map
from toolkit.terrain.model import HexData, TerrainMap, TerrainType

ROOT = Path(__file__).resolve().parents[2]
WINTER_WAR = ROOT / "maps" / "winter-war.yaml"

fcntl = pytest.importorskip("fcntl", reason="file locks (fcntl.flock) exist on POSIX systems only")


def _map(path: Path, columns: int = 20, rows: int = 20) -> Path:
    grid = Grid(CCRR(2, 2, offset=OffsetSystem("flat", "odd")), Extent(1, columns, 1, rows))
    legend = {"clear": TerrainType("clear", "#eeeeee"), "forest": TerrainType("forest", "#338833")}
    hexes = {hid: HexData("forest" if i % 3 == 0 else "clear") for i, hid in enumerate(grid.ids())}
    save_map(TerrainMap("concurrency", "made by the test", grid, legend, hexes, {"0101/0102": ["river"]}), path)
    return path


def _temps(path: Path) -> list[str]:
    return sorted(p.name for p in path.parent.iterdir() if p.name.startswith(f".{path.name}.") and
                  p.name.endswith(".tmp"))


# --- two processes editing one map at the same time ------------------------------------------------

WORKER = textwrap.dedent("""
    import os, sys, time
    from toolkit.cli.main import cli

    path, me, other, rounds, sync = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5]
    for r in range(rounds):
        # a barrier: both workers start round r together, so their edits overlap
        open(os.path.join(sync, f"{me}.{r}"), "w").close()
        while not os.path.exists(os.path.join(sync, f"{other}.{r}")):
            time.sleep(0.0002)
        if me == "a" or r % 2 == 0:
            args = ["map", "set", path, "0101", "--set", f"{me}{r}={r}"]
        else:
            args = ["map", "side", path, "0101", "0102", "--add", f"{me}{r}", "--new"]
        cli.main(args, prog_name="wgt")
""")


def test_two_concurrent_editors_in_a_loop_never_lose_an_edit(tmp_path: Path) -> None:
    """100 rounds; in each, two processes edit the same map at once (both the same hex line in even
    rounds; a hex and a hexside in odd rounds): every one of the 200 edits is in the file afterwards."""
    path = _map(tmp_path / "m.yaml")
    sync = tmp_path / "sync"
    sync.mkdir()
    rounds = 100
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    procs = [subprocess.Popen([sys.executable, "-c", WORKER, str(path), me, other, str(rounds), str(sync)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, cwd=tmp_path)
             for me, other in (("a", "b"), ("b", "a"))]
    for p in procs:
        _, err = p.communicate(timeout=300)
        assert p.returncode == 0, err.decode()
    m = load_map(path)
    values = m.hex("0101").values
    assert {k for k in values if k.startswith("a")} == {f"a{r}" for r in range(rounds)}
    assert {k for k in values if k.startswith("b")} == {f"b{r}" for r in range(0, rounds, 2)}
    assert all(values[f"a{r}"] == r for r in range(rounds))
    assert m.side_features("0101", "0102") == {"river"} | {f"b{r}" for r in range(1, rounds, 2)}
    assert _temps(path) == []


MAP_SET_WORKER = textwrap.dedent("""
    import os, sys, time
    from toolkit.cli.main import cli

    path, rounds, sync = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    for r in range(rounds):
        open(os.path.join(sync, f"cli.{r}"), "w").close()
        while not os.path.exists(os.path.join(sync, f"editor.{r}")):
            time.sleep(0.0002)
        try:
            cli.main(["map", "set", path, "0101", "--set", f"c{r}={r}"], prog_name="wgt")
        except SystemExit as exc:
            if exc.code:
                raise
        open(os.path.join(sync, f"done.{r}"), "w").close()
""")


def test_the_editor_and_map_set_at_once_in_a_loop_never_lose_an_edit(tmp_path: Path) -> None:
    """100 rounds; in each, the editor (its HTTP save, based on the file as the page loaded it) and `wgt map
    set` in another process edit the same map at once. The CLI edit always lands; the editor's save lands too,
    or is refused with 409 and its message (never written over the other edit), and lands when the page
    saves again on the reloaded map: afterwards all 200 edits are in the file."""
    from tests.editor.browser import serving
    from tests.editor.test_server import request

    path = _map(tmp_path / "m.yaml")
    sync = tmp_path / "sync"
    sync.mkdir()
    rounds = 100
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    worker = subprocess.Popen([sys.executable, "-c", MAP_SET_WORKER, str(path), str(rounds), str(sync)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=env, cwd=tmp_path)
    outcomes = {200: 0, 409: 0}
    with serving(path) as srv:

        def page_edit(r: int) -> dict:
            """What the page sends: hex 0202 as it loaded it, with the value e<r> added."""
            status, page = request(srv.port, "GET", "/api/map", X_WGT_Token=srv.token)
            assert status == 200
            row = next(h for h in page["hexes"] if h[0] == "0202")
            return {"base": page["digest"], "hexes": {"0202": {"terrain": row[3], "tags": row[4], "name": row[5],
                                                               "values": {**row[6], f"e{r}": r}}}}

        def wait_for(name: str) -> None:
            while not (sync / name).exists():
                time.sleep(0.0002)

        for r in range(rounds):
            body = page_edit(r)  # the page has loaded the map; then both edits start together
            (sync / f"editor.{r}").touch()
            wait_for(f"cli.{r}")
            status, res = request(srv.port, "POST", "/api/save", body, X_WGT_Token=srv.token)
            outcomes[status] = outcomes.get(status, 0) + 1
            if status == 409:
                assert res["error"].startswith("not saved: the map file changed on disk since it was opened")
                wait_for(f"done.{r}")
                status, res = request(srv.port, "POST", "/api/save", page_edit(r), X_WGT_Token=srv.token)
            assert status == 200, res
            wait_for(f"done.{r}")
    _, err = worker.communicate(timeout=300)
    assert worker.returncode == 0, err.decode()
    m = load_map(path)
    assert m.hex("0101").values == {f"c{r}": r for r in range(rounds)}
    assert m.hex("0202").values == {f"e{r}": r for r in range(rounds)}
    assert outcomes[200] + outcomes[409] == rounds
    assert _temps(path) == []


# --- compare-and-swap ------------------------------------------------------------------------------


def test_an_edit_based_on_an_old_read_is_refused(tmp_path: Path) -> None:
    path = _map(tmp_path / "m.yaml")
    opened = digest(path.read_bytes())
    edit_map(path, lambda m: m.set_value("0505", "vp", 2))  # someone else saves first
    after_other = path.read_bytes()
    with pytest.raises(MapChangedError, match="changed on disk since it was opened; nothing written"):
        edit_map(path, lambda m: m.set_value("0606", "vp", 3), expect=opened)
    assert path.read_bytes() == after_other
    # based on the current file, the same edit lands, and reports the new file's digest
    done = edit_map_file(path, lambda m: m.set_value("0606", "vp", 3), expect=digest(after_other))
    assert done.digest_before == digest(after_other) and done.digest_after == digest(path.read_bytes())
    assert load_map(path).value("0606", "vp") == 3 and load_map(path).value("0505", "vp") == 2


def test_a_program_that_takes_no_lock_changing_the_file_mid_edit_makes_the_edit_refuse(tmp_path: Path) -> None:
    """A text editor or ``git checkout`` takes no lock: the check just before the rename catches it,
    whether the other program renamed a new file in or wrote the same file in place."""
    path = _map(tmp_path / "m.yaml")
    original = path.read_text()
    for how in ("rename", "in place"):
        theirs = original.replace('"0303": {terrain: forest}', '"0303": {terrain: clear }')  # same size
        assert theirs != original

        def change(m: TerrainMap, how: str = how, theirs: str = theirs) -> None:
            m.set_value("0707", "vp", 1)
            if how == "rename":
                (tmp_path / "other.yaml").write_text(theirs)
                os.replace(tmp_path / "other.yaml", path)
            else:
                st = path.stat()
                with open(path, "r+") as fh:
                    fh.write(theirs)
                os.utime(path, ns=(st.st_atime_ns, st.st_mtime_ns))  # same inode, size and time: only the bytes tell

        with pytest.raises(MapChangedError, match="changed on disk by another program while this edit was made"):
            edit_map(path, change)
        assert path.read_text() == theirs
        assert _temps(path) == []
        path.write_text(original)


def test_an_edit_waits_for_the_lock_and_gives_up_with_a_message(tmp_path: Path) -> None:
    path = _map(tmp_path / "m.yaml")
    before = path.read_bytes()
    with open(path, "rb") as held:
        fcntl.flock(held.fileno(), fcntl.LOCK_EX)
        t0 = time.monotonic()
        with pytest.raises(DataFileError, match=r"another edit has held the map file for over 0.3 s; nothing written"):
            edit_map(path, lambda m: m.set_value("0505", "vp", 1), timeout=0.3)
        assert time.monotonic() - t0 >= 0.3
        assert path.read_bytes() == before
    edit_map(path, lambda m: m.set_value("0505", "vp", 1), timeout=0.3)  # released: it lands
    assert load_map(path).value("0505", "vp") == 1


def test_the_lock_follows_a_symbolic_link_and_the_link_stays(tmp_path: Path) -> None:
    real = _map(tmp_path / "real.yaml")
    link = tmp_path / "link.yaml"
    link.symlink_to(real.name)
    with open(real, "rb") as held:
        fcntl.flock(held.fileno(), fcntl.LOCK_EX)
        with pytest.raises(DataFileError, match="another edit has held the map file"):
            edit_map(link, lambda m: m.set_value("0505", "vp", 1), timeout=0.1)
    edit_map(link, lambda m: m.set_value("0505", "vp", 1))
    assert link.is_symlink() and load_map(real).value("0505", "vp") == 1


def test_unreadable_map_files_keep_their_one_line_errors(tmp_path: Path) -> None:
    with pytest.raises(DataFileError, match="map file not found"):
        edit_map(tmp_path / "missing.yaml", lambda m: None)
    with pytest.raises(DataFileError, match="is a folder"):
        edit_map(tmp_path, lambda m: None)
    fifo = tmp_path / "fifo.yaml"
    os.mkfifo(fifo)
    with pytest.raises(DataFileError, match="not a regular file"):
        edit_map(fifo, lambda m: None)


# --- kill -9 mid-write ------------------------------------------------------------------------------

KILLED = textwrap.dedent("""
    import os, sys, time
    from toolkit.terrain.io import edit_map

    path, stop_at = sys.argv[1], sys.argv[2]

    def pause(name, real):
        # announce the moment and wait there to be killed (the parent kills on reading the line)
        def hooked(*args):
            if name == "before-replace":
                print(name, flush=True); time.sleep(30)
            result = real(*args)
            if name != "before-replace":
                print(name, flush=True); time.sleep(30)
            return result
        return hooked

    if stop_at == "in-fsync":
        os.fsync = pause("in-fsync", os.fsync)
    elif stop_at in ("before-replace", "after-replace"):
        os.replace = pause(stop_at, os.replace)
    print("ready", flush=True)
    while True:  # toggle one hex for ever until killed: every write changes the file
        edit_map(path, lambda m: m.set_terrain("2517", "clear" if m.terrain("2517") == "mountain" else "mountain"))
""")


def test_kill_9_at_any_moment_leaves_the_old_or_the_new_file_and_the_next_write_cleans_up(tmp_path: Path) -> None:
    """The Winter War map (3,038 hexes) edited in a loop and killed 24 times: at a random moment, and
    at the three moments that matter (data written and synced, about to rename, just renamed). The file
    is always one of the two whole versions; the temporary file a kill leaves is removed by the next
    write of that file, and not by a write of another file."""
    path = tmp_path / "ww.yaml"
    shutil.copy(WINTER_WAR, path)
    edit_map(path, lambda m: m.set_terrain("2517", "clear"))
    clear = path.read_bytes()
    edit_map(path, lambda m: m.set_terrain("2517", "mountain"))
    mountain = path.read_bytes()
    assert clear != mountain
    rng = random.Random(17)
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    other = _map(tmp_path / "other.yaml", 3, 3)
    left: dict[str, int] = {}
    states: set[bytes] = set()
    for stop_at in ["random", "in-fsync", "before-replace", "after-replace"] * 6:
        p = subprocess.Popen([sys.executable, "-c", KILLED, str(path), stop_at], stdout=subprocess.PIPE, env=env)
        assert p.stdout is not None and p.stdout.readline() == b"ready\n"
        if stop_at == "random":
            time.sleep(rng.uniform(0.0, 0.3))
        else:
            assert p.stdout.readline() == f"{stop_at}\n".encode()
        p.send_signal(signal.SIGKILL)
        p.wait()
        now = path.read_bytes()
        assert now in (clear, mountain)
        states.add(now)
        temps = _temps(path)
        left[stop_at] = left.get(stop_at, 0) + len(temps)
        if temps:
            edit_map(other, lambda m: m.set_terrain("0101", "forest"))
            assert _temps(path) == temps  # another file's write leaves them
            edit_map(path, lambda m: m.set_value("0101", "note", None))  # this file's next write cleans
            assert _temps(path) == []
            assert path.read_bytes() == now  # (a no-op edit writes the same bytes)
    assert left["in-fsync"] == 6 and left["before-replace"] == 6 and left["after-replace"] == 0
    assert states == {clear, mountain}
    load_map(path)


def test_a_live_writers_temporary_file_is_kept(tmp_path: Path) -> None:
    path = _map(tmp_path / "m.yaml")
    sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        live = tmp_path / f".m.yaml.{sleeper.pid}.abcd_123.tmp"
        live.write_text("half")
        dead_pid = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True,
                                  text=True, check=True).stdout.strip()
        dead = tmp_path / f".m.yaml.{dead_pid}.zz99zz99.tmp"
        dead.write_text("half")
        old_style = tmp_path / ".m.yaml.k3j4h5g6.tmp"
        old_style.write_text("half")
        fresh_old_style = tmp_path / ".m.yaml.a1b2c3d4.tmp"
        fresh_old_style.write_text("half")
        hour_ago = time.time() - 3700
        os.utime(old_style, (hour_ago, hour_ago))
        unrelated = tmp_path / ".m.yaml.notes.txt"
        unrelated.write_text("mine")
        assert sorted(p.name for p in remove_stale_temps(path)) == sorted([dead.name, old_style.name])
        assert live.exists() and fresh_old_style.exists() and unrelated.exists()
    finally:
        sleeper.kill()
        sleeper.wait()
    assert [p.name for p in remove_stale_temps(path)] == [live.name]
