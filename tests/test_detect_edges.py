"""The edges of a body's name left beside a detected span (`clindeid.detect.edges`), and
name proposals widened to the whole hyphenated word (`clindeid.detect.resolver`)."""

from __future__ import annotations

import itertools

import pytest

from clindeid.detect.edges import widen_names
from clindeid.detect.resolver import resolve
from clindeid.document import Entity


def _entity(text: str, part: str, label: str) -> Entity:
    start = text.index(part)
    return Entity(start, start + len(part), label, source="test")


def _widened(text: str, part: str, label: str) -> tuple[str, str]:
    (e,) = widen_names([_entity(text, part, label)], text)
    return text[e.start : e.end], e.label


@pytest.mark.parametrize(
    ("text", "part", "label", "whole", "whole_label"),
    [
        ("Rappel fait au centre de vaccinations de Dax en mai.", "Dax", "CITY",
         "centre de vaccinations de Dax", "HOSPITAL"),
        # vigilance centres, family planning and dialysis units named by their town
        ("Déclaration faite au CRPV de Reims le jour même.", "Reims", "CITY",
         "CRPV de Reims", "HOSPITAL"),
        ("EFS Île-de-France — Maison du don de Nanterre", "Nanterre", "CITY",
         "Maison du don de Nanterre", "ORG"),
        ("urines conservées pour le ceip-a de montpellier (addictovigilance)", "montpellier",
         "CITY", "ceip-a de montpellier", "HOSPITAL"),
        ("ivg en mars au planning familial de brest, pas d'ist", "brest", "CITY",
         "planning familial de brest", "HOSPITAL"),
        ("Unité de dialyse médicalisée de Gap, 1 place du Marché", "Gap", "CITY",
         "Unité de dialyse médicalisée de Gap", "HOSPITAL"),
        ("Adressé au Centre de lutte antituberculeuse de la Somme.", "Somme", "LOCATION",
         "Centre de lutte antituberculeuse de la Somme", "HOSPITAL"),
        ("Il préside l'Amicale des anciens mineurs de Carmaux.", "Carmaux", "CITY",
         "Amicale des anciens mineurs de Carmaux", "ORG"),
        ("Employé par la coopérative de Sainte-Rose.", "de Sainte-Rose", "ORG",
         "coopérative de Sainte-Rose", "ORG"),
        ("Vue à l'EHPAD Résidence des Lilas, chambre 4.", "Résidence des Lilas", "ADDRESS",
         "EHPAD Résidence des Lilas", "HOSPITAL"),
        ("Inscrite à l'école Jules Ferry 2, classe de CP.", "école Jules Ferry", "ORG",
         "école Jules Ferry 2", "ORG"),
        ("Suivie au Centre de référence des maladies rares de Lille.", "Lille", "CITY",
         "Centre de référence des maladies rares de Lille", "HOSPITAL"),
        ("prochaine écho au chu de rennes le deux mars", "rennes", "CITY", "chu de rennes",
         "HOSPITAL"),
        ("Sortie au domicile : Les Terrasses du Lac, bât. C, 74000 Annecy.",
         "Les Terrasses du Lac", "ADDRESS", "Les Terrasses du Lac, bât. C", "ADDRESS"),
        ("Adresse : route de Cilaos, n° 12 bis, 97413 Cilaos.", "route de Cilaos", "ADDRESS",
         "route de Cilaos, n° 12 bis", "ADDRESS"),
        ("Logement : Résidence Paul Appell, chambre 514, Strasbourg.", "Résidence Paul Appell",
         "ADDRESS", "Résidence Paul Appell, chambre 514", "ADDRESS"),
        ("expulsée de son logement (Cité des Poètes, tour 12).", "Cité des Poètes", "ADDRESS",
         "Cité des Poètes, tour 12", "ADDRESS"),
        ("domicilié c/o Emmaüs Solidarité, 75001 Paris", "Emmaüs Solidarité", "ORG",
         "c/o Emmaüs Solidarité", "ORG"),
        ("conduit par l'OPJ du commissariat de Marseille 3e, PV joint.",
         "commissariat de Marseille", "ORG", "commissariat de Marseille 3e", "ORG"),
    ],
)  # fmt: skip
def test_a_body_takes_its_head_and_number(text, part, label, whole, whole_label):
    assert _widened(text, part, label) == (whole, whole_label)


