"""Windows for the NER models: full coverage, no entity lost or split at a boundary."""

from __future__ import annotations

import itertools
import random

import pytest

from clindeid.train.windows import merge_windows, training_chunks, windows


def _text(n_words: int, seed: int = 0) -> str:
    rng = random.Random(seed)
    words = []
    for i in range(n_words):
        words.append("".join(rng.choice("abcdefghij") for _ in range(rng.randint(1, 9))))
        if i % 17 == 16:
            words.append("\n")
    return " ".join(words)


@pytest.mark.parametrize(("size", "overlap"), [(100, 20), (250, 0), (1000, 100), (64, 31)])
def test_windows_cover_the_whole_text(size: int, overlap: int) -> None:
    text = _text(600)
    bounds = windows(text, size, overlap)
    assert bounds[0][0] == 0 and bounds[-1][1] == len(text)
    for (s1, e1), (s2, _e2) in itertools.pairwise(bounds):
        assert e1 - s1 <= size and s2 <= e1 and s2 > s1
        assert e1 - s2 >= min(overlap, e1 - s1)
    assert windows("", 10, 2) == [(0, 0)]


def test_windows_reject_bad_parameters() -> None:
    with pytest.raises(ValueError):
        windows("abc", 10, 5)
    with pytest.raises(ValueError):
        windows("abc", 0, 0)


def test_merge_keeps_each_entity_once_even_across_cuts() -> None:
    """A 'perfect tagger' seeing each window finds every entity fully inside the window:
    after merging, every entity appears exactly once (those crossing a cut included)."""
    text = _text(800, seed=3)
    entities = []
    pos = 0
    while True:
        pos = text.find(" ", pos + 37)
        if pos < 0 or pos + 12 > len(text):
            break
        entities.append((pos + 1, min(pos + 12, len(text)), "PERSON", 1.0))
    entities = [e for e in entities if text[e[1] - 1] != " "]
    bounds = windows(text, 200, 60)
    per_window = [
        [(s - ws, e - ws, lab, sc) for s, e, lab, sc in entities if ws <= s and e <= we]
        for ws, we in bounds
    ]
    merged = merge_windows(bounds, per_window)
    assert sorted(merged) == sorted(entities)


def test_merge_unions_overlapping_same_label_spans() -> None:
    bounds = [(0, 100), (60, 160)]
    merged = merge_windows(bounds, [[(70, 88, "CITY", 0.5)], [(25, 35, "CITY", 0.9)]])
    assert merged == [(70, 95, "CITY", 0.9)]
    # a span starting in the part another window owns is taken from that window only
    assert merge_windows(bounds, [[(85, 95, "CITY", 0.5)], []]) == []


def test_training_chunks_never_cut_an_entity() -> None:
    text = _text(500, seed=5)
    ents = [(i, i + 25) for i in range(10, len(text) - 30, 90)]
    chunks = list(training_chunks(text, ents, 120))
    assert chunks[0][0] == 0 and chunks[-1][1] == len(text)
    for (_, e1), (s2, _) in itertools.pairwise(chunks):
        assert e1 == s2
    for s, e in ents:
        assert any(cs <= s and e <= ce for cs, ce in chunks)
