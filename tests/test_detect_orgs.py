"""Organisations (ORG) of the hospital/organisation detector: companies named with a trade
word, banks and insurers, public bodies with their territory, employers after a job."""

from __future__ import annotations

import pytest

from clindeid.detect.resolver import resolve
from clindeid.detect.rules.hospitals import HospitalDetector
from clindeid.document import Document


def found(text: str) -> list[tuple[str, str]]:
    ents = resolve(HospitalDetector().detect(Document.create("t", text)), text)
    return [(e.text_in(text), e.label) for e in ents]


POSITIVES: list[tuple[str, str]] = [
    # companies introduced by a trade word that is part of their name
    ("Obsèques organisées par les Pompes Funèbres du Val Fleuri.",
     "Pompes Funèbres du Val Fleuri"),
    ("Transport assuré par Ambulances des Trois Chênes, tél. 01 02 03 04 05",
     "Ambulances des Trois Chênes"),
    ("Retour à domicile avec Taxi Garonne Services – chauffeur habituel",
     "Taxi Garonne Services"),
    ("Elle est accueillie au Foyer Sainte-Geneviève depuis mars.", "Foyer Sainte-Geneviève"),
    ("éducateur, Foyer d'Accueil d'Urgence Les Pradettes",
     "Foyer d'Accueil d'Urgence Les Pradettes"),
    ("Il vit au Foyer de Vie Les Amandiers à Niort.", "Foyer de Vie Les Amandiers"),
    # prison health units and police bodies with their territory
    ("Copie : Dr Paoli, USMP de Villepinte", "USMP de Villepinte"),
    ("remis aux enquêteurs de la sûreté départementale de Vaucluse.",
     "sûreté départementale de Vaucluse"),
    ("soudeur aux Chantiers navals de la Rance", "Chantiers navals de la Rance"),
    ("médecin du travail (Dr Roux, Groupe Verlaine Industries)", "Groupe Verlaine Industries"),
    ("skipper au Yacht Club de Pornic", "Yacht Club de Pornic"),
    # banks and insurers
    ("Prêt immobilier : Crédit Agricole Centre Loire, 180 000 €", "Crédit Agricole Centre Loire"),
    ("son employeur (Banque Populaire) a accepté", "Banque Populaire"),
    ("Contrat prévoyance souscrit auprès de la MACIF en 2019", "MACIF"),
    ("assurance du club (GMF, contrat n° 1234)", "GMF"),
    ("Horizon Mutuelle – Service Prévoyance", "Horizon Mutuelle"),
    ("logement social (Val-de-Loire Habitat, bail n° 12)", "Val-de-Loire Habitat"),
    ("interprète (Delta Interprétariat) présente", "Delta Interprétariat"),
    # airlines
    ("Retour prévu par vol Air Austral le 12/09.", "Air Austral"),
    ("Billet Air Martinique pris en charge.", "Air Martinique"),
    # public bodies with their territory
    ("OPJ au commissariat central du 14e arrondissement, agissant",
     "commissariat central du 14e arrondissement"),
    ("sur réquisition du tribunal judiciaire de Quimper", "tribunal judiciaire de Quimper"),
    ("audience au TJ de Bobigny jeudi", "TJ de Bobigny"),
    ("vice-procureur, parquet de Vannes.", "parquet de Vannes"),
    ("PV de la Brigade de recherches de Saint-Lô", "Brigade de recherches de Saint-Lô"),
    ("médecin de prévention du rectorat de Poitiers", "rectorat de Poitiers"),
    ("dossier APA auprès du Département du Finistère", "Département du Finistère"),
    ("pris en charge par la CGSS de la Martinique", "CGSS de la Martinique"),
    ("VSAV du Bataillon de marins-pompiers de Toulon", "Bataillon de marins-pompiers de Toulon"),
    ("amené par la BSPP au SAU", "BSPP"),
    ("Déclaration de naissance à la mairie du 8e arrondissement.", "mairie du 8e arrondissement"),
    ("acte de décès dressé à la mairie de Quimperlé", "mairie de Quimperlé"),
    ("le GAEC est suivi par la Chambre d'agriculture de l'Aveyron.",
     "Chambre d'agriculture de l'Aveyron"),
    ("assistante sociale de l'EDS de Pantin, Mme X", "EDS de Pantin"),
    ("accompagné par la Mission locale de Vierzon", "Mission locale de Vierzon"),
    # services named right after what they do
    ("vit seul, téléassistance Sérénia non déclenchée", "Sérénia"),
    ("3) téléassistance (Bleu Horizon) et portage des repas", "Bleu Horizon"),
    ("télésurveillance par la plateforme Domicardio, alerte le 3/11", "Domicardio"),
    ("visite de pré-reprise avec la médecine du travail AMETRA).", "AMETRA"),
    ("membre de la coopérative Terres du Larzac.", "Terres du Larzac"),
    ("discuté en RCP nationale du réseau MUSCLENET le jeudi", "MUSCLENET"),
    ("avocate au barreau des Hauts-de-Seine. Son père", "barreau des Hauts-de-Seine"),
    ("activité physique via la Ligue contre le cancer de Haute-Garonne.",
     "Ligue contre le cancer de Haute-Garonne"),
    ("prise de rendez-vous sur Doctolib", "Doctolib"),
    # national bodies and companies known by their own name
    ("médecin du travail de l'Éducation nationale (courrier remis)", "Éducation nationale"),
    ("la société de restauration (Elior) est informée", "Elior"),
    ("Intervention de GRDF pour coupure.", "GRDF"),
    ("ergothérapeute de l'APF France handicap : Mme X", "APF France handicap"),
    ("agent de guichet à La Poste depuis 2010", "La Poste"),
    ("étudiante à Sciences Po, accompagnée de sa mère", "Sciences Po"),
    ("hélicoptère de la Sécurité civile (Dragon 2B)", "Sécurité civile"),
    ("Mode de garde : crèche municipale Les Petits Loups depuis janvier",
     "crèche municipale Les Petits Loups"),
    ("suivi par le Service de santé au travail de la Région Havraise",
     "Service de santé au travail de la Région Havraise"),
    # employers after a job, in brackets or after a workplace word
    ("Père : 30 ans, livreur (Speedy Colis).", "Speedy Colis"),
    ("ancien magasinier à l'entrepôt Logidis de Rungis", "Logidis"),
    ("étudiante à l'Université Lyon 2, en arrêt", "Université Lyon 2"),
    # sports clubs
    ("plaquage au rugby (club : ASV Rugby).", "ASV Rugby"),
]  # fmt: skip


