"""PERSON surrogates: names drawn from the INSEE frequency tables, shape and person kept.

The original is cut into units (whitespace-separated): civilities (kept; ``M.``/``Mme`` also
give the sex), nobiliary particles (kept, elided as needed: ``d'`` before a vowel), initials
(``J.``, ``J.-P.``, ``P.E.``: each letter replaced, punctuation kept) and name words
(``Jean-Pierre``, ``DUPONT``). Name words are sorted into first names and surnames (entity
attribute ``part``; upper-case words are surnames in mixed-case text; words after a particle
are surnames; else the order ``Prénom NOM`` / ``NOM Prénom`` that the frequency tables make
most likely), then each is replaced keeping its casing (UPPER / Title / lower).

Consistency: the context memo holds one map per kind — normalised surname → surrogate
surname, normalised first name → surrogate first name, first letter → surrogate first letter
— so ``Jean DUPONT``, ``DUPONT``, ``Dupont``, ``J. Dupont`` and ``Jean`` all agree, across
one document or one patient context. A first name's surrogate has the sex of the original
(attribute ``sex`` or a civility first, then the name tables, then the patient's metadata)
and, when the birth year is known (``meta.birth_date`` for the patient), is drawn among the
names given around that year. A surrogate never equals the original.
"""

from __future__ import annotations

import math
import re
from bisect import bisect_right
from dataclasses import dataclass
from functools import cache, lru_cache

import numpy as np

from clindeid import knowledge
from clindeid.document import Entity
from clindeid.knowledge import normalize_key
from clindeid.substitute.base import Surrogate
from clindeid.substitute.context import SubstitutionContext

__all__ = [
    "FIRST_NS",
    "INITIAL_FIRST_NS",
    "INITIAL_LAST_NS",
    "LAST_NS",
    "PersonStrategy",
    "apply_case",
    "patient_surrogate_name",
    "surrogate_first_name",
    "surrogate_surname",
]

# Memo namespaces (shared with the e-mail strategy).
FIRST_NS = "person.first"  # normalised first name → (surrogate display, sex)
LAST_NS = "person.last"  # normalised surname → surrogate display
INITIAL_FIRST_NS = "person.initial.first"  # original initial → surrogate initial
INITIAL_LAST_NS = "person.initial.last"

CIVILITIES: dict[str, str | None] = {
    "m": "M", "mr": "M", "monsieur": "M", "mme": "F", "madame": "F", "mlle": "F",
    "mademoiselle": "F", "dr": None, "docteur": None, "pr": None, "professeur": None,
    "me": None, "maitre": None,
}  # fmt: skip
PARTICLES = frozenset({"de", "du", "des", "van", "von", "der", "den", "di", "da", "del", "dos"})
_ELIDED = re.compile(r"^([dD])['’](?=\w)")
_WORD = re.compile(r"^[^\W\d_]+(?:['’\-][^\W\d_]+)*$")
_INITIALS = re.compile(r"^(?:[^\W\d_](?:\.-?|-|$))+$")
_CLEAN_NAME = re.compile(r"^[A-Za-zÀ-ÖØ-öø-ÿ]{2,}(?:-[A-Za-zÀ-ÖØ-öø-ÿ]{2,})?$")
_VOWELS = frozenset("aeiouyhàâäéèêëîïôöûüœ")

MIN_SURNAME_COUNT = 300  # births: keep surrogates plausible
MIN_FIRST_NAME_COUNT = 500


# --------------------------------------------------------------------------- tables


