"""HOSPITAL and ORG surrogates.

HOSPITAL (``hospital``): the original's category is read from its words (``CHU`` → CHU,
``clinique`` → CLINIQUE, ``centre hospitalier``/``hôpital`` → CH, ``CHS``/``EPSM`` → CHS…).

- ``<type> de <commune>`` (``CHU de Dijon``, ``Centre hospitalier d'Auxerre``): the commune is
  a place like any other, so it goes through the CITY mechanism (same memo and budget key
  ``("CITY", insee)`` as the commune's own mentions: a document's ``Dijon`` and ``CHU de
  Dijon`` become ``Besançon`` and ``CHU de Besançon``). The written type is kept and the
  commune becomes that of an establishment of the same category in the surrogate commune,
  else the nearest one (a CHU stays in a CHU town). When the mechanism released the true
  commune the text is kept (``keeps_original``, see :mod:`clindeid.substitute.places`).
  A name of its own between the type words and the commune (``CH Jacques Cœur de Bourges``,
  ``EHPAD Les Vignes de Clamecy``) is replaced like an ORG body (``CH Morel de Vierzon``);
  without type words in front, the establishment is drawn from the table (see below), in
  the surrogate commune when it has one.
- Any other name: an establishment of the same category from the FINESS table (a commune
  already substituted in the document and named in the original is preferred), written in
  the original's casing.

ORG (``org``): a name with a recognised organisation type (``EHPAD``, ``Association``,
``Société``, ``Cabinet``, ``Laboratoire``, ``Pharmacie``, ``Mairie de``…) keeps its type word
and gets a fictitious body (a surname, or a commune through the memo for ``… de <commune>``);
anything else is masked (fail closed): a random company name could change the meaning of
the sentence (an employer, a school, an insurer), a tag does not.
"""

from __future__ import annotations

import math
import re
from collections.abc import Hashable
from dataclasses import dataclass, field
from functools import cache, lru_cache

import numpy as np

from clindeid import knowledge
from clindeid.document import Entity
from clindeid.knowledge import Commune, Hospital, normalize_key
from clindeid.substitute.base import Surrogate
from clindeid.substitute.context import SubstitutionContext
from clindeid.substitute.names import apply_case, surrogate_surname
from clindeid.substitute.places import PLACE_NS, CityExponentialStrategy, style_place

__all__ = ["CATEGORY_PATTERNS", "HospitalStrategy", "OrgStrategy", "hospital_category"]

# (pattern on the normalised name, category), first match wins.
CATEGORY_PATTERNS: tuple[tuple[str, str], ...] = (
    (r"\b(chu|chru|centre hospitalier (regional )?universitaire|hopitaux? universitaires?"
     r"|ap hp|ap hm|hcl|hospices civils)\b", "CHU"),
    (r"\b(chr|centre hospitalier regional)\b", "CHR"),
    (r"\b(chs|epsm|centre hospitalier specialise|psychiatrique)\b", "CHS"),
    (r"\b(had|hospitalisation a domicile)\b", "HAD"),
    (r"\b(hia|hopital d instruction des armees)\b", "HIA"),
    (r"\b(clinique|polyclinique)\b", "CLINIQUE"),
    (r"\b(ch|chi|centre hospitalier|hopital|hopitaux)\b", "CH"),
)  # fmt: skip
_COMPILED = tuple((re.compile(p), c) for p, c in CATEGORY_PATTERNS)
_PLAUSIBLE = re.compile(r"^(CHU|CHRU|CHR|CH|CHS|CHI|CENTRE HOSPITALIER|HOPITAL|HÔPITAL|"
                        r"CLINIQUE|POLYCLINIQUE|EPSM|HAD|HIA)\b")  # fmt: skip
