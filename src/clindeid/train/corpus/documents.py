"""One synthetic document: a patient, a stay, a hospital and its staff, written through a
document-type template with exact gold entities.

`PatientRecord` holds what stays the same across a patient's documents (name, birth date,
address, IPP, NIR, GP); `make_document` draws the rest (stay, service, staff, diagnoses) and
renders the template with a `Builder`. Slot functions (`SLOTS`) write one piece of text each,
adding gold entities that follow tests/data/gold/README.md (titles and triggers outside the
span, ZIP and CITY separate, CEDEX outside, the number only for IDs and phones).
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from clindeid.document import Entity
from clindeid.knowledge import Hospital, departements
from clindeid.train.corpus.builder import Builder
from clindeid.train.corpus.faker import (
    FOREIGN_CITIES,
    FOREIGN_REGIONS,
    Address,
    Faker,
    Person,
    Place,
    choose,
    initials,
    pick,
)
from clindeid.train.corpus.icd10 import SERVICES, Icd10Code, sample_diagnoses
from clindeid.train.corpus.templates import (
    DOCUMENT_TYPES,
    FAMILY,
    PHRASES,
    SERVICE_BY_TYPE,
    Section,
)

__all__ = ["SLOTS", "DocState", "PatientRecord", "make_document", "make_patient", "render"]

# Patient age at the first document: (low, high, weight).
AGE_BANDS: tuple[tuple[float, float, float], ...] = (
    (0.0, 0.08, 1.0), (0.08, 2.0, 3.0), (2.0, 15.0, 7.0), (15.0, 45.0, 21.0),
    (45.0, 65.0, 26.0), (65.0, 85.0, 32.0), (85.0, 101.0, 10.0),
)  # fmt: skip
FIRST_YEAR, LAST_YEAR = 2008, 2024
FUNCTIONS: tuple[str, ...] = (
    "Praticien hospitalier", "Chef de clinique", "Chef de service", "Assistant spécialiste",
    "Praticien attaché", "Interne", "PU-PH",
)  # fmt: skip
TIMES: tuple[str, ...] = ("7h45", "08:30", "9h10", "10 h 30", "14h", "16:45", "22h15", "3h20")

_SLOT = re.compile(r"\{([A-Za-z_][A-Za-z0-9_]*)(?::([^{}]*))?\}")


@dataclass(slots=True)
class PatientRecord:
    """Identity facts shared by all documents of one synthetic patient."""

    key: str
    person: Person
    birth: dt.date
    address: Address
    ipp: str
    nir: str
    phone: str
    email: str
    gp: Person
    gp_address: Address
    gp_phone: str
    relative: Person
    relation: str
    relative_phone: str
    first_date: dt.date


@dataclass(slots=True)
class DocState:
    """Everything one document's slots draw from (consistent within the document)."""

    rng: np.random.Generator
    fake: Faker
    patient: PatientRecord
    doc_type: str
    service: str
    hospital: Hospital
    hosp_address: Address
    hosp_phone: str
    staff: list[Person]
    admission: dt.date
    discharge: dt.date
    doc_date: dt.date
    diagnoses: list[Icd10Code]
    nda: str
    other_hospital: Hospital
    counters: dict[str, int] = field(default_factory=dict)

    @property
    def female(self) -> bool:
        return self.patient.person.sex == "F"

    @property
    def age_years(self) -> float:
        return (self.doc_date - self.patient.birth).days / 365.25

    def date_between(self, a: dt.date, b: dt.date) -> dt.date:
        span = max(0, (b - a).days)
        return a + dt.timedelta(days=int(self.rng.integers(0, span + 1)))


def _birth(rng: np.random.Generator, first_date: dt.date) -> dt.date:
    low, high, _ = choose(rng, [((lo, hi, w), w) for lo, hi, w in AGE_BANDS])
    age_days = int((low + (high - low) * rng.random()) * 365.25)
    return first_date - dt.timedelta(days=max(1, age_days))


def make_patient(
    rng: np.random.Generator, key: str, sex: str | None = None, age: float | None = None
) -> PatientRecord:
    """A synthetic patient with a stable identity (``sex`` and ``age`` at the first
    document may be imposed)."""
    fake = Faker(rng)
    first_date = dt.date(FIRST_YEAR, 1, 1) + dt.timedelta(
        days=int(rng.integers(0, (LAST_YEAR - FIRST_YEAR) * 365))
    )
    if age is None:
        birth = _birth(rng, first_date)
    else:
        birth = first_date - dt.timedelta(days=int((age + rng.random() * 0.9) * 365.25) + 1)
    sex = sex or ("F" if rng.random() < 0.52 else "M")
    person = fake.person("patient", sex, birth.year)
    place = fake.place()
    address = fake.address(place)
    region = _region(place)
    gp = fake.person("staff", birth_year=int(rng.integers(1950, 1992)))
    relative_sex = "M" if sex == "F" and rng.random() < 0.6 else "F"
    relative = fake.person("other", relative_sex, birth.year + int(rng.integers(-5, 30)))
    if rng.random() < 0.6:
        relative.last = person.last
    relation = pick(rng, PHRASES["relation"])
    return PatientRecord(
        key=key,
        person=person,
        birth=birth,
        address=address,
        ipp=fake.ipp(),
        nir=fake.nir(sex, birth, place.commune.departement),
        phone=fake.phone_digits("mobile" if rng.random() < 0.7 else "landline", region=region),
        email=fake.email(person),
        gp=gp,
        gp_address=fake.address(fake.place() if rng.random() < 0.3 else place),
        gp_phone=fake.phone_digits("landline", region=region),
        relative=relative,
        relation=relation,
        relative_phone=fake.phone_digits("mobile"),
        first_date=first_date,
    )


