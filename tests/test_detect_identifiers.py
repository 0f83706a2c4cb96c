"""NIR and identifier detectors: tables of (text, expected spans) with tricky negatives.

Valid NIR keys and Luhn digits are computed here by small independent functions, so the
tests do not trust the code under test for their expectations.
"""

from __future__ import annotations

import pytest

from clindeid.detect.resolver import resolve
from clindeid.detect.rules.identifiers import (
    IdentifierDetector,
    NirDetector,
    identifier_detectors,
    luhn_valid,
    nir_key,
)
from clindeid.document import Document

DETECTORS = [NirDetector(), IdentifierDetector()]


def key(body: str) -> str:
    """NIR key of a 13-character body written with any separators."""
    digits = body.replace(" ", "").replace(".", "").replace("-", "").upper()
    digits = digits[:5] + {"2A": "19", "2B": "18"}.get(digits[5:7], digits[5:7]) + digits[7:]
    return f"{97 - int(digits) % 97:02d}"


def bad_key(body: str) -> str:
    return f"{(int(key(body)) % 97) + 1:02d}"


def luhn_complete(prefix: str) -> str:
    """``prefix`` plus the digit that makes it pass the Luhn check."""
    for d in "0123456789":
        number = prefix + d
        total = 0
        for i, ch in enumerate(reversed(number)):
            v = int(ch) * (2 if i % 2 else 1)
            total += v - 9 if v > 9 else v
        if total % 10 == 0:
            return number
    raise AssertionError("unreachable")


def found(text: str) -> list[tuple[str, str]]:
    doc = Document.create("t", text)
    entities = resolve([e for det in DETECTORS for e in det.detect(doc)], text)
    return [(e.text_in(text), e.label) for e in entities]


def entities(text: str) -> list:
    doc = Document.create("t", text)
    return [e for det in DETECTORS for e in det.detect(doc)]


N = "NIR"
B1 = "1540321231045"
B2 = "2 91 12 75 114 123"
B3 = "1 54 03 2A 231 045"
B4 = "2.85.07.2B.047.012"
B5 = "7 80 05 99 135 005"  # temporary number, born abroad (99)
B6 = "3 60 01 97 411 022"  # overseas département 974, commune 11
B7 = "1 85 05 78 006 084"
B8 = "2-02-10-69-388-301"

NIR_CASES: list[tuple[str, list[tuple[str, str]]]] = [
    # valid keys, with and without trigger, all groupings
    (f"{B1}{key(B1)}", [(f"{B1}{key(B1)}", N)]),
    (f"NIR : {B1}{key(B1)}", [(f"{B1}{key(B1)}", N)]),
    (f"N° SS {B2} {key(B2)}", [(f"{B2} {key(B2)}", N)]),
    (f"{B2} {key(B2)} (assurée)", [(f"{B2} {key(B2)}", N)]),
    (f"{B2.replace(' ', '')}{key(B2)}", [(f"{B2.replace(' ', '')}{key(B2)}", N)]),
    (f"{B7} {key(B7)}", [(f"{B7} {key(B7)}", N)]),
    (f"{B8}-{key(B8)}", [(f"{B8}-{key(B8)}", N)]),
    (f"n° de sécurité sociale : {B5} {key(B5)}", [(f"{B5} {key(B5)}", N)]),
    (f"{B6} {key(B6)}", [(f"{B6} {key(B6)}", N)]),
    ("1 5 4 0 3 2 1 2 3 1 0 4 5 " + " ".join(key(B1)), [
        ("1 5 4 0 3 2 1 2 3 1 0 4 5 " + " ".join(key(B1)), N)]),
    # Corsica: 2A counts as 19, 2B as 18
    (f"{B3} {key(B3)}", [(f"{B3} {key(B3)}", N)]),
    (f"{B3.replace(' ', '')}{key(B3)}", [(f"{B3.replace(' ', '')}{key(B3)}", N)]),
    (f"INS : {B4}.{key(B4)}", [(f"{B4}.{key(B4)}", N)]),
    (f"{B3.lower()} {key(B3)}", [(f"{B3.lower()} {key(B3)}", N)]),
    # invalid key: a NIR only after a trigger
    (f"NIR {B1}{bad_key(B1)}", [(f"{B1}{bad_key(B1)}", N)]),
    (f"Numéro de sécu : {B2} {bad_key(B2)}", [(f"{B2} {bad_key(B2)}", N)]),
    (f"N° INSEE {B3} {bad_key(B3)}", [(f"{B3} {bad_key(B3)}", N)]),
    (f"{B1}{bad_key(B1)}", []),
    (f"{B2} {bad_key(B2)}", []),
    # 13 characters without key: a NIR only after a trigger
    (f"NIR : {B1}", [(B1, N)]),
    (f"immatriculation {B2}", [(B2, N)]),
    (f"N° de sécurité sociale : {B3} xx", [(B3, N)]),
    (f"INS {B7}, né le 05/1985", [(B7, N)]),
    (B1, []),
    (f"Lot {B2}", []),
    # key written apart
    (f"{B2} clé {key(B2)}", [(f"{B2} clé {key(B2)}", N)]),
    (f"NIR {B2} (clé : {bad_key(B2)})", [(f"{B2} (clé : {bad_key(B2)})", N)]),
    (f"{B1}/{key(B1)}", [(f"{B1}/{key(B1)}", N)]),
    # trigger on the previous line does not count
    (f"NIR :\n{B1}{bad_key(B1)}", []),
    # negatives
    ("CIP 3400930000000", []),
    ("EAN 3401597409916", []),
    ("5 15 03 21 231 045 82", []),  # first digit 5
    ("le 12/02/2020 à 14h30", []),
    ("Na 140 mmol/L", []),
]


