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
from clindeid.pipeline import Keying, Pipeline


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
    assert cut_at_separator("le 3 mars 2025 au matin", 3, 14, "DATE") == 14


def test_model_name_spans_end_before_a_sentence_full_stop():
    text = "Vu au Dr Bouttier. Suite au bilan, revu par J. Martin et Ste. Claire."
    name = text.index("Bouttier")
    # the full stop after a name ends the sentence: the span (and its surrogate) stops before
    assert cut_at_separator(text, name, name + len("Bouttier. Suite"), "PERSON") == name + 8
    end = len(text)
    assert cut_at_separator(text, text.index("Ste."), end, "PERSON") == end - 1
    # an initial and a short abbreviation keep their point inside the name
    initial = text.index("J. Martin")
    assert cut_at_separator(text, initial, initial + 9, "PERSON") == initial + 9
    assert cut_at_separator(text, name, name + len("Bouttier."), "DATE") == name + 9


def test_ap_hp_group_and_ghu_are_institutions():
    text = "AP-HP. Nord - Université Paris Cité\nGHU Paris psychiatrie & neurosciences\n"
    spans = [text[s:e] for s, e in institution_spans(text)]
    assert spans == ["AP-HP. Nord - Université Paris Cité", "GHU Paris psychiatrie & neurosciences"]


def test_reference_and_typist_initials_are_staff(rules):
    text = "Brest, le 2 mai 2025\nN/Réf. : GH/PL\n\nDr Anne Kervella\nTapé par R.T. / frappe JM"
    doc = Document.create("t", text)
    persons = {text[e.start : e.end]: e for e in rules.detect(doc) if e.label == "PERSON"}
    for initials in ("GH", "PL", "R.T.", "JM"):
        assert persons[initials].attributes["role"] == "staff"
    assert "PERSON" not in _found(rules, "Réf. : DM/2025-07, IRM/TDM").values()
    text = "Paris, le 3 mai 2025\nRéf. : CL/mv\n\nCher confrère,"
    persons = [text[e.start : e.end] for e in rules.detect(Document.create("t", text))
               if e.label == "PERSON"]  # fmt: skip
    assert persons == ["CL", "mv"]  # the typist in lowercase
    assert "PERSON" not in _found(rules, "Réf. : AB/mg/kg").values()


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
        ("Cliché de contrôle (n° ORL-5512).", "ORL-5512"),
        ("Biopsie (examen HG26-00871), conclusion", "HG26-00871"),
        ("Dossier de chimiothérapie : CT-2026-0311\n", "CT-2026-0311"),
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


def test_years_and_months_after_an_event_word(rules):
    found = _found(rules, "Lymphome (diagnostic 2019), licencié pour la saison 2024-2025, "
                          "stimulation au cycle de mars.")
    for date in ("2019", "2024", "2025", "mars"):
        assert found.get(date) == "DATE", date


def test_named_bodies_universities_and_birthplaces(rules):
    found = _found(
        rules,
        "Étudiant à Lorraine Université puis à la Sorbonne Université. Signalement au SIAO 75 "
        "et à la CRIP de Lyon ; transfert par le SMUR pédiatrique de Nancy.\n"
        "Lieu de naissance : Oran (Algérie)\n",
    )
    for org in ("Lorraine Université", "Sorbonne Université", "SIAO 75", "CRIP de Lyon",
                "SMUR pédiatrique de Nancy"):
        assert found.get(org) == "ORG", org
    assert found.get("Oran") == "CITY"


def test_names_after_a_proofreading_cue_a_role_label_and_an_elided_m(rules):
    text = "Dicté le 2 mars, relu par B.T.\nVisite (aumônier : Gaspard). Patient : M'BALA Joseph"
    found = _found(rules, text)
    assert found.get("B.T.") == "PERSON" and found.get("Gaspard") == "PERSON"
    assert found.get("M'BALA Joseph") == "PERSON"


def test_a_town_after_a_named_establishment_joins_its_name(rules):
    found = _found(rules, "Admise à l'EHPAD Les Glycines de Roubaix puis à la Clinique du Parc "
                          "de Lyon. Clinique Générale d'Annecy. Hôpital Arnaud de Villeneuve.")
    assert found.get("EHPAD Les Glycines de Roubaix") == "HOSPITAL"
    assert found.get("Clinique du Parc de Lyon") == "HOSPITAL"
    assert found.get("Clinique Générale d'Annecy") == "HOSPITAL"
    assert found.get("Hôpital Arnaud de Villeneuve") == "HOSPITAL"


def test_a_lowercase_association_head_stays_outside_a_laboratory_head_inside(rules):
    # since the sets of 2026-11-26 annotators put "laboratoire" inside the name
    found = _found(rules, "Orientée par l'association Entraide Solidaire ; au laboratoire "
                          "Biomnis Lyon. Le lycée Hoche accueille.")
    assert found.get("Entraide Solidaire") == "ORG"
    assert found.get("laboratoire Biomnis Lyon") == "ORG"
    assert found.get("lycée Hoche") == "ORG"


def test_ap_hp_groups_named_with_their_university_are_institutions():
    text = "AP-HP. Sorbonne Université – Hôpital Tenon\nAP-HP. Centre - Université Paris Cité\n"
    spans = [text[s:e] for s, e in institution_spans(text)]
    assert spans == ["AP-HP. Sorbonne Université", "AP-HP. Centre - Université Paris Cité"]


