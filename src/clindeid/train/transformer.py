"""Fine-tuning and inference of a transformer token classifier (FlauBERT, CamemBERT, DrBERT…).

Everything is read from and written to local directories: the base model is loaded with
``local_files_only=True`` and nothing is ever downloaded.

Labels are BIO over clindeid's label set (`clindeid.labels.LABELS`), aligned to characters:
each word piece carries the label of the gold entity its character span overlaps (``B-`` on
the entity's first piece, ``I-`` on the others, ``O`` elsewhere). Offsets come from the fast
tokenizer's ``offset_mapping``; tokenizers without a fast version (FlauBERT's) are run word
by word and each piece gets the span of its word.

Long documents are never truncated: a document is tokenized once and cut into windows of
``window`` tokens (special tokens included) that overlap by ``stride`` tokens, the same
windows as the tokenizer's ``return_overflowing_tokens``/``stride``, but indexed in the
document's token sequence so that the logits of tokens seen by several windows are averaged
(weighted towards the window that sees the token farther from its cut) before decoding. An
entity crossing a window boundary is therefore decoded once.

>>> out = train_transformer(train_docs, dev_docs, "models/ner", "/models/camembert-base",
...                         {"epochs": 3, "window": 256, "stride": 64})
>>> TransformerDetector(out).detect(document)
"""

from __future__ import annotations

import json
import logging
import math
import re
import sys
import threading
import warnings
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from clindeid.document import Document, Entity
from clindeid.labels import LABELS, from_foreign

if TYPE_CHECKING:
    from clindeid.io.annotations import AnnotatedDocument

logger = logging.getLogger(__name__)

BACKEND = "transformers"
META_FILE = "clindeid_meta.json"
META_FORMAT = 1
SOURCE = "model/transformer"
IGNORE_INDEX = -100  # label of special, padding and whitespace-only tokens (no loss)

# Parameter aliases accepted by `TransformerParams.from_mapping`.
_PARAM_ALIASES: dict[str, str] = {
    "lr": "learning_rate",
    "overlap": "stride",
    "max_length": "window",
    "n_epochs": "epochs",
}
_WORD_RE = re.compile(r"\w+|[^\w\s]")

Offsets = list[tuple[int, int]]


# --------------------------------------------------------------------------------------
# Labels and alignment
# --------------------------------------------------------------------------------------


def bio_labels(labels: Sequence[str] = LABELS) -> list[str]:
    """``["O", "B-PERSON", "I-PERSON", …]``: the classifier's classes, in id order."""
    out = ["O"]
    for label in labels:
        out += [f"B-{label}", f"I-{label}"]
    return out


def _trim(text: str, start: int, end: int) -> tuple[int, int]:
    """A token span without its leading and trailing whitespace (empty if only spaces)."""
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end


def align_labels(
    text: str, offsets: Offsets, entities: Iterable[Entity], label2id: Mapping[str, int]
) -> list[int]:
    """BIO class ids of the tokens at ``offsets`` (character spans into ``text``).

    A token takes the label of the entity owning most of its characters (``B-`` when it is
    the entity's first token, else ``I-``), ``O`` when none does. Tokens whose span is empty
    or whitespace get `IGNORE_INDEX`. Overlapping entities: the first in reading order keeps
    the characters it covers. Entities with a label outside ``label2id`` are ignored.
    """
    owner = np.full(len(text) + 1, -1, dtype=np.int64)
    kept: list[Entity] = []
    for ent in sorted(entities, key=lambda e: (e.start, -e.end)):
        if f"B-{ent.label}" not in label2id:
            continue
        free = owner[ent.start : ent.end] < 0
        if free.any():
            owner[ent.start : ent.end][free] = len(kept)
            kept.append(ent)
    out: list[int] = []
    previous = -1
    for start, end in offsets:
        s, e = _trim(text, start, end)
        if s >= e:
            out.append(IGNORE_INDEX)
            continue
        owners = owner[s:e]
        owners = owners[owners >= 0]
        if owners.size == 0:
            out.append(label2id["O"])
            previous = -1
            continue
        k = int(np.bincount(owners).argmax())
        prefix = "I" if k == previous else "B"
        out.append(label2id[f"{prefix}-{kept[k].label}"])
        previous = k
    return out


