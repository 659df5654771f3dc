"""Map terrain data: the model (:mod:`.model`), its YAML file (:mod:`.io`), rendering (:mod:`.render`)
and GeoJSON export (:mod:`.geojson`)."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .io import dumps_map, edit_map, load_map, loads_map, save_map
    from .model import HexData, TerrainMap, TerrainType, side_key

__all__ = ["HexData", "TerrainMap", "TerrainType", "dumps_map", "edit_map", "load_map", "loads_map", "save_map",
           "side_key"]

_WHERE = {"dumps_map": "io", "edit_map": "io", "load_map": "io", "loads_map": "io", "save_map": "io",
          "HexData": "model", "TerrainMap": "model", "TerrainType": "model", "side_key": "model"}


def __getattr__(name: str) -> Any:
    """The names above, imported on first use: a command that needs only the model does not pay for the
    YAML reader and writer, and ``import toolkit.terrain.model`` does not import them at all."""
    if name not in _WHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{_WHERE[name]}"), name)
    globals()[name] = value
    return value
