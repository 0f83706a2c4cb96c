"""Detection of what the military and veterans' export showed (heldout_by, used for
development after its blind measure): units by their number, arm and kind or by their
initials, warships, camps and naval air bases, the armed forces' medical centres and
antennas, veterans' and wounded soldiers' bodies, military schools, and the Paris fire
brigade in a lowercase note. The examples are our own, not the set's."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(
    ("line", "span", "label"),
    [
        # units: number, arm and kind, in either case, or initials
        ("Unité : 92e régiment d'infanterie, quartier Desaix", "92e régiment d'infanterie",
         "ORG"),
        ("caporal-chef du 19e régiment du génie, blessé en exercice",
         "19e régiment du génie", "ORG"),
        ("Affectation : 13e demi-brigade de Légion étrangère, détachée",
         "13e demi-brigade de Légion étrangère", "ORG"),
        ("SERVICES : 3e RÉGIMENT DE PARACHUTISTES D'INFANTERIE DE MARINE (CARCASSONNE)",
         "3e RÉGIMENT DE PARACHUTISTES D'INFANTERIE DE MARINE", "ORG"),
        ("Opération au Mali avec le 2e RIMa en 2014.", "2e RIMa", "ORG"),
        ("Copie : médecin d'unité du 1er REG ; CNMSS", "1er REG", "ORG"),
        # ships, camps, bases
        ("Affectation : frégate Languedoc, port d'attache Toulon", "frégate Languedoc", "ORG"),
        ("chute lors d'une marche sur le camp de Caylus, 35 °C", "camp de Caylus", "LOCATION"),
        ("Conjoint à la base d'aéronautique navale de Lann-Bihoué ; deux enfants.",
         "base d'aéronautique navale de Lann-Bihoué", "LOCATION"),
        # medical centres and antennas, bodies, schools
        ("Adressée par l'antenne médicale de Pau pour entorse", "antenne médicale de Pau",
         "HOSPITAL"),
        ("Suivie par le CMA de Brest depuis mars.", "CMA de Brest", "HOSPITAL"),
        ("OFFICE NATIONAL DES COMBATTANTS ET DES VICTIMES DE GUERRE\nService des pensions",
         "OFFICE NATIONAL DES COMBATTANTS ET DES VICTIMES DE GUERRE", "ORG"),
        ("Copie : service départemental de l'ONACVG du Var",
         "service départemental de l'ONACVG du Var", "ORG"),
        ("Soutien de la Cellule d'aide aux blessés de l'armée de Terre proposé.",
         "Cellule d'aide aux blessés de l'armée de Terre", "ORG"),
        ("élève officier à l'École de l'air et de l'espace, vue ce jour",
         "École de l'air et de l'espace", "ORG"),
    ],
)
def test_military_names(found_within, line, span, label):
    assert found_within(line, span, label)


@pytest.mark.parametrize(
    ("line", "absent"),
    [
        ("la 3e compagnie est partie en manœuvre", "3e compagnie est partie"),
        ("prévoir la 2e brigade de nuit pour les soins", "2e brigade de nuit"),
        ("le 2e RDV est fixé au 4 mars", "2e RDV"),
        ("2e RCP le 12 mars : chimiothérapie", "2e RCP"),
        ("la 2e division du rachis cervical", "2e division du rachis"),
    ],
)
def test_military_look_alikes(found_inside, line, absent):
    assert not found_inside(line, absent)


def test_fire_brigade_in_a_lowercase_note(found_in_note):
    note = "patient : caporal, bspp, centre de secours montmartre, vu ce jour.\n"
    assert found_in_note(note + "douleur stable, pas de fièvre.").get("bspp") == "ORG"
