"""DATE and AGE surrogates: ε metric privacy by the Laplace mechanism, and the baselines.

Every temporal mention is normalised to a number in its own unit (`temporal_units`):

============================  =========  =============================================
written as                    unit       value
============================  =========  =============================================
full date, day + month,       days       proleptic ordinal of the (completed) date
weekday + day, weekday alone
month + year, month alone     months     year × 12 + month − 1
year alone                    years      the year
age in years / months /       years /    the number written
weeks / days                  months /…
============================  =========  =============================================

Missing components (``"1er mars"`` has no year, ``"lundi 3"`` no month) are completed from the
reference date: the document date (``meta.document_date``), else ``reference_date`` in the
configuration, else 2000-01-01. Never the clock. The completed parts are not written back.

`DateLaplaceStrategy` (``date_laplace``, the default) releases ``v + Lap(1/ε_i)`` rounded to
the unit, which satisfies ε_i·d-privacy for d = |v1 − v2| in that unit; the surrogate is
written in the original format (`clindeid.temporal.render_date`) and is always a valid
date. The same value in one document (same unit) is released once and charged once (memo).
`AgeLaplaceStrategy` (``age_laplace``) does the same for ages, in their unit. An age in
years that equals the patient's age computed from the birth date written in the same
document and the reference date is *derived* from the surrogate birth date instead
(post-processing, no extra budget), so birth date and age stay coherent. With
``hipaa_cap=True`` ages of 90 and over are written as 90 (HIPAA Safe Harbor), and so are
noisy ages above 89.

`DateOrderPreservingStrategy` (``date_order_preserving``) perturbs the sorted distinct dates
of a document through their gaps (`clindeid.privacy.order_preserving_laplace`): the first
date gets Lap(1/ε_i), each gap Lap(1/ε_i) clamped at 0, so no two dates are ever inverted.
Each released quantity (first date, each gap) is ε_i·d-private for its own difference in
days; the sequence costs Σ ε_i, the same total as the per-mention mechanism. All dates are
measured in days in this mode (a month-precision date as its first day).

Baselines: `DateShiftStrategy` (``date_shift``, Stubbs et al. 2015): one uniform random shift
per document applied to every date (chronology kept, no formal guarantee: one known date
reveals all others). `DateBoundedLdpStrategy` / `AgeBoundedLdpStrategy` (``date_bounded_ldp``,
``age_bounded_ldp``, Tchouka et al. 2022): the duration to the reference date falls in one of
three categories (< 2 months, < 2 years, longer) and gets a truncated Laplace of scale Δ/ε
with Δ the category width: ε-LDP within the category.

Anything that cannot be parsed raises, and the rewrite layer masks it with its tag.
"""

from __future__ import annotations

import calendar
import datetime as dt
import re
from collections.abc import Hashable, Sequence
from dataclasses import dataclass

from clindeid.detect.rules.dates import parse_date_text
from clindeid.document import Document, Entity, parse_date
from clindeid.privacy.mechanisms import (
    bounded_laplace,
    metric_laplace,
    order_preserving_laplace,
    tchouka_category,
)
from clindeid.substitute.base import Surrogate
from clindeid.substitute.context import SubstitutionContext
from clindeid.substitute.identifiers import BIRTH_DATE_SLOT
from clindeid.temporal import DateValue, render_age, render_date, template_fields

__all__ = [
    "AgeBoundedLdpStrategy",
    "AgeLaplaceStrategy",
    "DateBoundedLdpStrategy",
    "DateLaplaceStrategy",
    "DateOrderPreservingStrategy",
    "DateShiftStrategy",
    "date_units",
    "from_units",
    "reference_date",
]

