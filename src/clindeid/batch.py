"""Run the pipeline over an input (file or folder, any supported format) into an output.

Bad documents never stop a run: they are reported by id/location and reason (never their
text), valid documents are still processed, and the summary says what failed. A document
that fails or exceeds the time bound is not written (fail closed).

Two layouts (see `RunOptions.use_parts`):

- **single** (the default with one worker): the output is the same kind as the input (a
  file, or a folder mirroring the input folder), plus ``OUTPUT.audit.jsonl`` and the
  privacy report ``OUTPUT.privacy.jsonl`` (per document) and
  ``OUTPUT.privacy.patients.jsonl`` (per patient). With ``workers > 1`` and ``parts=False``
  documents are processed in worker processes and written in input order.
- **parts** (``workers > 1`` or ``resume``): ``OUTPUT/`` holds parts written atomically
  and a manifest, and a killed run can be resumed; see `clindeid.runner.parts`.
"""

from __future__ import annotations

import contextlib
import json
import tempfile
import time
from collections.abc import Iterator
from contextlib import ExitStack
from pathlib import Path
from typing import IO

from clindeid.io import detect_format, open_writer, read_documents
from clindeid.io.base import InputError, ReadError, ReadOptions, Record
from clindeid.pipeline import Pipeline
from clindeid.runner.base import (
    ProgressHook,
    RunOptions,
    RunSummary,
    audit_lines,
    failure_message,
    patient_of,
    privacy_line,
)
from clindeid.runner.pools import InlinePool, in_order, make_pool
from clindeid.runner.privacy import Ledger, MappingWriter
from clindeid.runner.work import PipelineSpec, WorkerPool, WorkerSettings

__all__ = [
    "ProgressHook",
    "RunOptions",
    "RunSummary",
    "default_audit_path",
    "run_deidentify",
    "run_detect",
]


def default_audit_path(output: Path) -> Path:
    return output.with_name(output.name + ".audit.jsonl")


def privacy_paths(output: Path) -> tuple[Path, Path]:
    """The privacy reports of a single-layout run: per document, per patient."""
    return (
        output.with_name(output.name + ".privacy.jsonl"),
        output.with_name(output.name + ".privacy.patients.jsonl"),
    )


def _entries(
    input_path: Path, options: ReadOptions, summary: RunSummary
) -> Iterator[Record | ReadError]:
    """Records and read errors; an input with nothing in it at all is an `InputError`."""
    seen = 0
    for item in read_documents(input_path, options):
        seen += 1
        yield item
    if seen == 0:
        raise InputError(f"{input_path}: empty input (no documents found)")


def _settings(pipeline: Pipeline, mode: str, run: RunOptions) -> WorkerSettings:
    return WorkerSettings(
        PipelineSpec.of(pipeline), mode, run.doc_timeout, run.mapping_out is not None
    )


def _pool(pipeline: Pipeline, mode: str, run: RunOptions) -> InlinePool | WorkerPool:
    return make_pool(run.workers, _settings(pipeline, mode, run), pipeline)


