"""Lowercase lines, and lines in capitals, read with the capitals French would write, for
detection only.

Quick notes and dictations are often typed without a single capital ("csapa le cap – mulhouse",
"l'éducatrice julie fritsch", "amené par le sdis 68"): the capital that marks a name is
missing, and both the rules and the model lean on it. `recase` gives the words of such lines
their usual written case — acronyms of care facilities and public bodies in capitals, titles
and proper nouns (communes, first names, surnames, words French writes capitalised)
capitalised, organisations the rules know by name as the rules write them — so the
detectors can read a copy of those lines as well as the text. Record numbers and postal
boxes in such lines are read in capitals ("ig-2025-07731", "cs 50327"), and so is a typist's
reference opening any line ("cp/ld – …"). In a note typed in lowercase its short lines are
recased too ("85000 la roche-sur-yon"). Forms and letters written wholly in capitals lose the
same mark the other way ("DEPUIS L'ÉTÉ", "HABITANT ORLÉANS"): their lines are lowercased,
then recased alike. Only the case of letters changes; spans found in the copy map back to
the text.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

from clindeid.detect.markup import PlainText
from clindeid.detect.rules._chars import UPPER

__all__ = ["ACRONYMS", "recase"]

# Facilities and bodies known by their initials, written in lowercase in quick notes.
ACRONYMS: frozenset[str] = frozenset(
    {"chu", "chru", "chr", "ch", "chi", "chs", "epsm", "ght", "ghu", "hia", "had", "ssr",
     "smr", "ehpad", "usld", "cmp", "cmpp", "cattp", "csapa", "camsp", "clat", "cegidd",
     "ssiad", "samu", "smur", "sdis", "siao", "spip", "cpam", "caf", "mdph", "udaf", "ars",
     "msa", "ccas", "cgss", "urssaf", "carsat", "pmi", "ime", "itep", "esat", "sessad", "ase",
     "jaf", "crous", "cmu", "hcl", "aphp", "ap-hp", "ap-hm", "hus", "ghrmsa", "ccom",
     "nhc", "cmco", "iurc", "clcc", "sos", "hegp", "admr", "adeva", "addeva", "sist", "cjc",
     "cgfl", "ofsep", "lrb", "cprp", "ssgm", "pco", "anpaa", "pghm", "usmp", "ucsa", "ifsi",
     "ifas", "cpts", "cdps", "za", "zac", "zi", "epsmd", "emsp", "crip", "utpas", "mda", "sapad",
     "caarud", "bspp", "bmpm", "cma", "egm", "gaec", "aist", "spst", "spsti"}
)  # fmt: skip
_TITLES = {"dr": "Dr", "pr": "Pr", "mme": "Mme", "mlle": "Mlle", "mr": "Mr", "me": "Me"}
# Words inside a compound place name that stay in lowercase ("Saint-Louis-lès-Verdun").
_PARTICLES = frozenset(
    {"de", "du", "des", "la", "le", "les", "l", "d", "sur", "sous", "en", "lès", "lez", "et",
     "aux", "au", "à"}
)  # fmt: skip
_WORD = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*")
_ELISION = re.compile(r"(?:[dlj]|qu)['’]")
_MIN_WORDS = 3
# A capitalised word inside a sentence: after a blank that follows no sentence end, or glued
# to a bracket or an apostrophe ("(SPIP", "l'EHPAD"); not one holding a digit ("L1").
_CAPITAL_INSIDE = re.compile(
    rf"(?:[^\s.!?:;–—-][ \t]+|[(\[«\"'’])[{UPPER}](?![^\W\d_]*\d)"
)
# Web and e-mail addresses keep their case: "www.chu-nantes.fr", "jean.roux@ch-x.fr".
_ADDRESS_TOKEN = re.compile(r"\S*(?:@|://|www\.)\S*")
# Facility heads whose name follows them: an article and a word ("ehpad les tilleuls"), or a
# word French does not write in lowercase ("clinique rhéna"), is that name.
_NAME_HEADS = frozenset(
    {"clinique", "polyclinique", "ehpad", "csapa", "cmp", "pharmacie", "résidence", "foyer",
     "laboratoire", "institut", "association", "réseau", "zone", "chez", "admr", "restaurant",
     "camping", "club", "hôtel", "collège", "lycée", "école", "hôpital", "hopital", "gaec",
     "laiterie"}
)  # fmt: skip
# Heads whose name may open with "du", "des" or "de la" ("pharmacie du bout du quai",
# "clinique du parc", "admr du clunisois").
_OF_NAME_HEADS = frozenset(
    {"pharmacie", "clinique", "polyclinique", "admr", "restaurant", "camping", "hôtel", "gaec"}
)
# Heads whose name may follow without an article ("clinique rhéna"); the others need one.
_BARE_NAME_HEADS = frozenset(
    {"clinique", "polyclinique", "pharmacie", "laboratoire", "csapa", "ehpad", "cmp",
     "réseau", "zone", "chez", "collège", "lycée", "école", "hôpital", "hopital", "laiterie"}
)  # fmt: skip
# A hospital's site after its group in a banner: "chu de nîmes - carémeau - hdj".
_SITE_AFTER_GROUP = re.compile(
    r"(?<![\w'’-])(?:chu|chru|chr|chi|ch)[ \t]+(?:de[ \t]+|d['’])[\w'’-]+[ \t]*[-–—,][ \t]*"
    r"(?P<site>[a-zà-ÿ][a-zà-ÿ'’-]{2,})(?![\w'’-])",
    re.IGNORECASE,
)
# Heads that stay in lowercase before the name they introduce ("chez Manpower").
_LOWER_HEADS = frozenset({"chez", "réseau", "zone", "restaurant", "camping", "club", "hôtel"})
# Street heads: the words after their "de la", "du", "des" are the street's name, written
# capitalised whatever they are ("rue de la convention" → "rue de la Convention").
_STREET_HEADS = frozenset(
    {"rue", "avenue", "boulevard", "impasse", "allée", "quai", "za", "zac", "zi"}
)
# Heads of a quarter or a hamlet whose name follows without a connector ("quartier
# champflore", "lotissement kerlann"): a name French never writes in lowercase, and the
# word after it, capitalised.
_PLACE_HEADS = frozenset({"quartier", "lotissement", "hameau", "lieu-dit", "lieudit"})
_ARTICLES = frozenset({"le", "la", "les"})
# Feasts that date an event, written capitalised.
_FEASTS = frozenset({"pentecôte", "toussaint", "pâques", "noël", "épiphanie", "chandeleur"})
# Clinical shorthand that is also a surname: "coro en urgence", "kiné", "écho", "thénar".
_CLINICAL_SHORTHAND = frozenset(
    {"coro", "kiné", "kine", "écho", "echo", "scopie", "thénar", "hypothénar", "doppler",
     "holter", "sonde", "drain", "redon", "bilan", "dextro", "glasgow", "apgar"}
)  # fmt: skip
# A capitalised form at least this frequent in French text marks a proper noun.
_FREQUENT_TITLE = 100_000
# A commune that is also a common word is written capitalised when its capitalised form is
# this many times more frequent (word ranks: a higher rank is a rarer word): "perpignan",
# "rennes", "nîmes", "paris"; not "tulle", "orange", "tours" (below 1).
_PROPER_RATIO = 2.5
# Foreign cities read as names in lowercase: any of the list (GeoNames, 15,000 people and
# more) when French never writes the word in lowercase ("offenburg"), a large one when it
# is only far more often capitalised ("bangkok").
_MIN_WORLD_CITY = 15_000
_MIN_LARGE_WORLD_CITY = 100_000
# A word rarer than this in lowercase (its rank) is hardly ever a common word.
_RARE_LOWERCASE = 100_000
# Communes above that ratio whose lowercase form is a word of the clinic or of daily life:
# "cannes anglaises" (walking sticks), "mons pubis", "union libre", "urines bordeaux",
# "pastilles vichy", "bouchon de liège", "val", "puy".
_COMMON_PLACE_WORDS = frozenset(
    {"cannes", "mons", "union", "bordeaux", "vichy", "liège", "val", "puy"}
)
# A name after its head ends before these (or any punctuation).
_NAME_STOPS = frozenset(
    {"à", "a", "en", "pour", "avec", "chez", "dans", "par", "depuis", "et", "ou", "point",
     "virgule", "le", "la", "les", "de", "du", "des", "au", "aux", "sur", "sous", "vers",
     "ce", "cette", "qui", "que", "où", "puis", "mais", "donc", "car", "est", "sont",
     "ont", "pas", "demain", "hier", "tous", "tout", "chaque", "avant", "après", "lundi",
     "mardi", "mercredi", "jeudi", "vendredi", "samedi", "dimanche", "matin", "soir", "midi",
     "nuit", "jour", "jours", "semaine", "mois", "week-end", "weekend", "week-ends", "weekends"}
)  # fmt: skip


def recase(text: str) -> PlainText | None:
    """The lines of ``text`` that recasing changed, recased, one after the other, with the
    original offset of each character (so detectors read only them), or ``None`` when no
    line changed. The detectors read the original text anyway: this copy only adds what
    the capitals reveal."""
    out: list[str] = []
    starts: list[int] = []
    pos = 0
    hyphenated = False  # the line before ended with a word cut by a hyphen ("lé-")
    lines = text.splitlines(keepends=True)
    lowercase_document: bool | None = None  # judged at the first short lowercase line
    for line in lines:
        cut, hyphenated = hyphenated, line.rstrip().endswith("-")
        initials = _INITIALS_LINE.match(line)
        if initials is not None:  # "cp/ld – imprimé le 20/04": the typist's reference
            rest = line[initials.end() :]
            if _all_lowercase(line):  # "cp/ld – copie au dr girard, mulhouse"
                rest = _recase_line(rest)
            new = initials.group().upper() + rest
        elif _all_capitals(line):  # "VIT DEPUIS L'ÉTÉ CHEZ SA FILLE À ORLÉANS"
            new = _recase_line(line.lower(), skip_first=cut)
        elif _all_lowercase(line):
            new = _recase_line(line, skip_first=cut)
        elif _short_lowercase(line):  # "85000 la roche-sur-yon" in a note typed in lowercase
            if lowercase_document is None:
                lowercase_document = _mostly_lowercase(lines)
            new = _recase_line(line, skip_first=cut) if lowercase_document else line
        else:
            new = line
        if new != line:
            out.append(new)
            starts.extend(range(pos, pos + len(line)))
            if not new.endswith("\n"):
                out.append("\n")
                starts.append(pos + len(line) - 1)
        pos += len(line)
    if not out:
        return None
    return PlainText("".join(out), tuple(starts), tuple(s + 1 for s in starts))


# A typist's reference in lowercase opening a line: "cp/ld", "aglf/mp", "ml/nv – imprimé le".
_INITIALS_LINE = re.compile(
    r"[ \t]*(?!et/ou)[a-z]{2,4}[ \t]?/[ \t]?[a-z]{2,4}(?![\w/])(?=[ \t]*(?:$|[–—-]))", re.M
)


def _all_lowercase(line: str) -> bool:
    """Whether the line is typed without capitals: no word capitalised but one opening it or
    a sentence (words with a digit, "L1", and acronyms in capitals, "AT", "RH", do not
    count), or a single one when a sentence of the line opens in lowercase ("… au
    restaurant Sawadee (rue de la convention). à 21h40 …"); and it has a few words."""
    words = _WORD.findall(line)
    if len(words) < _MIN_WORDS:
        return False
    capitalised = 0
    for m in _CAPITAL_INSIDE.finditer(line):
        word = _WORD.match(line, m.end() - 1)
        if word is not None and len(word.group()) >= 2 and word.group().isupper():
            continue  # an acronym
        capitalised += 1
        if capitalised > 1:
            return False
    return capitalised == 0 or _LOWER_SENTENCE_START.search(line) is not None


def _short_lowercase(line: str) -> bool:
    """A line of one or two words without a capital ("isabelle morin", "85000 la roche")."""
    return 0 < len(_WORD.findall(line)) < _MIN_WORDS and not any(ch.isupper() for ch in line)


def _mostly_lowercase(lines: list[str]) -> bool:
    """Whether a text is typed without capitals: at least three lines of a few words, four
    in five of them all lowercase (its short lines are then recased as well)."""
    long = [line for line in lines if len(_WORD.findall(line)) >= _MIN_WORDS]
    return len(long) >= 3 and 5 * sum(_all_lowercase(line) for line in long) >= 4 * len(long)


def _all_capitals(line: str) -> bool:
    """Whether the line is typed wholly in capitals, with a few words: read in lowercase, then
    recased like a lowercase line (its letters keep their number when lowercased)."""
    return (
        not any(ch.islower() for ch in line) and len(_WORD.findall(line)) >= _MIN_WORDS
        and len(line.lower()) == len(line)
    )  # fmt: skip


# A sentence of the line that opens in lowercase: at the line's start or after a full stop.
_LOWER_SENTENCE_START = re.compile(r"(?:^[ \t]*|[.!?][ \t]+)[a-zà-ÿ]")


def _recase_line(line: str, skip_first: bool = False) -> str:
    """``line`` recased; ``skip_first``: its first word ends a word cut on the line before."""
    addresses = [m.span() for m in _ADDRESS_TOKEN.finditer(line)]
    words = [
        m for m in _WORD.finditer(line)
        if not any(s <= m.start() < e for s, e in addresses)
    ]  # fmt: skip
    if skip_first and words:
        words = words[1:]
    new = [_written(m.group()) for m in words]
    for i, m in enumerate(words):
        head = _ELISION.sub("", m.group(), count=1)
        after_preposition = i > 0 and words[i - 1].group() in _BEFORE_COUNTRY
        in_brackets = line[m.start() - 1 : m.start()] == "(" and line.startswith(")", m.end())
        after_birthplace = (
            i > 2 and words[i - 2].group() in ("à", "a") and _born_before(words, i - 2)
        )  # "née le … à oran algérie", dictated without a comma
        after_town = i > 0 and line[words[i - 1].end() : m.start()] == ", " and (
            line[m.end() : m.end() + 1] in ("", ")", ",", ";", "\n")
        )  # "(à dakar, sénégal)": the country closing a place
        if head in _country_names() and (
            m.group()[:2] in ("d'", "d’", "l'", "l’") or after_preposition or in_brackets
            or after_birthplace or after_town
        ):
            # "au maroc", "en turquie", "d'algérie", "pour l'espagne", "par la libye", "née
            # à sétif (algérie)", "nee a tlemcen (algerie)" ("tissu bénin" stays)
            cut = len(m.group()) - len(head)
            new[i] = m.group()[:cut] + _capitalised(head)
        if head == "réunion" and i > 0 and words[i - 1].group() == "la" and (
            line[words[i - 1].start() - 1 : words[i - 1].start()] == "("
            and line.startswith(")", m.end())
            and _born_before(words, i - 1)
        ):
            new[i - 1], new[i] = "La", "Réunion"  # "née à saint-joseph (la réunion)"
        if in_brackets and _spells_initials(words, i):
            new[i] = m.group().upper()  # "centre hospitalier bretagne atlantique (chba)"
        if i > 1 and _departement_in_place(words, i, head):
            cut = len(m.group()) - len(head)
            new[i] = m.group()[:cut] + _capitalised(head)  # "dans le jura", "dans l'aisne"
        if head == "la" and i + 1 < len(words) and words[i + 1].group() == "poste" and (
            line[m.end() : words[i + 1].start()] == " "
        ):
            new[i], new[i + 1] = "La", "Poste"  # the postal company ("factrice à la poste")
        elif head in _ARTICLES and i + 1 < len(words):
            _capitalise_commune_with_article(line, words, new, i)
        phrase = _named_phrase_at(line, words, i)
        if phrase is not None:  # "mondial assistance", "groupe mutuel"
            for k, written in enumerate(phrase.split(" ")):
                new[i + k] = written
        if head in _NAME_HEADS:
            _capitalise_name_after(line, words, new, i)
        elif head == "cabinet":
            _capitalise_practice_name(line, words, new, i)
        elif head in _STREET_HEADS:
            _capitalise_street_name(line, words, new, i)
        elif head in _PLACE_HEADS:
            _capitalise_place_name(line, words, new, i)
    if all(n == m.group() for n, m in zip(new, words, strict=True)):
        out = line
    else:
        parts: list[str] = []
        pos = 0
        for m, n in zip(words, new, strict=True):
            parts.append(line[pos : m.start()])
            parts.append(n)
            pos = m.end()
        parts.append(line[pos:])
        out = "".join(parts)
    out = _SITE_AFTER_GROUP.sub(_capitalised_site, out)
    coded = _CODE.sub(_upper_code, out)
    return line if coded == line else coded


def _capitalised_site(m: re.Match[str]) -> str:
    """A `_SITE_AFTER_GROUP` match with its site capitalised when French never writes the
    site's name in lowercase ("carémeau", "pontchaillou"; not "sud", "urgences")."""
    site = m.group("site")
    if site[:1].isupper() or not _unknown_in_lowercase(site):
        return m.group()
    cut = m.start("site") - m.start()
    return m.group()[:cut] + _capitalised(site)


# Record numbers and postal boxes, written in capitals: "dossier ig-2025-07731", "n° de
# séjour 26c038114", "code pj-7741-kt", "cs 50327", "bp 77908" (not a dose, "1500mg", nor a
# device model, "sy60wf").
_CODE = re.compile(
    r"(?<![\w@./:-])(?:(?i:cs|bp|tsa)(?=[ \t]\d)|"
    r"(?=[a-z0-9-]*\d)(?=[a-z0-9-]*[a-z])[a-z0-9]+(?:-[a-z0-9]+)+|"
    r"(?=(?:[a-z]*\d){4})[0-9]+[a-z][a-z0-9]*|[a-z]{1,3}\d{4,}[a-z0-9]*|"
    r"(?=(?:[a-z]*\d){6})(?=\d*[a-z])[a-z0-9]{8,})(?![\w@/-]|\.\w)"
)
_TIMES = re.compile(r"\d{1,2}h\d{0,2}(?:-\d{1,2}h\d{0,2})*")  # "5h-13h": a shift
_DOSE = re.compile(r"\d+(?:mg|ml|g|kg|mmol|ui|µg|mcg|cm|mm|h|min|j|sa|an|ans|mois)", re.I)


def _upper_code(m: re.Match[str]) -> str:
    """A `_CODE` match in capitals, unless it is a dose, a shift or a hyphenated word with
    one digit or one letter ("covid-19" keeps two of each: it is written in capitals)."""
    code = m.group()
    if "-" in code and (sum(c.isdigit() for c in code) < 2 or sum(c.isalpha() for c in code) < 2):
        return code  # "j-3", "d-5"
    return code if _DOSE.fullmatch(code) or _TIMES.fullmatch(code) else code.upper()


def _capitalise_name_after(
    line: str, words: list[re.Match[str]], new: list[str], head: int
) -> None:
    """Capitalise the name after the facility head ``words[head]``: an article and up to
    two words, or up to two words French does not write in lowercase; after "pharmacie du"
    or "de la", up to two words."""
    j = head + 1
    if j >= len(words) or line[words[head].end() : words[j].start()].strip():
        return
    first = words[j].group()
    head_word = _ELISION.sub("", words[head].group(), count=1)
    if head_word == "chez" and (first in _ARTICLES or _ELISION.match(first)):
        return  # "chez le médecin traitant", "chez l'employeur"
    if _ELISION.match(first) and first[:2] in ("d'", "d’"):
        return  # "laboratoire d'immunologie": a unit's specialty
    if first in _ARTICLES and head_word in ("hôpital", "hopital"):
        return  # "l'hôpital les nuits de chimiothérapie": a hospital's name has no article
    if head_word in ("hôpital", "hopital"):
        site = _hospital_site(line, words, j)
        if site is not None:  # "hôpital nord" → "Hôpital Nord", "hôpital du Scorff"
            new[head] = _capitalised(new[head])
            new[site] = _capitalised(new[site])
            return
    if first in _ARTICLES:
        start, proper = j + 1, False
    elif head_word in _OF_NAME_HEADS and first in ("du", "des", "de") and (
        j + 1 < len(words) and words[j + 1].group() not in ACRONYMS
    ):
        start, proper = j + 1, False
        if first == "de" and j + 1 < len(words) and words[j + 1].group() == "la":
            start += 1
    elif _ELISION.sub("", words[head].group(), count=1) in _BARE_NAME_HEADS:
        start, proper = j, True
    else:
        return
    end = start
    while end < len(words) and end < start + 2:
        w = words[end].group()
        if w in _NAME_STOPS or line[words[end - 1].end() : words[end].start()].strip():
            break
        if proper and not _unknown_in_lowercase(w):
            break
        end += 1
    if end == start:
        return
    chained: list[int] = []
    if head_word in _OF_NAME_HEADS and not proper:
        # "pharmacie du bout du quai", "pharmacie de la place du marché": the name goes on
        # through "du", "des" or "de la" and one more word
        k = end
        if k + 1 < len(words) and words[k].group() in ("du", "des") and (
            words[k + 1].group() not in _NAME_STOPS
        ):
            chained = [k + 1]
        elif k + 2 < len(words) and words[k].group() == "de" and words[k + 1].group() == "la" and (
            words[k + 2].group() not in _NAME_STOPS
        ):
            chained = [k + 2]
        if chained and line[words[k - 1].end() : words[chained[0]].start()].strip(" \t") not in (
            "du", "des", "de la"
        ):
            chained = []
    if new[head] == words[head].group() and head_word not in _LOWER_HEADS:
        # "clinique rhéna" → "Clinique Rhéna"
        elision = _ELISION.match(new[head])
        cut = elision.end() if elision is not None else 0
        new[head] = new[head][:cut] + _capitalised(new[head][cut:])
    if start == j + 1 and first in _ARTICLES:
        new[j] = _capitalised(first)
    for k in [*range(start, end), *chained]:
        new[k] = _capitalised(new[k])


# A hospital's site named by its side of town: "hôpital nord", "hopital sud", "hôpital
# central" (Marseille, Grenoble, Nancy…), in a note or banner typed in lowercase.
_SITE_SIDES = frozenset({"nord", "sud", "central"})


def _hospital_site(line: str, words: list[re.Match[str]], j: int) -> int | None:
    """The index of the word that names a hospital's site after "hôpital" (at ``words[j]``)
    in lowercase: a side of town ("hôpital nord"), or the word after "du" that French does
    not write in lowercase ("hôpital du scorff"; not "hôpital du jour"); else None."""
    first = words[j].group()
    if first in _SITE_SIDES:
        return j
    if first == "du" and j + 1 < len(words) and not line[
        words[j].end() : words[j + 1].start()
    ].strip() and _unknown_in_lowercase(words[j + 1].group()):
        return j + 1
    return None


def _capitalise_practice_name(
    line: str, words: list[re.Match[str]], new: list[str], head: int
) -> None:
    """A practice named after its specialty: "cabinet kiné vauban", "cabinet de rhumatologie
    de la scarpe" → "Cabinet kiné Vauban", "Cabinet de rhumatologie de la Scarpe". Without a
    specialty word ("cabinet de consultation") nothing changes."""
    from clindeid.knowledge import is_common_word

    def word(k: int) -> str:
        return words[k].group() if k < len(words) else ""

    j = head + 1
    if word(j) in _PRACTICE_SPECIALTIES:
        j += 1
    elif word(j) in ("de", "d'", "d’") and word(j + 1).endswith(_SPECIALTY_ENDINGS):
        j += 2
    elif word(j).startswith(("d'", "d’")) and word(j)[2:].endswith(_SPECIALTY_ENDINGS):
        j += 1
    else:
        return
    if word(j) in ("du", "des"):
        j += 1
    elif word(j) == "de":
        j += 2 if word(j + 1) == "la" else 1
    elif word(j).startswith(("l'", "l’")):
        pass
    start = j
    while j < len(words) and j < start + 2:
        w = _ELISION.sub("", word(j), count=1)
        if w in _NAME_STOPS or len(w) < 3 or (is_common_word(w) and not _is_proper(w)):
            break
        if line[words[j - 1].end() : words[j].start()].strip():
            break  # punctuation ends the name
        j += 1
    if j == start:
        return
    new[head] = _capitalised(new[head])
    for k in range(start, j):
        elision = _ELISION.match(new[k])
        cut = elision.end() if elision is not None else 0
        new[k] = new[k][:cut] + _capitalised(new[k][cut:])


def _capitalise_commune_with_article(
    line: str, words: list[re.Match[str]], new: list[str], article: int
) -> None:
    """A commune whose name opens with an article: "la roche-sur-yon", "le puy-en-velay",
    and after a postcode "85500 les herbiers" → "La Roche-sur-Yon", "Les Herbiers". Without
    a postcode the rest must be hyphenated or no common word ("à la crèche" stays)."""
    from clindeid.knowledge import communes_by_name, is_common_word

    nxt = words[article + 1]
    if line[words[article].end() : nxt.start()] not in (" ", "\t"):
        return
    rest = nxt.group()
    before = line[: words[article].start()]
    after_postcode = _POSTCODE_BEFORE.search(before) is not None
    if not after_postcode and "-" not in rest and is_common_word(rest):
        return
    name = f"{words[article].group()} {rest}"
    if not any(
        c.name.lower().replace("’", "'") == name.replace("’", "'") for c in communes_by_name(name)
    ):
        return
    new[article] = _capitalised(new[article])
    new[article + 1] = "-".join(
        p if p in _PARTICLES else _capitalised(p) for p in rest.split("-")
    )


# Prepositions before a country's name in a lowercase note.
_COUNTRY_PREPOSITIONS = frozenset({"au", "aux", "en", "du", "des", "de", "vers", "depuis", "via"})
_BEFORE_COUNTRY = _COUNTRY_PREPOSITIONS | _ARTICLES  # "par la libye"
_BORN = frozenset({"né", "née", "ne", "nee", "nés", "nées"})


def _born_before(words: list[re.Match[str]], end: int) -> bool:
    """Whether a word of birth ("née", "ne") is among the dozen words before ``words[end]``."""
    return any(w.group() in _BORN for w in words[max(0, end - 12) : end])
# A postcode just before (the town follows it).
_POSTCODE_BEFORE = re.compile(r"(?<!\d)\d{5}[ \t]+$")


def _capitalise_street_name(
    line: str, words: list[re.Match[str]], new: list[str], head: int
) -> None:
    """"rue de la convention", "avenue du général leclerc", "quai des brumes": the one or
    two words after the street's connector, capitalised."""

    def word(k: int) -> str:
        return words[k].group() if k < len(words) else ""

    j = head + 1
    if line[words[head].end() : words[j].start() if j < len(words) else len(line)].strip():
        return
    if word(j) in ("du", "des"):
        j += 1
    elif word(j) == "de" and word(j + 1) in ("la", "l"):
        j += 2
    elif word(j) == "de" or word(j).startswith(("d'", "d’", "l'", "l’")):
        j += 1 if word(j) == "de" else 0
    else:
        return
    if word(j) == "la" and word(j - 1) == "de":
        j += 1
    start = j
    while j < len(words) and j < start + 2:
        w = _ELISION.sub("", word(j), count=1)
        if w in _NAME_STOPS or len(w) < 2 or line[words[j - 1].end() : words[j].start()].strip(
            " \t'’"
        ):
            break
        j += 1
    for k in range(start, j):
        elision = _ELISION.match(new[k])
        cut = elision.end() if elision is not None else 0
        new[k] = new[k][:cut] + _capitalised(new[k][cut:])


def _capitalise_place_name(
    line: str, words: list[re.Match[str]], new: list[str], head: int
) -> None:
    """"quartier champflore", "lotissement kerlann ouest": the name after the head when
    French never writes its first word in lowercase, and the word after it."""
    j = head + 1
    if j >= len(words) or line[words[head].end() : words[j].start()].strip():
        return
    if not _unknown_in_lowercase(words[j].group()):
        return
    end = j + 1
    if end < len(words) and words[end].group() not in _NAME_STOPS and not line[
        words[j].end() : words[end].start()
    ].strip():
        end += 1
    for k in range(j, end):
        new[k] = _capitalised(new[k])


# Specialty words after "cabinet" that name a practice's trade.
_PRACTICE_SPECIALTIES = frozenset(
    {"kiné", "kine", "infirmier", "infirmiers", "médical", "medical", "dentaire",
     "paramédical", "kinésithérapie", "podologie", "orthophonie", "ostéopathie", "sage-femme"}
)  # fmt: skip
_SPECIALTY_ENDINGS = ("logie", "thérapie", "pédie", "iatrie", "phonie", "ophtalmologie")


def _unknown_in_lowercase(word: str) -> bool:
    from clindeid.knowledge.vocabulary import never_lowercase

    return len(word) >= 3 and never_lowercase(word)


@lru_cache(maxsize=1 << 14)
def _written(word: str) -> str:
    """The usual written case of a lowercase word (the word itself when unsure); an elided
    article or preposition stays as it is ("d'altkirch" → "d'Altkirch")."""
    elision = _ELISION.match(word)
    if elision is not None and elision.end() < len(word):
        return word[: elision.end()] + _written(word[elision.end() :])
    if word in ACRONYMS:
        return word.upper() if len(word.upper()) == len(word) else word
    if word in _TITLES:
        return _TITLES[word]
    named = _known_names()[0].get(word)
    if named is not None and len(named) == len(word):
        return named
    if "-" in word and (_is_place(word) or all(
        p in _departement_names() for p in word.split("-")
    )):  # "saint-étienne", "mayenne-orne-sarthe"
        return "-".join(p if p in _PARTICLES else _capitalised(p) for p in word.split("-"))
    if "-" in word:
        pieces = word.split("-")
        if all(_is_proper(p) for p in pieces):  # "marie-odile", "ben-salah"
            return "-".join(_capitalised(p) for p in pieces)
        return word
    return _capitalised(word) if _is_proper(word) else word


@lru_cache(maxsize=1)
def _country_names() -> frozenset[str]:
    """Countries written in one word that French does not write in lowercase ("maroc",
    "turquie"; not "chine", china)."""
    from clindeid.detect.rules.places import COUNTRIES
    from clindeid.knowledge.normalize import strip_accents
    from clindeid.knowledge.vocabulary import written_lowercase

    names = {
        c.lower() for c in COUNTRIES
        if " " not in c and "-" not in c and len(c) >= 4 and not written_lowercase(c.lower())
    }  # fmt: skip
    # also without their accents, as notes typed in a hurry write them ("algerie", "bresil"):
    # no such form is a French word, and typos make some frequent in lowercase
    return frozenset(names | {strip_accents(c) for c in names})


@lru_cache(maxsize=1)
def _known_names() -> tuple[dict[str, str], dict[str, dict[str, str]]]:
    """The organisations the rules know by a plain name, by their lowercase form: those of
    one word ("Stellantis", "SNCF", and the insurers whose name is no French word,
    "VitalAire", "Groupama"); and those of several words ("Mondial Assistance", "Groupe
    Mutuel"; not "Assurance maladie", also the common noun), by their first word."""
    from clindeid.detect.rules.hospitals import NAMED_FINANCIAL, NAMED_ORGS
    from clindeid.knowledge.vocabulary import written_lowercase

    word = r"[^\W\d_]+(?:-[^\W\d_]+)*"
    one, several = re.compile(word), re.compile(rf"{word}(?: {word})+")
    words: dict[str, str] = {}
    phrases: dict[str, dict[str, str]] = {}
    for financial, names in ((False, NAMED_ORGS), (True, NAMED_FINANCIAL)):
        for name in names:
            # "Pr[ée]sence[ \t]+Verte" → "Présence Verte": a class of letters read as its first
            written = _LETTER_CLASS.sub(r"\1", name.replace(r"[ \t]+", " "))
            if one.fullmatch(written) and len(written) >= 4 and not financial:
                words[written.lower()] = written  # the last form written wins ("FNAC")
            elif one.fullmatch(written) and len(written) >= 4 and not written_lowercase(
                written.lower()
            ):
                words.setdefault(written.lower(), written)
            elif several.fullmatch(written) and written.lower() not in _GENERIC_PHRASES:
                first = written.split(" ")[0].lower()
                phrases.setdefault(first, {})[written.lower()] = written
            elif not one.fullmatch(written):
                # a pattern with alternatives: its literal forms ("Filien(?:[ \t]+ADMR)?" →
                # "Filien", "Filien ADMR"), each kept only if one of its words is no French
                # word written in lowercase ("aides", "la poste" stay common words)
                for form in literal_forms(name) or ():
                    if form == form.lower() or not (one.fullmatch(form) or several.fullmatch(
                        form
                    )) or all(written_lowercase(w.lower()) for w in form.split(" ")):
                        continue
                    if " " not in form:
                        if len(form) >= 4 and not words.get(form.lower(), "").istitle():
                            words[form.lower()] = form  # "Filien" over "FILIEN"
                    else:
                        known = phrases.setdefault(form.split(" ")[0].lower(), {})
                        if form.lower() not in known or known[form.lower()].isupper():
                            known[form.lower()] = form
    return words, phrases


_BLANKS = frozenset(" \t")


def literal_forms(pattern: str, limit: int = 16) -> list[str] | None:
    """The texts a regular expression of literals, alternatives and optional parts matches
    (a class of letters read as its first, a class of blanks as one space, lookarounds and
    anchors ignored), or None when it holds anything else (a class of any letter, a
    repetition) or more than ``limit`` forms."""
    import re._constants as c
    import re._parser as parser

    def expand(items: Any) -> list[str] | None:
        forms = [""]
        for op, arg in items:
            if op is c.LITERAL:
                options = [chr(arg)]
            elif op is c.IN:
                chars = [chr(a) for o, a in arg if o is c.LITERAL]
                if not chars or len(chars) != len(arg):
                    return None
                options = [" " if set(chars) <= _BLANKS else chars[0]]
            elif op is c.BRANCH:
                options = []
                for branch in arg[1]:
                    sub = expand(branch)
                    if sub is None:
                        return None
                    options.extend(sub)
            elif op is c.SUBPATTERN:
                sub = expand(arg[-1])
                if sub is None:
                    return None
                options = sub
            elif op in (c.MAX_REPEAT, c.MIN_REPEAT):
                low, high, body = arg
                blank = bool(body) and all(
                    o is c.IN and all(k is c.LITERAL and chr(a) in _BLANKS for k, a in x)
                    for o, x in body
                )  # fmt: skip
                if blank and low >= 1:
                    options = [" "]
                elif (low, high) == (0, 1):
                    sub = expand(body)
                    if sub is None:
                        return None
                    options = ["", *sub]
                else:
                    return None
            elif op in (c.ASSERT, c.ASSERT_NOT, c.AT):
                continue
            else:
                return None
            forms = [f + o for f in forms for o in options]
            if len(forms) > limit:
                return None
        return forms

    try:
        parsed = parser.parse(pattern)
    except re.error:
        return None
    forms = expand(parsed)
    return None if forms is None else [" ".join(f.split()) for f in forms if f.strip()]


_GENERIC_PHRASES = frozenset({"assurance maladie"})
_LETTER_CLASS = re.compile(r"\[([^\W\d_])[^\W\d_]*\]")


def _named_phrase_at(line: str, words: list[re.Match[str]], i: int) -> str | None:
    """The written form of a named organisation of several words opening at ``words[i]``
    (single blanks between its words), or None."""
    for lowered, written in _known_names()[1].get(words[i].group(), {}).items():
        last = i + lowered.count(" ")
        if last < len(words) and line[words[i].start() : words[last].end()] == lowered:
            return written
    return None


_INITIALS_SKIPPED = frozenset({"de", "du", "des", "d", "la", "le", "les", "l", "et", "en"})


def _spells_initials(words: list[re.Match[str]], i: int) -> bool:
    """Whether ``words[i]`` (2 to 6 letters, in brackets) spells the initials of the words
    just before it, function words skipped: "centre hospitalier bretagne atlantique (chba)",
    "agence régionale de santé (ars)"."""
    acronym = words[i].group()
    if not (2 <= len(acronym) <= 6 and acronym.isalpha() and acronym.islower()):
        return False
    initials: list[str] = []
    j = i - 1
    while j >= 0 and len(initials) < len(acronym):
        word = _ELISION.sub("", words[j].group(), count=1)
        if word not in _INITIALS_SKIPPED:
            initials.append(word[:1])
        j -= 1
    return "".join(reversed(initials)) == acronym


def _capitalised(word: str) -> str:
    first = word[0].upper()
    if len(first) != 1:  # a letter whose capital is two letters would shift offsets
        return word
    return first + word[1:]


def _is_proper(word: str) -> bool:
    """Whether French writes ``word`` capitalised: never in lowercase and known as a name,
    a commune or a frequent capitalised word ("fritsch", "sausheim", "groupama"); or also
    in lowercase but mostly capitalised and a first name ("julie") or a commune that is no
    common word ("mulhouse") or far more often capitalised ("nîmes"; not "cannes", walking
    sticks); or a feast ("pentecôte")."""
    from clindeid.knowledge import communes_by_name, is_common_word, is_first_name, is_surname
    from clindeid.knowledge.vocabulary import word_ranks, written_capitalised

    if len(word) < 3 or "'" in word or "’" in word or word in _CLINICAL_SHORTHAND:
        return False
    if word in _FEASTS:
        return True
    ranks = word_ranks(word)
    if ranks.lower < 0:
        return (
            is_first_name(word) or is_surname(word) or bool(communes_by_name(word))
            or 0 <= ranks.title < _FREQUENT_TITLE or _world_city(word, _MIN_WORLD_CITY)
        )  # fmt: skip
    if not written_capitalised(word):
        return False
    if is_first_name(word):
        return True
    # a large foreign city, rare in lowercase and far more often capitalised ("bangkok",
    # "manchester"; not "bénin", benign, nor a country, recased after a preposition)
    if ranks.lower >= _RARE_LOWERCASE and ranks.lower >= _PROPER_RATIO * ranks.title and (
        _world_city(word, _MIN_LARGE_WORLD_CITY)
        and not is_common_word(word) and word not in _country_names()
    ):
        return True
    # a commune that is also a common word when French writes it mostly capitalised
    # ("paris", "nîmes", "perpignan"; not "cannes", walking sticks, nor "vannes")
    return bool(communes_by_name(word)) and (
        not is_common_word(word)
        or (ranks.lower >= _PROPER_RATIO * ranks.title and word not in _COMMON_PLACE_WORDS)
    )


def _world_city(word: str, min_population: int) -> bool:
    """Whether ``word`` (five letters or more) names a foreign city of that many people."""
    from clindeid.knowledge import normalize_key
    from clindeid.knowledge.world import world_cities

    if len(word) < 5:
        return False
    found = world_cities().get(normalize_key(word))
    return found is not None and found[0] >= min_population and found[1] != "FR"


def _departement_in_place(words: list[re.Match[str]], i: int, head: str) -> bool:
    """Whether ``words[i]`` (``head`` without its elision) is a département after "dans
    le", "dans la" or "dans l'" that French writes more often capitalised than not ("dans
    le jura", "dans le gard"; not "dans le nord", "dans le lot")."""
    from clindeid.knowledge.vocabulary import word_ranks

    if head not in _departement_names() or "-" in head or len(head) < 3:
        return False
    word = words[i].group()
    if word != head:  # "l'aisne": the article is elided on the word itself
        if word[:2].lower() not in ("l'", "l’") or words[i - 1].group().lower() != "dans":
            return False
    elif words[i - 1].group().lower() not in ("le", "la") or (
        words[i - 2].group().lower() != "dans"
    ):
        return False
    ranks = word_ranks(head)
    return ranks.lower < 0 or 0 <= ranks.title < ranks.lower


def _is_place(word: str) -> bool:
    from clindeid.knowledge import communes_by_name

    return bool(communes_by_name(word)) or word in _departement_names()


@lru_cache(maxsize=1)
def _departement_names() -> frozenset[str]:
    from clindeid.knowledge import departements

    return frozenset(d.name.lower() for d in departements().values())
