import itertools
import math

import numpy as np
import pytest
from scipy import stats

from clindeid.privacy import (
    BudgetLedger,
    bounded_laplace,
    exponential_choice,
    exponential_probabilities,
    metric_laplace,
    order_preserving_laplace,
    planar_laplace,
    split_budget,
    tchouka_category,
)
from clindeid.privacy.mechanisms import EARTH_RADIUS_KM, destination

TABLE4_DISTANCES = (
    0,
    0.347525,
    1.042888,
    1.381583,
    1.407732,
    1.454262,
    1.475374,
    1.497023,
    1.519458,
    1.520998,
)
TABLE4_PROBABILITIES = (
    0.117964,
    0.112193,
    0.101479,
    0.096637,
    0.096273,
    0.095629,
    0.095338,
    0.095041,
    0.094733,
    0.094712,
)


def test_exponential_mechanism_reproduces_paper_001_table_4():
    p = exponential_probabilities(TABLE4_DISTANCES, n_features=3, epsilon=0.25)
    assert p == pytest.approx(TABLE4_PROBABILITIES, abs=5e-7)
    assert p.sum() == pytest.approx(1.0)


@pytest.mark.parametrize("epsilon", [0.1, 0.5, 2.0])
def test_metric_laplace_noise_follows_laplace_of_scale_one_over_epsilon(epsilon):
    rng = np.random.default_rng(1)
    noise = np.array([metric_laplace(100.0, epsilon, rng) - 100.0 for _ in range(4000)])
    assert stats.kstest(noise, "laplace", args=(0, 1 / epsilon)).pvalue > 0.01
    # and not the wrong scale
    assert stats.kstest(noise, "laplace", args=(0, 2 / epsilon)).pvalue < 1e-6


def test_successive_draws_differ_no_reseeding():
    rng = np.random.default_rng(5)
    draws = {round(metric_laplace(0.0, 1.0, rng), 9) for _ in range(50)}
    assert len(draws) == 50


def test_exponential_mechanism_satisfies_the_metric_privacy_ratio_bound_empirically():
    # two "places" j1, j2 with the same candidate set; ratio of output probabilities must be
    # bounded by exp(eps * d(j1, j2)) for every output.
    rng = np.random.default_rng(0)
    feats = rng.uniform(size=(12, 3))
    eps = 1.0
    j1, j2 = 0, 1
    d12 = float(np.linalg.norm(feats[j1] - feats[j2]))
    p1 = exponential_probabilities(np.linalg.norm(feats - feats[j1], axis=1), 3, eps)
    p2 = exponential_probabilities(np.linalg.norm(feats - feats[j2], axis=1), 3, eps)
    assert np.all(p1 / p2 <= math.exp(eps * d12) + 1e-12)
    # empirical frequencies agree with the probabilities
    draws = (
        np.bincount(
            [
                exponential_choice(np.linalg.norm(feats - feats[j1], axis=1), 3, eps, rng)
                for _ in range(20000)
            ],
            minlength=12,
        )
        / 20000
    )
    assert np.abs(draws - p1).max() < 0.015


def test_exponential_probabilities_reject_bad_input():
    with pytest.raises(ValueError):
        exponential_probabilities([], 3, 1.0)
    with pytest.raises(ValueError):
        exponential_probabilities([-0.1], 3, 1.0)
    with pytest.raises(ValueError):
        exponential_probabilities([0.1], 3, 0.0)


def test_order_preserving_never_inverts():
    rng = np.random.default_rng(3)
    for _ in range(300):
        values = sorted(rng.integers(0, 40, size=6).tolist())
        out = order_preserving_laplace(values, 0.2, rng)
        assert all(b >= a for a, b in itertools.pairwise(out))
    with pytest.raises(ValueError):
        order_preserving_laplace([3, 1], 1.0, rng)


@pytest.mark.parametrize(
    ("days", "category"), [(10, (0, 60)), (400, (60, 730)), (-9000, (730, 36500))]
)
def test_tchouka_categories(days, category):
    assert tchouka_category(days) == category


def test_bounded_laplace_stays_in_its_category():
    rng = np.random.default_rng(2)
    out = [bounded_laplace(30.0, 1.0, rng, 0.0, 60.0) for _ in range(500)]
    assert min(out) >= 0 and max(out) <= 60
    assert np.std(out) > 5  # noise of scale Δ/ε = 60, truncated: clearly not a point mass


def test_planar_laplace_radius_is_gamma_two():
    rng = np.random.default_rng(4)
    eps = 0.5  # per km
    radii = []
    for _ in range(3000):
        lat, lon = planar_laplace(47.32, 5.04, eps, rng)
        p1, p2 = math.radians(47.32), math.radians(lat)
        dl = math.radians(lon - 5.04)
        c = math.sin(p1) * math.sin(p2) + math.cos(p1) * math.cos(p2) * math.cos(dl)
        radii.append(EARTH_RADIUS_KM * math.acos(min(1.0, c)))
    assert stats.kstest(radii, "gamma", args=(2, 0, 1 / eps)).pvalue > 0.01


def test_destination_moves_the_expected_distance_north():
    lat, lon = destination(45.0, 5.0, 111.195, 0.0)
    assert lat == pytest.approx(46.0, abs=1e-3) and lon == pytest.approx(5.0)


def test_split_budget_uniform_and_weighted():
    assert split_budget(1.0, ["DATE", "DATE", "AGE", "CITY"]) == [0.25] * 4
    w = split_budget(1.0, ["DATE", "CITY"], {"CITY": 3.0})
    assert w == pytest.approx([0.25, 0.75])
    assert split_budget(1.0, []) == []
    with pytest.raises(ValueError):
        split_budget(0.0, ["DATE"])


def test_ledger_accounts():
    ledger = BudgetLedger(total_budget=1.0)
    ledger.charge("DATE", 0.25)
    ledger.charge("CITY", 0.25)
    assert ledger.total_spent == pytest.approx(0.5) and ledger.remaining == pytest.approx(0.5)
    assert ledger.mentions == 2
