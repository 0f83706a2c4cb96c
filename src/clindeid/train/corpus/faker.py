"""PHI values for synthetic documents, drawn from the knowledge tables with realistic
frequencies, and their written surface forms.

Names follow INSEE counts (surnames by births, first names by sex and birth year), communes
their population, hospitals the FINESS register weighted by category. Every draw goes through
a `numpy.random.Generator`, so a seed gives the same values. The tables are prepared once per
process (cumulative weights for ``searchsorted``).
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import numpy as np

from clindeid.knowledge import (
    Commune,
    Hospital,
    communes,
    display_case,
    first_names_by_period,
    hospitals,
    street_records,
)
from clindeid.knowledge._store import read_table
from clindeid.temporal import DateValue, render_age, render_date

__all__ = [
    "AGE_FORMATS",
    "DATE_FORMATS",
    "Address",
    "Faker",
    "Person",
    "Place",
    "hospital_display",
    "initials",
    "nir_key",
]

# ----------------------------------------------------------------------------- word lists

# Surnames that are also common French words (oversampled: a classic trap).
COMMON_WORD_SURNAMES: tuple[str, ...] = (
    "Petit", "Blanc", "Rose", "Fort", "Masse", "Roux", "Lebrun", "Juillet", "Page", "Bon",
    "Doux", "Sage", "Boucher", "Marchand", "Berger", "Meunier", "Chevalier", "Lion", "Loup",
    "Moulin", "Bois", "Pain", "Poirier", "Vigne", "Mercier", "Brun", "Noël", "Janvier",
    "Pape", "Roy", "Leroy", "Lefort", "Bras", "Coeur", "Salle", "Gros", "Jeune", "Vieux",
)  # fmt: skip
# Particles and compound surnames.
PARTICLES: tuple[str, ...] = ("de", "du", "de La", "Le", "La", "d'", "Da", "Dos", "Van", "Ben")
TITLES_STAFF: tuple[tuple[str, float], ...] = (
    ("Dr ", 0.45), ("Dr. ", 0.05), ("Docteur ", 0.15), ("Pr ", 0.1), ("Professeur ", 0.03),
    ("le Dr ", 0.1), ("Dr ", 0.12),
)  # fmt: skip
ORGS: tuple[str, ...] = (
    "SNCF", "RATP", "La Poste", "EDF", "Airbus", "Renault", "Michelin", "Orange", "MGEN",
    "Harmonie Mutuelle", "MAIF", "Crédit Agricole", "Carrefour", "Leclerc", "Decathlon",
    "Thales", "Safran", "Sanofi", "Éducation nationale", "Pôle emploi", "France Travail",
    "CPAM", "MSA", "Veolia", "Bouygues Construction", "Vinci", "Auchan", "Ikea",
)  # fmt: skip
LOCATIONS: tuple[tuple[str, str], ...] = (
    ("Portugal", "du"), ("Maroc", "du"), ("Algérie", "d'"), ("Tunisie", "de"),
    ("Sénégal", "du"), ("Mali", "du"), ("Turquie", "de"), ("Italie", "d'"), ("Espagne", "d'"),
    ("Roumanie", "de"), ("Belgique", "de"), ("Vietnam", "du"), ("Cameroun", "du"),
    ("Côte d'Ivoire", "de"), ("Comores", "des"), ("Bretagne", "de"), ("Normandie", "de"),
    ("Alsace", "d'"), ("Corse", "de"), ("Guadeloupe", "de"), ("Martinique", "de"),
    ("Provence", "de"), ("Auvergne", "d'"), ("Haïti", "d'"), ("Pologne", "de"),
)  # fmt: skip
HOSPITAL_ACRONYMS: frozenset[str] = frozenset(
    {"CH", "CHU", "CHR", "CHS", "CHI", "CHIC", "CHG", "CHD", "CHRU", "CHT", "HAD", "AP-HP",
     "AP-HM", "HCL", "EHPAD", "GH", "GHU", "SSR", "USLD", "EPSM", "CMP", "CAC", "HIA", "EPS",
     "GCS", "GIE", "IRM", "SCM", "SELARL", "CRF", "CSSR", "CLCC", "CMPR", "UGECAM", "MGEN",
     "HJ", "HDJ", "APHP", "II", "III", "IV", "XV", "XIII", "XXIII", "CHP", "CMC"}
)  # fmt: skip
_LOWER_WORDS: frozenset[str] = frozenset(
    {"de", "du", "des", "la", "le", "les", "et", "en", "sur", "sous", "aux", "au", "à", "l",
     "d", "lès"}
)  # fmt: skip
# Hospital categories → weight of being chosen as the document's establishment.
HOSPITAL_WEIGHTS: dict[str, float] = {
    "CHU": 8.0, "CHR": 4.0, "CH": 2.5, "CHS": 0.6, "CLINIQUE": 3.0, "HIA": 2.0, "HAD": 0.3,
    "IMAGERIE": 0.2, "AUTRE": 0.2, "MAH": 0.0, "SIH": 0.0,
}  # fmt: skip
STREET_ABBREVIATIONS: dict[str, tuple[str, ...]] = {
    "avenue": ("av.", "Av.", "avenue"), "boulevard": ("bd", "Bd", "boulevard"),
    "place": ("pl.", "place"), "route": ("rte", "route"), "chemin": ("ch.", "chemin"),
    "impasse": ("imp.", "impasse"), "allée": ("all.", "allée"),
}  # fmt: skip
RESIDENCES: tuple[str, ...] = (
    "Les Marronniers", "Les Tilleuls", "Le Clos Fleuri", "Les Cèdres", "Le Parc", "Les Acacias",
    "Bellevue", "Les Jardins", "Le Belvédère", "Les Mimosas", "Les Hortensias", "Les Camélias",
    "Les Glycines", "Les Lilas", "Le Hameau", "Les Peupliers", "Les Corons", "Les Oliviers",
    "Le Clos des Vignes", "Les Charmilles",
)  # fmt: skip
# People streets, schools, stadia and hospital sites are named after (never a patient).
FAMOUS: tuple[str, ...] = (
    "Louis Pasteur", "Marie Curie", "Simone Veil", "Jacques Prévert", "Paul Éluard",
    "Pierre Brossolette", "Lucie Aubrac", "Albert Camus", "Georges Brassens", "Émile Zola",
    "Jean Macé", "Aristide Briand", "Léon Blum", "Germaine Tillion", "Joséphine Baker",
    "Paul Langevin", "Romain Rolland", "Anatole France", "Henri Barbusse", "Paul Bert",
    "Ambroise Croizat", "Olympe de Gouges", "Jean Zay", "Colette", "Rosa Parks",
    "Frédéric Mistral", "Jean Rostand", "Marcel Pagnol",
)  # fmt: skip
# Organisations by kind: (template, weight); {S} a surname, {C} a commune, {D} a
# département name, {R} a region name, {F} a famous name, {n} a small number.
ORG_TEMPLATES: dict[str, tuple[tuple[str, float], ...]] = {
    "employer": (
        ("{brand}", 4), ("Transports {S}", 1), ("Boulangerie {S}", 1), ("Garage {S}", 1),
        ("SARL {S} et Fils", 1), ("{S} BTP", 1), ("Menuiserie {S}", 0.5),
        ("Plomberie {S}", 0.5), ("Entreprise {S}", 0.5), ("Mairie de {C}", 1),
        ("{brand} {C}", 1),
    ),
    "insurer": (
        ("{insurer}", 4), ("CPAM de {D}", 1.5), ("CPAM du {D}", 0.3), ("MSA {R}", 0.5),
        ("CAF de {D}", 0.7), ("Carsat {R}", 0.4), ("Mutuelle {S}", 0.3),
        ("CGSS de la Martinique", 0.1), ("CGSS de la Guadeloupe", 0.1),
    ),
    "bank": (
        ("Crédit Agricole {D}", 1), ("Crédit Mutuel {R}", 1), ("Banque Populaire {R}", 1),
        ("Caisse d'Épargne {R}", 1), ("{bank}", 2),
    ),
    "funeral": (
        ("Pompes Funèbres {S}", 2), ("Pompes Funèbres de {C}", 1), ("PFG {C}", 0.5),
        ("Roc-Eclerc {C}", 0.5), ("Pompes Funèbres Générales", 0.3),
    ),
    "transport": (
        ("Ambulances {S}", 2), ("Ambulances de {C}", 1), ("Taxi {S}", 1),
        ("Taxis de {C}", 0.5), ("{C} Ambulances", 0.5), ("Ambulances du Val", 0.1),
        ("Allo Taxi {C}", 0.3),
    ),
    "police": (
        ("commissariat de {C}", 1), ("commissariat central de {C}", 0.5),
        ("brigade de gendarmerie de {C}", 1), ("tribunal judiciaire de {C}", 1),
        ("parquet de {C}", 0.7), ("TJ de {C}", 0.3), ("cour d'appel de {C}", 0.3),
        ("pompiers de {C}", 0.3), ("SDIS {n}", 0.5), ("centre de secours de {C}", 0.5),
        ("rectorat de {C}", 0.3), ("préfecture de {D}", 0.3),
    ),
    "social": (
        ("Foyer {F}", 1), ("CHRS {F}", 0.7), ("Emmaüs {C}", 0.5), ("Restos du Cœur", 0.4),
        ("Secours populaire", 0.3), ("Croix-Rouge française", 0.3), ("UDAF {n}", 0.5),
        ("{D} Habitat", 0.5), ("OPH de {C}", 0.5), ("Association Tutélaire de {D}", 0.3),
        ("CCAS de {C}", 0.5),
    ),
    "airline": (("{airline}", 1),),
    "club": (
        ("FC {C}", 1), ("AS {C}", 1), ("US {C}", 1), ("Rugby Club {C}", 0.7),
        ("Judo Club de {C}", 0.5), ("Tennis Club de {C}", 0.5), ("Stade {C} Rugby", 0.3),
        ("Handball Club de {C}", 0.3),
    ),
    "school": (
        ("école {F}", 1), ("école élémentaire {F}", 0.7), ("collège {F}", 1), ("lycée {F}", 1),
        ("Université de {C}", 0.7), ("IUT de {C}", 0.3), ("crèche {F}", 0.3),
    ),
}  # fmt: skip
# Organisations whose name carries no cue word: invented brands ({brand_new}: syllables),
# associations named with capitalised common words, acronyms ({acro}), public bodies and
# clubs named after their territory. A model that only learns the cue words of the lists
# above misses them (they are the long tail of real notes).
ORG_TEMPLATES.update({
    "company": (
        ("{brand_new}", 4), ("{brand_new} Santé", 1), ("{brand_new} Services", 1),
        ("{brand_new} {C}", 1), ("{S} Conseil", 0.5), ("{acro}", 2), ("{acro} {C}", 0.5),
        ("Groupe {brand_new}", 0.5), ("{brand_new} Assistance", 0.7),
    ),
    "association": (
        ("{Noun} {Adj}", 3), ("La Voix des {Group}", 1), ("Aide aux {Group}", 1),
        ("Les Amis de {F}", 1), ("{Noun} et {Noun2}", 1), ("France {Group}", 1),
        ("Association des {Group} de {C}", 1), ("{Noun} {D}", 1), ("Maison des {Group}", 0.5),
        ("Collectif {Noun} {Adj}", 0.5), ("{Noun} {Adj} {C}", 0.5),
    ),
    "public": (
        ("Chambre d'agriculture {of_D}", 1), ("Chambre de commerce et d'industrie de {C}", 0.5),
        ("Conseil départemental {of_D}", 1), ("mairie de {C}", 1), ("Mission locale de {C}", 1),
        ("Maison départementale des solidarités de {C}", 0.7), ("Observatoire régional de "
         "santé {R}", 0.3), ("Espace départemental des solidarités de {C}", 0.5),
        ("Service de santé au travail {acro}", 0.7), ("{acro} Santé au travail", 0.5),
        ("Cap emploi {n}", 0.5), ("Office de tourisme de {C}", 0.3),
    ),
    "sport": (
        ("{C} {n} Natation", 1), ("Olympique {C}", 1), ("Entente sportive {C}", 1),
        ("Cercle nautique de {C}", 0.5), ("Stade {C}", 0.5), ("{C} Athlétisme", 1),
        ("{C} Basket Club", 0.7), ("Union cycliste {C}", 0.5),
    ),
})
# Home-care services, law firms and the bodies known by an acronym with their territory
# (victims' help, guardianship, departmental social services): the long tail of social and
# legal notes, often without any cue word before them.
ORG_TEMPLATES.update({
    "homecare": (
        ("ADMR de {C}", 2), ("ADMR {of_D}", 0.5), ("Aide à Domicile en Milieu Rural de {C}", 0.3),
        ("{D} Aide à Domicile", 0.7), ("{brand_new} Services à la Personne", 1),
        ("{Noun} Services à la Personne", 0.5), ("Familles Rurales {D}", 0.5),
        ("{C} Services Plus", 0.5), ("Présence Verte {R}", 0.3),
        ("{brand_new} Téléassistance", 0.5), ("{D} Téléassistance", 0.3), ("Filien ADMR", 0.2),
        ("{brand_new} {C}", 0.7),
        ("{D} Services", 0.5), ("{brand_new}", 0.7), ("Aid'{brand_new} {C}", 0.2),
    ),
    "legal": (
        ("Cabinet {S} & Associés", 1), ("SELARL {S} & Associés", 1), ("{S} & Associés", 1),
        ("SCP {S}-{S2}", 0.7), ("{S} Avocats", 0.7), ("cabinet {S}", 0.5),
        ("{S}-{S2} Avocats", 0.5), ("étude de Maître {S}", 0.3), ("SCP {S} et {S2}", 0.3),
    ),
    "rights": (
        ("{acro} {n}", 2), ("France Victimes {n}", 0.7), ("{acro} {of_D}", 1),
        ("{acro} de {C}", 1), ("CDAS de {C}", 0.5), ("UFC-Que Choisir de {C}", 0.3),
        ("CCI {R}", 0.3), ("Ligue contre le cancer {n}", 0.3), ("département {of_D}", 0.3),
        ("brigade de protection des familles de {C}", 0.3), ("UDAF {of_D}", 0.3),
        ("{Noun} {n}", 0.5), ("Maison des adolescents de {C}", 0.3),
    ),
})
ORG_KIND_WEIGHTS: tuple[tuple[str, float], ...] = (
    ("employer", 4), ("insurer", 2), ("bank", 1), ("funeral", 0.6), ("transport", 1),
    ("police", 1), ("social", 1), ("airline", 0.4), ("club", 0.7), ("school", 1),
    ("company", 2), ("association", 1.5), ("public", 1), ("sport", 0.5), ("homecare", 1),
    ("legal", 0.4), ("rights", 0.8),
)  # fmt: skip
# Care units named by their kind and town or a name (HOSPITAL): home nursing and
# hospitalisation at home, mental-health and addiction centres, nursing homes, dialysis,
# forensic and children's units.
CARE_UNIT_TEMPLATES: tuple[tuple[str, float], ...] = (
    ("SSIAD de {C}", 2), ("SSIAD {brand_new}", 0.5), ("SSIAD {of_D}", 0.3), ("HAD {n}", 0.7),
    ("HAD de {C}", 1), ("HAD {C}", 0.5), ("UMJ de {C}", 0.7), ("CMP de {C}", 1), ("CMP {F}", 0.5),
    ("CSAPA {F}", 0.5), ("CSAPA de {C}", 0.5), ("EHPAD {Res}", 1.5), ("EHPAD {F}", 0.5),
    ("EHPAD de {C}", 0.5), ("ESA de {C}", 0.3), ("équipe spécialisée Alzheimer de {C}", 0.3),
    ("CAMSP de {C}", 0.5), ("CMPP {F}", 0.3), ("centre de dialyse de {C}", 0.5),
    ("unité d'autodialyse de {C}", 0.3), ("Institut médico-légal de {C}", 0.3),
    ("pouponnière {Res}", 0.2), ("IME {Res}", 0.3), ("ESAT {Res}", 0.3),
    ("SSIAD de {C} et sa région", 0.1), ("infirmerie de {C}", 0.2),
    ("maison de santé de {C}", 0.5),
    ("centre de santé {F}", 0.5), ("résidence {Res}", 0.3),
)  # fmt: skip
# Pieces of invented organisation names.
BRAND_HEADS: tuple[str, ...] = (
    "Vita", "Medi", "Cardi", "Domi", "Sana", "Nova", "Alpi", "Ocea", "Lumi", "Axo", "Kine",
    "Auxi", "Clari", "Theo", "Oxy", "Helio", "Pharma", "Assi", "Seni", "Flori", "Aqua", "Ergo",
    "Tele", "Sereni", "Proxi", "Natu", "Ortho", "Dento", "Pneumo", "Geria",
)  # fmt: skip
BRAND_TAILS: tuple[str, ...] = (
    "ris", "lys", "auto", "sens", "vie", "care", "dom", "tel", "lia", "nova", "med", "plus",
    "zen", "line", "tis", "via", "sia", "vital", "lien", "phone", "rama", "dis", "xa", "gest",
)  # fmt: skip
ASSOC_NOUNS: tuple[str, ...] = (
    "Présence", "Horizon", "Espoir", "Avenir", "Solidarité", "Lien", "Relais", "Passerelle",
    "Élan", "Envol", "Racines", "Partage", "Écoute", "Soleil", "Phare", "Rivage", "Main",
    "Voix", "Cercle", "Ensemble", "Chemin", "Source", "Étoile", "Boussole", "Trait d'Union",
    "Ancrage", "Abri", "Regain", "Arc-en-Ciel", "Aurore",
)  # fmt: skip
ASSOC_ADJECTIVES: tuple[str, ...] = (
    "Verte", "Bleue", "Solidaire", "Nouvelle", "Commune", "Ouverte", "Tendue", "Vive",
    "Partagée", "Plurielle", "Sereine", "Active", "Fraternelle", "Claire", "Durable",
)  # fmt: skip
ASSOC_GROUPS: tuple[str, ...] = (
    "Jeunes Diabétiques", "Familles", "Aidants", "Malades", "Parents", "Insuffisants Rénaux",
    "Migraineux", "Aînés", "Personnes Âgées", "Greffés", "Stomisés", "Laryngectomisés",
    "Traumatisés Crâniens", "Victimes", "Sourds", "Aveugles", "Paralysés", "Accidentés de la "
    "Vie", "Épileptiques", "Hémophiles", "Cardiaques", "Enfants Hospitalisés",
)  # fmt: skip
BRANDS: tuple[str, ...] = (
    "SNCF", "RATP", "La Poste", "EDF", "Airbus", "Renault", "Michelin", "Orange", "Carrefour",
    "Leclerc", "Decathlon", "Thales", "Safran", "Sanofi", "Veolia", "Vinci", "Auchan", "Ikea",
    "Lidl", "Aldi", "Intermarché", "Leroy Merlin", "Stellantis", "TotalEnergies", "Engie",
    "Chronopost", "DHL", "Manpower", "Adecco", "Randstad", "Sodexo", "Elior", "Onet", "Fnac",
    "Biocoop", "Kiabi", "Keolis", "Transdev", "Dassault Aviation", "Bouygues Construction",
    "Éducation nationale", "France Travail", "Deliveroo", "Monoprix",
)  # fmt: skip
INSURERS: tuple[str, ...] = (
    "MGEN", "MAIF", "MACIF", "MAAF", "Groupama", "AXA", "Allianz", "Generali",
    "Harmonie Mutuelle", "Malakoff Humanis", "AG2R La Mondiale", "Matmut", "April",
    "CNP Assurances", "Swiss Life", "Klesia", "Relyens", "MACSF", "La Médicale", "Sham",
    "Mutuelle Nationale des Hospitaliers", "Pro BTP", "Aésio", "Ociane",
)  # fmt: skip
BANKS: tuple[str, ...] = (
    "BNP Paribas", "Société Générale", "LCL", "La Banque Postale", "Boursorama", "CIC",
    "Crédit du Nord", "Banque de France",
)  # fmt: skip
AIRLINES: tuple[str, ...] = (
    "Air France", "Air Austral", "Air Caraïbes", "Corsair", "Transavia", "easyJet",
    "French Bee", "Air Saint-Pierre", "Ryanair", "Air Corsica", "Royal Air Maroc",
    "Air Algérie",
)  # fmt: skip
# Sub-communal and natural places (LOCATION), the article or trigger outside the span:
# (template, preposition before it).
SUB_PLACES: tuple[tuple[str, str], ...] = (
    ("stade {F}", "au"), ("gare de {C}", "à la"), ("parc {F}", "au"), ("jardin {F}", "au"),
    ("plage de {C}", "sur la"), ("forêt de {C}", "dans la"), ("quartier {F}", "dans le"),
    ("cité {F}", "à la"), ("port de {C}", "au"), ("lac de {C}", "au bord du"),
    ("{river}", "dans la"), ("massif {massif}", "dans le"), ("{mount}", "sur le"),
    ("centre commercial {F}", "au"), ("marché de {C}", "au"),
    ("zone industrielle de {C}", "dans la"),
)  # fmt: skip
RIVERS: tuple[str, ...] = (
    "Loire", "Seine", "Garonne", "Dordogne", "Durance", "Vienne", "Charente", "Marne",
    "Moselle", "Meuse", "Sarthe", "Ardèche", "Creuse", "Saône",
)  # fmt: skip
MASSIFS: tuple[str, ...] = (
    "du Vercors", "des Bauges", "du Jura", "des Vosges", "du Mercantour",
    "de l'Esterel", "des Aravis", "du Sancy",
)  # fmt: skip
MOUNTS: tuple[str, ...] = (
    "mont Ventoux", "puy de Dôme", "Mont Aiguille", "pic du Midi", "mont Lozère",
    "Grand Ballon", "col du Galibier",
)  # fmt: skip
# Cities abroad (CITY) and regions or islands abroad (LOCATION), written in French.
FOREIGN_CITIES: tuple[str, ...] = (
    "Alger", "Constantine", "Casablanca", "Fès", "Agadir", "Sfax", "Douala", "Kinshasa",
    "Brazzaville", "Porto", "Lisbonne", "Bucarest", "Rabat", "Meknès", "Lomé",
    "Cotonou", "Coimbra", "Cluj-Napoca", "Istanbul", "Izmir", "Lausanne", "Bruxelles", "Liège",
    "Charleroi", "Hanoï", "Hô Chi Minh-Ville", "Port-au-Prince", "Madrid", "Séville", "Naples",
    "Turin", "Cracovie", "Varsovie", "Sarrebruck", "Fribourg", "Luxembourg", "Tbilissi",
)  # fmt: skip
FOREIGN_REGIONS: tuple[str, ...] = (
    "Kabylie", "Casamance", "Bavière", "Sicile", "Andalousie", "Galice", "Transylvanie",
    "Flandre", "Minho", "Souss", "Grande Comore", "Wallonie", "Calabre", "Moldavie", "Rhénanie",
    "Oltenie", "Fouta-Djalon", "Moorea", "Marie-Galante", "Mohéli",
)  # fmt: skip
NICKNAMES: tuple[str, ...] = (
    "Titi", "Loulou", "Jojo", "Nono", "Bébert", "Dédé", "Fanfan", "Mimi", "Kiki", "Pépé",
    "Tintin", "Bouboule", "Néné", "Coco", "Didi", "Fifi", "Toto", "Bibi", "Riri",
)  # fmt: skip
EMAIL_DOMAINS: tuple[str, ...] = (
    "gmail.com", "orange.fr", "wanadoo.fr", "free.fr", "hotmail.fr", "yahoo.fr", "sfr.fr",
    "laposte.net", "outlook.fr",
)  # fmt: skip

# Date templates (clindeid.temporal) by precision, with weights.
DATE_FORMATS: dict[str, tuple[tuple[str, float], ...]] = {
    "day": (
        ("{d2}/{m2}/{y4}", 40), ("{d2}/{m2}/{y2}", 6), ("{d}/{m}/{y4}", 4), ("{d2}.{m2}.{y4}", 3),
        ("{d2}.{m2}.{y2}", 1), ("{d2}-{m2}-{y4}", 3), ("{y4}-{m2}-{d2}", 2),
        ("{d1er} {month} {y4}", 12), ("{d} {Month} {y4}", 3), ("{d} {MONTH} {y4}", 1),
        ("{d} {month_abbr}. {y4}", 3), ("{d} {month_abbr3} {y4}", 1),
        ("{d2} {month_abbr3} {y2}", 1),
        ("{weekday} {d1er} {month} {y4}", 2), ("{Weekday} {d} {month} {y4}", 1),
        ("{d_words} {month} {y_words}", 0.7), ("{d_words} {month} {y_words!h}", 0.2),
        ("{D_words} {month} {y_words}", 0.1),
    ),
    "day_month": (("{d1er} {month}", 4), ("{d2}/{m2}", 4), ("{d} {month_abbr}.", 1)),
    "weekday_day": (("{weekday} {d1er} {month}", 1), ("{weekday} {d}", 0.3)),
    "month": (("{month} {y4}", 5), ("{Month} {y4}", 2), ("{m2}/{y4}", 3),
              ("{month_abbr}. {y4}", 1)),
    "year": (("{y4}", 1),),
}  # fmt: skip
# Birth dates after "né(e) le" / "DDN" may also be written with spaced digits.
BIRTH_EXTRA_FORMATS: tuple[tuple[str, float], ...] = (
    ("{d2_spaced} {m2_spaced} {y4_spaced}", 1.0), ("{d2}{m2}{y4}", 0.5),
    ("{d2} {m2} {y4}", 1.0),
)  # fmt: skip
AGE_FORMATS: dict[str, tuple[tuple[str, float], ...]] = {
    "years": (("{n} {ans}", 10), ("{n} ANS", 0.5), ("{N_words} ans", 0.3), ("{n_words} ans", 0.5),
              ("{n}ans", 0.5)),
    "months": (("{n} mois", 1),),
    "weeks": (("{n} {semaines}", 1),),
    "days": (("{n} {jours}", 1),),
}  # fmt: skip
PHONE_FORMATS: tuple[tuple[str, float], ...] = (
    ("{0}{1} {2}{3} {4}{5} {6}{7} {8}{9}", 40), ("{0}{1}.{2}{3}.{4}{5}.{6}{7}.{8}{9}", 20),
    ("{0}{1}-{2}{3}-{4}{5}-{6}{7}-{8}{9}", 5), ("{0}{1}{2}{3}{4}{5}{6}{7}{8}{9}", 8),
    ("+33 {1} {2}{3} {4}{5} {6}{7} {8}{9}", 6), ("+33 (0){1} {2}{3} {4}{5} {6}{7} {8}{9}", 3),
    ("+33{1}{2}{3}{4}{5}{6}{7}{8}{9}", 2), ("{0}{1} {2}{3}{4} {5}{6}{7}{8}{9}", 1),
    ("{0}{1}/{2}{3}/{4}{5}/{6}{7}/{8}{9}", 1), ("0033 {1} {2}{3} {4}{5} {6}{7} {8}{9}", 1),
)  # fmt: skip
NIR_FORMATS: tuple[tuple[str, float], ...] = (
    ("{s} {yy} {mm} {dep} {com} {ord} {key}", 6), ("{s}{yy}{mm}{dep}{com}{ord}{key}", 3),
    ("{s}{yy}{mm}{dep}{com}{ord} {key}", 2), ("{s} {yy} {mm} {dep} {com} {ord} - {key}", 0.5),
)  # fmt: skip
# Landline prefix by region code of the département (INSEE region).
_REGION_PREFIX: dict[str, str] = {
    "11": "01", "24": "02", "28": "02", "52": "02", "53": "02", "32": "03", "44": "03",
    "27": "03", "84": "04", "93": "04", "94": "04", "76": "05", "75": "05",
}  # fmt: skip


# ----------------------------------------------------------------------------- helpers


def choose(rng: np.random.Generator, items: Sequence[tuple[Any, float]]) -> Any:
    """One item of ``(value, weight)`` pairs."""
    w = np.array([x[1] for x in items], dtype=np.float64)
    return items[int(rng.choice(len(items), p=w / w.sum()))][0]


def pick(rng: np.random.Generator, items: Sequence[Any]) -> Any:
    return items[int(rng.integers(len(items)))]


def initials(name: str, hyphen: bool = True) -> str:
    """``Jean-Pierre`` → ``J.-P.``; ``Marie`` → ``M.``; ``de La Fontaine`` → ``D.L.F.``."""
    parts = re.split(r"([\- ])", name)
    out = []
    for p in parts:
        if p == "-":
            out.append("-" if hyphen else "")
        elif p == " ":
            continue
        elif p:
            letter = next((c for c in p if c.isalpha()), "")
            out.append(letter.upper() + ".")
    return "".join(out)


def hospital_display(name: str) -> str:
    """``CH DE BOURG-EN-BRESSE`` → ``CH de Bourg-en-Bresse`` (acronyms kept)."""
    words = []
    for i, word in enumerate(name.split()):
        if word.upper() in HOSPITAL_ACRONYMS or any(c.isdigit() for c in word):
            words.append(word.upper())
            continue
        parts = []
        for j, part in enumerate(word.split("-")):
            low = part.lower()
            if "'" in low:
                head, _, tail = low.partition("'")
                parts.append(
                    (head if head in ("d", "l") and (i or j) else head.capitalize())
                    + "'" + tail.capitalize()
                )  # fmt: skip
            elif low in _LOWER_WORDS and (i > 0 or j > 0):
                parts.append(low)
            else:
                parts.append(display_case(low))
        words.append("-".join(parts))
    return " ".join(words)


def nir_key(body: str) -> int:
    """The NIR control key of the 13 first characters (2A → 19, 2B → 18)."""
    digits = body.replace("2A", "19").replace("2B", "18")
    return 97 - int(digits) % 97


def _slug(text: str) -> str:
    from clindeid.knowledge import strip_accents

    return re.sub(r"[^a-z0-9]+", "-", strip_accents(text).lower()).strip("-")


# ----------------------------------------------------------------------------- values


@dataclass(frozen=True, slots=True)
class Place:
    commune: Commune
    postcode: str

    @property
    def name(self) -> str:
        return self.commune.name


@dataclass(frozen=True, slots=True)
class Address:
    """A street line, optional complement (residence, BP) and the place."""

    street: str
    place: Place
    complement: str = ""


@dataclass(slots=True)
class Person:
    """A person with a consistent identity; forms are written on demand."""

    first: str
    last: str
    sex: str
    role: str
    birth: dt.date | None = None
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class _Weighted:
    items: tuple[Any, ...]
    cum: np.ndarray

    def draw(self, rng: np.random.Generator) -> Any:
        i = int(np.searchsorted(self.cum, rng.random() * self.cum[-1], side="right"))
        return self.items[min(i, len(self.items) - 1)]


def _weighted(items: Sequence[Any], weights: Sequence[float] | np.ndarray) -> _Weighted:
    return _Weighted(tuple(items), np.cumsum(np.asarray(weights, dtype=np.float64)))


_SURNAME_KEY = re.compile(r"^[a-z][a-z ]*[a-z]$")


@cache
def _surnames() -> _Weighted:
    t = read_table("surnames")
    keys = t.column("key").to_pylist()
    display = t.column("display").to_pylist()
    count = t.column("count").to_numpy()
    names, weights = [], []
    for k, d, c in zip(keys, display, count, strict=True):
        if c >= 20 and _SURNAME_KEY.match(k) and len(k) >= 2:
            names.append(d or display_case(k))
            weights.append(float(c))
    return _weighted(names, weights)


@cache
def _common_surnames() -> tuple[str, ...]:
    return COMMON_WORD_SURNAMES


@cache
def _first_names(sex: str, bucket: int) -> _Weighted:
    names, p = first_names_by_period().distribution(sex, bucket, window=2)
    keep = [i for i, n in enumerate(names) if len(n) > 1]
    return _weighted([names[i] for i in keep], p[keep])


@cache
def _communes() -> _Weighted:
    cs = [c for c in communes() if c.kind == "commune" and c.postcodes and c.population > 0]
    return _weighted(cs, [c.population for c in cs])


@cache
def _hospitals() -> _Weighted:
    hs = [h for h in hospitals() if h.postcode and h.city]
    weights = []
    for h in hs:
        w = HOSPITAL_WEIGHTS.get(h.category, 0.1)
        if h.category in ("CH", "CHS") and h.short_name.upper().startswith("EHPAD"):
            w *= 0.1
        weights.append(w)
    return _weighted(hs, weights)


@cache
def _streets() -> tuple[tuple[str, str], ...]:
    return tuple((s.type, s.name) for s in street_records() if s.type and len(s.name) < 40)


@cache
def _lieux_dits() -> tuple[str, ...]:
    return tuple(s.name for s in street_records() if not s.type and len(s.name) < 30)


@cache
def _departement_names() -> tuple[str, ...]:
    from clindeid.knowledge import departements

    return tuple(d.name for d in departements().values() if d.name)


_MASCULINE_DEPARTEMENTS = frozenset({
    "Bas-Rhin", "Calvados", "Cantal", "Cher", "Doubs", "Finistère", "Gard", "Gers", "Haut-Rhin",
    "Jura", "Loir-et-Cher", "Loiret", "Lot", "Lot-et-Garonne", "Maine-et-Loire", "Morbihan",
    "Nord", "Pas-de-Calais", "Puy-de-Dôme", "Rhône", "Tarn", "Tarn-et-Garonne", "Val-d'Oise",
    "Val-de-Marne", "Var", "Vaucluse", "Territoire de Belfort",
})  # fmt: skip


def _of_departement(name: str) -> str:
    """``name`` after "de" with its article: du Cantal, de la Corrèze, de l'Ain, des Landes."""
    first = name.split("-")[0]
    if first in ("Alpes", "Ardennes", "Bouches", "Côtes", "Deux", "Hautes", "Hauts", "Landes",
                 "Pyrénées", "Vosges", "Yvelines"):  # fmt: skip
        return f"des {name}"
    if name in _MASCULINE_DEPARTEMENTS or first == "Haut":
        return f"du {name}"
    if name.startswith("La "):
        return f"de {name}"
    if name[:1] in "AEIOUYÉÈÎ" or name == "Hérault":
        return f"de l'{name}"
    if name.startswith(("Saint-", "Terres ", "Wallis")) or name in ("Paris", "Mayotte"):
        return f"de {name}"
    return f"de la {name}"


