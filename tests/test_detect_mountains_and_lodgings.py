"""Detection of what the suburban-specialty and mountain exports showed (heldout_aw,
heldout_ax, used for development after their blind measure): mountains, pastures and passes,
ski schools and runs, footpaths, campsites and lodgings with their room or flat, a town its
country follows in brackets, a commune that is also a common word after "à", a commune whose
name opens on an elided article, a house number in words, a private hospital dictated without
capitals, a results table's dates, an abbreviated weekday, an extension after a call, a
typist's pair between dashes. The examples are our own, not the sets'."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize(
    ("line", "span", "label"),
    [
        ("Bergère pour l'estive sur la montagne de Paulhac depuis juin.", "montagne de Paulhac",
         "LOCATION"),
        ("Randonnée dans les Monts du Forez, chute sans perte de connaissance.",
         "Monts du Forez", "LOCATION"),
        ("Projet de trek dans la cordillère Blanche au printemps.", "cordillère Blanche",
         "LOCATION"),
        ("Entorse dans la montée vers la Bocca di Verdi.", "Bocca di Verdi", "LOCATION"),
        ("Retrouvé à la cabane de Peyrelade, hypotherme.", "cabane de Peyrelade", "LOCATION"),
        ("Chute sur le GR 65 entre deux étapes.", "GR 65", "LOCATION"),
        ('Chute sur la piste noire "le grand couloir" à 11 h.', "le grand couloir", "LOCATION"),
        ("Cours collectif avec l'ESF Valloire le matin.", "ESF Valloire", "ORG"),
        ("cours esf les menuires 1850 (moniteur absent)", "esf les menuires 1850", "ORG"),
        ("Saisonnier employé par la SEM du Lioran.", "SEM du Lioran", "ORG"),
        ("Scolarisée à l'école publique de Murol.", "école publique de Murol", "ORG"),
        ("Hébergé au foyer Coallia, 12 rue des Lilas", "foyer Coallia", "ORG"),
        ("Commis au restaurant Le Vieux Moulin à Annecy.", "Le Vieux Moulin", "ORG"),
        ("En vacances au camping des Mélèzes avec ses parents.", "camping des Mélèzes",
         "ADDRESS"),
        ("Logement de cure : Hôtel des Thermes, chambre 21\nSuivi",
         "Hôtel des Thermes, chambre 21", "ORG"),
        ("hébergement : résidence les Edelweiss, apt 214\nchute",
         "résidence les Edelweiss, apt 214", "ADDRESS"),
        ("Cabinet : Résidence Le Belvédère, local 2 – 73500 Modane",
         "Résidence Le Belvédère, local 2", "ADDRESS"),
        ("Touriste, domicile Leuven (Belgique), en séjour.", "Leuven", "CITY"),
        ("touriste, domicile leuven (belgique)\naccompagné", "leuven", "CITY"),
        ("Travaille à Weil am Rhein (Allemagne) depuis 2020.", "Weil am Rhein", "CITY"),
        ("Il vit seul dans une ferme à Brusque. Il est autonome.", "Brusque", "CITY"),
        ("Elle habite à l'Étang-Salé avec sa fille.", "l'Étang-Salé", "CITY"),
        ("demeurant vingt-trois rue des acacias à rodez point", "vingt-trois rue des acacias",
         "ADDRESS"),
        ("opéré en 2019 à l'hôpital privé de la loire virgule suivi", "hôpital privé de la loire",
         "HOSPITAL"),
        ("Biologie\n\t03/11\t10/11\t17/11\nCRP\t120\t45\t8", "10/11", "DATE"),
        ("consultation – merc 14/01/2026 – dr blanc", "merc 14/01/2026", "DATE"),
        ("appel réa de garde dr l. morin au 5213 : avis", "5213", "PHONE"),
        ("Dr Paul Vidal, pneumologue — pv/cm — Édité le 02/03/2026", "cm", "PERSON"),
    ],
)  # fmt: skip
def test_mountains_and_lodgings_names(found_in_note, line, span, label):
    assert found_in_note(line).get(span) == label


@pytest.mark.parametrize(
    ("line", "absent"),
    [
        # a red cell count, a plural street type, a town hall, a common word in a title
        ("NFS : GR 4,5 T/L, GB 7,2 G/L", "GR 4"),
        ("Il a fait trois allées et venues dans la nuit.", "trois allées et venues"),
        ("Réunion à l'Hôtel de Ville, salle 3 du conseil", "Hôtel de Ville, salle 3"),
        ("Projet : Retour à Domicile prévu lundi.", "Domicile"),
        ("Transféré à l'Hôpital Nord ce matin.", "l'Hôpital"),
        ("suivi à l'hôpital privé pour son diabète", "hôpital privé pour"),
        ("appelé au 15 par sa fille", "15"),
        ("Le patient a appelé l'ESF depuis la piste.", "ESF depuis"),
        ("Traitement — TA/FC — le 12/03/2026", "TA"),
    ],
)  # fmt: skip
def test_mountains_and_lodgings_look_alikes(found_in_note, line, absent):
    assert found_in_note(line).get(absent) not in (
        "PERSON", "ID", "ADDRESS", "ORG", "LOCATION", "CITY", "HOSPITAL", "PHONE"
    )
