"""Rules read on the leaks of heldout_da…heldout_dl once they had decided the eleventh
session's models: a vaccine's or device's lot code in any case; a numbered street of a weak
type ("voie", "chemin") with a lowercase name right before a postcode its commune has, in a
note typed without capitals; the first day of "du 3 et du 4 février". The look-alike cases
guard the patterns."""

from __future__ import annotations

from collections.abc import Callable

import pytest


@pytest.mark.parametrize(
    ("line", "span"),
    [
        ("urgences psy - 30 voie romaine 06000 nice | pas de consentement", "30 voie romaine"),
        ("domicile 14 chemin des vignes, 83500 la seyne-sur-mer.", "14 chemin des vignes"),
    ],
)
def test_weak_street_in_lowercase_before_its_postcode(
    found_in_note: Callable[[str], dict[str, str]], line: str, span: str
) -> None:
    assert found_in_note(line).get(span) == "ADDRESS"


@pytest.mark.parametrize(
    "line",
    [
        "pose de 2 voies veineuses 18g puis transfert 06000 nice",  # no street name
        "30 voie romaine 33000 nice",  # 33000 is no postcode of nice
        "perfusion 2 voie centrale 12345 unités",
    ],
)
def test_weak_street_words_without_their_postcode_are_no_address(
    found_in_note: Callable[[str], dict[str, str]], line: str
) -> None:
    assert "ADDRESS" not in found_in_note(line).values()


def test_first_day_of_a_pair_of_days(found_in_note: Callable[[str], dict[str, str]]) -> None:
    found = found_in_note("Les hémocultures du 3 et du 4 février sont négatives.")
    assert found.get("3") == "DATE" and found.get("4 février") == "DATE"


def test_a_pair_of_doses_is_no_date(found_in_note: Callable[[str], dict[str, str]]) -> None:
    assert "DATE" not in found_in_note("Comprimés du 3 et du 4 mg en alternance.").values()


@pytest.mark.parametrize(
    ("line", "code"),
    [
        ("Engerix B20 – lot AHBVC871BA (schéma 0-1-6).", "AHBVC871BA"),
        ("vat : revaxis ce soir, lot y1c523v. cat : parage.", "y1c523v"),
        ("infanrix hexa lot a21ce617b, prevenar 20 le même jour", "a21ce617b"),
    ],
)
def test_lot_code_in_any_case(
    found_in_note: Callable[[str], dict[str, str]], line: str, code: str
) -> None:
    assert found_in_note(line).get(code) == "ID"


@pytest.mark.parametrize(
    "line",
    [
        "domicile : 12 lot. les balisiers, 97354 remire-montjoly",
        "un lot de compresses stériles, lot 14 du lotissement",
        "remis un lot 3x10ml de sérum physiologique et un lot 500ml",
    ],
)
def test_lots_that_are_no_code(
    found_in_note: Callable[[str], dict[str, str]], line: str
) -> None:
    assert "ID" not in found_in_note(line).values()


def test_weak_street_before_a_cedex_postcode_of_its_departement(
    found_in_note: Callable[[str], dict[str, str]],
) -> None:
    found = found_in_note("consult cephalees - box 3 | 30 voie romaine 06001 nice cedex | tel")
    assert found.get("30 voie romaine") == "ADDRESS"
    assert "ADDRESS" not in found_in_note("30 voie romaine 33001 nice cedex").values()


def test_every_lot_code_of_a_list(found_in_note: Callable[[str], dict[str, str]]) -> None:
    found = found_in_note("Perfusions : lots P100482619 et P100482733, bien tolérées.")
    assert found.get("P100482619") == "ID" and found.get("P100482733") == "ID"
    found = found_in_note("Vaccin lot AB1234, AB1299 et AB1300 le même jour.")
    assert all(found.get(code) == "ID" for code in ("AB1234", "AB1299", "AB1300"))


def test_memory_clinic_of_reference_named_by_its_region(
    found_in_note: Callable[[str], dict[str, str]],
) -> None:
    name = "Centre Mémoire de Ressources et de Recherche Auvergne"
    assert found_in_note(f"Bilan cognitif au {name} | Hôpital Gabriel-Montpied").get(name) == (
        "HOSPITAL"
    )


@pytest.mark.parametrize(
    ("line", "spans"),
    [
        (
            "adresse avant entrée : 27 rue des goyaviers, trois-mares, 97430 le tampon",
            {"27 rue des goyaviers", "trois-mares"},
        ),
        (
            "Adresse : 12 rue des Goyaviers, Trois-Mares, 97430 Le Tampon",
            {"12 rue des Goyaviers", "Trois-Mares"},
        ),
    ],
)
def test_quartier_between_the_street_and_the_postcode(
    found_in_note: Callable[[str], dict[str, str]], line: str, spans: set[str]
) -> None:
    """The quartier is part of the address, in capitals or typed without them."""
    found = found_in_note(line)
    covered = {w for span, label in found.items() if label == "ADDRESS" for w in span.split(", ")}
    assert spans <= covered


def test_a_lowercase_segment_before_the_street_is_left(
    found_in_note: Callable[[str], dict[str, str]],
) -> None:
    found = found_in_note("adresse : chez sa fille, 12 rue des lilas, 69003 lyon")
    assert not any("fille" in span for span in found)


@pytest.mark.parametrize(
    "line", ["ehpad les lataniers, le tampon | objet : suivi", "copie : dr ravaté, le tampon"]
)
def test_commune_with_its_article_after_a_comma_closing_a_line(
    found_in_note: Callable[[str], dict[str, str]], line: str
) -> None:
    assert found_in_note(line).get("le tampon") == "CITY"


@pytest.mark.parametrize(
    "line",
    [
        "vu ce jour, le matin",  # no commune
        "copie : dr ravaté, la tronche",  # a commune under 10,000 people
        "ehpad les lataniers, le tampon de l'infirmière",  # the line goes on
    ],
)
def test_article_and_noun_after_a_comma_are_no_commune(
    found_in_note: Callable[[str], dict[str, str]], line: str
) -> None:
    assert "CITY" not in found_in_note(line).values()


def test_memory_clinic_unit_alone_is_left(found_in_note: Callable[[str], dict[str, str]]) -> None:
    found = found_in_note("Centre mémoire de ressources et de recherche – Pavillon 52 | Bd X")
    assert "HOSPITAL" not in found.values()
