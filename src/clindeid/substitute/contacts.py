"""PHONE, EMAIL and URL surrogates: random, format-preserving, never the original.

- Phone: every digit is replaced in place, so separators, grouping and the prefix
  (``+33``, ``0033``, ``(0)``) stay as written; the country code is kept; a mobile stays a
  mobile (``06``/``07``), a landline keeps its regional prefix (``01``–``05``), ``08``/``09``
  are kept; an extension or short number keeps its digit count.
- E-mail: a local part that looks like a name (``jean.dupont``, ``j-dupont``,
  ``dupont.jean2``) is rebuilt from the PERSON surrogates of the same context (same memo
  as :mod:`clindeid.substitute.names`, so ``Jean Dupont`` and ``jean.dupont@…`` agree);
  generic words (``secretariat``, ``contact``) are kept; anything else becomes a random
  name. Generic providers (gmail.com, orange.fr…) are kept; other domains become a
  plausible fake domain with the same top-level domain.
- URL: scheme, ``www.``, top-level domain and the shape of the path are kept; the host
  becomes a fake domain and path characters are replaced class by class.
"""

from __future__ import annotations

import re
import string
from dataclasses import dataclass
from functools import cache, lru_cache

import numpy as np

from clindeid import knowledge
from clindeid.document import Entity
from clindeid.knowledge import normalize_key, strip_accents
from clindeid.substitute.base import Surrogate
from clindeid.substitute.context import SubstitutionContext
from clindeid.substitute.names import (
    FIRST_NS,
    INITIAL_FIRST_NS,
    LAST_NS,
    surrogate_first_name,
    surrogate_surname,
)

__all__ = [
    "GENERIC_EMAIL_DOMAINS",
    "EmailStrategy",
    "PhoneStrategy",
    "UrlStrategy",
    "fake_domain",
]

GENERIC_EMAIL_DOMAINS = frozenset({
    "gmail.com", "googlemail.com", "yahoo.fr", "yahoo.com", "hotmail.fr", "hotmail.com",
    "outlook.fr", "outlook.com", "live.fr", "live.com", "msn.com", "orange.fr", "wanadoo.fr",
    "free.fr", "sfr.fr", "neuf.fr", "laposte.net", "bbox.fr", "aol.com", "aol.fr",
    "icloud.com", "me.com", "protonmail.com", "proton.me", "gmx.fr", "numericable.fr",
    "club-internet.fr", "apicrypt.org", "mssante.fr",
})  # fmt: skip
DOMAIN_PREFIXES = (
    "cabinet-medical", "centre-medical", "clinique", "sante", "maison-sante", "medecins",
    "labo", "pharmacie", "cabinet", "polyclinique",
)  # fmt: skip
_DIGIT = re.compile(r"\d")


# --------------------------------------------------------------------------- phone


@lru_cache(maxsize=1 << 12)
def _phone_digits(original: str) -> tuple[int, str, bool]:
    """(number of leading digits to keep — country code and trunk ``(0)`` —, the national
    significant digits, whether the number is French)."""
    digits = "".join(_DIGIT.findall(original))
    compact = re.sub(r"[\s.\-/]", "", original)
    keep = 0
    if compact.startswith("+33") or compact.startswith("0033"):
        keep = 2 if compact.startswith("+") else 4
        if compact[len("+33") if keep == 2 else 4 :].startswith("(0)"):
            keep += 1
    elif compact.startswith("+"):
        m = re.match(r"\+(\d{1,3})", compact)
        keep = len(m.group(1)) if m else 0
    elif len(digits) == 10 and digits[0] == "0":
        keep = 1
    french = keep == 1 or compact.startswith(("+33", "0033"))
    return keep, digits[keep:], french


def _new_national(nsn: str, kind: str | None, rng: np.random.Generator, french: bool) -> str:
    n = len(nsn)
    if n == 0:
        raise ValueError("no digits")
    rand = "".join(map(str, rng.integers(0, 10, size=n).tolist()))  # str(int) = str(np.int64)
    if kind == "extension" or not french or n != 9:
        if nsn[0] != "0":
            rand = str(int(rng.integers(1, 10))) + rand[1:]
        return rand
    zone = nsn[0]
    if zone in "67":
        zone = "67"[int(rng.integers(0, 2))]
    elif zone not in "1234589":
        zone = str(int(rng.integers(1, 6)))
    return zone + rand[1:]