def decode_bio(
    text: str,
    offsets: Offsets,
    probs: np.ndarray,
    id2label: Sequence[str],
    source: str = SOURCE,
) -> list[Entity]:
    """Character entities from per-token class probabilities (``probs``: tokens × classes).

    ``I-X`` without a preceding ``B-X``/``I-X`` opens an entity (a repaired ``B-X``); a word
    piece that continues a word (no gap, letters or digits on both sides, or the same span
    as the previous piece, as word-by-word offsets give) stays in the entity of its word's
    previous piece whatever its own prediction; entities are then widened to
    whole words (a word whose later piece alone is tagged is taken whole). Whitespace-only
    tokens are skipped. ``score`` is the mean of the tokens' highest probability.
    """
    entities: list[Entity] = []
    current: list[Any] | None = None  # [label, start, end, [scores]]
    previous = (-1, -1)  # span of the previous non-blank token

    def close() -> None:
        nonlocal current
        if current is not None:
            start, end = _widen(text, current[1], current[2])
            entities.append(
                Entity(start, end, current[0], source=source, score=float(np.mean(current[3])))
            )
        current = None

    best = probs.argmax(axis=1) if len(probs) else np.zeros(0, dtype=np.int64)
    for i, (start, end) in enumerate(offsets):
        s, e = _trim(text, start, end)
        if s >= e:
            continue
        tag = id2label[int(best[i])]
        score = float(probs[i, best[i]])
        # an open entity always ends with the previous non-blank token (O closes it)
        continues_word = current is not None and (
            (s, e) == previous
            or (s == previous[1] and _is_word_char(text, s - 1) and _is_word_char(text, s))
        )
        previous = (s, e)
        if continues_word:  # a word's pieces share its first piece's entity
            current[2] = e  # type: ignore[index]
            current[3].append(score)  # type: ignore[index]
            continue
        if tag == "O":
            close()
            continue
        prefix, label = tag[:1], tag[2:]
        if prefix == "I" and current is not None and current[0] == label:
            current[2] = e
            current[3].append(score)
            continue
        close()
        current = [label, s, e, [score]]
    close()
    return entities


def _is_word_char(text: str, i: int) -> bool:
    return 0 <= i < len(text) and text[i].isalnum()


def _widen(text: str, start: int, end: int) -> tuple[int, int]:
    """Extend a span that cuts a word (letters/digits run) to the whole word."""
    while start > 0 and text[start - 1].isalnum() and text[start].isalnum():
        start -= 1
    while end < len(text) and text[end].isalnum() and text[end - 1].isalnum():
        end += 1
    return start, end


# --------------------------------------------------------------------------------------
# Windows
# --------------------------------------------------------------------------------------


def plan_windows(n_tokens: int, size: int, stride: int) -> list[tuple[int, int]]:
    """Token ranges ``[a, b)`` of at most ``size`` tokens covering ``range(n_tokens)``,
    consecutive ranges overlapping by ``stride`` tokens (the last may overlap more)."""
    if size < 1:
        raise ValueError("window must hold at least one token besides the special tokens")
    if not 0 <= stride < size:
        raise ValueError(f"stride must be >= 0 and < the window's content size ({size})")
    out: list[tuple[int, int]] = []
    start = 0
    while start < n_tokens:
        end = min(start + size, n_tokens)
        out.append((start, end))
        if end >= n_tokens:
            break
        start += size - stride
    return out


def window_weights(a: int, b: int, n_tokens: int) -> np.ndarray:
    """Trust in each token of window ``[a, b)``: its distance (in tokens, from 1) to the
    nearest cut of the window. Window edges at the document's start or end are not cuts."""
    index = np.arange(a, b, dtype=np.float64)
    left = index - a + 1 if a > 0 else np.full(b - a, np.inf)
    right = b - index if b < n_tokens else np.full(b - a, np.inf)
    weights = np.minimum(left, right)
    return np.where(np.isinf(weights), float(max(b - a, 1)), weights)


