"""The browser terrain editor behind ``wgt map edit``: a local server (:mod:`.server`) and one page
(``static/``: HTML, CSS and vanilla JavaScript, no build step)."""

from .server import EditorServer

__all__ = ["EditorServer"]
