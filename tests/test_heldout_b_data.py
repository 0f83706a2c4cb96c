"""Checks on the second blind held-out detection set (tests/data/heldout_b).

Written in the gold set's inline markup (tests/data/heldout_b/documents.txt) and compiled by
scripts/build_heldout_b.py into heldout_b.jsonl, which is committed.
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
DATA_DIR = ROOT / "tests" / "data" / "heldout_b"


def _load_builder():
    path = ROOT / "scripts" / "build_heldout_b.py"
    spec = importlib.util.spec_from_file_location("build_heldout_b", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("build_heldout_b", module)
    spec.loader.exec_module(module)
    return module


build_heldout_b = _load_builder()


def nir_key(nir13: str) -> int:
    """The NIR control key: 97 - (n mod 97), Corsica 2A/2B counted as 19/18 (computed here
    independently of the builder)."""
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
    source = (DATA_DIR / "documents.txt").read_text(encoding="utf-8")
    return build_heldout_b.parse(source)


@pytest.fixture(scope="module")
def records():
    lines = (DATA_DIR / "heldout_b.jsonl").read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


def test_builds_and_is_up_to_date(documents, records):
    assert [d.to_json() for d in documents] == records
    assert build_heldout_b.main(["--check"]) == 0


def test_ids_types_and_lengths(records):
    assert [r["id"] for r in records] == [f"heldb-{n:03d}" for n in range(1, len(records) + 1)]
    for record in records:
        assert record["meta"]["document_type"] in build_heldout_b.build_gold.DOCUMENT_TYPES
        assert record["meta"].get("note"), record["id"]
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
            else:
                assert not attributes, record["id"]


def test_every_nir_key_is_valid(records):
    nirs = [
        r["text"][e["start"] : e["end"]]
        for r in records
        for e in r["entities"]
        if e["label"] == "NIR"
    ]
    assert len(nirs) >= 10
    for nir in nirs:
        assert nir_is_valid(nir), nir
        assert build_heldout_b.nir_is_valid(nir), nir
    assert any(" " in n for n in nirs) and any(" " not in n for n in nirs)
    assert any("2A" in n for n in nirs) and any("2B" in n for n in nirs)
    assert any(re.sub(r"\s", "", n)[5:7] == "97" for n in nirs)  # born overseas


def test_size_and_label_coverage(records):
    assert len(records) >= 40
    counts = collections.Counter(e["label"] for r in records for e in r["entities"])
    assert sum(counts.values()) >= 400
    for label in LABELS:
        assert counts[label] >= 3, f"{label}: {counts[label]}"


def test_independent_of_the_first_held_out_set(records):
    first = ROOT / "tests" / "data" / "heldout" / "heldout.jsonl"
    if not first.is_file():
        pytest.skip("first held-out set absent")
    first_texts = {
        json.loads(line)["text"] for line in first.read_text(encoding="utf-8").splitlines() if line
    }
    assert not first_texts & {r["text"] for r in records}


def test_builder_rejects_invalid_nir_and_renumbers():
    bad = "# type: lettre\nNIR [[1 54 03 21 231 045 93|NIR]]\n"
    with pytest.raises(build_heldout_b.MarkupError, match="invalid NIR key"):
        build_heldout_b.parse(bad)
    good = "# type: lettre\nDr [[Anne Morvan|PERSON|role=staff]]\n---\n# type: lettre\nRAS\n"
    assert [d.id for d in build_heldout_b.parse(good)] == ["heldb-001", "heldb-002"]
