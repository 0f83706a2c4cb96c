"""First names and surnames (INSEE), with sex, counts and frequency by birth year.

- :func:`first_names` — key → :class:`FirstName` (display form, sex ``'M'``/``'F'``/``'MF'``,
  births 1900–2024, share of all births). ``'MF'`` means the minority sex has at least 10 %
  of the births (``Camille``, ``Dominique``); ``count_m``/``count_f`` give the detail.
- :func:`first_names_by_period` — births per (spelling, sex, year): draw a first name
  consistent with a sex and a birth year (:meth:`FirstNamesByPeriod.sample`).
- :func:`surnames` — key → :class:`Surname` (display form, births 1891–2000). The table keeps
  every name down to the frequency class that takes coverage past 99 % of the births.

Keys are :func:`~clindeid.knowledge.normalize.normalize_key` forms; every lookup accepts any
written form (``"JEAN-PIERRE"``, ``"Jean Pierre"``). Tables are read once, lazily.
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

import numpy as np

from clindeid.knowledge._store import KeyedMapping, read_table
from clindeid.knowledge.normalize import normalize_key

__all__ = [
    "FirstName",
    "FirstNamesByPeriod",
    "Surname",
    "display_case",
    "first_name_sex",
    "first_names",
    "first_names_by_period",
    "is_first_name",
    "is_surname",
    "surname_count",
    "surnames",
]


class FirstName(NamedTuple):
    display: str
    sex: str  # 'M', 'F' or 'MF'
    count: int
    share: float
    count_m: int
    count_f: int


class Surname(NamedTuple):
    display: str
    count: int


def display_case(text: str) -> str:
    """Capitalise each word part: ``"jean pierre"`` → ``"Jean Pierre"``, ``"d'almeida"`` →
    ``"D'Almeida"``."""
    out: list[str] = []
    upper_next = True
    for ch in text.lower():
        out.append(ch.upper() if upper_next else ch)
        upper_next = not ch.isalpha()
    return "".join(out)


@cache
def first_names() -> KeyedMapping[FirstName]:
    """All first names given in France 1900–2024, by normalised key."""
    t = read_table("first_names")
    keys = t.column("key").to_pylist()
    display = t.column("display").to_pylist()
    sex = t.column("sex").to_pylist()
    count = t.column("count").to_pylist()
    share = t.column("share").to_pylist()
    cm = t.column("count_m").to_pylist()
    cf = t.column("count_f").to_pylist()

    def build(i: int) -> FirstName:
        return FirstName(display[i], sex[i], count[i], share[i], cm[i], cf[i])

    return KeyedMapping(dict(zip(keys, range(len(keys)), strict=True)), build)


@cache
def surnames() -> KeyedMapping[Surname]:
    """French surnames with their birth counts, by normalised key."""
    t = read_table("surnames")
    keys = t.column("key").to_pylist()
    display = t.column("display").combine_chunks()  # mostly null: read on access
    count = t.column("count").to_numpy()

    def build(i: int) -> Surname:
        return Surname(display[i].as_py() or display_case(keys[i]), int(count[i]))

    return KeyedMapping(dict(zip(keys, range(len(keys)), strict=True)), build)


def is_first_name(token: str) -> bool:
    """Whether ``token`` (any casing/accents) is a known first name."""
    return token in first_names()


def is_surname(token: str) -> bool:
    """Whether ``token`` (any casing/accents) is a known surname."""
    return token in surnames()


def surname_count(token: str) -> int:
    """Births carrying surname ``token`` (0 when unknown)."""
    s = surnames().get(token)
    return 0 if s is None else s.count


def first_name_sex(token: str) -> str | None:
    """``'M'``, ``'F'`` or ``'MF'`` for a known first name, else ``None``."""
    f = first_names().get(token)
    return None if f is None else f.sex


class FirstNamesByPeriod:
    """Births per first-name spelling, sex and birth year (1900–2024), as numpy arrays.

    ``names[name_id[i]]`` was given ``count[i]`` times to babies of ``sex[i]`` born in
    ``year[i]``. Rows are sorted by (sex, year) for fast slicing.
    """

    def __init__(
        self, names: list[str], name_id: np.ndarray, sex: np.ndarray, year: np.ndarray,
        count: np.ndarray,
    ) -> None:  # fmt: skip
        group = sex.astype(np.int64) * 10_000 + year
        order = np.argsort(group, kind="stable")
        self.names = names
        self.name_id = name_id[order]
        self.sex = sex[order]  # 0 = M, 1 = F
        self.year = year[order]
        self.count = count[order]
        self.first_year = int(self.year.min())
        self.last_year = int(self.year.max())
        self._group = group[order]
        self._keys: list[str] | None = None

    @property
    def keys(self) -> list[str]:
        """Normalised key of each entry of :attr:`names`."""
        if self._keys is None:
            self._keys = [normalize_key(n) for n in self.names]
        return self._keys

    def _slice(self, sex_code: int, year: int) -> slice:
        g = sex_code * 10_000 + year
        lo = int(np.searchsorted(self._group, g, side="left"))
        hi = int(np.searchsorted(self._group, g, side="right"))
        return slice(lo, hi)

    def distribution(
        self, sex: str | None, birth_year: int, window: int = 2
    ) -> tuple[list[str], np.ndarray]:
        """Spellings and probabilities for ``sex`` (``'M'``, ``'F'`` or ``None`` for both)
        among births in ``birth_year ± window`` (the year is clamped to 1900–2024)."""
        year = min(max(int(birth_year), self.first_year), self.last_year)
        codes = {"M": (0,), "F": (1,), None: (0, 1)}.get(sex, (0, 1))
        ids: list[np.ndarray] = []
        counts: list[np.ndarray] = []
        for code in codes:
            for y in range(year - window, year + window + 1):
                s = self._slice(code, y)
                ids.append(self.name_id[s])
                counts.append(self.count[s])
        all_ids = np.concatenate(ids)
        all_counts = np.concatenate(counts).astype(np.float64)
        uniq, inverse = np.unique(all_ids, return_inverse=True)
        totals = np.bincount(inverse, weights=all_counts)
        return [self.names[i] for i in uniq], totals / totals.sum()

    def sample(
        self, rng: np.random.Generator, sex: str | None, birth_year: int, window: int = 2
    ) -> str:
        """Draw one first name (display form) with its frequency among babies of ``sex``
        born around ``birth_year``."""
        names, p = self.distribution(sex, birth_year, window)
        return names[int(rng.choice(len(names), p=p))]


@cache
def first_names_by_period() -> FirstNamesByPeriod:
    """The first-name × sex × birth-year table (see :class:`FirstNamesByPeriod`)."""
    t = read_table("first_names_by_period", dictionary=["display", "sex"])
    display = t.column("display").combine_chunks()
    sex_col = t.column("sex").combine_chunks()
    is_f = np.array([v == "F" for v in sex_col.dictionary.to_pylist()], dtype=np.int8)
    sex = is_f[sex_col.indices.to_numpy()]
    return FirstNamesByPeriod(
        names=display.dictionary.to_pylist(),
        name_id=display.indices.to_numpy().astype(np.int32),
        sex=sex,
        year=t.column("year").to_numpy().astype(np.int64),
        count=t.column("count").to_numpy().astype(np.int64),
    )
