import datetime as dt

import pytest

from clindeid.document import Document, Entity, Metadata, parse_date, sorted_entities


def test_entity_rejects_empty_or_negative_spans():
    with pytest.raises(ValueError):
        Entity(5, 5, "DATE")
    with pytest.raises(ValueError):
        Entity(-1, 3, "DATE")


def test_entity_is_immutable_and_attributes_are_frozen():
    e = Entity(0, 4, "PERSON", attributes={"role": "staff"})
    with pytest.raises(AttributeError):
        e.start = 2  # type: ignore[misc]
    with pytest.raises(TypeError):
        e.attributes["role"] = "patient"  # type: ignore[index]


def test_entity_with_merges_attributes():
    e = Entity(0, 4, "PERSON", attributes={"role": "staff"})
    f = e.with_(end=6, attributes={"form": "upper"})
    assert (f.start, f.end) == (0, 6)
    assert dict(f.attributes) == {"role": "staff", "form": "upper"}
    assert dict(e.attributes) == {"role": "staff"}


def test_entity_json_has_stable_keys_and_no_text():
    e = Entity(3, 9, "DATE", source="pattern/date", value=dt.date(2020, 2, 12))
    assert e.to_json() == {"start": 3, "end": 9, "label": "DATE", "source": "pattern/date"}


@pytest.mark.parametrize(
    ("a", "b", "overlap"),
    [((0, 4), (4, 8), False), ((0, 5), (4, 8), True), ((2, 3), (0, 10), True)],
)
def test_overlaps(a, b, overlap):
    assert Entity(*a, "X").overlaps(Entity(*b, "X")) is overlap


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        ("1954-03-12", dt.date(1954, 3, 12)),
        ("12/03/1954", dt.date(1954, 3, 12)),
        ("12.03.1954", dt.date(1954, 3, 12)),
        (dt.datetime(2020, 1, 2, 10, 30), dt.date(2020, 1, 2)),
        ("not a date", None),
        ("", None),
    ],
)
def test_parse_date(raw, expected):
    assert parse_date(raw) == expected


def test_metadata_understands_french_aliases_and_keeps_the_rest():
    meta = Metadata.from_mapping(
        {"NOM": "Durand", "prenom": "Alice", "ddn": "02/05/1961", "sexe": "F", "service": "cardio"}
    )
    assert meta.patient_last_name == "Durand"
    assert meta.patient_first_name == "Alice"
    assert meta.birth_date == dt.date(1961, 5, 2)
    assert meta.sex == "F"
    assert dict(meta.extra) == {"service": "cardio"}
    assert meta.to_json()["birth_date"] == "1961-05-02"


def test_document_create_accepts_mapping_or_metadata():
    d1 = Document.create("a", "txt", {"ipp": 123})
    assert d1.meta.patient_id == "123"
    d2 = Document.create("b", "txt", d1.meta)
    assert d2.meta is d1.meta


def test_sorted_entities_reading_order_longest_first():
    es = [Entity(5, 6, "A"), Entity(0, 2, "B"), Entity(0, 4, "C")]
    assert [e.label for e in sorted_entities(es)] == ["C", "B", "A"]
