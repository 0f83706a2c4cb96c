"""Place detectors: ADDRESS, ZIP, CITY, LOCATION (clindeid.detect.rules.places)."""

from __future__ import annotations

import pytest

from clindeid.detect.resolver import resolve
from clindeid.detect.rules.places import (
    AddressDetector,
    LocationDetector,
    PlaceDetector,
    ZipCityDetector,
)
from clindeid.document import Document


def found(text: str) -> list[tuple[str, str]]:
    ents = resolve(PlaceDetector().detect(Document.create("t", text)), text)
    return [(e.text_in(text), e.label) for e in ents]


CASES: list[tuple[str, list[tuple[str, str]]]] = [
    # --- addresses
    ("Domicile : 12 rue de la Liberté, 21000 Dijon.",
     [("12 rue de la Liberté", "ADDRESS"), ("21000", "ZIP"), ("Dijon", "CITY")]),
    ("Dr Martin, 3 bis avenue Jean Jaurès, 21200 Beaune",
     [("3 bis avenue Jean Jaurès", "ADDRESS"), ("21200", "ZIP"), ("Beaune", "CITY")]),
    ("Cabinet : 12, bd Carnot", [("12, bd Carnot", "ADDRESS")]),
    ("Il vit au lieu-dit Les Granges depuis 20 ans.", [("lieu-dit Les Granges", "ADDRESS")]),
    ("Résidence Les Tilleuls, bât. B", [("Résidence Les Tilleuls, bât. B", "ADDRESS")]),
    ("Appt 14, Résidence Les Marronniers",
     [("Appt 14, Résidence Les Marronniers", "ADDRESS")]),
    ("7 rue des Tanneries — BP 77908 — 21079 DIJON CEDEX",
     [("7 rue des Tanneries", "ADDRESS"), ("BP 77908", "ADDRESS"), ("21079", "ZIP"),
      ("DIJON", "CITY")]),
    ("Correspondance : CS 30001", [("CS 30001", "ADDRESS")]),
    # a numberless street opening a header line, then a slash and the postcode
    ("Service d'ORL\nrond-point du Professeur Christian Cabrol / 80054 Amiens Cedex 1",
     [("rond-point du Professeur Christian Cabrol", "ADDRESS"), ("80054", "ZIP"),
      ("Amiens", "CITY")]),
    ("Demeurant chemin des Vignes depuis 2010.", [("chemin des Vignes", "ADDRESS")]),
    ("Patient domicilié impasse des Roses.", [("impasse des Roses", "ADDRESS")]),
    ("Dr PERRIN, 12 Grande Rue, 58400 La Charité-sur-Loire",
     [("12 Grande Rue", "ADDRESS"), ("58400", "ZIP"), ("La Charité-sur-Loire", "CITY")]),
    ("8 ter chemin des Aubépines", [("8 ter chemin des Aubépines", "ADDRESS")]),
    ("31 rue du Faubourg Saint-Nicolas", [("31 rue du Faubourg Saint-Nicolas", "ADDRESS")]),
    ("5 place de la Barre", [("5 place de la Barre", "ADDRESS")]),
    ("12 RUE DE LA LIBERTE 21000 DIJON",
     [("12 RUE DE LA LIBERTE", "ADDRESS"), ("21000", "ZIP"), ("DIJON", "CITY")]),
    ("2 avenue du Général de Gaulle", [("2 avenue du Général de Gaulle", "ADDRESS")]),
    ("14 rue du 8 Mai 1945", [("14 rue du 8 Mai 1945", "ADDRESS")]),
    ("3 rue Pasteur, 3e étage, porte 12", [("3 rue Pasteur, 3e étage, porte 12", "ADDRESS")]),
    ("5 av. Foch", [("5 av. Foch", "ADDRESS")]),
    # address negatives
    ("3 cours de chimiothérapie prévus.", []),
    ("hernie inguinale droite opérée", []),
    ("Il occupe l'appartement 12 au 3ème étage.", []),
    ("2 places assises, 1 voie veineuse", []),
    ("accident de la voie publique", []),
    ("Noter 40\n\nPASSAGE AUX URGENCES", []),
    # --- postcodes
    ("CP : 21000", [("21000", "ZIP")]),
    ("Beaune (21200)", [("Beaune", "CITY"), ("21200", "ZIP")]),
    ("75015 Paris", [("75015", "ZIP"), ("Paris", "CITY")]),
    ("13005 MARSEILLE", [("13005", "ZIP"), ("MARSEILLE", "CITY")]),
    ("20000 Ajaccio", [("20000", "ZIP"), ("Ajaccio", "CITY")]),
    ("97400 Saint-Denis", [("97400", "ZIP"), ("Saint-Denis", "CITY")]),
    # postcode negatives: lab values, doses, counts, ids
    ("Héparine 10000 UI/j", []),
    ("Leucocytes 12000 /mm3, plaquettes 250000", []),
    ("Dossier n° 21000 ouvert", []),
    ("Vitamine D 100000 UI", []),
    ("Plaquettes 35000", []),
    ("99999 Dijon", [("Dijon", "CITY")]),
    # --- communes with cues
    ("Née le 12/03/1954 à Saint-Apollinaire.", [("Saint-Apollinaire", "CITY")]),
    ("Né à St Apollinaire", [("St Apollinaire", "CITY")]),
    ("Patient vivant à Chenôve, retraité.", [("Chenôve", "CITY")]),
    ("Il est originaire de Chalon-sur-Saône.", [("Chalon-sur-Saône", "CITY")]),
    ("Adresse : CHALON SUR SAONE", [("CHALON SUR SAONE", "CITY")]),
    ("Transfert prévu au Creusot.", [("Creusot", "CITY")]),
    ("Adressé par le CH du Creusot, 71200 Le Creusot",
     [("Creusot", "CITY"), ("71200", "ZIP"), ("Le Creusot", "CITY")]),
    ("Consultation à Aix-en-Provence", [("Aix-en-Provence", "CITY")]),
    ("Suivi à Paris 15e depuis 2019.", [("Paris 15e", "CITY")]),
    ("Mâcon, le 28 novembre 2022", [("Mâcon", "CITY")]),
    ("née le 17 mai 1950 à Eu (Seine-Maritime)",
     [("Eu", "CITY"), ("Seine-Maritime", "LOCATION")]),
    ("Domiciliée à Vue.", [("Vue", "CITY")]),
    ("Née à Bamako en 1970.", [("Bamako", "CITY")]),
    ("Adressée par le Dr BELKACEM de Beaune.", [("Beaune", "CITY")]),
    ("Retour à domicile à Dijon.", [("Dijon", "CITY")]),
    # --- ambiguous words: common words, months, units, numbers, eponyms, names
    ("Vue normale. Acuité 10/10.", []),
    ("Pression 2 bar au niveau du circuit.", []),
    ("Traitement pendant sept jours.", []),
    ("Eu égard à son âge, abstention.", []),
    ("Hospitalisé en Mars 2020.", []),
    ("Le 3 Mars, contrôle.", []),
    ("Pas de maladie de Parkinson ni de signe de Babinski.", []),
    ("Thorax : pas d'épanchement.", []),
    ("Pr Anne-Sophie de La Fontaine", []),
    ("Mme Nancy DUPONT, 45 ans", []),
    ("Plan de soins validé.", []),
    ("Villa des Lilas, visite", []),
    ("le long du Doubs", []),
    ("Sortie prévue demain. Bilan à J7.", []),
    # --- locations
    ("Patiente originaire du Mali, arrivée en France en 2015.",
     [("Mali", "LOCATION"), ("France", "LOCATION")]),
    ("Née en Algérie, vit en Bourgogne.", [("Algérie", "LOCATION"), ("Bourgogne", "LOCATION")]),
    ("De retour du Sénégal depuis une semaine.", [("Sénégal", "LOCATION")]),
    ("Vacances en Côte d'Ivoire en août.", [("Côte d'Ivoire", "LOCATION")]),
    ("Famille en Île-de-France.", [("Île-de-France", "LOCATION")]),
    ("Séjour en Espagne", [("Espagne", "LOCATION")]),
    ("Originaire de la Nièvre", [("Nièvre", "LOCATION")]),
    ("Séjour de trois semaines au Sénégal en janvier.", [("Sénégal", "LOCATION")]),
    ("Joignable chez son fils en Belgique.", [("Belgique", "LOCATION")]),
    ("assurée née à Ajaccio, Corse-du-Sud", [("Ajaccio", "CITY"), ("Corse-du-Sud", "LOCATION")]),
    ("à Beaune (Côte-d'Or)", [("Beaune", "CITY"), ("Côte-d'Or", "LOCATION")]),
    ("19800 Bar (Corrèze)", [("19800", "ZIP"), ("Bar", "CITY"), ("Corrèze", "LOCATION")]),
    ("Vaccin disponible au Portugal.", [("Portugal", "LOCATION")]),
    ("La France compte 68 millions d'habitants.", []),
    ("Ne fréquente plus le bar du village.", []),
    ("Culture sur milieu de Lot ouvert.", []),
    ("né en 1954 à l'hôpital", []),
]  # fmt: skip


