"""Randomised mechanisms, free of any text: numbers in, numbers out.

- `metric_laplace`: v + Lap(1/ε). For the metric d(v1, v2) = |v1 − v2| in the value's own
  unit (days, months, years…) it satisfies ε·d-privacy (Chatzikokolakis et al. 2013):
  the output densities at v1 and v2 differ by at most exp(ε·|v1 − v2|).
- `order_preserving_laplace`: noise on the gaps between sorted values, each gap clamped
  at 0 (post-processing), so the chronology is never inverted.
- `bounded_laplace`: the ε-LDP baseline of Tchouka et al. 2022: durations split into
  three categories (< 2 months, < 2 years, longer), noise Lap(Δ/ε) with Δ the category
  width, redrawn until the result falls back inside the category (a truncated Laplace).
- `exponential_probabilities` / `exponential_choice`: the location mechanism of paper 001:
  among candidates R_j, score U(j, i) = 1 − d_ji/√n (d_ji the Euclidean distance of the
  normalised features), P(i) ∝ exp(ε · U(j, i)). It satisfies ε·d-privacy for the
  normalised feature distance.
- `planar_laplace`: geo-indistinguishability (Andrés et al. 2013): a point drawn around
  the true one with density ∝ exp(−ε·r); the radius follows Gamma(2, 1/ε).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

import numpy as np

# Tchouka et al. 2022: duration categories (in days) and their widths Δ.
TCHOUKA_CATEGORIES: tuple[tuple[float, float], ...] = (
    (0.0, 60.0),  # less than two months
    (60.0, 730.0),  # less than two years
    (730.0, 36500.0),  # up to a hundred years
)


def _check_epsilon(epsilon: float) -> None:
    if not (epsilon > 0 and math.isfinite(epsilon)):
        raise ValueError("epsilon must be a positive finite number")


def metric_laplace(value: float, epsilon: float, rng: np.random.Generator) -> float:
    """``value + Lap(1/ε)``: ε·d-privacy for the absolute difference in ``value``'s unit."""
    _check_epsilon(epsilon)
    return float(value + rng.laplace(0.0, 1.0 / epsilon))


def order_preserving_laplace(
    values: Sequence[float], epsilon: float, rng: np.random.Generator
) -> list[float]:
    """Perturb a sorted sequence so that the output is sorted too.

    The first value gets ``Lap(1/ε)``; each gap ``v[i] − v[i−1]`` gets ``Lap(1/ε)`` and is
    clamped at 0. Each released quantity (first value, each gap) is ε·d-private for its own
    absolute difference; by sequential composition the whole sequence spends ``len(values)·ε``
    for the metric Σ|Δgap|. The clamp is post-processing and costs nothing.
    """
    _check_epsilon(epsilon)
    if not values:
        return []
    ordered = list(values)
    if any(b < a for a, b in itertools.pairwise(ordered)):
        raise ValueError("values must be sorted")
    out = [ordered[0] + rng.laplace(0.0, 1.0 / epsilon)]
    for prev, cur in itertools.pairwise(ordered):
        gap = max(0.0, (cur - prev) + rng.laplace(0.0, 1.0 / epsilon))
        out.append(out[-1] + gap)
    return [float(v) for v in out]


def tchouka_category(duration_days: float) -> tuple[float, float]:
    """The (low, high) duration category of Tchouka et al. 2022 holding ``duration_days``."""
    d = abs(duration_days)
    for low, high in TCHOUKA_CATEGORIES:
        if d < high:
            return low, high
    return TCHOUKA_CATEGORIES[-1]


def bounded_laplace(
    value: float,
    epsilon: float,
    rng: np.random.Generator,
    low: float,
    high: float,
    max_draws: int = 10_000,
) -> float:
    """``value + Lap((high − low)/ε)`` redrawn until it falls in [low, high]."""
    _check_epsilon(epsilon)
    if not low <= value <= high:
        raise ValueError("value outside its bounds")
    scale = (high - low) / epsilon
    for _ in range(max_draws):
        candidate = value + rng.laplace(0.0, scale)
        if low <= candidate <= high:
            return float(candidate)
    return float(rng.uniform(low, high))


def exponential_scores(distances: Sequence[float] | np.ndarray, n_features: int) -> np.ndarray:
    """U(j, i) = 1 − d_ji/√n for each candidate i."""
    if n_features < 1:
        raise ValueError("n_features must be >= 1")
    d = np.asarray(distances, dtype=np.float64)
    if np.any(d < 0):
        raise ValueError("distances must be non-negative")
    return 1.0 - d / math.sqrt(n_features)


def exponential_probabilities(
    distances: Sequence[float] | np.ndarray, n_features: int, epsilon: float
) -> np.ndarray:
    """Selection probabilities P(i) ∝ exp(ε · (1 − d_ji/√n)) over the candidates.

    With paper 001's Table 4 (Dijon, k = 10, n = 3, ε = 0.25) this returns
    0.117964, 0.112193, 0.101479, … 0.094712.
    """
    _check_epsilon(epsilon)
    scores = exponential_scores(distances, n_features)
    if scores.size == 0:
        raise ValueError("no candidates")
    logits = epsilon * scores
    weights = np.exp(logits - logits.max())
    return weights / weights.sum()


def exponential_choice(
    distances: Sequence[float] | np.ndarray,
    n_features: int,
    epsilon: float,
    rng: np.random.Generator,
) -> int:
    """Index of the candidate drawn by the exponential mechanism."""
    probabilities = exponential_probabilities(distances, n_features, epsilon)
    return int(rng.choice(len(probabilities), p=probabilities))


EARTH_RADIUS_KM = 6371.0088


def planar_laplace(
    lat: float, lon: float, epsilon_per_km: float, rng: np.random.Generator
) -> tuple[float, float]:
    """Geo-indistinguishability: a point at distance r ~ Gamma(2, 1/ε) km, uniform bearing."""
    _check_epsilon(epsilon_per_km)
    radius_km = rng.gamma(2.0, 1.0 / epsilon_per_km)
    bearing = rng.uniform(0.0, 2.0 * math.pi)
    return destination(lat, lon, radius_km, bearing)


def destination(lat: float, lon: float, distance_km: float, bearing: float) -> tuple[float, float]:
    """The point ``distance_km`` away from (lat, lon) along ``bearing`` (radians)."""
    phi1, lam1 = math.radians(lat), math.radians(lon)
    delta = distance_km / EARTH_RADIUS_KM
    phi2 = math.asin(
        math.sin(phi1) * math.cos(delta) + math.cos(phi1) * math.sin(delta) * math.cos(bearing)
    )
    lam2 = lam1 + math.atan2(
        math.sin(bearing) * math.sin(delta) * math.cos(phi1),
        math.cos(delta) - math.sin(phi1) * math.sin(phi2),
    )
    return math.degrees(phi2), (math.degrees(lam2) + 540.0) % 360.0 - 180.0
