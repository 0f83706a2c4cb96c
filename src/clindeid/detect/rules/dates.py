"""DATE detector for French clinical text: every written form, with a parsed value and format.

Each entity carries ``value`` (`clindeid.temporal.DateValue`) and attributes ``precision``,
``format`` (a `clindeid.temporal.render_date` template) and ``kind="birth"`` after a birth
trigger (né(e) le, DDN, date de naissance…). Range heads (``du 12 au 26/02/2020`` → ``12``)
inherit the missing month/year from the date they lead to; they get ``inherited`` (the
components taken) and ``range_end`` (that date's offsets).

Forms: ``12/02/2020`` ``12/2/20`` ``12.02.20`` ``12-02-2020`` ``2020-02-12`` ``02/2020``
``12 février 2020`` ``12 fév. 2020`` ``1er mars`` ``mardi 12 mars`` ``lundi 3`` ``février 2020``
``mars 20`` spelled-out dates (``vingt-trois mars deux mille vingt``), years after a
trigger (``en 2003``, ``(2019)``, ``hiver 2012``), month names after a trigger (``en mars``).
Only after a date trigger (``le``, ``du``, ``date``, ``DDN``, ``né le``…): ``20200212``,
``12022020``, ``12/02`` (no year), ``06 12 2022`` and spaced digits ``0 6 1 2 2 0 2 2``.

Decisions: impossible calendar dates (``31/02/2020``) are *not* dates (no entity). Doses
(``1/2``), blood pressure (``12/8``, ``120/80``), scores (``15/15``), versions
(``v2.3.1``, ``version 2019.2``), times (``14h30``) and quantities (``2000 mg``) are not
matched: two-part numbers need a trigger and a valid day/month, years alone need a trigger
and no unit after them. Source ``validated/date`` for full dates with a four-digit year
(numeric or with a month name), ``pattern/date`` otherwise.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator
from dataclasses import dataclass, field

from clindeid.document import Document, Entity
from clindeid.temporal import (
    MONTH_FORMS,
    MONTHS,
    MONTHS_ABBR,
    MONTHS_ABBR3,
    DateValue,
    build_format,
    casing_of,
    escape_literal,
    expand_two_digit_year,
    field_name,
    month_regex,
    number_words_style,
    parse_french_number,
    parse_weekday,
    strip_accents,
    weekday_regex,
)

# ----------------------------------------------------------------------------- data

# A leading look-ahead on the first letter lets the regex engine skip most positions fast.
MONTH = "(?=[jfmasond])" + month_regex()
MONTH_FULL_LOWER = "(?:" + "|".join(
    sorted({*MONTHS, *(strip_accents(m) for m in MONTHS)}, key=len, reverse=True)
) + ")"
WEEKDAY = "(?=[lmjvsd])" + weekday_regex()
NUMBER_WORD = (
    r"(?=[pudtqcshnovm])(?:premier|première|une|un|deux|trois|quatre|cinq|six|sept|huit|neuf|dix|onze|douze"
    r"|treize|quatorze|quinze|seize|vingts?|trente|quarante|cinquante|soixante|cents?|mille"
    r"|mil)(?!\w)"
)
# a number in words, at most ten words ("mille neuf cent quatre-vingt-dix-neuf" has seven):
# unbounded, a long run of number words made every start position read the whole run
NUMBER_WORDS = rf"{NUMBER_WORD}(?:(?:[ \t-]+et)?[ \t-]+{NUMBER_WORD}){{0,9}}"
DAY = r"(?:3[01]|[12]\d|0?[1-9])(?:er|ᵉʳ)?"
YEAR4 = r"(?:18[5-9]\d|19\d\d|20\d\d)"
YEAR_CTX = r"(?:19\d\d|20\d\d)"
NOT_LETTER = r"(?![^\W\d_])"
# Quantities that follow a number which is then not a year / day.
UNITS = (
    r"(?:mg|g|kg|µg|mcg|ng|ml|cl|dl|l|ui|u|mui|mmol|µmol|mmhg|cm|mm|m|km|min|mn|h|s|sec|j|jours?"
    r"|sem|semaines?|mois|ans?|%|°c?|cp|cps|comprimés?|gél|gélules?|gouttes?|fois|patients?"
    r"|cas|kcal|cal|x|pa|points?|paquets?)(?![^\W\d_])"
)
Y2_GUARD = rf"(?!\s*{UNITS}|\s*[:h]\d|[.,/]\d|\d)"
# The numeric patterns test the character before their first digit *after* reading it
# ("\d(?<![\w./]\d)" is "(?<![\w./])\d"): a pattern that starts with a digit lets the
# regex engine skip to the digits instead of trying every position.
NO_DATE_BEFORE_DIGIT = r"(?<![\w./-]\d)"
NO_DATE_BEFORE_DIGIT_SLASH = r"(?<![\w./]\d)"  # a hyphen before: "1-12/03/2020"
YEAR_START = r"(?:(?<![\w.,/-]\d)|(?<=mi-\d))"  # "(?:(?<![\w.,/-])|(?<=mi-))" before a year
YEAR4_FIRST = (  # YEAR4 after no date character
    rf"(?:1{NO_DATE_BEFORE_DIGIT}(?:8[5-9]\d|9\d\d)|2{NO_DATE_BEFORE_DIGIT}0\d\d)"
)

# Words right before a number that make it a date (window ends just before the number).
DATE_TRIGGER = (
    r"(?:\b(?:le|du|au|les|des|dès|depuis|dates?|datée?|ddn|dn|dob|né|née|naissance|entrée"
    r"|sortie|admission|consultation|prélèvement|prélevée?|examen|intervention|jusqu'au"
    r"|jusqu’au)|d\.\s?d\.\s?n\.?|né\(e\))\s*[:=.-]?\s*$"
)
BIRTH_TRIGGER = (
    r"(?:\bn[ée]e?(?:\s*\(e\))?(?:(?:\s+à\s+[^\n,;:]{1,40}?)?\s+(?:le|en))?|\bd\.?\s?d\.?\s?n\.?"
    r"|\bdate\s+de\s+naissance|\bnaissance|\bdob|\bdn)\s*[:=]?\s*(?:le\s+)?$"
)
YEAR_TRIGGERS: tuple[str, ...] = (
    "année scolaire", "année universitaire",
    "en", "depuis", "dès", "année", "années", "an", "hiver", "printemps", "été", "automne",
    "ete",  # typed without accents: "à la rue depuis l'ete 2019"
    "vendanges", "moissons", "début", "fin", "courant", "jusqu'en", "jusqu’en", "avant", "après",
    "vers", "né", "née",
)  # fmt: skip
# Seasons before a year are part of the date: "l'été 2024" → "été 2024".
SEASONS: tuple[str, ...] = ("hiver", "printemps", "été", "automne")
# "l'ECG de 2021", "la coloscopie de 2019": an exam or event noun, "de", a year.
EVENT_NOUNS = (
    r"ECG|scanner|IRM|TDM|bilan|examen|radios?|radiographie|[ée]chographie|[ée]cho|"
    r"coloscopie|fibroscopie|endoscopie|biopsie|mammographie|holter|EFR|rappel|"
    r"vaccin(?:ation)?|hospitalisation|intervention|chirurgie|op[ée]ration|accouchement|"
    r"grossesse|s[ée]jour|consultation|courrier|compte[- ]rendu|CR|bilan|d[ée]c[èe]s|"
    r"diagnostic|greffe|pose|ablation|[ée]pisode|crise|pouss[ée]e|chute|accident|voyage|"
    r"r[ée]cidive|rechute|infarctus|AVC|fracture|PET-?scan|TEP|cycle|cure|saison"
)
# A vaccine then its year: "(pneumocoque 2022)", "rappel dTcaP 2019".
VACCINE_NAMES = (
    r"(?:pneumocoque|grippe|DTC?a?P(?:olio)?|dTca?P(?:olio)?|ROR|BCG|h[ée]patite\s+[AB]|"
    r"m[ée]ningocoque(?:\s+[ACWY]+)?|HPV|papillomavirus|zona|COVID(?:-19)?|t[ée]tanos|"
    r"fi[èe]vre\s+jaune|Revaxis|Boostrix|Repevax|Prevenar(?:\s*13)?|Pneumovax|Gardasil|"
    r"Shingrix|Comirnaty|Stamaril)"
)
# Named feasts and periods (value: their date; no day when it moves). A feast is a date after
# a time word ("depuis Noël", "à la Toussaint") or before a year ("Toussaint 2019"); the
# article is left out ("la Saint-Jean" → "Saint-Jean"). Saints' days need the article
# ("à la Saint-Jean"; "Saint-Jean" alone is a place), "rentrée" needs a year.
HOLIDAYS: tuple[tuple[str, int, int | None], ...] = (
    (r"[Nn]o[ëe]l", 12, 25), (r"[Pp][âa]ques", 4, None), (r"[Tt]oussaint", 11, 1),
    (r"[Nn]ouvel[ -][Aa]n", 1, 1), (r"[Jj]our\ de\ l['’][Aa]n", 1, 1),
    (r"Pentec[ôo]te", 5, None), (r"Ascension", 5, None), (r"Assomption", 8, 15),
    (r"[ÉE]piphanie", 1, 6), (r"Chandeleur", 2, 2), (r"[Mm]ardi[ -]gras", 2, None),
    (r"[Cc]arnaval", 2, None),
    # feasts of other calendars and festivals that place an event ("pendant Pongal", "au
    # Festival Interceltique"); the month is the usual one
    (r"Pongal", 1, 14), (r"Diwali", 11, None), (r"[Rr]amadan", 3, None),
    (r"A[ïi]d(?:[ -]el[ -](?:[Ff]itr|[Kk][ée]bir|[Aa]dha))?", 4, None),
    (r"Nouvel[ -]An[ \t]+chinois", 2, None), (r"Hanouc?ca", 12, None),
    (r"Yom[ \t]+Kippour|Kippour", 9, None),
    (r"Festival[ \t]+[Ii]nterceltique", 8, None),
    (r"[Ff][êe]te[ \t]+de[ \t]+la[ \t]+musique", 6, 21),
)  # fmt: skip
SAINTS_DAYS: dict[str, tuple[int, int]] = {
    "Jean": (6, 24), "Sylvestre": (12, 31), "Valentin": (2, 14), "Martin": (11, 11),
    "Nicolas": (12, 6), "Catherine": (11, 25), "Patrick": (3, 17), "Michel": (9, 29),
}  # fmt: skip
HOLIDAY_TRIGGER = (
    r"(?:\b(?:depuis|dès|à|avant|après|pendant|pour|vers|jusqu['’]à|fin|début|de|du|au|"
    r"durant|autour\s+de|aux?\s+alentours\s+de|lors\s+de|mi-)|\bd['’])[ \t]*$"
)
# "fin 2022", "début avril", "mi-mars 2023": the qualifier belongs to a month or year date.
QUALIFIER_BEFORE = r"(?<![\w-])(?:d[ée]but|fin|mi)(?:[ \t\u00a0]+|-)$"
# "dim. 19/01/2025", "jeudi 16/01/2025": a weekday written before a date with a day.
WEEKDAY_ABBR: dict[str, int] = {
    "lun": 0, "mar": 1, "mer": 2, "merc": 2, "jeu": 3, "ven": 4, "vend": 4, "sam": 5,
    "dim": 6,
}  # fmt: skip
WEEKDAY_BEFORE = (
    rf"(?<!\w)(?:(?P<wd>{weekday_regex()})|(?P<ab>{'|'.join(WEEKDAY_ABBR)})(?P<abdot>\.)?)"
    r"[ \t\u00a0]*,?[ \t\u00a0]+$"
)
YEAR_RANGE_TRIGGERS: tuple[str, ...] = ("de", "entre", "du")
MONTH_TRIGGERS: tuple[str, ...] = (
    r"en\s+", r"début\s+", r"fin\s+", r"courant\s+", r"depuis\s+", r"dès\s+", r"jusqu'en\s+",
    r"(?:au\s+)?mois\s+de\s+", r"(?:au\s+)?mois\s+d['’]", r"mi-",
    r"à\s+partir\s+de\s+", r"à\s+partir\s+d['’]", r"jusqu['’]à\s+", r"d['’]ici\s+",
    r"avant\s+", r"après\s+",
    # "le scanner TAP de mars", "l'épisode d'avril": an event then its month
    rf"(?:{EVENT_NOUNS})(?:\s+(?-i:[A-Z]{{2,5}}))?\s+(?:de\s+|d['’])",
    # "(HGPO de janvier)", "fond d'œil de juin": an examination's acronym or name
    r"(?<![\w-])(?-i:[A-Z][A-Z0-9]{1,5})\s+de\s+", r"fond\s+d['’][œo]e?il\s+de\s+",
    # any "de"/"d'" before a month written in full in lowercase: "les examens de juin",
    # "les pluies d'octobre" (a month so written is a date, whatever the noun before)
    r"(?<![\w'’-])de\s+", r"(?<![\w'’-])d['’]",
)  # fmt: skip
# Before a year alone (window ends at the year); a range trigger needs two years.
YEAR_TRIGGER = (
    rf"(?:(?<!\w)(?P<t>{'|'.join(YEAR_TRIGGERS)})\s+|(?<!\w)(?P<mi>mi-)|(?P<p>\()"
    rf"|(?<!\w)(?P<r>{'|'.join(YEAR_RANGE_TRIGGERS)})\s+"
    rf"|(?<![\w-])(?P<e>(?:{EVENT_NOUNS})(?:\s+(?:de|du|d['’]))?)\s*"
    rf"|(?<![\w-])(?P<v>{VACCINE_NAMES})[ \t]+)$"
)
RANGE_CONNECTOR = r"^\s*(?:-|–|au|à|et(?:\s+le)?|jusqu'au)\s*(?:le\s+)?$"

# (name, regex, needs a date trigger, base score). Named groups: d, dw (day in words),
# m, mon (month name), y, y2, yw (year in words), wd (weekday), d_sp/m_sp/y_sp (spaced),
# season (a season opening a year in words).
PATTERNS: tuple[tuple[str, str, bool, float], ...] = (
    ("dmy_slash",
     rf"(?P<d>\d{NO_DATE_BEFORE_DIGIT_SLASH}\d?)(?P<s>/|\s/\s)(?P<m>\d{{1,2}})(?P=s)"
     rf"(?:(?P<y>{YEAR4})|(?P<y2>\d{{2}}){Y2_GUARD})(?![\w/]|[.,/-]\d)", False, 0.95),
    ("dmy_dot_dash",
     rf"(?P<d>\d{NO_DATE_BEFORE_DIGIT}\d?)(?P<s>[.-])(?P<m>\d{{1,2}})(?P=s)"
     rf"(?:(?P<y>{YEAR4})|(?P<y2>\d{{2}}){Y2_GUARD})(?![\w/]|[.,/-]\d)", False, 0.9),
    ("ymd",
     rf"(?P<y>{YEAR4_FIRST})(?P<s>[/.-])(?P<m>\d{{1,2}})(?P=s)(?P<d>\d{{1,2}})"
     r"(?=T\d|(?![\w/]|[.,/-]\d))", False, 0.95),
    ("my_numeric",
     rf"(?P<m>0{NO_DATE_BEFORE_DIGIT}[1-9]|1{NO_DATE_BEFORE_DIGIT}[0-2])(?P<s>[/.-])"
     rf"(?P<y>{YEAR4})(?![\w/]|[.,/-]\d)", False, 0.85),
    ("ymd_compact",
     rf"(?P<y>(?:1{NO_DATE_BEFORE_DIGIT}9|2{NO_DATE_BEFORE_DIGIT}0)\d\d)(?P<m>[01]\d)"
     r"(?P<d>[0-3]\d)(?![\w/]|[.,/-]\d)", True, 0.85),
    ("dmy_compact",
     rf"(?P<d>[0-3]{NO_DATE_BEFORE_DIGIT}\d)(?P<m>[01]\d)(?P<y>(?:19|20)\d\d)"
     r"(?![\w/]|[.,/-]\d)", True, 0.85),
    ("dmy_space",
     rf"(?P<d>[0-3]{NO_DATE_BEFORE_DIGIT}\d) (?P<m>[01]\d) (?P<y>(?:19|20)\d\d)"
     r"(?![\w/]|[.,/-]?\s?\d)", True, 0.85),
    ("spaced_digits",
     rf"(?P<d_sp>\d{NO_DATE_BEFORE_DIGIT} \d) (?P<m_sp>\d \d) (?P<y_sp>\d \d \d \d|\d \d)"
     r"(?! ?\d)", True, 0.8),
    ("dm_dot",
     rf"(?P<d>[0-3]{NO_DATE_BEFORE_DIGIT}\d)(?P<s>\.)(?P<m>[01]\d)"
     rf"(?![\w/]|[.,/-]\d|\s*{UNITS})", True, 0.7),
    ("dm_numeric",
     rf"(?P<d>\d{NO_DATE_BEFORE_DIGIT}\d?)(?P<s>/)(?P<m>\d{{1,2}})"
     rf"(?![\w/]|[.,/-]\d|\s*{UNITS})", True, 0.75),
    ("textual",
     rf"(?<!\w)(?:(?P<wd>{WEEKDAY})(?:,?[ \t\u00a0]+))?"
     # (not the year of a numeric date before it: "16/02/26   mar. 17/02/26")
     rf"(?:(?<![/.])(?P<d>{DAY})|(?P<dw>{NUMBER_WORDS}))"
     rf"(?:[ \t\u00a0]+|-)(?P<mon>{MONTH}){NOT_LETTER}(?P<dot>\.)?"
     rf"(?:(?:[ \t\u00a0]+|-|,[ \t\u00a0]*)(?P<y>{YEAR4})(?!\w|[.,]\d)"
     rf"|[ \t\u00a0]+(?P<y2>\d{{2}}){Y2_GUARD}(?!\w)"
     rf"|[ \t\u00a0]+(?P<yw>{NUMBER_WORDS}))?", False, 0.9),
    ("weekday_day",
     rf"(?<!\w)(?P<wd>{WEEKDAY}),?[ \t\u00a0]+(?P<d>{DAY})(?!\w|[/.:,h]\d|\s*{UNITS})", False, 0.8),
    # "soit le 14.", "renouvelée le 3, sans effet": a day alone after "le", then a pause
    ("day_alone",
     r"(?<![\w'’])le[ \t]+(?P<d>3[01]|[12]\d|0?[1-9])(?=[ \t]*[.,;)](?![ \t]*\d))", False,
     0.6),
    ("month_year",
     rf"(?<!\w)(?P<mon>{MONTH}){NOT_LETTER}(?P<dot>\.)?"
     rf"(?:(?:[ \t\u00a0]+|-|[ \t\u00a0]*,[ \t\u00a0]*)(?P<y>{YEAR4})(?!\w|[.,]\d)"
     rf"|[ \t\u00a0]+(?P<y2>\d{{2}}){Y2_GUARD}(?!\w)"
     rf"|[ \t\u00a0]+(?P<yw>{NUMBER_WORDS}))", False, 0.85),
    ("month_only",
     rf"(?<!\w)(?:{'|'.join(MONTH_TRIGGERS)})(?P<mon>(?-i:{MONTH_FULL_LOWER}))"
     r"(?![^\W\d_]|\.?[ \t\u00a0]*\d)", False, 0.6),
    # "L'an deux mille vingt-cinq", "au printemps deux mille vingt-quatre" (the season in
    # the span), "depuis deux mille dix-neuf": a year in words after "l'an", a season,
    # "depuis" or "en" (a dictation), not before a unit or a count
    ("year_words",
     rf"(?<!\w)(?:l['’]an|(?P<season>(?i:hiver|printemps|été|automne))|(?i:depuis|en)"
     # after "depuis"/"en", a year of this century spelled in full: "deux mille" + a number
     rf"(?=[ \t\u00a0]+(?i:deux)[ \t-]+(?i:mille)[ \t-]+(?i:{NUMBER_WORD})))"
     r"[ \t\u00a0]+"
     # ("point" alone after a year is a dictated full stop, "2 points" a count)
     rf"(?P<yw>(?>{NUMBER_WORDS}))(?![ \t\u00a0]*(?:(?!point\b){UNITS}|euros?|€|"
     r"[a-zé]*m[eè]tres?|pas\b|personnes|patients|cas\b|habitants|fois\b|heures|jours|ans\b))",
     False, 0.8),
    ("years",
     rf"(?P<ys>(?:1{YEAR_START}9|2{YEAR_START}0)\d\d(?:\s*(?:,|et|ou|à|au|-|–|/)\s*{YEAR_CTX})*)"
     rf"(?!\w|[.,]\d|\s*{UNITS})", False, 0.75),
)  # fmt: skip

# Numbers in a street name or after a score are no dates: "avenue du 14 Juillet",
# "place du 8 Mai 1945", "Apgar 9/10/10", "EVA 3/10".
NOT_DATE_BEFORE = (
    r"(?:\b(?:rue|avenue|av\.?|boulevard|bd|place|pl\.|quai|all[ée]e|impasse|square|pont|"
    r"cours|chemin|route|rond-point|parvis|esplanade|carrefour|cit[ée]|r[ée]sidence|"
    r"stade|gare|lyc[ée]e|coll[èe]ge|[ée]cole)[ \t]+(?:du[ \t]+|des[ \t]+)?"
    r"|\b(?:apgar|score|eva|gcs|glasgow|nihss|ecog|karnofsky|ratio|rapport|dilution|titre"
    r"|(?-i:EN|TA|PA|PS))[ \t]*:?[ \t]*)$"
)
RANGE_HEAD_DAY = (
    r"(?:(?P<trig>\b(?:du|entre|les|le|des|dès)\s+(?:le\s+)?))?(?<![\w/.-])(?P<d1>"
    + DAY + r")(?P<conn>-|–|\s*(?:-|–|au|à|et(?:\s+(?:le|du))?)\s+)$"
)
# "les 2, 16 et 30 décembre", "le 3, le 7 et le 11 octobre", "HDJ — 22, 23 et 24
# septembre" (after a dash or a colon): every day of a list takes the month of the last
# one.
RANGE_HEAD_LIST = (
    r"(?:\b(?:les|des|le|du|entre|dès)\s+|[—–:][ \t]*)"
    r"(?P<items>(?<![\w/.-])" + DAY + r"(?:\s*,\s*(?:le\s+)?"
    + DAY + r")+)\s*(?:,|et)\s*(?:le\s+)?$"
)
RANGE_HEAD_MONTH = rf"(?<!\w)(?P<mon>{MONTH}){NOT_LETTER}(?P<dot>\.)?\s*(?:-|–|à|au|et)\s*$"

# ----------------------------------------------------------------------------- compiled

_FLAGS = re.IGNORECASE
_COMPILED: tuple[tuple[str, re.Pattern[str], bool, float], ...] = tuple(
    (name, re.compile(rx, _FLAGS), trig, score) for name, rx, trig, score in PATTERNS
)
_DATE_TRIGGER = re.compile(DATE_TRIGGER, _FLAGS)
_BIRTH_TRIGGER = re.compile(BIRTH_TRIGGER, _FLAGS)
_RANGE_CONNECTOR = re.compile(RANGE_CONNECTOR, _FLAGS)
_RANGE_HEAD_DAY = re.compile(RANGE_HEAD_DAY, _FLAGS)
_RANGE_HEAD_DAY_WORDS = re.compile(
    rf"\b(?:du|entre[ \t]+le)[ \t]+(?P<dw1>{NUMBER_WORDS})[ \t]+(?:au|et[ \t]+le)[ \t]+$", _FLAGS
)
_RANGE_HEAD_MONTH = re.compile(RANGE_HEAD_MONTH, _FLAGS)
_RANGE_HEAD_LIST = re.compile(RANGE_HEAD_LIST, _FLAGS)
_DAY_RE = re.compile(DAY, _FLAGS)
_YEAR_IN_CHAIN = re.compile(r"\d{4}")
_NOT_DATE_BEFORE = re.compile(NOT_DATE_BEFORE, _FLAGS)
_YEAR_TRIGGER = re.compile(YEAR_TRIGGER, _FLAGS)
_HOLIDAY_RE = re.compile(
    r"(?=[NnPpTtJjAÉECcMmSRrDHKYFf])(?<![\w-])(?P<h>"
    rf"(?P<saint>Sainte?-(?P<sn>{'|'.join(SAINTS_DAYS)}))|"
    r"(?P<rentree>[Rr]entr[ée]e(?:[ \t]+scolaire)?(?:[ \t]+de[ \t]+septembre)?)|"
    + "|".join(f"(?P<h{i}>{rx})" for i, (rx, _, _) in enumerate(HOLIDAYS))
    + rf")(?:[ \t]+(?P<y>{YEAR4}))?"
    rf"(?![\w'’-]|[ \t]+[{''.join(chr(c) for c in range(65, 91))}ÉÈ][a-zé])"
)
# The article of a feast: "la Saint-Jean", "l'Ascension".
_ARTICLE_BEFORE = re.compile(r"(?<![\w'’-])(?:(?P<art>[Ll][ae])[ \t]+|(?P<elided>[LlDd]['’]))$")
_HOLIDAY_TRIGGER = re.compile(HOLIDAY_TRIGGER, _FLAGS)
_QUALIFIER_BEFORE = re.compile(QUALIFIER_BEFORE, _FLAGS)
_WEEKDAY_BEFORE = re.compile(WEEKDAY_BEFORE, _FLAGS)
# Seasons, and the farm seasons that date a year as well ("pendant les vendanges 2026").
_SEASONS = frozenset((*SEASONS, "ete", "vendanges", "moissons"))
# "(16/09)": a day and a month alone in brackets, two digits each; "(8/10)" is a score.
_TIME_AFTER_RE = re.compile(
    r"[ \t\u00a0]+(?:à[ \t\u00a0]+)?(?:[01]?\d|2[0-3])(?:[h:][0-5]\d|h(?!\w))", _FLAGS
)
_BRACKET_DM_RE = re.compile(r"\((?P<d>[0-3]\d)/(?P<m>0[1-9]|1[12])\)")
_MONTH_TABLES = {"month": MONTHS, "month_abbr": MONTHS_ABBR, "month_abbr3": MONTHS_ABBR3}
_VALUE_GROUPS = ("wd", "d", "dw", "d_sp", "mon", "m", "y", "y2", "yw")
_TRIGGER_WINDOW = 40
_BIRTH_WINDOW = 70


@dataclass(slots=True)
class _Candidate:
    start: int
    end: int
    value: DateValue
    format: str
    score: float
    validated: bool
    attributes: dict[str, object] = field(default_factory=dict)


def _month_field(word: str) -> tuple[int, str] | None:
    """(month, template field) of a written month name: casing and accents kept."""
    found = MONTH_FORMS.get(strip_accents(word.lower()))
    if found is None:
        return None
    month, base = found
    canonical = _MONTH_TABLES[base][month - 1]
    flags = "a" if not canonical.isascii() and word.isascii() else ""
    return month, field_name(base, casing_of(word), flags)


def _numeric_field(text: str, other: str | None, base: str) -> str:
    if len(text) == 1:
        return base
    if text.startswith("0"):
        return base + "2"
    return base + "2" if other is None or len(other) == 2 else base


def _words_field(base: str, written: str, n: int) -> str:
    return field_name(base, casing_of(written), number_words_style(written, n))


def _build(text: str, m: re.Match[str], name: str) -> tuple[DateValue, str, int, int] | None:
    """Value, format, start and end of a match, or None if it is not a valid date."""
    g = m.groupdict()
    parts: list[tuple[int, int, str]] = []
    start = min(m.start(k) for k in _VALUE_GROUPS if g.get(k))
    if g.get("season"):  # "printemps deux mille vingt-quatre": the season is in the date,
        start = m.start("season")  # and its elided article ("l'été deux mille vingt-quatre")
        if text[max(0, start - 2) : start].lower() in ("l'", "l’"):
            start -= 2
    end = m.end()
    month_base = ""
    day = month = year = weekday = None
    if g.get("d_sp"):
        day = int(g["d_sp"].replace(" ", ""))
        month = int(g["m_sp"].replace(" ", ""))
        ys = g["y_sp"].replace(" ", "")
        year = int(ys) if len(ys) == 4 else expand_two_digit_year(int(ys))
        parts += [(m.start("d_sp"), m.end("d_sp"), "d2_spaced"),
                  (m.start("m_sp"), m.end("m_sp"), "m2_spaced"),
                  (m.start("y_sp"), m.end("y_sp"), "y4_spaced" if len(ys) == 4 else "y2_spaced")]
    if g.get("wd"):
        weekday = parse_weekday(g["wd"])
        parts.append((m.start("wd"), m.end("wd"), field_name("weekday", casing_of(g["wd"]))))
    if g.get("mon"):
        found = _month_field(g["mon"])
        if found is None:
            return None
        month, fld = found
        month_base = MONTH_FORMS[strip_accents(g["mon"].lower())][1]
        parts.append((m.start("mon"), m.end("mon"), fld))
        if g.get("dot") and month_base == "month":
            has_year = any(g.get(k) for k in ("y", "y2", "yw"))
            if not has_year:
                end = m.end("mon")  # a full month name then a full stop
    elif g.get("m"):
        month = int(g["m"])
        parts.append((m.start("m"), m.end("m"), _numeric_field(g["m"], g.get("d"), "m")))
    if g.get("d"):
        raw = g["d"]
        digits = raw.rstrip("erERᵉʳ")
        day = int(digits)
        if digits != raw:
            if day != 1:
                return None
            fld = "d1er"
        elif g.get("mon"):
            fld = "d2" if raw.startswith("0") else "d" if day == 1 else "d1er"
        else:
            fld = _numeric_field(raw, g.get("m"), "d")
        parts.append((m.start("d"), m.end("d"), fld))
    elif g.get("dw"):
        day = parse_french_number(g["dw"])
        if day is None or not 1 <= day <= 31:
            return None
        if g["dw"].lower() in ("un", "une") and not (g.get("y") or g.get("yw")):
            return None  # "une SEP", "un mars difficile": an article, no day
        parts.append((m.start("dw"), m.end("dw"), _words_field("d_words", g["dw"], day)))
    if g.get("y"):
        year = int(g["y"])
        parts.append((m.start("y"), m.end("y"), "y4"))
    elif g.get("y2"):
        if g.get("mon") and not g.get("dot") and month_base != "month":
            # "sept 20", "mar 20": an abbreviation without a dot, then two digits: no year
            if name == "month_year":
                return None
            end = m.end("mon")
        else:
            year = expand_two_digit_year(int(g["y2"]))
            parts.append((m.start("y2"), m.end("y2"), "y2"))
    elif g.get("yw"):
        found_year = _year_in_words(g["yw"])
        if found_year is not None:
            year, length = found_year
            words = g["yw"][:length]
            parts.append((m.start("yw"), m.start("yw") + length,
                          _words_field("y_words", words, year)))
            end = min(end, m.start("yw") + length)
        elif name in ("month_year", "year_words"):
            return None
        elif (short := _dictated_birth_year(text, m)) is not None:
            # "née le trente janvier cinquante-huit": a birth date dictated with two digits
            year, length = short
            parts.append((m.start("yw"), m.start("yw") + length,
                          _words_field("y_words", g["yw"][:length], year)))
            end = min(end, m.start("yw") + length)
        else:
            end = m.end("dot") if g.get("dot") else m.end("mon")
    try:
        value = DateValue(year, month, day, weekday)
    except ValueError:
        return None
    parts = [p for p in parts if p[1] <= end]
    return value, build_format(text, start, end, parts), start, end


_WORD_ENDS = re.compile(r"(?<=\w)(?=[ \t\u00a0-]|$)")


def _leading_number(words: str, low: int, high: int) -> tuple[int, int] | None:
    """The number in ``[low, high]`` the longest run of leading number words spells, and
    that run's length."""
    for cut in reversed([m.start() for m in _WORD_ENDS.finditer(words)]):
        value = parse_french_number(words[:cut])
        if value is not None and low <= value <= high:
            return value, cut
    return None