def merge_window_logits(
    n_tokens: int, spans: Sequence[tuple[int, int]], logits: Sequence[np.ndarray]
) -> np.ndarray:
    """Average, token by token, the logits of every window that saw the token, weighted by
    `window_weights` (a window trusts tokens far from its cuts: in an overlap, the window
    that sees more context on both sides dominates, so an entity crossing a cut gets one
    consistent ``B- I- …`` sequence).

    ``logits[k]`` has one row per token of ``spans[k]`` (special tokens removed). Returns a
    ``n_tokens × classes`` array; tokens seen by no window (impossible with
    `plan_windows`) get zeros.
    """
    if not logits:
        return np.zeros((n_tokens, 0), dtype=np.float32)
    total = np.zeros((n_tokens, logits[0].shape[1]), dtype=np.float64)
    weight = np.zeros(n_tokens, dtype=np.float64)
    for (a, b), rows in zip(spans, logits, strict=True):
        w = window_weights(a, b, n_tokens)
        total[a:b] += rows * w[:, None]
        weight[a:b] += w
    return (total / np.maximum(weight, 1e-12)[:, None]).astype(np.float32)


def _softmax(x: np.ndarray) -> np.ndarray:
    z = x - x.max(axis=1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=1, keepdims=True)


# --------------------------------------------------------------------------------------
# Tokenization
# --------------------------------------------------------------------------------------


def _special_tokens(tokenizer: Any) -> tuple[list[int], list[int]]:
    """The ids the tokenizer puts before and after a single sequence ([CLS] … [SEP])."""
    for probe in ("a", "x", "1", "."):
        bare = list(tokenizer(probe, add_special_tokens=False)["input_ids"])
        full = list(tokenizer(probe, add_special_tokens=True)["input_ids"])
        for at in range(len(full) - len(bare) + 1):
            if bare and full[at : at + len(bare)] == bare:
                return [int(i) for i in full[:at]], [int(i) for i in full[at + len(bare) :]]
    raise ValueError("cannot tell the tokenizer's special tokens apart from the text")


class _Encoder:
    """A document's word pieces with character offsets, and windows with special tokens."""

    def __init__(self, tokenizer: Any, window: int, stride: int) -> None:
        self.tokenizer = tokenizer
        self.prefix, self.suffix = _special_tokens(tokenizer)
        self.content = window - len(self.prefix) - len(self.suffix)
        if self.content < 1:
            raise ValueError(f"window {window} leaves no room besides the special tokens")
        if not 0 <= stride < self.content:
            raise ValueError(
                f"stride {stride} must be >= 0 and < {self.content} (window minus special tokens)"
            )
        self.window = window
        self.stride = stride
        self.pad_id = tokenizer.pad_token_id if tokenizer.pad_token_id is not None else 0
        self._word_cache: dict[str, list[int]] = {}

    def encode(self, text: str) -> tuple[list[int], Offsets]:
        """Token ids (no special tokens) and their ``(start, end)`` character spans."""
        if not text:
            return [], []
        if getattr(self.tokenizer, "is_fast", False):
            enc = self.tokenizer(
                text,
                add_special_tokens=False,
                return_offsets_mapping=True,
                return_attention_mask=False,
                return_token_type_ids=False,
                verbose=False,
            )
            return list(enc["input_ids"]), [(int(s), int(e)) for s, e in enc["offset_mapping"]]
        return self._encode_by_word(text)

    def _encode_by_word(self, text: str) -> tuple[list[int], Offsets]:
        ids: list[int] = []
        offsets: Offsets = []
        for match in _WORD_RE.finditer(text):
            word = match.group()
            pieces = self._word_cache.get(word)
            if pieces is None:
                pieces = list(self.tokenizer.encode(word, add_special_tokens=False))
                if len(self._word_cache) < 200_000:
                    self._word_cache[word] = pieces
            ids.extend(pieces)
            offsets.extend([match.span()] * len(pieces))
        return ids, offsets

    def windows(self, n_tokens: int) -> list[tuple[int, int]]:
        return plan_windows(n_tokens, self.content, self.stride)

    def wrap(self, ids: Sequence[int]) -> list[int]:
        """A window's ids with the model's special tokens."""
        return [*self.prefix, *ids, *self.suffix]


