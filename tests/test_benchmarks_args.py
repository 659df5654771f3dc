"""``python -m benchmarks``'s arguments: a flag's value written after a space is the flag's (``--only crop`` as
``--only=crop``, the form the benches read), a bench's name stays a name."""

from __future__ import annotations

from benchmarks.__main__ import _joined

BENCHES = ["extract", "perturb", "real_boards"]


def test_a_flags_value_after_a_space_is_the_flags():
    assert _joined(["perturb", "--only", "crop", "--no-clicks"], BENCHES) == ["perturb", "--only=crop", "--no-clicks"]
    assert _joined(["perturb", "--cases", "afrika,red-winter", "--only=x0.6"], BENCHES) == [
        "perturb", "--cases=afrika,red-winter", "--only=x0.6"]


def test_a_benchs_name_after_a_flag_stays_a_name():
    assert _joined(["--command", "extract"], BENCHES) == ["--command", "extract"]
    assert _joined(["perturb", "--cases=a", "real_boards"], BENCHES) == ["perturb", "--cases=a", "real_boards"]


def test_a_word_after_another_flag_is_a_name():
    assert _joined(["--command", "extarct"], BENCHES) == ["--command", "extarct"]  # refused as unknown by main()
