"""Rules of the tenth session, for the names that the mainstream sets' guidelines annotate in
every letter and that the detectors had left: the secure messaging service and the shared
record a letter goes through ("envoyé par MSSanté", "déposé dans Mon espace santé"), the
platforms a device's readings go to ("AirView", "Omnidoc"), national bodies in an export
typed in capitals, a device maker named as the company of the engineer who came, and
mainland France as notes written overseas or in Corsica name it ("vit en métropole",
"sur le continent"), and a hospital's site in a lowercase note ("hôpital nord", "hôpital du
scorff"). The look-alike cases guard the patterns: an e-mail address on the
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
