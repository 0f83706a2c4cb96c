"""CRF backend: a linear-chain conditional random field (python-crfsuite, L-BFGS, elastic net)
over hand-made token features, the classic de-identification baseline (papers 002, 003).

Tokens are those of the spaCy backend (`clindeid.train.model_spacy.tokens_doc`: word runs,
single other characters, line breaks). Features of a token and of its neighbours (±2):
lower-cased form, word shape, prefixes and suffixes, case, digits, length, line position,
and dictionary features (French first name, surname, common word) from
`clindeid.knowledge`. Tags are BIO. An entity's score is the mean marginal probability of
its tokens' tags.
"""

from __future__ import annotations

import bisect
import re
import time
from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache
from itertools import compress
from pathlib import Path
from typing import Any

from clindeid.train.windows import Span, merge_windows, training_chunks, windows

MODEL_FILE = "model.crfsuite"
MIN_MARGINAL = 0.5
_TOKENS = re.compile(r"\w+|[^\w\s]|\n\s*")
# word shape: [A-ZÀ-Ý] → X, [a-zß-ÿ] → x, \d → d (one character each), then runs of 3+
# identical characters cut to 2
_SHAPE_TABLE = str.maketrans(
    {**dict.fromkeys([*map(chr, range(65, 91)), *map(chr, range(0xC0, 0xDE))], "X"),
     **dict.fromkeys([*map(chr, range(97, 123)), *map(chr, range(0xDF, 0x100))], "x"),
     **dict.fromkeys("0123456789", "d")}
)  # fmt: skip
_DIGIT = re.compile(r"\d")
_RUN = re.compile(r"(.)\1{2,}")


@lru_cache(maxsize=200_000)
def _shape(word: str) -> str:
    s = word.translate(_SHAPE_TABLE)
    if not s.isascii():  # other Unicode decimal digits
        s = _DIGIT.sub("d", s)
    return _RUN.sub(r"\1\1", s) if len(s) > 2 else s


@lru_cache(maxsize=200_000)
def _lexical(word: str) -> tuple[str, ...]:
    """Features of a word alone (cached: words repeat)."""
    from clindeid.knowledge import is_common_word, is_first_name, is_surname

    if word.startswith("\n"):
        return ("nl",)
    low = word.lower()
    feats = [f"w={low}", f"sh={_shape(word)}", f"p2={low[:2]}", f"p3={low[:3]}",
             f"s2={low[-2:]}", f"s3={low[-3:]}", f"len={min(len(word), 12)}"]  # fmt: skip
    if word.isupper():
        feats.append("upper")
    elif word[:1].isupper():
        feats.append("title")
    if word.isdigit():
        feats.append(f"digits={len(word)}")
    if word.isalpha() and len(word) > 1:
        if is_first_name(word):
            feats.append("first_name")
        if is_surname(word):
            feats.append("surname")
        if is_common_word(word):
            feats.append("common")
    return tuple(feats)


@lru_cache(maxsize=200_000)
def _word_features(word: str) -> tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]:
    """A word's own features (with the bias) and, for each neighbour offset in ``_OFFSETS``,
    the features it gives the token at that distance (cached: words repeat)."""
    if word.startswith("\n"):
        context: tuple[str, ...] = ("nl",)
    else:
        context = (f"w={word.lower()}", f"sh={_shape(word)}")
    # seen from token i, the neighbour j = i + d reports "{d}:…"
    by_offset = tuple(tuple(f"{d}:{x}" for x in context) for d in _OFFSETS)
    return ("bias", *_lexical(word)), by_offset


_OFFSETS = (-2, -1, 1, 2)
_PADS = tuple((f"{d}:pad",) for d in _OFFSETS)
_PADS_UTF8 = tuple(tuple(f.encode() for f in pad) for pad in _PADS)
_LINE_START = b"line_start"


WordFeatures = tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]
_Attrs = tuple[bytes, ...]
_TaggerWord = tuple[_Attrs, _Attrs, _Attrs, _Attrs, _Attrs, bool]


