"""Street types with their abbreviations, and street names (for detection and surrogates).

- :func:`street_types` — written type or abbreviation → canonical type: ``"av"``, ``"av."``,
  ``"Avenue"`` → ``"avenue"``; ``"bd"`` → ``"boulevard"``; ``"ld"`` → ``"lieu-dit"``. Lookups
  accept any written form (normalised with :func:`normalize_key`).
- :func:`street_names` — about 31k distinct street names as written (``"Rue des Lilas"``);
  :func:`street_records` adds the parsed canonical type and the name body (``"des Lilas"``).
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from clindeid.knowledge._store import KeyedMapping, read_table

__all__ = ["StreetName", "street_names", "street_records", "street_types"]


class StreetName(NamedTuple):
    name: str  # as written, without house number: "Rue des Lilas"
    type: str  # canonical street type ("rue"), "" when the name has none ("Le Moulin")
    body: str  # the name without its type: "des Lilas"


@cache
def street_types() -> KeyedMapping[str]:
    """Abbreviation or variant (any written form) → canonical street type."""
    t = read_table("street_types")
    keys = t.column("key").to_pylist()
    canonical = t.column("canonical").to_pylist()
    return KeyedMapping(dict(zip(keys, range(len(keys)), strict=True)), canonical.__getitem__)


@cache
def street_records() -> tuple[StreetName, ...]:
    """Street names with their parsed type and body."""
    t = read_table("street_names", columns=["name", "type", "body"])
    return tuple(
        StreetName(*row)
        for row in zip(*(t.column(c).to_pylist() for c in StreetName._fields), strict=True)
    )


@cache
def street_names() -> tuple[str, ...]:
    """Street names as written (``"Rue des Lilas"``, ``"Chemin de la Truche"``)."""
    return tuple(read_table("street_names", columns=["name"]).column("name").to_pylist())
