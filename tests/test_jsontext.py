"""toolkit.jsontext writes what json.dumps writes (default separators, no indent), without the json package."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from toolkit import jsontext

SCALARS = st.none() | st.booleans() | st.integers() | st.floats() | st.text()
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=4)
                      | st.dictionaries(st.text() | st.integers() | st.booleans() | st.none(), inner, max_size=4)
                      | st.tuples(inner, inner), max_leaves=20)


@settings(max_examples=300, deadline=None)
@given(VALUES, st.booleans())
def test_same_text_as_json_dumps(value, ensure_ascii):
    expected = json.dumps(value, ensure_ascii=ensure_ascii)
    assert jsontext.dumps(value, ensure_ascii=ensure_ascii) == expected
    assert jsontext.encoder(ensure_ascii, check_circular=False)(value) == expected
    if isinstance(value, str):
        strings = jsontext.encode_basestring_ascii if ensure_ascii else jsontext.encode_basestring
        assert strings(value) == expected


def test_same_errors_as_json_dumps():
    for value in (object(), {"a": {1, 2}}, [b"x"]):
        with pytest.raises(TypeError) as theirs:
            json.dumps(value)
        with pytest.raises(TypeError) as ours:
            jsontext.dumps(value)
        assert str(ours.value) == str(theirs.value)
    loop: list[object] = []
    loop.append(loop)
    with pytest.raises(ValueError, match="Circular reference detected"):
        jsontext.dumps(loop)
