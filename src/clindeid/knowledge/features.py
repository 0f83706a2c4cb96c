"""Per-commune feature vectors in [0, 1] for the location mechanism, and distances.

:func:`location_features` returns a :class:`LocationFeatures` (it unpacks as
``insee, matrix, names``): one row per commune with coordinates (municipal arrondissements
left out unless asked), columns min-max normalised to [0, 1]. Default columns:
``log_population`` (``log1p``), ``lat``, ``lon``.

Add indicators from a CSV (comma or semicolon separated, UTF-8, header row) keyed either by
commune — a column named ``insee`` (or ``code_insee``, ``insee_code``, ``codgeo``,
``code_commune``, ``com``) — or by département — ``departement`` (or ``dep``,
``code_departement``, ``departement_code``, ``dept``). Every other column is a numeric
indicator (``cancer_incidence``, ``stroke_rate``, ``deprivation_index``…; empty or ``NA``
= missing). A département value applies to all its communes. A commune without a value gets
the mean of its département's known values, else the national mean; ``imputed`` records
which cells were filled. Codes lose their leading zeros in spreadsheets: ``1001`` is read as
``01001`` and ``1`` as ``01``. ``columns`` picks and orders the columns to keep (defaults and
indicators alike).
"""

from __future__ import annotations

import csv
import io
import math
from collections import defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from clindeid.knowledge.communes import communes

__all__ = ["DEFAULT_FEATURES", "LocationFeatures", "haversine_km", "location_features"]

DEFAULT_FEATURES = ("log_population", "lat", "lon")
_INSEE_COLUMNS = ("insee", "code_insee", "insee_code", "codgeo", "code_commune", "com")
_DEP_COLUMNS = ("departement", "dep", "code_departement", "departement_code", "dept")
_MISSING = {"", "na", "nan", "null", "none", "-", "s", "nd"}
EARTH_RADIUS_KM = 6371.0088


def haversine_km(
    lat1: float | np.ndarray, lon1: float | np.ndarray, lat2: float | np.ndarray,
    lon2: float | np.ndarray,
) -> float | np.ndarray:  # fmt: skip
    """Great-circle distance in km (numpy broadcasting: one point against many works)."""
    p1, p2 = np.radians(lat1), np.radians(lat2)
    dp = p2 - p1
    dl = np.radians(np.asarray(lon2) - np.asarray(lon1))
    a = np.sin(dp / 2) ** 2 + np.cos(p1) * np.cos(p2) * np.sin(dl / 2) ** 2
    d = 2 * EARTH_RADIUS_KM * np.arcsin(np.sqrt(np.clip(a, 0.0, 1.0)))
    return float(d) if np.ndim(d) == 0 else d


@dataclass(frozen=True, eq=False)
class LocationFeatures:
    """Feature table; ``insee, matrix, names = location_features()`` unpacks it."""

    insee: np.ndarray  # (n,) INSEE codes (str)
    matrix: np.ndarray  # (n, d) float64 in [0, 1]
    names: tuple[str, ...]  # (d,) column names
    lat: np.ndarray  # (n,) degrees, for distances (haversine_km)
    lon: np.ndarray  # (n,)
    raw: np.ndarray  # (n, d) values before normalisation (imputed where missing)
    imputed: np.ndarray  # (n, d) bool: the raw value was filled in

    def __iter__(self) -> Iterator[object]:
        return iter((self.insee, self.matrix, self.names))

    def index(self, insee: str) -> int:
        """Row of commune ``insee`` (``KeyError`` if absent)."""
        hits = np.flatnonzero(self.insee == insee)
        if hits.size == 0:
            raise KeyError(insee)
        return int(hits[0])

    def distances_km(self, row: int) -> np.ndarray:
        """Great-circle distances from commune ``row`` to every commune."""
        return np.asarray(haversine_km(self.lat[row], self.lon[row], self.lat, self.lon))


def _minmax(values: np.ndarray) -> np.ndarray:
    lo, hi = float(np.min(values)), float(np.max(values))
    if hi <= lo:
        return np.zeros_like(values)
    return (values - lo) / (hi - lo)


