"""Format-specific reading: foreign labels, discontinuous spans, annotators, bad input."""

import json
from pathlib import Path

import pytest

from clindeid.io.annotations import (
    AnnotationFormatError,
    guess_format,
    load_annotations,
    read_annotations,
)

DATA = Path(__file__).parent / "data" / "annotations"


def _triples(doc):
    return [(e.start, e.end, e.label) for e in doc.entities]


def _jsonl(path: Path, *records) -> Path:
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in records))
    return path


# BRAT ---------------------------------------------------------------------------------------


def test_brat_folder_with_discontinuous_span_attributes_and_foreign_labels():
    with pytest.warns(UserWarning, match=r"MYSTERY \(1\)"):
        (doc,) = read_annotations(DATA / "brat")
    assert guess_format(DATA / "brat") == "brat"
    assert doc.id == "cr1"
    assert _triples(doc) == [
        (0, 2, "MYSTERY"),
        (3, 14, "PERSON"),
        (24, 29, "PERSON"),
        (30, 36, "PERSON"),
        (40, 51, "DATE"),
        (54, 58, "CITY"),
    ]
    by_start = {e.start: e for e in doc.entities}
    assert by_start[3].attributes["role"] == "staff"  # from the A line (and DOCTOR)
    assert by_start[24].attributes["role"] == "patient"  # implied by PATIENT
    assert by_start[24].attributes["fragment_of"] == "T2"
    assert all(e.source == "gold" for e in doc.entities)


def test_brat_single_ann_file_and_crlf_offsets(tmp_path):
    (tmp_path / "n.txt").write_bytes(b"ligne\r\nJean\r\n")
    (tmp_path / "n.ann").write_text("T1\tPER 7 11\tJean\n")
    (doc,) = read_annotations(tmp_path / "n.ann")
    assert doc.text[7:11] == "Jean"
    assert _triples(doc) == [(7, 11, "PERSON")]


def test_brat_txt_without_ann_is_an_empty_annotation(tmp_path):
    (tmp_path / "a.txt").write_text("rien")
    (doc,) = read_annotations(tmp_path, "brat")
    assert doc.entities == ()


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("T1\tPER 0 x\tJean", r"n\.ann:2: malformed text-bound"),
        ("T1 PER 0 4 Jean", r"n\.ann:2: malformed text-bound"),
        ("T1\tPER 0 400\tJean", r"n\.ann:2: .*outside the text"),
        ("A1\tRole", r"n\.ann:2: malformed attribute"),
        ("Q1\tfoo", r"n\.ann:2: unknown BRAT annotation type"),
    ],
)
def test_brat_malformed_lines_name_file_and_line(tmp_path, line, message):
    (tmp_path / "n.txt").write_text("Jean Dupont")
    (tmp_path / "n.ann").write_text(f"T9\tPER 0 4\tJean\n{line}\n")
    with pytest.raises(AnnotationFormatError, match=message) as info:
        read_annotations(tmp_path, "brat")
    assert "Dupont" not in str(info.value)


def test_brat_recorded_text_mismatch_warns(tmp_path):
    (tmp_path / "n.txt").write_text("Jean Dupont")
    (tmp_path / "n.ann").write_text("T1\tPER 0 4\tPaul\n")
    with pytest.warns(UserWarning, match="differs from the .txt"):
        read_annotations(tmp_path)


# doccano / prodigy ----------------------------------------------------------------------------


def test_doccano_both_flavours(tmp_path):
    path = _jsonl(
        tmp_path / "d.jsonl",
        {"id": 1, "text": "Jean à Lyon", "label": [[0, 4, "PER"], [7, 11, "LOC"]], "src": "x"},
        {
            "id": 2,
            "text": "Tél 0600",
            "entities": [{"id": 9, "start_offset": 4, "end_offset": 8, "label": "TEL"}],
            "relations": [],
        },
    )
    assert guess_format(path) == "doccano"
    a, b = read_annotations(path)
    assert (a.id, _triples(a), a.meta) == (
        "1",
        [(0, 4, "PERSON"), (7, 11, "LOCATION")],
        {"src": "x"},
    )
    assert (b.id, _triples(b)) == ("2", [(4, 8, "PHONE")])


