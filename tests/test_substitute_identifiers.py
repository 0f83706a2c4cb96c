"""NIR and identifier surrogates: valid keys, coherent sex/birth, same shape."""

from __future__ import annotations

import datetime as dt
import re

import pytest

from clindeid.document import Entity, Metadata
from clindeid.substitute.context import SubstitutionContext
from clindeid.substitute.identifiers import BIRTH_DATE_SLOT, IdentifierStrategy, NirStrategy


def _key(nir13: str) -> int:
    n = nir13.upper().replace("2A", "19").replace("2B", "18")
    return 97 - int(n) % 97


def _luhn_ok(digits: str) -> bool:
    total = 0
    for i, ch in enumerate(reversed(digits)):
        d = int(ch) * (2 if i % 2 else 1)
        total += d - 9 if d > 9 else d
    return total % 10 == 0


def _nir(text: str, ctx: SubstitutionContext) -> str:
    return NirStrategy().substitute(Entity(0, len(text), "NIR"), text, ctx).text


@pytest.mark.parametrize(
    "original", ["1 85 03 21 231 045 12", "185032123104512", "2 60 12 2A 004 123 45"]
)
def test_nir_valid_key_and_spacing(original: str) -> None:
    for seed in range(20):
        out = _nir(original, SubstitutionContext.create(seed=seed))
        assert [m.start() for m in re.finditer(" ", out)] == [
            m.start() for m in re.finditer(" ", original)
        ]
        compact = out.replace(" ", "")
        assert len(compact) == 15 and int(compact[13:]) == _key(compact[:13])
        assert compact[:13] != original.replace(" ", "")[:13]


def test_nir_follows_sex_and_surrogate_birth_date() -> None:
    ctx = SubstitutionContext.create(seed=1, meta=Metadata(sex="F"))
    ctx.memo[BIRTH_DATE_SLOT] = dt.date(1979, 11, 3)
    out = _nir("185032123104512", ctx)
    assert out[0] == "2" and out[1:3] == "79" and out[3:5] == "11"
    assert _nir("1 85 03 21 231 045 12", ctx) == " ".join(
        (out[0], out[1:3], out[3:5], out[5:7], out[7:10], out[10:13], out[13:])
    )


@pytest.mark.parametrize(
    ("original", "kind"),
    [("10003456789", "RPPS"), ("010000024", "FINESS"), ("NDA2023-0012345", "NDA"),
     ("ab12-CD", "record"), ("IPP 00123456", "IPP")],
)  # fmt: skip
def test_identifier_shape(original: str, kind: str) -> None:
    for seed in range(10):
        ctx = SubstitutionContext.create(seed=seed)
        out = (
            IdentifierStrategy()
            .substitute(Entity(0, len(original), "ID", attributes={"kind": kind}), original, ctx)
            .text
        )
        assert len(out) == len(original) and out != original
        for a, b in zip(original, out, strict=True):
            assert a.isdigit() == b.isdigit() and a.isupper() == b.isupper()
            if not a.isalnum():
                assert a == b
        if kind in ("RPPS", "FINESS"):
            assert _luhn_ok(out)
        if kind in ("NDA", "IPP"):
            assert out[:3] == original[:3]


def test_identifier_memoised() -> None:
    ctx = SubstitutionContext.create(seed=2)
    s = IdentifierStrategy()
    a = s.substitute(Entity(0, 8, "ID"), "12345678", ctx).text
    assert s.substitute(Entity(5, 13, "ID"), "12345678", ctx).text == a
