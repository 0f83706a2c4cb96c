"""NIR and other identifiers (IPP, NDA, RPPS, ADELI, FINESS…): random, valid, same shape.

- NIR (French social security number, ``S AA MM DD CCC OOO KK``): a fresh number whose key
  is recomputed (97 − N mod 97, Corsica ``2A``/``2B`` counted as 19/18), written with the
  original's spacing. The sex digit follows the patient's sex (``meta.sex``; else the
  original's). Year and month follow the *surrogate* birth date when a date strategy has
  published one under :data:`BIRTH_DATE_SLOT`; the real birth date is never copied into the
  surrogate (that would undo the date mechanism's privacy), so otherwise the year is drawn
  within ±3 years of the original and the month at random. Département and commune come
  from a real commune; ``99`` (born abroad) stays abroad.
- Other identifiers: every character keeps its class (digit → digit, upper → upper,
  lower → lower, anything else kept); a leading letter prefix (``NDA``, ``PAT``) is kept when
  digits follow. RPPS, ADELI and any long number whose original passes Luhn get a valid Luhn
  digit; FINESS gets a valid key. The same identifier maps to the same surrogate.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from functools import cache

import numpy as np

from clindeid import knowledge
from clindeid.document import Entity
from clindeid.substitute.base import Surrogate
from clindeid.substitute.context import SubstitutionContext

__all__ = [
    "BIRTH_DATE_SLOT",
    "IdentifierStrategy",
    "NirStrategy",
    "luhn_check_digit",
    "luhn_valid",
    "nir_key",
]

# Where a date strategy may publish the patient's surrogate birth date (a datetime.date).
BIRTH_DATE_SLOT: tuple[str, str] = ("date.birth", "patient")
LUHN_KINDS = frozenset({"RPPS", "ADELI"})
_NIR_CHARS = re.compile(r"[0-9ABab]")
_PREFIX = re.compile(r"^([A-Za-z]{2,})(?=[^A-Za-z]*\d{4})")


def nir_key(first13: str) -> int:
    """The NIR key of the first 13 characters (Corsica ``2A`` → 19, ``2B`` → 18)."""
    body = first13.upper()
    if body[5:7] == "2A":
        body = body[:5] + "19" + body[7:]
    elif body[5:7] == "2B":
        body = body[:5] + "18" + body[7:]
    return 97 - int(body) % 97


def luhn_check_digit(digits: str) -> int:
    """The Luhn digit to append to ``digits``."""
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = int(ch)
        if i % 2 == 0:
            d *= 2
            if d > 9:
                d -= 9
        total += d
    return (10 - total % 10) % 10


def luhn_valid(digits: str) -> bool:
    return digits.isdigit() and len(digits) > 1 and luhn_check_digit(digits[:-1]) == int(digits[-1])


@cache
def _birth_places() -> tuple[str, ...]:
    """INSEE codes of current communes (département + commune digits of a NIR)."""
    return tuple(c.insee for c in knowledge.communes() if c.kind == "commune" and c.zone != "com")


def _fill(original: str, chars: str, pattern: re.Pattern[str]) -> str:
    it = iter(chars)
    return "".join(next(it) if pattern.fullmatch(ch) else ch for ch in original)


@dataclass(frozen=True)
class NirStrategy:
    """A valid NIR coherent with the surrogate patient (see the module docstring)."""

    name: str = "nir"

    def substitute(self, entity: Entity, original: str, context: SubstitutionContext) -> Surrogate:
        chars = "".join(_NIR_CHARS.findall(original)).upper()
        if len(chars) not in (13, 15):
            raise ValueError("not a NIR")
        new, _ = context.memoized("nir", chars[:13], lambda: self._draw(chars, context))
        return Surrogate(_fill(original, new[: len(chars)], _NIR_CHARS), self.name)

    def _draw(self, chars: str, context: SubstitutionContext) -> str:
        rng = context.rng
        meta = context.meta
        sex = {"M": "1", "F": "2"}.get(meta.sex or "", chars[0] if chars[0] in "12" else "")
        sex = sex or "12"[int(rng.integers(0, 2))]
        birth = context.memo.get(BIRTH_DATE_SLOT)
        for _ in range(100):
            if isinstance(birth, dt.date):
                yy, mm = birth.year % 100, birth.month
            else:
                orig_year = int(chars[1:3]) if chars[1:3].isdigit() else int(rng.integers(100))
                yy = (orig_year + int(rng.integers(-3, 4))) % 100
                mm = int(rng.integers(1, 13))
            if chars[5:7] == "99":
                place = "99" + f"{int(rng.integers(100, 500)):03d}"
            else:
                places = _birth_places()
                place = places[int(rng.integers(len(places)))]
            order = int(rng.integers(1, 1000))
            body = f"{sex}{yy:02d}{mm:02d}{place}{order:03d}"
            full = body + f"{nir_key(body):02d}"
            if full[:13] != chars[:13]:
                return full
        raise ValueError("could not draw a different NIR")


def _random_like(text: str, rng: np.random.Generator, keep: int = 0) -> str:
    out = list(text[:keep])
    for ch in text[keep:]:
        if ch.isdigit():
            out.append(str(int(rng.integers(0, 10))))
        elif ch.isalpha() and ch.isascii():
            letter = chr(ord("A") + int(rng.integers(26)))
            out.append(letter if ch.isupper() else letter.lower())
        else:
            out.append(ch)
    return "".join(out)


def _set_last_digit(text: str, digit: int) -> str:
    idx = max(i for i, ch in enumerate(text) if ch.isdigit())
    return text[:idx] + str(digit) + text[idx + 1 :]


@dataclass(frozen=True)
class IdentifierStrategy:
    """Same-shape random identifiers, checksums kept valid (see the module docstring)."""

    name: str = "identifier"

    def substitute(self, entity: Entity, original: str, context: SubstitutionContext) -> Surrogate:
        if not any(ch.isalnum() for ch in original):
            raise ValueError("empty identifier")
        if entity.attributes.get("spelled"):
            # dictated in words: no same-shape surrogate reads as a number (masked instead)
            raise ValueError("identifier dictated in words")
        kind = str(entity.attributes.get("kind") or "").upper()
        new, _ = context.memoized(
            "identifier", original.strip(), lambda: self._draw(original, kind, context.rng)
        )
        return Surrogate(new, self.name)

    @staticmethod
    def _draw(original: str, kind: str, rng: np.random.Generator) -> str:
        digits = "".join(ch for ch in original if ch.isdigit())
        prefix = _PREFIX.match(original)
        keep = prefix.end() if prefix else 0
        luhn = len(digits) >= 2 and (
            kind in LUHN_KINDS or kind == "FINESS" or (len(digits) >= 8 and luhn_valid(digits))
        )
        for _ in range(100):
            new = _random_like(original, rng, keep)
            if kind == "FINESS" and len(digits) == 9:
                dep = _birth_places()[int(rng.integers(len(_birth_places())))][:2]
                if dep.isdigit():  # keep the FINESS département plausible
                    new = _fill_digits(new, dep + "".join(c for c in new if c.isdigit())[2:])
            if luhn:
                new_digits = "".join(ch for ch in new if ch.isdigit())
                new = _set_last_digit(new, luhn_check_digit(new_digits[:-1]))
            if new.casefold() != original.casefold():
                return new
        raise ValueError("could not draw a different identifier")


def _fill_digits(text: str, digits: str) -> str:
    it = iter(digits)
    return "".join(next(it) if ch.isdigit() else ch for ch in text)