def test_model_dates_end_with_the_date_and_names_lose_their_title():
    text = "Vu le 13/01/2026 10h30 puis INR 07/01/2026 3,4 ; écho du 20/02/2026 normale"
    for span, date in (("13/01/2026 10h30", "13/01/2026"), ("07/01/2026 3", "07/01/2026"),
                       ("20/02/2026 normale", "20/02/2026")):
        start = text.index(span)
        assert cut_at_separator(text, start, start + len(span), "DATE") == start + len(date)


@pytest.mark.parametrize(
    ("text", "span", "label"),
    [
        ("Réunion en salle Laennec (niveau -1).", "salle Laennec", "PERSON"),
        ("Dossier DALO à constituer.", "Dossier DALO", "PERSON"),
        ("-----Message d'origine-----", "Message d'origine", "CITY"),
    ],
)
def test_model_spans_opened_by_a_room_or_form_word_are_dropped(text, span, label):
    start = text.index(span)
    assert not plausible(text, start, start + len(span), label)


def test_antibody_names_are_no_postal_boxes(rules):
    found = _found(rules, "Sérologie anti-BP180/BP230 négative. Courrier : BP 412, 29200 Brest.")
    assert "ADDRESS" not in {found.get("BP180"), found.get("BP230")}
    assert found.get("BP 412") == "ADDRESS"


def test_a_day_alone_after_le_then_a_pause(rules):
    found = _found(rules, "Ablation des fils à J12, soit le 17. Revu le 3, puis le 2,5 mg/j.")
    assert found.get("17") == "DATE" and found.get("3") == "DATE"
    assert "2" not in found and "2,5" not in found


def test_initials_closing_a_table_row_and_a_numbered_emergency_service(rules):
    found = _found(rules, "| 14:00 | 128/74 | P.L.\namenée par smur 93 à 3h, appel du samu à 4h.")
    assert found.get("P.L.") == "PERSON" and found.get("smur 93") == "ORG"
    assert "samu" not in found


def test_model_codes_and_capitalised_words_are_no_places():
    text = "Opéré le 3 mars. Agrafes à J10, lésion T2."
    for span, label in (("Opéré", "HOSPITAL"), ("J10", "LOCATION"), ("T2", "ORG")):
        start = text.index(span)
        assert not plausible(text, start, start + len(span), label)
    assert plausible("Transfert à Necker.", 12, 18, "HOSPITAL")


def test_second_site_names_and_bodies_named_without_a_cue(rules):
    found = _found(
        rules,
        "Hôpital Bichat – Claude-Bernard – Service de Pneumologie\n"
        "Transfert à l'Hôpital Necker – Enfants malades, 149 rue de Sèvres.\n"
        "Stage à l'AFPA, hébergé en foyer ADOMA ; suivi par le Réseau Périnatal de Bretagne ; "
        "Centre Antipoison de Lyon ; opéré par l'équipe de Bergonié ; sortie du bar Le Balto.",
    )
    assert found.get("Hôpital Bichat – Claude-Bernard") == "HOSPITAL"
    assert found.get("Hôpital Necker – Enfants malades") == "HOSPITAL"
    for org in ("AFPA", "Réseau Périnatal de Bretagne", "bar Le Balto"):
        assert found.get(org) == "ORG", org
    assert found.get("Centre Antipoison de Lyon") == "HOSPITAL"
    assert found.get("Bergonié") == "HOSPITAL"
    assert "ORG" not in _found(rules, "Pression de 2 bar Maximum.").values()


def test_an_ap_hp_group_named_after_a_territory_and_generic_units_are_not_sites(rules):
    text = "AP-HP. Hôpitaux Universitaires Paris Seine-Saint-Denis\nHAD – SOINS PALLIATIFS\n"
    assert "HOSPITAL" not in _found(rules, text).values()


def test_a_model_age_after_a_comparator_is_dropped():
    text = "Greffe possible (âge < 70 ans)."
    start = text.index("70 ans")
    assert not plausible(text, start, start + 6, "AGE")


def test_a_season_surrogate_takes_the_right_determiner():
    pipeline = Pipeline(Config(), keying=Keying.from_seed(2))
    outs = {
        pipeline.deidentify(Document.create(f"s{i}", "Patient fatigué depuis l'été, mieux cet "
                                                     "hiver. Revu le 3 mars 2025.")).text
        for i in range(12)
    }
    assert len(outs) > 1
    for out in outs:
        assert "l'printemps" not in out and "cet printemps" not in out
        assert "ce hiver" not in out and "le été" not in out and "ce été" not in out
        assert any(s in out for s in ("l'été", "le printemps", "l'hiver", "l'automne"))


def test_model_contact_spans_start_at_their_value():
    from clindeid.detect.model import _value_start

    text = "RDV, mail jean.roux@exemple.fr, tél. 06 11 22 33 44"
    mail = text.index("mail")
    assert _value_start(text, mail, text.index(",", mail), "EMAIL") == text.index("jean")
    tel = text.index("tél")
    assert _value_start(text, tel, len(text), "PHONE") == text.index("06")
    assert _value_start(text, tel, len(text), "PERSON") == tel
