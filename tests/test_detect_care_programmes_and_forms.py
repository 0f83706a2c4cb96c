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
    ],
)  # fmt: skip
def test_care_programmes_and_forms_look_alikes(found_in_note, line, absent):
    assert found_in_note(line).get(absent) not in ("PERSON", "ORG", "HOSPITAL")