FALLBACK_REFERENCE = dt.date(2000, 1, 1)
_MIN_ORDINAL = dt.date(1000, 1, 1).toordinal()
_MAX_ORDINAL = dt.date(9999, 12, 31).toordinal()
_DAY_PRECISIONS = frozenset({"day", "day_month", "weekday_day", "day_only", "weekday"})
_MONTH_PRECISIONS = frozenset({"month", "month_only"})
_AGE_FLOOR = {"years": 0.0, "months": 1.0, "weeks": 1.0, "days": 1.0}
_DERIVED = "age.derived"
_RELEASED_DAY = "date.released.day"  # (slot, entity start) → a non-birth date's surrogate day
_BIRTH = "date.birth.original"
_ORDER = "date.order_preserving"
HIPAA_AGE = 90


# ----------------------------------------------------------------------------- values


def reference_date(context: SubstitutionContext, configured: str | dt.date | None) -> dt.date:
    """The document date, else the configured reference, else 2000-01-01 (never the clock)."""
    if context.meta.document_date is not None:
        return context.meta.document_date
    parsed = parse_date(configured) if configured is not None else None
    return parsed or FALLBACK_REFERENCE


def _complete(value: DateValue, ref: dt.date) -> dt.date:
    """A full calendar date from a partial one, missing parts taken from ``ref``."""
    if value.precision == "weekday":
        return ref + dt.timedelta(days=((value.weekday or 0) - ref.weekday()) % 7)
    if value.precision == "weekday_day" and value.day is not None:
        # the closest month, at or before the reference, whose day has that weekday
        year, month = ref.year, ref.month
        for _ in range(48):
            if value.day <= calendar.monthrange(year, month)[1]:
                candidate = dt.date(year, month, value.day)
                if candidate.weekday() == value.weekday:
                    return candidate
            year, month = (year, month - 1) if month > 1 else (year - 1, 12)
    year = value.year if value.year is not None else ref.year
    month = value.month
    if month is None:
        month = ref.month
        if value.day is not None and value.day > 28:
            month = 1  # a month long enough for any day
    day = value.day if value.day is not None else 1
    if month == 2 and day == 29 and value.year is None:
        year = 2000  # a leap year for "29 février"
    return dt.date(year, month, day)


def date_units(value: DateValue, ref: dt.date) -> tuple[str, int]:
    """The unit of a date mention and its value in that unit."""
    precision = value.precision
    if precision in _DAY_PRECISIONS:
        return "days", _complete(value, ref).toordinal()
    if precision in _MONTH_PRECISIONS:
        year = value.year if value.year is not None else ref.year
        return "months", year * 12 + (value.month or 1) - 1
    return "years", value.year if value.year is not None else ref.year


def from_units(value: DateValue, unit: str, amount: int) -> DateValue:
    """The same components as ``value``, taken from ``amount`` in ``unit``."""
    if unit == "days":
        ordinal = min(max(amount, _MIN_ORDINAL), _MAX_ORDINAL)
        return value.with_date(dt.date.fromordinal(ordinal))
    if unit == "months":
        year, month0 = divmod(amount, 12)
        year = min(max(year, 1000), 9999)
        return value.with_date(dt.date(year, month0 + 1, 1))
    return value.with_date(dt.date(min(max(amount, 1000), 9999), 1, 1))


def _date_value(entity: Entity, original: str) -> tuple[DateValue, str]:
    """The parsed value and format of a DATE mention (from the detector, else parsed)."""
    fmt = entity.attributes.get("format")
    if isinstance(entity.value, DateValue) and isinstance(fmt, str):
        return entity.value, fmt
    parsed = parse_date_text(original)
    if parsed is None:
        raise ValueError("unparsable date")
    return parsed


def _age_value(entity: Entity, original: str) -> tuple[float, str, str]:
    """(value, unit, format) of an AGE mention (from the detector, else parsed)."""
    fmt, unit = entity.attributes.get("format"), entity.attributes.get("unit")
    if isinstance(entity.value, int | float) and isinstance(fmt, str) and isinstance(unit, str):
        if entity.attributes.get("compound") and unit == "months":
            fmt = "{years_months}"  # "2 ans et 3 mois" stays years and months
        return float(entity.value), unit, fmt
    from clindeid.detect.rules.ages import AgeDetector

    for found in AgeDetector().detect(Document.create("age", original)):
        if found.start == 0 and found.end == len(original):
            return float(found.value), found.attributes["unit"], found.attributes["format"]
    raise ValueError("unparsable age")


