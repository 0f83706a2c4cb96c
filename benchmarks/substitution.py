"""Utility and privacy of the DATE and CITY surrogates, per ε: prints the README tables.

Dates: simulated stays (admission, examination, surgery, discharge, follow-up within about
two months, written ``dd/mm/yyyy``), the document budget ε split over the five dates. For
each mechanism: mean absolute error in days, chronology inversion rate (consecutive dates
whose order flips), and the share of the other dates an attacker who knows one true date
recovers exactly (assuming a constant shift — what breaks the uniform shift by design).

Places: communes drawn by population, one mention each (ε_i = ε). For each mechanism: mean
great-circle distance (km) and mean |log(population ratio)| between original and surrogate.

Also: the time substitution adds to detection on the bundled examples.

Usage: python benchmarks/substitution.py [--docs 300] [--places 300] [--seed 0]
"""

from __future__ import annotations

import argparse
import datetime as dt
import math
import time
from pathlib import Path

import numpy as np

from clindeid import knowledge
from clindeid.config import Config
from clindeid.detect.rules.dates import DateDetector, parse_date_text
from clindeid.document import Document, Entity, Metadata
from clindeid.pipeline import Pipeline
from clindeid.substitute import SubstitutionContext, rewrite
from clindeid.substitute.places import (
    PLACE_NS,
    CityExponentialStrategy,
    GeoIndistinguishabilityStrategy,
    RandomCityStrategy,
)
from clindeid.substitute.tag import TagStrategy
from clindeid.substitute.temporal import (
    DateBoundedLdpStrategy,
    DateLaplaceStrategy,
    DateOrderPreservingStrategy,
    DateShiftStrategy,
)

EPSILONS = (0.1, 0.5, 1.0, 2.0, 5.0)
DATE_MECHANISMS = {
    "metric-DP Laplace": DateLaplaceStrategy(),
    "metric-DP order-preserving": DateOrderPreservingStrategy(),
    "bounded LDP (Tchouka)": DateBoundedLdpStrategy(),
    "uniform shift (Stubbs)": DateShiftStrategy(),
}
PLACE_MECHANISMS = {
    "exponential (paper 001)": (CityExponentialStrategy(), PLACE_NS),
    "geo-indistinguishability": (
        GeoIndistinguishabilityStrategy(),
        f"{PLACE_NS}.geo_indistinguishability",
    ),
    "uniform random city": (RandomCityStrategy(), f"{PLACE_NS}.random_city"),
}
STEPS = ("Admis le", "Scanner le", "Opéré le", "Sorti le", "Revu le")


def simulated_stays(n: int, rng: np.random.Generator) -> list[tuple[str, list[dt.date]]]:
    stays = []
    for _ in range(n):
        start = dt.date(2015, 1, 1) + dt.timedelta(days=int(rng.integers(0, 3000)))
        gaps = [0, *sorted(int(g) for g in rng.integers(1, 60, size=4))]
        dates = [start + dt.timedelta(days=g) for g in gaps]
        text = " ".join(f"{step} {d:%d/%m/%Y}." for step, d in zip(STEPS, dates, strict=True))
        stays.append((text, dates))
    return stays


def date_metrics(stays, strategy, epsilon: float, seed: int) -> tuple[float, float, float]:
    errors, inversions, pairs, recovered, others = [], 0, 0, 0, 0
    detector = DateDetector()
    for i, (text, dates) in enumerate(stays):
        meta = Metadata(document_date=dates[3])
        ents = list(detector.detect(Document("s", text, meta)))
        ctx = SubstitutionContext.create(seed=seed * 100_003 + i, meta=meta)
        ctx.epsilon = epsilon
        new, reps = rewrite(text, ents, {"DATE": strategy}, TagStrategy(), ctx)
        out = []
        for rep in reps:
            parsed = parse_date_text(new[rep.new_start : rep.new_end])
            out.append(parsed[0].to_date() if parsed else None)
        if None in out or len(out) != len(dates):
            continue
        errors += [abs((s - d).days) for s, d in zip(out, dates, strict=True)]
        for k in range(len(dates) - 1):
            if dates[k] < dates[k + 1]:
                pairs += 1
                inversions += out[k] > out[k + 1]
        shift = out[0] - dates[0]
        for s, d in zip(out[1:], dates[1:], strict=True):
            others += 1
            recovered += (s - shift) == d
    return float(np.mean(errors)), inversions / max(pairs, 1), recovered / max(others, 1)


