"""Every format writes what it reads: export then re-import gives the same documents."""

import warnings

import pytest

from clindeid.document import Entity
from clindeid.io.annotations import (
    FORMATS,
    AnnotatedDocument,
    guess_format,
    read_annotations,
    write_annotations,
)

TEXT = "Patient Jean Dupont né le 12 / 03 / 1960 à Lyon .\nTél 06 12 34 56 78 , IPP 123456 ."


def _ent(text: str, covered: str, label: str) -> Entity:
    start = text.index(covered)
    return Entity(start, start + len(covered), label, source="gold")


DOCS = [
    AnnotatedDocument(
        "doc-1",
        TEXT,
        (
            _ent(TEXT, "Jean Dupont", "PERSON"),
            _ent(TEXT, "12 / 03 / 1960", "DATE"),
            _ent(TEXT, "Lyon", "CITY"),
            _ent(TEXT, "06 12 34 56 78", "PHONE"),
            _ent(TEXT, "123456", "ID"),
        ),
        {"document_type": "CRH", "service": "cardio"},
    ),
    AnnotatedDocument("doc-2", "Aucun identifiant ici .", (), {"document_type": "ORD"}),
    AnnotatedDocument("doc-3", "Mme Élodie Léger , née à Saint-Étienne", (), {}),
]
DOCS[2] = AnnotatedDocument(
    "doc-3",
    DOCS[2].text,
    (_ent(DOCS[2].text, "Élodie Léger", "PERSON"), _ent(DOCS[2].text, "Saint-Étienne", "CITY")),
    {},
)

TARGETS = {
    "clindeid": "out.jsonl",
    "brat": "out_brat",
    "doccano": "out.jsonl",
    "prodigy": "out.jsonl",
    "labelstudio": "out.json",
    "conll": "out.conll",
}
KEEPS_META = {"clindeid", "doccano", "prodigy", "labelstudio", "conll"}


@pytest.mark.parametrize("fmt", FORMATS)
def test_round_trip(tmp_path, fmt):
    path = tmp_path / TARGETS[fmt]
    write_annotations(DOCS, path, fmt)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # all labels are ours: no warning expected
        back = read_annotations(path, fmt)
    assert back == DOCS
    assert [d.spans for d in back] == [d.spans for d in DOCS]
    if fmt in KEEPS_META:
        assert [d.meta for d in back] == [d.meta for d in DOCS]


@pytest.mark.parametrize("fmt", FORMATS)
def test_format_is_guessed_from_what_we_write(tmp_path, fmt):
    path = tmp_path / TARGETS[fmt]
    write_annotations(DOCS, path, fmt)
    assert guess_format(path) == fmt
    assert read_annotations(path) == DOCS


@pytest.mark.parametrize("fmt", ["clindeid", "labelstudio", "prodigy"])
def test_annotators_round_trip(tmp_path, fmt):
    text = "Jean Dupont"
    docs = [
        AnnotatedDocument("d", text, (Entity(0, 11, "PERSON", source="alice"),), annotator="alice"),
        AnnotatedDocument("d", text, (Entity(5, 11, "PERSON", source="bob"),), annotator="bob"),
    ]
    path = tmp_path / TARGETS[fmt]
    write_annotations(docs, path, fmt)
    assert read_annotations(path, fmt) == docs


def test_labelstudio_predictions_round_trip(tmp_path):
    text = "Jean Dupont"
    docs = [
        AnnotatedDocument("d", text, (Entity(0, 11, "PERSON"),)),
        AnnotatedDocument(
            "d",
            text,
            (Entity(0, 4, "PERSON", source="prediction:v2", score=0.5),),
            annotator="prediction:v2",
        ),
    ]
    path = tmp_path / "ls.json"
    write_annotations(docs, path, "labelstudio")
    back = read_annotations(path)
    assert back[0].entities == (Entity(0, 11, "PERSON", source="gold"),)
    assert back[1] == docs[1]


def test_conll_iobes_round_trip(tmp_path):
    from clindeid.io.annotations import conll

    path = tmp_path / "x.conll"
    conll.write(DOCS, path, scheme="iobes")
    assert "S-CITY" in path.read_text() and "E-PERSON" in path.read_text()
    assert read_annotations(path) == DOCS


def test_attributes_survive_clindeid_and_brat(tmp_path):
    doc = AnnotatedDocument(
        "d", "Dr Martin", (Entity(3, 9, "PERSON", attributes={"role": "staff"}),)
    )
    for fmt, name in (("clindeid", "a.jsonl"), ("brat", "b")):
        write_annotations([doc], tmp_path / name, fmt)
        (back,) = read_annotations(tmp_path / name, fmt)
        assert back.entities[0].attributes["role"] == "staff"


def test_write_guesses_format_from_suffix(tmp_path):
    write_annotations(DOCS, tmp_path / "g.conll")
    write_annotations(DOCS, tmp_path / "g.json")
    write_annotations(DOCS, tmp_path / "gold_dir")
    assert guess_format(tmp_path / "g.conll") == "conll"
    assert guess_format(tmp_path / "g.json") == "labelstudio"
    assert (tmp_path / "gold_dir" / "doc-1.ann").exists()
