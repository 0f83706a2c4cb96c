"""Processing documents: one at a time under a time bound, or in worker processes.

A `WorkItem` is what a worker needs (id, text, metadata, patient): never the reader's
payload. A `WorkResult` says what happened, without original text (except the
original/surrogate pairs of the optional encrypted mapping table). `WorkerPool` runs
batches of items in worker processes (forkserver/spawn: each worker builds its pipeline
once), with a bounded number of batches in flight, a watchdog that kills a worker stuck on
one document beyond the time bound, and restarts: the document being processed when a
worker died or was killed is reported failed, the rest of its batch is processed again.
"""

from __future__ import annotations

import contextlib
import multiprocessing as mp
import queue
import resource
import signal
import sys
import threading
import time
from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from clindeid.config import Config
from clindeid.document import Document, Metadata
from clindeid.io.base import Record
from clindeid.pipeline import DEFAULT_OVERLAP, DEFAULT_WINDOW, Keying, Pipeline
from clindeid.substitute import Replacement

_META_FIELDS = tuple(f.name for f in fields(Metadata) if f.name != "extra")


class DocumentTimeout(BaseException):
    """A document took longer than the run's time bound. A `BaseException`, like
    `KeyboardInterrupt`: a component's ``except Exception`` (a knowledge lookup that falls
    back to "not found") must not swallow it, go on for seconds, and cache the fallback."""


@dataclass(frozen=True)
class PipelineSpec:
    """How to build the pipeline (in this process or in a worker)."""

    config: Config
    keying: Keying | None = None
    window: int = DEFAULT_WINDOW
    overlap: int = DEFAULT_OVERLAP

    @classmethod
    def of(cls, pipeline: Pipeline) -> PipelineSpec:
        return cls(pipeline.config, pipeline.keying, pipeline.window, pipeline.overlap)

    def build(self) -> Pipeline:
        return Pipeline(self.config, keying=self.keying, window=self.window, overlap=self.overlap)


@dataclass(frozen=True)
class WorkItem:
    """One document to process, in a picklable form."""

    seq: int
    id: str
    text: str
    meta: Mapping[str, Any] = field(default_factory=dict)
    extra: Mapping[str, Any] = field(default_factory=dict)
    patient: str | None = None

    @classmethod
    def of(cls, seq: int, record: Record, patient: str | None = None) -> WorkItem:
        meta = record.document.meta
        known = {n: getattr(meta, n) for n in _META_FIELDS if getattr(meta, n) is not None}
        doc = record.document
        return cls(seq, doc.id, doc.text, known, dict(meta.extra), patient)

    def document(self) -> Document:
        return Document(self.id, self.text, Metadata(**self.meta, extra=self.extra))


@dataclass
class WorkResult:
    """What became of one document. ``error`` is a PHI-free reason; ``text`` is None then."""

    seq: int
    id: str
    text: str | None = None
    replacements: tuple[Replacement, ...] = ()
    entities: tuple[dict[str, Any], ...] = ()  # detect mode: Entity.to_json()
    labels: Mapping[str, int] = field(default_factory=dict)
    epsilon: Mapping[str, float] = field(default_factory=dict)
    released: tuple[tuple[str, str, float], ...] = ()
    mapping: tuple[tuple[str, str, str], ...] = ()  # (label, original, surrogate): PHI
    error: str | None = None
    seconds: float = 0.0

    @property
    def ok(self) -> bool:
        return self.error is None


_ALARM_REPEAT = 0.05


@contextlib.contextmanager
def time_limit(seconds: float | None) -> Iterator[None]:
    """Raise `DocumentTimeout` in the block after ``seconds`` (SIGALRM, repeated until the
    block ends, and raised again at its end if the block swallowed it; only in the main
    thread of a process, else no limit here: worker pools also have a watchdog)."""
    usable = (
        seconds is not None
        and seconds > 0
        and hasattr(signal, "setitimer")
        and threading.current_thread() is threading.main_thread()
    )
    if not usable:
        yield
        return

    expired = False

    def expire(signum: int, frame: object) -> None:
        nonlocal expired
        expired = True
        raise DocumentTimeout

    previous = signal.signal(signal.SIGALRM, expire)
    # the alarm fires again every _ALARM_REPEAT seconds: code that swallows the exception
    # (a ``__del__``, a broad ``except``) cannot carry the document past its bound
    signal.setitimer(signal.ITIMER_REAL, float(seconds), _ALARM_REPEAT)  # type: ignore[arg-type]
    try:
        yield
    finally:
        try:
            signal.setitimer(signal.ITIMER_REAL, 0)
        finally:  # even if the alarm fires right here: the handler is put back
            signal.signal(signal.SIGALRM, previous)
    if expired:  # the alarm fired but its exception was swallowed: still over the bound
        raise DocumentTimeout


