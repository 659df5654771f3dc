"""Rules as small units: each a function registered with its rulebook section and the rule text it applies.

A game's referee is a list of :class:`Rule` objects, one (or a few) per case of its rulebook. A rule
carries its ``section`` exactly as violations cite it (``"Movement (J)"``: the chapter and the case
letter), the ``text`` it enforces quoted from the rulebook, and its ``check``. A :class:`RuleBook`
collects the rules of one game (decorator :meth:`RuleBook.rule`), runs them in registration order, and
can prove its quotes against the rulebook text (:meth:`RuleBook.unquoted`), so a rule cannot claim
words the book does not say.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import field
from typing import Any, Generic, TypeVar

from ..records import record
from .report import Violation

__all__ = ["Rule", "RuleBook", "normalise_text"]

C = TypeVar("C")


def normalise_text(text: str) -> str:
    """Text compared for quoting: typographic quotes and dashes folded, whitespace collapsed, lower case."""
    text = (text.replace("\u2019", "'").replace("\u2018", "'").replace("\u201c", '"').replace("\u201d", '"')
            .replace("\u2014", "-").replace("\u2013", "-"))
    return re.sub(r"\s+", " ", text).strip().lower()


@record(frozen=True)
class Rule(Generic[C]):
    """One rule of a rulebook.

    ``section``: the citation its violations carry (``"Stacking (C)"``); ``text``: the rulebook's words
    it applies (one quote, or several joined by `` ... ``); ``check``: the function that judges a
    context (a position, or a move) and yields :class:`Violation` objects; ``scope``: what it judges
    (``"position"``, ``"move"`` or ``"helper"`` for rules applied inside other rules, such as the
    Terrain Effects Chart's entry costs).
    """

    section: str
    text: str
    check: Callable[[C], Iterable[Violation]] | None = None
    scope: str = "position"
    name: str = ""

    @property
    def chapter(self) -> str:
        """The section without its case letter (``"Movement (J)"`` -> ``"Movement"``)."""
        return re.sub(r"\s*\([A-Za-z]\)$", "", self.section)

    @property
    def case(self) -> str | None:
        """The case letter (``"J"``), or None for a General Rule or a chart."""
        m = re.search(r"\(([A-Za-z])\)$", self.section)
        return m.group(1) if m else None

    def quotes(self) -> list[str]:
        """The separate quoted passages of ``text`` (split on `` ... ``)."""
        return [q.strip() for q in self.text.split(" ... ") if q.strip()]

    def __call__(self, ctx: C) -> Iterable[Violation]:
        if self.check is None:
            return ()
        return self.check(ctx)


@record
class RuleBook(Generic[C]):
    """The registered rules of one game, in the order they run."""

    title: str
    rules: list[Rule[C]] = field(default_factory=list)

    def add(self, rule: Rule[C]) -> Rule[C]:
        self.rules.append(rule)
        return rule

    def rule(self, section: str, text: str, *, scope: str = "position"
             ) -> Callable[[Callable[[C], Iterable[Violation]]], Callable[[C], Iterable[Violation]]]:
        """Decorator: register ``func`` as the check of the rule ``section`` quoting ``text``."""
        def register(func: Callable[[C], Iterable[Violation]]) -> Callable[[C], Iterable[Violation]]:
            self.add(Rule(section, text, func, scope, func.__name__))
            return func
        return register

    def cite(self, section: str, text: str) -> Rule[C]:
        """Register a rule applied inside other rules (scope ``helper``) and return it; its ``section``
        is then used as the citation of the violations it causes."""
        return self.add(Rule(section, text, None, "helper"))

    def __iter__(self) -> Iterator[Rule[C]]:
        return iter(self.rules)

    def __len__(self) -> int:
        return len(self.rules)

    def in_scope(self, scope: str) -> list[Rule[C]]:
        return [r for r in self.rules if r.scope == scope]

    def run(self, ctx: C, scope: str = "position") -> list[Violation]:
        """Every violation the rules of ``scope`` find in ``ctx``, in registration order."""
        out: list[Violation] = []
        for r in self.rules:
            if r.scope == scope and r.check is not None:
                out.extend(r.check(ctx))
        return out

    def sections(self) -> list[str]:
        return list(dict.fromkeys(r.section for r in self.rules))

    def unquoted(self, rulebook_text: str) -> list[tuple[str, str]]:
        """(section, quote) for every quote not found word for word in ``rulebook_text``."""
        book = normalise_text(rulebook_text)
        return [(r.section, q) for r in self.rules for q in r.quotes() if normalise_text(q) not in book]

    def describe(self) -> list[dict[str, Any]]:
        return [{"section": r.section, "scope": r.scope, "name": r.name, "text": r.text} for r in self.rules]