def _region(place: Place) -> str:
    dep = departements().get(place.commune.departement)
    return dep.region if dep else ""


def _service(rng: np.random.Generator, doc_type: str, age: float, sex: str) -> str:
    if doc_type in SERVICE_BY_TYPE:
        options = list(SERVICE_BY_TYPE[doc_type])
        if sex == "M" and "gynecologie" in options:
            options.remove("gynecologie")
        return pick(rng, options)
    if age < 15:
        return "pediatrie" if rng.random() < 0.85 else pick(rng, ("urgences", "chirurgie"))
    if age > 78 and rng.random() < 0.35:
        return "geriatrie"
    options = [s for s in SERVICES if s not in ("pediatrie", "urgences", "geriatrie")]
    if sex == "M" or not 15 <= age <= 48:
        options.remove("gynecologie")
    return pick(rng, options)


def make_state(
    rng: np.random.Generator, patient: PatientRecord, doc_type: str, visit: int
) -> DocState:
    """Draw one document's stay, service, hospital and staff for ``patient``."""
    fake = Faker(rng)
    start = patient.first_date + dt.timedelta(days=int(visit * rng.integers(20, 400)))
    if doc_type in ("consultation", "ordonnance", "courrier_medecin", "biologie", "imagerie",
                    "administratif", "genetique"):
        length = 0
    elif doc_type in ("urgences", "note_rapide"):
        length = int(rng.integers(0, 2))
    else:
        length = int(rng.geometric(0.15))
    admission, discharge = start, start + dt.timedelta(days=length)
    doc_date = discharge + dt.timedelta(days=int(rng.integers(0, 4)) if length else 0)
    age = (doc_date - patient.birth).days / 365.25
    service = _service(rng, doc_type, age, patient.person.sex)
    hospital = fake.hospital()
    hplace = _hospital_place(fake, hospital)
    diagnoses = sample_diagnoses(
        rng, service, patient.person.sex, age, doc_date.month,
        patient.address.place.commune.zone, patient.address.place.commune.departement,
    )  # fmt: skip
    staff = [fake.person("staff", birth_year=int(rng.integers(1955, 1998))) for _ in range(5)]
    return DocState(
        rng=rng,
        fake=fake,
        patient=patient,
        doc_type=doc_type,
        service=service,
        hospital=hospital,
        hosp_address=fake.address(hplace),
        hosp_phone=hospital.phone if len(hospital.phone) == 10 else fake.phone_digits("landline"),
        staff=staff,
        admission=admission,
        discharge=discharge,
        doc_date=doc_date,
        diagnoses=diagnoses,
        nda=fake.nda(),
        other_hospital=fake.hospital(),
    )


def _hospital_place(fake: Faker, h: Hospital) -> Place:
    from clindeid.knowledge import commune_by_insee, communes_by_name

    c = commune_by_insee(h.insee) if h.insee else None
    if c is None:
        found = communes_by_name(h.city)
        c = found[0] if found else None
    if c is None:
        return fake.place()
    return Place(c, h.postcode or (c.postcodes[0] if c.postcodes else "00000"))


# ------------------------------------------------------------------ slot writers


def _title(p: Person, rng: np.random.Generator) -> str:
    if p.sex == "F":
        return choose(rng, (("Mme", 6), ("Madame", 3), ("MME", 1)))
    return choose(rng, (("M.", 6), ("Monsieur", 3), ("Mr", 1)))


def _person(b: Builder, s: DocState, p: Person, kind: str) -> None:
    b.entity(s.fake.name_forms(p, kind), "PERSON", role=p.role)


def _staff(i: int) -> Callable[[Builder, DocState, str], None]:
    def write(b: Builder, s: DocState, arg: str) -> None:
        kind = "full" if s.rng.random() < 0.8 else pick(s.rng, ("last", "abbr"))
        _person(b, s, s.staff[i], kind)

    return write


def _date(b: Builder, s: DocState, date: dt.date, precision: str = "day",
          birth: bool = False) -> None:  # fmt: skip
    text, attrs = s.fake.date_text(date, precision, birth)
    b.entity(text, "DATE", **attrs)


def _phone(b: Builder, s: DocState, digits: str, kind: str) -> None:
    b.entity(s.fake.phone_text(digits), "PHONE", kind=kind)


