"""Detection of what the migrant-care and occupational-medicine exports showed (heldout_ay,
heldout_az, used for development after their blind measure): the asylum office and court and
the associations that house and advise asylum seekers, reception centres by name or town,
health centres and beds for homeless people, mobile psychiatric teams by département, trade
unions, the social division of a court, a stay number after "Venue", initials after a call's
time, a surname no dictionary knows after "dr" in a quick note, a season typed without
accents, a town before its country in brackets in a lowercase note, psychiatric services by
acronym before a lowercase town, a spelled-out hospital centre in a dictation. The examples
are our own, not the sets'."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(
    ("line", "span", "label"),
    [
        ("Demande d'asile rejetée par l'OFPRA le 02/02/2026.", "OFPRA", "ORG"),
        ("Recours déposé devant la CNDA avec son avocate.", "CNDA", "ORG"),
        ("Orientée par Forum Réfugiés vers notre consultation.", "Forum Réfugiés", "ORG"),
        ("Hébergé au CADA de Montauban depuis mars.", "CADA de Montauban", "ORG"),
        ("Hébergée au HUDA Les Glycines avec ses enfants.", "HUDA Les Glycines", "ORG"),
        ("Adressé au Centre régional du psychotraumatisme Bretagne pour prise en charge.",
         "Centre régional du psychotraumatisme Bretagne", "HOSPITAL"),
        ("Suivi par la PASS puis par le CASO de Nantes.", "CASO de Nantes", "HOSPITAL"),
        ("Admis aux Lits Halte Soins Santé de Lorient pour soins.",
         "Lits Halte Soins Santé de Lorient", "HOSPITAL"),
        ("Séjour au LHSS Les Glycines jusqu'au 12 mai.", "LHSS Les Glycines", "HOSPITAL"),
        ("Signalé par l'équipe de l'EMPP 76 lors d'une maraude.", "EMPP 76", "HOSPITAL"),
        ("Présence de Mme Aubry, déléguée CGT, à l'entretien.", "CGT", "ORG"),
        ("Pôle social du tribunal judiciaire de Colmar, audience du 3 juin",
         "Pôle social du tribunal judiciaire de Colmar", "ORG"),
        ("Signalement à la cellule PDP 51 du service médical.", "PDP 51", "ORG"),
        ("IPP 4410087 — Venue H26100442 — Lit 12", "H26100442", "ID"),
        ("Résultat transmis par appel au Dr Morel le 03/03/2026 à 09h40 (LB).", "LB", "PERSON"),
        ("avis ortho dr t. andrianarivo -> plâtre", "t. andrianarivo", "PERSON"),
        ("à la rue depuis l'ete 2021, suivi irrégulier", "l'ete 2021", "DATE"),
        ("sans domicile, ne a plovdiv (bulgarie), parle peu", "plovdiv", "CITY"),
        ("née le 02/05/1990 à Mutsamudu (Anjouan, Union des Comores)", "Union des Comores",
         "LOCATION"),
        ("suivi autrefois au cmp adultes de quimper, perdu de vue", "cmp adultes de quimper",
         "HOSPITAL"),
        ("dictée ce jour centre hospitalier de vierzon virgule service",
         "centre hospitalier de vierzon", "HOSPITAL"),
    ],
)  # fmt: skip
def test_asylum_and_work_names(found_in_note, line, span, label):
    assert found_in_note(line).get(span) == label


@pytest.mark.parametrize(
    ("line", "absent"),
    [
        # a reception centre named by no one, a common word after "dr", vital signs in
        # brackets after a time, a lowercase "venue", a hospital's floor after "(HTA)"
        ("En attente d'une place en CADA, dort dans sa voiture.", "CADA"),
        ("vu par le dr urgentiste, pas de déficit", "urgentiste"),
        ("appel infirmier à 11h05 (TA 14/8), rassuré", "TA"),
        ("appel SAMU à 10h12 (HTA connue)", "HTA"),
        ("Sa venue 2604410 fois par an", "2604410"),
    ],
)  # fmt: skip
def test_asylum_and_work_look_alikes(found_in_note, line, absent):
    assert found_in_note(line).get(absent) not in ("PERSON", "ID", "ORG", "HOSPITAL")
