"""Detection in everyday hospital paperwork (the leaks and false alarms of heldout_l once it
became a development set): typist initials under a signature, university-hospital sites after
an identifier or an emergency unit, territory names ("Maison de santé du Pays de Guichen"), a
doctor's commune closing a line, places followed by their département, employers and European
bodies, and the look-alikes that are no PHI (guideline editions, drains, devices, stages)."""

from __future__ import annotations

import pytest

from clindeid.config import Config
from clindeid.detect.model import plausible
from clindeid.detect.resolver import join_territory_names
from clindeid.document import Document, Entity
from clindeid.pipeline import Pipeline

CLINICAL = "Compte rendu de consultation. Patient vu, traitement 5 mg, bilan, antécédents.\n"


@pytest.fixture(scope="module")
def rules() -> Pipeline:
    return Pipeline(Config(detectors=["rules"]))


def _found(pipeline: Pipeline, line: str) -> dict[str, str]:
    text = CLINICAL + line
    return {
        text[e.start : e.end]: e.label
        for e in pipeline.detect(Document.create("t", text))
        if e.start >= len(CLINICAL)
    }


@pytest.mark.parametrize(
    ("line", "span", "label"),
    [
        ("Dr Anne-Claire MOREL\nACM/sh\nCopie : médecin traitant", "ACM", "PERSON"),
        ("Dr Anne-Claire MOREL\nACM/sh\nCopie : médecin traitant", "sh", "PERSON"),
        ("Dr Hugues DARRAS\nHD/JB", "JB", "PERSON"),
        ("Patiente (IPP Tenon 8035501926) revue ce jour.", "Tenon", "HOSPITAL"),
        ("suivie en ville puis à Port-Royal à partir de 32 SA.", "Port-Royal", "HOSPITAL"),
        ("urgences cochin – box 4", "cochin", "HOSPITAL"),
        ("agitation depuis la rentrée de septembre 2025.", "rentrée de septembre 2025", "DATE"),
        ("Diabète gestationnel (HGPO de janvier) sous régime.", "janvier", "DATE"),
        ("Pas de rétinopathie au fond d'œil de juin.", "juin", "DATE"),
        ("Transport : AMBULANCES DU PUY MARY.", "AMBULANCES DU PUY MARY", "ORG"),
        ("Ancien maçon, retraité de Vinci Construction.", "Vinci Construction", "ORG"),
        ("Elle travaille à la Commission européenne.", "Commission européenne", "ORG"),
        ("Prise en charge par la Mutualité chrétienne (S1).", "Mutualité chrétienne", "ORG"),
        ("Passage de l'ESA de la Nièvre deux fois par semaine.", "ESA de la Nièvre",
         "HOSPITAL"),
        ("Docteur Anne BOSCHER\nMaison de Santé du Pays de Guichen\n7 rue de Redon",
         "Maison de Santé du Pays de Guichen", "HOSPITAL"),
        ("Scanner au CH des Pays de Morlaix : masse.", "CH des Pays de Morlaix", "HOSPITAL"),
        ("marin-pêcheur (armement Océane, Le Guilvinec), marié.", "Le Guilvinec", "CITY"),
        ("MÉDECIN TRAITANT : DR LAVERGNE JEAN-PIERRE – PLEAUX", "PLEAUX", "CITY"),
        ("chute à ski aux Arcs (Savoie), mécanisme en valgus.", "Arcs", "LOCATION"),
        ("Frontalière, assurée en France via la CMU.", "France", "LOCATION"),
        ("Adresse : Cité universitaire Launay-Violette, logement 312, 44300 Nantes",
         "Cité universitaire Launay-Violette, logement 312", "ADDRESS"),
        ("Dossier (Maison départementale de l'autonomie de la Corrèze) déposé.",
         "Maison départementale de l'autonomie de la Corrèze", "ORG"),
        ("(centre de référence : Hôpital Bichat – Claude-Bernard).",
         "Hôpital Bichat – Claude-Bernard", "HOSPITAL"),
        ("IDE à domicile (cabinet infirmier du Pont de Bondy, 01 48 47 03 12).",
         "cabinet infirmier du Pont de Bondy", "ORG"),
        ("Délivrance : Pharmacie de la Croix de Pierre, 05 61 52 18 44.",
         "Pharmacie de la Croix de Pierre", "ORG"),
        ("Demande d'APA auprès de la Ville de Paris ; suivi.", "Ville de Paris", "ORG"),
        ("Lieu : 9 rue Cler, 75007 Paris, bât. B, 3e étage", "bât. B", "ADDRESS"),
        ("18 chemin de Lapujade, 31200 Toulouse (quartier la Roseraie)",
         "quartier la Roseraie", "LOCATION"),
    ],
)  # fmt: skip
def test_everyday_identifiers_are_found(rules, line, span, label):
    assert _found(rules, line).get(span) == label


