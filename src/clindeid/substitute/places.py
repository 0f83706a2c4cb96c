"""Places: CITY by the exponential mechanism of paper 001, ZIP and ADDRESS following it,
LOCATION (regions, départements, countries), and two baselines.

CITY (``city_exponential``). For the commune j named in the text, the candidates R_j are the
communes within ``radius_km`` (great-circle distance on the town halls) that are among the
``k`` nearest to j in normalised feature space (:func:`clindeid.knowledge.location_features`:
log-population, latitude, longitude by default, plus an optional indicator CSV); j itself is
one of them. Score U(j, i) = 1 − d_ji/√n, P(i) ∝ exp(ε_i · U(j, i))
(:func:`location_probabilities`), with ε_i = ``context.epsilon_for(("CITY", insee))``:
every mention of one commune (and of its postcode) is one released value, memoised and
charged once. Paper 001's Property 2 bounds the *score* ratio by exp(ε_i·d(j, j')/√n) for
a candidate i of both j and j'; its proof drops the normalisers, which differ, so the
probability ratio can slightly exceed exp(ε_i·d) (Dijon/Besançon, ε = 1: 1.02206 vs
1.02187); over a common candidate set the exponential mechanism gives exp(2ε_i·d/√n), and
a commune outside R_j' has probability 0 under j' (no ratio bound at all there).

The mechanism may return j itself: that is part of its guarantee. Masking exactly those
outputs would tell a reader "this tag hides the true commune", so the strategy marks them
``keeps_original=True`` and the rewrite keeps them (``allow_original=False`` instead
redraws among the other candidates — better looking, but the ε·d guarantee no longer holds
as stated). A commune missing from the table raises, and the rewrite masks it (fail closed).

ZIP (``zip``): the postcode's commune goes through the same mechanism (same memo and budget
key as the commune's name), and the surrogate commune's postcode is written.
ADDRESS (``address``): number redrawn (``bis``/``ter`` kept), street type kept as written,
street body drawn from the street table; ``BP``/``CS`` numbers redrawn; a trailing
``postcode commune`` goes through the ZIP/CITY mechanism.
LOCATION (``location``): another région, département or country; else fail closed.
Baselines: ``geo_indistinguishability`` (planar Laplace on the coordinates, ε_i·``per_km``
per kilometre, then the nearest commune) and ``random_city`` (uniform, ε = 0: no privacy
claim beyond not being the original).
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from functools import cache, lru_cache

import numpy as np

from clindeid import knowledge
from clindeid.document import Entity
from clindeid.knowledge import Commune, normalize_key
from clindeid.knowledge.features import EARTH_RADIUS_KM
from clindeid.privacy.mechanisms import exponential_probabilities, planar_laplace
from clindeid.substitute.base import Surrogate
from clindeid.substitute.context import SubstitutionContext
from clindeid.substitute.names import apply_case

__all__ = [
    "PLACE_NS",
    "AddressStrategy",
    "CityExponentialStrategy",
    "GeoIndistinguishabilityStrategy",
    "LocationStrategy",
    "RandomCityStrategy",
    "ZipStrategy",
    "candidates",
    "location_probabilities",
    "resolve_commune",
]

PLACE_NS = "place.insee"  # memo: original INSEE code → (surrogate INSEE code, ε spent)
DEFAULT_RADIUS_KM = 100.0
DEFAULT_K = 10


def location_probabilities(
    distances: np.ndarray | list[float], n: int, epsilon: float
) -> np.ndarray:
    """Paper 001's selection probabilities over candidates at feature distances ``distances``
    (n features): P(i) ∝ exp(ε · (1 − d_i/√n)). Table 4 (Dijon, n = 3, ε = 0.25) gives
    0.117964, 0.112193, …, 0.094712."""
    return exponential_probabilities(distances, n, epsilon)


# --------------------------------------------------------------------------- feature table


@dataclass(frozen=True, eq=False)
class _Table:
    features: knowledge.LocationFeatures
    row_of: dict[str, int]
    by_lat: np.ndarray  # rows sorted by latitude (NaN last)
    sorted_lat: np.ndarray  # their latitudes


@cache
def _table(extra_csv: str | None, columns: tuple[str, ...] | None) -> _Table:
    features = knowledge.location_features(extra_csv, list(columns) if columns else None)
    by_lat = np.argsort(features.lat, kind="stable")
    return _Table(
        features,
        {code: i for i, code in enumerate(features.insee.tolist())},
        by_lat,
        np.asarray(features.lat)[by_lat],
    )


# the great-circle distance is at least the meridian arc of the latitude difference
_DEG_PER_KM = 180.0 / (math.pi * EARTH_RADIUS_KM)
# a prefiltered distance this close to the radius is recomputed on the whole table
_EDGE_KM = 1e-6


def _near(table: _Table, row: int, radius_km: float) -> np.ndarray:
    """``np.flatnonzero(f.distances_km(row) <= radius_km)``: only the communes of the
    latitude band and longitude range that can be that near are measured (a fresh commune
    cost a haversine over the whole table), the whole table when a distance falls at the
    edge."""
    f = table.features
    lat, lon = float(f.lat[row]), float(f.lon[row])
    reach = radius_km * _DEG_PER_KM * (1 + 1e-9) + 1e-9
    lo = int(np.searchsorted(table.sorted_lat, lat - reach, side="left"))
    hi = int(np.searchsorted(table.sorted_lat, lat + reach, side="right"))
    band = table.by_lat[lo:hi]
    angle = radius_km / EARTH_RADIUS_KM
    cos_lat = math.cos(math.radians(lat))
    if math.sin(angle) < cos_lat * (1 - 1e-9) and angle < math.pi / 2:
        # the widest longitude difference within the radius at this latitude
        wide = math.degrees(math.asin(math.sin(angle) / cos_lat)) * (1 + 1e-9) + 1e-9
        gap = np.abs(f.lon[band] - lon)
        band = band[np.minimum(gap, 360.0 - gap) <= wide]
    band = np.sort(band)
    d = np.asarray(knowledge.haversine_km(f.lat[row], f.lon[row], f.lat[band], f.lon[band]))
    if np.any(np.abs(d - radius_km) <= _EDGE_KM):
        return np.flatnonzero(f.distances_km(row) <= radius_km)
    return band[d <= radius_km]


def _smallest(d: np.ndarray, k: int) -> np.ndarray:
    """``np.argsort(d, kind="stable")[:k]``, sorting only the values up to the k-th
    smallest (all of them: ties keep index order)."""
    if not 0 < k < len(d):
        return np.argsort(d, kind="stable")[:k]
    kth = np.partition(d, k - 1)[k - 1]
    if np.isnan(kth):
        return np.argsort(d, kind="stable")[:k]
    head = np.flatnonzero(d <= kth)
    return head[np.argsort(d[head], kind="stable")[:k]]


@lru_cache(maxsize=8192)
def candidates(
    insee: str,
    radius_km: float = DEFAULT_RADIUS_KM,
    k: int = DEFAULT_K,
    extra_csv: str | None = None,
    columns: tuple[str, ...] | None = None,
) -> tuple[list[str], np.ndarray, int]:
    """R_j for commune ``insee``: (INSEE codes, feature distances, number of features), the
    commune itself first. ``KeyError`` if the commune is not in the feature table."""
    table = _table(extra_csv, columns)
    row = table.row_of[insee]
    f = table.features
    near = _near(table, row, radius_km)
    d = np.linalg.norm(f.matrix[near] - f.matrix[row], axis=1)
    d[near == row] = -1.0  # j first, whatever the ties
    order = _smallest(d, k)
    chosen = near[order]
    dist = np.maximum(d[order], 0.0)
    dist.setflags(write=False)  # cached: shared between calls
    return [str(f.insee[i]) for i in chosen], dist, f.matrix.shape[1]


# --------------------------------------------------------------------------- communes


def _base_commune(c: Commune) -> Commune:
    if c.kind == "arrondissement" and c.parent:
        parent = knowledge.commune_by_insee(c.parent)
        if parent is not None:
            return parent
    return c


def resolve_commune(entity: Entity, original: str) -> Commune | None:
    """The commune a CITY mention names (entity attribute ``insee`` first)."""
    code = entity.attributes.get("insee")
    if isinstance(code, str) and (c := knowledge.commune_by_insee(code)) is not None:
        return _base_commune(c)
    found = knowledge.communes_by_name(original)
    return _base_commune(found[0]) if found else None


def _zip_commune(entity: Entity, postcode: str) -> Commune | None:
    code = entity.attributes.get("insee")
    if isinstance(code, str) and (c := knowledge.commune_by_insee(code)) is not None:
        return _base_commune(c)
    return _postcode_commune(postcode)


@lru_cache(maxsize=1 << 12)
def _postcode_commune(postcode: str) -> Commune | None:
    """The most populous commune of ``postcode`` (its base commune), once per postcode."""
    found = knowledge.communes_by_postcode(postcode)
    if not found:
        return None
    return _base_commune(max(found, key=lambda c: c.population))


_SAINT = re.compile(r"\b(Saint|Sainte|SAINT|SAINTE|saint|sainte)\b")
_ST = re.compile(r"\bSte?\b\.?", re.IGNORECASE)


@lru_cache(maxsize=1 << 12)
def style_place(name: str, original: str) -> str:
    """Write commune ``name`` like ``original``: casing, hyphens or spaces, ``St``/``Ste``."""
    if _ST.search(original):
        name = _SAINT.sub(lambda m: "St" if m.group(1).lower() == "saint" else "Ste", name)
    if "-" not in original and " " in original.strip():
        name = name.replace("-", " ")
    return apply_case(name, original)


# --------------------------------------------------------------------------- mechanism


def _release(
    context: SubstitutionContext,
    insee: str,
    draw: Callable[[], tuple[str, float]],
    namespace: str = PLACE_NS,
) -> tuple[str, float]:
    """The memoised surrogate INSEE code of ``insee`` and the ε its release spent."""
    value, _ = context.memoized(namespace, insee, draw)
    return value


@dataclass(frozen=True)
class CityExponentialStrategy:
    """CITY by paper 001's exponential mechanism (see the module docstring)."""

    name: str = "city_exponential"
    radius_km: float = DEFAULT_RADIUS_KM
    k: int = DEFAULT_K
    extra_csv: str | None = None
    columns: tuple[str, ...] | None = None
    allow_original: bool = True

    def budget_key(
        self, entity: Entity, original: str, context: SubstitutionContext | None = None
    ) -> Hashable | None:
        c = resolve_commune(entity, original)
        return ("CITY", c.insee) if c is not None else None

    def release(self, context: SubstitutionContext, insee: str) -> tuple[str, float]:
        """Surrogate INSEE code for commune ``insee`` (memoised per context) and ε."""

        def draw() -> tuple[str, float]:
            codes, dist, n = candidates(insee, self.radius_km, self.k, self.extra_csv,
                                        self.columns)  # fmt: skip
            eps = context.epsilon_for(("CITY", insee))
            if not self.allow_original and len(codes) > 1:
                codes, dist = codes[1:], dist[1:]
            p = location_probabilities(dist, n, eps)
            return codes[int(context.rng.choice(len(codes), p=p))], eps

        return _release(context, insee, draw)

    def substitute(self, entity: Entity, original: str, context: SubstitutionContext) -> Surrogate:
        commune = resolve_commune(entity, original)
        if commune is None:
            raise LookupError("unknown commune")
        new, eps = self.release(context, commune.insee)
        surrogate = knowledge.commune_by_insee(new)
        if surrogate is None:
            raise LookupError("surrogate commune missing")
        same = new == commune.insee
        text = original if same else style_place(surrogate.name, original)
        return Surrogate(text, self.name, epsilon=eps, keeps_original=same)


