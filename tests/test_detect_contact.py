"""Phone, e-mail and URL detectors: tables of (text, expected spans) with tricky negatives."""

from __future__ import annotations

import pytest

from clindeid.detect.resolver import resolve
from clindeid.detect.rules.contact import (
    EmailDetector,
    PhoneDetector,
    UrlDetector,
    contact_detectors,
)
from clindeid.document import Document

DETECTORS = [PhoneDetector(), EmailDetector(), UrlDetector()]


def found(text: str) -> list[tuple[str, str]]:
    doc = Document.create("t", text)
    entities = resolve([e for det in DETECTORS for e in det.detect(doc)], text)
    return [(e.text_in(text), e.label) for e in entities]


def phones(text: str) -> list:
    return list(PhoneDetector().detect(Document.create("t", text)))


P = "PHONE"

PHONE_CASES: list[tuple[str, list[tuple[str, str]]]] = [
    # groupings and separators
    ("Tél : 0380293031", [("0380293031", P)]),
    ("Tél : 03 80 29 30 31", [("03 80 29 30 31", P)]),
    ("tél. 03.80.29.30.31.", [("03.80.29.30.31", P)]),
    ("03-80-29-30-31", [("03-80-29-30-31", P)]),
    ("03/80/29/30/31", [("03/80/29/30/31", P)]),
    ("0 3 8 0 2 9 3 0 3 1", [("0 3 8 0 2 9 3 0 3 1", P)]),
    ("038 029 3031", [("038 029 3031", P)]),
    ("0380 29 30 31", [("0380 29 30 31", P)]),
    ("03 8029 3031", [("03 8029 3031", P)]),
    ("03\u00a080\u00a029\u00a030\u00a031", [("03\u00a080\u00a029\u00a030\u00a031", P)]),
    ("03 - 80 - 29 - 30 - 31", [("03 - 80 - 29 - 30 - 31", P)]),
    ("(03) 80 29 30 31", [("(03) 80 29 30 31", P)]),
    # international forms
    ("+33 3 80 29 30 31", [("+33 3 80 29 30 31", P)]),
    ("+33 (0)3 80 29 30 31", [("+33 (0)3 80 29 30 31", P)]),
    ("+33380293031", [("+33380293031", P)]),
    ("+33 6 12 34 56 78", [("+33 6 12 34 56 78", P)]),
    ("0033 3 80 29 30 31", [("0033 3 80 29 30 31", P)]),
    ("00 33 3 80 29 30 31", [("00 33 3 80 29 30 31", P)]),
    ("0033380293031", [("0033380293031", P)]),
    ("+44 20 7946 0958", [("+44 20 7946 0958", P)]),
    ("+1 212 555 0199", [("+1 212 555 0199", P)]),
    ("00 44 20 7946 0958", [("00 44 20 7946 0958", P)]),
    ("+32 2 555 12 34", [("+32 2 555 12 34", P)]),
    ("+41 22 372 33 11", [("+41 22 372 33 11", P)]),
    # mobiles, special numbers
    ("Portable : 06 12 34 56 78", [("06 12 34 56 78", P)]),
    ("07.81.22.33.44", [("07.81.22.33.44", P)]),
    ("numéro vert 08 00 12 34 56", [("08 00 12 34 56", P)]),
    ("0 800 123 456", [("0 800 123 456", P)]),
    ("09 72 10 20 30", [("09 72 10 20 30", P)]),
    # short numbers and extensions after a trigger
    ("poste 4512", [("4512", P)]),
    ("joindre le poste n° 4512.", [("4512", P)]),
    ("bip 123", [("123", P)]),
    ("Tél : 4512", [("4512", P)]),
    ("Tel: 4512", [("4512", P)]),
    ("tél. 4512", [("4512", P)]),
    ("DECT 12345", [("12345", P)]),
    ("Ligne directe : 4512", [("4512", P)]),
    ("standard : 4500", [("4500", P)]),
    ("fax 4513", [("4513", P)]),
    ("Télécopie : 03 80 29 30 32", [("03 80 29 30 32", P)]),
    ("p. 4512", [("4512", P)]),
    ("Tél (secrétariat) : 4512", [("4512", P)]),
    # several numbers, kinds, phone context
    (
        "Tél : 03 80 29 30 31 / 4512, fax : 03 80 29 30 32",
        [("03 80 29 30 31", P), ("4512", P), ("03 80 29 30 32", P)],
    ),
    ("Tél. 03 80 29 30 31 - 06 12 34 56 78", [("03 80 29 30 31", P), ("06 12 34 56 78", P)]),
    ("Tél : 380 29 30 31", [("380 29 30 31", P)]),
    ("Tél. 3380293031", [("3380293031", P)]),
    ("le 12/02/2020 03 80 29 30 31", [("03 80 29 30 31", P)]),
    ("appeler le 0612345678 si besoin", [("0612345678", P)]),
    ("poste 4512 ou 4513", [("4512", P), ("4513", P)]),
    ("Tél : 4512/4513", [("4512", P), ("4513", P)]),
    ("Tél : 4512, 4513 et 4514", [("4512", P), ("4513", P), ("4514", P)]),
    ("Tél : 03/80/29/30", [("03/80/29/30", P)]),  # a digit missing: still covered
    ("IPP : 123456, contact famille 06 12 34 56 78", [("06 12 34 56 78", P)]),
    ("IPP :\n0612345678", [("0612345678", P)]),
    # negatives: identifiers, dates, lab values, doses, codes
    ("NIR 2 85 07 06 088 123 45", []),
    ("Sécu : 1 54 07 21 231 045", []),
    ("ligne 2019", []),
    ("chimiothérapie de 2e ligne 2019", []),
    ("IPP : 0612345678", []),
    ("NDA 0380293031", []),
    ("N° de dossier : 0380293031", []),
    ("NIR 1 54 03 21 231 045 82", []),
    ("RPPS 10001234567", []),
    ("FINESS 210780581", []),
    ("le 12/02/2020", []),
    ("le 12 02 2020 à 14h30", []),
    ("du 01/02/2020 au 03/04/2020", []),
    ("01 02 2020 03 04 2020", []),
    ("Na 140 mmol/L, K 4,2 mmol/L", []),
    ("TA 120/80 mmHg, FC 72", []),
    ("KARDEGIC 75 mg 1-0-1", []),
    ("standard 100 mg", []),
    ("traitement standard 2021", []),
    ("p. 12-15", []),
    ("J Clin 2019;12: p. 1234-1240", []),
    ("diagnostic I21.4 et E11.9", []),
    ("CIP 3400930000000", []),
    ("en 2019 puis en 2020", []),
    ("à 14h30, 08:45", []),
    ("score 0 1 2 3 4 5 6 7 8 9 10", []),
    ("tel 500 mg", []),
    ("Tél : 12/02/2020", []),
    ("poste 4512,5 ml", []),
]


