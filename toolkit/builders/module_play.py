"""What makes a built module play like a published one: hidden units, ownership, boxes, markers, bulk commands.

A game declares these as data in its :class:`toolkit.builders.module.ModuleSpec`; this module turns them
into VASSAL traits and components (encodings: ``reference/vassal-formats.md`` §2.7.4, checked against
VASSAL 3.6.7's ``Obscurable``, ``Restricted``, ``SendToLocation``, ``Embellishment``, ``GlobalKeyCommand``):

* **Mask** (``obs;``, access ``side:``): a unit of a side the game hides is masked by its *side* (the
  save's state names the side, e.g. ``Finnish``), so any player of that side sees the face and every
  other player sees only the side's plain back, named by the mask name (``Finnish unit``);
* **Restricted access** (``restrict;``): only the owning side's players can move a unit or use its menu;
* **Eliminate** (``sendto;``, destination zone): sends the unit to its side's eliminated box;
* **Face up** (a hidden key of the flip layer, its reset to level 1), for the end-of-phase bulk flip;
* **boxes**: named holding zones of the ``Boxes`` map (eliminated units, held-back reinforcements, the
  turn record), drawn and labelled on its board;
* **markers**: the pieces the rules track things with (the Game-Turn marker, ...), each a plain piece
  with a printed text, placed in its box by the set-up;
* **bulk commands**: module Global Key Commands (toolbar buttons) sending one of the unit keys to
  every unit that matches a property filter (reveal the hidden units, all units face up, ...).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from ..fonts import font
from ..terrain.colour import hex_to_rgb
from ..vassal.codec import join
from ..vassal.traits import Trait

__all__ = [
    "BOXES_MAP",
    "KEYS",
    "Box",
    "BulkCommand",
    "GameProperty",
    "MarkerPiece",
    "box_layout",
    "eliminate_trait",
    "marker_image",
    "mask_trait",
    "render_boxes",
    "restrict_trait",
]

BOXES_MAP = "Boxes"

#: the unit keys the module's traits answer (and bulk commands send): Ctrl+H hide from the opponent
#: (Mask), Ctrl+E eliminate (Send To the eliminated box), Ctrl+Shift+F face up (the flip layer's reset)
KEYS: Mapping[str, str] = {"hide": "72,130", "eliminate": "69,130", "face_up": "70,195", "flip": "70,130",
                           "delete": "68,130"}


@dataclass(frozen=True)
class Box:
    """A named holding box (a VASSAL zone of the Boxes map; a piece in it is "in <name>").

    ``kind``: ``eliminated`` (a side's dead pile: its units' Eliminate command sends them there),
    ``holding`` (anything else the rules set aside), ``track`` (a space of a track a marker moves on).
    ``player`` is the side whose box it is (None: both); ``rule`` cites the rulebook."""

    name: str
    kind: str = "holding"
    player: str | None = None
    rule: str = ""


@dataclass(frozen=True)
class MarkerPiece:
    """A marker the rules use: VASSAL piece ``name`` (never read as a unit), the ``text`` printed on it,
    its colours, how many, the box the set-up puts them in (None: only in the palette), the rule."""

    name: str
    text: str
    colour: str = "#f2e6b8"
    text_colour: str = "#000000"
    copies: int = 1
    box: str | None = None
    rule: str = ""


@dataclass(frozen=True)
class BulkCommand:
    """A toolbar Global Key Command: sends the unit key ``action`` (a :data:`KEYS` name) to every piece
    matching ``filter`` (a VASSAL BeanShell expression, ``{...}``), as the rule ``rule`` asks."""

    name: str
    action: str
    filter: str
    rule: str = ""
    tooltip: str = ""


@dataclass(frozen=True)
class GameProperty:
    """A module-level global property (saved with every game: a ``GlobalProperty`` line of the save)."""

    name: str
    initial: str
    description: str = ""


# ------------------------------------------------------------------------------------------ traits

def mask_trait(image: str, mask_name: str) -> Trait:
    """A Mask (``Obscurable``) owned by the *side* that masks it (access ``side:``): its players see the
    face (the mask image inset), every other player sees ``image`` and the name ``mask_name``.
    Type fields (3.6.7 ``myGetType``): key; image; command; display style; mask name; access; peek
    command; description; auto-peek; deal key; deal expression. State ``null`` (not masked)."""
    return Trait(join(["obs", KEYS["hide"], image, "Hide from opponent", "I", mask_name, "side:", "",
                       "Hidden deployment", "true", "", ""], ";"), "null")


def restrict_trait(players: Sequence[str]) -> Trait:
    """Restricted Access: only players of ``players`` (roster sides) move the piece or use its commands.
    Type fields: sides (``,`` list); restrict by player; restrict movement; description. State: the
    owning player id (unused when restricting by side)."""
    return Trait(join(["restrict", join(list(players), ","), "false", "true", "Owner only"], ";"), "")


def eliminate_trait(map_name: str, zone: str) -> Trait:
    """Send To Location, destination zone ``zone`` of ``map_name`` (the zone's centre): "Eliminate",
    Ctrl+E. Type fields: command; key; map; board; x; y; back command; back key; x index; y index;
    x offset; y offset; description; destination (``Z``); zone; region; filter; grid location."""
    return Trait(join(["sendto", "Eliminate", KEYS["eliminate"], map_name, "", "0", "0", "", "", "0", "0", "1", "1",
                       "Eliminate", "Z", zone, "", "", ""], ";"), ";;")


# ------------------------------------------------------------------------------------------ the Boxes map

BOX_W, BOX_H, GAP, TITLE_H = 300, 150, 24, 40


def box_layout(boxes: Sequence[Box], px: int) -> tuple[tuple[int, int], dict[str, tuple[int, int, int, int]]]:
    """The Boxes board size and each box's rectangle (x0, y0, x1, y1): track spaces in a row at the top,
    then the other boxes four to a row. Boxes are large enough for a stack of ``px``-pixel counters."""
    w = max(BOX_W, px * 3)
    h = max(BOX_H, px * 2 + TITLE_H)
    track = [b for b in boxes if b.kind == "track"]
    other = [b for b in boxes if b.kind != "track"]
    rects: dict[str, tuple[int, int, int, int]] = {}
    tw = max(px + 40, 110)
    y = GAP
    for i, b in enumerate(track):
        x = GAP + i * (tw + 8)
        rects[b.name] = (x, y, x + tw, y + px + TITLE_H + 16)
    if track:
        y += px + TITLE_H + 16 + GAP
    per_row = 4
    for i, b in enumerate(other):
        x = GAP + (i % per_row) * (w + GAP)
        yy = y + (i // per_row) * (h + GAP)
        rects[b.name] = (x, yy, x + w, yy + h)
    width = max([r[2] for r in rects.values()] + [GAP]) + GAP
    height = max([r[3] for r in rects.values()] + [GAP]) + GAP
    return (width, height), rects


def render_boxes(boxes: Sequence[Box], px: int, title: str) -> Image.Image:
    """The Boxes board: each box outlined and titled with its name (and the rule it serves)."""
    (width, height), rects = box_layout(boxes, px)
    image = Image.new("RGB", (width, height), (236, 232, 220))
    draw = ImageDraw.Draw(image)
    head = font(15, "bold")
    small = font(11)
    for b in boxes:
        x0, y0, x1, y1 = rects[b.name]
        fill = (250, 246, 236) if b.kind != "eliminated" else (238, 222, 216)
        draw.rectangle((x0, y0, x1, y1), fill=fill, outline=(60, 60, 60), width=2)
        draw.text((x0 + 8, y0 + 6), b.name, fill=(0, 0, 0), font=head if b.kind != "track" else small)
        if b.rule and b.kind != "track":
            draw.text((x0 + 8, y0 + 24), b.rule, fill=(90, 90, 90), font=small)
    return image


def marker_image(marker: MarkerPiece, px: int) -> Image.Image:
    """A marker's face: its colour, a thin border and its text centred (lines split at spaces if long)."""
    scale = 4
    s = px * scale
    bg, fg = hex_to_rgb(marker.colour), hex_to_rgb(marker.text_colour)
    image = Image.new("RGB", (s, s), bg)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, s - 1, s - 1), outline=fg, width=max(1, s // 40))
    lines = marker.text.split("\n") if "\n" in marker.text else _wrap(marker.text)
    size = s * 0.26 if len(lines) == 1 and len(lines[0]) <= 4 else s * 0.17
    face = font(max(6, round(size)), "bold")
    heights = [draw.textbbox((0, 0), line, font=face) for line in lines]
    total = sum(b[3] - b[1] for b in heights) + (len(lines) - 1) * size * 0.2
    y = (s - total) / 2
    for line, box in zip(lines, heights, strict=True):
        w = box[2] - box[0]
        draw.text(((s - w) / 2 - box[0], y - box[1]), line, fill=fg, font=face)
        y += box[3] - box[1] + size * 0.2
    return image.reduce(scale)


def _wrap(text: str) -> list[str]:
    words = text.split()
    if len(text) <= 8 or len(words) == 1:
        return [text]
    lines: list[str] = []
    for w in words:
        if lines and len(lines[-1]) + 1 + len(w) <= 9:
            lines[-1] += " " + w
        else:
            lines.append(w)
    return lines
