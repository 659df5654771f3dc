"""Obfuscation, SequenceEncoder and the command grammar: exact examples and properties."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from toolkit.errors import ArchiveError, VassalFormatError
from toolkit.vassal.codec import ESC, TAB, deobfuscate, join, obfuscate, split
from toolkit.vassal.commands import (
    AddPiece,
    BoardPickerLine,
    ChangePiece,
    Chat,
    CommandList,
    GlobalPropertyLine,
    LogCommand,
    MovePiece,
    PlayerLine,
    RemovePiece,
    TextCommand,
    TurnLine,
    parse,
)
from toolkit.vassal.save import read_save

# ------------------------------------------------------------------ obfuscation (§2.2)


def test_kassala_key_decodes_begin():
    # real prefix of the Kassala save (K = 0x76): 0x14^0x76 = 'b', ...
    assert deobfuscate(b"!VCSK761413111f18") == ("begin", 0x76)


def test_obfuscate_layout_and_upper_case():
    assert obfuscate("begin", 0x76) == b"!VCSK761413111f18"
    assert obfuscate("begin", 0x4B, upper=True) == b"!VCSK4B292E2C2225"
    assert deobfuscate(b"!VCSK4B292E2C2225") == ("begin", 0x4B)


def test_plain_text_passes_through():
    assert deobfuscate(b"begin_save\x1bend_save") == ("begin_save\x1bend_save", None)
    assert obfuscate("x", None) == b"x"


@pytest.mark.parametrize("data, fragment", [
    (b"!VCSK761413111f1", "odd number of hex digits"),
    (b"!VCSK7614zz", "not a hex digit"),
    (b"!VCSKzz1413", "without a valid key"),
    (b"!VCSK00ff", "not utf-8"),
])
def test_bad_obfuscation_is_one_clear_error(data, fragment):
    with pytest.raises(VassalFormatError, match=fragment):
        deobfuscate(data)


@given(st.text(), st.integers(0, 255), st.booleans())
def test_obfuscation_round_trip(text, key, upper):
    data = obfuscate(text, key, upper=upper)
    assert len(data) == 7 + 2 * len(text.encode("utf-8"))
    assert deobfuscate(data) == (text, key)


# ------------------------------------------------------------------ SequenceEncoder (§2.3)


def test_sequence_encoder_examples():
    # VASSAL quotes an element that ENDS with a backslash (SequenceEncoder.append), not one that starts with it
    assert join(["a", "b,c", "", "x\\", "'q'"], ",") == "a,b\\,c,,'x\\',''q''"
    assert split("a,b\\,c,,'x\\',''q''", ",") == ["a", "b,c", "", "x\\", "'q'"]
    assert split("", ",") == [""]
    assert split(None, ",") == []
    assert split("a,", ",") == ["a", ""]
    assert split("'", ",") == ["'"]
    assert join([None, "", "x"], ";") == ";;x"


def test_nested_escapes_one_backslash_per_level():
    inner = join(["piece;;;img.png;Name", ""], TAB)
    mid = join(["immob;;V", inner], TAB)
    outer = join(["mark;Layer", mid], TAB)
    assert outer == "mark;Layer\timmob;;V\\\tpiece;;;img.png;Name\\\\\t"
    assert split(split(split(outer, TAB)[1], TAB)[1], TAB) == ["piece;;;img.png;Name", ""]


_elements = st.lists(st.text(alphabet=st.sampled_from(list("ab,;\\'\t\x1b/é ")), max_size=8), max_size=6)


@given(_elements, st.sampled_from([",", ";", "/", TAB, ESC]))
def test_split_inverts_join(items, delim):
    # exact for every list VASSAL can write faithfully: no element may end in a backslash that is not
    # protected (VASSAL's own limitation is an element ending in backslash *and* quotes; we accept it)
    encoded = join(items, delim)
    decoded = split(encoded, delim)
    if items:
        assert decoded == items or any(i.endswith("\\") and i.startswith("'") for i in items)
    assert join(decoded, delim) == encoded or any(i.endswith("\\") and i.startswith("'") for i in items)


# ------------------------------------------------------------------ commands (§2.4-2.6, §2.9)

KASSALA_PIECE = ("+/1648473853373/clone;Clone;67,130;\tdelete;Delete;68,130;\\\tpiece;;;Moslem_Infantry_3-2_Nubian.png;"
                 "Moslem_Infantry_3-2_Nubian/\t\\\tMain Map;506;586;43;0")


def test_kassala_add_piece():
    c = parse(KASSALA_PIECE)
    assert isinstance(c, AddPiece)
    assert c.id == "1648473853373"
    assert c.type == ("clone;Clone;67,130;\tdelete;Delete;68,130;\\\tpiece;;;Moslem_Infantry_3-2_Nubian.png;"
                      "Moslem_Infantry_3-2_Nubian")
    assert c.state == "\t\\\tMain Map;506;586;43;0"
    assert c.encode() == KASSALA_PIECE


def test_save_layout_tree():
    text = ("begin_save" + ESC + ESC + "\\" + ESC + KASSALA_PIECE + ESC + "PLAYER\tpex\tWilliam\t<observer>" + ESC
            + "Main MapBoardPicker\tKassala\t0\t0" + ESC + "TURNTurnTracker0\t0|1;0;false;10" + ESC
            + "GlobalProperty\t;Turn;3;Module" + ESC + "end_save")
    c = parse(text)
    assert isinstance(c, CommandList)
    assert [type(i).__name__ for i in c.items] == ["TextCommand", "TextCommand", "CommandList", "TextCommand",
                                                  "TextCommand", "TextCommand", "TextCommand", "TextCommand"]
    pieces = c.items[2]
    assert isinstance(pieces, CommandList) and isinstance(pieces.items[1], AddPiece)
    assert [i.kind for i in c.items if isinstance(i, TextCommand)] == [
        "begin-save", "empty", "player", "board-picker", "turn", "global-property", "end-save"]
    assert PlayerLine.parse(c.items[3].text) == PlayerLine("pex", "William", "<observer>")
    assert BoardPickerLine.parse(c.items[4].text) == BoardPickerLine("Main Map", (("Kassala", 0, 0),))
    assert TurnLine.parse(c.items[5].text) == TurnLine("TurnTracker0", "0|1;0;false;10")
    assert GlobalPropertyLine.parse(c.items[6].text) == GlobalPropertyLine("Turn", "3", "Module")
    assert GlobalPropertyLine("Turn", "3", "Module").encode() == c.items[6].text
    assert BoardPickerLine("Main Map", (("Kassala", 0, 0),)).encode() == c.items[4].text
    assert c.encode() == text


def test_log_commands():
    text = ("LOG\t\\" + ESC + "LOG\tD/1168285238286/\tfalse/\ttrue" + ESC + "LOG\tM/1159124882349/Allied/58/103/null/"
            "Allied/33/103/null/foo" + ESC + "LOG\t-/99" + ESC + "LOG\tCHAT* hello" + ESC + "UNDO\ttrue")
    c = parse(text)
    step = c.items[0]  # one action = a NullCommand with a sub-command: LOG<null> then LOG<change>
    assert isinstance(step, CommandList)
    assert step.items[0] == LogCommand(TextCommand(""))
    assert step.items[1] == LogCommand(ChangePiece("1168285238286", "\tfalse", "\ttrue"))
    move = c.items[1].action
    assert isinstance(move, MovePiece)
    assert (move.id, move.new_map, move.new_xy, move.new_under, move.old_xy, move.player) == (
        "1159124882349", "Allied", (58, 103), None, (33, 103), "foo")
    assert c.items[2].action == RemovePiece("99")
    assert c.items[3].action == Chat("* hello")
    assert c.items[4].opening
    assert c.encode() == text


@pytest.mark.parametrize("text, fragment", [
    ("+/123/piece;;;a;b", "malformed add-piece"),
    ("M/1/map/1/2", "malformed move-piece"),
    ("D/1", "malformed change-piece"),
])
def test_malformed_piece_commands(text, fragment):
    with pytest.raises(VassalFormatError, match=fragment):
        parse("begin_save" + ESC + text)


# ------------------------------------------------------------------ fuzzing the whole decoder


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=300))
def test_fuzz_read_save_bytes_raises_only_toolkit_errors(data):
    try:
        save = read_save(data)
    except (VassalFormatError, ArchiveError):
        return
    assert save.saved_game_bytes() == data


_cmd_chars = st.text(alphabet=st.sampled_from(list("+-DM/LOGCHAT\t\x1b\\;,'ab01 ")), max_size=120)


@settings(max_examples=300, deadline=None)
@given(_cmd_chars)
def test_fuzz_parse_round_trips_or_refuses(text):
    try:
        c = parse(text)
    except VassalFormatError:
        return
    again = c.encode()
    assert parse(again).encode() == again  # encoding is a fixed point after one pass


@settings(max_examples=200, deadline=None)
@given(_cmd_chars, st.integers(0, 255))
def test_fuzz_obfuscated_saves(text, key):
    data = obfuscate("begin_save" + ESC + text, key)
    try:
        save = read_save(data)
    except VassalFormatError:
        return
    if save.text() == "begin_save" + ESC + text:
        assert save.saved_game_bytes() == data


def test_command_text_split_on_esc_is_str_split():
    """The command parser finds ESCs with str.find while they are few, then with str.split: same parts."""
    import random

    from toolkit.vassal.commands import _split_esc

    rnd = random.Random(3)
    for _ in range(5_000):
        text = "".join(rnd.choice("a\x1b\\'") for _ in range(rnd.randint(0, 30)))
        assert _split_esc(text) == text.split("\x1b")
    many = "x\x1b" * 30_000 + "y"
    assert _split_esc(many) == many.split("\x1b")


def test_add_piece_types_of_one_length_head_and_tail_stay_apart():
    """The type memo finds a piece's type by length, head and tail, then compares the whole text."""
    from toolkit.vassal.commands import AddPiece, parse

    head, tail = "h" * 60, "t" * 60
    types = [f"{head}{middle}{tail}" for middle in ("aa", "ab", "b\\/", "ba")] * 3
    for i, type in enumerate(types):
        piece = parse(f"+/{i}/{type}/state{i}")
        assert piece == AddPiece(str(i), type.replace("\\/", "/"), f"state{i}")


