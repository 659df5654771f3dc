"""Benchmarks: ``python -m benchmarks [NAME ...]`` runs every ``bench_*.py`` here (or those named).

Each module has ``main(argv: list[str]) -> dict`` that measures its subject *and a baseline in the
same run* and returns a summary with the ratios; these machines are noisy, so only ratios measured
side by side mean anything.
"""
