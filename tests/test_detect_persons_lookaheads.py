"""The person rules put hand-written first-letter look-aheads before long word lists (so that
`re` skips most positions fast). A word added to a list with a new first letter would be
silently unreachable: these tests compute each list's possible first characters from the
regex itself and check that its look-ahead admits them all."""

from __future__ import annotations

import re
from re import _constants as C  # the parser opcodes
from re import _parser

import pytest

from clindeid.detect.rules import persons as P

ANY = None  # "could start with anything"


def _first_of_items(items: list) -> tuple[set[str] | None, bool]:
    """(possible first characters, whether the sequence may match empty)."""
    found: set[str] = set()
    for op, av in items:
        chars, nullable = _first_of_op(op, av)
        if chars is ANY:
            return ANY, False
        found |= chars
        if not nullable:
            return found, False
    return found, True


def _first_of_op(op, av) -> tuple[set[str] | None, bool]:
    if op is C.LITERAL:
        return {chr(av)}, False
    if op is C.IN:
        chars: set[str] = set()
        for kind, value in av:
            if kind is C.LITERAL:
                chars.add(chr(value))
            elif kind is C.RANGE:
                chars |= {chr(c) for c in range(value[0], value[1] + 1)}
            else:  # a category or a negation
                return ANY, False
        return chars, False
    if op is C.BRANCH:
        found: set[str] = set()
        nullable = False
        for branch in av[1]:
            chars, empty = _first_of_items(list(branch))
            if chars is ANY:
                return ANY, False
            found |= chars
            nullable |= empty
        return found, nullable
    if op is C.SUBPATTERN:
        return _first_of_items(list(av[-1]))
    if op in (C.MAX_REPEAT, C.MIN_REPEAT):
        chars, empty = _first_of_items(list(av[2]))
        return chars, empty or av[0] == 0
    if op in (C.AT, C.ASSERT, C.ASSERT_NOT):
        return set(), True  # zero-width
    return ANY, False


def first_characters(pattern: str) -> set[str]:
    chars, _ = _first_of_items(list(_parser.parse(pattern)))
    assert chars is not ANY, pattern
    return {c.lower() for c in chars}


def _class(lookahead: str) -> set[str]:
    m = re.search(r"\[([^\]]+)\]", lookahead)
    assert m is not None, lookahead
    return set(m.group(1).lower())


def test_first_characters_helper_sees_every_branch():
    assert first_characters(r"(?:ab|c[dé]|(?:x)?yz)") == {"a", "c", "x", "y"}


@pytest.mark.parametrize(
    ("words", "lookahead"),
    [
        (P.RELATIVE_DETERMINERS, P._DETERMINER_START),
        (P.RELATIVE_NOUNS, P._RELATIVE_START),
    ],
    ids=["determiners", "relative nouns"],
)
def test_relative_lookaheads_cover_their_lists(words, lookahead):
    assert first_characters(words) <= _class(lookahead)


def test_cue_lookaheads_cover_their_lists():
    pattern = P._LOWER_CUE_RE.pattern
    lists = {
        "pat": P.LOWER_PATIENT_CUES,
        "title": P.LOWER_TITLE_CUES,
        "civ": P.LOWER_CIVILITY_CUES,
        "staff": P.LOWER_STAFF_CUES,
    }
    for group, words in lists.items():
        m = re.search(r"\(\?=\(\?i:(\[?[^)\]]+\]?)\)\)\(\?P<" + group + ">", pattern)
        assert m is not None, group
        assert first_characters(words) <= _class(f"[{m.group(1).strip('[]')}]"), group
    naming = re.search(r"\(\?=\(\?i:(\[[^\]]+\])\)\)\(\?i:" + re.escape(P.NAMING_CUES), pattern)
    if naming is None:  # the naming cues live in _RELATIVE_RE
        naming = re.search(
            r"\(\?=\(\?i:(\[[^\]]+\])\)\)\(\?i:" + re.escape(P.NAMING_CUES), P._RELATIVE_RE.pattern
        )
    assert naming is not None
    assert first_characters(P.NAMING_CUES) <= _class(naming.group(1))


def test_place_context_lookahead_covers_its_words():
    m = re.search(r"\(\?=(\[[^\]]+\])\)", P.PLACE_CONTEXT)
    assert m is not None
    words = P.PLACE_CONTEXT.replace(m.group(0), "", 1)
    assert first_characters(words) <= _class(m.group(1))
