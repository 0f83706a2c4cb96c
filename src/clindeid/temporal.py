"""Dates and ages as values, and the templates that write them back as they were written.

Detection (`clindeid.detect.rules.dates`, `clindeid.detect.rules.ages`) turns a span such as
"12 Février 2020" into a value (`DateValue(2020, 2, 12)`) and a *format*, a template of how it
was written (``"{d} {Month} {y4}"``). The substitution step changes the value (differentially
private noise) and calls `render_date` / `render_age` to write the new value in the old format.

Template language
-----------------
A template is literal text with ``{field}`` placeholders; ``{{`` and ``}}`` are literal braces.
A placeholder is ``{name}``, ``{name!flags}`` or ``{name:arg}``.

Date fields (`render_date`):

==================  ==========================================  ======================
field               writes                                      example (2 mars 2020)
==================  ==========================================  ======================
``d``               day, no padding                             ``2``
``d2``              day, two digits                             ``02``
``d1er``            day, ``1er`` for the first of the month     ``2`` (``1er`` on 1)
``d_words``         day in words, ``premier`` for 1             ``deux``
``d2_spaced``       day, two digits separated by a space        ``0 2``
``m`` / ``m2``      month number, unpadded / two digits         ``3`` / ``03``
``m2_spaced``       month, two spaced digits                    ``0 3``
``month``           month name                                  ``mars``
``month_abbr``      usual abbreviation (janv févr mars avr      ``mars``
                    mai juin juil août sept oct nov déc)
``month_abbr3``     three letters (jan fév mar avr mai jun      ``mar``
                    jul aoû sep oct nov déc)
``y4`` / ``y2``     year, four / two digits                     ``2020`` / ``20``
``y4_spaced``       year, four spaced digits                    ``2 0 2 0``
``y2_spaced``       year, two spaced digits                     ``2 0``
``y_words``         year in words                               ``deux mille vingt``
``weekday``         day name (from the date when it is known)   ``lundi``
==================  ==========================================  ======================

Abbreviation dots are literal text (``"{month_abbr}. {y4}"``), so are separators.

Word fields (names and numbers in words) take their *casing from the field name*:
``{month}`` → ``mars``, ``{Month}`` → ``Mars``, ``{MONTH}`` → ``MARS`` (likewise ``{Weekday}``,
``{D_words}``, ``{Y_WORDS}``…). Flags after ``!``: ``a`` drops accents (``fevrier``); ``s``
writes numbers in words with spaces only (``soixante dix huit``); ``h`` with hyphens only
(1990 spelling, ``mille-neuf-cent-soixante-dix-huit``); the default is the traditional
spelling (``mille neuf cent soixante-dix-huit``, ``vingt et un``).

Age fields (`render_age`): ``{n}`` the number (``27`` or ``27,5``), ``{n_int}`` its whole
part, ``{n_words}`` in words (casing and flags as above), ``{half:TEXT}`` writes ``TEXT`` when
the value has a half (``"{n_int} ans{half: 1/2}"`` → ``27 ans 1/2`` / ``28 ans``), and the
plural-aware unit words ``{ans}`` (an/ans), ``{semaines}``, ``{jours}`` (``mois`` and ``a`` are
literal); ``{years_months}`` writes a value in months as ``2 ans et 3 mois`` (compound ages).

Two-digit years are read with a fixed pivot (`expand_two_digit_year`): 00–40 are 20xx,
41–99 are 19xx (never the clock, so results do not depend on when clindeid runs).
"""

from __future__ import annotations

import calendar
import datetime as dt
import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from num2words import num2words
from text_to_num import text2num

MONTHS: tuple[str, ...] = (
    "janvier", "février", "mars", "avril", "mai", "juin",
    "juillet", "août", "septembre", "octobre", "novembre", "décembre",
)  # fmt: skip
MONTHS_ABBR: tuple[str, ...] = (
    "janv", "févr", "mars", "avr", "mai", "juin",
    "juil", "août", "sept", "oct", "nov", "déc",
)  # fmt: skip
MONTHS_ABBR3: tuple[str, ...] = (
    "jan", "fév", "mar", "avr", "mai", "jun",
    "jul", "aoû", "sep", "oct", "nov", "déc",
)  # fmt: skip
WEEKDAYS: tuple[str, ...] = (
    "lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche",
)  # fmt: skip

# Extra spellings that are read but never written.
_MONTH_EXTRA_FORMS: dict[str, int] = {"fevr": 2, "fev": 2, "aout": 8, "aou": 8, "dec": 12}