def _fill_digits(original: str, digits: str) -> str:
    it = iter(digits)
    return "".join(next(it) if ch.isdigit() else ch for ch in original)


@dataclass(frozen=True)
class PhoneStrategy:
    """Format-preserving phone numbers (see the module docstring)."""

    name: str = "phone"

    def substitute(self, entity: Entity, original: str, context: SubstitutionContext) -> Surrogate:
        keep, nsn, french = _phone_digits(original)
        digits = "".join(_DIGIT.findall(original))
        kind = entity.attributes.get("kind")

        def make() -> str:
            for _ in range(100):
                new = _new_national(nsn, kind if isinstance(kind, str) else None, context.rng,
                                    french)  # fmt: skip
                if new != nsn:
                    return new
            raise ValueError("could not draw a different number")

        new, _ = context.memoized("phone", nsn, make)
        return Surrogate(_fill_digits(original, digits[:keep] + new), self.name)


# --------------------------------------------------------------------------- domains


@cache
def _town_slugs() -> tuple[str, ...]:
    towns = [c for c in knowledge.communes() if c.population >= 5000 and c.kind == "commune"]
    return tuple(_slug(c.name) for c in towns)


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", strip_accents(text).lower()).strip("-")


def fake_domain(rng: np.random.Generator, tld: str = "fr", avoid: str = "") -> str:
    """A plausible fictitious domain such as ``cabinet-medical-vierzon.fr``."""
    towns = _town_slugs()
    for _ in range(20):
        prefix = DOMAIN_PREFIXES[int(rng.integers(len(DOMAIN_PREFIXES)))]
        town = towns[int(rng.integers(len(towns)))]
        domain = f"{prefix}-{town}.{tld}"
        if domain != avoid.lower():
            return domain
    raise ValueError("no domain")


def _tld(domain: str) -> str:
    labels = domain.lower().split(".")
    if len(labels) >= 3 and labels[-2] in ("gouv", "asso", "co", "com"):
        return ".".join(labels[-2:])
    return labels[-1] if len(labels) > 1 else "fr"


def _domain_surrogate(domain: str, context: SubstitutionContext) -> str:
    if domain.lower() in GENERIC_EMAIL_DOMAINS:
        return domain
    new, _ = context.memoized(
        "domain", domain.lower(), lambda: fake_domain(context.rng, _tld(domain), domain)
    )
    return new.upper() if domain.isupper() else new


# --------------------------------------------------------------------------- e-mail


def _ascii_lower(text: str) -> str:
    return re.sub(r"[^a-z0-9\-]", "", strip_accents(text).lower().replace(" ", "-"))


def _token_role(token: str, context: SubstitutionContext) -> str | None:
    key = normalize_key(token)
    if not key:
        return None
    meta = context.meta
    if (LAST_NS, key) in context.memo or key == normalize_key(meta.patient_last_name or ""):
        return "last"
    if (FIRST_NS, key) in context.memo or key == normalize_key(meta.patient_first_name or ""):
        return "first"
    if len(key) == 1 and key.isalpha():
        return "initial"
    if knowledge.is_common_word(key) and not knowledge.is_surname(key):
        return "word"
    first = knowledge.first_names().get(key)
    last = knowledge.surnames().get(key)
    if first is not None and (last is None or first.count > 20 * last.count):
        return "first"
    if last is not None:
        return "last"
    if first is not None:
        return "first"
    return None


def _random_local(rng: np.random.Generator, context: SubstitutionContext) -> str:
    from clindeid.substitute.names import _first_name_pool, _surname_pool

    sex = "MF"[int(rng.integers(0, 2))]
    first = _first_name_pool(sex).draw(rng, "") or "claude"
    last = _surname_pool().draw(rng, "") or "martin"
    return f"{_ascii_lower(first)}.{_ascii_lower(last)}"


