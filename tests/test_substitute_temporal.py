"""DATE and AGE surrogates: metric-privacy Laplace in the right unit, formats kept, chronology,
memoisation, birth date / age coherence, baselines."""

import datetime as dt

import numpy as np
import pytest
from scipy import stats

from clindeid.detect.rules.ages import AgeDetector
from clindeid.detect.rules.dates import DateDetector, parse_date_text
from clindeid.document import Document, Entity, Metadata
from clindeid.substitute import SubstitutionContext, rewrite
from clindeid.substitute.identifiers import BIRTH_DATE_SLOT
from clindeid.substitute.tag import TagStrategy
from clindeid.substitute.temporal import (
    AgeBoundedLdpStrategy,
    AgeLaplaceStrategy,
    DateBoundedLdpStrategy,
    DateLaplaceStrategy,
    DateOrderPreservingStrategy,
    DateShiftStrategy,
    date_units,
    from_units,
)
from clindeid.temporal import DateValue
from test_temporal import ROUND_TRIP

REF = dt.date(2020, 6, 15)


def detect(text, meta=None):
    doc = Document.create("t", text, meta)
    ents = [*DateDetector().detect(doc), *AgeDetector().detect(doc)]
    return sorted(ents, key=lambda e: e.start)


def run(text, strategies, seed=0, epsilon=1.0, meta=None, entities=None):
    ctx = SubstitutionContext.create(seed=seed, meta=Metadata.from_mapping(meta))
    ctx.epsilon = epsilon
    ents = entities if entities is not None else detect(text, meta)
    new, reps = rewrite(text, ents, strategies, TagStrategy(), ctx)
    return new, reps, ctx


@pytest.mark.parametrize(
    ("value", "unit"),
    [
        (DateValue(2020, 2, 12), "days"),
        (DateValue(None, 3, 1), "days"),
        (DateValue(None, None, 3, 0), "days"),
        (DateValue(2020, 2, None), "months"),
        (DateValue(None, 5, None), "months"),
        (DateValue(2003, None, None), "years"),
    ],
)
def test_units_by_precision_and_back(value, unit):
    got_unit, amount = date_units(value, REF)
    assert got_unit == unit
    assert from_units(value, unit, amount) == value


def _noise(text, unit_of, epsilon, n=2500):
    """Noise of one mention over many independent documents (fresh seeds)."""
    out = []
    (ent,) = [e for e in detect(text) if e.label in ("DATE", "AGE")]
    for seed in range(n):
        new, _, _ = run(
            text,
            {"DATE": DateLaplaceStrategy(), "AGE": AgeLaplaceStrategy()},
            seed=seed,
            epsilon=epsilon,
            entities=[ent],
        )
        out.append(unit_of(new))
    return np.array(out, dtype=float)


def _days(new):
    value, _ = parse_date_text(new[new.index("le ") + 3 : -1])
    return value.to_date().toordinal() - dt.date(2020, 2, 12).toordinal()


def _months(new):
    value, _ = parse_date_text(new[new.index("en ") + 3 : -1])
    return (value.year * 12 + value.month - 1) - (2020 * 12 + 1)


def _years(new):
    return float(new.split()[-2]) - 40


@pytest.mark.parametrize(
    ("text", "unit_of", "epsilon"),
    [
        ("Vu le 12/02/2020.", _days, 0.2),
        ("Vu en février 2020.", _months, 0.5),
        ("Homme de 40 ans.", _years, 0.5),
    ],
)
def test_noise_is_laplace_of_scale_one_over_epsilon_in_the_unit(text, unit_of, epsilon):
    noise = _noise(text, unit_of, epsilon)
    # rounded to the unit: compare with a rounded Laplace by its CDF at integer cut points
    scale = 1 / epsilon
    assert abs(np.mean(np.abs(noise)) - scale) < 0.12 * scale
    jitter = np.random.default_rng(0).uniform(-0.5, 0.5, size=noise.size)
    assert stats.kstest(noise + jitter, "laplace", args=(0, scale)).pvalue > 0.001
    assert stats.kstest(noise + jitter, "laplace", args=(0, 3 * scale)).pvalue < 1e-6


@pytest.mark.parametrize(("prefix", "written"), ROUND_TRIP)
def test_every_detected_format_gets_a_valid_date_in_the_same_format(prefix, written):
    text = prefix + written
    ents = [e for e in detect(text) if e.label == "DATE" and e.start == len(prefix)]
    assert ents
    for seed in range(5):
        new, reps, _ = run(
            text, {"DATE": DateLaplaceStrategy()}, seed=seed, epsilon=0.05, entities=ents
        )
        rep = reps[0]
        assert not rep.masked
        surrogate = new[rep.new_start : rep.new_end]
        again = [
            e
            for e in DateDetector().detect(Document.create("x", prefix + surrogate))
            if e.start == len(prefix)
        ]
        assert again, "the surrogate must read back as a date"
        assert again[0].value.precision == ents[0].value.precision


