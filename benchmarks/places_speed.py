"""Speed of the place and hospital detectors on 1 MB of clinical-like text.

Usage: ``.venv/bin/python benchmarks/places_speed.py [--size BYTES] [--repeat N]``

The text mixes the shipped example documents (``examples/*.txt``) with generic clinical
sentences (doses, lab values, dates, eponyms, addresses), shuffled with a fixed seed. It prints
characters per second for each detector and for all of them together (one core, tables
already loaded; the one-off load time is printed separately). Target: ≥ 300,000 chars/s.
"""

from __future__ import annotations

import argparse
import random
import time
from pathlib import Path

from clindeid.detect.rules.hospitals import HospitalDetector
from clindeid.detect.rules.places import AddressDetector, LocationDetector, ZipCityDetector
from clindeid.document import Document

ROOT = Path(__file__).resolve().parents[1]

SENTENCES = (
    "Patient de 67 ans hospitalisé pour décompensation cardiaque globale.",
    "Héparine 10000 UI/j, leucocytes 12000 /mm3, plaquettes 250000 /mm3, CRP 45 mg/L.",
    "Pas de maladie de Parkinson ni de signe de Babinski. Vue normale.",
    "Traitement pendant sept jours par amoxicilline 1 g x 3/j.",
    "Scanner thoraco-abdomino-pelvien : pas de lésion suspecte.",
    "Sortie le 12/03/2023 au domicile, 14 rue des Lilas, 21000 Dijon.",
    "Né le 03/04/1950 à Chalon-sur-Saône, originaire du Portugal.",
    "Transféré au CHU de Dijon, service de cardiologie, puis au CH de Beaune.",
    "Pression expiratoire positive à 2 bar, FiO2 40 %, SpO2 96 %.",
    "Rendez-vous à la Clinique des Lilas le 5 mars à 10h30 avec le Dr MARTIN.",
    "Mme Nancy DUPONT, 45 ans, suivie en consultation par le Pr LEROY.",
    "IRM cérébrale : hypersignal FLAIR frontal gauche, sans prise de contraste.",
    "Le patient vit seul, autonome, marche avec une canne.",
    "Bilan biologique : Na 138 mmol/L, K 4,2 mmol/L, créatinine 88 µmol/L.",
    "Avis du laboratoire Cerballiance, résultats transmis à la Pharmacie du Centre.",
)


def build_text(size: int, seed: int = 7) -> str:
    rng = random.Random(seed)
    examples = [p.read_text(encoding="utf-8") for p in sorted((ROOT / "examples").glob("*.txt"))]
    paragraphs = [p for e in examples for p in e.split("\n\n") if p.strip()]
    pool = paragraphs + list(SENTENCES) * 3
    out: list[str] = []
    total = 0
    while total < size:
        chunk = rng.choice(pool)
        out.append(chunk)
        total += len(chunk) + 2
    return "\n\n".join(out)[:size]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--size", type=int, default=1_000_000)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    text = build_text(args.size)
    doc = Document.create("bench", text)
    detectors = [AddressDetector(), ZipCityDetector(), LocationDetector(), HospitalDetector()]
    t0 = time.perf_counter()
    for det in detectors:  # warm up: load tables, compile lazy regexes
        list(det.detect(Document.create("warm", "12 rue de la Paix, 21000 Dijon, CHU de Dijon")))
    print(f"load: {time.perf_counter() - t0:.2f} s")
    total = 0.0
    for det in detectors:
        best = float("inf")
        count = 0
        for _ in range(args.repeat):
            t = time.perf_counter()
            count = sum(1 for _ in det.detect(doc))
            best = min(best, time.perf_counter() - t)
        total += best
        print(f"{det.name:>10}: {len(text) / best:>12,.0f} chars/s  ({count} proposals)")
    print(f"{'all':>10}: {len(text) / total:>12,.0f} chars/s  on {len(text):,} chars")


if __name__ == "__main__":
    main()
