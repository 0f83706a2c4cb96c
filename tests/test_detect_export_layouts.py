"""Detection on warehouse-export layouts: header lines with services after the site, fields
separated by spaced dashes, reference initials, seasons and lists of days, lettered record
numbers, named places without a street number, and organisations named by a trade word.

The examples are written for these tests (none is taken from an evaluation set).
"""

from __future__ import annotations

import pytest

from clindeid.config import Config
from clindeid.detect.institutions import institution_spans
from clindeid.detect.model import cut_at_separator, plausible
from clindeid.document import Document
from clindeid.pipeline import Pipeline


@pytest.fixture(scope="module")
def rules() -> Pipeline:
    return Pipeline(Config(detectors=["rules"]))


def _found(pipeline: Pipeline, text: str) -> dict[str, str]:
    return {text[e.start : e.end]: e.label for e in pipeline.detect(Document.create("t", text))}


@pytest.mark.parametrize(
    ("header", "site"),
    [
        ("Hôpital Lariboisière - Service de Gastro-entérologie\n", "Hôpital Lariboisière"),
        ("HOPITAL BICHAT - CHIRURGIE VASCULAIRE ET THORACIQUE\n", "HOPITAL BICHAT"),
        ("Hôpital Tenon - Pneumologie et Oncologie thoracique\n", "Hôpital Tenon"),
        ("Hôpital Cochin - Bureau des entrées\n", "Hôpital Cochin"),
        ("Hôpital Saint-Louis - Centre Hémato-Oncologique\n", "Hôpital Saint-Louis"),
        ("CH de Cahors - Maternité niveau 2\n", "CH de Cahors"),
        ("Hôpital Sainte-Anne - Secteur 75G09\n", "Hôpital Sainte-Anne"),
    ],
)
def test_a_service_after_a_dash_is_not_part_of_the_site(rules, header, site):
    found = _found(rules, header)
    assert found.get(site) == "HOSPITAL"
    assert not any(span.startswith(site) and span != site for span in found)


def test_a_second_site_after_a_dash_stays_and_a_bare_unit_is_dropped(rules):
    found = _found(rules, "CHU de Nantes - Hôpital Laennec - Clinique de Cardiologie\n")
    assert "CHU de Nantes - Hôpital Laennec" in found
    assert not any("Cardiologie" in span for span in found)
    assert not _found(rules, "Hospitalisation à domicile - Antenne Sud\n")


def test_model_name_spans_end_at_a_spaced_dash_and_dates_before_an_hour():
    text = "75014 Paris - Tél. 01 02 03 04 05 ; arrivée 03/02/2025 07:40"
    city_end = text.index(" - Tél") + len(" - Tél")
    assert cut_at_separator(text, text.index("Paris"), city_end, "CITY") == text.index(" - ")
    date = text.index("03/02/2025")
    assert cut_at_separator(text, date, date + len("03/02/2025 07"), "DATE") == date + 10
    # an address keeps its dashes; a date without a time after it keeps its digits
    assert cut_at_separator(text, 0, city_end, "ADDRESS") == city_end
    assert cut_at_separator("le 03/02/2025 07 fois", 3, 16, "DATE") == 16


def test_ap_hp_group_prefix_and_ghu_are_institutions():
    text = "AP-HP. Nord - Université Paris Cité\nGHU Paris psychiatrie & neurosciences\n"
    spans = [text[s:e] for s, e in institution_spans(text)]
    assert spans == ["AP-HP. Nord", "GHU Paris psychiatrie & neurosciences"]


def test_reference_and_typist_initials_are_staff(rules):
    text = "Brest, le 2 mai 2025\nN/Réf. : GH/PL\n\nDr Anne Kervella\nTapé par R.T. / frappe JM"
    doc = Document.create("t", text)
    persons = {text[e.start : e.end]: e for e in rules.detect(doc) if e.label == "PERSON"}
    for initials in ("GH", "PL", "R.T.", "JM"):
        assert persons[initials].attributes["role"] == "staff"
    assert "PERSON" not in _found(rules, "Réf. : DM/2025-07, IRM/TDM").values()


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Éducation faite avec l'infirmière Lucie : manipulation du stylo.", "Lucie"),
        ("Passage du fils Karim ce soir, inquiet.", "Karim"),
        ("Hélitreuillage : Dr Roux (médecin), Yanis (ambulancier).", "Yanis"),
        ("Présente avec son mari, Mrs Helen Ashworth, interprète.", "Helen Ashworth"),
        ("Entretien motivationnel avec Sandrine Petit ; substitution.", "Sandrine Petit"),
    ],
)
def test_first_names_after_cues_and_frequent_surnames(rules, text, name):
    assert _found(rules, text).get(name) == "PERSON"


