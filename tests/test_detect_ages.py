"""AGE detector: ages versus durations, values, units and formats."""

import pytest

from clindeid.detect.rules.ages import AgeDetector
from clindeid.document import Document
from clindeid.temporal import render_age

DET = AgeDetector()


def found(text: str) -> list:
    return list(DET.detect(Document.create("t", text)))


def spans(text: str) -> list[tuple[str, str]]:
    return [(e.text_in(text), e.label) for e in found(text)]


def A(*covered: str) -> list[tuple[str, str]]:
    return [(c, "AGE") for c in covered]


CASES = [
    ("Patient de 40 ans.", A("40 ans")),
    ("Patiente âgée de 67 ans, diabétique.", A("67 ans")),
    ("âgé de 40 ans", A("40 ans")),
    ("Mme X, 27 ans, hospitalisée", A("27 ans")),
    ("Mme X (27 ans)", A("27 ans")),
    ("enfant de 27 ans 1/2", A("27 ans 1/2")),
    ("enfant de 3 ans et demi", A("3 ans et demi")),
    ("il a 40 ans", A("40 ans")),
    ("Patient de 40a, tabagique", A("40a")),
    ("Mme Y (40 a)", A("40 a")),
    ("âgée de 52 a, sans ATCD", A("52 a")),
    ("nourrisson de 3 mois", A("3 mois")),
    ("enfant de 18 mois", A("18 mois")),
    ("âgé de 3 mois", A("3 mois")),
    ("nourrisson de 6 semaines", A("6 semaines")),
    ("nouveau-né de 5 jours", A("5 jours")),
    ("un homme de quarante-cinq ans", A("quarante-cinq ans")),
    ("une femme de Trente ans", A("Trente ans")),
    ("patient de 52 ans", A("52 ans")),
    ("une patiente diabétique de 67 ans", A("67 ans")),
    ("âgé de 2 ans et 3 mois", A("2 ans et 3 mois")),
    ("depuis l'âge de 20 ans", A("20 ans")),
    ("À 3 ans, il a eu la rougeole.", A("3 ans")),
    ("Âge : 40", A("40")),
    ("un patient de plus de 80 ans", A("80 ans")),
    ("il a 1 an", A("1 an")),
    ("Homme, 75 ans, retraité", A("75 ans")),
    # durations and other numbers: not ages
    ("diabète depuis 10 ans", []),
    ("il y a 2 ans", []),
    ("pendant 3 ans", []),
    ("tous les 5 ans", []),
    ("à 3 ans de la chirurgie", []),
    ("survie à 5 ans", []),
    ("un suivi de 5 ans", []),
    ("10 ans d'évolution", []),
    ("5 ans plus tard", []),
    ("depuis plus de 10 ans", []),
    ("depuis 3 mois", []),
    ("pendant 3 mois", []),
    ("traitement de 6 semaines", []),
    ("J5 : 5 jours de fièvre", []),
    ("il y a deux ans", []),
    ("le patient de 40 a été hospitalisé", []),
    ("Il a 3 enfants", []),
    ("sexagénaire", []),
    ("40 mg", []),
    ("dans 2 ans", []),
    ("en 3 ans", []),
    ("au bout de 2 ans", []),
    ("200 ans", []),
]


@pytest.mark.parametrize(("text", "expected"), CASES)
def test_age_spans(text: str, expected: list[tuple[str, str]]) -> None:
    assert spans(text) == expected


VALUES = [
    ("Patient de 40 ans", 40, "years", "{n} {ans}"),
    ("il a 1 an", 1, "years", "{n} {ans}"),
    ("enfant de 27 ans 1/2", 27.5, "years", "{n_int} {ans}{half: 1/2}"),
    ("enfant de 3 ans et demi", 3.5, "years", "{n_int} {ans}{half: et demi}"),
    ("un homme de quarante-cinq ans", 45, "years", "{n_words} {ans}"),
    ("une femme de Trente ans", 30, "years", "{N_words} {ans}"),
    ("un homme de soixante dix ans", 70, "years", "{n_words!s} {ans}"),
    ("enfant de 2,5 ans", 2.5, "years", "{n} {ans}"),
    ("Patient de 40a", 40, "years", "{n}a"),
    ("nourrisson de 3 mois", 3, "months", "{n} mois"),
    ("nourrisson de 6 semaines", 6, "weeks", "{n} {semaines}"),
    ("nouveau-né de 5 jours", 5, "days", "{n} {jours}"),
    ("Âge : 40", 40, "years", "{n}"),
]


@pytest.mark.parametrize(("text", "value", "unit", "fmt"), VALUES)
def test_value_unit_format(text: str, value: float, unit: str, fmt: str) -> None:
    (ent,) = found(text)
    assert ent.value == value
    assert ent.attributes["unit"] == unit
    assert ent.attributes["format"] == fmt
    assert ent.source == "pattern/age"
    assert render_age(value, fmt) == ent.text_in(text)