# --------------------------------------------------------------------------------------
# Parameters
# --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TransformerParams:
    """Fine-tuning hyper-parameters (see docs/transformers.md).

    ``window``: tokens per window, special tokens included (≤ the model's maximum, 512 for
    FlauBERT/CamemBERT); ``stride``: tokens shared by consecutive windows; ``max_steps``:
    stop after that many optimizer steps (``None``: ``epochs`` full passes); ``device``:
    ``"cpu"``, ``"cuda"`` (falls back to CPU with a warning when unavailable) or ``"auto"``.
    """

    epochs: int = 3
    learning_rate: float = 5e-5
    batch_size: int = 8
    window: int = 256
    stride: int = 64
    seed: int = 0
    max_steps: int | None = None
    device: str = "cpu"
    warmup_ratio: float = 0.1
    weight_decay: float = 0.01
    max_grad_norm: float = 1.0
    eval_batch_size: int = 16
    verbose: bool = True

    @classmethod
    def from_mapping(
        cls, params: Mapping[str, Any] | TransformerParams | None
    ) -> TransformerParams:
        """Build from a loose mapping (aliases ``lr``, ``overlap``, ``max_length``,
        ``n_epochs``); ``None`` values are ignored, unknown keys are logged and ignored."""
        if params is None:
            return cls()
        if isinstance(params, TransformerParams):
            return params
        known = {f.name for f in fields(cls)}
        values: dict[str, Any] = {}
        unknown: list[str] = []
        for key, value in params.items():
            name = _PARAM_ALIASES.get(key, key)
            if name not in known:
                unknown.append(str(key))
            elif value is not None:
                values[name] = value
        if unknown:
            logger.warning("transformer training ignores parameters: %s", ", ".join(unknown))
        out = cls(**values)
        out.validate()
        return out

    def validate(self) -> None:
        if self.epochs < 1 or self.batch_size < 1 or self.eval_batch_size < 1:
            raise ValueError("epochs and batch sizes must be >= 1")
        if self.learning_rate <= 0:
            raise ValueError("learning_rate must be > 0")
        if self.max_steps is not None and self.max_steps < 1:
            raise ValueError("max_steps must be >= 1")
        if self.window < 3 or self.stride < 0:
            raise ValueError("window must be >= 3 and stride >= 0")
        if self.device not in ("cpu", "cuda", "auto") and not self.device.startswith("cuda:"):
            raise ValueError(f"unknown device {self.device!r} (cpu, cuda, cuda:N, auto)")


# --------------------------------------------------------------------------------------
# Torch helpers (imported lazily: clindeid runs without torch)
# --------------------------------------------------------------------------------------


def _require() -> tuple[Any, Any]:
    try:
        import torch
        import transformers
    except ImportError as exc:  # pragma: no cover - depends on the environment
        raise ImportError(
            "the transformers backend needs torch and transformers: "
            "pip install 'clindeid[transformers]'"
        ) from exc
    return torch, transformers


@contextmanager
def _quiet(transformers: Any) -> Iterator[None]:
    """Silence transformers' load reports and progress bars (restored afterwards)."""
    tlog = transformers.utils.logging
    verbosity, bars = tlog.get_verbosity(), tlog.is_progress_bar_enabled()
    tlog.set_verbosity_error()
    tlog.disable_progress_bar()
    try:
        yield
    finally:
        tlog.set_verbosity(verbosity)
        if bars:
            tlog.enable_progress_bar()


