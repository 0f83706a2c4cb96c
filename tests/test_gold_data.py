"""Checks on the gold-standard detection set (tests/data/gold) and on the examples.

The gold set is written in an inline markup (tests/data/gold/snippets.txt) and compiled by
scripts/build_gold.py into gold.jsonl and BRAT files, which are committed.
"""

from __future__ import annotations

import collections
import csv
import importlib.util
import json
import re
import sys
from pathlib import Path

import pytest

from clindeid.labels import LABELS

ROOT = Path(__file__).resolve().parent.parent
GOLD_DIR = ROOT / "tests" / "data" / "gold"
EXAMPLES = ROOT / "examples"


def _load_builder():
    path = ROOT / "scripts" / "build_gold.py"
    spec = importlib.util.spec_from_file_location("build_gold", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("build_gold", module)
    spec.loader.exec_module(module)
    return module


build_gold = _load_builder()


def nir_key(nir13: str) -> int:
    """The NIR control key: 97 - (n mod 97), Corsica 2A/2B counted as 19/18."""
    digits = nir13.replace(" ", "").upper()
    department = {"2A": "19", "2B": "18"}.get(digits[5:7], digits[5:7])
    number = int(digits[:5] + department + digits[7:13])
    return 97 - number % 97


def nir_is_valid(nir: str) -> bool:
    compact = re.sub(r"\s", "", nir).upper()
    if not re.fullmatch(r"[1-478]\d{4}(?:\d{2}|2[AB])\d{6}\d{2}", compact):
        return False
    return nir_key(compact[:13]) == int(compact[13:])


@pytest.fixture(scope="module")
def snippets():
    return build_gold.parse_markup((GOLD_DIR / "snippets.txt").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def gold():
    lines = (GOLD_DIR / "gold.jsonl").read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines if line.strip()]


# --- the key function itself -------------------------------------------------------------


def test_nir_key_function():
    assert nir_key("1540321231045") == 92
    assert nir_key("248072A004028") == 6  # Corse-du-Sud: 2A counted as 19
    assert nir_key("262042B033007") == 2  # Haute-Corse: 2B counted as 18
    assert nir_is_valid("1 54 03 21 231 045 92")
    assert not nir_is_valid("1 54 03 21 231 045 93")


# --- builder round trip ------------------------------------------------------------------


def test_committed_outputs_are_up_to_date(snippets, gold):
    assert [s.to_json() for s in snippets] == gold
    assert build_gold.main(["--check"]) == 0


def test_entities_match_marked_text(snippets):
    for snippet in snippets:
        for entity in snippet.entities:
            assert snippet.text[entity.start : entity.end] == entity.text, snippet.id


def test_render_inverts_parse(snippets, gold):
    for snippet, record in zip(snippets, gold, strict=True):
        assert build_gold.render_markup(record["text"], record["entities"]) == snippet.markup


def test_offsets_labels_and_overlaps(gold):
    ids = [record["id"] for record in gold]
    assert ids == [f"snip-{n:03d}" for n in range(1, len(gold) + 1)]
    for record in gold:
        text, entities = record["text"], record["entities"]
        assert text and text == text.strip(), record["id"]
        previous_end = 0
        for entity in entities:
            assert 0 <= entity["start"] < entity["end"] <= len(text), record["id"]
            assert entity["start"] >= previous_end, f"overlap or disorder in {record['id']}"
            previous_end = entity["end"]
            assert entity["label"] in LABELS, record["id"]
            covered = text[entity["start"] : entity["end"]]
            assert covered == covered.strip() and "\n" not in covered, record["id"]
        assert record["meta"]["document_type"] in (*build_gold.DOCUMENT_TYPES, None)


def test_size_and_label_coverage(gold):
    assert len(gold) >= 70
    counts = collections.Counter(e["label"] for r in gold for e in r["entities"])
    for label in LABELS:
        minimum = 1 if label in ("URL", "ORG", "LOCATION") else 3
        assert counts[label] >= minimum, f"{label}: {counts[label]} < {minimum}"
    # Tricky negatives: some snippets carry no PHI at all.
    assert sum(1 for r in gold if not r["entities"]) >= 5


def test_brat_matches_jsonl(gold):
    brat = GOLD_DIR / "brat"
    assert (brat / "annotation.conf").is_file()
    assert len(list(brat.glob("snip-*.txt"))) == len(gold)
    for record in gold:
        text = (brat / f"{record['id']}.txt").read_text(encoding="utf-8")
        assert text == record["text"]
        spans = {}
        attributes: dict[str, dict[str, str]] = collections.defaultdict(dict)
        for line in (brat / f"{record['id']}.ann").read_text(encoding="utf-8").splitlines():
            tag, body, *rest = line.split("\t")
            if tag.startswith("T"):
                label, start, end = body.split()
                assert rest == [text[int(start) : int(end)]]
                spans[tag] = (int(start), int(end), label)
            else:
                key, target, value = body.split()
                attributes[target][key] = value
        expected = []
        for tag, (start, end, label) in spans.items():
            entity = {"start": start, "end": end, "label": label}
            if tag in attributes:
                entity["attributes"] = attributes[tag]
            expected.append(entity)
        assert expected == record["entities"]


# --- NIR keys ----------------------------------------------------------------------------

NIR_PATTERN = re.compile(
    r"(?<![\dA-Za-z])[12] ?\d{2} ?(?:0[1-9]|1[0-2]) ?(?:\d{2}|2[AB]) ?\d{3} ?\d{3} ?\d{2}(?![\d])"
)


def test_gold_nirs_have_valid_keys(gold):
    nirs = [
        r["text"][e["start"] : e["end"]] for r in gold for e in r["entities"] if e["label"] == "NIR"
    ]
    assert len(nirs) >= 3
    for nir in nirs:
        assert nir_is_valid(nir), nir
    assert any(" " in nir for nir in nirs) and any(" " not in nir for nir in nirs)


def test_example_nirs_have_valid_keys():
    files = sorted(EXAMPLES.glob("*.txt")) + sorted((EXAMPLES / "formats").glob("*.*"))
    found = set()
    for path in files:
        if path.suffix == ".parquet":
            continue
        for match in NIR_PATTERN.finditer(path.read_text(encoding="utf-8")):
            assert nir_is_valid(match.group()), f"{path.name}: {match.group()}"
            found.add(re.sub(r"\s", "", match.group()))
    assert len(found) >= 8


# --- malformed markup --------------------------------------------------------------------

GOOD = "# type: lettre\nDr [[Jean DUPONT|PERSON|role=staff]]\n---\n"


@pytest.mark.parametrize(
    ("bad", "message"),
    [
        ("Dr [[Jean DUPONT|PERSON]", "never closed"),
        ("Dr [[Jean DUPONT]]", "no label"),
        ("Dr Jean DUPONT|PERSON]]", "without a matching"),
        ("Dr [[Jean DUPONT|NAME]]", "unknown label"),
        ("Dr [[|PERSON]]", "empty text"),
        ("Dr [[ Jean DUPONT|PERSON]]", "whitespace"),
        ("Dr [[Jean [[DUPONT|PERSON]]|PERSON]]", "nested"),
        ("Dr [[Jean DUPONT|PERSON|role]]", "malformed attribute"),
        ("Dr [[Jean DUPONT|PERSON|role=chef]]", "not in"),
        ("Le [[12/03/2020|DATE|role=staff]]", "only applies to PERSON"),
        ("Dr [[Jean DUPONT|PERSON|colour=blue]]", "unknown attribute"),
        ("# type: roman\nDr [[Jean DUPONT|PERSON]]", "unknown document type"),
        ("# author: moi\nDr [[Jean DUPONT|PERSON]]", "unknown header"),
        ("# type: lettre\n", "empty snippet"),
    ],
)
def test_builder_rejects_malformed_markup(bad, message):
    with pytest.raises(build_gold.MarkupError, match=message) as caught:
        build_gold.parse_markup(GOOD + bad)
    assert "block 2 (snip-002" in str(caught.value)


def test_builder_reports_line_of_error():
    source = GOOD + "# type: lettre\nPremière ligne correcte.\nDr [[Jean DUPONT|PERSN]]\n"
    with pytest.raises(build_gold.MarkupError, match=r"line 6"):
        build_gold.parse_markup(source)


def test_builder_parses_attributes_and_headers():
    source = (
        "## commentaire\n# type: urgences\n# note: essai\n"
        "Née le [[12/03/1954|DATE|kind=birth]], [[67 ans|AGE]]."
    )
    (snippet,) = build_gold.parse_markup(source)
    assert snippet.text == "Née le 12/03/1954, 67 ans."
    assert snippet.document_type == "urgences" and snippet.note == "essai"
    assert [(e.label, e.text, e.attributes) for e in snippet.entities] == [
        ("DATE", "12/03/1954", {"kind": "birth"}),
        ("AGE", "67 ans", {}),
    ]


# --- examples ----------------------------------------------------------------------------


def test_examples_shape():
    documents = sorted(EXAMPLES.glob("[0-9][0-9]_*.txt"))
    assert 12 <= len(documents) <= 14
    for path in documents:
        text = path.read_text(encoding="utf-8")
        assert 800 <= len(text) <= 2500, f"{path.name}: {len(text)} characters"


def test_example_formats_carry_the_same_texts():
    formats = EXAMPLES / "formats"
    records = [
        json.loads(line)
        for line in (formats / "notes.jsonl").read_text(encoding="utf-8").splitlines()
    ]
    assert len(records) == 5
    for record in records:
        assert set(record) == {"id", "text", "meta"}
        assert set(record["meta"]) == {
            "patient_id", "nom", "prenom", "ddn", "document_date", "document_type", "sexe",
        }
        assert record["text"] == (EXAMPLES / f"{record['id']}.txt").read_text(encoding="utf-8")
    with (formats / "notes.csv").open(encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    assert [row["doc_id"] for row in rows] == [r["id"] for r in records]
    assert [row["text"] for row in rows] == [r["text"] for r in records]
    pq = pytest.importorskip("pyarrow.parquet")
    table = pq.read_table(formats / "notes.parquet")
    assert table.column_names == list(rows[0])
    assert table.to_pylist() == rows
    assert "&eacute;" in (formats / "lettre.html").read_text(encoding="utf-8")