@pytest.mark.parametrize(("text", "expected"), CASES)
def test_places(text: str, expected: list[tuple[str, str]]) -> None:
    assert found(text) == expected


def test_insee_attributes() -> None:
    text = "12 rue de la Liberté, 21000 Dijon"
    ents = {e.label: e for e in resolve(PlaceDetector().detect(Document.create("t", text)), text)}
    assert ents["ZIP"].attributes["insee"] == "21231"
    assert ents["CITY"].attributes["insee"] == "21231"
    assert ents["ZIP"].source == "validated/zip"
    assert ents["CITY"].source == "pattern/city"
    assert ents["ADDRESS"].attributes["street_type"] == "rue"
    assert ents["ADDRESS"].attributes["kind"] == "street"


def test_sources() -> None:
    text = "Suivi à Auxonne. Vu à Givry."
    ents = list(ZipCityDetector().detect(Document.create("t", text)))
    assert {e.source for e in ents} == {"pattern/city"}
    text = "Consultation avancée de Givry le mardi."
    ents = list(ZipCityDetector().detect(Document.create("t", text)))
    assert [(e.text_in(text), e.source) for e in ents] == [("Givry", "dictionary/city")]


def test_postbox_kind() -> None:
    text = "BP 77908"
    (ent,) = AddressDetector().detect(Document.create("t", text))
    assert ent.attributes["kind"] == "postbox"


