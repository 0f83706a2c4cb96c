"""Rules for kinds that recur across warehouse exports: phone numbers and e-mail addresses
dictated in words (speech recognition leaving hyphens out, a pair read digit by digit, an
address spelt "… arobase … point …"), and logins glued from an initial and a surname where a
login stands (after a dash, a colon, a bracket or a user cue, or closing the line), and a
patient's initials in the "Initiales :" field of a trial or vigilance form. The look-alike
cases guard the new patterns."""

from __future__ import annotations

from collections.abc import Callable

import pytest


@pytest.mark.parametrize(
    ("line", "span"),
    [
        # hyphens left out by speech recognition
        (
            "joignable au zéro six quarante deux dix huit soixante treize zéro neuf point",
            "zéro six quarante deux dix huit soixante treize zéro neuf",
        ),
        # a pair read digit by digit ("six sept": 67)
        (
            "téléphone zéro quatre six sept trente-trois cinquante-huit douze virgule",
            "zéro quatre six sept trente-trois cinquante-huit douze",
        ),
        # "quatre vingt" without its hyphen
        (
            "sa fille au zéro six quatre vingt seize trente et un quarante deux dix huit",
            "zéro six quatre vingt seize trente et un quarante deux dix huit",
        ),
    ],
)
def test_phone_dictated_without_hyphens(
    found_within: Callable[[str, str, str], bool], line: str, span: str
) -> None:
    assert found_within(line, span, "PHONE")


@pytest.mark.parametrize(
    "line",
    [
        "il a pris zéro six deux comprimés",  # too few pairs
        "score de zéro sur dix à trois reprises",
    ],
)
def test_words_that_are_no_dictated_phone(
    found_in_note: Callable[[str], dict[str, str]], line: str
) -> None:
    assert "PHONE" not in found_in_note(line).values()


@pytest.mark.parametrize(
    ("line", "span"),
    [
        (
            "son adresse jc point bretonneau arobase laposte point net point à la ligne",
            "jc point bretonneau arobase laposte point net",
        ),
        (
            "écrire à marie tiret claire arobase orange point fr",
            "marie tiret claire arobase orange point fr",
        ),
    ],
)
def test_email_dictated_in_words(
    found_within: Callable[[str, str, str], bool], line: str, span: str
) -> None:
    assert found_within(line, span, "EMAIL")


def test_arobase_alone_is_no_email(found_in_note: Callable[[str], dict[str, str]]) -> None:
    assert "EMAIL" not in found_in_note("le mot arobase vient de l'espagnol").values()


@pytest.mark.parametrize(
    ("line", "login"),
    [
        ("Demande effectuée par : hdelannoy (TEC)", "hdelannoy"),
        ("EDITION 17/02/2026 10:52 - UTILISATEUR CGRESSET - PAGE 1/1", "CGRESSET"),
        ("– validé le 25/11/2025 à 10h41 (session cmazabraud)", "cmazabraud"),
        ("appel passé, patiente rassurée.\nclôture 03:05 – ksteib", "ksteib"),
    ],
)
def test_glued_login_where_a_login_stands(
    found_within: Callable[[str, str, str], bool], line: str, login: str
) -> None:
    assert found_within(line, login, "PERSON")


@pytest.mark.parametrize(
    ("line", "word"),
    [
        ("cathéter monté en T6 à la scopie) puis contrôle", "scopie"),  # a word
        ("courrier au dr jacquemin (uchaud) par la poste", "uchaud"),  # a commune
        ("CHRU DE NANCY – HÔPITAL DE BRABOIS", "BRABOIS"),  # a known proper noun
        ("bilan : na 137, k 3,6 – creat", "creat"),  # no surname after the initial
    ],
)
def test_glued_login_look_alikes(
    found_in_note: Callable[[str], dict[str, str]], line: str, word: str
) -> None:
    assert found_in_note(line).get(word) != "PERSON"


@pytest.mark.parametrize(
    ("line", "initials"),
    [
        ("1. INITIALES : R.B.      1A. PAYS : FRANCE", "R.B."),
        ("Patient n° : 0231-0009 – initiales : D.-V. S. – année de naissance : 1972", "D.-V. S."),
        ("Code participant : NP49-0213        Initiales : B-MD", "B-MD"),
    ],
)
def test_initials_field_of_a_trial_form(
    found_within: Callable[[str, str, str], bool], line: str, initials: str
) -> None:
    assert found_within(line, initials, "PERSON")


def test_initial_lesions_are_no_initials(found_in_note: Callable[[str], dict[str, str]]) -> None:
    found = found_in_note("LESIONS INITIALES : FRACTURE OUVERTE DE JAMBE DROITE")
    assert "PERSON" not in found.values()
