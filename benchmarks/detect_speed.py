"""Speed of the whole rule layer: ``Pipeline(Config(detectors=("rules",))).detect``.

Builds ~1 MB of text by repeating the fictitious documents of ``examples/`` (each kept
whole as one document), times the detector build (tables and regexes loaded, first
document included so that lazy loads count) and then the detection of the corpus, and
prints characters per second, by the wall clock and by this process's CPU time (the
latter is what to compare on a busy machine). Target: ≥ 200,000 chars/s on one core.

Usage: ``.venv/bin/python benchmarks/detect_speed.py [--size 1000000] [--repeat 3]``
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TARGET_CHARS_PER_S = 200_000


def corpus(size: int) -> list[str]:
    """The example texts repeated until ``size`` characters."""
    texts = [p.read_text(encoding="utf-8") for p in sorted((ROOT / "examples").glob("*.txt"))]
    out: list[str] = []
    total = 0
    while total < size:
        for t in texts:
            out.append(t)
            total += len(t)
            if total >= size:
                break
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=1_000_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args(argv)

    t0 = time.perf_counter()
    from clindeid.config import Config
    from clindeid.document import Document
    from clindeid.pipeline import Pipeline

    pipeline = Pipeline(Config(detectors=("rules",)))
    texts = corpus(args.size)
    pipeline.detect(Document.create("warm-up", texts[0]))
    load = time.perf_counter() - t0
    docs = [Document.create(f"d{i}", t) for i, t in enumerate(texts)]
    chars = sum(len(t) for t in texts)
    best = best_cpu = float("inf")
    for _ in range(args.repeat):
        t1, c1 = time.perf_counter(), time.process_time()
        for doc in docs:
            pipeline.detect(doc)
        best = min(best, time.perf_counter() - t1)
        best_cpu = min(best_cpu, time.process_time() - c1)
    speed = chars / best
    print(f"detector build (imports, tables, first document): {load:.2f} s")
    print(f"rules detect: {chars:,} chars in {best:.2f} s → {speed:,.0f} chars/s "
          f"(target ≥ {TARGET_CHARS_PER_S:,})")
    print(f"CPU time: {best_cpu:.2f} s → {chars / best_cpu:,.0f} chars/s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