def _year_in_words(words: str) -> tuple[int, int] | None:
    """The year (1850–2099) the longest run of leading number words spells, and that run's
    length: "deux mille vingt-six deux points" → 2026 (the "deux" of "deux points" is no
    part of the year)."""
    return _leading_number(words, 1850, 2099)


# a birth announced just before a dictated date, and a pause right after its year
_BIRTH_BEFORE = re.compile(r"(?i:\bn[ée]e?s?|naissance|ddn)(?:[ \t]+(?:le|en))?[ \t]+$")
_PAUSE_AFTER = re.compile(r"[ \t]*(?:$|[,.;:)\n]|(?i:virgule|point|donc|soit)\b)")


def _dictated_birth_year(text: str, m: re.Match[str]) -> tuple[int, int] | None:
    """The year a birth date dictated with two digits spells ("né le deux mai
    cinquante-cinq" → 1955), and the length of its words; None without "né(e) le" before
    the date or a pause after the number."""
    if not _BIRTH_BEFORE.search(text, max(0, m.start() - 20), m.start()):
        return None
    found = _leading_number(m.group("yw"), 0, 99)
    if found is None or not _PAUSE_AFTER.match(text, m.start("yw") + found[1]):
        return None
    return expand_two_digit_year(found[0]), found[1]


