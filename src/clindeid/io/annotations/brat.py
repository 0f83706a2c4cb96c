"""BRAT standoff: a folder of ``NAME.txt`` texts with ``NAME.ann`` annotations.

Text-bound lines ``T1<TAB>LABEL START END[;START END…]<TAB>covered text`` give entities; a
discontinuous span becomes one entity per fragment (attribute ``fragment_of`` names the
T id). Attribute lines ``A1<TAB>Role T1 staff`` (or binary ``A2<TAB>Negated T1``) set
entity attributes under the lower-cased attribute name. Relations, events, notes and
normalisations are ignored. A document's id is the path of its ``.txt`` relative to the
folder, without the extension. Texts are read without newline translation so that
offsets stay exact on CRLF files.
"""

from __future__ import annotations

import re
import warnings
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from clindeid.document import Entity
from clindeid.io.annotations.base import (
    AnnotatedDocument,
    AnnotationFormatError,
    LabelMapper,
    make_entity,
    source_name,
)

_OFFSETS_RE = re.compile(r"^\d+ \d+(;\d+ \d+)*$")
_WRITTEN_ATTRIBUTES = ("role", "kind")


def read(path: Path, mapper: LabelMapper) -> list[AnnotatedDocument]:
    """Read a BRAT folder (recursively), or a single ``.ann``/``.txt`` pair."""
    if path.is_dir():
        pairs = [(txt, txt.with_suffix(".ann")) for txt in sorted(path.rglob("*.txt"))]
        root = path
    else:
        txt = path.with_suffix(".txt")
        pairs = [(txt, path.with_suffix(".ann"))]
        root = path.parent
    docs = []
    for txt, ann in pairs:
        if not txt.exists():
            raise AnnotationFormatError(f"{txt.name}: text file not found next to {ann.name}")
        doc_id = txt.relative_to(root).with_suffix("").as_posix()
        docs.append(_read_pair(doc_id, txt, ann, mapper))
    return docs


def _read_pair(doc_id: str, txt: Path, ann: Path, mapper: LabelMapper) -> AnnotatedDocument:
    with txt.open(encoding="utf-8", newline="") as fh:
        text = fh.read()
    if not ann.exists():
        return AnnotatedDocument(doc_id, text, ())
    fragments: dict[str, list[Entity]] = {}
    attributes: dict[str, dict[str, Any]] = {}
    mismatches = 0
    with ann.open(encoding="utf-8") as fh:
        for lineno, raw in enumerate(fh, 1):
            line = raw.rstrip("\r\n")
            if not line.strip():
                continue
            where = f"{ann.name}:{lineno}"
            kind = line[0]
            if kind == "T":
                tid, entities, covered = _text_bound(line, where, text, mapper)
                fragments[tid] = entities
                spans = " ".join(text[e.start : e.end] for e in entities)
                if covered is not None and covered.split() != spans.split():
                    mismatches += 1
            elif kind == "A" or kind == "M":
                target, name, value = _attribute(line, where)
                attributes.setdefault(target, {})[name] = value
            elif kind in "RE*#N":
                continue
            else:
                raise AnnotationFormatError(f"{where}: unknown BRAT annotation type {kind!r}")
    if mismatches:
        warnings.warn(
            f"{ann.name}: {mismatches} text-bound annotations whose recorded text differs "
            "from the .txt at their offsets (check encoding and line endings)",
            UserWarning,
            stacklevel=4,
        )
    entities: list[Entity] = []
    for tid, parts in fragments.items():
        extra = dict(attributes.get(tid, {}))
        if len(parts) > 1:
            extra["fragment_of"] = tid
        entities.extend(e.with_(attributes=extra) if extra else e for e in parts)
    unknown = sorted(set(attributes) - set(fragments))
    if unknown:
        raise AnnotationFormatError(
            f"{ann.name}: attributes refer to unknown annotations {', '.join(unknown)}"
        )
    return AnnotatedDocument(doc_id, text, tuple(entities))


def _text_bound(
    line: str, where: str, text: str, mapper: LabelMapper
) -> tuple[str, list[Entity], str | None]:
    parts = line.split("\t")
    if len(parts) < 2:
        raise AnnotationFormatError(f"{where}: malformed text-bound line (expected tabs)")
    tid = parts[0].strip()
    head = parts[1].strip()
    label, _, offsets = head.partition(" ")
    offsets = offsets.strip()
    if not label or not _OFFSETS_RE.match(offsets):
        raise AnnotationFormatError(
            f"{where}: malformed text-bound line (expected 'LABEL START END[;START END]')"
        )
    entities = []
    for frag in offsets.split(";"):
        start, end = frag.split()
        ent = make_entity(
            start,
            end,
            label,
            text_length=len(text),
            where=where,
            mapper=mapper,
            source=source_name(None),
        )
        if ent is not None:
            entities.append(ent)
    covered = parts[2] if len(parts) > 2 else None
    return tid, entities, covered


def _attribute(line: str, where: str) -> tuple[str, str, Any]:
    parts = line.split("\t")
    fields = parts[1].split() if len(parts) >= 2 else []
    if len(fields) not in (2, 3):
        raise AnnotationFormatError(
            f"{where}: malformed attribute line (expected 'NAME TARGET [VALUE]')"
        )
    name, target = fields[0].lower(), fields[1]
    value: Any = fields[2] if len(fields) == 3 else True
    return target, name, value


def write(docs: Iterable[AnnotatedDocument], path: Path) -> None:
    """Write one ``.txt``/``.ann`` pair per document into the folder ``path``.

    Ids may contain ``/`` (sub-folders); role and kind attributes become A lines.
    """
    path.mkdir(parents=True, exist_ok=True)
    seen: set[str] = set()
    for doc in docs:
        if doc.id in seen:
            raise AnnotationFormatError(
                f"{path.name}: document id {doc.id!r} appears twice; BRAT holds one "
                "annotation per document"
            )
        seen.add(doc.id)
        rel = Path(doc.id)
        if rel.is_absolute() or ".." in rel.parts or not doc.id:
            raise AnnotationFormatError(f"document id {doc.id!r} cannot be used as a file name")
        txt = path / (doc.id + ".txt")
        txt.parent.mkdir(parents=True, exist_ok=True)
        with txt.open("w", encoding="utf-8", newline="") as fh:
            fh.write(doc.text)
        lines = []
        n_attr = 0
        for i, ent in enumerate(doc.entities, 1):
            covered = " ".join(doc.text[ent.start : ent.end].split())
            lines.append(f"T{i}\t{ent.label} {ent.start} {ent.end}\t{covered}")
            for name in _WRITTEN_ATTRIBUTES:
                value = ent.attributes.get(name)
                if isinstance(value, str) and value and " " not in value:
                    n_attr += 1
                    lines.append(f"A{n_attr}\t{name.capitalize()} T{i} {value}")
        with (path / (doc.id + ".ann")).open("w", encoding="utf-8", newline="") as fh:
            fh.write("".join(line + "\n" for line in lines))
