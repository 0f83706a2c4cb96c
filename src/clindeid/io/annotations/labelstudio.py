"""Label Studio JSON exports (a list of tasks).

Each task has ``data.text`` (or a single string field in ``data``), human
``annotations[*].result[*]`` and model ``predictions[*].result[*]`` whose ``value`` holds
``start``, ``end`` and ``labels``. Every annotation becomes its own `AnnotatedDocument`,
with the task's id and ``annotator`` set to the annotator (``completed_by``: e-mail or user
id; ``None`` for a task's single anonymous annotation) or ``"prediction:<model_version>"``
for predictions; cancelled annotations are skipped. The document id is ``data.id`` (or
``doc_id``/``document_id``), else the task id; other ``data`` fields become metadata.

Label Studio's front end counts offsets in UTF-16 code units: when a region's recorded
text does not match the text at its offsets and the text has characters outside the BMP,
the offsets are converted to code points.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from itertools import accumulate
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

PREDICTION_PREFIX = "prediction:"
_ID_KEYS = ("id", "doc_id", "document_id")


def read(path: Path, mapper: LabelMapper) -> list[AnnotatedDocument]:
    """Read a Label Studio JSON export: one document per task and annotation."""
    try:
        with path.open(encoding="utf-8") as fh:
            tasks = json.load(fh)
    except json.JSONDecodeError as exc:
        raise AnnotationFormatError(f"{path.name}:{exc.lineno}: invalid JSON ({exc.msg})") from None
    if isinstance(tasks, dict):
        tasks = [tasks]
    if not isinstance(tasks, list):
        raise AnnotationFormatError(f"{path.name}: expected a list of Label Studio tasks")
    docs: list[AnnotatedDocument] = []
    for index, task in enumerate(tasks):
        docs.extend(_task(task, f"{path.name}: task {index}", index, mapper))
    return docs


def _task(task: Any, where: str, index: int, mapper: LabelMapper) -> list[AnnotatedDocument]:
    if not isinstance(task, dict) or not isinstance(task.get("data"), dict):
        raise AnnotationFormatError(f"{where}: a task needs a 'data' object")
    data: dict[str, Any] = task["data"]
    text_key = "text" if "text" in data else None
    if text_key is None:
        strings = [k for k, v in data.items() if isinstance(v, str) and k not in _ID_KEYS]
        if len(strings) != 1:
            raise AnnotationFormatError(f"{where}: cannot tell which 'data' field is the text")
        text_key = strings[0]
    text = data[text_key]
    if not isinstance(text, str):
        raise AnnotationFormatError(f"{where}: 'data.{text_key}' is not a string")
    id_key = next((k for k in _ID_KEYS if data.get(k) not in (None, "")), None)
    doc_id = str(data[id_key]) if id_key else str(task.get("id", index))
    meta = {k: v for k, v in data.items() if k not in (text_key, id_key)}
    where = f"{where} (document {doc_id!r})"

    runs: list[tuple[str | None, list[dict[str, Any]]]] = []
    annotations = [a for a in task.get("annotations") or [] if not a.get("was_cancelled")]
    for i, ann in enumerate(annotations):
        name = _annotator(ann.get("completed_by"))
        if name is None and len(annotations) > 1:
            name = f"annotation-{i + 1}"
        runs.append((name, ann.get("result") or []))
    for i, pred in enumerate(task.get("predictions") or []):
        version = pred.get("model_version") or str(i + 1)
        runs.append((f"{PREDICTION_PREFIX}{version}", pred.get("result") or []))
    if not runs:
        runs.append((None, []))

    docs = []
    for annotator, results in runs:
        entities = []
        for j, region in enumerate(results):
            entities.extend(_region(region, text, f"{where}, region {j}", mapper, annotator))
        docs.append(AnnotatedDocument(doc_id, text, tuple(entities), dict(meta), annotator))
    return docs


def _annotator(completed_by: Any) -> str | None:
    if isinstance(completed_by, dict):
        for key in ("email", "username", "id"):
            if completed_by.get(key) not in (None, ""):
                return str(completed_by[key])
        return None
    return None if completed_by in (None, "") else str(completed_by)


def _region(
    region: Any, text: str, where: str, mapper: LabelMapper, annotator: str | None
) -> list[Any]:
    value = region.get("value") if isinstance(region, dict) else None
    if not isinstance(value, dict) or "start" not in value or "end" not in value:
        return []  # relations, choices, text areas…
    labels = value.get("labels") or value.get("hypertextlabels") or []
    if isinstance(labels, str):
        labels = [labels]
    start, end = value["start"], value["end"]
    recorded = value.get("text")
    if (
        isinstance(recorded, str)
        and isinstance(start, int)
        and isinstance(end, int)
        and text[start:end] != recorded
        and any(ord(c) > 0xFFFF for c in text)
    ):
        start, end = _utf16_to_codepoints(text, start, end)
    score = region.get("score", 1.0)
    out = []
    for label in labels:
        ent = make_entity(
            start,
            end,
            str(label),
            text_length=len(text),
            where=where,
            mapper=mapper,
            source=source_name(annotator),
            score=1.0 if score is None else score,
        )
        if ent is not None:
            out.append(ent)
    return out


def _utf16_to_codepoints(text: str, start: int, end: int) -> tuple[int, int]:
    units = list(accumulate((2 if ord(c) > 0xFFFF else 1 for c in text), initial=0))
    index = {u: i for i, u in enumerate(units)}
    return index.get(start, start), index.get(end, end)


def write(docs: Iterable[AnnotatedDocument], path: Path) -> None:
    """Write a Label Studio export: documents sharing an id become one task.

    Annotators named ``prediction:<version>`` are written as predictions, others as
    annotations (a numeric annotator as ``completed_by``, any other name as
    ``completed_by.email``).
    """
    tasks: dict[str, dict[str, Any]] = {}
    for doc in docs:
        task = tasks.get(doc.id)
        if task is None:
            data = {"text": doc.text, "id": doc.id, **jsonable_meta(doc.meta)}
            task = {"id": len(tasks) + 1, "data": data, "annotations": [], "predictions": []}
            tasks[doc.id] = task
        elif task["data"]["text"] != doc.text:
            raise AnnotationFormatError(
                f"{path.name}: document {doc.id!r} has different texts for different annotators"
            )
        result = [
            {
                "id": f"r{k}",
                "from_name": "label",
                "to_name": "text",
                "type": "labels",
                "value": {
                    "start": e.start,
                    "end": e.end,
                    "text": doc.text[e.start : e.end],
                    "labels": [e.label],
                },
                **({"score": e.score} if e.score != 1.0 else {}),
            }
            for k, e in enumerate(doc.entities, 1)
        ]
        name = doc.annotator
        if name is not None and name.startswith(PREDICTION_PREFIX):
            version = name[len(PREDICTION_PREFIX) :]
            task["predictions"].append({"model_version": version, "result": result})
        else:
            ann: dict[str, Any] = {"id": sum(len(t["annotations"]) for t in tasks.values()) + 1}
            if name is not None:
                numeric = name.isdigit() and str(int(name)) == name
                ann["completed_by"] = int(name) if numeric else {"email": name}
            ann["result"] = result
            task["annotations"].append(ann)
    with path.open("w", encoding="utf-8") as fh:
        json.dump(list(tasks.values()), fh, ensure_ascii=False, indent=1)
