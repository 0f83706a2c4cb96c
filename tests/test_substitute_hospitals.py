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
