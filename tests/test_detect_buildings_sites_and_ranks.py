"""Detection of what the eye-care, urology and prison-care exports showed (heldout_bz,
heldout_ca, heldout_cb, used for development after their blind measures): a hospital
building's line before its postcode, a body's site after its name, police and military
ranks before a name, prisons' psychiatric services by their town, specialists' practices
and driving schools by their name, a detainee's register number. The examples are our own,
not the sets'."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(
    ("line", "span", "label"),
    [
        # a building, pavilion or wing with its entrance or level, before the postcode
        ("Urgences ophtalmologiques\nBâtiment Tamarin, niveau 1 – 97400 Saint-Denis",
         "Bâtiment Tamarin, niveau 1", "ADDRESS"),
        ("Pédiatrie\nPavillon Cévennes, entrée B · 30900 Nîmes", "Pavillon Cévennes, entrée B",
         "ADDRESS"),
        ("Strabologie\nAile Foch, 2e étage – 92150 Suresnes", "Aile Foch, 2e étage", "ADDRESS"),
        # a body's site after its name
        ("LABORATOIRE BIOMED OUEST – SITE DE PESSAC\n12 avenue Haut-Lévêque",
         "LABORATOIRE BIOMED OUEST – SITE DE PESSAC", "ORG"),
        # ranks before a name
        ("Conduite par le brigadier WOJCIK et un collègue.", "WOJCIK", "PERSON"),
        ("Le sergent Marchetti présente une entorse.", "Marchetti", "PERSON"),
        # services, practices, schools, register numbers
        ("Pôle de psychiatrie – SMPR de Ducos\nBP 12 – 97224 Ducos", "SMPR de Ducos",
         "HOSPITAL"),
        ("Cabinet d'urologie du Ponant\n4 rue de Siam, 29200 Brest",
         "Cabinet d'urologie du Ponant", "ORG"),
        ("> Auto-école Martel – 3 rue Clément, 27000 Évreux", "Auto-école Martel", "ORG"),
        ("né le 02/05/1980 à Lyon, écrou 80213\nMotif : plaie", "80213", "ID"),
    ],
)
def test_bz_cb_names(found_within, line, span, label):
    assert found_within(line, span, label)


@pytest.mark.parametrize(
    ("line", "absent"),
    [
        ("levée d'écrou prévue demain", "écrou"),
        ("le caporal a chuté lors du footing", "a chuté"),
        ("Capitaine de frégate Morel, commandant en second", "frégate Morel"),
        ("bâtiment rénové, 2e étage – accès par l'ascenseur", "bâtiment rénové"),
    ],
)
def test_bz_cb_look_alikes(found_inside, line, absent):
    assert not found_inside(line, absent)