def run_deidentify(
    pipeline: Pipeline,
    input_path: Path,
    output_path: Path,
    options: ReadOptions,
    audit_path: Path | None = None,
    audit_text: bool = False,
    progress: ProgressHook | None = None,
    run: RunOptions | None = None,
) -> RunSummary:
    """De-identify every document of ``input_path`` into ``output_path`` (same kind)."""
    run = run or RunOptions()
    if run.use_parts:
        from clindeid.runner.parts import run_parts

        return run_parts(pipeline, input_path, output_path, options, run, audit_text, progress)
    summary = RunSummary()
    started = time.perf_counter()
    fmt = detect_format(input_path, options.format)
    audit_path = audit_path or default_audit_path(output_path)
    doc_report, patient_report = privacy_paths(output_path)
    keying = pipeline.keying
    with ExitStack() as stack:
        writer = stack.enter_context(open_writer(output_path, fmt, options, input_path))
        audit: IO[str] = stack.enter_context(audit_path.open("w", encoding="utf-8"))
        privacy: IO[str] | None = None
        ledger: Ledger | None = None
        if run.privacy_report:
            privacy = stack.enter_context(doc_report.open("w", encoding="utf-8"))
            if keying is not None:
                tmp = Path(stack.enter_context(tempfile.TemporaryDirectory()))
                ledger = Ledger(tmp / "ledger.sqlite")
                stack.callback(ledger.close)
        mapping: MappingWriter | None = None
        if run.mapping_out is not None and run.mapping_key is not None:
            run.mapping_out.parent.mkdir(parents=True, exist_ok=True)
            mapping_stream = stack.enter_context(run.mapping_out.open("wb"))
            mapping = MappingWriter(mapping_stream, run.mapping_key)
        pool = stack.enter_context(_pool(pipeline, "deidentify", run))
        stream = _entries(input_path, options, summary)
        for entry, result, patient in in_order(
            pool, stream, lambda r: patient_of(r, run.patient_column)
        ):
            if isinstance(entry, ReadError):
                summary.failures.append(entry.message())
                continue
            doc_id = entry.document.id
            if result is None or result.error is not None or result.text is None:
                reason = result.error if result is not None else "failed (lost)"
                summary.failures.append(failure_message(entry, None, doc_id, reason))
                continue
            try:
                writer.write(entry, result.text, result.replacements)
            except Exception as exc:  # e.g. HTML that cannot take the replacements
                reason = f"could not be written ({type(exc).__name__})"
                summary.failures.append(failure_message(entry, None, doc_id, reason))
                continue
            for line in audit_lines(entry, result, audit_text, result.text):
                audit.write(line + "\n")
            pseudonym = keying.pseudonym(patient) if keying is not None and patient else None
            if privacy is not None:
                privacy.write(privacy_line(result, pseudonym) + "\n")
            if ledger is not None and keying is not None:
                ledger.add(pseudonym or "d-" + keying.pseudonym("\0" + doc_id), result.released)
            if mapping is not None:
                mapping.write(doc_id, patient, result.mapping)
            summary.count(entry, result)
            if progress:
                progress(1)
        summary.peak_rss_mb = {str(k): v for k, v in pool.peak_rss_mb.items()}
        if pool.ready_at is not None:
            summary.startup_seconds = pool.ready_at - pool.started
        if ledger is not None:
            ledger.commit()
            n, top, mean = ledger.write_patients(patient_report)
            summary.patients, summary.epsilon_patient_max, summary.epsilon_patient_mean = (
                n,
                top,
                mean,
            )
    summary.seconds = time.perf_counter() - started
    return summary


def run_detect(
    pipeline: Pipeline,
    input_path: Path,
    output_path: Path,
    options: ReadOptions,
    progress: ProgressHook | None = None,
    run: RunOptions | None = None,
) -> RunSummary:
    """Write one JSON line per document: ``{"id", "entities": [{start, end, label, source}]}``
    (input order, also with several workers)."""
    run = run or RunOptions()
    summary = RunSummary()
    started = time.perf_counter()
    output_path.parent.mkdir(parents=True, exist_ok=True)
    with output_path.open("w", encoding="utf-8") as out, _pool(pipeline, "detect", run) as pool:
        stream = _entries(input_path, options, summary)
        for entry, result, _patient in in_order(pool, stream, lambda r: None):
            if isinstance(entry, ReadError):
                summary.failures.append(entry.message())
                continue
            if result is None or result.error is not None:
                reason = result.error if result is not None else "failed (lost)"
                summary.failures.append(
                    failure_message(entry.source, None, entry.document.id, reason)
                )
                continue
            line = {"id": entry.document.id, "entities": list(result.entities)}
            out.write(json.dumps(line, ensure_ascii=False) + "\n")
            summary.documents += 1
            summary.characters += len(entry.document.text)
            summary.entities.update(result.labels)
            if progress:
                progress(1)
        with contextlib.suppress(AttributeError):
            summary.peak_rss_mb = {str(k): v for k, v in pool.peak_rss_mb.items()}
            if pool.ready_at is not None:
                summary.startup_seconds = pool.ready_at - pool.started
    summary.seconds = time.perf_counter() - started
    return summary