def features(
    words: Sequence[str], word_features: Callable[[str], WordFeatures] | None = None
) -> list[list[str]]:
    """crfsuite feature lists of a token sequence: a token's own features, its neighbours'
    (±2) lower-cased form and shape, padding at the ends, and ``line_start``.
    ``word_features`` replaces `_word_features` (a tagger keeps only what its model knows)."""
    cached = [(word_features or _word_features)(w) for w in words]
    own = [c[0] for c in cached]
    # what the neighbour at offset d (index k in _OFFSETS) tells each token, pads at the ends
    m2 = [_PADS[0]] * 2 + [c[1][0] for c in cached[:-2]]
    m1 = [_PADS[1]] + [c[1][1] for c in cached[:-1]]
    p1 = [c[1][2] for c in cached[1:]] + [_PADS[2]]
    p2 = [c[1][3] for c in cached[2:]] + [_PADS[3]] * 2
    out = [[*o, *a, *b, *c, *d] for o, a, b, c, d in zip(own, m2, m1, p1, p2, strict=False)]
    for i, f in enumerate(out):
        if i == 0 or words[i - 1].startswith("\n"):
            f.append("line_start")
    return out


def tokenize(text: str) -> tuple[list[str], list[int], list[int]]:
    words, starts, ends = [], [], []
    for m in _TOKENS.finditer(text):
        words.append(m.group())
        starts.append(m.start())
        ends.append(m.end())
    return words, starts, ends


def bio_tags(text: str, entities: Iterable[tuple[int, int, str]]) -> tuple[list[str], list[str]]:
    """Tokens and their BIO tags (entities widened to whole tokens)."""
    words, starts, ends = tokenize(text)
    tags = ["O"] * len(words)
    for s, e, label in sorted(entities):
        i = bisect.bisect_right(ends, s)
        j = bisect.bisect_left(starts, e) - 1
        if i > j or any(t != "O" for t in tags[i : j + 1]):
            continue
        tags[i] = f"B-{label}"
        for k in range(i + 1, j + 1):
            tags[k] = f"I-{label}"
    return words, tags


