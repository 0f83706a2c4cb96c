"""Detection of what the exports on disabled children, patient transport, holiday medicine
and students showed (heldout_bu … heldout_bx, used for development after their blind
measure): an age's unit the model leaves out, medico-social services and student health
services by their name, a flat's, a room's or a pitch's number after an address, users'
houses and school districts named by their place, summits and wrecks, hospitals across the
borders named in their language, universities by their initials, a place one comes from,
day nurseries, therapists' practices, shipyards, Marseille's marine fire brigade and a
vaccine's lot. The examples are our own, not the sets'."""

from __future__ import annotations

import pytest

from clindeid.config import Config
from clindeid.document import Document
from clindeid.pipeline import Pipeline


@pytest.mark.parametrize(
    ("line", "span", "label"),
    [
        # medico-social and student health services
        ("Suivie par le SESSAD Les Coquelicots depuis septembre.", "SESSAD Les Coquelicots",
         "HOSPITAL"),
        ("Orientation vers l'IME Les Glycines à la rentrée.", "IME Les Glycines", "HOSPITAL"),
        ("Service de Santé Universitaire de l'Université de Lorraine\nCampus Brabois",
         "Service de Santé Universitaire de l'Université de Lorraine", "HOSPITAL"),
        # complements after an address
        ("Séjour : Camping Les Dunes, emplacement B12, Biscarrosse", "emplacement B12",
         "ADDRESS"),
        ("logé résidence Pierre Loti, logement 4-207 à Talence", "logement 4-207", "ADDRESS"),
        ("Résidence Les Gentianes, rez-de-chaussée – 73320 Tignes", "rez-de-chaussée",
         "ADDRESS"),
        # bodies named by their place
        ("Médiation proposée par la Maison des usagers de Rouen.",
         "Maison des usagers de Rouen", "ORG"),
        ("Enseignante référente\nCirconscription de Lens-Nord\n\nLens, le 3 mars 2026",
         "Circonscription de Lens-Nord", "ORG"),
        # summits and wrecks
        ("chute dans le couloir de l'aiguille du Midi le 4 février", "aiguille du Midi",
         "LOCATION"),
        ("Accident de décompression après une plongée sur l'épave du Donator.", "Donator",
         "LOCATION"),
        # across the borders, universities, origins
        ("Transfert demandé vers le Radboudziekenhuis Nijmegen.", "Radboudziekenhuis Nijmegen",
         "HOSPITAL"),
        ("Étudiante en master à l'UPEC, logée à Créteil.", "UPEC", "ORG"),
        ("Arrivée en Bretagne en 2025, venant de Guyane avec sa mère.", "Guyane", "LOCATION"),
        # day nurseries, practices, workplaces, fire brigade
        ("Crèche : multi-accueil Les Petits Mousses de Lorient", "multi-accueil Les Petits Mousses",
         "ORG"),
        ("Cabinet de psychomotricité Les Trois Pommes\nMme A. Roux", "Cabinet de psychomotricité "
         "Les Trois Pommes", "ORG"),
        ("soudeur au Chantier naval Piriou depuis 2019", "Chantier naval Piriou", "ORG"),
        ("transport par le bataillon de marins-pompiers vers la Timone.",
         "bataillon de marins-pompiers", "ORG"),
        # a vaccine's lot of letters and two digits
        ("Rappel dTcaP (Repevax lot K4TR2B) le 12/01.", "K4TR2B", "ID"),
    ],
)
def test_bu_bx_names(found_within, line, span, label):
    assert found_within(line, span, label)


@pytest.mark.parametrize(
    ("line", "absent"),
    [
        ("barre de fer tombée sur le pied", "barre de fer"),
        ("dent de sagesse extraite hier", "dent de sagesse"),
        ("lot de compresses stériles", "compresses"),
        ("Heure du prélèvement en UTC : 14h", "UTC"),
        ("le même régiment de soins depuis 3 mois", "régiment de soins"),
    ],
)
def test_bu_bx_look_alikes(found_inside, line, absent):
    assert not found_inside(line, absent)


def test_age_takes_its_unit():
    """The model's age without its unit ("à 3 | ans") takes the unit (default detectors)."""
    pipeline = Pipeline(Config())
    text = (
        "Compte rendu de consultation pédiatrique. Traitement en cours, bilan fait.\n"
        "Antécédents : paludisme à 3 ans lors d'un séjour aux Comores, guéri.\n"
    )
    ages = [text[e.start : e.end] for e in pipeline.detect(Document.create("t", text))
            if e.label == "AGE"]
    assert ages and all(not a.isdigit() for a in ages), ages
