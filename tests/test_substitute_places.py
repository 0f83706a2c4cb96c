"""Places: paper 001's exponential mechanism, ZIP/ADDRESS coherence, fail closed."""

from __future__ import annotations

import math

import numpy as np
import pytest

from clindeid import knowledge
from clindeid.document import Entity
from clindeid.substitute.context import SubstitutionContext
from clindeid.substitute.places import (
    AddressStrategy,
    CityExponentialStrategy,
    GeoIndistinguishabilityStrategy,
    LocationStrategy,
    RandomCityStrategy,
    ZipStrategy,
    _table,
    candidates,
    location_probabilities,
)
from clindeid.substitute.rewrite import rewrite

DIJON, BESANCON = "21231", "25056"
TABLE4_DISTANCES = [0.0, 0.347525, 1.042888, 1.381583, 1.407732, 1.454262, 1.475374,
                    1.497023, 1.519458, 1.520998]  # fmt: skip
TABLE4_P = [0.117964, 0.112193, 0.101479, 0.096637, 0.096273, 0.095629, 0.095338, 0.095041,
            0.094733, 0.094712]  # fmt: skip


def test_table4_probabilities() -> None:
    p = location_probabilities(TABLE4_DISTANCES, 3, 0.25)
    assert p == pytest.approx(TABLE4_P, abs=1e-6)


def test_candidates_within_radius_and_k() -> None:
    codes, dist, n = candidates(DIJON)
    assert codes[0] == DIJON and dist[0] == 0.0 and len(codes) == 10 and n == 3
    dijon = knowledge.commune_by_insee(DIJON)
    for code in codes:
        c = knowledge.commune_by_insee(code)
        assert knowledge.haversine_km(dijon.lat, dijon.lon, c.lat, c.lon) <= 100.0
    assert np.all(np.diff(dist) >= 0)


@pytest.mark.parametrize("other", [BESANCON, "21054", "71076"])
def test_metric_privacy_ratio(other: str) -> None:
    """Paper 001, Property 2: the score ratio is bounded by exp(ε·d/√n); with the
    normalisers the probability ratio stays within exp(2ε·d/√n) on these pairs."""
    eps = 1.0
    ca, da, n = candidates(DIJON)
    cb, db, _ = candidates(other)
    common = set(ca) & set(cb)
    assert common
    table = _table(None, None)
    m = table.features.matrix
    d = float(np.linalg.norm(m[table.row_of[DIJON]] - m[table.row_of[other]]))
    pa = dict(zip(ca, location_probabilities(da, n, eps), strict=True))
    pb = dict(zip(cb, location_probabilities(db, n, eps), strict=True))
    sa = dict(zip(ca, 1 - da / math.sqrt(n), strict=True))
    sb = dict(zip(cb, 1 - db / math.sqrt(n), strict=True))
    for i in common:
        assert math.exp(eps * abs(sa[i] - sb[i])) <= math.exp(eps * d / math.sqrt(n)) + 1e-12
        ratio = max(pa[i] / pb[i], pb[i] / pa[i])
        assert ratio <= math.exp(2 * eps * d / math.sqrt(n)) + 1e-12


def _city(text: str, ctx: SubstitutionContext, strategy: object = None) -> object:
    strategy = strategy or CityExponentialStrategy()
    return strategy.substitute(Entity(0, len(text), "CITY"), text, ctx)  # type: ignore[attr-defined]


def test_city_casing_and_candidates() -> None:
    codes, _, _ = candidates(DIJON)
    names = {knowledge.normalize_key(knowledge.commune_by_insee(c).name) for c in codes}
    for seed in range(10):
        ctx = SubstitutionContext.create(seed=seed)
        upper = _city("DIJON", ctx).text
        assert upper.isupper() and knowledge.normalize_key(upper) in names
        assert _city("Dijon", ctx).text.upper() == upper
        assert _city("dijon", ctx).text == upper.lower() or upper == "DIJON"


