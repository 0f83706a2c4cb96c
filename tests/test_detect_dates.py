"""DATE detector: positives, tricky negatives, values, precision, format and birth kind."""

import pytest

from clindeid.detect.rules.dates import DateDetector, parse_date_text
from clindeid.document import Document
from clindeid.temporal import DateValue

DET = DateDetector()


def found(text: str) -> list:
    return list(DET.detect(Document.create("t", text)))


def spans(text: str) -> list[tuple[str, str]]:
    return [(e.text_in(text), e.label) for e in found(text)]


def D(*covered: str) -> list[tuple[str, str]]:
    return [(c, "DATE") for c in covered]


CASES = [
    # numeric
    ("Vu le 12/02/2020 en consultation.", D("12/02/2020")),
    ("Examen du 12/2/20.", D("12/2/20")),
    ("Contrôle 12.02.20 normal", D("12.02.20")),
    ("Entrée: 12-02-2020", D("12-02-2020")),
    ("Prélèvement 2020-02-12T10:30", D("2020-02-12")),
    ("export 2020/02/12;", D("2020/02/12")),
    ("le 1/3/2019 puis", D("1/3/2019")),
    ("(03/11/1987)", D("03/11/1987")),
    ("12 / 02 / 2020", D("12 / 02 / 2020")),
    ("Date : 20200212", D("20200212")),
    ("date 12022020", D("12022020")),
    ("dossier 20200212", []),
    ("N° 12022020", []),
    ("suivi 02/2020 puis 11/2021", D("02/2020", "11/2021")),
    ("revu le 12/02 en HDJ", D("12/02")),
    ("revu le 3/4.", D("3/4")),
    ("Le 06 12 2022 à 10h", D("06 12 2022")),
    # textual
    ("Le 12 février 2020, hospitalisation.", D("12 février 2020")),
    ("le 12 fév. 2020", D("12 fév. 2020")),
    ("le 12 févr. 2020", D("12 févr. 2020")),
    ("le 12 FEVRIER 2020", D("12 FEVRIER 2020")),
    ("le 12 Fevrier 2020", D("12 Fevrier 2020")),
    ("depuis le 1er mars", D("1er mars")),
    ("le 3 mars.", D("3 mars")),
    ("le 3 sept. il", D("3 sept.")),
    ("Le 03 juillet 2019", D("03 juillet 2019")),
    ("le 12-mars-2020", D("12-mars-2020")),
    ("en février 2020", D("février 2020")),
    ("en mars 20, puis", D("mars 20")),
    ("en janv. 2018", D("janv. 2018")),
    ("Juillet 2019 :", D("Juillet 2019")),
    ("déc 2019", D("déc 2019")),
    ("le 14 juillet 1789", D("14 juillet")),
    ("le 31 décembre 1999", D("31 décembre 1999")),
    ("le 29 février 2020", D("29 février 2020")),
    # an impossible day is no date; the month and year around it still are
    ("le 29 février 2021", D("février 2021")),
    # spelled out
    ("né le deux janvier mille neuf cent soixante dix huit",
     D("deux janvier mille neuf cent soixante dix huit")),
    ("le vingt-trois mars deux mille vingt", D("vingt-trois mars deux mille vingt")),
    ("le premier mai", D("premier mai")),
    ("le trente et un décembre deux mille", D("trente et un décembre deux mille")),
    ("le deux mars deux patients", D("deux mars")),
    # a birth date dictated with a two-digit year, then a pause; not a count after a date
    ("son mari né le deux mai cinquante-cinq virgule est suivi",
     D("deux mai cinquante-cinq")),
    ("née le onze décembre quatre-vingt-deux soit 42 ans", D("onze décembre quatre-vingt-deux")),
    ("née le deux mai trente patients", D("deux mai")),
    ("vu le deux mai cinquante-cinq, en salle", D("deux mai")),
    # day names
    ("revu lundi 3 au matin", D("lundi 3")),
    ("le mardi 12 mars", D("mardi 12 mars")),
    ("Vendredi 1er avril 2022", D("Vendredi 1er avril 2022")),
    ("lundi matin", []),
    # spaced digits
    ("DDN : 0 6 1 2 2 0 2 2", D("0 6 1 2 2 0 2 2")),
    ("né le 0 6 1 2 7 8", D("0 6 1 2 7 8")),
    ("Tél : 0 6 1 2 2 0 2 2", []),
    ("composer 0 6 1 2 2 0 2 2", []),
    # years in context
    ("opéré en 2003", D("2003")),
    ("suivi depuis 2015", D("2015")),
    ("Dupont et al. (2019)", D("2019")),
    ("année 2018", D("2018")),
    ("hiver 2012", D("hiver 2012")),
    ("né en 1954", D("1954")),
    ("en 2003, 2005 et 2007", D("2003", "2005", "2007")),
    ("de 2010 à 2012", D("2010", "2012")),
    ("mi-2016", D("mi-2016")),
    # ranges
    ("du 12 au 26/02/2020", D("12", "26/02/2020")),
    ("du 12 au 26 février 2020", D("12", "26 février 2020")),
    ("entre mars et mai 2020", D("mars", "mai 2020")),
    ("12-15/03/2021", D("12", "15/03/2021")),
    ("du 12/02 au 26/02/2020", D("12/02", "26/02/2020")),
    ("du 12 janvier au 3 février 2020", D("12 janvier", "3 février 2020")),
    ("en mars", D("mars")),
    ("fin août", D("fin août")),
    # negatives: invalid calendar dates
    ("le 31/02/2020", []),
    ("le 32/01/2020", []),
    ("le 12/13/2020", []),
    ("2020-13-01", []),
    # negatives: doses, lab values, scores, versions, times, phones
    ("1/2 cp le soir", []),
    ("3/4 de la dose", []),
    ("Hb 12,3 g/dL", []),
    ("PA 10/20 mmHg", []),
    ("TA 12/8", []),
    ("TA 120/80", []),
    ("TA 13/8", []),
    ("NIHSS 4/42", []),
    ("Glasgow 15/15", []),
    ("EVA 3/10", []),
    ("score 12/20", []),
    ("v2.3.1", []),
    ("version 2019.2", []),
    ("à 14h30", []),
    ("à 14:30", []),
    ("à 8h", []),
    ("06 12 20 22 33", []),
    ("06.12.20.22.33", []),
    ("01-23-45-67-89", []),
    ("1-0-1", []),
    ("T 38.2", []),
    ("page 3/12", []),
    ("2000 mg", []),
    ("en 2000 mg", []),
    ("1500 kcal", []),
    ("dilution 1/2000", []),
    ("IP 192.168.1.10", []),
    ("maladie de Parkinson", []),
    ("Mars et Vénus", []),
    ("le mari", []),
    ("sept patients", []),
    ("sept 20 mg", []),
    ("le 12 mars 14h30", D("12 mars")),
    ("le 3 mars 20 mg", D("3 mars")),
]