@dataclass(frozen=True)
class _Pool:
    """Names with sampling weights."""

    names: tuple[str, ...]
    keys: tuple[str, ...]
    weights: np.ndarray

    @property
    def _cdf(self) -> np.ndarray:
        cached = self.__dict__.get("_cumulative")
        if cached is None:
            cached = np.cumsum(self.weights)
            object.__setattr__(self, "_cumulative", cached)
        return cached

    @property
    def _cdf_list(self) -> tuple[list[float], list[float]]:
        """The cumulative and plain weights as Python floats (the same float64 values):
        ``bisect_right`` on them gives ``np.searchsorted(..., side="right")``'s index at a
        fraction of the call cost."""
        cached = self.__dict__.get("_cumulative_list")
        if cached is None:
            cached = (self._cdf.tolist(), self.weights.tolist())
            object.__setattr__(self, "_cumulative_list", cached)
        return cached

    def _acceptable(
        self, i: int, avoid: str, initials: tuple[str, ...] | None, parts: int | None
    ) -> bool:
        key = self.keys[i]
        if key == avoid or (initials is None and avoid and key[:1] == avoid[0]):
            return False
        if initials is None and parts is None:
            return True
        words = key.split(" ")
        if parts is not None and len(words) != parts:
            return False
        return initials is None or (
            len(words) == len(initials)
            and all(w[0] == c for w, c in zip(words, initials, strict=False))
        )

    def draw(
        self,
        rng: np.random.Generator,
        avoid: str,
        initials: tuple[str, ...] | None = None,
        parts: int | None = None,
    ) -> str | None:
        """A name drawn by weight among the acceptable ones: never the original, nor its
        initial (initials must change too), with the asked initials or word count.

        Rejection sampling from the whole table gives exactly the conditional distribution
        and costs O(log n) per try; a full scan is the fallback for rare constraints."""
        cdf, weights = self._cdf_list
        if not cdf or cdf[-1] <= 0:
            return None
        if initials is None and parts is None:  # only the original (and its initial) excluded
            total, last = cdf[-1], len(cdf) - 1
            keys = self.keys
            random = rng.random
            for _ in range(64):
                i = min(bisect_right(cdf, random() * total), last)
                if weights[i] > 0:
                    key = keys[i]  # _acceptable(i, avoid, None, None), inlined
                    if key != avoid and not (avoid and key[:1] == avoid[0]):
                        return self.names[i]
        subset, sub_cdf = self._subset(initials, parts)
        if not sub_cdf or sub_cdf[-1] <= 0:
            return None
        # every index of the subset meets the shape constraints: _acceptable reduces to
        # excluding the original (and its initial when no initials are asked)
        sub_total, sub_last = sub_cdf[-1], len(subset) - 1
        keys = self.keys
        check_initial = initials is None and bool(avoid)
        for _ in range(64):
            i = subset[min(bisect_right(sub_cdf, rng.random() * sub_total), sub_last)]
            key = keys[i]
            if key != avoid and not (check_initial and key[:1] == avoid[0]):
                return self.names[i]
        return None

    def _subset(
        self, initials: tuple[str, ...] | None, parts: int | None
    ) -> tuple[list[int], list[float]]:
        """Indices (and their cumulative weights, as Python floats) that satisfy the shape
        constraints; cached per constraint, since the same initials recur across documents."""
        cache: dict = self.__dict__.setdefault("_subsets", {})
        found = cache.get((initials, parts))
        if found is None:
            keep = np.array(self._shape_indices(initials, parts), dtype=np.int64)
            found = (keep.tolist(), np.cumsum(self.weights[keep]).tolist() if keep.size else [])
            if len(cache) < 4096:
                cache[(initials, parts)] = found
        return found

    def _shape_indices(self, initials: tuple[str, ...] | None, parts: int | None) -> list[int]:
        """The indices ``i`` (ascending) with ``_acceptable(i, "", initials, parts)``, from an
        index by word count and by initials built once (a scan of the table per new
        constraint was most of the substitution time of a fresh process)."""
        index = self.__dict__.get("_shape_index")
        if index is None:
            nonempty: list[int] = []
            by_parts: dict[int, list[int]] = {}
            by_initials: dict[tuple[str, ...], list[int]] | None = {}
            for i, key in enumerate(self.keys):
                if not key:
                    continue
                words = key.split(" ")
                nonempty.append(i)
                by_parts.setdefault(len(words), []).append(i)
                if by_initials is not None:
                    if all(words):
                        by_initials.setdefault(tuple(w[0] for w in words), []).append(i)
                    else:  # an empty word: only the scan checks it as before
                        by_initials = None
            index = (nonempty, by_parts, by_initials)
            object.__setattr__(self, "_shape_index", index)
        nonempty, by_parts, by_initials = index
        if initials is None:
            return nonempty if parts is None else by_parts.get(parts, [])
        if by_initials is None:
            return [i for i in nonempty if self._acceptable(i, "", initials, parts)]
        if parts is not None and parts != len(initials):
            return []
        return by_initials.get(initials, [])


@cache
def _surname_pool() -> _Pool:
    from clindeid.knowledge._store import read_table  # the surname table is too big to map

    t = read_table("surnames", columns=["key", "display", "count"])
    counts = t.column("count").to_numpy()
    keep = np.flatnonzero(counts >= MIN_SURNAME_COUNT)
    keys = t.column("key").to_pylist()
    display = t.column("display").to_pylist()
    names, ks, ws = [], [], []
    for i in keep:
        name = display[i] or knowledge.display_case(keys[i])
        if _CLEAN_NAME.match(name) and "-" not in name:
            names.append(name)
            ks.append(keys[i])
            ws.append(float(counts[i]))
    return _Pool(tuple(names), tuple(ks), np.array(ws))


