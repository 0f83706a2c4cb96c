"""Synthetic corpus: determinism, exact spans, guidelines, counts, split, metadata."""

from __future__ import annotations

import json
import re
from collections import Counter
from pathlib import Path

import pytest

from clindeid.io.annotations import read_annotations
from clindeid.labels import LABELS
from clindeid.train.corpus import (
    DOCUMENT_TYPES,
    CorpusConfig,
    allocate,
    assign_split,
    generate_corpus,
    write_corpus,
)
from clindeid.train.corpus.faker import nir_key
from clindeid.train.corpus.icd10 import cim10_labels

N = 120


@pytest.fixture(scope="module")
def corpus():
    return list(generate_corpus(CorpusConfig(n=N, seed=11)))


def test_same_seed_gives_byte_identical_files(tmp_path):
    a, b, c = tmp_path / "a", tmp_path / "b", tmp_path / "c"
    write_corpus(generate_corpus(CorpusConfig(n=25, seed=5)), a)
    write_corpus(generate_corpus(CorpusConfig(n=25, seed=5)), b)
    write_corpus(generate_corpus(CorpusConfig(n=25, seed=6)), c)
    for name in ("train.jsonl", "dev.jsonl", "test.jsonl", "stats.json"):
        assert (a / name).read_bytes() == (b / name).read_bytes()
    assert (a / "train.jsonl").read_bytes() != (c / "train.jsonl").read_bytes()
    brat_a = sorted(p.relative_to(a) for p in (a / "brat").rglob("*.ann"))
    assert brat_a == sorted(p.relative_to(b) for p in (b / "brat").rglob("*.ann"))
    for rel in brat_a:
        assert (a / rel).read_bytes() == (b / rel).read_bytes()


def test_spans_are_exact_and_follow_guidelines(corpus):
    for doc in corpus:
        previous_end = 0
        for e in doc.entities:
            covered = doc.text[e.start : e.end]
            assert covered and covered == covered.strip(), (doc.id, e)
            assert "\n" not in covered and "|" not in covered
            assert e.start >= previous_end, f"overlap in {doc.id}"
            previous_end = e.end
            assert e.label in LABELS
            if e.label == "PERSON":
                assert e.attributes["role"] in ("patient", "staff", "other")
                assert not re.match(r"(?:Dr|Pr|Mme|Madame|Monsieur|Docteur)\b", covered)
            elif e.label in ("PHONE", "ID", "ZIP"):
                assert re.search(r"\d", covered)
                assert not re.match(r"(?i)(?:t[ée]l|ipp|nda|poste|bip|rpps)", covered)
            elif e.label == "CITY":
                assert "CEDEX" not in covered.upper()
                assert not re.search(r"\d{5}", covered)
            elif e.label == "NIR":
                digits = covered.replace(" ", "").replace("-", "")
                assert len(digits) == 15 and nir_key(digits[:13]) == int(digits[13:])
            elif e.label == "DATE" and e.attributes.get("kind") == "birth":
                assert doc.meta["birth_date"][:4] in covered or not re.search(r"\d{4}", covered)


def test_every_label_and_type_appears(corpus):
    labels = Counter(e.label for d in corpus for e in d.entities)
    assert set(LABELS) - {"NIR", "LOCATION", "ORG", "URL"} <= set(labels)
    bigger = list(generate_corpus(CorpusConfig(n=400, seed=2)))
    all_labels = Counter(e.label for d in bigger for e in d.entities)
    assert set(all_labels) == set(LABELS)
    assert {d.meta["document_type"] for d in corpus} == set(DOCUMENT_TYPES)


def test_counts_per_type_are_exactly_as_configured():
    weights = {"ordonnance": 1, "biologie": 2, "imagerie": 1}
    docs = list(generate_corpus(CorpusConfig(n=37, seed=1, type_weights=weights)))
    counts = Counter(d.meta["document_type"] for d in docs)
    assert counts == allocate(37, weights) == {"ordonnance": 9, "biologie": 19, "imagerie": 9}
    assert allocate(10, {"a": 1, "b": 1, "c": 1}) == {"a": 4, "b": 3, "c": 3}
    with pytest.raises(ValueError, match="unknown document type"):
        CorpusConfig(n=3, type_weights={"lettre": 1})


