"""Rules read on the in-sample leaks of notes typed without capitals (twelfth session): a
country after an elided article or closing a place ("pour l'espagne", "(à dakar,
sénégal)"), lowercase initials beside a care job ("mg / interne tb", "ioa ml") or alone as
a typist pair ("mg/jt"), a commune with its article after a comma before a bracket or a
dash ("(clinique durieux, le tampon)"). The look-alike cases guard each pattern."""

from __future__ import annotations

from collections.abc import Callable

import pytest


@pytest.mark.parametrize(
    ("line", "span"),
    [
        ("prévoit un vol pour l'espagne le 6/12 -> à rediscuter", "espagne"),
        ("sa mère (à dakar, sénégal) jointe par téléphone", "sénégal"),
    ],
)
def test_lowercase_country_after_an_elided_article_or_closing_a_place(
    found_in_note: Callable[[str], dict[str, str]], line: str, span: str
) -> None:
    assert found_in_note(line).get(span) == "LOCATION"


def test_a_lowercase_country_name_used_as_a_word_stays(
    found_in_note: Callable[[str], dict[str, str]],
) -> None:
    assert found_in_note("nodule d'allure bénigne, tissu bénin, sain") == {}


@pytest.mark.parametrize(
    ("line", "spans"),
    [
        ("rdv à prévoir.\nmg / interne tb", {"mg", "tb"}),
        ("arrêt de travail remis.\nmg/jt", {"mg", "jt"}),
        ("dr s. aubertin / ioa ml", {"ml"}),
    ],
)
def test_lowercase_initials_beside_a_care_job(
    found_in_note: Callable[[str], dict[str, str]], line: str, spans: set[str]
) -> None:
    found = found_in_note(line)
    assert {s for s in spans if found.get(s) == "PERSON"} == spans


@pytest.mark.parametrize("line", ["héparine 100 ui/kg\nmg/kg", "vu par ide ras", "ok/rdv"])
def test_doses_and_shorthand_are_no_initials(
    found_in_note: Callable[[str], dict[str, str]], line: str
) -> None:
    assert "PERSON" not in found_in_note(line).values()


@pytest.mark.parametrize(
    "line",
    ["(hge, clinique durieux, le tampon)", "mt : dr nativel, le tampon - revu le 3 mars"],
)
def test_lowercase_commune_with_its_article_before_a_bracket_or_a_dash(
    found_in_note: Callable[[str], dict[str, str]], line: str
) -> None:
    assert found_in_note(line).get("le tampon") == "CITY"


def test_an_article_and_a_noun_before_a_dash_are_no_commune(
    found_in_note: Callable[[str], dict[str, str]],
) -> None:
    assert "CITY" not in found_in_note("revu en consultation, le matin - bien").values()
