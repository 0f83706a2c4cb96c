"""Detection of what the exports of AP-HP and its suburbs, Brittany, the Centre and the
Limousin showed (heldout_t and heldout_u, used for development after their blind measure):
feasts of other calendars and festivals, ports, seas, canals and camps, vessels and
shipowners, maritime health services, coordination platforms, insurers abroad, banks in
capitals, second hospital names in capitals, logins and footer initials, lowercase pairs
under a signature, countries and the post office in lowercase notes. The examples are our
own, not the sets'."""

from __future__ import annotations

import pytest

from clindeid.detect.casing import recase


@pytest.mark.parametrize(
    ("line", "span", "label"),
    [
        # dates
        ("Excès alimentaires pendant Diwali, glycémies hautes.", "Diwali", "DATE"),
        ("Malaise au Festival Interceltique, sur le port.", "Festival Interceltique", "DATE"),
        # places
        ("Débarqué au port de pêche de Concarneau à l'aube.", "port de pêche de Concarneau",
         "LOCATION"),
        ("Pêche en mer d'Iroise depuis vingt ans.", "mer d'Iroise", "LOCATION"),
        ("Retrouvé au bord du canal Saint-Martin, hypotherme.", "canal Saint-Martin",
         "LOCATION"),
        ("Chute près de la pointe de Penmarc'h en kayak.", "pointe de Penmarc'h", "LOCATION"),
        ("Cariste au Marché d'intérêt national de Rungis.",
         "Marché d'intérêt national de Rungis", "LOCATION"),
        # (a room, then the street: one address written in two parts)
        ("Foyer Les Tilleuls, chambre 12, 5 rue Haute, 29200 Brest", "chambre 12, 5 rue Haute",
         "ADDRESS"),
        # organisations
        ("Matelot sur le fileyeur Mor Braz depuis 2019.", "Mor Braz", "ORG"),
        ("Patron du chalutier hauturier Ar Bagad II.", "Ar Bagad II", "ORG"),
        ("Employé de l'Armement Glazig Pêche, Lorient.", "Armement Glazig Pêche", "ORG"),
        ("Vu au Service de santé des gens de mer de Brest.",
         "Service de santé des gens de mer de Brest", "ORG"),
        ("Orientée vers la plateforme d'accompagnement et de répit de Vitré.",
         "plateforme d'accompagnement et de répit de Vitré", "ORG"),
        ("Bilan financé par la PCO 36.", "PCO 36", "ORG"),
        ("Licencié au Cercle Jules Verne, football.", "Cercle Jules Verne", "ORG"),
        ("Insurance: Bupa Global, policy 44-1", "Bupa Global", "ORG"),
        ("COMPTE AU CRÉDIT AGRICOLE DE L'ANJOU", "CRÉDIT AGRICOLE DE L'ANJOU", "ORG"),
        ("Reste à charge après Mutuelle de Poitiers.", "Mutuelle de Poitiers", "ORG"),
        ("Ouvrière à la Conserverie Gonidec, Concarneau.", "Conserverie Gonidec", "ORG"),
        ("Transport demandé à la CPRP SNCF.", "CPRP SNCF", "ORG"),
        ("Établissement public de santé mentale de la Marne – Châlons",
         "Établissement public de santé mentale de la Marne", "HOSPITAL"),
        ("HÔPITAL DUPRÉ – JEAN-ROSTAND\nSERVICE DE PÉDIATRIE", "HÔPITAL DUPRÉ – JEAN-ROSTAND",
         "HOSPITAL"),
        # identifiers
        ("Jugement du 03/02/2022, RG 22/01456.", "22/01456", "ID"),
        ("Bateau (immatriculation GV 915203) au port.", "GV 915203", "ID"),
        # people
        ("Dr Anne KERJEAN\nlk/mb – 02.03.2026", "lk", "PERSON"),
        ("Dr Anne KERJEAN\nlk/mb – 02.03.2026", "mb", "PERSON"),
        ("Imprimé le 10/03/2026 – PL/GT", "GT", "PERSON"),
        ("Édité le 27/10/2026 – utilisateur : jleroux3 – poste 4", "jleroux3", "PERSON"),
        ("Imprimé le 21/11/2025 par M. KANTE", "M. KANTE", "PERSON"),
    ],
)  # fmt: skip
def test_coast_and_suburb_names(found_in_note, line, span, label):
    assert found_in_note(line).get(span) == label


@pytest.mark.parametrize(
    ("line", "absent"),
    [
        ("Prostatectomie au robot da Vinci Xi.", "Vinci"),
        ("Critères d'Ottawa négatifs.", "Ottawa"),
        ("Réponse et/ou avis demandé.\nat/mp – à revoir", "at"),
        ("Opérateur : interne de garde.", "interne"),
        ("La mer est calme, le port de tête correct.", "port de tête"),
    ],
)  # fmt: skip
def test_coast_look_alikes(found_in_note, line, absent):
    assert absent not in found_in_note(line)


@pytest.mark.parametrize(
    ("line", "recased"),
    [
        ("opérée au maroc en 1998 puis en turquie", "opérée au Maroc en 1998 puis en Turquie"),
        ("factrice à la poste depuis 2010, douleur", "factrice à La Poste depuis 2010, douleur"),
        ("lrb urgences – box 12 – chute", "LRB urgences – box 12 – chute"),
    ],
)  # fmt: skip
def test_recasing_of_countries_and_companies(line, recased):
    copy = recase(line)
    assert (copy.text.rstrip("\n") if copy else None) == recased
