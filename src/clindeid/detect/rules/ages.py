"""AGE detector: a person's age in years, months, weeks or days, with a value and a format.

Each entity has ``value`` (a number; ``27.5`` for "27 ans 1/2") and attributes ``unit``
(``years``, ``months``, ``weeks``, ``days``) and ``format`` (a `clindeid.temporal.render_age`
template: ``"{n} {ans}"``, ``"{N_words} {ans}"``, ``"{n_int} {ans}{half: 1/2}"``, ``"{n}a"``).

What is an age (decisions):

- ``N ans`` is an age by default: "Mme X, 67 ans", "(27 ans)", "il a 40 ans".
- It is certainly one after ``âgé(e) de``, ``l'âge de``, ``âge :`` or a person noun followed
  by ``de`` ("patiente diabétique de 67 ans", "un homme de quarante-cinq ans").
- It is a *duration*, not an age, after ``depuis``, ``il y a``, ``pendant``, ``durant``,
  ``tous les``, ``dans``, ``pour``, ``sur``, ``en``, ``après``, ``avant``, ``au bout de``, a bare
  ``de`` ("un suivi de 5 ans") or a mid-sentence ``à`` ("survie à 5 ans", "à 3 ans de la
  chirurgie"; but "À 3 ans, il…" at the start of a clause is an age), and before ``plus
  tard``, ``auparavant``, ``après``, ``d'évolution``, ``de suivi``, ``de recul``, ``de la``…
- ``mois``, ``semaines``, ``jours`` and the short ``40a`` / ``40 a`` are ages only in an age
  context ("nourrisson de 3 mois", "nouveau-né de 5 jours", "âgé de 3 mois", "(40 a)") or
  right after an age in years ("2 ans et 3 mois"); "depuis 3 mois" is a duration.
- Words such as "sexagénaire" or "quadragénaire" are not ages (no number).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from clindeid.detect.rules.dates import NUMBER_WORDS
from clindeid.document import Document, Entity
from clindeid.temporal import build_format, casing_of, field_name, number_words_style
from clindeid.temporal import parse_french_number as _parse_words

# ----------------------------------------------------------------------------- data

PERSON_NOUNS: tuple[str, ...] = (
    "patiente?", "homme", "femme", "enfant", "garçon", "garcon", "fille", "fillette",
    "nourrisson", "bébé", "bebe", "nouveau-née?", "nouveau née?", "nné", "adolescente?", "ado",
    "jeune", "sujet", "individu", "personne", "adulte", "monsieur", "madame", "mademoiselle",
    "mme", "mr", "mlle", "frère", "frere", "sœur", "soeur", "père", "pere", "mère", "mere",
    "fils", "cousine?", "oncle", "tante", "grand-père", "grand-mère", "époux", "épouse", "mari",
    "conjointe?", "compagne", "compagnon", "retraitée?", "prématurée?", "parturiente",
    "primipare", "multipare", "jumeau", "jumelle", "gestante", "primigeste", "cadet", "aîné",
    "aînée", "benjamin", "pte?", "pt\\.", "pat\\.", "usagère?", "résidente?", "militaire",
    "marin", "sportive?", "randonneuse?", "randonneur", "étudiante?", "agricultrice",
    "agriculteur", "ouvrière?", "salariée?",
)  # fmt: skip
AGE_CONTEXT = (
    r"(?:\b(?:âgée?s?|agée?s?|âge|age)\b[^.\n\d]{0,12}?"
    r"|\b(?:âgée?s?|agée?s?)[ \t]+(?:aujourd['’]hui|actuellement|d[ée]sormais)[ \t]+(?:de[ \t]+)?"
    rf"|\b(?:{'|'.join(PERSON_NOUNS)})(?:\s+[^\s\d.;]+){{0,3}}?\s+(?:de|d['’])"
    r"(?:\s*(?:plus\s+de|moins\s+de|près\s+de|environ|presque|seulement))?\s*)$"
)
DURATION_BEFORE = (
    r"\b(?:depuis|pendant|durant|dans|pour|sur|en|après|avant|tous\s+les|toutes\s+les"
    r"|il\s+y\s+a|y\s+a|d['’]ici|au\s+bout\s+de|voilà|jusqu['’]à|de|d['’]|des|à|a\s+partir\s+de)"
    r"(?:(?:\s+|(?<=['’]))(?:environ|plus\s+de|moins\s+de|près\s+de|presque|bientôt|déjà"
    r"|au\s+moins|quelques|\d+\s*(?:à|ou|-)))?\s*$"
)
CLAUSE_START_A = r"(?:^|[.!?\n(]\s*)[àÀ]\s*$|À\s*$"
DURATION_AFTER = (
    r"^\s*(?:plus\s+tard|plus\s+tôt|auparavant|avant|après|apres|d['’]évolution|d['’]evolution"
    r"|de\s+suivi|de\s+recul|d['’]intervalle|d['’]ancienneté|de\s+tabagisme|de\s+traitement"
    r"|d['’]exposition|de\s+mariage|de\s+survie|de\s+retard|de\s+délai|de\s+la|du|des|de\s+l['’]"
    r"|d['’]écart|post|consécutifs|durant|pendant|environ\s+avant|si)(?!\w)"
)
# A banner age right after a birth date: "né le 04/02/2021, 21 mois", "DDN 17/05/22 – 19 mois",
# or a birth date and place: "nee le 14/09/1951 a tlemcen (algerie) - 74a".
AFTER_BIRTH_DATE = (
    r"(?:\bn[ée]e?(?:\s*\(e\))?\s+le|\bddn|\bdate\s+de\s+naissance)\s*:?\s*"
    r"\d{1,2}[/.\-]\d{1,2}[/.\-]\d{2,4}"
    r"(?:\s+[àa]\s+[^\n,;:()]{1,60}?(?:\s*\([^\n()]{1,30}\))?)?\s*[,;–—(-]?\s*$"
)
# "cancer du sein à 42 ans", "diagnostiqué à 45 ans": an age at an event (mid-sentence "à")
# from this value on, unless a follow-up horizon is meant ("survie à 15 ans").
EVENT_AGE_MIN = 12
EVENT_AGE_BEFORE = r"(?<![\w'’])à\s*(?:\d{1,2}\s*(?:,|et|ou)\s*)*$"
HORIZON_CUES = (
    r"\b(?:survie|survival|risque|r[ée]cidive|rechute|contr[ôo]l\w*|suivi|r[ée][ée]valu\w*|"
    r"revoir|revu|rdv|rendez-vous|recul|mortalit[ée]|taux|probabilit[ée]|pronostic|"
    r"[ée]valuation|bilan|visite|horizon|incidence|cumul[ée]e?|SG|SSP|OS|PFS|EFS|DFS|"
    r"r[ée]sultats?|efficacit[ée]|b[ée]n[ée]fice|gain|perte|score|objectif|projet[ée]e?)\b"
    r"[^.;\n]{0,40}$"
)
# The first bound of "deux enfants de 6 et 3 ans", "entre 6 et 8 ans".
RANGE_FIRST_BOUND = r"(?<![\w.,/])(?P<n>\d{1,3})\s*(?:et|à|ou|-|–)\s*$"
AGE_AFTER_YEARS = r"\d\s*ans?\s*(?:et\s+)?$"  # "2 ans et 3 mois": the months are an age too
# "à 1 mois d'âge corrigé", "3 mois de vie": the number is an age whatever precedes it.
AGE_AFTER = r"\s*(?:d['’]âge|d['’]age|de\s+vie|révolus)\b"
# Vaccines of the infant schedule: "pneumocoque à 2 et 4 mois", "ROR à 12 mois".
VACCINES = (
    r"vaccin\w*|pneumocoques?|hexavalent|pentavalent|DTC?a?P\w*|Hib"
    r"|HepB|ROR|m[ée]ningocoques?|m[ée]ningo|BCG|rotavirus|Prevenar|Infanrix\w*|Hexyon"
    r"|Vaxelis|Priorix|Neisvac\w*|Nimenrix|Bexsero"
)
# "rappel à 11 mois": a booster is an age only on a line that names a vaccine.
DOSE_CUES = r"\b(?:rappels?|injections?|doses?)\b[^.;\n]{0,25}$"
# "diagnostic à 18 mois", "a marché à 14 mois": an infant's age at an event.
EVENT_CUES = (
    rf"\b(?:diagnosti\w*|découv\w*|révél\w*|opér[ée]\w*|greff[ée]\w*|vaccin[ée]\w*|marché"
    r"|marche|propre|premiers?\s+pas|premiers?\s+mots|débuté\w*|apparu\w*|survenu\w*|"
    r"décéd[ée]\w*|adopt[ée]\w*|arrivée?|placée?|acquise?s?|assise?|tenue?|tient|ménarche"
    rf"|ménarches|puberté|premières\s+règles|réglée|{VACCINES})\b[^.;\n]{{0,25}}$"
)
# Quick notes: "pt : X Y, 27a, SPDT…", "Mme Z 54a H": the compact "27a" after a comma or a
# patient word, before a comma, a bracket, a sex letter or the end of the line.
QUICK_AGE_BEFORE = r"(?:,|\b(?:pte?|patiente?|mme|mr|m\.|mlle)[ \t]*:?)[ \t]*$"
QUICK_AGE_AFTER = r"[ \t]*(?:[,;)/]|$|\n|[HFMhf]\b)"
# "3 ans et 5 mois": one age (the months join the years).
COMPOUND_MONTHS = r"\s+et\s+(?P<m>\d{1,2})\s*mois\b"
VERB_AFTER_A = r"^\s+(?:été|eu|pu|dû|fait|pris|reçu|présenté|bénéficié|consulté|arrêté)\b"

NUMBER = r"(?P<n>\d{1,3}(?:[,.]\d{1,2})?)"
HALF = r"(?P<half>\s*(?:1/2|½)|\s+et\s+demie?)?"
# (name, regex, needs an age context). Groups: n / nw (number), u (unit word), half.
# In "number", the unit word decides the unit and whether an age context is needed.
PATTERNS: tuple[tuple[str, str, bool], ...] = (
    ("number",
     rf"(?<![\w.,/])(?:{NUMBER}|(?P<nw>{NUMBER_WORDS}))\s*"
     rf"(?P<u>ans|an|mois|semaines?|sem\.?|jours?)(?!\w){HALF}", False),
    ("years_short", rf"(?<![\w.,/]){NUMBER}\s?(?P<u>a)(?![\w'’]|\.\w)", True),
    ("age_label", r"(?<!\w)âge\s*:\s*(?P<n>\d{1,3})(?![\d,.]|\s*(?:ans?|mois|sem|jours?|a)\b)",
     False),
)  # fmt: skip
UNITS: dict[str, str] = {
    "an": "years", "ans": "years", "a": "years", "mois": "months", "semaine": "weeks",
    "semaines": "weeks", "sem": "weeks", "sem.": "weeks", "jour": "days", "jours": "days",
}  # fmt: skip
MAX_VALUE: dict[str, float] = {"years": 125, "months": 48, "weeks": 104, "days": 90}
UNIT_FIELDS: dict[str, str] = {
    "an": "ans", "ans": "ans", "semaine": "semaines", "semaines": "semaines",
    "jour": "jours", "jours": "jours",
}  # fmt: skip

# ----------------------------------------------------------------------------- compiled

_FLAGS = re.IGNORECASE
_COMPILED = tuple((n, re.compile(rx, _FLAGS), c) for n, rx, c in PATTERNS)
_AGE_CONTEXT = re.compile(AGE_CONTEXT, _FLAGS)
_DURATION_BEFORE = re.compile(DURATION_BEFORE, _FLAGS)
_CLAUSE_START_A = re.compile(CLAUSE_START_A)
_DURATION_AFTER = re.compile(DURATION_AFTER, _FLAGS)
_AGE_AFTER_YEARS = re.compile(AGE_AFTER_YEARS, _FLAGS)
_VERB_AFTER_A = re.compile(VERB_AFTER_A, _FLAGS)
_AFTER_BIRTH_DATE = re.compile(AFTER_BIRTH_DATE, _FLAGS)
_EVENT_AGE_BEFORE = re.compile(EVENT_AGE_BEFORE, _FLAGS)
_HORIZON_CUES = re.compile(HORIZON_CUES, _FLAGS)
_RANGE_FIRST_BOUND = re.compile(RANGE_FIRST_BOUND, _FLAGS)
_LIST_PREVIOUS = re.compile(r"(?<![\w.,/])(?P<n>\d{1,3})[ \t]*,[ \t]*$")
_AGE_AFTER = re.compile(AGE_AFTER, _FLAGS)
_EVENT_CUES = re.compile(EVENT_CUES, _FLAGS)
_DOSE_CUES = re.compile(DOSE_CUES, _FLAGS)
_QUICK_AGE_BEFORE = re.compile(QUICK_AGE_BEFORE, _FLAGS)
_QUICK_AGE_AFTER = re.compile(QUICK_AGE_AFTER)
_VACCINES = re.compile(rf"\b(?:{VACCINES})\b", _FLAGS)
_COMPOUND_MONTHS = re.compile(COMPOUND_MONTHS, _FLAGS)
_YEARS_AND_BEFORE = re.compile(r"(?P<y>ans?)\s+et\s+$", _FLAGS)
_WINDOW = 50
# A document about an infant or a child: there "à 3 mois" is the child's age at an exam or an
# event ("contrôle à 3 mois", "bronchiolite à 3 mois"), not a follow-up horizon.
_INFANT_CONTEXT = re.compile(
    r"(?i:nourrisson|nouveau-n[ée]|n[ée]onat\w*|b[ée]b[ée]|pr[ée]matur\w*|terme[ \t]+corrig[ée]"
    r"|allaitement|carnet[ \t]+de[ \t]+sant[ée]|p[ée]diatr\w*)|\bPMI\b"
)
# "à 3 mois", "vers 1 mois" ("vers 6 semaines" is the post-natal visit's horizon: months only)
_AT_BEFORE = re.compile(r"(?<![\w'’])(?i:à|(?P<towards>vers))[ \t]*$")
# "il a maintenant 4 mois et demi": someone's age now (not "3 ans de recul", see
# DURATION_AFTER).
_NOW_BEFORE = re.compile(
    r"\b(?:a|avait|aura)[ \t]+(?:maintenant|aujourd['’]hui|actuellement|d[ée]sormais)[ \t]+$"
)
_AGE_FIELD_BEFORE = re.compile(r"(?i:\b[âa]ge\b)[^:\n]{0,25}:[ \t]*$")
# A milestone of the child's schedule before its age: "vaccins des 2 mois", "bilan des 4 ans".
_MILESTONE_BEFORE = re.compile(
    r"\b(?:vaccins?|vaccinations?|rappels?|examens?|bilans?|visites?|consultations?|"
    r"certificats?)(?:[ \t]+(?:obligatoires?|de[ \t]+sant[ée]|syst[ée]matiques?))?"
    r"[ \t]+(?:des|du)[ \t]+$",
    _FLAGS,
)
_THRESHOLD_BEFORE = re.compile(r"(?:[<>≤≥]=?|=>|>=|<=)[ \t]*$")


def _context_score(text: str, s: int, e: int, name: str, needs_context: bool) -> float | None:
    """Confidence that the number at [s, e) is an age, or None if it is not one."""
    if _THRESHOLD_BEFORE.search(text, max(0, s - 4), s):
        return None  # "âge > 80 ans": a threshold of a rule, nobody's age
    lo = max(0, s - _WINDOW)
    if _AGE_CONTEXT.search(text, lo, s):
        return 0.95
    if _NOW_BEFORE.search(text, max(0, s - 30), s) and not _DURATION_AFTER.search(
        text[e : e + 40]
    ):
        return 0.85
    bound = _RANGE_FIRST_BOUND.search(text, max(0, s - 12), s)
    if bound is not None and _AGE_CONTEXT.search(text, max(0, bound.start() - _WINDOW),
                                                 bound.start()):
        return 0.9  # "âgés de 4 à 10 ans"
    in_parens = text[s - 1 : s] == "(" and text[e : e + 1] == ")"
    if name == "number" and _MILESTONE_BEFORE.search(text, max(0, s - 40), s):
        return 0.85  # "vaccins des 2 mois", "examen des 9 mois": the child's age then
    if _AFTER_BIRTH_DATE.search(text, max(0, s - 45), s):
        return 0.9
    if _AGE_AFTER.match(text, e):
        return 0.85
    if needs_context and _EVENT_AGE_BEFORE.search(text, lo, s) and _event_cue(
        text, s
    ) and not _HORIZON_CUES.search(text, max(0, s - 60), s) and not _DURATION_AFTER.search(
        text[e : e + 40]
    ):
        return 0.75
    if needs_context:
        if in_parens and name == "years_short":
            return 0.85
        if name == "years_short" and _quick_age(text, s, e):
            return 0.8
        if name != "years_short" and _AGE_AFTER_YEARS.search(text, lo, s):
            return 0.85
        return None
    if in_parens:
        return 0.9
    if _DURATION_AFTER.search(text[e : e + 40]):
        return None
    if _CLAUSE_START_A.search(text, lo, s):
        return 0.85
    if _DURATION_BEFORE.search(text, lo, s):
        if _event_age(text, s, lo):
            return 0.75
        return None
    return 0.8


def _infant_age(text: str, s: int, e: int, unit: str, infant: bool) -> bool:
    """"âge à la sortie : 2 mois"; in a document about an infant, "à 3 mois", "vers 1 mois",
    "à 3 semaines" (not "à 3 mois de traitement")."""
    if _AGE_FIELD_BEFORE.search(text, max(0, s - 40), s):
        return True
    if not infant or unit not in ("months", "weeks"):
        return False
    at = _AT_BEFORE.search(text, max(0, s - 6), s)
    return (
        at is not None and (unit == "months" or not at.group("towards"))
        and not _DURATION_AFTER.search(text[e : e + 40])
    )  # fmt: skip


def _quick_age(text: str, s: int, e: int) -> bool:
    """"pt : X, 27a, …": a compact two-digit age after a comma or a patient word."""
    return (
        e - s == 3 and text[s : s + 2].isdigit()
        and _QUICK_AGE_BEFORE.search(text, max(0, s - 12), s) is not None
        and _QUICK_AGE_AFTER.match(text, e) is not None
    )


def _event_cue(text: str, s: int) -> bool:
    """An event, milestone or vaccine named just before "à N mois"."""
    if _EVENT_CUES.search(text, max(0, s - 40), max(0, s - 2)):
        return True
    if not _DOSE_CUES.search(text, max(0, s - 40), max(0, s - 2)):
        return False
    line_start = text.rfind("\n", 0, s) + 1
    return _VACCINES.search(text, max(line_start, s - 120), s) is not None


def _event_age(text: str, s: int, lo: int) -> bool:
    """"cancer du sein à 42 ans": an adult age at an event, not a follow-up horizon."""
    if not _EVENT_AGE_BEFORE.search(text, lo, s):
        return False
    digits = re.match(r"\d{1,3}", text[s : s + 3])
    if digits is None:
        return False
    if int(digits.group()) < EVENT_AGE_MIN and not _EVENT_CUES.search(
        text, max(0, s - 40), max(0, s - 2)
    ):
        return False
    return not _HORIZON_CUES.search(text, max(0, s - 60), s)


def _build(text: str, m: re.Match[str], unit: str) -> tuple[float, str] | None:
    g = m.groupdict()
    parts: list[tuple[int, int, str]] = []
    half = bool(g.get("half"))
    if g.get("n"):
        value = float(g["n"].replace(",", "."))
        if half and not value.is_integer():
            return None
        parts.append((m.start("n"), m.end("n"), "n_int" if half else "n"))
    else:
        words = g["nw"]
        if words.lower().startswith(("premi", "une")):
            return None
        n = _parse_words(words)
        if n is None:
            return None
        value = float(n)
        style = number_words_style(words, n)
        parts.append((m.start("nw"), m.end("nw"), field_name("n_words", casing_of(words), style)))
    if not 0 < value <= MAX_VALUE[unit]:
        return None
    if g.get("u"):
        fld = UNIT_FIELDS.get(g["u"].lower())
        if fld is not None:
            parts.append((m.start("u"), m.end("u"), field_name(fld, casing_of(g["u"]))))
    if half:
        value += 0.5
        written = g["half"].replace("{", "{{").replace("}", "}}")
        parts.append((m.start("half"), m.end("half"), "half:" + written))
    start = m.start("n") if g.get("n") else m.start("nw")
    return value, build_format(text, start, m.end(), parts)


@dataclass(frozen=True)
class AgeDetector:
    """Proposes AGE entities with a numeric value, unit and format."""

    name: str = "age"
    family: str = "rules"

    def _first_bounds(self, text: str, found: list[Entity]) -> list[Entity]:
        """The bare first numbers of "de 6 et 3 ans" / "entre 6 et 8 ans" / "à 2, 4 et
        11 mois" (same unit)."""
        out = []
        for ent in found:
            unit = str(ent.attributes.get("unit", "years"))
            m = _RANGE_FIRST_BOUND.search(text, max(0, ent.start - 12), ent.start)
            while m is not None:
                value = int(m.group("n"))
                if not 0 < value <= MAX_VALUE[unit]:
                    break
                s, e = m.start("n"), m.end("n")
                out.append(Entity(s, e, "AGE", source=f"pattern/{self.name}", score=ent.score,
                                  value=value, attributes={"unit": unit, "format": build_format(
                                      text, s, e, [(s, e, "n")])}))
                m = _LIST_PREVIOUS.search(text, max(0, s - 8), s)
        return out

    @staticmethod
    def _join_months(text: str, found: list[Entity]) -> list[Entity]:
        """"3 ans et 5 mois" → one AGE in months (the parts are dropped)."""
        year_ends = {e.end for e in found if e.attributes.get("unit") == "years"}
        out = []
        for e in found:  # "depuis 3 ans et 2 mois": no age in years, so no age in months
            y = _YEARS_AND_BEFORE.search(text, max(0, e.start - 15), e.start)
            if e.attributes.get("unit") == "months" and y and y.end("y") not in year_ends:
                continue
            out.append(e)
        for ent in found:
            if ent.attributes.get("unit") != "years" or not isinstance(ent.value, int):
                continue
            m = _COMPOUND_MONTHS.match(text, ent.end)
            if m is None or not 0 <= int(m.group("m")) < 12:
                continue
            total = ent.value * 12 + int(m.group("m"))
            out = [e for e in out if not (ent.start <= e.start < m.end())]
            out.append(Entity(ent.start, m.end(), "AGE", source=ent.source, score=ent.score,
                              value=total, attributes={"unit": "months", "format": "{n} mois",
                                                       "compound": True}))
        return out

    def detect(self, document: Document) -> Iterator[Entity]:
        text = document.text
        found: list[Entity] = []
        infant = _INFANT_CONTEXT.search(text) is not None
        for name, rx, needs_context in _COMPILED:
            for m in rx.finditer(text):
                unit = UNITS[m.group("u").lower()] if m.groupdict().get("u") else "years"
                ctx = needs_context or unit != "years"
                start = m.start("n") if m.group("n") else m.start("nw")
                score = _context_score(text, start, m.end(), name, ctx)
                if score is None and name == "number" and _infant_age(
                    text, start, m.end(), unit, infant
                ):
                    score = 0.7
                if score is None:
                    continue
                if name == "years_short" and _VERB_AFTER_A.search(text[m.end() : m.end() + 30]):
                    continue
                built = _build(text, m, unit)
                if built is None:
                    continue
                value, fmt = built
                found.append(Entity(start, m.end(), "AGE", source=f"pattern/{self.name}",
                                    score=score, value=int(value) if value.is_integer()
                                    else value, attributes={"unit": unit, "format": fmt}))
        found = self._join_months(text, found)
        found.extend(self._first_bounds(text, found))
        found.sort(key=lambda e: (e.start, -e.end))
        last_end = -1
        for ent in found:
            if ent.start >= last_end:
                last_end = ent.end
                yield ent
