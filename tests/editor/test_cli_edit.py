"""``wgt map edit`` and ``wgt map set`` as the user runs them: real processes."""

from __future__ import annotations

import http.client
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
from pathlib import Path

from toolkit.terrain import load_map

ROOT = Path(__file__).resolve().parents[2]
SMALL = ROOT / "tests" / "terrain" / "data" / "small.yaml"
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}


def test_map_edit_serves_until_interrupted_and_says_how_many_saves(tmp_path: Path) -> None:
    p = tmp_path / "m.yaml"
    shutil.copy(SMALL, p)
    proc = subprocess.Popen([sys.executable, "-m", "toolkit", "map", "edit", str(p), "--no-browser"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=ENV, cwd=tmp_path)
    try:
        assert proc.stderr is not None
        line = proc.stderr.readline()
        found = re.fullmatch(r"editing (.+) at http://127\.0\.0\.1:(\d+)/\?token=([\w-]+)\n", line)
        assert found and found.group(1) == str(p), line
        port, token = int(found.group(2)), found.group(3)
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
        conn.request("GET", "/api/map", headers={"X-WGT-Token": token})
        res = conn.getresponse()
        data = json.loads(res.read())
        assert res.status == 200 and len(data["hexes"]) == 48
        body = json.dumps({"base": data["digest"], "hexes": {"0201": {"terrain": "forest"}}})
        conn.request("POST", "/api/save", body=body, headers={"X-WGT-Token": token,
                                                              "Content-Type": "application/json"})
        assert conn.getresponse().status == 200
        conn.close()
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=20)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 0 and out == ""
    assert f"stopped; 1 saves to {p}" in err and "Traceback" not in err
    assert load_map(p).terrain("0201") == "forest"


def test_a_port_in_use_is_one_line_and_exit_3(tmp_path: Path) -> None:
    p = tmp_path / "m.yaml"
    shutil.copy(SMALL, p)
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        r = subprocess.run([sys.executable, "-m", "toolkit", "map", "edit", str(p), "--no-browser", "--port",
                            str(port)], capture_output=True, text=True, env=ENV, timeout=60)
    assert r.returncode == 3 and r.stderr.startswith(f"wgt: error: cannot listen on 127.0.0.1 port {port}")
    assert r.stderr.count("\n") == 1


def test_real_wgt_map_set_processes_at_once_all_land(tmp_path: Path) -> None:
    """The lost update of issue 18, as a user meets it: several ``wgt map set`` processes started at
    the same moment on one map (each its own interpreter), 8 rounds of 4: every edit is there."""
    p = tmp_path / "m.yaml"
    shutil.copy(SMALL, p)
    hexes = ["0201", "0301", "0401", "0501"]
    for r in range(8):
        procs = [subprocess.Popen([sys.executable, "-m", "toolkit", "map", "set", str(p), hid, "--set",
                                   f"r{r}={r}"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, env=ENV)
                 for hid in hexes]
        for proc in procs:
            _, err = proc.communicate(timeout=120)
            assert proc.returncode == 0, err.decode()
    m = load_map(p)
    for hid in hexes:
        assert {k: v for k, v in m.hex(hid).values.items() if k.startswith("r")} == {f"r{r}": r for r in range(8)}
