"""Patient-level consistency: one substitution context per patient across documents, runs,
workers; one privacy budget per patient; the encrypted mapping table; long documents."""

import itertools
import json
import os
import re
from collections import defaultdict

import pytest
from typer.testing import CliRunner

from clindeid import Config, Document
from clindeid.cli import app
from clindeid.pipeline import Keying, Pipeline, windows
from clindeid.runner.privacy import read_mapping

runner = CliRunner()

DOCS = [  # (id, patient, text): the same values in other orders and documents
    ("a1", "P1", "Mme Claire DUBOIS, née le 12/03/1954, vue le 12/02/2020 à Dijon."),
    ("b1", "P2", "M. Paul MOREAU vu à Beaune le 03/04/2019."),
    (
        "a2",
        "P1",
        "Le 12/02/2020, Claire DUBOIS (Dijon) revue. Née le 12/03/1954. Sa fille Anne DUBOIS.",
    ),
    ("b2", "P2", "Paul MOREAU, Beaune, revu le 03/04/2019."),
    ("a3", "P1", "Courrier : Mme DUBOIS, domiciliée à Dijon, suivie depuis le 12/02/2020."),
]


def run(*args):
    result = runner.invoke(app, [str(a) for a in args])
    assert "Traceback" not in result.output, result.output
    return result


def write(tmp_path, docs=DOCS):
    src = tmp_path / "in.jsonl"
    src.write_text(
        "".join(json.dumps({"id": i, "text": t, "ipp_col": p}) + "\n" for i, p, t in docs),
        encoding="utf-8",
    )
    return src


def surrogates(audit_rows):
    """(id → patient) aside: original text → set of surrogates, per patient."""
    patient = {i: p for i, p, _ in DOCS}
    seen = defaultdict(set)
    for row in audit_rows:
        seen[(patient[row["id"]], row["label"], row["text"].upper())].add(row["surrogate"].upper())
    return seen


def audit_rows(path):
    files = sorted(path.glob("part-*.jsonl")) if path.is_dir() else [path]
    return [json.loads(x) for f in files for x in f.read_text("utf-8").splitlines()]


@pytest.fixture
def key(tmp_path):
    path = tmp_path / "secret.key"
    path.write_bytes(os.urandom(32))
    return path


def test_a_patient_gets_the_same_surrogates_in_every_document(tmp_path, key):
    src = write(tmp_path)
    out = tmp_path / "out.jsonl"
    result = run(
        "deidentify",
        src,
        "-o",
        out,
        "--patient-column",
        "ipp_col",
        "--key-file",
        key,
        "--audit-text",
        "-q",
    )
    assert result.exit_code == 0, result.output
    seen = surrogates(audit_rows(tmp_path / "out.jsonl.audit.jsonl"))
    checked = {(p, label, original) for (p, label, original) in seen}
    assert ("P1", "CITY", "DIJON") in checked and ("P1", "DATE", "12/02/2020") in checked
    for slot, values in seen.items():
        assert len(values) == 1, slot  # names, cities, dates: one surrogate per patient
    # the surname of the patient is the same in "Claire DUBOIS" and "Mme DUBOIS"
    texts = {json.loads(x)["id"]: json.loads(x)["text"] for x in out.read_text().splitlines()}
    surname = re.search(r"Claire (\w+)", texts["a1"]) or re.search(r"Mme \w+ (\w+)", texts["a1"])
    assert surname and surname.group(1) in texts["a3"]


def test_same_key_same_output_across_runs_workers_and_order(tmp_path, key):
    src = write(tmp_path)
    reordered = tmp_path / "rev"
    reordered.mkdir()
    src_rev = write(reordered, list(reversed(DOCS)))
    outputs = []
    for i, (source, extra) in enumerate(
        [(src, ()), (src, ("--workers", 2)), (src_rev, ()), (src, ("--resume",))]
    ):
        out = tmp_path / f"out{i}"
        result = run(
            "deidentify",
            source,
            "-o",
            out,
            "--patient-column",
            "ipp_col",
            "--key-file",
            key,
            "-q",
            *extra,
        )
        assert result.exit_code == 0, result.output
        files = sorted(out.glob("part-*.jsonl")) if out.is_dir() else [out]
        rows = [json.loads(x) for f in files for x in f.read_text("utf-8").splitlines()]
        outputs.append({r["id"]: r["text"] for r in rows})
    assert outputs[0] == outputs[1] == outputs[2] == outputs[3]
    other = tmp_path / "other.key"
    other.write_bytes(os.urandom(32))
    out = tmp_path / "other.jsonl"
    run("deidentify", src, "-o", out, "--patient-column", "ipp_col", "--key-file", other, "-q")
    rows = {json.loads(x)["id"]: json.loads(x)["text"] for x in out.read_text().splitlines()}
    assert rows != outputs[0]


