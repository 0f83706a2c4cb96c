"""Temporal layer: DateValue, French names and numbers, templates, and the round trip
detect → change the value → render in the same format → detect again."""

import datetime as dt

import pytest

from clindeid.detect.rules.dates import DateDetector
from clindeid.document import Document
from clindeid.temporal import (
    DateValue,
    casing_of,
    expand_two_digit_year,
    parse_french_number,
    parse_month,
    parse_weekday,
    render_age,
    render_date,
    template_fields,
)

# ----------------------------------------------------------------------------- values


def test_datevalue_validation() -> None:
    with pytest.raises(ValueError):
        DateValue(2020, 2, 30)
    with pytest.raises(ValueError):
        DateValue(2021, 2, 29)
    with pytest.raises(ValueError):
        DateValue(2020, 13, None)
    with pytest.raises(ValueError):
        DateValue(None, None, None)
    with pytest.raises(ValueError):
        DateValue(2020, None, 3)
    assert DateValue(None, 2, 29).precision == "day_month"  # no year: 29/02 may exist


@pytest.mark.parametrize(
    ("value", "precision"),
    [
        (DateValue(2020, 2, 12), "day"),
        (DateValue(2020, 2, None), "month"),
        (DateValue(2020, None, None), "year"),
        (DateValue(None, 2, 12), "day_month"),
        (DateValue(None, 2, None), "month_only"),
        (DateValue(None, None, 3, 0), "weekday_day"),
        (DateValue(None, None, 3), "day_only"),
        (DateValue(None, None, None, 4), "weekday"),
    ],
)
def test_precision(value: DateValue, precision: str) -> None:
    assert value.precision == precision


def test_to_date_and_with_date() -> None:
    assert DateValue(2020, 2, 12).to_date() == dt.date(2020, 2, 12)
    assert DateValue(2020, 2, None).to_date() == dt.date(2020, 2, 1)
    assert DateValue(None, 3, 1).to_date(reference_year=2019) == dt.date(2019, 3, 1)
    with pytest.raises(ValueError):
        DateValue(None, 3, 1).to_date()
    shifted = DateValue(None, 3, 12, 1).with_date(dt.date(2021, 7, 9))
    assert shifted == DateValue(None, 7, 9, 4)
    assert DateValue.from_date(dt.date(2020, 1, 2)) == DateValue(2020, 1, 2)


@pytest.mark.parametrize(
    ("word", "month"),
    [("janvier", 1), ("Janv.", 1), ("JAN", 1), ("février", 2), ("fevrier", 2), ("fév.", 2),
     ("févr.", 2), ("FEVR", 2), ("mars", 3), ("Mar", 3), ("avr.", 4), ("mai", 5), ("juin", 6),
     ("juil.", 7), ("Juillet", 7), ("août", 8), ("aout", 8), ("sept.", 9), ("sep", 9),
     ("oct.", 10), ("nov.", 11), ("déc.", 12), ("dec", 12), ("DÉCEMBRE", 12), ("lundi", None)],
)
def test_parse_month(word: str, month: int | None) -> None:
    assert parse_month(word) == month


def test_parse_weekday_and_numbers() -> None:
    assert parse_weekday("Lundi") == 0
    assert parse_weekday("dimanche") == 6
    assert parse_weekday("mars") is None
    assert parse_french_number("mille neuf cent soixante dix huit") == 1978
    assert parse_french_number("mille neuf cent soixante-dix-huit") == 1978
    assert parse_french_number("vingt-trois") == 23
    assert parse_french_number("trente et un") == 31
    assert parse_french_number("premier") == 1
    assert parse_french_number("bonjour") is None
    assert expand_two_digit_year(20) == 2020
    assert expand_two_digit_year(78) == 1978
    assert casing_of("MARS") == "upper" and casing_of("Mars") == "title"


# ----------------------------------------------------------------------------- render