def _is_birth(entity: Entity) -> bool:
    return entity.label == "DATE" and entity.attributes.get("kind") == "birth"


def age_in_years(birth: dt.date, on: dt.date) -> int:
    return on.year - birth.year - ((on.month, on.day) < (birth.month, birth.day))


# ----------------------------------------------------------------------------- dates


def _date_key(
    entity: Entity,
    original: str,
    context: SubstitutionContext | None,
    configured: str | None,
    in_days: bool,
) -> Hashable | None:
    """The released value of a DATE mention: ("DATE", unit, value), in days when asked."""
    try:
        value, _ = _date_value(entity, original)
    except ValueError:
        return None
    ref = reference_date(context, configured) if context else FALLBACK_REFERENCE
    if in_days:
        return ("DATE", "days", _complete(value, ref).toordinal())
    return ("DATE", *date_units(value, ref))


_DAY_FIELDS = frozenset({"d", "d2", "d1er", "d_words", "d2_spaced", "weekday"})
_MONTH_FIELDS = frozenset({"m", "m2", "m2_spaced", "month", "month_abbr", "month_abbr3"})


_SEASON_WORD = re.compile(
    r"(?i)(?P<det>\bl['’][ \t]*|\bcet?[ \t]+)?\b(?P<word>été|hiver|automne|printemps)\b"
)
_YEAR_FIELDS = frozenset({"y4", "y2", "y_words", "y4_spaced", "y2_spaced"})
SEASON_OF_MONTH: dict[int, str] = {
    12: "hiver", 1: "hiver", 2: "hiver", 3: "printemps", 4: "printemps", 5: "printemps",
    6: "été", 7: "été", 8: "été", 9: "automne", 10: "automne", 11: "automne",
}  # fmt: skip


def _write_date(new: DateValue, old: DateValue, fmt: str) -> str:
    """``new`` in the template of ``old``. A named day or period ("Noël", "Toussaint 2019",
    "rentrée 2024") has no day or month field: when the noise moved the date off it, the new
    month is written ("mi-novembre 2019": reads after "à la", "depuis", "la" alike), never
    the original name."""
    fields = set(template_fields(fmt))
    moved = (new.month, new.day) != (old.month, old.day)
    season = _SEASON_WORD.search(fmt) if fields <= _YEAR_FIELDS else None
    if season and new.month is not None:
        # "l'été", "cet hiver dernier", "été 2024": the season of the new month, with the
        # determiner it takes ("l'été" → "le printemps", "cet hiver" → "ce printemps")
        word = SEASON_OF_MONTH[new.month]
        det = season.group("det")
        if det:
            vowel = word[0] in "éaeiouh"  # "cet hiver", "l'hiver"
            det = {"l": "l'" if vowel else "le ", "c": "cet " if vowel else "ce "}[det[0].lower()]
            if season.group("det")[0].isupper():
                det = det.capitalize()
        elif season.group("word")[0].isupper():
            word = word.capitalize()
        return render_date(new, fmt[: season.start()] + (det or "") + word + fmt[season.end() :])
    if moved and old.month is not None and not fields & (_DAY_FIELDS | _MONTH_FIELDS):
        year = " {y4}" if fields & {"y4", "y2", "y_words", "y4_spaced", "y2_spaced"} else ""
        fmt = "mi-{month}" + year
    return render_date(new, fmt)


