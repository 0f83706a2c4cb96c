"""Whole multi-site institutions (AP-HP, AP-HM, Hospices Civils de Lyon) are not PHI."""

from __future__ import annotations

from clindeid.detect.institutions import drop_inside_institutions, institution_spans
from clindeid.document import Document, Entity
from clindeid.pipeline import Pipeline


def _covered(text: str, entities: list[Entity]) -> list[str]:
    return [text[e.start : e.end] for e in entities]


def test_institution_names_in_any_case_and_dash():
    text = (
        "ASSISTANCE PUBLIQUE - HÔPITAUX DE PARIS\nAssistance Publique – Hôpitaux de Marseille\n"
        "Hospices civils de Lyon"
    )
    assert len(institution_spans(text)) == 3
    assert institution_spans("Hôpital de Paris, Assistance sociale") == []


def test_entities_inside_are_dropped_outside_kept():
    text = "Assistance Publique – Hôpitaux de Paris\nNée à Paris."
    inside = text.index("Paris")
    outside = text.rindex("Paris")
    entities = [Entity(inside, inside + 5, "CITY"), Entity(outside, outside + 5, "CITY")]
    kept = drop_inside_institutions(entities, text)
    assert [e.start for e in kept] == [outside]


def test_pipeline_keeps_the_city_of_the_patient_but_not_of_the_institution():
    text = (
        "Assistance Publique – Hôpitaux de Paris\nHôpital Saint-Antoine\n"
        "Patiente : Mme Odile Ferrand, née le 02/03/1950, domiciliée 4 rue Gambetta, "
        "75020 Paris.\n"
    )
    entities = Pipeline().detect(Document.create("inst", text))
    first_line = len(text.splitlines()[0])
    assert not [e for e in entities if e.start < first_line]
    assert "Paris" in _covered(text, [e for e in entities if e.label == "CITY"])
