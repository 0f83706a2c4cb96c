"""NER model speed: load time and hybrid (rules + model) detection throughput on one core.

    taskset -c 0 .venv/bin/python benchmarks/model_speed.py [--model DIR] [--docs 200]

Targets (docs/model.md): model load ≤ 3 s; hybrid `detect` ≥ 30,000 characters/s.
Documents: the generated synthetic corpus (no real data). Prints figures only, never text.
"""

from __future__ import annotations

import argparse
import os
import time
from pathlib import Path

for var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(var, "1")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--model", type=Path, default=None)
    ap.add_argument("--docs", type=int, default=200)
    args = ap.parse_args()

    from clindeid.config import Config
    from clindeid.detect import build_detectors
    from clindeid.detect.model import ModelDetector, clear_cache, shipped_model_dir
    from clindeid.document import Document
    from clindeid.pipeline import Pipeline
    from clindeid.runner.work import warm_up
    from clindeid.train.corpus import CorpusConfig, generate_corpus
    from clindeid.train.train import load_tagger

    model_dir = args.model or shipped_model_dir()
    if model_dir is None:
        print("no model")
        return 1
    import spacy  # noqa: F401  (import time is not model load time)

    clear_cache()
    t0 = time.perf_counter()
    load_tagger(model_dir).predict_many(["Dr Jean MARTIN"])
    load_s = time.perf_counter() - t0
    print(f"model load (first prediction included): {load_s:.2f} s")

    corpus = generate_corpus(CorpusConfig(n=args.docs, seed=7))
    docs = [Document.create(d.id, d.text) for d in corpus]
    chars = sum(len(d.text) for d in docs)
    rules = build_detectors(["rules"])
    model = ModelDetector(model_dir)
    # hybrid = what `clindeid detect` runs by default: rules + model family (trained NER and
    # the gated general NER, which does not run on clinical text)
    hybrid = build_detectors(["rules", "model"], Config(model_dir=str(model_dir)))
    for name, dets in (("rules", rules), ("model", [model]), ("hybrid", hybrid)):
        pipe = Pipeline(Config(), detectors=dets)
        warm_up(pipe)  # tables and models loaded (the general NER too), as each worker does
        t0 = time.perf_counter()
        for d in docs:
            pipe.detect(d)
        dt = time.perf_counter() - t0
        print(f"{name:7s} {chars / dt:,.0f} chars/s ({len(docs)} docs, {chars:,} chars)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
