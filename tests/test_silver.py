"""Distant supervision: silver annotations with a confidence per span."""

from __future__ import annotations

import json

from clindeid.document import Document
from clindeid.io.annotations import read_annotations
from clindeid.train.silver import annotate_documents, annotate_file

TEXT = (
    "Mme DUPONT Marie, née le 12/03/1954, vue le 26 février 2020 au CHU de Dijon.\n"
    "Tél 06 12 34 56 78. Dr Jean MARTIN.\n"
)


def test_spans_have_score_and_source():
    [doc] = annotate_documents([Document.create("d1", TEXT, {"nom": "Dupont"})])
    assert doc.entities
    labels = {e.label for e in doc.entities}
    assert {"PERSON", "DATE", "PHONE"} <= labels
    for e in doc.entities:
        assert 0.0 < e.score <= 1.0 and "/" in e.source
        assert TEXT[e.start : e.end].strip()


def test_min_score_and_only_with_entities():
    docs = [Document.create("a", TEXT), Document.create("b", "Aucun identifiant ici.")]
    all_docs = list(annotate_documents(docs))
    assert [d.id for d in all_docs] == ["a", "b"]
    kept = list(annotate_documents(docs, only_with_entities=True, min_score=0.99))
    assert [d.id for d in kept] in ([], ["a"])
    for d in kept:
        assert all(e.score >= 0.99 for e in d.entities)


def test_annotate_file_writes_scores(tmp_path):
    src = tmp_path / "in.jsonl"
    src.write_text(
        json.dumps({"id": "x", "text": TEXT}) + "\n" + "{bad json\n", encoding="utf-8"
    )
    out = tmp_path / "silver.jsonl"
    summary = annotate_file(src, out)
    assert summary.documents == 1 and summary.written == 1 and len(summary.errors) == 1
    assert "DUPONT" not in summary.errors[0]
    line = json.loads(out.read_text().splitlines()[0])
    assert all("score" in e and "source" in e for e in line["entities"])
    assert sum(summary.by_label.values()) == len(line["entities"])
    back = read_annotations(out)
    assert back[0].spans == {(e["start"], e["end"], e["label"]) for e in line["entities"]}


def test_annotate_file_to_label_studio_predictions(tmp_path):
    src = tmp_path / "notes"
    src.mkdir()
    (src / "a.txt").write_text(TEXT, encoding="utf-8")
    out = tmp_path / "pre.json"
    annotate_file(src, out, "labelstudio", annotator="prediction:rules")
    task = json.loads(out.read_text())[0]
    assert task["predictions"] and not task["annotations"]
    [doc] = read_annotations(out)
    assert doc.annotator == "prediction:rules" and doc.entities
