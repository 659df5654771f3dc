"""Map terrain data: the model (:mod:`.model`), its YAML file (:mod:`.io`), rendering (:mod:`.render`)
and GeoJSON export (:mod:`.geojson`)."""

from .io import dumps_map, edit_map, load_map, loads_map, save_map
from .model import HexData, TerrainMap, TerrainType, side_key

__all__ = ["HexData", "TerrainMap", "TerrainType", "dumps_map", "edit_map", "load_map", "loads_map", "save_map",
           "side_key"]
