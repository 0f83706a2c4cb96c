"""Evaluate predictions against a gold standard, or annotators against each other."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path

from clindeid.document import Metadata
from clindeid.evaluate.agreement import AgreementError, AgreementReport, agreement
from clindeid.evaluate.metrics import Scores, score_document
from clindeid.evaluate.relabel import LabelMap, Relabel
from clindeid.evaluate.report import EvaluationReport
from clindeid.io.annotations import (
    AnnotatedDocument,
    read_annotations,
    select_annotations,
)

UNKNOWN_TYPE = "unknown"


class EvaluationError(ValueError):
    """Gold and predictions that cannot be compared (message names the document id)."""


Annotations = Iterable[AnnotatedDocument] | Mapping[str, AnnotatedDocument]


def _index(docs: Annotations, prefer_predictions: bool, side: str) -> dict[str, AnnotatedDocument]:
    if isinstance(docs, Mapping):
        return dict(docs)
    return select_annotations(docs, prefer_predictions=prefer_predictions, source=side)


def document_type(*docs: AnnotatedDocument | None) -> str:
    """The ``document_type`` metadata (or an alias of it) of the first doc that has one."""
    for doc in docs:
        if doc is not None and doc.meta:
            found = Metadata.from_mapping(doc.meta).document_type
            if found:
                return found
    return UNKNOWN_TYPE


def evaluate(
    gold: Annotations,
    pred: Annotations,
    label_map: LabelMap = None,
    ignore_labels: Iterable[str] = (),
) -> EvaluationReport:
    """Score predictions against the gold, documents matched by id.

    A gold document without a prediction counts as predicting nothing; predicted documents
    absent from the gold are ignored (and counted). When an id has several annotations,
    the gold side avoids Label Studio predictions and the predicted side prefers them.
    ``label_map`` and ``ignore_labels`` are described in `clindeid.evaluate.relabel`.
    """
    gold_docs = _index(gold, prefer_predictions=False, side="gold")
    pred_docs = _index(pred, prefer_predictions=True, side="predictions")
    relabel = Relabel(label_map, ignore_labels)
    total = Scores()
    by_type: dict[str, Scores] = {}
    missing = 0
    for doc_id, g in gold_docs.items():
        p = pred_docs.get(doc_id)
        if p is None:
            missing += 1
        elif p.text != g.text:
            raise EvaluationError(
                f"document {doc_id!r}: predicted text differs from the gold text "
                f"({len(p.text)} vs {len(g.text)} characters)"
            )
        scores = score_document(
            g.text, relabel.spans(g.entities), relabel.spans(p.entities) if p else set()
        )
        total = total + scores
        kind = document_type(g, p)
        by_type[kind] = by_type.get(kind, Scores()) + scores
    return EvaluationReport(
        scores=total,
        by_document_type=by_type,
        label_map=relabel.describe(),
        ignored_labels=tuple(sorted(relabel.ignore)),
        missing_predictions=missing,
        unmatched_predictions=len(set(pred_docs) - set(gold_docs)),
    )


def evaluate_files(
    gold_path: str | Path,
    pred_path: str | Path,
    gold_format: str | None = None,
    pred_format: str | None = None,
    *,
    label_map: LabelMap = None,
    ignore_labels: Iterable[str] = (),
    gold_annotator: str | None = None,
    pred_annotator: str | None = None,
) -> EvaluationReport:
    """`evaluate` on two annotation files (formats guessed when ``None``).

    Predictions may lack texts (``clindeid detect`` output): they take the gold's. The same
    Label Studio export may be given on both sides: annotations are then the gold and
    predictions the predictions, unless annotators are named.
    """
    gold_all = read_annotations(gold_path, gold_format)
    gold = select_annotations(
        gold_all, annotator=gold_annotator, prefer_predictions=False, source=Path(gold_path).name
    )
    texts = {doc_id: doc.text for doc_id, doc in gold.items()}
    pred_all = read_annotations(pred_path, pred_format, texts=texts)
    for doc in pred_all:
        if doc.id in texts and doc.text != texts[doc.id]:
            raise EvaluationError(
                f"document {doc.id!r}: text in {Path(pred_path).name} differs from the gold "
                f"text in {Path(gold_path).name}"
            )
    pred = select_annotations(
        pred_all, annotator=pred_annotator, prefer_predictions=True, source=Path(pred_path).name
    )
    return evaluate(gold, pred, label_map=label_map, ignore_labels=ignore_labels)


def agreement_files(
    paths: Sequence[str | Path] | str | Path,
    fmt: str | None = None,
    *,
    label_map: LabelMap = None,
    ignore_labels: Iterable[str] = (),
    include_predictions: bool = False,
) -> AgreementReport:
    """Agreement between annotators read from files.

    With one file (Label Studio, Prodigy with annotator ids, clindeid JSONL with
    ``annotator``), its annotators are compared. With several, each file is an annotator
    named after the file (``file:annotator`` when a file holds several); files lacking
    texts take them from earlier files. Label Studio predictions are left out unless
    ``include_predictions``.
    """
    if isinstance(paths, str | Path):
        paths = [paths]
    if not paths:
        raise AgreementError("no annotation files given")
    groups: dict[str, dict[str, AnnotatedDocument]] = {}
    texts: dict[str, str] = {}
    names = _file_names([Path(p) for p in paths])
    for path, file_name in zip(paths, names, strict=True):
        docs = read_annotations(path, fmt, texts=texts)
        if not include_predictions:
            docs = [d for d in docs if not (d.annotator or "").startswith("prediction:")]
        annotators = {d.annotator for d in docs}
        for doc in docs:
            texts.setdefault(doc.id, doc.text)
            if len(paths) == 1:
                name = doc.annotator or "gold"
            elif annotators == {None}:
                name = file_name
            else:
                name = f"{file_name}:{doc.annotator or 'gold'}"
            by_id = groups.setdefault(name, {})
            if doc.id in by_id:
                raise AgreementError(f"annotator {name!r} annotated document {doc.id!r} twice")
            by_id[doc.id] = doc
    return agreement(groups, label_map=label_map, ignore_labels=ignore_labels)


def _file_names(paths: list[Path]) -> list[str]:
    stems = [p.stem or p.name for p in paths]
    if len(set(stems)) == len(stems):
        return stems
    return [p.as_posix() for p in paths]