@pytest.mark.parametrize(("text", "value", "unit", "fmt"), VALUES)
def test_age_round_trip(text: str, value: float, unit: str, fmt: str) -> None:
    (ent,) = found(text)
    new = 2 if unit == "months" else 31.5 if "{half" in fmt else 45 if "words" in fmt else 31
    rendered = text[: ent.start] + render_age(new, fmt) + text[ent.end :]
    (again,) = found(rendered)
    assert again.value == new
    assert again.attributes["format"] == fmt


def test_detector_contract() -> None:
    assert DET.name == "age"
    assert DET.family == "rules"


# --- banner ages after a birth date, ages at an event, first bounds ----------------------
EVENT_CASES = [
    ("Léa B., née le 11/09/2022, 17 mois\n", A("17 mois")),
    ("né le 02/03/2023 – 8 mois – 7,9 kg", A("8 mois")),
    ("DDN : 30/01/2024, 6 semaines", A("6 semaines")),
    ("Père : infarctus à 52 ans.", A("52 ans")),
    ("Mère opérée d'un cancer du côlon à 61 ans, vivante.", A("61 ans")),
    ("cholécystectomie à 35 ans, pas d'autre antécédent", A("35 ans")),
    ("trois enfants de 9, 7 et 2 ans", A("9", "7", "2 ans")),
    ("enfants âgés de 4 à 10 ans", A("4", "10 ans")),
    # horizons and durations stay out
    ("Survie globale à 20 ans : 65 %.", []),
    ("risque de fracture à 10 ans calculé", []),
    ("Récidive locale à 15 ans dans 8 % des cas.", []),
    ("Contrôle à 2 ans.", []),
    ("Traitement pendant 2 à 3 ans.", []),
    ("depuis 12 mois", []),
]


@pytest.mark.parametrize(("text", "expected"), EVENT_CASES)
def test_event_and_banner_ages(text: str, expected: list[tuple[str, str]]) -> None:
    assert spans(text) == expected


# --- round 4: person nouns in notes, compound ages, infant ages at an event ------------
ROUND4_CASES = [
    ("pt de 34 ans, gaucher, maçon", A("34 ans")),
    ("usagère de 52 ans, suivie au CSAPA", A("52 ans")),
    ("Léa, née le 02/03/2020 (4 ans et 7 mois)", A("4 ans et 7 mois")),
    ("un enfant de 2 ans et 3 mois", A("2 ans et 3 mois")),
    ("(diagnostic posé à 20 mois)", A("20 mois")),
    ("a marché à 14 mois, propre à 3 ans", A("14 mois", "3 ans")),
    ("consultation à 2 mois d'âge corrigé", A("2 mois")),
    # durations, horizons and intervals stay out
    ("depuis 3 ans et 2 mois", []),
    ("Contrôle coloscopique (5 ans si polype)", []),
    ("revoir à 6 mois", []),
    ("traitement à 3 mois", []),
    ("traitement débuté à 3 mois de la greffe", []),
    ("diagnostic réévalué à 6 mois", []),
]


@pytest.mark.parametrize(("text", "expected"), ROUND4_CASES)
def test_round4_ages(text: str, expected: list[tuple[str, str]]) -> None:
    assert spans(text) == expected


# --- round 5: compact ages in quick notes, milestones and vaccines in months ---
ROUND5_CASES = [
    ("pt : paul martin, 31a, amené par les pompiers", A("31a")),
    ("Pte 72a F, chute mécanique", A("72a")),
    ("ROR et méningocoque C à 12 mois", A("12 mois")),
    ("hexavalent à 2, 4 et 11 mois", A("2", "4", "11 mois")),
    ("Infanrix à 2 et 4 mois ; rappel à 11 mois prévu", A("2", "4 mois", "11 mois")),
    ("tenue de tête acquise à 3 mois, marche à 13 mois", A("3 mois", "13 mois")),
    ("née le 02/05/2023 à la clinique des Pins, 10 mois", A("10 mois")),
    ("sa mère (ménarche à 12 ans) mesure 1,62 m", A("12 ans")),
    # negatives: durations, horizons, scores, stages
    ("âge osseux avancé d'environ 3 ans", []),
    ("rappel dentaire à 6 mois", []),
    ("douleurs depuis 4 mois ; contrôle à 6 mois", []),
    ("2e dose à 1 mois d'intervalle", []),
    ("CERTIFICAT DU 24e MOIS", []),
    ("stades 1a, 2a et 3a", []),
    ("type 2a, grade 3a", []),
]


@pytest.mark.parametrize(("text", "expected"), ROUND5_CASES)
def test_round5_ages(text: str, expected: list[tuple[str, str]]) -> None:
    assert spans(text) == expected


def test_quick_age_value_and_format() -> None:
    (e,) = found("pt : x y, 45a, HDT")
    assert (e.value, e.attributes["unit"], e.attributes["format"]) == (45, "years", "{n}a")
