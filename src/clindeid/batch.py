"""Run the pipeline over an input (file or folder, any supported format) into an output.

Bad documents never stop a run: they are reported by id/location and reason (never their
text), valid documents are still processed, and the summary says what failed.
"""

from __future__ import annotations

import json
import time
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from clindeid.io import detect_format, open_writer, read_documents
from clindeid.io.base import InputError, ReadError, ReadOptions, Record
from clindeid.pipeline import DeidentifiedDocument, Pipeline

ProgressHook = Callable[[int], None]


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
        }


def default_audit_path(output: Path) -> Path:
    return output.with_name(output.name + ".audit.jsonl")


def _records(input_path: Path, options: ReadOptions, summary: RunSummary) -> Iterator[Record]:
    """The readable documents; unreadable ones are recorded as failures. An input with
    nothing in it at all is an `InputError`."""
    seen = 0
    for item in read_documents(input_path, options):
        seen += 1
        if isinstance(item, ReadError):
            summary.failures.append(item.message())
        else:
            yield item
    if seen == 0:
        raise InputError(f"{input_path}: empty input (no documents found)")


def _process(
    pipeline: Pipeline, record: Record, summary: RunSummary
) -> DeidentifiedDocument | None:
    try:
        return pipeline.deidentify(record.document)
    except Exception as exc:  # one broken document must not stop the batch
        where = f"{record.source}:{record.location}" if record.location else record.source
        summary.failures.append(
            f"{where}: document {record.document.id!r} failed ({type(exc).__name__})"
        )
        return None


def _audit_lines(
    record: Record, result: DeidentifiedDocument, with_text: bool, original: str
) -> Iterator[str]:
    for rep in result.replacements:
        row: dict[str, Any] = {"id": record.document.id, **rep.to_json()}
        if with_text:
            row["text"] = original[rep.start : rep.end]
            row["surrogate"] = result.text[rep.new_start : rep.new_end]
        yield json.dumps(row, ensure_ascii=False)


def run_deidentify(
    pipeline: Pipeline,
    input_path: Path,
    output_path: Path,
    options: ReadOptions,
    audit_path: Path | None = None,
    audit_text: bool = False,
    progress: ProgressHook | None = None,
) -> RunSummary:
    """De-identify every document of ``input_path`` into ``output_path`` (same kind)."""
    summary = RunSummary()
    started = time.perf_counter()
    fmt = detect_format(input_path, options.format)
    audit_path = audit_path or default_audit_path(output_path)
    with ExitStack() as stack:
        writer = stack.enter_context(open_writer(output_path, fmt, options, input_path))
        audit: IO[str] = stack.enter_context(audit_path.open("w", encoding="utf-8"))
        for record in _records(input_path, options, summary):
            result = _process(pipeline, record, summary)
            if result is None:
                continue
            writer.write(record, result.text, result.replacements)
            for line in _audit_lines(record, result, audit_text, record.document.text):
                audit.write(line + "\n")
            _count(summary, record, result)
            if progress:
                progress(1)
    summary.seconds = time.perf_counter() - started
    return summary


def run_detect(
    pipeline: Pipeline,
    input_path: Path,
    output_path: Path,
    options: ReadOptions,
    progress: ProgressHook | None = None,
) -> RunSummary:
    """Write one JSON line per document: ``{"id", "entities": [{start, end, label, source}]}``."""
    summary = RunSummary()
    started = time.perf_counter()
    output_path.parent.mkdir(parents=True, exist_ok=True)
    with output_path.open("w", encoding="utf-8") as out:
        for record in _records(input_path, options, summary):
            try:
                entities = pipeline.detect(record.document)
            except Exception as exc:
                reason = f"document {record.document.id!r} failed ({type(exc).__name__})"
                summary.failures.append(f"{record.source}: {reason}")
                continue
            line = {"id": record.document.id, "entities": [e.to_json() for e in entities]}
            out.write(json.dumps(line, ensure_ascii=False) + "\n")
            summary.documents += 1
            summary.characters += len(record.document.text)
            summary.entities.update(e.label for e in entities)
            if progress:
                progress(1)
    summary.seconds = time.perf_counter() - started
    return summary


def _count(summary: RunSummary, record: Record, result: DeidentifiedDocument) -> None:
    summary.documents += 1
    summary.characters += len(record.document.text)
    summary.entities.update(e.label for e in result.entities)
    summary.masked += result.masked
    summary.epsilon_total += sum(result.epsilon_spent.values())
