"""Identifiers: the French social security number (NIR) and administrative numbers (ID).

* `NirDetector`: 13 characters (sex digit, year, month, département — ``2A``/``2B`` for
  Corsica —, commune, order) and a two-digit key ``97 − (n mod 97)``, spaces, dots or
  hyphens allowed anywhere. A valid key gives ``validated/nir``; a wrong or missing key is
  still a NIR (``pattern/nir``) when a trigger word (``NIR``, ``N° SS``, ``INS``…) precedes
  it on the same line, and nothing otherwise.
* `IdentifierDetector`: the value after a trigger word (``IPP``, ``NDA``, ``RPPS``,
  ``FINESS``, ``N° de séjour``, ``Dossier n°``, ``Réf.``…), trigger excluded, with attribute
  ``kind``; RPPS and FINESS numbers with a valid Luhn key give ``validated/id``, and a bare
  eleven-digit RPPS number (``10…``) with a valid key is found without a trigger.

UF codes (``UF 1234``) name a hospital unit, not a person, and are not identifiers here.
Drug codes (CIP ``3400930000000``) are not PHI either.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from clindeid.detect.rules._spoken import GROUP_WORDS
from clindeid.document import Document, Entity

try:  # python-stdnum: reference implementations of the checksums
    from stdnum import luhn as _luhn
    from stdnum.fr import nir as _stdnum_nir
except ImportError:  # pragma: no cover - exercised only without the optional dependency
    _luhn = None
    _stdnum_nir = None

# --------------------------------------------------------------------------------------
# Data
# --------------------------------------------------------------------------------------

# Words announcing a NIR; searched on the same line, at most NIR_TRIGGER_WINDOW characters
# before the number.
NIR_TRIGGERS: tuple[str, ...] = (
    r"NIR",
    r"NIRPP",
    r"INS(?:-?[CA])?",
    r"INSEE",
    r"n[°º]\s*(?:de\s+)?S\.?\s?S\.?",
    r"S\.?S\.?\s*n[°º]",
    r"s[ée]curit[ée]\s+sociale",
    r"s[ée]cu",
    r"immatriculation",
    r"immatricul[ée]e?",
    r"assur[ée]e?\s+social",
    r"num[ée]ro\s+d['’]\s*assur[ée]",
    r"carte\s+vitale",
    r"matricule\s+INS",
)
NIR_TRIGGER_WINDOW = 50

# First digit of a NIR: 1/2 (sex), 3/4 (provisional), 7/8 (temporary numbers).
NIR_FIRST_DIGITS = "123478"

# Trigger words of administrative identifiers, by kind. Matched case-insensitively except
# the groups in ID_CASE_SENSITIVE (short uppercase codes that are also common words).
ID_TRIGGERS: dict[str, tuple[str, ...]] = {
    "IPP": (
        r"IPP",
        r"identifiant\s+(?:permanent\s+)?(?:du\s+)?patient",
        r"id\.?\s+patient",
        r"n[°º]\s*(?:du\s+)?patient",
        r"num[ée]ro\s+(?:du\s+)?patient",
        r"patient\s+n[°º]",
    ),
    "NDA": (
        r"NDA",
        r"IEP",
        r"NDS",
        r"n[°º]\s*(?:de\s+)?s[ée]jour",
        r"num[ée]ro\s+de\s+s[ée]jour",
        r"s[ée]jour\s+n[°º]",
        r"n[°º]\s*(?:de\s+)?venue",
        r"num[ée]ro\s+de\s+venue",
        # a banner's "Venue E25334107" (capitalised, a code of five digits or more after it)
        r"(?-i:Venue)(?=[ \t]*:?[ \t]*[A-Z]{0,2}\d{5,})",
        # a banner's "SEJOUR : S26-00219" (a field label, then a code with digits)
        r"(?-i:S[ée]jour|S[EÉ]JOUR)(?=[ \t]*:[ \t]*[A-Z]{0,3}\d[\w-]{4,})",
        r"n[°º]\s*d['’]\s*(?:admission|entr[ée]e|hospitalisation)",
        r"n[°º]\s*(?:de\s+)?passage",
        r"passage\s+n[°º]",
        r"n[°º]\s*d['’]\s*[ée]pisode",
    ),
    "RPPS": (r"RPPS", r"n[°º]\s*RPPS"),
    "ADELI": (r"ADELI", r"n[°º]\s*ADELI"),
    "FINESS": (r"FINESS(?:\s+(?:EJ|ET|g[ée]ographique|juridique))?",),
    "SIRET": (r"SIRE[TN]", r"n[°º]\s*SIRE[TN]"),
    "record": (
        r"dossier(?:\s+(?:m[ée]dical|patient|administratif))?",
        r"n[°º]\s*(?:de\s+)?dossier",
        r"n[°º]\s*d['’]\s*examen",
        r"num[ée]ro\s+d['’]\s*examen",
        r"n[°º]\s*(?:d['’]\s*|de\s+l['’]\s*)?examen",
        r"examen\s+n[°º]",
        r"n[°º]\s*(?:de\s+)?(?:demande|pr[ée]l[èe]vement|pr[ée]l\.|accession|lame|bloc|"
        r"prescription|inclusion|anapath|compte[\s-]rendu|CR|requ[êe]te|commande|"
        r"ordonnance|facture|bon|enregistrement)",
        r"n[°º]\s*d['’]\s*(?:ordre|inclusion|enregistrement|identification|anonymat)",
        # a detainee's prison register number: "écrou 70442", "n° d'écrou : 2026/418"
        r"(?:n[°º]\s*d['’]\s*)?[ée]crou",
        # a device's or an implant's serial number: "n° de série 2411KQ0576", "S/N 5120881A"
        r"n[°º]\s*(?:de\s+)?s[ée]rie", r"num[ée]ro\s+de\s+s[ée]rie", r"S/N",
        r"serial(?:\s+number)?",
        r"r[ée]f[ée]rence",
        r"r[ée]f\.?",
        r"[NV]\s?/\s?r[ée]f\.?",
        r"identifiant",
        r"matricule",
        # a pathology block: "blocs 26P01422-A1 à A9", "bloc B26-004718-A1"
        r"blocs?(?=\s*:?\s*(?:[A-Z]{1,3})?\d{2}[0-9A-Z]*-[0-9A-Z])",
        # a long-term condition's file number: "ALD n° 76A0331840" (not "ALD n° 8", the list)
        r"ALD\s*n[°º](?=\s*:?\s*[A-Z0-9-]*\d[A-Z0-9-]{5})",
        r"accession",
        r"code\s+patient",
        r"n[°º]\s*(?:d['’]\s*)?intervention",
        r"dossier\s+de\s+(?:passage|r[ée]gulation|soins)",
        # police procedures: "Procédure PV 01293/2026"
        r"proc[ée]dure",
        # a court's docket number and a vessel's or vehicle's registration: "RG 22/00187",
        # "immatriculation CC 924617"
        r"immatriculation(?=\s+[A-Z]{1,3}[\s-]?\d)",  # not the NIR's "immatriculation"
        # travel and residence documents: "passeport 21FN99052", "titre de séjour n° …"
        r"passeport(?:\s+n[°º])?", r"titre\s+de\s+s[ée]jour(?:\s+n[°º])?",
        # numbers of foreign insurers and hospitals: "Versichertennummer K305816742",
        # "Fallnummer 40218775", "AHV-Nr. 756.1234.5678.97"
        r"Versicherten-?nummer", r"Versicherungs-?nummer", r"Fall-?nummer",
        r"Patienten-?nummer", r"Aktenzeichen", r"AHV(?:-?Nr\.?)?",
        # Spanish, Catalan and Italian numbers: "DNI 18064722K", "NUSS 20 04417823 61",
        # "n° d'historia clínica 1.284.336", "tessera sanitaria RTOGPP44R42A794K"
        r"DNI", r"NIE", r"NUSS", r"NHC", r"historia\s+cl[íi]nica",
        r"tessera\s+sanitaria", r"codice\s+fiscale", r"n[°º]\s*d['’]\s*historia\s+cl[íi]nica",
        # a patient number of a named practice: "IPP cabinet LIM-004721"
        r"IPP\s+(?:cabinet|clinique|centre|laboratoire|labo)",
        # a bare word then a lettered code: "Passage SDN2412280061", "demande NP25-01144"
        r"(?:passage|demande|r[ée]gulation|intervention|examen|pr[ée]l[èe]vement)"
        r"(?=\s+[A-Z]{1,4}-?\d)",
        r"dossier\s+(?:de\s+|d['’])(?:radioth[ée]rapie|chimioth[ée]rapie|greffe|transfusion|"
        r"anatomo-?pathologie|biologie|AMP|PMA|consultation|hospitalisation)",
        *(rf"{w}\s+n[°º]" for w in (
            "intervention", "demande", "commande", "inclusion", r"pr[ée]l[èe]vement",
            r"requ[êe]te", "bon", "ordonnance", "facture", "lame", "bloc", "accession", "dossier",
        )),
        *(rf"{n}\s*(?:d['’]\s*|de\s+)?(?:adh[ée]rent|adh[ée]sion|contrat|assur[ée]e?|"
          r"allocataire|police|sociétaire|affiliation|AMC|mutuelle|CAF|dossier\s+MDPH)"
          for n in (r"n[°º]", r"num[ée]ro")),
        r"adh[ée]rent\s+n[°º]",
        # "Contrat groupe n° 1402-K", "police n° 88-A"
        *(rf"{w}(?:\s+(?:groupe|collectif|individuel|cadre))?\s+n[°º]"
          for w in ("contrat", "police", r"adh[ée]sion", "sociétaire", "allocataire")),
    ),
}
ID_CASE_SENSITIVE: dict[str, tuple[str, ...]] = {
    "record": (r"ID", r"Id", r"EP", r"AM", r"RG(?=\s*(?:n[°º]\s*)?\d{2}/\d)",
               # a patient's long-term-illness file, not the list's number ("ALD n° 30"):
               # "ALD n° ALD-63-0418827"
               r"ALD(?=[ \t]*n[°º][ \t]*ALD-?\d{2}-)",
               # a judgment's minute number: "Minute 26/019"
               r"Minute(?=\s*(?:n[°º]\s*)?\d{2}/\d)",
               # an implant's, a device's or a vaccine's lot (ID since 2026-11-27, gold
               # README): a code holding letters and digits, or five digits or more:
               # "lot K8802714", "Lot du clou : CB25-0817", "lot 2108741" (not "lot 14" of
               # an estate, nor "lot de compresses")
               r"(?:[Ll]ot|LOT)(?:\s+d[ue]\s+[a-zéè]+)?(?=\s*(?:n[°º]\s*)?:?\s*(?=[\w-]*\d)"
               r"(?:(?=[\w-]*[A-Z])|(?=\d[\d-]{4}))[A-Z0-9][A-Z0-9-]{3,14}\b)"),
}
# Short case-sensitive triggers that need a long number: "EP 123456", "AM 921234567".
SHORT_TRIGGER_MIN_DIGITS: dict[str, int] = {"EP": 6, "AM": 8}
# Qualifiers between a trigger and its value: "IPP provisoire : …", "NDA HAD HAD23-07781".
ID_QUALIFIERS = (
    r"provisoire|d[ée]finitif|d[ée]finitive|temporaire|actuel(?:le)?|ancien(?:ne)?|nouveau|"
    r"nouvelle|local|locale|unique|principal|AP-?HP|patient|s[ée]jour|salari[ée]e?|"
    r"militaire|d[ée]fense|employ[ée]e?|agent|personnel|interne|officine|pharmacie|clients?|"
    r"labo|laboratoire|de\s+r[ée]gulation|de\s+passage|SMUR|SAMU|urgences|"
    r"luxembourgeois|belge|suisse|allemand|national"
)
# A form, a list or a lot is numbered too: "cerfa n° 11574*04", "lot n° 21034".
NOT_ID_BEFORE = (
    r"(?i:cerfa|formulaire|imprim[ée]|ALD|UF|lot|article|art\.|loi|d[ée]cret|arr[êe]t[ée]"
    r"|circulaire|page|version|annexe|chambre|lit|salle|box)[ \t\u00a0]*$"
)
# Product references are no PHI: "cupule réf. 7245-50 lot 23B0457".
PRODUCT_CUES = (
    r"(?i:cupule|tige|implants?|proth[èe]ses?|plaques?|vis|clous?|stents?|lentilles?|"
    r"inserts?|t[êe]te|cotyles?|pacemaker|stimulateur|d[ée]fibrillateur|valves?|anneau|"
    r"greffon|mat[ée]riel|dispositif|broches?|agrafeuse|treillis|proth[èe]tique|"
    r"cath[ée]ter|sonde|drain|canule|endoprot[èe]se|pile|boîtier|boitier|[ée]lectrode)"
)
# A bare "N°" followed by a long enough number is a record number too, with a low score.
GENERIC_NUMBER_TRIGGER = r"(?i:n[°º]|no\.|num[ée]ro|#)"

# Identifier kinds with a Luhn key, and their length in digits.
CHECKED_LENGTHS: dict[str, int] = {"RPPS": 11, "FINESS": 9}
# Minimum number of digits in a value, by how it was announced.
MIN_DIGITS = {"default": 3, "generic": 5, "EP": 6}
# Years, doses and lab values after an "ID" or a generic "N°" are not identifiers.
ID_UNITS: tuple[str, ...] = (
    "mg", "g", "kg", "µg", "ml", "mL", "l", "L", "mmol", "UI", "%", "cm", "mm", "h", "min",
    "ans", "mois", "jours", "j", "sem", "SA", "cp", "fois", "mmHg", "bpm",
)

_SP = r"[ \t\u00a0\u202f]"
_NSEP = r"[ .\-\u00a0\u202f]?"
# 13 NIR characters, then an optional two-digit key.
_NIR_RE = re.compile(
    r"(?<![\w])(?<!\d[.,])"
    rf"[{NIR_FIRST_DIGITS}](?:{_NSEP}\d){{4}}{_NSEP}(?:\d{_NSEP}\d|2{_NSEP}[ABab])"
    rf"(?:{_NSEP}\d){{6}}(?P<key>{_NSEP}\d{_NSEP}\d)?(?![\w])(?![.,]\d)"
)
_NIR_TRIGGER_RE = re.compile(
    r"(?<![\w])(?i:" + "|".join(f"(?:{t})" for t in NIR_TRIGGERS) + r")(?![^\W\d_])"
)
_SEPARATE_KEY_RE = re.compile(
    r"(?:" + _SP + r"*(?:\(|/|-)?" + _SP + r"*(?i:cl[ée]|key)" + _SP + r"*:?" + _SP
    + r"*|" + _SP + r"*[(/]" + _SP + r"*)(?P<key>\d\d)\)?(?!\w)"
)
_NIR_CLEAN = str.maketrans("", "", " .-\u00a0\u202f")

# The value after an ID trigger: an optional letter prefix glued to digits ("AB123456",
# "A-123456", "AB/12345"), then upper-case alphanumeric groups joined by / . - _
# ("21/004567", "2021-000123", "21E12345"); a short first group may go on with
# space-separated groups ("800 123 4567").
_VALUE = (
    r"(?P<val>(?:(?:[A-Z]{1,8}[-/_]){1,3}|[A-Z]{1,4})?\d[0-9A-Z]*(?:[/.\-_][0-9A-Z]+)*"
    r"(?:(?<![\d]{5})(?:" + _SP + r"\d{1,5}(?![\w/.\-]\d))+)?(?![\w]))"
)
_FILLER = (
    r"(?:" + _SP + r"*(?:[:=#|]|n[°º]\.?|no\.|\((?:[^()\n]{1,20})\)|-(?!\d)"
    r"|(?i:" + ID_QUALIFIERS + r")(?![\w-])"
    r"|[A-Z]{1,8}(?=(?:" + _SP + r"+|" + _SP + r"*[:=#]" + _SP + r"*)(?:[A-Z]{1,6}[-/_]?)*\d)"
    r"))*" + _SP + r"*"
)


def _alt(fragments: tuple[str, ...]) -> str:
    return "|".join(f"(?:{f})" for f in fragments)


def first_char_lookahead(fragments: tuple[str, ...]) -> str:
    """A lookahead on the characters the fragments can start with, in either case; it lets
    the regex engine skip most positions fast. Empty when a fragment starts with anything
    but a literal or a character class."""
    chars: set[str] = set()
    for frag in fragments:
        if frag[0] == "[":
            close = frag.find("]")
            body = frag[1:close]
            if close < 0 or "\\" in body or "-" in body or body.startswith("^"):
                return ""
            chars.update(body)
        elif frag[0] in "\\()|.?*+{^$":
            return ""
        else:
            chars.add(frag[0])
    chars |= {c.upper() for c in chars} | {c.lower() for c in chars}
    return "(?=[" + "".join(re.escape(c) for c in sorted(chars)) + "])"


def _trigger_groups() -> str:
    parts = []
    for kind, frags in ID_TRIGGERS.items():
        cs = ID_CASE_SENSITIVE.get(kind, ())
        body = f"(?i:{_alt(frags)})" + (f"|{_alt(cs)}" if cs else "")
        parts.append(f"(?P<{kind}>{body})")
    parts.append(f"(?P<generic>{GENERIC_NUMBER_TRIGGER})")
    return "|".join(parts)


_ALL_ID_TRIGGERS = (
    *(f for frags in ID_TRIGGERS.values() for f in frags),
    *(f for frags in ID_CASE_SENSITIVE.values() for f in frags),
    "n", "N", "#",  # GENERIC_NUMBER_TRIGGER
)
# A trigger word, the lookahead first (it skips most positions fast).
_TRIGGER = (
    first_char_lookahead(_ALL_ID_TRIGGERS)
    + r"(?<![\w])(?:" + _trigger_groups() + r")(?:(?<=\.)|(?![^\W\d_]))"
)  # a trigger ending on its dot may touch its value: "(réf.PO26-00571)"
_ID_RE = re.compile(_TRIGGER + _FILLER + _VALUE)
_NOT_ID_BEFORE_RE = re.compile(NOT_ID_BEFORE)
_ARTICLE_BEFORE_RE = re.compile(r"(?<![\w'’])(?i:le|un|ce|du|au)" + _SP + r"+$")
# An identifier dictated in words after its trigger: "ipp treize zéro zéro cinquante-huit
# vingt-sept quarante et un" (three groups at least). The runs of number words are rare: they
# are found first, then the trigger is looked for just before each.
_SPELLED_RUN_RE = re.compile(
    rf"(?<![\w-])(?i:{GROUP_WORDS}(?:[ \t,]+{GROUP_WORDS}){{2,}})(?![\w-])"
)
_TRIGGER_BEFORE_RE = re.compile(
    _TRIGGER + _SP + r"*(?:(?i:deux" + _SP + r"+points|:)" + _SP + r"*)?$"
)
# A short letter group between the trigger and the digits belongs to the number
# ("adhérent n° HM 40 718 592", "N° H 518 402 77") unless it names the number's kind.
_LETTER_PREFIX_RE = re.compile(r"(?<![\w])[A-Z]{1,3}" + _SP + r"$")
_KIND_WORDS = frozenset(
    {"ID", "AM", "EP", "SS", "IPP", "NDA", "IEP", "NDS", "CAF", "AMC", "MSA", "NHS", "NHC",
     "DNI", "NIE", "NIR", "INS", "CNI", "PV", "TSE", "APA", "AME", "CMU", "CSS", "RG",
     "AVS", "AHV", "NSS", "RN", "BSN", "SSN"}
)
# Letters, a hyphen, then digits: "DERM-7741", "BM-26-00317".
_LETTERED_CODE_RE = re.compile(r"[A-Z]{2,6}-\d{2,}(?:-\d+)*")
_FORM_NUMBER_AFTER_RE = re.compile(r"\*\d")
_PRODUCT_BEFORE_RE = re.compile(PRODUCT_CUES + r"[^\n.;]{0,25}$")
_LOT_AFTER_RE = re.compile(_SP + r"*[,;]?" + _SP + r"*(?i:lot|LOT|n[°º]\s*de\s+lot)\b")
_TABLE_ROW_RE = re.compile(r"(?m)^[ \t]*\|.*\|[ \t]*$")
_TABLE_RULE_RE = re.compile(r"^[ \t|:\-+]+$")
_CELL_VALUE_RE = re.compile(_VALUE.replace("(?P<val>", "(?:") + r"$")
_CELL_TRIGGER_RE = re.compile(
    r"(?:" + _trigger_groups() + r")(?:" + _SP + r"*(?i:" + ID_QUALIFIERS + r"|n[°º]))?"
    + _SP + r"*:?$"
)
# An access code of a results portal, given with the login: "identifiant PH-8842917, code
# W7T-22K (valable jusqu'au …)": letters and digits mixed (a door code such as "4172A" has
# one letter and is no identifier).
_PORTAL_CODE_RE = re.compile(
    r"(?<![\w-])(?i:code)(?:[ \t]+(?i:d['’]acc[èe]s|de[ \t]+connexion|confidentiel))?"
    r"[ \t]*:?[ \t]*(?P<val>(?=[A-Z0-9-]*\d)(?=(?:[A-Z0-9-]*[A-Z]){2})[A-Z0-9]+(?:-[A-Z0-9]+)*)"
    r"(?![\w-])"
)
_PORTAL_LINE_RE = re.compile(
    r"(?i:identifiant|connexion|acc[èe]s|portail|r[ée]sultats|valable|mot[ \t]+de[ \t]+passe|"
    r"login)"
)
# A vaccine's or a device's lot in any case, letters and digits mixed, and the next ones of a
# list: "lot AHBVC871BA",
# "revaxis ce soir, lot y1c523v" (not "lot. les balisiers", "lot 14", "lot de compresses",
# nor a quantity, "lot 3x10ml").
_LOT_VALUE = (
    r"(?P<val>(?=(?:[A-Za-z-]*\d){2})(?=[\w-]*[A-Za-z])[A-Za-z0-9][A-Za-z0-9-]{4,19})"
    r"(?![\w-])"
)
# "lot", "lots n°", "LOT :" before a lot's code
_LOT_TRIGGER = r"(?<![\w-])(?:[Ll]ots?|LOTS?)(?:[ \t]+n[°º])?[ \t]*:?[ \t]*"
_LOT_CODE_RE = re.compile(_LOT_TRIGGER + _LOT_VALUE)
# A table row of numbers under dated columns: "N° de demande   2602160871   2602170433",
# "N° échantillon  2601120318  2601260744" (a numbered-item label, then codes of five digits
# or more in columns).
_ID_TABLE_CELL = r"[A-Z]{0,3}\d[\d-]{4,}[A-Z0-9]{0,3}"
_ID_TABLE_ROW_RE = re.compile(
    r"(?im)^[ \t]*(?:n[°º]|num[ée]ro|no\.?)[ \t]*(?:d['’]|de[ \t]+|du[ \t]+)?(?:la[ \t]+)?"
    r"(?:demande|[ée]chantillon|pr[ée]l[èe]vement|dossier|examen|s[ée]jour|venue|passage|tube"
    r"|requ[êe]te|analyse|bon|prescription|commande)s?[ \t]*:?"
    rf"(?P<row>(?:(?:[ \t]{{2,}}|\t|[ \t]*\|[ \t]*){_ID_TABLE_CELL}){{2,}})[ \t|]*$"
)
_ID_TABLE_CELL_RE = re.compile(_ID_TABLE_CELL)
# A lot code dictated or printed in spaced groups: "lot AHBV 412 BA" (capitals and digits, one
# group of three digits or more; not "LOT 12 AMPOULES").
_SPACED_LOT_RE = re.compile(
    _LOT_TRIGGER + r"(?P<val>[A-Z][A-Z0-9]{1,4}(?:[ ][A-Z0-9]{2,5}){1,3})(?![\w-])"
)
# the next codes of a list: "lots P100482619 et P100482733", "lot AB1234, AB1299 et AB1300"
_LOT_NEXT_RE = re.compile(r"[ \t]*(?:,|et|&|/)[ \t]*" + _LOT_VALUE)
_QUANTITY_RE = re.compile(r"(?i:\d+[x×]\d.*|\d+(?:ml|mg|µg|mcg|ui|g|l|cp|amp))")
# The unique identifier of an EU digital COVID certificate: "URN:UVCI:01:FR:T5DWTJYS4ZR8#4".
# An Italian tax code (codice fiscale): six letters, the birth year, month letter and day,
# the birthplace code, a control letter ("RSSMRA85T10A562S"); distinctive on its own.
_CODICE_FISCALE_RE = re.compile(
    r"(?<![\w])[A-Z]{6}\d{2}[ABCDEHLMPRST]\d{2}[A-Z]\d{3}[A-Z](?![\w])"
)
# A European health-insurance card number after its name: 20 digits, grouped or not.
_EHIC_RE = re.compile(
    r"(?i:carte[ \t]+europ[ée]enne(?:[ \t]+d['’]assurance[ \t]+maladie)?|CEAM|TEAM|EHIC|GHIC|"
    r"TSE)(?:[ \t]*\((?:TSE|CEAM|TEAM|EHIC|GHIC)\))?[ \t]*(?:n[°º]\.?|:|#)?[ \t]*(?::[ \t]*)?"
    r"(?P<val>\d{4,20}(?:[ \t]\d{2,10}){0,5})(?![\w]|[.,]\d)"
)
_UVCI_RE = re.compile(r"(?<![\w:])(?:URN:)?UVCI:\d{2}:[A-Z]{2}:[A-Z0-9/]+(?:#[A-Z0-9])?(?![\w/#])")
# A Belgian national register number as printed: "87.04.04-213.58" (birth date, serial,
# a mod-97 key over the nine digits, with a leading 2 for people born from 2000); the
# layout is distinctive, the key only raises the score.
_BELGIAN_RN_RE = re.compile(r"(?<![\w.,/-])\d\d\.\d\d\.\d\d-\d{3}\.\d\d(?![\w]|[.,/-]\d)")
_BARE_RPPS_RE = re.compile(r"(?<![\w.,/\-])10\d{9}(?![\w]|[.,/\-]\d)")
_DATE_VALUE_RE = re.compile(r"\d{1,2}[/.\-]\d{1,2}[/.\-]\d{2,4}|\d{4}[/.\-]\d{1,2}[/.\-]\d{1,2}")
_YEAR_RE = re.compile(r"(?:19|20)\d\d")
_ID_UNIT_RE = re.compile(
    _SP + r"?(?:" + "|".join(re.escape(u) for u in sorted(ID_UNITS, key=len, reverse=True))
    + r")(?![^\W\d_])"
)

# --------------------------------------------------------------------------------------
# Checksums
# --------------------------------------------------------------------------------------


def nir_key(body: str) -> int:
    """The key of a 13-character NIR body (Corsica: 2A counts as 19, 2B as 18)."""
    if _stdnum_nir is not None:
        return int(_stdnum_nir.calc_check_digits(body.upper()))
    body = body.upper()
    if body[5:7] == "2A":
        body = body[:5] + "19" + body[7:]
    elif body[5:7] == "2B":
        body = body[:5] + "18" + body[7:]
    return 97 - int(body[:13]) % 97


def belgian_register_valid(number: str) -> bool:
    """Whether a Belgian national register number carries its mod-97 key (born before
    2000, or from 2000 with a leading 2)."""
    digits = "".join(ch for ch in number if ch.isdigit())
    body, key = int(digits[:9]), int(digits[9:])
    return key in (97 - body % 97, 97 - (2_000_000_000 + body) % 97)


def luhn_valid(digits: str) -> bool:
    """Whether a digit string passes the Luhn check (RPPS, FINESS, SIREN…)."""
    if not digits.isdigit():
        return False
    if _luhn is not None:
        return bool(_luhn.is_valid(digits))
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = int(ch)
        if i % 2:
            d = d * 2 - 9 if d > 4 else d * 2
        total += d
    return total % 10 == 0


# --------------------------------------------------------------------------------------
# Detectors
# --------------------------------------------------------------------------------------


def _has_nir_trigger(text: str, pos: int) -> bool:
    lo = max(0, pos - NIR_TRIGGER_WINDOW)
    nl = text.rfind("\n", lo, pos)
    if nl >= 0:
        lo = nl + 1
    return _NIR_TRIGGER_RE.search(text, lo, pos) is not None


@dataclass(frozen=True)
class NirDetector:
    """French social security numbers: ``validated/nir`` with a valid key (score 1),
    ``pattern/nir`` after a trigger word otherwise; attribute ``key``: valid, invalid, missing."""

    name: str = "nir"
    family: str = "rules"

    def detect(self, document: Document) -> Iterator[Entity]:
        text = document.text
        for m in _NIR_RE.finditer(text):
            start, end = m.start(), m.end()
            compact = m.group().translate(_NIR_CLEAN)
            if m.group("key") is not None:
                if int(compact[13:]) == nir_key(compact[:13]):
                    yield Entity(start, end, "NIR", "validated/nir", 1.0,
                                 attributes={"key": "valid"})
                    continue
                if _has_nir_trigger(text, start):
                    yield Entity(start, end, "NIR", "pattern/nir", 0.6,
                                 attributes={"key": "invalid"})
                continue
            sep_key = _SEPARATE_KEY_RE.match(text, end)
            if sep_key is not None:  # "1 54 03 21 231 045 clé 82"
                compact += sep_key.group("key")
                valid = int(compact[13:]) == nir_key(compact[:13])
                if valid or _has_nir_trigger(text, start):
                    yield Entity(start, sep_key.end(), "NIR",
                                 "validated/nir" if valid else "pattern/nir",
                                 1.0 if valid else 0.6,
                                 attributes={"key": "valid" if valid else "invalid"})
            elif _has_nir_trigger(text, start):
                yield Entity(start, end, "NIR", "pattern/nir", 0.7, attributes={"key": "missing"})


# A French vehicle registration (SIV, since 2009): two letters, three digits, two letters.
_VEHICLE_PLATE_RE = re.compile(r"(?<![\w-])[A-HJ-NP-TV-Z]{2}-\d{3}-[A-HJ-NP-TV-Z]{2}(?![\w-])")


@dataclass(frozen=True)
class IdentifierDetector:
    """Administrative identifiers after a trigger word (``pattern/id``, ``validated/id`` for
    RPPS and FINESS numbers with a valid Luhn key); attribute ``kind``: IPP, NDA, RPPS,
    ADELI, FINESS or record."""

    name: str = "identifier"
    family: str = "rules"

    def detect(self, document: Document) -> Iterator[Entity]:
        text = document.text
        taken: set[int] = set()
        for m in _ID_RE.finditer(text):
            entity = _id_entity(text, m)
            if entity is not None:
                taken.add(entity.start)
                yield entity
                yield from _range_continuation(text, entity, taken)
        if "|" in text:
            for entity in _table_ids(text):
                if entity.start not in taken:
                    taken.add(entity.start)
                    yield entity
        if "lot" in text or "Lot" in text or "LOT" in text:
            for m in _LOT_CODE_RE.finditer(text):
                while m is not None and not _QUANTITY_RE.fullmatch(m.group("val")):
                    if m.start("val") not in taken:
                        taken.add(m.start("val"))
                        yield Entity(m.start("val"), m.end("val"), "ID", "pattern/id", 0.75,
                                     attributes={"kind": "lot"})  # fmt: skip
                    m = _LOT_NEXT_RE.match(text, m.end())
            for m in _SPACED_LOT_RE.finditer(text):
                # (the first group starts with a letter; one group is three digits or more)
                if m.start("val") not in taken and any(
                    g.isdigit() and len(g) >= 3 for g in m.group("val").split(" ")
                ):
                    taken.add(m.start("val"))
                    yield Entity(m.start("val"), m.end("val"), "ID", "pattern/id", 0.7,
                                 attributes={"kind": "lot"})  # fmt: skip
        for m in _ID_TABLE_ROW_RE.finditer(text):
            for cell in _ID_TABLE_CELL_RE.finditer(text, m.start("row"), m.end("row")):
                if cell.start() not in taken and sum(c.isdigit() for c in cell.group()) >= 5:
                    taken.add(cell.start())
                    yield Entity(cell.start(), cell.end(), "ID", "pattern/id", 0.8)
        for m in _PORTAL_CODE_RE.finditer(text):
            line_start = text.rfind("\n", 0, m.start()) + 1
            line_end = text.find("\n", m.end())
            line = text[line_start : line_end if line_end >= 0 else len(text)]
            if m.start("val") not in taken and _PORTAL_LINE_RE.search(line):
                yield Entity(m.start("val"), m.end("val"), "ID", "pattern/id", 0.75,
                             attributes={"kind": "record"})
        for run in _SPELLED_RUN_RE.finditer(text):  # a dictated number, in words
            m = _TRIGGER_BEFORE_RE.search(text, max(0, run.start() - 60), run.start())
            if m is None:
                continue
            if m.group("generic") and _ARTICLE_BEFORE_RE.search(text, max(0, m.start() - 4),
                                                                m.start()):
                continue  # "appeler le numéro trois un un quatre": a service's number
            kind = next((k for k in ID_TRIGGERS if m.group(k)), "record")
            yield Entity(run.start(), run.end(), "ID", "pattern/id", 0.8,
                         attributes={"kind": kind, "spelled": True})
        for m in _VEHICLE_PLATE_RE.finditer(text):  # "immatriculé GF-318-KZ"
            if m.start() not in taken:
                yield Entity(m.start(), m.end(), "ID", "pattern/id", 0.85,
                             attributes={"kind": "record"})
        for m in _CODICE_FISCALE_RE.finditer(text):
            if m.start() not in taken:
                yield Entity(m.start(), m.end(), "ID", "validated/id", 0.9,
                             attributes={"kind": "record"})
        for m in _EHIC_RE.finditer(text):
            digits = sum(ch.isdigit() for ch in m.group("val"))
            if 16 <= digits <= 20:
                taken.add(m.start("val"))
                yield Entity(m.start("val"), m.end("val"), "ID", "pattern/id", 0.9,
                             attributes={"kind": "record"})
        for m in _UVCI_RE.finditer(text):
            if m.start() not in taken:
                yield Entity(m.start(), m.end(), "ID", "validated/id", 0.9,
                             attributes={"kind": "UVCI"})
        for m in _BELGIAN_RN_RE.finditer(text):
            if m.start() not in taken:  # the printed layout is distinctive on its own
                valid = belgian_register_valid(m.group())
                yield Entity(m.start(), m.end(), "ID",
                             "validated/id" if valid else "pattern/id", 0.95 if valid else 0.8,
                             attributes={"kind": "record"})
        for m in _BARE_RPPS_RE.finditer(text):
            if m.start() not in taken and luhn_valid(m.group()):
                yield Entity(m.start(), m.end(), "ID", "validated/id", 0.8,
                             attributes={"kind": "RPPS"})


def _table_ids(text: str) -> Iterator[Entity]:
    """Values in a pipe table whose header cell (column) or left cell is an ID trigger."""
    header: list[str] | None = None
    prev_end = -2
    for row in _TABLE_ROW_RE.finditer(text):
        if row.start() != prev_end + 1:
            header = None  # a new table
        prev_end = row.end()
        line = row.group()
        cells: list[tuple[int, int]] = []
        pos = row.start() + line.index("|") + 1
        for part in line[line.index("|") + 1 :].split("|")[:-1]:
            cells.append((pos, pos + len(part)))
            pos += len(part) + 1
        names = [text[s:e].strip() for s, e in cells]
        if header is None:
            header = names
            continue
        if all(_TABLE_RULE_RE.match(n or "-") for n in names):
            continue
        for i, (s, e) in enumerate(cells):
            value = names[i]
            if not value or not _CELL_VALUE_RE.match(value):
                continue
            trig = None
            if i > 0 and _CELL_TRIGGER_RE.match(names[i - 1]):
                trig = _CELL_TRIGGER_RE.match(names[i - 1])
            elif i < len(header) and _CELL_TRIGGER_RE.match(header[i]):
                trig = _CELL_TRIGGER_RE.match(header[i])
            if trig is None or sum(ch.isdigit() for ch in value) < MIN_DIGITS["default"]:
                continue
            if _DATE_VALUE_RE.fullmatch(value):
                continue
            kind = next((k for k in ID_TRIGGERS if trig.group(k) is not None), "record")
            start = s + (len(text[s:e]) - len(text[s:e].lstrip()))
            yield Entity(start, start + len(value), "ID", "pattern/id", 0.8,
                         attributes={"kind": kind})


# The next number of a range or list of the same series: "blocs 26P01422-A1 à 26P01422-A9",
# "(blocs 26P01422-B1 et 26P01422-B2)".
_RANGE_NEXT_RE = re.compile(
    _SP + r"*(?:à|et|,|/)" + _SP + r"*(?P<val>[0-9A-Z][0-9A-Z-]{4,})(?![\w-])"
)


def _range_continuation(text: str, entity: Entity, taken: set[int]) -> Iterator[Entity]:
    """The identifiers that continue ``entity``'s series right after it: same length, and
    the same characters but the last two."""
    previous = text[entity.start : entity.end]
    end = entity.end
    while (m := _RANGE_NEXT_RE.match(text, end)) is not None:
        value = m.group("val")
        if len(value) != len(previous) or value[:-2] != previous[:-2] or value == previous:
            return
        taken.add(m.start("val"))
        yield entity.with_(start=m.start("val"), end=m.end("val"))
        previous, end = value, m.end("val")


def _id_entity(text: str, m: re.Match[str]) -> Entity | None:
    trigger = next(k for k in (*ID_TRIGGERS, "generic") if m.group(k) is not None)
    value = m.group("val")
    start, end = m.start("val"), m.end("val")
    ndigits = sum(ch.isdigit() for ch in value)
    short = m.group("record") if trigger == "record" else None
    is_ep = short == "EP"
    if short in SHORT_TRIGGER_MIN_DIGITS:
        minimum = SHORT_TRIGGER_MIN_DIGITS[short]
    else:
        minimum = MIN_DIGITS["generic" if trigger == "generic" else "default"]
        if trigger == "generic" and _LETTERED_CODE_RE.fullmatch(value):
            minimum = MIN_DIGITS["default"]  # "n° DERM-7741": a lettered code is a record
        elif short is not None and short[:3].lower() == "lot" and len(value) >= 5 and (
            sum(ch.isalpha() for ch in value) >= 2
        ):
            minimum = 2  # a vaccine's lot of letters and two digits: "lot F7HX2B"
    if ndigits < minimum:
        return None
    if trigger == "record" and re.match(r"(?i:r[ée]f)", m.group("record")) and (
        _PRODUCT_BEFORE_RE.search(text, max(0, m.start() - 40), m.start())
        or _LOT_AFTER_RE.match(text, end)
    ):
        return None  # an implant or device reference, not a person's record
    if _DATE_VALUE_RE.fullmatch(value) or _ID_UNIT_RE.match(text, end):
        return None
    if trigger == "generic" and (
        _NOT_ID_BEFORE_RE.search(text, max(0, m.start() - 20), m.start())
        or _FORM_NUMBER_AFTER_RE.match(text, end)
    ):
        return None  # "cerfa n° 11574*04", "ALD n° 30", "lot n° 21034"
    if trigger == "generic" and _NIR_TRIGGER_RE.search(text, m.start(), start):
        return None  # "N° SS : 1 54 …" is left to the NIR detector
    if trigger == "generic" and _YEAR_RE.fullmatch(value):
        return None
    if is_ep and not any(ch in ":n°#" for ch in text[m.end("record") : start]):
        return None
    kind = "record" if trigger == "generic" else trigger
    prefix = _LETTER_PREFIX_RE.search(text, max(m.start(), start - 4), start)
    if prefix and value[:1].isdigit() and prefix.group().strip() not in _KIND_WORDS:
        start = prefix.start()
    digits = "".join(ch for ch in value if ch.isdigit())
    source, score = "pattern/id", 0.85 if trigger != "generic" else 0.6
    if len(digits) == CHECKED_LENGTHS.get(kind) and luhn_valid(digits):
        source, score = "validated/id", 1.0
    return Entity(start, end, "ID", source, score, attributes={"kind": kind})


def identifier_detectors() -> list[NirDetector | IdentifierDetector]:
    """The detectors of this module, for the registry."""
    return [NirDetector(), IdentifierDetector()]