def test_city_memo_budget_and_zip_follow() -> None:
    text = "Né à Dijon (21000), vit à Dijon."
    ents = [Entity(5, 10, "CITY"), Entity(12, 17, "ZIP"), Entity(26, 31, "CITY")]
    for seed in range(5):
        ctx = SubstitutionContext.create(seed=seed)
        ctx.epsilon = 1.0
        strategies = {"CITY": CityExponentialStrategy(), "ZIP": ZipStrategy()}
        new, reps = rewrite(text, ents, strategies, CityExponentialStrategy(), ctx)
        assert sum(r.epsilon for r in reps) == pytest.approx(1.0)  # one released value
        assert ctx.budget_plan == {("CITY", DIJON): 1.0}
        city = new[reps[0].new_start : reps[0].new_end]
        zipcode = new[reps[1].new_start : reps[1].new_end]
        assert new[reps[2].new_start : reps[2].new_end] == city
        assert any(c.name == city for c in knowledge.communes_by_postcode(zipcode))
        assert not any(r.masked for r in reps)  # the original commune, if drawn, is kept


def test_unknown_commune_fails_closed() -> None:
    ctx = SubstitutionContext.create(seed=1)
    text = "Habite à Xyzzyville."
    new, reps = rewrite(text, [Entity(9, 19, "CITY")], {}, CityExponentialStrategy(), ctx)
    assert new == "Habite à [CITY]." and reps[0].masked and reps[0].epsilon == 0.0


def test_keeps_original_not_masked_but_equal_otherwise_masked() -> None:
    ctx = SubstitutionContext.create(seed=0)
    ctx.memo[("place.insee", DIJON)] = (DIJON, 0.5)
    new, reps = rewrite("à Dijon", [Entity(2, 7, "CITY")], {}, CityExponentialStrategy(), ctx)
    assert new == "à Dijon" and not reps[0].masked


def test_address_shape() -> None:
    ctx = SubstitutionContext.create(seed=4)
    out = AddressStrategy().substitute(Entity(0, 20, "ADDRESS"), "12 bis rue des Lilas", ctx)
    number, rep, street_type, *_ = out.text.split(" ")
    assert number.isdigit() and rep == "bis" and street_type == "rue"
    assert out.text != "12 bis rue des Lilas"
    bp = AddressStrategy().substitute(Entity(0, 6, "ADDRESS"), "BP 123", ctx).text
    assert bp.startswith("BP ") and len(bp) == 6 and bp != "BP 123"


def test_location_and_baselines() -> None:
    ctx = SubstitutionContext.create(seed=2)
    loc = LocationStrategy().substitute(Entity(0, 5, "LOCATION"), "MAROC", ctx).text
    assert loc.isupper() and loc != "MAROC"
    with pytest.raises(LookupError):
        LocationStrategy().substitute(Entity(0, 7, "LOCATION"), "Groland", ctx)
    geo = _city("Beaune", ctx, GeoIndistinguishabilityStrategy())
    assert geo.epsilon > 0
    rnd = _city("Beaune", ctx, RandomCityStrategy())
    assert rnd.text != "Beaune" and rnd.epsilon == 0.0


def test_determinism() -> None:
    a = [_city("Dijon", SubstitutionContext.create(seed=s)).text for s in range(5)]
    b = [_city("Dijon", SubstitutionContext.create(seed=s)).text for s in range(5)]
    assert a == b


def test_near_band_matches_whole_table() -> None:
    """The latitude-band prefilter of `candidates` finds exactly the communes that a
    haversine over the whole table puts within the radius, in the same order."""
    import numpy as np

    from clindeid.substitute.places import _near, _table

    table = _table(None, None)
    f = table.features
    rows = np.random.default_rng(3).choice(len(f.insee), 150, replace=False)
    for row in rows:
        for radius in (0.5, 10.0, 100.0, 450.0):
            whole = np.flatnonzero(f.distances_km(int(row)) <= radius)
            assert np.array_equal(_near(table, int(row), radius), whole)
    # a radius exactly at a commune's distance (the edge) is measured on the whole table
    row = int(rows[0])
    edge = float(np.sort(f.distances_km(row))[5])
    assert np.array_equal(_near(table, row, edge), np.flatnonzero(f.distances_km(row) <= edge))


def test_smallest_is_the_head_of_a_stable_argsort() -> None:
    """`_smallest` (partition, then a sort of the head) orders as a stable argsort, ties
    included."""
    from clindeid.substitute.places import _smallest

    rng = np.random.default_rng(5)
    for n in (1, 2, 9, 10, 11, 50, 400):
        for values in (rng.random(n), rng.integers(0, 4, n).astype(float), np.zeros(n)):
            values[: min(2, n)] = np.nan if n > 30 else values[: min(2, n)]
            for k in (0, 1, 3, 10, n, n + 5):
                assert np.array_equal(_smallest(values, k), np.argsort(values, kind="stable")[:k])