def test_same_value_same_surrogate_charged_once():
    text = "Entrée le 12/02/2020, opéré le 12 février 2020, sortie le 20/02/2020."
    new, reps, ctx = run(text, {"DATE": DateLaplaceStrategy()}, seed=4, epsilon=1.0)
    a, b, _c = (parse_date_text(new[r.new_start : r.new_end])[0] for r in reps)
    assert a == b
    assert [r.epsilon for r in reps] == pytest.approx([0.5, 0.0, 0.5])
    assert ctx.total_epsilon == pytest.approx(1.0)


def test_successive_values_get_independent_noise():
    text = " ".join(f"le {d:02d}/03/2020." for d in range(1, 21))
    new, reps, _ = run(text, {"DATE": DateLaplaceStrategy()}, seed=1, epsilon=20.0)
    shifts = {
        parse_date_text(new[r.new_start : r.new_end])[0].day - i
        for i, r in enumerate(reps, start=1)
    }
    assert len(shifts) > 1  # not one shared shift (the papers' re-seeding bug)


def test_order_preserving_never_inverts_two_dates():
    text = (
        "Admis le 03/01/2020, scanner le 04/01/2020, opéré le 05/01/2020, "
        "sorti le 20/01/2020, revu le 02/03/2020."
    )
    for seed in range(200):
        new, reps, ctx = run(text, {"DATE": DateOrderPreservingStrategy()}, seed=seed, epsilon=0.5)
        days = [parse_date_text(new[r.new_start : r.new_end])[0].to_date() for r in reps]
        assert days == sorted(days)
        assert ctx.total_epsilon == pytest.approx(0.5)


def test_plain_mechanism_does_invert_close_dates_sometimes():
    text = "Admis le 03/01/2020, opéré le 04/01/2020."
    inverted = 0
    for seed in range(200):
        new, reps, _ = run(text, {"DATE": DateLaplaceStrategy()}, seed=seed, epsilon=0.2)
        a, b = (parse_date_text(new[r.new_start : r.new_end])[0].to_date() for r in reps)
        inverted += a > b
    assert inverted > 10


def test_partial_dates_use_the_document_date_never_the_clock():
    text = "Revu le 1er mars."
    meta = {"document_date": "2019-03-10"}
    ent = detect(text)[0]
    s = DateLaplaceStrategy()
    ctx = SubstitutionContext.create(seed=0, meta=Metadata.from_mapping(meta))
    assert s.budget_key(ent, "1er mars", ctx) == ("DATE", "days", dt.date(2019, 3, 1).toordinal())


def test_birth_date_age_and_nir_stay_coherent():
    text = "Âgée de 65 ans, née le 03/03/1954. Vue ce jour."
    meta = {"document_date": "2019-06-01"}
    for seed in range(20):
        new, reps, ctx = run(
            text,
            {"DATE": DateLaplaceStrategy(), "AGE": AgeLaplaceStrategy()},
            seed=seed,
            epsilon=0.05,
            meta=meta,
        )
        age_rep = next(r for r in reps if r.label == "AGE")
        birth = ctx.memo[BIRTH_DATE_SLOT]
        expected = 2019 - birth.year - ((birth.month, birth.day) > (6, 1))
        assert new[age_rep.new_start : age_rep.new_end] == f"{expected} ans"
        assert age_rep.epsilon == 0.0  # derived: post-processing of the birth date
    assert ctx.total_epsilon == pytest.approx(0.05)


def test_without_a_document_date_the_age_is_counted_at_the_care_date_it_matches():
    text = "Née le 03/03/1954. Hospitalisée du 10/02/2023 au 20/02/2023. Patiente de 68 ans."
    for seed in range(20):
        new, reps, ctx = run(
            text,
            {"DATE": DateLaplaceStrategy(), "AGE": AgeLaplaceStrategy()},
            seed=seed,
            epsilon=0.05,
        )
        age_rep = next(r for r in reps if r.label == "AGE")
        birth = ctx.memo[BIRTH_DATE_SLOT]
        stay = next(r for r in reps if r.label == "DATE" and r.start == text.index("10/02"))
        day, month, year = map(int, new[stay.new_start : stay.new_end].split("/"))
        expected = year - birth.year - ((birth.month, birth.day) > (month, day))
        assert new[age_rep.new_start : age_rep.new_end] == f"{expected} ans"
        assert age_rep.epsilon == 0.0  # post-processing of two released dates


def test_an_age_matching_no_care_date_is_noised_on_its_own():
    text = "Née le 03/03/1954. Hospitalisée le 10/02/2023. Son mari, 80 ans, l'accompagne."
    _, reps, _ = run(text, {"DATE": DateLaplaceStrategy(), "AGE": AgeLaplaceStrategy()}, seed=1)
    assert next(r for r in reps if r.label == "AGE").epsilon > 0


