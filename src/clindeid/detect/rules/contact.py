"""Contact details: phone and fax numbers, internal extensions, e-mail addresses and URLs.

Recall comes first (a missed phone number is a privacy breach), so phone numbers are found
in two ways:

* every run of digit groups (``03 80 29 30 31 / 4512``) is scanned for a well-formed French
  number — ten digits ``0[1-9]…`` in an accepted grouping with one consistent separator, or
  a ``+33`` / ``0033`` form — which is proposed as ``validated/phone``; ``+`` and ``00``
  foreign numbers are checked with ``phonenumbers`` when it is installed;
* a digit run right after a phone trigger word (``Tél :``, ``poste``, ``bip``, ``DECT``,
  ``fax``…) is proposed as ``pattern/phone`` even when it is short (internal extension) or
  malformed.

A well-formed number right after an identifier trigger (``IPP``, ``NDA``, ``dossier``…) is
left to the identifier detectors. Dates, doses and lab values never form ten digits in an
accepted grouping, which is what keeps them out.
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from clindeid.detect.rules._spoken import GROUP_WORDS, PAIR_WORDS, UNIT_WORD
from clindeid.detect.rules.identifiers import first_char_lookahead
from clindeid.document import Document, Entity

# --------------------------------------------------------------------------------------
# Data: phone
# --------------------------------------------------------------------------------------

# Trigger words before a phone number, by the kind they give it. "weak" triggers are also
# ordinary words ("standard", "mobile", "p." for page), so their short numbers are checked
# harder (no year, no unit, exactly four digits after "p.").
PHONE_TRIGGERS: dict[str, tuple[str, ...]] = {
    "fax": (r"fax", r"t[ée]l[ée]copie", r"t[ée]l[ée]fax", r"t[ée]l[ée]cop\."),
    "phone": (
        r"t[ée]l[ée]phone",
        r"t[ée]l\.?",
        r"t[ée]l[ée]ph\.?",
        r"ph\.",
        r"portable",
        r"gsm",
        r"ligne\s+directe",
        r"joignable\s+au",
        r"appeler\s+le",
        r"num[ée]ro\s+(?:de\s+)?t[ée]l[ée]phone",
        r"☎",
        r"📞",
    ),
    "extension": (r"poste",
                  # "bip médecin sénior 214": a pager named by its holder's job (tried
                  # before the bare "bip")
                  r"bip\s+(?:(?:du|de\s+l['’]|de\s+la)\s+)?(?:m[ée]decin|interne|chef|s[ée]nior"
                  r"|anesth[ée]siste|r[ée]a|garde|urgentiste|chir(?:urgien)?)"
                  r"(?:\s+(?:de\s+garde|s[ée]nior|junior|d['’]astreinte)){0,2}",
                  r"bip", r"dect", r"bip\s+n[°º]",
                  # "appel chir vasc de garde dr m. perrin au 4817": a call, then "au"
                  r"appel(?:[ée]e?s?|er|ons|ez)?[ \t][^\n\d]{0,45}?[ \t]au"),
    "weak": (r"standard", r"secr[ée]tariat", r"mobile", r"ligne", r"p\."),
}

# Identifier triggers: a well-formed phone number right after one of these is an identifier.
NOT_PHONE_TRIGGERS: tuple[str, ...] = (
    r"IPP",
    r"NDA",
    r"NIR",
    r"INS",
    r"RPPS",
    r"ADELI",
    r"FINESS",
    r"IEP",
    r"N[°º]\s*(?:de\s+|d['’]\s*)?(?:dossier|s[ée]jour|venue|examen|patient|demande|"
    r"pr[ée]l[èe]vement|s[ée]cu(?:rit[ée]\s+sociale)?|SS|INSEE)",
    r"dossier",
    r"s[ée]jour",
    r"venue",
    r"r[ée]f\.?",
    r"s[ée]curit[ée]\s+sociale",
    r"immatriculation",
    r"identifiant",
    r"ID",
)

# Public emergency and help lines are no one's phone number: "appeler le 112 ou le 15".
PUBLIC_NUMBERS: frozenset[str] = frozenset(
    {"15", "17", "18", "112", "114", "115", "116000", "116117", "119", "196", "197", "3114",
     "3919", "3237", "3624", "3631", "0800130000"}
)  # fmt: skip

# One-digit first groups of a spaced NIR.
NIR_FIRST: frozenset[str] = frozenset("123478")

# How far back (characters, same line) a trigger word still applies to a number.
TRIGGER_WINDOW = 40

# Accepted groupings (digits per group) of a ten-digit French number. Ten single digits
# ("0 3 8 0 2 9 3 0 3 1") are accepted separately, when they make up the whole run.
# (2, 2, 3, 3) and (2, 3, 3, 2) are left out: they are the tail of a spaced NIR.
FRENCH_SHAPES: frozenset[tuple[int, ...]] = frozenset(
    {
        (10,),
        (2, 2, 2, 2, 2),
        (3, 3, 4),
        (3, 3, 2, 2),
        (2, 4, 4),
        (2, 4, 2, 2),
        (4, 2, 2, 2),
        (4, 3, 3),
        (4, 6),
        (2, 8),
        (1, 9),
        (2, 2, 2, 4),
        (1, 3, 3, 3),
    }
)

# Units that make a triggered short number a measurement, not an extension.
UNITS: tuple[str, ...] = (
    "mg", "µg", "ug", "mcg", "g", "kg", "ml", "mL", "cl", "dl", "l", "L", "mmol", "µmol",
    "mol", "mEq", "UI", "U", "ui", "%", "cm", "mm", "m", "h", "min", "mn", "s", "sec", "j",
    "jours", "jour", "mois", "ans", "an", "semaines", "sem", "SA", "fois", "cp", "cps", "gél",
    "gtt", "bpm", "mmHg", "°", "°C", "kcal", "G/L", "g/L", "g/l",
)

_SP = r"[ \t\u00a0\u202f]"
# A run of digit groups: separators are spaces, dots, hyphens, slashes and parentheses (for
# "+33 (0)3 …"), at most three characters between two groups. Linear: the groups and the
# separators never share a character.
_RUN_RE = re.compile(r"(?<![\w+])(?:\+" + _SP + r"?)?\d+(?:[ .\-/()\u00a0\u202f]{1,3}\d+)*")
_GROUP_RE = re.compile(r"\d+")
_SEP_NORMALISE = str.maketrans({"\u00a0": " ", "\u202f": " ", "\t": " "})

_FILLER = r"(?:" + _SP + r"*(?:\([^()\n]{1,30}\)|n[°º]|[:.=#]|-(?!\d)))*" + _SP + r"*"


def _alternation(fragments: tuple[str, ...]) -> str:
    return "|".join(f"(?:{f})" for f in fragments)


_CONTEXT_RE = re.compile(
    first_char_lookahead((*(f for fs in PHONE_TRIGGERS.values() for f in fs), *NOT_PHONE_TRIGGERS))
    + r"(?<![\w])(?:"
    + "|".join(
        f"(?P<{kind}>(?i:{_alternation(frags)}))" for kind, frags in PHONE_TRIGGERS.items()
    )
    + f"|(?P<block>(?i:{_alternation(NOT_PHONE_TRIGGERS)}))"
    + r")(?![^\W\d_])"
)
_AFTER_TRIGGER_RE = re.compile(_FILLER + r"(?=[+\d])")
_LIST_NEXT_RE = re.compile(_SP + r"*(?:ou|et|,|;|/)" + _SP + r"*(?=[+\d])")
_UNIT_AFTER_RE = re.compile(
    _SP + r"?(?:" + "|".join(re.escape(u) for u in sorted(UNITS, key=len, reverse=True))
    + r")(?![^\W\d_])"
)
# A calendar date (valid day and month), not an extension written with dashes ("4-27-63").
_DATE_LIKE_RE = re.compile(
    r"(?:0?[1-9]|[12]\d|3[01])[/.\-](?:0?[1-9]|1[0-2])(?:[/.\-]\d{2,4})?"
    r"|\d{4}[/.\-](?:0?[1-9]|1[0-2])[/.\-](?:0?[1-9]|[12]\d|3[01])"
)
_YEAR_RE = re.compile(r"(?:19|20)\d\d")

# --------------------------------------------------------------------------------------
# Data: e-mail and URL
# --------------------------------------------------------------------------------------

# Top-level domains accepted for a bare domain ("chu-dijon.fr"), written all lower or all
# upper case; French words that are also TLDs (de, es, et, il, la, le, ne, se, me, ca, re…)
# are left out on purpose ("domicile.Ca va" is a missing space, not a domain).
BARE_TLDS: tuple[str, ...] = (
    "fr", "com", "org", "net", "eu", "info", "io", "be", "ch", "lu", "mc", "gp", "mq", "gf",
    "yt", "pf", "uk", "biz", "edu", "gov", "health", "bzh", "paris", "corsica", "alsace",
)

_AT = r"(?:@|" + _SP + r"?[\[(](?:at|AT|arobase)[\])]" + _SP + r"?)"
_EMAIL_RE = re.compile(
    r"(?<![\w.+\-])[\w+\-]+(?:\.[\w+\-]+)*" + _AT + r"[\w\-]+(?:\.[\w\-]+)*\.[A-Za-z]{2,24}"
    r"(?![\w\-])"
)
_AT_WORD_RE = re.compile(r"[\[(](?:at|AT|arobase)[\])]")
# An address dictated in words: "jc point bretonneau arobase laposte point net".
_SPOKEN_EMAIL_RE = re.compile(
    r"(?<![\w-])(?i:[a-z0-9]+(?:[ \t]+(?:point|tiret|underscore)[ \t]+[a-z0-9]+)*"
    r"[ \t]+arobase[ \t]+[a-z0-9-]+(?:[ \t]+point[ \t]+[a-z0-9-]+)+)(?![\w-])"
)
_URL_RE = re.compile(
    r"(?i:https?://|ftp://|www\.)[^\s<>\"«»]+"
)
_BARE_DOMAIN_RE = re.compile(
    r"(?<![\w@.\-/])(?:[A-Za-z0-9](?:[A-Za-z0-9\-]*[A-Za-z0-9])?\.)+"
    r"(?:" + "|".join([*BARE_TLDS, *(t.upper() for t in BARE_TLDS)]) + r")"
    r"(?![\w@\-]|\.\w)(?:/[^\s<>\"«»]*)?"
)
_TRAILING = ".,;:!?'\"’»)]}>"


@dataclass(frozen=True, slots=True)
class _Trigger:
    start: int
    end: int
    kind: str  # fax | phone | extension | weak | block


def _triggers(text: str) -> list[_Trigger]:
    return [_Trigger(m.start(), m.end(), m.lastgroup or "") for m in _CONTEXT_RE.finditer(text)]


def _nearest_trigger(text: str, triggers: list[_Trigger], ends: list[int], pos: int) -> str | None:
    """Kind of the closest trigger ending before ``pos`` within the window, on the same line."""
    i = bisect.bisect_right(ends, pos) - 1
    while i >= 0:
        trig = triggers[i]
        if pos - trig.end > TRIGGER_WINDOW:
            return None
        if trig.end <= pos and "\n" not in text[trig.end : pos]:
            return trig.kind
        i -= 1
    return None


def _french_kind(first_digit: str) -> str:
    return "mobile" if first_digit in "67" else "landline"


@dataclass(frozen=True, slots=True)
class _Found:
    start: int
    end: int
    first: int  # index of the first group used
    last: int  # index of the last group used
    source: str
    score: float
    kind: str
    attributes: tuple[tuple[str, Any], ...] = ()


def _foreign_end(digits: list[str], cum: list[int], first: int, skip: int) -> tuple[int, bool]:
    """Index of the last group of a foreign number starting at group ``first``, and whether
    ``phonenumbers`` says it is valid; -1 when no plausible end exists."""
    candidates = [
        j for j in range(first, len(digits)) if 7 <= cum[j + 1] - cum[first] - skip <= 15
    ]
    if not candidates:
        return -1, False
    try:
        import phonenumbers
    except ImportError:  # pragma: no cover - optional dependency
        phonenumbers = None
    if phonenumbers is not None:
        possible = -1
        for j in reversed(candidates):
            number = "+" + "".join(digits[first : j + 1])[skip:]
            try:
                parsed = phonenumbers.parse(number, None)
            except phonenumbers.NumberParseException:
                continue
            if phonenumbers.is_valid_number(parsed):
                return j, True
            if possible < 0 and phonenumbers.is_possible_number(parsed):
                possible = j
        if possible >= 0:
            return possible, False
    # no validator, or nothing it likes: the longest end up to 12 digits
    best = candidates[0]
    for j in candidates:
        if cum[j + 1] - cum[first] - skip <= 12:
            best = j
    return best, False


def _scan_run(text: str, run: re.Match[str], plus: bool) -> list[_Found]:
    """Well-formed phone numbers inside one run of digit groups."""
    base = run.start()
    groups = list(_GROUP_RE.finditer(run.group()))
    digits = [g.group() for g in groups]
    starts = [base + g.start() for g in groups]
    ends = [base + g.end() for g in groups]
    seps = [text[ends[k] : starts[k + 1]].translate(_SEP_NORMALISE) for k in range(len(groups) - 1)]
    cum = [0]
    for d in digits:
        cum.append(cum[-1] + len(d))
    if not plus and cum[-1] in (13, 15) and digits[0] in NIR_FIRST and len(digits) > 2:
        return []  # a spaced NIR ("1 54 03 21 231 045 82") holds no phone number
    found: list[_Found] = []
    n = len(groups)
    i = 0
    while i < n:
        hit = _international_at(text, digits, starts, ends, cum, i, plus and i == 0, run)
        if hit is None:
            hit = _national_at(text, digits, starts, ends, seps, cum, i, n)
        if hit is None:
            i += 1
            continue
        found.append(hit)
        i = hit.last + 1
    return found


def _international_at(
    text: str,
    digits: list[str],
    starts: list[int],
    ends: list[int],
    cum: list[int],
    i: int,
    plus: bool,
    run: re.Match[str],
) -> _Found | None:
    """A ``+…`` or ``00…`` number starting at group ``i``."""
    if plus:
        skip = 0
        start = run.start()
    elif digits[i].startswith("00") and (len(digits[i]) > 2 or i + 1 < len(digits)):
        if digits[i] == "00" and (i + 1 >= len(digits) or digits[i + 1].startswith("0")):
            return None
        skip = 2
        start = starts[i]
    else:
        return None
    rest = "".join(digits[i:])[skip:]
    if rest.startswith("33"):
        k = 2
        if rest[k : k + 1] == "0":
            k += 1  # the "(0)" trunk prefix
        national = rest[k : k + 9]
        if len(national) == 9 and national[0] != "0":
            need = skip + k + 9
            for j in range(i, len(digits)):
                if cum[j + 1] - cum[i] == need:
                    return _Found(
                        start, ends[j], i, j, "validated/phone", 1.0,
                        _french_kind(national[0]), (("country", "FR"),),
                    )
                if cum[j + 1] - cum[i] > need:
                    break
    if not plus and cum[len(digits)] - cum[i] - skip < 7:
        return None
    j, valid = _foreign_end(digits, cum, i, skip)
    if j < 0:
        return None
    if valid:
        return _Found(start, ends[j], i, j, "validated/phone", 0.95, "international")
    if plus:
        return _Found(start, ends[j], i, j, "pattern/phone", 0.6, "international")
    return None


def _national_at(
    text: str,
    digits: list[str],
    starts: list[int],
    ends: list[int],
    seps: list[str],
    cum: list[int],
    i: int,
    n: int,
) -> _Found | None:
    """A ten-digit French number ``0[1-9]…`` starting at group ``i``."""
    head = digits[i]
    if head[0] != "0":
        return None
    second = head[1:2] or (digits[i + 1][:1] if i + 1 < n else "")
    if not second or second == "0":
        return None
    for j in range(i, n):
        total = cum[j + 1] - cum[i]
        if total < 10:
            continue
        if total > 10:
            return None
        shape = tuple(len(d) for d in digits[i : j + 1])
        used = {sep.strip("()") or " " for sep in seps[i:j]}
        if len(used) > 1:
            return None
        start = starts[i]
        if j > i and seps[i].startswith(")") and text[start - 1 : start] == "(":
            start -= 1  # "(03) 80 29 30 31"
        if shape in ((10,), (2, 2, 2, 2, 2)):
            score = 1.0
        elif shape in FRENCH_SHAPES:
            if any(_YEAR_RE.fullmatch(d) for d in digits[i + 1 : j + 1]):
                return None  # "02 2020 03 04": a date and a time, not a number
            score = 0.9
        elif shape == (1,) * 10 and i == 0 and j == n - 1 and used <= {" ", "."}:
            score = 0.85
        else:
            return None
        return _Found(start, ends[j], i, j, "validated/phone", score, _french_kind(second))
    return None


# A phone number dictated in words, five pairs opening with "zéro": "zéro six douze
# quarante-huit trente-trois soixante-dix-sept zéro deux"; speech recognition may leave the
# hyphens out ("quarante deux dix huit") or read a pair digit by digit ("six sept").
_SPELLED_PHONE_RE = re.compile(
    rf"(?<![\w-])(?i:z[ée]ro[ \t]+(?P<p>{UNIT_WORD})(?:[ \t,]+{PAIR_WORDS}){{4,5}})(?![\w-])"
)
# A foreign number dictated after "plus", its country code first: "plus trente-deux quatre
# cent soixante-dix-sept vingt-huit quatorze cinquante-six" (+32 477 28 14 56).
_SPELLED_INTERNATIONAL_RE = re.compile(
    rf"(?<![\w-])(?i:plus[ \t]+{GROUP_WORDS}(?:[ \t,]+{GROUP_WORDS}){{3,6}})(?![\w-])"
)


@dataclass(frozen=True)
class PhoneDetector:
    """Phone and fax numbers (``validated/phone``) and triggered short numbers
    (``pattern/phone``); attribute ``kind``: mobile, landline, extension, fax, international."""

    name: str = "phone"
    family: str = "rules"

    def detect(self, document: Document) -> Iterator[Entity]:
        text = document.text
        triggers: list[_Trigger] = []
        # runs right after a phone trigger (start -> trigger kind), or after an identifier one
        triggered: dict[int, str] = {}
        blocked: set[int] = set()
        for trig in _triggers(text):
            m = _AFTER_TRIGGER_RE.match(text, trig.end)
            if m is None or "\n" in m.group():
                if trig.kind != "block":
                    triggers.append(trig)
                continue
            if trig.kind == "block":
                blocked.add(m.end())
                continue
            triggers.append(trig)
            pos = m.end()
            while pos not in triggered:  # "poste 4512 ou 4513", "Tél : 4512, 4513"
                triggered[pos] = trig.kind
                run = _RUN_RE.match(text, pos)
                nxt = _LIST_NEXT_RE.match(text, run.end()) if run is not None else None
                if nxt is None:
                    break
                pos = nxt.end()
        for m in _SPELLED_PHONE_RE.finditer(text):  # a dictated number, in words
            yield Entity(m.start(), m.end(), "PHONE", "pattern/phone", 0.85,
                         attributes={"kind": "mobile" if m.group("p") in ("six", "sept")
                                     else "landline", "spelled": True})
        for m in _SPELLED_INTERNATIONAL_RE.finditer(text):
            yield Entity(m.start(), m.end(), "PHONE", "pattern/phone", 0.85,
                         attributes={"kind": "international", "spelled": True})
        trig_ends = [t.end for t in triggers]
        for run in _RUN_RE.finditer(text):
            start = run.start()
            plus = text[start] == "+"
            trig_kind = triggered.get(start)
            if trig_kind is None and not plus and run.end() - start < 10:
                continue
            yield from self._emit(text, run, plus, trig_kind, triggers, trig_ends, blocked)

    def _emit(
        self,
        text: str,
        run: re.Match[str],
        plus: bool,
        trig_kind: str | None,
        triggers: list[_Trigger],
        trig_ends: list[int],
        blocked: set[int],
    ) -> Iterator[Entity]:
        found = _scan_run(text, run, plus)
        for hit in found:
            if hit.start in blocked and not plus and hit.kind != "international":
                continue  # "IPP : 0612345678" is left to the identifier detector; a valid
                # "00 269 …" number after "séjour :" stays a phone number
            near = _nearest_trigger(text, triggers, trig_ends, hit.start)
            kind = "fax" if near == "fax" else hit.kind
            attributes = {"kind": kind, **dict(hit.attributes)}
            yield Entity(hit.start, hit.end, "PHONE", hit.source, hit.score, attributes=attributes)
        if trig_kind is None:
            return
        # what the triggered run holds besides well-formed numbers: extensions, odd numbers
        groups = list(_GROUP_RE.finditer(run.group()))
        used = [False] * len(groups)
        for hit in found:
            for k in range(hit.first, hit.last + 1):
                used[k] = True
        k = 0
        while k < len(groups):
            if used[k]:
                k += 1
                continue
            j = k
            while j + 1 < len(groups) and not used[j + 1]:
                sep = run.group()[groups[j].end() : groups[j + 1].start()]
                if "/" in sep and len(groups[j].group()) >= 3 <= len(groups[j + 1].group()):
                    break  # "4512/4513": two extensions
                j += 1
            entity = _leftover(text, run.start() + groups[k].start(), run.start() + groups[j].end(),
                               trig_kind, first_in_run=k == 0)
            if entity is not None:
                yield entity
            k = j + 1


_NUMBER_THEN_EXTENSION_RE = re.compile(r"\d{2}[ .-]?\d{2}[ \t]*,?[ \t]*(?i:poste)[ \t]*$")


def _leftover(text: str, start: int, end: int, trig_kind: str, first_in_run: bool) -> Entity | None:
    """A digit sequence after a phone trigger that is not a well-formed number."""
    if text[start - 1 : start] == "+":
        start -= 1
    chunk = text[start:end]
    ndigits = sum(ch.isdigit() for ch in chunk)
    if ndigits < 3 and not (
        ndigits == 2 and trig_kind == "extension"
        and _NUMBER_THEN_EXTENSION_RE.search(text, max(0, start - 40), start)
    ):  # a two-digit extension only right after a phone number: "02 98 64 17 70 poste 23"
        return None
    if ndigits > 15:
        return None
    if "".join(ch for ch in chunk if ch.isdigit()) in PUBLIC_NUMBERS:
        return None
    if _DATE_LIKE_RE.fullmatch(chunk):
        return None
    if _UNIT_AFTER_RE.match(text, end):
        return None
    if text[end : end + 1] in (",", ".") and text[end + 1 : end + 2].isdigit():
        return None  # a decimal number
    if trig_kind == "weak":
        if not first_in_run or _YEAR_RE.fullmatch(chunk):
            return None
        if text[max(0, start - 3) : start].rstrip().lower().endswith("p.") and not (
            ndigits == 4 and chunk.isdigit()
        ):
            return None
    short = ndigits <= 5
    kind = "fax" if trig_kind == "fax" else ("extension" if short else "landline")
    return Entity(start, end, "PHONE", "pattern/phone", 0.8 if short else 0.7,
                  attributes={"kind": kind})


# --------------------------------------------------------------------------------------
# E-mail and URL
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class EmailDetector:
    """E-mail addresses (also ``name [at] domain.fr``), source ``validated/email``."""

    name: str = "email"
    family: str = "rules"

    def detect(self, document: Document) -> Iterator[Entity]:
        text = document.text
        for start, end in _email_spans(text):
            yield Entity(start, end, "EMAIL", "validated/email", 1.0)


def _email_spans(text: str) -> list[tuple[int, int]]:
    spoken = (
        [(m.start(), m.end()) for m in _SPOKEN_EMAIL_RE.finditer(text)]
        if "arobase" in text or "AROBASE" in text or "Arobase" in text else []
    )  # fmt: skip
    if "@" not in text and _AT_WORD_RE.search(text) is None:
        return spoken
    return [(m.start(), m.end()) for m in _EMAIL_RE.finditer(text)] + spoken


def _trim_url(text: str, start: int, end: int) -> int:
    """End of a URL without trailing punctuation (a closing bracket is kept when balanced)."""
    while end > start and text[end - 1] in _TRAILING:
        ch = text[end - 1]
        if ch == ")" and text.count("(", start, end) >= text.count(")", start, end):
            break
        end -= 1
    return end


@dataclass(frozen=True)
class UrlDetector:
    """Web addresses: ``http(s)://``, ``www.`` and bare domains with a known TLD
    (``chu-dijon.fr``, ``doctolib.fr/…``) outside e-mail addresses; ``validated/url``."""

    name: str = "url"
    family: str = "rules"

    def detect(self, document: Document) -> Iterator[Entity]:
        text = document.text
        if "." not in text:
            return
        taken: list[tuple[int, int]] = []
        for m in _URL_RE.finditer(text):
            end = _trim_url(text, m.start(), m.end())
            if end - m.start() > 4 and "." in text[m.start() : end]:
                taken.append((m.start(), end))
                yield Entity(m.start(), end, "URL", "validated/url", 1.0)
        blocked = taken + _email_spans(text)
        for m in _BARE_DOMAIN_RE.finditer(text):
            start, end = m.start(), _trim_url(text, m.start(), m.end())
            if any(s <= start < e for s, e in blocked):
                continue
            if not any(ch.isalpha() for ch in text[start : text.index(".", start)]):
                continue  # "12.fr" is not a domain
            yield Entity(start, end, "URL", "validated/url", 0.9)


def contact_detectors() -> list[PhoneDetector | EmailDetector | UrlDetector]:
    """The detectors of this module, for the registry."""
    return [PhoneDetector(), EmailDetector(), UrlDetector()]
