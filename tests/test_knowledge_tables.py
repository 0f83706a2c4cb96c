"""Shipped knowledge tables: counts, known rows, size and manifest."""

from __future__ import annotations

import json
import math
from importlib.resources import files

import numpy as np
import pytest

import clindeid.knowledge as kb
from clindeid.knowledge.vocabulary import vocabulary, word_ranks
from clindeid.knowledge.world import world_cities

DATA = files("clindeid").joinpath("data", "knowledge")


def test_manifest_matches_files() -> None:
    m = kb.manifest()
    assert m["name"] == "clindeid-knowledge"
    assert set(m["tables"]) == {
        "common_words", "commune_names", "communes", "departements", "first_names",
        "first_names_by_period", "hospital_categories", "hospitals", "street_names",
        "street_types", "surnames", "vocabulary",
    }  # fmt: skip
    for name, info in m["tables"].items():
        path = DATA.joinpath(f"{name}.parquet")
        assert path.is_file(), name
        assert len(path.read_bytes()) == info["bytes"], name
    assert all(len(s["sha256"]) == 64 for s in m["sources"].values())


def test_total_size_is_small() -> None:
    total = sum(len(p.read_bytes()) for p in DATA.iterdir() if p.is_file())
    assert total <= 12 * 1024 * 1024  # the issue allows 30 MB; we ship about 7


def test_row_counts_are_pinned() -> None:
    rows = {name: t["rows"] for name, t in kb.manifest()["tables"].items()}
    assert rows["communes"] == len(kb.communes()) == 35_014
    assert sum(c.kind == "arrondissement" for c in kb.communes()) == 45
    assert rows["first_names"] == len(kb.first_names()) == 42_930
    assert rows["first_names_by_period"] == 711_069
    assert rows["surnames"] == len(kb.surnames()) == 877_006
    assert rows["hospitals"] == len(kb.hospitals()) == 4_657
    assert 30_000 <= len(kb.street_names()) <= 33_574
    assert 5_000 <= len(kb.common_words()) <= 10_000
    assert rows["vocabulary"] == len(vocabulary()) == 141_612
    assert len(kb.departements()) >= 101


def test_surnames_cover_99_percent() -> None:
    assert kb.manifest()["details"]["surnames"]["coverage"] >= 0.99


# --------------------------------------------------------------------------- names


def test_first_names_known_rows() -> None:
    names = kb.first_names()
    rose = names["ROSE"]
    assert (rose.display, rose.sex) == ("Rose", "F")
    assert rose.count > 100_000 and rose.count == rose.count_m + rose.count_f
    assert names["camille"].sex == "MF"
    assert kb.first_name_sex("Jean-Pierre") == "M"
    assert kb.first_name_sex("jean pierre") == "M"
    assert names["Jean-Pierre"].display == "Jean-Pierre"
    assert names["HELENE"].display == "Hélène"  # the usual spelling, accents included
    assert names["francois"].display == "François"
    assert kb.first_name_sex("Xq7zz") is None
    assert math.isclose(sum(names[k].share for k in names), 1.0, rel_tol=1e-9)


def test_surnames_known_rows() -> None:
    assert kb.surnames()["MARTIN"].count == 31_781
    assert kb.surnames()["martin"].display == "Martin"
    assert kb.surname_count("Petit") > 10_000
    assert kb.is_surname("LE GALL") and kb.is_surname("le-gall")
    assert kb.surname_count("Zzzyqx") == 0
    assert not kb.is_first_name("Dupont") or kb.first_names()["Dupont"].count < 100


def test_first_names_by_period_follow_fashion() -> None:
    table = kb.first_names_by_period()
    names_1950, p_1950 = table.distribution("F", 1950, window=0)
    top_1950 = names_1950[int(np.argmax(p_1950))]
    names_2015, p_2015 = table.distribution("M", 2015, window=0)
    top_2015 = names_2015[int(np.argmax(p_2015))]
    assert top_1950 in {"Martine", "Monique", "Françoise", "Marie", "Danielle"}
    assert top_2015 in {"Gabriel", "Jules", "Lucas", "Louis", "Adam", "Nathan", "Raphaël"}
    assert math.isclose(float(p_2015.sum()), 1.0)
    # boys' names for a boy: nearly all draws are names given mostly to boys
    rng = np.random.default_rng(0)
    draws = [table.sample(rng, "M", 1980) for _ in range(200)]
    assert sum(kb.first_name_sex(d) in ("M", "MF") for d in draws) >= 195
    # out-of-range years are clamped, not rejected
    assert table.distribution("F", 1850)[0] == table.distribution("F", 1900)[0]


# --------------------------------------------------------------------------- communes