@dataclass(frozen=True)
class DateLaplaceStrategy:
    """ε metric privacy for dates: ``v + Lap(1/ε_i)`` in the mention's own unit."""

    name: str = "date_laplace"
    reference_date: str | None = None

    def budget_key(
        self, entity: Entity, original: str, context: SubstitutionContext | None = None
    ) -> Hashable | None:
        return _date_key(entity, original, context, self.reference_date, in_days=False)

    def prepare(self, entities: Sequence[tuple[Entity, str]], context: SubstitutionContext) -> None:
        _note_birth_date(entities, context, self.reference_date)

    def substitute(self, entity: Entity, original: str, context: SubstitutionContext) -> Surrogate:
        value, fmt = _date_value(entity, original)
        ref = reference_date(context, self.reference_date)
        unit, amount = date_units(value, ref)
        key = ("DATE", unit, amount)
        epsilon = context.epsilon_for(key)
        noisy, _ = context.memoized(
            "date", key, lambda: round(metric_laplace(amount, epsilon, context.rng))
        )
        new_value = from_units(value, unit, noisy)
        if unit == "days" and not _is_birth(entity):
            context.memo[(_RELEASED_DAY, entity.start)] = dt.date.fromordinal(
                min(max(noisy, _MIN_ORDINAL), _MAX_ORDINAL)
            )
        if _is_birth(entity) and unit == "days":
            context.memo[BIRTH_DATE_SLOT] = dt.date.fromordinal(
                min(max(noisy, _MIN_ORDINAL), _MAX_ORDINAL)
            )
        return Surrogate(
            _write_date(new_value, value, fmt), self.name, epsilon=epsilon, keeps_original=True
        )


def _anchor_dates(
    entities: Sequence[tuple[Entity, str]], birth: dt.date
) -> list[tuple[int, int]]:
    """(start, age at that date) of the document's complete non-birth dates, in reading
    order: the dates an age written without a document date may be counted at."""
    out = []
    for entity, original in entities:
        if entity.label != "DATE" or _is_birth(entity):
            continue
        try:
            value, _ = _date_value(entity, original)
        except ValueError:
            continue
        if value.is_complete and value.to_date() > birth:
            out.append((entity.start, age_in_years(birth, value.to_date())))
    return out


def _note_birth_date(
    entities: Sequence[tuple[Entity, str]], context: SubstitutionContext, configured: str | None
) -> None:
    """Remember the patient's written birth date (for ages derived from it)."""
    for entity, original in entities:
        if _is_birth(entity):
            try:
                value, _ = _date_value(entity, original)
            except ValueError:
                continue
            if value.is_complete:
                context.memo[(_BIRTH, "value")] = value.to_date()
                return


@dataclass(frozen=True)
class DateOrderPreservingStrategy:
    """Order-preserving ε metric privacy: Laplace noise on the gaps between sorted dates."""

    name: str = "date_order_preserving"
    reference_date: str | None = None

    def budget_key(
        self, entity: Entity, original: str, context: SubstitutionContext | None = None
    ) -> Hashable | None:
        return _date_key(entity, original, context, self.reference_date, in_days=True)

    def prepare(self, entities: Sequence[tuple[Entity, str]], context: SubstitutionContext) -> None:
        ref = reference_date(context, self.reference_date)
        days: set[int] = set()
        for entity, original in entities:
            if entity.label != "DATE":
                continue
            try:
                value, _ = _date_value(entity, original)
            except ValueError:
                continue
            days.add(_complete(value, ref).toordinal())
        context.memo[(_ORDER, "values")] = sorted(days)
        _note_birth_date(entities, context, self.reference_date)

    def _release(self, context: SubstitutionContext) -> dict[int, int]:
        released = context.memo.get((_ORDER, "released"))
        if released is None:
            values: list[int] = context.memo.get((_ORDER, "values"), [])
            eps = context.epsilon_for(("DATE", "days", values[0])) if values else 1.0
            noisy = order_preserving_laplace(values, eps, context.rng)
            released = {v: round(n) for v, n in zip(values, noisy, strict=True)}
            context.memo[(_ORDER, "released")] = released
        return released

    def substitute(self, entity: Entity, original: str, context: SubstitutionContext) -> Surrogate:
        value, fmt = _date_value(entity, original)
        ref = reference_date(context, self.reference_date)
        ordinal = _complete(value, ref).toordinal()
        released = self._release(context)
        if ordinal not in released:
            raise ValueError("date not prepared")
        new_value = from_units(value, "days", released[ordinal])
        if _is_birth(entity):
            context.memo[BIRTH_DATE_SLOT] = dt.date.fromordinal(released[ordinal])
        elif value.is_complete:
            context.memo[(_RELEASED_DAY, entity.start)] = dt.date.fromordinal(released[ordinal])
        epsilon = context.epsilon_for(("DATE", "days", ordinal))
        return Surrogate(
            _write_date(new_value, value, fmt), self.name, epsilon=epsilon, keeps_original=True
        )


