"""Hand-computed detection scores."""

import json

import pytest
from rich.console import Console

from clindeid.document import Entity
from clindeid.evaluate import evaluate
from clindeid.io.annotations import AnnotatedDocument

TEXT = "Jean Dupont vu le 12 mars 2020 à Saint Priest ; appeler le 0612 svp"
# 15 tokens: Jean Dupont vu le 12 mars 2020 à Saint Priest ; appeler le 0612 svp


def ent(covered: str, label: str, text: str = TEXT, source: str = "gold") -> Entity:
    start = text.index(covered)
    return Entity(start, start + len(covered), label, source=source)


GOLD = [
    AnnotatedDocument(
        "a",
        TEXT,
        (ent("Jean Dupont", "PERSON"), ent("12 mars 2020", "DATE"), ent("Saint Priest", "CITY")),
        {"document_type": "CRH"},
    ),
    AnnotatedDocument("b", "Rien à signaler .", (), {"type": "ORD"}),
]
PRED = [
    AnnotatedDocument(
        "a",
        TEXT,
        (
            ent("Jean Dupont", "PERSON", source="rules"),
            ent("Jean Dupont", "PERSON", source="model"),  # same span twice: counted once
            ent("12 mars 2020", "DATE"),
            ent("Saint", "CITY"),  # partial
            ent("0612", "PHONE"),  # spurious
        ),
    ),
    AnnotatedDocument("b", "Rien à signaler .", ()),
]


@pytest.fixture(scope="module")
def report():
    return evaluate(GOLD, PRED)


def test_entity_strict_and_partial_micro(report):
    strict, partial = report.micro_strict, report.micro_partial
    assert (strict.support, strict.predicted, strict.matched_gold, strict.matched_pred) == (
        3,
        4,
        2,
        2,
    )
    assert strict.precision == pytest.approx(0.5)
    assert strict.recall == pytest.approx(2 / 3)
    assert strict.f1 == pytest.approx(4 / 7)
    assert partial.precision == pytest.approx(0.75)
    assert partial.recall == pytest.approx(1.0)
    assert partial.f1 == pytest.approx(6 / 7)


@pytest.mark.parametrize(
    ("label", "strict_prf", "partial_prf", "support"),
    [
        ("PERSON", (1, 1, 1), (1, 1, 1), 1),
        ("DATE", (1, 1, 1), (1, 1, 1), 1),
        ("CITY", (0, 0, 0), (1, 1, 1), 1),
        ("PHONE", (0, 0, 0), (0, 0, 0), 0),
    ],
)
def test_entity_per_label(report, label, strict_prf, partial_prf, support):
    s, p = report.scores.strict[label], report.scores.partial[label]
    assert (s.precision, s.recall, s.f1) == pytest.approx(strict_prf)
    assert (p.precision, p.recall, p.f1) == pytest.approx(partial_prf)
    assert s.support == support


def test_token_level(report):
    tok = report.scores.tokens
    assert (tok.tp, tok.fp, tok.fn, tok.tn) == (6, 1, 1, 7 + 4)  # doc b has 4 O tokens
    assert tok.precision == pytest.approx(6 / 7)
    assert tok.recall == pytest.approx(6 / 7)
    assert report.scores.leak_rate == pytest.approx(1 / 7)
    city = report.scores.token_labels["CITY"]
    assert (city.support, city.covered, city.recall) == (2, 1, 0.5)
    assert report.scores.token_labels["PERSON"].recall == 1.0
    assert "PHONE" not in report.scores.token_labels  # no gold PHONE token


def test_clean_documents_and_document_types(report):
    s = report.scores
    assert (s.documents, s.documents_with_phi, s.clean_documents) == (2, 1, 1)
    assert s.clean_share == 0.5 and s.clean_share_with_phi == 0.0
    assert set(report.by_document_type) == {"CRH", "ORD"}  # "type" is an alias
    crh, ord_ = report.by_document_type["CRH"], report.by_document_type["ORD"]
    assert crh.micro_strict.f1 == pytest.approx(4 / 7)
    assert crh.leak_rate == pytest.approx(1 / 7) and crh.clean_documents == 0
    assert (ord_.documents, ord_.clean_documents, ord_.tokens.tn) == (1, 1, 4)


def test_label_map_scheme_and_dict():
    text = "né à Lyon"
    gold = [AnnotatedDocument("a", text, (ent("Lyon", "LOCATION", text),))]
    pred = [AnnotatedDocument("a", text, (ent("Lyon", "CITY", text),))]
    assert evaluate(gold, pred).micro_strict.f1 == 0.0
    assert evaluate(gold, pred, label_map="coarse").micro_strict.f1 == 1.0
    assert evaluate(gold, pred, label_map="coarse").scores.labels == ["LOC"]
    assert evaluate(gold, pred, label_map={"CITY": "LOCATION"}).micro_strict.f1 == 1.0
    dropped = evaluate(gold, pred, label_map={"CITY": None, "LOCATION": None})
    assert dropped.micro_strict.support == 0 and dropped.scores.tokens.support == 0


def test_scheme_without_a_label_drops_it_on_both_sides():
    text = "âgé de 45 ans"
    gold = [AnnotatedDocument("a", text, (ent("45 ans", "AGE", text),))]
    report = evaluate(gold, gold, label_map="paper002")  # paper002 has no AGE
    assert report.micro_strict.support == 0


def test_ignore_labels(report):
    ignored = evaluate(GOLD, PRED, ignore_labels=["phone"])
    assert ignored.micro_strict.precision == pytest.approx(2 / 3)
    assert ignored.scores.tokens.fp == 0
    assert ignored.ignored_labels == ("PHONE",)


def test_division_by_zero_gives_zero_with_support():
    report = evaluate([AnnotatedDocument("a", "rien", ())], [])
    micro = report.micro_strict
    assert (micro.precision, micro.recall, micro.f1, micro.support) == (0, 0, 0, 0)
    assert report.scores.leak_rate == 0 and report.scores.clean_share == 1.0
    assert report.missing_predictions == 1


def test_report_json_and_render(report):
    data = json.loads(json.dumps(report.to_json()))
    assert data["overall"]["entity_strict"]["micro"]["f1"] == pytest.approx(4 / 7)
    assert data["overall"]["entity_partial"]["labels"]["CITY"]["recall"] == 1.0
    assert data["overall"]["token_binary"]["leak_rate"] == pytest.approx(1 / 7)
    assert set(data["by_document_type"]) == {"CRH", "ORD"}
    assert "Dupont" not in json.dumps(data)
    console = Console(record=True, width=200)
    report.render(console)
    out = console.export_text()
    for needle in ("micro", "CITY", "57.1", "85.7", "Leak rate", "1/2", "By document type"):
        assert needle in out
    assert "Dupont" not in out
