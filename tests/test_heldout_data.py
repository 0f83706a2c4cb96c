"""Checks on the blind held-out detection set (tests/data/heldout).

The set is written in the gold set's inline markup (tests/data/heldout/documents.txt) and
compiled by scripts/build_heldout.py into heldout.jsonl, which is committed.
"""

from __future__ import annotations

import collections
import importlib.util
import json
import re
import sys
from pathlib import Path

import pytest

from clindeid.labels import LABELS

ROOT = Path(__file__).resolve().parent.parent
HELDOUT_DIR = ROOT / "tests" / "data" / "heldout"


def _load_builder():
    path = ROOT / "scripts" / "build_heldout.py"
    spec = importlib.util.spec_from_file_location("build_heldout", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("build_heldout", module)
    spec.loader.exec_module(module)
    return module


build_heldout = _load_builder()


def nir_key(nir13: str) -> int:
    """The NIR control key: 97 - (n mod 97), Corsica 2A/2B counted as 19/18."""
    digits = nir13.upper()
    department = {"2A": "19", "2B": "18"}.get(digits[5:7], digits[5:7])
    return 97 - int(digits[:5] + department + digits[7:13]) % 97


def nir_is_valid(nir: str) -> bool:
    compact = re.sub(r"\s", "", nir).upper()
    if not re.fullmatch(r"[1-478]\d{4}(?:\d{2}|2[AB])\d{6}\d{2}", compact):
        return False
    return nir_key(compact[:13]) == int(compact[13:])


@pytest.fixture(scope="module")
def documents():
    source = (HELDOUT_DIR / "documents.txt").read_text(encoding="utf-8")
    return build_heldout.parse(source)


@pytest.fixture(scope="module")
def records():
    lines = (HELDOUT_DIR / "heldout.jsonl").read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


def test_nir_key_function():
    assert nir_key("1540321231045") == 92
    assert nir_key("248072A004028") == 6
    assert nir_key("262042B033007") == 2
    assert not nir_is_valid("1 54 03 21 231 045 93")


def test_builds_and_is_up_to_date(documents, records):
    assert [d.to_json() for d in documents] == records
    assert build_heldout.main(["--check"]) == 0


def test_ids_types_and_lengths(records):
    assert [r["id"] for r in records] == [f"held-{n:03d}" for n in range(1, len(records) + 1)]
    for record in records:
        assert record["meta"]["document_type"] in build_heldout.build_gold.DOCUMENT_TYPES
        assert 600 <= len(record["text"]) <= 2500, record["id"]


def test_all_spans_match(documents, records):
    for document in documents:
        for entity in document.entities:
            assert document.text[entity.start : entity.end] == entity.text, document.id
    for record in records:
        text, previous_end = record["text"], 0
        for entity in record["entities"]:
            assert previous_end <= entity["start"] < entity["end"] <= len(text), record["id"]
            previous_end = entity["end"]
            assert entity["label"] in LABELS
            covered = text[entity["start"] : entity["end"]]
            assert covered == covered.strip() and "\n" not in covered, record["id"]
            assert "|" not in covered and "[[" not in covered, record["id"]


def test_person_roles_and_birth_dates(records):
    for record in records:
        for entity in record["entities"]:
            attributes = entity.get("attributes", {})
            if entity["label"] == "PERSON":
                assert attributes.get("role") in ("patient", "staff", "other"), record["id"]
            elif entity["label"] == "DATE":
                assert attributes in ({}, {"kind": "birth"}), record["id"]


def test_every_nir_key_is_valid(records):
    nirs = [
        r["text"][e["start"] : e["end"]]
        for r in records
        for e in r["entities"]
        if e["label"] == "NIR"
    ]
    assert len(nirs) >= 4
    for nir in nirs:
        assert nir_is_valid(nir), nir
    assert any(" " in n for n in nirs) and any(" " not in n for n in nirs)
    assert any(re.search(r"2[AB]", n) for n in nirs)  # a Corsican one


def test_size_and_label_coverage(records):
    assert len(records) >= 40
    counts = collections.Counter(e["label"] for r in records for e in r["entities"])
    assert sum(counts.values()) >= 400
    for label in LABELS:
        assert counts[label] >= 3, f"{label}: {counts[label]}"


def test_builder_rejects_invalid_nir():
    bad = "# type: lettre\nNIR [[1 54 03 21 231 045 93|NIR]]\n"
    with pytest.raises(build_heldout.MarkupError, match="invalid NIR key"):
        build_heldout.parse(bad)