@cache
def _region_names() -> tuple[str, ...]:
    from clindeid.knowledge import departements

    return tuple(sorted({d.region_name for d in departements().values() if d.region_name}))


_DE_ARTICLE = re.compile(r"\b([Dd])e (?:(Le|LE) |(Les|LES) |(?=[AEIOUYÉÈÂÎaeiouyéèâî]))")


def _elide(text: str) -> str:
    """French contraction of "de" before a name: de Le Mans → du Mans, de Angers → d'Angers."""

    def repl(m: re.Match[str]) -> str:
        d = m.group(1)
        if m.group(2):
            return f"{d}u "
        if m.group(3):
            return f"{d}es "
        return f"{d}'"

    return _DE_ARTICLE.sub(repl, text)


class Faker:
    """PHI values and their written forms for one document, from one generator."""

    def __init__(self, rng: np.random.Generator) -> None:
        self.rng = rng

    # -- names
    def first_name(self, sex: str, birth_year: int) -> str:
        bucket = min(max(1900, birth_year), 2024) // 3 * 3 + 1
        return _first_names(sex, bucket).draw(self.rng)

    def last_name(self) -> str:
        r = self.rng.random()
        if r < 0.04:
            return pick(self.rng, _common_surnames())
        name = _surnames().draw(self.rng)
        if r < 0.07:
            return f"{pick(self.rng, PARTICLES)} {name}".replace("d' ", "d'")
        if r < 0.10:
            return f"{name}-{_surnames().draw(self.rng)}"
        return name

    def person(self, role: str, sex: str | None = None, birth_year: int | None = None) -> Person:
        sex = sex or ("F" if self.rng.random() < 0.5 else "M")
        year = birth_year or int(self.rng.integers(1950, 1996))
        first = self.first_name(sex, year)
        if self.rng.random() < 0.03:
            second = self.first_name(sex, year)
            if second != first and "-" not in first + second:
                first = f"{first}-{second}"
        return Person(first, self.last_name(), sex, role)

    def name_forms(self, p: Person, kind: str) -> str:
        """A written form of ``p``'s name: ``full`` (any order/case), ``banner`` (NOM
        Prénom), ``last``, ``first``, ``initials``, ``signature``."""
        r = self.rng.random()
        last_up = p.last.upper()
        if kind == "banner":
            return f"{last_up} {p.first}" if r < 0.75 else f"{last_up} {p.first.upper()}"
        if kind == "last":
            return last_up if r < 0.6 else p.last
        if kind == "first":
            return p.first
        if kind == "initials":
            return f"{initials(p.first)} {initials(p.last, hyphen=False)}" if r < 0.5 else (
                initials(p.first, hyphen=False) + initials(p.last, hyphen=False))
        if kind == "abbr":
            return f"{initials(p.first)} {last_up}" if r < 0.7 else f"{last_up} {initials(p.first)}"
        # full
        if r < 0.40:
            return f"{p.first} {last_up}"
        if r < 0.65:
            return f"{last_up} {p.first}"
        if r < 0.85:
            return f"{p.first} {p.last}"
        if r < 0.93:
            return f"{initials(p.first)} {last_up}"
        return f"{p.last} {p.first}"

    def staff_title(self) -> str:
        return choose(self.rng, TITLES_STAFF)

    # -- dates and ages
    def date_text(
        self, date: dt.date, precision: str = "day", birth: bool = False
    ) -> tuple[str, dict[str, Any]]:
        """A written date and its entity attributes (precision, format, kind)."""
        formats = list(DATE_FORMATS[precision])
        if birth and precision == "day":
            formats += list(BIRTH_EXTRA_FORMATS)
        fmt = choose(self.rng, formats)
        if precision == "day":
            value = DateValue.from_date(date)
        elif precision == "day_month":
            value = DateValue(None, date.month, date.day)
        elif precision == "weekday_day":
            value = DateValue(None, date.month if "{d1er} {month}" in fmt else None, date.day,
                              date.weekday())  # fmt: skip
        elif precision == "month":
            value = DateValue(date.year, date.month, None)
        else:
            value = DateValue(date.year, None, None)
        attrs: dict[str, Any] = {"precision": value.precision, "format": fmt}
        if birth:
            attrs["kind"] = "birth"
        return render_date(value, fmt), attrs

    def age_text(self, years: float) -> tuple[str, dict[str, Any]]:
        """An age written in the unit a clinician would use for it."""
        if years < 1 / 12:
            unit, n = ("days", max(1, round(years * 365))) if self.rng.random() < 0.5 else (
                "weeks", max(1, round(years * 52)))
        elif years < 2:
            unit, n = "months", max(1, int(years * 12))
        else:
            unit, n = "years", int(years)
        fmt = choose(self.rng, AGE_FORMATS[unit])
        return render_age(n, fmt), {"unit": unit, "format": fmt}

    # -- places
    def place(self) -> Place:
        c = _communes().draw(self.rng)
        return Place(c, pick(self.rng, c.postcodes))

    def street(self) -> str:
        rng = self.rng
        r = rng.random()
        if r < 0.06:
            return f"lieu-dit {pick(rng, _lieux_dits())}"
        if r < 0.08:
            return pick(rng, _lieux_dits())
        if r < 0.11:
            res = pick(rng, RESIDENCES)
            res = res.lower() if rng.random() < 0.3 else res
            head = pick(rng, ("rés.", "Rés.", "résidence", "Résidence", "cité", "Cité"))
            return f"{int(rng.integers(1, 40))} {head} {res}"
        stype, name = pick(rng, _streets())
        abbr = STREET_ABBREVIATIONS.get(stype)
        if abbr and rng.random() < 0.3:
            written = pick(rng, abbr)
            if name.lower().startswith(stype):
                name = written + name[len(stype):]
        number = int(rng.geometric(0.04))
        suffix = choose(rng, (("", 0.9), (" bis", 0.07), (" ter", 0.03)))
        sep = ", " if rng.random() < 0.1 else " "
        return f"{number}{suffix}{sep}{name}"

    def address(self, place: Place | None = None) -> Address:
        rng = self.rng
        complement = ""
        r = rng.random()
        if r < 0.06:
            complement = f"Appt {int(rng.integers(1, 80))}, Résidence {pick(rng, RESIDENCES)}"
        elif r < 0.09:
            building = "ABCDE"[int(rng.integers(5))]
            complement = f"Bâtiment {building}, Résidence {pick(rng, RESIDENCES)}"
        return Address(self.street(), place or self.place(), complement)

    def hospital(self) -> Hospital:
        return _hospitals().draw(self.rng)

    def hospital_name(self, h: Hospital, short: bool = True) -> str:
        name = h.short_name if short else h.long_name
        name = name.split(" - ")[0].strip() if short else name
        return hospital_display(name) if self.rng.random() < 0.8 else name.upper()

    def cedex(self) -> str:
        numbered = f"CEDEX {int(self.rng.integers(1, 16))}"
        return choose(self.rng, (("CEDEX", 5), ("Cedex", 3), (numbered, 2)))

    def location(self) -> tuple[str, str]:
        return pick(self.rng, LOCATIONS)

    def org(self) -> str:
        return pick(self.rng, ORGS) if self.rng.random() < 0.25 else self.org_of()

    def famous(self) -> str:
        return pick(self.rng, FAMOUS)

    def org_of(self, kind: str | None = None) -> str:
        """An organisation name of a kind (employer, insurer, bank, funeral, transport,
        police, social, airline, club, school; any when None)."""
        rng = self.rng
        kind = kind or choose(rng, ORG_KIND_WEIGHTS)
        template = choose(rng, ORG_TEMPLATES[kind])
        return self._fill(template)

    def _fill(self, template: str) -> str:
        rng = self.rng
        values: dict[str, Any] = {}
        for key in re.findall(r"\{(\w+)\}", template):
            if key in values:
                continue
            if key in ("S", "S2"):
                values[key] = _surnames().draw(rng)
            elif key == "Res":
                values[key] = pick(rng, RESIDENCES)
            elif key == "C":
                values[key] = _communes().draw(rng).name
            elif key == "D":
                values[key] = pick(rng, _departement_names())
            elif key == "R":
                values[key] = pick(rng, _region_names())
            elif key == "F":
                values[key] = self.famous()
            elif key == "n":
                values[key] = f"{int(rng.integers(1, 96)):02d}"
            elif key == "of_D":
                values[key] = _of_departement(pick(rng, _departement_names()))
            elif key == "brand_new":
                values[key] = pick(rng, BRAND_HEADS) + pick(rng, BRAND_TAILS)
            elif key == "acro":
                letters = "ABCDEFGHIJKLMNOPRSTUV"
                size = int(rng.integers(3, 6))
                values[key] = "".join(letters[int(i)] for i in rng.integers(len(letters),
                                                                            size=size))
            elif key in ("Noun", "Noun2", "Adj", "Group"):
                table = {"Noun": ASSOC_NOUNS, "Noun2": ASSOC_NOUNS, "Adj": ASSOC_ADJECTIVES,
                         "Group": ASSOC_GROUPS}  # fmt: skip
                values[key] = pick(rng, table[key])
            else:
                values[key] = pick(rng, {
                    "brand": BRANDS, "insurer": INSURERS, "bank": BANKS, "airline": AIRLINES,
                    "river": RIVERS, "massif": MASSIFS, "mount": MOUNTS,
                }[key])  # fmt: skip
        return _elide(template.format(**values))

    def sub_place(self) -> tuple[str, str]:
        """A sub-communal or natural place (LOCATION) and the words written before it."""
        template, prep = pick(self.rng, SUB_PLACES)
        name = self._fill(template)
        if template == "{river}":
            prep = "dans la" if name[:1] not in "AEIOUÉ" else "dans l'"
        return name, prep

    def care_unit(self) -> str:
        """A care unit named by its kind and its town or a name (HOSPITAL)."""
        return self._fill(choose(self.rng, CARE_UNIT_TEMPLATES))

    def small_commune(self) -> str:
        """A commune drawn uniformly (small, little-known names), not by population."""
        cs = _communes().items
        return cs[int(self.rng.integers(len(cs)))].name

    def nickname(self, p: Person) -> str:
        if self.rng.random() < 0.5:
            return pick(self.rng, NICKNAMES)
        base = p.first.split("-")[0]
        return base[:3] if len(base) > 4 else base

    def siret(self) -> str:
        d = self.digits(14)
        return d if self.rng.random() < 0.3 else f"{d[:3]} {d[3:6]} {d[6:9]} {d[9:]}"

    # -- numbers and contacts
    def phone_digits(self, kind: str, departement: str = "", region: str = "") -> str:
        rng = self.rng
        if kind == "mobile":
            head = "06" if rng.random() < 0.7 else "07"
        else:
            head = _REGION_PREFIX.get(region, pick(rng, ("01", "02", "03", "04", "05")))
        return head + "".join(str(int(d)) for d in rng.integers(0, 10, 8))

    def phone_text(self, digits: str) -> str:
        fmt = choose(self.rng, PHONE_FORMATS)
        return fmt.format(*digits)

    def extension(self) -> str:
        return str(int(self.rng.integers(1000, 10000) if self.rng.random() < 0.7
                       else self.rng.integers(100, 1000)))  # fmt: skip

    def nir(self, sex: str, birth: dt.date, departement: str) -> str:
        rng = self.rng
        dep = departement if len(departement) == 2 else "99" if rng.random() < 0.05 else "75"
        if departement.startswith("97"):
            dep = "97"
            com = departement[2] + f"{int(rng.integers(1, 40)):02d}"
        else:
            com = f"{int(rng.integers(1, 700)):03d}"
        parts = {
            "s": "1" if sex == "M" else "2",
            "yy": f"{birth.year % 100:02d}",
            "mm": f"{birth.month:02d}",
            "dep": dep,
            "com": com,
            "ord": f"{int(rng.integers(1, 1000)):03d}",
        }
        body = "".join(parts[k] for k in ("s", "yy", "mm", "dep", "com", "ord"))
        parts["key"] = f"{nir_key(body):02d}"
        return choose(rng, NIR_FORMATS).format(**parts)

    def digits(self, n: int, first: str = "") -> str:
        tail = "".join(str(int(d)) for d in self.rng.integers(0, 10, n - len(first)))
        return first + tail

    def ipp(self) -> str:
        return self.digits(10, "80") if self.rng.random() < 0.6 else self.digits(
            int(self.rng.integers(7, 11)))

    def nda(self) -> str:
        return self.digits(10, str(int(self.rng.integers(21, 25)))) if self.rng.random() < 0.6 \
            else self.digits(9)

    def rpps(self) -> str:
        return self.digits(11, "10")

    def adeli(self, departement: str) -> str:
        dep = departement if departement.isdigit() and len(departement) == 2 else "75"
        return self.digits(9, dep)

    def email(self, p: Person, domain: str | None = None) -> str:
        from clindeid.knowledge import strip_accents

        first = strip_accents(p.first).lower().replace(" ", "-")
        last = strip_accents(p.last).lower().replace(" ", "").replace("'", "")
        r = self.rng.random()
        local = f"{first}.{last}" if r < 0.6 else f"{first[0]}{last}" if r < 0.8 else (
            f"{first}.{last}{int(self.rng.integers(1, 99))}")
        return f"{local}@{domain or pick(self.rng, EMAIL_DOMAINS)}"

    def hospital_domain(self, h: Hospital) -> str:
        prefix = {"CHU": "chu", "CHR": "chr", "CLINIQUE": "clinique"}.get(h.category, "ch")
        return f"{prefix}-{_slug(h.city)}.fr"

    def url(self, h: Hospital) -> str:
        domain = self.hospital_domain(h)
        return choose(self.rng, ((f"www.{domain}", 5), (f"https://www.{domain}", 3),
                                 (f"http://{domain}/", 1)))  # fmt: skip