def _place_line(b: Builder, s: DocState, place: Place, cedex: bool = False) -> None:
    b.entity(place.postcode, "ZIP")
    b.text(" ")
    name = place.name.upper() if cedex or s.rng.random() < 0.4 else place.name
    b.entity(name, "CITY", insee=place.commune.insee)
    if cedex:
        b.text(" " + s.fake.cedex())


def _address(b: Builder, s: DocState, a: Address, multiline: bool, cedex: bool = False) -> None:
    b.entity(a.street, "ADDRESS")
    if a.complement:
        b.text(", ")
        b.entity(a.complement, "ADDRESS")
    b.text("\n" if multiline else ", ")
    _place_line(b, s, a.place, cedex)


def _hospital_address(b: Builder, s: DocState, arg: str) -> None:
    cedex = s.hospital.cedex or s.rng.random() < 0.15
    if s.rng.random() < 0.1:
        b.text("BP ")
        b.entity(str(int(s.rng.integers(10, 99999))), "ADDRESS")
        b.text(" – ")
    _address(b, s, s.hosp_address, multiline=s.rng.random() < 0.6, cedex=cedex)


def _hospital(b: Builder, s: DocState, arg: str) -> None:
    b.entity(s.fake.hospital_name(s.hospital, short=arg != "long"), "HOSPITAL")


def _stay_range(b: Builder, s: DocState, arg: str) -> None:
    a, d = s.admission, s.discharge
    if a == d:
        b.text("le ")
        _date(b, s, a)
        return
    b.text("du ")
    if a.year == d.year and a.month == d.month and s.rng.random() < 0.4:
        b.entity(str(a.day), "DATE", precision="day_only", format="{d}")
    elif a.year == d.year and s.rng.random() < 0.3:
        _date(b, s, a, "day_month")
    else:
        _date(b, s, a)
    b.text(" au ")
    _date(b, s, d)


def _team(b: Builder, s: DocState, arg: str) -> None:
    b.text(pick(s.rng, ("Internes : ", "Interne : ", "Équipe : ", "Externes : ")))
    n = int(s.rng.integers(1, 4))
    for i in range(n):
        if i:
            b.text(", ")
        _person(b, s, s.staff[2 + i], "full" if s.rng.random() < 0.7 else "abbr")


def _age(b: Builder, s: DocState, arg: str) -> None:
    text, attrs = s.fake.age_text(s.age_years)
    b.entity(text, "AGE", **attrs)


def _age_phrase(b: Builder, s: DocState, arg: str) -> None:
    b.text(pick(s.rng, ("âgé" + ("e" if s.female else "") + " de ", "de ")))
    _age(b, s, arg)


def _ext(b: Builder, s: DocState, arg: str) -> None:
    b.entity(s.fake.extension(), "PHONE", kind="extension")


def _ext_opt(b: Builder, s: DocState, arg: str) -> None:
    if s.rng.random() < 0.5:
        b.text(pick(s.rng, (" poste ", " (poste ", " – DECT ")))
        _ext(b, s, arg)


def _relative_sentence(b: Builder, s: DocState, arg: str) -> None:
    p = s.patient
    rel = p.relative
    b.text(f"Personne de confiance : {_title(rel, s.rng)} ")
    _person(b, s, rel, "full")
    b.text(f" ({p.relation}), joignable au ")
    _phone(b, s, p.relative_phone, "mobile")
    b.text(".")


def _location_phrase(b: Builder, s: DocState, arg: str) -> None:
    name, prep = s.fake.location()
    b.text(prep if prep.endswith("'") else prep + " ")
    b.entity(name, "LOCATION")


def _phrase(name: str) -> Callable[[Builder, DocState, str], None]:
    def write(b: Builder, s: DocState, arg: str) -> None:
        render(pick(s.rng, PHRASES[name]), s, b)

    return write


def _number(b: Builder, s: DocState, arg: str, decimal: bool) -> None:
    lo, _, hi = arg.partition(":")
    low, high = int(lo or 0), int(hi or 10)
    if decimal:
        b.text(f"{low + (high - low) * s.rng.random():.1f}".replace(".", ","))
    else:
        b.text(str(int(s.rng.integers(low, high + 1))))


def _diag_label(s: DocState, cap: bool = False) -> str:
    label = s.diagnoses[0].label if s.diagnoses else "bilan"
    return label if cap else label[:1].lower() + label[1:]


def _diagnoses(b: Builder, s: DocState, arg: str) -> None:
    for i, code in enumerate(s.diagnoses):
        kind = "DP" if i == 0 else "DAS"
        b.text(f"- {kind} : {code.label} ({code.dotted})\n")


def _email_staff(b: Builder, s: DocState, arg: str) -> None:
    b.entity(s.fake.email(s.staff[0], s.fake.hospital_domain(s.hospital)), "EMAIL")


def _hosp_email(b: Builder, s: DocState, arg: str) -> None:
    svc = re.sub(r"[^a-z]+", "", s.service)
    b.entity(f"secretariat.{svc}@{s.fake.hospital_domain(s.hospital)}", "EMAIL")