@pytest.mark.parametrize(("text", "expected"), PHONE_CASES)
def test_phone_table(text: str, expected: list[tuple[str, str]]) -> None:
    assert found(text) == expected


EMAIL_URL_CASES: list[tuple[str, list[tuple[str, str]]]] = [
    ("jean.dupont@chu-dijon.fr", [("jean.dupont@chu-dijon.fr", "EMAIL")]),
    ("Contact : j.dupont+cardio@aphp.fr.", [("j.dupont+cardio@aphp.fr", "EMAIL")]),
    ("mail: jérôme.lefèvre@chu-lyon.fr;", [("jérôme.lefèvre@chu-lyon.fr", "EMAIL")]),
    ("secretariat.cardio@hopital-prive.sante.fr", [("secretariat.cardio@hopital-prive.sante.fr",
                                                     "EMAIL")]),
    ("jean.dupont [at] chu-dijon.fr", [("jean.dupont [at] chu-dijon.fr", "EMAIL")]),
    ("JEAN_DUPONT@GMAIL.COM", [("JEAN_DUPONT@GMAIL.COM", "EMAIL")]),
    ("voir https://www.chu-dijon.fr/services).", [("https://www.chu-dijon.fr/services", "URL")]),
    ("http://intranet.chu.local/dossier?id=12", [("http://intranet.chu.local/dossier?id=12",
                                                  "URL")]),
    ("www.ameli.fr.", [("www.ameli.fr", "URL")]),
    ("sur chu-dijon.fr ou ailleurs", [("chu-dijon.fr", "URL")]),
    ("RDV sur doctolib.fr/cardiologue/dijon/dr-dupont", [("doctolib.fr/cardiologue/dijon/dr-dupont",
                                                          "URL")]),
    ("Doctolib.fr", [("Doctolib.fr", "URL")]),
    ("(https://fr.wikipedia.org/wiki/Test_(m%C3%A9decine))", [
        ("https://fr.wikipedia.org/wiki/Test_(m%C3%A9decine)", "URL")]),
    ("mon-espace-sante.fr, ameli.fr", [("mon-espace-sante.fr", "URL"), ("ameli.fr", "URL")]),
    ("écrire à a.b@c.fr ou visiter www.c.fr",
     [("a.b@c.fr", "EMAIL"), ("www.c.fr", "URL")]),
    # negatives
    ("patient.De plus, il signale", []),
    ("M.Dupont est revu", []),
    ("Dr.Martin", []),
    ("taux 12.5 mg/L", []),
    ("version 2.3.1", []),
    ("retour à domicile.Au total", []),
    ("arrêt le 12.fr", []),
    ("@twitter", []),
    ("poids 70 kg.Il", []),
    ("retour à domicile.Ca va mieux", []),
    ("CHU-DIJON.FR", [("CHU-DIJON.FR", "URL")]),
]