def strip_accents(text: str) -> str:
    """``"Février"`` → ``"Fevrier"``."""
    decomposed = unicodedata.normalize("NFD", text)
    return unicodedata.normalize("NFC", "".join(c for c in decomposed if not _is_mark(c)))


def _is_mark(ch: str) -> bool:
    return unicodedata.category(ch) == "Mn"


def _build_month_forms() -> dict[str, tuple[int, str]]:
    """Lower-case, accent-free spelling → (month, field)."""
    forms: dict[str, tuple[int, str]] = {}
    for table, field in ((MONTHS_ABBR3, "month_abbr3"), (MONTHS_ABBR, "month_abbr"),
                         (MONTHS, "month")):  # fmt: skip
        for i, name in enumerate(table, start=1):
            forms[strip_accents(name)] = (i, field)  # later tables win: full > abbr > abbr3
    for form, month in _MONTH_EXTRA_FORMS.items():
        forms.setdefault(form, (month, "month_abbr3" if len(form) == 3 else "month_abbr"))
    return forms


MONTH_FORMS: dict[str, tuple[int, str]] = _build_month_forms()
_CANONICAL: dict[str, tuple[str, ...]] = {
    "month": MONTHS, "month_abbr": MONTHS_ABBR, "month_abbr3": MONTHS_ABBR3,
}  # fmt: skip


def month_regex() -> str:
    """A regex alternation of every month spelling we read (accents optional)."""
    alts: set[str] = set()
    for form in MONTH_FORMS:
        alts.add(_accent_optional(form, MONTHS + MONTHS_ABBR + MONTHS_ABBR3))
    return "(?:" + "|".join(sorted(alts, key=len, reverse=True)) + ")"


def weekday_regex() -> str:
    return "(?:" + "|".join(WEEKDAYS) + ")"


def _accent_optional(form: str, canon: Sequence[str]) -> str:
    """``fevr`` → ``f[eé]vr`` when some canonical spelling has an accent there."""
    accented = {strip_accents(c): c for c in canon}
    source = accented.get(form)
    if source is None:
        source = next((c for c in canon if strip_accents(c).startswith(form)), form)
    out = []
    for i, ch in enumerate(form):
        src = source[i] if i < len(source) else ch
        out.append(f"[{ch}{src}]" if src != ch else re.escape(ch))
    return "".join(out)


def parse_month(word: str) -> int | None:
    """Month number of a French month name or abbreviation (any casing, accents optional)."""
    found = MONTH_FORMS.get(strip_accents(word.strip().rstrip(".").lower()))
    return found[0] if found else None


def parse_weekday(word: str) -> int | None:
    """Monday = 0 … Sunday = 6."""
    w = word.strip().rstrip(".").lower()
    return WEEKDAYS.index(w) if w in WEEKDAYS else None


def parse_french_number(words: str) -> int | None:
    """``"mille neuf cent soixante dix huit"`` → 1978; ``"premier"`` → 1; None if not a number."""
    norm = words.lower().replace("-", " ").replace("\u2011", " ")
    norm = " ".join(norm.split())
    if norm in ("premier", "première", "un", "une"):
        return 1
    norm = re.sub(r"\bune\b", "un", norm)
    try:
        value = text2num(norm, "fr")
    except (ValueError, TypeError):
        return None
    return int(value)


def french_words(n: int, style: str = "") -> str:
    """``78`` → ``"soixante-dix-huit"``; style ``s`` spaces only, ``h`` hyphens only."""
    text = num2words(n, lang="fr")
    if "s" in style:
        text = text.replace("-", " ")
    elif "h" in style:
        text = text.replace(" ", "-")
    return text


def number_words_style(written: str, n: int) -> str:
    """The flag (``""``, ``"s"``, ``"h"``) under which `french_words` gives back ``written``."""
    w = " ".join(written.lower().split())
    if " " not in w and "-" not in w:
        return ""
    for style in ("", "s", "h"):
        if w == french_words(n, style):
            return style
    if "-" not in w:
        return "s"
    return "h" if " " not in w else ""


# Two-digit years up to this value are read as 20xx, above it as 19xx. A constant, never the
# clock, so that a document parses the same way on every machine and every year.
TWO_DIGIT_YEAR_PIVOT = 40


def expand_two_digit_year(yy: int, pivot: int | None = None) -> int:
    """``20`` → 2020, ``78`` → 1978: 20xx up to ``pivot`` (`TWO_DIGIT_YEAR_PIVOT`)."""
    if pivot is None:
        pivot = TWO_DIGIT_YEAR_PIVOT
    return 2000 + yy if yy <= pivot else 1900 + yy


