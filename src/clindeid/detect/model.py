"""The statistical NER model as a detector (family ``model``, source ``model/ner``).

By default the model shipped in ``clindeid/data/model/`` is used; ``model_dir`` (``--model``,
``Config.model_dir``) selects a retrained one (``clindeid train``). The model is loaded on
first use and cached per process and directory. Backends: ``spacy`` and ``crf``
(`clindeid.train.train.load_tagger`) and ``transformers`` (delegated to
`clindeid.train.transformer.TransformerDetector`). Entities carry the model's confidence as
``score`` (fixed for spaCy's transition-based NER) and no roles or attributes: the resolver
lets validated patterns, patient context and strong patterns win over the model.
"""

from __future__ import annotations

import threading
from importlib import resources
from pathlib import Path
from typing import Any

from clindeid.document import Document, Entity

META_FILE = "clindeid_meta.json"
SOURCE = "model/ner"

_CACHE: dict[str, Any] = {}
_LOCK = threading.Lock()


def shipped_model_dir() -> Path | None:
    """The model directory shipped with the package, or ``None`` when absent."""
    path = Path(str(resources.files("clindeid") / "data" / "model"))
    return path if (path / META_FILE).is_file() else None


def has_shipped_model() -> bool:
    return shipped_model_dir() is not None


def _tagger(model_dir: Path) -> Any:
    key = str(model_dir.resolve())
    with _LOCK:
        if key not in _CACHE:
            from clindeid.train.train import load_tagger

            _CACHE[key] = load_tagger(model_dir)
        return _CACHE[key]


def clear_cache() -> None:
    """Forget loaded models (tests)."""
    with _LOCK:
        _CACHE.clear()


class ModelDetector:
    """Proposes the NER model's spans; the model is loaded lazily, once per process."""

    name = "ner"
    family = "model"

    def __init__(self, model_dir: str | Path | None = None) -> None:
        if model_dir is None:
            found = shipped_model_dir()
            if found is None:
                raise FileNotFoundError("no NER model is shipped with this installation")
            model_dir = found
        self.model_dir = Path(model_dir)
        if not (self.model_dir / META_FILE).is_file():
            raise FileNotFoundError(
                f"not a clindeid model directory (no {META_FILE}): {self.model_dir}"
            )
        self._delegate: Any = None
        import json

        meta = json.loads((self.model_dir / META_FILE).read_text(encoding="utf-8"))
        self.backend = str(meta.get("backend"))
        self.labels: tuple[str, ...] = tuple(meta.get("labels", ()))

    def detect(self, document: Document) -> list[Entity]:
        if not document.text.strip():
            return []
        if self.backend == "transformers":
            if self._delegate is None:
                try:
                    from clindeid.train.transformer import TransformerDetector
                except ImportError as exc:
                    raise RuntimeError(
                        f"this model needs the transformers backend ({exc})"
                    ) from None
                self._delegate = TransformerDetector(self.model_dir)
            return [e.with_(source=SOURCE) for e in self._delegate.detect(document)]
        spans = _tagger(self.model_dir).predict_many([document.text])[0]
        return [Entity(s, e, label, source=SOURCE, score=score) for s, e, label, score in spans]


def model_detector(config: Any = None) -> ModelDetector:
    """Registry factory: the configuration's ``model_dir`` or the shipped model."""
    return ModelDetector(getattr(config, "model_dir", None))
