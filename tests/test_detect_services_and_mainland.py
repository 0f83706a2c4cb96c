"""Rules of the tenth session, for the names that the mainstream sets' guidelines annotate in
every letter and that the detectors had left: the secure messaging service and the shared
record a letter goes through ("envoyé par MSSanté", "déposé dans Mon espace santé"), the
platforms a device's readings go to ("AirView", "Omnidoc"), national bodies in an export
typed in capitals, a device maker named as the company of the engineer who came, and
mainland France as notes written overseas or in Corsica name it ("vit en métropole",
"sur le continent"), and a hospital's site in a lowercase note ("hôpital nord", "hôpital du
scorff"); then communes typed in lowercase without their hyphens ("à mehun sur yèvre") or with
their article in brackets ("(les pieux)"), a numbered login after "Saisie :", and names misheard
by speech recognition and corrected at once ("le docteur berthe lot fit pardon le docteur
berthelot-fitte"). The look-alike cases guard the patterns: an e-mail address on the
messaging domain, a maker's name as a brand, the clinical adjective "continent", the
metropolitan bodies."""

from __future__ import annotations

from collections.abc import Callable

import pytest


@pytest.mark.parametrize(
    ("line", "span"),
    [
        ("Compte rendu envoyé par MSSanté au Dr Bouttier, copie au dossier.", "MSSanté"),
        ("Tél. 02 31 26 48 90 – MSSANTE : h.bardou@medecin.mssante.fr", "MSSANTE"),
        ("courrier au dr jacquemin (uchaud) par mssante le 3/4, rappel en juin", "mssante"),
        ("Copie déposée dans Mon espace santé le 20/03/2026.", "Mon espace santé"),
        ("Télésuivi AirView du 07/03/2026 : observance de 6 h par nuit.", "AirView"),
        ("demande de : dr morel, via omnidoc pour avis dermatologique", "omnidoc"),
        ("PATIENTE DE 76 ANS VUE PAR SOS MEDECINS LE 11/01/2026 POUR DYSPNEE", "SOS MEDECINS"),
        ("ÉTABLISSEMENT FRANÇAIS DU SANG – SITE DE NANTES", "ÉTABLISSEMENT FRANÇAIS DU SANG"),
        ("contrôle du boîtier (M. Tristan OLIVEAU, ingénieur Medtronic) ce jour", "Medtronic"),
        ("Ingénieur Boston Scientific présent : M. F. Durand", "Boston Scientific"),
        ("présents : kévin rousselet, technicien linde, et l'ide", "linde"),
        ("kit d'oxygène fourni par oxypharm roussillon, livraison demain", "oxypharm"),
    ],
)
def test_services_platforms_and_companies_of_staff(
    found_within: Callable[[str, str, str], bool], line: str, span: str
) -> None:
    assert found_within(line, span, "ORG")


@pytest.mark.parametrize(
    ("line", "span"),
    [
        ("Sa fille Stéphanie vit à Lyon (métropole) et arrive demain.", "métropole"),
        ("famille prévenue : fils ludovic turpin en métropole (bordeaux).", "métropole"),
        ("A TRAVAILLE 20 ANS EN METROPOLE (RATP), RETRAITE DEPUIS 2019.", "METROPOLE"),
        ("Elle ne repartira pas sur le continent avant la consultation.", "continent"),
        ("Sa fille Julia SANTONI, venue du continent, est présente.", "continent"),
    ],
)
def test_mainland_france_named_from_overseas_or_corsica(
    found_within: Callable[[str, str, str], bool], line: str, span: str
) -> None:
    assert found_within(line, span, "LOCATION")


def test_an_address_on_the_messaging_domain_stays_one_email(
    found_in_note: Callable[[str], dict[str, str]],
) -> None:
    found = found_in_note("Réponse à adresser à l.hoarau@chu-reunion.mssante.fr merci.")
    assert found.get("l.hoarau@chu-reunion.mssante.fr") == "EMAIL"
    assert "ORG" not in found.values()


@pytest.mark.parametrize(
    ("line", "word"),
    [
        ("Stimulateur double chambre (boîtier Medtronic Azure XT DR) implanté en 2024.",
         "Medtronic"),
        ("Système veineux profond perméable et continent. Pas de reflux.", "continent"),
        ("patient continent le jour, fuites la nuit, vessie continente", "continent"),
        ("Demande de logement auprès de la Métropole de Lyon en cours.", "Métropole"),
    ],
)
def test_brands_the_clinical_adjective_and_bodies_are_no_place(
    found_in_note: Callable[[str], dict[str, str]], line: str, word: str
) -> None:
    found = found_in_note(line)
    assert not any(
        word in span and label in ("LOCATION", "ORG") and span == word
        for span, label in found.items()
    )