def test_arrondissement_insee() -> None:
    text = "Suivi à Paris 15e."
    (ent,) = [e for e in ZipCityDetector().detect(Document.create("t", text))]
    assert ent.attributes["insee"] == "75115"


def test_location_source() -> None:
    text = "originaire du Mali"
    ents = resolve(LocationDetector().detect(Document.create("t", text)), text)
    assert [e.source for e in ents] == ["pattern/location"]
    text = "Voyage prévu : Mali."
    ents = resolve(LocationDetector().detect(Document.create("t", text)), text)
    assert [e.source for e in ents] == ["dictionary/location"]


def test_detectors_contract() -> None:
    for det in (AddressDetector(), ZipCityDetector(), LocationDetector(), PlaceDetector()):
        assert det.family == "rules"
        assert isinstance(det.name, str) and det.name


# --- foreign cities, territories, stations, arrondissements, brackets, scores ------------
WORLD_CASES: list[tuple[str, list[tuple[str, str]]]] = [
    ("Né à Casablanca (Maroc), arrivé en 2015.",
     [("Casablanca", "CITY"), ("Maroc", "LOCATION")]),
    ("décédé en 2011 à Cracovie.", [("Cracovie", "CITY")]),
    ("retour de Bamako il y a 10 jours", [("Bamako", "CITY")]),
    ("son fils venu de Bruxelles pour la visite", [("Bruxelles", "CITY")]),
    # a hyphenated commune in lowercase after a place word (quick notes)
    ("hébergé chez sa compagne à saint-denis. obligation de soins",
     [("saint-denis", "CITY")]),
    ("rad vers villeneuve-saint-georges demain", [("villeneuve-saint-georges", "CITY")]),
    ("peut-être au-dessus, vis-à-vis de la porte", []),
    ("sa fille chez le père à orléans depuis 2024", [("orléans", "CITY")]),
    ("à tour de rôle, à sens unique", []),
    # natural places keep their head word
    ("Vit à 100 m de la plage de la Datcha où", [("plage de la Datcha", "LOCATION")]),
    ("demeurant au village de Twenké sur le fleuve", [("village de Twenké", "LOCATION")]),
    # a device named after its inventor is no commune
    ("Hémostase, drain de Redon, fermeture plan par plan.", []),
    ("né à Redon le 3 mars", [("Redon", "CITY")]),
    ("tombé dans la rue, chute de sa hauteur", []),
    ("vol via Istanbul puis Paris", [("Istanbul", "CITY"), ("Paris", "CITY")]),
    ("née le 05/05/1980 à Cluj-Napoca, Roumanie",
     [("Cluj-Napoca", "CITY"), ("Roumanie", "LOCATION")]),
    ("Vit à Moroni (Grande Comore).", [("Moroni", "CITY"), ("Grande Comore", "LOCATION")]),
    ("originaire de la province du Kivu", [("Kivu", "LOCATION")]),
    ("séjour dans la région de Tigré", [("Tigré", "LOCATION")]),
    ("Originaire du SÉNÉGAL.", [("SÉNÉGAL", "LOCATION")]),
    ("au Portugal depuis 2019", [("Portugal", "LOCATION")]),
    ("restée en France avec son père", [("France", "LOCATION")]),
    ("Retrouvé gare de l'Est par les pompiers", [("gare de l'Est", "LOCATION")]),
    ("sans domicile, 18e arrondissement", [("18e arrondissement", "LOCATION")]),
    ("Médecin traitant : Dr Paul ROY (Bobigny)", [("Bobigny", "CITY")]),
    ("\nT. Mercier, IDE – 02/02/2024", []),
    ("TEP : Deauville 4, réponse partielle", []),
    ("classification de Lugano : stade II", []),
    ("Tumeur de Bethesda III", []),
    ("23 boulevard du Général Leclerc, 94000 Créteil",
     [("23 boulevard du Général Leclerc", "ADDRESS"), ("94000", "ZIP"), ("Créteil", "CITY")]),
    ("8 rue du Professeur Émile Roux, 94000 Créteil",
     [("8 rue du Professeur Émile Roux", "ADDRESS"), ("94000", "ZIP"), ("Créteil", "CITY")]),
    ("Place du 19 Mars 1962, 13200 Arles",
     [("Place du 19 Mars 1962", "ADDRESS"), ("13200", "ZIP"), ("Arles", "CITY")]),
]


