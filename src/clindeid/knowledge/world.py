"""Foreign cities: ``data/places/world_cities.tsv.gz`` (GeoNames cities of 15,000 people and
more, names normalised with `normalize_key`, built by ``scripts/build_places.py``)."""

from __future__ import annotations

import gzip
from functools import cache
from importlib import resources

__all__ = ["world_cities"]


@cache
def world_cities() -> dict[str, tuple[int, str]]:
    """Normalised city name → (population, ISO country code); empty when the file is
    missing or unreadable (detection then simply finds no foreign city)."""
    cities: dict[str, tuple[int, str]] = {}
    try:
        ref = resources.files("clindeid").joinpath("data/places/world_cities.tsv.gz")
        with ref.open("rb") as raw, gzip.open(raw, "rt", encoding="utf-8") as fh:
            for line in fh:
                key, pop, cc = line.rstrip("\n").split("\t")
                cities[key] = (int(pop), cc)
    except (OSError, ValueError):
        return {}
    return cities
