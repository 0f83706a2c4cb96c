"""PatientContextDetector: the patient's metadata found again in the text."""

from __future__ import annotations

import pytest

from clindeid.detect.context import PatientContextDetector, flexible
from clindeid.detect.resolver import resolve
from clindeid.document import Document
from clindeid.temporal import DateValue, render_date

DET = PatientContextDetector()
META = {
    "prenom": "Jean-Pierre",
    "nom": "Le Goff",
    "ddn": "1950-03-05",
    "ipp": "8001234567",
    "tel": "06 12 34 56 78",
    "email": "jp.legoff@orange.fr",
    "adresse": "12 rue de la Paix",
    "ville": "Saint-Étienne",
    "cp": "42000",
    "sexe": "M",
}


def found(text: str, meta: dict | None = None) -> list[tuple[str, str]]:
    doc = Document.create("t", text, META if meta is None else meta)
    return [(text[e.start : e.end], e.label) for e in resolve(DET.detect(doc), text)]


CASES: list[tuple[str, list[tuple[str, str]]]] = [
    ("M. LE GOFF Jean-Pierre est hospitalisé.", [("LE GOFF Jean-Pierre", "PERSON")]),
    ("M. Jean-Pierre Le Goff est hospitalisé.", [("Jean-Pierre Le Goff", "PERSON")]),
    ("Vu M. LEGOFF ce jour.", [("LEGOFF", "PERSON")]),
    ("Vu M. Le-Goff ce jour.", [("Le-Goff", "PERSON")]),
    ("Patient : J.-P. LE GOFF", [("J.-P. LE GOFF", "PERSON")]),
    ("Patient : LE GOFF J.-P.", [("LE GOFF J.-P.", "PERSON")]),
    ("Patient : JP Le Goff", [("JP Le Goff", "PERSON")]),
    ("Appel de Jean Le Goff.", [("Jean Le Goff", "PERSON")]),
    ("Appel de LE GOFF Pierre.", [("LE GOFF Pierre", "PERSON")]),
    ("Jean-Pierre est calme.", [("Jean-Pierre", "PERSON")]),
    # a compound first name's parts alone are not the patient
    ("Jean est venu, Pierre aussi.", []),
    ("né le 05/03/1950", [("05/03/1950", "DATE")]),
    ("né le 5/3/1950", [("5/3/1950", "DATE")]),
    ("né le 05.03.50", [("05.03.50", "DATE")]),
    ("né le 05-03-1950", [("05-03-1950", "DATE")]),
    ("DDN 1950-03-05", [("1950-03-05", "DATE")]),
    ("né le 5 mars 1950", [("5 mars 1950", "DATE")]),
    ("né le 05 MARS 1950", [("05 MARS 1950", "DATE")]),
    ("DDN 05031950", [("05031950", "DATE")]),
    # another date, a dose or a lab value is not the birth date
    ("le 06/03/1950, 5,3 g/L, 05/03/1951", []),
    ("IPP : 800 123 4567", [("800 123 4567", "ID")]),
    ("IPP : 8001234567", [("8001234567", "ID")]),
    ("tél. 06.12.34.56.78", [("06.12.34.56.78", "PHONE")]),
    ("tél. +33 6 12 34 56 78", [("+33 6 12 34 56 78", "PHONE")]),
    ("tél. 0612345678", [("0612345678", "PHONE")]),
    ("écrire à JP.LeGoff@orange.fr", [("JP.LeGoff@orange.fr", "EMAIL")]),
    ("domicile : 12, rue de la Paix", [("12, rue de la Paix", "ADDRESS")]),
    ("42 000 SAINT ETIENNE", [("42 000", "ZIP"), ("SAINT ETIENNE", "CITY")]),
    ("vit à Saint-Étienne", [("Saint-Étienne", "CITY")]),
]


@pytest.mark.parametrize(("text", "expected"), CASES)
def test_context(text: str, expected: list[tuple[str, str]]) -> None:
    assert found(text) == expected


def test_common_word_names() -> None:
    meta = {"nom": "Petit", "prenom": "Pierre"}
    # the surname alone when capitalised; not "petit" the adjective; "Pierre" is a common word
    assert found("Mme Petit a un petit nodule. Pierre vient.", meta) == [("Petit", "PERSON")]
    assert found("PETIT Pierre", meta) == [("PETIT Pierre", "PERSON")]


def test_rare_surname_matches_lowercase() -> None:
    meta = {"nom": "Kowalczyk"}
    assert found("vu avec kowalczyk", meta) == [("kowalczyk", "PERSON")]


def test_attributes() -> None:
    text = "M. LE GOFF Jean-Pierre, né le 05/03/1950, IPP 8001234567"
    ents = {text[e.start : e.end]: e for e in resolve(DET.detect(Document.create("t", text,
                                                                                META)), text)}
    person = ents["LE GOFF Jean-Pierre"]
    assert person.source == "context/patient"
    assert dict(person.attributes) == {"role": "patient", "part": "full", "sex": "M"}
    date = ents["05/03/1950"]
    assert date.attributes["kind"] == "birth"
    assert date.value == DateValue(1950, 3, 5)
    assert render_date(DateValue(1961, 12, 24), date.attributes["format"]) == "24/12/1961"
    assert ents["8001234567"].attributes["kind"] == "IPP"


def test_no_metadata_no_entities() -> None:
    assert found("M. LE GOFF Jean-Pierre, né le 05/03/1950", {}) == []


def test_metadata_is_escaped() -> None:
    meta = {"nom": "O'Neil", "ipp": "12.34+56"}
    assert found("Vu O'Neil et O'NEIL ; IPP 12 34+56 ; 1234x56 ; 1234556", meta) == [
        ("O'Neil", "PERSON"),
        ("O'NEIL", "PERSON"),
        ("12 34+56", "ID"),
    ]


def test_flexible_pattern() -> None:
    import re

    rx = re.compile(flexible("Hélène Le Goff"), re.IGNORECASE)
    for variant in ("HELENE LE GOFF", "Hélène Le-Goff", "helene legoff", "HÉLÈNE LE GOFF"):
        assert rx.fullmatch(variant), variant


def test_detector_protocol() -> None:
    from clindeid.detect.base import Detector

    assert isinstance(DET, Detector)
    assert DET.family == "context"