@pytest.mark.parametrize(("text", "expected"), CASES)
def test_date_spans(text: str, expected: list[tuple[str, str]]) -> None:
    assert spans(text) == expected


VALUES = [
    ("le 12/02/2020", DateValue(2020, 2, 12), "day", "{d2}/{m2}/{y4}"),
    ("le 12/2/20", DateValue(2020, 2, 12), "day", "{d}/{m}/{y2}"),
    ("le 2020-02-12", DateValue(2020, 2, 12), "day", "{y4}-{m2}-{d2}"),
    ("le 12 Février 2020", DateValue(2020, 2, 12), "day", "{d1er} {Month} {y4}"),
    ("le 1er MARS", DateValue(None, 3, 1), "day_month", "{d1er} {MONTH}"),
    ("en fév. 2019", DateValue(2019, 2, None), "month", "{month_abbr3}. {y4}"),
    ("en 2003", DateValue(2003, None, None), "year", "{y4}"),
    ("lundi 3", DateValue(None, None, 3, 0), "weekday_day", "{weekday} {d}"),
    ("en mars", DateValue(None, 3, None), "month_only", "{month}"),
    ("le mardi 12 mars", DateValue(None, 3, 12, 1), "day_month", "{weekday} {d1er} {month}"),
    ("le vingt-trois mars deux mille vingt", DateValue(2020, 3, 23), "day",
     "{d_words} {month} {y_words}"),
    ("DDN 0 6 1 2 2 0 2 2", DateValue(2022, 12, 6), "day",
     "{d2_spaced} {m2_spaced} {y4_spaced}"),
    ("le 12 aout 2020", DateValue(2020, 8, 12), "day", "{d1er} {month!a} {y4}"),
]