@pytest.mark.parametrize(("text", "expected"), WORLD_CASES)
def test_world_places(text: str, expected: list[tuple[str, str]]) -> None:
    assert found(text) == expected


ROUND3_ADDRESSES: list[tuple[str, str]] = [
    ("Pneumologie\nAvenue des Cordeliers – 86021 POITIERS Cedex", "Avenue des Cordeliers"),
    ("Consultation\nRue du Général Leclerc, BP 312, 35043 Rennes", "Rue du Général Leclerc"),
    ("21 rue Nationale – SP 12 – 59046 LILLE Cedex", "SP 12"),
    # a street without number after a residence verb or as the place of an event
    ("Veuf, il vivait seul rue de la Convention avec une aide", "rue de la Convention"),
    ("chute boulevard Voltaire hier soir, PC brève", "boulevard Voltaire"),
    ("agressé rue Oberkampf vers 2 h", "rue Oberkampf"),
]


@pytest.mark.parametrize(("text", "address"), ROUND3_ADDRESSES)
def test_round3_addresses(text: str, address: str) -> None:
    assert (address, "ADDRESS") in found(text)


def test_sp_without_postcode_is_no_postbox() -> None:
    assert not any(label == "ADDRESS" for _s, label in found("Examen SP 3 fois, RAS."))


# Round 4: regions/départements after "dans le"/"en"; tests and acronyms are no places.
ROUND4_CASES: list[tuple[str, list[tuple[str, str]]]] = [
    ("Éleveur retraité dans l'Aveyron, vit seul", [("Aveyron", "LOCATION")]),
    ("Agricultrice dans le Tarn depuis 1990", [("Tarn", "LOCATION")]),
    ("passe ses étés en Corse.", [("Corse", "LOCATION")]),
    ("a grandi en Loire-Atlantique", [("Loire-Atlantique", "LOCATION")]),
    ("Pas de trouble cognitif (MoCA 25/30).", []),
    ("BiPAP nocturne bien tolérée", []),
    ("Glasgow 15/15 à l'arrivée", []),
    ("douleur dans la manche du bras", []),
    ("un lot de 3 flacons", []),
]


@pytest.mark.parametrize(("text", "expected"), ROUND4_CASES)
def test_round4_places(text: str, expected: list[tuple[str, str]]) -> None:
    assert found(text) == expected


