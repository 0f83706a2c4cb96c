"""Health establishments from the FINESS register (public hospitals and related bodies).

:func:`hospitals` gives :class:`Hospital` records: FINESS numbers, short and long names,
a normalised category (:func:`hospital_categories`: ``CHU``, ``CHR``, ``CH``, ``CHS``,
``HAD``, ``CLINIQUE``, ``IMAGERIE``, ``HIA``, ``MAH``, ``SIH``, ``AUTRE``), the commune
(name and INSEE code when resolved), postcode, phone (10 digits or ``""``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from types import MappingProxyType

from clindeid.knowledge._store import read_table

__all__ = ["Hospital", "hospital_categories", "hospitals"]


@dataclass(frozen=True, slots=True)
class Hospital:
    finess: str  # FINESS number of the site (établissement)
    short_name: str  # "CH DE FLEYRIAT"
    long_name: str  # "CENTRE HOSPITALIER DE BOURG-EN-BRESSE FLEYRIAT"
    category: str  # normalised code, see hospital_categories()
    city: str  # official commune name when resolved, else the address line's city
    postcode: str
    phone: str
    finess_ej: str = ""  # FINESS number of the legal entity (entité juridique)
    insee: str = ""  # INSEE code of the commune, "" when not resolved
    departement: str = ""
    category_label: str = ""  # the register's own category label
    cedex: bool = False  # the postcode is a CEDEX code


@cache
def hospitals() -> tuple[Hospital, ...]:
    """All establishments, in FINESS order."""
    t = read_table("hospitals")
    fields = [
        "finess", "short_name", "long_name", "category", "city", "postcode", "phone",
        "finess_ej", "insee", "departement", "category_label", "cedex",
    ]  # fmt: skip
    cols = [t.column(f).to_pylist() for f in fields]
    return tuple(Hospital(*row) for row in zip(*cols, strict=True))


@cache
def hospital_categories() -> MappingProxyType[str, str]:
    """Normalised category code → description."""
    t = read_table("hospital_categories")
    return MappingProxyType(
        dict(zip(t.column("code").to_pylist(), t.column("description").to_pylist(), strict=True))
    )