@dataclass(frozen=True)
class GeoIndistinguishabilityStrategy:
    """Baseline: planar Laplace on the commune's coordinates, then the nearest commune."""

    name: str = "geo_indistinguishability"
    per_km: float = 0.1  # ε_i per kilometre = context ε_i × per_km

    def budget_key(
        self, entity: Entity, original: str, context: SubstitutionContext | None = None
    ) -> Hashable | None:
        c = resolve_commune(entity, original)
        return ("CITY", c.insee) if c is not None else None

    def substitute(self, entity: Entity, original: str, context: SubstitutionContext) -> Surrogate:
        commune = resolve_commune(entity, original)
        if commune is None or math.isnan(commune.lat):
            raise LookupError("unknown commune")
        table = _table(None, None)

        def draw() -> tuple[str, float]:
            eps = context.epsilon_for(("CITY", commune.insee))
            lat, lon = planar_laplace(commune.lat, commune.lon, eps * self.per_km, context.rng)
            f = table.features
            d = knowledge.haversine_km(lat, lon, f.lat, f.lon)
            return str(f.insee[int(np.argmin(d))]), eps

        new, eps = _release(context, commune.insee, draw, f"{PLACE_NS}.{self.name}")
        same = new == commune.insee
        target = knowledge.commune_by_insee(new)
        text = original if same or target is None else style_place(target.name, original)
        return Surrogate(text, self.name, epsilon=eps, keeps_original=same)