def _past(s: DocState) -> dt.date:
    years = max(0.2, min(s.age_years - 1, 30) * s.rng.random())
    return s.admission - dt.timedelta(days=int(years * 365) + 30)


def _next(s: DocState) -> dt.date:
    return s.doc_date + dt.timedelta(days=int(s.rng.integers(14, 200)))


def _event(s: DocState) -> dt.date:
    return s.date_between(s.admission, s.discharge)


def _dr_sig(b: Builder, s: DocState, arg: str) -> None:
    b.text(s.fake.staff_title())
    _person(b, s, s.staff[0], "full")


def _rpps(b: Builder, s: DocState, arg: str) -> None:
    b.entity(s.fake.rpps(), "ID", kind="RPPS")


def _exam_id(b: Builder, s: DocState, arg: str) -> None:
    prefix = pick(s.rng, ("", "", "A", "EX", "B"))
    b.entity(prefix + s.fake.digits(int(s.rng.integers(6, 11))), "ID", kind="record")


def _pt_title_name(b: Builder, s: DocState, arg: str) -> None:
    p = s.patient.person
    b.text(_title(p, s.rng) + " ")
    _person(b, s, p, "full" if s.rng.random() < 0.6 else "last")


def _pt_ref(b: Builder, s: DocState, arg: str) -> None:
    p = s.patient.person
    b.text(_title(p, s.rng) + " ")
    _person(b, s, p, "last")


def _weight(s: DocState) -> str:
    age = s.age_years
    w = 3.5 + age * 3 if age < 15 else 50 + 40 * s.rng.random()
    return str(round(w))


def _adm_datetime(b: Builder, s: DocState, arg: str) -> None:
    _date(b, s, s.admission)
    b.text(" à " + pick(s.rng, TIMES))


def _doc_date_upper(b: Builder, s: DocState, arg: str) -> None:
    text, attrs = s.fake.date_text(s.doc_date)
    attrs["format"] = re.sub(r"\{([A-Za-z0-9_]+)", lambda m: "{" + m.group(1).upper(),
                             attrs["format"])  # fmt: skip
    b.entity(text.upper(), "DATE", **attrs)


def _text(fn: Callable[[DocState], str]) -> Callable[[Builder, DocState, str], None]:
    def write(b: Builder, s: DocState, arg: str) -> None:
        b.text(fn(s))

    return write


# ------------------------------------------------------------------ real-export styles

_WEEKDAY_ABBR = ("lun.", "mar.", "mer.", "jeu.", "ven.", "sam.", "dim.")


def _strip(text: str) -> str:
    from clindeid.knowledge import strip_accents

    return strip_accents(text)


def _lower_name(p: Person, rng: np.random.Generator, order: str = "any") -> str:
    first, last = p.first.lower(), p.last.lower()
    if rng.random() < 0.3:
        first, last = _strip(first), _strip(last)
    if order == "first":
        return first
    if order == "initial":
        return f"{first[:1]}. {last}"
    return f"{first} {last}" if order == "fl" or rng.random() < 0.5 else f"{last} {first}"


def _org_kind(kind: str) -> Callable[[Builder, DocState, str], None]:
    def write(b: Builder, s: DocState, arg: str) -> None:
        b.entity(s.fake.org_of(kind), "ORG")

    return write


def _lower_entity(s: DocState, text: str) -> str:
    """``text`` as a quick note writes it: lowercase, its accents often dropped."""
    text = text.lower()
    return _strip(text) if s.rng.random() < 0.4 else text


def _org_lower(b: Builder, s: DocState, arg: str) -> None:
    kind = choose(s.rng, (("homecare", 3), ("club", 1), ("company", 1), ("rights", 1),
                          ("social", 1), ("association", 1), ("sport", 0.5)))
    b.entity(_lower_entity(s, s.fake.org_of(kind)), "ORG")


def _care_unit(b: Builder, s: DocState, arg: str) -> None:
    name = s.fake.care_unit()
    b.entity(_lower_entity(s, name) if arg == "lower" else name, "HOSPITAL")


def _sub_place(b: Builder, s: DocState, arg: str) -> None:
    name, prep = s.fake.sub_place()
    b.text(prep if prep.endswith("'") else prep + " ")
    b.entity(name, "LOCATION")


def _hospital_lower(b: Builder, s: DocState, arg: str) -> None:
    name = s.fake.hospital_name(s.hospital).lower()
    b.entity(_strip(name) if s.rng.random() < 0.6 else name, "HOSPITAL")


def _hospital_site(b: Builder, s: DocState, arg: str) -> None:
    b.entity(s.fake.hospital_name(s.hospital), "HOSPITAL")
    b.text(pick(s.rng, (" – site ", " – Site ", ", site ", " – Hôpital ")))
    b.entity(s.fake.famous() if s.rng.random() < 0.7 else s.fake.last_name(), "HOSPITAL")


def _short_date(b: Builder, s: DocState, date: dt.date, fmt: str) -> None:
    from clindeid.temporal import DateValue, render_date

    value = DateValue.from_date(date) if "y" in fmt else DateValue(None, date.month, date.day)
    b.entity(render_date(value, fmt), "DATE", precision=value.precision, format=fmt)