# --------------------------------------------------------------------------- values

PRECISIONS: tuple[str, ...] = (
    "day", "month", "year", "day_month", "month_only", "weekday_day", "day_only", "weekday",
)  # fmt: skip


@dataclass(frozen=True, slots=True)
class DateValue:
    """A possibly partial calendar date as written: the components the text gives.

    ``weekday`` is Monday = 0 … Sunday = 6. A day needs a month unless it stands alone
    (``"lundi 3"``: weekday and day). Raises ``ValueError`` for impossible values
    (``DateValue(2020, 2, 31)``, month 13).
    """

    year: int | None
    month: int | None
    day: int | None
    weekday: int | None = None

    def __post_init__(self) -> None:
        y, m, d, w = self.year, self.month, self.day, self.weekday
        if y is None and m is None and d is None and w is None:
            raise ValueError("empty date")
        if m is not None and not 1 <= m <= 12:
            raise ValueError(f"invalid month {m}")
        if w is not None and not 0 <= w <= 6:
            raise ValueError(f"invalid weekday {w}")
        if y is not None and not 1 <= y <= 9999:
            raise ValueError(f"invalid year {y}")
        if d is not None:
            if y is not None and m is None:
                raise ValueError("a day and a year without a month")
            last = 31 if m is None else calendar.monthrange(y if y is not None else 2000, m)[1]
            if not 1 <= d <= last:
                raise ValueError(f"invalid day {d} for month {m}")

    @property
    def precision(self) -> str:
        """``day`` (full date), ``month``, ``year``, ``day_month``, ``month_only``,
        ``weekday_day``, ``day_only`` or ``weekday``."""
        y, m, d = self.year is not None, self.month is not None, self.day is not None
        if y:
            return "day" if d else "month" if m else "year"
        if m:
            return "day_month" if d else "month_only"
        if d:
            return "weekday_day" if self.weekday is not None else "day_only"
        return "weekday"

    @property
    def is_complete(self) -> bool:
        return self.year is not None and self.month is not None and self.day is not None

    def to_date(self, reference_year: int | None = None) -> dt.date:
        """The first day of the period written (missing day → 1, missing month → January);
        ``reference_year`` fills a missing year. ``ValueError`` if no year or a day
        without a month."""
        year = self.year if self.year is not None else reference_year
        if year is None:
            raise ValueError("date without a year and no reference year")
        if self.day is not None and self.month is None:
            raise ValueError("day without a month")
        return dt.date(year, self.month or 1, self.day or 1)

    def with_date(self, date: dt.date) -> DateValue:
        """The same components, taken from ``date`` (the weekday is recomputed)."""
        return DateValue(
            date.year if self.year is not None else None,
            date.month if self.month is not None else None,
            date.day if self.day is not None else None,
            date.weekday() if self.weekday is not None else None,
        )

    @classmethod
    def from_date(cls, date: dt.date) -> DateValue:
        return cls(date.year, date.month, date.day)


# --------------------------------------------------------------------------- templates

_PLACEHOLDER = re.compile(r"\{\{|\}\}|\{([A-Za-z0-9_]+)(?:!([a-z]+))?(?::([^{}]*))?\}")


def escape_literal(text: str) -> str:
    """Literal text for a template (braces doubled)."""
    return text.replace("{", "{{").replace("}", "}}")


def casing_of(word: str) -> str:
    """``lower``, ``title`` or ``upper`` as a word is written."""
    letters = [c for c in word if c.isalpha()]
    if len(letters) > 1 and all(c.isupper() for c in letters):
        return "upper"
    if letters and letters[0].isupper():
        return "title"
    return "lower"


def field_name(base: str, casing: str = "lower", flags: str = "") -> str:
    """``field_name("month", "title", "a")`` → ``"Month!a"``."""
    name = base.upper() if casing == "upper" else base[0].upper() + base[1:] if casing == "title" \
        else base
    return f"{name}!{flags}" if flags else name


def build_format(text: str, start: int, end: int, parts: Sequence[tuple[int, int, str]]) -> str:
    """A template for ``text[start:end]`` where each ``(s, e, field)`` part becomes ``{field}``."""
    out: list[str] = []
    pos = start
    for s, e, fld in sorted(parts):
        out.append(escape_literal(text[pos:s]))
        out.append("{" + fld + "}")
        pos = e
    out.append(escape_literal(text[pos:end]))
    return "".join(out)