def test_prodigy_skips_rejected_and_ignored(tmp_path):
    span = {"start": 0, "end": 4, "label": "PERSON"}
    path = _jsonl(
        tmp_path / "p.jsonl",
        {"text": "Jean", "spans": [span], "answer": "accept", "meta": {"id": "a", "k": 1}},
        {"text": "Paul", "spans": [span], "answer": "reject", "meta": {"id": "b"}},
        {"text": "Marc", "spans": [span], "answer": "ignore", "meta": {"id": "c"}},
        {"text": "Anne", "spans": [span], "_input_hash": 42},
    )
    assert guess_format(path) == "prodigy"
    docs = read_annotations(path)
    assert [(d.id, d.meta) for d in docs] == [("a", {"k": 1}), ("42", {})]


# Label Studio -------------------------------------------------------------------------------


def test_labelstudio_annotators_and_predictions():
    docs = read_annotations(DATA / "labelstudio_two_annotators.json")
    assert [d.annotator for d in docs] == ["alice@example.org", "7", "prediction:v1"]
    assert all(d.id == "doc-a" and d.meta == {"document_type": "CRH"} for d in docs)
    assert _triples(docs[0]) == [(0, 11, "PERSON"), (19, 23, "LOCATION")]
    assert docs[0].entities[0].source == "alice@example.org"
    assert docs[2].entities[0].score == 0.9


def test_labelstudio_utf16_offsets_are_converted(tmp_path):
    text = "😀 Jean"
    task = {
        "data": {"text": text},
        "annotations": [
            {"result": [{"value": {"start": 3, "end": 7, "text": "Jean", "labels": ["PER"]}}]}
        ],
    }
    (tmp_path / "ls.json").write_text(json.dumps([task]))
    (doc,) = read_annotations(tmp_path / "ls.json")
    assert doc.annotator is None
    assert doc.text[doc.entities[0].start : doc.entities[0].end] == "Jean"


def test_load_annotations_selects_one_annotation_per_id():
    path = DATA / "labelstudio_two_annotators.json"
    with pytest.raises(AnnotationFormatError, match=r"'doc-a' has 2 annotations"):
        load_annotations(path)
    assert load_annotations(path, annotator="7")["doc-a"].annotator == "7"
    assert load_annotations(path, prefer_predictions=True)["doc-a"].annotator == "prediction:v1"
    with pytest.raises(AnnotationFormatError, match="no annotator 'zoe'"):
        load_annotations(path, annotator="zoe")


# CoNLL --------------------------------------------------------------------------------------


def test_conll_docstart_bio_and_iobes():
    d1, d2 = read_annotations(DATA / "sample.conll")
    assert d1.text == "Jean Dupont est né à Lyon .\nTel 06 12 ."
    assert [d1.text[s:e] for s, e, _ in _triples(d1)] == ["Jean Dupont", "Lyon", "06 12"]
    assert [lab for *_, lab in _triples(d1)] == ["PERSON", "LOCATION", "PHONE"]
    assert d2.id == "sample-2"
    assert [(d2.text[s:e], lab) for s, e, lab in _triples(d2)] == [
        ("Marie", "PERSON"),
        ("Curie", "PERSON"),
        ("3 mars 2020", "DATE"),
    ]


def test_conll_comments_align_tokens_to_text(tmp_path):
    path = tmp_path / "c.bio"
    path.write_text(
        '# id = x1\n# meta = {"document_type": "CRO"}\n# text = Né le 12/03/1960.\n'
        "Né\tO\nle\tO\n12\tB-DATE\n/\tI-DATE\n03\tI-DATE\n/\tI-DATE\n1960\tI-DATE\n.\tO\n\n"
        "# id = x2\n#\tO\nDupont\tPER\n"
    )
    x1, x2 = read_annotations(path)
    assert (x1.id, x1.text, x1.meta) == ("x1", "Né le 12/03/1960.", {"document_type": "CRO"})
    assert [x1.text[s:e] for s, e, _ in _triples(x1)] == ["12/03/1960"]
    assert (x2.text, _triples(x2)) == ("# Dupont", [(2, 8, "PERSON")])


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("Jean\tB-PER\nDupont\n", r"c\.conll:2: expected a token and a tag"),
        ("Jean\tB-\n", r"c\.conll:1: tag 'B-' has no label"),
    ],
)
def test_conll_bad_lines(tmp_path, content, message):
    (tmp_path / "c.conll").write_text(content)
    with pytest.raises(AnnotationFormatError, match=message):
        read_annotations(tmp_path / "c.conll")


