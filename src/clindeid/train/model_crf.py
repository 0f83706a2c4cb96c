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
# The attributes with a state feature in the model, listed once after training: reading
# them back from crfsuite's dump took most of the model's load time. The first line holds
# the SHA-256 of the model file they were listed from.
ATTRIBUTES_FILE = "attributes.txt.gz"
MIN_MARGINAL = 0.5
# A token the Viterbi path leaves outside although P(O) < SOFT_O joins the entities
# (`CrfTagger._with_soft_runs`); first chosen on a held-out set the model never saw
# (heldout_g, 2026-11-24: 0.8 traded 0.5 point of token precision for 0.4 of recall and 7
# more clean documents of 60), raised to 0.9 with the larger model A–BD (2026-11-27, chosen on
# heldout_be … heldout_bh, checked on heldout_bi … heldout_bl: +3 and +2 clean documents of
# 240, 0.1–0.4 point of precision; docs/model.md), then to 0.97 with model A–BN (2026-11-27,
# chosen on heldout_bo … heldout_bt: 298 → 306 clean documents of 360, 0.2–0.8 point of
# precision; checked on heldout_bu … heldout_cb, which no choice saw).
SOFT_O = 0.97
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
_CONTENT_START = re.compile(r"[A-ZÀ-Ý0-9]")
# tokens a soft run may hold: words, numbers and the punctuation inside names and numbers
# (never a line break, a comma, a colon, a bracket…)
_RUN_TOKEN = re.compile(r"\w|[-'’./&]$")


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
        feats.extend(_vocabulary_features(word))
    return tuple(feats)


_RANK_BUCKETS = ((2_000, "2k"), (10_000, "10k"), (50_000, "50k"), (200_000, "200k"))


def _rank_bucket(rank: int) -> str:
    for limit, name in _RANK_BUCKETS:
        if 0 <= rank < limit:
            return name
    return "none"


def _vocabulary_features(word: str) -> list[str]:
    """How frequent the word's lowercase and capitalised forms are in French
    (`clindeid.knowledge.word_ranks`), and ``propn`` when the capitalised form is the more
    frequent one (a proper noun): a name the dictionaries miss (``Vitaris``, ``Sétif``)
    looks unlike a common word written with a capital (``Chambre``, ``Verte``)."""
    from clindeid.knowledge.vocabulary import word_ranks

    ranks = word_ranks(word)
    out = [f"lowr={_rank_bucket(ranks.lower)}", f"titr={_rank_bucket(ranks.title)}"]
    if ranks.title >= 0 and (ranks.lower < 0 or ranks.title < ranks.lower):
        out.append("propn")
    return out


@lru_cache(maxsize=200_000)
def _classes(word: str) -> tuple[str, ...]:
    """What a capitalised word is, told to its neighbours with the ``neighbour_classes``
    option: a first name, a surname, a commune, a proper noun (``cls=…``), so that "X de
    <commune>" or "<first name> X" generalise to words the training data never held; a
    lowercase word tells only its form (cached)."""
    if not (word.isalpha() and len(word) > 1 and word[0].isupper()):
        return ()
    from clindeid.knowledge.communes import communes_by_name

    own = _lexical(word)  # the word's own dictionary and vocabulary features, read once
    out = [cls for feat, cls in _CLASS_OF if feat in own]
    if communes_by_name(word):
        out.append("cls=commune")
    return tuple(out)


# the word's own features (`_lexical`) that its neighbours hear as a class
_CLASS_OF = (("first_name", "cls=first"), ("surname", "cls=surname"), ("propn", "cls=propn"))


def _context(word: str, classes: bool) -> tuple[str, ...]:
    """The features a word gives its neighbours: its lower-cased form and shape (and, with
    ``classes``, `_classes`), or ``nl`` for a line break."""
    if word.startswith("\n"):
        return ("nl",)
    context = (f"w={word.lower()}", f"sh={_shape(word)}")
    return (*context, *_classes(word)) if classes else context