def test_lowercase_names_after_an_elided_cue(rules):
    found = _found(rules, "revue avec l'ide martine ce matin ; appel du cmp (dr n'diaye).")
    assert found.get("martine") == "PERSON" and found.get("n'diaye") == "PERSON"


def test_words_that_look_like_names_stay_text(rules):
    found = _found(rules, "Une masse blanche. Le fils de suture. Score mRS 2. Test de Weber.")
    assert not [s for s, label in found.items() if label == "PERSON"]


def test_seasons_days_lists_and_event_months(rules):
    found = _found(
        rules,
        "Fatigue depuis l'hiver, mieux cet été. Il a été revu. Séances les 2, 4, 9 et 11 juin. "
        "Le scanner TAP de février était normal ; récidive depuis l'épisode de 2019.",
    )
    for date in ("l'hiver", "cet été", "2", "4", "9", "11 juin", "février", "2019"):
        assert found.get(date) == "DATE", date
    assert "été" not in found  # "a été": a participle


def test_une_sep_is_no_date(rules):
    assert not _found(rules, "Arguments pour une SEP selon les critères.")


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("N° intervention : BL-25-004417\n", "BL-25-004417"),
        ("N° de dossier labo : 25K772190\n", "25K772190"),
        ("Dossier de passage UR-25-118204 - Entrée", "UR-25-118204"),
        ("Biopsie envoyée, demande AP25-07731.", "AP25-07731"),
        ("Arrivée 07:12 - Passage LRB2503140077", "LRB2503140077"),
    ],
)
def test_lettered_record_numbers_after_a_cue(rules, text, value):
    assert _found(rules, text).get(value) == "ID"


def test_a_demand_or_passage_without_a_code_is_no_id(rules):
    found = _found(rules, "Une demande de 3 examens. Passage aux urgences à 14 h.")
    assert "ID" not in found.values()


def test_named_places_without_a_number(rules):
    found = _found(rules, "Malaise place de la Nation puis visite du château de Chambord.")
    assert found.get("place de la Nation") == "LOCATION"
    assert found.get("château de Chambord") == "LOCATION"
    other = _found(rules, "Traité à la place de Marc. Mise en place de la Sonde.")
    assert "LOCATION" not in other.values()


def test_organisations_named_by_a_trade_word(rules):
    found = _found(
        rules,
        "Logée à l'Hôtel des Voyageurs. Diplômée de la Faculté de Pharmacie de Lille. "
        "Lunettes chez Optique Dupleix. Signalement à l'ARS Bretagne. Suivi par le Samusocial.",
    )
    for org in ("Hôtel des Voyageurs", "Faculté de Pharmacie de Lille", "Optique Dupleix",
                "ARS Bretagne", "Samusocial"):
        assert found.get(org) == "ORG", org
    assert "ORG" not in _found(rules, "Réunion à l'Hôtel de Ville.").values()


def test_day_centre_and_a_cued_site(rules):
    found = _found(rules, "Inscrit à l'accueil de jour Les Tilleuls, puis transféré à Avicenne.")
    assert found.get("accueil de jour Les Tilleuls") == "HOSPITAL"
    assert found.get("Avicenne") == "HOSPITAL"
    assert "HOSPITAL" not in _found(rules, "Signe de Trousseau positif.").values()


@pytest.mark.parametrize(
    ("text", "span", "label"),
    [
        ("Greffe : N° CRISTAL XK99120 inscrit.", "N° CRISTAL", "PERSON"),
        ("Sevrage : BZD, SAT/VAT.", "SAT/VAT", "PERSON"),
        ("NOTE D'ENTRÉE EN SOINS À LA DEMANDE DU PATIENT", "D'ENTRÉE EN SOINS À LA DEMANDE",
         "HOSPITAL"),
        ("TA 120/70, SpO2 97 % AA, T 37 °C", "70, SpO2 97 % AA", "ADDRESS"),
        ("Je vous écris au sujet de la patiente", "Je vous écris au sujet de la", "ADDRESS"),
    ],
)
def test_model_spans_that_cannot_be_phi_are_dropped(text, span, label):
    start = text.index(span)
    assert not plausible(text, start, start + len(span), label)


def test_model_spans_that_can_be_phi_are_kept():
    text = "Domicile : lieu-dit les Granges, 12 chemin du Moulin. Vu par Mme Aubert."
    for span, label in (("12 chemin du Moulin", "ADDRESS"), ("Aubert", "PERSON")):
        start = text.index(span)
        assert plausible(text, start, start + len(span), label)


def test_an_age_threshold_is_nobodys_age(rules):
    found = _found(rules, "Posologie réduite si âge > 75 ans ou poids < 60 kg.")
    assert "AGE" not in found.values()
    assert _found(rules, "Patiente âgée de 75 ans.").get("75 ans") == "AGE"