def _note_date(b: Builder, s: DocState, arg: str) -> None:
    fmt = pick(s.rng, ("{d2}/{m2}", "{d}/{m}", "{d2}/{m2}/{y2}", "{d}/{m}/{y2}"))
    _short_date(b, s, _event(s), fmt)


def _weekday_date(b: Builder, s: DocState, arg: str) -> None:
    from clindeid.temporal import DateValue, render_date

    date = _event(s)
    fmt = pick(s.rng, ("{d} {month}", "{d2}/{m2}", "{d2}/{m2}/{y4}"))
    value = DateValue.from_date(date) if "y" in fmt else DateValue(None, date.month, date.day)
    text = f"{_WEEKDAY_ABBR[date.weekday()]} {render_date(value, fmt)}"
    b.entity(text, "DATE", precision=value.precision, format="{weekday_abbr} " + fmt)


def _ddn_short(b: Builder, s: DocState, arg: str) -> None:
    fmt = pick(s.rng, ("{d}/{m}/{y2}", "{d2}/{m2}/{y2}", "{d2}/{m2}/{y4}", "{d2}{m2}{y4}"))
    from clindeid.temporal import DateValue, render_date

    b.entity(render_date(DateValue.from_date(s.patient.birth), fmt), "DATE", precision="day",
             format=fmt, kind="birth")  # fmt: skip


def _age_a(b: Builder, s: DocState, arg: str) -> None:
    years = int(s.age_years)
    if years < 2:
        _age(b, s, arg)
        return
    fmt = pick(s.rng, ("{n}a", "{n} a", "{n}ans", "{n} ans"))
    b.entity(fmt.replace("{n}", str(years)), "AGE", unit="years", format=fmt)


def _nickname(b: Builder, s: DocState, arg: str) -> None:
    who = s.patient.person if arg == "patient" else s.patient.relative
    b.entity(s.fake.nickname(who), "PERSON", role=who.role)


def _nurse_sign(b: Builder, s: DocState, arg: str) -> None:
    p = s.staff[int(s.rng.integers(2, 5))]
    r = s.rng.random()
    if r < 0.45:
        b.entity(p.first, "PERSON", role="staff")
    elif r < 0.7:
        b.entity(f"{initials(p.first)} {p.last}", "PERSON", role="staff")
    elif r < 0.85:
        b.entity(f"{initials(p.first)} {initials(p.last, hyphen=False)}", "PERSON", role="staff")
    else:
        b.entity(p.first, "PERSON", role="staff")
        b.text(pick(s.rng, (", IDE", " (IDE)", " IDE", ", AS")))


def _staff_list(b: Builder, s: DocState, arg: str) -> None:
    roles = (
        "pneumologue",
        "oncologue",
        "radiologue",
        "chirurgien",
        "interne",
        "IDE",
        "psychologue",
        "assistante sociale",
        "pharmacien",
        "cadre de santé",
    )
    n = int(s.rng.integers(3, 6))
    for i in range(n):
        if i:
            b.text(pick(s.rng, (", ", " ; ", " – ")))
        p = s.staff[i % len(s.staff)] if i < 5 else s.fake.person("staff")
        title = (
            pick(s.rng, ("Dr ", "Pr ", "", "Dr ", "Mme ", "M. "))
            if i < 3
            else pick(s.rng, ("", "Mme ", "M. "))
        )
        b.text(title)
        kind = pick(s.rng, ("full", "full", "abbr", "last"))
        _person(b, s, p, kind)
        if s.rng.random() < 0.6:
            b.text(f" ({pick(s.rng, roles)})")


def _family_tree(b: Builder, s: DocState, arg: str) -> None:
    """A genetics pedigree: relatives by first name alone, ages now, at diagnosis, at death;
    pedigree positions (II-3) are not PHI."""
    fake, rng = s.fake, s.rng
    cancers = (
        "un cancer du sein",
        "un cancer de l'ovaire",
        "un cancer colique",
        "une leucémie",
        "un cancer de la prostate",
        "un mélanome",
        "une cardiopathie",
    )
    lines = (
        ("Père", "M", "I"),
        ("Mère", "F", "I"),
        ("Frère", "M", "II"),
        ("Sœur", "F", "II"),
        ("Grand-mère paternelle", "F", "I"),
        ("Oncle maternel", "M", "I"),
        ("Fille", "F", "III"),
        ("Fils", "M", "III"),
        ("Cousine", "F", "II"),
    )
    year = s.patient.birth.year
    for rel, sex, gen in [lines[int(i)] for i in rng.permutation(len(lines))[:int(
            rng.integers(3, 7))]]:  # fmt: skip
        person = fake.person("other", sex, year + int(rng.integers(-40, 30)))
        b.text(f"- {rel} ({gen}-{int(rng.integers(1, 9))}) : ")
        b.entity(person.first if rng.random() < 0.75 else fake.name_forms(person, "full"),
                 "PERSON", role="other")  # fmt: skip
        r = rng.random()
        if r < 0.35:
            b.text(", ")
            b.entity(f"{int(rng.integers(20, 90))} ans", "AGE", unit="years", format="{n} ans")
            b.text(", indemne")
        elif r < 0.7:
            b.text(f", {pick(rng, cancers)} diagnostiqué à ")
            b.entity(f"{int(rng.integers(25, 80))} ans", "AGE", unit="years", format="{n} ans")
        else:
            b.text(", décédé" + ("e" if sex == "F" else "") + " à ")
            b.entity(f"{int(rng.integers(30, 95))} ans", "AGE", unit="years", format="{n} ans")
            b.text(f" ({pick(rng, cancers)})")
        b.text("\n")


