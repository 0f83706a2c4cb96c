"""Prodigy NER JSONL (``db-out`` exports).

``{"text", "spans": [{"start", "end", "label"}], "answer": "accept", "meta": {...}}``.
Rejected and ignored answers are skipped (only ``accept``, or no answer, is kept). The id
is ``meta.id``, else ``id``, else ``_input_hash``, else the line number. When
``_annotator_id`` (or ``_session_id``) is present it names the annotator, so multi-user
datasets give one `AnnotatedDocument` per annotator and text.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from clindeid.io.annotations.base import (
    AnnotatedDocument,
    AnnotationFormatError,
    LabelMapper,
    jsonable_meta,
    make_entity,
    source_name,
)


def read(path: Path, mapper: LabelMapper) -> list[AnnotatedDocument]:
    """Read accepted Prodigy tasks."""
    docs = []
    with path.open(encoding="utf-8") as fh:
        for lineno, line in enumerate(fh, 1):
            if not line.strip():
                continue
            where = f"{path.name}:{lineno}"
            try:
                obj = json.loads(line)
            except json.JSONDecodeError as exc:
                raise AnnotationFormatError(f"{where}: invalid JSON ({exc.msg})") from None
            if not isinstance(obj, dict):
                raise AnnotationFormatError(f"{where}: expected a JSON object")
            if obj.get("answer", "accept") != "accept":
                continue
            docs.append(_document(obj, where, lineno, mapper))
    return docs


def _document(
    obj: dict[str, Any], where: str, lineno: int, mapper: LabelMapper
) -> AnnotatedDocument:
    text = obj.get("text")
    if not isinstance(text, str):
        raise AnnotationFormatError(f"{where}: missing 'text'")
    meta = dict(obj["meta"]) if isinstance(obj.get("meta"), dict) else {}
    if "id" in meta:
        doc_id = str(meta.pop("id"))
    elif "id" in obj:
        doc_id = str(obj["id"])
    elif "_input_hash" in obj:
        doc_id = str(obj["_input_hash"])
    else:
        doc_id = str(lineno)
    annotator = obj.get("_annotator_id") or obj.get("_session_id")
    annotator = None if annotator is None else str(annotator)
    entities = []
    for i, span in enumerate(obj.get("spans") or []):
        here = f"{where} (document {doc_id!r}, span {i})"
        if not isinstance(span, dict) or not {"start", "end", "label"} <= span.keys():
            raise AnnotationFormatError(f"{here}: spans need 'start', 'end' and 'label'")
        ent = make_entity(
            span["start"],
            span["end"],
            str(span["label"]),
            text_length=len(text),
            where=here,
            mapper=mapper,
            source=source_name(annotator),
        )
        if ent is not None:
            entities.append(ent)
    return AnnotatedDocument(doc_id, text, tuple(entities), meta, annotator)


def write(docs: Iterable[AnnotatedDocument], path: Path) -> None:
    """Write accepted Prodigy tasks (id in ``meta.id``)."""
    with path.open("w", encoding="utf-8") as fh:
        for doc in docs:
            obj: dict[str, Any] = {
                "text": doc.text,
                "spans": [{"start": e.start, "end": e.end, "label": e.label} for e in doc.entities],
                "answer": "accept",
                "meta": {**jsonable_meta(doc.meta), "id": doc.id},
            }
            if doc.annotator is not None:
                obj["_annotator_id"] = doc.annotator
            fh.write(json.dumps(obj, ensure_ascii=False) + "\n")