def _has_trigger(text: str, start: int) -> bool:
    return _DATE_TRIGGER.search(text, max(0, start - _TRIGGER_WINDOW), start) is not None


def _candidates(text: str, assume_trigger: bool = False) -> Iterator[_Candidate]:
    yield from _holidays(text)
    yield from _seasons(text)
    for name, rx, needs_trigger, score in _COMPILED:
        for m in rx.finditer(text):
            if name == "years":
                yield from _years(text, m, score)
                continue
            if name == "day_alone" and _emergency_number(text, m):
                continue
            built = _build(text, m, name)
            if built is None:
                continue
            value, fmt, start, end = built
            if needs_trigger and not assume_trigger and not _has_trigger(text, start) and not (
                name == "dm_numeric" and _bare_day_month(text, m, start, end)
            ):
                continue
            validated = value.is_complete and "{y4}" in fmt and not needs_trigger
            yield _Candidate(start, end, value, fmt, score + (0.03 if validated else 0.0),
                             validated)


# "appeler le 15", "joint par le 15", "ou le 15.": the emergency numbers 15 (SAMU), 17
# (police) and 18 (fire brigade) after a word of calling are no day.
_CALL_BEFORE = re.compile(
    r"(?i:appel\w*|joint|joindre|contact\w*|compos\w*|t[ée]l[ée]phon\w*|pr[ée]venu\w*|"
    r"pr[ée]venir|alert\w*|num[ée]ro|urgence|ou)(?:[ \t]+(?:par|au))?[ \t]+$"
)