def test_dijon() -> None:
    dijon = kb.commune_by_insee("21231")
    assert dijon is not None and dijon.name == "Dijon"
    assert dijon.postcodes == ("21000",)
    assert (dijon.departement, dijon.region) == ("21", "27")
    assert 150_000 <= dijon.population <= 170_000
    assert abs(dijon.lat - 47.32) < 0.03 and abs(dijon.lon - 5.04) < 0.03
    assert dijon.coord_source == "mairie"
    assert kb.communes_by_name("DIJON")[0] == dijon
    assert dijon in kb.communes_by_postcode("21000")


def test_besancon_and_corsica() -> None:
    (bes,) = kb.communes_by_name("BESANCON")
    assert (bes.insee, bes.name, bes.postcodes) == ("25056", "Besançon", ("25000",))
    assert abs(bes.lat - 47.24) < 0.05 and abs(bes.lon - 6.02) < 0.05
    ajaccio = kb.commune_by_insee("2a004")
    assert ajaccio is not None and ajaccio.name == "Ajaccio" and ajaccio.departement == "2A"
    assert "20000" in ajaccio.postcodes and 41.8 < ajaccio.lat < 42.0
    bastia = kb.communes_by_name("Bastia")[0]
    assert bastia.insee == "2B033" and bastia.departement == "2B"


@pytest.mark.parametrize(
    ("written", "insee"),
    [
        ("PARIS 15E", "75115"),
        ("Paris 15e arrondissement", "75115"),
        ("paris XVe", "75115"),
        ("15ème arrondissement de Paris", "75115"),
        ("Lyon 1er", "69381"),
        ("MARSEILLE 8EME", "13208"),
        ("Paris", "75056"),
        ("PARIS CEDEX 15", "75056"),
        ("ST ETIENNE CEDEX 2", "42218"),
        ("Saint-Étienne", "42218"),
        ("Ste-Foy-lès-Lyon", "69202"),
        ("STE FOY LES LYON", "69202"),
        ("Le Havre", "76351"),
        ("Havre (Le)", "76351"),
        ("L'Haÿ-les-Roses", "94038"),
        ("L HAY LES ROSES", "94038"),
        ("21000 Dijon", "21231"),
        ("Cherbourg-Octeville", "50129"),  # former commune → Cherbourg-en-Cotentin
    ],
)
def test_communes_by_name_variants(written: str, insee: str) -> None:
    hits = kb.communes_by_name(written)
    assert hits, written
    assert hits[0].insee == insee


def test_unknown_commune_and_postcode() -> None:
    assert kb.communes_by_name("Atlantide") == []
    assert kb.commune_by_insee("99999") is None
    assert kb.communes_by_postcode("00000") == []


def test_paris_postcodes_and_arrondissements() -> None:
    paris = kb.commune_by_insee("75056")
    assert paris is not None and "75015" in paris.postcodes and "75116" in paris.postcodes
    by_pc = {c.insee for c in kb.communes_by_postcode("75015")}
    assert {"75056", "75115"} <= by_pc <= {"75056", "75115", "92040"}  # La Poste: Issy too
    arr = kb.commune_by_insee("75101")
    assert arr is not None and arr.parent == "75056" and arr.kind == "arrondissement"
    assert arr.coord_source in ("mairie", "parent_commune")
    assert "21000" in kb.postcodes() and list(kb.postcodes()) == sorted(kb.postcodes())


def test_coordinates_are_in_france_and_sourced() -> None:
    sources = {c.coord_source for c in kb.communes()}
    assert sources <= {"mairie", "parent_commune", "geonames", "departement_centroid", "none"}
    metro = [c for c in kb.communes() if c.zone == "metro"]
    assert all(41.3 < c.lat < 51.2 and -5.3 < c.lon < 9.7 for c in metro)
    missing = [c for c in kb.communes() if math.isnan(c.lat)]
    assert all(c.coord_source == "none" and c.zone == "com" for c in missing)
    filled = sum(c.coord_source not in ("mairie", "none") for c in kb.communes())
    assert 0 < filled < 200  # "the few missing coordinates"


def test_departements() -> None:
    cote_dor = kb.departements()["21"]
    assert cote_dor.name == "Côte-d'Or" and cote_dor.region_name == "Bourgogne-Franche-Comté"
    assert 46.9 < cote_dor.lat < 47.8


# --------------------------------------------------------------------------- streets, hospitals


@pytest.mark.parametrize(
    ("written", "canonical"),
    [
        ("av", "avenue"), ("av.", "avenue"), ("AVENUE", "avenue"), ("bd", "boulevard"),
        ("Bd.", "boulevard"), ("boulevard", "boulevard"), ("allee", "allée"),
        ("chem.", "chemin"), ("imp", "impasse"), ("pl.", "place"), ("quai", "quai"),
        ("rte", "route"), ("lieu-dit", "lieu-dit"), ("LD", "lieu-dit"), ("fbg", "faubourg"),
    ],
)  # fmt: skip
def test_street_types(written: str, canonical: str) -> None:
    assert kb.street_types()[written] == canonical