def _apply_case(text: str, name: str) -> str:
    letters = [c for c in name if c.isalpha()]
    if len(letters) > 1 and all(c.isupper() for c in letters):
        return text.upper()
    if name[:1].isupper():
        return text[:1].upper() + text[1:]
    return text


def _render(fmt: str, lookup: Callable[[str, str, str], str]) -> str:
    def repl(m: re.Match[str]) -> str:
        tok = m.group(0)
        if tok == "{{":
            return "{"
        if tok == "}}":
            return "}"
        name, flags, arg = m.group(1), m.group(2) or "", m.group(3) or ""
        text = lookup(name.lower(), flags, arg)
        if "a" in flags:
            text = strip_accents(text)
        return _apply_case(text, name)

    return _PLACEHOLDER.sub(repl, fmt)


def _spaced(digits: str) -> str:
    return " ".join(digits)


def render_date(value: DateValue, fmt: str) -> str:
    """Write ``value`` in the template ``fmt`` (see the module docstring).

    ``ValueError`` if the template needs a component the value lacks or names an unknown
    field.
    """

    def need(component: int | None, name: str) -> int:
        if component is None:
            raise ValueError(f"template field {name!r} needs a component the date lacks")
        return component

    def lookup(name: str, flags: str, arg: str) -> str:
        if name in ("d", "d2", "d1er", "d_words", "d2_spaced"):
            d = need(value.day, name)
            if name == "d":
                return str(d)
            if name == "d2":
                return f"{d:02d}"
            if name == "d1er":
                return "1er" if d == 1 else str(d)
            if name == "d2_spaced":
                return _spaced(f"{d:02d}")
            return "premier" if d == 1 else french_words(d, flags)
        if name in ("m", "m2", "m2_spaced", "month", "month_abbr", "month_abbr3"):
            mo = need(value.month, name)
            if name == "m":
                return str(mo)
            if name == "m2":
                return f"{mo:02d}"
            if name == "m2_spaced":
                return _spaced(f"{mo:02d}")
            return _CANONICAL[name][mo - 1]
        if name in ("y4", "y2", "y4_spaced", "y2_spaced", "y_words"):
            y = need(value.year, name)
            if name == "y4":
                return f"{y:04d}"
            if name == "y2":
                return f"{y % 100:02d}"
            if name == "y4_spaced":
                return _spaced(f"{y:04d}")
            if name == "y2_spaced":
                return _spaced(f"{y % 100:02d}")
            return french_words(y, flags)
        if name == "weekday":
            if value.is_complete:
                return WEEKDAYS[value.to_date().weekday()]
            return WEEKDAYS[need(value.weekday, name)]
        raise ValueError(f"unknown date template field {name!r}")

    return _render(fmt, lookup)


_UNIT_WORDS: dict[str, tuple[str, str]] = {
    "ans": ("an", "ans"), "semaines": ("semaine", "semaines"), "jours": ("jour", "jours"),
}  # fmt: skip


def format_number(value: float) -> str:
    """``27`` → ``"27"``, ``27.5`` → ``"27,5"`` (French decimal comma)."""
    if float(value).is_integer():
        return str(int(value))
    return f"{value:.2f}".rstrip("0").replace(".", ",")


def render_age(value: float, fmt: str) -> str:
    """Write an age in the template ``fmt`` (``"{n} {ans}"``, ``"{N_words} ans"``…)."""
    whole = int(value)
    half = value - whole >= 0.5

    def lookup(name: str, flags: str, arg: str) -> str:
        if name == "n":
            return format_number(value)
        if name == "n_int":
            return str(whole)
        if name == "n_words":
            return french_words(round(value), flags)
        if name == "half":
            return arg if half else ""
        if name == "years_months":  # value in months, written "2 ans et 3 mois"
            years, months = divmod(round(value), 12)
            if not years:
                return f"{months} mois"
            written = f"{years} {'an' if years == 1 else 'ans'}"
            return f"{written} et {months} mois" if months else written
        if name in _UNIT_WORDS:
            singular, plural = _UNIT_WORDS[name]
            return plural if value >= 2 else singular
        raise ValueError(f"unknown age template field {name!r}")

    return _render(fmt, lookup)


def template_fields(fmt: str) -> list[str]:
    """The field names (lower case, without flags) a template uses, in order."""
    return [m.group(1).lower() for m in _PLACEHOLDER.finditer(fmt) if m.group(1)]
