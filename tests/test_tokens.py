import itertools

import pytest

from clindeid.tokens import tokenize


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("", []),
        ("   ", []),
        ("Né le 12/03/1960.", ["Né", "le", "12", "/", "03", "/", "1960", "."]),
        ("jean.dupont@chu-lyon.fr", ["jean", ".", "dupont", "@", "chu", "-", "lyon", ".", "fr"]),
        ("M. O'Brien\n\t06 12", ["M", ".", "O", "'", "Brien", "06", "12"]),
        ("âge: 45ans", ["âge", ":", "45ans"]),
    ],
)
def test_tokens(text, expected):
    assert [text[s:e] for s, e in tokenize(text)] == expected


def test_spans_are_ordered_disjoint_and_never_whitespace():
    text = "Dr  Martin (CHU), tél. 04-72-00-00-00 ; né(e) le 1er mai."
    spans = tokenize(text)
    assert all(a[1] <= b[0] for a, b in itertools.pairwise(spans))
    assert all(text[s:e].strip() == text[s:e] and e > s for s, e in spans)
    assert "".join(text[s:e] for s, e in spans) == "".join(text.split())