def test_street_types_reject_non_types() -> None:
    assert "ste" not in kb.street_types()  # "Ste" is Sainte, not "sente"
    assert "dupont" not in kb.street_types()


def test_street_records_are_parsed() -> None:
    records = kb.street_records()
    assert len(records) == len(kb.street_names())
    by_name = {r.name: r for r in records}
    assert by_name["Rue des Coquelicots"] == ("Rue des Coquelicots", "rue", "des Coquelicots")
    assert not any(r.name[0].isdigit() for r in records)  # house numbers stripped
    typed = sum(bool(r.type) for r in records)
    assert typed > len(records) // 3


def test_hospitals() -> None:
    by_finess = {h.finess: h for h in kb.hospitals()}
    fleyriat = by_finess["010000024"]
    assert fleyriat.short_name == "CH DE FLEYRIAT" and fleyriat.category == "CH"
    assert (fleyriat.postcode, fleyriat.insee, fleyriat.phone) == ("01440", "01451", "0474454647")
    cats = {h.category for h in kb.hospitals()}
    assert cats <= set(kb.hospital_categories())
    assert {"CHU", "CH", "CHS", "HAD", "CLINIQUE"} <= cats
    dijon_chu = [h for h in kb.hospitals() if h.insee == "21231" and h.category == "CHU"]
    assert dijon_chu, "the CHU of Dijon"
    assert all(
        h.phone == "" or (len(h.phone) == 10 and h.phone.isdigit()) for h in by_finess.values()
    )
    resolved = sum(bool(h.insee) for h in kb.hospitals())
    assert resolved >= 0.99 * len(by_finess)


# --------------------------------------------------------------------------- common words


@pytest.mark.parametrize(
    "word", ["Petit", "Blanc", "Masse", "Fort", "Rose", "Vue", "Eu", "Y", "Bar"]
)
def test_common_words_examples(word: str) -> None:
    assert kb.is_common_word(word)
    assert kb.is_common_word(word.upper())


def test_common_words_are_derived_not_hand_picked() -> None:
    info = kb.common_word_info()
    assert info["petit"].surname_count > 10_000 and info["petit"].word_rank >= 0
    assert info["rose"].first_name_count > 100_000
    assert info["vue"].commune_count >= 1 and info["eu"].commune_count >= 1
    assert info["masse"].medical
    # a rare name is not a common word; nor is a common word that is no name or place
    assert not kb.is_common_word("Dupont") and not kb.is_common_word("Kevin")
    assert not kb.is_common_word("néanmoins")
    spacy_ranked = sum(1 for k in info if info[k].word_rank >= 0)
    assert spacy_ranked > 0.95 * len(info)


def test_vocabulary_tells_proper_nouns_from_capitalised_common_words() -> None:
    # a common word is far more frequent in lowercase; a city's capitalised form wins
    chambre, bruxelles = word_ranks("Chambre"), word_ranks("BRUXELLES")
    assert 0 <= chambre.lower < chambre.title
    assert 0 <= bruxelles.title < bruxelles.lower
    assert word_ranks("chambre") == chambre  # any casing in, the lowercase key
    assert word_ranks("Vitaris") == (-1, -1)  # an invented brand is in neither form
    assert word_ranks("le").lower < 10 and word_ranks("le").title >= 0
    # ranks come from the frequency order: a frequent word outranks a rare one
    assert word_ranks("patient").lower < word_ranks("pneumopathie").lower
    assert all(r.lower >= 0 or r.title >= 0 for r in vocabulary().values())


def test_vocabulary_casing_helpers() -> None:
    from clindeid.knowledge.vocabulary import (
        never_lowercase,
        written_capitalised,
        written_lowercase,
    )

    assert written_capitalised("Bruxelles") and not written_lowercase("BRUXELLES")
    assert written_lowercase("CHAMBRE") and not written_capitalised("chambre")
    assert never_lowercase("Messimy") and not never_lowercase("chambre")
    # a word in neither form is neither capitalised nor lowercase, and never lowercase
    assert not written_capitalised("Vitaris") and not written_lowercase("Vitaris")
    assert never_lowercase("Vitaris")


def test_world_cities() -> None:
    cities = world_cities()
    assert cities["bruxelles"][1] == "BE" and cities["bruxelles"][0] > 1_000_000
    assert cities["setif"][1] == "DZ"
    assert "dijon" in cities  # French cities are there too (GeoNames); detectors filter


def test_data_licenses_file() -> None:
    text = files("clindeid").joinpath("data", "DATA_LICENSES.md").read_text(encoding="utf-8")
    for needle in ("INSEE", "Licence Ouverte", "GeoNames", "FINESS", "Apache License",
                   "| vocabulary |", "## NER model"):
        assert needle in text
    assert "NC" not in text.replace("NCE", "").split()  # no non-commercial licence


def test_manifest_is_json() -> None:
    raw = DATA.joinpath("manifest.json").read_text(encoding="utf-8")
    assert json.loads(raw)["build_date"]