# Round 4: natural and sub-communal features, military bases.
ROUND4_FEATURES: list[tuple[str, list[tuple[str, str]]]] = [
    ("retrouvé sur les quais de la Garonne en pleine nuit", [("Garonne", "LOCATION")]),
    ("Lieu : sentier du Pic du Midi, env. 2 h", [("Pic du Midi", "LOCATION")]),
    # a refuge is named whole since the fifth round (as most sets annotate it)
    ("sous le refuge de la Brèche Rolland, altitude",
     [("refuge de la Brèche Rolland", "LOCATION")]),
    ("affecté à la base navale de Toulon", [("base navale de Toulon", "LOCATION")]),
    ("fracture du col du fémur", []),
    ("col de la Vessie en IRM", []),
    ("sur les berges, pas de chute", []),
]


@pytest.mark.parametrize(("text", "expected"), ROUND4_FEATURES)
def test_round4_features(text: str, expected: list[tuple[str, str]]) -> None:
    assert found(text) == expected


# Round 4: a commune or foreign city after an elided "d'"; eponyms stay out.
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Retour d'Accra le 3 mars, fièvre", [("Accra", "CITY")]),
        ("originaire d'Angoulême", [("Angoulême", "CITY")]),
        ("maladie d'Alzheimer évoluée", []),
        ("signe d'Homans négatif", []),
        ("anse d'Henlé", []),
        ("test d'Allen normal", []),
    ],
)
def test_round4_elided_places(text: str, expected: list[tuple[str, str]]) -> None:
    assert found(text) == expected


# Round 5: foreign addresses, complements before a residence, named features, false friends.
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("domicilié Chemin des Vignes 14, 1009 Pully (Suisse)",
         [("Chemin des Vignes 14", "ADDRESS"), ("1009", "ZIP"), ("Pully", "CITY"),
          ("Suisse", "LOCATION")]),
        ("Adresse : Bât. D – Résidence Les Ormes, 4 rue Cuvier",
         [("Bât. D – Résidence Les Ormes", "ADDRESS"), ("4 rue Cuvier", "ADDRESS")]),
        ("domicile : lieu-dit Les Sorbiers, route de Corte\n",
         [("lieu-dit Les Sorbiers, route de Corte", "ADDRESS")]),
        ("CH de Nîmes – Urgences – Route de Montpellier, 30000 Nîmes",
         [("Nîmes", "CITY"), ("Route de Montpellier", "ADDRESS"), ("30000", "ZIP"),
          ("Nîmes", "CITY")]),
        ("Adresse de prise en charge : Les Bruyères, 24200 Sarlat-la-Canéda",
         [("Les Bruyères", "ADDRESS"), ("24200", "ZIP"), ("Sarlat-la-Canéda", "CITY")]),
        ("Lieu de naissance : Sétif (Algérie)", [("Sétif", "CITY"), ("Algérie", "LOCATION")]),
        ("chute lors d'un match au stade Gerland", [("stade Gerland", "LOCATION")]),
        ("randonnée dans le massif des Bauges", [("massif des Bauges", "LOCATION")]),
        ("orpaillage le long du fleuve Oyapock ; vit", [("fleuve Oyapock", "LOCATION")]),
        ("chute à vélo au col du Galibier, casque", [("col du Galibier", "LOCATION")]),
        ("ouvrier à l'habitation Beauséjour", [("habitation Beauséjour", "LOCATION")]),
        ("fracture du col du fémur droit", []),
        ("dépistage organisé, antenne de la Drôme", [("Drôme", "LOCATION")]),
        ("laboratoire X – site de Kervénoaël\n", [("Kervénoaël", "LOCATION")]),
    ],
)
def test_round5_places(text: str, expected: list[tuple[str, str]]) -> None:
    assert found(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "Drainage par 2 drains de Blake 24 Ch. Fermeture sternale.",
        "Fracture bimalléolaire (Weber B) opérée.",
        "Âge osseux (Greulich et Pyle) : 12 ans.",
        "Aide : Mme Lenoir (IBODE) – instrumentation",
        "Hôpital X – Département de Cardiologie – Bâtiment A",
        "Assistance Publique – Hôpitaux de Paris",
        "lymphome de Hodgkin stade III, stade Tanner 3",
        "stade de Tanner 2, col du fémur",
    ],
)
def test_round5_place_negatives(text: str) -> None:
    assert found(text) == [], found(text)