def _officer(b: Builder, s: DocState, arg: str) -> None:
    grade = pick(s.rng, ("le brigadier-chef ", "le capitaine ", "l'adjudant ", "le lieutenant ",
                         "M. ", "Mme ", "le gardien de la paix ", "Me "))  # fmt: skip
    b.text(grade)
    _person(b, s, s.fake.person("other"), "full")


def _print_footer(b: Builder, s: DocState, arg: str) -> None:
    b.text(pick(s.rng, ("Imprimé le ", "Édité le ", "Document imprimé le ")))
    _date(b, s, s.doc_date, "day")
    b.text(f" à {pick(s.rng, TIMES)} par ")
    _person(b, s, s.staff[int(s.rng.integers(0, 5))], pick(s.rng, ("abbr", "full", "last")))
    b.text(f" – Page {int(s.rng.integers(1, 3))}/{int(s.rng.integers(2, 4))}\n")


def _contract_id(b: Builder, s: DocState, arg: str) -> None:
    rng = s.rng
    r = rng.random()
    if r < 0.4:
        text = s.fake.digits(int(rng.integers(7, 12)))
    elif r < 0.7:
        text = (
            f"{pick(rng, ('EMP', 'CT', 'POL', 'DOS', 'AT'))}-{s.doc_date.year}-"
            f"{s.fake.digits(int(rng.integers(5, 8)))}"
        )
    else:
        text = f"{s.fake.digits(4)}-{pick(rng, 'ABCDKXZ')}"
    b.entity(text, "ID", kind="record")


SlotWriter = Callable[[Builder, DocState, str], None]

