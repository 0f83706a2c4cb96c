"""detect → resolve → substitute, for one document or a stream of them."""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from clindeid.config import Config
from clindeid.detect import Detector, build_detectors, resolve
from clindeid.detect.capitals import drop_common_words_in_capitals
from clindeid.detect.casing import recase
from clindeid.detect.edges import widen_names
from clindeid.detect.institutions import drop_inside_institutions
from clindeid.detect.markup import strip_markup
from clindeid.detect.ocr import repair_ocr
from clindeid.detect.propagate import propagate
from clindeid.detect.resolver import join_place_names, merge_adjacent
from clindeid.document import Document, Entity, Metadata
from clindeid.substitute import Replacement, SubstitutionContext, rewrite
from clindeid.substitute.registry import build_strategy


@dataclass(frozen=True)
class DeidentifiedDocument:
    """The result for one document: new text, the entities found (original offsets) and
    one `Replacement` per entity (offsets before and after, strategy, ε spent)."""

    id: str
    text: str
    entities: tuple[Entity, ...]
    replacements: tuple[Replacement, ...]
    epsilon_spent: Mapping[str, float] = field(default_factory=dict)
    released: tuple[tuple[str, str, float], ...] = ()

    @property
    def masked(self) -> int:
        return sum(r.masked for r in self.replacements)


#: Long documents are detected in windows of this many characters…
DEFAULT_WINDOW = 100_000
#: …overlapping by this many (longer than any entity), cut at a line or space.
DEFAULT_OVERLAP = 2_000


#: Default ε_v = ε / 4 per distinct value of a patient: a patient with 4 distinct dates,
#: ages or places spends ε, as in paper 001's thread example (2 dates, 1 age, 1 city).
DEFAULT_VALUES_PER_PATIENT = 4


@dataclass(frozen=True)
class Keying:
    """Keyed (patient-consistent) substitution for batch runs.

    ``secret``: the run's secret key (``--key-file``). Each patient (else each document) gets
    the key ``HMAC(secret, patient id)``; every memoised draw of its substitution context is
    derived from that key and the original value, so the same value gets the same
    surrogate in every document of the patient, reproducibly, with no mapping table.
    ``epsilon_per_value``: ε_v spent on each distinct private value of a patient (None:
    the configuration's ``epsilon``).
    """

    secret: bytes
    epsilon_per_value: float | None = None

    @classmethod
    def from_seed(cls, seed: int, epsilon_per_value: float | None = None) -> Keying:
        """A keying derived from an integer seed (tests, reproducible demos)."""
        secret = hashlib.sha256(f"clindeid-seed:{seed}".encode()).digest()
        return cls(secret, epsilon_per_value)

    def subject_key(self, patient_id: str | None, document_id: str) -> bytes:
        """The key of a patient (or of a lone document when there is no patient id)."""
        scope = b"patient\0" + patient_id.encode() if patient_id else b"document\0"
        if not patient_id:
            scope += document_id.encode("utf-8", errors="surrogatepass")
        return hmac.new(self.secret, scope, hashlib.sha256).digest()

    def pseudonym(self, patient_id: str) -> str:
        """A keyed, PHI-free name of a patient for reports (16 hex digits)."""
        data = b"pseudonym\0" + patient_id.encode("utf-8", errors="surrogatepass")
        return hmac.new(self.secret, data, hashlib.sha256).hexdigest()[:16]

    def fingerprint(self) -> str:
        """Identifies the key in a manifest without revealing it."""
        return hmac.new(self.secret, b"fingerprint", hashlib.sha256).hexdigest()[:16]


def document_seed(seed: int | None, document_id: str) -> np.random.SeedSequence:
    """A per-document seed sequence: derived from (seed, id) when seeded, so results do not
    depend on document order or worker count; fresh OS entropy otherwise."""
    if seed is None:
        return np.random.SeedSequence()
    digest = hashlib.sha256(document_id.encode("utf-8")).digest()
    return np.random.SeedSequence(entropy=seed, spawn_key=(int.from_bytes(digest[:8], "big"),))