@pytest.mark.parametrize(
    ("value", "fmt", "expected"),
    [
        (DateValue(1978, 1, 2), "{d_words} {month} {y_words}",
         "deux janvier mille neuf cent soixante-dix-huit"),
        (DateValue(1978, 1, 2), "{d_words} {month} {y_words!s}",
         "deux janvier mille neuf cent soixante dix huit"),
        (DateValue(1978, 1, 2), "{Y_WORDS!h}", "MILLE-NEUF-CENT-SOIXANTE-DIX-HUIT"),
        (DateValue(2020, 3, 1), "{d1er} {month}", "1er mars"),
        (DateValue(2020, 3, 2), "{d1er} {month}", "2 mars"),
        (DateValue(2020, 3, 1), "{d_words} {Month}", "premier Mars"),
        (DateValue(2020, 2, 12), "{d2}/{m2}/{y4}", "12/02/2020"),
        (DateValue(2020, 2, 5), "{d}.{m2}.{y2}", "5.02.20"),
        (DateValue(2020, 2, 5), "{y4}-{m2}-{d2}", "2020-02-05"),
        (DateValue(2020, 2, 5), "{MONTH_ABBR}. {y4}", "FÉVR. 2020"),
        (DateValue(2020, 2, 5), "{month_abbr3!a}. {y4}", "fev. 2020"),
        (DateValue(2020, 8, 5), "{Month!a}", "Aout"),
        (DateValue(2022, 12, 6), "{d2_spaced} {m2_spaced} {y4_spaced}", "0 6 1 2 2 0 2 2"),
        (DateValue(2020, 3, 2), "{Weekday} {d}", "Lundi 2"),
        (DateValue(None, None, 3, 6), "{weekday} {d}", "dimanche 3"),
        (DateValue(2020, 3, 2), "{{{d}}}", "{2}"),
    ],
)
def test_render_date(value: DateValue, fmt: str, expected: str) -> None:
    assert render_date(value, fmt) == expected


def test_render_date_errors() -> None:
    with pytest.raises(ValueError):
        render_date(DateValue(2020, None, None), "{d}/{y4}")
    with pytest.raises(ValueError):
        render_date(DateValue(2020, 1, 1), "{nope}")
    assert template_fields("{D_words!s} {month} x") == ["d_words", "month"]


@pytest.mark.parametrize(
    ("value", "fmt", "expected"),
    [
        (40, "{n} {ans}", "40 ans"),
        (1, "{n} {ans}", "1 an"),
        (27.5, "{n_int} {ans}{half: 1/2}", "27 ans 1/2"),
        (28, "{n_int} {ans}{half: 1/2}", "28 ans"),
        (45, "{N_words} ans", "Quarante-cinq ans"),
        (45, "{n_words!s} ans", "quarante cinq ans"),
        (27.5, "{n} ans", "27,5 ans"),
        (1, "{n} {semaines}", "1 semaine"),
        (5, "{n} {jours}", "5 jours"),
    ],
)
def test_render_age(value: float, fmt: str, expected: str) -> None:
    assert render_age(value, fmt) == expected


# ----------------------------------------------------------------------------- round trip

DET = DateDetector()

