"""Reproduce the model shipped in ``src/clindeid/data/model/`` (one command, CPU only).

    .venv/bin/python scripts/train_shipped_model.py            # defaults = the shipped model
    .venv/bin/python scripts/train_shipped_model.py --backend crf -o /tmp/crf
    .venv/bin/python scripts/train_shipped_model.py --lowercase   # the lowercase model

Steps: (1) generate the synthetic corpus with PHI-injected E3C case reports
(`clindeid.train.corpus`, split by patient), (2) silver annotations of E3C case reports by
the rule layer (`clindeid.train.silver`, distant supervision; train split only),
(3) `clindeid.train.train.train` on train + silver (+ with ``--annotated``, the hand-annotated
sets of tests/data named, repeated ``--annotated-repeat`` times), model selection on dev,
(4) write ``clindeid_meta.json`` with the data description and timings. Never uses the
held-out set kept blind nor WikiNEuRal (evaluation only).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

from clindeid.document import Document
from clindeid.io.annotations import AnnotatedDocument
from clindeid.train.corpus import DEFAULT_E3C_PATH, CorpusConfig, generate_corpus, load_carriers
from clindeid.train.train import META_FILE, TrainParams, lowercased, train

ROOT = Path(__file__).resolve().parents[1]
DEFAULT_OUT = ROOT / "src" / "clindeid" / "data" / "model"
DEFAULT_OUT_LOWER = ROOT / "src" / "clindeid" / "data" / "model_lower"
# Hand-annotated sets the shipped model learns from: every set once it has been measured
# blind (a new held-out set stays out of this list until then).
ANNOTATED_SETS = (
    "gold", "heldout", "heldout_b", "heldout_c", "heldout_d", "heldout_e", "heldout_f",
    "heldout_g", "heldout_h", "heldout_i", "heldout_j", "heldout_k", "heldout_l", "heldout_m",
    "heldout_n", "heldout_o", "heldout_p", "heldout_q", "heldout_r", "heldout_s", "heldout_t",
    "heldout_u", "heldout_v", "heldout_w", "heldout_x", "heldout_y", "heldout_z", "heldout_aa",
    "heldout_ab", "heldout_ac", "heldout_ad", "heldout_ae", "heldout_af", "heldout_ag",
    "heldout_ah", "heldout_ai", "heldout_aj", "heldout_ak", "heldout_al", "heldout_am",
    "heldout_an", "heldout_ao", "heldout_ap", "heldout_aq", "heldout_ar", "heldout_as",
    "heldout_at", "heldout_au", "heldout_av", "heldout_aw", "heldout_ax", "heldout_ay",
    "heldout_az", "heldout_ba", "heldout_bb", "heldout_bc", "heldout_bd", "heldout_be",
    "heldout_bf", "heldout_bg", "heldout_bh", "heldout_bi", "heldout_bj", "heldout_bk",
    "heldout_bl", "heldout_bm", "heldout_bn",
    # added in the tenth session (model A–CZ), in this order
    "heldout_bo", "heldout_bp", "heldout_bq", "heldout_br", "heldout_bs", "heldout_bt",
    "heldout_bu", "heldout_bv", "heldout_bw", "heldout_bx", "heldout_by", "heldout_bz",
    "heldout_ca", "heldout_cb", "heldout_cc", "heldout_cd", "heldout_ce", "heldout_cf",
    "heldout_cg", "heldout_ch", "heldout_ci", "heldout_cj", "heldout_ck", "heldout_cl",
    "heldout_cm", "heldout_cn", "heldout_co", "heldout_cp", "heldout_cq", "heldout_cr",
    "heldout_cs", "heldout_ct", "heldout_cu", "heldout_cv", "heldout_cw", "heldout_cx",
    "heldout_cy", "heldout_cz",
    # added in the eleventh session (model A–DI), in this order
    "heldout_da", "heldout_db", "heldout_dc", "heldout_dd", "heldout_de", "heldout_df",
    "heldout_dg", "heldout_dh", "heldout_di",
    # added in the twelfth session (model A–DR), in this order
    "heldout_dj", "heldout_dk", "heldout_dl", "heldout_dm", "heldout_dn", "heldout_do",
    "heldout_dp", "heldout_dq", "heldout_dr",
)


def silver_documents(n: int, seed: int, min_score: float) -> list[AnnotatedDocument]:
    """Rule-layer (distant supervision) annotations of ``n`` E3C case reports."""
    import numpy as np

    from clindeid.train.silver import annotate_documents

    records = [json.loads(line) for line in Path(DEFAULT_E3C_PATH).read_text().splitlines()
               if line.strip()]  # fmt: skip
    rng = np.random.default_rng(seed)
    picked = [records[int(i)] for i in rng.permutation(len(records))[:n]]
    docs = [Document.create(f"e3c-{r['id']}", r["text"]) for r in picked]
    return list(annotate_documents(docs, min_score=min_score))


def annotated_documents(names: list[str]) -> list[AnnotatedDocument]:
    """The hand-annotated documents of ``tests/data/<name>`` (``gold`` or a held-out set)."""
    from clindeid.io.annotations import read_annotations

    docs: list[AnnotatedDocument] = []
    for name in names:
        path = ROOT / "tests" / "data" / name / f"{name}.jsonl"
        if not path.is_file():
            raise SystemExit(f"{path}: no such annotated set")
        docs.extend(read_annotations(path))
    return docs


def with_added(names: list[str], added: list[str]) -> list[str]:
    """``names`` then the ``added`` sets not already in it, each once, in order."""
    out = list(dict.fromkeys(names))
    return out + [a for a in dict.fromkeys(added) if a not in out]


def case_copies(docs: list[AnnotatedDocument]) -> list[AnnotatedDocument]:
    """Each document once with its case changed, spans unchanged: every other one in
    capitals, the others in lowercase (exports in capitals, dictations without capitals);
    a document whose length the case change alters is kept as written."""
    import dataclasses

    out: list[AnnotatedDocument] = []
    for i, doc in enumerate(docs):
        text = doc.text.upper() if i % 2 == 0 else doc.text.lower()
        if len(text) != len(doc.text):
            out.append(doc)
            continue
        out.append(dataclasses.replace(doc, id=f"{doc.id}-{'upper' if i % 2 == 0 else 'lower'}",
                                       text=text))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-o", "--out", type=Path, default=None,
                    help="model directory (default: the shipped model's, or with --lowercase "
                         "the shipped lowercase model's)")  # fmt: skip
    ap.add_argument("--backend", default="crf", choices=("spacy", "crf"))
    ap.add_argument("--n", type=int, default=5000, help="synthetic + injected documents")
    ap.add_argument("--inject-share", type=float, default=0.3)
    ap.add_argument("--silver", type=int, default=400, help="silver E3C documents")
    ap.add_argument("--silver-min-score", type=float, default=0.5)
    ap.add_argument("--seed", type=int, default=13)
    ap.add_argument("--epochs", type=int, default=100, help="spaCy: epochs; CRF: L-BFGS iterations")
    ap.add_argument("--learn-rate", type=float, default=0.001)
    ap.add_argument("--dropout", type=float, default=0.2)
    ap.add_argument("--batch-size", type=int, default=16)
    ap.add_argument("--window", type=int, default=1500)
    ap.add_argument("--max-dev", type=int, default=250, help="dev documents used for selection")
    ap.add_argument("--max-train", type=int, default=None, help="use the first N train documents")
    ap.add_argument("--time-budget", type=float, default=5400.0,
                    help="no new epoch after this many seconds")  # fmt: skip
    ap.add_argument("--trials", type=int, default=0, help="TPE trials (0: no search)")
    ap.add_argument("--annotated", nargs="*", default=list(ANNOTATED_SETS), metavar="SET",
                    help="hand-annotated sets of tests/data added to the training data "
                         "(default: the shipped model's); never the set kept blind")
    ap.add_argument("--neighbour-classes", action="store_true",
                    help="each token also hears what its neighbours are (first name, surname, "
                         "commune, proper noun); not the shipped model (docs/model.md)")
    ap.add_argument("--add-annotated", nargs="*", default=[], metavar="SET",
                    help="sets added to --annotated (e.g. the eighth session's A–CJ test: "
                         "heldout_bo … heldout_cj)")  # fmt: skip
    ap.add_argument("--annotated-repeat", type=int, default=3,
                    help="times each hand-annotated document is repeated")  # fmt: skip
    ap.add_argument("--lowercase", action="store_true",
                    help="train the lowercase model: every training and dev document in "
                         "lowercase (clindeid/data/model_lower, read for documents typed "
                         "without capitals; docs/model.md)")  # fmt: skip
    ap.add_argument("--case-copy", action=argparse.BooleanOptionalAction, default=False,
                    help="the last repeat of the hand-annotated documents with their case "
                         "changed (half in capitals, half in lowercase): better on documents "
                         "in capitals or without, worse as written (docs/model.md); not the "
                         "shipped model")  # fmt: skip
    args = ap.parse_args(argv)
    if args.out is None:
        args.out = DEFAULT_OUT_LOWER if args.lowercase else DEFAULT_OUT

    started = time.monotonic()
    carriers = load_carriers(DEFAULT_E3C_PATH)
    corpus = list(generate_corpus(
        CorpusConfig(n=args.n, seed=args.seed, inject_share=args.inject_share), carriers
    ))  # fmt: skip
    train_docs = [d for d in corpus if d.meta.get("split") == "train"][: args.max_train]
    dev_docs = [d for d in corpus if d.meta.get("split") == "dev"][: args.max_dev]
    silver = silver_documents(args.silver, args.seed, args.silver_min_score) if args.silver else []
    args.annotated = with_added(args.annotated, args.add_annotated)
    hand = annotated_documents(args.annotated)
    annotated = hand * args.annotated_repeat
    if args.case_copy and args.annotated_repeat > 1:
        annotated = hand * (args.annotated_repeat - 1) + case_copies(hand)
    if args.lowercase:
        train_docs, dev_docs = lowercased(train_docs), lowercased(dev_docs)
        silver, annotated = lowercased(silver), lowercased(annotated)
    print(f"corpus: {len(train_docs)} train, {len(dev_docs)} dev, {len(silver)} silver "
          f"({time.monotonic() - started:.0f}s)", file=sys.stderr)  # fmt: skip
    params = TrainParams(epochs=args.epochs, learn_rate=args.learn_rate, dropout=args.dropout,
                         batch_size=args.batch_size, window=args.window, seed=args.seed,
                         time_budget_s=args.time_budget,
                         extra={"neighbour_classes": True} if args.neighbour_classes else {}
                         )  # fmt: skip
    result = train([*train_docs, *silver, *annotated], dev_docs, args.out, params, args.backend,
                   trials=args.trials, log=lambda m: print(m, file=sys.stderr, flush=True))
    meta_path = args.out / META_FILE
    meta = json.loads(meta_path.read_text(encoding="utf-8"))
    meta["data"] = {
        "command": "python scripts/train_shipped_model.py " + " ".join(argv or sys.argv[1:]),
        "synthetic_documents": args.n, "inject_share": args.inject_share, "seed": args.seed,
        "train": len(train_docs), "dev": len(dev_docs), "silver": len(silver),
        "silver_min_score": args.silver_min_score,
        "annotated_sets": args.annotated, "annotated_documents": len(annotated),
        "annotated_case_copies": bool(args.case_copy and args.annotated_repeat > 1),
        "lowercase": bool(args.lowercase),
        "total_seconds": round(time.monotonic() - started, 1),
    }  # fmt: skip
    meta_path.write_text(json.dumps(meta, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"dev score {result.dev_score:.4f}; {time.monotonic() - started:.0f}s in all",
          file=sys.stderr)  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
