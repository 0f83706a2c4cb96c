"""HOSPITAL and ORG surrogates."""

from __future__ import annotations

import pytest

from clindeid.document import Entity
from clindeid.substitute.context import SubstitutionContext
from clindeid.substitute.hospitals import HospitalStrategy, OrgStrategy, hospital_category
from clindeid.substitute.rewrite import rewrite


@pytest.mark.parametrize(
    ("name", "category"),
    [("CHU de Dijon", "CHU"), ("Clinique des Lilas", "CLINIQUE"),
     ("Centre hospitalier d'Auxerre", "CH"), ("EPSM de la Marne", "CHS")],
)  # fmt: skip
def test_category(name: str, category: str) -> None:
    assert hospital_category(name) == category


def test_hospital_follows_surrogate_city() -> None:
    text = "Né à Dijon, suivi au CHU de Dijon."
    ents = [Entity(5, 10, "CITY"), Entity(21, 33, "HOSPITAL")]
    from clindeid.substitute.places import CityExponentialStrategy

    for seed in range(5):
        ctx = SubstitutionContext.create(seed=seed)
        strategies = {"CITY": CityExponentialStrategy(), "HOSPITAL": HospitalStrategy()}
        new, reps = rewrite(text, ents, strategies, HospitalStrategy(), ctx)
        hospital = new[reps[1].new_start : reps[1].new_end]
        assert hospital.startswith("CHU ") and not reps[1].masked
        assert sum(r.epsilon for r in reps) == pytest.approx(ctx.epsilon)


def test_hospital_casing_and_category() -> None:
    for seed in range(5):
        ctx = SubstitutionContext.create(seed=seed)
        out = HospitalStrategy().substitute(Entity(0, 18, "HOSPITAL"), "CLINIQUE DES LILAS", ctx)
        assert out.text.isupper() and out.text != "CLINIQUE DES LILAS"
        assert hospital_category(out.text) == "CLINIQUE"


def test_org() -> None:
    ctx = SubstitutionContext.create(seed=1)
    out = OrgStrategy().substitute(Entity(0, 18, "ORG"), "EHPAD Les Tilleuls", ctx).text
    assert out.startswith("EHPAD Les ") and out != "EHPAD Les Tilleuls"
    new, reps = rewrite("chez Renault", [Entity(5, 12, "ORG")], {}, OrgStrategy(), ctx)
    assert new == "chez [ORG]" and reps[0].masked


@pytest.mark.parametrize(
    ("strategy", "original", "own", "kept"),
    [(HospitalStrategy(), "CH Jacques Cœur de Bourges", "Jacques", "CH "),
     (OrgStrategy(), "EHPAD Les Vignes de Clamecy", "Vignes", "EHPAD Les "),
     (HospitalStrategy(), "Clinique Rhéna de Strasbourg", "Rhéna", "Clinique "),
     (OrgStrategy(), "Laboratoire Bio37 – site de Chinon", "Bio37", "Laboratoire ")],
)  # fmt: skip
def test_a_name_of_its_own_before_the_commune_is_replaced_even_when_the_commune_is_kept(
    strategy, original: str, own: str, kept: str
) -> None:
    released_true_commune = 0
    for seed in range(80):
        ctx = SubstitutionContext.create(seed=seed)
        out = strategy.substitute(Entity(0, len(original), "HOSPITAL"), original, ctx)
        assert own not in out.text and out.text.startswith(kept)
        assert not out.keeps_original and out.epsilon > 0
        released_true_commune += out.text.endswith(original.rsplit(" ", 1)[1])
    assert released_true_commune > 0  # the mechanism sometimes releases the true commune


def test_type_words_and_a_territory_before_the_commune_are_no_name_of_their_own() -> None:
    kept_whole = 0
    for seed in range(80):
        ctx = SubstitutionContext.create(seed=seed)
        original = "CH des Pays de Morlaix"
        out = HospitalStrategy().substitute(Entity(0, 22, "HOSPITAL"), original, ctx)
        assert out.text.startswith("CH des Pays ")
        kept_whole += out.keeps_original and out.text == original
    assert kept_whole > 0