@cache
def _surname_total() -> float:
    from clindeid.knowledge._store import read_table

    return float(read_table("surnames", columns=["count"]).column("count").to_numpy().sum())


@cache
def _first_name_pool(sex: str) -> _Pool:
    names, keys, weights = [], [], []
    table = knowledge.first_names()
    for key in table:
        f = table[key]
        w = f.count_m if sex == "M" else f.count_f
        if w >= MIN_FIRST_NAME_COUNT and _CLEAN_NAME.match(f.display):
            names.append(f.display)
            keys.append(key)
            weights.append(float(w))
    return _Pool(tuple(names), tuple(keys), np.array(weights))


@cache
def _first_name_total() -> float:
    table = knowledge.first_names()
    return float(sum(table[k].count for k in table))


@cache
def _initial_letters() -> tuple[tuple[str, ...], np.ndarray]:
    """Initial letters of first names with their frequency."""
    pool_m, pool_f = _first_name_pool("M"), _first_name_pool("F")
    acc: dict[str, float] = {}
    for pool in (pool_m, pool_f):
        for key, w in zip(pool.keys, pool.weights, strict=True):
            acc[key[0]] = acc.get(key[0], 0.0) + float(w)
    letters = tuple(sorted(c for c in acc if "a" <= c <= "z"))
    w = np.array([acc[c] for c in letters])
    return letters, w / w.sum()


# --------------------------------------------------------------------------- casing


@lru_cache(maxsize=1 << 14)
def _style(text: str) -> str:
    letters = [c for c in text if c.isalpha()]
    if not letters:
        return "title"
    if all(c.isupper() for c in letters):
        return "upper" if len(letters) > 1 else "title"
    if all(c.islower() for c in letters):
        return "lower"
    return "title"


def apply_case(surrogate: str, original: str) -> str:
    """Write ``surrogate`` in the casing of ``original`` (UPPER, lower, else as displayed)."""
    style = _style(original)
    if style == "upper":
        return surrogate.upper()
    if style == "lower":
        return surrogate.lower()
    return surrogate


# --------------------------------------------------------------------------- drawing


@lru_cache(maxsize=64)
def _letter_cdf(avoid: str) -> list[float]:
    """Cumulative weights of the initial letters, ``avoid`` excluded (as Python floats: the
    same float64 values, searched with ``bisect_right`` = ``searchsorted(side="right")``)."""
    letters, p = _initial_letters()
    return np.cumsum(np.where(np.array(letters) == avoid, 0.0, p)).tolist()


def _draw_letter(rng: np.random.Generator, avoid: str) -> str:
    letters, _ = _initial_letters()
    cdf = _letter_cdf(avoid)
    return letters[min(bisect_right(cdf, rng.random() * cdf[-1]), len(letters) - 1)]


def _initial_for(context: SubstitutionContext, namespace: str, letter: str) -> str:
    """The surrogate of an initial letter (lower case), consistent within the context."""
    lower = normalize_key(letter)[:1] or letter.lower()
    memo = context.memo
    slot = (namespace, lower)
    if slot in memo:  # what `memoized` returns first, without building the closure
        return memo[slot]
    value, _ = context.memoized(namespace, lower, lambda: _draw_letter(context.rng, lower))
    return value


def _sex_of(key: str, rng: np.random.Generator, hint: str | None, fallback: str | None) -> str:
    if hint in ("M", "F"):
        return hint
    info = knowledge.first_names().get(key)
    if info is not None and info.sex in ("M", "F"):
        return info.sex
    if fallback in ("M", "F"):
        return fallback
    if info is not None and info.count > 0:
        return "M" if rng.random() < info.count_m / info.count else "F"
    return "M" if rng.random() < 0.5 else "F"


