"""Feeding records to a pool in batches and getting the results back (in order or not)."""

from __future__ import annotations

import time
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from clindeid.io.base import ReadError, Record
from clindeid.pipeline import Pipeline
from clindeid.runner.work import (
    Task,
    WorkerPool,
    WorkerSettings,
    WorkItem,
    WorkResult,
    peak_rss_mb,
    process_item,
    warm_up,
)

CHUNK_DOCS = 32
CHUNK_CHARS = 1_000_000


class InlinePool:
    """The `WorkerPool` interface, processing in this process (``--workers 1``)."""

    def __init__(self, settings: WorkerSettings, pipeline: Pipeline | None = None):
        self.settings = settings
        self.started = time.perf_counter()
        self.pipeline = pipeline or settings.spec.build()
        if settings.timeout:
            warm_up(self.pipeline)
        self.ready_at: float | None = time.perf_counter()
        self.peak_rss_mb: dict[int, float] = {}

    def __enter__(self) -> InlinePool:
        return self

    def __exit__(self, *exc: object) -> None:
        self.peak_rss_mb[0] = peak_rss_mb()

    def run(self, tasks: Iterator[Task]) -> Iterator[tuple[int, list[WorkResult]]]:
        s = self.settings
        for task_id, items in tasks:
            yield (
                task_id,
                [
                    process_item(self.pipeline, it, s.mode, s.timeout, s.with_mapping)
                    for it in items
                ],
            )


def make_pool(
    workers: int, settings: WorkerSettings, pipeline: Pipeline | None = None
) -> InlinePool | WorkerPool:
    """In this process (reusing ``pipeline``) for one worker, else worker processes."""
    return InlinePool(settings, pipeline) if workers == 1 else WorkerPool(workers, settings)


Entry = Record | ReadError


@dataclass
class _Chunk:
    entries: list[Entry] = field(default_factory=list)
    patients: dict[int, str | None] = field(default_factory=dict)


def in_order(
    pool: InlinePool | WorkerPool,
    stream: Iterable[Entry],
    patient_of: object,
) -> Iterator[tuple[Entry, WorkResult | None, str | None]]:
    """``(record, result, patient)`` for each record, ``(error, None, None)`` for each read
    error, in input order. At most the pool's in-flight batches are held in memory."""
    held: dict[int, _Chunk] = {}
    get_patient = patient_of  # callable(record) -> str | None

    def tasks() -> Iterator[Task]:
        chunk = _Chunk()
        items: list[WorkItem] = []
        chars = 0
        task_id = 0
        seq = 0
        for entry in stream:
            chunk.entries.append(entry)
            if isinstance(entry, Record):
                patient = get_patient(entry)  # type: ignore[operator]
                chunk.patients[seq] = patient
                items.append(WorkItem.of(seq, entry, patient))
                seq += 1
                chars += len(entry.document.text)
            if len(items) >= CHUNK_DOCS or chars >= CHUNK_CHARS:
                held[task_id] = chunk
                yield task_id, items
                task_id += 1
                chunk, items, chars = _Chunk(), [], 0
        if chunk.entries:
            held[task_id] = chunk
            yield task_id, items

    done: dict[int, list[WorkResult]] = {}
    expected = 0
    for task_id, results in pool.run(tasks()):
        done[task_id] = results
        while expected in done:
            by_seq = {r.seq: r for r in done.pop(expected)}
            chunk = held.pop(expected)
            seq_iter = iter(sorted(chunk.patients))
            for entry in chunk.entries:
                if isinstance(entry, ReadError):
                    yield entry, None, None
                else:
                    seq = next(seq_iter)
                    yield entry, by_seq.get(seq), chunk.patients[seq]
            expected += 1
