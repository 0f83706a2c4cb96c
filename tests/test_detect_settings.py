"""Detection in the rarer care settings met on heldout_k (prisons, maritime and military
medicine, mountain rescue, hearing aids and orthotics), and the span tidying that goes with
them: a model date without its neighbours, a locative left between a facility and its
commune, a bare facility acronym left when an identifier takes the rest."""

from __future__ import annotations

import pytest

from clindeid.detect.institutions import institution_spans
from clindeid.detect.model import plausible, trim_date_words
from clindeid.detect.resolver import resolve
from clindeid.document import Entity


@pytest.mark.parametrize(
    ("line", "span", "label"),
    [
        ("Détenue au Centre pénitentiaire pour femmes de Rennes depuis mars.",
         "Centre pénitentiaire pour femmes de Rennes", "ORG"),
        ("Transfert depuis la maison d'arrêt de Sequedin.", "maison d'arrêt de Sequedin", "ORG"),
        ("Suivi à l'unité sanitaire de Fresnes.", "unité sanitaire de Fresnes", "ORG"),
        ("Ancien moniteur à l'ESF de La Clusaz.", "ESF de La Clusaz", "ORG"),
        ("Appareillage (audioprothésiste : Audition Mutualiste).", "Audition Mutualiste", "ORG"),
        ("Prothèse tibiale réalisée par Proteor.", "Proteor", "ORG"),
        ("Dossier d'indemnisation auprès du FIVA en cours.", "FIVA", "ORG"),
        ("Contact avec le CROSS Étel pour l'évacuation.", "CROSS Étel", "ORG"),
        ("Lien avec AIDES pour le dépistage.", "AIDES", "ORG"),
        ("Rugbyman au Racing 92, joue en espoirs.", "Racing 92", "ORG"),
        ("Présenté à la RCP de l'Oncopole le 12/03.", "Oncopole", "HOSPITAL"),
        ("Promenade au bois de Vincennes.", "bois de Vincennes", "LOCATION"),
        ("Renversé le samedi 7 novembre boulevard de Magenta.", "boulevard de Magenta",
         "ADDRESS"),
        ("Brigadier Lucas FONTANA – Procédure PV 01293/2026.", "01293/2026", "ID"),
        ("Natation interdite, reprise à partir de novembre.", "novembre", "DATE"),
        ("dernier épisode ven 27/02 chez un ami.", "ven 27/02", "DATE"),
        ("02/04/26 (juliette v., psychologue) revue, pas d'interaction.", "juliette v.",
         "PERSON"),
    ],
)  # fmt: skip
def test_settings_and_bodies_are_found(found_in_note, line, span, label):
    assert found_in_note(line).get(span) == label


@pytest.mark.parametrize(
    "line",
    [
        "AIDES TECHNIQUES À DOMICILE : déambulateur.",  # a heading, not the association
        "Reprise du sport progressive, avant toute compétition.",
        "Mise en place d'une sonde, en cours de procédure.",
    ],
)
def test_look_alikes_stay_text(found_in_note, line):
    found = found_in_note(line)
    assert not any(label in ("ORG", "DATE", "ID", "ADDRESS") for label in found.values()), found


def test_a_street_found_without_number_ends_with_its_sentence(found_in_note):
    found = found_in_note("Orientée vers l'agence de la rue de la Pompe. Soutien au deuil.")
    assert found.get("rue de la Pompe") == "ADDRESS"


def test_a_bare_facility_acronym_is_not_left_when_an_id_takes_the_rest(found_in_note):
    found = found_in_note("N° séjour HAD HAD-26-09-1123 ; IPP HIA SA260311472.")
    assert found.get("HAD-26-09-1123") == "ID" and found.get("SA260311472") == "ID"
    assert "HAD" not in found and "HIA" not in found


def test_the_locative_before_a_commune_belongs_to_neither():
    text = "décédé à l'EHPAD Les Tilleuls de Sens en 2024"
    home = text.index("EHPAD")
    city = text.index("Sens")
    out = resolve(
        [Entity(home, city + 4, "HOSPITAL", "pattern/hospital", 0.8),
         Entity(city, city + 4, "CITY", "validated/city", 1.0)],
        text,
    )  # fmt: skip
    assert [(text[e.start : e.end], e.label) for e in out] == [
        ("EHPAD Les Tilleuls", "HOSPITAL"), ("Sens", "CITY")
    ]  # fmt: skip


def test_the_locative_stays_when_the_rest_is_no_commune():
    text = "passage du SSIAD du CCAS d'Ivry-sur-Seine"
    ssiad = text.index("SSIAD")
    ccas = text.index("CCAS")
    out = resolve(
        [Entity(ssiad, len(text), "HOSPITAL", "model/ner", 0.6),
         Entity(ccas, len(text), "ORG", "pattern/org", 0.9)],
        text,
    )  # fmt: skip
    assert ("SSIAD du", "HOSPITAL") in [(text[e.start : e.end], e.label) for e in out]


@pytest.mark.parametrize(
    ("text", "span", "kept"),
    [
        ("dernier épisode ven 27/02 chez un ami", "27/02 chez un", "27/02"),
        ("sortie le week-end du 15 août chez ses parents", "15 août chez", "15 août"),
        ("séjour au pays de juin 2023 à avril 2025", "pays de juin 2023", "juin 2023"),
        ("le samedi 7 novembre boulevard de Magenta", "samedi 7 novembre boulevard",
         "samedi 7 novembre"),
        ("depuis fin mai dernier", "fin mai dernier", "fin mai dernier"),
        ("nuit du mardi 17 au mercredi 18 mars", "mardi 17 au mercredi 18 mars",
         "mardi 17 au mercredi 18 mars"),
    ],
)  # fmt: skip
def test_model_dates_lose_the_words_around_them(text, span, kept):
    start = text.index(span)
    s, e = trim_date_words(text, start, start + len(span))
    assert text[s:e] == kept


@pytest.mark.parametrize(
    ("text", "span", "label"),
    [
        ("maladie de Legg-Perthes-Calvé", "Perthes-Calvé", "CITY"),
        ("syndrome de Garin-Bouadoux-Bannwarth", "Garin-Bouadoux-Bannwarth", "CITY"),
        ("Incision de Gibson, curage", "Gibson", "LOCATION"),
        ("une artère avec patch de Carrel", "Carrel", "CITY"),
        ("Dépistage (carte de Guthrie)", "Guthrie", "CITY"),
        ("IPP HIA SA260311472", "HIA", "HOSPITAL"),
    ],
)
def test_model_eponyms_and_bare_acronyms_are_dropped(text, span, label):
    start = text.index(span)
    assert not plausible(text, start, start + len(span), label)


def test_a_commune_after_a_plain_preposition_stays_plausible():
    text = "Patient domicilié près de Carrel-sur-Mer"
    start = text.index("Carrel")
    assert plausible(text, start, len(text), "CITY")


@pytest.mark.parametrize(
    "name",
    ["Hôpitaux Universitaires Paris Seine-Saint-Denis", "HUPSSD",
     "Groupe hospitalo-universitaire Sorbonne Université", "SERVICE DE SANTÉ DES ARMÉES"],
)  # fmt: skip
def test_multi_site_groups_named_alone_are_institutions(name):
    text = f"{name}\nHôpital Avicenne"
    assert [text[s:e] for s, e in institution_spans(text)] == [name]
