"""The transformers backend: BIO alignment to characters, windows, training and detection.

No model is downloaded: a tiny, randomly initialised BERT (hidden 32, 2 layers, 2 heads)
with a WordPiece vocabulary written here stands for the hospital's local FlauBERT/CamemBERT.
"""

from __future__ import annotations

import itertools
import json
import string
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

torch = pytest.importorskip("torch")
transformers = pytest.importorskip("transformers")

from clindeid.detect.base import Detector  # noqa: E402
from clindeid.document import Document, Entity  # noqa: E402
from clindeid.io.annotations import AnnotatedDocument  # noqa: E402
from clindeid.labels import LABELS  # noqa: E402
from clindeid.train import transformer as tx  # noqa: E402
from clindeid.train.transformer import (  # noqa: E402
    IGNORE_INDEX,
    TransformerDetector,
    TransformerParams,
    align_labels,
    bio_labels,
    decode_bio,
    merge_window_logits,
    plan_windows,
    train_transformer,
)

ID2LABEL = bio_labels()
L2I = {label: i for i, label in enumerate(ID2LABEL)}

# Whole words of the vocabulary; everything else is split into character pieces.
WORDS = ("dr", "vu", "le", "la", "patiente", "née", "consultation", "du", "par", "jean", "martin")
CHARS = string.ascii_lowercase + string.digits + string.punctuation + "éèêàçùôîâ"

FIRST = ("Jean", "Paul", "Marie", "Claire", "Louis", "Anne")
LAST = ("MARTIN", "DURAND", "LEROY", "MOREAU", "FAURE", "GIRAUD")
DATES = ("12/02/2020", "03/11/2019", "25/07/2021", "08/05/2018", "30/09/2022", "14/01/2017")
TEMPLATES = ("Dr {p} vu le {d}.", "Patiente {p} née le {d}.", "Consultation du {d} par Dr {p}.")


# ------------------------------------------------------------------------------ fixtures


