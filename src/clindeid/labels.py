"""The canonical label set and its mappings to other annotation schemes.

clindeid's fine labels map to the coarse HIPAA-style labels of papers 000/001
(PER, DATE, LOC, ORG, AGE, TEL, REF, QID), to paper 002's labels (El Azzouzi et al.),
to EDS-Pseudo's labels and to MEDDOCAN's. Mappings from a foreign scheme into ours are
used to compare annotations made with different schemes (``clindeid evaluate``).
"""

from __future__ import annotations

from enum import StrEnum


class Label(StrEnum):
    PERSON = "PERSON"
    DATE = "DATE"
    AGE = "AGE"
    ADDRESS = "ADDRESS"
    ZIP = "ZIP"
    CITY = "CITY"
    LOCATION = "LOCATION"
    HOSPITAL = "HOSPITAL"
    ORG = "ORG"
    PHONE = "PHONE"
    EMAIL = "EMAIL"
    URL = "URL"
    NIR = "NIR"
    ID = "ID"


LABELS: tuple[str, ...] = tuple(label.value for label in Label)

LABEL_DESCRIPTIONS: dict[str, str] = {
    "PERSON": "a person's name or part of it (first, last, initials); role patient/staff/other",
    "DATE": "calendar date, full or partial; kind=birth for a birth date",
    "AGE": "an age",
    "ADDRESS": "street address (number, street type, street name)",
    "ZIP": "postal code",
    "CITY": "commune or locality",
    "LOCATION": "other place (region, country, place name)",
    "HOSPITAL": "health establishment or service name",
    "ORG": "other organisation",
    "PHONE": "phone or fax number, internal extension",
    "EMAIL": "e-mail address",
    "URL": "web address",
    "NIR": "French social security number (13 digits + key)",
    "ID": "other identifiers: IPP, NDA, RPPS, FINESS, ADELI, record numbers",
}

# clindeid → coarse labels of papers 000/001.
TO_COARSE: dict[str, str] = {
    "PERSON": "PER",
    "DATE": "DATE",
    "AGE": "AGE",
    "ADDRESS": "LOC",
    "ZIP": "LOC",
    "CITY": "LOC",
    "LOCATION": "LOC",
    "HOSPITAL": "ORG",
    "ORG": "ORG",
    "PHONE": "TEL",
    "EMAIL": "REF",
    "URL": "REF",
    "NIR": "QID",
    "ID": "QID",
}

# clindeid → paper 002 (PATIENT/DOCTOR split by the entity's role attribute).
TO_PAPER002: dict[str, str | None] = {
    "PERSON": "PATIENT",  # DOCTOR when role == "staff"
    "DATE": "DATE",
    "AGE": None,
    "ADDRESS": "STR",
    "ZIP": "ZIP",
    "CITY": "VILLE",
    "LOCATION": None,
    "HOSPITAL": None,
    "ORG": None,
    "PHONE": "PHONE",
    "EMAIL": "EMAIL",
    "URL": None,
    "NIR": None,
    "ID": None,
}

# clindeid → EDS-Pseudo (AP-HP). PERSON splits into NOM/PRENOM, DATE into DATE/DATE_NAISSANCE,
# ID into IPP/NDA according to attributes; the value here is the default.
TO_EDS_PSEUDO: dict[str, str | None] = {
    "PERSON": "NOM",
    "DATE": "DATE",
    "AGE": None,
    "ADDRESS": "ADRESSE",
    "ZIP": "ZIP",
    "CITY": "VILLE",
    "LOCATION": None,
    "HOSPITAL": "HOPITAL",
    "ORG": None,
    "PHONE": "TEL",
    "EMAIL": "MAIL",
    "URL": None,
    "NIR": "SECU",
    "ID": "IPP",
}

# clindeid → MEDDOCAN (Spanish clinical de-identification shared task).
TO_MEDDOCAN: dict[str, str | None] = {
    "PERSON": "NOMBRE_SUJETO_ASISTENCIA",  # NOMBRE_PERSONAL_SANITARIO when role == "staff"
    "DATE": "FECHAS",
    "AGE": "EDAD_SUJETO_ASISTENCIA",
    "ADDRESS": "CALLE",
    "ZIP": "TERRITORIO",
    "CITY": "TERRITORIO",
    "LOCATION": "TERRITORIO",
    "HOSPITAL": "HOSPITAL",
    "ORG": "INSTITUCION",
    "PHONE": "NUMERO_TELEFONO",
    "EMAIL": "CORREO_ELECTRONICO",
    "URL": "URL_WEB",
    "NIR": "ID_ASEGURAMIENTO",
    "ID": "ID_SUJETO_ASISTENCIA",
}

