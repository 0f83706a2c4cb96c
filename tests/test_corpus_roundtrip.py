"""Annotation round trip for on-site adaptation: export, re-import, agreement (kappa)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from clindeid.document import Entity
from clindeid.evaluate.agreement import agreement
from clindeid.io.annotations import AnnotatedDocument, read_annotations, write_annotations
from clindeid.train.corpus import CorpusConfig, generate_corpus

EXPORTS = {
    "clindeid": "out.jsonl",
    "brat": "out_brat",
    "doccano": "out.doccano.jsonl",
    "prodigy": "out.prodigy.jsonl",
    "labelstudio": "out.json",
}


@pytest.fixture(scope="module")
def corpus():
    return list(generate_corpus(CorpusConfig(n=24, seed=8)))


@pytest.mark.parametrize("fmt", sorted(EXPORTS))
def test_export_then_import_is_identical(tmp_path, corpus, fmt):
    path = tmp_path / EXPORTS[fmt]
    write_annotations(corpus, path, fmt)
    back = {d.id: d for d in read_annotations(path, fmt)}
    assert sorted(back) == sorted(d.id for d in corpus)
    for doc in corpus:
        again = back[doc.id]
        assert again.text == doc.text
        assert again.spans == doc.spans
    if fmt in ("clindeid", "brat"):  # attributes that matter for training survive
        for doc in corpus:
            roles = [e.attributes.get("role") for e in doc.entities]
            assert [e.attributes.get("role") for e in back[doc.id].entities] == roles


def test_conll_export_keeps_every_entity_text(tmp_path, corpus):
    path = tmp_path / "out.conll"
    write_annotations(corpus, path, "conll")
    back = {d.id: d for d in read_annotations(path, "conll")}
    for doc in corpus:
        want = sorted((e.label, " ".join(doc.text[e.start : e.end].split())) for e in doc.entities)
        got = sorted((e.label, " ".join(back[doc.id].text[e.start : e.end].split()))
                     for e in back[doc.id].entities)  # fmt: skip
        assert got == want


# ---------------------------------------------------------------------- kappa, known values

WORDS = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india",
         "juliet"]  # fmt: skip


def _doc(text: str, spans: list[tuple[int, int]], label: str, annotator: str) -> AnnotatedDocument:
    ents = tuple(Entity(s, e, label) for s, e in spans)
    return AnnotatedDocument("d1", text, ents, {}, annotator)


def _word_spans(words: list[str]) -> list[tuple[int, int]]:
    out, pos = [], 0
    for w in words:
        out.append((pos, pos + len(w)))
        pos += len(w) + 1
    return out


def test_cohen_and_fleiss_by_hand_through_every_format(tmp_path):
    words = WORDS * 2  # 20 tokens
    text = " ".join(words)
    spans = _word_spans(words)
    # A marks two 2-token names (4 tokens), B only the first one (2 tokens).
    a = _doc(text, [(spans[2][0], spans[3][1]), (spans[12][0], spans[13][1])], "PERSON", "a")
    b = _doc(text, [(spans[2][0], spans[3][1])], "PERSON", "b")
    # By hand: observed 18/20; expected 0.2·0.1 + 0.8·0.9 = 0.74 → κ = 0.16/0.26.
    cohen = (0.9 - 0.74) / (1 - 0.74)
    # Fleiss: p(PERSON) = 6/40, p(O) = 34/40; P̄ = 18/20 → κ = (0.9 − 0.745)/(1 − 0.745).
    fleiss = (0.9 - 0.745) / (1 - 0.745)
    for fmt in ("labelstudio", "prodigy"):  # several annotators in one file
        path = tmp_path / ("ab.json" if fmt == "labelstudio" else "ab.jsonl")
        write_annotations([a, b], path, fmt)
        report = agreement(read_annotations(path, fmt))
        assert report.pairs[0].kappa == pytest.approx(cohen)
        assert report.fleiss == pytest.approx(fleiss)
    for fmt in ("clindeid", "brat", "doccano"):  # one file per annotator
        docs = []
        for doc in (a, b):
            path = tmp_path / f"{fmt}_{doc.annotator}{'' if fmt == 'brat' else '.jsonl'}"
            write_annotations([replace(doc, annotator=None)], path, fmt)
            docs += [replace(d, annotator=doc.annotator) for d in read_annotations(path, fmt)]
        report = agreement(docs)
        assert report.pairs[0].kappa == pytest.approx(cohen)


# Fleiss (1971) / Wikipedia worked example: 10 subjects, 14 raters, 5 categories; κ ≈ 0.210.
FLEISS_TABLE = (
    (0, 0, 0, 0, 14), (0, 2, 6, 4, 2), (0, 0, 3, 5, 6), (0, 3, 9, 2, 0), (2, 2, 8, 1, 1),
    (7, 7, 0, 0, 0), (3, 2, 6, 3, 0), (2, 5, 3, 2, 2), (6, 5, 2, 1, 0), (0, 2, 2, 3, 7),
)  # fmt: skip
CATEGORIES = ("O", "PERSON", "DATE", "CITY", "AGE")


def test_fleiss_worked_example_through_label_studio(tmp_path):
    text = " ".join(WORDS)
    spans = _word_spans(WORDS)
    raters: list[list[Entity]] = [[] for _ in range(14)]
    for token, row in enumerate(FLEISS_TABLE):
        rater = 0
        for category, count in zip(CATEGORIES, row, strict=True):
            for _ in range(count):
                if category != "O":
                    raters[rater].append(Entity(*spans[token], category))
                rater += 1
    docs = [AnnotatedDocument("case", text, tuple(ents), {}, f"rater{r:02d}")
            for r, ents in enumerate(raters)]  # fmt: skip
    path = tmp_path / "fleiss.json"
    write_annotations(docs, path, "labelstudio")
    report = agreement(read_annotations(path, "labelstudio"))
    assert report.tokens == 10 and len(report.annotators) == 14
    assert report.fleiss == pytest.approx(0.20993, abs=1e-4)


def test_corpus_annotators_where_one_drops_spans(tmp_path, corpus):
    gold = [replace(d, annotator="gold") for d in corpus[:8]]
    dropped = [
        replace(d, annotator="reviewer", entities=d.entities[::2]) for d in corpus[:8]
    ]
    path = tmp_path / "campaign.json"
    write_annotations(gold + dropped, path, "labelstudio")
    after = agreement(read_annotations(path, "labelstudio"))
    before = agreement(gold + dropped)
    assert after.pairs[0].kappa == pytest.approx(before.pairs[0].kappa)
    assert after.fleiss == pytest.approx(before.fleiss)
    assert 0.3 < after.pairs[0].kappa < 0.95
    same = agreement(gold + [replace(d, annotator="copy") for d in gold])
    assert same.pairs[0].kappa == pytest.approx(1.0)
