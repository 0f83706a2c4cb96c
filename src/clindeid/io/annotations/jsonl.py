"""clindeid's own annotation JSONL, one document per line.

``{"id": ..., "text": ..., "entities": [{"start", "end", "label", "source"?, "score"?,
"attributes"?}], "meta"?: {...}, "annotator"?: ...}``. The output of ``clindeid detect``
(``id`` and ``entities``, no ``text``) is accepted too: its texts then come from
``texts``, usually the gold side of an evaluation.
"""

from __future__ import annotations

import json
import warnings
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from clindeid.io.annotations.base import (
    AnnotatedDocument,
    AnnotationFormatError,
    LabelMapper,
    entity_json,
    jsonable_meta,
    make_entity,
    source_name,
)


def read(
    path: Path, mapper: LabelMapper, texts: Mapping[str, str] | None = None
) -> list[AnnotatedDocument]:
    """Read a clindeid JSONL file (texts missing from a line are looked up in ``texts``).

    When ``texts`` is given, lines without text whose id is not in it are skipped (with a
    warning): predictions for documents outside the gold.
    """
    docs: list[AnnotatedDocument] = []
    skipped = 0
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
            if (
                obj.get("text") is None
                and texts is not None
                and "id" in obj
                and str(obj["id"]) not in texts
            ):
                skipped += 1
                continue
            docs.append(_document(obj, where, mapper, texts))
    if skipped:
        warnings.warn(
            f"{path.name}: {skipped} documents without text and absent from the reference "
            "texts were skipped",
            UserWarning,
            stacklevel=3,
        )
    return docs


def _document(
    obj: dict[str, Any], where: str, mapper: LabelMapper, texts: Mapping[str, str] | None
) -> AnnotatedDocument:
    if "id" not in obj:
        raise AnnotationFormatError(f"{where}: missing 'id'")
    doc_id = str(obj["id"])
    text = obj.get("text")
    if text is None:
        if texts is None or doc_id not in texts:
            raise AnnotationFormatError(
                f"{where}: document {doc_id!r} has no 'text' and none was given for it"
            )
        text = texts[doc_id]
    if not isinstance(text, str):
        raise AnnotationFormatError(f"{where}: 'text' of document {doc_id!r} is not a string")
    annotator = obj.get("annotator")
    annotator = None if annotator is None else str(annotator)
    raw_entities = obj.get("entities", [])
    if not isinstance(raw_entities, list):
        raise AnnotationFormatError(f"{where}: 'entities' of {doc_id!r} is not a list")
    entities = []
    for i, ent in enumerate(raw_entities):
        here = f"{where} (document {doc_id!r}, entity {i})"
        if not isinstance(ent, dict) or not {"start", "end", "label"} <= ent.keys():
            raise AnnotationFormatError(f"{here}: needs 'start', 'end' and 'label'")
        attributes = ent.get("attributes") or {}
        if not isinstance(attributes, dict):
            raise AnnotationFormatError(f"{here}: 'attributes' is not an object")
        made = make_entity(
            ent["start"],
            ent["end"],
            ent["label"],
            text_length=len(text),
            where=here,
            mapper=mapper,
            source=str(ent.get("source") or source_name(annotator)),
            score=ent.get("score", 1.0),
            attributes=attributes,
        )
        if made is not None:
            entities.append(made)
    meta = obj.get("meta") or {}
    if not isinstance(meta, dict):
        raise AnnotationFormatError(f"{where}: 'meta' of {doc_id!r} is not an object")
    return AnnotatedDocument(doc_id, text, tuple(entities), dict(meta), annotator)


def write(docs: Iterable[AnnotatedDocument], path: Path) -> None:
    """Write documents as clindeid JSONL."""
    with path.open("w", encoding="utf-8") as fh:
        for doc in docs:
            obj: dict[str, Any] = {
                "id": doc.id,
                "text": doc.text,
                "entities": [entity_json(e) for e in doc.entities],
            }
            if doc.meta:
                obj["meta"] = jsonable_meta(doc.meta)
            if doc.annotator is not None:
                obj["annotator"] = doc.annotator
            fh.write(json.dumps(obj, ensure_ascii=False) + "\n")
