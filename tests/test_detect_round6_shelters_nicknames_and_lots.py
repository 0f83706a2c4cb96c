"""Rules read on the leaks of heldout_dy…heldout_ea (thirteenth session, sixth round): shelters
and detention centres named with their head words, the border police and the SIAO written
out, national bodies (ASNR, RAMQ), a nickname after "se fait appeler", a name before
", interprète", a first name before ", née le", a Réunion birth name with its slash, where
someone sleeps rough, a lot code in spaced groups; and two edges: the first name a model left
before a surname in capitals, a body's name that ends "en <region>". The look-alike cases
guard each pattern."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from clindeid.detect.edges import widen_names
from clindeid.document import Entity


@pytest.mark.parametrize(
    ("line", "span", "label"),
    [
        ("contact au centre d'hébergement La Case de Pamandzi.",
         "centre d'hébergement La Case de Pamandzi", "ORG"),
        ("passages à l'accueil de nuit A Casa Aperta). Tabac.",
         "accueil de nuit A Casa Aperta", "ORG"),
        ("Adressé par le centre de rétention administrative de Lyon-Saint-Exupéry (Dr Roux).",
         "centre de rétention administrative de Lyon-Saint-Exupéry", "ORG"),
        ("SIAO 95 – Service intégré de l'accueil et de l'orientation du Val-d'Oise",
         "Service intégré de l'accueil et de l'orientation du Val-d'Oise", "ORG"),
        ("INTERPELLE LE 16/01/2026 PAR LA PAF DE MAYOTTE.", "PAF DE MAYOTTE", "ORG"),
        ("Déclaration à l'ASNR : non requise.", "ASNR", "ORG"),
        ("neuf années couvertes par la RAMQ.", "RAMQ", "ORG"),
        ("Usager : M. Wojciech KRAWCZYK (se fait appeler « Wojtek »)", "Wojtek", "PERSON"),
        ("Langue : polonais, aide ponctuelle d'Agnieszka, interprète bénévole",
         "Agnieszka", "PERSON"),
        ("3) Lusine, née le 12/12/2021 (4 ans)", "Lusine", "PERSON"),
        ("Patiente : Mme Marie-Josée LATCHOUMANIN, née K/BIDI, le 24/06/1972", "K/BIDI",
         "PERSON"),
        ("Elle dort sur l'esplanade de la gare Saint-Charles depuis mars.",
         "esplanade de la gare Saint-Charles", "LOCATION"),
        ("il vivait au campement de la porte d'Aubervilliers.",
         "campement de la porte d'Aubervilliers", "LOCATION"),
        ("vaccin hépatite B fait ce jour, lot AHBV 412 BA.", "AHBV 412 BA", "ID"),
    ],
)  # fmt: skip
def test_round6_patterns(
    found_in_note: Callable[[str], dict[str, str]], line: str, span: str, label: str
) -> None:
    assert found_in_note(line).get(span) == label


@pytest.mark.parametrize(
    "line",
    [
        "le centre d'hébergement est complet ce soir",  # no name after the head
        "accueil de jour fermé le dimanche",
        "voir V/REF et N/REF ci-dessus",  # slash references, no title before them
        "LOT 12 AMPOULES DE 10 ML",  # a quantity, no code
        "Patient, né le 3 mars, revu ce jour",  # a common word before "né le"
        "avec l'aide, interprète en arabe",  # a common word before the job
    ],
)
def test_round6_look_alikes_are_not_phi(
    found_in_note: Callable[[str], dict[str, str]], line: str
) -> None:
    found = found_in_note(line)
    assert not {"LOCATION", "PERSON", "ORG", "ID"} & set(found.values()), found


def test_first_name_left_before_a_surname_in_capitals_is_taken_in() -> None:
    text = "J'ai revu ce mardi 28 juillet Raphaël DE OLIVEIRA PINTO, né le 02/05/2024."
    start = text.index("DE OLIVEIRA")
    person = Entity(start, start + len("DE OLIVEIRA PINTO"), "PERSON", source="model/ner")
    (widened,) = widen_names([person], text)
    assert text[widened.start : widened.end] == "Raphaël DE OLIVEIRA PINTO"
    # a word that is no first name ("juillet") is never taken in
    text2 = "revu le 28 juillet DUPUIS en consultation"
    start2 = text2.index("DUPUIS")
    (kept,) = widen_names([Entity(start2, start2 + 6, "PERSON", source="model/ner")], text2)
    assert text2[kept.start : kept.end] == "DUPUIS"


def test_a_body_name_ending_on_its_region_is_one_span() -> None:
    text = "inclusion dans le dispositif Grandir en Nouvelle-Aquitaine (n° 12)"
    org_start = text.index("Grandir")
    loc_start = text.index("Nouvelle")
    entities = [
        Entity(org_start, org_start + len("Grandir"), "ORG", source="model/ner"),
        Entity(loc_start, loc_start + len("Nouvelle-Aquitaine"), "LOCATION", source="x"),
    ]
    (merged,) = widen_names(entities, text)
    assert (text[merged.start : merged.end], merged.label) == (
        "Grandir en Nouvelle-Aquitaine", "ORG"
    )
    # a place after "à" stays its own entity
    text2 = "suivi par Grandir à Bordeaux"
    entities2 = [
        Entity(10, 17, "ORG", source="model/ner"),
        Entity(20, 28, "CITY", source="x"),
    ]
    assert len(widen_names(entities2, text2)) == 2
