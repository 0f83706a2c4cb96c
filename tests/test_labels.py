import pytest

from clindeid.labels import (
    LABELS,
    TO_COARSE,
    TO_EDS_PSEUDO,
    TO_MEDDOCAN,
    TO_PAPER002,
    from_foreign,
    to_scheme,
)


@pytest.mark.parametrize("table", [TO_COARSE, TO_PAPER002, TO_EDS_PSEUDO, TO_MEDDOCAN])
def test_every_scheme_covers_every_label(table):
    assert set(table) == set(LABELS)


def test_coarse_labels_are_the_papers_set():
    assert set(TO_COARSE.values()) == {"PER", "DATE", "LOC", "ORG", "AGE", "TEL", "REF", "QID"}


@pytest.mark.parametrize(
    ("label", "scheme", "role", "kind", "expected"),
    [
        ("PERSON", "paper002", "staff", None, "DOCTOR"),
        ("PERSON", "paper002", "patient", None, "PATIENT"),
        ("DATE", "eds-pseudo", None, "birth", "DATE_NAISSANCE"),
        ("DATE", "eds-pseudo", None, None, "DATE"),
        ("PERSON", "meddocan", "staff", None, "NOMBRE_PERSONAL_SANITARIO"),
        ("NIR", "coarse", None, None, "QID"),
        ("AGE", "paper002", None, None, None),
        ("CITY", "clindeid", None, None, "CITY"),
    ],
)
def test_to_scheme(label, scheme, role, kind, expected):
    assert to_scheme(label, scheme, role=role, kind=kind) == expected


def test_unknown_scheme_is_a_clear_error():
    with pytest.raises(ValueError, match="unknown label scheme"):
        to_scheme("DATE", "i2b2-2099")


@pytest.mark.parametrize(
    ("foreign", "ours"),
    [
        ("B-PER", "PERSON"),
        ("I-LOC", "LOCATION"),
        ("DOCTOR", "PERSON"),
        ("VILLE", "CITY"),
        ("SECU", "NIR"),
        ("DATE_NAISSANCE", "DATE"),
        ("CORREO_ELECTRONICO", "EMAIL"),
        ("zip", "ZIP"),
        ("MISC", None),
    ],
)
def test_from_foreign(foreign, ours):
    assert from_foreign(foreign) == ours


def test_our_scheme_maps_back_to_itself_through_foreign_tables():
    for label in LABELS:
        assert from_foreign(label) == label
