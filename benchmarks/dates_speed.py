"""Speed of the DATE and AGE detectors together on ~1 MB of clinical-like French text.

Run: ``.venv/bin/python benchmarks/dates_speed.py`` — prints characters per second.
"""

from __future__ import annotations

import time

from clindeid.detect.rules.ages import AgeDetector
from clindeid.detect.rules.dates import DateDetector
from clindeid.document import Document

SAMPLE = (
    "Patiente de 67 ans, née le 12/03/1954, hospitalisée du 12 au 26/02/2020 pour une "
    "décompensation cardiaque. Suivie depuis 2015 pour un diabète de type 2 évoluant depuis "
    "10 ans. TA 13/8, FC 82/min, T 38.2, Hb 12,3 g/dL, EVA 3/10, Glasgow 15/15. Traitement : "
    "metformine 1000 mg 1-0-1, ramipril 5 mg. Revue le mardi 12 mars à 14h30. Coronarographie "
    "le 3 mars 2019 (Dr X). Contrôle en février 2021, puis le 2021-06-15. Tél 06 12 34 56 78. "
    "Un homme de quarante-cinq ans, son fils, nourrisson de 3 mois, va bien. Antécédents : "
    "appendicectomie en 2003, cholécystectomie (2019). Scanner du 1er avril : normal.\n"
)


def main(size: int = 1_000_000, repeat: int = 3) -> None:
    text = SAMPLE * (size // len(SAMPLE) + 1)
    doc = Document.create("bench", text)
    detectors = (DateDetector(), AgeDetector())
    best = float("inf")
    count = 0
    for _ in range(repeat):
        t0 = time.perf_counter()
        count = sum(1 for det in detectors for _ in det.detect(doc))
        best = min(best, time.perf_counter() - t0)
    print(f"{len(text):,} chars, {count:,} entities, {best:.3f} s, {len(text) / best:,.0f} chars/s")


if __name__ == "__main__":
    main()
