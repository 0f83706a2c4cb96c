import pytest

from clindeid.detect.propagate import propagate
from clindeid.detect.resolver import merge_adjacent, resolve
from clindeid.document import Entity


def covered(text, entities):
    return sorted(text[e.start : e.end] for e in entities)


def test_person_words_propagate_to_capitalised_occurrences_only():
    text = "Dr Paul BLANC. Vu par BLANC ce jour. Urines blanc clair. Blanc confirme."
    first = Entity(3, 13, "PERSON", "pattern/person-title", attributes={"role": "staff"})
    extra = propagate(text, [first])
    assert covered(text, extra) == ["BLANC", "Blanc"]
    assert all(e.attributes["role"] == "staff" and e.attributes["propagated"] for e in extra)


def test_common_words_and_particles_do_not_propagate_alone():
    text = "Mme Rose de La Fontaine. La rose est rouge. Rose a appelé. La Fontaine aussi."
    first = Entity(4, 23, "PERSON", "pattern/person-title")
    extra = propagate(text, [first], is_common_word=lambda w: w.lower() == "rose")
    got = covered(text, extra)
    assert "Rose" not in got and "rose" not in got
    assert got == ["Fontaine"]


def test_identifier_surface_propagates_case_insensitively():
    text = "IPP : AB12345. Rappel dossier ab12345 et AB123456."
    first = Entity(6, 13, "ID", "pattern/id", attributes={"kind": "IPP"})
    extra = propagate(text, [first])
    assert covered(text, extra) == ["ab12345"]
    assert extra[0].attributes["kind"] == "IPP"


@pytest.mark.parametrize("label", ["DATE", "AGE"])
def test_dates_and_ages_do_not_propagate(label):
    text = "le 12/02 puis le 12/02"
    assert propagate(text, [Entity(3, 8, label)]) == []


def test_propagated_entities_resolve_without_overlap():
    text = "Pr Jean MARTIN-DURAND. MARTIN-DURAND et Jean MARTIN."
    first = Entity(3, 21, "PERSON", "pattern/person-title")
    out = resolve([first, *propagate(text, [first])], text)
    assert covered(text, out) == ["Jean", "Jean MARTIN-DURAND", "MARTIN", "MARTIN-DURAND"]
    merged = merge_adjacent(out, text)
    assert covered(text, merged) == ["Jean MARTIN", "Jean MARTIN-DURAND", "MARTIN-DURAND"]


def test_merge_adjacent_joins_name_parts_on_one_line_only():
    from clindeid.detect.resolver import merge_adjacent

    text = "Jean MARTIN\nDUBOIS, Claire"
    ents = [Entity(0, 4, "PERSON"), Entity(5, 11, "PERSON"), Entity(12, 18, "PERSON"),
            Entity(20, 26, "PERSON")]
    assert covered(text, merge_adjacent(ents, text)) == ["Claire", "DUBOIS", "Jean MARTIN"]


def _reference_find(text, needle, case_insensitive):
    import re

    flags = re.IGNORECASE if case_insensitive else 0
    rx = re.compile(r"(?<![\w@.])" + re.escape(needle) + r"(?![\w@])", flags)
    return [m.span() for m in rx.finditer(text)]


@pytest.mark.parametrize(
    ("text", "needle", "ci"),
    [
        ("Jean Jean Jean, jean.", "Jean Jean", False),  # a needle overlapping itself
        ("x@Durand Durand@y .Durand _Durand Durand_ Durand-Paul", "Durand", True),
        ("ÉLODIE élodie Élodie", "Élodie", True),
        ("AB12 ab12 AB123 ab12.", "AB12", True),
        ("+33 6 12 34 56 78 et +33 6 12 34 56 78", "+33 6 12 34 56 78", True),
        ("Léa", "Léa Roux", False),
    ],
)
def test_one_scan_finds_what_one_regex_per_needle_finds(text, needle, ci):
    from clindeid.detect.propagate import _find_all

    assert list(_find_all(text, needle, ci)) == _reference_find(text, needle, ci)


@pytest.mark.parametrize("label", ["CITY", "HOSPITAL", "ADDRESS"])
def test_place_names_propagate_only_where_capitalised(label):
    text = "Né à Sens. Retour à SENS puis à Sens. Pas de sens clinique."
    first = Entity(5, 9, label, "pattern/city")
    assert covered(text, propagate(text, [first])) == ["SENS", "Sens"]


def _span(text, part, label):
    s = text.index(part)
    return Entity(s, s + len(part), label)


@pytest.mark.parametrize(
    ("name", "label", "acronym"),
    [
        ("Centre d'accueil et de soins hospitaliers de Nanterre", "HOSPITAL", "CASH"),
        ("Association Hospitalière de Bretagne", "ORG", "AHB"),
        ("Groupe Hospitalier Sud Ardennes", "HOSPITAL", "GHSA"),
    ],
)
def test_an_acronym_defined_after_a_name_is_the_same_entity(name, label, acronym):
    """The acronym in brackets that spells the name's initials (whole, or without the place
    closing it) is found with the name's label, and so are its other occurrences."""
    from clindeid.detect.propagate import defined_acronyms

    text = f"Adressé par le {name} ({acronym}) pour bilan. Retour au {acronym} le 4 mars."
    entity = _span(text, name, label)
    (found,) = defined_acronyms(text, [entity])
    assert (text[found.start : found.end], found.label) == (acronym, label)
    spans = {(text[e.start : e.end], e.start) for e in propagate(text, [entity])}
    assert {s for s, _ in spans} == {acronym} and len(spans) == 2


def test_places_and_organisations_spread_only_from_the_rules():
    """A LOCATION or ORG the rules found is found again; the model's guess is not copied."""
    text = "Mission avec Vaincre Ensemble au Mali. Retour de Vaincre Ensemble, puis Mali."
    for label, part in (("ORG", "Vaincre Ensemble"), ("LOCATION", "Mali")):
        rule = Entity(text.index(part), text.index(part) + len(part), label,
                      source="pattern/org")  # fmt: skip
        model = Entity(rule.start, rule.end, label, source="model/ner")
        assert [text[e.start : e.end] for e in propagate(text, [rule])] == [part]
        assert propagate(text, [model]) == []


@pytest.mark.parametrize(
    ("text", "name"),
    [
        ("Revu au CHU de Lille (USIC) ce jour.", "CHU de Lille"),  # a unit of the hospital
        ("Revu au CH de Dax (SSR) ce jour.", "CH de Dax"),
        ("Suivi par l'Association Hospitalière de Bretagne (AH) depuis mai.", "Association "
         "Hospitalière de Bretagne"),  # two letters must spell the whole name
    ],
)
def test_a_bracketed_acronym_that_does_not_spell_the_name_is_left(text, name):
    from clindeid.detect.propagate import defined_acronyms

    assert defined_acronyms(text, [_span(text, name, "HOSPITAL")]) == []
