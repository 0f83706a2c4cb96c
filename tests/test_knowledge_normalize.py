"""normalize_key and the any-written-form lookups built on it."""

from __future__ import annotations

import pytest

from clindeid.knowledge import KeyedMapping, normalize_key, strip_accents


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("ST-ÉTIENNE", "saint etienne"),
        ("Saint  Etienne", "saint etienne"),
        ("Ste-Foy-lès-Lyon", "sainte foy les lyon"),
        ("Sts Martin", "saints martin"),
        ("L'Haÿ-les-Roses", "l hay les roses"),
        ("l’Isle-d’Abeau", "l isle d abeau"),
        ("Cœur", "coeur"),
        ("  av.  ", "av"),
        ("JEAN--PIERRE", "jean pierre"),
        ("Paris 15e", "paris 15e"),
        ("Stéphane", "stephane"),  # "st" only as a whole word
        ("Stella", "stella"),
        ("", ""),
        ("-'.", ""),
    ],
)
def test_normalize_key(text: str, key: str) -> None:
    assert normalize_key(text) == key


def test_normalize_key_is_idempotent() -> None:
    for text in ("ST-ÉTIENNE", "L'Haÿ-les-Roses", "Ste Anne", "Œuvre"):
        once = normalize_key(text)
        assert normalize_key(once) == once


def test_strip_accents_keeps_case() -> None:
    assert strip_accents("Besançon ÉVRY") == "Besancon EVRY"


def test_keyed_mapping_accepts_written_forms() -> None:
    values = ["a", "b"]
    m: KeyedMapping[str] = KeyedMapping({"saint etienne": 0, "jean": 1}, values.__getitem__)
    assert m["ST ETIENNE"] == "a" and m["saint etienne"] == "a"
    assert "Jean" in m and "Paul" not in m and 3 not in m
    assert m.get("paul") is None and m.get("JEAN") == "b"
    assert sorted(m) == ["jean", "saint etienne"] and len(m) == 2
    with pytest.raises(KeyError):
        m["paul"]
