"""detect → resolve → substitute, for one document or a stream of them."""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from clindeid.config import Config
from clindeid.detect import Detector, build_detectors, resolve
from clindeid.detect.propagate import propagate
from clindeid.detect.resolver import merge_adjacent
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

    @property
    def masked(self) -> int:
        return sum(r.masked for r in self.replacements)


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

    def __init__(self, config: Config | None = None, detectors: list[Detector] | None = None):
        self.config = config or Config()
        self.detectors = (
            detectors if detectors is not None else build_detectors(list(self.config.detectors))
        )
        self.default_strategy = build_strategy(self.config.default_strategy, self.config)
        self.strategies = {
            label: build_strategy(name, self.config)
            for label, name in self.config.strategies.items()
        }

    def detect(self, document: Document) -> list[Entity]:
        """Run every detector, resolve, then propagate what was found to its other
        occurrences in the document and resolve again."""
        proposals: list[Entity] = []
        for detector in self.detectors:
            proposals.extend(detector.detect(document))
        entities = resolve(proposals, document.text)
        if self.config.propagate and entities:
            extra = propagate(document.text, entities, _common_word_test())
            if extra:
                entities = resolve([*entities, *extra], document.text)
        return merge_adjacent(entities, document.text)

    def context_for(self, document: Document) -> SubstitutionContext:
        rng = np.random.default_rng(document_seed(self.config.seed, document.id))
        return SubstitutionContext(
            rng=rng,
            meta=document.meta,
            epsilon=self.config.epsilon,
            budget_weights=dict(self.config.budget_weights),
        )

    def deidentify(self, document: Document) -> DeidentifiedDocument:
        entities = self.detect(document)
        context = self.context_for(document)
        text, replacements = rewrite(
            document.text, entities, self.strategies, self.default_strategy, context
        )
        return DeidentifiedDocument(
            id=document.id,
            text=text,
            entities=tuple(entities),
            replacements=tuple(replacements),
            epsilon_spent=dict(context.epsilon_spent),
        )

    def deidentify_many(self, documents: Iterable[Document]) -> Iterator[DeidentifiedDocument]:
        for document in documents:
            yield self.deidentify(document)


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