@pytest.mark.parametrize(("text", "expected"), POSITIVES)
def test_org_found(text: str, expected: str) -> None:
    assert (expected, "ORG") in found(text), found(text)


NEGATIVES: list[str] = [
    "Groupe sanguin A Rhésus positif.",
    "Groupe ABO compatible.",
    "Foyer de condensation basal droit.",
    "Foyer de Ghon calcifié.",
    "Transport en ambulance vers le CHU.",
    "Transport : Ambulance VSL",
    "Air ambiant, SpO2 96 %",
    "incapacité totale de travail (ITT) fixée à 5 jours",
    "infirmière (EHPAD) depuis 2010",
    "ouvrier (CDI) à temps plein",
    "Bilan SMUR 16:31 : sus-décalage ST",
    "la préfecture et le tribunal ont été informés",
    "Département de Génétique – Unité d'oncogénétique",
    "dossier CPAM en cours, mutuelle à jour",
    "parquet de chêne dans la chambre",
    "Classe II d'Angle, pas de mobilité dentaire",
    "Score MDS-UPDRS III à 28 en ON.",
    "la mairie a été prévenue par la famille",
    "téléassistance proposée, refusée par le patient",
    "plateforme de rééducation, puis retour à domicile",
    "réseau veineux superficiel, Doppler normal",
    "maladie de Parkinson évoluée, France : pays de naissance",
]


@pytest.mark.parametrize("text", NEGATIVES)
def test_org_not_found(text: str) -> None:
    assert not [f for f in found(text) if f[1] == "ORG"], found(text)


def test_workplace_town_left_out() -> None:
    text = "cariste à l'usine Ferronor de Valenciennes"
    assert ("Ferronor", "ORG") in found(text)


def test_smur_before_a_hospital_is_no_org() -> None:
    text = "Dr Paoli, SMUR du CH de Bastia"
    assert [f for f in found(text) if f[1] == "ORG"] == []