class CrfTagger:
    """Predicts ``(start, end, label, score)`` spans with a trained CRF."""

    backend = "crf"

    def __init__(self, path: str | Path, window: int = 4000, overlap: int = 400) -> None:
        import pycrfsuite

        self.path = Path(path)
        self.tagger = pycrfsuite.Tagger()
        self.tagger.open(str(self.path / MODEL_FILE))
        self.labels = tuple(sorted({t[2:] for t in self.tagger.labels() if t != "O"}))
        self.window = window
        self.overlap = overlap
        # attributes with a state feature in the model: the others weigh nothing, and
        # handing them to crfsuite (string lookups) was most of the tagging time
        self.known = frozenset(a for a, _label in self.tagger.info().state_features)
        self._word_cache: dict[str, _TaggerWord] = {}

    def _word_features(self, word: str) -> _TaggerWord:
        """`_word_features` restricted to the model's attributes, UTF-8 encoded (what
        crfsuite converts strings to), as ``(own, to -2, to -1, to +1, to +2, line
        break)`` (cached per tagger)."""
        cache = self._word_cache
        if len(cache) >= 200_000:
            cache.clear()
        known = self.known
        # `_word_features` without its cache (this one holds the result)
        newline = word.startswith("\n")
        context = ("nl",) if newline else (f"w={word.lower()}", f"sh={_shape(word)}")
        m2, m1, p1, p2 = (
            tuple([a.encode() for x in context if (a := f"{d}:{x}") in known]) for d in _OFFSETS
        )
        own = tuple([f.encode() for f in ("bias", *_lexical(word)) if f in known])
        found = (own, m2, m1, p1, p2, newline)
        cache[word] = found
        return found

    def features(self, words: Sequence[str]) -> list[tuple[bytes, ...]]:
        """`features` (``word_features``: the model's attributes), encoded: the same
        attributes in the same order, built from per-word tuples in a few passes."""
        cache = self._word_cache
        try:
            cached = [cache[w] for w in words]
        except KeyError:
            cached = [cache[w] if w in cache else self._word_features(w) for w in words]
        own, m2, m1, p1, p2, breaks = zip(*cached, strict=True)
        pad_m2, pad_m1, pad_p1, pad_p2 = _PADS_UTF8
        out = [
            o + a + b + c + d  # tuples: concatenation is much cheaper than list unpacking
            for o, a, b, c, d in zip(
                own,
                (pad_m2, pad_m2, *m2[:-2]),
                (pad_m1, *m1[:-1]),
                (*p1[1:], pad_p1),
                (*p2[2:], pad_p2, pad_p2),
                strict=False,
            )
        ]
        out[0] += (_LINE_START,)
        for i in compress(range(1, len(out)), breaks):  # the token after a line break
            out[i] += (_LINE_START,)
        return out

    @classmethod
    def load(cls, path: str | Path) -> CrfTagger:
        return cls(path)

    def _spans(self, text: str) -> list[Span]:
        words, starts, ends = tokenize(text)
        if not words:
            return []
        tagger = self.tagger
        tags = tagger.tag(self.features(words))
        marginal = tagger.marginal
        # only tagged tokens matter: an "O" token is never in a span and ends the one before
        hot = [i for i, t in enumerate(tags) if t != "O"]
        probs = [marginal(tags[i], i) for i in hot]
        # a token the model is unsure of (marginal < MIN_MARGINAL) ends the span: the
        # Viterbi path often bridges two neighbouring entities with one weak token
        spans: list[Span] = []
        n = len(hot)
        q = 0
        while q < n:
            i = hot[q]
            if probs[q] < MIN_MARGINAL or words[i].startswith("\n"):
                q += 1
                continue
            label = tags[i][2:]
            inside = f"I-{label}"
            r = q + 1
            j = i + 1
            while (
                r < n
                and hot[r] == j
                and tags[j] == inside
                and probs[r] >= MIN_MARGINAL
                and not words[j].startswith("\n")
            ):  # never across a line break
                r += 1
                j += 1
            # tokens i..j-1 are no line breaks: the span ends with token j-1
            spans.append((starts[i], ends[j - 1], label, float(sum(probs[q:r]) / (j - i))))
            q = r
        return spans

    def predict(self, text: str) -> list[Span]:
        bounds = windows(text, self.window, self.overlap) if text else []
        return merge_windows(bounds, [self._spans(text[s:e]) for s, e in bounds])

    def predict_many(self, texts: Sequence[str]) -> list[list[Span]]:
        return [self.predict(t) for t in texts]


def train_crf(
    train: Sequence[tuple[str, Sequence[tuple[int, int, str]]]],
    evaluate: Callable[[CrfTagger], float],
    out_dir: Path,
    labels: Iterable[str],
    params: dict[str, Any],
    log: Callable[[str], None] = print,
) -> tuple[float, dict[str, Any]]:
    """Train with L-BFGS (``epochs`` = iterations, ``c1``/``c2`` = L1/L2), score on dev."""
    import pycrfsuite

    t0 = time.monotonic()
    trainer = pycrfsuite.Trainer(verbose=False)
    window = int(params["window"])
    n = 0
    for text, ents in train:
        for s, e in training_chunks(text, [(a, b) for a, b, _ in ents], window):
            chunk = [(a - s, b - s, lab) for a, b, lab in ents if s <= a and b <= e]
            words, tags = bio_tags(text[s:e], chunk)
            if words:
                trainer.append(features(words), tags)
                n += 1
    trainer.set_params({
        "c1": float(params["c1"]), "c2": float(params["c2"]),
        "max_iterations": int(params["epochs"]) if int(params["epochs"]) > 20 else 100,
        "feature.possible_transitions": True,
    })  # fmt: skip
    out_dir.mkdir(parents=True, exist_ok=True)
    trainer.train(str(out_dir / MODEL_FILE))
    seconds = time.monotonic() - t0
    tagger = CrfTagger(out_dir, window=max(window, 2000), overlap=200)
    score = evaluate(tagger)
    log(f"crf: {n} sequences, dev {score:.4f} ({seconds:.0f}s)")
    return score, {"sequences": n, "seconds": round(seconds, 1), "dev": score}
