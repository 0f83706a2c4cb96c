"""Common words taken for names in lines written wholly in capitals are trimmed from the
guessed PERSON spans; surnames, first names, field values and mixed-case lines are kept."""

from __future__ import annotations

import pytest

from clindeid.detect.capitals import drop_common_words_in_capitals
from clindeid.document import Entity


def _person(text: str, span: str, source: str = "pattern/person-title") -> Entity:
    start = text.index(span)
    return Entity(start, start + len(span), "PERSON", source=source, score=0.7)


def _spans(text: str, entities: list[Entity]) -> list[str]:
    return [text[e.start : e.end] for e in drop_common_words_in_capitals(entities, text)]


@pytest.mark.parametrize(
    ("text", "span", "kept"),
    [
        # a common word alone is dropped, at an edge it is trimmed
        ("L'INFIRMIÈRE SCOLAIRE, MME SABRINA HAMIDI, PROPOSE UN PAI.", "SCOLAIRE", None),
        ("ASTREINTE DE TRANSPLANTATION (24 H/24) : 01 40 00 00 00",
         "ASTREINTE DE TRANSPLANTATION", None),
        ("SON FILS ALAIN FERRAND HABITE À LYON.", "ALAIN FERRAND HABITE", "ALAIN FERRAND"),
        ("DR CLAIRE NGUYEN, HÉMATOLOGUE COORDINATRICE", "CLAIRE NGUYEN, HÉMATOLOGUE COORDINATRICE",
         "CLAIRE NGUYEN"),
        # a letter left alone after trimming is no name
        ("FIÈVRE 38,9 °C. SUSPICION DE PNEUMOPATHIE", "C. SUSPICION", None),
        # kept: frequent surnames, a word after a first name, particles of a surname, a
        # field's value
        ("MME PETIT ET M. ROUX SONT PRÉVENUS.", "PETIT", "PETIT"),
        ("PATIENTE : MME ODETTE MONTERA, 84 ANS", "ODETTE MONTERA", "ODETTE MONTERA"),
        ("MME LE GALL CHLOÉ, NÉE LE 03/05/1992", "LE GALL CHLOÉ", "LE GALL CHLOÉ"),
        ("NOM D'USAGE : LABORIEUX     NOM DE NAISSANCE : X", "LABORIEUX", "LABORIEUX"),
        # a line with lowercase letters is left alone
        ("L'infirmière SCOLAIRE a appelé.", "SCOLAIRE", "SCOLAIRE"),
    ],
)  # fmt: skip
def test_guessed_names_in_capitals(text: str, span: str, kept: str | None) -> None:
    assert _spans(text, [_person(text, span)]) == ([] if kept is None else [kept])


def test_only_guessing_sources_and_persons_are_trimmed() -> None:
    text = "AGENT : VIRGULE – SCOLAIRE"
    initials = _person(text, "VIRGULE", source="pattern/person-initials")
    org = Entity(text.index("SCOLAIRE"), len(text), "ORG", source="pattern/org", score=0.8)
    assert drop_common_words_in_capitals([initials, org], text) == [initials, org]


def test_pipeline_reads_a_form_in_capitals(found_in_note) -> None:
    found = found_in_note(
        "L'INFIRMIÈRE SCOLAIRE, MME SABRINA HAMIDI, PROPOSE UN PAI.\n"
        "SON FILS ALAIN FERRAND HABITE À LYON."
    )
    assert found.get("SABRINA HAMIDI") == "PERSON"
    assert found.get("ALAIN FERRAND") == "PERSON"
    assert "SCOLAIRE" not in found and "ALAIN FERRAND HABITE" not in found


def test_a_body_name_in_capitals_ends_before_a_preposition(found_in_note) -> None:
    found = found_in_note("DEVENIR : SMR NEUROLOGIQUE À L'HÔPITAL ROTHSCHILD (DEMANDE EN COURS)\n"
                          "TRANSMISSION AU CHU DE TOURS À 00H52 – DÉCHOCAGE")
    assert found.get("CHU DE TOURS") == "HOSPITAL"
    assert found.get("HÔPITAL ROTHSCHILD") == "HOSPITAL"
    assert not any(span.endswith(" À") or " À " in span for span in found), found