@pytest.mark.parametrize("key", [0x00, 0x1B, 0x7F, 0x80, 0xA5, 0xFF])
def test_deobfuscate_ascii_and_utf8_text_with_every_kind_of_key(key):
    """ASCII text is XORed and decoded in one pass (charmap); other text falls back to XOR then UTF-8."""
    from toolkit.vassal.codec import deobfuscate, obfuscate

    for text in ("", "begin_save\x1b+/1/piece;;;a.png;A/null;0;0", "h\u00e9llo \u2713 w\u00f6rld", "\x7f\x00\t\\"):
        assert deobfuscate(obfuscate(text, key)) == (text, key)


def test_nested_add_pieces_read_in_place_round_trip():
    """A save's pieces are a nested list whose parts keep their escaping backslash until read: the add-piece
    commands in it (read in place), quoted ones and deeper lists decode as they encode."""
    from toolkit.vassal.commands import AddPiece, CommandList, TextCommand, parse

    inner = CommandList([AddPiece("1", "piece;;;a.png;A", "null;0;0"), AddPiece("2", "t\\with/slash", "s'"),
                         CommandList([AddPiece("3", "piece;;;b.png;B", "Map;1;2"), TextCommand("x\\")]),
                         TextCommand("'quoted'"), AddPiece("4", "last", "state\\")])
    tree = CommandList([TextCommand("begin_save"), inner, TextCommand("end_save")])
    text = tree.encode()
    assert parse(text) == tree
    assert parse(text).encode() == text