def _load(transformers: Any, path: str, **kwargs: Any) -> tuple[Any, Any]:
    """Tokenizer and token-classification model from a local directory (never downloads)."""
    with _quiet(transformers):
        tokenizer = transformers.AutoTokenizer.from_pretrained(path, local_files_only=True)
        model = transformers.AutoModelForTokenClassification.from_pretrained(
            path, local_files_only=True, **kwargs
        )
    return tokenizer, model


def _device(torch: Any, wanted: str) -> Any:
    if wanted == "auto":
        wanted = "cuda" if torch.cuda.is_available() else "cpu"
    if wanted.startswith("cuda") and not torch.cuda.is_available():
        warnings.warn("CUDA is not available; running on CPU", RuntimeWarning, stacklevel=3)
        wanted = "cpu"
    return torch.device(wanted)


def _max_window(model: Any, tokenizer: Any) -> int | None:
    """The longest input the model accepts (position embeddings, tokenizer limit)."""
    limits: list[int] = []
    positions = getattr(model.config, "max_position_embeddings", None)
    if isinstance(positions, int) and positions > 0:
        # RoBERTa-style models (CamemBERT, DrBERT) offset positions by padding_idx + 1.
        if model.config.model_type in ("roberta", "camembert", "xlm-roberta"):
            positions -= (getattr(model.config, "pad_token_id", 1) or 1) + 1
        limits.append(positions)
    tok_max = getattr(tokenizer, "model_max_length", None)
    if isinstance(tok_max, int) and 0 < tok_max < 1_000_000:
        limits.append(tok_max)
    return min(limits) if limits else None


def _pad_batch(torch: Any, rows: Sequence[Sequence[int]], pad: int, device: Any) -> tuple[Any, Any]:
    width = max(len(r) for r in rows)
    ids = torch.full((len(rows), width), pad, dtype=torch.long)
    mask = torch.zeros((len(rows), width), dtype=torch.long)
    for i, row in enumerate(rows):
        ids[i, : len(row)] = torch.tensor(row, dtype=torch.long)
        mask[i, : len(row)] = 1
    return ids.to(device), mask.to(device)


class _Tagger:
    """A loaded token classifier that tags whole documents (shared by training's dev
    evaluation and `TransformerDetector`)."""

    def __init__(
        self,
        model: Any,
        tokenizer: Any,
        id2label: Sequence[str],
        window: int,
        stride: int,
        device: Any,
        batch_size: int = 8,
    ) -> None:
        self.torch, _ = _require()
        self.model = model
        self.encoder = _Encoder(tokenizer, window, stride)
        self.id2label = list(id2label)
        self.device = device
        self.batch_size = batch_size
        self.lock = threading.Lock()

    def token_probs(self, text: str, batch_size: int | None = None) -> tuple[Offsets, np.ndarray]:
        """Token offsets and class probabilities (overlapping windows averaged);
        ``batch_size`` windows per forward pass."""
        batch_size = batch_size or self.batch_size
        ids, offsets = self.encoder.encode(text)
        spans = self.encoder.windows(len(ids))
        logits: list[np.ndarray] = []
        torch = self.torch
        n_prefix = len(self.encoder.prefix)
        with self.lock, torch.inference_mode():
            self.model.eval()
            for i in range(0, len(spans), batch_size):
                batch = spans[i : i + batch_size]
                rows = [self.encoder.wrap(ids[a:b]) for a, b in batch]
                input_ids, mask = _pad_batch(torch, rows, self.encoder.pad_id, self.device)
                out = self.model(input_ids=input_ids, attention_mask=mask).logits
                out = out.float().cpu().numpy()
                for k, (a, b) in enumerate(batch):
                    logits.append(out[k, n_prefix : n_prefix + (b - a)])
        merged = merge_window_logits(len(ids), spans, logits)
        if not len(ids):
            return offsets, np.zeros((0, len(self.id2label)), dtype=np.float32)
        return offsets, _softmax(merged)

    def predict(self, text: str, batch_size: int | None = None) -> list[Entity]:
        offsets, probs = self.token_probs(text, batch_size)
        return decode_bio(text, offsets, probs, self.id2label)