def _emergency_number(text: str, m: re.Match[str]) -> bool:
    return m.group("d") in ("15", "17", "18") and (
        _CALL_BEFORE.search(text, max(0, m.start() - 30), m.start()) is not None
    )


def _bare_day_month(text: str, m: re.Match[str], start: int, end: int) -> bool:
    """A day-month without a trigger word: "(16/09)", "03/04 22h00" (a time follows),
    "ETF 10/02" (two-digit day, zero-padded month: scores and doses are not written so), a
    column of a results table ("\t02/12\t09/12\t15/12": two such cells on a tabbed line), a
    weekday before it ("mardi 02/12")."""
    if _BRACKET_DM_RE.match(text, start - 1) or _TIME_AFTER_RE.match(text, end):
        return True
    if _WEEKDAY_BEFORE.search(text, max(0, start - 12), start):
        return True
    if len(m.group("d")) == 2 and m.group("m")[0] == "0":
        return True
    return _table_cell(text, start, end)


# a tabbed line's cell that is a two-digit day and month: "\t02/12"
_DM_CELL = re.compile(r"(?:^|\t)[ ]*[0-3]\d/[01]\d[ ]*(?=\t|$)", re.MULTILINE)


def _table_cell(text: str, start: int, end: int) -> bool:
    """Whether ``start:end`` fills a tabbed line's cell and the line has another such day."""
    if text[start - 1 : start] not in ("\t", "\n", "", " ") or text[end : end + 1] not in (
        "\t", "\n", "", " ", "\r"
    ):
        return False
    line_start = text.rfind("\n", 0, start) + 1
    line_end = text.find("\n", end)
    line = text[line_start : line_end if line_end >= 0 else len(text)]
    return "\t" in line and len(_DM_CELL.findall(line)) >= 2


