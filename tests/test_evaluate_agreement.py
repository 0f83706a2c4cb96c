"""Kappas against textbook values, and token-level agreement of annotators."""

import json
from pathlib import Path

import pytest
from rich.console import Console

from clindeid.document import Entity
from clindeid.evaluate import (
    AgreementError,
    agreement,
    agreement_files,
    cohen_kappa,
    fleiss_kappa,
    fleiss_kappa_by_category,
)
from clindeid.io.annotations import AnnotatedDocument

DATA = Path(__file__).parent / "data" / "annotations"

# Fleiss (1971) as given on Wikipedia: 10 subjects, 14 raters, 5 categories; kappa = 0.210.
FLEISS_TABLE = [
    [0, 0, 0, 0, 14],
    [0, 2, 6, 4, 2],
    [0, 0, 3, 5, 6],
    [0, 3, 9, 2, 0],
    [2, 2, 8, 1, 1],
    [7, 7, 0, 0, 0],
    [3, 2, 6, 3, 0],
    [2, 5, 3, 2, 2],
    [6, 5, 2, 1, 0],
    [0, 2, 2, 3, 7],
]


def _from_confusion(matrix, labels=("yes", "no")):
    a, b = [], []
    for i, row in enumerate(matrix):
        for j, count in enumerate(row):
            a += [labels[i]] * count
            b += [labels[j]] * count
    return a, b


@pytest.mark.parametrize(
    ("matrix", "expected"),
    [
        # p_o = 35/50 = 0.7; p_e = 0.5*0.6 + 0.5*0.4 = 0.5; kappa = 0.2/0.5 = 0.4
        ([[20, 5], [10, 15]], 0.4),
        # p_o = 0.6; p_e = 0.6*0.7 + 0.4*0.3 = 0.54; kappa = 0.06/0.46
        ([[45, 15], [25, 15]], 0.06 / 0.46),
        ([[10, 0], [0, 10]], 1.0),
    ],
)
def test_cohen_kappa_hand_computed(matrix, expected):
    assert cohen_kappa(*_from_confusion(matrix)) == pytest.approx(expected)


def test_cohen_kappa_undefined_and_invalid():
    assert cohen_kappa(["O", "O"], ["O", "O"]) is None
    assert cohen_kappa([], []) is None
    with pytest.raises(ValueError):
        cohen_kappa(["O"], [])


def test_fleiss_kappa_wikipedia_example():
    assert fleiss_kappa(FLEISS_TABLE) == pytest.approx(0.210, abs=5e-4)


def test_fleiss_kappa_with_two_categories_equals_per_category():
    table = [[2, 1], [3, 0], [0, 3], [1, 2], [3, 0]]
    overall = fleiss_kappa(table)
    assert fleiss_kappa_by_category(table) == pytest.approx([overall, overall])


def test_fleiss_kappa_rejects_ragged_tables():
    with pytest.raises(ValueError):
        fleiss_kappa([[1, 1], [3, 0]])
    assert fleiss_kappa_by_category([[2, 0], [2, 0]]) == [None, None]


def test_label_studio_annotators():
    report = agreement_files(DATA / "labelstudio_two_annotators.json")
    assert report.annotators == ("7", "alice@example.org")  # prediction left out
    (pair,) = report.pairs
    # tokens: Jean Dupont habite Lyon . → alice PER PER O LOC O, "7" O PER O O O
    assert (pair.documents, pair.tokens, pair.observed) == (1, 5, 0.6)
    assert pair.kappa == pytest.approx((0.6 - 0.4) / 0.6)
    assert report.fleiss == pytest.approx((0.6 - 0.46) / 0.54)
    assert pair.strict_f1 == 0.0 and pair.partial_f1 == pytest.approx(2 / 3)
    assert set(report.fleiss_by_label) == {"PERSON", "LOCATION"}
    assert report.label_support == {"PERSON": 3, "LOCATION": 1}
    with_pred = agreement_files(DATA / "labelstudio_two_annotators.json", include_predictions=True)
    assert len(with_pred.annotators) == 3 and len(with_pred.pairs) == 3


def test_files_as_annotators_and_texts_from_earlier_files(tmp_path):
    text = "Jean Dupont à Lyon"
    ents = {
        "a": [
            {"start": 0, "end": 11, "label": "PERSON"},
            {"start": 14, "end": 18, "label": "CITY"},
        ],
        "b": [{"start": 0, "end": 11, "label": "PERSON"}, {"start": 14, "end": 18, "label": "LOC"}],
        "c": [{"start": 0, "end": 4, "label": "PERSON"}],
    }
    paths = []
    for name, entities in ents.items():
        record = {"id": "d1", "entities": entities}
        if name == "a":
            record["text"] = text
        (tmp_path / f"{name}.jsonl").write_text(json.dumps(record) + "\n")
        paths.append(tmp_path / f"{name}.jsonl")
    report = agreement_files(paths)
    assert report.annotators == ("a", "b", "c")
    assert report.tokens == 4 and report.documents == 1
    kappas = {(p.first, p.second): p.kappa for p in report.pairs}
    assert kappas[("a", "b")] < 1.0
    coarse = agreement_files(paths, label_map="coarse")
    assert {(p.first, p.second): p.kappa for p in coarse.pairs}[("a", "b")] == 1.0
    console = Console(record=True, width=160)
    coarse.render(console)
    out = console.export_text()
    assert "Cohen" in out and "Fleiss" in out and "3 annotators" in out
    json.dumps(coarse.to_json())


def test_agreement_errors():
    doc = AnnotatedDocument("d", "Jean", (Entity(0, 4, "PERSON"),), annotator="x")
    with pytest.raises(AgreementError, match="at least two annotators"):
        agreement([doc])
    other = AnnotatedDocument("d", "Paul", (), annotator="y")
    with pytest.raises(AgreementError, match="text of document 'd'") as info:
        agreement([doc, other])
    assert "Paul" not in str(info.value)


def test_longest_entity_labels_a_token():
    text = "Hôpital Jean Moulin"
    docs = [
        AnnotatedDocument(
            "d", text, (Entity(0, 19, "HOSPITAL"), Entity(8, 19, "PERSON")), annotator="x"
        ),
        AnnotatedDocument("d", text, (Entity(0, 19, "HOSPITAL"),), annotator="y"),
    ]
    (pair,) = agreement(docs).pairs
    assert pair.observed == 1.0