# --------------------------------------------------------------------------------------
# Training
# --------------------------------------------------------------------------------------


def _entity_labels(docs: Sequence[AnnotatedDocument]) -> tuple[list[Entity], ...]:
    """Each document's entities with labels mapped into clindeid's set (others dropped,
    counted in one warning)."""
    dropped: dict[str, int] = {}
    out: list[list[Entity]] = []
    for doc in docs:
        kept: list[Entity] = []
        for ent in doc.entities:
            label = ent.label if ent.label in LABELS else from_foreign(ent.label)
            if label is None or label not in LABELS:
                dropped[ent.label] = dropped.get(ent.label, 0) + 1
                continue
            kept.append(ent if label == ent.label else ent.with_(label=label))
        out.append(kept)
    if dropped:
        listed = ", ".join(f"{k} ({v})" for k, v in sorted(dropped.items()))
        warnings.warn(
            f"entities with labels outside clindeid's set ignored: {listed}",
            UserWarning,
            stacklevel=3,
        )
    return tuple(out)


def _training_windows(
    docs: Sequence[AnnotatedDocument], encoder: _Encoder, label2id: Mapping[str, int]
) -> list[tuple[list[int], list[int]]]:
    """``(input_ids, labels)`` of every window of every document, special tokens labelled
    `IGNORE_INDEX`."""
    out: list[tuple[list[int], list[int]]] = []
    ignore_prefix = [IGNORE_INDEX] * len(encoder.prefix)
    ignore_suffix = [IGNORE_INDEX] * len(encoder.suffix)
    for doc, entities in zip(docs, _entity_labels(docs), strict=True):
        ids, offsets = encoder.encode(doc.text)
        labels = align_labels(doc.text, offsets, entities, label2id)
        for a, b in encoder.windows(len(ids)):
            out.append(
                (encoder.wrap(ids[a:b]), [*ignore_prefix, *labels[a:b], *ignore_suffix])
            )
    return out


def _say(params: TransformerParams, message: str) -> None:
    logger.info(message)
    if params.verbose:
        print(message, file=sys.stderr, flush=True)


