"""Trait chains: typed traits, names as VASSAL builds them, one-pass decoding equal to level by level."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from toolkit.vassal.codec import TAB, join
from toolkit.vassal.commands import parse
from toolkit.vassal.position import PlacedPiece, Position, placed_pieces
from toolkit.vassal.traits import (
    BasicPiece,
    Deck,
    DynamicProperty,
    Embellishment,
    Hideable,
    Label,
    Marker,
    Obscurable,
    Prototype,
    Report,
    Restricted,
    SendTo,
    Stack,
    Trait,
    TriggerAction,
    _decode_chain_by_level,
    decode_chain,
    encode_chain,
    piece_name,
    piece_properties,
)

EMB = ("emb2;Activate;2;;;2;;;2;;;;1;false;0;0;bid_ap.png,bid_cp.png;+ (AP),Central +;true;Bid;;;true;"
       "{If(VP_Bid_Type > 0, 1, 2)};1;1;true;;70,130;")


def chain(*layers: tuple[str, str]) -> tuple[str, str]:
    t, s = layers[-1]
    for own_t, own_s in reversed(layers[:-1]):
        t, s = join((own_t, t), TAB), join((own_s, s), TAB)
    return t, s


def test_typed_traits_and_name():
    t, s = chain(("label;;;40;;0,0,0;c;0;c;0;b;c;$pieceName$ ($label$);SansSerif;1;0;TextLabel;;false", "Elite"),
                 (EMB, "1"), ("mark;Side,Army", "Allies,8th"), ("PROP;Strength;false,0,10,false;;", "6"),
                 ("obs;70,130;back.png;Flip;2;Hidden unit;sides:Allies;Peek;;false;;", "null;"),
                 ("hide;72,130;HIP;;player:;0.3", "joe"), ("restrict;Allies,Solo;false;true;Allies", "Allies"),
                 ("sendto;Eliminate;69,130;Dead;;10;20;;;0;0;0;0;;L;;;;", ";;"),
                 ("piece;;;inf.png;Rifles", "Map;100;200;7;1;UniqueID;123"))
    traits = decode_chain(t, s)
    assert [type(x) for x in traits] == [Label, Embellishment, Marker, DynamicProperty, Obscurable, Hideable,
                                         Restricted, SendTo, BasicPiece]
    label, layer, marker, prop, mask, hide, restrict, send, basic = traits
    assert label.text == "Elite"
    assert (layer.layer_name, layer.level, layer.active, layer.level_names) == ("Bid", 1, True, ["+ (AP)", "Central +"])
    assert marker.properties == {"Side": "Allies", "Army": "8th"}
    assert (prop.key, prop.value) == ("Strength", "6")
    assert mask.obscured_by is None and mask.mask_name == "Hidden unit"
    assert hide.hidden_by == "joe"
    assert restrict.sides == ["Allies", "Solo"]
    assert send.describe() == {"trait": "send-to", "command": "Eliminate", "key": "69,130", "map": "Dead",
                               "board": "", "x": "10", "y": "20"}
    assert (basic.name, basic.map, basic.xy, basic.gpid, basic.properties) == (
        "Rifles", "Map", (100, 200), "7", {"UniqueID": "123"})
    # Embellishment "+ (AP)" appends to the inner name, the label wraps it (Decorator.getName order)
    assert piece_name(traits) == "Rifles (AP) (Elite)"
    layer.state = "2"
    assert piece_name(traits) == "Central Rifles (Elite)"
    layer.state = "-2"
    assert piece_name(traits) == "Rifles (Elite)"
    assert piece_properties(traits) == {"Side": "Allies", "Army": "8th", "Strength": "6", "UniqueID": "123"}
    assert encode_chain(traits)[0] == t


def test_layer_value_from_the_first_state_field():
    """Embellishment.mySetState: nextInt(-1) of the first ';' field (The Longest Day writes '-1;' on
    1,568 layers and VASL '1;', '-3;V'); a definition without state starts active unless it has an
    activate key."""
    names = "emb2;;2;;;2;;;2;;;;0;false;0;0;a.png,b.png,c.png;+ one,+ two,+ three;true;L;;;false;;1;1;true;;;"
    for state, value, suffix in (("1;", 1, " one"), ("-1;", -1, ""), ("-3;V", -3, ""), ("2", 2, " two"),
                                 ("x", -1, ""), ("", 1, " one")):
        layer = Embellishment(names, state)
        assert (layer.value, layer.active, layer.level) == (value, value > 0, abs(value)), state
        assert layer.name_of("Rifles") == "Rifles" + suffix, state
    assert Embellishment(EMB, "").value == 1  # no activate key: always active
    assert Embellishment(EMB.replace("emb2;Activate;2;;", "emb2;Activate;2;A;", 1), "").value == -1


def test_stack_deck_prototype_unknown():
    stack = decode_chain("stack", "Map;797;1176;1738347102116;1738347102117;@@5")[0]
    assert isinstance(stack, Stack)
    assert (stack.map, stack.xy, stack.children, stack.layer) == ("Map", (797, 1176),
                                                                  ["1738347102116", "1738347102117"], 5)
    offmap = decode_chain("stack", "null;1977;1280;111")[0]
    assert (offmap.map, offmap.xy, offmap.children) == (None, (0, 0), ["111"])
    assert Stack.make("Map", 1, 2, ["a", "b"]).state == "Map;1;2;a;b;@@-1"
    deck = decode_chain("deck;true;0,0,0;370;500;Always;Always;false;true;false;;;;Cards;", "Main;10;20;true;a,b")[0]
    assert isinstance(deck, Deck) and (deck.deck_name, deck.map, deck.children) == ("Cards", "Main", ["a", "b"])
    proto = decode_chain("prototype;Unit\tpiece;;;;", "\tnull;0;0;;0")[0]
    assert isinstance(proto, Prototype) and proto.name == "Unit"
    odd = decode_chain("VASL.counters.TextInfo;x;y\tpiece;;;a.png;A", "state;1\tnull;0;0;;0")[0]
    assert type(odd) is Trait and (odd.type, odd.state, odd.prefix) == ("VASL.counters.TextInfo;x;y", "state;1",
                                                                         "VASL.counters.TextInfo;")


def test_stack_name_like_vassal():
    # Stack.getName: names top first, ", " only after a non-empty accumulated name
    text = "\x1b".join([
        "+/a/piece;;;;73/null;0;0;;0", "+/b/piece;;;;/null;0;0;;0", "+/c/piece;;;;11 H/null;0;0;;0",
        "+/d/piece;;;;30/null;0;0;;0", "+/s/stack/Map;5;6;d;b;c;a"])
    position = Position()
    position.apply(parse(text))
    placed = {p.id: p for p in placed_pieces(position)}
    assert placed["s"].name == "73, 11 H, , 30"
    assert (placed["a"].map, placed["a"].x, placed["a"].y, placed["a"].stack) == ("Map", 5, 6, "s")


_own = st.text(alphabet=st.sampled_from(list("ab;,\\\t/'$ ")), max_size=10).filter(lambda s: not s.startswith("'"))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(_own, _own), min_size=1, max_size=7))
def test_one_pass_decoding_equals_level_by_level(layers):
    t, s = chain(*[(("x;" + a), b) for a, b in layers])
    fast = [(x.type, x.state) for x in decode_chain(t, s)]
    slow = [(x.type, x.state) for x in _decode_chain_by_level(t, s)]
    assert fast == slow
    if TAB not in layers[-1][0] + layers[-1][1]:  # the innermost layer is not escaped by anything
        assert encode_chain(decode_chain(t, s)) == (t, s)


_piece_text = st.lists(st.sampled_from(["piece;", "stack", "deck;", "emb2;", "mark;", "label;", "PROP;", "obs;",
                                        "hide;", "restrict;", "sendto;", "basicName;", "null", "Map", ";", ",", "\t",
                                        "\\", "-1", "3", "abc", "@@2", "'", "+"]), max_size=14).map("".join)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["a", "b", "c", "s"]), _piece_text, _piece_text), max_size=6),
       st.lists(st.sampled_from(["a", "b", "c", "s", "zz"]), max_size=4))
def test_fuzz_placing_arbitrary_pieces_never_crashes(pieces, moves):
    from toolkit.vassal.commands import AddPiece, MovePiece, RemovePiece

    position = Position()
    for pid, t, s in pieces:
        position.apply(AddPiece(pid, t, s))
    for i, pid in enumerate(moves):
        position.apply(MovePiece([pid, "Map", str(i), "7", "a", "null", "0", "0", "null", "me"]))
    for placed in placed_pieces(position):
        placed.to_dict()
    if moves:
        position.apply(RemovePiece(moves[0]))
        placed_pieces(position)


def test_layer_split_fast_path_agrees_with_the_loop(monkeypatch):
    """``_layers``' comprehension paths (no TAB inside a layer's text, no quote; short and long layers) give
    what its loop gives, on nested chains and on random text of TABs, backslashes and quotes."""
    import random

    from toolkit.vassal import traits as traits_module

    rnd = random.Random(5)
    texts = []
    for _ in range(20_000):
        items = ["".join(rnd.choice(["a", ";", "\\", "\t", "'", "x"]) for _ in range(rnd.randint(0, 6)))
                 for _ in range(rnd.randint(1, 6))]
        chain = items[-1]
        for item in reversed(items[:-1]):
            chain = join((item, chain), "\t")
        texts.append(chain)
        texts.append("".join(rnd.choice(["a", "\\", "\\", "\t", "\t", "'"]) for _ in range(rnd.randint(0, 14))))
        # layers of over 120 characters each take the other check (two endswith per part)
        texts.append(chain.replace("a", "a" * 700))
        texts.append(texts[-2].replace("a", "a" * 200))
    fast = [traits_module._layers(t) for t in texts]
    monkeypatch.setattr(traits_module, "_BACKSLASHES", [""])  # no depth fits: the loop alone
    assert [traits_module._layers(t) for t in texts] == fast
    assert sum(1 for f in fast if f is not None and len(f) > 1) > 5_000


def test_dump_writes_stack_and_basic_piece_layers_as_their_descriptions_encode():
    """``wgt vassal dump --json`` writes a Stack or BasicPiece layer directly (stack_json, basic_json): the same
    text as json.dumps of its description, on random maps, ids, names and properties (quotes, backslashes,
    control and non-ASCII characters, empty and missing fields)."""
    import json
    import random

    from toolkit.cli.vassal_dump import basic_json, stack_json
    from toolkit.jsontext import encode_basestring

    rnd = random.Random(11)
    alphabet = ["a", "Z", "7", "-", " ", '"', "\\", "\n", "\t", "\x01", "é", "字", "\U0001f600", ";", ",", "@@"]

    def text(n: int = 6) -> str:
        return "".join(rnd.choice(alphabet) for _ in range(rnd.randint(0, n)))

    for _ in range(3000):
        fields = [rnd.choice(["null", "", "Map", text()]), rnd.choice(["12", "-3", "", "x", "2147483648", text(3)]),
                  rnd.choice(["0", "99999", "", text(3)])]
        stack = Stack("stack", join(fields + [text() for _ in range(rnd.randint(0, 5))], ";"))
        assert stack_json(stack, encode_basestring) == json.dumps(stack.describe(), ensure_ascii=False)
        props = [text() for _ in range(2 * rnd.randint(0, 4))]
        count = rnd.choice([str(len(props) // 2), "0", "5", "x", ""])
        state = join(fields + [text(), count, *props][: rnd.randint(0, len(props) + 2)], ";")
        basic = BasicPiece("piece;" + join([text(), text(), text(), text()][: rnd.randint(0, 4)], ";"), state)
        assert basic_json(basic, encode_basestring) == json.dumps(basic.describe(), ensure_ascii=False)


def test_first_fields_read_without_splitting_the_whole_type_agree_with_fields():
    """``Trait.field`` of one of the first fields, before the type was split whole, reads it from a split only
    that far: the same as ``fields()`` on random types of delimiters, backslashes and quotes."""
    import random

    rnd = random.Random(3)
    for _ in range(20_000):
        t = "".join(rnd.choice(["a", ";", ";", "\\", "'", "x"]) for _ in range(rnd.randint(0, 16)))
        whole = Trait(t).fields()
        for i in range(8):
            assert Trait(t).field(i, "D") == (whole[i] if i < len(whole) else "D"), (t, i)


def test_dump_json_lines_are_json_dumps_of_the_pieces(monkeypatch, capsys):
    """stream_json (``wgt vassal dump --json``) writes each piece as json.dumps of ``to_dict()``: random chains of
    layers of every class it writes directly (Stack, BasicPiece, plain Trait, TriggerAction, Report) or through
    its description, with quotes, backslashes, control and non-ASCII characters."""
    import json
    import random

    from toolkit.cli.vassal_dump import stream_json

    rnd = random.Random(7)
    alphabet = ["a", "Z", "7", " ", '"', "\\", "\n", "\x01", "é", "字", "\U0001f600", ";", ",", "'"]

    def text(n: int = 5) -> str:
        return "".join(rnd.choice(alphabet) for _ in range(rnd.randint(0, n)))

    pieces = []
    for i in range(400):
        where = join([rnd.choice(["null", "Map", text()]), str(rnd.randint(-5, 99)), str(rnd.randint(0, 99))], ";")
        if rnd.random() < 0.3:
            chain = [Stack("stack", join([where, text(), text()], ";"))]
        else:
            outer = [Trait(rnd.choice(["macro", "setprop", text(), ""]) + rnd.choice(["", ";", ";" + text()]), text())
                     for _ in range(rnd.randint(0, 4))]
            outer += [Marker("mark;" + text(), text()), Report("report;" + join([text(), text()], ";"), text()),
                      TriggerAction("macro;" + join([text() for _ in range(rnd.randint(0, 8))], ";"), text()),
                      Report(rnd.choice(["report", "report;"]), "")][: rnd.randint(0, 4)]
            chain = [*outer, BasicPiece("piece;;;" + join([text(), text()], ";"), join([where, text()], ";"))]
        pieces.append(PlacedPiece(f"p{i}{text(2)}", "stack" if len(chain) == 1 and isinstance(chain[0], Stack)
                                  else "piece", text(), rnd.choice([None, "Map", text()]), rnd.randint(-9, 9),
                                  rnd.randint(0, 9), rnd.choice([None, text()]), None, None, rnd.choice([None, "s"]),
                                  chain))
    capsys.readouterr()
    stream_json({"file": "f"}, pieces)
    printed = json.loads(capsys.readouterr().out)
    assert printed["pieces"] == [p.to_dict() for p in pieces]
    stream_json({"file": "f"}, pieces)  # the lines themselves: json.dumps of each piece, in order
    lines = capsys.readouterr().out.splitlines()[3:-2]
    assert [line.strip().rstrip(",") for line in lines] == [json.dumps(p.to_dict(), ensure_ascii=False)
                                                            for p in pieces]