def test_stats_file_matches_the_documents(tmp_path, corpus):
    stats = write_corpus(iter(corpus), tmp_path, formats=("clindeid",))
    data = json.loads((tmp_path / "stats.json").read_text())
    recount = Counter(e.label for d in corpus for e in d.entities)
    assert data["by_label"] == dict(sorted(recount.items()))
    assert data["documents"] == N == sum(data["by_split"].values())
    assert stats.by_type == Counter(d.meta["document_type"] for d in corpus)
    assert "CC BY 4.0" in (tmp_path / "ATTRIBUTION.md").read_text()
    assert not (tmp_path / "brat").exists()


def test_split_is_by_patient_and_files_reread(tmp_path, corpus):
    write_corpus(iter(corpus), tmp_path)
    seen: dict[str, str] = {}
    n = 0
    for split in ("train", "dev", "test"):
        for doc in read_annotations(tmp_path / f"{split}.jsonl"):
            n += 1
            key = doc.meta["patient_key"]
            assert seen.setdefault(key, split) == split, f"patient {key} in two splits"
        brat_docs = read_annotations(tmp_path / "brat" / split)
        jsonl_docs = {d.id: d for d in read_annotations(tmp_path / f"{split}.jsonl")}
        for d in brat_docs:
            assert d.text == jsonl_docs[d.id].text and d.spans == jsonl_docs[d.id].spans
    assert n == N
    assert len(set(seen.values())) == 3
    assert len(seen) < N  # patients have several documents
    assert assign_split("pat-1", 3) == assign_split("pat-1", 3)


def test_patient_is_consistent_and_recurs_in_several_forms(corpus):
    by_patient: dict[str, list] = {}
    for d in corpus:
        by_patient.setdefault(d.meta["patient_key"], []).append(d)
    multi = [docs for docs in by_patient.values() if len(docs) > 1]
    assert multi
    for docs in multi:
        assert len({d.meta["patient_last_name"] for d in docs}) == 1
        assert len({d.meta["birth_date"] for d in docs}) == 1
        assert len({d.meta["patient_id"] for d in docs}) == 1
    forms = Counter()
    for d in corpus:
        last = d.meta["patient_last_name"].upper()
        mentions = {d.text[e.start : e.end] for e in d.entities
                    if e.attributes.get("role") == "patient" and last in
                    d.text[e.start : e.end].upper()}
        forms[min(len(mentions), 2)] += 1
    assert forms[2] > 0.1 * N  # the same patient name in several forms in a document


def test_metadata_and_icd10(corpus):
    labels = cim10_labels()
    assert len(labels) > 10_000 and labels["I10"].startswith("Hypertension")
    for d in corpus:
        m = d.meta
        assert {"patient_id", "sex", "age", "birth_date", "document_date", "icd10",
                "admission_date", "discharge_date", "patient_city", "insee"} <= set(m)
        assert m["sex"] in ("M", "F") and 0 <= m["age"] < 110
        assert m["admission_date"] <= m["discharge_date"] <= m["document_date"]
        codes = [c["code"] for c in m["icd10"]]
        assert codes and all(c in labels for c in codes)
        if m["sex"] == "M":
            assert not any(c[:1] == "O" or c[:3] in ("C50", "N81") for c in codes)
        if m["age"] > 60:
            assert not any(c.startswith(("O", "P0", "P5")) for c in codes)


def test_surface_variety(corpus):
    dates = {e.attributes["format"] for d in corpus for e in d.entities if e.label == "DATE"}
    assert len(dates) > 12
    text = "\n".join(d.text for d in corpus)
    assert "|" in text and "CEDEX" in text.upper()
    phones = {re.sub(r"\d", "9", d.text[e.start : e.end]) for d in corpus for e in d.entities
              if e.label == "PHONE"}
    assert len(phones) >= 5
    persons = [d.text[e.start : e.end] for d in corpus for e in d.entities if e.label == "PERSON"]
    assert any(re.fullmatch(r"[A-Z]\.(?:-[A-Z]\.)? ?[A-Z]\.", p) for p in persons)  # initials
    assert any("-" in p for p in persons)  # hyphenated names


def test_spelled_out_and_birth_dates_render_from_their_format():
    docs = list(generate_corpus(CorpusConfig(n=300, seed=4)))
    formats = Counter(e.attributes.get("format") for d in docs for e in d.entities
                      if e.label == "DATE")
    assert any("_words" in (f or "") for f in formats)
    for d in docs:
        for e in d.entities:
            fmt = e.attributes.get("format", "")
            if "_spaced" in fmt:
                assert e.attributes.get("kind") == "birth"


def test_output_folder_is_path_like(tmp_path):
    out = tmp_path / "nested" / "corpus"
    write_corpus(generate_corpus(CorpusConfig(n=3, seed=0)), out)
    assert sum(1 for _ in Path(out, "brat").rglob("*.txt")) == 3


