"""Time the first load of every knowledge table (fresh process) and print the figures.

Usage: .venv/bin/python benchmarks/knowledge_load.py
"""

from __future__ import annotations

import time


def main() -> None:
    t0 = time.perf_counter()
    c0 = time.process_time()
    import clindeid.knowledge as kb

    t_import = time.perf_counter() - t0
    steps = [
        ("first_names", kb.first_names),
        ("first_names_by_period", kb.first_names_by_period),
        ("surnames", kb.surnames),
        ("communes", kb.communes),
        ("communes_by_name index", lambda: kb.communes_by_name("Dijon")),
        ("communes_by_postcode index", lambda: kb.communes_by_postcode("21000")),
        ("departements", kb.departements),
        ("street_types", kb.street_types),
        ("street_records", kb.street_records),
        ("street_names", kb.street_names),
        ("hospitals", kb.hospitals),
        ("common_words", kb.common_words),
        ("location_features", kb.location_features),
    ]
    print(f"{'import clindeid.knowledge':28s} {t_import * 1000:8.1f} ms")
    total = t_import
    for name, load in steps:
        t = time.perf_counter()
        load()
        dt = time.perf_counter() - t
        total += dt
        print(f"{name:28s} {dt * 1000:8.1f} ms")
    cpu = time.process_time() - c0
    print(f"{'TOTAL first load':28s} {total * 1000:8.1f} ms  (budget 2000 ms)")
    print(f"{'  of which CPU time':28s} {cpu * 1000:8.1f} ms  (wall above CPU: busy machine)")
    t = time.perf_counter()
    for _ in range(100_000):
        kb.is_surname("Dupont")
    print(f"is_surname('Dupont')         {(time.perf_counter() - t) * 10:8.3f} µs/call")


if __name__ == "__main__":
    main()