@cache
def _all_communes() -> tuple[Commune, ...]:
    return tuple(c for c in knowledge.communes() if c.kind == "commune" and c.zone == "metro")


@dataclass(frozen=True)
class RandomCityStrategy:
    """Baseline: a commune drawn uniformly (never the original; no privacy accounting)."""

    name: str = "random_city"

    def substitute(self, entity: Entity, original: str, context: SubstitutionContext) -> Surrogate:
        commune = resolve_commune(entity, original)
        key = commune.insee if commune is not None else normalize_key(original)
        pool = _all_communes()

        def draw() -> tuple[str, float]:
            while True:
                c = pool[int(context.rng.integers(len(pool)))]
                if c.insee != key:
                    return c.insee, 0.0

        new, _ = _release(context, key, draw, f"{PLACE_NS}.{self.name}")
        target = knowledge.commune_by_insee(new)
        assert target is not None
        return Surrogate(style_place(target.name, original), self.name)


# --------------------------------------------------------------------------- ZIP


def _postcode_for(context: SubstitutionContext, commune: Commune, original_pc: str) -> str:
    if original_pc in commune.postcodes:
        return original_pc
    pcs = commune.postcodes or (commune.departement.ljust(2, "0") + "000",)
    value, _ = context.memoized(
        "place.postcode", (commune.insee, original_pc),
        lambda: pcs[int(context.rng.integers(len(pcs)))],
    )  # fmt: skip
    return value