@pytest.mark.parametrize(
    ("line", "span"),
    [
        ("hospit en gastro hôpital nord, accord dr martin pour demain", "hôpital nord"),
        ("gériatrie - chu grenoble alpes, hopital sud, echirolles - note rapide", "hopital sud"),
        ("chru de nancy - hopital central - urgences adultes", "hopital central"),
        ("ghbs - hôpital du scorff - réanimation polyvalente", "hôpital du scorff"),
    ],
)
def test_hospital_site_in_lowercase(
    found_within: Callable[[str, str, str], bool], line: str, span: str
) -> None:
    assert found_within(line, span, "HOSPITAL")


@pytest.mark.parametrize(
    "line",
    [
        "hospitalisé en hôpital du jour puis retour à domicile",
        "adressé à l'hôpital du coin par le médecin, rien de plus",
        "l'hôpital est loin de chez elle, transport assis prévu",
    ],
)
def test_hospital_without_a_site_name(
    found_in_note: Callable[[str], dict[str, str]], line: str
) -> None:
    assert "HOSPITAL" not in found_in_note(line).values()


@pytest.mark.parametrize(
    ("line", "span"),
    [
        ("orientée vers l'orthoptiste à mehun sur yèvre virgule à organiser", "mehun sur yèvre"),
        ("il habite bourg la reine depuis peu, seul", "bourg la reine"),
        ("mt : dr lecouflet (les pieux) | ioa : mélanie", "les pieux"),
        ("hge, clinique durieux (le tampon), atcd : dt2", "le tampon"),
    ],
)
def test_lowercase_commune_without_hyphens_or_with_its_article(
    found_within: Callable[[str, str, str], bool], line: str, span: str
) -> None:
    assert found_within(line, span, "CITY")


@pytest.mark.parametrize(
    ("line", "absent", "present"),
    [
        ("hébergé à orléans en urgence chez sa soeur", "orléans en urgence", "orléans"),
        ("douleur à la marche sur le plat, à peine de quoi vivre", "la marche", None),
        ("prise le soir (le matin) et (la suite) à voir", "le matin", None),
    ],
)
def test_lowercase_commune_look_alikes(
    found_in_note: Callable[[str], dict[str, str]], line: str, absent: str, present: str | None
) -> None:
    found = found_in_note(line)
    assert absent not in found
    if present is not None:
        assert found.get(present) == "CITY"
    else:
        assert "CITY" not in found.values()


def test_numbered_login_after_the_word_saisie(
    found_in_note: Callable[[str], dict[str, str]],
) -> None:
    found = found_in_note("Validé : Dr Hélène VIGUIER | Saisie : mlaurent2 – 19/02/2026 14:02")
    assert found.get("mlaurent2") == "PERSON"
    # a word with a digit after the same cue is no login unless an initial and a surname
    assert "glycemie2" not in found_in_note("Saisie : glycemie2 à 14h, contrôle à 18h")


@pytest.mark.parametrize(
    ("line", "slip"),
    [
        ("suivi dans trois mois avec le docteur à bas pardon le docteur Abbas point", "à bas"),
        ("médecin traitant le docteur berthe lot fit pardon le docteur berthelot-fitte",
         "berthe lot fit"),
        ("six point à la ligne monsieur qui fait euh monsieur Kieffer est revu", "qui fait"),
    ],
)
def test_name_misheard_by_dictation_and_corrected(
    found_within: Callable[[str, str, str], bool], line: str, slip: str
) -> None:
    assert found_within(line, slip, "PERSON")


def test_a_corrected_phrase_without_a_title_repeated_is_no_name(
    found_in_note: Callable[[str], dict[str, str]],
) -> None:
    found = found_in_note("le docteur est passé, enfin le docteur de garde a rappelé")
    assert "est passé" not in found
    found = found_in_note("douleur à droite pardon à gauche, le docteur Abbas prévenu")
    assert "à droite" not in found


def test_occupational_health_service_by_its_acronym_in_lowercase(
    found_within: Callable[[str, str, str], bool],
) -> None:
    line = "médecine du travail (dr j. pommerol, aist 63). ttt de sortie inchangé"
    assert found_within(line, "aist 63", "ORG")