def process_item(
    pipeline: Pipeline,
    item: WorkItem,
    mode: str = "deidentify",
    timeout: float | None = None,
    with_mapping: bool = False,
) -> WorkResult:
    """Process one document; never raises for a document's sake (fail closed: a failed
    document has no text)."""
    started = time.perf_counter()
    out = WorkResult(item.seq, item.id)
    try:
        with time_limit(timeout):
            document = item.document()
            if mode == "detect":
                entities = pipeline.detect(document)
                out.entities = tuple(e.to_json() for e in entities)
                out.labels = Counter(e.label for e in entities)
            else:
                result = pipeline.deidentify(document, item.patient)
                out.text = result.text
                out.replacements = result.replacements
                out.labels = Counter(e.label for e in result.entities)
                out.epsilon = dict(result.epsilon_spent)
                out.released = result.released
                if with_mapping:
                    out.mapping = tuple(
                        (r.label, item.text[r.start : r.end], result.text[r.new_start : r.new_end])
                        for r in result.replacements
                    )
    except DocumentTimeout:
        out = WorkResult(item.seq, item.id, error=f"timed out (over {timeout:g} s)")
    except RecursionError:
        out = WorkResult(item.seq, item.id, error="failed (RecursionError)")
    except Exception as exc:  # one broken document must not stop the run
        out = WorkResult(item.seq, item.id, error=f"failed ({type(exc).__name__})")
    out.seconds = time.perf_counter() - started
    return out


_WARM_UP = (
    "Mme Claire DUBOIS, née le 12/03/1954 à Dijon (21000), 3 rue des Lilas, vue le 2 mars "
    "2020 au CHU de Dijon par le Dr Jean MARTIN. Tél 03 80 29 30 31, claire.dubois@exemple.fr, "
    "https://www.exemple.fr/x. IPP 8001234567, NIR 2 54 03 21 231 045 82. 67 ans."
)
# a general-domain sentence (no clinical marker): loads the general-domain NER, which runs
# only on such documents, before the first real one (never inside a document's time bound)
_WARM_UP_GENERAL = "Claire Dubois a écrit à Jean Martin, qui habite à Dijon."
# a note typed without capitals: loads the lowercase model, when one is shipped
_WARM_UP_LOWERCASE = _WARM_UP.lower()


def warm_up(pipeline: Pipeline) -> None:
    """Load what detectors and strategies load lazily (models, knowledge tables), so that the
    time bound of the first real document does not include it. Workers forked from the
    forkserver find it all loaded already (`clindeid.runner.preload`)."""
    with contextlib.suppress(Exception):
        pipeline.deidentify(Document("warm-up", _WARM_UP))
        pipeline.detect(Document("warm-up-general", _WARM_UP_GENERAL))
        pipeline.detect(Document("warm-up-lowercase", _WARM_UP_LOWERCASE))


def peak_rss_mb() -> float:
    """This process's peak resident memory (MiB)."""
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return rss / (1024 * 1024) if sys.platform == "darwin" else rss / 1024


# --- worker processes ----------------------------------------------------------------------

Task = tuple[int, list[WorkItem]]


@dataclass(frozen=True)
class WorkerSettings:
    spec: PipelineSpec
    mode: str = "deidentify"
    timeout: float | None = None
    with_mapping: bool = False


