"""Run options, the run summary, and what both runners (single output, parts) share."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from clindeid.document import _META_ALIASES
from clindeid.io.base import Record
from clindeid.runner.work import WorkResult

ProgressHook = Callable[[int], None]

DEFAULT_PART_DOCS = 1000
DEFAULT_PART_CHARS = 8_000_000
DEFAULT_DOC_TIMEOUT = 60.0


@dataclass(frozen=True)
class RunOptions:
    """How a batch run is executed (not what the pipeline does).

    ``parts``: write ``OUTPUT/part-NNNNN.*`` with a manifest (None: when ``workers > 1``
    or ``resume``). ``doc_timeout``: seconds per document (None: no bound).
    ``patient_column``: the column/key naming each document's patient (else
    ``meta.patient_id``). ``mapping_out``/``mapping_key``: the encrypted mapping table.
    """

    workers: int = 1
    parts: bool | None = None
    resume: bool = False
    part_docs: int = DEFAULT_PART_DOCS
    part_chars: int = DEFAULT_PART_CHARS
    doc_timeout: float | None = DEFAULT_DOC_TIMEOUT
    patient_column: str | None = None
    mapping_out: Path | None = None
    mapping_key: bytes | None = None
    privacy_report: bool = True

    def __post_init__(self) -> None:
        if self.workers < 1:
            raise ValueError("--workers must be at least 1")
        if self.part_docs < 1 or self.part_chars < 1:
            raise ValueError("part sizes must be positive")
        if (self.mapping_out is None) != (self.mapping_key is None):
            raise ValueError("--mapping-out and --mapping-key go together")

    @property
    def use_parts(self) -> bool:
        return self.parts if self.parts is not None else (self.workers > 1 or self.resume)


@dataclass
class RunSummary:
    """What a run did: counts, per-label entities, failures (messages without PHI)."""

    documents: int = 0
    characters: int = 0
    entities: Counter[str] = field(default_factory=Counter)
    masked: int = 0
    failures: list[str] = field(default_factory=list)
    seconds: float = 0.0
    epsilon_total: float = 0.0
    epsilon_by_label: Counter[str] = field(default_factory=Counter)
    patients: int = 0
    epsilon_patient_max: float = 0.0
    epsilon_patient_mean: float = 0.0
    skipped: int = 0  # documents of parts already done (resume)
    parts: int = 0
    peak_rss_mb: dict[str, float] = field(default_factory=dict)
    startup_seconds: float = 0.0  # building the workers' pipelines (included in seconds)

    @property
    def ok(self) -> bool:
        return not self.failures

    def to_json(self) -> dict[str, Any]:
        return {
            "documents": self.documents,
            "characters": self.characters,
            "entities": dict(sorted(self.entities.items())),
            "masked": self.masked,
            "failures": list(self.failures),
            "seconds": round(self.seconds, 3),
            "epsilon_total": self.epsilon_total,
            "epsilon_by_label": dict(sorted(self.epsilon_by_label.items())),
            "patients": self.patients,
            "epsilon_patient_max": self.epsilon_patient_max,
            "epsilon_patient_mean": self.epsilon_patient_mean,
            "skipped": self.skipped,
            "parts": self.parts,
        }

    def count(self, record: Record, result: WorkResult) -> None:
        self.documents += 1
        self.characters += len(record.document.text)
        self.entities.update(result.labels)
        self.masked += sum(r.masked for r in result.replacements)
        self.epsilon_total += sum(result.epsilon.values())
        self.epsilon_by_label.update(result.epsilon)

    def merge(self, other: Mapping[str, Any]) -> None:
        """Add a part's recorded totals (resume)."""
        self.documents += other.get("documents", 0)
        self.characters += other.get("characters", 0)
        self.entities.update(other.get("entities", {}))
        self.masked += other.get("masked", 0)
        self.failures.extend(other.get("failures", []))
        self.epsilon_total += other.get("epsilon_total", 0.0)
        self.epsilon_by_label.update(other.get("epsilon_by_label", {}))


def failure_message(
    record_or_source: Record | str, location: str | None, doc_id: str, reason: str
) -> str:
    """``source:location: document 'id' reason`` (no text)."""
    if isinstance(record_or_source, Record):
        source, location = record_or_source.source, record_or_source.location
    else:
        source = record_or_source
    where = f"{source}:{location}" if location else source
    return f"{where}: document {doc_id!r} {reason}"


_ALIAS_FIELD = {alias: name for name, aliases in _META_ALIASES.items() for alias in aliases}


def patient_of(record: Record, column: str | None) -> str | None:
    """The patient of a document: ``column`` in the row / JSON object / metadata, else
    ``meta.patient_id``. Empty values are no patient."""
    meta = record.document.meta
    if column:
        wanted = column.strip().lower()
        for source in _payload_values(record), meta.extra:
            for k, v in source.items():
                if str(k).strip().lower() == wanted and v not in (None, ""):
                    return str(v)
        name = _ALIAS_FIELD.get(wanted)
        if name is not None and getattr(meta, name, None) not in (None, ""):
            return str(getattr(meta, name))
    return meta.patient_id or None


def _payload_values(record: Record) -> Mapping[str, Any]:
    payload = record.payload
    for attr in ("row", "obj"):
        values = getattr(payload, attr, None)
        if isinstance(values, Mapping):
            obj_meta = values.get("meta") if attr == "obj" else None
            return {**(obj_meta if isinstance(obj_meta, Mapping) else {}), **values}
    header = getattr(payload, "header", None)
    row = getattr(payload, "row", None)
    if header is not None and row is not None:
        return dict(zip(header, row, strict=False))
    return {}


def audit_lines(
    record: Record, result: WorkResult, with_text: bool, new_text: str
) -> Iterator[str]:
    """One JSON line per replacement (original text only when asked)."""
    original = record.document.text
    for rep in result.replacements:
        row: dict[str, Any] = {"id": record.document.id, **rep.to_json()}
        if with_text:
            row["text"] = original[rep.start : rep.end]
            row["surrogate"] = new_text[rep.new_start : rep.new_end]
        yield json.dumps(row, ensure_ascii=False)


def privacy_line(result: WorkResult, patient: str | None) -> str:
    """The privacy report of one document: mentions, ε and masked counts per label."""
    masked: Counter[str] = Counter(r.label for r in result.replacements if r.masked)
    row = {
        "id": result.id,
        "patient": patient,
        "mentions": dict(sorted(result.labels.items())),
        "epsilon": {k: round(v, 12) for k, v in sorted(result.epsilon.items())},
        "epsilon_total": round(sum(result.epsilon.values()), 12),
        "masked": dict(sorted(masked.items())),
        "values_released": len(result.released),
    }
    return json.dumps(row, ensure_ascii=False)


def write_line(stream: IO[str], line: str) -> None:
    stream.write(line + "\n")