# "<type> de <commune>": the type words, the particle, the commune.
_TYPE_OF_CITY = re.compile(
    r"^(?P<type>.+?)\s+(?P<part>de la |de l'|de l’|du |de |d'|d’)(?P<city>.+)$",
    re.IGNORECASE,
)
# The type words that open a facility's or body's name; what follows them before "de
# <commune>" is the establishment's own name ("CH | Jacques Cœur | de Bourges").
_TYPE_WORDS = re.compile(
    r"^(?:(?:centre|groupe|p[ôo]le)[ \t]+hospitalier(?:[ \t]+(?:r[ée]gional|universitaire|"
    r"intercommunal|sp[ée]cialis[ée]|priv[ée]))*|centre[ \t]+de[ \t]+sant[ée]|"
    r"maison[ \t]+de[ \t]+sant[ée](?:[ \t]+pluriprofessionnelle)?|"
    r"ch[ruis]{0,2}|h[ôo]pital|h[ôo]pitaux|(?:poly)?clinique|epsm|had|ehpad|smr|ssr|"
    r"laboratoire|labo|pharmacie|cabinet(?:[ \t]+(?:m[ée]dical|infirmier|dentaire))?|"
    r"centre|maison|r[ée]sidence|lyc[ée]e|coll[èe]ge|[ée]cole|association|mairie|cpam|caf|"
    r"mdph|institut|fondation|foyer|ime|esat|ssiad|soci[ée]t[ée]|entreprise)(?![\w'’-])",
    re.IGNORECASE,
)
# The type words written for a category when the original has none in front of its name.
_CATEGORY_WORDS = {
    "CHU": "CHU", "CHR": "CHR", "CHS": "EPSM", "HAD": "HAD", "HIA": "HIA",
    "CLINIQUE": "Clinique", "CH": "CH",
}  # fmt: skip
# A territory before the commune is no name of its own: "CH des Pays de Morlaix".
_TERRITORY_WORD = re.compile(
    r"(?:(?:du|des|de[ \t]+la|de[ \t]+l['’]|le|la|les)[ \t]*)?(?:pays|val|vall[ée]es?|portes|"
    r"bassin|c[ôo]tes?|canton|agglom[ée]ration|territoire|hauts?|marches|plaine|monts|site)",
    re.IGNORECASE,
)
# A site named after the establishment's own name: "Laboratoire Bio37 – site de Chinon".
_SITE_TAIL = re.compile(r"[ \t]*[–-][ \t]*site$", re.IGNORECASE)
_SMALL_WORDS = frozenset(
    {"de", "du", "des", "la", "le", "les", "et", "sur", "en", "sous", "l", "d"}
)


@lru_cache(maxsize=1 << 12)
def hospital_category(name: str) -> str | None:
    """The FINESS category a hospital name suggests (``None`` if none)."""
    key = normalize_key(name)
    for pattern, category in _COMPILED:
        if pattern.search(key):
            return category
    return None


@cache
def _pool(category: str) -> tuple[Hospital, ...]:
    return tuple(
        h for h in knowledge.hospitals()
        if h.category == category and _PLAUSIBLE.match(h.short_name) and h.insee
    )  # fmt: skip


def _french_title(text: str) -> str:
    """``CENTRE HOSPITALIER DE BEAUNE`` → ``Centre Hospitalier de Beaune``."""
    words = re.split(r"(\s+|-|')", text.lower())
    out = []
    for i, w in enumerate(words):
        if w and w.isalpha() and (i == 0 or w not in _SMALL_WORDS):
            w = w[0].upper() + w[1:]
        out.append(w)
    title = "".join(out)
    return re.sub(
        r"\b(Chu|Chru|Chr|Ch|Chs|Chi|Had|Hia|Epsm)\b", lambda m: m.group(1).upper(), title
    )


@lru_cache(maxsize=1 << 12)
def _write_like(name: str, original: str) -> str:
    letters = [c for c in original if c.isalpha()]
    if letters and all(c.isupper() for c in letters):
        return name.upper()
    if letters and all(c.islower() for c in letters):
        return name.lower()
    return _french_title(name)


@lru_cache(maxsize=1 << 12)
def _city_in(original: str) -> tuple[re.Match[str], Commune] | None:
    """The ``<type> de <commune>`` reading of ``original`` (cached: a pure function of the
    text and the static tables; the match is only read)."""
    m = _TYPE_OF_CITY.match(original.strip())
    if m is None or (hospital_category(m.group("type")) is None and not _is_org_type(m)):
        return None
    found = knowledge.communes_by_name(m.group("city"))
    if not found:
        return None
    c = found[0]
    if c.kind == "arrondissement" and c.parent:
        c = knowledge.commune_by_insee(c.parent) or c
    return m, c