@pytest.mark.parametrize(
    ("text", "part", "label"),
    [
        # the town centre, not a body
        ("Il vit dans le centre de Dax depuis peu.", "Dax", "CITY"),
        # a verb or a pronoun between the head and the place
        ("Il va au centre pour voir sa fille de Dax.", "Dax", "CITY"),
        # a body's own name keeps its head and its units out
        ("Rééducation au centre Les Mouettes dès J5.", "Les Mouettes", "HOSPITAL"),
        ("Avis de l'équipe mobile de soins palliatifs du CH de Dax.", "CH de Dax", "HOSPITAL"),
        ("Lit de répit à l'unité de soins palliatifs de Dax.", "Dax", "CITY"),
        ("Le planning de Dax est chargé cette semaine.", "Dax", "CITY"),
        ("Joueur au centre de formation du Stade Rennais.", "Stade Rennais", "LOCATION"),
        # a person is no body
        ("Vue par le réseau Martin en 2025.", "Martin", "PERSON"),
        # a number that is a quantity, a time or a dose
        ("Hospitalisé à la Clinique du Parc 3 jours.", "Clinique du Parc", "HOSPITAL"),
        ("Arrivée au CH de Dax 15 h plus tard.", "CH de Dax", "HOSPITAL"),
        ("Suivi au CH de Dax 2 fois par an.", "CH de Dax", "HOSPITAL"),
    ],
)  # fmt: skip
def test_no_edge_where_none_belongs(text, part, label):
    assert _widened(text, part, label) == (part, label)


def test_a_head_is_not_taken_from_the_entity_before():
    text = "Vu au centre Hospitalia de Dax."
    first = _entity(text, "centre Hospitalia", "HOSPITAL")
    second = _entity(text, "Dax", "CITY")
    out = widen_names([first, second], text)
    assert [(text[e.start : e.end], e.label) for e in out] == [
        ("centre Hospitalia", "HOSPITAL"), ("Dax", "CITY")
    ]


@pytest.mark.parametrize(
    ("text", "part", "label", "whole"),
    [
        ("Caserne de Vals-les-Bains alertée.", "les-Bains", "CITY", "Vals-les-Bains"),
        ("Appel de Marie-Claire Dubois ce matin.", "Claire Dubois", "PERSON",
         "Marie-Claire Dubois"),
        ("Né à Saint-Jean-de-Luz en 1950.", "Saint-Jean", "CITY", "Saint-Jean-de-Luz"),
        # a surname with an apostrophe inside, cut at it
        ("Enfant : Maëlys Prud'homme, née le 2 juin.", "Maëlys Prud'", "PERSON",
         "Maëlys Prud'homme"),
        ("Enfant : Maëlys Prud'homme, née le 2 juin.", "Maëlys Prud", "PERSON",
         "Maëlys Prud'homme"),
        ("Mère : Mme Anne Prud'homme-Lefèvre, 38 ans.", "Anne Prud", "PERSON",
         "Anne Prud'homme-Lefèvre"),
    ],
)  # fmt: skip
def test_a_name_proposal_takes_its_whole_hyphenated_word(text, part, label, whole):
    (e,) = resolve([_entity(text, part, label)], text)
    assert text[e.start : e.end] == whole


def test_an_address_takes_a_named_building_and_stops_before_the_next_entity():
    text = "domicile Cité Henri IV, bâtiment Bananier, logement 12, 97139 Les Abymes"
    out = widen_names(
        [_entity(text, "Cité Henri IV", "ADDRESS"), _entity(text, "Bananier", "ADDRESS"),
         _entity(text, "12", "ID")],
        text,
    )
    assert [(text[e.start : e.end], e.label) for e in out] == [
        ("Cité Henri IV, bâtiment Bananier", "ADDRESS"), ("12", "ID")
    ]
    assert all(a.end <= b.start for a, b in itertools.pairwise(out))


@pytest.mark.parametrize(
    ("text", "part", "whole"),
    [
        ("Bd Tanguy-Prigent, entrée 4 — 29609 BREST CEDEX", "Bd Tanguy-Prigent",
         "Bd Tanguy-Prigent, entrée 4"),
        ("avenue Magellan, secteur B, niveau 2 — 33604 PESSAC", "avenue Magellan",
         "avenue Magellan, secteur B, niveau 2"),
        ("3 place Guy-Hersant, boîte 41 — 31400", "3 place Guy-Hersant",
         "3 place Guy-Hersant, boîte 41"),
        ("Boulevard Tanguy Prigent, porte B – 29200 Brest", "Boulevard Tanguy Prigent",
         "Boulevard Tanguy Prigent, porte B"),
        # a wing named by a word, not a letter or a number, is not taken
        ("12 rue Victor Hugo, aile droite du bâtiment", "12 rue Victor Hugo",
         "12 rue Victor Hugo"),
    ],
)  # fmt: skip
def test_a_hospital_address_takes_its_wing_level_and_sector(text, part, whole):
    assert _widened(text, part, "ADDRESS") == (whole, "ADDRESS")