@dataclass(frozen=True)
class ZipStrategy:
    """ZIP follows the surrogate commune (same mechanism, memo and budget key as CITY)."""

    name: str = "zip"
    city: CityExponentialStrategy = CityExponentialStrategy()

    def budget_key(
        self, entity: Entity, original: str, context: SubstitutionContext | None = None
    ) -> Hashable | None:
        c = _zip_commune(entity, _digits(original))
        return ("CITY", c.insee) if c is not None else None

    def substitute(self, entity: Entity, original: str, context: SubstitutionContext) -> Surrogate:
        postcode = _digits(original)
        if len(postcode) != 5:
            raise ValueError("not a postcode")
        commune = _zip_commune(entity, postcode)
        if commune is None:
            raise LookupError("unknown postcode")
        new, eps = self.city.release(context, commune.insee)
        target = knowledge.commune_by_insee(new)
        if target is None:
            raise LookupError("surrogate commune missing")
        pc = _postcode_for(context, target, postcode)
        same = pc == postcode
        text = _fill_digits(original, pc)
        return Surrogate(text, self.name, epsilon=eps, keeps_original=same and new == commune.insee)


def _digits(text: str) -> str:
    return "".join(ch for ch in text if ch.isdigit())


def _fill_digits(text: str, digits: str) -> str:
    it = iter(digits)
    return "".join(next(it) if ch.isdigit() else ch for ch in text)


# --------------------------------------------------------------------------- ADDRESS

_ADDRESS = re.compile(
    r"^(?P<num>\d{1,5})?(?P<gap1>\s*,?\s*)"
    r"(?P<rep>(?:bis|ter|quater|[A-Da-d])\b\.?)?(?P<gap2>\s*,?\s*)"
    r"(?P<street>.*?)"
    r"(?P<tail>,?\s+(?P<pc>\d{2}\s?\d{3})\s+(?P<city>[^\d,]+?))?\s*$",
    re.DOTALL,
)
_POSTBOX = re.compile(r"\b(BP|CS|TSA|B\.P\.)(\s*)(\d+)", re.IGNORECASE)


@cache
def _streets_by_type() -> dict[str, tuple[str, ...]]:
    out: dict[str, list[str]] = {}
    for rec in knowledge.street_records():
        if rec.type and rec.body and len(rec.body) > 3:
            out.setdefault(rec.type, []).append(rec.body)
    return {k: tuple(v) for k, v in out.items() if len(v) >= 20}


@cache
def _street_bodies() -> tuple[str, ...]:
    """Every street name without its type word ("rue de la Paix" → "de la Paix")."""
    return tuple(n.partition(" ")[2] for n in _street_names())


@cache
def _street_names() -> tuple[str, ...]:
    return tuple(r.name for r in knowledge.street_records() if r.type and r.body)