def _is_org_type(m: re.Match[str]) -> bool:
    return bool(_ORG_TYPE.match(m.group("type")))


@cache
def _pool_coordinates(pool: tuple[Hospital, ...]) -> tuple[tuple[Hospital, ...], np.ndarray]:
    """The pool's hospitals that have a located commune, and their (lat, lon)."""
    kept, coords = [], []
    for h in pool:
        c = knowledge.commune_by_insee(h.insee)
        if c is not None and not math.isnan(c.lat):
            kept.append(h)
            coords.append((c.lat, c.lon))
    return tuple(kept), np.array(coords, dtype=float).reshape(-1, 2)


def _nearest(pool: tuple[Hospital, ...], commune: Commune) -> Hospital | None:
    kept, coords = _pool_coordinates(pool)
    if not kept:
        return None
    d = knowledge.haversine_km(commune.lat, commune.lon, coords[:, 0], coords[:, 1])
    return kept[int(np.argmin(d))]


@dataclass(frozen=True)
class _NamesACity:
    """A name that may contain a commune ("CHU de Dijon", "Mairie de Beaune"): the commune is
    released by the city mechanism, with the same memo and budget key as the commune itself."""

    city: CityExponentialStrategy = field(default_factory=CityExponentialStrategy)

    def budget_key(
        self, entity: Entity, original: str, context: SubstitutionContext | None = None
    ) -> Hashable | None:
        found = _city_in(original)
        return ("CITY", found[1].insee) if found else None


@dataclass(frozen=True)
class HospitalStrategy(_NamesACity):
    """Hospitals of the same category, following the surrogate commune."""

    name: str = "hospital"

    def substitute(self, entity: Entity, original: str, context: SubstitutionContext) -> Surrogate:
        category = hospital_category(original) or "CH"
        pool = _pool(category) or _pool("CH")
        found = _city_in(original)
        if found is not None:
            m, commune = found
            new, eps = self.city.release(context, commune.insee)
            type_text = _type_words(m.group("type"), context)
            if type_text is None:  # no type words in front: the category's, and a body
                type_text = f"{_CATEGORY_WORDS[category]} {_org_body(m.group('type'), context)}"
            if new == commune.insee:
                return _true_commune(self.name, original, m, type_text, eps)
            target = knowledge.commune_by_insee(new)
            if target is None:
                raise LookupError("surrogate commune missing")
            host: Commune | None = target
            if category in ("CHU", "CHR") and not any(h.insee == new for h in pool):
                others = tuple(h for h in pool if h.insee != commune.insee)
                near = _nearest(others, target)
                host = knowledge.commune_by_insee(near.insee) if near else target
            host = host or target
            city_text = style_place(host.name, m.group("city"))
            text = f"{type_text} {_particle(m.group('part'), city_text)}"
            return Surrogate(text, self.name, epsilon=eps)
        chosen, _ = context.memoized(
            "hospital", normalize_key(original), lambda: self._pick(original, pool, context)
        )
        return Surrogate(_write_like(chosen, original), self.name)

    @staticmethod
    def _pick(original: str, pool: tuple[Hospital, ...], context: SubstitutionContext) -> str:
        key = normalize_key(original)
        preferred: list[Hospital] = []
        for (namespace, orig_insee), value in list(context.memo.items()):
            if namespace != PLACE_NS:
                continue
            c = knowledge.commune_by_insee(str(orig_insee))
            if c is not None and re.search(rf"\b{re.escape(normalize_key(c.name))}\b", key):
                preferred = [h for h in pool if h.insee == value[0]]
        choices = preferred or list(pool)
        for _ in range(50):
            h = choices[int(context.rng.integers(len(choices)))]
            name = h.short_name if len(original) < 25 else h.long_name
            if normalize_key(name) != key:
                return name
        raise LookupError("no other establishment")