def surrogate_first_name(
    context: SubstitutionContext,
    original: str,
    sex: str | None = None,
    birth_year: int | None = None,
    fallback_sex: str | None = None,
) -> str:
    """The surrogate (display form) of first name ``original``, memoised by its normalised
    key; compound names (``Jean-Pierre``) get a compound of as many parts."""
    key = normalize_key(original)
    if not key:
        raise ValueError("empty first name")
    slot = (FIRST_NS, key)
    if slot in context.memo:
        return context.memo[slot][0]
    rng = context.rng_for(FIRST_NS, key)  # keyed contexts: a draw per (patient, name)
    the_sex = _sex_of(key, rng, sex, fallback_sex)
    words = key.split(" ")
    initials: list[str] = []
    for w in words:
        mapped = context.memo.get((INITIAL_FIRST_NS, w[0]))
        if mapped is None and context.keyed:  # order-independent initials across documents
            mapped = _initial_for(context, INITIAL_FIRST_NS, w[0])
        initials.append(mapped if mapped is not None else "")
    constrained = tuple(initials) if all(initials) else None
    name = _draw_first(rng, the_sex, key, len(words), constrained, birth_year)
    if name is None and constrained is not None and len(words) > 1:  # compose, initials kept
        parts = [_draw_first(rng, the_sex, w, 1, (c,), birth_year) for w, c in zip(
            words, constrained, strict=True)]  # fmt: skip
        name = "-".join(parts) if all(parts) else None  # type: ignore[arg-type]
    if name is None:
        name = _draw_first(rng, the_sex, key, len(words), None, birth_year)
    if name is None:  # compose from single names
        parts = [_draw_first(rng, the_sex, w, 1, None, birth_year) or "Claude" for w in words]
        name = "-".join(parts)
    context.memo[slot] = (name, the_sex)
    for w, s in zip(words, normalize_key(name).split(" "), strict=False):
        context.memo.setdefault((INITIAL_FIRST_NS, w[0]), s[0])
    return name


def _draw_first(
    rng: np.random.Generator,
    sex: str,
    avoid: str,
    parts: int,
    initials: tuple[str, ...] | None,
    birth_year: int | None,
) -> str | None:
    if birth_year is not None:
        found = _period_pool(sex, birth_year).draw(rng, avoid, initials, parts)
        if found is not None and _CLEAN_NAME.match(found):
            return found
    return _first_name_pool(sex).draw(rng, avoid, initials, parts)


@lru_cache(maxsize=1024)
def _period_pool(sex: str, birth_year: int) -> _Pool:
    """The first names given to ``sex`` around ``birth_year``, as a pool (the distribution
    is a pure function of its arguments: built once, its cumulative weights too)."""
    names, p = knowledge.first_names_by_period().distribution(sex, birth_year)
    keys = tuple(normalize_key(n) for n in names)
    return _Pool(tuple(names), keys, np.asarray(p, dtype=np.float64))


def surrogate_surname(context: SubstitutionContext, original: str) -> str:
    """The surrogate (display form) of surname ``original`` (particles excluded), memoised
    by its normalised key; hyphenated surnames map part by part."""
    key = normalize_key(original)
    if not key:
        raise ValueError("empty surname")
    if "-" in original.strip("-"):
        pieces = [p for p in original.split("-") if p]
        return "-".join(surrogate_surname(context, p) for p in pieces)
    slot = (LAST_NS, key)
    if slot in context.memo:  # what `memoized` returns first, without building the closure
        return context.memo[slot]

    def make() -> str:
        mapped = context.memo.get((INITIAL_LAST_NS, key[0]))
        if mapped is None and context.keyed:  # order-independent initials across documents
            mapped = _initial_for(context, INITIAL_LAST_NS, key[0])
        pool = _surname_pool()
        name = pool.draw(context.rng, key, (mapped,) if mapped else None)
        if name is None:
            name = pool.draw(context.rng, key)
        if name is None:
            raise LookupError("no surname available")
        return name

    value, new = context.memoized(LAST_NS, key, make)
    if new:
        context.memo.setdefault((INITIAL_LAST_NS, key[0]), normalize_key(value)[0])
    return value


def patient_surrogate_name(context: SubstitutionContext) -> tuple[str | None, str | None]:
    """Surrogate (first name, surname) for the patient's metadata name, the same as the one
    its mentions in the text get (memoised)."""
    meta = context.meta
    year = meta.birth_date.year if meta.birth_date else None
    first = (
        surrogate_first_name(context, meta.patient_first_name, meta.sex, year)
        if meta.patient_first_name
        else None
    )
    last = surrogate_surname(context, meta.patient_last_name) if meta.patient_last_name else None
    return first, last


# --------------------------------------------------------------------------- parsing


@dataclass(slots=True)
class _Unit:
    text: str
    kind: str  # 'space', 'civility', 'particle', 'initials', 'word', 'other'
    role: str = ""  # for words: 'first' or 'last'