@dataclass(frozen=True)
class AddressStrategy:
    """Street addresses of the same shape (see the module docstring)."""

    name: str = "address"
    city: CityExponentialStrategy = CityExponentialStrategy()

    def budget_key(
        self, entity: Entity, original: str, context: SubstitutionContext | None = None
    ) -> Hashable | None:
        m = _ADDRESS.match(original)
        if m is None or not m.group("pc"):
            return None
        c = _zip_commune(Entity(0, 1, "ZIP"), _digits(m.group("pc")))
        return ("CITY", c.insee) if c is not None else None

    def substitute(self, entity: Entity, original: str, context: SubstitutionContext) -> Surrogate:
        rng = context.rng
        if _POSTBOX.search(original) and not re.search(r"[a-z]{4,}", original):
            text = _POSTBOX.sub(
                lambda m: m.group(1) + m.group(2) + _random_number(m.group(3), rng), original
            )
            return Surrogate(text, self.name)
        m = _ADDRESS.match(original)
        if m is None or not m.group("street").strip():
            raise ValueError("unparsable address")
        num = _random_number(m.group("num"), rng) if m.group("num") else ""
        street = m.group("street")
        new_street, _ = context.memoized(
            "place.street", normalize_key(street), lambda: self._street(street, context.rng)
        )
        text = f"{num}{m.group('gap1')}{m.group('rep') or ''}{m.group('gap2')}{new_street}"
        epsilon = 0.0
        if m.group("tail"):
            pc = _digits(m.group("pc"))
            commune = _zip_commune(Entity(0, 1, "ZIP"), pc)
            if commune is None:
                raise LookupError("unknown postcode")
            new, epsilon = self.city.release(context, commune.insee)
            target = knowledge.commune_by_insee(new)
            if target is None:
                raise LookupError("surrogate commune missing")
            tail = m.group("tail")
            new_pc = _postcode_for(context, target, pc)
            city_text = m.group("city")
            new_city = city_text if new == commune.insee else style_place(target.name, city_text)
            text += tail[: m.start("pc") - m.start("tail")] + _fill_digits(m.group("pc"), new_pc)
            text += tail[m.end("pc") - m.start("tail") : m.start("city") - m.start("tail")]
            text += new_city
        return Surrogate(text, self.name, epsilon=epsilon)

    @staticmethod
    def _street(street: str, rng: np.random.Generator) -> str:
        first, _, rest = street.partition(" ")
        canonical = knowledge.street_types().get(first.rstrip(".")) if rest else None
        original_key = normalize_key(street)
        for _ in range(50):
            if canonical is not None:
                bodies = _streets_by_type().get(canonical) or _street_bodies()
                body = bodies[int(rng.integers(len(bodies)))]
                new = f"{first} {apply_case(body, rest)}"
            else:
                names = _street_names()
                new = apply_case(names[int(rng.integers(len(names)))], street)
            if normalize_key(new) != original_key:
                return new
        raise ValueError("no street")


def _random_number(digits: str, rng: np.random.Generator) -> str:
    n = len(digits)
    if n == 1:
        value = int(rng.integers(1, 10))
        while str(value) == digits:
            value = int(rng.integers(1, 10))
        return str(value)
    for _ in range(20):
        value = str(int(rng.integers(10 ** (n - 1), 10**n)))
        if value != digits:
            return value
    return digits[::-1]


# --------------------------------------------------------------------------- LOCATION

COUNTRIES = (
    "France", "Belgique", "Suisse", "Luxembourg", "Allemagne", "Italie", "Espagne", "Portugal",
    "Royaume-Uni", "Irlande", "Pays-Bas", "Autriche", "Pologne", "Roumanie", "Grèce",
    "Maroc", "Algérie", "Tunisie", "Sénégal", "Mali", "Côte d'Ivoire", "Cameroun", "Turquie",
    "Canada", "États-Unis", "Brésil", "Chine", "Vietnam", "Japon", "Inde",
)  # fmt: skip


@cache
def _location_kinds() -> dict[str, tuple[str, ...]]:
    deps = knowledge.departements()
    regions = sorted({d.region_name for d in deps.values() if d.region_name})
    return {
        "country": COUNTRIES,
        "region": tuple(regions),
        "departement": tuple(sorted({d.name for d in deps.values() if d.name})),
    }


@cache
def _location_keys() -> dict[str, tuple[tuple[str, ...], tuple[str, ...]]]:
    """Each kind's values and their normalised keys."""
    return {
        kind: (values, tuple(normalize_key(v) for v in values))
        for kind, values in _location_kinds().items()
    }


@dataclass(frozen=True)
class LocationStrategy:
    """A different région, département or country; unknown places are masked."""

    name: str = "location"

    def substitute(self, entity: Entity, original: str, context: SubstitutionContext) -> Surrogate:
        key = normalize_key(original)
        for kind, (values, keys) in _location_keys().items():
            if key in keys:
                others = [v for v, k in zip(values, keys, strict=True) if k != key]

                def draw(others: list[str] = others) -> str:
                    return others[int(context.rng.integers(len(others)))]

                new, _ = context.memoized("place.location." + kind, key, draw)
                return Surrogate(style_place(new, original), self.name)
        raise LookupError("unknown location")
