"""French communes (INSEE COG): codes, names and their written variants, postcodes, places.

- :func:`communes` — every current commune plus the 45 municipal arrondissements of Paris,
  Lyon and Marseille (``kind='arrondissement'``, ``parent`` = the commune), as
  :class:`Commune` records in INSEE-code order.
- :func:`communes_by_name` — any written form: case, accents, hyphens/spaces, ``St``/``Ste``,
  ``"PARIS 15E"``, ``"Paris XVe"``, ``"Lyon 1er arrondissement"``, trailing ``"CEDEX 12"``,
  article moved or dropped (``"Havre (Le)"``, ``"Havre"``), La Poste names, and the names of
  former communes merged into a current one.
- :func:`commune_by_insee`, :func:`communes_by_postcode`, :func:`postcodes`,
  :func:`departements`, :func:`commune_name_variants`.

Coordinates are the town hall (``coord_source='mairie'``), the parent commune's for an
arrondissement without one (``'parent_commune'``), a GeoNames homonym in the same région
within 60 km of the département (``'geonames'``), the département centroid
(``'departement_centroid'``), or missing for a few overseas collectivities (``'none'``,
``lat``/``lon`` NaN).
"""

from __future__ import annotations

import math
import re
from collections import defaultdict
from dataclasses import dataclass
from functools import cache, lru_cache
from types import MappingProxyType
from typing import NamedTuple

from clindeid.knowledge._store import read_table
from clindeid.knowledge.normalize import normalize_key

__all__ = [
    "Commune",
    "Departement",
    "commune_by_insee",
    "commune_name_variants",
    "communes",
    "communes_by_name",
    "communes_by_postcode",
    "departements",
    "postcodes",
]

_CEDEX = re.compile(r"(?: cedex(?: \d{1,3})?)+$")
_LEADING_POSTCODE = re.compile(r"^\d{5} ")
# Rank of a variant kind when a written form matches several communes.
_KIND_RANK = {
    "official": 0, "arrondissement": 1, "no_article": 2, "article_suffix": 3, "postal": 4,
    "former": 5,
}  # fmt: skip


@dataclass(frozen=True, slots=True)
class Commune:
    """A commune (or a municipal arrondissement) with its place data."""

    insee: str
    name: str
    departement: str
    region: str
    postcodes: tuple[str, ...]
    population: int
    lat: float
    lon: float
    coord_source: str
    kind: str = "commune"  # or 'arrondissement'
    parent: str = ""  # INSEE code of the commune, for an arrondissement
    zone: str = "metro"  # 'metro', 'drom' or 'com'


class Departement(NamedTuple):
    code: str
    name: str
    region: str
    region_name: str
    lat: float  # mean of its communes' town-hall coordinates
    lon: float


def _nan(x: float | None) -> float:
    return math.nan if x is None else float(x)


@cache
def communes() -> tuple[Commune, ...]:
    """All communes and municipal arrondissements, in INSEE-code order."""
    t = read_table("communes")
    cols = {name: t.column(name).to_pylist() for name in t.column_names}
    return tuple(
        Commune(
            insee=cols["insee"][i],
            name=cols["name"][i],
            departement=cols["departement"][i],
            region=cols["region"][i],
            postcodes=tuple(cols["postcodes"][i]),
            population=cols["population"][i],
            lat=_nan(cols["lat"][i]),
            lon=_nan(cols["lon"][i]),
            coord_source=cols["coord_source"][i],
            kind=cols["kind"][i],
            parent=cols["parent"][i],
            zone=cols["zone"][i],
        )
        for i in range(t.num_rows)
    )


@cache
def _by_insee() -> MappingProxyType[str, Commune]:
    return MappingProxyType({c.insee: c for c in communes()})


def commune_by_insee(code: str) -> Commune | None:
    """The commune with INSEE code ``code`` (``"21231"``, ``"2A004"``), or ``None``."""
    return _by_insee().get(code.strip().upper())


@cache
def _by_postcode() -> MappingProxyType[str, tuple[Commune, ...]]:
    out: dict[str, list[Commune]] = defaultdict(list)
    for c in communes():
        for pc in c.postcodes:
            out[pc].append(c)
    return MappingProxyType({pc: tuple(cs) for pc, cs in sorted(out.items())})


def communes_by_postcode(code: str) -> list[Commune]:
    """Communes served by postcode ``code`` (a city's arrondissements included)."""
    return list(_by_postcode().get(code.strip().replace(" ", ""), ()))


def postcodes() -> tuple[str, ...]:
    """Every known postcode, sorted."""
    return tuple(_by_postcode())


@cache
def _by_name() -> MappingProxyType[str, tuple[tuple[str, str], ...]]:
    t = read_table("commune_names")
    out: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for key, insee, kind in zip(
        t.column("key").to_pylist(),
        t.column("insee").to_pylist(),
        t.column("kind").to_pylist(),
        strict=True,
    ):
        out[key].append((insee, kind))
    return MappingProxyType({k: tuple(v) for k, v in out.items()})


@lru_cache(maxsize=1 << 14)
def _lookup_key(text: str) -> str:
    key = normalize_key(text)
    key = _LEADING_POSTCODE.sub("", key)
    return _CEDEX.sub("", key).strip()


def communes_by_name(text: str) -> list[Commune]:
    """Communes that ``text`` may name, best first (official names before variants, then
    by population). A leading postcode and a trailing ``CEDEX [n]`` are ignored."""
    return list(_communes_by_key(_lookup_key(text)))


@lru_cache(maxsize=1 << 14)
def _communes_by_key(key: str) -> tuple[Commune, ...]:
    """`communes_by_name` for a lookup key, ranked once (the tables never change)."""
    hits = _by_name().get(key, ())
    by_insee = _by_insee()
    ranked = sorted(hits, key=lambda h: (_KIND_RANK[h[1]], -by_insee[h[0]].population, h[0]))
    seen: set[str] = set()
    out: list[Commune] = []
    for insee, _ in ranked:
        if insee not in seen:
            seen.add(insee)
            out.append(by_insee[insee])
    return tuple(out)


def commune_name_variants() -> MappingProxyType[str, tuple[tuple[str, str], ...]]:
    """Normalised written form → ((insee, kind), …) with kind one of ``official``,
    ``arrondissement``, ``no_article``, ``article_suffix``, ``postal``, ``former``
    (for dictionary detectors that want to choose which kinds to trust)."""
    return _by_name()


@cache
def departements() -> MappingProxyType[str, Departement]:
    """Départements (and overseas collectivities) by code, with their région."""
    t = read_table("departements")
    rows = zip(*(t.column(c).to_pylist() for c in Departement._fields), strict=True)
    return MappingProxyType(
        {r[0]: Departement(r[0], r[1], r[2], r[3], _nan(r[4]), _nan(r[5])) for r in rows}
    )