def _common_word_test() -> Callable[[str], bool] | None:
    """The knowledge base's common-word test, when the knowledge base is installed."""
    try:
        from clindeid.knowledge import is_common_word
    except ImportError:
        return None
    return is_common_word


class Pipeline:
    """A configured de-identifier. Build once (detectors may load tables), reuse."""

    def __init__(
        self,
        config: Config | None = None,
        detectors: list[Detector] | None = None,
        *,
        keying: Keying | None = None,
        window: int = DEFAULT_WINDOW,
        overlap: int = DEFAULT_OVERLAP,
    ):
        if not 0 <= overlap < window // 2:
            raise ValueError("window overlap must be >= 0 and less than half the window")
        self.config = config or Config()
        self.keying = keying
        self.window = window
        self.overlap = overlap
        self.detectors = (
            detectors
            if detectors is not None
            else build_detectors(list(self.config.detectors), self.config)
        )
        # the detectors that read a recased copy of some lines: not the general-domain NER,
        # which reads whole documents judged non-clinical (the copy is a few lines)
        self._line_detectors = [d for d in self.detectors if getattr(d, "name", "") != "general"]
        self.default_strategy = build_strategy(self.config.default_strategy, self.config)
        self.strategies = {
            label: build_strategy(name, self.config)
            for label, name in self.config.strategies.items()
        }

    def detect(self, document: Document) -> list[Entity]:
        """Run every detector, resolve, then propagate what was found to its other
        occurrences in the document and resolve again. Detection reads the text with OCR
        O/0 confusions repaired (`repair_ocr`, same offsets), without HTML remnants
        (`strip_markup`, spans mapped back), and its all-lowercase lines also with the
        capitals French would write (`recase`, spans mapped back)."""
        plain = strip_markup(document.text)
        if plain is not None:
            inner = Document(document.id, plain.text, document.meta)
            return [plain.to_original(e) for e in self.detect(inner)]
        repaired = repair_ocr(document.text)
        if repaired is not document.text:
            document = Document(document.id, repaired, document.meta)
        proposals = self._proposals(document, self.detectors)
        recased = recase(document.text)
        if recased is not None:  # lowercase lines: read with their capitals as well
            copy = Document(document.id, recased.text, document.meta)
            proposals.extend(
                recased.to_original(e) for e in self._proposals(copy, self._line_detectors)
            )
        proposals = drop_common_words_in_capitals(proposals, document.text)
        entities = resolve(proposals, document.text)
        if self.config.propagate and entities:
            extra = propagate(document.text, entities, _common_word_test())
            if extra:
                extra = drop_common_words_in_capitals(extra, document.text)
                entities = resolve([*entities, *extra], document.text)
        entities = join_place_names(drop_inside_institutions(entities, document.text),
                                        document.text)
        entities = widen_names(entities, document.text)
        return merge_adjacent(entities, document.text)

    def _proposals(self, document: Document, detectors: list[Detector]) -> list[Entity]:
        """The proposals of ``detectors``, over windows for a long text."""
        if len(document.text) > self.window:
            return self._detect_windows(document, detectors)
        proposals: list[Entity] = []
        for detector in detectors:
            proposals.extend(detector.detect(document))
        return proposals

    def _detect_windows(self, document: Document, detectors: list[Detector]) -> list[Entity]:
        """Proposals over overlapping windows of a long text, in text offsets. A proposal
        touching an inner window edge is dropped: the overlap sees it whole."""
        proposals: list[Entity] = []
        for start, end in windows(document.text, self.window, self.overlap):
            part = Document(document.id, document.text[start:end], document.meta)
            for detector in detectors:
                for e in detector.detect(part):
                    if (start and e.start == 0) or (
                        end < len(document.text) and e.end >= end - start
                    ):
                        continue
                    proposals.append(e.with_(start=e.start + start, end=e.end + start))
        return proposals

    def context_for(self, document: Document, patient_id: str | None = None) -> SubstitutionContext:
        """A fresh substitution context. Keyed pipelines derive it from the patient key
        (``patient_id``, else ``meta.patient_id``, else the document id)."""
        weights = dict(self.config.budget_weights)
        if self.keying is None:
            rng = np.random.default_rng(document_seed(self.config.seed, document.id))
            return SubstitutionContext(
                rng=rng, meta=document.meta, epsilon=self.config.epsilon, budget_weights=weights
            )
        patient = patient_id or document.meta.patient_id
        key = self.keying.subject_key(patient, document.id)
        doc = hmac.new(key, b"document\0" + document.id.encode("utf-8", "surrogatepass"),
                       hashlib.sha256).digest()  # fmt: skip
        eps_v = self.keying.epsilon_per_value
        if eps_v is None and patient:
            # a patient's values are spread over documents: a fixed ε_v per distinct value
            eps_v = self.config.epsilon / DEFAULT_VALUES_PER_PATIENT
        # a lone document (no patient) keeps the document split of ε when ε_v is not set
        return SubstitutionContext(
            rng=np.random.Generator(np.random.PCG64(int.from_bytes(doc[:16], "big"))),
            meta=document.meta,
            epsilon=self.config.epsilon,
            budget_weights=weights,
            key=key,
            epsilon_per_value=eps_v,
        )

    def deidentify(self, document: Document, patient_id: str | None = None) -> DeidentifiedDocument:
        """De-identify one document (``patient_id``: its patient, for keyed pipelines)."""
        entities = self.detect(document)
        context = self.context_for(document, patient_id)
        text, replacements = rewrite(
            document.text, entities, self.strategies, self.default_strategy, context
        )
        released: tuple[tuple[str, str, float], ...] = ()
        if context.keyed:
            released = tuple(
                sorted(
                    (label, context.digest("budget", k)[:12].hex(), eps)
                    for label, k, eps in context.released()
                )
            )
        return DeidentifiedDocument(
            id=document.id,
            text=text,
            entities=tuple(entities),
            replacements=tuple(replacements),
            epsilon_spent=dict(context.epsilon_spent),
            released=released,
        )

    def deidentify_many(self, documents: Iterable[Document]) -> Iterator[DeidentifiedDocument]:
        for document in documents:
            yield self.deidentify(document)


