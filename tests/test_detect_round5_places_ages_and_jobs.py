"""Rules read on the leaks of heldout_ds…heldout_dx (twelfth session, fifth round): mountain
and canyoning places by their head word, a position in degrees and minutes, a caregiver named
by the first name after the job, a child's age "now", a rare-disease network of the national
list after "filière", a pager named by its holder's job, a banner's "SEJOUR :" code. The
look-alike cases guard each pattern."""

from __future__ import annotations

from collections.abc import Callable

import pytest


@pytest.mark.parametrize(
    ("line", "span", "label"),
    [
        ("avalanche, ski de randonnée, glacier de Chavière", "glacier de Chavière", "LOCATION"),
        ("descente du canyon de Fleur Jaune avec son frère", "canyon de Fleur Jaune", "LOCATION"),
        ("Récupéré en mer (position 48°21'N 005°38'W).", "48°21'N 005°38'W", "LOCATION"),
        ("coordonnées 45° 55′ 12″ N, 6° 52′ E, hélitreuillage",
         "45° 55′ 12″ N, 6° 52′ E", "LOCATION"),
        ("Aide à domicile : auxiliaire de vie Chantal 3x/sem.", "Chantal", "PERSON"),
        ("arrivée 23h12, ioa maxime tri 2", "maxime", "PERSON"),
        ("Il a maintenant 4 mois et demi, il tète bien.", "4 mois et demi", "AGE"),
        ("RCP de la filière G2M le 3 mars.", "G2M", "ORG"),
        ("secrétariat 04 69 13 52 / bip médecin sénior 214", "214", "PHONE"),
        ("IPP : 591230087   SEJOUR : S26-00219   CHAMBRE 214", "S26-00219", "ID"),
    ],
)  # fmt: skip
def test_round5_patterns(
    found_in_note: Callable[[str], dict[str, str]], line: str, span: str, label: str
) -> None:
    assert found_in_note(line).get(span) == label


@pytest.mark.parametrize(
    "line",
    [
        "le patient attend dans le couloir du service",  # no name after the head word
        "flexion limitée, angle de 45° 30' environ",  # an angle, no position
        "vu par l'infirmière ce matin, ide rose tri 3",  # a job, then a common word
        "il a maintenant 3 ans de recul sur le traitement",  # a duration
        "la filière de soins est longue, filière Bac pro",  # no network acronym
        "Urgences adultes – filière AVC aigu",  # a care pathway, not a network
        "BILAN PHOSPHOCALCIQUE — FILIÈRE FRACTURE",
        "Séjour : 12 jours en réanimation",  # a length of stay
    ],
)
def test_round5_look_alikes_are_not_phi(
    found_in_note: Callable[[str], dict[str, str]], line: str
) -> None:
    found = found_in_note(line)
    assert not {"LOCATION", "PERSON", "AGE", "ORG", "ID"} & set(found.values()), found