def test_a_relatives_age_is_not_derived_from_the_patients_birth_date():
    text = "Née le 03/03/1954, accompagnée de sa fille de 30 ans."
    _, reps, _ = run(
        text,
        {"DATE": DateLaplaceStrategy(), "AGE": AgeLaplaceStrategy()},
        seed=1,
        meta={"document_date": "2019-06-01"},
    )
    assert next(r for r in reps if r.label == "AGE").epsilon > 0


def test_derived_age_without_a_released_birth_date_is_masked():
    text = "Âgée de 65 ans, née le 03/03/1954."
    new, _reps, _ = run(text, {"AGE": AgeLaplaceStrategy()}, meta={"document_date": "2019-06-01"})
    assert "[AGE]" in new and "[DATE]" in new


@pytest.mark.parametrize(("age", "expected"), [(93, "90 ans"), (90, "90 ans")])
def test_hipaa_cap(age, expected):
    text = f"Patiente de {age} ans."
    new, _reps, ctx = run(text, {"AGE": AgeLaplaceStrategy(hipaa_cap=True)}, seed=0)
    assert expected in new and ctx.total_epsilon == 0


def test_infant_ages_are_noised_in_months_and_stay_positive():
    text = "Nourrisson de 3 mois."
    values = []
    for seed in range(300):
        new, _, _ = run(text, {"AGE": AgeLaplaceStrategy()}, seed=seed, epsilon=0.5)
        values.append(int(new.split()[2]))
    assert min(values) >= 1 and len(set(values)) > 3
    assert "mois" in new


def test_date_shift_is_one_shift_per_document():
    text = "Entrée le 03/01/2020, sortie le 20/01/2020."
    for seed in range(20):
        new, reps, _ = run(text, {"DATE": DateShiftStrategy()}, seed=seed)
        a, b = (parse_date_text(new[r.new_start : r.new_end])[0].to_date() for r in reps)
        assert (b - a).days == 17 and a != dt.date(2020, 1, 3)


def test_bounded_ldp_keeps_the_duration_category():
    text = "Vu le 01/06/2020."
    meta = {"document_date": "2020-06-15"}  # 14 days before: category < 2 months
    for seed in range(100):
        new, reps, _ = run(text, {"DATE": DateBoundedLdpStrategy()}, seed=seed, meta=meta)
        d = parse_date_text(new[reps[0].new_start : reps[0].new_end])[0].to_date()
        assert 0 <= (dt.date(2020, 6, 15) - d).days <= 60


def test_bounded_ldp_age_in_its_category():
    for seed in range(50):
        new, _, _ = run("Homme de 45 ans.", {"AGE": AgeBoundedLdpStrategy()}, seed=seed)
        assert 2 <= int(new.split()[2]) <= 100


def test_unparsable_mentions_are_masked():
    text = "vu le bidule"
    ents = [Entity(6, 12, "DATE"), Entity(0, 2, "AGE")]
    new, reps, _ = run(
        text, {"DATE": DateLaplaceStrategy(), "AGE": AgeLaplaceStrategy()}, entities=ents
    )
    assert new == "[AGE] le [DATE]" and all(r.masked for r in reps)


def test_reproducible_by_seed():
    text = "Entrée le 03/01/2020, âgé de 40 ans, en mars 2019."
    s = {"DATE": DateLaplaceStrategy(), "AGE": AgeLaplaceStrategy()}
    assert run(text, s, seed=9)[0] == run(text, s, seed=9)[0]
    assert len({run(text, s, seed=k)[0] for k in range(10)}) > 1


def test_compound_age_keeps_years_and_months():
    """'2 ans et 3 mois' is one age in months; its surrogate is written the same way."""
    import re as _re

    from clindeid import deidentify as _deidentify

    text = "Enfant de 4 ans et 5 mois, vu pour fièvre."
    outputs = {_deidentify(text, seed=seed).text for seed in range(12)}
    assert len(outputs) > 1  # the age is perturbed
    for out in outputs:
        m = _re.fullmatch(r"Enfant de (\d+) ans?(?: et (\d+) mois)?, vu pour fièvre\.", out)
        assert m is not None, out
        assert m.group(2) is None or 1 <= int(m.group(2)) <= 11


def test_named_days_moved_by_the_noise_are_written_as_a_month():
    """'Noël', 'Toussaint 2019': the name fixes a day; when the noise moves the date, the
    surrogate names the new month instead of repeating the original feast."""
    from clindeid import deidentify as _deidentify

    text = "Chute à la Toussaint 2019, traitement arrêté depuis Noël."
    outputs = {_deidentify(text, seed=seed).text for seed in range(16)}
    moved = [o for o in outputs if "Toussaint" not in o]
    assert moved, outputs
    months = ("septembre", "octobre", "novembre", "décembre")
    for out in moved:
        assert any(f"à la mi-{m} 2019," in out for m in months), out
    assert any("depuis mi-" in o for o in outputs)
