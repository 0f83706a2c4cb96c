"""Distant supervision: label unlabelled text with the rule, dictionary and patient-context
detectors ("silver" training data, as in paper 002), with a confidence per span.

Each span keeps the detector's ``score`` and ``source`` (``pattern/date``,
``dictionary/person``, ``context/patient``…). Output: our JSONL (``score`` and ``source`` on
every entity) or any annotation format of `clindeid.io.annotations` (pre-annotations for
Doccano, Prodigy, Label Studio, BRAT).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from clindeid.config import Config
from clindeid.document import Document
from clindeid.io import ReadError, ReadOptions, Record, read_documents
from clindeid.io.annotations import AnnotatedDocument, write_annotations
from clindeid.io.annotations.base import entity_json, jsonable_meta
from clindeid.pipeline import Pipeline

__all__ = ["SilverSummary", "annotate_documents", "annotate_file", "silver_json"]

DEFAULT_DETECTORS: tuple[str, ...] = ("rules",)


def annotate_documents(
    documents: Iterable[Document],
    detectors: tuple[str, ...] = DEFAULT_DETECTORS,
    min_score: float = 0.0,
    only_with_entities: bool = False,
    annotator: str | None = None,
    pipeline: Pipeline | None = None,
) -> Iterator[AnnotatedDocument]:
    """Silver annotations of ``documents`` (entities with score below ``min_score`` are
    dropped; documents without entities too when ``only_with_entities``)."""
    pipeline = pipeline or Pipeline(Config(detectors=detectors))
    for doc in documents:
        entities = tuple(e for e in pipeline.detect(doc) if e.score >= min_score)
        if only_with_entities and not entities:
            continue
        yield AnnotatedDocument(doc.id, doc.text, entities, doc.meta.to_json(), annotator)


def silver_json(doc: AnnotatedDocument) -> dict[str, Any]:
    """Our JSONL record, with ``score`` and ``source`` on every entity."""
    entities = []
    for e in doc.entities:
        item = entity_json(e)
        item["score"] = round(float(e.score), 4)
        entities.append(item)
    obj: dict[str, Any] = {"id": doc.id, "text": doc.text, "entities": entities}
    if doc.meta:
        obj["meta"] = jsonable_meta(doc.meta)
    if doc.annotator is not None:
        obj["annotator"] = doc.annotator
    return obj


@dataclass
class SilverSummary:
    """What `annotate_file` did (no document text)."""

    documents: int = 0
    written: int = 0
    entities: int = 0
    by_label: Counter[str] = field(default_factory=Counter)
    by_source: Counter[str] = field(default_factory=Counter)
    errors: list[str] = field(default_factory=list)

    def count(self, doc: AnnotatedDocument) -> None:
        self.written += 1
        for e in doc.entities:
            self.entities += 1
            self.by_label[e.label] += 1
            self.by_source[e.source] += 1


def annotate_file(
    source: str | Path,
    output: str | Path,
    fmt: str | None = None,
    options: ReadOptions | None = None,
    detectors: tuple[str, ...] = DEFAULT_DETECTORS,
    min_score: float = 0.0,
    only_with_entities: bool = False,
    annotator: str | None = None,
) -> SilverSummary:
    """Read any input clindeid reads (txt folder, JSONL, CSV, Parquet, HTML), write silver
    annotations to ``output`` in ``fmt`` (guessed from its suffix: ``.jsonl`` ours, ``.json``
    Label Studio, no suffix BRAT folder). Unreadable documents are listed in ``errors``."""
    summary = SilverSummary()

    def documents() -> Iterator[Document]:
        for item in read_documents(source, options or ReadOptions()):
            if isinstance(item, ReadError):
                summary.errors.append(item.message())
            elif isinstance(item, Record):
                summary.documents += 1
                yield item.document

    silver = annotate_documents(documents(), detectors, min_score, only_with_entities,
                                annotator)  # fmt: skip
    out = Path(output)
    name = (fmt or "").lower()
    if name in ("clindeid", "jsonl") or (not name and out.suffix.lower() in (".jsonl", ".ndjson")):
        with out.open("w", encoding="utf-8") as fh:
            for doc in silver:
                summary.count(doc)
                fh.write(json.dumps(silver_json(doc), ensure_ascii=False) + "\n")
        return summary
    collected = []
    for doc in silver:
        summary.count(doc)
        collected.append(doc)
    write_annotations(collected, out, fmt)
    return summary
