"""The parts layout: output written in parts, a manifest, and resumable runs.

Layout of ``OUTPUT/`` (a folder)::

    OUTPUT/
      _manifest.json          input fingerprint, config hash, key fingerprint, part sizes,
                              status (running|complete), parts, totals, privacy totals
      _parts.jsonl            the journal: one line per completed part (appended, fsynced)
      part-00000.jsonl        JSONL/CSV/Parquet: one file per part, in the folder of its
      year=2020/part-00001.parquet   input file (partitioned datasets keep their folders)
      notes/a.txt             txt/HTML: one file per document, the input tree mirrored
      _audit/part-00000.jsonl        the audit lines of the part's documents
      _privacy/part-00000.jsonl      privacy report per document
      _privacy/patients.jsonl        per patient: distinct values released, ε spent
      _privacy/ledger.sqlite         the released-value ledger (keyed digests, no PHI)

Parts are cut every ``part_docs`` documents or ``part_chars`` characters, and at each input
file for tables and JSONL, so the cut is a function of the input alone. Each part's files
are written to temporary names and renamed; the part is done when its line is in the
journal. ``--resume`` checks the input fingerprint and configuration, skips the parts of the
journal and does the others again (their files are replaced, never duplicated): every
document is written exactly once, whenever the previous run was killed.
"""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import json
import os
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

from clindeid import __version__
from clindeid.io import detect_format, input_files, open_writer, read_documents
from clindeid.io.base import InputError, ReadError, ReadOptions, Record
from clindeid.pipeline import Keying, Pipeline
from clindeid.runner.base import (
    ProgressHook,
    RunOptions,
    RunSummary,
    audit_lines,
    failure_message,
    patient_of,
    privacy_line,
)
from clindeid.runner.pools import CHUNK_CHARS, CHUNK_DOCS
from clindeid.runner.privacy import Ledger, MappingWriter
from clindeid.runner.work import (
    PipelineSpec,
    Task,
    WorkerPool,
    WorkerSettings,
    WorkItem,
    WorkResult,
)

MANIFEST = "_manifest.json"
JOURNAL = "_parts.jsonl"
_PER_FILE = ("txt", "html")  # one output file per document
_EXT = {"jsonl": ".jsonl", "csv": ".csv", "parquet": ".parquet"}


@dataclass
class _Part:
    index: int
    entries: list[Record | ReadError] = field(default_factory=list)
    patients: list[str | None] = field(default_factory=list)
    chars: int = 0
    chunks: int = 0
    sealed: bool = False
    results: dict[int, WorkResult] = field(default_factory=dict)

    @property
    def documents(self) -> int:
        return len(self.patients)


def _atomic_json(path: Path, data: Any) -> None:
    tmp = path.with_name("." + path.name + ".tmp")
    with tmp.open("w", encoding="utf-8") as out:
        json.dump(data, out, indent=1, ensure_ascii=False, default=str)
        out.flush()
        os.fsync(out.fileno())
    tmp.replace(path)


def input_fingerprint(input_path: Path, fmt: str) -> str:
    """sha256 over the input files' relative paths, sizes and modification times."""
    h = hashlib.sha256()
    for path, rel in input_files(input_path, fmt):
        st = path.stat()
        h.update(f"{rel}\0{st.st_size}\0{st.st_mtime_ns}\n".encode())
    return h.hexdigest()