_SPLIT = re.compile(r"(\s+|,)")


_ARTICLES = frozenset({"le", "la", "les"})


def _merge_articles(units: list[_Unit]) -> list[_Unit]:
    """``La Fontaine``, ``Le Gall``: a capitalised article and its word are one surname."""
    out: list[_Unit] = []
    i = 0
    while i < len(units):
        u = units[i]
        if (
            u.kind == "word"
            and u.text.lower() in _ARTICLES
            and u.text[0].isupper()
            and i + 2 < len(units)
            and units[i + 1].text == " "
            and units[i + 2].kind == "word"
        ):
            out.append(_Unit(u.text + " " + units[i + 2].text, "word", "last"))
            i += 3
            continue
        out.append(u)
        i += 1
    return out


def _units(original: str) -> list[_Unit]:
    return [_Unit(t, k, r) for t, k, r in _parsed_units(original)]


@lru_cache(maxsize=1 << 14)
def _parsed_units(original: str) -> tuple[tuple[str, str, str], ...]:
    """The units of ``original`` as (text, kind, role), parsed once per distinct span."""
    return tuple((u.text, u.kind, u.role) for u in _merge_articles(_raw_units(original)))


def _raw_units(original: str) -> list[_Unit]:
    out: list[_Unit] = []
    for piece in _SPLIT.split(original):
        if not piece:
            continue
        if piece.isspace() or piece == ",":
            out.append(_Unit(piece, "space"))
            continue
        bare = piece.rstrip(".").lower()
        if bare in CIVILITIES and (piece.endswith(".") or len(bare) > 1):
            out.append(_Unit(piece, "civility"))
        elif piece.lower() in PARTICLES:
            out.append(_Unit(piece, "particle"))
        elif (m := _ELIDED.match(piece)) and _WORD.match(piece[m.end() :]):
            out.append(_Unit(piece[: m.end()], "particle"))
            out.append(_Unit(piece[m.end() :], "word"))
        elif _INITIALS.match(piece) and (len(piece) == 1 or not piece.isalpha()):
            out.append(_Unit(piece, "initials"))
        elif _WORD.match(piece):
            out.append(_Unit(piece, "word"))
        else:
            out.append(_Unit(piece, "other"))
    return out


@lru_cache(maxsize=1 << 14)
def _first_score(word: str) -> float:
    """log(P(first name) / P(surname)) from the tables' relative frequencies."""
    f = knowledge.first_names().get(word)
    s = knowledge.surnames().get(word)
    pf = (f.count / _first_name_total()) if f else 0.0
    ps = (s.count / _surname_total()) if s else 0.0
    return math.log(pf + 1e-9) - math.log(ps + 1e-9)


def _assign_roles(units: list[_Unit], part: str | None, context: SubstitutionContext) -> None:
    words = [u for u in units if u.kind == "word"]
    if not words:
        return
    if part in ("first", "last"):
        for u in words:
            u.role = part
        return
    meta = context.meta
    memo = context.memo
    meta_first = normalize_key(meta.patient_first_name or "")
    meta_last = normalize_key(meta.patient_last_name or "")
    after_particle = False
    undecided: list[_Unit] = []
    has_initials = any(u.kind == "initials" for u in units)
    upper = [_style(u.text) == "upper" for u in words]
    mixed = not all(upper) and any(upper)
    for u in units:
        kind = u.kind
        if kind == "particle":
            after_particle = True
            continue
        if kind != "word":
            if kind != "space":
                after_particle = False
            continue
        if u.role:
            continue
        key = normalize_key(u.text)
        surname_like = after_particle or (mixed and _style(u.text) == "upper") or has_initials
        if surname_like or key == meta_last or (LAST_NS, key) in memo:
            u.role = "last"
        elif mixed or key == meta_first or (FIRST_NS, key) in memo:
            u.role = "first"
        else:
            undecided.append(u)
    if not undecided:
        return
    if len(words) == 1:
        words[0].role = "first" if _first_score(words[0].text) > 2.0 else "last"
        return
    scores = [_first_score(u.text) for u in words]
    fixed = [u.role for u in words]
    best: tuple[float, list[str]] | None = None
    n = len(words)
    for order in ("first_last", "last_first"):
        for k in range(1, n):
            roles = (
                (["first"] * k + ["last"] * (n - k))
                if order == "first_last"
                else (["last"] * k + ["first"] * (n - k))
            )
            if any(f and f != r for f, r in zip(fixed, roles, strict=True)):
                continue
            total = sum(s if r == "first" else -s for s, r in zip(scores, roles, strict=True))
            total += 0.5 if order == "first_last" else 0.0  # French prose default
            if best is None or total > best[0]:
                best = (total, roles)
    if best is None:
        for u in undecided:
            u.role = "first" if _first_score(u.text) > 0 else "last"
        return
    for u, r in zip(words, best[1], strict=True):
        u.role = r


