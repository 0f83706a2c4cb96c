"""Location feature table and distances."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

import clindeid.knowledge as kb

FIXTURES = Path(__file__).parent / "data" / "knowledge"


def test_default_features() -> None:
    feats = kb.location_features()
    insee, matrix, names = feats
    assert names == ("log_population", "lat", "lon") == kb.DEFAULT_FEATURES
    assert matrix.dtype == np.float64 and matrix.shape == (len(insee), 3)
    assert matrix.min() == 0.0 and matrix.max() == 1.0
    assert len(insee) > 34_800 and "75115" not in set(insee)  # arrondissements excluded
    row = feats.index("21231")
    assert abs(feats.lat[row] - 47.32) < 0.03 and abs(feats.lon[row] - 5.04) < 0.03
    # Paris has the largest population, hence log-population 1
    assert matrix[feats.index("75056"), 0] == 1.0
    # north is larger latitude
    assert matrix[feats.index("59350"), 1] > matrix[feats.index("13055"), 1]  # Lille > Marseille
    assert not feats.imputed.any()


def test_arrondissements_can_be_included() -> None:
    feats = kb.location_features(include_arrondissements=True)
    assert "75115" in set(feats.insee)


def test_haversine_dijon_besancon() -> None:
    d = kb.haversine_km(47.3220, 5.0415, 47.2378, 6.0241)
    assert 70 < d < 80  # about 75 km
    feats = kb.location_features()
    dist = feats.distances_km(feats.index("21231"))
    assert dist[feats.index("21231")] == pytest.approx(0.0)
    assert 70 < dist[feats.index("25056")] < 80
    near = feats.insee[dist <= 100]
    assert 500 < len(near) < 3_000


def test_extra_csv_by_insee_with_imputation() -> None:
    feats = kb.location_features(FIXTURES / "indicators_by_insee.csv")
    assert feats.names == ("log_population", "lat", "lon", "cancer_incidence", "stroke_rate")
    j = feats.names.index("cancer_incidence")
    raw = feats.raw[:, j]
    assert raw[feats.index("21231")] == pytest.approx(480.5)  # decimal comma accepted
    assert raw[feats.index("01053")] == pytest.approx(410.0)  # "1053" read as "01053"
    assert feats.imputed[feats.index("21054"), j]  # "NA" → imputed
    # missing communes of Côte-d'Or take the mean of the Côte-d'Or values
    assert raw[feats.index("21054")] == pytest.approx(480.5)
    # a département without any value takes the national mean
    national = np.mean([480.5, 455.0, 500.0, 410.0])
    assert raw[feats.index("33063")] == pytest.approx(national)
    col = feats.matrix[:, j]
    assert col.min() == 0.0 and col.max() == 1.0
    assert col[feats.index("2A004")] == 1.0 and col[feats.index("01053")] == 0.0


def test_extra_csv_by_departement_and_column_selection() -> None:
    feats = kb.location_features(
        FIXTURES / "indicators_by_departement.csv", columns=["deprivation_index", "lat"]
    )
    assert feats.names == ("deprivation_index", "lat")
    col = feats.raw[:, 0]
    assert col[feats.index("2A004")] == pytest.approx(0.9)
    assert col[feats.index("21231")] == col[feats.index("21054")] == pytest.approx(0.2)
    assert col[feats.index("01053")] == pytest.approx(0.3)  # "1" read as "01"
    assert feats.matrix[feats.index("75056"), 0] == 0.0
    assert feats.matrix[feats.index("2A004"), 0] == 1.0


def test_bad_inputs_are_rejected(tmp_path: Path) -> None:
    with pytest.raises(KeyError):
        kb.location_features(columns=["altitude"])
    bad = tmp_path / "bad.csv"
    bad.write_text("region,x\n27,1\n", encoding="utf-8")
    with pytest.raises(ValueError, match="key column"):
        kb.location_features(bad)
    text = tmp_path / "text.csv"
    text.write_text("insee,x\n21231,high\n", encoding="utf-8")
    with pytest.raises(ValueError, match="not a number"):
        kb.location_features(text)