def _pieces(data: bytes, cuts: list[int]):
    edges = [0, *sorted(c % (len(data) + 1) for c in cuts), len(data)]
    return iter([data[a:b] for a, b in itertools.pairwise(edges)])


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet=st.characters(max_codepoint=0x7F), max_size=6000), st.integers(0, 255), st.booleans(),
       st.lists(st.integers(0, 20000), max_size=6))
def test_deobfuscate_chunks_agrees_with_deobfuscate(text, key, upper, cuts):
    """Decoding a savedGame piece by piece (any cut, odd ones included) gives deobfuscate's text and key, and
    upper is True exactly when the first 4,096 bytes hold an upper-case hex digit."""
    from toolkit.vassal.codec import deobfuscate_chunks

    data = obfuscate(text, key, upper=upper)
    got = deobfuscate_chunks(_pieces(data, cuts))
    assert got == (text, key, any(0x41 <= b <= 0x46 for b in data[5:4096]))


@pytest.mark.parametrize("data", [
    b"begin_save\x1b",  # plain text
    b"!VCSK",  # no key
    b"!VCSKzz00",  # key not hex
    obfuscate("abc", 7) + b"0",  # odd number of digits
    obfuscate("abc", 7)[:-2] + b"g0",  # not a hex digit
    obfuscate("d\u00e9j\u00e0", 7),  # not ASCII: deobfuscate decodes it as UTF-8
])
def test_deobfuscate_chunks_leaves_the_rest_to_deobfuscate(data):
    from toolkit.vassal.codec import deobfuscate_chunks

    assert deobfuscate_chunks(_pieces(data, [3, 9])) is None