@pytest.mark.parametrize(("text", "expected"), EMAIL_URL_CASES)
def test_email_url_table(text: str, expected: list[tuple[str, str]]) -> None:
    assert found(text) == expected


@pytest.mark.parametrize(
    ("text", "kind", "source"),
    [
        ("03 80 29 30 31", "landline", "validated/phone"),
        ("06 12 34 56 78", "mobile", "validated/phone"),
        ("07 81 22 33 44", "mobile", "validated/phone"),
        ("+33 6 12 34 56 78", "mobile", "validated/phone"),
        ("Fax : 03 80 29 30 32", "fax", "validated/phone"),
        ("Tél : 03 80 29 30 31", "landline", "validated/phone"),
        ("poste 4512", "extension", "pattern/phone"),
        ("fax 4513", "fax", "pattern/phone"),
        ("+44 20 7946 0958", "international", "validated/phone"),
        ("Tél : 380 29 30 31", "landline", "pattern/phone"),
    ],
)
def test_phone_kind_and_source(text: str, kind: str, source: str) -> None:
    (entity,) = phones(text)
    assert entity.attributes["kind"] == kind
    assert entity.source == source
    assert 0 < entity.score <= 1


def test_fax_kind_follows_the_nearest_trigger() -> None:
    text = "Tél : 03 80 29 30 31, fax : 03 80 29 30 32"
    kinds = [e.attributes["kind"] for e in phones(text)]
    assert kinds == ["landline", "fax"]


def test_trigger_on_previous_line_does_not_apply() -> None:
    text = "IPP :\n0612345678"
    assert [e.text_in(text) for e in phones(text)] == ["0612345678"]


def test_sources_and_families() -> None:
    doc = Document.create("t", "a@b.fr http://x.fr 03 80 29 30 31")
    for det in contact_detectors():
        assert det.family == "rules"
        for e in det.detect(doc):
            assert e.source.split("/")[0] == "validated"


def test_offsets_are_in_a_longer_document() -> None:
    text = "Compte rendu.\n" * 50 + "Tél : 03 80 29 30 31\n" + "Fin.\n" * 50
    (entity,) = phones(text)
    assert entity.text_in(text) == "03 80 29 30 31"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("joignable pendant le séjour : 00 261 34 12 345 67 (fille)", [("00 261 34 12 345 67", P)]),
        ("N° de séjour : 2300456789", []),
    ],
)
def test_international_number_after_a_stay_word(text: str, expected: list) -> None:
    assert found(text) == expected


# Public emergency and help lines are no one's phone number.
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("si convulsion > 5 min, appeler le 112 ou le 15.", []),
        ("Numéro d'écoute : appeler le 3114 en cas d'idées noires.", []),
        ("Tél. 119 (enfance en danger)", []),
        ("appeler le 4512 (secrétariat)", [("4512", P)]),
    ],
)
def test_public_numbers_are_not_phones(text: str, expected: list[tuple[str, str]]) -> None:
    assert found(text) == expected


# Internal extensions written with dashes or dots are phone numbers; a real date after the
# trigger is not.
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("kiné (poste 5-31-08)", [("5-31-08", P)]),
        ("joindre l'interne bip 7-44-19", [("7-44-19", P)]),
        ("poste 12/05", []),
    ],
)
def test_dashed_extensions(text: str, expected: list[tuple[str, str]]) -> None:
    assert found(text) == expected