# (context before the date, the date as written)
ROUND_TRIP = [
    ("le ", "12/02/2020"), ("le ", "12/2/20"), ("le ", "12.02.20"), ("le ", "12-02-2020"),
    ("le ", "2020-02-12"), ("le ", "2020/02/12"), ("le ", "2020.02.12"), ("le ", "3/4/2019"),
    ("le ", "12.02.2020"), ("le ", "12-02-20"), ("le ", "12 / 02 / 2020"),
    ("Date : ", "20200212"), ("date ", "12022020"), ("le ", "06 12 2022"),
    ("DDN : ", "0 6 1 2 2 0 2 2"), ("DDN : ", "0 6 1 2 7 8"), ("le ", "12/02"),
    ("suivi ", "02/2020"), ("suivi ", "02.2020"), ("le ", "12 février 2020"),
    ("le ", "12 Février 2020"), ("le ", "12 FÉVRIER 2020"), ("le ", "12 fevrier 2020"),
    ("le ", "12 fév. 2020"), ("le ", "12 févr. 2020"), ("le ", "12 FÉVR. 2020"),
    ("le ", "1er mars"), ("le ", "02 mars 2020"), ("le ", "12-mars-2020"),
    ("en ", "février 2020"), ("en ", "Février 2020"), ("en ", "mars 20"),
    ("en ", "janv. 2018"), ("en ", "fév 2019"), ("revu ", "lundi 3"),
    ("le ", "mardi 12 mars"), ("", "Vendredi 1er avril 2022"), ("le ", "jeudi, 12 mars 2020"),
    ("le ", "vingt-trois mars deux mille vingt"),
    ("né le ", "deux janvier mille neuf cent soixante dix huit"),
    ("le ", "Vingt-trois mars deux mille vingt"), ("le ", "premier mai"),
    ("opéré en ", "2003"), ("", "début mars"), ("le ", "12 Oct. 2020"), ("le ", "3 sept."),
    ("le ", "12 fev 2020"), ("le ", "12 dec 2019"), ("le ", "14 juillet"),
    ("le ", "12 mars 2020"), ("le ", "1/3/2019"),
]
NEW_DATE = dt.date(1983, 7, 9)  # unambiguous: day and month < 10, July, 1983 in words
# unaccented month names: only a month with an accent shows that the accent was dropped
NEW_DATE_ASCII = dt.date(1983, 2, 9)


def _detect_at(prefix: str, written: str, strict: bool = True):
    text = prefix + written
    ents = [e for e in DET.detect(Document.create("r", text)) if e.start == len(prefix)]
    assert len(ents) == 1, "no single date at the expected offset"
    # a full month name then "." reads as the end of a sentence: "3 sept." -> "3 mars".
    assert ents[0].end == len(text) or (not strict and text[ents[0].end :] == ".")
    return ents[0]


def test_round_trip_covers_many_formats() -> None:
    formats = {_detect_at(p, w).attributes["format"] for p, w in ROUND_TRIP}
    assert len(formats) >= 40


@pytest.mark.parametrize(("prefix", "written"), ROUND_TRIP)
def test_round_trip(prefix: str, written: str) -> None:
    ent = _detect_at(prefix, written)
    fmt = ent.attributes["format"]
    assert render_date(ent.value, fmt) == written  # the format writes the original back
    new_date = NEW_DATE_ASCII if "!a}" in fmt else NEW_DATE
    new_value = ent.value.with_date(new_date)
    assert new_value != ent.value
    rendered = render_date(new_value, fmt)
    again = _detect_at(prefix, rendered)
    assert again.value == new_value
    assert again.attributes["format"] == fmt


@pytest.mark.parametrize(("prefix", "written"), ROUND_TRIP)
def test_round_trip_many_dates(prefix: str, written: str) -> None:
    """Any valid date written in a detected format is read back with the same value; the
    re-detected format may differ only where the writing is ambiguous ("mai" is a full
    name and an abbreviation) and then writes the same text."""
    ent = _detect_at(prefix, written)
    fmt = ent.attributes["format"]
    day = dt.date(1999, 1, 1)
    while day.year < 2002:
        new_value = ent.value.with_date(day)
        rendered = render_date(new_value, fmt)
        again = _detect_at(prefix, rendered, strict=False)
        assert again.value == new_value
        assert rendered.startswith(render_date(new_value, again.attributes["format"]))
        day += dt.timedelta(days=13)


@pytest.mark.parametrize(
    ("months", "written"),
    [(27, "2 ans et 3 mois"), (24, "2 ans"), (13, "1 an et 1 mois"), (11, "11 mois")],
)
def test_render_age_years_and_months(months, written):
    assert render_age(months, "{years_months}") == written