def sample_communes(n: int, rng: np.random.Generator) -> list[knowledge.Commune]:
    pool = [
        c for c in knowledge.communes()
        if c.kind == "commune" and c.population and not math.isnan(c.lat)
    ]
    weights = np.array([c.population for c in pool], dtype=float)
    picks = rng.choice(len(pool), size=n, replace=False, p=weights / weights.sum())
    return [pool[i] for i in picks]


def place_metrics(communes, strategy, slot: str, epsilon: float, seed: int):
    dists, logs = [], []
    for i, c in enumerate(communes):
        text = f"Domicile : {c.name}."
        ent = Entity(11, 11 + len(c.name), "CITY", attributes={"insee": c.insee})
        ctx = SubstitutionContext.create(seed=seed * 100_003 + i)
        ctx.epsilon = epsilon
        rewrite(text, [ent], {"CITY": strategy}, TagStrategy(), ctx)
        new = ctx.memo.get((slot, c.insee))
        target = knowledge.commune_by_insee(new[0]) if new else None
        if target is None or not target.population:
            continue
        dists.append(float(knowledge.haversine_km(c.lat, c.lon, target.lat, target.lon)))
        logs.append(abs(math.log(target.population / c.population)))
    return float(np.mean(dists)), float(np.mean(logs))


def substitution_overhead(repeat: int = 5) -> tuple[float, float]:
    texts = [p.read_text(encoding="utf-8") for p in sorted(Path("examples").glob("*.txt"))]
    docs = [Document.create(str(i), t, {"document_date": "2021-06-01"}) for i, t in
            enumerate(texts)]
    pipeline = Pipeline(Config(seed=1))
    for d in docs:  # warm up (tables, caches)
        pipeline.deidentify(d)
    detect_s = full_s = math.inf
    for _ in range(repeat):
        t0 = time.perf_counter()
        for d in docs:
            pipeline.detect(d)
        detect_s = min(detect_s, time.perf_counter() - t0)
        t0 = time.perf_counter()
        for d in docs:
            pipeline.deidentify(d)
        full_s = min(full_s, time.perf_counter() - t0)
    return detect_s, full_s


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--docs", type=int, default=300)
    parser.add_argument("--places", type=int, default=300)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    rng = np.random.default_rng(args.seed)

    stays = simulated_stays(args.docs, rng)
    print(f"DATES: {args.docs} stays x 5 dates, ε per document split over the 5 dates")
    print("| ε | mechanism | MAE (days) | inversions | recovered by a 1-date attacker |")
    print("|---|---|---|---|---|")
    for eps in EPSILONS:
        for name, strategy in DATE_MECHANISMS.items():
            mae, inv, rec = date_metrics(stays, strategy, eps, args.seed)
            print(f"| {eps} | {name} | {mae:.1f} | {inv:.1%} | {rec:.1%} |")

    communes = sample_communes(args.places, rng)
    print(f"\nPLACES: {args.places} communes drawn by population, one mention each (ε_i = ε)")
    print("| ε | mechanism | mean distance (km) | mean abs log population ratio |")
    print("|---|---|---|---|")
    for eps in EPSILONS:
        for name, (strategy, slot) in PLACE_MECHANISMS.items():
            km, logp = place_metrics(communes, strategy, slot, eps, args.seed)
            print(f"| {eps} | {name} | {km:.1f} | {logp:.2f} |")

    detect_s, full_s = substitution_overhead()
    print(f"\nEXAMPLES: detection {detect_s * 1000:.1f} ms, detection + substitution "
          f"{full_s * 1000:.1f} ms: substitution adds {full_s / detect_s - 1:.0%}")


if __name__ == "__main__":
    main()
