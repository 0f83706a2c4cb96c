"""Checks on the third blind held-out detection set (tests/data/heldout_c).

Written in the gold set's inline markup (tests/data/heldout_c/documents.txt) and compiled by
scripts/build_heldout_c.py into heldout_c.jsonl, which is committed.
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
DATA_DIR = ROOT / "tests" / "data" / "heldout_c"
OTHER_SETS = (
    ROOT / "tests" / "data" / "gold" / "gold.jsonl",
    ROOT / "tests" / "data" / "heldout" / "heldout.jsonl",
    ROOT / "tests" / "data" / "heldout_b" / "heldout_b.jsonl",
)


def _load_builder():
    path = ROOT / "scripts" / "build_heldout_c.py"
    spec = importlib.util.spec_from_file_location("build_heldout_c", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("build_heldout_c", module)
    spec.loader.exec_module(module)
    return module


build_heldout_c = _load_builder()


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
    return build_heldout_c.parse(source)


@pytest.fixture(scope="module")
def records():
    lines = (DATA_DIR / "heldout_c.jsonl").read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


def test_builds_and_is_up_to_date(documents, records):
    assert [d.to_json() for d in documents] == records
    assert build_heldout_c.main(["--check"]) == 0


def test_ids_types_and_lengths(records):
    assert [r["id"] for r in records] == [f"heldc-{n:03d}" for n in range(1, len(records) + 1)]
    for record in records:
        assert record["meta"]["document_type"] in build_heldout_c.build_gold.DOCUMENT_TYPES
        assert record["meta"].get("note"), record["id"]
        assert 500 <= len(record["text"]) <= 2500, record["id"]


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
    roles = collections.Counter()
    for record in records:
        for entity in record["entities"]:
            attributes = entity.get("attributes", {})
            if entity["label"] == "PERSON":
                assert attributes.get("role") in ("patient", "staff", "other"), record["id"]
                roles[attributes["role"]] += 1
            elif entity["label"] == "DATE":
                assert attributes in ({}, {"kind": "birth"}), record["id"]
            else:
                assert not attributes, record["id"]
    assert all(roles[role] >= 20 for role in ("patient", "staff", "other")), roles
    births = sum(
        1 for r in records for e in r["entities"] if e.get("attributes") == {"kind": "birth"}
    )
    assert births >= 20


def test_no_title_inside_person_spans(records):
    for record in records:
        for entity in record["entities"]:
            if entity["label"] == "PERSON":
                covered = record["text"][entity["start"] : entity["end"]]
                assert not re.match(r"(?:Mme|Mlle|Dr|Pr|Me|Docteur|Madame|Monsieur)\b", covered)


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
        assert build_heldout_c.nir_is_valid(nir), nir
    assert any(" " in n for n in nirs) and any(" " not in n for n in nirs)
    assert any("2A" in n for n in nirs) and any("2B" in n for n in nirs)
    compact = [re.sub(r"\s", "", n) for n in nirs]
    assert any(n[5:7] == "97" for n in compact)  # born overseas
    assert any(n[5:7] == "99" for n in compact)  # born abroad


def test_size_and_label_coverage(records):
    assert len(records) >= 50
    counts = collections.Counter(e["label"] for r in records for e in r["entities"])
    assert sum(counts.values()) >= 600
    for label in LABELS:
        assert counts[label] >= 3, f"{label}: {counts[label]}"


def _texts(path: Path) -> list[str]:
    return [
        json.loads(line)["text"]
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.strip()
    ]


def test_no_text_shared_with_the_other_sets(records):
    others = [text for path in OTHER_SETS if path.is_file() for text in _texts(path)]
    if not others:
        pytest.skip("other evaluation sets absent")
    assert not set(others) & {r["text"] for r in records}
    # no long line in common either (headers of a few words may coincide, sentences may not)
    other_lines = {line.strip() for text in others for line in text.splitlines()}
    shared = [
        (record["id"], line.strip())
        for record in records
        for line in record["text"].splitlines()
        if len(line.strip()) >= 40 and line.strip() in other_lines
    ]
    assert shared == []


def test_builder_rejects_invalid_nir_and_renumbers():
    bad = "# type: lettre\nNIR [[1 85 12 2A 004 311 76|NIR]]\n"
    with pytest.raises(build_heldout_c.MarkupError, match="invalid NIR key"):
        build_heldout_c.parse(bad)
    good = "# type: lettre\nDr [[Anne Kerdoncuff|PERSON|role=staff]]\n---\n# type: lettre\nRAS\n"
    assert [d.id for d in build_heldout_c.parse(good)] == ["heldc-001", "heldc-002"]