# registry and clindeid JSONL ------------------------------------------------------------------


def test_detect_output_takes_texts_from_the_reference(tmp_path):
    path = _jsonl(
        tmp_path / "pred.jsonl",
        {"id": "a", "entities": [{"start": 0, "end": 4, "label": "PERSON", "source": "rules"}]},
        {"id": "zzz", "entities": []},
    )
    with pytest.raises(AnnotationFormatError, match=r"pred\.jsonl:1: document 'a' has no 'text'"):
        read_annotations(path)
    with pytest.warns(UserWarning, match="1 documents without text"):
        (doc,) = read_annotations(path, texts={"a": "Jean Dupont"})
    assert (doc.text, doc.entities[0].source) == ("Jean Dupont", "rules")


@pytest.mark.parametrize(
    ("record", "message"),
    [
        ({"id": "a", "text": "abc", "entities": [{"start": 0, "end": 9, "label": "X"}]}, "outside"),
        ({"id": "a", "text": "abc", "entities": [{"start": 2, "end": 1, "label": "X"}]}, "outside"),
        (
            {"id": "a", "text": "abc", "entities": [{"start": "x", "end": 1, "label": "X"}]},
            "integers",
        ),
        ({"id": "a", "text": "abc", "entities": [{"start": 0}]}, "needs 'start'"),
        ({"text": "abc"}, "missing 'id'"),
    ],
)
def test_clindeid_jsonl_errors_name_the_line_not_the_text(tmp_path, record, message):
    path = _jsonl(tmp_path / "g.jsonl", {"id": "ok", "text": "fine"}, record)
    with pytest.raises(AnnotationFormatError, match=message) as info:
        read_annotations(path, "clindeid")
    assert "g.jsonl:2" in str(info.value) and "abc" not in str(info.value)


def test_invalid_json_names_the_line(tmp_path):
    (tmp_path / "g.jsonl").write_text('{"id": "a", "text": "x"}\n{oops\n')
    with pytest.raises(AnnotationFormatError, match=r"g\.jsonl:2: invalid JSON"):
        read_annotations(tmp_path / "g.jsonl", "jsonl")


def test_unknown_format_and_unguessable_files(tmp_path):
    (tmp_path / "x.xml").write_text("<x/>")
    with pytest.raises(AnnotationFormatError, match="unknown annotation format 'xml'"):
        read_annotations(tmp_path / "x.xml", "xml")
    with pytest.raises(AnnotationFormatError, match="cannot guess"):
        read_annotations(tmp_path / "x.xml")
    with pytest.raises(AnnotationFormatError, match="no such file"):
        read_annotations(tmp_path / "missing.jsonl")


def test_unmapped_labels_are_kept_upper_cased_and_counted(tmp_path):
    path = _jsonl(
        tmp_path / "g.jsonl",
        {
            "id": "a",
            "text": "abc def",
            "entities": [
                {"start": 0, "end": 3, "label": "foo"},
                {"start": 4, "end": 7, "label": "Foo"},
            ],
        },
    )
    with pytest.warns(UserWarning, match=r"2 entities .*FOO \(2\)"):
        (doc,) = read_annotations(path)
    assert [e.label for e in doc.entities] == ["FOO", "FOO"]
    (raw,) = read_annotations(path, map_labels=False)
    assert [e.label for e in raw.entities] == ["foo", "Foo"]


def test_conll_with_an_index_column_reads_the_second_column(tmp_path):
    from clindeid.io.annotations import read_annotations

    path = tmp_path / "wiki.conllu"
    path.write_text(
        "0\tJean\tB-PER\n1\tvit\tO\n2\tà\tO\n3\tLyon\tB-LOC\n\n0\tRien\tO\n\n", encoding="utf-8"
    )
    (doc,) = read_annotations(path, "conll")
    assert doc.text == "Jean vit à Lyon\nRien"
    assert [(doc.text[e.start : e.end], e.label) for e in doc.entities] == [
        ("Jean", "PERSON"),
        ("Lyon", "LOCATION"),
    ]


def test_conll_numeric_tokens_without_index_stay_tokens(tmp_path):
    from clindeid.io.annotations import read_annotations

    path = tmp_path / "n.conll"
    path.write_text("3\tNUM\tO\ncomprimés\tNOUN\tO\n\n", encoding="utf-8")
    (doc,) = read_annotations(path, "conll")
    assert doc.text == "3 comprimés"