@dataclass(frozen=True)
class DateShiftStrategy:
    """Baseline (Stubbs et al. 2015): one uniform random shift of every date of a document,
    in [−max_shift_days, max_shift_days] days, zero excluded. No formal guarantee."""

    name: str = "date_shift"
    max_shift_days: int = 365
    reference_date: str | None = None

    def substitute(self, entity: Entity, original: str, context: SubstitutionContext) -> Surrogate:
        value, fmt = _date_value(entity, original)
        shift, _ = context.memoized("date.shift", "document", lambda: self._draw(context))
        ref = reference_date(context, self.reference_date)
        shifted = _complete(value, ref) + dt.timedelta(days=shift)
        if _is_birth(entity):
            context.memo[BIRTH_DATE_SLOT] = shifted
        return Surrogate(_write_date(value.with_date(shifted), value, fmt), self.name)

    def _draw(self, context: SubstitutionContext) -> int:
        magnitude = int(context.rng.integers(1, self.max_shift_days + 1))
        return magnitude if context.rng.random() < 0.5 else -magnitude


@dataclass(frozen=True)
class DateBoundedLdpStrategy:
    """Baseline (Tchouka et al. 2022): the duration to the reference date gets a truncated
    Laplace of scale Δ/ε within its category (< 2 months, < 2 years, longer)."""

    name: str = "date_bounded_ldp"
    reference_date: str | None = None

    def budget_key(
        self, entity: Entity, original: str, context: SubstitutionContext | None = None
    ) -> Hashable | None:
        return _date_key(entity, original, context, self.reference_date, in_days=True)

    def substitute(self, entity: Entity, original: str, context: SubstitutionContext) -> Surrogate:
        value, fmt = _date_value(entity, original)
        ref = reference_date(context, self.reference_date)
        date = _complete(value, ref)
        key = ("DATE", "days", date.toordinal())
        epsilon = context.epsilon_for(key)

        def draw() -> int:
            duration = (ref - date).days
            low, high = tchouka_category(duration)
            sign = -1 if duration < 0 else 1
            new = bounded_laplace(abs(duration), epsilon, context.rng, low, high)
            return ref.toordinal() - sign * round(new)

        ordinal, _ = context.memoized("date.bounded", key, draw)
        new_value = from_units(value, "days", ordinal)
        if _is_birth(entity):
            context.memo[BIRTH_DATE_SLOT] = dt.date.fromordinal(ordinal)
        return Surrogate(
            _write_date(new_value, value, fmt), self.name, epsilon=epsilon, keeps_original=True
        )


# ----------------------------------------------------------------------------- ages