def test_privacy_budget_is_accounted_per_patient(tmp_path, key):
    src = write(tmp_path)
    out = tmp_path / "out.jsonl"
    result = run(
        "deidentify",
        src,
        "-o",
        out,
        "--patient-column",
        "ipp_col",
        "--key-file",
        key,
        "--epsilon-per-value",
        0.5,
        "-q",
    )
    assert result.exit_code == 0, result.output
    patients = [json.loads(x) for x in (tmp_path / "out.jsonl.privacy.patients.jsonl").open()]
    assert len(patients) == 2
    docs = [json.loads(x) for x in (tmp_path / "out.jsonl.privacy.jsonl").open()]
    by_doc = {d["id"]: d for d in docs}
    # P1 releases 3 distinct private values (2 dates, 1 city) in 3 documents: 3 × ε_v,
    # not the sum over documents (each document re-uses the same released values)
    p1_docs = sum(by_doc[i]["epsilon_total"] for i in ("a1", "a2", "a3"))
    totals = sorted(p["epsilon"] for p in patients)
    assert totals == [pytest.approx(1.0), pytest.approx(1.5)]  # P2: date + city; P1: 3
    assert p1_docs > 1.5
    assert all(p["patient"] not in ("P1", "P2") for p in patients)  # keyed pseudonyms


def test_keyed_pipeline_draws_do_not_depend_on_the_other_values():
    pipeline = Pipeline(Config(), keying=Keying.from_seed(9))
    one = pipeline.deidentify(Document.create("x", "Vue à Dijon le 12/02/2020.", {"ipp": "7"}))
    two = pipeline.deidentify(
        Document.create("y", "Vu par Dr MARTIN à Beaune, puis à Dijon le 12/02/2020.", {"ipp": "7"})
    )
    city = one.text.split("à ")[1].split(" le")[0]
    date = one.text.rsplit(" ", 1)[1]
    assert city in two.text and date in two.text


def test_mapping_table_is_encrypted_and_decrypts_with_the_key(tmp_path, key):
    src = write(tmp_path)
    mkey = tmp_path / "mapping.key"
    mkey.write_bytes(os.urandom(32))
    for extra, mapping in (((), tmp_path / "map.enc"), (("--parts",), tmp_path / "map_parts")):
        out = tmp_path / ("o" + str(len(extra)))
        result = run(
            "deidentify",
            src,
            "-o",
            out,
            "--patient-column",
            "ipp_col",
            "--key-file",
            key,
            "--mapping-out",
            mapping,
            "--mapping-key",
            mkey,
            "-q",
            *extra,
        )
        assert result.exit_code == 0, result.output
        raw = b"".join(
            p.read_bytes() for p in ([mapping] if mapping.is_file() else mapping.glob("*"))
        )
        assert b"DUBOIS" not in raw
        rows = list(read_mapping(mapping, mkey.read_bytes()))
        assert {r["id"] for r in rows} == {i for i, _, _ in DOCS}
        pairs = {(label, orig) for r in rows for label, orig, _ in r["pairs"]}
        assert ("PERSON", "Claire DUBOIS") in pairs or ("PERSON", "DUBOIS") in pairs


def test_long_document_is_detected_in_windows():
    unit = "Compte rendu. Tél 03 80 29 30 31, mail c.dubois@exemple.fr.\n" + "Examen normal. " * 50
    text = unit * (1_050_000 // len(unit) + 1)
    assert len(text) > 1_000_000
    pipeline = Pipeline(Config(detectors=("contacts",)), window=50_000, overlap=500)
    entities = pipeline.detect(Document("long", text))
    phones = [e for e in entities if e.label == "PHONE"]
    emails = [e for e in entities if e.label == "EMAIL"]
    n = text.count("03 80 29 30 31")
    assert len(phones) == n and len(emails) == text.count("c.dubois@exemple.fr")
    assert all(text[e.start : e.end] == "03 80 29 30 31" for e in phones)
    spans = list(windows(text, 50_000, 500))
    assert spans[0][0] == 0 and spans[-1][1] == len(text)
    assert all(b[0] <= a[1] - 500 for a, b in itertools.pairwise(spans))
    # an entity cut by a window edge is found whole: compare with a single window
    small = unit * 30
    assert Pipeline(Config(detectors=("contacts",)), window=700, overlap=200).detect(
        Document("s", small)
    ) == Pipeline(Config(detectors=("contacts",))).detect(Document("s", small))


def test_default_budget_lone_document_split_patient_fixed_share():
    import pytest as _pytest

    from clindeid.config import Config
    from clindeid.document import Document
    from clindeid.pipeline import DEFAULT_VALUES_PER_PATIENT, Keying, Pipeline

    text = "Vu le 12/02/2020 et le 15/03/2020, à Dijon, âgé de 40 ans."
    pipeline = Pipeline(Config(epsilon=1.0), keying=Keying.from_seed(3))
    lone = pipeline.deidentify(Document.create("d1", text))
    assert sum(lone.epsilon_spent.values()) == _pytest.approx(1.0)  # split over its values
    with_patient = pipeline.deidentify(Document.create("d2", text, {"patient_id": "P1"}))
    n_values = len([r for r in with_patient.replacements if r.epsilon > 0])
    assert n_values >= 3
    assert sum(with_patient.epsilon_spent.values()) == _pytest.approx(
        n_values / DEFAULT_VALUES_PER_PATIENT
    )