def test_real_export_styles():
    """Quick lowercase notes, nursing transmissions, administrative forms with label–value
    layouts and genetics pedigrees: the labels are text, the values entities."""
    weights = {"note_rapide": 1, "transmissions": 1, "administratif": 1, "genetique": 1}
    docs = list(generate_corpus(CorpusConfig(n=160, seed=7, type_weights=weights)))
    spans = Counter()
    lower_persons = 0
    for d in docs:
        covered = [False] * len(d.text)
        for e in d.entities:
            covered[e.start : e.end] = [True] * (e.end - e.start)
            if e.label == "PERSON" and d.text[e.start : e.end].islower():
                lower_persons += 1
            spans[(d.meta["document_type"], e.label, e.attributes.get("kind"))] += 1
        for label in ("SIRET", "ADELI", "RPPS", "NIR", "NDA", "IPP", "FINESS", "Page", "Cible"):
            for m in re.finditer(rf"\b{label}\b", d.text):
                assert not covered[m.start()], (d.id, label)  # labels are never PHI
        for m in re.finditer(r"\((?:I|II|III)-\d\)", d.text):
            assert not covered[m.start() + 1]  # pedigree positions are not PHI
    assert lower_persons > 50
    assert spans[("administratif", "ID", "SIRET")] > 0
    assert spans[("note_rapide", "DATE", "birth")] > 10
    assert sum(v for (t, lab, _), v in spans.items() if t == "genetique" and lab == "AGE") > 40


def test_organisations_and_places_of_many_kinds():
    import numpy as np

    from clindeid.train.corpus.faker import ORG_TEMPLATES, Faker

    fake = Faker(np.random.default_rng(3))
    for kind in ORG_TEMPLATES:
        names = {fake.org_of(kind) for _ in range(30)}
        assert len(names) > 3 and all(n == n.strip() and "{" not in n for n in names)
    places = {fake.sub_place()[0] for _ in range(200)}
    assert any(p.startswith("stade ") for p in places)
    assert any(p.startswith("gare de ") for p in places)
    docs = list(generate_corpus(CorpusConfig(n=300, seed=9)))
    orgs = {d.text[e.start : e.end] for d in docs for e in d.entities if e.label == "ORG"}
    locs = {d.text[e.start : e.end] for d in docs for e in d.entities if e.label == "LOCATION"}
    assert len(orgs) > 40 and len(locs) > 15


def test_elision_of_de_before_a_name():
    from clindeid.train.corpus.faker import _elide

    assert _elide("ADMR de Le Mans") == "ADMR du Mans"
    assert _elide("CPAM de Les Abymes") == "CPAM des Abymes"
    assert _elide("Mairie de Angers") == "Mairie d'Angers"
    assert _elide("parquet de Lyon") == "parquet de Lyon"
    assert _elide("Chambre d'agriculture de la Corrèze") == "Chambre d'agriculture de la Corrèze"


def test_care_units_home_care_law_firms_and_residence_streets():
    import numpy as np

    from clindeid.train.corpus.faker import Faker

    fake = Faker(np.random.default_rng(5))
    units = {fake.care_unit() for _ in range(300)}
    assert any(u.startswith("SSIAD ") for u in units) and any(u.startswith("HAD ") for u in units)
    assert not any(" de Le " in u or " de Les " in u for u in units)
    legal = {fake.org_of("legal") for _ in range(100)}
    assert any(u.endswith("& Associés") for u in legal)
    streets = {fake.street() for _ in range(600)}
    assert any(re.match(r"\d+ (?:[Rr]és\.|[Rr]ésidence|[Cc]ité) ", s) for s in streets)
    # in documents: care units are HOSPITAL spans (also lowercase in quick notes), home-care
    # services ORG spans, every span exactly its text
    docs = list(generate_corpus(CorpusConfig(n=600, seed=21)))
    spans = [(e.label, d.text[e.start : e.end]) for d in docs for e in d.entities]
    hosp = [s for lab, s in spans if lab == "HOSPITAL"]
    assert any(re.match(r"(?:SSIAD|HAD|EHPAD|CMP|UMJ|CSAPA) ", s) for s in hosp)
    assert any(re.match(r"(?:ssiad|had|ehpad|cmp|umj|csapa) ", s) for s in hosp)
    orgs = [s for lab, s in spans if lab == "ORG"]
    assert any("admr" in s.lower() or "services" in s.lower() for s in orgs)
    assert any(s == s.lower() and len(s) > 4 for s in orgs)