# "depuis la rentrée" without a year is the school year's start only when nothing follows
# that makes it a return ("… à domicile", "… de vacances", "… chez elle").
_RENTREE_AS_PERIOD_AFTER = re.compile(
    r"(?![ \t]+(?:à|au|aux|en|chez|de|d['’]|du|des|dans|sur|le|la|les|l['’])(?![\w'’-]))"
)

# … nor when the sentence speaks of a return or a stay: "retour à domicile depuis la rentrée".
_RENTREE_RETURN_BEFORE = re.compile(
    r"(?i:domicile|retour|sortie|hospitalis\w*|s[ée]jour|vacances|maison)[^.\n]*$"
)


def _holidays(text: str) -> Iterator[_Candidate]:
    """"depuis Noël", "Toussaint 2019", "à la Saint-Jean", "rentrée 2024", "rentrée de
    septembre 2025" (article left out)."""
    for m in _HOLIDAY_RE.finditer(text):
        year = int(m.group("y")) if m.group("y") else None
        art = _ARTICLE_BEFORE.search(text, max(0, m.start() - 4), m.start())
        if art is None and text[m.start() - 1 : m.start()] in ("'", "’"):
            continue  # "aujourd'hui", an elision that is no article
        before = art.start() if art is not None else m.start()
        triggered = _HOLIDAY_TRIGGER.search(text, max(0, before - 25), before) is not None
        if m.group("saint"):
            if art is None or (art.group("art") or "").lower() != "la" or not triggered:
                continue
            month, day = SAINTS_DAYS[m.group("sn")]
        elif m.group("rentree"):
            if year is None and not (
                triggered and art is not None
                and (art.group("art") or "").lower() == "la"
                and _RENTREE_AS_PERIOD_AFTER.match(text, m.end())
                and not _RENTREE_RETURN_BEFORE.search(text, max(0, before - 60), before)
            ):
                continue  # "depuis la rentrée à domicile": a return home
            month, day = 9, None
        else:
            if year is None and not triggered:
                continue
            i = next(int(k[1:]) for k, v in m.groupdict().items()
                     if v and k[0] == "h" and k[1:].isdigit())
            month, day = HOLIDAYS[i][1], HOLIDAYS[i][2]
        s, e = m.start("h"), m.end()
        named_day = _FEAST_DAY_BEFORE.search(text, max(0, before - 14), before)
        if named_day is not None and not m.group("saint") and not m.group("rentree"):
            s = named_day.start()  # "lundi de Pâques", "jeudi de l'Ascension": one name
        parts = [(m.start("y"), m.end("y"), "y4")] if year else []
        yield _Candidate(s, e, DateValue(year, month, day), build_format(text, s, e, parts),
                         0.7, False)