@pytest.mark.parametrize(("text", "value", "precision", "fmt"), VALUES)
def test_values_precision_format(text: str, value: DateValue, precision: str, fmt: str) -> None:
    (ent,) = found(text)
    assert ent.value == value
    assert ent.attributes["precision"] == precision
    assert ent.attributes["format"] == fmt


def test_range_head_inherits_month_and_year() -> None:
    text = "du 12 au 26/02/2020"
    head, tail = found(text)
    assert head.value == DateValue(2020, 2, 12)
    assert head.attributes["format"] == "{d}"
    assert head.attributes["inherited"] == ("month", "year")
    assert head.attributes["range_end"] == (tail.start, tail.end)
    months = found("entre mars et mai 2020")
    assert months[0].value == DateValue(2020, 3, None)


@pytest.mark.parametrize(
    "text",
    ["née le 12/03/1954", "né(e) le 12/03/1954", "DDN : 12/03/1954", "D.D.N. 12/03/1954",
     "date de naissance : 12 mars 1954", "Naissance : 12/03/1954", "né en 1954",
     "né à Lyon le 12/03/1954", "Date de naissance: 0 6 1 2 1 9 5 4"],
)
def test_birth_kind(text: str) -> None:
    (ent,) = found(text)
    assert ent.attributes["kind"] == "birth"


@pytest.mark.parametrize("text", ["vu le 12/03/2020", "en 2003", "DDN inconnue. Opérée en 2003"])
def test_not_birth(text: str) -> None:
    ents = found(text)
    assert ents
    assert all("kind" not in e.attributes for e in ents)


def test_sources_and_scores() -> None:
    text = "le 12/02/2020, le 12 février 2020, le 12/02/20, en 2003"
    by_text = {e.text_in(text): e for e in found(text)}
    assert by_text["12/02/2020"].source == "validated/date"
    assert by_text["12 février 2020"].source == "validated/date"
    assert by_text["12/02/20"].source == "pattern/date"
    assert by_text["2003"].source == "pattern/date"
    assert all(0 < e.score <= 1 for e in by_text.values())


def test_parse_date_text() -> None:
    assert parse_date_text("12/02/2020") == (DateValue(2020, 2, 12), "{d2}/{m2}/{y4}")
    assert parse_date_text(" 20200212 ") == (DateValue(2020, 2, 12), "{y4}{m2}{d2}")
    assert parse_date_text("pas une date") is None


def test_detector_contract() -> None:
    assert DET.name == "date"
    assert DET.family == "rules"


# --- no date across a line, in a street name or in a score; day-month range heads -------
LINE_STREET_SCORE = [
    ("Prise les mardi et samedi\n2) PARACÉTAMOL 1 g", []),
    ("Apgar 8/9/10, bonne adaptation.", []),
    ("EVA 4/10 au repos", []),
    ("12 place du 8 Mai 1945, 21000 Dijon", []),
    ("rue du 11 Novembre", []),
    ("Hospitalisé du 3 au 17 mars pour pneumopathie.", D("3", "17 mars")),
    ("Congés du 22 au 29 juillet", D("22", "29 juillet")),
    ("samedi 4 mai 2024", D("samedi 4 mai 2024")),
]