@pytest.mark.parametrize(("text", "expected"), NIR_CASES)
def test_nir_table(text: str, expected: list[tuple[str, str]]) -> None:
    assert [x for x in found(text) if x[1] == N] == expected


@pytest.mark.parametrize(
    ("text", "source", "key_status"),
    [
        (f"{B1}{key(B1)}", "validated/nir", "valid"),
        (f"{B3} {key(B3)}", "validated/nir", "valid"),
        (f"NIR {B1}{bad_key(B1)}", "pattern/nir", "invalid"),
        (f"NIR {B1}", "pattern/nir", "missing"),
    ],
)
def test_nir_source_and_key(text: str, source: str, key_status: str) -> None:
    (entity,) = [e for e in entities(text) if e.label == N]
    assert entity.source == source
    assert entity.attributes["key"] == key_status
    if source == "validated/nir":
        assert entity.score == 1.0
    else:
        assert entity.score < 1.0


def test_nir_key_matches_the_reference_rule() -> None:
    for body in ("1540321231045", "154032A231045", "154032B231045", "2911275114123"):
        assert f"{nir_key(body):02d}" == key(body)


ID = "ID"
RPPS_OK = luhn_complete("1000345678")
RPPS_BAD = RPPS_OK[:-1] + str((int(RPPS_OK[-1]) + 1) % 10)
FINESS_OK = "210780581"  # CHU Dijon
FINESS_BAD = "210780582"

ID_CASES: list[tuple[str, list[tuple[str, str]]]] = [
    ("IPP : 8001234567", [("8001234567", ID)]),
    ("IPP: 8001234567 | NDA: 2100456789", [("8001234567", ID), ("2100456789", ID)]),
    ("N° IPP 800 123 4567 né le 12/02/1950", [("800 123 4567", ID)]),
    ("NDA 21/004567", [("21/004567", ID)]),
    ("Dossier n° AB123456", [("AB123456", ID)]),
    ("N° de séjour : 2021-000123", [("2021-000123", ID)]),
    ("n° de venue 21004567", [("21004567", ID)]),
    ("N° d'examen : 21E12345", [("21E12345", ID)]),
    ("N° examen 45-6789", [("45-6789", ID)]),
    ("Réf. : CR-2021-0045", [("CR-2021-0045", ID)]),
    ("N/Réf : AB/12345", [("AB/12345", ID)]),
    ("V/Réf. 2021/AB/123", [("2021/AB/123", ID)]),
    ("N° patient : 00123456", [("00123456", ID)]),
    ("ID patient : 123456", [("123456", ID)]),
    ("Identifiant : A-123456", [("A-123456", ID)]),
    ("EP : 12345678", [("12345678", ID)]),
    (f"RPPS : {RPPS_OK}", [(RPPS_OK, ID)]),
    (f"N° RPPS {RPPS_BAD}", [(RPPS_BAD, ID)]),
    (f"Dr Martin ({RPPS_OK})", [(RPPS_OK, ID)]),  # bare RPPS with a valid key
    (f"FINESS {FINESS_OK}", [(FINESS_OK, ID)]),
    (f"FINESS EJ : {FINESS_BAD}", [(FINESS_BAD, ID)]),
    ("ADELI : 691234567", [("691234567", ID)]),
    ("Identifiant unique du certificat (UVCI) : URN:UVCI:01:FR:W7V2BXKQ3M9L#2\nMédecin",
     [("URN:UVCI:01:FR:W7V2BXKQ3M9L#2", ID)]),
    ("résultats sur labo.fr – identifiant LB4471930, code Q8R-41ZT (valable 3 mois)",
     [("LB4471930", ID), ("Q8R-41ZT", ID)]),
    ("Lieu : 9 rue Cler, bât. B, 3e étage, code 4172A", []),
    ("N° 123456789", [("123456789", ID)]),
    ("IPP 8001234567 12 ans", [("8001234567", ID)]),
    ("IPP : 8001234567.", [("8001234567", ID)]),
    ("IEP 2100456789, UF 1234", [("2100456789", ID)]),
    ("Dossier : 2021-000123 Nom : X", [("2021-000123", ID)]),
    ("N° de prélèvement : 2104123456", [("2104123456", ID)]),
    # negatives
    ("UF 1234", []),
    ("CIP 3400930000000", []),
    ("EP 2021", []),  # "EP" without colon is also embolie pulmonaire
    ("EP massive le 12/02/2020", []),
    ("n° 2020", []),
    ("N° 12", []),
    ("Réf. 12", []),
    ("dossier médical partagé", []),
    ("Dossier du 12/02/2020", []),
    ("Dossier : 12/02/2020", []),
    ("Na 140 mmol/L", []),
    ("TA 120/80", []),
    ("KARDEGIC 75 mg 1-0-1", []),
    ("diagnostic I21.4", []),
    (f"Dr Martin ({RPPS_BAD})", []),
    ("ID : 500 mg", []),
]


