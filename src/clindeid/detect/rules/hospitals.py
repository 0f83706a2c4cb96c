"""Health establishments (HOSPITAL) and other named organisations (ORG).

`HospitalDetector` proposes:

- ``pattern/hospital``: an establishment head (``CHU``, ``CHRU``, ``CH``, ``Centre
  hospitalier``, ``Hôpital``, ``Clinique``, ``Polyclinique``, ``Centre de rééducation``,
  ``EHPAD``, ``SSR``, ``HAD``, ``Groupe hospitalier``, ``Institut``, ``Hospices``…) followed
  by a proper name (``de Dijon``, ``des Lilas``, ``Nord``, ``européen Georges-Pompidou``,
  ``William Morey de Chalon-sur-Saône``); named groups on their own (``AP-HP``, ``HCL``,
  ``Hospices Civils de Lyon``, ``Gustave Roussy``); a service only when it carries a proper
  name (``Unité Jean Moulin``, ``Pavillon Charcot``). A generic service (``service de
  cardiologie``, ``hôpital de jour``) or a bare head (``au CHU``) is not PHI and is not
  proposed; in ``service de cardiologie du CHU de Dijon`` only ``CHU de Dijon`` is.
- ``dictionary/hospital``: FINESS short and long names from the knowledge base, in any
  casing, when at least one of their distinctive words is capitalised in the text.
- ``pattern/org``: ORG for other named organisations: ``Laboratoire Cerballiance``,
  ``Cabinet médical des Acacias``, ``Pharmacie du Centre``, emergency and social bodies tied
  to a place (``SAMU 21``, ``SMUR de Beaune``, ``CPAM de Côte-d'Or``), schools and
  companies (``collège Jean Moulin``, ``société Dupont``).

Attributes: ``category`` (``CHU``, ``CHR``, ``CH``, ``CHS``, ``CLINIQUE``, ``HAD``, ``SSR``,
``EHPAD``, ``CLCC``, ``GROUP``, ``SERVICE``, ``OTHER``; the knowledge-base category for
FINESS matches) and ``finess`` when the name is a FINESS entry.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from itertools import groupby
from typing import Any

from clindeid.detect.heads import HOTEL_NOT_LODGING, LOWER_HEADS_OUTSIDE, OF
from clindeid.detect.rules._chars import LOWER, UPPER
from clindeid.detect.rules.persons import EPONYM_CONTEXT
from clindeid.detect.rules.places import DEPARTEMENTS
from clindeid.document import Document, Entity
from clindeid.knowledge.normalize import strip_accents
from clindeid.knowledge.vocabulary import written_lowercase

__all__ = ["HospitalDetector"]

# =========================================================================== data

UP = UPPER
LOW = LOWER
APOS = "'’"

# Establishment heads: (regex, category, case_sensitive). A head must be followed by a name.
HOSPITAL_HEADS: tuple[tuple[str, str, bool], ...] = (
    (r"C\.?H\.?R\.?U\.?|CHRU", "CHU", True),
    (r"C\.H\.U\.?|CHU", "CHU", True),
    (r"CHR", "CHR", True),
    (r"CHS|CHSM|EPSM|EPSMR|EPSMD", "CHS", True),
    (r"CHI|CHIC|CHIV|CHG|CHD|CHT|CHM|C\.H\.|CH", "CH", True),
    (r"GHU|GHT|GHI|GHM|GH", "GROUP", True),
    (r"HIA", "HIA", True),
    (r"HAD", "HAD", True),
    (r"SSR|SMR|CRF|CMPR", "SSR", True),
    (r"EHPAD|USLD|MAS|FAM|MAPA|EHPA", "EHPAD", True),
    (r"CMP|CMPP|CATTP|CSAPA|CAARUD|CMPEA|CMPE|CJC|EMPP", "CHS", True),
    # the health centres of Médecins du Monde and the beds for homeless patients
    (r"CASO|LHSS|LAM|[Ll]its[ \t]+d['’][Aa]ccueil[ \t]+[Mm][ée]dicalis[ée]s|"
     r"[Ll]its[ \t]+[Hh]alte[ \t]+[Ss]oins[ \t]+[Ss]ant[ée]", "OTHER", True),
    (r"centre\s+hospitalier\s+universitaire|centre\s+hospitalier\s+régional\s+universitaire",
     "CHU", False),
    (r"centre\s+hospitalier\s+régional", "CHR", False),
    (r"centre\s+hospitalier\s+spécialisé|centre\s+psychothérapique", "CHS", False),
    (r"centre\s+hospitalier(?:\s+(?:intercommunal|général|départemental|privé|"
     r"inter-?communal|local))?|site\s+hospitalier|pôle\s+(?:de\s+)?santé|"
     r"établissement\s+public\s+de\s+santé(?:\s+mentale)?", "CH", False),
    (r"centre\s+de\s+lutte\s+contre\s+le\s+cancer|centre\s+anti-?cancéreux", "CLCC", False),
    (r"centre\s+anti-?poison(?:\s+et\s+de\s+toxicovigilance)?", "CHU", False),
    (r"centre\s+(?:de\s+)?(?:rééducation|réadaptation|réeducation|reeducation)"
     r"(?:\s+(?:fonctionnelle|cardiaque|cardio-?vasculaire|cardiovasculaire|respiratoire|"
     r"neurologique|pédiatrique))?|centre\s+de\s+soins\s+de\s+suite(?:\s+et\s+de\s+"
     r"réadaptation)?|centre\s+de\s+convalescence|maison\s+de\s+convalescence|"
     r"centre\s+de\s+(?:médecine\s+physique|MPR)", "SSR", False),
    (r"centre\s+médico-?chirurgical|centre\s+médical|centre\s+de\s+santé|"
     r"maison\s+de\s+santé(?:\s+pluriprofessionnelle)?|centre\s+de\s+dialyse|"
     r"centre\s+d['’]imagerie(?:\s+médicale)?|centre\s+de\s+radiologie|"
     r"centre\s+de\s+radiothérapie|centre\s+médico-?psychologique|imagerie\s+médicale|"
     r"centre\s+de\s+médecine\s+nucléaire|centre\s+de\s+médecine\s+du\s+sport|"
     r"centre\s+médico-?scolaire|"
     r"centre\s+d['’]explorations?\s+fonctionnelles|centre\s+de\s+(?:cardiologie|"
     r"pneumologie|gastro-?entérologie|néphrologie|rhumatologie|dermatologie|ophtalmologie|"
     r"gynécologie|urologie|neurologie|sénologie|allergologie|pédiatrie|gériatrie)|"
     r"médipôle|medipole|"
     r"centre\s+de\s+cancérologie|centre\s+d['’]hémodialyse|centre\s+de\s+la\s+douleur|"
     r"centre\s+municipal\s+de\s+santé|maison\s+médicale(?:\s+de\s+garde)?|"
     r"centre\s+de\s+PMI|centre\s+de\s+protection\s+maternelle\s+et\s+infantile|"
     r"centre\s+délocalisé\s+de\s+prévention\s+et\s+de\s+soins|"
     r"dispensaire|centre\s+anti-?rabique|maison\s+des\s+adolescents|"
     # a memory clinic of reference named by its region: "Centre Mémoire de Ressources et
     # de Recherche Auvergne" (not the unit alone, "… de recherche – Pavillon 52")
     r"centre\s+m[ée]moire\s+de\s+ressources\s+et\s+de\s+recherche"
     r"(?=[ \t]+(?:de[ \t]+|d['’]|du[ \t]+)?[A-ZÉÎ])|"
     r"centre\s+médico-?social|centre\s+de\s+santé\s+sexuelle|centre\s+du\s+sommeil|"
     r"centre\s+d['’]échographie(?:\s+obstétricale)?|centre\s+de\s+référence|"
     r"unité\s+d['’](?:auto-?)?dialyse|"
     r"centre\s+(?:dermatologique|ophtalmologique|cardiologique)|"
     r"centre\s+r[ée]gional\s+du\s+psychotraumatisme|"
     # the obesity centres named by their region: "Centre Spécialisé de l'Obésité de Picardie"
     r"centre\s+(?:sp[ée]cialis[ée]|int[ée]gr[ée])\s+de\s+l['’]ob[ée]sit[ée]", "OTHER", False),
    (r"CMS|CDPS|MSP|EMSP", "OTHER", True),
    (r"maison\s+de\s+retraite|résidence\s+(?:médicalisée|seniors?)|foyer\s+logement|"
     r"centre\s+d['’]accueil\s+de\s+jour|accueil\s+de\s+jour",
     "EHPAD", False),
    (r"groupe\s+hospitalier(?:\s+(?:universitaire|mutualiste|privé|intercommunal))?|"
     r"groupement\s+hospitalier(?:\s+de\s+territoire)?|hospices?\s+civils|hospices",
     "GROUP", False),
    (r"hospitalisation\s+à\s+domicile", "HAD", False),
    (r"SSIAD|SPASAD|ESA", "OTHER", True),  # ESA: équipe spécialisée Alzheimer à domicile
    # medico-social services for disabled children and adults, by their own name: "SESSAD
    # Le Tertre", "IME Les Glycines", "CRA Occitanie" (centre de ressources autisme)
    (r"SESSAD|IME|ITEP|DITEP|IEM|CAMSP|SAMSAH|SAVS|ESAT|CRA", "OTHER", True),
    # student health services: "Service de santé universitaire de …"
    (r"service\s+(?:universitaire\s+de\s+m[ée]decine\s+pr[ée]ventive|de\s+sant[ée]\s+"
     r"(?:universitaire|[ée]tudiante|des\s+[ée]tudiants))", "OTHER", False),
    (r"g[ée]rontop[ôo]le|Maternit[ée](?=[ \t]+[A-ZÀ-Ý])", "OTHER", False),
    (r"polyclinique|clinique(?:\s+(?:mutualiste|chirurgicale|médicale|psychiatrique|"
     r"privée|médico-?chirurgicale|universitaire))?", "CLINIQUE", False),
    (r"hôpital|hopital|hôpitaux|hopitaux|hôp\.|hosp\.", "CH", False),
    # hospitals across the borders and thermal establishments: "Hospital de Cerdanya",
    # "Hospital Universitari de Girona …", "Thermes de Lamalou"
    (r"Hospital(?:\s+(?:Universitari[oa]?|Universitario|Comarcal|General|Clínic))?", "CH", True),
    (r"Thermes|Établissement\s+thermal|Etablissement\s+thermal", "OTHER", True),
    (r"institut", "CLCC", False),
    (rf"Centre(?=[ \t]+[{UP}][{LOW}]+(?:-[{UP}][{LOW}]+)*[ \t-]+[{UP}])", "CLCC", True),
)  # fmt: skip
# Hospital centres and groups named by their initials ("CHBA", "CHSF", "GHSIF", "GHPSO"), and
# care facilities named by their département number ("CLAT 93"): `HospitalDetector._acronyms`.
HOSPITAL_ACRONYM = (
    r"(?<![\w-])(?:(?:CH|GH)[A-Z]{2,4}"
    r"|(?:CLAT|CeGIDD|CAMSP|CMPP|CSAPA|CDAG|CPEF|CMP|EMPP)[ \t]+(?P<number>\d{2,3}|2[AB])"
    # a home-hospitalisation service by its number after "l'" or before a dash or the line's
    # end ("l'HAD 72", "HAD 72 – Hospitalisation à domicile …"; "HAD 14/8" is an anxiety
    # and depression score)
    r"|(?:(?<=[lL]['’])HAD[ \t]+(?P<had>\d{2}|2[AB])(?![\w/,.-])"
    r"|HAD[ \t]+(?P<had2>\d{2}|2[AB])(?=[ \t]*(?:[–—][ \t]|\n|$))))"
    # (not a duration or a dose after the number: "CMP 15 jours")
    r"(?![\w-]|[ \t]*(?:j\b|jours?\b|sem|mois\b|ans?\b|h\b|heures?\b|%|mg\b|ml\b|fois\b))"
)
# Upper-case words of that shape that name no establishment.
HOSPITAL_ACRONYM_NOT: frozenset[str] = frozenset(
    {"CHRS", "CHSCT", "CHOP", "CHAP", "CHADS", "CHUV", "CHARGE", "CHEF", "CHEZ", "CHOC",
     "CHUTE", "CHAT", "GHB", "CHIMIO", "CHIR", "CHOL", "CHRU", "CHIC", "CHIV", "CHSM", "GHIC"}
)  # fmt: skip
# Lowercase words allowed between a head and its name ("Hôpital européen Georges-Pompidou").
HEAD_ADJECTIVES: tuple[str, ...] = (
    "européen", "privé", "privée", "local", "militaire", "d'instruction des armées",
    "universitaire", "intercommunal", "régional", "départemental", "général", "psychiatrique",
    "spécialisé", "mutualiste", "américain", "franco-britannique", "pédiatrique",
    "gériatrique", "neurologique", "cardiologique",
    "mère-enfant", "femme-mère-enfant", "protestant", "catholique", "marin", "maritime",
    "privé gériatrique", "de jour", "universitaires", "régionale universitaire",
    "régionale",
)  # fmt: skip
# Lowercase heads that also are common adjectives need one of these just before them.
DETERMINERS_BEFORE_LOWER_HEAD: tuple[str, ...] = (
    "la", "une", "en", "cette", "sa", "votre", "notre", "leur", "l'", "l’", "à", "au",
    "le", "un", "son", "ce", "du", "de", "des", "d'", "d’", "vers", "par",
)  # fmt: skip
LOWER_HEAD_ADJECTIVES: frozenset[str] = frozenset({"clinique", "institut", "centre médical"})
# Named groups and famous hospitals that are proposed without a head.
# Multi-site institutions named as a whole (AP-HP, AP-HM, Hospices Civils de Lyon) are not
# proposed: they name no site and are not PHI (held-out decisions); "HAD AP-HP" still is.
NAMED_HOSPITALS: tuple[tuple[str, str], ...] = (
    (r"HEGP|LRB", "CHU"),
    # regional university hospitals and cancer centres known by their acronym alone
    (r"HUS|CLB|IGR|IUCT(?:-O)?|CHUGA|CHM|CHUM|CHUR|Oncopole|CGFL|CJP|HFME|EPSAN", "CHU"),
    (r"La\s+Pitié|La\s+Timone|Kremlin[- ]Bicêtre\s+hospital", "CHU"),
    (r"Bergoni[ée]|Paoli-Calmettes|IPC(?=[ \t]*(?:[,.;:)]|AU\b|au\b|$))", "CLCC"),
    # a university's health service with its town: "Service de santé étudiante d'Aix"
    (r"Service\s+de\s+sant[ée]\s+(?:[ée]tudiante|universitaire|des\s+[ée]tudiants)\s+"
     r"(?:de\s+|d['’]\s*)[A-ZÉ][\w'’-]+(?:[ \t]+[A-ZÉ][\w'’-]+){0,2}", "OTHER"),
)  # fmt: skip
# Famous two-word hospital names, matched in any case and with or without accents
# ("pitie salpetriere", "ROBERT-DEBRÉ").
NAMED_HOSPITALS_LOOSE: tuple[str, ...] = (
    "gustave roussy", "pitie salpetriere", "hotel dieu", "robert debre", "edouard herriot",
    "lyon sud", "leon berard", "oscar lambret", "paoli calmettes", "georges francois leclerc",
    "henri mondor", "ambroise pare", "antoine beclere", "louis mourier", "jean verdier",
    "raymond poincare", "paul brousse", "charles foix", "georges pompidou", "haut leveque",
)  # fmt: skip
# Whole-institution names not proposed even when a head matches them.
INSTITUTION_WHOLE: frozenset[str] = frozenset(
    {"hospices civils de lyon", "hopitaux de paris", "hopitaux de marseille"}
)  # fmt: skip
# Distinctive one-word site names of university hospitals (derived from FINESS, see
# `_site_names`) that are still too ambiguous alone: places, streets, eponyms, generic words.
SITE_NAME_DENY: frozenset[str] = frozenset(
    {"annexe", "bellevue", "central", "enfants", "helico", "institut", "maritime",
     "misericorde", "psychiatrie", "psychiatrique", "source", "universitaires",
     "universitaire", "kremlin", "sebastopol", "vaugirard", "laennec", "lapeyronie",
     "trousseau", "tenon", "broca", "charcot", "calmette", "pasteur", "pellegrin"}
)  # fmt: skip
# Services named after a person or place (proper name required after the head).
SERVICE_HEADS: tuple[str, ...] = (
    r"Unité", r"Pavillon", r"Bâtiment\s+(?=[A-Z][a-z])", r"Service\s+(?=[A-Z][a-z]+\s+[A-Z])",
    r"unité", r"pavillon",
)
# Other organisations: (regex of the head, needs a capitalised name after it).
ORG_HEADS: tuple[str, ...] = (
    r"[Ll]aboratoire(?:\s+d['’]analyses(?:\s+(?:de\s+biologie\s+)?médicales)?|"
    r"\s+de\s+biologie(?:\s+médicale)?|\s+d['’]anatomo-?pathologie|"
    r"\s+d['’]anatomie\s+pathologique)?",
    r"[Cc]abinet(?:\s+(?:médical|de\s+radiologie|d['’]imagerie(?:\s+médicale)?|infirmier|"
    r"kin[ée]|kin[ée]sith[ée]rapie|"
    r"dentaire|de\s+kinésithérapie|de\s+kiné|d['’]orthophonie|de\s+groupe|paramédical|"
    r"d['’]ophtalmologie|de\s+cardiologie|de\s+dermatologie|de\s+psychiatrie|"
    r"de\s+pédiatrie|de\s+gynécologie|d['’]ORL|de\s+podologie|d['’]ostéopathie|"
    r"de\s+[a-zéèô-]+(?:logie|pédie|iatrie|thérapie)|de\s+sages-femmes|"
    r"de\s+psychomotricit[ée]|d['’]orthoptie|d['’]ergoth[ée]rapie|de\s+sophrologie|"
    r"d['’][a-zéèô-]+(?:logie|pédie|iatrie|thérapie)))?",
    # the same heads in a heading written in capitals: "CABINET D'IMAGERIE DU TARN"
    r"CABINET(?>(?:\s+(?:M[ÉE]DICAL|DE\s+RADIOLOGIE|D['’]IMAGERIE(?:\s+M[ÉE]DICALE)?|"
    r"INFIRMIER|DENTAIRE|DE\s+KIN[ÉE]SITH[ÉE]RAPIE|DE\s+GROUPE|PARAM[ÉE]DICAL))?)",
    r"PHARMACIE", r"ASSOCIATION", r"FONDATION",
    r"[Pp]harmacie", r"labo(?=[ \t]+[A-ZÉ])",
    r"[Cc]ollège", r"[Ll]ycée",
    r"[Ee]cole\s+(?:primaire|maternelle|élémentaire|publique|privée|communale)",
    r"[Éé]cole(?:\s+(?:primaire|maternelle|élémentaire|publique|privée|communale))?",
    r"[Aa]ssociation", r"[Ff]ondation", r"SARL",
    r"SAS?(?<!\d[ \t]SA)(?<!\d[ \t]SAS)(?=[ \t]+[A-Z][a-z]{3,})", r"SCM", r"SELARL",
    r"SELAS", r"GIE",
    # notaries' and lawyers' offices: "Office notarial du Marais Breton", "SCP Jouan & Bellec"
    r"[Oo]ffice\s+notarial", r"[Éé]tude\s+notariale", r"SCP(?=[ \t]+[A-Z][a-z])",
    # a professional union by its members and its territory: "Syndicat des dermatologues de
    # la Côte d'Azur" (the name after the members must be capitalised)
    r"[Ss]yndicat(?:\s+(?:national|r[ée]gional|d[ée]partemental))?"
    r"(?:\s+(?:des|du|de\s+la|de\s+l['’])\s*[a-zéèêàç]+(?:-[a-zéèêàç]+)?)?",
    r"[Uu]niversit[ée]", r"CRCDC", r"ADMR", r"[Mm]airie",
    r"[Cc]r[èe]che(?:\s+(?:municipale|parentale|collective|familiale|d['’]entreprise))?",
    r"[Cc]lub(?=\s+(?:Les|Le|La|L['’])\s*[A-ZÀ-Ý])",
    r"CR[ÈE]CHE", r"[Mm]ulti-accueil", r"[Aa]uto-[ée]cole", r"AUTO-[ÉE]COLE",
    r"[Ii]nstitution",
    r"[Gg]roupe\s+scolaire", r"[Cc]onservatoire", r"[Aa]cad[ée]mie",
    r"[Ff]acult[ée](?:\s+de\s+(?:[Mm][ée]decine|[Pp]harmacie|[Dd]roit|[Ss]ciences))?",
    rf"[Hh][ôo]tel{HOTEL_NOT_LODGING}",
    r"Optique", r"[Cc]oop[ée]rative(?:\s+agricole)?", r"[Ii]nterpr[ée]tariat",
    r"LABORATOIRE", r"[ÉE]COLE[ \t]+(?:PRIMAIRE|MATERNELLE|[ÉE]L[ÉE]MENTAIRE)", r"COLL[ÈE]GE",
    r"LYC[ÉE]E", r"[ÉE]COLE(?=[ \t]+(?:DE|DU|DES)[ \t]+[A-ZÀ-Ý])",
    r"SCEA", r"EARL", r"GAEC", r"bar(?=[ \t]+(?:Le|La|Les|L['’]|du|des|de)\b)",
    r"[Cc]af[ée]", r"[Bb]rasserie",
    # medico-social homes before their own name ("Foyer d'Accueil d'Urgence Les Pradettes",
    # "Foyer de Vie Les Amandiers"; a lowercase "foyer d'accueil médicalisé" stays outside)
    r"Foyer[ \t]+(?:d['’][Aa]ccueil(?:[ \t]+(?:d['’][Uu]rgence|[Mm][ée]dicalis[ée]))?|"
    r"d['’][Hh][ée]bergement|de[ \t]+[Vv]ie|[ÉEée]ducatif|de[ \t]+[Jj]eunes[ \t]+[Tt]ravailleurs|"
    r"[Dd]['’][Aa]ccueil)",
)  # fmt: skip
# Words of a service or laboratory name that make it generic ("Unité Neurovasculaire",
# "Laboratoire de Biochimie et d'Hématologie"): endings of specialties and adjectives.
GENERIC_NAME_ENDINGS: tuple[str, ...] = (
    "logie", "logique", "ologue", "aire", "atrie", "iatrique", "graphie", "thérapie", "chimie",
    "scopie", "ique", "ale", "aux", "médecine", "chirurgie", "urgences", "soins", "adultes",
    "enfants", "ambulatoire", "intensifs", "continus", "vasculaire",
)  # fmt: skip
GENERIC_NAME_PREFIXES: frozenset[str] = frozenset(
    {"médico", "medico", "psycho", "neuro", "cardio", "gastro", "pneumo", "uro", "onco",
     "hémato", "hemato", "hépato", "hepato", "néphro", "nephro", "endocrino", "rhumato",
     "dermato", "gynéco",
     "obstétrico", "ortho", "socio", "chirurgico", "cardio-vasculaire"}
)  # fmt: skip
# First words of a dash-separated part of a header that names a unit, not a site
# ("Hôpital Beaujon - Bureau des admissions"); the heads count only before generic words
# ("- Clinique de Neurologie", "- Centre Hépato-Biliaire").
SERVICE_PART_WORDS: frozenset[str] = frozenset(
    {"service", "services", "unite", "unites", "departement", "bureau", "consultation",
     "consultations", "laboratoire", "comite", "secteur", "antenne", "pole", "bloc",
     "urgences", "urgence", "hospitalisation", "sau", "ssr", "smr", "accueil", "secretariat",
     "standard", "plateau", "cellule", "equipe", "federation", "dialyse", "dialyses",
     "reanimation", "soins", "medecine", "chirurgie", "imagerie", "explorations", "cac",
     "hdj", "usc", "usic", "uhcd", "umj", "batiment", "pavillon", "etage", "aile"}
)  # fmt: skip
# A head followed by one of these names a unit, not an establishment ("HAD - Antenne Est").
UNIT_NAME_WORDS: frozenset[str] = frozenset(
    {"antenne", "service", "services", "unite", "bureau", "secteur", "pole", "departement",
     "soins", "vih", "sida"}
)  # fmt: skip
SERVICE_PART_HEADS: frozenset[str] = frozenset(
    {"centre", "clinique", "institut", "maternite", "hopital", "plateforme"}
)  # fmt: skip
_PARTICLES_PLAIN: frozenset[str] = frozenset(
    {"de", "du", "des", "d", "la", "le", "les", "l", "et", "a", "au", "aux", "en", "niveau"}
)  # fmt: skip
# Lowercase words that end some establishment names ("Hôpital Necker-Enfants malades").
HOSPITAL_NAME_TAILS = r"[ \t]+(?:malades|réunis|civils)\b"
# Sports clubs: "AS Vincennes", "FC Nantes", "US Créteil" (after a sport cue).
SPORT_CLUB = r"(?:AS|US|FC|RC|SC|AC|ES|CA|JA|SO|OGC|AJ|ASPTT|USM|CS|Stade|Racing|Olympique)"
SPORT_CUES = (
    r"(?i:club|football|foot|rugby|basket|hand(?:ball)?|volley|judo|tennis|athl[ée]tisme|"
    r"natation|licenci[ée]e?|joue(?:ur|use)?|entra[îi]ne(?:ur|use)?|sport(?:if|ive)?|équipe|"
    r"rugby(?:man|woman|wo)|footballeu(?:r|se)|handballeu(?:r|se)|basketteu(?:r|se)|"
    r"volleyeu(?:r|se)|cycliste|nageu(?:r|se)|judoka|pilier|talonneur|espoirs|match|"
    r"f[ée]d[ée]rale|championnat|tournoi)"
)
# Job words before "chez"/"à la" + an employer: "conducteur à la RATP", "cadre chez Renault".
JOB_CUES = (
    r"(?i:travaill(?:e|ait|ent|é)|emploi|employ[ée]e?|salari[ée]e?|cadre|ouvri(?:er|ère)|"
    r"technicien(?:ne)?|ing[ée]nieur(?:e)?|conduct(?:eur|rice)|chauffeur|agent|"
    r"manutentionnaire|caissi(?:er|ère)|vendeu(?:r|se)|comptable|secr[ée]taire|"
    r"int[ée]rimaire|stagiaire|apprentie?|poste|CDI|CDD|embauch[ée]e?|licenci[ée]e?|"
    r"retrait[ée]e?|ancien(?:ne)?|maintenance|magasini(?:er|ère)|livreu(?:r|se)|"
    r"serveu(?:r|se)|cuisini(?:er|ère)|h[ôo]tesse|steward|pilote|m[ée]canicien(?:ne)?|"
    r"op[ée]rat(?:eur|rice)|responsable|directeur|directrice|g[ée]rant(?:e)?|commercial(?:e)?|"
    r"consultant(?:e)?|informaticien(?:ne)?|d[ée]veloppeu(?:r|se)|juriste|avocat(?:e)?|"
    r"professeur|enseignant(?:e)?|[ée]lectricien|plombier|ma[çc]on|peintre|soudeu(?:r|se)|"
    r"contr[ôo]leu(?:r|se)|aide-soignante?|infirmi(?:er|ère)|auxiliaire|assistante?|"
    r"m[ée]tier|profession|travail|cariste|pr[ée]parat(?:eur|rice)|logisticien(?:ne)?|"
    r"docker|couturi(?:er|ère)|soudeu(?:r|se)|fileu(?:r|se)|fileteu(?:r|se)|"
    r"ouvri(?:er|ère)[ \t]+(?:agricole|d['’]usine))"
)
EMPLOYER_PREPOSITIONS = r"chez|[àa][ \t]+la|[àa][ \t]+l['’]|au[ \t]+sein[ \t]+d(?:e|['’]|u)|pour"
# Trigger words before an organisation name; the span is the name only ("société Transports
# Bourgogne Vignes SARL" → "Transports Bourgogne Vignes SARL").
ORG_TRIGGERS: tuple[str, ...] = (
    r"[Ss]ociété", r"[Ee]ntreprise", r"[Mm]utuelle\s*:", r"mutuelle",
    r"[Cc]ompagnie(?:\s+(?:de\s+taxis?|d['’]ambulances|de\s+transport|de\s+bus|"
    r"d['’]assurances?|a[ée]rienne|maritime))?",
    r"(?:[Oo]rganisme\s+)?[Cc]ompl[ée]mentaire(?:\s+sant[ée])?\s*:?",
    r"[Aa]ssur[ée]e?\s+(?:aupr[èe]s\s+d[eu]|chez|à)(?:\s+(?:la|l['’]))?",
    r"[Aa]ffili[ée]e?\s+à(?:\s+la)?",
    r"[Aa]dh[ée]rente?\s+(?:à|de)(?:\s+la)?", r"[Aa]ssureur\s*:?",
    r"[Pp]restataire(?:\s+de\s+santé)?", r"[Ee]mployeur\s*[:,]?", r"EMPLOYEUR\s*:",
    r"[Cc]aisse\s*:",
    r"(?:[Ee]mploy[ée]e?|[Ss]alari[ée]e?|[Tt]ravaill(?:e|ait))\s+(?:par|chez|pour)"
    r"(?:\s+(?:la|le|les|l['’]))?",
    r"[Rr]etrait[ée]e?\s+de\s+(?:la|l['’]|chez)",
    # services and bodies named right after what they do: "téléassistance Vitaris",
    # "plateforme Cardiauto", "médecine du travail ACMS", "coopérative U Casgile"
    r"[Tt][ée]l[ée](?:assistance|surveillance)(?:\s+par)?(?:\s+(?:la|le|l['’]))?(?:\s*\()?",
    r"[Pp]lateforme(?:\s+de\s+t[ée]l[ée]surveillance)?", r"[Mm][ée]decine\s+du\s+travail",
    r"[Mm][ée]decin\s+du\s+travail\s+(?:du|de\s+la|de\s+l['’]|des)",
    r"[Cc]oop[ée]rative", r"[Bb]ailleur(?:\s+social)?(?:\s*:)?",
    r"r[ée]seau(?:\s+(?:r[ée]gional|national|de\s+sant[ée]|de\s+soins|p[ée]rinatal))?",
)  # fmt: skip
# Capitalised words after an ORG trigger that are no organisation name.
# National organisations named without a head word (ORG wherever they appear).
NAMED_ORGS: tuple[str, ...] = (
    r"SOS[ \t]+M[ée]decins", r"Marine[ \t]+nationale", r"Gendarmerie[ \t]+nationale",
    r"Police[ \t]+nationale", r"Arm[ée]e[ \t]+de[ \t]+(?:terre|l['’]air(?:[ \t]+et[ \t]+de"
    r"[ \t]+l['’]espace)?)", r"[Mm]inist[èe]re[ \t]+(?:des|de[ \t]+la|de[ \t]+l['’]|du)"
    r"[ \t]*[A-ZÉÈ][a-zéèêàç]+(?:[ \t]+et[ \t]+(?:des|de[ \t]+la)[ \t]+[A-ZÉÈ][a-zéèêàç]+)*",
    r"France[ \t]+Travail", r"P[ôo]le[ \t]+[Ee]mploi", r"Doctolib",
    # veterans' and wounded soldiers' bodies, military schools
    r"[Oo]ffice[ \t]+[Nn]ational[ \t]+des[ \t]+[Cc]ombattants[ \t]+et[ \t]+des[ \t]+[Vv]ictimes"
    r"[ \t]+de[ \t]+[Gg]uerre",
    r"OFFICE[ \t]+NATIONAL[ \t]+DES[ \t]+COMBATTANTS[ \t]+ET[ \t]+DES[ \t]+VICTIMES[ \t]+DE"
    r"[ \t]+GUERRE",
    r"[Ss]ervice[ \t]+d[ée]partemental[ \t]+de[ \t]+l['’]ONACVG(?:[ \t]+(?:de[ \t]+la|"
    r"de[ \t]+l['’]|du|des|de|d['’])[ \t]*[A-ZÉ][\w'’-]+(?:[ \t-][A-ZÉ][\w'’-]+)*)?",
    r"[Bb]ataillon[ \t]+de[ \t]+marins-pompiers(?:[ \t]+de[ \t]+Marseille)?",
    r"[Cc]ellule[ \t]+d['’]aide[ \t]+aux[ \t]+bless[ée]s[ \t]+de[ \t]+l['’][Aa]rm[ée]e[ \t]+de"
    r"[ \t]+[Tt]erre", r"CABAT",
    r"[ÉéEe]cole[ \t]+de[ \t]+l['’][Aa]ir(?:[ \t]+et[ \t]+de[ \t]+l['’][Ee]space)?",
    r"[ÉéEe]cole[ \t]+[Nn]avale", r"[Ee]cole[ \t]+[Ss]p[ée]ciale[ \t]+[Mm]ilitaire",
    # a national professional union by its members: "Syndicat national des
    # dermatologues-vénéréologues"
    r"[Ss]yndicat[ \t]+national[ \t]+des[ \t]+[a-zéèêàç]{4,}(?:-[a-zéèêàç]{4,})?",
    # with its county committee: "Ligue contre le cancer – comité du Gers"
    r"Ligue[ \t]+(?:nationale[ \t]+)?contre[ \t]+(?:le[ \t]+cancer|l['’]ob[ée]sit[ée])"
    r"(?:[ \t]*[–-]?[ \t]*(?:[Cc]omit[ée][ \t]+)?(?:de[ \t]+la|de[ \t]+l['’]|du|des|de|d['’])"
    r"[ \t]*[A-ZÉÈÎ][\w'’]*(?:-[\w'’]+)*)?",
    r"LIGUE[ \t]+(?:NATIONALE[ \t]+)?CONTRE[ \t]+(?:LE[ \t]+CANCER|L['’]OB[ÉE]SIT[ÉE])"
    r"(?:[ \t]*[–-]?[ \t]*(?:COMIT[ÉE][ \t]+)?(?:DE[ \t]+LA|DE[ \t]+L['’]|DU|DES|DE|D['’])"
    r"[ \t]*[A-ZÉÈÎ][\w'’]*(?:-[\w'’]+)*)?", r"Croix-Rouge(?:[ \t]+fran[çc]aise)?",
    r"Restos[ \t]+du[ \t]+C(?:œ|oe)ur", r"Restaurants[ \t]+du[ \t]+C(?:œ|oe)ur",
    r"Secours[ \t]+(?:populaire|catholique)(?:[ \t]+fran[çc]ais)?", r"Emma[üu]s",
    r"[ÉE]tablissement[ \t]+fran[çc]ais[ \t]+du[ \t]+sang", r"Agence[ \t]+de[ \t]+la"
    r"[ \t]+biom[ée]decine", r"France[ \t]+Greffe[ \t]+de[ \t]+Moelle",
    r"Samu[ \t]*[Ss]ocial(?:[ \t]+(?:de[ \t]+Paris|international))?",
    r"Grand[ \t]+Port[ \t]+Maritime(?:[ \t]+(?:de|du|de[ \t]+la)[ \t]+[A-ZÉÈ][\w-]+)?",
    r"Registre[ \t]+France[ \t]+Greffe[ \t]+de[ \t]+Moelle", r"Alcooliques[ \t]+Anonymes",
    r"Narcotiques[ \t]+Anonymes", r"ANSM", r"CNIL", r"ONIAM", r"Sant[ée][ \t]+publique[ \t]+France",
    # the nuclear-safety authority (ASNR since 2025) and a foreign health insurer (Québec)
    r"ASNR", r"IRSN", r"RAMQ",
    # the Assurance Maladie's site and portal for professionals ("transmis via ameli",
    # "télétransmis via amelipro"), the referral platform written in two words, the
    # ombudsman
    r"[Aa]meli(?:[Pp]ro)?(?!\.\w)", r"AMELI(?:PRO)?(?!\.\w)", r"[Vv]ia[ \t]+[Tt]rajectoire",
    r"VIA[ \t]+TRAJECTOIRE", r"D[ée]fenseur[ \t]+des[ \t]+[Dd]roits",
    r"AFPA", r"ADOMA", r"Adoma", r"Tabac[ \t]+Info[ \t]+Service", r"PFG(?:[ \t]+[A-Z][a-zé]+"
    r"(?:[ \t]+\d{1,2}(?!\d))?)?", r"CNR[ \t]+(?:des?[ \t]+)?[A-Z][\w-]+",
    r"Maison[ \t]+d[ée]partementale(?:-m[ée]tropolitaine)?[ \t]+(?:des[ \t]+personnes[ \t]+"
    r"handicap[ée]es|de[ \t]+l['’]autonomie|d['’]action[ \t]+sociale|de[ \t]+la[ \t]+solidarit[ée]|"
    r"des[ \t]+solidarit[ée]s)(?:[ \t]+"
    r"(?:de[ \t]+la|de|du|des|d['’])[ \t]*[A-ZÉÈ][\w'’-]+)?",
    r"CROUS", r"Crous",
    # national bodies, associations and companies whose name is no common word or surname
    r"[ÉE]ducation[ \t]+nationale", r"AFM-T[ée]l[ée]thon", r"APF[ \t]+France[ \t]+handicap",
    r"France[ \t]+(?:Alzheimer|Parkinson|Rein|AVC|Assos[ \t]+Sant[ée])(?=[ \t]*(?:[,.;:)(]|$))",
    r"UNAFAM(?:[ \t]+(?:\d{2}|2[AB])(?![\w-]))?", r"CNED", r"CRAT",
    r"Petits[ \t]+Fr[èe]res[ \t]+des[ \t]+Pauvres", r"COFRAC", r"ViaTrajectoire",
    r"VIATRAJECTOIRE", r"Viatrajectoire",
    r"Agirc-Arrco", r"GRDF", r"GRTgaz", r"OFSEP", r"Asalée", r"Asalee", r"ASALEE", r"DCNS?",
    r"CPRP(?:[ \t]+SNCF)?", r"SSGM",
    r"Service[ \t]+de[ \t]+sant[ée][ \t]+des[ \t]+gens[ \t]+de[ \t]+mer"
    r"(?:[ \t]+(?:de|d['’])[ \t]*[A-ZÉ][\w'’-]+)?",
    r"Maison[ \t]+du[ \t]+D[ée]partement(?:[ \t]+(?:de|d['’])[ \t]*[A-ZÉ][\w'’-]+)?",
    r"[Pp]lateforme[ \t]+d['’]accompagnement[ \t]+et[ \t]+de[ \t]+r[ée]pit"
    r"(?:[ \t]+(?:de|du|des|d['’])[ \t]*[A-ZÉ][\w'’-]+)?",
    r"Association[ \t]+pour[ \t]+la[ \t]+recherche[ \t]+sur[ \t]+la[ \t]+SLA",
    r"CRS[ \t]+(?:[Aa]utorouti[èe]re|AUTOROUTI[ÈE]RE)(?:[ \t]+[A-ZÉ][\w-]+)*",
    r"[Oo]ffice[ \t]+(?:public[ \t]+)?[a-zé-]+[ \t]+de[ \t]+l['’][Hh]abitat",
    r"Alstom(?:[ \t]+(?:Marine|Transport|Power|Grid))?", r"Puy[ \t]+du[ \t]+Fou",
    r"Office[ \t]+national[ \t]+des[ \t]+for[êe]ts",
    r"Caisses?[ \t]+[Ss]ociales[ \t]+de[ \t]+Monaco",
    # "médecin de l'éducation nationale"
    r"é(?<=de[ \t]l['’]é)ducation[ \t]+nationale",
    r"Enedis", r"SNCF", r"RATP", r"Elior", r"Sodexo",
    # the Assurance Maladie's return-home programme after a birth or a stay ("sortie PRADO")
    r"PRADO",
    # remote-alarm providers, a suicide-prevention scheme, a glucose-data platform
    # (plain names are read in capitals in the recased copy of the line, `detect/casing.py`;
    # a name with an optional part is not, hence its form in capitals)
    r"Pr[ée]sence[ \t]+Verte", r"Filien(?:[ \t]+ADMR)?", r"FILIEN(?:[ \t]+ADMR)?",
    r"VigilanS", r"LibreView",
    # the département's unit for reports of children at risk, however it is spelled
    r"[Cc](?i:ellule[ \t]+(?:d[ée]partementale[ \t]+)?de[ \t]+recueil(?:[ \t]*,?[ \t]+"
    r"(?:d['’][ée]valuation|de[ \t]+traitement|et)){0,4}[ \t]+des[ \t]+(?:informations[ \t]+"
    r"pr[ée]occupantes|IP))(?:[ \t]+(?i:de[ \t]+la|de[ \t]+l['’]|du|des|de|d['’])[ \t]*"
    r"[A-ZÉÈ][\w'’-]+(?:[ \t]*-[ \t]*[A-ZÉÈ][\w'’-]+)*)?",
    r"La[ \t]+Poste(?![ \t]+(?:restante|de[ \t]+soins))", r"Chronopost", r"Keolis",
    r"Transdev", r"Sciences[ \t]+Po(?:[ \t]+(?:Paris|Lyon|Bordeaux|Lille|Grenoble|Rennes|"
    r"Toulouse|Aix|Strasbourg))?", r"S[ée]curit[ée][ \t]+civile", r"Assurance[ \t]+maladie",
    # national funds and bodies known by their acronym, patients' associations, hearing-aid,
    # optical, orthotics and laboratory networks ("audioprothésiste : Amplifon", "prothèse
    # par Proteor", "laboratoire Biogroup")
    r"FIVA", r"FIVP", r"CSSM",
    r"Fonds[ \t]+d['’]indemnisation[ \t]+des[ \t]+victimes[ \t]+(?:de[ \t]+l['’]amiante|"
    r"des?[ \t]+pesticides)",
    r"ENIM", r"ONF", r"ONAC(?:VG)?", r"ARSLA", r"CNSA", r"AGEFIPH", r"FIPHFP",
    r"AIDES(?![ \t]*[A-ZÀ-Ý])(?<![A-ZÀ-Ý][ \t]AIDES)", r"COMEDE", r"Comede", r"Cimade",
    r"M[ée]decins[ \t]+(?:du[ \t]+Monde|sans[ \t]+fronti[èe]res)", r"Coallia",
    r"m[ée]decins[ \t]+(?:du[ \t]+monde|sans[ \t]+fronti[èe]res)",
    # asylum: the national office and court, the associations that house and advise
    r"OFPRA", r"CNDA",
    # trade unions: "délégué CFDT", "élu CGT"
    r"CFDT", r"CGT", r"CFTC", r"CFE-CGC", r"UNSA", r"Force[ \t]+[Oo]uvri[èe]re",
    r"Forum[ \t]+[Rr][ée]fugi[ée]s(?:[- ]Cosi)?", r"Utopia[ \t]+56",
    r"Dom['’]Asile", r"GUDA(?:[ \t]+(?:de[ \t]+|d['’])[A-ZÀ-Ý][\w'’-]+)?",
    r"France[ \t]+terre[ \t]+d['’]asile", r"France[ \t]+Victimes",
    r"Habitat[ \t]+et[ \t]+Humanisme", r"Vaincre[ \t]+la[ \t]+Mucoviscidose",
    r"CROSS[ \t]+[A-ZÉÈ][\w-]+", r"P[ée]rinat[ \t]+[A-Z][\w-]+",
    r"Amplifon", r"Audika", r"Audition[ \t]+(?:Mutualiste|Conseil|Sant[ée])", r"Proteor",
    r"Lagarrigue", r"Ottobock", r"Optical[ \t]+Center", r"Afflelou", r"Optic[ \t]+2000",
    r"Biogroup", r"Cerballiance", r"Synlab", r"Eurofins(?:[ \t]+Biomnis)?", r"Biomnis",
    r"Inovie", r"Unilabs", r"Bioclinic",
    # large employers whose name is no common word, place or frequent surname ("retraité de
    # Vinci Construction", "ouvrier chez Airbus"), European and international institutions
    r"Vinci(?<![Dd]a[ \t]Vinci)(?:[ \t]+(?:Construction|Autoroutes|Energies|[ÉE]nergies|Airports|"
    r"Immobilier))?",
    r"Bouygues(?:[ \t]+(?:Construction|B[âa]timent|Telecom|Immobilier))?", r"Eiffage",
    r"Airbus(?:[ \t]+(?:Helicopters|Defence(?:[ \t]+and[ \t]+Space)?))?", r"Stellantis",
    r"Michelin", r"Sollac", r"Usinor", r"Safran",
    r"Thales", r"TotalEnergies", r"ArcelorMittal", r"Dassault"
    r"[ \t]+(?:Aviation|Syst[èe]mes)", r"Naval[ \t]+Group", r"Sanofi", r"Servier",
    r"Danone", r"Lactalis", r"Veolia", r"Engie", r"Decathlon", r"Intermarch[ée]", r"Auchan",
    r"Lidl", r"Manpower", r"Adecco", r"Randstad", r"Derichebourg", r"Air[ \t]+France",
    r"Boiron", r"Futuroscope", r"Aircalin", r"Air[ \t]+Tahiti(?:[ \t]+Nui)?", r"TCL",
    r"Tiss[ée]o", r"Ile[ \t]+de[ \t]+France[ \t]+Mobilit[ée]s|Île-de-France[ \t]+Mobilit[ée]s",
    # private hospital groups, home-care providers, sports federations, overseas social funds
    r"Ramsay[ \t]+(?:Sant[ée]|G[ée]n[ée]rale[ \t]+de[ \t]+Sant[ée])", r"Vivalto[ \t]+Sant[ée]",
    r"Elsan", r"Almaviva[ \t]+Sant[ée]", r"Korian", r"Clariane", r"DomusVi", r"Orpea",
    r"LNA[ \t]+Sant[ée]", r"UGECAM(?:[ \t]+[A-ZÉ][\w-]+)?", r"LVL[ \t]+M[ée]dical",
    r"CARSAT[ \t]+(?:Nord|Sud|Centre)(?:-(?:Est|Ouest|Picardie|Val[ \t]+de[ \t]+Loire))?",
    r"Bastide[ \t]+(?:le[ \t]+)?Confort[ \t]+M[ée]dical", r"Asten[ \t]+Sant[ée]",
    r"Air[ \t]+Liquide(?:[ \t]+(?:Sant[ée]|Healthcare))?", r"ADEP[ \t]+Assistance",
    r"FF(?:R|F|BB|HB|T|N|A|C|G|E|S|Tri|ME|SA)(?=[ \t]*(?:[,.;)]|n°|$|(?:par|et|pour)\b))",
    r"CAFAT", r"CPS(?=[ \t]*\((?i:dossier|demande))",
    # diabetes data platforms the patient shares readings on ("données partagées sur Glooko")
    r"Glooko", r"LibreView", r"Tidepool", r"CareLink",
    # national services and bodies named as a whole ("orienté vers Tabac Info Service")
    r"[Tt]abac[ \t]+[Ii]nfo[ \t]+[Ss]ervice",
    r"[Cc]entre[ \t]+national[ \t]+de[ \t]+r[ée]f[ée]rence[ \t]+"
    r"(?:du|des|de[ \t]+la|de[ \t]+l['’]|de|d['’])"
    r"[ \t]*[\w'’-]+", r"Unicancer", r"UNICANCER", r"NetSarc",
    r"VigilanS", r"Betclic", r"Winamax", r"ANJ", r"APALIB",
    r"Carrefour(?:[ \t]+(?:Market|City|Contact|Express|Montagne))?", r"Fnac", r"FNAC",
    r"Manurhin", r"ABRAPA", r"DGCCRF", r"Syst[èe]me[ \t]+U(?:[ \t]+(?:Ouest|Est|Nord-Ouest|Sud))?",
    r"Champagne[ \t]+(?!Ardennes?\b)[A-Z][a-z]+(?:-[A-Z][a-z]+)?",
    r"Maison[ \t]+de[ \t]+la[ \t]+Femme,?[ \t]+de[ \t]+la[ \t]+M[èe]re[ \t]+et[ \t]+de[ \t]+"
    r"l['’]Enfant",
    r"BASTIDE[ \t]+(?:LE[ \t]+)?CONFORT[ \t]+M[ÉE]DICAL",
    r"TABAC[ \t]+INFO[ \t]+SERVICE", r"SignalConso",
    r"Centre[ \t]+spatial[ \t]+guyanais", r"CSG(?=[ \t]*(?:\)|,|\.|$))",
    r"[0123456789]\d[ \t]+Habitat",
    r"Vivisol", r"Linde[ \t]+(?:Homecare|Healthcare)", r"Orkyn", r"SOS[ \t]+Oxyg[èe]ne",
    r"Oxypharm", r"Elivie", r"Homeperf",
    r"Isis[ \t]+M[ée]dical",
    # dialysis associations and networks, home-help associations, national health bodies
    r"ALURAD", r"AURAL", r"AGDUC", r"AVODD", r"ALTIR", r"AUB[ \t]+Sant[ée]", r"ARTIC[ \t]+42",
    r"AIDER[ \t]+Sant[ée]", r"Calydial", r"Diaverum",
    r"AMAPA", r"Filien(?:[ \t]+ADMR)?", r"HCSP", r"CECOS[ \t]+[A-Z][\w'’-]+",
    r"Mon[ \t]+[Ee]space[ \t]+[Ss]ant[ée]", r"MON[ \t]+ESPACE[ \t]+SANT[ÉE]",
    r"Mes[ \t]+Vaccins",
    # the secure health messaging service, named as the way a letter goes ("envoyé par
    # MSSanté", "MSSanté : dr.x@medecin.mssante.fr"; inside the address it is the e-mail's),
    # and the platforms a record or a device's readings are shared on
    r"MSSant[ée](?!\.\w)", r"MSSANT[ÉE](?!\.\w)", r"Mssant[ée](?!\.\w)",
    r"mssant[ée](?![.@\w-])",
    r"Omnidoc", r"OMNIDOC", r"AirView", r"AIRVIEW", r"MyDiabby", r"myDiabby",
    r"Satelia[ \t]+Cardio", r"Chronic[ \t]+Care[ \t]+Connect",
    # national bodies in an export typed in capitals
    r"SOS[ \t]+M[ÉE]DECINS", r"[ÉE]TABLISSEMENT[ \t]+FRAN[ÇC]AIS[ \t]+DU[ \t]+SANG",
    r"F[ée]d[ée]ration[ \t]+[Ff]ran[çc]aise[ \t]+(?:de[ \t]+la[ \t]+|de[ \t]+l['’]|des[ \t]+|"
    r"du[ \t]+|de[ \t]+|d['’])[A-ZÉ][\w'’-]+",
    r"France[ \t]+Alzheimer(?:[ \t]+[A-Z][\w'’-]+(?:[ \t]+(?:et[ \t]+)?[A-Z][\w'’-]+){0,2})?",
    # insurers and accident funds across the borders (frontier workers)
    r"AOK(?:[ \t]+[A-ZÄÖÜ][\w-]+(?:/[A-ZÄÖÜ][\w-]+)?)?", r"Techniker[ \t]+Krankenkasse",
    r"Barmer", r"DAK(?:-Gesundheit)?", r"BKK[ \t]+[A-ZÄÖÜ][\w-]+", r"IKK[ \t]+[A-ZÄÖÜ][\w-]+",
    r"BG[ \t]+(?:Holz[ \t]+und[ \t]+Metall|BAU|ETEM|RCI|Verkehr)", r"BGHM", r"BGW",
    r"Berufsgenossenschaft(?:[ \t]+[A-ZÄÖÜ][\w-]+(?:[ \t]+und[ \t]+[A-ZÄÖÜ][\w-]+)?)?",
    r"Suva", r"Association[ \t]+d['’]assurance[ \t]+accident",
    r"CatSalut", r"INSS", r"Seguridad[ \t]+Social", r"OFII",
    # administrations named in full: "Direction des services départementaux de l'Éducation
    # nationale de la Haute-Vienne", "Direction générale de l'éducation et des enseignements"
    r"Direction[ \t]+(?:g[ée]n[ée]rale|r[ée]gionale|d[ée]partementale|des[ \t]+services"
    r"[ \t]+d[ée]partementaux)[ \t]+(?:de[ \t]+l['’]|de[ \t]+la[ \t]+|des[ \t]+|du[ \t]+|de[ \t]+)"
    r"[\w'’-]+(?:[ \t]+(?:et|de|des|du|la|le|l['’]|d['’]|[\w'’-]+)){0,9}?"
    r"(?=[ \t]*(?:[.,;:)(]|\n|$))",
    r"Commission[ \t]+europ[ée]enne", r"Parlement[ \t]+europ[ée]en",
    r"Conseil[ \t]+de[ \t]+l['’]Europe", r"Banque[ \t]+centrale[ \t]+europ[ée]enne",
    r"Cour[ \t]+de[ \t]+justice[ \t]+de[ \t]+l['’]Union[ \t]+europ[ée]enne",
    # universities named before the word: "Sorbonne Université", "Aix-Marseille Université"
    r"[ABCDEFGHIJKLMNOPQRSTUVWXYZÉ][a-zé]+(?:-[A-Z][a-zé]+)*[ \t]+Universit[ée]"
    r"(?![ \t]+(?:de|d['’]))",
    r"L[ea][ \t]+[A-ZÉ][a-zé]+(?:-[A-Z][a-zé]+)*[ \t]+Universit[ée](?![ \t]+(?:de|d['’]))",
)
ORG_NOT_NAMES: frozenset[str] = frozenset({"m", "mme", "dr", "pr", "le", "la", "les"})
# Bare categories of public body, no organisation name on their own ("Caisse : CPAM").
BARE_BODIES: frozenset[str] = frozenset(
    {"cpam", "caf", "msa", "cgss", "mdph", "urssaf", "carsat", "rsi", "cnav", "ccas"}
)  # fmt: skip
# Banks and insurers known by their own name, proposed anywhere; a regional bank may carry
# its territory after it ("Crédit Agricole Normandie").
NAMED_FINANCIAL: tuple[str, ...] = (
    r"Cr[ée]dit[ \t]+(?:Agricole|Mutuel|Lyonnais|Coop[ée]ratif)|CR[ÉE]DIT[ \t]+(?:AGRICOLE|"
    r"MUTUEL|LYONNAIS)", r"Banque[ \t]+Populaire",
    r"Caisse[ \t]+d['’][ÉEé]pargne", r"Soci[ée]t[ée][ \t]+G[ée]n[ée]rale",
    r"BNP[ \t]+Paribas", r"La[ \t]+Banque[ \t]+Postale", r"MAIF", r"MACIF", r"MAAF",
    r"MATMUT", r"Matmut", r"Groupama",
    r"AXA(?:[ \t]+(?:Entreprises|ENTREPRISES|Pr[ée]voyance|France|Global[ \t]+Healthcare))?",
    r"Allianz", r"Generali", r"AG2R(?:[ \t]+La"
    r"[ \t]+Mondiale)?", r"Malakoff[ \t]+Humanis", r"Swiss[ \t]+Life", r"CNP[ \t]+Assurances",
    r"Mutualit[ée][ \t]+chr[ée]tienne", r"Mutualit[ée]s[ \t]+[Ll]ibres", r"Solidaris",
    r"Partenamut", r"Mutuaide", r"Europ[ \t]+Assistance", r"Mondial[ \t]+Assistance",
    r"AXA[ \t]+Assistance", r"Vitalaire", r"VitalAire", r"MGEN", r"Aésio", r"AÉSIO", r"Apivia",
    r"Pacifica", r"Covéa", r"SMACL", r"MAPFRE", r"Helsana", r"Swica", r"Visana", r"Sanitas",
    r"Assura", r"Atupri", r"Concordia", r"Groupe[ \t]+Mutuel",
    r"Cigna(?:[ \t]+Global)?", r"Bupa(?:[ \t]+Global)?", r"Allianz[ \t]+Care", r"Henner",
    r"April[ \t]+International", r"MSH[ \t]+International",
    r"Mapfre(?:[ \t]+Asistencia)?",
    # health insurers of tourists and frontier workers, and students' mutual insurers
    r"SOLIDARIS", r"PARTENAMUT", r"MUTUALIT[ÉE][ \t]+(?:SOCIALISTE|CHR[ÉE]TIENNE)",
    r"Mutualit[ée][ \t]+socialiste", r"Zilveren[ \t]+Kruis", r"Menzis", r"Adeslas", r"Asisa",
    r"HEYME", r"Heyme", r"LMDE", r"SMERRA", r"SMEREP", r"Vittavi",
)  # fmt: skip
# Insurers whose acronym is ambiguous: only with an insurance or bank word on the line.
CUED_FINANCIAL = r"MMA|GMF|MNH|MNT|MAE|CIC|LCL|SMA|MAF|CNS|NFZ|VGZ|DKV"
FINANCIAL_CUES = (
    r"(?i:assur|contrat|mutuelle|sinistre|pr[êe]t|banque|bancaire|compl[ée]mentaire|"
    r"adh[ée]rent|police[ \t]+n|emprunt|pr[ée]voyance|ceam|caisse|matricule|affili[ée])"
)
# A proper name then a generic word of the trade: "Harmonie Mutuelle", "Paris Habitat",
# "Alpha Interprétariat", "Ouest Intérim Services" (the whole is the organisation).
ORG_TAIL_WORDS = (
    r"Mutuelle|Habitat|Interpr[ée]tariat|Int[ée]rim|Assurances?|Ambulances|Taxis|"
    r"Transports|Pr[ée]voyance|Immobilier|Logement|"
    # a sports club named before the word: "Toulouse Gym Club", "Ré Kite Club"
    r"Club"
)
ORG_TAIL_NOT_BEFORE: frozenset[str] = frozenset(
    {"la", "le", "les", "sa", "son", "ses", "une", "un", "cette", "carte", "cmu", "css",
     "ame", "ald", "cmuc", "et", "ou", "votre", "notre", "leur", "sans", "avec", "sécurité",
     "securite", "sociale", "complémentaire", "complementaire", "santé", "sante", "pas",
     "aucune", "aucun", "nom", "type", "organisme"}
)  # fmt: skip
# Companies and bodies introduced by a head noun that is part of the name ("Pompes Funèbres
# Martin", "Ambulances du Lac", "Groupe Dumas", "Chantiers navals de l'Estuaire").
ORG_NAMED_HEADS: tuple[str, ...] = (
    r"[Pp]ompes[ \t]+[Ff]un[èe]bres", r"POMPES[ \t]+FUN[ÈE]BRES", r"Ambulances?",
    r"AMBULANCES", r"Taxis?", r"TAXI",
    r"Groupe(?![ \t]+(?i:hospitalier|scolaire|sanguin|hospitalo))", r"Chantiers?(?:[ \t]+"
    r"navals)?", r"Foyer(?=[ \t]+[A-ZÉÈ])", r"Santé[ \t]+[Tt]ravail", r"Yacht[ \t]+Club",
    r"Tennis[ \t]+Club", r"Golf[ \t]+Club", r"Club(?=[ \t]+(?:[A-ZÉÈ]|de[ \t]+[A-ZÉÈ]))",
    r"foyer(?=[ \t]+[A-ZÉÈ]{2})", r"R[ée]seau(?=[ \t]+[A-ZÉÈ])",
    r"Armement(?=[ \t]+[A-ZÉÈ])", r"ARMEMENT(?=[ \t]+[A-ZÉÈ])",
    r"Cercle(?=[ \t]+[A-ZÉÈ])", r"cercle(?=[ \t]+[A-ZÉÈ][a-zé]+[ \t]+[A-ZÉÈ])",
    # the old industrial employers of a work history: "Mines de Landres", "Forges de
    # l'Adour", "Houillères du Bassin de Lorraine", "Faïenceries de Sarreguemines"
    *(rf"{head}(?=[ \t]+(?:de|du|des|d['’]))" for head in (
        r"Mines", r"Forges", r"Houill[èe]res", r"Aci[ée]ries", r"Salines", r"Fa[ïi]enceries",
        r"Verreries", r"Papeteries", r"Tuileries", r"Filatures", r"Tissages", r"Laminoirs",
        r"Ardoisi[èe]res")),
)  # fmt: skip
# Generic words after such a head that make no company name ("Ambulance VSL", "Taxi VSL").
ORG_HEAD_GENERIC_NAMES: frozenset[str] = frozenset(
    {"vsl", "smur", "samu", "vsav", "sdis", "umh", "assu", "sanitaire", "sanitaires", "privée",
     "privee", "agréée", "agreee", "conventionné", "conventionne", "médicalisé", "medicalise",
     "ars", "cpam", "urgence", "urgences"}
)  # fmt: skip
# Airlines: "Air" + a place name ("Air Tahiti"), or + any name after a flight word.
FLIGHT_CUES = r"(?i:vol|billet|compagnie|avion|a[ée]rien(?:ne)?|embarqu\w*|escale|navigant\w*)"
# Words that cannot name a "Groupe"/"Club"/"Foyer" (medical groups, pedigree classes).
ORG_HEAD_NOT_NAMES: frozenset[str] = frozenset(
    {"abo", "hla", "rhesus", "rh", "sanguin", "i", "ii", "iii", "iv", "v", "vi", "a", "b",
     "c", "d", "o", "ab", "de", "du", "des", "la", "le", "les", "l"}
)  # fmt: skip
# Public bodies named with their territory, which stays inside ("tribunal judiciaire de
# Nantes", "commissariat du 18e arrondissement", "parquet de Brest", "CGSS de Guadeloupe",
# "mairie du 14e arrondissement", "Chambre d'agriculture du Cantal", "EDS de Bondy").
PUBLIC_BODY_HEADS = (
    r"commissariat(?:[ \t]+(?:central|de[ \t]+police|principal|subdivisionnaire))?|"
    r"h[ôo]tel[ \t]+de[ \t]+police|"
    r"p[ôo]le[ \t]+social[ \t]+du[ \t]+tribunal[ \t]+judiciaire|"  # "Pôle social du tribunal …"
    r"tribunal(?:[ \t]+(?:judiciaire|de[ \t]+grande[ \t]+instance|d['’]instance|"
    r"de[ \t]+proximit[ée]|administratif|de[ \t]+commerce|pour[ \t]+enfants|correctionnel))?|"
    r"TJ|TGI|cour[ \t]+d['’](?:appel|assises)|"
    r"parquet(?:[ \t]+(?:g[ée]n[ée]ral|du[ \t]+tribunal[ \t]+judiciaire))?|"
    r"brigade[ \t]+(?:de[ \t]+recherches?|territoriale(?:[ \t]+autonome)?|de[ \t]+gendarmerie|"
    r"de[ \t]+proximit[ée]|motoris[ée]e|des[ \t]+mineurs|de[ \t]+protection[ \t]+des[ \t]+"
    r"familles|de[ \t]+sapeurs-pompiers)|"
    r"compagnie[ \t]+de[ \t]+gendarmerie(?:[ \t]+d[ée]partementale)?|"
    r"groupement[ \t]+de[ \t]+gendarmerie(?:[ \t]+d[ée]partementale)?|"
    r"escadron[ \t]+de[ \t]+gendarmerie(?:[ \t]+d[ée]partementale)?|"
    r"gendarmerie|police[ \t]+municipale|rectorat|inspection[ \t]+acad[ée]mique|"
    r"bataillon[ \t]+de[ \t]+marins-pompiers|centre[ \t]+de[ \t]+secours(?:[ \t]+principal)?|"
    r"caserne[ \t]+(?:des[ \t]+)?(?:sapeurs-)?pompiers|"
    r"service[ \t]+(?:interentreprises[ \t]+|inter-entreprises[ \t]+)?de[ \t]+sant[ée][ \t]+"
    r"au[ \t]+travail|office[ \t]+public[ \t]+de[ \t]+l['’]habitat|"
    r"mairie(?:[ \t]+annexe)?|h[ôo]tel[ \t]+de[ \t]+ville|mission[ \t]+locale|"
    r"inspection[ \t]+du[ \t]+travail|"
    r"barreau|ordre[ \t]+des[ \t]+avocats|"
    r"chambre[ \t]+(?:d['’]agriculture|de[ \t]+commerce(?:[ \t]+et[ \t]+d['’]industrie)?|"
    r"des[ \t]+m[ée]tiers(?:[ \t]+et[ \t]+de[ \t]+l['’]artisanat)?)|"
    r"maison[ \t]+(?:d[ée]partementale[ \t]+)?(?:des[ \t]+solidarit[ée]s|de[ \t]+la[ \t]+"
    r"solidarit[ée](?:[ \t]+d[ée]partementale)?)|"
    r"espace[ \t]+d[ée]partemental[ \t]+des[ \t]+solidarit[ée]s|EDS|MDS|"
    # prisons and their health units: "centre pénitentiaire pour femmes de Rennes",
    # "maison d'arrêt de Sequedin", "unité sanitaire de Fresnes"
    r"centre[ \t]+p[ée]nitentiaire(?:[ \t]+pour[ \t]+(?:femmes|hommes|mineurs))?|"
    r"maison[ \t]+d['’]arr[êe]t(?:[ \t]+pour[ \t]+(?:femmes|hommes))?|maison[ \t]+centrale|"
    r"centre[ \t]+de[ \t]+d[ée]tention|centre[ \t]+de[ \t]+semi-libert[ée]|"
    r"unit[ée][ \t]+sanitaire(?:[ \t]+en[ \t]+milieu[ \t]+p[ée]nitentiaire)?|"
    r"USMP|UCSA|s[ûu]ret[ée][ \t]+(?:d[ée]partementale|urbaine)|"
    r"peloton[ \t]+de[ \t]+gendarmerie(?:[ \t]+de[ \t]+haute[ \t]+montagne)?|"
    r"[ée]cole[ \t]+du[ \t]+ski[ \t]+fran[çc]ais|ESF|"
    r"CGSS|URSSAF|CMSA|CNAV|DDPP|SPIP|DSDEN|OPH|CRAMIF|CARSAT|"
    # the social security of Saint-Pierre-et-Miquelon and French Polynesia
    r"caisse[ \t]+de[ \t]+pr[ée]voyance[ \t]+sociale"
)
# National bodies known by an acronym alone: fire brigades and air navigation services.
NAMED_PUBLIC_BODIES = r"BSPP|BMPM|DSNA|DGAC|SDMIS"
# Workplaces before an employer's name ("entrepôt Amazon", "usine Renault de Flins"): the
# name is the organisation, a trailing town is left to the CITY detector.
WORKPLACE_HEADS = (
    r"entrep[ôo]ts?|usines?|magasins?|supermarch[ée]s?|hypermarch[ée]s?|restaurant|"
    r"boulangerie|garage|agence(?:[ \t]+d['’]int[ée]rim)?|chantier(?:[ \t]+naval)?|"
    r"conserverie|fromagerie|"
    r"laiterie|abattoir|salaisons?|biscuiterie|chocolaterie|brasserie|scierie|menuiserie|"
    r"charcuterie|imprimerie|fonderie|verrerie"
)
# Bodies tied to a territory: "SAMU 21", "SMUR de Beaune", "CPAM de Côte-d'Or".
ORG_TERRITORIAL: str = (
    r"SAMU|SMUR|SDIS|CPAM|MDPH|CAF|CCAS|ARS|CRAM|CARSAT|MSA|PMI|CLIC|EFS|UDAF|PGHM|DDETS|DREETS|"
    r"ADEVA|ADDEVA|SIST|AIST|SPST|SSTI|SPSTI|AMETRA|ACMS|ANPAA|ADMR|[Ss]apeurs-[Pp]ompiers|SAPEURS-POMPIERS|"
    r"PCO|PTA|DAC|CRS|SIS|CPTS|"
    r"SIAO|CRIP|ASE|SEM|SIVOM|SIVU|SIVOS|PDP|CADA|HUDA|CAES|PRAHDA|"
    r"MDA(?=[ \t]+(?:\d{2}|2[AB])(?![\w-]))|SAPAD|samu(?=[ \t]+\d)|"
    r"smur(?=[ \t]+\d)|Ville(?=[ \t]+d)|VILLE(?=[ \t]+D)|"
    r"[Pp]r[ée]fecture|PR[ÉE]FECTURE|[Ss]ous-[Pp]r[ée]fecture|"
    r"[Cc]onseil[ \t]+(?:d[ée]partemental|r[ée]gional|g[ée]n[ée]ral)|"
    r"CONSEIL[ \t]+(?:D[ÉE]PARTEMENTAL|R[ÉE]GIONAL)|"
    # the CPAM and the CAF written out: "Caisse primaire d'assurance maladie de la Gironde"
    r"[Cc]aisse[ \t]+[Pp]rimaire[ \t]+d['’][ \t]*[Aa]ssurance[ \t]+[Mm]aladie|"
    r"CAISSE[ \t]+PRIMAIRE[ \t]+D['’][ \t]*ASSURANCE[ \t]+MALADIE|"
    r"[Cc]aisse[ \t]+d['’][ \t]*[Aa]llocations[ \t]+[Ff]amiliales|"
    r"CAISSE[ \t]+D['’][ \t]*ALLOCATIONS[ \t]+FAMILIALES|"
    # a country's consulate or embassy: "Consulat général du Sénégal à Paris"
    r"Consulat(?:[ \t]+g[ée]n[ée]ral)?|CONSULAT(?:[ \t]+G[ÉE]N[ÉE]RAL)?|Ambassade|AMBASSADE|"
    # the border police and a detention centre by their place ("PAF de Mayotte", "centre de
    # rétention administrative de Lyon-Saint-Exupéry"), the SIAO and the CDAS written out
    r"PAF|CRA|[Pp]olice[ \t]+aux[ \t]+fronti[èe]res|POLICE[ \t]+AUX[ \t]+FRONTI[ÈE]RES|"
    r"[Cc]entre[ \t]+de[ \t]+r[ée]tention(?:[ \t]+administrative)?|"
    r"CENTRE[ \t]+DE[ \t]+R[ÉE]TENTION(?:[ \t]+ADMINISTRATIVE)?|"
    r"[Ss]ervice[ \t]+int[ée]gr[ée][ \t]+de[ \t]+l['’]accueil[ \t]+et[ \t]+de[ \t]+"
    r"l['’]orientation|"
    r"[Cc]entre[ \t]+d[ée]partemental[ \t]+d['’]action[ \t]+sociale|"
    # public finance, the doctors' order, the driving-licence board, the regional ethics body:
    # "Service de gestion comptable de Béziers", "conseil départemental de l'ordre des
    # médecins de l'Essonne", "commission médicale primaire des permis de conduire de
    # Beauvais", "Espace de réflexion éthique Bourgogne-Franche-Comté"
    r"[Ss]ervice[ \t]+de[ \t]+gestion[ \t]+comptable|"
    r"[Cc]onseil[ \t]+(?:d[ée]partemental|r[ée]gional|national)[ \t]+de[ \t]+l['’][Oo]rdre[ \t]+des"
    r"[ \t]+(?:m[ée]decins|infirmiers|pharmaciens|sages-femmes|masseurs-kin[ée]sith[ée]rapeutes"
    r"|chirurgiens-dentistes|p[ée]dicures-podologues)|"
    r"[Cc]ommission[ \t]+m[ée]dicale(?:[ \t]+primaire)?(?:[ \t]+d[ée]partementale)?[ \t]+des[ \t]+"
    r"permis[ \t]+de[ \t]+conduire|"
    r"COMMISSION[ \t]+M[ÉE]DICALE(?:[ \t]+PRIMAIRE)?(?:[ \t]+D[ÉE]PARTEMENTALE)?[ \t]+DES[ \t]+"
    r"PERMIS[ \t]+DE[ \t]+CONDUIRE|"
    r"[Ee]space[ \t]+(?:de[ \t]+)?r[ée]flexion[ \t]+[ée]thique(?:[ \t]+r[ée]gional)?"
)
# Regions named right after a regional body: "ARS Île-de-France", "URSSAF Bretagne".
REGIONS = (
    r"(?:[ÎI]le-de-France|Grand[ -]Est|Hauts-de-France|Normandie|Bretagne|Occitanie|"
    r"Nouvelle-Aquitaine|Auvergne-Rh[ôo]ne-Alpes|Bourgogne-Franche-Comt[ée]|"
    r"Centre-Val[ -]de[ -]Loire|Pays[ -]de[ -]la[ -]Loire|Provence-Alpes-C[ôo]te[ -]d['’]Azur|"
    r"PACA|Corse|Guadeloupe|Martinique|Guyane|La[ \t]+R[ée]union|Mayotte)"
)
# Capitalised words that end a name (a new field, a person, a service).
NAME_STOP_WORDS: tuple[str, ...] = (
    "Service", "Services", "Pôle", "Pole", "Unité", "Secrétariat", "Standard", "Tél", "Tel",
    "Fax", "Dr", "Pr", "Mme", "M", "Mr", "Mlle", "Docteur", "Professeur", "Monsieur", "Madame",
    "Site", "Département", "Département", "Consultation", "Consultations", "Bâtiment",
    "FINESS", "CEDEX", "Cedex", "BP", "CS", "Le", "Les", "Du", "Au", "En", "Patient",
    "Patiente", "Date", "Objet", "Motif", "Hospitalisation", "Urgences", "SAU", "Réanimation",
    "Chirurgie", "Médecine", "Cardiologie", "Neurologie", "Pneumologie", "Pédiatrie",
    "Gériatrie", "Psychiatrie", "Oncologie", "Radiologie", "Imagerie", "Laboratoire",
    "Biologie", "Maternité", "Bloc", "Compte", "Lettre", "Courrier", "Ordonnance",
    "CR", "Et", "Pour", "Par", "Avec", "Dans", "Sur", "Vers",
    # document headings after a facility acronym: "CMP – NOTE DE CONSULTATION"
    "Note", "Notes", "Certificat", "Fiche", "Rapport", "Synthèse", "Observation", "Bilan",
    "Transmissions", "Demande", "NOTE", "NOTES", "COMPTE", "CONSULTATION", "CONSULTATIONS",
    "LETTRE", "COURRIER", "ORDONNANCE", "CERTIFICAT", "RAPPORT", "SYNTHÈSE", "SYNTHESE",
    "FICHE", "OBSERVATION", "BILAN", "TRANSMISSIONS", "DEMANDE", "SERVICE", "UNITÉ", "PÔLE",
)  # fmt: skip
# In a line written in capitals, the words that end a name there: prepositions no name
# holds, dictated punctuation, a field, a title ("… VIRGULE", "… CHEZ …"; and "À", in
# `_STOP`: "SMR NEUROLOGIQUE À L'HÔPITAL", "CHU DE TOURS À 00H52"); not the words of the
# list above that name a practice or a site ("LABORATOIRE DE BIOLOGIE …", "ASSOCIATION …
# POUR LE …", "… – SITE DE …").
NAME_STOP_WORDS += (
    "CHEZ", "AVEC", "DANS", "VIRGULE", "SECRÉTARIAT", "STANDARD", "TÉL", "FAX", "DR", "PR",
    "MME", "MR", "MLLE", "DOCTEUR", "PROFESSEUR", "MONSIEUR", "MADAME", "PATIENT", "PATIENTE",
    "OBJET", "MOTIF",
)  # fmt: skip
NAME_PARTICLES: tuple[str, ...] = (
    "de la", "de l'", "de l’", "d'", "d’", "des", "du", "de", "la", "le", "les", "l'", "l’",
    "sur", "sous", "en", "lès", "lez", "aux", "et",
)  # fmt: skip
# FINESS words that do not make a name distinctive on their own.
FINESS_GENERIC: frozenset[str] = frozenset(
    {"centre", "ctre", "hospitalier", "hospitaliere", "hopital", "hop", "hopitaux", "ch", "chu",
     "chr", "chru", "chs", "chi", "ghu", "gh", "hia", "de", "du", "des", "la", "le", "les", "l",
     "d", "et", "en", "a", "au", "aux", "sur", "jour", "hj", "hdj", "cmp", "cattp", "adultes",
     "adulte", "enfants", "enfant", "adolescents", "service", "unite", "soins", "sante",
     "maison", "clinique", "polyclinique", "had", "ssr", "imagerie", "irm", "scanner",
     "medicale", "medical", "medico", "psycho", "psychiatrie", "psychiatrique", "regional",
     "regionale", "intercommunal", "general", "site", "pole", "institut", "antenne", "mah",
     "gie", "scm", "sas", "selarl", "selas", "hospitalisation", "domicile", "suite",
     "readaptation", "reeducation", "fonctionnelle", "infanto", "juvenile", "public", "prive",
     "privee", "groupe", "groupement", "local", "nord", "sud", "est", "ouest", "ville",
     "universitaire", "specialise", "mutualiste", "radiologie", "medecine", "nucleaire",
     "consultation", "consultations", "accueil", "parents", "etablissement", "residence",
     "ehpad", "long", "sejour", "court", "moyen", "usld", "tep", "scan", "secteur",
     "territoire", "departemental", "dpt", "ctr", "cm", "h", "c", "mater", "maternite"}
)  # fmt: skip

# =========================================================================== regexes

# A capitalised word; a full stop only after a short abbreviation ("St.", "Ste."), so that
# "Hôpital Robert-Debré. Traité…" ends at the sentence.
_CAPWORD = (
    rf"(?:(?:St|Ste|Sts|Mt|Cie|Gal|Mal|Bd|Av|Dr|Pr|Me|ST|STE|[{UP}])\."
    rf"|[{UP}][{LOW}]{{2,}}\d{{1,3}}(?![\w-])"  # "Bio37"
    rf"|[{UP}][{UP}{LOW}]*(?:[-{APOS}][{UP}{LOW}]+)*)"
)
_NUMBER = r"\d{1,3}(?!\d)"
_PART = "(?i:" + "|".join(
    re.escape(p).replace(r"\ ", r"[ \t]+") + (r"[ \t]*" if p.endswith(("'", "’")) else r"[ \t]+")
    for p in sorted(NAME_PARTICLES, key=len, reverse=True)
) + ")"
# ("À" ends a name in capitals, but for "… À DOMICILE": "ASSOCIATION … POUR LA DIALYSE À
# DOMICILE", "SOINS INFIRMIERS À DOMICILE")
_STOP = (
    "(?!(?:" + "|".join(re.escape(w) for w in NAME_STOP_WORDS) + r")\b(?![-'’])"
    r"|À[ \t]+(?!DOMICILE\b))"
)
_UNIT = rf"(?:{_PART})*{_STOP}{_CAPWORD}"
_NAME = rf"{_UNIT}(?:(?:[ \t]+|[ \t]*-[ \t]*(?={_CAPWORD}[ \t\n,]))(?:{_UNIT})){{0,6}}"
_ADJ = "(?:" + "|".join(re.escape(a).replace(r"\ ", r"[ \t]+")
                        for a in sorted(HEAD_ADJECTIVES, key=len, reverse=True)) + ")"
_GENERIC_AFTER = r"(?!(?i:de[ \t]+jour|de[ \t]+semaine|de[ \t]+nuit)\b)"

# Fast scanning. `re` tries a pattern at every position of a text unless the pattern starts
# with a literal or a character class, which a leading lookbehind ("(?<![\w-])") hides. The
# `_lead` form of "(?<![\w-])(?:a1|a2|…)" is one branch per possible first character: the
# character, the lookbehind checked one character further back, then the alternatives that
# may start with this character, in their order. Same matches, and `re` skips straight to
# the candidate characters and, at one of them, straight to its branch.
# Besides lower and upper case, (?i:…) also matches the Kelvin sign, long s, dotted and
# dotless i: a case-insensitive first letter lists them too.
_CI_EXTRA = {"i": "İı", "k": "\u212a", "s": "ſ"}
_CI_SAFE = frozenset("abcdefghijklmnopqrstuvwxyz0123456789àâäçéèêëîïôöùûüÿœæ")


def _ci(chars: str) -> str:
    """The characters that (?i:[chars]) matches."""
    out = ""
    for c in chars:
        if c.lower() not in _CI_SAFE:
            raise ValueError(f"no case-insensitive class for {c!r}")
        out += c.lower() + c.upper() + _CI_EXTRA.get(c.lower(), "")
    return "".join(dict.fromkeys(out))


def _alternatives(rx: str) -> list[str]:
    """The top-level alternatives of a regex."""
    parts, depth, start, i = [], 0, 0, 0
    while i < len(rx):
        c = rx[i]
        if c == "\\":
            i += 1
        elif c == "[":
            i += 2 if rx[i + 1] == "]" else 1
            while rx[i] != "]":
                i += 2 if rx[i] == "\\" else 1
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
        elif c == "|" and depth == 0:
            parts.append(rx[start:i])
            start = i + 1
        i += 1
    parts.append(rx[start:])
    return parts


def _first(alt: str, ci: bool = False) -> tuple[str, str]:
    """(possible first characters, rest) of an alternative that starts with a letter or a class
    of letters ("[Ss]ociété"); with ``ci``, both as matched inside (?i:…)."""
    if alt.startswith("["):
        chars, rest = alt[1 : alt.index("]")], alt[alt.index("]") + 1 :]
    else:
        chars, rest = alt[0], alt[1:]
    if not chars.isalnum() or rest.startswith(("?", "*", "+", "{")):
        raise ValueError(f"no plain first character in {alt!r}")
    return (_ci(chars), f"(?i:{rest})") if ci else (chars, rest)


def _lead(alts: list[tuple[str, str]], behind: str = r"[\w-]") -> str:
    """"(?<!behind)(?:a1|a2|…)" for alternatives given as (first characters, rest)."""
    by_char: dict[str, list[str]] = {}
    for chars, rest in alts:
        for c in chars:
            by_char.setdefault(c, []).append(rest)
    return "(?:" + "|".join(
        f"{re.escape(c)}(?<!{behind}.)(?:{'|'.join(rests)})" for c, rests in by_char.items()
    ) + ")"


# Heads may only start with these letters (a cheap filter kept from the first version).
_HEAD_FIRST = "CcGgHhEeSsMmIiPpUuFfRrAaDdTÉLl"
# (group, head index): an empty group after each head's alternatives tells which one matched.
_HEAD_MARKS: list[tuple[str, int]] = []


def _head_alternation() -> str:
    """The heads in the `_lead` form, each followed by an empty group of `_HEAD_MARKS`."""
    by_char: dict[str, list[tuple[int, str]]] = {}
    for i, (rx, _cat, case) in enumerate(HOSPITAL_HEADS):
        for alt in _alternatives(rx):
            chars, rest = _first(alt, ci=not case)
            for c in chars:
                if c in _HEAD_FIRST:
                    by_char.setdefault(c, []).append((i, rest))
    branches = []
    for c, rests in by_char.items():
        groups = []
        for i, run in groupby(rests, key=lambda r: r[0]):  # a head's alternatives together
            _HEAD_MARKS.append((f"h{len(_HEAD_MARKS)}", i))
            groups.append(f"(?:{'|'.join(r for _, r in run)})(?P<{_HEAD_MARKS[-1][0]}>)")
        branches.append(f"{re.escape(c)}(?<![\\w-].)(?:{'|'.join(groups)})")
    return "(?:" + "|".join(branches) + ")"


_HOSPITAL_ACRONYM = re.compile(HOSPITAL_ACRONYM)
_HOSPITAL = re.compile(
    rf"{_head_alternation()}(?![\w])"
    rf"(?P<adj>[ \t]+(?i:{_ADJ}))?"
    rf"(?:[ \t]*[-–][ \t]*|[ \t]+){_GENERIC_AFTER}(?P<name>{_NAME})"
)
_NAMED_ORG = re.compile(
    _lead([_first(a) for o in NAMED_ORGS for a in _alternatives(o)]) + r"(?![\w-])"
)


def named_org_at(text: str, pos: int) -> bool:
    """Whether an organisation of `NAMED_ORGS` opens at ``pos``, as written or, in a
    lowercase text, as its capitals would be written (`casing.recase` of its line)."""
    if _NAMED_ORG.match(text, pos):
        return True
    line_end = text.find("\n", pos)
    segment = text[pos : line_end if line_end >= 0 else len(text)]
    if not segment[:1].islower():
        return False
    from clindeid.detect.casing import recase

    copy = recase(segment)
    return copy is not None and _NAMED_ORG.match(copy.text) is not None


_NAMED = re.compile(
    _lead([_first(alt) for rx, _c in NAMED_HOSPITALS for alt in _alternatives(rx)]) + r"(?![\w-])"
)
_SERVICE = re.compile(
    rf"(?<![\w-])(?:{'|'.join(SERVICE_HEADS)})[ \t]+(?P<name>{_STOP}[{UP}][{LOW}]+"
    rf"(?:[- ][{UP}][{LOW}]+){{0,3}})"
)
_ORG = re.compile(
    rf"{_lead([_first(a) for h in ORG_HEADS for a in _alternatives(h)])}(?![\w])[ \t]+"
    rf"(?P<name>{_NAME})"
)
_UNIVERSITY_NUMBER = re.compile(r"[ \t]+\d{1,2}(?!\d|[,.:/]\d)")
# a partner's name after an ampersand: "SCP Jouan & Bellec"
_PARTNER = re.compile(rf"[ \t]+&[ \t]+[{UP}][{LOW}{UP}'’-]+(?![\w-])")
_ORG_STOP = r"(?!(?:M|Mme|Mlle|Mr|Dr|Pr|Le|La|Les|Monsieur|Madame)\b(?![-'’]))"
_ORG_UNIT = rf"(?:{_PART})*{_ORG_STOP}{_CAPWORD}"
_ORG_NAME = rf"{_ORG_STOP}[{UP}][\w{APOS}-]*(?:[ \t]+(?:{_ORG_UNIT}|&(?:amp;)?)){{0,5}}"
_ORG_TRIGGERED = re.compile(
    rf"(?<![\w{APOS}-])(?:{'|'.join(ORG_TRIGGERS)})[ \t]*(?P<name>{_ORG_NAME})"
)
# The 23 national rare-disease networks (filières de santé maladies rares, FSMR): "filière
# OSCAR", "FILIERE G2M" — a closed list, so that "filière AVC" or "filière fracture" (care
# pathways) stay bare.
RARE_DISEASE_NETWORKS = (
    "AnDDI-Rares", "BRAIN-TEAM", "CARDIOGEN", "DEFISCIENCE", "FAI2R", "FAI²R", "FAVA-Multi",
    "FILFOIE", "FILNEMUS", "FILSLAN", "FIMARAD", "FIMATHO", "FIRENDO", "G2M", "MaRIH", "MCGRE",
    "MHEMO", "MUCO-CFTR", "NeuroSphinx", "ORKID", "OSCAR", "RESPIFIL", "SENSGENE", "TETECOU",
)
_NETWORK_ACRONYM = re.compile(
    r"(?<![\w-])(?i:fili[èe]re)(?:[ \t]+(?i:de[ \t]+sant[ée][ \t]+)?(?i:maladies[ \t]+rares))?"
    r"[ \t]+(?P<name>(?i:" + "|".join(re.escape(n) for n in RARE_DISEASE_NETWORKS) + r"))"
    r"(?![\w-])"
)
# "Mutuelle Générale", "la Mutuelle Nationale": the word is part of the insurer's name.
_MUTUELLE_NAMED = re.compile(
    rf"(?<![\w-])(?:Mutuelle|MUTUELLE)[ \t]+(?P<name>(?:(?:de|du|des)[ \t]+)?{_ORG_NAME})"
)
# An application or platform by its brand, often in camel case: "l'application myDiabby".
_APPLICATION = re.compile(
    r"(?<![\w-])(?i:application|appli|logiciel|plateforme|carnet(?:[ \t]+connect[ée])?|portail)"
    r"(?:[ \t]+(?i:mobile|web))?[ \t]+"
    rf"(?P<name>[a-z]{{1,6}}[{UP}][\w-]+|[{UP}][{LOW}]+[{UP}][\w-]*)(?![\w-])"
)
# A vessel by its name after its kind: "chalutier hauturier Men Glaz", "caseyeur Ti Mamm",
# "navire Saint-Guénolé III" (a workplace, as an employer is).
_VESSEL = re.compile(
    r"(?<![\w-])(?i:chalutier|fileyeur|caseyeur|thonier|ligneur|palangrier|senneur|bolincheur|"
    r"coquillard|goélette|goelette|voilier|cargo|ferry|remorqueur|porte-conteneurs|pétrolier|"
    r"paquebot|navire|bateau|vedette|catamaran)"
    r"(?:[ \t]+[a-zéèêàç]{4,})?[ \t]+"
    rf"(?P<name>[{UP}][\w'’-]*(?:[ \t]+(?:[{UP}][\w'’-]*|[IVX]{{1,4}}\b|\d{{1,2}}\b)){{0,3}})"
)
# Funeral services by name: "PF MARCON", "Pompes funèbres Roblot".
_FUNERAL = re.compile(
    r"(?<![\w-])(?:PF|(?i:pompes[ \t]+fun[èe]bres))[ \t]+"
    rf"(?P<name>[{UP}][{UP}{LOW}'’-]{{2,}}(?:[ \t]+[{UP}][{UP}{LOW}'’-]{{2,}})?)"
)
_EMPLOYER = re.compile(
    rf"{_lead([_first(a) for a in _alternatives(EMPLOYER_PREPOSITIONS)])}[ \t]+"
    rf"(?P<name>{_ORG_NAME})"
)
_JOB_BEFORE = re.compile(rf"\b{JOB_CUES}\b[^.;\n]{{0,50}}$")
_SPORT_CLUB = re.compile(
    rf"{_lead([_first(a) for a in _alternatives(SPORT_CLUB[3:-1])])}[ \t]+"
    rf"(?:{_CAPWORD}|\d{{2,3}}(?![\d/:hH]|[.,]\d))"
    rf"(?:[- ]{_CAPWORD}){{0,2}}"
)
# A private hospital named in a dictation without capitals: "l'hôpital privé nord parisien de
# sarcelles" (its name's words up to a word no name holds).
_LOWER_NAME_WORD = (
    r"(?!(?:par|pour|avec|et|en|le|la|les|au|aux|à|sur|dans|qui|vers|où|ou|depuis|puis|"
    r"virgule|point|sans|chez|il|elle|a|est|était|on|un|une|ce|cette|son|sa|ses|"
    r"suite|après|avant|pendant|lors)(?![\w'’-]))[a-zà-ÿ][a-zà-ÿ'’-]*"
)
_LOWER_PRIVATE_HOSPITAL = re.compile(
    rf"(?<![\w-])h[ôo]pital[ \t]+priv[ée][ \t]+(?:(?:de|du|des)[ \t]+|d['’])?{_LOWER_NAME_WORD}"
    rf"(?:[ \t]+(?:(?:de|du|des)[ \t]+|d['’])?{_LOWER_NAME_WORD}){{0,3}}"
)
_SPORT_BEFORE = re.compile(rf"{SPORT_CUES}[^.;\n]{{0,60}}$")
# A reception centre for asylum seekers by its own name: "CADA Les Tilleuls", "HUDA Le Phare"
_NAMED_SHELTER = re.compile(
    rf"(?<![\w-])(?:CADA|HUDA|CAES|PRAHDA|CHRS)[ \t]+(?:(?:Les|Le|La)[ \t]+|L['’])?"
    rf"{_STOP}[{UP}][{LOW}]+(?:[- ][{UP}][{LOW}]+){{0,2}}"
    # written out, the head word inside: "centre d'hébergement La Case de Pamandzi",
    # "accueil de nuit A Casa Aperta", "halte de nuit Le Fanal"
    rf"|(?<![\w-])(?:[Cc]entre[ \t]+d['’]h[ée]bergement(?:[ \t]+d['’]urgence)?"
    rf"|[Aa]ccueil[ \t]+de[ \t]+(?:nuit|jour)|[Hh]alte[ \t]+de[ \t]+nuit)[ \t]+"
    rf"{_STOP}[{UP}][\w{APOS}-]*(?:[ \t]+(?:(?:de|du|des)[ \t]+|d['’])?{_STOP}[{UP}][\w{APOS}-]*)"
    rf"{{0,3}}"
)
# A ski school by its station, in any case, an altitude closing it: "ESF Super-Besse", "cours
# esf serre chevalier 1350", "l'esf isola 2000" (with a "de", `ORG_HEADS` has it).
# the words that end a ski school's station name (the next word may follow them)
_SKI_SCHOOL_STOP = (
    r"(?:depuis|avec|pour|et|en|le|la|les|du|au|aux|à|sur|dans|qui|vers|où|ou|de|des|ce|cet|"
    r"cette|a|est|pendant|durant|chaque|hier)(?![\w'’-])"
)
_SKI_SCHOOL_WORD = (
    rf"(?!{_SKI_SCHOOL_STOP}|d['’]\w|(?:cours|moniteur|monitrice)(?![\w'’-]))[\w'’-]+"
)
_SKI_SCHOOL = re.compile(
    rf"(?<![\w-])(?:ESF|esf)[ \t]+(?P<name>(?:(?i:les|la|le)[ \t]+|(?i:l)['’])?{_SKI_SCHOOL_WORD}"
    rf"(?:[ \t]+{_SKI_SCHOOL_WORD}){{0,2}}?)(?:[ \t]+\d{{4}}(?!\d))?"
    rf"(?=[ \t]*(?:[.,;:)(\n]|$)|[ \t]+{_SKI_SCHOOL_STOP})"
)
_HOSPITAL_TAIL = re.compile(HOSPITAL_NAME_TAILS)
# A facility acronym is no territory: "SMUR du CH de Bastia" leaves the CH to the hospital.
_NOT_FACILITY = r"(?!(?:CHU|CHRU|CHR|CH|CHI|CHS|GHU|GH|HIA)\b)"
# A département's name, or several joined by hyphens ("MSA Mayenne-Orne-Sarthe").
_DEPARTEMENT_NAME = "(?:" + "|".join(
    re.escape(d).replace(r"\ ", r"[ \t]+") for d in sorted(DEPARTEMENTS, key=len, reverse=True)
) + ")"
_ORG_TERRITORIAL = re.compile(
    rf"{_lead([_first(a) for a in _alternatives(ORG_TERRITORIAL)])}(?![\w-])"
    rf"(?:[ \t]+(?i:p[ée]diatrique|n[ée]onatal|adulte|psychiatrique))?"
    rf"[ \t]*(?:(?:n°[ \t]*)?(?:\d{{2,3}}|2[AB])"
    rf"(?!\d|[:hH]\d|-\w)"  # not a record number: "agrément ARS n° 2A-AMB-0147"
    rf"|(?i:de|du|des|d['’])[ \t]*(?i:la[ \t]+|l['’])?{_NOT_FACILITY}{_CAPWORD}"
    rf"(?:[- ]{_CAPWORD}){{0,3}}"
    rf"|(?i:{REGIONS})(?![\w-])"
    rf"|{_DEPARTEMENT_NAME}(?:-{_DEPARTEMENT_NAME})*(?![\w-]))"
    # a cardinal point that splits the territory: "SPST Rhône Sud", "CPAM Nord-Est"
    rf"(?:[ \t-](?:Nord|Sud|Est|Ouest|Centre)(?:-(?:Est|Ouest))?(?![\w-]))?"
)
_NAMED_FINANCIAL = re.compile(
    rf"(?<![\w-])(?:(?P<bank>{'|'.join(NAMED_FINANCIAL[:6])})(?P<region>(?:[ \t]+{_UNIT}){{0,3}})"
    rf"|{'|'.join(NAMED_FINANCIAL[6:])})(?![\w-])"
)
_CUED_FINANCIAL = re.compile(rf"(?<![\w-])(?:{CUED_FINANCIAL})(?![\w-])")
_FINANCIAL_CUE = re.compile(FINANCIAL_CUES)
_ORG_TAIL = re.compile(
    rf"(?<=[ \t])(?:{ORG_TAIL_WORDS}|Assistance)"
    rf"(?:[ \t]+(?:Services|Santé|France|\d{{1,3}}(?!\d)))?"
    rf"(?![\w-])"
)
_ORG_TAIL_BEFORE = re.compile(rf"(?<![\w{APOS}.-])((?:{_CAPWORD}[ \t]+){{1,3}})$")
_ORG_COMPANY_SUFFIX = r"(?:[ \t]+(?:Services|Assistance|SARL|SAS|Sàrl|et[ \t]+Fils|&[ \t]+Fils))?"
_ORG_NAMED_HEAD = re.compile(
    rf"{_lead([_first(a) for h in ORG_NAMED_HEADS for a in _alternatives(h)])}[ \t]+"
    rf"(?P<name>{_NAME}){_ORG_COMPANY_SUFFIX}"
)
_TRANSPORT_HEAD = re.compile(
    r"(?i:ambulances?|taxis?|pompes[ \t]+fun[èe]bres)[ \t]+(?i:d[eu]s?|la)[ \t]"
)
_AIRLINE = re.compile(rf"(?<![\w-])Air[ \t]+(?P<name>[{UP}][{LOW}]+(?:-[{UP}][{LOW}]+)*)(?![\w-])")
_FLIGHT_BEFORE = re.compile(rf"\b{FLIGHT_CUES}\b[^.;\n]{{0,20}}$")
_TERRITORY_NAME = (
    rf"(?:(?i:de|du|des|d['’])[ \t]*(?:(?i:la)[ \t]+|(?i:l)['’][ \t]*)?{_STOP}{_CAPWORD}"
    rf"(?:[ -]{_STOP}{_CAPWORD}){{0,3}}"
    rf"|du[ \t]+\d{{1,2}}(?:e|er|ème|eme|è)[ \t]+arrondissement(?:[ \t]+de[ \t]+{_CAPWORD})?)"
)
_PUBLIC_BODY = re.compile(
    rf"{_lead([_first(a, ci=True) for a in _alternatives(PUBLIC_BODY_HEADS)])}(?![\w-])[ \t]+"
    rf"{_TERRITORY_NAME}"
)
_NAMED_PUBLIC_BODY = re.compile(rf"(?<![\w-])(?:{NAMED_PUBLIC_BODIES})(?![\w-])")
_DEPARTEMENT_NAMES = sorted(DEPARTEMENTS, key=len, reverse=True)
# "Département du Nord", or the same heading in capitals: "DÉPARTEMENT DU NORD".
_DEPARTEMENT_COUNCIL = re.compile(
    rf"(?<![\w-])(?:D[ée]partement[ \t]+{OF}[ \t]*(?:"
    + "|".join(re.escape(d).replace(r"\ ", r"[ \t]+") for d in _DEPARTEMENT_NAMES)
    + r")|D[ÉE]PARTEMENT[ \t]+(?:DE[ \t]+LA|DE[ \t]+L['’]|DU|DES|DE|D['’])[ \t]*(?:"
    + "|".join(re.escape(d.upper()).replace(r"\ ", r"[ \t]+") for d in _DEPARTEMENT_NAMES)
    + r"))(?![\w-])"
)
# A device maker or home-care provider named as the company of the engineer or technician
# who came ("ingénieur Medtronic", "Ingénieur Boston Scientific présent", "technicien
# linde"): an organisation there; elsewhere a maker's name is a brand ("boîtier Medtronic
# Azure"), no PHI.
_MAKER_OF_STAFF = re.compile(
    r"(?<![\w-])(?i:ing[ée]nieure?|technicien(?:ne)?|repr[ée]sentante?|d[ée]l[ée]gu[ée]e?)"
    r"(?:[ \t]+(?i:biom[ée]dical|commerciale?|de[ \t]+chez|chez|de[ \t]+la[ \t]+soci[ée]t[ée]|de))?"
    r"[ \t]+(?P<name>(?i:medtronic|boston[ \t]+scientific|abbott|biotronik|microport|sorin|"
    r"livanova|edwards(?:[ \t]+lifesciences)?|resmed|philips|linde|air[ \t]+liquide|vitalaire|"
    r"dexcom|insulet|ypsomed|zoll|st[ \t]+jude(?:[ \t]+medical)?))(?![\w-])"
)
_JOB_PAREN = re.compile(rf"\((?P<name>{_ORG_NAME})\)")
_JOB_PAREN_BEFORE = re.compile(
    rf"\b(?:{JOB_CUES}|(?i:employeur|employ[ée]e?s?))\b(?:[ \t]+[{LOW}][\w'’-]*){{0,3}}[ \t]*$"
)
_WORKPLACE = re.compile(
    rf"(?<![\w-])(?i:{WORKPLACE_HEADS})(?:[ \t]+de[ \t]+(?:plage|quartier|l['’]h[ôo]tel))?"
    rf"[ \t]+(?P<name>(?:(?:La|Le|Les)[ \t]+|L['’][ \t]*)?"
    rf"{_ORG_STOP}[{UP}][\w'’-]*(?:[ \t]+(?:{_ORG_UNIT}|&)){{0,4}})"
)
# A works named by its commune alone: "filature de Sin-le-Noble", "sucrerie d'Escaudœuvres"
# (the whole is the employer; checked against the commune table).
_WORKS_OF_TOWN = re.compile(
    r"(?<![\w-])(?i:filature|tissage|sucrerie|verrerie|cristallerie|aci[ée]rie|cokerie|"
    r"papeterie|raffinerie|conserverie|laiterie|fonderie|usine|abattoir|brasserie|"
    r"briqueterie|distillerie|chocolaterie|biscuiterie|minoterie|tuilerie|cimenterie|"
    r"imprimerie|scierie|tannerie|faïencerie|faiencerie|porcelainerie|forges|manufacture)"
    r"(?:[ \t]+[a-zéèêàç]{4,})?"  # "Manufacture horlogère de …", "usine chimique de …"
    rf"(?P<town>[ \t]+(?:de|d['’])[ \t]*[{UP}][\w'’]*(?:-[\w'’]+)*)(?![\w'’-])"
)
_SPORT_NAMED = re.compile(
    r"(?<![\w-])[A-Z]{2,6}[ \t]+(?:Rugby|Football|Handball|Basket(?:-?ball)?|Volley(?:-?ball)?"
    r"|Judo|Natation|Athlétisme|Cyclisme|Triathlon|Aviron|Escrime|Hockey)(?![\w-])"
)
_CLUB_FIELD = re.compile(rf"\b(?i:club)[ \t]*:[ \t]*(?P<name>{_ORG_NAME})")
# A military unit by its number: "21e régiment d'infanterie de marine", "13e demi-brigade de
# Légion étrangère", "2e RÉGIMENT D'INFANTERIE DE MARINE", "8e RPIMa", "1er REC" (the
# descriptor's words in the unit noun's case; a town after it is left to the places:
# "1er régiment d'infanterie | de Sarrebourg").
_UNIT_ORDINAL = r"(?<![\w-])\d{1,3}(?:er|re|ère|e|ème|eme)[ \t]+"
# the words of a unit's arm and kind ("d'infanterie de marine", "du génie parachutiste",
# "étranger de cavalerie", "de chars de combat"): a "2e brigade de nuit" has none
_ARMS = (
    r"(?:infanterie|marine|parachutistes?|chasseurs|alpins?|alpine|artillerie|g[ée]nie|train|"
    r"transmissions|cavalerie|chars|combat|hussards|dragons|cuirassiers|spahis|tirailleurs|"
    r"zouaves|[ée]tranger|[ée]trang[èe]re|interarmes|outre-mer|commandement|soutien|mat[ée]riel|"
    r"marche|gendarmerie|mobile|sapeurs-pompiers|marins-pompiers|l[ée]gion|h[ée]licopt[èe]res|"
    r"a[ée]romobile|a[ée]roport[ée]e|blind[ée]e|montagne|logistique|chasse|parachutiste|"
    r"fusiliers|commandos?|ravitaillement|renseignement|d[ée]fense|sol-air|forces|sp[ée]ciales|"
    r"aviation|l[ée]g[èe]re|terre)(?![\w'’-])"
)
_MILITARY_UNIT = re.compile(
    _UNIT_ORDINAL
    + r"(?:(?:r[ée]giment|demi-brigade|bataillon|escadron|escadrille|flottille|brigade|"
    r"division|groupement|compagnie)"
    rf"(?:[ \t]+(?:(?:de|du|des|d['’])[ \t]*)?(?:L[ée]gion[ \t]+[ée]trang[èe]re|{_ARMS}))+"
    r"|(?:R[ÉE]GIMENT|DEMI-BRIGADE|BATAILLON|ESCADRON|COMPAGNIE|BRIGADE)"
    r"(?:[ \t]+(?:(?:DE|DU|DES|D['’])[ \t]*)?[A-ZÉÈÊÀÇ][A-ZÉÈÊÀÇ'’-]+)*"
    # the unit's initials: a regiment's (R…) or a chasseurs' battalion's
    r"|(?!(?:RDV|RCP|RGO|RAI|RTU|RPM|RAS|RAA|RIC)\b)R[A-Z]{1,4}a?|BCA|BCP|BIMa|DBLE)"
    r"(?![\w-])"
)
# Warships by their kind and name: "frégate Provence", "frégate multi-missions Bretagne"
# (named after regions and towns: the kind makes them no place).
_WARSHIP = re.compile(
    r"(?<![\w-])(?<![Cc]apitaine de )(?<!CAPITAINE DE )"  # "capitaine de frégate": a rank
    r"(?i:fr[ée]gate|sous-marin|porte-avions|porte-h[ée]licopt[èe]res|patrouilleur|"
    r"aviso|chasseur[ \t]+de[ \t]+mines|b[âa]timent[ \t]+de[ \t]+projection)"
    r"(?:[ \t]+[a-zéè][a-zéè-]+){0,2}?"
    rf"[ \t]+(?P<name>[{UP}][\w'’-]+(?:[ \t-][{UP}][\w'’-]+){{0,2}})"
)
# A hospital across the borders named in its language: "Sint Maartenskliniek",
# "Universitätsklinikum Freiburg", "Kantonsspital Baden", "Städtisches Krankenhaus".
_FOREIGN_HOSPITAL = re.compile(
    rf"(?<![\w-])(?:[{UP}][\w'’-]+[ \t]+){{0,2}}[{UP}][{LOW}]*"
    r"(?:kliniek|klinik|klinikum|ziekenhuis|spital|krankenhaus|Kliniek|Klinik|Klinikum|"
    r"Ziekenhuis|Spital|Krankenhaus)(?![\w-])"
    rf"(?:[ \t]+[{UP}][\w'’-]+(?![\w-])){{0,2}}"
)
_FOREIGN_HOSPITAL_WORDS = ("klini", "ziekenhuis", "spital", "krankenhaus")
# French universities by their initials after "l'": "à l'UVSQ", "étudiante de l'UTC"
_UNIVERSITY_ACRONYM = re.compile(
    r"(?<=[lL]['’])(?:UTC|UTT|UBS|UBO|UVSQ|UPEC|UPHF|UPJV|UGA|UCA|UPPA|ULCO|UHA|UCBL|UBFC|"
    r"URCA|UPVD|UBM|UPS|UT2J|UT3|UNC|UCO|UCLy|UPN|UPSaclay|UDL|UVHC)(?![\w-])"
)
_WARSHIP_WORDS = ("frégate", "fregate", "sous-marin", "porte-", "patrouilleur", "aviso",
                  "chasseur", "projection")
# A French sports federation by its initials ("licence FFHB", "plongeur FFESSM"), with a word
# of sport or licence close to it ("FFR" alone is a fractional flow reserve).
_FEDERATION = re.compile(r"(?<![\w-])FF[A-Z]{1,5}(?![\w-])")
_FEDERATION_CUE = re.compile(
    rf"{SPORT_CUES}|(?i:licence|f[ée]d[ée]ration|comp[ée]tition|plong[ée]e?|plongeur|"
    r"certificat[ \t]+(?:m[ée]dical[ \t]+)?de[ \t]+non)"
)
# A club named by its sport and its commune: "club de judo de Pantin", "Club de tennis
# d'Arras", "club de foot du Havre" (the whole is the organisation).
_CLUB_OF_TOWN = re.compile(
    r"(?<![\w-])[Cc]lub[ \t]+(?:de|d['’])[ \t]*(?:la[ \t]+)?"
    r"(?i:judo|tennis(?:[ \t]+de[ \t]+table)?|foot(?:ball)?|rugby|basket(?:-?ball)?|"
    r"hand(?:ball)?|volley(?:-?ball)?|natation|athl[ée]tisme|gym(?:nastique)?|danse|karat[ée]|"
    r"boxe|escrime|cyclisme|v[ée]lo|randonn[ée]e|marche|course|plong[ée]e|voile|aviron|"
    r"cano[ëe]-?kayak|escalade|p[ée]tanque|golf|badminton|tir(?:[ \t]+à[ \t]+l['’]arc)?|"
    r"échecs|echecs|bridge|patinage|ski|équitation|equitation|triathlon|yoga|roller|hockey|"
    r"parapente|surf|kayak|pelote(?:[ \t]+basque)?)"
    rf"[ \t]+(?:de[ \t]+|d['’][ \t]*|du[ \t]+)(?:la[ \t]+|l['’])?"
    rf"(?P<town>{_CAPWORD}(?:[- ]{_CAPWORD}){{0,3}}|[{LOW}][\w'’-]+)(?![\w'’-])"
)
# Generic words that are no employer's name in brackets after a job ("aide-soignante (EHPAD)").
JOB_PAREN_GENERIC: frozenset[str] = frozenset(
    {"cdi", "cdd", "esat", "at", "mp", "rqth", "ald", "ehpad", "chu", "ch", "ssr", "smur",
     "samu", "had", "ide", "as", "ash", "asd", "avs", "aesh", "nuit", "jour", "intérim",
     "interim", "temps", "retraite", "retraité", "retraitée", "invalidité", "arrêt", "aucun",
     "aucune", "chômage", "chomage", "rsa", "aah", "fonction", "publique", "libéral",
     "liberal", "intérimaire", "interimaire", "btp", "bep", "cap", "bac", "ibode", "iade",
     "sf", "asv", "mk", "ergothérapeute", "psychologue", "ehpa", "fam", "mas", "ime",
     "itep", "sessad", "usld", "dr", "m", "mme", "pr"}
)  # fmt: skip
_SECOND_NAME = re.compile(
    rf"[ \t]+[–-][ \t]+(?:[{UP}][{LOW}]+-[{UP}][{LOW}]+|[{UP}]{{3,}}-[{UP}]{{3,}}"
    rf"|Enfants[ \t-]+[Mm]alades)"
    rf"(?=[ \t]*(?:\n|[,;:).]|$|[–-][ \t]))"
)
# "… et la Maison de retraite …": a second establishment joined to a name.
_AND_ANOTHER = re.compile(r"[ \t]+et[ \t]+(?:la|le|les|l['’])[ \t]*(?=[A-ZÀ-Ý])")
# A name that is only a facility's bare head: "(du) CHU", "(de l')hôpital".
_BARE_FACILITY_NAME = re.compile(
    r"(?:(?:du|de|d['’]|de[ \t]+l['’]|de[ \t]+la)[ \t]*)?(?:CHU|CHRU|CHR|CH|CHI|CHS|GHU|GH|"
    r"(?i:h[ôo]pital|clinique|centre[ \t]+hospitalier))"
)
_NEW_BEFORE = re.compile(r"(?<![\w-])(?:Nouvel|Nouveau|Nouvelle|Grand|Vieil)[ \t]+$")
# "– site Paul Papin", "Site Félix Guyon" after an establishment on the same line
_SITE = re.compile(
    rf"(?<![\w-])(?i:site)[ \t]+(?P<name>{_STOP}[{UP}][{LOW}]+(?:[ -]{_STOP}[{UP}][{LOW}]+){{0,3}})"
    rf"(?![\w'’-])"
)
_ESTABLISHMENT_BEFORE = re.compile(
    r"(?i:h[ôo]pital|h[ôo]pitaux|\bCHU\b|\bCHRU\b|\bCH\b|\bCHR\b|clinique|institut|"
    r"laboratoire|\bAP-H[PM]\b|\bAPHP\b|\bHCL\b|"
    r"\bGHU?\b|centre[ \t]+hospitalier|groupe[ \t]+hospitalier)[^\n]*$"
)
_TITLE_BEFORE = re.compile(
    r"(?i:\b(?:dr|pr|docteur|professeur|m|mme|mr|mlle|madame|monsieur)\.?[ \t]+)$"
)
_LOWER_HEAD_CONTEXT = re.compile(
    r"(?:(?:^|[\s(])(?:" + "|".join(re.escape(d) for d in DETERMINERS_BEFORE_LOWER_HEAD)
    + r")|[–—|])[ \t]*$",  # or a header's separator: "rhumatologie – centre hospitalier de …"
    re.IGNORECASE,
)
_WORD = re.compile(rf"[{UP}{LOW}0-9]+")
# A name that starts with its town: "CH de Beaune", "Hôpital d'Instruction…".
_TOWN_START = re.compile(r"(?:[Dd]e|[Dd]['’])(?![\w])|(?!(?:du|des)(?![\w]))[a-zà-ÿ]")
_TRAILING_TOWN = re.compile(
    rf"[ \t]+(?:de|d['’])[ \t]*(?=[{UP}])(?!(?i:la|le|les|l['’])\b){_CAPWORD}"
    rf"(?:[ \t]+{_CAPWORD})?$"
)
_LOWER_HEAD_FIRST_WORDS = frozenset(h.split()[0] for h in LOWER_HEAD_ADJECTIVES)


def _on_line_near(text: str, start: int, end: int, before: int, after: int) -> str:
    """The text of ``start:end``'s line from ``before`` characters before it to ``after``
    characters after it (a cue must stand on the same line, close by)."""
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    if line_end < 0:
        line_end = len(text)
    return text[max(line_start, start - before) : min(line_end, end + after)]


# =========================================================================== FINESS index


class _Finess:
    """FINESS names indexed by normalised token sequences (empty when no knowledge base)."""

    def __init__(self) -> None:
        self.names: dict[str, Any] = {}
        self.prefixes: set[str] = set()
        self.ambiguous: set[str] = set()  # names shared by several establishments
        self.first: re.Pattern[str] | None = None
        self.normalize: Any = None
        try:
            from clindeid.knowledge import hospitals, normalize_key
        except Exception:
            return
        self.normalize = normalize_key
        try:
            records = hospitals()
        except Exception:
            return
        firsts: set[str] = set()
        for h in records:
            for raw in (h.short_name, h.long_name):
                key = normalize_key(raw)
                toks = key.split(" ")
                distinctive = [t for t in toks if t not in FINESS_GENERIC and len(t) > 2]
                if len(toks) < 2 or not distinctive or toks[0] in FINESS_GENERIC - {
                    "centre", "hopital", "clinique", "polyclinique", "institut", "ch", "chu",
                    "chru", "chr", "chs", "chi", "maison", "groupe", "residence", "ehpad",
                    "had", "ssr", "unite", "site", "pole", "cmp", "hj", "hdj", "ghu",
                }:  # fmt: skip
                    continue
                if key in self.names and self.names[key].finess != h.finess:
                    self.ambiguous.add(key)
                self.names.setdefault(key, h)
                for n in range(1, len(toks) + 1):
                    self.prefixes.add(" ".join(toks[:n]))
                firsts.add(toks[0])
        if firsts:
            self.first = re.compile(rf"(?<![\w{APOS}-])(?i:{_trie_regex(firsts)})(?!\w)")

    def match(self, text: str, pos: int) -> tuple[int, Any, list[tuple[int, int]]] | None:
        """Longest FINESS name at ``pos``: (end, record or None if shared, token spans)."""
        acc = ""
        best = None
        toks: list[tuple[int, int]] = []
        for i, m in enumerate(_WORD.finditer(text, pos, min(len(text), pos + 160))):
            if (i and text[toks[-1][1] : m.start()].strip(" -'’.")) or "\n" in text[
                (toks[-1][1] if toks else pos) : m.start()
            ]:
                break
            word = self.normalize(m.group())
            acc = word if i == 0 else f"{acc} {word}"
            toks.append(m.span())
            if acc not in self.prefixes:
                break
            if acc in self.names:
                record = None if acc in self.ambiguous else self.names[acc]
                best = (m.end(), record, list(toks))
        return best


_ACCENTS = {"a": "aàâä", "e": "eéèêë", "i": "iîï", "o": "oôö", "u": "uùûü", "c": "cç", "y": "yÿ"}


def _char_class(ch: str) -> str:
    return f"[{_ACCENTS[ch]}]" if ch in _ACCENTS else re.escape(ch)


def _trie_regex(words: set[str]) -> str:
    """One regex for many words, factored by common prefixes (much faster than a flat
    alternation in :mod:`re`), each letter matching its accented forms."""
    trie: dict[str, Any] = {}
    for w in words:
        node = trie
        for ch in w:
            node = node.setdefault(ch, {})
        node[""] = {}

    def build(node: dict[str, Any]) -> str:
        end = "" in node
        branches = [_char_class(ch) + build(child) for ch, child in sorted(node.items()) if ch]
        if not branches:
            return ""
        body = branches[0] if len(branches) == 1 else "(?:" + "|".join(branches) + ")"
        return f"(?:{body})?" if end else body

    return build(trie)


_NAMED_LOOSE = re.compile(
    r"(?<![\w-])(?i:"
    + "|".join(
        "[- ]".join("".join(_char_class(c) for c in w) for w in n.split())
        for n in NAMED_HOSPITALS_LOOSE
    )
    + r")(?![\w-])"
)


@cache
def _finess() -> _Finess:
    return _Finess()


# =========================================================================== detector


# An establishment's acronym and its name spelt out, in either order: "CMCO (Centre
# médico-chirurgical et obstétrical)", "CCOM – Centre de Chirurgie Orthopédique et de la
# Main", "Institut de Cancérologie de l'Ouest (ICO)". Both are the establishment.
_SPELT_OUT = rf"[{UP}][\w'’-]*(?:[ \t]+[\w'’-]+){{1,9}}?"
_ACRONYM_THEN_NAME = re.compile(
    rf"(?<![\w-])(?P<acr>[A-Z]{{2,6}})[ \t]*(?:\([ \t]*|[–—-][ \t]+)(?P<name>{_SPELT_OUT})"
    rf"(?=[ \t]*(?:\)|\n|$|[–—,][ \t]))"
)
_NAME_THEN_ACRONYM = re.compile(
    rf"(?<![\w-])(?P<name>{_SPELT_OUT})[ \t]*\([ \t]*(?P<acr>[A-Z]{{2,6}})[ \t]*\)"
)
_SPELT_HEAD = re.compile(
    r"(?i:centre|h[ôo]pital|h[ôo]pitaux|institut|clinique|polyclinique|groupe|groupement|"
    r"p[ôo]le|maison|fondation)(?![\w-])"
)
_SPELT_SMALL = frozenset({"de", "du", "des", "la", "le", "les", "et", "en", "à", "au", "aux",
                          "pour", "sur", "l", "d"})


_NAME_WORD_SEP = re.compile(r"[ \t'’-]+")


def _content_words(name: str) -> list[str]:
    """The words of a spelt-out name that its acronym keeps (no "de", "et", "la"…)."""
    return [w for w in _NAME_WORD_SEP.split(name) if w and w.lower() not in _SPELT_SMALL]


def _acronym_expansions(text: str) -> Iterator[Entity]:
    """An establishment's acronym beside its name spelt out, the name opening with a
    facility word and holding a word of its own (not "Centre Hospitalier Universitaire")."""
    for rx in (_ACRONYM_THEN_NAME, _NAME_THEN_ACRONYM):
        for m in rx.finditer(text):
            name, acr = m.group("name"), m.group("acr")
            start = m.start("name")
            head = _SPELT_HEAD.search(name)
            if head is None:
                continue
            if head.start():  # "Sortie vers le Centre …": the name opens with its head
                start += head.start()
                name = name[head.start() :]
            words = _content_words(name)
            if "".join(w[0].upper() for w in words) != acr:
                continue
            if all(strip_accents(w.lower()) in FINESS_GENERIC for w in words):
                continue
            yield Entity(m.start("acr"), m.end("acr"), "HOSPITAL", source="pattern/hospital",
                         score=0.95)  # fmt: skip
            yield Entity(start, start + len(name), "HOSPITAL", source="pattern/hospital",
                         score=0.95)  # fmt: skip


@dataclass(frozen=True)
class HospitalDetector:
    """HOSPITAL (establishments, named services) and ORG (other named organisations)."""

    name: str = "hospital"
    family: str = "rules"

    def detect(self, document: Document) -> Iterator[Entity]:
        text = document.text
        yield from self._patterns(text)
        yield from self._dictionary(text)
        yield from self._orgs(text)
        yield from self._acronyms(text)

    def _patterns(self, text: str) -> Iterator[Entity]:
        for m in _HOSPITAL.finditer(text):
            mark, idx = next(g for g in _HEAD_MARKS if m.group(g[0]) is not None)
            head = text[m.start() : m.start(mark)]
            if head.islower() and head.split()[0] in _LOWER_HEAD_FIRST_WORDS:
                line_start = text.rfind("\n", 0, m.start()) + 1
                before = text[max(line_start, m.start() - 30) : m.start()]
                if before.strip() and not _LOWER_HEAD_CONTEXT.search(before):
                    continue  # "examen clinique de Parkinson"
            start = m.start()
            end = _trim(text, start, m.end("name"))
            # "CH William Morey de Chalon-sur-Saône": a person's name, then its town (CITY)
            name_start = m.start("name")
            if not _TOWN_START.match(text, name_start):
                cut = _cut_trailing_town(text, name_start, end)
                if cut < end:
                    yield _town(text, cut, end)
                    end = cut
            end = _cut_service_parts(text, name_start, end)
            joined = _AND_ANOTHER.search(text, name_start, end)
            if joined is not None:
                end = joined.start()  # "EHPAD Les Tilleuls de X et la Maison de …": two places
            if end <= name_start:
                continue  # "Hospitalisation à domicile - Antenne Est": a unit, no name
            if head.strip() == "Centre" and _generic_name(text[name_start:end]):
                continue  # "Centre Hépato-Biliaire": a specialty centre of a hospital
            if _BARE_FACILITY_NAME.fullmatch(text, name_start, end):
                continue  # "centre de dialyse du CHU": a unit of an unnamed hospital
            tail = _HOSPITAL_TAIL.match(text, end)
            if tail and "-" in text[name_start:end]:
                end = tail.end()  # "Hôpital Necker-Enfants malades"
            second = _SECOND_NAME.match(text, end)
            if second:
                end = second.end()  # "Hôpital Dupré – Jean-Rostand": a double name
            new = _NEW_BEFORE.search(text, max(0, start - 12), start)
            if new:
                start = new.start()  # "Nouvel Hôpital Civil"
            if _plain(text[start:end]) in INSTITUTION_WHOLE:
                continue
            yield Entity(start, end, "HOSPITAL", source="pattern/hospital", score=0.9,
                         attributes={"category": HOSPITAL_HEADS[idx][1]})  # fmt: skip
        for m in _NAMED.finditer(text):
            yield Entity(m.start(), m.end(), "HOSPITAL", source="pattern/hospital", score=0.9,
                         attributes={"category": "CHU"})  # fmt: skip
        for m in _NAMED_LOOSE.finditer(text):
            yield Entity(m.start(), m.end(), "HOSPITAL", source="pattern/hospital", score=0.85,
                         attributes={"category": "CHU"})  # fmt: skip
        for m in _LOWER_PRIVATE_HOSPITAL.finditer(text):
            yield Entity(m.start(), m.end(), "HOSPITAL", source="pattern/hospital", score=0.75,
                         attributes={"category": "clinique"})  # fmt: skip
        yield from _sites(text)
        yield from _centres_named_after_a_place(text)
        for m in _SERVICE.finditer(text):
            end = _trim(text, m.start(), m.end("name"))
            name = text[m.start("name") : end]
            if _generic_name(name) or not re.search(r"[ -]", name):
                continue  # "Unité Neurovasculaire", "Unité Kraepelin": services, no PHI
            yield Entity(m.start(), end, "HOSPITAL", source="pattern/hospital", score=0.7,
                         attributes={"category": "SERVICE"})  # fmt: skip

    @staticmethod
    def _acronyms(text: str) -> Iterator[Entity]:
        """Establishments known by an acronym alone: a hospital centre or group named by
        its initials ("neurologue au CHBA", "(CHSF)", "GHSIF") when the acronym is no word
        or name, and a care facility with its département number ("CLAT 93", "CMPP 75")."""
        from clindeid.knowledge import is_common_word, is_first_name, is_surname

        for m in _HOSPITAL_ACRONYM.finditer(text):
            word = m.group()
            numbered = m.group("number") or m.group("had") or m.group("had2")
            if numbered is None and (
                word in HOSPITAL_ACRONYM_NOT or is_surname(word) or is_first_name(word)
                or is_common_word(word) or written_lowercase(word)  # "CHUTES"
            ):
                continue
            yield Entity(m.start(), m.end(), "HOSPITAL", source="pattern/hospital", score=0.6)
        yield from _acronym_expansions(text)

    def _dictionary(self, text: str) -> Iterator[Entity]:
        index = _finess()
        if index.first is None:
            return
        for m in index.first.finditer(text):
            found = index.match(text, m.start())
            if found is None:
                continue
            end, record, toks = found
            # a distinctive word must be capitalised here: "hôpital de jour" is no name
            if not any(
                text[s].isupper() and index.normalize(text[s:e]) not in FINESS_GENERIC
                for s, e in toks
            ):
                continue
            attrs = {"category": record.category, "finess": record.finess} if record else {}
            yield Entity(m.start(), end, "HOSPITAL", source="dictionary/hospital", score=0.8,
                         attributes=attrs)  # fmt: skip

    def _orgs(self, text: str) -> Iterator[Entity]:
        for m in _ORG.finditer(text):
            end = _trim(text, m.start(), m.end("name"))
            if _generic_name(text[m.start("name") : end]):
                continue  # "Laboratoire de Biochimie et d'Hématologie"
            if _BARE_FACILITY_NAME.fullmatch(text, m.start("name"), end):
                continue  # "laboratoire du CHU": a unit of an unnamed hospital
            if text[end : end + 2][:1] == "-" and text[end + 1 : end + 2].isdigit():
                continue  # "IPP cabinet LIM-004721": the prefix of a code
            name_start = m.start("name")
            cut = _cut_trailing_town(text, name_start, end)  # "lycée Paul Lapie" de Courbevoie
            if cut < end:
                yield _town(text, cut, end)
                end = cut
            number = _UNIVERSITY_NUMBER.match(text, end)
            if number and m.group().lower().startswith("univ"):
                end = number.end()  # "Université Lyon 2"
            partner = _PARTNER.match(text, end)
            if partner:
                end = partner.end()  # "SCP Jouan & Bellec"
            head = text[m.start() : name_start].split()
            start = name_start if head and head[0] in LOWER_HEADS_OUTSIDE else m.start()
            yield Entity(start, end, "ORG", source="pattern/org", score=0.8)
        for m in _ORG_TRIGGERED.finditer(text):
            start = m.start("name")
            end = _trim(text, start, m.end("name"))
            if text[start:end].lower() not in ORG_NOT_NAMES | BARE_BODIES:
                yield Entity(start, end, "ORG", source="pattern/org", score=0.7)
        for m in _NETWORK_ACRONYM.finditer(text):
            yield Entity(*m.span("name"), "ORG", source="pattern/org", score=0.7)
        for m in _MUTUELLE_NAMED.finditer(text):
            first = m.group("name").split()[0]
            if first.isupper() and _form_word(first):
                continue  # "MUTUELLE À VÉRIFIER": a form's words in capitals
            end = _trim(text, m.start(), m.end("name"))
            yield Entity(m.start(), end, "ORG", source="pattern/org", score=0.75)
        for m in _VESSEL.finditer(text):
            name = m.group("name")
            if name.split()[0] in NAME_STOP_WORDS or _is_place_name(name):
                continue
            yield Entity(m.start("name"), _trim(text, m.start("name"), m.end("name")), "ORG",
                         source="pattern/org", score=0.7)
        for m in _APPLICATION.finditer(text):
            yield Entity(*m.span("name"), "ORG", source="pattern/org", score=0.7)
        for m in _FUNERAL.finditer(text):
            first = m.group("name").split()[0]
            if first.isupper() and _form_word(first):
                continue
            yield Entity(m.start(), m.end(), "ORG", source="pattern/org", score=0.75)
        for m in _EMPLOYER.finditer(text):
            start = m.start("name")
            end = _trim(text, start, m.end("name"))
            if text[start:end].lower() in ORG_NOT_NAMES or not _JOB_BEFORE.search(
                text, max(0, m.start() - 70), m.start()
            ):
                continue
            yield Entity(start, end, "ORG", source="pattern/org", score=0.7)
        for m in _SPORT_CLUB.finditer(text):
            if _SPORT_BEFORE.search(text, max(0, m.start() - 80), m.start()):
                yield Entity(m.start(), _trim(text, m.start(), m.end()), "ORG",
                             source="pattern/org", score=0.8)
        for m in _NAMED_ORG.finditer(text):
            yield Entity(m.start(), m.end(), "ORG", source="pattern/org", score=0.85)
        for m in _NAMED_SHELTER.finditer(text):
            yield Entity(m.start(), _trim(text, m.start(), m.end()), "ORG", source="pattern/org",
                         score=0.75)
        for m in _SKI_SCHOOL.finditer(text):
            yield Entity(m.start(), m.end(), "ORG", source="pattern/org", score=0.75)
        for m in _ORG_TERRITORIAL.finditer(text):
            end = _trim(text, m.start(), m.end())
            yield Entity(m.start(), end, "ORG", source="pattern/org", score=0.8)
        yield from self._companies(text)
        yield from self._public_bodies(text)

    def _companies(self, text: str) -> Iterator[Entity]:
        """Banks, insurers, companies named with a trade word, employers after a job."""
        for m in _NAMED_FINANCIAL.finditer(text):
            end = _trim(text, m.start(), m.end())
            yield Entity(m.start(), end, "ORG", source="pattern/org", score=0.85)
        for m in _CUED_FINANCIAL.finditer(text):
            if _FINANCIAL_CUE.search(_on_line_near(text, m.start(), m.end(), 80, 80)):
                yield Entity(m.start(), m.end(), "ORG", source="pattern/org", score=0.75)
        for m in _ORG_TAIL.finditer(text):
            before = _ORG_TAIL_BEFORE.search(text, max(0, m.start() - 60), m.start())
            if before is None:
                continue
            start = before.start(1)
            words = list(re.finditer(r"\S+", before.group(1)))
            for w in words:  # the name starts after the last determiner or generic word
                if w.group().lower().rstrip(".,") in ORG_TAIL_NOT_BEFORE or w.group().rstrip(
                    "."
                ) in NAME_STOP_WORDS:
                    start = before.start(1) + w.end()
            start = start + len(text[start : m.start()]) - len(text[start : m.start()].lstrip())
            if start >= m.start():
                continue
            yield Entity(start, m.end(), "ORG", source="pattern/org", score=0.75)
        for m in _ORG_NAMED_HEAD.finditer(text):
            cap = re.search(rf"[{UP}][\w]*", m.group("name"))
            first = cap.group().lower() if cap else ""
            if first in ORG_HEAD_NOT_NAMES and _TRANSPORT_HEAD.match(text, m.start()):
                first = ""  # "Ambulances du Lac", "TAXIS DE LA GARE": a company's name
            if first in ORG_HEAD_NOT_NAMES or first in ORG_HEAD_GENERIC_NAMES:
                continue
            yield Entity(m.start(), _trim(text, m.start(), m.end()), "ORG", source="pattern/org",
                         score=0.8)  # fmt: skip
        for m in _AIRLINE.finditer(text):
            if not (
                _is_place_name(m.group("name"))
                or _FLIGHT_BEFORE.search(text, max(0, m.start() - 40), m.start())
            ):
                continue
            yield Entity(m.start(), m.end(), "ORG", source="pattern/org", score=0.8)
        for m in _MAKER_OF_STAFF.finditer(text):
            yield Entity(*m.span("name"), "ORG", source="pattern/org", score=0.8)
        for m in _JOB_PAREN.finditer(text):
            start = m.start("name")
            end = _trim(text, start, m.end("name"))
            name = text[start:end]
            first = re.split(r"[ \t'’.-]", name, maxsplit=1)[0].lower()
            if (
                first in JOB_PAREN_GENERIC
                or _is_place_name(name)
                or _defines_abbreviation(text[max(0, m.start() - 80) : m.start()], name)
                or not _JOB_PAREN_BEFORE.search(text, max(0, m.start() - 60), m.start())
            ):
                continue
            yield Entity(start, end, "ORG", source="pattern/org", score=0.7)
        for m in _WORKPLACE.finditer(text):
            # a head written capitalised is part of the name: "Conserverie Chancerelle"
            start = m.start() if text[m.start()].isupper() else m.start("name")
            end = _trim(text, start, m.end("name"))
            town = _TRAILING_TOWN.search(text, start, end)
            if town and town.start() > start and _is_commune(text, town.start(), end):
                end = town.start()  # "entrepôt Durand" + "de Meaux" (CITY)
            first = re.split(r"[ \t'’-]", text[start:end], maxsplit=1)[0].lower()
            if first in JOB_PAREN_GENERIC or _is_place_name(text[start:end]):
                continue
            yield Entity(start, end, "ORG", source="pattern/org", score=0.7)
        for m in _SPORT_NAMED.finditer(text):
            yield Entity(m.start(), m.end(), "ORG", source="pattern/org", score=0.8)
        for m in _WORKS_OF_TOWN.finditer(text):
            if _is_commune(text, *m.span("town")):
                yield Entity(m.start(), m.end(), "ORG", source="pattern/org", score=0.75)
        for m in _CLUB_OF_TOWN.finditer(text):
            town = m.group("town")
            if town[0].islower() and (
                written_lowercase(town) or not _is_commune(text, *m.span("town"))
            ):
                continue  # "club de foot du quartier"; "club de rugby de mâcon" is a town
            yield Entity(m.start(), _trim(text, m.start(), m.end()), "ORG",
                         source="pattern/org", score=0.8)
        lowered = text.lower()
        if any(w in lowered for w in _FOREIGN_HOSPITAL_WORDS):  # a cheap first test
            for m in _FOREIGN_HOSPITAL.finditer(text):
                yield Entity(m.start(), m.end(), "HOSPITAL", source="pattern/hospital",
                             score=0.75)
        if any(e in text for e in ("l'U", "l’U", "L'U", "L’U")):
            for m in _UNIVERSITY_ACRONYM.finditer(text):
                yield Entity(m.start(), m.end(), "ORG", source="pattern/org", score=0.75)
        for m in _MILITARY_UNIT.finditer(text):
            end = m.end()
            while text[m.start() : end].endswith((" de", " du", " des", " d'", " d’", " DE")):
                end = text.rfind(" ", m.start(), end)  # a particle before a town left out
            yield Entity(m.start(), end, "ORG", source="pattern/org", score=0.75)
        if any(w in lowered for w in _WARSHIP_WORDS):
            for m in _WARSHIP.finditer(text):
                yield Entity(m.start(), _trim(text, m.start(), m.end()), "ORG",
                             source="pattern/org", score=0.75)
        for m in _FEDERATION.finditer(text) if "FF" in text else ():
            if _FEDERATION_CUE.search(_on_line_near(text, m.start(), m.end(), 40, 20)):
                yield Entity(m.start(), m.end(), "ORG", source="pattern/org", score=0.75)
        for m in _CLUB_FIELD.finditer(text):
            start = m.start("name")
            end = _trim(text, start, m.end("name"))
            if text[start:end].lower() not in ORG_NOT_NAMES:
                yield Entity(start, end, "ORG", source="pattern/org", score=0.7)

    def _public_bodies(self, text: str) -> Iterator[Entity]:
        """Courts, police, gendarmerie, fire brigades, councils: with their territory."""
        for m in _PUBLIC_BODY.finditer(text):
            yield Entity(m.start(), _trim(text, m.start(), m.end()), "ORG",
                         source="pattern/org", score=0.8)  # fmt: skip
        for m in _NAMED_PUBLIC_BODY.finditer(text):
            yield Entity(m.start(), m.end(), "ORG", source="pattern/org", score=0.8)
        for m in _DEPARTEMENT_COUNCIL.finditer(text):
            yield Entity(m.start(), m.end(), "ORG", source="pattern/org", score=0.8)


_FORM_FUNCTION_WORDS = frozenset(
    {"À", "A", "DE", "DU", "DES", "LA", "LE", "LES", "ET", "OU", "EN", "AU", "AUX", "PAR",
     "POUR", "SUR", "NON", "OUI"}
)


def _form_word(word: str) -> bool:
    """A word of a form in capitals, no name: a function word or an infinitive ("À",
    "VÉRIFIER", "REMPLIR")."""
    return word in _FORM_FUNCTION_WORDS or (
        word.endswith(("ER", "IR", "RE")) and written_lowercase(word.lower())
    )


def _generic_name(name: str) -> bool:
    """Whether every capitalised word of a name is a specialty or an adjective."""
    words = [w for w in re.findall(rf"[{UP}][{UP}{LOW}]*", name)]
    if not words:
        return False
    for w in words:
        lw = w.lower()
        if lw in GENERIC_NAME_PREFIXES or lw.endswith(GENERIC_NAME_ENDINGS):
            continue
        return False
    return True


_PART_DASH = re.compile(r"[ \t]+[-–—][ \t]+|[ \t]*/[ \t]*")
_PART_WORD = re.compile(rf"[{UP}{LOW}0-9]+")


def _cut_service_parts(text: str, name_start: int, end: int) -> int:
    """End of an establishment name before its first dash-separated part that names a
    service ("Hôpital Tenon - Néphrologie et Dialyses", "CHU de Lille - Hôpital Roger
    Salengro - Clinique de Neurologie"); ``name_start`` when the name itself is a unit."""
    words = _PART_WORD.findall(text, name_start, end)
    if words and _plain(words[0]) in UNIT_NAME_WORDS:
        return name_start
    for sep in _PART_DASH.finditer(text, name_start, end):
        if _is_service_part(text[sep.end() : end]):
            return sep.start()
    return end


def _is_service_part(part: str) -> bool:
    """Whether a part of a header line names a service or unit rather than a site."""
    words = _PART_WORD.findall(part)
    if not words:
        return False
    first = _plain(words[0])
    if first in SERVICE_PART_WORDS or _generic_name(words[0].capitalize()):
        return True
    if first in SERVICE_PART_HEADS:
        rest = " ".join(w.capitalize() for w in words[1:] if _plain(w) not in _PARTICLES_PLAIN)
        return not rest or _generic_name(rest)
    return False


def _plain(text: str) -> str:
    from clindeid.knowledge.normalize import normalize_key

    return normalize_key(text)


def _cut_trailing_town(text: str, name_start: int, end: int) -> int:
    """End of a name without its trailing "de <commune>" when the name before it is a
    person's ("CH William Morey" de Chalon) — not after a lone first name ("Hôpital Arnaud
    de Villeneuve") nor after a common word ("Clinique Générale d'Annecy")."""
    from clindeid.detect.rules.places import _knowledge

    town = _TRAILING_TOWN.search(text, name_start, end)
    if not town or town.start() <= name_start or not _is_commune(text, town.start(), end):
        return end
    words = re.findall(rf"[{UP}{LOW}]+", text[name_start : town.start()])
    kb = _knowledge()
    if len(words) >= 2 and (not kb.available or kb.is_first_name(words[0])):
        return town.start()
    proper = [w for w in re.findall(rf"[{UP}][\w'’-]*", text[name_start : town.start()])
              if not _generic_name(w) and _plain(w) not in FINESS_GENERIC]  # fmt: skip
    if proper and not (len(proper) == 1 and kb.available and kb.is_first_name(proper[0])):
        # (a lone first name keeps its particle name: "Hôpital Arnaud de Villeneuve")
        return town.start()  # "EHPAD Les Orchidées" de Wattrelos, "Clinique du Parc" de Lyon
    return end


def _town(text: str, start: int, end: int) -> Entity:
    """The CITY cut from the end of an establishment's name (" de Wattrelos")."""
    m = re.match(r"[ \t]+(?:de|d['’])[ \t]*", text[start:end])
    return Entity(start + (m.end() if m else 0), end, "CITY", source="pattern/city", score=0.8)


@cache
def _site_names() -> re.Pattern[str] | None:
    """One-word site names of university hospitals, from FINESS ("SITE LARIBOISIERE",
    "HOPITAL LA TIMONE"): long, no common word, first name, commune or frequent surname."""
    try:
        from clindeid.detect.rules.persons import EPONYMS
        from clindeid.knowledge import (
            communes_by_name,
            hospitals,
            is_common_word,
            is_first_name,
            normalize_key,
            surname_count,
        )

        names: set[str] = set()
        for h in hospitals():
            if h.category not in ("CHU", "CHR"):
                continue
            for raw in (h.short_name, h.long_name):
                for m in _FINESS_SITE.finditer(normalize_key(raw)):
                    w = m.group(1)
                    if (
                        len(w) < 6 or w in SITE_NAME_DENY or w in EPONYMS or is_common_word(w)
                        or is_first_name(w) or communes_by_name(w) or surname_count(w) >= 150
                    ):  # fmt: skip
                        continue
                    names.add(w)
    except Exception:
        return None
    if not names:
        return None
    return re.compile(rf"(?<![\w{APOS}-])(?i:{_trie_regex(names)})(?![\w-])")


_EPONYM_BEFORE = re.compile(EPONYM_CONTEXT)
# University-hospital sites whose name alone is also a word, a person or a place: only
# after "à", an identifier or an emergency unit ("transférée à Avicenne", "suivi à
# Port-Royal", "IPP Tenon 80…", "urgences cochin"; "signe de Trousseau" is no site).
CUED_SITE_NAMES = (
    r"Avicenne|Bic[êe]tre|Tenon|Trousseau|Cochin|Foch|Percy|B[ée]gin|Val-de-Gr[âa]ce"
    r"|Port-Royal|Necker|Bichat|Beaujon|Lariboisi[èe]re|Broca|Bretonneau|Mondor"
)
_CUED_SITE = re.compile(
    rf"(?<![\w'’-])(?:à|(?-i:IPP|NIP|NDA)|urgences|SAU|SMUR)[ \t]+(?:de[ \t]+)?"
    rf"(?P<name>{CUED_SITE_NAMES})(?![\w'’-])",
    re.IGNORECASE,
)
# A site after the multi-site institution that runs it, in a header: "HCL – Croix-Rousse",
# "AP-HM – Timone" (AP-HP is followed by its university groups, which stay unnamed).
_INSTITUTION_SITE = re.compile(
    rf"(?<![\w-])(?:HCL|AP-?HM|HUS)[ \t]*[–—-][ \t]*"
    rf"(?P<name>(?!H[ôo]pital|Groupe|Site)[{UP}][{LOW}]+(?:[- ][{UP}][{LOW}]+){{0,3}})"
    rf"(?![\w'’-])"
)
_FINESS_SITE = re.compile(r"\b(?:site|hopital|hop)\s+(?:(?:de|la|le|du|des|d|l)\s+)*([a-z]+)")


def _sites(text: str) -> Iterator[Entity]:
    """A hospital's site named alone: after "site" on an establishment's line, or a
    distinctive university-hospital site name in any case ("SAU lariboisiere")."""
    for m in _SITE.finditer(text):
        line_start = text.rfind("\n", 0, m.start()) + 1
        if _ESTABLISHMENT_BEFORE.search(text, line_start, m.start()):
            yield Entity(m.start("name"), _trim(text, m.start("name"), m.end("name")),
                         "HOSPITAL", source="pattern/hospital", score=0.75,
                         attributes={"category": "SITE"})  # fmt: skip
    for m in _CUED_SITE.finditer(text):
        yield Entity(m.start("name"), m.end("name"), "HOSPITAL", source="pattern/hospital",
                     score=0.7, attributes={"category": "SITE"})  # fmt: skip
    for m in _INSTITUTION_SITE.finditer(text):
        first = m.group("name").split()[0].lower()
        if first in SERVICE_PART_WORDS or first in SERVICE_PART_HEADS or _generic_name(
            m.group("name")
        ):
            continue  # "HCL – Pôle de gériatrie": a unit, no site
        yield Entity(m.start("name"), m.end("name"), "HOSPITAL", source="pattern/hospital",
                     score=0.7, attributes={"category": "SITE"})  # fmt: skip
    rx = _site_names()
    if rx is None:
        return
    for m in rx.finditer(text):
        before = text[max(0, m.start() - 40) : m.start()]
        if _TITLE_BEFORE.search(before) or _EPONYM_BEFORE.search(before):
            continue  # "Dr Necker", "maladie de X"
        yield Entity(m.start(), m.end(), "HOSPITAL", source="pattern/hospital", score=0.75,
                     attributes={"category": "SITE"})  # fmt: skip


_CENTRE_OF_NAME = re.compile(
    rf"(?<![\w-])Centre[ \t]+(?:de[ \t]+|d['’])(?P<name>[{UP}][{LOW}]+(?:-[{UP}][{LOW}]+)*)"
    rf"(?![\w'’-])(?![ \t]+(?:de|du|des|d['’])[ \t]+[{LOW}])"
)


# A hospital abroad named in English: "St Vincent's Hospital", "Royal Free Hospital", a
# general practice ("Park Farm Surgery", "Riverside Medical Practice").
_ENGLISH_HOSPITAL = re.compile(
    rf"(?<![\w'’.-])(?!(?:The|Our|Your|My|This|That|A|An)[ \t])(?:St\.?[ \t]+)?"
    rf"[{UP}][\w'’.-]*(?:[ \t]+[{UP}][\w'’.-]*){{0,3}}[ \t]+"
    r"(?:Hospital|Medical[ \t]+Cent(?:er|re)|Health[ \t]+Cent(?:er|re)|Infirmary|"
    r"Children's[ \t]+Hospital|Surgery|Medical[ \t]+Practice|Clinic|Hospice)(?![\w-])"
)


def _centres_named_after_a_place(text: str) -> Iterator[Entity]:
    """"le Centre de Kerpape": a care centre named after its place by one word that is no
    word of French ("Centre de Référence", "Centre de Gériatrie" are units); a hospital
    abroad named in English ("St Vincent's Hospital")."""
    from clindeid.knowledge import is_common_word

    for m in _ENGLISH_HOSPITAL.finditer(text):
        yield Entity(m.start(), m.end(), "HOSPITAL", source="pattern/hospital", score=0.8,
                     attributes={"category": "CH"})  # fmt: skip
    for m in _CENTRE_OF_NAME.finditer(text):
        name = m.group("name")
        if is_common_word(name.lower()) or written_lowercase(name) or _generic_name(name) or (
            _is_place_name(name)
        ):
            continue  # "Centre de Vénissieux": a centre's site in its commune (a CITY)
        yield Entity(m.start(), m.end(), "HOSPITAL", source="pattern/hospital", score=0.7,
                     attributes={"category": "OTHER"})  # fmt: skip


def _defines_abbreviation(before: str, name: str) -> bool:
    """Whether a bracketed acronym spells the initials of the words just before it:
    "incapacité totale de travail (ITT)"."""
    if not (name.isupper() and 2 <= len(name) <= 6 and name.isalpha()):
        return False
    words = [w for w in re.findall(r"[\w]+", before) if len(w) > 2 or w[0].isupper()]
    initials = "".join(w[0] for w in words[-len(name) :]).upper()
    return initials == name


def _is_place_name(name: str) -> bool:
    """Whether a name is a known commune, country, region or département."""
    from clindeid.detect.rules.places import _LOCATION_NAMES, _knowledge, _location_key

    if _location_key(name) in _LOCATION_NAMES:
        return True
    kb = _knowledge()
    return kb.available and bool(kb.communes(kb.normalize(name)))


def _is_commune(text: str, start: int, end: int) -> bool:
    """Whether "de X" at the end of a name is a known commune (then it is a CITY)."""
    from clindeid.detect.rules.places import _knowledge

    kb = _knowledge()
    if not kb.available:
        return True
    m = re.match(r"[ \t]+(?:de|d['’])[ \t]*", text[start:end])
    name = text[start + (m.end() if m else 0) : end]
    return bool(kb.communes(kb.normalize(name)))


def _trim(text: str, start: int, end: int) -> int:
    while end > start and text[end - 1] in " \t.,;:-–":
        end -= 1
    return end
