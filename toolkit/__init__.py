"""wargame-toolkit: map terrain data, a rules referee and builders for hex-and-counter wargames."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("wargame-toolkit")
except PackageNotFoundError:  # running from a checkout that was never installed
    __version__ = "0.0.0+checkout"

__all__ = ["__version__"]
