"""Detection of what the mental-health and emergency exports showed (heldout_au, heldout_av,
used for development after their blind measure): implant and vaccine lots, a judgment's minute
number, harm-reduction centres, national bodies of schooling and teratology, a carers'
association or a home-schooling service by département number, sports clubs named before the
word "Club", a street right after "CEDEX", the school holidays of a season, an infant's age
"today", typists' initials before a date or alone after a signed name, and users in footers
with a page number or a closing time. The examples are our own, not the sets'."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(
    ("line", "span", "label"),
    [
        ("Vis d'interférence (lot B7K20913), fermeture plan par plan.", "B7K20913", "ID"),
        ("Lot du clou : CD24-1187. Suites simples.", "CD24-1187", "ID"),
        ("Dossier RG n° 26/00311 — Minute 26/044", "26/044", "ID"),
        ("Orienté vers le CAARUD L'Étape — géré par une association", "CAARUD L'Étape",
         "HOSPITAL"),
        ("Scolarité poursuivie avec le CNED pendant le séjour.", "CNED", "ORG"),
        ("Avis du CRAT : allaitement compatible.", "CRAT", "ORG"),
        ("La famille est orientée vers l'UNAFAM 63.", "UNAFAM 63", "ORG"),
        ("Cours assurés par le SAPAD 12 durant l'hospitalisation.", "SAPAD 12", "ORG"),
        ("Licencié au Clermont Volley Club depuis deux ans.", "Clermont Volley Club", "ORG"),
        ("86021 POITIERS CEDEX — pl. du Marché-Notre-Dame\nSecrétariat", "pl. du Marché-Notre-Dame",
         "ADDRESS"),
        ("Absente depuis les vacances d'hiver, dit sa mère.", "hiver", "DATE"),
        ("Nourrisson âgé aujourd'hui de 6 semaines, allaité.", "6 semaines", "AGE"),
        ("Revu en consultation le 2 mars.\nDr P. Vernier — pv/sl — 03/03/2026", "pv", "PERSON"),
        ("Bien cordialement, Dr Lucie Maréchal — lm", "lm", "PERSON"),
        ("Édité le 12/10/2026 — page 2/2 — nbernard", "nbernard", "PERSON"),
        ("fiche transmise au régulateur\nclôture 21h40 rb", "rb", "PERSON"),
    ],
)  # fmt: skip
def test_mental_health_and_emergency_names(found_in_note, line, span, label):
    assert found_in_note(line).get(span) == label


@pytest.mark.parametrize(
    ("line", "absent"),
    [
        # a plot of a housing estate, a lot without a code, lessons, a unit after a dash
        ("Lotissement Les Hauts, lot 14, chemin des Vignes", "14"),
        ("Livraison d'un lot de compresses stériles.", "lot de compresses"),
        ("Scolarité : cours au collège le matin.", "cours au collège"),
        ("Glycémie à jeun 1,1 g — mg/dl", "mg"),
        # two letters that spell no name on the signed line
        ("Bien cordialement, Dr Lucie Maréchal — xz", "xz"),
    ],
)  # fmt: skip
def test_mental_health_and_emergency_look_alikes(found_in_note, line, absent):
    assert found_in_note(line).get(absent) not in ("PERSON", "ID", "ADDRESS", "ORG")