@dataclass(frozen=True)
class EmailStrategy:
    """E-mail addresses built from the person surrogates (see the module docstring)."""

    name: str = "email"

    def substitute(self, entity: Entity, original: str, context: SubstitutionContext) -> Surrogate:
        local, sep, domain = original.rpartition("@")
        if not sep or not local or not domain:
            raise ValueError("not an e-mail address")
        new_local, _ = context.memoized(
            "email.local", local.lower(), lambda: self._local(local, context)
        )
        if local.isupper():
            new_local = new_local.upper()
        return Surrogate(f"{new_local}@{_domain_surrogate(domain, context)}", self.name)

    def _local(self, local: str, context: SubstitutionContext) -> str:
        pieces = re.split(r"([._+])", local)
        out: list[str] = []
        named = False
        for piece in pieces:
            if not piece or piece in "._+":
                out.append(piece)
                continue
            m = re.fullmatch(r"([^\W\d_](?:[^\W\d_\-]|-(?=[^\W\d_]))*)(\d*)", piece)
            if m is None:
                out.append(_random_digits_like(piece, context.rng))
                continue
            word, digits = m.groups()
            role = _token_role(word, context)
            if role is None and len(word) > 3 and _token_role(word[1:], context) == "last":
                initial = self._initial(word[0], context)
                new = initial + _ascii_lower(surrogate_surname(context, word[1:]))
                named = True
            elif role == "first":
                new = _ascii_lower(surrogate_first_name(context, word))
                named = True
            elif role == "last":
                new = _ascii_lower(surrogate_surname(context, word))
                named = True
            elif role == "initial":
                new = self._initial(word, context)
                named = True
            elif role == "word":
                new = word.lower()
            else:
                new = None
            if new is None:
                return _random_local(context.rng, context)
            out.append(new + _random_digits_like(digits, context.rng))
        result = "".join(out)
        if not named or result.lower() == local.lower():
            return _random_local(context.rng, context)
        return result

    @staticmethod
    def _initial(letter: str, context: SubstitutionContext) -> str:
        from clindeid.substitute.names import _initial_for

        return _initial_for(context, INITIAL_FIRST_NS, letter)


def _random_digits_like(text: str, rng: np.random.Generator) -> str:
    return "".join(str(int(rng.integers(0, 10))) if c.isdigit() else c for c in text)


# --------------------------------------------------------------------------- URL

_URL = re.compile(r"^(?P<scheme>[a-z][a-z0-9+.\-]*://)?(?P<www>www\d?\.)?(?P<host>[^/?#:]+)"
                  r"(?P<port>:\d+)?(?P<rest>.*)$", re.IGNORECASE)  # fmt: skip


_EXTENSION = re.compile(r"\.(?:html?|php|aspx?|jsp|pdf)$", re.IGNORECASE)


def _class_preserving(text: str, rng: np.random.Generator) -> str:
    out = []
    for ch in text:
        if ch.isdigit():
            out.append(str(int(rng.integers(0, 10))))
        elif ch.isalpha() and ch.isascii():
            letter = string.ascii_lowercase[int(rng.integers(26))]
            out.append(letter.upper() if ch.isupper() else letter)
        elif ch.isalpha():
            out.append("e")
        else:
            out.append(ch)
    return "".join(out)


@dataclass(frozen=True)
class UrlStrategy:
    """Fake URLs keeping the scheme, ``www.``, top-level domain and path shape."""

    name: str = "url"

    def substitute(self, entity: Entity, original: str, context: SubstitutionContext) -> Surrogate:
        m = _URL.match(original)
        if m is None or "." not in m.group("host"):
            raise ValueError("not a URL")
        rng = context.rng
        host = m.group("host")
        new_host, _ = context.memoized(
            "domain", host.lower(), lambda: fake_domain(context.rng, _tld(host), host)
        )
        rest = m.group("rest")
        ext = _EXTENSION.search(rest)
        tail = ext.group(0) if ext else ""
        rest = _class_preserving(rest[: len(rest) - len(tail)], rng) + tail
        text = f"{m.group('scheme') or ''}{m.group('www') or ''}{new_host}{rest}"
        return Surrogate(text, self.name)
