"""A hardened lxml parser for VASSAL's XML (buildFile, moduledata, savedata).

No DTDs, no entity expansion, no network, no huge trees: a document with a ``<!DOCTYPE`` or
``<!ENTITY`` declaration is refused before parsing (VASSAL never writes one), which stops external
entities and billion-laughs expansion outright. A document with more than ``MAX_ELEMENTS`` start tags
is refused before parsing too: each element costs lxml some 400 bytes, so 60 MB of tiny elements
(4 MB zipped) took 2.2 GB.
"""

from __future__ import annotations

from ..errors import VassalFormatError
from ..lazy import pattern

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, which mypy reads the same, without importing typing at run time
if TYPE_CHECKING:
    from lxml import etree

__all__ = ["MAX_ELEMENTS", "parse_xml"]

_DECL = pattern(rb"(?i)<!\s*(DOCTYPE|ENTITY)")
MAX_ELEMENTS = 1_000_000  # the largest corpus build file (Paths of Glory) has 3,565


def _parser() -> etree.XMLParser:
    from lxml import etree  # imported when XML is read: reading a save's commands needs none

    return etree.XMLParser(resolve_entities=False, no_network=True, huge_tree=False, load_dtd=False,
                           dtd_validation=False, remove_comments=False, recover=False)


def parse_xml(data: bytes, source: str) -> etree._Element:
    """Parse ``data`` and return the root element; raises VassalFormatError naming ``source``."""
    if _DECL().search(data[:65536]) or (b"<!" in data and _DECL().search(data)):
        raise VassalFormatError(f"{source}: xml with a document type or entity declaration is refused")
    tags = data.count(b"<") - data.count(b"</")
    if tags > MAX_ELEMENTS:
        raise VassalFormatError(f"{source}: xml with about {tags} elements, more than the {MAX_ELEMENTS} limit")
    from lxml import etree

    try:
        root = etree.fromstring(data, _parser())
    except etree.XMLSyntaxError as exc:
        msg = str(exc).splitlines()[0] if str(exc) else "syntax error"
        raise VassalFormatError(f"{source}: not well-formed xml ({msg[:1].lower() + msg[1:]})") from None
    except ValueError as exc:
        raise VassalFormatError(f"{source}: not readable xml ({exc})") from None
    if root is None:
        raise VassalFormatError(f"{source}: empty xml document")
    return root