_SEASON_RE = re.compile(
    r"(?:(?<![\w'’-])(?P<det>[Ll]['’][ \t]*|[Cc]et[ \t]+|[Cc]e[ \t]+|[Ll]e[ \t]+(?=printemps))"
    # or the school holidays named by their season: "depuis les vacances d'hiver"
    r"|(?<=[Vv]acances d['’])|(?<=[Vv]acances de )(?=printemps))"
    r"(?P<season>été|hiver|automne|printemps)"
    r"(?:[ \t]+(?:dernier|passé|précédent|prochain))?(?![\w'’-])"
    r"(?![ \t\u00a0]+(?:\d|de[ \t]+(?:la|l['’]|cette|l['’]année)))"
)
# "fin de l'été", "début de l'hiver": the part of a season before it.
_SEASON_PART_BEFORE = re.compile(r"(?<![\w-])(?:fin|d[ée]but|milieu)[ \t]+de[ \t]+$")
# "lundi de Pâques", "jeudi de l'Ascension", "lundi de Pentecôte": a feast's day.
_FEAST_DAY_BEFORE = re.compile(
    r"(?<![\w-])(?:[Ll]undi|[Jj]eudi|[Dd]imanche|LUNDI|JEUDI|DIMANCHE)[ \t]+(?:de|DE)[ \t]+$"
)
# The middle month of each season ("l'été" → July).
SEASON_MONTHS: dict[str, int] = {"hiver": 1, "printemps": 4, "été": 7, "automne": 10}


