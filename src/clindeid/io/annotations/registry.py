"""The annotation format registry: reading and writing by format name, format guessing.

Formats: ``clindeid`` (alias ``jsonl``), ``brat``, ``doccano``, ``prodigy``,
``labelstudio`` (aliases ``label-studio``, ``ls``) and ``conll`` (aliases ``bio``,
``iob``, ``iobes``).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import Any

from clindeid.io.annotations import brat, conll, doccano, jsonl, labelstudio, prodigy
from clindeid.io.annotations.base import AnnotatedDocument, AnnotationFormatError, LabelMapper

FORMATS: tuple[str, ...] = ("clindeid", "brat", "doccano", "prodigy", "labelstudio", "conll")

_ALIASES: dict[str, str] = {
    "jsonl": "clindeid",
    "detect": "clindeid",
    "standoff": "brat",
    "label-studio": "labelstudio",
    "label_studio": "labelstudio",
    "ls": "labelstudio",
    "bio": "conll",
    "iob": "conll",
    "iobes": "conll",
    "conll2003": "conll",
}
_CONLL_SUFFIXES = {".conll", ".conllu", ".bio", ".iob", ".iob2", ".iobes", ".bioes", ".tsv"}
_JSONL_SUFFIXES = {".jsonl", ".ndjson"}

_READERS: dict[str, Callable[[Path, LabelMapper], list[AnnotatedDocument]]] = {
    "brat": brat.read,
    "doccano": doccano.read,
    "prodigy": prodigy.read,
    "labelstudio": labelstudio.read,
    "conll": conll.read,
}
_WRITERS: dict[str, Callable[[Iterable[AnnotatedDocument], Path], None]] = {
    "clindeid": jsonl.write,
    "brat": brat.write,
    "doccano": doccano.write,
    "prodigy": prodigy.write,
    "labelstudio": labelstudio.write,
    "conll": conll.write,
}


def normalise_format(fmt: str) -> str:
    """The canonical name of a format or alias; `AnnotationFormatError` if unknown."""
    name = fmt.strip().lower()
    name = _ALIASES.get(name, name)
    if name not in FORMATS:
        raise AnnotationFormatError(
            f"unknown annotation format {fmt!r}; choose from {', '.join(FORMATS)}"
        )
    return name


def guess_format(path: str | Path) -> str:
    """Guess the format of an annotation file or folder from its name and first record."""
    path = Path(path)
    if path.is_dir() or path.suffix == ".ann":
        return "brat"
    suffix = path.suffix.lower()
    if suffix in _CONLL_SUFFIXES:
        return "conll"
    if suffix == ".json":
        return "labelstudio" if _first_json_has_data(path) else "clindeid"
    if suffix in _JSONL_SUFFIXES or suffix == "":
        record = _first_record(path)
        if record is not None:
            return _guess_jsonl(record)
    if suffix == ".txt" and path.with_suffix(".ann").exists():
        return "brat"
    raise AnnotationFormatError(
        f"{path.name}: cannot guess the annotation format; give one of {', '.join(FORMATS)}"
    )


def _first_json_has_data(path: Path) -> bool:
    try:
        with path.open(encoding="utf-8") as fh:
            obj = json.load(fh)
    except (json.JSONDecodeError, UnicodeDecodeError):
        return False
    if isinstance(obj, list):
        obj = obj[0] if obj else {"data": {}}
    return isinstance(obj, dict) and isinstance(obj.get("data"), dict)


def _first_record(path: Path) -> dict[str, Any] | None:
    try:
        with path.open(encoding="utf-8") as fh:
            for line in fh:
                if line.strip():
                    obj = json.loads(line)
                    return obj if isinstance(obj, dict) else None
    except (json.JSONDecodeError, UnicodeDecodeError):
        return None
    return None


def _guess_jsonl(record: dict[str, Any]) -> str:
    if "spans" in record or "answer" in record or "_input_hash" in record:
        return "prodigy"
    if isinstance(record.get("data"), dict):
        return "labelstudio"
    entities = record.get("entities")
    if isinstance(record.get("label"), list) or (
        isinstance(entities, list) and entities and "start_offset" in entities[0]
    ):
        return "doccano"
    return "clindeid"


def read_annotations(
    path: str | Path,
    fmt: str | None = None,
    *,
    texts: Mapping[str, str] | None = None,
    map_labels: bool = True,
) -> list[AnnotatedDocument]:
    """Read every annotated document of ``path`` (several per id for multi-annotator files).

    ``fmt`` is guessed when ``None``. ``texts`` (id → text) supplies the texts that
    clindeid JSONL files from ``clindeid detect`` lack. Labels are mapped to clindeid's
    unless ``map_labels`` is false; unknown labels are kept upper-cased and reported in one
    warning.
    """
    path = Path(path)
    if not path.exists():
        raise AnnotationFormatError(f"{path}: no such file or folder")
    name = guess_format(path) if fmt is None else normalise_format(fmt)
    mapper = LabelMapper(enabled=map_labels)
    reader = _READERS.get(name)
    docs = reader(path, mapper) if reader else jsonl.read(path, mapper, texts)
    mapper.warn(path.name)
    return docs


def load_annotations(
    path: str | Path,
    fmt: str | None = None,
    texts: Mapping[str, str] | None = None,
    *,
    annotator: str | None = None,
    prefer_predictions: bool = False,
    map_labels: bool = True,
) -> dict[str, AnnotatedDocument]:
    """Read ``path`` and index it by document id, one annotation per id.

    Where an id has several annotations, ``annotator`` picks one by name (ids it did not
    annotate are left out); otherwise
    predictions (annotators named ``prediction:…``) are preferred when
    ``prefer_predictions`` and avoided when not. Remaining ambiguity is an error naming the
    id and its annotators. Texts given in ``texts`` must agree with those in the file.
    """
    docs = read_annotations(path, fmt, texts=texts, map_labels=map_labels)
    return select_annotations(
        docs,
        annotator=annotator,
        prefer_predictions=prefer_predictions,
        source=Path(path).name,
        texts=texts,
    )


def select_annotations(
    docs: Iterable[AnnotatedDocument],
    *,
    annotator: str | None = None,
    prefer_predictions: bool = False,
    source: str = "annotations",
    texts: Mapping[str, str] | None = None,
) -> dict[str, AnnotatedDocument]:
    """One annotation per document id (see `load_annotations`)."""
    groups: dict[str, list[AnnotatedDocument]] = {}
    for doc in docs:
        if texts is not None and doc.id in texts and texts[doc.id] != doc.text:
            raise AnnotationFormatError(
                f"{source}: the text of document {doc.id!r} differs from the reference text"
            )
        groups.setdefault(doc.id, []).append(doc)
    if annotator is not None:
        names = {d.annotator for group in groups.values() for d in group}
        if annotator not in names:
            raise AnnotationFormatError(
                f"{source}: no annotator {annotator!r}; found "
                f"{', '.join(sorted(str(n) for n in names))}"
            )
    out: dict[str, AnnotatedDocument] = {}
    for doc_id, group in groups.items():
        if annotator is not None:
            group = [d for d in group if d.annotator == annotator]
            if not group:
                continue  # not annotated by that annotator
        out[doc_id] = _pick(doc_id, group, prefer_predictions, source)
    return out


def _pick(
    doc_id: str,
    group: list[AnnotatedDocument],
    prefer_predictions: bool,
    source: str,
) -> AnnotatedDocument:
    if len(group) > 1:
        is_pred = [
            d for d in group if (d.annotator or "").startswith(labelstudio.PREDICTION_PREFIX)
        ]
        preferred = is_pred if prefer_predictions else [d for d in group if d not in is_pred]
        group = preferred or group
    if len(group) > 1:
        names = ", ".join(str(d.annotator) for d in group)
        raise AnnotationFormatError(
            f"{source}: document {doc_id!r} has {len(group)} annotations ({names}); "
            "choose one annotator"
        )
    return group[0]


def write_annotations(
    docs: Iterable[AnnotatedDocument], path: str | Path, fmt: str | None = None
) -> None:
    """Write documents in ``fmt`` (guessed from the suffix of ``path`` when ``None``:
    ``.jsonl`` → clindeid, ``.json`` → labelstudio, ``.conll``/``.bio`` → conll, no suffix →
    brat folder)."""
    path = Path(path)
    if fmt is None:
        suffix = path.suffix.lower()
        if suffix in _CONLL_SUFFIXES:
            fmt = "conll"
        elif suffix == ".json":
            fmt = "labelstudio"
        elif suffix in _JSONL_SUFFIXES:
            fmt = "clindeid"
        elif suffix == "":
            fmt = "brat"
        else:
            raise AnnotationFormatError(f"{path.name}: cannot tell the format from the suffix")
    name = normalise_format(fmt)
    _WRITERS[name](docs, path)