def train_transformer(
    train_docs: Iterable[AnnotatedDocument],
    dev_docs: Iterable[AnnotatedDocument] | None,
    out_dir: str | Path,
    base_model_dir: str | Path,
    params: Mapping[str, Any] | TransformerParams | None = None,
) -> Path:
    """Fine-tune the local model in ``base_model_dir`` for BIO tagging of clindeid's labels.

    Saves model, tokenizer and ``clindeid_meta.json`` (backend, labels, window, stride,
    parameters, dev scores) to ``out_dir`` and returns it. Nothing is downloaded: the base
    model must be a local directory (``config.json``, weights, tokenizer files). Progress
    lines (steps, loss, dev scores) go to stderr; document text is never printed.
    """
    torch, transformers = _require()
    p = TransformerParams.from_mapping(params)
    base = Path(base_model_dir)
    if not base.is_dir():
        raise FileNotFoundError(f"base model directory not found: {base}")
    out = Path(out_dir)
    train = list(train_docs)
    dev = list(dev_docs or ())
    if not train:
        raise ValueError("no training documents")

    transformers.set_seed(p.seed)
    device = _device(torch, p.device)
    id2label = bio_labels()
    label2id = {label: i for i, label in enumerate(id2label)}
    tokenizer, model = _load(
        transformers,
        str(base),
        num_labels=len(id2label),
        id2label=dict(enumerate(id2label)),
        label2id=label2id,
        ignore_mismatched_sizes=True,
    )
    window = p.window
    limit = _max_window(model, tokenizer)
    if limit is not None and window > limit:
        warnings.warn(
            f"window {window} exceeds the model's limit; using {limit}", UserWarning, stacklevel=2
        )
        window = limit
    n_special = sum(len(part) for part in _special_tokens(tokenizer))
    stride = max(0, min(p.stride, window // 2, window - n_special - 1))
    if stride != p.stride:
        _say(p, f"stride {p.stride} lowered to {stride} (at most half the window)")
    encoder = _Encoder(tokenizer, window, stride)
    if not getattr(tokenizer, "is_fast", False):
        _say(p, "tokenizer has no fast version: offsets are aligned word by word")

    examples = _training_windows(train, encoder, label2id)
    if not examples:
        raise ValueError("training documents hold no tokens")
    per_epoch = math.ceil(len(examples) / p.batch_size)
    total = per_epoch * p.epochs if p.max_steps is None else p.max_steps
    epochs = p.epochs if p.max_steps is None else math.ceil(p.max_steps / per_epoch)
    _say(
        p,
        f"training on {len(train)} documents, {len(examples)} windows of ≤{window} tokens "
        f"(stride {stride}), {total} steps on {device}",
    )

    model.to(device)
    no_decay = ("bias", "LayerNorm.weight", "layer_norm.weight", "norm.weight")
    named = list(model.named_parameters())
    groups = [
        {
            "params": [w for n, w in named if not n.endswith(no_decay)],
            "weight_decay": p.weight_decay,
        },
        {"params": [w for n, w in named if n.endswith(no_decay)], "weight_decay": 0.0},
    ]
    optimizer = torch.optim.AdamW(groups, lr=p.learning_rate)
    scheduler = transformers.get_linear_schedule_with_warmup(
        optimizer, int(p.warmup_ratio * total), total
    )
    generator = torch.Generator().manual_seed(p.seed)
    step = 0
    model.train()
    for epoch in range(epochs):
        order = torch.randperm(len(examples), generator=generator).tolist()
        losses: list[float] = []
        for i in range(0, len(order), p.batch_size):
            batch = [examples[j] for j in order[i : i + p.batch_size]]
            input_ids, mask = _pad_batch(torch, [b[0] for b in batch], encoder.pad_id, device)
            labels = torch.full(input_ids.shape, IGNORE_INDEX, dtype=torch.long)
            for k, (_, row) in enumerate(batch):
                labels[k, : len(row)] = torch.tensor(row, dtype=torch.long)
            loss = model(input_ids=input_ids, attention_mask=mask, labels=labels.to(device)).loss
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), p.max_grad_norm)
            optimizer.step()
            scheduler.step()
            optimizer.zero_grad(set_to_none=True)
            losses.append(float(loss.detach()))
            step += 1
            if step >= total:
                break
        done = step >= total or epoch + 1 == epochs
        if done or (epoch + 1) % max(1, epochs // 10) == 0:
            _say(p, f"epoch {epoch + 1}/{epochs}: step {step}, mean loss {np.mean(losses):.4f}")
        if done:
            break

    model.eval()
    dev_scores = _evaluate_dev(
        _Tagger(model, tokenizer, id2label, window, stride, device, p.eval_batch_size), dev, p
    )
    out.mkdir(parents=True, exist_ok=True)
    with _quiet(transformers):
        model.save_pretrained(str(out))
        tokenizer.save_pretrained(str(out))
    meta = {
        "backend": BACKEND,
        "format": META_FORMAT,
        "version": _clindeid_version(),
        "labels": id2label,
        "entity_labels": list(LABELS),
        "window": window,
        "stride": stride,
        "base_model": base.name,
        "params": {k: v for k, v in asdict(p).items() if k != "verbose"},
        "train_documents": len(train),
        "train_windows": len(examples),
        "steps": step,
        "dev": dev_scores,
        "torch": torch.__version__,
        "transformers": transformers.__version__,
    }
    (out / META_FILE).write_text(json.dumps(meta, indent=2) + "\n", encoding="utf-8")
    _say(p, f"model saved to {out}")
    return out


def _evaluate_dev(
    tagger: _Tagger, dev: Sequence[AnnotatedDocument], p: TransformerParams
) -> dict[str, Any] | None:
    """Token- and entity-level scores of the tagger on the dev documents (None if none)."""
    if not dev:
        return None
    try:
        from clindeid.evaluate import evaluate
        from clindeid.io.annotations import AnnotatedDocument
    except ImportError:  # pragma: no cover - evaluation is optional
        return None
    preds = [
        AnnotatedDocument(id=d.id, text=d.text, entities=tuple(tagger.predict(d.text)))
        for d in dev
    ]
    gold = [
        AnnotatedDocument(id=d.id, text=d.text, entities=tuple(ents), meta=d.meta)
        for d, ents in zip(dev, _entity_labels(dev), strict=True)
    ]
    scores = evaluate(gold, preds).scores
    tok, ent = scores.tokens, scores.micro_strict
    result = {
        "documents": len(dev),
        "token_precision": tok.precision,
        "token_recall": tok.recall,
        "token_f1": tok.f1,
        "entity_strict_precision": ent.precision,
        "entity_strict_recall": ent.recall,
        "entity_strict_f1": ent.f1,
    }
    _say(
        p,
        f"dev ({len(dev)} documents): token P {tok.precision:.3f} R {tok.recall:.3f} "
        f"F1 {tok.f1:.3f}; entity strict F1 {ent.f1:.3f}",
    )
    return result


def _clindeid_version() -> str:
    try:
        from clindeid import __version__

        return str(__version__)
    except ImportError:  # pragma: no cover
        return "unknown"


# --------------------------------------------------------------------------------------
# Detection
# --------------------------------------------------------------------------------------

_CACHE: dict[tuple[str, str, int], _Tagger] = {}  # (path, device, meta mtime) → tagger
_CACHE_LOCK = threading.Lock()


def read_meta(model_dir: str | Path) -> dict[str, Any]:
    """The ``clindeid_meta.json`` of a fine-tuned model directory."""
    path = Path(model_dir) / META_FILE
    if not path.is_file():
        raise FileNotFoundError(f"not a clindeid model directory (no {META_FILE}): {model_dir}")
    meta = json.loads(path.read_text(encoding="utf-8"))
    if meta.get("backend") != BACKEND:
        raise ValueError(f"{path}: backend is {meta.get('backend')!r}, not {BACKEND!r}")
    return meta


def load_tagger(model_dir: str | Path, device: str = "cpu") -> _Tagger:
    """The tagger of a fine-tuned model directory, loaded once per process and device (and
    again if the directory is retrained)."""
    path = Path(model_dir).resolve()
    meta_file = path / META_FILE
    stamp = meta_file.stat().st_mtime_ns if meta_file.is_file() else 0
    key = (str(path), device, stamp)
    with _CACHE_LOCK:
        tagger = _CACHE.get(key)
        if tagger is None:
            torch, transformers = _require()
            meta = read_meta(model_dir)
            dev = _device(torch, device)
            tokenizer, model = _load(transformers, key[0])
            if model.config.num_labels != len(meta["labels"]):
                raise ValueError(
                    f"{path}: the model has {model.config.num_labels} classes but "
                    f"{META_FILE} lists {len(meta['labels'])} labels"
                )
            model.to(dev).eval()
            tagger = _Tagger(
                model,
                tokenizer,
                meta["labels"],
                int(meta["window"]),
                int(meta["stride"]),
                dev,
            )
            _CACHE[key] = tagger
    return tagger


def clear_cache() -> None:
    """Forget the loaded models (tests, or to free memory)."""
    with _CACHE_LOCK:
        _CACHE.clear()


class TransformerDetector:
    """Detector of a fine-tuned transformer model directory (see `train_transformer`).

    Family ``model``; entities have source ``model/transformer`` (resolver priority 60) and
    ``score`` the mean of their tokens' highest class probability.
    """

    name = "transformer"
    family = "model"

    def __init__(self, model_dir: str | Path, batch_size: int = 8, device: str = "cpu") -> None:
        self.model_dir = Path(model_dir)
        self.batch_size = batch_size
        self.tagger = load_tagger(model_dir, device=device)

    def detect(self, document: Document) -> list[Entity]:
        return self.tagger.predict(document.text, self.batch_size)