@pytest.mark.parametrize(("text", "expected"), ID_CASES)
def test_id_table(text: str, expected: list[tuple[str, str]]) -> None:
    assert [x for x in found(text) if x[1] == ID] == expected


@pytest.mark.parametrize(
    ("text", "kind", "source"),
    [
        ("IPP : 8001234567", "IPP", "pattern/id"),
        ("NDA 21/004567", "NDA", "pattern/id"),
        ("N° de séjour : 2021-000123", "NDA", "pattern/id"),
        (f"RPPS {RPPS_OK}", "RPPS", "validated/id"),
        (f"RPPS {RPPS_BAD}", "RPPS", "pattern/id"),
        (f"FINESS {FINESS_OK}", "FINESS", "validated/id"),
        (f"FINESS {FINESS_BAD}", "FINESS", "pattern/id"),
        ("ADELI 691234567", "ADELI", "pattern/id"),
        ("Dossier n° AB123456", "record", "pattern/id"),
        ("N° 123456789", "record", "pattern/id"),
    ],
)
def test_id_kind_and_source(text: str, kind: str, source: str) -> None:
    (entity,) = [e for e in entities(text) if e.label == ID]
    assert entity.attributes["kind"] == kind
    assert entity.source == source


def test_luhn_helper_agrees_with_the_reference() -> None:
    assert luhn_valid(RPPS_OK)
    assert not luhn_valid(RPPS_BAD)
    assert luhn_valid(FINESS_OK)
    assert not luhn_valid("12A")


def test_valid_nir_after_an_id_trigger_stays_a_nir() -> None:
    text = f"N° patient : {B1}{key(B1)}"
    assert found(text) == [(f"{B1}{key(B1)}", N)]


def test_families_and_names() -> None:
    names = {det.name for det in identifier_detectors()}
    assert names == {"nir", "identifier"}
    assert all(det.family == "rules" for det in identifier_detectors())


# --- prefixed values, unusual triggers, qualifiers, table cells, product references ------
PREFIXED_CASES: list[tuple[str, list[tuple[str, str]]]] = [
    ("N° d'intervention : CHIR-23-004512\n", [("CHIR-23-004512", ID)]),
    ("Demande n° ANAPATH-2023-11872", [("ANAPATH-2023-11872", ID)]),
    ("Passage n° SAU-P-24-001233\nDate", [("SAU-P-24-001233", ID)]),
    ("numéro d'adhérent HM-7712390, contrat", [("HM-7712390", ID)]),
    ("Mutuelle, n° d'assuré 80231145", [("80231145", ID)]),
    ("RPPS 10101234564 – AM 751234560\n", [("10101234564", ID), ("751234560", ID)]),
    ("IPP temporaire : 7001234567, puis IPP définitif 7109876543.",
     [("7001234567", ID), ("7109876543", ID)]),
    ("NDA SSR SSR24-00412\n", [("SSR24-00412", ID)]),
    ("| Nom | Mme X |\n| NDA | 2300456781 |\n", [("2300456781", ID)]),
    ("| Patient | IPP | Lit |\n|---|---|---|\n| Mme Y | 8009871234 | 12 |\n",
     [("8009871234", ID)]),
    # an implant's lot is an identifier since heldout_as/av (traceability), its reference no
    ("cotyle réf. 4410-52 lot 22K0194 ; insert réf. 4420-28", [("22K0194", ID)]),
    # negatives: devices and products, short codes, doses
    ("Stent réf. 1012466-23, bonne position.", []),
    ("AM 12 mg", []),
    ("| Examen | Résultat |\n|---|---|\n| Hb | 12,4 |\n", []),
]