@pytest.mark.parametrize(("text", "expected"), LINE_STREET_SCORE)
def test_lines_streets_scores_and_ranges(text: str, expected: list[tuple[str, str]]) -> None:
    assert spans(text) == expected


def test_day_month_range_head_inherits_the_month() -> None:
    head = found("du 3 au 17 mars")[0]
    assert (head.value.day, head.value.month) == (3, 3)


# --- round 4: holidays, seasons, bare years after "né" and an exam, bracketed day-month ---
ROUND4_CASES = [
    ("toux depuis Noël dernier", D("Noël")),
    ("retour prévu à Pâques 2025", D("Pâques 2025")),
    ("chute vers la Toussaint", D("Toussaint")),
    # the elided article goes with the season: its surrogate may need "le" ("le printemps")
    ("depuis l'été 2023, cannabis quotidien", D("l'été 2023")),
    ("Usager : X, 30 ans (né 1994)", D("1994")),
    ("pas de modification sur l'ECG de 2020", D("2020")),
    ("Coronarographie (14/08) : normale", D("14/08")),
    ("SNG posée le 14.03 : bien tolérée", D("14.03")),
    ("PAI – année scolaire 2025-2026", D("2025", "2026")),
    # negatives: a person named Noël, scores, doses, quantities
    ("Dr Noël Martin, cardiologue", []),
    ("Dr NOËL, radiologue", []),
    ("EVA (08/10) ce matin", []),
    ("poids le 12.50 kg", []),
    ("un taux de 2010 UI", []),
    ("Noël est son prénom", []),
    # the emergency numbers after a word of calling
    ("signes d'alerte expliqués : appeler le 15.", []),
    ("c'est sa fille qui a appelé le 15. Transport", []),
    ("médecin de garde joint par le 15, surveillance", []),
    ("néphrologie (24 h/24) ou le 15.", []),
    ("dose renouvelée le 15, sans effet", D("15")),
]


@pytest.mark.parametrize(("text", "expected"), ROUND4_CASES)
def test_round4_dates(text: str, expected: list[tuple[str, str]]) -> None:
    assert spans(text) == expected


def test_birth_year_after_ne_is_birth() -> None:
    (e,) = found("Usager : X, 30 ans (né 1994)")
    assert e.attributes["kind"] == "birth"


