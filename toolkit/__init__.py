"""wargame-toolkit: map terrain data, a rules referee and builders for hex-and-counter wargames."""

from __future__ import annotations

__all__ = ["__version__"]


def __getattr__(name: str) -> str:
    """``__version__``, read from the installed metadata on first use (importlib.metadata costs more
    than the rest of ``wgt --help``)."""
    if name != "__version__":
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from importlib.metadata import PackageNotFoundError, version

    try:
        found = version("wargame-toolkit")
    except PackageNotFoundError:  # running from a checkout that was never installed
        found = "0.0.0+checkout"
    globals()["__version__"] = found
    return found
