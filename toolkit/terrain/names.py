"""The hexside features and hex tags an edit may name without ``--new`` (``wgt map side``, ``wgt map set``, the
editor's save): those the map uses, those its legend read (``meta.extraction``: a line of the legend on no hexside
yet is still the map's), and the standard names the board drawing has a style for. A name known nowhere is a
misspelling until the user says it is new: ``--add rivr`` was added with a warning and exit 0, and ``rivr`` then
sat on the hexside where the rules and the board look for ``river``; now it is refused in one line naming the
map's names, nearest spelling first, and the file is left as it was.
"""

from __future__ import annotations

import difflib
from collections.abc import Iterable

from .model import _WORD, TerrainMap

__all__ = ["STANDARD_TAGS", "known_side_features", "known_tags", "nearest", "unknown_name"]

#: hex tags with a meaning of their own: the places and marks the board drawing draws (render.py)
STANDARD_TAGS = frozenset({"capital", "city", "supply_city", "town", "village", "port", "fortification", "ice"})


def standard_side_features() -> frozenset[str]:
    """Every hexside feature the board drawing has a style for, and ``bridge`` (the editor's palette)."""
    from .render import DRAWN_FEATURES

    return DRAWN_FEATURES | {"bridge"}


def known_side_features(m: TerrainMap) -> frozenset[str]:
    """The map's own hexside features: on its hexsides (overrides applied) and its legend's lines that the
    extraction recorded in ``meta.extraction`` (found on no hexside, they are still the legend's names)."""
    own = {f for feats in m.effective_hexsides().values() for f in feats}
    rec = m.meta.get("extraction") if isinstance(m.meta, dict) else None
    if isinstance(rec, dict):
        own |= {str(k) for k in rec}
    return frozenset(own)


def known_tags(m: TerrainMap) -> frozenset[str]:
    """The tags on the map's hexes (overrides applied)."""
    return frozenset(t for h in m.effective_hexes().values() for t in h.tags)


def _closeness(word: str, name: str) -> float:
    return difflib.SequenceMatcher(None, word.casefold(), name.casefold()).ratio()


def nearest(word: str, names: Iterable[str]) -> list[str]:
    """``names`` nearest spelling to ``word`` first (difflib's ratio, case folded; ties in name order)."""
    return sorted(set(names), key=lambda n: (-_closeness(word, n), n))


def unknown_name(word: str, kind: str, own: Iterable[str], standard: Iterable[str], how: str) -> str | None:
    """The one-line refusal of ``word`` as a ``kind`` (``hexside feature``, ``tag``) when it is neither one of the
    map's own names nor a standard one, else None: the nearest name (ratio 0.7 and up) as "did you mean", the
    map's names nearest spelling first, the standard names near it (ratio 0.7 and up, at most 4), and ``how`` (what
    was done, and how a new name is given). Not a word at all (``bad feature``): None, the model's setter says what
    a name must be."""
    own_set, std_set = set(own), set(standard)
    if word in own_set or word in std_set or not _WORD.fullmatch(word):
        return None
    have = nearest(word, own_set)
    near = [n for n in nearest(word, std_set - own_set) if _closeness(word, n) >= 0.7][:4]
    best = [n for n in nearest(word, [*have, *near]) if _closeness(word, n) >= 0.7][:1]
    text = f"{word!r} is no {kind} of this map" + (f", did you mean {best[0]!r}?" if best else "")
    text += f" (the map has {', '.join(have) if have else 'none'}"
    text += f"; standard names near it: {', '.join(near)})" if near else ")"
    return f"{text}; {how}"
