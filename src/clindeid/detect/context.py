"""The patient's own identifiers, found wherever the text repeats them.

When the document metadata gives the patient's name, birth date, IPP, address, city, zip,
phone or e-mail (`clindeid.document.Metadata`), `PatientContextDetector` builds one regex per
document from those values (escaped, so nothing in the metadata is read as a pattern) and
marks every occurrence, whatever its case, accents, hyphens or spacing:

- names: ``Jean-Pierre DUPONT``, ``DUPONT Jean-Pierre``, ``J.-P. Dupont``, ``DUPONT J.``,
  ``Jean Dupont`` (one part of a compound first name next to the surname), the surname alone
  (lowercase occurrences only when the surname is not a common word: ``petit``), the first
  name alone (only capitalised, and never when it is a common word such as ``Pierre``);
- the birth date in numeric forms (``05/03/1950``, ``5/3/50``, ``05.03.1950``, ``05-03-1950``,
  ``1950-03-05``, ``05031950``) and in words (``5 mars 1950``, ``1er mars 1950``);
- IPP and phone digits with any spacing or separators (``+33 6…`` for ``06…``).

Source ``context/patient``; names carry ``role="patient"`` and ``part``, the birth date
``kind="birth"`` with a `clindeid.temporal.DateValue` and a ``format``.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

from clindeid.document import Document, Entity, Metadata
from clindeid.knowledge.normalize import normalize_key, strip_accents
from clindeid.temporal import (
    MONTH_FORMS,
    MONTHS,
    MONTHS_ABBR,
    MONTHS_ABBR3,
    DateValue,
    build_format,
    casing_of,
    field_name,
    month_regex,
)

SOURCE = "context/patient"

# Letters and the accented forms a text may use for them (matching is case-insensitive).
ACCENT_VARIANTS: dict[str, str] = {
    "a": "aàâäáãå", "e": "eéèêë", "i": "iîïíì", "o": "oôöóòõ", "u": "uùûüú",
    "c": "cç", "y": "yÿý", "n": "nñ",
}  # fmt: skip
NAME_SEPARATOR = r"[-'’\s]?"  # "Le Goff", "LE-GOFF", "Legoff"; "N'Guyen", "NGUYEN"
NAME_PARTICLES = frozenset({"de", "du", "des", "d", "le", "la", "l", "van", "von", "der", "den",
                            "di", "da", "del", "dos", "das", "ben", "el", "al", "mac", "mc"})
MIN_PART_LENGTH = 2  # shortest compound-name part used on its own
DIGIT_SEPARATOR = r"[\s.\-/]?"
ADDRESS_SEPARATOR = r"[\s,.'’\-]+"
PHONE_PREFIX_INTL = r"(?:(?:\+|00)\s?33\s?(?:\(0\)\s?)?)"

_MONTH_RX = month_regex()
_MONTH_TABLES = {"month": MONTHS, "month_abbr": MONTHS_ABBR, "month_abbr3": MONTHS_ABBR3}


def _letter(ch: str) -> str:
    base = strip_accents(ch).lower()
    if ch in "œŒ":
        return "(?:œ|oe)"
    variants = ACCENT_VARIANTS.get(base)
    if variants:
        return f"[{variants}]"
    return re.escape(ch)


def flexible(text: str) -> str:
    """A case-insensitive-ready regex for ``text``: any accents, separators optional."""
    out: list[str] = []
    pending_sep = False
    for ch in text.strip():
        if ch.isspace() or ch in "-'’.":
            pending_sep = True
            continue
        if pending_sep and out:
            out.append(NAME_SEPARATOR)
        pending_sep = False
        out.append(_letter(ch))
    return "".join(out)


def _parts(name: str) -> list[str]:
    """Meaningful parts of a compound name (``"Jean-Pierre"`` → Jean, Pierre)."""
    parts = [p for p in re.split(r"[\s\-'’.]+", name) if p]
    return [p for p in parts if len(p) >= MIN_PART_LENGTH and p.lower() not in NAME_PARTICLES]


def _initials(first: str) -> str | None:
    """``Jean-Pierre`` → a regex for ``J.-P.``, ``J.P.``, ``JP``, ``J-P``, ``J.``."""
    parts = [p for p in re.split(r"[\s\-'’.]+", first) if p]
    if not parts:
        return None
    letters = [re.escape(p[0]) for p in parts]
    one = rf"{letters[0]}\.?"
    if len(letters) == 1:
        return rf"{letters[0]}\."
    rest = "".join(rf"[\s\-]?{c}\.?" for c in letters[1:])
    return rf"(?:{one}{rest}|{letters[0]}\.)"


def _alt(patterns: list[str]) -> str:
    uniq = sorted(set(p for p in patterns if p), key=len, reverse=True)
    return "(?:" + "|".join(uniq) + ")"


def _digits_pattern(digits: str) -> str:
    return DIGIT_SEPARATOR.join(re.escape(d) for d in digits)


def _common_word(token: str) -> bool:
    try:
        from clindeid.knowledge import is_common_word
    except ImportError:  # pragma: no cover - part of the package
        return False
    try:
        return bool(is_common_word(token))
    except (OSError, ValueError, KeyError):
        return False


@dataclass(frozen=True, slots=True)
class _Rule:
    label: str
    pattern: re.Pattern[str]
    make: Callable[[re.Match[str], str], Entity | None]


def _name_rules(meta: Metadata) -> list[_Rule]:
    first = (meta.patient_first_name or "").strip()
    last = (meta.patient_last_name or "").strip()
    if not first and not last:
        return []
    sex = meta.sex if meta.sex in ("M", "F") else None
    rules: list[_Rule] = []

    def person(part: str, check: Callable[[str], bool] | None = None) -> Callable[..., Any]:
        def make(m: re.Match[str], text: str) -> Entity | None:
            covered = m.group()
            if check is not None and not check(covered):
                return None
            attrs: dict[str, Any] = {"role": "patient", "part": part}
            if sex:
                attrs["sex"] = sex
            return Entity(m.start(), m.end(), "PERSON", source=SOURCE, score=0.98,
                          attributes=attrs)

        return make

    last_forms = [flexible(last)] if last else []
    first_full = flexible(first) if first else ""
    first_parts = [flexible(p) for p in _parts(first)] if first else []
    init = _initials(first) if first else None
    if last and first:
        given = _alt([first_full, *first_parts] + ([init] if init else []))
        surname = _alt(last_forms)
        full = rf"(?<!\w)(?:{given}\s+{surname}|{surname}\s+{given})(?!\w)"
        rules.append(_Rule("PERSON", re.compile(full, re.IGNORECASE), person("full")))
    if last:
        common_last = _common_word(last)
        forms = list(last_forms)
        for part in _parts(last):
            if part.lower() != last.lower() and not _common_word(part):
                forms.append(flexible(part))

        def last_ok(covered: str, common: bool = common_last) -> bool:
            # capitalised or UPPERCASE always; lowercase only for a name that is no word
            return covered[:1].isupper() or not common

        # parts must not start inside a word joined by an apostrophe ("O'NEIL" → not "NEIL")
        rx = re.compile(rf"(?<![\w'’]){_alt(forms)}(?!\w)", re.IGNORECASE)
        rules.append(_Rule("PERSON", rx, person("last", last_ok)))
    if first and not _common_word(first):
        rx = re.compile(rf"(?<!\w){first_full}(?!\w)", re.IGNORECASE)
        rules.append(_Rule("PERSON", rx, person("first", lambda c: c[:1].isupper())))
    return rules


def _date_rules(birth: dt.date) -> list[_Rule]:
    d, m, y = birth.day, birth.month, birth.year
    day = rf"(?P<d>0?{d})" if d < 10 else rf"(?P<d>{d})"
    mon = rf"(?P<m>0?{m})" if m < 10 else rf"(?P<m>{m})"
    year = rf"(?P<y>{y}|{y % 100:02d})"
    numeric = (
        rf"(?<![\d/.\-]){day}(?P<s>[/.\- ]){mon}(?P=s){year}(?![\d/\-]|\.\d)"
        rf"|(?<![\d/.\-])(?P<Y>{y})(?P<t>[/.\-]){mon.replace('P<m>', 'P<m2>')}(?P=t)"
        rf"{day.replace('P<d>', 'P<d2>')}(?![\d/\-])"
        rf"|(?<!\d)(?P<compact>{d:02d}{m:02d}{y})(?!\d)"
    )
    month_words = rf"(?P<mw>{_MONTH_RX})\.?"
    day_words = rf"(?P<dw>1er|0?{d})" if d == 1 else rf"(?P<dw>0?{d})"
    words = rf"(?<![\w]){day_words}\s+{month_words}\s+(?P<yw>{y})(?!\d)"

    def make_numeric(mt: re.Match[str], text: str) -> Entity | None:
        g = mt.groupdict()
        if g.get("compact"):
            fmt = "{d2}{m2}{y4}"
        elif g.get("Y"):
            fmt = build_format(text, mt.start(), mt.end(), [
                (mt.start("Y"), mt.end("Y"), "y4"),
                (mt.start("m2"), mt.end("m2"), "m2" if len(g["m2"]) == 2 else "m"),
                (mt.start("d2"), mt.end("d2"), "d2" if len(g["d2"]) == 2 else "d"),
            ])
        else:
            fmt = build_format(text, mt.start(), mt.end(), [
                (mt.start("d"), mt.end("d"), "d2" if len(g["d"]) == 2 else "d"),
                (mt.start("m"), mt.end("m"), "m2" if len(g["m"]) == 2 else "m"),
                (mt.start("y"), mt.end("y"), "y4" if len(g["y"]) == 4 else "y2"),
            ])
        return _birth(mt, fmt, birth)

    def make_words(mt: re.Match[str], text: str) -> Entity | None:
        word = mt.group("mw")
        form = MONTH_FORMS.get(strip_accents(word.lower()))
        if form is None or form[0] != m:
            return None
        canon = _MONTH_TABLES[form[1]][m - 1]
        plain = word.lower() == strip_accents(word.lower())
        flags = "a" if plain and canon != strip_accents(canon) else ""
        dw = mt.group("dw")
        fmt = build_format(text, mt.start(), mt.end(), [
            (mt.start("dw"), mt.end("dw"), "d1er" if dw == "1er" else
             "d2" if len(dw) == 2 else "d"),
            (mt.start("mw"), mt.end("mw"), field_name(form[1], casing_of(word), flags)),
            (mt.start("yw"), mt.end("yw"), "y4"),
        ])
        return _birth(mt, fmt, birth)

    return [
        _Rule("DATE", re.compile(numeric), make_numeric),
        _Rule("DATE", re.compile(words, re.IGNORECASE), make_words),
    ]


def _birth(mt: re.Match[str], fmt: str, birth: dt.date) -> Entity:
    return Entity(mt.start(), mt.end(), "DATE", source=SOURCE, score=0.98,
                  value=DateValue.from_date(birth),
                  attributes={"kind": "birth", "precision": "day", "format": fmt})


def _simple(label: str, rx: str, flags: int = 0, **attrs: Any) -> _Rule:
    def make(mt: re.Match[str], text: str) -> Entity:
        return Entity(mt.start(), mt.end(), label, source=SOURCE, score=0.98,
                      attributes=dict(attrs))

    return _Rule(label, re.compile(rx, flags), make)


def _other_rules(meta: Metadata) -> list[_Rule]:
    rules: list[_Rule] = []
    if meta.patient_id:
        pid = re.sub(r"[\s.\-/]", "", meta.patient_id)
        if len(pid) >= 4:
            rules.append(_simple("ID", rf"(?<![\w]){_digits_pattern(pid)}(?![\w])",
                                 re.IGNORECASE, kind="IPP"))
    if meta.patient_phone:
        digits = re.sub(r"\D", "", meta.patient_phone)
        if digits.startswith("0033"):
            digits = "0" + digits[4:]
        elif digits.startswith("33") and len(digits) == 11:
            digits = "0" + digits[2:]
        if len(digits) >= 6:
            if digits.startswith("0") and len(digits) == 10:
                national = _digits_pattern(digits[1:])
                rx = (
                    rf"(?:{PHONE_PREFIX_INTL}{national}|(?<![\d+])0{DIGIT_SEPARATOR}{national})"
                    r"(?!\d)"
                )
            else:
                rx = rf"(?<![\d+]){_digits_pattern(digits)}(?!\d)"
            kind = "mobile" if digits[:2] in ("06", "07") else "landline"
            rules.append(_simple("PHONE", rx, kind=kind))
    if meta.patient_email:
        rules.append(_simple("EMAIL", rf"(?<![\w.+-]){re.escape(meta.patient_email.strip())}"
                             rf"(?![\w-])", re.IGNORECASE))
    if meta.patient_address:
        words = [w for w in re.split(r"[\s,.'’\-]+", meta.patient_address.strip()) if w]
        if words:
            rx = ADDRESS_SEPARATOR.join(
                "".join(_letter(c) for c in w) for w in words
            )
            rules.append(_simple("ADDRESS", rf"(?<!\w){rx}(?!\w)", re.IGNORECASE))
    if meta.patient_zip:
        z = re.sub(r"\s", "", meta.patient_zip)
        if z.isdigit() and len(z) == 5:
            rules.append(_simple("ZIP", rf"(?<![\d]){z[:2]}\s?{z[2:]}(?!\d)"))
    if meta.patient_city and meta.patient_city.strip():
        city = meta.patient_city.strip()
        rx = re.compile(rf"(?<!\w){flexible(city)}(?!\w)", re.IGNORECASE)

        def make_city(mt: re.Match[str], text: str) -> Entity | None:
            if not mt.group()[:1].isupper():  # "sens", "eu", "bar" as words
                return None
            return Entity(mt.start(), mt.end(), "CITY", source=SOURCE, score=0.95)

        rules.append(_Rule("CITY", rx, make_city))
    return rules


def _rules_for(meta: Metadata) -> list[_Rule]:
    rules = _name_rules(meta)
    if meta.birth_date is not None:
        rules.extend(_date_rules(meta.birth_date))
    rules.extend(_other_rules(meta))
    return rules


@dataclass
class PatientContextDetector:
    """Every occurrence of the patient's known identifiers (from `Document.meta`)."""

    name: str = "patient"
    family: str = "context"

    def detect(self, document: Document) -> Iterator[Entity]:
        meta = document.meta
        text = document.text
        for rule in _rules_for(meta):
            for mt in rule.pattern.finditer(text):
                ent = rule.make(mt, text)
                if ent is not None:
                    yield ent


def patient_name_keys(meta: Metadata) -> set[str]:
    """Normalised keys of the patient's names and their parts (for other detectors)."""
    keys: set[str] = set()
    for name in (meta.patient_first_name, meta.patient_last_name):
        if name:
            keys.add(normalize_key(name))
            keys.update(normalize_key(p) for p in _parts(name))
    return keys
