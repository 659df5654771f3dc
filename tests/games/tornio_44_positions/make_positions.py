"""Writes the Tornio '44 position suite (``python tests/games/tornio_44_positions/make_positions.py``).

Each position is judged on the hand-made test map (``tests/games/tornio_44/fixture_map.yaml``: open ground with
the features a rule needs) and cites its section; its ``expect:`` gives the verdict and the exact violations
(section, hexes, units), written from the rulebook, not from the referee's output. The positions are declared in
``positions_1.py`` (7.0-18.x) and ``positions_2.py`` (19.0-31.x, then those on the bundled map, written to
``../tornio_44_real_positions``) with the helpers of ``suite.py``.

Counters are given by their printed values (``fin infantry 3-3-5``: side, type, Attack-Defense-Movement; ``m``
motorised; ``[8]-1-8m r6`` a Support Unit). ``turn`` counts Game Turns 1..16 (1 = 1A, 2 = 1B, 3 = 2A ...).
"""

from __future__ import annotations

import sys
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import positions_1  # noqa: E402,F401  (registers its positions, in order)
import positions_2  # noqa: E402,F401
import suite  # noqa: E402

POSITIONS = suite.POSITIONS


def write() -> None:
    real = HERE.parent / "tornio_44_real_positions"
    real.mkdir(exist_ok=True)
    for old in [*HERE.glob("[0-9]*.yaml"), *real.glob("[0-9]*.yaml")]:
        old.unlink()
    for n, pos in enumerate(POSITIONS, 1):
        folder = HERE if n <= suite.FIXTURE_COUNT else real
        verdict = "legal" if pos["data"]["expect"]["ok"] else "violates " + ", ".join(pos["data"]["expect"]["rules"])
        head = f"# rule: {pos['rule']}\n# {pos['why']}\n# expected verdict: {verdict}\n"
        text = yaml.safe_dump(pos["data"], sort_keys=False, default_flow_style=None, width=120, allow_unicode=True)
        (folder / f"{n:03d}-{pos['name']}.yaml").write_text(head + text, encoding="utf-8")


if __name__ == "__main__":
    write()
    legal = sum(1 for x in POSITIONS if x["data"]["expect"]["ok"])
    print(f"{len(POSITIONS)} positions, {legal} legal")