SLOTS: dict[str, SlotWriter] = {
    # establishment
    "hospital": _hospital,
    "hospital_long": lambda b, s, a: _hospital(b, s, "long"),
    "hospital_upper": lambda b, s, a: b.entity(
        s.fake.hospital_name(s.hospital).upper(), "HOSPITAL"),
    "other_hospital": lambda b, s, a: b.entity(
        s.fake.hospital_name(s.other_hospital), "HOSPITAL"),
    "hosp_address": _hospital_address,
    "hosp_phone": lambda b, s, a: _phone(b, s, s.hosp_phone, "landline"),
    "hosp_phone2": lambda b, s, a: _phone(b, s, s.hosp_phone[:6] + s.fake.digits(4), "landline"),
    "hosp_fax": lambda b, s, a: _phone(b, s, s.hosp_phone[:6] + s.fake.digits(4), "fax"),
    "finess": lambda b, s, a: b.entity(s.hospital.finess, "ID", kind="FINESS"),
    "hosp_url": lambda b, s, a: b.entity(s.fake.url(s.hospital), "URL"),
    "hosp_email": _hosp_email,
    "ext": _ext,
    "ext_opt": _ext_opt,
    "service": _text(lambda s: SERVICES[s.service]),
    "service_lower": _text(lambda s: SERVICES[s.service].lower()),
    "service_upper": _text(lambda s: SERVICES[s.service].upper()),
    # staff
    "dr": _staff(0),
    "dr2": _staff(1),
    "dr3": _staff(4),
    "chief": _staff(4),
    "intern": _staff(2),
    "nurse": _staff(3),
    "dr_last": lambda b, s, a: _person(b, s, s.staff[0], "last"),
    "dr_abbr": lambda b, s, a: _person(b, s, s.staff[0], "abbr"),
    "dr_initials": lambda b, s, a: _person(b, s, s.staff[0], "initials"),
    "dr_sig": _dr_sig,
    "dr_function": _text(lambda s: pick(s.rng, FUNCTIONS)),
    "dr_email": _email_staff,
    "rpps": _rpps,
    "adeli": lambda b, s, a: b.entity(
        s.fake.adeli(s.hosp_address.place.commune.departement), "ID", kind="ADELI"),
    "team": _team,
    "gp": lambda b, s, a: _person(b, s, s.patient.gp, "full"),
    "gp_address": lambda b, s, a: _address(b, s, s.patient.gp_address, multiline=a != "inline"
                                           and s.rng.random() < 0.5),
    "gp_city": lambda b, s, a: b.entity(s.patient.gp_address.place.name, "CITY",
                                        insee=s.patient.gp_address.place.commune.insee),
    "gp_phone": lambda b, s, a: _phone(b, s, s.patient.gp_phone, "landline"),
    # patient
    "pt_banner": lambda b, s, a: _person(b, s, s.patient.person, "banner"),
    "pt_full": lambda b, s, a: _person(b, s, s.patient.person, "full"),
    "pt_last": lambda b, s, a: _person(b, s, s.patient.person, "last"),
    "pt_first": lambda b, s, a: _person(b, s, s.patient.person, "first"),
    "pt_title": _text(lambda s: _title(s.patient.person, s.rng)),
    "pt_title_name": _pt_title_name,
    "pt_ref": _pt_ref,
    "pt_address": lambda b, s, a: _address(b, s, s.patient.address, multiline=False),
    "pt_city": lambda b, s, a: b.entity(s.patient.address.place.name, "CITY",
                                        insee=s.patient.address.place.commune.insee),
    "pt_phone": lambda b, s, a: _phone(b, s, s.patient.phone,
                                       "mobile" if s.patient.phone[:2] in ("06", "07")
                                       else "landline"),
    "pt_email": lambda b, s, a: b.entity(s.patient.email, "EMAIL"),
    "birth_date": lambda b, s, a: _date(b, s, s.patient.birth, birth=True),
    "age": _age,
    "age_phrase": _age_phrase,
    "nir": lambda b, s, a: b.entity(s.patient.nir, "NIR"),
    "ipp": lambda b, s, a: b.entity(s.patient.ipp, "ID", kind="IPP"),
    "nda": lambda b, s, a: b.entity(s.nda, "ID", kind="NDA"),
    "exam_id": _exam_id,
    "sex_letter": _text(lambda s: s.patient.person.sex),
    "Ne": _text(lambda s: "Née" if s.female else "Né"),
    "ne": _text(lambda s: "née" if s.female else "né"),
    "e": _text(lambda s: "e" if s.female else ""),
    "Il": _text(lambda s: "Elle" if s.female else "Il"),
    "la": _text(lambda s: "la" if s.female else "le"),
    "Le_patient": _text(lambda s: "La patiente" if s.female else "Le patient"),
    "weight": _text(_weight),
    "relative": lambda b, s, a: _person(b, s, s.patient.relative, "full"),
    "relative_ref": lambda b, s, a: (b.text(f"son {s.patient.relation} " if s.patient.relation
                                            in ("époux", "fils", "père", "frère", "voisin")
                                            else f"sa {s.patient.relation} "),
                                     _person(b, s, s.patient.relative, "first")),
    "rel_phone": lambda b, s, a: _phone(b, s, s.patient.relative_phone, "mobile"),
    "relation": _text(lambda s: s.patient.relation),
    "relative_sentence": _relative_sentence,
    "relative_sentence_short": _relative_sentence,
    "org": lambda b, s, a: b.entity(s.fake.org(), "ORG"),
    "location_phrase": _location_phrase,
    # dates
    "doc_date": lambda b, s, a: _date(b, s, s.doc_date),
    "doc_date_upper": _doc_date_upper,
    "doc_city": lambda b, s, a: b.entity(s.hosp_address.place.name, "CITY",
                                         insee=s.hosp_address.place.commune.insee),
    "adm_date": lambda b, s, a: _date(b, s, s.admission),
    "dis_date": lambda b, s, a: _date(b, s, s.discharge),
    "adm_datetime": _adm_datetime,
    "stay_range": _stay_range,
    "event_date": lambda b, s, a: _date(b, s, _event(s), pick(s.rng, ("day",) * 4 + (
        "day_month",))),
    "event_day": lambda b, s, a: _date(b, s, _event(s), pick(s.rng, ("weekday_day", "day_month",
                                                                      "day"))),
    "exam_date_cell": lambda b, s, a: (b.text("Examen du "), _date(b, s, _event(s))),
    "past_date": lambda b, s, a: _date(b, s, _past(s)),
    "past_month": lambda b, s, a: _date(b, s, _past(s), "month"),
    "past_year": lambda b, s, a: _date(b, s, _past(s), "year"),
    "next_date": lambda b, s, a: _date(b, s, _next(s), pick(s.rng, ("day", "day", "day_month"))),
    "time": _text(lambda s: pick(s.rng, TIMES)),
    # clinical content
    "diag_label": _text(_diag_label),
    "diag_label_cap": _text(lambda s: _diag_label(s, True)),
    "diagnoses": _diagnoses,
    "int": lambda b, s, a: _number(b, s, a, False),
    "dec": lambda b, s, a: _number(b, s, a, True),
}
SLOTS.update({
    "small_city": lambda b, s, a: b.entity(s.fake.small_commune(), "CITY"),
    "foreign_city": lambda b, s, a: b.entity(pick(s.rng, FOREIGN_CITIES), "CITY"),
    "foreign_region": lambda b, s, a: b.entity(pick(s.rng, FOREIGN_REGIONS), "LOCATION"),
    "org_employer": _org_kind("employer"), "org_insurer": _org_kind("insurer"),
    "org_bank": _org_kind("bank"), "org_funeral": _org_kind("funeral"),
    "org_transport": _org_kind("transport"), "org_police": _org_kind("police"),
    "org_social": _org_kind("social"), "org_airline": _org_kind("airline"),
    "org_club": _org_kind("club"), "org_school": _org_kind("school"),
    "org_company": _org_kind("company"), "org_assoc": _org_kind("association"),
    "org_public": _org_kind("public"), "org_sport": _org_kind("sport"),
    "org_homecare": _org_kind("homecare"), "org_legal": _org_kind("legal"),
    "org_rights": _org_kind("rights"), "org_lower": _org_lower, "care_unit": _care_unit,
    "sub_place": _sub_place,
    "hospital_lower": _hospital_lower,
    "hospital_site": _hospital_site,
    "note_date": _note_date,
    "weekday_date": _weekday_date,
    "ddn_short": _ddn_short,
    "age_a": _age_a,
    "nickname": _nickname,
    "nurse_sign": _nurse_sign,
    "staff_list": _staff_list,
    "family_tree": _family_tree,
    "officer": _officer,
    "print_footer": _print_footer,
    "contract_id": _contract_id,
    "siret": lambda b, s, a: b.entity(s.fake.siret(), "ID", kind="SIRET"),
    "caf_id": lambda b, s, a: b.entity(s.fake.digits(int(s.rng.integers(6, 9))), "ID",
                                       kind="record"),
    "pt_lower": lambda b, s, a: b.entity(_lower_name(s.patient.person, s.rng), "PERSON",
                                         role="patient"),
    "dr_lower": lambda b, s, a: b.entity(_lower_name(s.staff[0], s.rng, a or "last")
                                         if a != "last" else s.staff[0].last.lower(),
                                         "PERSON", role="staff"),
    "intern_first_lower": lambda b, s, a: b.entity(s.staff[2].first.lower(), "PERSON",
                                                   role="staff"),
    "nurse_initial_lower": lambda b, s, a: b.entity(_lower_name(s.staff[3], s.rng, "initial"),
                                                    "PERSON", role="staff"),
    "relative_first": lambda b, s, a: b.entity(s.patient.relative.first.lower()
                                               if a == "lower" else s.patient.relative.first,
                                               "PERSON", role="other"),
    "rel_phone_compact": lambda b, s, a: b.entity(s.patient.relative_phone, "PHONE",
                                                  kind="mobile"),
    "staff_first": lambda b, s, a: b.entity(s.staff[int(a or 3)].first, "PERSON", role="staff"),
})  # fmt: skip
for _name in PHRASES:
    SLOTS.setdefault(_name, _phrase(_name))