def test_read_save_bad_crc_is_the_archive_error(tmp_path):
    """A savedGame whose CRC does not match is refused with Archive.read's error (the piecewise decoding
    gives way to it)."""
    import io
    import zipfile

    from toolkit.vassal import read_save

    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("savedGame", obfuscate("begin_save" + ESC + "end_save", 17))
    raw = bytearray(buf.getvalue())
    at = raw.index(b"PK\x01\x02") + 16  # the CRC in the central directory, which zipfile checks against
    raw[at] ^= 0xFF
    path = tmp_path / "bad.vsav"
    path.write_bytes(bytes(raw))
    with pytest.raises(ArchiveError) as err:
        read_save(path)
    assert str(err.value) == f"{path}: entry 'savedGame' is corrupt (bad CRC-32 for file 'savedGame')"


@settings(max_examples=60, deadline=None)
@given(st.text(alphabet=st.characters(max_codepoint=0x7F), max_size=3000), st.integers(0, 255), st.booleans())
def test_deobfuscate_buffer_agrees_with_deobfuscate(text, key, upper):
    from toolkit.vassal.codec import deobfuscate_buffer

    data = obfuscate(text, key, upper=upper)
    assert deobfuscate_buffer(bytearray(data)) == (text, key, any(0x41 <= b <= 0x46 for b in data[5:4096]))


@pytest.mark.parametrize("data", [
    b"begin_save\x1b", b"!VCSK", b"!VCSKzz00", obfuscate("abc", 7) + b"0", obfuscate("abc", 7)[:-2] + b"g0",
    obfuscate("d\u00e9j\u00e0", 7),
])
def test_deobfuscate_buffer_leaves_the_rest_to_deobfuscate(data):
    from toolkit.vassal.codec import deobfuscate_buffer

    assert deobfuscate_buffer(bytearray(data)) is None


def _zip(tmp_path, data: bytes, method: int = 8):
    import zipfile

    path = tmp_path / "s.vsav"
    with zipfile.ZipFile(path, "w", method) as z:
        z.writestr("savedGame", data)
        z.writestr("moduledata", b"<data/>")
    return path


def test_read_whole_inflates_or_declines(tmp_path):
    """Archive.read_whole gives a deflated member's bytes (with libdeflate) or None: a stored member, a folder, a
    member over the limit or with a wrong CRC is left to read/read_chunks."""
    import zipfile

    from toolkit.vassal.archive import Archive, _libdeflate

    data = obfuscate("begin_save" + ESC + "x" * 5000 + ESC + "end_save", 42)
    with Archive(_zip(tmp_path, data)) as a:
        got = a.read_whole("savedGame")
        assert got is None if _libdeflate() is None else got == data
        assert a.read_whole("savedGame", limit=len(data) - 1) is None
        assert a.read_whole("nothing") is None
    with Archive(_zip(tmp_path, data, zipfile.ZIP_STORED)) as a:
        assert a.read_whole("savedGame") is None
    with Archive(tmp_path) as a:
        assert a.read_whole("s.vsav") is None


def test_read_save_same_without_libdeflate(tmp_path, monkeypatch):
    """A save reads the same with libdeflate, without it (zlib, piecewise) and with both declined."""
    from toolkit.vassal import archive, read_save

    text = "begin_save" + ESC + "x" * 5000 + ESC + "end_save"
    path = _zip(tmp_path, obfuscate(text, 42, upper=True))
    first = read_save(path)
    monkeypatch.setattr(archive, "_LIBDEFLATE", [None])
    second = read_save(path)
    def declined(self, name, limit=None):
        yield b"x"

    monkeypatch.setattr(archive.Archive, "read_chunks", declined)
    third = read_save(path)
    for s in (first, second, third):
        assert (s.text(), s.key, s.upper_hex, s.entries) == (text, 42, True, {"moduledata": b"<data/>"})


def test_add_piece_type_unescaped_slash_by_slash_as_split_gives():
    """An add-piece type's escaped slashes are found by str.find (commands._unescaped): the type joining the raw
    text's ``/``-split parts less each part's escaping backslash gives, None when a slash is not escaped."""
    import random

    from toolkit.vassal.commands import _unescaped, _unquote

    def by_split(raw: str) -> str | None:
        parts = raw.split("/")
        if any(part[-1:] != "\\" for part in parts[:-1]):
            return None
        return _unquote("/".join([part[:-1] for part in parts[:-1]] + parts[-1:]))

    rnd = random.Random(9)
    for _ in range(20_000):
        raw = "".join(rnd.choice(["a", "/", "\\", "\\/", "'", "é"]) for _ in range(rnd.randint(0, 12)))
        assert _unescaped(raw) == by_split(raw), raw