def _seasons(text: str) -> Iterator[_Candidate]:
    """A season of the history without a year, its determiner included: "depuis l'été",
    "cet hiver", "l'automne dernier" ("l'" only after a time word; "été" alone is also a
    participle)."""
    for m in _SEASON_RE.finditer(text):
        det = (m.group("det") or "").strip().lower()  # none after "vacances d'"
        if det[:1] == "l" and not _HOLIDAY_TRIGGER.search(text, max(0, m.start() - 25), m.start()):
            continue
        month = SEASON_MONTHS[m.group("season")]
        start = m.start()
        part = _SEASON_PART_BEFORE.search(text, max(0, start - 12), start)
        if part is not None:
            start = part.start()  # "la fin de l'été": the part of the season is the date
        # the determiner is in the span: the surrogate season may need another one
        yield _Candidate(start, m.end(), DateValue(None, month, None),
                         build_format(text, start, m.end(), []), 0.6, False)


# two years joined by a dash, nothing else: "2019-2021", "2008 – 2012"
_YEAR_RANGE = re.compile(r"\d{4}[ \t]*[-–][ \t]*\d{4}")


def _year_range(text: str, m: re.Match[str], years: list[re.Match[str]]) -> bool:
    """Whether ``m`` is a range of two years, the second after the first by at most 30
    years, standing alone (no code or number around it: "ALD-2019-2021", "2019-2021/3")."""
    if len(years) != 2 or not _YEAR_RANGE.fullmatch(m.group("ys")):
        return False
    first, last = int(years[0].group()), int(years[1].group())
    before = text[m.start() - 1 : m.start()]
    after = text[m.end() : m.end() + 1]
    return (
        first < last <= first + 30
        and not (before.isalnum() or before in "-/_.")
        and not (after.isalnum() or after in "-/_")
    )


def _years(text: str, m: re.Match[str], score: float) -> Iterator[_Candidate]:
    """Years after a trigger: "en 2003", "(2019)", "hiver 2012", "de 2010 à 2012"."""
    trig = _YEAR_TRIGGER.search(text, max(0, m.start() - 20), m.start())
    chain = m.group("ys")
    years = list(_YEAR_IN_CHAIN.finditer(chain))
    if trig is None or (trig.group("p") and not text.startswith(")", m.end())):
        # "2019-2021", "(2019-2021 puis 2024)": a range of years needs no trigger
        if _year_range(text, m, years):
            for y in years:
                s, e = m.start("ys") + y.start(), m.start("ys") + y.end()
                yield _Candidate(s, e, DateValue(int(y.group()), None, None), "{y4}", score,
                                 False)
        return
    if trig.group("r") and len(years) < 2:
        return
    base = m.start("ys")
    season = trig.group("t") and trig.group("t").lower() in _SEASONS and len(years) == 1
    for y in years:
        s, e = base + y.start(), base + y.end()
        if season:  # "été 2024": the season is part of the date, and its elided article
            s = trig.start("t")
            if text[max(0, s - 2) : s].lower() in ("l'", "l’"):
                s -= 2
            fmt = build_format(text, s, e, [(base + y.start(), e, "y4")])
            yield _Candidate(s, e, DateValue(int(y.group()), None, None), fmt, score, False)
            continue
        yield _Candidate(s, e, DateValue(int(y.group()), None, None), "{y4}", score, False)


def _select(cands: list[_Candidate]) -> list[_Candidate]:
    """Longest first, then validated, then score; no overlaps."""
    cands.sort(key=lambda c: (-(c.end - c.start), not c.validated, -c.score, c.start))
    starts: list[int] = []
    kept: list[_Candidate] = []
    for c in cands:
        i = bisect.bisect_left(starts, c.start)
        if i > 0 and kept[i - 1].end > c.start:
            continue
        if i < len(kept) and kept[i].start < c.end:
            continue
        starts.insert(i, c.start)
        kept.insert(i, c)
    return kept


# How far before a date its range or list heads are looked for ("les 3, 5, 7, … et 28 mars").
_HEAD_WINDOW = 90


def _inherit(text: str, kept: list[_Candidate]) -> list[_Candidate]:
    """Range heads take the month/year of the date they lead to."""
    out: list[_Candidate] = []
    for i, c in enumerate(kept):
        if c.value.year is None:
            # "du 5 au 9 décembre": a day-month target still gives its head a month
            heads: list[_Candidate] = []
            if c.value.day is not None and c.value.month is not None:
                window_start = max(out[-1].end if out else 0, c.start - _HEAD_WINDOW)
                heads = _day_heads(text[window_start : c.start], window_start, c)
            out.extend(h for h in heads if i == 0 or h.start >= kept[i - 1].end)
            out.append(c)
            continue
        prev = out[-1] if out else None
        gap_start = prev.end if prev is not None else max(0, c.start - _HEAD_WINDOW)
        if prev is not None and c.start - prev.end <= 12 and prev.value.year is None \
                and _RANGE_CONNECTOR.search(text[prev.end : c.start]):
            head = _fill(prev, c)
            if head is not None:
                out[-1] = head
            out.append(c)
            continue
        window_start = max(gap_start, c.start - _HEAD_WINDOW)
        window = text[window_start : c.start]
        month_head = _month_head(window, window_start, c)
        heads = _day_heads(window, window_start, c) or ([month_head] if month_head else [])
        out.extend(h for h in heads if i == 0 or h.start >= kept[i - 1].end)
        out.append(c)
    return out


def _fill(head: _Candidate, target: _Candidate) -> _Candidate | None:
    v, t = head.value, target.value
    taken = []
    month, year = v.month, v.year
    if month is None and v.day is not None:
        month, taken = t.month, ["month"]
    if year is None:
        year, taken = t.year, [*taken, "year"]
    try:
        value = DateValue(year, month, v.day, v.weekday)
    except ValueError:
        return None
    attrs = {**head.attributes, "inherited": tuple(taken), "range_end": (target.start, target.end)}
    return _Candidate(head.start, head.end, value, head.format, head.score, head.validated, attrs)