@pytest.mark.parametrize(
    ("line", "look_alike"),
    [
        ("Bilan\nTA/FC\nstables", "TA"),  # two capital pairs need a signature line above
        ("Signe de Trousseau positif, capsule de Tenon intacte.", "Tenon"),
        ("Renorraphie (V-Loc 3/0, Hem-o-lok), hémostase.", "Hem"),
        ("Atteinte sus-diaphragmatique, Deauville non applicable avant traitement.",
         "Deauville"),
        ("Ann Arbor III B. IPI 2. LDH 412 UI/L.", "IPI"),
        ("Fermeture plan par plan, Redon aspiratif.", "Redon"),
        ("FRACTURE DU COL (2018), CHUTES RÉPÉTÉES DEPUIS OCTOBRE.", "CHUTES"),
        ("IDE DE NUIT : passage à 2 h.", "NUIT"),
        ("Infirmière d'ETP : séance collective.", "ETP"),
    ],
)  # fmt: skip
def test_everyday_look_alikes_stay_text(rules, line, look_alike):
    found = _found(rules, line)
    assert not any(look_alike in span for span in found), found


def test_a_commune_named_redon_outside_a_drain_is_found(rules):
    assert _found(rules, "Patient domicilié à Redon, vu ce jour.").get("Redon") == "CITY"


def test_an_ordinary_acronym_named_hospital_stays_found(rules):
    assert _found(rules, "Neurologue au CHBA depuis 2019.").get("CHBA") == "HOSPITAL"


@pytest.mark.parametrize(
    ("text", "span", "label"),
    [
        ("protocole ISPAD 2022, insuline IV", "2022", "DATE"),
        ("adénocarcinome borderline (NCCN 2024).", "2024", "DATE"),
        ("guidage robotisé (système ROSA).", "ROSA", "PERSON"),
        ("Fermeture, Redon.", "Redon", "CITY"),
        ("audience du juge des libertés", "juge", "DATE"),
    ],
)
def test_model_look_alikes_are_dropped(text, span, label):
    start = text.index(span)
    assert not plausible(text, start, start + len(span), label)


@pytest.mark.parametrize(
    ("text", "span", "label"),
    [
        ("IRM 2022 normale", "2022", "DATE"),
        ("né en l'an deux mille vingt", "deux mille vingt", "DATE"),
        ("fêté le carnaval avec sa fille", "carnaval", "DATE"),
        ("Rosa, sa fille, est venue", "Rosa", "PERSON"),
    ],
)
def test_model_dates_and_names_around_them_stay_plausible(text, span, label):
    start = text.index(span)
    assert plausible(text, start, start + len(span), label)


def test_a_facility_takes_the_landmark_after_its_de():
    text = "au Centre Ophtalmologique de la Gare de l'Est demain"
    centre, gare = text.index("Centre"), text.index("Gare")
    joined = join_territory_names(
        [Entity(centre, centre + len("Centre Ophtalmologique"), "HOSPITAL", "model/ner", 0.6),
         Entity(gare, gare + len("Gare de l'Est"), "LOCATION", "pattern/location", 0.7)],
        text,
    )  # fmt: skip
    assert [(text[e.start : e.end], e.label) for e in joined] == [
        ("Centre Ophtalmologique de la Gare de l'Est", "HOSPITAL")
    ]


def test_a_territory_name_takes_its_commune_and_other_names_do_not():
    text = "au CH des Pays de Morlaix puis à la Clinique Floréal de Bagnolet"
    ch, morlaix = text.index("CH des"), text.index("Morlaix")
    clinic, bagnolet = text.index("Clinique"), text.index("Bagnolet")
    joined = join_territory_names(
        [Entity(ch, ch + len("CH des Pays"), "HOSPITAL", "pattern/hospital", 0.8),
         Entity(morlaix, morlaix + 7, "CITY", "pattern/city", 0.9),
         Entity(clinic, clinic + len("Clinique Floréal"), "HOSPITAL", "pattern/hospital", 0.8),
         Entity(bagnolet, bagnolet + 8, "CITY", "pattern/city", 0.9)],
        text,
    )  # fmt: skip
    assert [(text[e.start : e.end], e.label) for e in joined] == [
        ("CH des Pays de Morlaix", "HOSPITAL"),
        ("Clinique Floréal", "HOSPITAL"),
        ("Bagnolet", "CITY"),
    ]
