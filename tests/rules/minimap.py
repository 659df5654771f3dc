"""A 10x10 Winter War-like test map following the map contract's vocabulary (not the real map).

Flat-top, even columns shifted down (as the bundled map). Row A is row 5: rows 1-4 are north of it.
Columns 1-5 are Finland (column 1, rows 1-3 are Sweden), columns 6-10 the USSR. Odd column c,
row r neighbours: (c+-1, r-1), (c+-1, r), (c, r+-1); even column: (c+-1, r), (c+-1, r+1), (c, r+-1).

    Leningrad 0809 (supply 999)   Murmansk 0802 (30)   Petrozavodsk 0905 (10)   Kem 1003 (4)
    Viipuri 0409 (city, vp 25)    Oulu 0203 (city, vp 30)   Helsinki 0110 (city)   Petsamo 0601 (vp 30,
    finland)   Mannerheim Line 0508, 0509; Ladoga line 0506   mountain 0404   whole minor lake 0303
    sea 0210, 0310 (0310 ice)   rails 0809-0709-0609-0509-0409-0309 and 0809-0808-...-0802,
    0905-0805, 0203-0204-0205; river 0305/0405; sea side 0606/0607; R hex 0102 (sweden)
"""

from __future__ import annotations

from toolkit.terrain.io import loads_map
from toolkit.terrain.model import TerrainMap

_FIN = [f"{c:02d}{r:02d}" for c in range(1, 6) for r in range(1, 11)]
_USSR = [f"{c:02d}{r:02d}" for c in range(6, 11) for r in range(1, 11)]
_SWE = ["0101", "0102", "0103"]

_SPECIAL = {
    "0809": 'tags: [supply_city, rail], name: Leningrad, supply_capacity: 999, vp: -100',
    "0802": 'tags: [supply_city, rail], name: Murmansk, supply_capacity: 30, vp: -20',
    "0905": 'tags: [supply_city, rail], name: Petrozavodsk, supply_capacity: 10, vp: -10',
    "1003": 'tags: [supply_city], name: Kem, supply_capacity: 4, vp: -10',
    "0409": 'tags: [city, rail, objective], name: Viipuri, vp: 25',
    "0203": 'tags: [city, rail, objective], name: Oulu, vp: 30',
    "0110": 'tags: [city], name: Helsinki',
    "0601": 'tags: [objective], name: Petsamo, vp: 30',
    "0508": 'tags: [fortification], fortification: mannerheim',
    "0509": 'tags: [fortification, rail], fortification: mannerheim',
    "0506": 'tags: [fortification], fortification: ladoga',
    "0102": 'tags: [r_hex], name: R',
    "0309": 'tags: [rail, row_west_of_viipuri], vp: 5',
    "0308": 'tags: [row_west_of_viipuri], vp: 5',
}
_RAIL = ["0809/0709", "0709/0609", "0609/0509", "0509/0409", "0409/0309",
         "0809/0808", "0808/0807", "0807/0806", "0806/0805", "0805/0804", "0804/0803", "0803/0802",
         "0905/0805", "0203/0204", "0204/0205"]


def _key(a: str, b: str) -> str:
    return f"{a}/{b}" if a < b else f"{b}/{a}"


def minimap_text() -> str:
    lines = [
        "schema: hexmap/1",
        "title: Winter War test map",
        "provenance: hand-made for tests",
        "grid:",
        "  numbering: {scheme: ccrr, col_digits: 2, row_digits: 2, orientation: flat, shifted: even}",
        "  extent: {columns: [1, 10], rows: [1, 10]}",
        "default_terrain: clear",
        "legend:",
        '  clear: {color: "#eeeeee"}',
        '  mountain: {color: "#aa8866", pattern: mountain}',
        '  minor_lake: {color: "#99ccee", pattern: water, water: true}',
        '  major_lake: {color: "#6699cc", pattern: water, water: true}',
        '  sea: {color: "#3366aa", pattern: water, water: true}',
        "meta:",
        "  row_a: 5",
        "hexes:",
    ]
    for h in _FIN + _USSR:
        country = "sweden" if h in _SWE else ("finland" if h in _FIN else "ussr")
        terrain = {"0404": "mountain", "0303": "minor_lake", "0210": "sea", "0310": "sea"}.get(h, "clear")
        extra = _SPECIAL.get(h, "")
        if h == "0310":
            extra = "tags: [ice]"
        if int(h[2:]) == 5:
            extra = ("tags: [row_a]" if not extra else extra.replace("tags: [", "tags: [row_a, "))
        fields = [f"terrain: {terrain}"]
        if extra.startswith("tags"):
            tag_part, _, rest = extra.partition("]")
            fields.append(tag_part + "]")
            extra = rest.lstrip(", ")
        if extra:
            fields.append(extra)
        if terrain != "sea":
            fields.append(f"country: {country}")
        lines.append(f'  "{h}": {{{", ".join(fields)}}}')
    sides: dict[str, list[str]] = {}
    for pair in _RAIL:
        a, b = pair.split("/")
        sides.setdefault(_key(a, b), []).append("rail")
    sides.setdefault(_key("0305", "0405"), []).append("river")
    sides.setdefault(_key("0606", "0607"), []).append("sea")
    for h in ("0210", "0310"):  # sea hexes: every side is sea
        for n in _neighbours(h):
            sides.setdefault(_key(h, n), []).append("sea")
    lines.append("hexsides:")
    for k in sorted(sides):
        lines.append(f'  "{k}": [{", ".join(sorted(set(sides[k])))}]')
    return "\n".join(lines) + "\n"


def _neighbours(h: str) -> list[str]:
    c, r = int(h[:2]), int(h[2:])
    if c % 2:
        cells = [(c + 1, r - 1), (c + 1, r), (c - 1, r - 1), (c - 1, r), (c, r - 1), (c, r + 1)]
    else:
        cells = [(c + 1, r), (c + 1, r + 1), (c - 1, r), (c - 1, r + 1), (c, r - 1), (c, r + 1)]
    return [f"{x:02d}{y:02d}" for x, y in cells if 1 <= x <= 10 and 1 <= y <= 10]


def minimap() -> TerrainMap:
    return loads_map(minimap_text(), "<minimap>")