def _elide_before(units: list[_Unit], pieces: list[str], i: int) -> None:
    """Adjust a particle before word ``i``: ``de`` ↔ ``d'`` by the new word's first letter."""
    j = i - 1
    if j >= 0 and units[j].kind == "space" and units[j].text == " ":
        j -= 1
    if j < 0 or units[j].kind != "particle":
        return
    particle, following = units[j].text, pieces[i]
    low = particle.lower()
    starts_vowel = bool(following) and following[0].lower() in _VOWELS
    if low in ("d'", "d’") and not starts_vowel:
        pieces[j] = ("D" if particle[0].isupper() else "d") + "e "
    elif low == "de" and starts_vowel:
        pieces[j] = particle[0] + "'"
        if j == i - 2:
            pieces[i - 1] = ""


# --------------------------------------------------------------------------- strategy


@dataclass(frozen=True)
class PersonStrategy:
    """Realistic PERSON surrogates (see the module docstring)."""

    name: str = "person"

    def substitute(self, entity: Entity, original: str, context: SubstitutionContext) -> Surrogate:
        attrs = entity.attributes
        units = _units(original)
        kinds = {u.kind for u in units}
        if "word" not in kinds and "initials" not in kinds:
            raise ValueError("no name in the span")
        if "other" in kinds:
            raise ValueError("unparsable name")
        part = attrs.get("part")
        if part == "initials":
            for u in units:
                if u.kind == "word" and len(u.text) <= 4 and u.text.isupper():
                    u.kind = "initials"
        _assign_roles(units, part if isinstance(part, str) else None, context)
        sex_hint = attrs.get("sex")
        for u in units:
            if u.kind == "civility" and sex_hint is None:
                sex_hint = CIVILITIES[u.text.rstrip(".").lower()]
        meta = context.meta
        patient = attrs.get("role") == "patient" or self._is_patient(units, context)
        fallback_sex = meta.sex if patient else None
        year = meta.birth_date.year if (patient and meta.birth_date) else None
        if year is None and isinstance(attrs.get("birth_year"), int):
            year = attrs["birth_year"]
        if patient and meta.patient_first_name:  # the metadata name first: same surrogate
            surrogate_first_name(context, meta.patient_first_name, meta.sex, year)

        pieces: list[str] = []
        for i, u in enumerate(units):
            if u.kind in ("space", "civility"):
                pieces.append(u.text)
            elif u.kind == "particle":
                pieces.append(u.text)  # elided below once the next word is known
            elif u.kind == "initials":
                pieces.append(self._initials(u.text, part == "initials", context))
            elif u.role == "first":
                name = surrogate_first_name(context, u.text, sex_hint, year, fallback_sex)
                pieces.append(apply_case(name, u.text))
            else:
                pieces.append(apply_case(surrogate_surname(context, u.text), u.text))
            if u.kind == "word":
                _elide_before(units, pieces, i)
        text = "".join(pieces)
        return Surrogate(text, self.name)

    @staticmethod
    def _is_patient(units: list[_Unit], context: SubstitutionContext) -> bool:
        meta = context.meta
        first, last = meta.patient_first_name, meta.patient_last_name
        if not first and not last:  # no patient name: never the patient
            return False
        keys = {normalize_key(u.text) for u in units if u.kind == "word"}
        names = {normalize_key(n) for n in (first, last) if n}
        return bool(keys) and bool(names) and keys <= names

    @staticmethod
    def _initials(text: str, whole_name: bool, context: SubstitutionContext) -> str:
        """New letters, punctuation kept. For a whole-name initials form (``J.D.``, ``JD``)
        the last letter is the surname's; otherwise all are first-name initials."""
        out = []
        letters = [i for i, ch in enumerate(text) if ch.isalpha()]
        for i, ch in enumerate(text):
            if ch.isalpha():
                last = whole_name and len(letters) > 1 and i == letters[-1]
                namespace = INITIAL_LAST_NS if last else INITIAL_FIRST_NS
                new = _initial_for(context, namespace, ch)
                out.append(new.upper() if ch.isupper() else new)
            else:
                out.append(ch)
        return "".join(out)
