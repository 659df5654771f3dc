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


def test_huge_page_heap_in_a_fresh_process():
    """On glibc Linux the heap grows by the span asked and that span is advised for huge pages (smaps: "hg" in
    VmFlags); memory is then allocated and freed as usual."""
    code = ("import sys; from toolkit.procenv import keep_freed_memory, huge_page_heap\n"
            "ok = keep_freed_memory() and huge_page_heap(64 << 20)\n"
            "b = bytearray(40 << 20); b[-1] = 1; del b\n"
            "flags = [l for l in open('/proc/self/smaps') if l.startswith('VmFlags')] if ok else []\n"
            "print(ok, sys.platform, any(' hg' in l for l in flags))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    if out[1].startswith("linux"):
        import platform

        assert out[0] == str(platform.libc_ver()[0] == "glibc")
        assert out[2] == out[0]
    else:
        assert out == ["False", sys.platform, "False"]


def test_arenas_from_heap_in_a_fresh_process():
    """Small objects by the hundred thousand, made, freed and made again, once arenas come from the heap."""
    code = ("import sys, os; from toolkit.procenv import keep_freed_memory, huge_page_heap, arenas_from_heap\n"
            "ok = keep_freed_memory() and huge_page_heap(64 << 20) and arenas_from_heap()\n"
            "for _ in range(3):\n"
            "    xs = [str(i) * 3 for i in range(300_000)]\n"
            "    assert xs[123_456] == '123456' * 3\n"
            "    del xs\n"
            "print(ok, sys.platform, os.uname().machine)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.split()
    if out[1].startswith("linux") and out[2] in ("x86_64", "aarch64"):
        import platform

        assert out[0] == str(platform.libc_ver()[0] == "glibc")
    else:
        assert out[0] == "False"
