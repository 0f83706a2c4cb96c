"""evaluate / evaluate_files: matching documents by id, formats, errors."""

import json
from pathlib import Path

import pytest

from clindeid.document import Entity
from clindeid.evaluate import EvaluationError, evaluate, evaluate_files
from clindeid.io.annotations import AnnotatedDocument, AnnotationFormatError, write_annotations

DATA = Path(__file__).parent / "data" / "annotations"
TEXT = "Jean Dupont vit à Lyon ."
GOLD = [
    AnnotatedDocument("a", TEXT, (Entity(0, 11, "PERSON"), Entity(18, 22, "CITY"))),
    AnnotatedDocument("b", "Marie .", (Entity(0, 5, "PERSON"),), {"document_type": "ORD"}),
]


def test_missing_prediction_document_counts_as_nothing_found():
    pred = [AnnotatedDocument("a", TEXT, (Entity(0, 11, "PERSON"), Entity(18, 22, "CITY")))]
    report = evaluate(GOLD, pred)
    assert report.missing_predictions == 1
    assert report.micro_strict.recall == pytest.approx(2 / 3)
    assert report.scores.clean_documents == 1


def test_unmatched_predictions_are_ignored_and_counted():
    pred = [*GOLD, AnnotatedDocument("zzz", "x", (Entity(0, 1, "ID"),))]
    report = evaluate(GOLD, pred)
    assert report.unmatched_predictions == 1 and report.micro_strict.f1 == 1.0


def test_text_mismatch_names_the_id_not_the_text():
    pred = [AnnotatedDocument("a", "Paul Martin vit à Lyon .", ())]
    with pytest.raises(EvaluationError, match="document 'a'") as info:
        evaluate(GOLD, pred)
    assert "Paul" not in str(info.value) and "Jean" not in str(info.value)


def test_files_brat_gold_against_detect_output(tmp_path):
    write_annotations(GOLD, tmp_path / "gold", "brat")
    detect = tmp_path / "detect.jsonl"
    detect.write_text(
        json.dumps(
            {"id": "a", "entities": [{"start": 0, "end": 4, "label": "PERSON", "source": "r"}]}
        )
        + "\n"
    )
    report = evaluate_files(tmp_path / "gold", detect)
    assert report.micro_partial.matched_gold == 1 and report.micro_strict.matched_gold == 0
    assert report.missing_predictions == 1


@pytest.mark.parametrize("fmt", ["clindeid", "conll", "labelstudio", "doccano", "prodigy"])
def test_files_perfect_scores_across_formats(tmp_path, fmt):
    gold_path = tmp_path / ("gold.conll" if fmt == "conll" else "gold.json")
    write_annotations(GOLD, gold_path, fmt)
    pred_path = tmp_path / "pred.jsonl"
    write_annotations(GOLD, pred_path, "clindeid")
    report = evaluate_files(gold_path, pred_path, gold_format=fmt)
    assert report.micro_strict.f1 == 1.0 and report.scores.leak_rate == 0.0


def test_files_text_mismatch(tmp_path):
    write_annotations(GOLD, tmp_path / "g.jsonl", "clindeid")
    write_annotations([AnnotatedDocument("b", "Maria .", ())], tmp_path / "p.jsonl", "clindeid")
    with pytest.raises(EvaluationError, match=r"document .b.: text in p\.jsonl differs"):
        evaluate_files(tmp_path / "g.jsonl", tmp_path / "p.jsonl")


def test_same_label_studio_export_on_both_sides():
    path = DATA / "labelstudio_two_annotators.json"
    with pytest.raises(AnnotationFormatError, match="choose one annotator"):
        evaluate_files(path, path)
    report = evaluate_files(path, path, gold_annotator="alice@example.org", label_map="coarse")
    assert report.micro_strict.recall == 0.5 and report.micro_strict.precision == 1.0
    assert set(report.by_document_type) == {"CRH"}
    vs_bob = evaluate_files(path, path, gold_annotator="alice@example.org", pred_annotator="7")
    assert vs_bob.micro_strict.matched_gold == 0 and vs_bob.micro_partial.matched_gold == 1


def test_unknown_scheme():
    with pytest.raises(ValueError, match="unknown label scheme 'nope'"):
        evaluate(GOLD, GOLD, label_map="nope")
