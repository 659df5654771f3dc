"""Process settings of a one-shot wgt run (toolkit.procenv)."""

from __future__ import annotations

import subprocess
import sys

from toolkit import procenv


def test_single_threaded_blas_keeps_the_users_setting(monkeypatch):
    monkeypatch.setenv("OPENBLAS_NUM_THREADS", "3")
    procenv.single_threaded_blas()
    import os

    assert os.environ["OPENBLAS_NUM_THREADS"] == "3"
    monkeypatch.delenv("OPENBLAS_NUM_THREADS")
    procenv.single_threaded_blas()
    assert os.environ["OPENBLAS_NUM_THREADS"] == "1"


def test_keep_freed_memory_in_a_fresh_process():
    # in a child: the setting lasts until the process ends
    code = "from toolkit.procenv import keep_freed_memory; import sys; print(keep_freed_memory(), sys.platform)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    if out[1].startswith("linux"):
        import platform

        assert out[0] == str(platform.libc_ver()[0] == "glibc")
    else:
        assert out[0] == "False"