# Foreign labels → clindeid. Lower-cased keys; used when reading other schemes' annotations.
FROM_FOREIGN: dict[str, str] = {
    # coarse / CoNLL style
    "per": "PERSON",
    "person": "PERSON",
    "pers": "PERSON",
    "name": "PERSON",
    "loc": "LOCATION",
    "location": "LOCATION",
    "gpe": "LOCATION",
    "org": "ORG",
    "organization": "ORG",
    "organisation": "ORG",
    "date": "DATE",
    "time": "DATE",
    "age": "AGE",
    "tel": "PHONE",
    "phone": "PHONE",
    "fax": "PHONE",
    "telephone": "PHONE",
    "ref": "ID",
    "qid": "ID",
    "id": "ID",
    "email": "EMAIL",
    "url": "URL",
    # paper 002
    "patient": "PERSON",
    "doctor": "PERSON",
    "str": "ADDRESS",
    "zip": "ZIP",
    "ville": "CITY",
    # EDS-Pseudo
    "nom": "PERSON",
    "prenom": "PERSON",
    "date_naissance": "DATE",
    "adresse": "ADDRESS",
    "hopital": "HOSPITAL",
    "mail": "EMAIL",
    "secu": "NIR",
    "ipp": "ID",
    "nda": "ID",
    # MEDDOCAN
    "nombre_sujeto_asistencia": "PERSON",
    "nombre_personal_sanitario": "PERSON",
    "familiares_sujeto_asistencia": "PERSON",
    "fechas": "DATE",
    "edad_sujeto_asistencia": "AGE",
    "calle": "ADDRESS",
    "territorio": "LOCATION",
    "pais": "LOCATION",
    "hospital": "HOSPITAL",
    "centro_salud": "HOSPITAL",
    "institucion": "ORG",
    "numero_telefono": "PHONE",
    "numero_fax": "PHONE",
    "correo_electronico": "EMAIL",
    "url_web": "URL",
    "id_aseguramiento": "NIR",
    "id_sujeto_asistencia": "ID",
    "id_contacto_asistencial": "ID",
    "id_titulacion_personal_sanitario": "ID",
    "id_empleo_personal_sanitario": "ID",
    "numero_identif": "ID",
}
# Our own labels map to themselves.
FROM_FOREIGN.update({label.lower(): label for label in LABELS})
FROM_FOREIGN.update({"nir": "NIR", "city": "CITY", "address": "ADDRESS"})

SCHEMES: dict[str, dict[str, str | None] | dict[str, str]] = {
    "coarse": TO_COARSE,
    "paper002": TO_PAPER002,
    "eds-pseudo": TO_EDS_PSEUDO,
    "meddocan": TO_MEDDOCAN,
}


def to_scheme(
    label: str, scheme: str, role: str | None = None, kind: str | None = None
) -> str | None:
    """Our label in another scheme (``None`` when that scheme has no such label)."""
    if scheme == "clindeid":
        return label
    if scheme not in SCHEMES:
        raise ValueError(
            f"unknown label scheme {scheme!r}; choose from clindeid, {', '.join(SCHEMES)}"
        )
    if scheme == "paper002" and label == "PERSON":
        return "DOCTOR" if role == "staff" else "PATIENT"
    if scheme == "meddocan" and label == "PERSON" and role == "staff":
        return "NOMBRE_PERSONAL_SANITARIO"
    if scheme == "eds-pseudo" and label == "DATE" and kind == "birth":
        return "DATE_NAISSANCE"
    return SCHEMES[scheme].get(label)


def from_foreign(label: str) -> str | None:
    """Map a label of any supported scheme to ours (``None`` when unknown)."""
    key = label.strip().lower()
    if key.startswith(("b-", "i-", "e-", "s-", "l-", "u-")):
        key = key[2:]
    return FROM_FOREIGN.get(key)
