"""VASSAL property expressions (old-style $property$ formats and the BeanShell subset) and piece names."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from toolkit.vassal.expression import ExpressionError, evaluate, evaluate_beanshell, evaluate_format, evaluate_property
from toolkit.vassal.properties import GameProperties, PieceView
from toolkit.vassal.traits import decode_chain

PROPS = {"Variant": "1", "Mutiny": "2", "CounterLayer": "3", "VP_Bid_Type": "0", "Name": "Kovno", "Flag": "true",
         "Half": "2.5", "Zero": "007", "Empty": ""}


def lookup(key: str) -> str | None:
    return PROPS.get(key)


@pytest.mark.parametrize(("text", "expected"), [
    ("Cards Remaining: $Variant$", "Cards Remaining: 1"),
    ("$Unknown$ left", "Unknown left"),  # VASSAL writes the name of a property nobody defines
    ("$Empty$|", "|"),
    ("a $ b", "a  b"),  # a trailing name token stays literal, its $ is dropped (as in VASSAL)
    ("$Name$$Variant$", "Kovno1"),
    ("price \\$5", "price $5"),  # SequenceEncoder escape
])
def test_old_style_formats(text, expected):
    assert evaluate_format(text, lookup) == expected


@pytest.mark.parametrize(("text", "expected"), [
    ("{Variant+1}", "2"),
    ("{Mutiny*2+ CounterLayer}", "7"),
    ("{If(VP_Bid_Type > 0, 1, 2)}", "2"),
    ("{Flag ? 2 : 1}", "2"),
    ("{Name + Variant}", "Kovno1"),
    ('{Name == "Kovno" && !(Variant != 1)}', "true"),
    ("{Half * 2}", "5.0"),
    ("{7 / -2}", "-3"),  # Java truncates toward zero
    ("{-7 % 2}", "-1"),
    ("{2147483647 + 1}", "-2147483648"),  # 32-bit int
    ("{Zero + 1}", "8"),  # 007 binds as the int 7
    ('{Name.contains("ov") ? Name.length() : 0}', "5"),
    ("{$Variant$ + 1}", "2"),
    ('{GetProperty("Flag")}', "true"),
    ("{Unknown}", ""),
    ("  42 ", "42"),  # an integer expression
    ("plain", "plain"),
    ("", ""),
])
def test_expressions(text, expected):
    assert evaluate(text, lookup) == expected


def test_short_circuit_skips_the_branch_not_taken():
    asked = []

    def tracking(key: str) -> str | None:
        asked.append(key)
        return PROPS.get(key)

    assert evaluate("{Flag || Name > 3}", tracking) == "true"  # Name > 3 would be a type error
    assert evaluate("{Flag ? 1 : Count(x)}", tracking) == "1"
    assert asked == ["Flag", "Flag"]


@pytest.mark.parametrize("text", ["{Count(\"x\")}", "{Name > 3}", "{1 +}", "{Flag ? 1}", "{1/0}", "{\"a\".foo()}",
                                  "{Variant &}"])
def test_unsupported_or_wrong_expressions_raise_expression_error(text):
    with pytest.raises(ExpressionError):
        evaluate(text, lookup)


def test_simple_property_expression():
    assert evaluate_property("Variant", lookup) == "1"
    assert evaluate_property("{Variant+1}", lookup) == "2"
    assert evaluate_property("Nope", lookup) == ""


@given(st.integers(-(2**31), 2**31 - 1), st.integers(-(2**31), 2**31 - 1))
def test_int_arithmetic_is_java_int(a, b):
    props = {"a": str(a), "b": str(b)}
    wrap = lambda v: (v + 2**31) % 2**32 - 2**31  # noqa: E731
    assert evaluate_beanshell("a + b", props.get) == str(wrap(a + b))
    assert evaluate_beanshell("a * b", props.get) == str(wrap(a * b))
    if b:
        q = abs(a) // abs(b) * (1 if (a >= 0) == (b >= 0) else -1)
        assert evaluate_beanshell("a / b", props.get) == str(wrap(q))
        assert evaluate_beanshell("a % b", props.get) == str(wrap(a - b * q))


@given(st.text(max_size=60))
def test_any_text_evaluates_or_raises_expression_error(text):
    try:
        out = evaluate(text, lookup)
    except ExpressionError:
        return
    assert isinstance(out, str)


def _chain(*layers: tuple[str, str]) -> list:
    from toolkit.vassal.codec import join

    return decode_chain(join([t for t, _ in layers], "\t"), join([s for _, s in layers], "\t"))


def test_piece_names_use_the_chain_and_game_properties():
    game = GameProperties(module={"Variant": "1"}, maps={"Map": {"CP Deck_numPieces": "13"}})
    label = ("label;;;32;;51,51,51;c;0;c;0;c;c;$label$;Serif;1;0;TextLabel;;false",
             "Cards Remaining: $CP Deck_numPieces$")
    basic = ("piece;;;;Ahwaz", "Map;10;20;3157;1;UniqueID;17")
    assert PieceView(_chain(label, basic), map_id="Map", game=game).name() == "Cards Remaining: 13"
    assert PieceView(_chain(label, basic), map_id=None, game=game).name() == "Cards Remaining: CP Deck_numPieces"
    # a layer following {Variant+1} with level names "0,1": the property, not the stored level, decides
    follow = ("emb2;Activate;2;;;2;;;2;;;;1;false;0;0;,remvp.png;0,1;true;;;;true;{Variant+1};1;1;true;65,130;;;;1.0;;"
              "true", "1")
    assert PieceView(_chain(follow, basic), map_id="Map", game=game).name() == "1"
    assert PieceView(_chain(follow, basic), map_id="Map", game=GameProperties({"Variant": "0"})).name() == "0"
    assert PieceView(_chain(follow, basic), map_id="Map").name() == "0"  # no value: first level
    # the label's own text names properties of the piece: a marker and the layer's _Name
    marker = ("mark;Side", "Allies")
    own = ("label;;;10;;0,0,0;t;0;c;0;b;c;$pieceName$ ($label$);Dialog;0;0;TextLabel;;", "$Side$ $Activate_Name$")
    named = ("emb2;;2;;;2;;;2;;;;1;false;0;0;a.png,b.png;+ (x1),+ (x2);true;Activate;;;false;;1;1;true;;;;;1.0;;true",
             "2")
    assert PieceView(_chain(own, marker, named, basic), map_id="Map").name() == "Ahwaz (x2) (Allies  (x2))"
    # a label that names the piece's own name does not loop
    loop = ("label;;;10;;0,0,0;t;0;c;0;b;c;$pieceName$ ($label$);Dialog;0;0;TextLabel;;", "$PieceName$!")
    assert PieceView(_chain(loop, basic), map_id="Map").name() == "Ahwaz (Ahwaz!)"
    recursive = ("label;;;10;;0,0,0;t;0;c;0;b;c;$label$;Dialog;0;0;TextLabel;;",
                 "$BasicName$-$LocationName$-$CurrentX$")
    assert PieceView(_chain(recursive, basic), map_id="Map", x=10, location="0101").name() == "Ahwaz-0101-10"


@pytest.mark.parametrize("text", ["{" + "(" * 3000 + "1" + ")" * 3000 + "}", "{" + "!" * 5000 + "true}",
                                  "{" + "-" * 5000 + "1}", "{" + "(" * 60 + "1" + ")" * 60 + "}"])
def test_deep_nesting_is_an_expression_error_not_a_recursion_error(text):
    with pytest.raises(ExpressionError, match=r"too long|nested more than"):
        evaluate(text, lookup)
    assert evaluate("{" + "(" * 40 + "1" + ")" * 40 + "}", lookup) == "1"


def test_labels_that_name_each_other_deeply_do_not_crash(monkeypatch):
    import toolkit.vassal.properties as properties
    from toolkit.vassal.codec import join

    calls = []
    counted = properties.evaluate

    def counting(*args, **kwargs):
        calls.append(1)
        return counted(*args, **kwargs)

    monkeypatch.setattr(properties, "evaluate", counting)  # each layer evaluated once, not 2**depth times

    types, states = [], []
    for i in range(60):  # each label's text is a deep expression naming the next label's property
        types.append(f"label;;;10;;0,0,0;t;0;c;0;b;c;$label$;Dialog;0;0;L{i};;")
        states.append("{" + "(" * 45 + f"L{i + 1}" + ")" * 45 + "}")
    traits = decode_chain(join([*types, "piece;;;;Base"], "\t"), join([*states, "null;0;0;1;0"], "\t"))
    assert isinstance(PieceView(traits).name(), str)
    assert len(calls) < 200
    looping = decode_chain(join(["label;;;10;;0,0,0;t;0;c;0;b;c;$label$;Dialog;0;0;A;;",
                                 "label;;;10;;0,0,0;t;0;c;0;b;c;$label$;Dialog;0;0;B;;", "piece;;;;Base"], "\t"),
                           join(["$B$", "$A$", "null;0;0;1;0"], "\t"))
    assert isinstance(PieceView(looping).name(), str)  # A names B names A: cut off, no error


# the tokenizer as a regular expression (what expression._tokens reads by hand, so that naming pieces needs no re)
_TOKEN_RE = r"""
    \s*(?:
      (?P<num>[0-9]+\.[0-9]*(?:[eE][+-]?[0-9]+)?[fFdD]?|\.[0-9]+[fFdD]?|[0-9]+[lLfFdD]?)
    | (?P<str>"(?:[^"\\]|\\.)*")
    | (?P<chr>'(?:[^'\\]|\\.)')
    | (?P<prop>\$[^$]+\$)
    | (?P<name>[A-Za-z_][A-Za-z0-9_]*)
    | (?P<op>&&|\|\||==|!=|<=|>=|[-+*/%<>!?:(),.])
    )"""


def _tokens_by_regex(text: str) -> list[tuple[str, str]] | str:
    import re

    token = re.compile(_TOKEN_RE, re.VERBOSE)
    out = []
    pos = 0
    text = text.rstrip()
    while pos < len(text):
        m = token.match(text, pos)
        if m is None or m.end() == pos:
            return f"cannot read the expression at {text[pos:pos + 20]!r}"
        kind = m.lastgroup or ""
        out.append((kind, m.group(kind)))
        pos = m.end()
    return out


def _tokens_by_hand(text: str) -> list[tuple[str, str]] | str:
    from toolkit.vassal.expression import _tokens

    try:
        return _tokens(text)
    except ExpressionError as exc:
        return str(exc)


_TOKEN_TEXT = st.text(alphabet=st.sampled_from(list("0123456789.eE+-fFdDlLxX_aZ\"'\\$ \t\n\u00a0\u2028&|=!<>?:(),*/%#"
                                                     "\u0663\u00e9")), max_size=40)


@settings(max_examples=1000, deadline=None)
@given(_TOKEN_TEXT)
def test_tokens_read_by_hand_are_the_regular_expression_s(text):
    assert _tokens_by_hand(text) == _tokens_by_regex(text)


@pytest.mark.parametrize("text", [
    "1", "1.", "1.5", ".5", ".", "1.5e3", "1.5e", "1.5e+", "1.5E-2f", "1e5", "12L", "3d", ".5F", "1..2", "a.b",
    '"a\\"b"', '"a\\', '"a\\\nb"', '"a\nb"', "'a'", "'\\n'", "'\\\n'", "''", "'ab'", "'", "$a$", "$$", "$a", "&&",
    "||", "&", "|", "!=", "!", "<=", "<", "x_1+Y", "If(VP_Bid_Type > 0, 1, 2)", "Mutiny*2+ CounterLayer", " \u00a0x ",
    "\u0663", "#", "\u00e9"])
def test_tokens_read_by_hand_on_the_edges(text):
    assert _tokens_by_hand(text) == _tokens_by_regex(text)
