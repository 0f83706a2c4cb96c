"""PHI injection into E3C case reports (3-document CC BY fixture, see tests/data/corpus)."""

from __future__ import annotations

import itertools
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

from clindeid.train.corpus import INJECTED_TYPE, CorpusConfig, generate_corpus, load_carriers
from clindeid.train.corpus.inject import inject

E3C = Path(__file__).parent / "data" / "corpus" / "e3c_sample.jsonl"


@pytest.fixture(scope="module")
def carriers():
    return load_carriers(E3C)


def test_fixture_keeps_its_licence(carriers):
    assert [c.id for c in carriers] == ["EN101039", "EN101117", "EN101143"]
    assert all(c.licence.startswith("CC BY") and c.url for c in carriers)


def test_ages_dates_and_initials_of_the_source_are_marked(carriers):
    marked = {c.id: [(e.label, c.text[e.start : e.end]) for e in c.entities] for c in carriers}
    assert ("AGE", "78 ans") in marked["EN101117"]
    assert ("DATE", "septembre 2008") in marked["EN101117"]
    assert ("DATE", "1987") in marked["EN101117"]
    assert ("PERSON", "H.I.") in marked["EN101039"]
    assert ("AGE", "70 ans") in marked["EN101143"]
    assert ("DATE", "2/3") not in marked["EN101039"]  # "les 2/3 internes": a fraction


@pytest.mark.parametrize("seed", range(6))
def test_source_text_is_intact_between_inserted_pieces(carriers, seed):
    carrier = carriers[seed % 3]
    text, entities, meta = inject(np.random.default_rng(seed), carrier, "pat-x", max_inserts=3)
    segments = meta["carrier"]
    assert segments[0][2] == 0 and segments[-1][3] == len(carrier.text)
    for (s, e, a, b), nxt in zip(segments, [*segments[1:], None], strict=True):
        assert text[s:e] == carrier.text[a:b]
        if nxt is not None:
            assert nxt[2] == b and nxt[0] > e  # contiguous in the source, a piece inserted
    assert "".join(text[s:e] for s, e, _, _ in segments) == carrier.text
    # every source mark is carried over at the shifted offsets
    shifted = {(text[e.start : e.end], e.label) for e in entities if e.source == "marked/e3c"}
    assert shifted == {(carrier.text[e.start : e.end], e.label) for e in carrier.entities}
    # synthetic PHI around it, no overlaps
    assert Counter(e.label for e in entities)["PERSON"] >= 2
    ends = sorted((e.start, e.end) for e in entities)
    assert all(a[1] <= b[0] for a, b in itertools.pairwise(ends))
    assert meta["document_type"] == INJECTED_TYPE
    assert meta["source"]["licence"].startswith("CC BY") and meta["source"]["id"] == carrier.id


def test_patient_matches_the_case(carriers):
    carrier = next(c for c in carriers if c.id == "EN101117")
    _, _, meta = inject(np.random.default_rng(0), carrier, "pat-y")
    assert abs(meta["age"] - 78) < 1.5


def test_injected_share_in_a_corpus(carriers):
    docs = list(generate_corpus(CorpusConfig(n=20, seed=3, inject_share=0.25), carriers))
    counts = Counter(d.meta["document_type"] for d in docs)
    assert counts[INJECTED_TYPE] == 5
    again = list(generate_corpus(CorpusConfig(n=20, seed=3, inject_share=0.25), carriers))
    assert [d.text for d in docs] == [d.text for d in again]
    for d in docs:
        for e in d.entities:
            assert d.text[e.start : e.end].strip() == d.text[e.start : e.end]