def _worker_main(index: int, settings: WorkerSettings, inbox: Any, outbox: Any, state: Any) -> None:
    """A worker: build the pipeline once, then process batches until told to stop."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the main process decides
    try:
        pipeline = settings.spec.build()
        warm_up(pipeline)
    except Exception as exc:
        outbox.put(("fatal", index, f"cannot build the pipeline ({type(exc).__name__}: {exc})"))
        return
    outbox.put(("ready", index, None))
    while True:
        task = inbox.get()
        if task is None:
            break
        task_id, items = task
        results = []
        for item in items:
            state[0], state[1], state[2] = task_id, item.seq, time.time()
            results.append(
                process_item(pipeline, item, settings.mode, settings.timeout, settings.with_mapping)
            )
            state[1] = -1
        outbox.put(("done", index, (task_id, results, peak_rss_mb())))


def _context() -> Any:
    methods = mp.get_all_start_methods()
    if "forkserver" in methods:
        ctx = mp.get_context("forkserver")
        ctx.set_forkserver_preload(["clindeid.runner.work", "clindeid.runner.preload"])
        return ctx
    return mp.get_context("spawn")


@dataclass
class _Worker:
    process: Any
    inbox: Any
    state: Any
    tasks: list[int] = field(default_factory=list)  # assigned, in order
    ready: bool = False


class WorkerPool:
    """``workers`` processes, each with its own pipeline; at most ``depth`` batches
    queued per worker. Use as a context manager; `run` yields ``(task_id, results)`` as
    batches complete (any order)."""

    max_restarts = 3

    def __init__(self, workers: int, settings: WorkerSettings, depth: int = 2):
        self.settings = settings
        self.depth = depth
        self.ctx = _context()
        self.outbox = self.ctx.Queue()
        self.workers: list[_Worker] = []
        self.peak_rss_mb: dict[int, float] = {}
        self.started = time.perf_counter()
        self.ready_at: float | None = None  # when every worker had built its pipeline
        self.hard_timeout = (2 * settings.timeout + 10) if settings.timeout else None
        for i in range(workers):
            self.workers.append(self._start(i))

    def _start(self, index: int) -> _Worker:
        inbox = self.ctx.Queue()
        state = self.ctx.Array("d", [-1.0, -1.0, 0.0], lock=False)
        process = self.ctx.Process(
            target=_worker_main,
            args=(index, self.settings, inbox, self.outbox, state),
            daemon=True,
            name=f"clindeid-worker-{index}",
        )
        process.start()
        return _Worker(process, inbox, state)

    def __enter__(self) -> WorkerPool:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        for w in self.workers:
            with contextlib.suppress(Exception):
                w.inbox.put(None)
        deadline = time.time() + 5
        for w in self.workers:
            w.process.join(max(0.1, deadline - time.time()))
            if w.process.is_alive():
                w.process.kill()
                w.process.join(1)

    def run(self, tasks: Iterator[Task]) -> Iterator[tuple[int, list[WorkResult]]]:
        pending: dict[int, list[WorkItem]] = {}  # task id → items still to process
        injected: dict[int, list[WorkResult]] = {}  # failures found by the watchdog
        restarts: Counter[int] = Counter()
        exhausted = False
        while True:
            for w in self.workers:  # keep every worker fed
                while not exhausted and len(w.tasks) < self.depth:
                    task = next(tasks, None)
                    if task is None:
                        exhausted = True
                        break
                    task_id, items = task
                    pending[task_id] = items
                    w.tasks.append(task_id)
                    w.inbox.put(task)
            if exhausted and not pending:
                return
            try:
                kind, index, payload = self.outbox.get(timeout=0.5)
            except queue.Empty:
                self._watch(pending, injected, restarts)
                continue
            if kind == "fatal":
                raise RuntimeError(payload)
            if kind == "ready":
                self.workers[index].ready = True
                if self.ready_at is None and all(w.ready for w in self.workers):
                    self.ready_at = time.perf_counter()
                continue
            task_id, results, rss = payload
            self.peak_rss_mb[index] = max(self.peak_rss_mb.get(index, 0.0), rss)
            worker = self.workers[index]
            if task_id in worker.tasks:
                worker.tasks.remove(task_id)
            if task_id not in pending:  # a late answer of a task already resent and done
                continue
            del pending[task_id]
            for w in self.workers:  # the same task may also sit with a restarted worker
                if task_id in w.tasks:
                    w.tasks.remove(task_id)
            yield task_id, injected.pop(task_id, []) + results

    def _watch(
        self,
        pending: dict[int, list[WorkItem]],
        injected: dict[int, list[WorkResult]],
        restarts: Counter[int],
    ) -> None:
        """Restart dead workers and kill the ones stuck past the hard time bound."""
        now = time.time()
        for index, w in enumerate(self.workers):
            alive = w.process.is_alive()
            stuck = (
                alive
                and self.hard_timeout is not None
                and w.state[1] >= 0
                and now - w.state[2] > self.hard_timeout
            )
            if alive and not stuck:
                continue
            task_id, seq = int(w.state[0]), int(w.state[1])
            if stuck:
                w.process.kill()
                w.process.join(5)
            reason = (
                f"timed out (over {self.settings.timeout:g} s)" if stuck else "worker process died"
            )
            if not w.ready and not stuck:
                raise RuntimeError(f"worker {index} exited before it was ready ({reason})")
            replacement = self._start(index)
            for tid in w.tasks:
                items = pending[tid]
                if tid == task_id and seq >= 0:
                    restarts[tid] += 1
                    bad = [it for it in items if it.seq == seq]
                    injected.setdefault(tid, []).extend(
                        WorkResult(it.seq, it.id, error=reason) for it in bad
                    )
                    done = {r.seq for r in injected[tid]}
                    items = [it for it in items if it.seq not in done]
                    if restarts[tid] > self.max_restarts:
                        injected[tid].extend(
                            WorkResult(it.seq, it.id, error="worker process died") for it in items
                        )
                        items = []
                    pending[tid] = items
                replacement.tasks.append(tid)
                replacement.inbox.put((tid, items))
            replacement.ready = True  # readiness only guards the first start
            self.workers[index] = replacement
