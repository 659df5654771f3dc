"""The sheets and aids PDFs as poppler and qpdf see them, when those tools are on the machine.

The other tests read the PDFs with wheels (tests/pdfcheck.py: PDFium, pikepdf); these ask the command-line
tools a printer or a user would (``pdffonts``, ``pdftotext``, ``qpdf --check``) and are skipped, with the
reason, where they are not installed.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from toolkit.builders.aids import AidStyle, ChartTable, aids_pdf
from toolkit.builders.sheets import SheetSpec, build_sheets
from toolkit.counters import load_counters

DATA = Path(__file__).parent / "data"
CRT = ChartTable.make("Combat Results Table", ("Die", "1-2", "1-1", "2-1"),
                      [(1, "Ae", "Ne", "De"), (2, "Ar", "Ex", "Dr (Ne)")], kind="crt")


def _tool(name: str, package: str) -> str:
    path = shutil.which(name)
    if path is None:
        pytest.skip(f"{name} is not installed ({package}); tests/pdfcheck.py checks the same with wheels")
    return path


@pytest.fixture(scope="module")
def pdfs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    folder = tmp_path_factory.mktemp("pdfs")
    sheets, aids = folder / "sheets.pdf", folder / "aids.pdf"
    sheets.write_bytes(build_sheets(load_counters(DATA / "all-types.yaml"), SheetSpec(counter_mm=16)))
    aids.write_bytes(aids_pdf([CRT], AidStyle(game_title="Test")))
    return {"sheets": sheets, "aids": aids}


@pytest.mark.parametrize("which", ["sheets", "aids"])
def test_pdffonts_lists_only_embedded_fonts(pdfs, which):
    out = subprocess.run([_tool("pdffonts", "poppler-utils"), str(pdfs[which])], capture_output=True, text=True,
                         check=True, timeout=60).stdout.splitlines()
    rows = [line.split() for line in out[2:]]
    assert rows and all(row[1] == "TrueType" and row[-5] == "yes" for row in rows), out  # the "emb" column
    assert {row[0].split("+")[-1] for row in rows} >= {"SourceSansPro-Regular", "SourceSansPro-Bold"}


def test_pdftotext_finds_the_crt_cells(pdfs):
    text = subprocess.run([_tool("pdftotext", "poppler-utils"), "-layout", str(pdfs["aids"]), "-"],
                          capture_output=True, text=True, check=True, timeout=60).stdout
    rows = [line.split() for line in text.splitlines()]
    assert ["Die", "1-2", "1-1", "2-1"] in rows and ["2", "Ar", "Ex", "Dr", "(Ne)"] in rows


@pytest.mark.parametrize("which", ["sheets", "aids"])
def test_qpdf_check_is_clean(pdfs, which):
    done = subprocess.run([_tool("qpdf", "qpdf"), "--check", str(pdfs[which])], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0 and "No syntax or stream encoding errors" in done.stdout, done.stdout + done.stderr
