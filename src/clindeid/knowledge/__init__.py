"""Public French reference tables, shipped with the package and loaded lazily.

Every table is a Parquet file in ``clindeid/data/knowledge/`` built by
``scripts/build_knowledge.py`` from public sources (docs/knowledge.md, DATA_LICENSES.md).
Each loader reads its file once per process, on first use, and caches the result in memory
(nothing is written to disk). Run time needs only pyarrow and numpy.

Keys: every dictionary lookup goes through :func:`normalize_key` (lowercase, no accents,
separators → one space, ``st``/``ste`` → ``saint``/``sainte``), and the lookup objects accept
any written form.

Names (:mod:`.names`)
    ``first_names()`` key → FirstName(display, sex 'M'/'F'/'MF', count, share, count_m,
    count_f); ``first_names_by_period()`` → FirstNamesByPeriod (``.sample(rng, sex, year)``,
    ``.distribution(sex, year, window)``); ``surnames()`` key → Surname(display, count);
    ``is_first_name``, ``is_surname``, ``surname_count``, ``first_name_sex``.
Places (:mod:`.communes`)
    ``communes()`` → tuple[Commune]; ``communes_by_name(text)``; ``commune_by_insee(code)``;
    ``communes_by_postcode(code)``; ``postcodes()``; ``departements()``;
    ``commune_name_variants()``.
Streets (:mod:`.streets`)
    ``street_types()`` written form → canonical type; ``street_names()``; ``street_records()``.
Hospitals (:mod:`.hospitals`)
    ``hospitals()`` → tuple[Hospital]; ``hospital_categories()``.
Common words (:mod:`.common_words`)
    ``common_words()`` → frozenset of keys; ``is_common_word(token)``; ``common_word_info()``.
Location features (:mod:`.features`)
    ``location_features(extra_csv=None, columns=None)`` → LocationFeatures (unpacks as
    ``insee, matrix, names``; ``.lat``, ``.lon``, ``.distances_km(row)``); ``haversine_km``.
Build information: ``manifest()`` (version, build date, source checksums, row counts).
"""

from __future__ import annotations

from clindeid.knowledge._store import KeyedMapping, manifest
from clindeid.knowledge.common_words import (
    CommonWord,
    common_word_info,
    common_words,
    is_common_word,
)
from clindeid.knowledge.communes import (
    Commune,
    Departement,
    commune_by_insee,
    commune_name_variants,
    communes,
    communes_by_name,
    communes_by_postcode,
    departements,
    postcodes,
)
from clindeid.knowledge.features import (
    DEFAULT_FEATURES,
    LocationFeatures,
    haversine_km,
    location_features,
)
from clindeid.knowledge.hospitals import Hospital, hospital_categories, hospitals
from clindeid.knowledge.names import (
    FirstName,
    FirstNamesByPeriod,
    Surname,
    display_case,
    first_name_sex,
    first_names,
    first_names_by_period,
    is_first_name,
    is_surname,
    surname_count,
    surnames,
)
from clindeid.knowledge.normalize import normalize_key, strip_accents
from clindeid.knowledge.streets import StreetName, street_names, street_records, street_types

__all__ = [
    "DEFAULT_FEATURES",
    "CommonWord",
    "Commune",
    "Departement",
    "FirstName",
    "FirstNamesByPeriod",
    "Hospital",
    "KeyedMapping",
    "LocationFeatures",
    "StreetName",
    "Surname",
    "common_word_info",
    "common_words",
    "commune_by_insee",
    "commune_name_variants",
    "communes",
    "communes_by_name",
    "communes_by_postcode",
    "departements",
    "display_case",
    "first_name_sex",
    "first_names",
    "first_names_by_period",
    "haversine_km",
    "hospital_categories",
    "hospitals",
    "is_common_word",
    "is_first_name",
    "is_surname",
    "load_all",
    "location_features",
    "manifest",
    "normalize_key",
    "postcodes",
    "street_names",
    "street_records",
    "street_types",
    "strip_accents",
    "surname_count",
    "surnames",
]


def load_all() -> None:
    """Load every table now (e.g. before forking workers) instead of on first use."""
    first_names()
    first_names_by_period()
    surnames()
    communes()
    communes_by_postcode("00000")
    communes_by_name("")
    departements()
    street_types()
    street_records()
    street_names()
    hospitals()
    hospital_categories()
    common_words()
    location_features()