def _pad(code: str, width: int) -> str:
    code = code.strip().upper()
    return code.zfill(width) if code.isdigit() else code


def _read_indicators(
    path: Path, insee: Sequence[str], deps: Sequence[str]
) -> dict[str, np.ndarray]:
    """Columns of ``path`` aligned on ``insee`` (NaN where missing)."""
    text = Path(path).read_text(encoding="utf-8-sig")
    dialect = csv.Sniffer().sniff(text.split("\n", 1)[0], delimiters=",;\t")
    reader = csv.DictReader(io.StringIO(text), dialect=dialect)
    if not reader.fieldnames:
        raise ValueError(f"{path}: no header row")
    lowered = {f.strip().lower(): f for f in reader.fieldnames}
    key_col = next((lowered[c] for c in _INSEE_COLUMNS if c in lowered), None)
    by_dep = key_col is None
    if by_dep:
        key_col = next((lowered[c] for c in _DEP_COLUMNS if c in lowered), None)
    if key_col is None:
        raise ValueError(
            f"{path}: needs a key column named one of {_INSEE_COLUMNS} or {_DEP_COLUMNS}"
        )
    value_cols = [f for f in reader.fieldnames if f != key_col]
    table: dict[str, dict[str, float]] = {c.strip(): {} for c in value_cols}
    for line, row in enumerate(reader, start=2):
        key = _pad(row[key_col] or "", 2 if by_dep else 5)
        for c in value_cols:
            cell = (row[c] or "").strip()
            if cell.lower() in _MISSING:
                continue
            try:
                table[c.strip()][key] = float(cell.replace(",", "."))
            except ValueError as exc:
                raise ValueError(f"{path}:{line}: column {c!r}: not a number") from exc
    keys = deps if by_dep else insee
    return {c: np.array([vals.get(k, math.nan) for k in keys]) for c, vals in table.items()}


def location_features(
    extra_csv: Path | str | None = None,
    columns: list[str] | None = None,
    *,
    include_arrondissements: bool = False,
) -> LocationFeatures:
    """Normalised features of every commune with coordinates (see the module docstring)."""
    rows = [
        c for c in communes()
        if not math.isnan(c.lat) and (c.kind == "commune" or include_arrondissements)
    ]  # fmt: skip
    insee = [c.insee for c in rows]
    deps = [c.departement for c in rows]
    lat = np.array([c.lat for c in rows], dtype=np.float64)
    lon = np.array([c.lon for c in rows], dtype=np.float64)
    raw: dict[str, np.ndarray] = {
        "log_population": np.log1p(np.array([c.population for c in rows], dtype=np.float64)),
        "lat": lat,
        "lon": lon,
    }
    if extra_csv is not None:
        for name, values in _read_indicators(Path(extra_csv), insee, deps).items():
            if name in raw:
                raise ValueError(f"indicator column {name!r} clashes with a default feature")
            raw[name] = values
    names = tuple(columns) if columns is not None else tuple(raw)
    unknown = [n for n in names if n not in raw]
    if unknown:
        raise KeyError(f"unknown feature columns {unknown}; available: {list(raw)}")
    dep_index: dict[str, list[int]] = defaultdict(list)
    for i, d in enumerate(deps):
        dep_index[d].append(i)
    filled = np.empty((len(rows), len(names)))
    imputed = np.zeros((len(rows), len(names)), dtype=bool)
    for j, name in enumerate(names):
        v = raw[name].copy()
        missing = np.isnan(v)
        if missing.all():
            raise ValueError(f"feature {name!r} has no value for any commune")
        if missing.any():
            national = float(np.nanmean(v))
            for idx in dep_index.values():
                idx_a = np.asarray(idx)
                known = v[idx_a][~missing[idx_a]]
                fill = float(known.mean()) if known.size else national
                v[idx_a[missing[idx_a]]] = fill
        filled[:, j] = v
        imputed[:, j] = missing
    matrix = np.column_stack([_minmax(filled[:, j]) for j in range(len(names))])
    return LocationFeatures(
        insee=np.array(insee), matrix=matrix, names=names, lat=lat, lon=lon, raw=filled,
        imputed=imputed,
    )  # fmt: skip