def _type_words(type_part: str, context: SubstitutionContext) -> str | None:
    """``type_part`` (what precedes "de <commune>") with its own name replaced: the type
    words alone are kept; a name after them becomes a surname-based body (``CH Jacques Cœur``
    → ``CH Morel``); ``None`` when no type words open it (the name is all its own)."""
    head = _TYPE_WORDS.match(type_part)
    if head is None:
        return None
    own = type_part[head.end() :]
    if not own.strip():
        return type_part
    tail = _SITE_TAIL.search(own)
    if tail is not None:
        own = own[: tail.start()]
    if not own.strip(" \t–-") or _TERRITORY_WORD.fullmatch(own.strip(" \t–-")):
        return type_part
    body = _org_body(own.strip(" \t–-"), context)
    return f"{type_part[: head.end()]} {body}{tail.group() if tail is not None else ''}"


def _true_commune(
    strategy: str, original: str, m: re.Match[str], type_text: str, eps: float
) -> Surrogate:
    """The mechanism released the true commune: a name of type words and the commune is
    kept; a name of its own is still replaced."""
    if type_text == m.group("type"):
        return Surrogate(original, strategy, epsilon=eps, keeps_original=True)
    return Surrogate(f"{type_text} {m.group('part')}{m.group('city')}", strategy, epsilon=eps)


def _particle(particle: str, following: str) -> str:
    """The particle before a new commune name: ``de``/``d'``, ``du Creusot``, ``des Ulis``."""
    low = particle.lower()
    if low not in ("de ", "d'", "d’", "du ", "des "):
        return particle + following
    upper = particle.isupper()
    article = re.match(r"^(Le|Les|LE|LES) (.+)$", following)
    if article:
        word = "du " if article.group(1).lower() == "le" else "des "
        return (word.upper() if upper else word) + article.group(2)
    vowel = following[:1].lower() in set("aeiouyhâéèêîôû")
    word = "d'" if vowel else "de "
    return (word.upper() if upper else word) + following


# --------------------------------------------------------------------------- ORG

ORG_TYPES: tuple[str, ...] = (
    "ehpad", "association", "societe", "sarl", "sas", "sa", "cabinet", "laboratoire",
    "pharmacie", "mairie", "cpam", "mdph", "caf", "ecole", "college", "lycee", "entreprise",
    "fondation", "institut", "centre", "maison", "residence", "foyer", "ime", "esat", "ssiad",
)  # fmt: skip
_ORG_TYPE = re.compile(
    r"^(" + "|".join(ORG_TYPES) + r")\b",
    re.IGNORECASE,
)
_ORG_TYPE_NORMALISED = re.compile(r"^(" + "|".join(ORG_TYPES) + r")\b")


@dataclass(frozen=True)
class OrgStrategy(_NamesACity):
    """Organisations: type word kept, fictitious body; unknown shapes masked."""

    name: str = "org"

    def substitute(self, entity: Entity, original: str, context: SubstitutionContext) -> Surrogate:
        found = _city_in(original)
        if found is not None:
            m, commune = found
            new, eps = self.city.release(context, commune.insee)
            type_text = _type_words(m.group("type"), context)
            if type_text is None:  # no type words in front: the whole name is the body
                type_text = _org_body(m.group("type"), context)
            if new == commune.insee:
                return _true_commune(self.name, original, m, type_text, eps)
            target = knowledge.commune_by_insee(new)
            if target is None:
                raise LookupError("surrogate commune missing")
            city_text = style_place(target.name, m.group("city"))
            text = f"{type_text} {_particle(m.group('part'), city_text)}"
            return Surrogate(text, self.name, epsilon=eps)
        words = original.split(None, 1)
        if len(words) < 2 or not _ORG_TYPE_NORMALISED.match(normalize_key(words[0])):
            raise LookupError("unrecognised organisation")
        body = words[1]
        new_body = _org_body(body, context)
        return Surrogate(f"{words[0]} {new_body}", self.name)


def _org_body(body: str, context: SubstitutionContext) -> str:
    """A surname-based body keeping a leading article (``Les Tilleuls`` → ``Les Martin``)."""
    article = re.match(r"^((?:les|la|le|l'|du|des|de)\s*)", body, re.IGNORECASE)
    prefix = article.group(1) if article else ""
    rest = body[len(prefix) :]
    if not rest.strip():
        raise LookupError("empty organisation name")
    new = surrogate_surname(context, rest)
    return prefix + apply_case(new, rest)