@lru_cache(maxsize=200_000)
def _word_features(
    word: str, classes: bool = False
) -> tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]:
    """A word's own features (with the bias) and, for each neighbour offset in ``_OFFSETS``,
    the features it gives the token at that distance (cached: words repeat)."""
    context = _context(word, classes)
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
    words: Sequence[str],
    word_features: Callable[[str], WordFeatures] | None = None,
    classes: bool = False,
) -> list[list[str]]:
    """crfsuite feature lists of a token sequence: a token's own features, its neighbours'
    (±2) lower-cased form and shape (with ``classes``, also what they are: `_classes`),
    padding at the ends, and ``line_start``. ``word_features`` replaces `_word_features` (a
    tagger keeps only what its model knows)."""
    cached = [word_features(w) if word_features else _word_features(w, classes) for w in words]
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
        elif _midcap(words, i):
            f.append(_MIDCAP)
    return out


def _midcap(words: Sequence[str], i: int) -> bool:
    """Token ``i`` starts with a capital inside a sentence: after a lowercase word, a comma
    or an elided article on the same line. French writes common nouns in lowercase there,
    so a capital marks a name (``la Chambre d'agriculture``, ``téléassistance Vitaris``)."""
    if not words[i][:1].isupper():
        return False
    before = words[i - 1]
    return before in _MIDCAP_AFTER or (before.isalpha() and before.islower())


_MIDCAP_AFTER = frozenset({",", "'", "’"})
_MIDCAP = "midcap"
_MIDCAP_UTF8 = _MIDCAP.encode()


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


def _model_digest(model_dir: Path) -> str:
    import hashlib

    return hashlib.sha256((model_dir / MODEL_FILE).read_bytes()).hexdigest()


def write_attributes(model_dir: str | Path) -> Path:
    """List the model's attributes with a state feature in ``ATTRIBUTES_FILE`` (after
    training; `CrfTagger` reads them instead of parsing the model's dump)."""
    import gzip

    import pycrfsuite

    model_dir = Path(model_dir)
    tagger = pycrfsuite.Tagger()
    tagger.open(str(model_dir / MODEL_FILE))
    known = sorted({a for a, _label in tagger.info().state_features})
    out = model_dir / ATTRIBUTES_FILE
    # mtime=0: the same model always gives the same bytes
    out.write_bytes(gzip.compress(
        "\n".join([_model_digest(model_dir), *known]).encode("utf-8"), mtime=0
    ))  # fmt: skip
    return out


def _listed_attributes(model_dir: Path) -> frozenset[str] | None:
    """The attributes listed by `write_attributes`, or None where the list is missing or
    was made from another model file."""
    import gzip

    path = model_dir / ATTRIBUTES_FILE
    if not path.is_file():
        return None
    digest, *known = gzip.decompress(path.read_bytes()).decode("utf-8").split("\n")
    if digest != _model_digest(model_dir):
        return None
    return frozenset(known)


