"""VASSAL's property expressions, as far as piece names need them.

VASSAL evaluates a text field through ``Expression.createExpression``: blank -> ``""``; ``{...}`` -> a
BeanShell expression; an integer -> that integer; text with a ``$`` -> an old-style FormattedString
(``$name$`` replaced by the property's value, or by ``name`` itself when no property has that name);
anything else -> the text unchanged. A layer that follows a property uses
``createSimplePropertyExpression`` (a bare property name, or ``{...}``).

The BeanShell side is a small, safe subset of Java expressions: literals, property names (bound the way
``ExpressionInterpreter`` binds them: ``true``/``false`` -> booleans, text of only ``+-.0-9`` -> int or
float, anything else -> string), ``$name$`` references, arithmetic with Java's int/float rules, string
concatenation, comparisons, ``! && ||``, ``?:``, ``If(c, a, b)``, ``GetProperty("name")`` and the common
``String`` methods. Anything else (``Count``, ``Sum``, ``Alert``, ...) raises :class:`ExpressionError`;
callers then keep what the file stored, as VASSAL does when an expression fails.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from ..hexgrid.vassal._java import java_int
from .codec import split

__all__ = ["ExpressionError", "Lookup", "evaluate", "evaluate_beanshell", "evaluate_format", "evaluate_property"]

Lookup = Callable[[str], "str | None"]
"""A property source: the value of a property, or None when nothing defines it."""

MAX_LENGTH = 10_000  # an expression longer than this is not evaluated
MAX_NESTING = 100  # parentheses, prefix operators and nested ?: deeper than this are refused


class ExpressionError(ValueError):
    """An expression this evaluator cannot evaluate (unsupported syntax or a type error)."""


def evaluate(text: str, lookup: Lookup, props: Mapping[str, str] | None = None) -> str:
    """``Expression.createExpression(text).evaluate(source, props)`` (raises ExpressionError for
    BeanShell it cannot evaluate)."""
    t = text.strip()
    if not t:
        return ""
    if t.startswith("{") and t.endswith("}"):
        return evaluate_beanshell(t[1:-1], lookup, props)
    number = java_int(t)
    if number is not None:
        return str(number)
    if "$" in t:
        return evaluate_format(t, lookup, props)
    return text


def evaluate_property(text: str, lookup: Lookup) -> str:
    """``createSimplePropertyExpression``: ``{...}`` is BeanShell, anything else a property name."""
    t = text.strip()
    if not t:
        return ""
    if t.startswith("{") and t.endswith("}"):
        return evaluate_beanshell(t[1:-1], lookup)
    value = lookup(t)
    return "" if value is None else value


def evaluate_format(text: str, lookup: Lookup, props: Mapping[str, str] | None = None) -> str:
    """Old-style FormattedString: ``$``-separated tokens (SequenceEncoder rules, so ``\\$`` is a literal
    ``$``); every second token that has a token after it is a property name."""
    out = []
    tokens = split(text, "$")
    is_property = True
    for i, token in enumerate(tokens):
        is_property = not is_property
        if not token:
            continue
        if not is_property or i == len(tokens) - 1:
            out.append(token)
        elif props is not None and token in props:
            out.append(props[token])
        else:
            value = lookup(token)
            out.append(token if value is None else value)
    return "".join(out)


# ----------------------------------------------------------------------------- BeanShell subset

_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "b": "\b", "f": "\f", "\\": "\\", '"': '"', "'": "'", "0": "\0"}


def _unescape(body: str) -> str:
    import re

    return re.sub(r"\\(.)", lambda m: _ESCAPES.get(m.group(1), m.group(1)), body)


_DIGITS = frozenset("0123456789")
_NAME_START = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_")
_NAME_PART = _NAME_START | _DIGITS
_OPERATORS_2 = ("&&", "||", "==", "!=", "<=", ">=")
_OPERATORS_1 = frozenset("-+*/%<>!?:(),.")


def _tokens(text: str) -> list[tuple[str, str]]:
    r"""The tokens of a BeanShell expression, each (kind, text), after blanks (Unicode white space): ``num``
    (``[0-9]+.[0-9]*`` with an optional exponent ``[eE][+-]?[0-9]+``, ``.[0-9]+``, each with an optional
    ``[fFdD]``, or ``[0-9]+`` with an optional ``[lLfFdD]``), ``str`` (a double-quoted string whose backslash
    escapes a character other than a line break), ``chr`` (one such character or escape in single quotes),
    ``prop`` (``$...$`` around at least one character), ``name`` (``[A-Za-z_][A-Za-z0-9_]*``) or ``op`` (``&& ||
    == != <= >=`` or one of ``-+*/%<>!?:(),.``), tried in that order at each place: the regular expression
    ``\s*(?:(?P<num>...)|(?P<str>...)|...)`` read by hand (tests/vassal/test_expression.py holds it and compares
    the two), so that naming pieces needs no ``re``. Raises ExpressionError where none fits."""
    out = []
    text = text.rstrip()
    n = len(text)
    pos = 0
    while pos < n:
        at = pos
        while text[at].isspace():  # the text ends in a character that is not white space (rstrip)
            at += 1
        token = _token_at(text, at, n)
        if token is None:
            raise ExpressionError(f"cannot read the expression at {text[pos:pos + 20]!r}")
        out.append(token)
        pos = at + len(token[1])
    return out


def _token_at(text: str, at: int, n: int) -> tuple[str, str] | None:
    c = text[at]
    digits = _DIGITS
    if c in digits or (c == "." and at + 1 < n and text[at + 1] in digits):
        end = at + 1
        while end < n and text[end] in digits:
            end += 1
        if c == ".":
            return "num", text[at:end + 1 if end < n and text[end] in "fFdD" else end]
        if end < n and text[end] == ".":
            end += 1
            while end < n and text[end] in digits:
                end += 1
            if end < n and text[end] in "eE":
                e = end + 1
                if e < n and text[e] in "+-":
                    e += 1
                if e < n and text[e] in digits:
                    while e < n and text[e] in digits:
                        e += 1
                    end = e
            return "num", text[at:end + 1 if end < n and text[end] in "fFdD" else end]
        return "num", text[at:end + 1 if end < n and text[end] in "lLfFdD" else end]
    if c == '"':
        end = at + 1
        while end < n:
            d = text[end]
            if d == '"':
                return "str", text[at:end + 1]
            if d == "\\":
                if end + 1 >= n or text[end + 1] == "\n":
                    return None
                end += 2
            else:
                end += 1
        return None
    if c == "'":
        d = text[at + 1:at + 2]
        if d == "\\":
            return ("chr", text[at:at + 4]) if text[at + 2:at + 3] not in ("", "\n") and text[at + 3:at + 4] == "'" \
                else None
        return ("chr", text[at:at + 3]) if d not in ("", "'") and text[at + 2:at + 3] == "'" else None
    if c == "$":
        end = text.find("$", at + 1)
        return ("prop", text[at:end + 1]) if end > at + 1 else None
    if c in _NAME_START:
        end = at + 1
        while end < n and text[end] in _NAME_PART:
            end += 1
        return "name", text[at:end]
    two = text[at:at + 2]
    if two in _OPERATORS_2:
        return "op", two
    return ("op", c) if c in _OPERATORS_1 else None


class _Float(float):
    """A Java float/double (prints like Java: ``2.0``)."""

    def __str__(self) -> str:
        return repr(float(self))


Value = bool | int | float | str


def _bind(value: str | None) -> Value:
    """How ``ExpressionInterpreter.evaluate`` binds a property value to a BeanShell variable."""
    if value is None:
        return ""
    if value == "true":
        return True
    if value == "false":
        return False
    if value.strip("+-.0123456789"):
        return value
    number = java_int(value)
    if number is not None:
        return number
    import re

    try:
        return _Float(float(value)) if re.fullmatch(r"[+-]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)", value) else value
    except ValueError:
        return value


def _text(value: Value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def _wrap(value: str) -> Value:
    """``ExpressionInterpreter.wrap`` (what ``GetProperty`` returns): booleans, ints, else the text."""
    if value == "true":
        return True
    if value == "false":
        return False
    number = java_int(value)
    return value if number is None else number


def _number(v: Value) -> int | float:
    if isinstance(v, bool) or not isinstance(v, int | float):
        raise ExpressionError(f"{_text(v)!r} is not a number")
    return v


def _int32(v: int) -> int:
    return (v + 2**31) % 2**32 - 2**31


def _arith(op: str, a: Value, b: Value) -> Value:
    if op == "+" and (isinstance(a, str) or isinstance(b, str)):
        return _text(a) + _text(b)
    x, y = _number(a), _number(b)
    if isinstance(x, float) or isinstance(y, float):
        fx, fy = float(x), float(y)
        if op == "+":
            return _Float(fx + fy)
        if op == "-":
            return _Float(fx - fy)
        if op == "*":
            return _Float(fx * fy)
        if fy == 0:
            raise ExpressionError("division by zero")
        return _Float(fx / fy) if op == "/" else _Float(fx - fy * int(fx / fy))
    if op == "+":
        return _int32(x + y)
    if op == "-":
        return _int32(x - y)
    if op == "*":
        return _int32(x * y)
    if y == 0:
        raise ExpressionError("division by zero")
    q = abs(x) // abs(y) * (1 if (x >= 0) == (y >= 0) else -1)  # Java truncates toward zero
    return _int32(q) if op == "/" else _int32(x - y * q)


def _compare(op: str, a: Value, b: Value) -> bool:
    if op in ("==", "!="):
        if isinstance(a, bool) != isinstance(b, bool):
            equal = False
        elif isinstance(a, str) or isinstance(b, str):
            equal = isinstance(a, str) and isinstance(b, str) and a == b
        else:
            equal = a == b
        return equal if op == "==" else not equal
    x, y = _number(a), _number(b)
    return {"<": x < y, ">": x > y, "<=": x <= y, ">=": x >= y}[op]


def _truth(v: Value) -> bool:
    if not isinstance(v, bool):
        raise ExpressionError(f"{_text(v)!r} is not a boolean")
    return v


def _method(target: Value, name: str, args: list[Value]) -> Value:
    if not isinstance(target, str):
        target = _text(target)  # BeanShell calls String methods on the property's text
    s = target
    n = len(args)
    if name == "contains" and n == 1:
        return _text(args[0]) in s
    if name == "equals" and n == 1:
        return isinstance(args[0], str) and s == args[0]
    if name == "equalsIgnoreCase" and n == 1:
        return isinstance(args[0], str) and s.lower() == args[0].lower()
    if name == "startsWith" and n == 1:
        return s.startswith(_text(args[0]))
    if name == "endsWith" and n == 1:
        return s.endswith(_text(args[0]))
    if name == "length" and n == 0:
        return len(s)
    if name == "isEmpty" and n == 0:
        return not s
    if name == "trim" and n == 0:
        return s.strip(" \t\n\r\f\v\0")
    if name == "toUpperCase" and n == 0:
        return s.upper()
    if name == "toLowerCase" and n == 0:
        return s.lower()
    if name == "indexOf" and n == 1:
        return s.find(_text(args[0]))
    if name == "substring" and n in (1, 2):
        start = int(_number(args[0]))
        end = int(_number(args[1])) if n == 2 else len(s)
        if not 0 <= start <= end <= len(s):
            raise ExpressionError("substring out of range")
        return s[start:end]
    raise ExpressionError(f"unsupported method {name}()")


class _Parser:
    """Recursive descent over Java precedence: ?: || && ==/!= relational +- */% unary postfix."""

    def __init__(self, text: str, lookup: Lookup, props: Mapping[str, str] | None) -> None:
        self.toks = _tokens(text)
        self.i = 0
        self.lookup = lookup
        self.props = props
        self.depth = 0

    def enter(self) -> None:
        self.depth += 1
        if self.depth > MAX_NESTING:
            raise ExpressionError(f"expression nested more than {MAX_NESTING} levels deep")

    def take(self, op: str | None = None) -> tuple[str, str]:
        if self.i >= len(self.toks):
            raise ExpressionError("the expression ends too early")
        tok = self.toks[self.i]
        if op is not None and (tok[0] != "op" or tok[1] != op):
            raise ExpressionError(f"expected {op!r}, found {tok[1]!r}")
        self.i += 1
        return tok

    def is_op(self, *ops: str) -> bool:
        return self.i < len(self.toks) and self.toks[self.i][0] == "op" and self.toks[self.i][1] in ops

    def parse(self) -> Value:
        value = self.ternary(True)
        if self.i != len(self.toks):
            raise ExpressionError(f"unexpected {self.toks[self.i][1]!r}")
        return value

    # each level takes ``run``: False while parsing a branch that is not taken (no lookups, no errors)
    def ternary(self, run: bool) -> Value:
        self.enter()
        try:
            return self._ternary(run)
        finally:
            self.depth -= 1

    def _ternary(self, run: bool) -> Value:
        cond = self.logic_or(run)
        if not self.is_op("?"):
            return cond
        self.take("?")
        pick = _truth(cond) if run else False
        a = self.ternary(run and pick)
        self.take(":")
        b = self.ternary(run and not pick)
        return a if pick else b

    def logic_or(self, run: bool) -> Value:
        value = self.logic_and(run)
        while self.is_op("||"):
            self.take()
            done = run and _truth(value)
            right = self.logic_and(run and not done)
            value = True if done else (_truth(right) if run else False)
        return value

    def logic_and(self, run: bool) -> Value:
        value = self.equality(run)
        while self.is_op("&&"):
            self.take()
            done = run and not _truth(value)
            right = self.equality(run and not done)
            value = False if done else (_truth(right) if run else False)
        return value

    def equality(self, run: bool) -> Value:
        value = self.relational(run)
        while self.is_op("==", "!="):
            op = self.take()[1]
            right = self.relational(run)
            value = _compare(op, value, right) if run else False
        return value

    def relational(self, run: bool) -> Value:
        value = self.additive(run)
        while self.is_op("<", ">", "<=", ">="):
            op = self.take()[1]
            right = self.additive(run)
            value = _compare(op, value, right) if run else False
        return value

    def additive(self, run: bool) -> Value:
        value = self.term(run)
        while self.is_op("+", "-"):
            op = self.take()[1]
            right = self.term(run)
            value = _arith(op, value, right) if run else 0
        return value

    def term(self, run: bool) -> Value:
        value = self.unary(run)
        while self.is_op("*", "/", "%"):
            op = self.take()[1]
            right = self.unary(run)
            value = _arith(op, value, right) if run else 0
        return value

    def unary(self, run: bool) -> Value:
        self.enter()
        try:
            return self._unary(run)
        finally:
            self.depth -= 1

    def _unary(self, run: bool) -> Value:
        if self.is_op("!"):
            self.take()
            v = self.unary(run)
            return (not _truth(v)) if run else False
        if self.is_op("-", "+"):
            op = self.take()[1]
            v = self.unary(run)
            if not run:
                return 0
            n = _number(v)
            return n if op == "+" else (_Float(-n) if isinstance(n, float) else _int32(-n))
        return self.postfix(run)

    def postfix(self, run: bool) -> Value:
        value = self.primary(run)
        while self.is_op("."):
            self.take()
            kind, name = self.take()
            if kind != "name":
                raise ExpressionError(f"expected a method name, found {name!r}")
            args = self.arguments(run)
            value = _method(value, name, args) if run else False
        return value

    def arguments(self, run: bool) -> list[Value]:
        self.take("(")
        args: list[Value] = []
        if not self.is_op(")"):
            args.append(self.ternary(run))
            while self.is_op(","):
                self.take()
                args.append(self.ternary(run))
        self.take(")")
        return args

    def primary(self, run: bool) -> Value:
        kind, text = self.take()
        if kind == "num":
            body = text.rstrip("lLfFdD")
            if "." in body or "e" in body.lower() or text[-1] in "fFdD":
                return _Float(float(body))
            return _int32(int(body))
        if kind in ("str", "chr"):
            return _unescape(text[1:-1])
        if kind == "prop":
            return self.variable(text[1:-1], run)
        if kind == "op" and text == "(":
            value = self.ternary(run)
            self.take(")")
            return value
        if kind == "name":
            if text in ("true", "false"):
                return text == "true"
            if text == "null":
                return ""
            if self.is_op("("):
                args = self.arguments(run)
                return self.call(text, args) if run else False
            return self.variable(text, run)
        raise ExpressionError(f"unexpected {text!r}")

    def variable(self, name: str, run: bool) -> Value:
        if not run:
            return ""
        if self.props is not None and name in self.props:
            return _bind(self.props[name])
        return _bind(self.lookup(name))

    def call(self, name: str, args: list[Value]) -> Value:
        if name == "If" and len(args) == 3:
            return args[1] if _truth(args[0]) else args[2]
        if name == "GetProperty" and len(args) == 1:
            value = self.lookup(_text(args[0]))
            return "" if value is None else _wrap(value)
        if name == "GetString" and len(args) == 1:
            value = self.lookup(_text(args[0]))
            return "" if value is None else value
        raise ExpressionError(f"unsupported function {name}()")


def evaluate_beanshell(text: str, lookup: Lookup, props: Mapping[str, str] | None = None) -> str:
    """The value of a BeanShell expression (without its braces) as VASSAL returns it: its text."""
    if len(text) > MAX_LENGTH:
        raise ExpressionError("expression too long")
    if not text.strip():
        return ""
    return _text(_Parser(text, lookup, props).parse())
