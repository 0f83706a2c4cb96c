"""Detection of what the general-practice, northern university-hospital and southern
private-clinic exports showed (heldout_ap, heldout_aq, heldout_ar, used for development after
their blind measure): a département number after a commune, admission agents' and operators'
codes, a typist's initials before "dicté", a season and a year in words before a dictated full
stop, a month after "de", university health services with their town, headings of practices
and associations in capitals, industrial employers, foreign and students' insurers, CPTS,
campsite pitches, a street without a number before a bracketed postal box, and lowercase
schools and nursing institutes. The examples are our own, not the sets'."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(
    ("line", "span", "label"),
    [
        # a commune's own département number after it
        ("LIEU DE NAISSANCE : NARBONNE (11)\nADRESSE : 4 RUE DES PINS", "11", "LOCATION"),
        ("Née à Charleville-Mézières (08) le 3 mai 1990.", "08", "LOCATION"),
        # admission agents, operators and typists
        ("AGENT : PDURANDO1 – 08/01/2026 07:41", "PDURANDO1", "PERSON"),
        ("AGENT D'ADMISSION : RTS   IMPRIMÉ LE 14/04/2026", "RTS", "PERSON"),
        ("Édité le 14/04/2026 — dossier 2026-031455 — opératrice MLB", "MLB", "PERSON"),
        ("Fin du compte rendu.\n\nJK — dicté le 18/11/2025, validé le 19/11/2025", "JK",
         "PERSON"),
        # dates: a season and a year in words before a dictated full stop, a month after "de"
        ("tremblement depuis l'été deux mille vingt-trois point à la ligne",
         "l'été deux mille vingt-trois", "DATE"),
        ("opérée en deux mille dix-huit point à la ligne", "deux mille dix-huit", "DATE"),
        ("Examens de juin reportés à la rentrée.", "juin", "DATE"),
        ("Gêne aggravée pendant les vendanges d'octobre.", "octobre", "DATE"),
        # university health services with their town
        ("Orientée par le Service de santé étudiante de Nantes (Dr A. Roux).",
         "Service de santé étudiante de Nantes", "HOSPITAL"),
        ("Lien avec le Service de santé universitaire d'Angers pour les examens.",
         "Service de santé universitaire d'Angers", "HOSPITAL"),
        # headings in capitals
        ("CABINET D'IMAGERIE DU HAUT-LANGUEDOC – Site Nord\n3 rue Basse",
         "CABINET D'IMAGERIE DU HAUT-LANGUEDOC", "ORG"),
        ("CABINET MÉDICAL DES TROIS FONTAINES\n2 rue Haute", "CABINET MÉDICAL DES TROIS FONTAINES",
         "ORG"),
        ("ASSOCIATION AUDOISE POUR LA DIALYSE À DOMICILE\nUnité d'autodialyse",
         "ASSOCIATION AUDOISE POUR LA DIALYSE À DOMICILE", "ORG"),
        # industrial employers of a work history
        ("Ancien mineur aux Mines de Carmaux, retraité depuis 1995.", "Mines de Carmaux", "ORG"),
        ("Trente ans aux Faïenceries de Gien comme émailleur.", "Faïenceries de Gien", "ORG"),
        # insurers of tourists, frontier workers and students
        ("Carte européenne d'assurance maladie, Zilveren Kruis, n° 8075", "Zilveren Kruis",
         "ORG"),
        ("CEAM n° 8061600742 (caisse NFZ).", "NFZ", "ORG"),
        ("Matricule CNS : 1979120587614", "CNS", "ORG"),
        ("ORGANISME ASSUREUR : SOLIDARIS (BELGIQUE)", "SOLIDARIS", "ORG"),
        ("Mutuelle étudiante : HEYME, adhérente n° 2291604", "HEYME", "ORG"),
        # territorial health communities
        ("CPTS DU PAYS DE RETZ\nMaison des associations", "CPTS DU PAYS DE RETZ", "ORG"),
        ("Réunion de la CPTS du Val de Morteau le 3 mars.", "CPTS du Val de Morteau", "ORG"),
        # a pitch or a mobile home after a campsite's name (one address with it since the
        # address in two parts is one span)
        ("Domicile saisonnier : camping Les Oliviers, mobil-home 27, Lumio",
         "camping Les Oliviers, mobil-home 27", "ADDRESS"),
        ("Lieu : Camping Bela Vista, emplacement 64, Hendaye",
         "Camping Bela Vista, emplacement 64", "ADDRESS"),
        # a street without a number before a bracketed postal box
        ("CHU — URGENCES\nav. de la Croix Blanche (CS 40001) 86021 Poitiers Cedex",
         "av. de la Croix Blanche", "ADDRESS"),
        # lowercase notes: a school, a nursing institute
        ("certificat pour le collège montfleury remis.", "collège montfleury", "ORG"),
        ("étudiant infirmier (ifsi de rouen), chute à vélo.", "ifsi de rouen", "ORG"),
    ],
)  # fmt: skip
def test_clinics_and_borders_names(found_in_note, line, span, label):
    assert found_in_note(line).get(span) == label


@pytest.mark.parametrize(
    ("line", "absent"),
    [
        # a number in brackets after a commune of another département, or after a word
        ("Vit à Lyon (13 ans de résidence) avec sa fille.", "13"),
        ("Méthadone soixante-dix (70) milligrammes par jour.", "70"),
        # a job, a body or a lowercase word after "agent"/"opérateur"
        ("agent : ASH de nuit", "ASH"),
        ("agent EDF venu relever le compteur", "EDF"),
        ("opérateur interne de garde", "interne"),
        # "points" counted after a number in words stays a count
        ("score passé de deux mille vingt points", "deux mille vingt"),
        # a heading's generic words alone name no practice
        ("CABINET MÉDICAL\nDr Jean Petit", "CABINET MÉDICAL"),
        ("LE CABINET INFIRMIER\npassage à 8 h", "CABINET INFIRMIER"),
        # an acronym of the nervous system, a word after "Mines"
        ("Atteinte du CNS à l'IRM.", "CNS"),
        ("Mines de crayon retrouvées dans la poche.", "Mines de crayon"),
        # a bare school word
        ("il est au collège depuis septembre.", "collège depuis"),
    ],
)  # fmt: skip
def test_clinics_and_borders_look_alikes(found_in_note, line, absent):
    found = found_in_note(line)
    assert found.get(absent) not in ("PERSON", "DATE", "ORG", "AGE", "ADDRESS", "LOCATION")


@pytest.mark.parametrize(
    ("line", "span", "label"),
    [
        # lowercase notes: a quarter or an activity zone, a health post by its acronym
        ("adresse : quartier bellefontaine, 97230 sainte-marie", "quartier bellefontaine",
         "ADDRESS"),
        ("had du léon – za de kergaradec – 29200 brest", "za de kergaradec", "ADDRESS"),
        ("évacuée depuis le cdps de grand-santi pour fièvre", "cdps de grand-santi", "HOSPITAL"),
        # an insurer or provider the rules know by a name that is no French word
        ("oxygène 2 l/min, fournisseur vitalaire, à domicile", "vitalaire", "ORG"),
        ("mutuelle : groupama, contrat n° 4471", "groupama", "ORG"),
        # a foreign city French hardly ever writes in lowercase
        ("sa fille vit à manchester depuis dix ans.", "manchester", "CITY"),
        # an organisation the rules know by a name of several words
        ("assurance rapatriement (mondial assistance), départ le 3 mai.", "mondial assistance",
         "ORG"),
        ("couverture suisse : groupe mutuel, police f-77291", "groupe mutuel", "ORG"),
    ],
)  # fmt: skip
def test_lowercase_quarters_zones_and_health_posts(found_in_note, line, span, label):
    assert found_in_note(line).get(span) == label


def test_a_common_word_after_quartier_stays_lowercase(found_in_note):
    found = found_in_note("il vit dans un quartier calme, seul, près de la gare.")
    assert not any(label == "ADDRESS" for label in found.values())


def test_health_insurance_in_lowercase_stays_a_common_noun(found_in_note):
    assert "assurance maladie" not in found_in_note("pris en charge par l'assurance maladie.")


def test_benign_is_no_country_nor_city_in_lowercase(found_in_note):
    assert "bénin" not in found_in_note("tissu prostatique bénin, sans atypie.")