# --- round 5: qualified dates, feasts, weekdays before a date, day lists, bare day-months ---
ROUND5_CASES = [
    # début / mi- / fin belong to a month or year date
    ("rechute fin 2019 puis sevrage", D("fin 2019")),
    ("repris le travail début mai", D("début mai")),
    ("Fin 2017, bilan normal", D("Fin 2017")),
    ("aggravation depuis mi-juin 2022", D("mi-juin 2022")),
    ("au plus tard fin octobre 2024.", D("fin octobre 2024")),
    # a month alone after "en" at the end of a sentence, before a numbered line
    ("arrêt refusé en novembre.\n2. Traitement", D("novembre")),
    # named feasts and periods; the article stays out
    ("malaise pendant la Pentecôte", D("Pentecôte")),
    ("chute à la Saint-Martin, sans séquelle", D("Saint-Martin")),
    ("tristesse depuis la rentrée 2023", D("rentrée 2023")),
    ("sevré depuis noël dernier", D("noël")),
    ("opérée à la Toussaint 2016", D("Toussaint 2016")),
    # weekdays, full or abbreviated, before a date with a day
    ("Visite du mercredi 05/03/2025 à 10h", D("mercredi 05/03/2025")),
    ("sortie prévue sam. 8 mars", D("sam. 8 mars")),
    ("Date : lun. 13/01/2025 – Heure : 04h10", D("lun. 13/01/2025")),
    # lists of days sharing a month
    ("séances les 3, 10 et 24 juin 2023.", D("3", "10", "24 juin 2023")),
    ("perfusions les 1er, 8 et 15 mars", D("1er", "8", "15 mars")),
    # a day and a month before a time, or with a zero-padded month
    ("IDE\n12/11 08h30 – Cible : douleur", D("12/11")),
    ("19/12 à 14h15 appel de la fille", D("19/12")),
    ("Transmissions\n7/10 21h : sommeil agité", D("7/10")),
    ("(IRM 17/02 et 03/03)", D("17/02", "03/03")),
    # a year in words after "l'an"
    ("L'an deux mille vingt-trois, le neuf mai", D("deux mille vingt-trois", "neuf mai")),
    # ... after a season, "depuis" or "en" in a dictation, but not before a unit or a count
    ("installée à Illkirch au printemps deux mille vingt-quatre virgule avec toux",
     D("printemps deux mille vingt-quatre")),
    ("en deux mille dix-neuf infarctus", D("deux mille dix-neuf")),
    ("en deux mille vingt-cinq mg par jour", []),
    ("il touche depuis deux mille vingt euros par mois", []),
    ("coupé en deux mille morceaux", []),
    # a list of days after a full date is no list of that month
    ("vu le 03/02/2026 12, 15 et 18 mars", D("03/02/2026", "18 mars")),
    # a vaccine then its year
    ("vaccins à jour (grippe 2023, ROR 2001)", D("2023", "2001")),
    # negatives: qualifiers and feasts that are no dates, scores, doses, names, places
    ("mi-temps thérapeutique accordé", []),
    ("en fin de perfusion ; début de traitement", []),
    ("la fin 3 cp par jour", []),
    ("né à Saint-Martin-d'Hères", []),
    ("Clinique Saint-Jean, Dr Noël Laurent", []),
    ("retour à domicile depuis la rentrée", []),
    ("ascension de la coupole diaphragmatique", []),
    ("EVA 04/10 ; HAD 12/8 ; MMS 26/30 ; Apgar 9/10", []),
    ("ratio 01/03 ; TA 13/08", []),
    ("TA 13/8 à 14h ; EVA 6/10 à 10h30", []),
    ("cycles 2, 4 et 6 mois plus tard", []),
    ("Pas d'ordonnance mer. à revoir", []),
    ("le mardi et le jeudi", []),
]


@pytest.mark.parametrize(("text", "expected"), ROUND5_CASES)
def test_round5_dates(text: str, expected: list[tuple[str, str]]) -> None:
    assert spans(text) == expected


ROUND5_VALUES = [
    ("fin mars 2021", DateValue(2021, 3, None), "fin {month} {y4}"),
    ("mi-2016", DateValue(2016, None, None), "mi-{y4}"),
    ("Toussaint 2016", DateValue(2016, 11, 1), "Toussaint {y4}"),
    ("rentrée 2023", DateValue(2023, 9, None), "rentrée {y4}"),
    ("Dim. 19/01/2025", DateValue(2025, 1, 19, 6), "{Weekday} {d2}/{m2}/{y4}"),
    ("jeudi 16/01/2025", DateValue(2025, 1, 16, 3), "{weekday} {d2}/{m2}/{y4}"),
    ("L'an deux mille vingt", DateValue(2020, None, None), "{y_words}"),
]


@pytest.mark.parametrize(("text", "value", "fmt"), ROUND5_VALUES)
def test_round5_values_and_formats(text: str, value: DateValue, fmt: str) -> None:
    (e,) = found(text)
    assert e.value == value
    assert e.attributes["format"] == fmt


def test_day_list_inherits_month_and_year() -> None:
    heads = found("les 4, 11 et 18 février 2025")
    assert [(e.value.day, e.value.month, e.value.year) for e in heads] == [
        (4, 2, 2025), (11, 2, 2025), (18, 2, 2025)]
    assert heads[0].attributes["inherited"] == ("month", "year")


def test_day_list_must_increase() -> None:
    assert spans("les 20, 4 et 18 février 2025") == D("18 février 2025")