def windows(text: str, size: int, overlap: int) -> Iterator[tuple[int, int]]:
    """``(start, end)`` windows covering ``text``: at most ``size`` characters each,
    consecutive ones overlapping by at least ``overlap``, cut after a newline or a space
    when there is one in the last quarter of the window."""
    n = len(text)
    start = 0
    while True:
        end = min(start + size, n)
        if end < n:
            floor = start + (3 * size) // 4
            cut = text.rfind("\n", floor, end)
            if cut < 0:
                cut = text.rfind(" ", floor, end)
            if cut >= 0:
                end = cut + 1
        yield start, end
        if end >= n:
            return
        start = end - overlap


def _as_document(item: str | Document, index: int, meta: Mapping[str, Any] | None) -> Document:
    if isinstance(item, Document):
        return item
    return Document(id=str(index), text=item, meta=Metadata.from_mapping(meta))


def deidentify(
    text: str | Document,
    *,
    meta: Mapping[str, Any] | None = None,
    config: Config | None = None,
    **options: Any,
) -> DeidentifiedDocument:
    """De-identify one text. Options override ``config`` (``detectors``, ``seed``,
    ``default_strategy``, ``strategies``, ``epsilon``…)."""
    pipeline = Pipeline((config or Config()).with_options(**options))
    return pipeline.deidentify(_as_document(text, 0, meta))


def deidentify_many(
    texts: Iterable[str | Document], *, config: Config | None = None, **options: Any
) -> Iterator[DeidentifiedDocument]:
    """De-identify many texts or documents with one pipeline (built once)."""
    pipeline = Pipeline((config or Config()).with_options(**options))
    for i, item in enumerate(texts):
        yield pipeline.deidentify(_as_document(item, i, None))


def detect(
    text: str | Document, *, meta: Mapping[str, Any] | None = None, **options: Any
) -> list[Entity]:
    """Detect the entities of one text (resolved, non-overlapping)."""
    pipeline = Pipeline(Config().with_options(**options))
    return pipeline.detect(_as_document(text, 0, meta))