def render(template: str, s: DocState, b: Builder) -> None:
    """Write ``template`` into ``b``: literal text as is, each ``{slot}`` by its writer."""
    pos = 0
    for m in _SLOT.finditer(template):
        if m.start() > pos:
            b.text(template[pos : m.start()])
        name, arg = m.group(1), m.group(2) or ""
        writer = SLOTS.get(name)
        if writer is None:
            raise KeyError(f"unknown template slot {name!r}")
        writer(b, s, arg)
        pos = m.end()
    if pos < len(template):
        b.text(template[pos:])


def render_sections(sections: tuple[Section, ...], s: DocState, b: Builder) -> None:
    """Write the sections of a document type (probabilities, alternatives, casing, wrap)."""
    for section in sections:
        if section.probability < 1.0 and s.rng.random() >= section.probability:
            continue
        template = pick(s.rng, section.alternatives)
        b.upper = section.upper > 0 and s.rng.random() < section.upper
        b.wrapping(section.prose)
        render(template, s, b)
        b.upper = False
        b.wrapping(False)


def document_meta(s: DocState) -> dict[str, Any]:
    """Metadata of a synthetic document (patient identity, stay, CIM-10 codes)."""
    p = s.patient
    place = p.address.place
    return {
        "patient_id": p.ipp,
        "patient_key": p.key,
        "patient_first_name": p.person.first,
        "patient_last_name": p.person.last,
        "birth_date": p.birth.isoformat(),
        "sex": p.person.sex,
        "age": round(s.age_years, 2),
        "patient_city": place.name,
        "patient_zip": place.postcode,
        "insee": place.commune.insee,
        "document_date": s.doc_date.isoformat(),
        "admission_date": s.admission.isoformat(),
        "discharge_date": s.discharge.isoformat(),
        "document_type": s.doc_type,
        "document_family": FAMILY.get(s.doc_type, s.doc_type),
        "service": s.service,
        "hospital_finess": s.hospital.finess,
        "icd10": [{"code": c.code, "label": c.label} for c in s.diagnoses],
    }


def make_document(
    rng: np.random.Generator, patient: PatientRecord, doc_type: str, visit: int = 0
) -> tuple[str, list[Entity], dict[str, Any]]:
    """Text, gold entities and metadata of one synthetic document."""
    s = make_state(rng, patient, doc_type, visit)
    wrap = int(rng.integers(60, 110)) if rng.random() < 0.3 else None
    b = Builder(wrap=wrap)
    render_sections(DOCUMENT_TYPES[doc_type], s, b)
    text, entities = b.build()
    return text, entities, document_meta(s)
