"""Detection of what the warehouse exports of northern France and AP-HP showed (heldout_q,
used for development after its blind measure): reference initials in three groups,
lettered member numbers, Belgian and British numbers and postcodes, clubs, practices and
works named by their trade and commune, mining pits, business zones, forms in capitals,
and lowercase quick notes that carry an acronym or one capitalised name. The examples are
our own, not the set's."""

from __future__ import annotations

import pytest

from clindeid.detect.casing import recase


@pytest.mark.parametrize(
    ("line", "span", "label"),
    [
        # reference initials: three groups opening a line, a pair under a "Copie" line,
        # the typist after "<typed> le <date> par"
        ("Dr Hélène VASSEUR\nJPL/AB/cd – Tapé le 03/02/2026", "JPL", "PERSON"),
        ("Dr Hélène VASSEUR\nJPL/AB/cd – Tapé le 03/02/2026", "AB", "PERSON"),
        ("Dr Hélène VASSEUR\nJPL/AB/cd – Tapé le 03/02/2026", "cd", "PERSON"),
        ("Copie : Dr DEVOS, médecin traitant\nRG/LP", "LP", "PERSON"),
        ("courrier dictée le 12/05/2026, dactylographiée le 13/05/2026 par mb\n", "mb",
         "PERSON"),
        # numbers: a letter group glued by a space, a Belgian register number, British
        # postcodes
        ("Mutuelle : adhérent n° KL 55 201 339", "KL 55 201 339", "ID"),
        ("Registre national : 92.11.23-145.07", "92.11.23-145.07", "ID"),
        ("Address: 3 Station Road, Dover, SW1A 2AA, United Kingdom", "SW1A 2AA", "ZIP"),
        # bodies, clubs, employers, practices, centres
        ("CAISSE DE RETRAITE : CARSAT NORMANDIE", "CARSAT NORMANDIE", "ORG"),
        ("Chauffeur salarié de la compagnie Taxis Bleus depuis 2019.", "Taxis Bleus", "ORG"),
        ("Licenciée au club de tennis d'Arras depuis l'enfance.", "club de tennis d'Arras",
         "ORG"),
        ("Son père travaillait à la verrerie d'Arques.", "verrerie d'Arques", "ORG"),
        ("Médecin traitant : Dr Priya SHAH (Riverside Medical Practice, Leeds).",
         "Riverside Medical Practice", "HOSPITAL"),
        ("TEP réalisée au Centre de médecine nucléaire de l'Artois.",
         "Centre de médecine nucléaire de l'Artois", "HOSPITAL"),
        ("GARDÉE À LA CRÈCHE LES PETITS MOUSSES DE FÉCAMP",
         "CRÈCHE LES PETITS MOUSSES DE FÉCAMP", "ORG"),
        # places: a capital article, a county after its town, mining pits, business zones
        ("Intérimaire sur le site de La Hague depuis mai.", "La Hague", "LOCATION"),
        ("Suivi au Royal Infirmary (Ashford, Kent) jusqu'en 2024.", "Kent", "LOCATION"),
        ("Ancien mineur (fosse 12 de Lens) jusqu'en 1986.", "fosse 12", "LOCATION"),
        ("Ancien mineur à la fosse Delloye, silicose.", "fosse Delloye", "LOCATION"),
        ("Magasinier dans la zone Artoipole depuis 2020.", "zone Artoipole", "LOCATION"),
    ],
)  # fmt: skip
def test_north_and_paris_names(found_in_note, line, span, label):
    assert found_in_note(line).get(span) == label


@pytest.mark.parametrize(
    ("line", "absent"),
    [
        # a form's words in capitals are no city, relative's name or territory
        ("PERSONNE À PRÉVENIR : MME LECLERCQ", "PRÉVENIR"),
        ("PRISE EN CHARGE MUTUELLE À VÉRIFIER", "VÉRIFIER"),
        ("GRAND-PÈRE MATERNEL : CONVULSIONS FÉBRILES DANS L'ENFANCE", "CONVULSIONS FÉBRILES"),
        ("ÉTAT CIVIL DE LA PERSONNE CONCERNÉE", "CIVIL DE LA PERSONNE"),
        # a unit of an unnamed hospital, a number's kind before it
        ("Séances au centre de dialyse du CHU depuis mars.", "centre de dialyse du CHU"),
        ("Assurance : n° AVS 756.1234.5678.97", "AVS 756.1234.5678.97"),
        ("Douleur de la fosse iliaque droite.", "fosse iliaque"),
    ],
)  # fmt: skip
def test_look_alikes_in_forms_and_notes(found_in_note, line, absent):
    assert absent not in found_in_note(line)


def test_relative_name_after_a_common_word_in_capitals(found_in_note):
    found = found_in_note("SUIVI : SAGE-FEMME LIBÉRALE CÉLINE AUBRAC, ROUEN")
    assert "LIBÉRALE CÉLINE AUBRAC" not in found
    assert any("CÉLINE AUBRAC" in span for span, label in found.items() if label == "PERSON")


@pytest.mark.parametrize(
    ("line", "recased"),
    [
        # a practice named after its specialty, a street's name, a name after "chez", a
        # business zone, a network; "chez" and the head stay as written
        ("kiné 10 séances au cabinet kiné vauban puis revoir",
         "kiné 10 séances au Cabinet kiné Vauban puis revoir"),
        ("vu au cabinet de rhumatologie de la scarpe à douai",
         "vu au Cabinet de rhumatologie de la Scarpe à Douai"),
        ("chute devant le bar (rue de la paix), amené par",
         "chute devant le bar (rue de la Paix), amené par"),
        ("cariste chez haribo depuis 2019", "cariste chez Haribo depuis 2019"),
        ("entrepôt de la zone actiparc depuis mai", "entrepôt de la zone Actiparc depuis mai"),
        # a note with one capitalised name and acronyms is still a lowercase note
        ("repas au restaurant Sawadi. à 21h prurit, appel du samu. AT à déclarer", None),
    ],
)  # fmt: skip
def test_recasing_of_practices_streets_and_employers(line, recased):
    copy = recase(line)
    if recased is None:
        assert copy is not None  # the note is read recased
        assert "SAMU" in copy.text and "Sawadi" in copy.text and " AT " in copy.text
    else:
        assert (copy.text.rstrip("\n") if copy else None) == recased


def test_recasing_leaves_a_word_cut_by_a_hyphen_and_a_consultation_room():
    copy = recase("Foie : lé-\nsion hypodense du segment VII, vue au cabinet de consultation")
    assert copy is None or "sion hypodense" in copy.text
    assert copy is None or "cabinet de consultation" in copy.text
    assert recase("vu chez le médecin traitant et chez l'employeur hier") is None
