"""Rules read on the leaks of heldout_dp…heldout_dr (twelfth session): a labelled address
line without a comma before its postcode, a place alone on a letterhead line before its
postcode, an acronym whose name has accented initials, a large foreign city opening a
segment, places and organisations found again further on, and dotted initials before a care
job. The look-alike cases guard each pattern."""

from __future__ import annotations

from collections.abc import Callable

import pytest


@pytest.mark.parametrize(
    ("line", "span"),
    [
        ("adr : section dos d'âne 97113 gourbeyre - tel 06 90 72 14 03", "section dos d'âne"),
        ("adr : 9 impasse des songes, bérive 97430 le tampon - tel 0692 58 13 77",
         "9 impasse des songes, bérive"),
        ("Domicile : Lotissement Les Hauts 97122 Baie-Mahault", "Lotissement Les Hauts"),
    ],
)  # fmt: skip
def test_labelled_address_line_without_a_comma_before_its_postcode(
    found_in_note: Callable[[str], dict[str, str]], line: str, span: str
) -> None:
    assert found_in_note(line).get(span) == "ADDRESS"


def test_labelled_line_without_comma_needs_the_commune_of_its_postcode(
    found_in_note: Callable[[str], dict[str, str]],
) -> None:
    # 33000 is no postcode of Gourbeyre: the segment stays unread
    assert "section dos d'âne" not in found_in_note("adr : section dos d'âne 33000 gourbeyre")


def test_place_alone_before_its_postcode_on_a_letterhead(
    found_in_note: Callable[[str], dict[str, str]],
) -> None:
    found = found_in_note("Clinique Les Eaux Claires\nMoudong Sud – 97122 Baie-Mahault\nTél.")
    assert found.get("Moudong Sud") == "ADDRESS"


@pytest.mark.parametrize(
    "line",
    [
        "Moudong Sud – 75012 Baie-Mahault",  # not the commune's postcode
        "Service de Rhumatologie – 69003 Lyon",  # a service, not a place
        "Lyon – 69003 Lyon",  # the commune itself
    ],
)
def test_letterhead_lines_that_name_no_place_are_no_address(
    found_in_note: Callable[[str], dict[str, str]], line: str
) -> None:
    assert "ADDRESS" not in found_in_note(line).values()


def test_acronym_of_a_hospital_with_accented_initials_is_found_everywhere(
    found_in_note: Callable[[str], dict[str, str]],
) -> None:
    found = found_in_note("Hôpital Édouard Herriot (HEH) — bâtiment R\nRDV au HEH.")
    assert found.get("HEH") == "HOSPITAL"


def test_large_foreign_city_opening_a_segment(
    found_in_note: Callable[[str], dict[str, str]],
) -> None:
    found = found_in_note("Mission avec une ONG : Bamako et région de Kayes (Mali).")
    assert found.get("Bamako") == "CITY"


def test_a_common_word_opening_a_segment_is_no_foreign_city(
    found_in_note: Callable[[str], dict[str, str]],
) -> None:
    # "seul" is also a name of Seoul in the gazetteer
    assert "Seul" not in found_in_note("Mode de vie : Seul à domicile, autonome.")


def _spans(text: str, label: str) -> list[str]:
    from clindeid import Config
    from clindeid.document import Document
    from clindeid.pipeline import Pipeline

    entities = Pipeline(Config(detectors=["rules"])).detect(Document.create("t", text))
    return [text[e.start : e.end] for e in entities if e.label == label]


def test_a_place_found_once_is_found_again() -> None:
    text = ("Née le 05/10/1990 à Mitsamiouli (Comores).\n"
            "Séjour en juillet 2025 à Moroni et Mitsamiouli, avec ses enfants.")  # fmt: skip
    assert _spans(text, "LOCATION").count("Mitsamiouli") == 2


def test_an_organisation_is_found_again_only_capitalised() -> None:
    text = ("Employeur : société Bétons Ribeyre.\n"
            "Arrêt transmis à Bétons Ribeyre ; bétons prêts à l'emploi, ribeyre en stock.")
    orgs = _spans(text, "ORG")
    assert orgs.count("Bétons Ribeyre") == 2
    assert all(o[0].isupper() for o in orgs)


@pytest.mark.parametrize(
    ("line", "span"),
    [
        ("-> à rediscuter avec le chir\na.g. ide sspi", "a.g."),
        ("C.D., IDE de nuit", "C.D."),
        ("- m.-l. r. (as)", "m.-l. r."),
    ],
)
def test_dotted_initials_before_a_care_job(
    found_in_note: Callable[[str], dict[str, str]], line: str, span: str
) -> None:
    assert found_in_note(line).get(span) == "PERSON"


@pytest.mark.parametrize("line", ["T.A. 12/8 mmHg", "a.g. prévue au bloc", "p.o. le soir"])
def test_dotted_abbreviations_without_a_care_job_are_no_initials(
    found_in_note: Callable[[str], dict[str, str]], line: str
) -> None:
    assert "PERSON" not in found_in_note(line).values()