@pytest.mark.parametrize(("text", "expected"), PREFIXED_CASES)
def test_prefixed_and_table_ids(text: str, expected: list[tuple[str, str]]) -> None:
    assert [f for f in found(text) if f[1] == ID] == expected


# Round 4: accession, employee and military numbers, a spaced AM number.
ROUND4_ID_CASES: list[tuple[str, list[tuple[str, str]]]] = [
    ("Accession : RNS0012345678   IPP : 4401234567",
     [("RNS0012345678", ID), ("4401234567", ID)]),
    ("Matricule salarié : ABC-112233", [("ABC-112233", ID)]),
    ("Matricule militaire 7654321", [("7654321", ID)]),
    ("né à Vannes, identifiant défense 3301045799, affecté", [("3301045799", ID)]),
    ("N° AM 29 1 54321 8", [("29 1 54321 8", ID)]),
    # negatives: an address number after "accession", a dose after a matricule word
    ("l'accession à la propriété en 2019", []),
]


@pytest.mark.parametrize(("text", "expected"), ROUND4_ID_CASES)
def test_round4_ids(text: str, expected: list[tuple[str, str]]) -> None:
    assert found(text) == expected


# Round 5: alphanumeric values after "n°" and an acronym, policy numbers, SIRET; forms and
# lists are numbered too but are no identifiers.
ROUND5_ID_CASES: list[tuple[str, list[tuple[str, str]]]] = [
    ("inscrit sur liste d'attente (n° CRISTAL K23-04417).", [("K23-04417", ID)]),
    ("N° allocataire MSA : 5523018", [("5523018", ID)]),
    ("Carte professionnelle N° CPS : 8800124", [("8800124", ID)]),
    ("fiche client, dossier officine PH-771204", [("PH-771204", ID)]),
    ("Contrat collectif n° 2208-B, assureur", [("2208-B", ID)]),
    ("Police n° 5531-ZR", [("5531-ZR", ID)]),
    ("Employeur : Transports X – SIRET 418 227 093 00021", [("418 227 093 00021", ID)]),
    # a product's lot and a device's serial number are ID (gold README, 2026-11-27)
    ("vaccin lot n° 40921, péremption", [("40921", ID)]),
    ("stent actif (lot 2108741). FEVG", [("2108741", ID)]),
    ("Cochlear CI632, n° de série 5120881A.", [("5120881A", ID)]),
    ("neuronavigation (O-arm S/N : O2-44718)", [("O2-44718", ID)]),
    # a patient's long-term-illness file number (the list's own number stays bare, below)
    ("prise en charge au titre de l'ALD n° ALD-63-0418827)", [("ALD-63-0418827", ID)]),
    ("SIREN : 418227093", [("418227093", ID)]),
    # negatives: cerfa forms, ALD lists, units, rooms, articles
    ("bon de transport (cerfa n° 50742*03)", []),
    ("prise en charge ALD n° 30 ; article n° 14523", []),
    ("imputé sur l'UF 4127 ; chambre n° 40512", []),
    ("Formulaire n° 12345 rempli", []),
]


@pytest.mark.parametrize(("text", "expected"), ROUND5_ID_CASES)
def test_round5_ids(text: str, expected: list[tuple[str, str]]) -> None:
    assert [f for f in found(text) if f[1] == ID] == expected


def test_social_security_after_number_sign_is_left_to_the_nir() -> None:
    body = "2 71 05 92 044 071"
    text = f"N° SS : {body} {key(body)}"
    assert [label for _, label in found(text)] == ["NIR"]
    assert list(IdentifierDetector().detect(Document.create("t", text))) == []


def test_siret_kind() -> None:
    (entity,) = [e for e in entities("SIRET 418 227 093 00021") if e.label == ID]
    assert entity.attributes["kind"] == "SIRET"