class CrfTagger:
    """Predicts ``(start, end, label, score)`` spans with a trained CRF."""

    backend = "crf"

    def __init__(
        self,
        path: str | Path,
        window: int = 4000,
        overlap: int = 400,
        soft_o: float | None = SOFT_O,
        neighbour_classes: bool = False,
    ) -> None:
        import pycrfsuite

        self.path = Path(path)
        self.tagger = pycrfsuite.Tagger()
        self.tagger.open(str(self.path / MODEL_FILE))
        self.labels = tuple(sorted({t[2:] for t in self.tagger.labels() if t != "O"}))
        self.window = window
        self.overlap = overlap
        self.soft_o = soft_o
        self.neighbour_classes = neighbour_classes
        # attributes with a state feature in the model: the others weigh nothing, and
        # handing them to crfsuite (string lookups) was most of the tagging time
        self.known = _listed_attributes(self.path) or frozenset(
            a for a, _label in self.tagger.info().state_features
        )
        self._word_cache: dict[str, _TaggerWord] = {}
        self._entity_tags = tuple(t for t in self.tagger.labels() if t != "O")

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
        context = _context(word, self.neighbour_classes)
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
        if _MIDCAP in self.known:
            for i in range(1, len(out)):
                if not breaks[i - 1] and _midcap(words, i):
                    out[i] += (_MIDCAP_UTF8,)
        return out

    @classmethod
    def load(cls, path: str | Path) -> CrfTagger:
        """The tagger of a model directory; ``soft_o`` from its ``clindeid_meta.json``
        (``"soft_o": null`` turns the soft runs off), else `SOFT_O`; the neighbour classes
        where its training parameters asked for them (``params.neighbour_classes``)."""
        import json

        meta_path = Path(path) / "clindeid_meta.json"
        meta = json.loads(meta_path.read_text(encoding="utf-8")) if meta_path.is_file() else {}
        classes = bool((meta.get("params") or {}).get("neighbour_classes", False))
        return cls(path, soft_o=meta.get("soft_o", SOFT_O), neighbour_classes=classes)

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
        if self.soft_o:
            spans = self._with_soft_runs(words, starts, ends, tags, spans)
        return spans

    def _with_soft_runs(
        self,
        words: list[str],
        starts: list[int],
        ends: list[int],
        tags: list[str],
        spans: list[Span],
    ) -> list[Span]:
        """``spans`` with the runs of tokens that the Viterbi path leaves outside ("O")
        although the model gives "O" a marginal below ``soft_o`` (recall over precision: a
        hesitation of the model is PHI until shown otherwise). A run takes its most probable
        entity label (marginals summed over its tokens); next to a span of that label it
        extends it, alone it is cut to its first and last token that starts with a capital
        or a digit (a run of lowercase words alone is dropped). Runs hold only words,
        numbers and ``- ' . / &``: they never cross a line break or other punctuation."""
        marginal = self.tagger.marginal
        threshold = self.soft_o
        n = len(words)
        by_end = {s[1]: k for k, s in enumerate(spans)}
        by_start = {s[0]: k for k, s in enumerate(spans)}
        spans = list(spans)
        extra: list[Span] = []
        i = 0
        while i < n:
            if tags[i] != "O" or not _RUN_TOKEN.match(words[i]) or marginal("O", i) >= threshold:
                i += 1
                continue
            j = i
            mass: dict[str, float] = {}
            while (
                j < n
                and tags[j] == "O"
                and _RUN_TOKEN.match(words[j])
                and marginal("O", j) < threshold
            ):
                for tag in self._entity_tags:
                    mass[tag[2:]] = mass.get(tag[2:], 0.0) + marginal(tag, j)
                j += 1
            label = max(mass, key=mass.__getitem__)
            before = by_end.get(ends[i - 1]) if i else None
            after = by_start.get(starts[j]) if j < n else None
            if before is not None and spans[before][2] == label:
                s0, _e0, lab, score = spans[before]
                spans[before] = (s0, ends[j - 1], lab, score)
            elif after is not None and spans[after][2] == label:
                _s0, e0, lab, score = spans[after]
                spans[after] = (starts[i], e0, lab, score)
            else:
                a, b = i, j
                while a < b and not _CONTENT_START.match(words[a]):
                    a += 1
                while b > a and not _CONTENT_START.match(words[b - 1]):
                    b -= 1
                if a < b:
                    extra.append((starts[a], ends[b - 1], label, mass[label] / (j - i)))
            i = j
        return sorted([*spans, *extra]) if extra else spans

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
    classes = bool(params.get("neighbour_classes", False))
    n = 0
    for text, ents in train:
        for s, e in training_chunks(text, [(a, b) for a, b, _ in ents], window):
            chunk = [(a - s, b - s, lab) for a, b, lab in ents if s <= a and b <= e]
            words, tags = bio_tags(text[s:e], chunk)
            if words:
                trainer.append(features(words, classes=classes), tags)
                n += 1
    trainer.set_params({
        "c1": float(params["c1"]), "c2": float(params["c2"]),
        "max_iterations": int(params["epochs"]) if int(params["epochs"]) > 20 else 100,
        "feature.possible_transitions": True,
    })  # fmt: skip
    out_dir.mkdir(parents=True, exist_ok=True)
    trainer.train(str(out_dir / MODEL_FILE))
    write_attributes(out_dir)
    seconds = time.monotonic() - t0
    tagger = CrfTagger(out_dir, window=max(window, 2000), overlap=200, neighbour_classes=classes)
    score = evaluate(tagger)
    log(f"crf: {n} sequences, dev {score:.4f} ({seconds:.0f}s)")
    return score, {"sequences": n, "seconds": round(seconds, 1), "dev": score}
