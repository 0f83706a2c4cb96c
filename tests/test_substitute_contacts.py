"""PHONE, EMAIL and URL surrogates: format kept, never the original."""

from __future__ import annotations

import re

import pytest

from clindeid.document import Entity
from clindeid.substitute.contacts import EmailStrategy, PhoneStrategy, UrlStrategy
from clindeid.substitute.context import SubstitutionContext
from clindeid.substitute.names import PersonStrategy


def _run(strategy: object, text: str, ctx: SubstitutionContext, **attrs: object) -> str:
    entity = Entity(0, len(text), "X", attributes=attrs)
    return strategy.substitute(entity, text, ctx).text  # type: ignore[attr-defined]


def _shape(text: str) -> str:
    return re.sub(r"\d", "9", text)


@pytest.mark.parametrize(
    ("original", "prefix"),
    [
        ("06 12 34 56 78", "0[67]"),
        ("07.12.34.56.78", "0[67]"),
        ("+33 (0)6 12 34 56 78", r"\+33 \(0\)[67]"),
        ("+33612345678", r"\+33[67]"),
        ("0033 6 12 34 56 78", "0033 [67]"),
        ("03 80 29 30 31", "03"),
        ("01-45-67-89-00", "01"),
        ("4521", "[1-9]"),
    ],
)
def test_phone_format(original: str, prefix: str) -> None:
    for seed in range(10):
        out = _run(PhoneStrategy(), original, SubstitutionContext.create(seed=seed))
        assert _shape(out) == _shape(original)
        assert re.match(prefix, out), out
        assert out != original


def test_phone_consistent_and_deterministic() -> None:
    ctx = SubstitutionContext.create(seed=1)
    a = _run(PhoneStrategy(), "06 12 34 56 78", ctx)
    assert _run(PhoneStrategy(), "06.12.34.56.78", ctx) == a.replace(" ", ".")
    assert _run(PhoneStrategy(), "06 12 34 56 78", SubstitutionContext.create(seed=1)) == a


def test_email_follows_person_surrogate() -> None:
    ctx = SubstitutionContext.create(seed=2)
    person = PersonStrategy().substitute(Entity(0, 11, "PERSON"), "Jean Dupont", ctx).text
    first, last = (p.lower() for p in person.split(" "))
    out = _run(EmailStrategy(), "jean.dupont@gmail.com", ctx)
    from clindeid.knowledge import strip_accents

    assert out == strip_accents(f"{first}.{last}@gmail.com").replace(" ", "-")


@pytest.mark.parametrize(
    "original",
    ["j.dupont@chu-dijon.fr", "xkcd123@free.fr", "SECRETARIAT@CLINIQUE-BEAUNE.FR"],
)
def test_email_shape(original: str) -> None:
    out = _run(EmailStrategy(), original, SubstitutionContext.create(seed=5))
    assert out.count("@") == 1 and out.lower() != original.lower()
    domain = original.rsplit("@", 1)[1]
    new_domain = out.rsplit("@", 1)[1]
    if domain == "free.fr":
        assert new_domain == "free.fr"
    else:
        assert new_domain.lower() != domain.lower()
        assert new_domain.lower().endswith(".fr")


def test_url_keeps_scheme_and_shape() -> None:
    original = "https://www.chu-dijon.fr/services/cardio/page.html"
    out = _run(UrlStrategy(), original, SubstitutionContext.create(seed=3))
    assert out.startswith("https://www.") and out.endswith(".html")
    assert out.count("/") == original.count("/") and "chu-dijon" not in out
