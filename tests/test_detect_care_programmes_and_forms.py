"""Detection of what the geriatric and child-health exports showed (heldout_as, heldout_at,
used for development after their blind measure): the Assurance Maladie's return-home
programme, the département's unit for reports of children at risk, an autonomy office by its
département number, a mental-health establishment of a département, a palliative-care team
with its territory, colonless fields of a form in capitals and an agent's code ending such a
line. The examples are our own, not the sets'."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(
    ("line", "span", "label"),
    [
        ("Sortie à J3 avec le PRADO ; visite de la sage-femme le 5 mai.", "PRADO", "ORG"),
        ("Signalement transmis à la cellule de recueil des informations préoccupantes du Gard.",
         "cellule de recueil des informations préoccupantes du Gard", "ORG"),
        ("ADRESSER À : CELLULE DE RECUEIL DES IP DE LA SOMME, 2 RUE DU CLOÎTRE",
         "CELLULE DE RECUEIL DES IP DE LA SOMME", "ORG"),
        ("Dossier APA à renvoyer à la MDA 72 avant le 30 juin.", "MDA 72", "ORG"),
        ("Suivie au long cours à l'EPSMD de la Marne.", "EPSMD de la Marne", "HOSPITAL"),
        ("Avis de l'EMSP du Pays de Redon sur les antalgiques.", "EMSP du Pays de Redon",
         "HOSPITAL"),
        # a form in capitals whose fields carry no colon
        ("ÉLÈVE : NOM KARADENIZ   PRÉNOM ZEYNEP   NÉE LE 02/03/2015", "ZEYNEP", "PERSON"),
        ("NOM D'USAGE MARCHETTI   PRÉNOM ODILE   SEXE F", "MARCHETTI", "PERSON"),
        ("DOSSIER ENREGISTRÉ LE 12/03/2026 – AGENT MRV", "MRV", "PERSON"),
        # social services of the département, national charities and care providers
        ("Suivi par la Maison de la solidarité de Senlis depuis mars.",
         "Maison de la solidarité de Senlis", "ORG"),
        ("CENTRE DE PMI LILLE-FIVES — DÉPARTEMENT DU NORD\n3 RUE", "DÉPARTEMENT DU NORD", "ORG"),
        ("Aide de la Ligue contre le cancer – comité du Gers pour la garde.",
         "Ligue contre le cancer – comité du Gers", "ORG"),
        ("Téléassistance Présence Verte installée le 2 mai.", "Présence Verte", "ORG"),
        # typists' initials under a signature in capitals, or after a dictation date
        ("DR ÉLISE MARTINEAU, GÉRIATRE\nEM/RT", "EM", "PERSON"),
        ("Joël Prigent, médecin scolaire\nJP/AS", "JP", "PERSON"),
        ("TRAITEMENT INCHANGÉ.\nDICTÉE LE 04/03/2026 — KL/MB", "KL", "PERSON"),
        ("SUITES SIMPLES. TAPÉ LE 05/03/2026 (NB)", "NB", "PERSON"),
        # a two-digit extension right after a switchboard number
        ("Infirmerie : 02 99 41 17 70 poste 31", "31", "PHONE"),
    ],
)  # fmt: skip
def test_care_programmes_and_forms_names(found_in_note, line, span, label):
    assert found_in_note(line).get(span) == label


@pytest.mark.parametrize(
    ("line", "absent"),
    [
        # a field name after "PRÉNOM", an agent of a company in lowercase at the line's end
        ("PRÉNOM DE L'ENFANT À RENSEIGNER", "DE"),
        ("relevé par l'agent EDF\nle 3 mai", "EDF"),
        # "MDA" without a number is the Maison des adolescents, named only with its town
        ("suivi par la psychologue de la MDA depuis mars", "MDA"),
        ("appel de l'EMSP ce matin", "EMSP"),
        # initials of clinical values under a sentence naming a doctor
        ("Patient revu ce jour, médecin prévenu.\nTA/FC", "TA"),
        # a record number after a body's acronym is no département number
        ("agrément ARS n° 2A-AMB-0147", "ARS n° 2A"),
        # a dialysis station or a workstation number
        ("dialyse lundi-mercredi-vendredi, poste 12 du service", "12"),
    ],
)  # fmt: skip
def test_care_programmes_and_forms_look_alikes(found_in_note, line, absent):
    assert found_in_note(line).get(absent) not in ("PERSON", "ORG", "HOSPITAL", "PHONE")


@pytest.mark.parametrize(
    ("line", "span", "label"),
    [
        ("DIFFICULTÉS DE SOMMEIL DEPUIS L'ÉTÉ, CONFLITS AVEC SA MÈRE", "L'ÉTÉ", "DATE"),
        ("ARRIVÉ EN FRANCE EN 1971, CHAUFFEUR JUSQU'À 60 ANS", "1971", "DATE"),
        ("SON NEVEU, M. PAUL RIVIÈRE, HABITANT ORLÉANS, VIENT LE DIMANCHE", "ORLÉANS", "CITY"),
    ],
)  # fmt: skip
def test_lines_in_capitals_read_as_french_writes_them(found_in_note, line, span, label):
    """A line wholly in capitals is also read lowercased and recased (`casing.recase`)."""
    assert found_in_note(line).get(span) == label


def test_widow_and_helper_keep_their_preposition_out_of_the_name(found_in_note):
    found = found_in_note("Veuve de Karim Haddad, suivie avec l'aide de Mme Lou Brun, interprète.")
    assert found.get("Karim Haddad") == "PERSON"
    assert found.get("Lou Brun") == "PERSON"
    assert not any(span.startswith(("de ", "Mme")) for span in found)


@pytest.mark.parametrize(
    ("line", "span"),
    [
        # a name the rules write with a class of letters ("Pr[ée]sence Verte"), an acronym
        ("téléassistance présence verte posée la semaine dernière", "présence verte"),
        ("information préoccupante transmise à la crip 62 ce matin", "crip 62"),
    ],
)
def test_lowercase_notes_name_providers_and_units(found_in_note, line, span):
    assert found_in_note(line).get(span) == "ORG"


def test_short_lines_of_a_note_typed_in_lowercase_are_recased(found_in_note):
    note = ("lucie bernier\n12 rue des lilas\n85000 la roche-sur-yon\n\nmadame,\n"
            "ma mère est hospitalisée depuis trois semaines au chu.\n"
            "elle souhaite rentrer chez elle avant la fin du mois.\n"
            "je vous remercie de votre aide pour son retour.\n")
    assert found_in_note(note).get("la roche-sur-yon") == "CITY"


def test_a_short_lowercase_line_of_a_written_letter_stays_as_it_is():
    from clindeid.detect.casing import recase

    letter = ("Madame,\nVotre mère est sortie hier.\nElle rentre chez elle à Nantes.\n"
              "Nous restons à votre disposition.\nla suite\n")
    assert recase(letter) is None