@pytest.fixture(scope="module")
def base_model(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A randomly initialised tiny BERT saved like a local base model directory."""
    path = tmp_path_factory.mktemp("tiny-bert")
    vocab = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", *CHARS, *("##" + c for c in CHARS)]
    (path / "vocab.txt").write_text("\n".join(dict.fromkeys([*vocab, *WORDS])) + "\n")
    kwargs = {"do_lower_case": True}
    try:  # transformers 5 takes ``vocab``, 4.x ``vocab_file``
        tokenizer = transformers.BertTokenizerFast(vocab=str(path / "vocab.txt"), **kwargs)
        assert len(tokenizer) > 100
    except (TypeError, AssertionError):
        tokenizer = transformers.BertTokenizerFast(vocab_file=str(path / "vocab.txt"), **kwargs)
    tokenizer.save_pretrained(path)
    config = transformers.BertConfig(
        vocab_size=len(tokenizer),
        hidden_size=32,
        num_hidden_layers=2,
        num_attention_heads=2,
        intermediate_size=64,
        max_position_embeddings=64,
        hidden_dropout_prob=0.0,
        attention_probs_dropout_prob=0.0,
    )
    torch.manual_seed(0)
    with tx._quiet(transformers):
        transformers.BertModel(config).save_pretrained(path)
    return path


@pytest.fixture(scope="module")
def tokenizer(base_model: Path):
    return transformers.AutoTokenizer.from_pretrained(str(base_model), local_files_only=True)


def _doc(i: int, n_sentences: int = 3) -> AnnotatedDocument:
    """A document of ``n_sentences`` sentences, each with a PERSON and a DATE."""
    parts: list[str] = []
    entities: list[Entity] = []
    offset = 0
    for k in range(n_sentences):
        j = (i * n_sentences + k) % len(FIRST)
        person, date = f"{FIRST[j]} {LAST[(j + i) % len(LAST)]}", DATES[(j + 2 * i) % len(DATES)]
        sentence = TEMPLATES[(i + k) % len(TEMPLATES)].format(p=person, d=date)
        for value, label in ((person, "PERSON"), (date, "DATE")):
            at = offset + sentence.index(value)
            entities.append(Entity(at, at + len(value), label))
        parts.append(sentence)
        offset += len(sentence) + 1
    return AnnotatedDocument(id=f"doc{i}", text=" ".join(parts), entities=tuple(entities))


TRAIN = [_doc(i) for i in range(4)]
TRAIN_PARAMS = {
    "max_steps": 300,
    "learning_rate": 3e-3,
    "batch_size": 8,
    "window": 16,  # 14 word pieces + [CLS] [SEP]: every document spans several windows
    "stride": 6,
    "warmup_ratio": 0.0,
    "seed": 0,
    "verbose": False,
}


@pytest.fixture(scope="module", autouse=True)
def one_thread() -> Iterator[None]:
    """Tiny models run fastest on one thread (several threads thrash on a busy 2-core CI)."""
    threads = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(threads)


@pytest.fixture(scope="module")
def trained(base_model: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The tiny model fine-tuned on `TRAIN` (300 steps, about 3 s on one CPU thread)."""
    out = tmp_path_factory.mktemp("model")
    return train_transformer(TRAIN, TRAIN[:2], out, base_model, TRAIN_PARAMS)


# ------------------------------------------------------------------------------ labels


def test_bio_labels_cover_our_label_set() -> None:
    assert ID2LABEL[0] == "O"
    assert len(ID2LABEL) == 1 + 2 * len(LABELS)
    for label in LABELS:
        assert ID2LABEL.index(f"I-{label}") == ID2LABEL.index(f"B-{label}") + 1


def test_align_labels_on_hand_made_offsets() -> None:
    text = "Dr Jean MARTIN, Paul LEROY le 12/02"
    offsets = [(0, 2), (2, 3), (3, 7), (8, 11), (11, 14), (14, 15), (16, 20), (21, 26),
               (27, 29), (30, 32), (32, 33), (33, 35), (35, 35)]  # fmt: skip
    entities = [Entity(3, 14, "PERSON"), Entity(16, 26, "PERSON"), Entity(30, 35, "DATE")]
    got = [ID2LABEL[i] if i != IGNORE_INDEX else None for i in align_labels(
        text, offsets, entities, L2I)]  # fmt: skip
    assert got == ["O", None, "B-PERSON", "I-PERSON", "I-PERSON", "O",
                   "B-PERSON", "I-PERSON", "O", "B-DATE", "I-DATE", "I-DATE", None]  # fmt: skip


def test_align_labels_adjacent_entities_and_unknown_labels() -> None:
    text = "JeanMARTIN XYZ"
    offsets = [(0, 4), (4, 10), (11, 14)]
    entities = [Entity(0, 4, "PERSON"), Entity(4, 10, "PERSON"), Entity(11, 14, "NOT_OURS")]
    got = [ID2LABEL[i] for i in align_labels(text, offsets, entities, L2I)]
    assert got == ["B-PERSON", "B-PERSON", "O"]


def test_align_labels_with_the_fast_tokenizer(tokenizer) -> None:
    text = "Dr Paul LEROY vu le 03/11/2019."
    entities = [Entity(3, 13, "PERSON"), Entity(20, 30, "DATE")]
    enc = tokenizer(text, add_special_tokens=False, return_offsets_mapping=True)
    labels = align_labels(text, enc["offset_mapping"], entities, L2I)
    for (s, e), label in zip(enc["offset_mapping"], labels, strict=True):
        inside = [x for x in entities if x.start <= s and e <= x.end]
        if not inside:
            assert ID2LABEL[label] == "O"
        else:
            expected = "B" if s == inside[0].start else "I"
            assert ID2LABEL[label] == f"{expected}-{inside[0].label}"
    # the word pieces of PERSON and DATE are labelled, then decoded back to the same spans
    probs = np.eye(len(ID2LABEL))[labels]
    spans = [(x.start, x.end, x.label) for x in decode_bio(text, enc["offset_mapping"], probs,
                                                            ID2LABEL)]  # fmt: skip
    assert spans == [(3, 13, "PERSON"), (20, 30, "DATE")]


# ------------------------------------------------------------------------------ decoding


def _probs(tags: list[str], confidence: float = 0.9) -> np.ndarray:
    rest = (1 - confidence) / (len(ID2LABEL) - 1)
    out = np.full((len(tags), len(ID2LABEL)), rest)
    for i, tag in enumerate(tags):
        out[i, L2I[tag]] = confidence
    return out


def test_decode_repairs_i_without_b_and_merges_word_pieces() -> None:
    text = "vu MARTINEZ le 12/02 ok"
    offsets = [(0, 2), (3, 6), (6, 9), (9, 11), (11, 12), (12, 14), (15, 17), (17, 18),
               (18, 20), (21, 23)]  # fmt: skip
    tags = ["O", "I-PERSON", "O", "I-PERSON", "O", "O", "I-DATE", "I-DATE", "I-DATE", "O"]
    ents = decode_bio(text, offsets, _probs(tags), ID2LABEL)
    assert [(e.start, e.end, e.label) for e in ents] == [(3, 11, "PERSON"), (15, 20, "DATE")]
    assert all(e.source == "model/transformer" for e in ents)
    assert ents[0].score == pytest.approx(0.9)


def test_decode_widens_a_word_tagged_from_a_later_piece_and_splits_b_b() -> None:
    text = "MARTINEZ DURAND PAUL"
    offsets = [(0, 3), (3, 6), (6, 8), (9, 15), (16, 20)]
    tags = ["O", "B-PERSON", "O", "B-PERSON", "B-PERSON"]
    ents = decode_bio(text, offsets, _probs(tags), ID2LABEL)
    assert [(e.start, e.end) for e in ents] == [(0, 8), (9, 15), (16, 20)]
    assert all(0 < e.score <= 1 for e in ents)


def test_decode_skips_whitespace_tokens_and_empty_input() -> None:
    text = "Jean  MARTIN"
    offsets = [(0, 4), (4, 6), (6, 12)]
    tags = ["B-PERSON", "O", "I-PERSON"]
    ents = decode_bio(text, offsets, _probs(tags), ID2LABEL)
    assert [(e.start, e.end, e.label) for e in ents] == [(0, 12, "PERSON")]
    assert decode_bio("", [], np.zeros((0, len(ID2LABEL))), ID2LABEL) == []


# ------------------------------------------------------------------------------ windows


@pytest.mark.parametrize("n", [0, 1, 5, 14, 15, 16, 100, 1001])
@pytest.mark.parametrize(("size", "stride"), [(14, 0), (14, 4), (14, 13), (1, 0), (510, 128)])
def test_plan_windows_cover_every_token(n: int, size: int, stride: int) -> None:
    spans = plan_windows(n, size, stride)
    covered = np.zeros(n, dtype=int)
    for a, b in spans:
        assert 0 <= a < b <= n and b - a <= size
        covered[a:b] += 1
    assert (covered >= 1).all()
    for (_, b1), (a2, _) in itertools.pairwise(spans):
        assert b1 - a2 == stride  # consecutive windows share exactly `stride` tokens


def test_plan_windows_rejects_bad_stride() -> None:
    with pytest.raises(ValueError):
        plan_windows(10, 8, 8)
    with pytest.raises(ValueError):
        plan_windows(10, 0, 0)


def test_windows_cover_every_character_of_a_long_text(tokenizer) -> None:
    encoder = tx._Encoder(tokenizer, window=16, stride=4)
    assert encoder.content == 14 and len(encoder.prefix) == len(encoder.suffix) == 1
    text = " ".join(_doc(i, n_sentences=6).text for i in range(20))
    ids, offsets = encoder.encode(text)
    spans = encoder.windows(len(ids))
    assert len(spans) > 100
    covered = np.zeros(len(text), dtype=bool)
    for a, b in spans:
        wrapped = encoder.wrap(ids[a:b])
        assert len(wrapped) <= 16
        assert wrapped[0] == tokenizer.cls_token_id and wrapped[-1] == tokenizer.sep_token_id
        for s, e in offsets[a:b]:
            covered[s:e] = True
    assert all(covered[i] for i, ch in enumerate(text) if not ch.isspace())


def test_entity_crossing_a_window_cut_is_decoded_once(tokenizer) -> None:
    """Each window tags as a cut-blind model would (B- on the first entity piece it sees);
    merged logits still give one entity per gold entity."""
    encoder = tx._Encoder(tokenizer, window=16, stride=6)
    doc = _doc(0, n_sentences=4)
    ids, offsets = encoder.encode(doc.text)
    gold = align_labels(doc.text, offsets, doc.entities, L2I)
    spans = encoder.windows(len(ids))
    cuts = {a for a, _ in spans[1:]} | {b for _, b in spans[:-1]}
    token_ranges = [
        [i for i, (s, e) in enumerate(offsets) if ent.start <= s and e <= ent.end]
        for ent in doc.entities
    ]
    assert any(r[0] < cut <= r[-1] for r in token_ranges for cut in cuts), "no entity is cut"
    logits = []
    for a, b in spans:
        rows = np.zeros((b - a, len(ID2LABEL)))
        previous_entity = False
        for k, label in enumerate(gold[a:b]):
            tag = ID2LABEL[label] if label != IGNORE_INDEX else "O"
            if tag.startswith("I-") and not previous_entity:
                tag = "B-" + tag[2:]  # the window does not see the entity's start
            previous_entity = tag != "O"
            rows[k, L2I[tag]] = 5.0
        logits.append(rows)
    merged = merge_window_logits(len(ids), spans, logits)
    probs = np.exp(merged) / np.exp(merged).sum(axis=1, keepdims=True)
    ents = decode_bio(doc.text, offsets, probs, ID2LABEL)
    assert sorted((e.start, e.end, e.label) for e in ents) == sorted(doc.spans)


# ------------------------------------------------------------------------------ parameters


def test_params_aliases_defaults_and_validation(caplog: pytest.LogCaptureFixture) -> None:
    p = TransformerParams.from_mapping({"lr": 1e-4, "overlap": 32, "max_length": 128,
                                        "epochs": None, "n_iter": 3})  # fmt: skip
    assert (p.learning_rate, p.stride, p.window, p.epochs) == (1e-4, 32, 128, 3)
    assert "n_iter" in caplog.text
    assert TransformerParams.from_mapping(None) == TransformerParams()
    with pytest.raises(ValueError):
        TransformerParams.from_mapping({"stride": -1})
    with pytest.raises(ValueError):
        TransformerParams.from_mapping({"device": "tpu"})


def test_missing_base_model_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(FileNotFoundError):
        train_transformer(TRAIN, None, tmp_path / "out", tmp_path / "nope", {"max_steps": 1})


# ------------------------------------------------------------------------------ end to end


def test_training_saves_a_model_directory(trained: Path) -> None:
    path = trained
    meta = json.loads((path / "clindeid_meta.json").read_text())
    assert meta["backend"] == "transformers"
    assert meta["labels"] == ID2LABEL
    assert (meta["window"], meta["stride"]) == (16, 6)
    assert meta["version"] and meta["steps"] == 300
    assert meta["dev"]["documents"] == 2 and 0 <= meta["dev"]["token_f1"] <= 1
    assert (path / "config.json").is_file() and (path / "tokenizer_config.json").is_file()
    config = json.loads((path / "config.json").read_text())
    assert config["id2label"]["1"] == "B-PERSON"


def test_detector_contract_and_offsets(trained: Path) -> None:
    path = trained
    tx.clear_cache()
    detector = TransformerDetector(path)
    assert isinstance(detector, Detector)
    assert (detector.name, detector.family) == ("transformer", "model")
    assert TransformerDetector(str(path), batch_size=2).tagger is detector.tagger  # loaded once
    texts = [
        "",
        "   \n ",
        "Compte rendu : Dr Anne FAURE vu le 30/09/2022 ; suite à consultation du 08/05/2018.",
        " ".join(_doc(i, 6).text for i in range(6)) + " fin [SEP] [CLS] 🙂 Ωmega\u00a0x",
    ]
    for text in texts:
        for e in detector.detect(Document.create("d", text)):
            assert 0 <= e.start < e.end <= len(text)
            assert e.label in LABELS
            assert e.source == "model/transformer"
            assert 0 <= e.score <= 1
            assert text[e.start : e.end] == text[e.start : e.end].strip()


def test_overfit_recovers_training_spans_across_window_cuts(trained: Path) -> None:
    """Documents span ~8 windows of 14 pieces: entities cut by windows come out whole."""
    path = trained
    detector = TransformerDetector(path)
    for doc in TRAIN:
        found = detector.detect(Document.create(doc.id, doc.text))
        assert {(e.start, e.end, e.label) for e in found} == doc.spans, doc.id


def test_word_by_word_fallback_for_slow_tokenizers() -> None:
    """Tokenizers without offsets (FlauBERT's) are run per word; pieces get the word span."""

    class SlowTokenizer:
        is_fast = False
        pad_token_id = 0

        def __call__(self, text: str, add_special_tokens: bool = True) -> dict[str, list[int]]:
            ids = self.encode(text, add_special_tokens=False)
            return {"input_ids": [1, *ids, 2] if add_special_tokens else ids}

        def encode(self, word: str, add_special_tokens: bool = False) -> list[int]:
            return [10 + len(word[i : i + 3]) for i in range(0, len(word), 3)]

    encoder = tx._Encoder(SlowTokenizer(), window=8, stride=2)
    assert (encoder.prefix, encoder.suffix, encoder.content) == ([1], [2], 6)
    text = "Dr Jean-Pierre MARTINEZ,  le 12/02."
    ids, offsets = encoder.encode(text)
    assert len(ids) == len(offsets)
    words = {m.span() for m in tx._WORD_RE.finditer(text)}
    assert set(offsets) == words
    assert offsets.count((15, 23)) == 3  # MARTINEZ: three pieces, one word span
    labels = align_labels(text, offsets, [Entity(3, 23, "PERSON")], L2I)
    ents = decode_bio(text, offsets, np.eye(len(ID2LABEL))[labels], ID2LABEL)
    assert [(e.start, e.end, e.label) for e in ents] == [(3, 23, "PERSON")]
    # later pieces of a word (same span) stay in the word's entity whatever they predict
    last = [i for i, span in enumerate(offsets) if span == (15, 23)]
    labels[last[1]], labels[last[2]] = L2I["B-PERSON"], L2I["O"]
    ents = decode_bio(text, offsets, np.eye(len(ID2LABEL))[labels], ID2LABEL)
    assert [(e.start, e.end, e.label) for e in ents] == [(3, 23, "PERSON")]


def test_flaubert_slow_tokenizer_end_to_end(tmp_path: Path) -> None:
    """A tiny FlauBERT (slow BPE tokenizer, no offsets) trains and recovers its spans."""
    pytest.importorskip("sacremoses")
    base = tmp_path / "tiny-flaubert"
    base.mkdir()
    vocab = {"<s>": 0, "</s>": 1, "<pad>": 2, "<unk>": 3, "<special0>": 4}
    for c in sorted(set(string.ascii_lowercase + string.digits + "./-,;:éèêàç")):
        vocab.setdefault(c, len(vocab))
        vocab.setdefault(c + "</w>", len(vocab))
    for w in ("dr", "vu", "le", "par", "du"):
        vocab[w + "</w>"] = len(vocab)
    (base / "vocab.json").write_text(json.dumps(vocab))
    merges = ("d r</w>", "v u</w>", "l e</w>", "p a", "pa r</w>", "d u</w>")
    (base / "merges.txt").write_text("#version: 0.2\n" + "\n".join(merges) + "\n")
    tokenizer = transformers.FlaubertTokenizer(
        vocab_file=str(base / "vocab.json"),
        merges_file=str(base / "merges.txt"),
        do_lowercase=True,
    )
    assert not tokenizer.is_fast
    tokenizer.save_pretrained(base)
    config = transformers.FlaubertConfig(
        vocab_size=len(vocab), emb_dim=32, n_layers=2, n_heads=2,
        max_position_embeddings=64, dropout=0.0, attention_dropout=0.0,
    )  # fmt: skip
    torch.manual_seed(0)
    with tx._quiet(transformers):
        transformers.FlaubertModel(config).save_pretrained(base)
    out = train_transformer(TRAIN, None, tmp_path / "model", base, TRAIN_PARAMS)
    detector = TransformerDetector(out)
    for doc in TRAIN:
        found = detector.detect(Document.create(doc.id, doc.text))
        assert {(e.start, e.end, e.label) for e in found} == doc.spans, doc.id


def test_window_is_capped_to_the_model_limit(base_model: Path, tmp_path: Path) -> None:
    params = {**TRAIN_PARAMS, "window": 100, "stride": 80, "max_steps": 1}
    with pytest.warns(UserWarning, match="exceeds the model's limit"):
        out = train_transformer(TRAIN[:1], None, tmp_path / "m", base_model, params)
    meta = json.loads((out / "clindeid_meta.json").read_text())
    assert (meta["window"], meta["stride"], meta["dev"]) == (64, 32, None)


def test_padding_and_batch_size_do_not_change_predictions(trained: Path) -> None:
    text = " ".join(_doc(i, 5).text for i in range(3)) + " Dr Anne FAURE."
    tagger = TransformerDetector(trained).tagger
    _, one = tagger.token_probs(text, batch_size=1)
    _, many = tagger.token_probs(text, batch_size=7)  # last batch is padded
    np.testing.assert_allclose(one, many, atol=1e-5)
