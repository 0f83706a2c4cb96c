"""Doccano sequence-labelling JSONL exports.

Two flavours are read: ``{"text", "label": [[start, end, "LABEL"], …]}`` (doccano ≥ 1.x
"JSONL" export) and ``{"text", "entities": [{"start_offset", "end_offset", "label"}]}``
(export with relations). The id is ``id`` (else the line number); a ``meta`` object and any
other top-level key become metadata. The writer uses the first flavour.
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
)

_RESERVED = {"id", "text", "data", "label", "labels", "entities", "relations", "meta"}


def read(path: Path, mapper: LabelMapper) -> list[AnnotatedDocument]:
    """Read a doccano JSONL export (either flavour, mixed freely)."""
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
            docs.append(_document(obj, where, lineno, mapper))
    return docs


def _document(
    obj: dict[str, Any], where: str, lineno: int, mapper: LabelMapper
) -> AnnotatedDocument:
    text = obj.get("text", obj.get("data"))
    if not isinstance(text, str):
        raise AnnotationFormatError(f"{where}: missing 'text'")
    doc_id = str(obj.get("id", lineno))
    triples: list[tuple[Any, Any, Any]] = []
    labels = obj.get("label", obj.get("labels", []))
    if isinstance(labels, list):
        for item in labels:
            if isinstance(item, list | tuple) and len(item) == 3:
                triples.append((item[0], item[1], item[2]))
            elif isinstance(item, str):  # text classification label: not a span
                continue
            else:
                raise AnnotationFormatError(f"{where}: 'label' items must be [start, end, label]")
    for item in obj.get("entities") or []:
        if not isinstance(item, dict) or not {"start_offset", "end_offset", "label"} <= item.keys():
            raise AnnotationFormatError(
                f"{where}: 'entities' items need 'start_offset', 'end_offset' and 'label'"
            )
        triples.append((item["start_offset"], item["end_offset"], item["label"]))
    entities = []
    for start, end, label in triples:
        ent = make_entity(
            start,
            end,
            str(label),
            text_length=len(text),
            where=f"{where} (document {doc_id!r})",
            mapper=mapper,
        )
        if ent is not None:
            entities.append(ent)
    meta = dict(obj["meta"]) if isinstance(obj.get("meta"), dict) else {}
    meta.update({k: v for k, v in obj.items() if k not in _RESERVED})
    return AnnotatedDocument(doc_id, text, tuple(entities), meta)


def write(docs: Iterable[AnnotatedDocument], path: Path) -> None:
    """Write a doccano JSONL export (``label`` flavour, metadata under ``meta``)."""
    with path.open("w", encoding="utf-8") as fh:
        for doc in docs:
            obj: dict[str, Any] = {
                "id": doc.id,
                "text": doc.text,
                "label": [[e.start, e.end, e.label] for e in doc.entities],
            }
            if doc.meta:
                obj["meta"] = jsonable_meta(doc.meta)
            fh.write(json.dumps(obj, ensure_ascii=False) + "\n")
