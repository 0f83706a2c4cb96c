"""Lowercase lines read with their capitals (`clindeid.detect.casing`)."""

from __future__ import annotations

import pytest

from clindeid.detect.casing import recase
from clindeid.document import Entity


def test_lowercase_lines_get_the_capitals_french_writes_and_nothing_else():
    text = (
        "Compte rendu. Vu par le Dr Martin.\n"
        "amené par le sdis 68 + smur de mulhouse, l'éducatrice julie fritsch prévenue\n"
        "marche avec 2 cannes, tissu bénin, coro en urgence, rdv www.chu-nantes.fr\n"
    )
    copy = recase(text)
    assert copy is not None
    assert copy.text == (
        "amené par le SDIS 68 + SMUR de Mulhouse, l'éducatrice Julie Fritsch prévenue\n"
    )  # the third line has nothing to recase; the first has capitals already
    fritsch = copy.text.index("Fritsch")
    back = copy.to_original(Entity(fritsch, fritsch + 7, "PERSON", "test", 1.0))
    assert text[back.start : back.end] == "fritsch"


@pytest.mark.parametrize(
    ("line", "recased"),
    [("cataracte opérée à la clinique rhéna en 2023.",
      "cataracte opérée à la Clinique Rhéna en 2023."),
     ("résidente de l'ehpad les tilleuls à dettwiller",
      "résidente de l'EHPAD Les Tilleuls à Dettwiller"),
     ("rdv avec mme nadia boukhari (spip du haut-rhin) le 23/06",
      "rdv avec Mme Nadia Boukhari (SPIP du Haut-Rhin) le 23/06"),
     ("brigade de gendarmerie d'altkirch prévenue ce soir",
      "brigade de gendarmerie d'Altkirch prévenue ce soir"),
     ("intérimaire chez manpower, mission de nuit chez stellantis",
      "intérimaire chez Manpower, mission de nuit chez Stellantis"),
     ("week-end de la pentecôte chez un ami",
      "week-end de la Pentecôte chez un ami"),
     ("foyer lobaire inférieur droit à la radiographie", None),
     ("revu au chu la semaine dernière pour bilan", "revu au CHU la semaine dernière pour bilan"),
     ("rentre à la maison les week-ends avec sa fille", None)],
)  # fmt: skip
def test_names_after_facility_heads_acronyms_and_places(line, recased):
    copy = recase(line)
    assert (copy.text.rstrip("\n") if copy else None) == recased


def test_a_line_with_a_capitalised_word_inside_is_left_as_it_is():
    assert recase("Adressée par le Dr Weiss pour suivi à mulhouse demain matin.") is None
    # a word holding a digit or opening a sentence does not count
    assert recase("Fracture de l1. suivi à mulhouse par julie") is not None


def test_a_lowercase_note_is_read_with_its_capitals(found_in_note):
    found = found_in_note("amené par le sdis 68 + smur de mulhouse ; entretien avec "
                          "l'éducatrice julie fritsch ; résidente de l'ehpad les tilleuls")
    assert found.get("sdis 68") == "ORG"
    assert found.get("smur de mulhouse") in ("ORG", "HOSPITAL")
    assert found.get("julie fritsch") == "PERSON"
    assert found.get("ehpad les tilleuls") in ("ORG", "HOSPITAL")


def test_a_lowercase_mountain_rescue_or_prison_unit_is_read_as_its_acronym(found_in_note):
    found = found_in_note("engagement : pghm de briançon, puis transfert ; suivi par "
                          "l'usmp de villepinte")
    assert found.get("pghm de briançon") == "ORG"
    assert found.get("usmp de villepinte") == "ORG"


def test_record_numbers_and_postal_boxes_are_read_in_capitals_not_doses_or_shifts():
    recased = recase("dossier ig-2025-07731, séjour 26c038114, cs 50327, 1500mg, 5h-13h, sy60wf")
    assert recased is not None
    assert "IG-2025-07731" in recased.text
    assert "26C038114" in recased.text
    assert "CS 50327" in recased.text
    assert "1500mg" in recased.text and "5h-13h" in recased.text and "sy60wf" in recased.text
    exam = recase("ipp 9062283917, n° d'examen cr26tdm031145 du vendredi")
    assert exam is not None and "CR26TDM031145" in exam.text


def test_a_typists_reference_line_is_read_in_capitals():
    recased = recase("dr denis jacquesson, médecin traitant\ncp/ld – frappé le 09/11\naglf/mp\n")
    assert recased is not None and "CP/LD – frappé" in recased.text and "AGLF/MP" in recased.text
    assert recase("et/ou\n") is None


def test_countries_in_brackets_or_after_an_article_and_big_cities_are_capitalised():
    recased = recase("née à sétif (algérie), passée par la libye, suivie à perpignan et à paris")
    assert recased is not None
    for written in ("(Algérie)", "la Libye", "Perpignan", "Paris"):
        assert written in recased.text
    # a commune that is a word of the clinic stays as it is
    walking = recase("marche avec deux cannes anglaises depuis la chute à domicile")
    assert walking is None or "cannes" in walking.text


def test_a_lowercase_dictation_finds_its_cities_and_hospital(found_in_note):
    found = found_in_note("adressée par le centre hospitalier de perpignan, vue ensuite à nîmes")
    assert found.get("centre hospitalier de perpignan") == "HOSPITAL"
    assert found.get("nîmes") == "CITY"


def test_a_typists_line_is_recased_after_its_initials_too(found_in_note):
    found = found_in_note("cp/ld – copie au dr paul girard, mulhouse")
    assert found.get("mulhouse") == "CITY"


def test_communes_that_are_everyday_words_stay_lowercase():
    for line in ("vit en union libre avec son compagnon", "urines de couleur bordeaux ce matin",
                 "pastilles vichy après le repas"):
        recased = recase(line)
        assert recased is None or recased.text.strip() == line


def test_literal_forms_of_a_named_organisation_pattern():
    from clindeid.detect.casing import literal_forms

    assert literal_forms(r"Filien(?:[ \t]+ADMR)?") == ["Filien", "Filien ADMR"]
    assert literal_forms(r"Restos[ \t]+du[ \t]+C(?:œ|oe)ur") == ["Restos du Cœur",
                                                                 "Restos du Coeur"]
    assert literal_forms(r"Pr[ée]sence[ \t]+Verte(?=[ \t]*,)") == ["Présence Verte"]
    # a class of any capital, a repetition or too many forms: no literal forms
    assert literal_forms(r"CNR[ \t]+(?:des?[ \t]+)?[A-Z][\w-]+") is None
    assert literal_forms(r"(?:aa|bb)(?:cc|dd)(?:ee|ff)(?:gg|hh)(?:ii|jj)", limit=16) is None


@pytest.mark.parametrize(
    ("line", "recased"),
    [("téléassistance filien admr posée, fils chez airbus helicopters",
      "téléassistance Filien ADMR posée, fils chez Airbus Helicopters"),
     ("suivie par france alzheimer depuis mars", "suivie par France Alzheimer depuis mars"),
     # the pattern's forms that are common words stay as they are
     ("aides à domicile le matin, vu par l'infirmière", None)],
)  # fmt: skip
def test_named_organisations_written_with_alternatives_get_their_capitals(line, recased):
    copy = recase(line)
    assert (copy.text.rstrip("\n") if copy else None) == recased