@dataclass(frozen=True)
class AgeLaplaceStrategy:
    """ε metric privacy for ages, in their own unit; patient ages follow the surrogate
    birth date when the document writes one."""

    name: str = "age_laplace"
    reference_date: str | None = None
    hipaa_cap: bool = False

    def prepare(self, entities: Sequence[tuple[Entity, str]], context: SubstitutionContext) -> None:
        _note_birth_date(entities, context, self.reference_date)
        birth = context.memo.get((_BIRTH, "value"))
        if not isinstance(birth, dt.date):
            return
        dated = context.meta.document_date is not None or self.reference_date is not None
        expected = age_in_years(birth, reference_date(context, self.reference_date))
        anchors = [] if dated else _anchor_dates(entities, birth)
        for entity, original in entities:
            if entity.label != "AGE":
                continue
            try:
                value, unit, _ = _age_value(entity, original)
            except ValueError:
                continue
            if unit != "years":
                continue
            if dated and abs(value - expected) <= 1:
                context.memo[(_DERIVED, entity.start)] = True
            elif not dated:
                # no document date: the age at the first care date it matches, recomputed
                # from the surrogates of the birth date and of that date
                anchor = next((a for a, age in anchors if abs(value - age) <= 1), None)
                if anchor is not None:
                    context.memo[(_DERIVED, entity.start)] = anchor

    def budget_key(
        self, entity: Entity, original: str, context: SubstitutionContext | None = None
    ) -> Hashable | None:
        if context is not None and context.memo.get((_DERIVED, entity.start)):
            return None
        try:
            value, unit, _ = _age_value(entity, original)
        except ValueError:
            return None
        if self.hipaa_cap and unit == "years" and value >= HIPAA_AGE:
            return None
        return ("AGE", unit, value)

    def substitute(self, entity: Entity, original: str, context: SubstitutionContext) -> Surrogate:
        value, unit, fmt = _age_value(entity, original)
        if context.memo.get((_DERIVED, entity.start)):
            birth = context.memo.get(BIRTH_DATE_SLOT)
            if not isinstance(birth, dt.date):
                raise ValueError("derived age without a surrogate birth date")
            anchor = context.memo.get((_DERIVED, entity.start))
            if anchor is True:
                ref = reference_date(context, self.reference_date)
            else:
                ref = context.memo.get((_RELEASED_DAY, anchor))
                if not isinstance(ref, dt.date):
                    raise ValueError("derived age without a surrogate reference date")
            age = float(age_in_years(birth, ref))
            return Surrogate(
                render_age(self._cap(max(age, 0.0), unit), fmt), self.name, keeps_original=True
            )
        if self.hipaa_cap and unit == "years" and value >= HIPAA_AGE:
            return Surrogate(render_age(HIPAA_AGE, fmt), self.name, keeps_original=True)
        key = ("AGE", unit, value)
        epsilon = context.epsilon_for(key)
        step = 0.5 if not float(value).is_integer() else 1.0
        noisy, _ = context.memoized(
            "age", key, lambda: round(metric_laplace(value, epsilon, context.rng) / step) * step
        )
        new = self._cap(max(noisy, _AGE_FLOOR.get(unit, 0.0)), unit)
        return Surrogate(render_age(new, fmt), self.name, epsilon=epsilon, keeps_original=True)

    def _cap(self, age: float, unit: str) -> float:
        if self.hipaa_cap and unit == "years" and age >= HIPAA_AGE:
            return float(HIPAA_AGE)
        return age


_DAYS_PER_UNIT = {"years": 365.25, "months": 30.4375, "weeks": 7.0, "days": 1.0}


@dataclass(frozen=True)
class AgeBoundedLdpStrategy:
    """Baseline (Tchouka et al. 2022) for ages: the age as a duration in days, truncated
    Laplace of scale Δ/ε within its category, converted back to the age's unit."""

    name: str = "age_bounded_ldp"

    def budget_key(
        self, entity: Entity, original: str, context: SubstitutionContext | None = None
    ) -> Hashable | None:
        try:
            value, unit, _ = _age_value(entity, original)
        except ValueError:
            return None
        return ("AGE", unit, value)

    def substitute(self, entity: Entity, original: str, context: SubstitutionContext) -> Surrogate:
        value, unit, fmt = _age_value(entity, original)
        key = ("AGE", unit, value)
        epsilon = context.epsilon_for(key)
        per = _DAYS_PER_UNIT[unit]

        def draw() -> float:
            days = value * per
            low, high = tchouka_category(days)
            return round(bounded_laplace(days, epsilon, context.rng, low, high) / per)

        new, _ = context.memoized("age.bounded", key, draw)
        new = max(new, _AGE_FLOOR.get(unit, 0.0))
        return Surrogate(render_age(new, fmt), self.name, epsilon=epsilon, keeps_original=True)