def _day_heads(window: str, offset: int, target: _Candidate) -> list[_Candidate]:
    """The bare days before ``target``: a list ("les 2, 16 et 30 mars", increasing days) or
    one range head ("du 12 au 26/02")."""
    t = target.value
    m = _RANGE_HEAD_LIST.search(window)
    if m is not None and t.day is not None and t.month is not None:
        items = list(_DAY_RE.finditer(m.group("items")))
        days = [int(x.group().rstrip("erERᵉʳ")) for x in items]
        if all(a < b for a, b in zip([*days], [*days[1:], t.day], strict=True)):
            heads = []
            for x, day in zip(items, days, strict=True):
                try:
                    value = DateValue(t.year, t.month, day)
                except ValueError:
                    return []
                raw = x.group()
                fmt = "{d1er}" if raw != str(day) and not raw.startswith("0") else (
                    "{d2}" if raw.startswith("0") else "{d}")
                s = offset + m.start("items") + x.start()
                attrs = {"inherited": ("month", "year"), "range_end": (target.start, target.end)}
                heads.append(_Candidate(s, s + len(raw), value, fmt, 0.8, False, attrs))
            return heads
    head = _day_head(window, offset, target)
    return [head] if head is not None else []


def _day_head(window: str, offset: int, target: _Candidate) -> _Candidate | None:
    t = target.value
    if t.day is None or t.month is None:
        return None
    m = _RANGE_HEAD_DAY.search(window)
    if m is None:
        return _day_words_head(window, offset, target)
    raw = m.group("d1")
    digits = raw.rstrip("erERᵉʳ")
    day = int(digits)
    if digits != raw and day != 1:
        return None
    if not m.group("trig") and (m.group("conn") not in ("-", "–") or day >= t.day):
        return None
    if (m.group("trig") or "").strip().lower() == "le" and day >= t.day:
        return None  # "le 3 et le 11 octobre": an earlier day of the same month
    try:
        value = DateValue(t.year, t.month, day)
    except ValueError:
        return None
    fmt = "{d1er}" if digits != raw else "{d2}" if digits.startswith("0") else "{d}"
    s, e = offset + m.start("d1"), offset + m.end("d1")
    attrs = {"inherited": ("month", "year"), "range_end": (target.start, target.end)}
    return _Candidate(s, e, value, fmt, 0.8, False, attrs)


def _day_words_head(window: str, offset: int, target: _Candidate) -> _Candidate | None:
    """A dictated range's first day in words: "du deux au treize février", "du vingt et un
    au vingt-neuf janvier"."""
    t = target.value
    m = _RANGE_HEAD_DAY_WORDS.search(window)
    if m is None:
        return None
    raw = m.group("dw1")
    day = parse_french_number(raw)
    if day is None or t.day is None or not 1 <= day < t.day:
        return None
    try:
        value = DateValue(t.year, t.month, day)
    except ValueError:
        return None
    s, e = offset + m.start("dw1"), offset + m.end("dw1")
    attrs = {"inherited": ("month", "year"), "range_end": (target.start, target.end)}
    fmt = "{" + _words_field("d_words", raw, day) + "}"
    return _Candidate(s, e, value, fmt, 0.75, False, attrs)


def _month_head(window: str, offset: int, target: _Candidate) -> _Candidate | None:
    t = target.value
    if t.day is not None or t.month is None:
        return None
    m = _RANGE_HEAD_MONTH.search(window)
    if m is None:
        return None
    found = _month_field(m.group("mon"))
    if found is None:
        return None
    month, fld = found
    end = m.end("dot") if m.group("dot") and "abbr" in fld.lower() else m.end("mon")
    fmt = "{" + fld + "}" + ("." if end > m.end("mon") else "")
    value = DateValue(t.year, month, None)
    attrs = {"inherited": ("year",), "range_end": (target.start, target.end)}
    return _Candidate(offset + m.start("mon"), offset + end, value, fmt, 0.75, False, attrs)


def find_dates(text: str, assume_trigger: bool = False) -> list[_Candidate]:
    """All dates of ``text`` in reading order (no overlaps), ranges resolved."""
    return _extend(text, _inherit(text, _select(list(_candidates(text, assume_trigger)))))


def _extend(text: str, kept: list[_Candidate]) -> list[_Candidate]:
    """Take in a qualifier ("fin 2022", "mi-mars") or a weekday ("dim. 19/01/2025") that
    stands right before a date, unless the date before ends there."""
    out: list[_Candidate] = []
    for c in kept:
        floor = out[-1].end if out else 0
        v = c.value
        lo = max(floor, c.start - 12)
        if v.day is None and v.weekday is None and (v.month is not None or v.year is not None):
            q = _QUALIFIER_BEFORE.search(text, lo, c.start)
            if q is not None:
                fmt = escape_literal(text[q.start() : c.start]) + c.format
                c = _Candidate(q.start(), c.end, v, fmt, c.score, c.validated, c.attributes)
        elif v.day is not None and v.weekday is None and v.month is not None:
            w = _WEEKDAY_BEFORE.search(text, lo, c.start)
            if w is not None:
                c = _with_weekday(text, c, w)
        out.append(c)
    return out


def _with_weekday(text: str, c: _Candidate, w: re.Match[str]) -> _Candidate:
    """The date ``c`` with the weekday ``w`` written before it (an abbreviation is written
    back in full: the templates have no abbreviated weekday)."""
    word = w.group("wd") or w.group("ab")
    weekday = parse_weekday(word) if w.group("wd") else WEEKDAY_ABBR[word.lower()]
    if weekday is None:
        return c
    v = c.value
    value = DateValue(v.year, v.month, v.day, weekday)
    start = w.start()
    # the dot goes with the word
    word_end = w.end("wd") if w.group("wd") else w.end("abdot") if w.group("abdot") else w.end("ab")
    fmt = "{" + field_name("weekday", casing_of(word)) + "}" + escape_literal(
        text[word_end : c.start]
    ) + c.format
    return _Candidate(start, c.end, value, fmt, c.score, c.validated, c.attributes)


def parse_date_text(text: str) -> tuple[DateValue, str] | None:
    """(value, format) of a string that is exactly one date, as if after a date trigger."""
    stripped = text.strip()
    found = find_dates(stripped, assume_trigger=True)
    if len(found) == 1 and found[0].start == 0 and found[0].end == len(stripped):
        return found[0].value, found[0].format
    return None


@dataclass(frozen=True)
class DateDetector:
    """Proposes DATE entities with value, precision, format and birth kind."""

    name: str = "date"
    family: str = "rules"

    def detect(self, document: Document) -> Iterator[Entity]:
        text = document.text
        for c in find_dates(text):
            if _NOT_DATE_BEFORE.search(text, max(0, c.start - 30), c.start):
                continue
            attrs: dict[str, object] = {"precision": c.value.precision, "format": c.format}
            attrs.update(c.attributes)
            if _BIRTH_TRIGGER.search(text, max(0, c.start - _BIRTH_WINDOW), c.start):
                attrs["kind"] = "birth"
            kind = "validated" if c.validated else "pattern"
            yield Entity(c.start, c.end, "DATE", source=f"{kind}/{self.name}",
                         score=min(c.score, 1.0), value=c.value, attributes=attrs)