def test_an_address_in_two_parts_on_one_line_is_one_address():
    text = "Accès : ZAC des Docks, 27 rue du Havre – 76600 Le Havre"
    out = widen_names(
        [_entity(text, "ZAC des Docks", "ADDRESS"), _entity(text, "27 rue du Havre", "ADDRESS"),
         _entity(text, "76600", "ZIP")],
        text,
    )
    assert [(text[e.start : e.end], e.label) for e in out] == [
        ("ZAC des Docks, 27 rue du Havre", "ADDRESS"), ("76600", "ZIP")
    ]
    text = "Parc d'activités des Grands Prés, 5 rue Ambroise-Croizat"
    (e,) = widen_names(
        [_entity(text, "Parc d'activités des Grands Prés", "LOCATION"),
         _entity(text, "5 rue Ambroise-Croizat", "ADDRESS")],
        text,
    )
    assert (e.start, e.end, e.label) == (0, len(text), "ADDRESS")
    # two towns, or a place and a town, stay apart
    text = "de Dax, puis le parc Monceau, Paris"
    out = widen_names([_entity(text, "Dax", "CITY"), _entity(text, "parc Monceau", "LOCATION"),
                       _entity(text, "Paris", "CITY")], text)
    assert len(out) == 3


@pytest.mark.parametrize(
    ("text", "org"),
    [
        ("Démarches avec le Consulat général du Sénégal à Paris et l'assurance.",
         "Consulat général du Sénégal"),
        ("CONSULAT GÉNÉRAL DU ROYAUME DU MAROC À LILLE", "CONSULAT GÉNÉRAL DU ROYAUME DU MAROC À"),
    ],
)
def test_a_consulate_takes_the_town_it_sits_in(text, org):
    city = "Paris" if "Paris" in text else "LILLE"
    out = widen_names([_entity(text, org, "ORG"), _entity(text, city, "CITY")], text)
    assert [(text[e.start : e.end], e.label) for e in out] == [
        (text[text.index(org) : text.index(city) + len(city)], "ORG")
    ]


def test_an_ordinal_closes_only_a_city_bodys_name():
    assert _widened("élève du collège Jean Moulin 4e, redoublant.", "collège Jean Moulin",
                    "ORG") == ("collège Jean Moulin", "ORG")


def test_other_labels_and_numbers_keep_their_span():
    text = "Cycles J-3 à J-1, dose 10-20 mg."
    days = _entity(text, "20", "AGE")
    (e,) = resolve([days], text)
    assert (e.start, e.end) == (days.start, days.end)


def test_two_names_joined_by_a_hyphen_stay_two():
    text = "Pôle de psychiatrie Morlaix-Brest, unité 3."
    first, second = _entity(text, "Morlaix", "CITY"), _entity(text, "Brest", "CITY")
    out = resolve([first, second], text)
    assert [text[e.start : e.end] for e in out] == ["Morlaix", "Brest"]


def test_a_name_cut_at_its_article_takes_the_place_after_it():
    text = "Dossier adressé à la Mutuelle de l'Indre le 3 mai."
    out = widen_names(
        [_entity(text, "Mutuelle de", "ORG"), _entity(text, "Indre", "LOCATION")], text
    )
    assert [(text[e.start : e.end], e.label) for e in out] == [("Mutuelle de l'Indre", "ORG")]


def test_a_name_that_does_not_end_on_de_keeps_the_place_apart():
    text = "Mutuelle Générale, Indre."
    out = widen_names(
        [_entity(text, "Mutuelle Générale", "ORG"), _entity(text, "Indre", "LOCATION")], text
    )
    assert [text[e.start : e.end] for e in out] == ["Mutuelle Générale", "Indre"]


@pytest.mark.parametrize(
    ("text", "part", "label", "whole"),
    [
        ("Logé à l'Hôtel des Alpes, chambre 12, pour la cure.", "Hôtel des Alpes", "ORG",
         "Hôtel des Alpes, chambre 12"),
        ("résidence les Mélèzes, apt 31\nretour", "résidence les Mélèzes", "ADDRESS",
         "résidence les Mélèzes, apt 31"),
        ("Il vit au foyer Coallia, 3 rue Haute.", "Coallia", "ORG", "foyer Coallia"),
    ],
)  # fmt: skip
def test_lodgings_take_their_room_and_hostels_their_head(text, part, label, whole):
    assert _widened(text, part, label)[0] == whole


def test_a_town_hall_keeps_no_room():
    assert _widened("Vu à l'Hôtel de Ville, chambre 3.", "Hôtel de Ville", "ORG")[0] == (
        "Hôtel de Ville"
    )
