"""Detection of what the bones, skin, hormones and palliative-care exports showed
(heldout_bo … heldout_br, used for development after their blind measure): a typist's
initials after a typing date written without its year or its "le", notaries' offices and
professional partnerships, professional unions, a building or pavilion opening an address
line, a burial place's village, a range of years, a weekday before a day and month, a
home-hospitalisation service by its département number, obesity centres, a département in a
lowercase note, a sports federation by its initials, sports grounds, a body's branch in a
département, mainland France. The examples are our own, not the sets'."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(
    ("line", "span", "label"),
    [
        # typists' initials after the typing date
        ("Dr A. MOREL — dicté le 03/02/2026, frappé le 05/02 (LK)", "LK", "PERSON"),
        ("Pr B. SIMON – dicté 12.03.2026 / tapé 13.03.2026 (rv)", "rv", "PERSON"),
        ("Dr C. ROUX — dicté le 01/04/2026, saisi le 02/04/2026 (tb/ef)", "tb", "PERSON"),
        ("Dr C. ROUX — dicté le 01/04/2026, saisi le 02/04/2026 (tb/ef)", "ef", "PERSON"),
        # notaries, partnerships, unions
        ("Maître Paul Hamon, notaire\nOffice notarial du Val de Loire\nDossier suivi",
         "Office notarial du Val de Loire", "ORG"),
        ("> De : Julie Moreau, clerc, SCP Garnier & Lefort", "SCP Garnier & Lefort", "ORG"),
        ("Campagne avec le Syndicat des kinésithérapeutes de la Gironde, stand 4.",
         "Syndicat des kinésithérapeutes de la Gironde", "ORG"),
        ("en lien avec le Syndicat national des orthoptistes.",
         "Syndicat national des orthoptistes", "ORG"),
        # a building or pavilion opening an address line
        ("Unité de nutrition\nBâtiment Nord-Ouest, 14 allée des Cèdres — 33000 Bordeaux",
         "Bâtiment Nord-Ouest, 14 allée des Cèdres", "ADDRESS"),
        ("Consultation mémoire\nPavillon C, 9 avenue Pasteur · 67000 Strasbourg",
         "Pavillon C, 9 avenue Pasteur", "ADDRESS"),
        # a burial place's village or quarter
        ("Inhumation prévue au caveau familial de Toga, selon ses volontés.", "Toga", "CITY"),
        ("Elle sera inhumée au cimetière de Lumio samedi.", "Lumio", "CITY"),
        # a range of years, a weekday before a day and month
        ("Deux tentatives de sevrage (2018-2020 puis 2023).", "2018", "DATE"),
        ("Deux tentatives de sevrage (2018-2020 puis 2023).", "2020", "DATE"),
        ("séance de rééducation mardi 02/12 au cabinet", "mardi 02/12", "DATE"),
        # a sports federation by its initials, near a word of sport or licence
        ("Arrière en N2, n° licence FFHB 6610384422.", "FFHB", "ORG"),
        # sports grounds named after a person
        ("Entorse au gymnase Marcel-Cerdan pendant l'entraînement.", "gymnase Marcel-Cerdan",
         "LOCATION"),
        ("Malaise à la piscine Alfred-Nakache ce matin.", "piscine Alfred-Nakache", "LOCATION"),
        # places: a body's branch in a département, the mainland
        ("Association Les Ailes\nAntenne du Gard — 4 rue Fresque, 30000 Nîmes", "Gard",
         "LOCATION"),
        ("Souhaite être rapatrié en France métropolitaine après la greffe.",
         "France métropolitaine", "LOCATION"),
        # care services
        ("Relais par l'HAD 72 à domicile.", "HAD 72", "HOSPITAL"),
        ("CHU Amiens-Picardie\nCentre Intégré de l'Obésité de Normandie — secrétariat",
         "Centre Intégré de l'Obésité de Normandie", "HOSPITAL"),
    ],
)
def test_bo_br_names(found_in_note, line, span, label):
    assert found_in_note(line).get(span) == label


@pytest.mark.parametrize(
    ("line", "absent"),
    [
        ("HAD 15 jours puis réévaluation.", "HAD 15"),
        ("Anxiété marquée (HAD 14/8), suivi psychologique.", "HAD 14"),
        ("la SCP est dissoute depuis", "SCP"),
        ("réf. 2018-2020/4 à rappeler", "2018"),
        ("EVA mardi 3/10 au repos", "3/10"),
        ("concession à perpétuité réglée", "perpétuité"),
        ("FFR de 0,82 sur l'IVA, pas de stent. Patient très sportif.", "FFR"),
        ("transféré salle Charcot, lit 4", "Charcot"),
    ],
)
def test_bo_br_look_alikes(found_in_note, line, absent):
    assert absent not in found_in_note(line)


def test_departement_in_a_lowercase_note(found_in_note):
    note = "fille injoignable, partie dans le jura pour le week-end, rappeler lundi.\n"
    assert found_in_note(note + "reste stable, pas de douleur.").get("jura") == "LOCATION"
    # "nord" and "lot" are more often common words: they stay words
    found = found_in_note("douleur dans le lot de la semaine, vit dans le nord.\nok ok ok.")
    assert "lot" not in found and "nord" not in found