def config_hash(pipeline: Pipeline, options: ReadOptions, run: RunOptions, fmt: str) -> str:
    """sha256 of everything that decides the output and the part cuts."""
    keying = pipeline.keying
    data = {
        "config": dataclasses.asdict(pipeline.config),
        "window": [pipeline.window, pipeline.overlap],
        "epsilon_per_value": keying.epsilon_per_value if keying else None,
        "read": dataclasses.asdict(options) | {"format": fmt},
        "parts": [run.part_docs, run.part_chars],
        "patient_column": run.patient_column,
        "mapping": run.mapping_out is not None,
    }
    text = json.dumps(data, sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def read_journal(out_dir: Path) -> dict[int, dict[str, Any]]:
    """Completed parts (a torn last line is ignored: that part is not done)."""
    done: dict[int, dict[str, Any]] = {}
    path = out_dir / JOURNAL
    if not path.exists():
        return done
    for line in path.read_text(encoding="utf-8").splitlines():
        try:
            row = json.loads(line)
        except json.JSONDecodeError:
            continue
        done.setdefault(int(row["part"]), row)
    return done


def _clean_temporaries(out_dir: Path) -> None:
    for tmp in out_dir.rglob(".*.tmp"):
        with contextlib.suppress(OSError):
            tmp.unlink()


class _PartWriter:
    """Writes one part's files atomically and appends it to the journal."""

    def __init__(
        self,
        out_dir: Path,
        fmt: str,
        options: ReadOptions,
        run: RunOptions,
        keying: Keying | None,
        audit_text: bool,
        ledger: Ledger | None,
    ):
        self.out_dir, self.fmt, self.options, self.run = out_dir, fmt, options, run
        self.keying, self.audit_text, self.ledger = keying, audit_text, ledger
        (out_dir / "_audit").mkdir(parents=True, exist_ok=True)
        if run.privacy_report:
            (out_dir / "_privacy").mkdir(parents=True, exist_ok=True)
        if run.mapping_out is not None:
            run.mapping_out.mkdir(parents=True, exist_ok=True)
        self.journal = (out_dir / JOURNAL).open("a", encoding="utf-8")

    def close(self) -> None:
        self.journal.close()

    def _data_target(self, record: Record) -> Path:
        relpath: str = record.payload.relpath
        folder = relpath.rsplit("/", 1)[0] if "/" in relpath else ""
        suffix = Path(relpath).suffix.lower() or _EXT[self.fmt]
        name = f"part-{self._index:05d}{suffix}"
        return self.out_dir / folder / name if folder else self.out_dir / name

    def write(self, part: _Part, summary: RunSummary) -> dict[str, Any]:
        self._index = part.index
        stats = RunSummary()
        renames: list[tuple[Path, Path]] = []
        ids = hashlib.sha256()
        first_id = last_id = None
        tag = f"part-{part.index:05d}"
        audit_tmp = self.out_dir / "_audit" / f".{tag}.jsonl.tmp"
        privacy_tmp = self.out_dir / "_privacy" / f".{tag}.jsonl.tmp"
        mapping_tmp = (
            self.run.mapping_out / f".{tag}.enc.tmp" if self.run.mapping_out is not None else None
        )
        with contextlib.ExitStack() as stack:
            audit = stack.enter_context(audit_tmp.open("w", encoding="utf-8"))
            renames.append((audit_tmp, audit_tmp.with_name(f"{tag}.jsonl")))
            privacy: IO[str] | None = None
            if self.run.privacy_report:
                privacy = stack.enter_context(privacy_tmp.open("w", encoding="utf-8"))
                renames.append((privacy_tmp, privacy_tmp.with_name(f"{tag}.jsonl")))
            mapping: MappingWriter | None = None
            if mapping_tmp is not None and self.run.mapping_key is not None:
                stream = stack.enter_context(mapping_tmp.open("wb"))
                mapping = MappingWriter(stream, self.run.mapping_key)
                renames.append((mapping_tmp, mapping_tmp.with_name(f"{tag}.enc")))
            writer = None
            seq = 0
            for entry in part.entries:
                if isinstance(entry, ReadError):
                    stats.failures.append(entry.message())
                    continue
                result, patient = part.results.get(seq), part.patients[seq]
                seq += 1
                doc_id = entry.document.id
                if result is None or result.error is not None or result.text is None:
                    reason = result.error if result is not None else "failed (lost)"
                    stats.failures.append(failure_message(entry, None, doc_id, reason))
                    continue
                try:
                    if self.fmt in _PER_FILE:
                        target = self.out_dir.joinpath(*entry.payload.relpath.split("/"))
                        tmp = target.with_name("." + target.name + ".tmp")
                        with open_writer(tmp, self.fmt, self.options, Path(entry.source)) as w:
                            w.write(entry, result.text, result.replacements)
                        renames.append((tmp, target))
                    else:
                        if writer is None:
                            target = self._data_target(entry)
                            tmp = target.with_name("." + target.name + ".tmp")
                            writer = stack.enter_context(
                                open_writer(tmp, self.fmt, self.options, Path(entry.source))
                            )
                            renames.append((tmp, target))
                        writer.write(entry, result.text, result.replacements)
                except Exception as exc:
                    reason = f"could not be written ({type(exc).__name__})"
                    stats.failures.append(failure_message(entry, None, doc_id, reason))
                    continue
                for line in audit_lines(entry, result, self.audit_text, result.text):
                    audit.write(line + "\n")
                keying = self.keying
                pseudonym = keying.pseudonym(patient) if keying is not None and patient else None
                if privacy is not None:
                    privacy.write(privacy_line(result, pseudonym) + "\n")
                if self.ledger is not None and keying is not None:
                    subject = pseudonym or "d-" + keying.pseudonym("\0" + doc_id)
                    self.ledger.add(subject, result.released)
                if mapping is not None:
                    mapping.write(doc_id, patient, result.mapping)
                stats.count(entry, result)
                ids.update(doc_id.encode("utf-8", "surrogatepass") + b"\0")
                first_id = doc_id if first_id is None else first_id
                last_id = doc_id
        files = []
        for tmp, final in renames:  # data last: a part is only visible once complete
            tmp.replace(final)
            if not final.parent.name.startswith("_") and final.parent != self.run.mapping_out:
                files.append(final.relative_to(self.out_dir).as_posix())
        if self.ledger is not None:
            self.ledger.commit()
        row = {
            "part": part.index,
            "files": files if self.fmt not in _PER_FILE else len(files),
            "first_id": first_id,
            "last_id": last_id,
            "ids_sha256": ids.hexdigest(),
            **{k: v for k, v in stats.to_json().items() if k not in _NOT_IN_JOURNAL},
        }
        self.journal.write(json.dumps(row, ensure_ascii=False) + "\n")
        self.journal.flush()
        os.fsync(self.journal.fileno())
        summary.merge(row)
        summary.parts += 1
        return row


_NOT_IN_JOURNAL = {
    "seconds",
    "patients",
    "epsilon_patient_max",
    "epsilon_patient_mean",
    "skipped",
    "parts",
}


def run_parts(
    pipeline: Pipeline,
    input_path: Path,
    output_path: Path,
    options: ReadOptions,
    run: RunOptions,
    audit_text: bool = False,
    progress: ProgressHook | None = None,
) -> RunSummary:
    """De-identify ``input_path`` into the folder ``output_path`` in parts (resumable)."""
    started = time.perf_counter()
    fmt = detect_format(input_path, options.format)
    out_dir = output_path
    if out_dir.exists() and not out_dir.is_dir():
        raise InputError(f"{out_dir}: the parts output must be a folder")
    src, dst = input_path.resolve(), out_dir.resolve()
    if src == dst or src in dst.parents or dst in src.parents:
        raise InputError(f"{out_dir}: the output would overwrite or contain the input")
    manifest_path = out_dir / MANIFEST
    keying = pipeline.keying
    header = {
        "tool": f"clindeid {__version__}",
        "layout": "parts",
        "input": {
            "path": str(input_path),
            "format": fmt,
            "fingerprint": input_fingerprint(input_path, fmt),
        },
        "config_hash": config_hash(pipeline, options, run, fmt),
        "key_fingerprint": keying.fingerprint() if keying else None,
        "part_docs": run.part_docs,
        "part_chars": run.part_chars,
    }
    done: dict[int, dict[str, Any]] = {}
    if manifest_path.exists():
        if not run.resume:
            raise InputError(
                f"{out_dir}: holds a previous run ({MANIFEST}); use --resume to finish it, "
                "or choose another output"
            )
        previous = json.loads(manifest_path.read_text(encoding="utf-8"))
        for key in ("input", "config_hash", "key_fingerprint", "part_docs", "part_chars"):
            if key == "input":
                same = (
                    previous.get("input", {}).get("fingerprint") == header["input"]["fingerprint"]
                )
            else:
                same = previous.get(key) == header[key]
            if not same:
                what = {"input": "the input changed", "key_fingerprint": "another key"}.get(
                    key, f"another configuration ({key})"
                )
                raise InputError(f"{out_dir}: cannot resume: {what} since the interrupted run")
        done = read_journal(out_dir)
        _clean_temporaries(out_dir)
    elif out_dir.exists() and any(out_dir.iterdir()):
        raise InputError(f"{out_dir}: not empty and no {MANIFEST}; choose an empty output folder")
    out_dir.mkdir(parents=True, exist_ok=True)
    _atomic_json(manifest_path, {**header, "status": "running"})

    summary = RunSummary()
    for row in done.values():
        summary.merge(row)
        summary.skipped += row.get("documents", 0)
        summary.parts += 1

    ledger = (
        Ledger(out_dir / "_privacy" / "ledger.sqlite")
        if (run.privacy_report and keying is not None)
        else None
    )
    settings = WorkerSettings(
        PipelineSpec.of(pipeline), "deidentify", run.doc_timeout, run.mapping_out is not None
    )
    writer = _PartWriter(out_dir, fmt, options, run, keying, audit_text, ledger)
    parts: dict[int, _Part] = {}
    owner: dict[int, int] = {}  # task id → part index
    seen = 0

    def entries() -> Iterator[Record | ReadError]:
        nonlocal seen
        for item in read_documents(input_path, options):
            seen += 1
            yield item
        if seen == 0:
            raise InputError(f"{input_path}: empty input (no documents found)")

    def tasks() -> Iterator[Task]:
        task_id = 0
        part = _Part(0)
        relpath: str | None = None
        items: list[WorkItem] = []
        chunk_chars = 0

        def flush_chunk() -> Iterator[Task]:
            nonlocal task_id, items, chunk_chars
            if items:
                owner[task_id] = part.index
                part.chunks += 1
                yield task_id, items
                task_id += 1
            items, chunk_chars = [], 0

        def seal() -> Iterator[Task]:
            nonlocal part
            yield from flush_chunk()
            if part.index in done:
                pass
            elif part.entries:
                part.sealed = True
                parts[part.index] = part
            part = _Part(part.index + 1)

        for entry in entries():
            if isinstance(entry, Record):
                rel = entry.payload.relpath
                full = part.documents >= run.part_docs or part.chars >= run.part_chars
                new_file = fmt not in _PER_FILE and relpath is not None and rel != relpath
                if part.documents and (full or new_file):
                    yield from seal()
                relpath = rel
            skip = part.index in done
            if not skip:
                part.entries.append(entry)
                if part.index not in parts:
                    parts[part.index] = part
            if isinstance(entry, Record):
                patient = patient_of(entry, run.patient_column)
                if not skip:
                    items.append(WorkItem.of(part.documents, entry, patient))
                    part.patients.append(patient)
                    part.chars += len(entry.document.text)
                    chunk_chars += len(entry.document.text)
                else:
                    part.patients.append(patient)  # counts the part's documents
                    part.chars += len(entry.document.text)
                if len(items) >= CHUNK_DOCS or chunk_chars >= CHUNK_CHARS:
                    yield from flush_chunk()
        yield from seal()

    def ready() -> Iterator[_Part]:
        for index in sorted(parts):
            p = parts[index]
            if p.sealed and len(p.results) == p.documents:
                yield p

    try:
        with WorkerPool(run.workers, settings) as pool:  # processes even for one: watchdog
            for task_id, results in pool.run(tasks()):
                part = parts[owner.pop(task_id)]
                for r in results:
                    part.results[r.seq] = r
                for p in list(ready()):
                    writer.write(p, summary)
                    del parts[p.index]
                    if progress:
                        progress(p.documents)
            for p in list(ready()):  # parts with read errors only
                writer.write(p, summary)
                del parts[p.index]
            summary.peak_rss_mb = {str(k): v for k, v in pool.peak_rss_mb.items()}
            if pool.ready_at is not None:
                summary.startup_seconds = pool.ready_at - pool.started
    finally:
        writer.close()
    if parts:  # should not happen: every sealed part had all its results
        raise RuntimeError(f"{len(parts)} part(s) left unwritten")
    if ledger is not None:
        ledger.commit()
        n, top, mean = ledger.write_patients(out_dir / "_privacy" / "patients.jsonl")
        summary.patients, summary.epsilon_patient_max, summary.epsilon_patient_mean = n, top, mean
        ledger.close()
    summary.seconds = time.perf_counter() - started
    journal = read_journal(out_dir)
    _atomic_json(
        manifest_path,
        {
            **header,
            "status": "complete",
            "parts": [
                {
                    k: journal[i][k]
                    for k in (
                        "part",
                        "files",
                        "documents",
                        "first_id",
                        "last_id",
                        "ids_sha256",
                        "failures",
                    )
                }
                for i in sorted(journal)
            ],
            "totals": summary.to_json() | {"seconds": round(summary.seconds, 3)},
            "privacy": {
                "patients": summary.patients,
                "epsilon_per_value": keying.epsilon_per_value if keying else None,
                "epsilon_patient_max": summary.epsilon_patient_max,
                "epsilon_patient_mean": summary.epsilon_patient_mean,
                "epsilon_documents_total": summary.epsilon_total,
            },
        },
    )
    return summary
