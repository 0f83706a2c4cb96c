"""The edges of a body's name left in the text beside the part a detector found.

A detector often finds the place or the proper name that ends a body's name and leaves its
common-noun head behind: "centre de vaccinations de | Bayonne", "Amicale des anciens marins
de | Plougastel", "EHPAD | Résidence du Pin"; or the number that ends it: "école
élémentaire Tsararano | 1", "Domicile Clinic | 31"; an address its building, flat or house
number written after it ("Les Hauts de Brunet | , bât. A2", "chemin Bel-Air | , n° 43"), a
student's room ("Résidence Paul Appell | , chambre 514"), a hospital's wing or level ("71 bd
Pinel | , aile D"), or the second part of an address written in two ("ZAC des Docks | , 27 rue
du Havre"); "c/o" before a domicile ("c/o | Emmaüs Solidarité").
Annotators mark the whole name, and an edge left beside a surrogate tells the reader which
real body or place it was; `widen_names` widens such an entity over its edges.
"""

from __future__ import annotations

import re

from clindeid.detect.heads import CARE_HEADS, HOTEL_NOT_LODGING, OF, ORG_HEADS_BEFORE_PLACE
from clindeid.detect.rules._chars import LOWER, UPPER
from clindeid.detect.rules.places import COMPLEMENTS_AFTER_ADDRESS
from clindeid.document import Entity
from clindeid.knowledge import is_common_word, is_first_name
from clindeid.knowledge.vocabulary import never_lowercase

# what makes a "centre" a place of care ("centre de vaccinations", "centre dentaire"), not a
# town centre or a training centre ("centre de formation du | Stade de Reims")
_CARE_CENTRE = re.compile(
    r"(?i:vaccin|dentaire|lutte|d[ée]pistage|sant[ée]|soins|dialyse|r[ée][ée]ducation|"
    r"r[ée]adaptation|m[ée]dic|planification|consultation|pr[ée]vention|addicto|"
    r"traitement|radioth[ée]rapie|imagerie|h[ée]modialyse|gu[ée]rison|cure|r[ée]f[ée]rence|"
    r"ressources|comp[ée]tences?|hospitali)"
)
# Words that end a name's head: a verb, pronoun or preposition means the head is not the
# entity's ("le centre pour voir sa fille de | Bayonne").
_STOP_WORDS = (
    "pour|avec|sa|son|ses|sur|par|et|à|au|aux|chez|qui|que|est|a|été|en|dans|le|les|un|une|"
    "il|elle|ou|mais|puis|vers|ne|pas|se|ce|cette|ces|leur|leurs|mon|ma|mes|son|y|on"
)
_HEADS = rf"(?i:{CARE_HEADS}|{ORG_HEADS_BEFORE_PLACE})"
# a site's name after a hospital and a dash, closed by another dash or the line's end
_SITE_AFTER_DASH = re.compile(
    rf"[ \t]+[–—][ \t]+(?P<site>[{UPPER}][{LOWER}]+(?:-[{UPPER}][{LOWER}]+)*)"
    rf"(?=[ \t]+[–—]|[ \t]*\n|[ \t]*$)"
)
# a care specialty or unit written as one word ("Neuropédiatrie", "Rythmologie"), no site
_SPECIALTY_PART = re.compile(
    r"(?i:logie|iatrie|th[ée]rapie|graphie|scopie|chirurgie|p[ée]die|tomie|natalit[ée]|"
    r"natologie|ologue)(?:-|$)"
)
_EN_GAP = re.compile(r"[ \t]+en[ \t]+")
# a capitalised first name right before a name in capitals, on the same line
_FIRST_NAME_BEFORE = re.compile(
    rf"(?<![\w'’.-])(?P<first>[{UPPER}][{LOWER}]+(?:-[{UPPER}][{LOWER}]+)?)[ \t]+$"
)
_MODIFIER = rf"(?:{OF}|(?!(?:{_STOP_WORDS})\b)[a-zà-ÿ-]+)"
# head, then up to five lowercase words ("de vaccinations", "des anciens marins",
# "territoriale"), then the "de" before the name: only a place follows it
_HEAD_THEN_DE = re.compile(
    rf"(?<![\w-])(?P<head>{_HEADS})(?P<mods>(?:[ \t]+{_MODIFIER}){{0,5}}?)"
    rf"[ \t]+{OF}[ \t]*$"
)
# a head right before a name ("EHPAD | Résidence du Pin")
_HEAD_ADJACENT = re.compile(rf"(?<![\w-])(?P<head>{_HEADS})[ \t]+$")
_OPENS_ON_DE = re.compile(r"(?:de|du|des|d['’])[ \t]*[A-ZÀ-Ý]")
# what completes an address after it: "Les Hauts de Brunet, bât. A2", "chemin Bel-Air, n° 43",
# "Cité Henri IV, bâtiment Bananier" (the vocabulary beside the in-address one, in places)
_ADDRESS_COMPLEMENT = re.compile(
    r",?[ \t]*(?:" + "|".join(COMPLEMENTS_AFTER_ADDRESS) + r")(?![\w])"
)
# a body's site after its name: " – site de ", " - SITE D'", " – site " (recent sets annotate
# the site with its body)
_SITE_GAP = re.compile(
    r"[ \t]*[–—-][ \t]*(?i:site)(?:[ \t]+(?i:de[ \t]+la|de[ \t]+l['’]|de|du|des)[ \t]*|"
    r"[ \t]+(?i:d['’])|[ \t]+)"
)
# the unit after an age's number: "à 3 ans", "de 18 mois"
_AGE_UNIT = re.compile(r"[ \t\u00a0]+(?:ans?|mois|semaines|jours)(?![\w'’-])")
# the mainland after "France": "France hexagonale", "FRANCE MÉTROPOLITAINE"
_MAINLAND = re.compile(r"[ \t]+(?i:hexagonale|m[ée]tropolitaine|continentale)(?![\w-])")
# lodgings whose room or flat, written after their name, is part of an address: "Hôtel du
# Parc, chambre 17"
_LODGING = re.compile(rf"(?i:h[ôo]tel{HOTEL_NOT_LODGING}|r[ée]sidence|camping|foyer)[ \t]")
# a hostel's head before the body that runs it: "foyer | Adoma", "résidence sociale | Adoma"
_HOSTEL_BEFORE = re.compile(
    r"(?<![\w-])(?P<head>(?:[Ff]oyer|[Rr][ée]sidence[ \t]+sociale|FOYER)(?:[ \t]+(?:de[ \t]+"
    r"travailleurs[ \t]+migrants|d['’]h[ée]bergement))?)[ \t]+$"
)
# a body's name that ends on "de" before an article and a place ("Mutuelle de | l'Indre")
_ENDS_ON_OF = re.compile(r"(?<![\w'’-])(?:de|du|des|DE|DU|DES)$")
_ARTICLE_GAP = re.compile(r"[ \t]*(?:[lL]['’]|(?:la|le|les|LA|LE|LES)[ \t]+)?[ \t]*")
# "c/o" (care of) before the body or address a person is domiciled at: inside its name
_CARE_OF = re.compile(r"(?<![\w/])(?i:c/o)[ \t]+$")
_CARE = re.compile(rf"(?i:{CARE_HEADS})")
# a short number closing a name, then the end of the phrase: "Domicile Clinic 31, 2 h/j"
# A hospital's second patron after a dash, a first name and a surname joined: "Hôpital Bichat
# – Claude-Bernard", "Lariboisière – Fernand-Widal".
_SECOND_PATRON = re.compile(
    rf"[ \t]*[–—-][ \t]*(?P<first>[{UPPER}][{LOWER}]+)-[{UPPER}][{LOWER}]+(?![\w-])"
)
_NUMBER_AFTER = re.compile(
    r"[ \t]+(?:\d{1,2}|2[AB])(?![\w°%-]|[,.:/]\d|[ \t]*(?:[a-zµ]|h\b|H\b))"
    r"(?=[ \t]*(?:$|[.,;:)–—-]|\n|[ \t](?:de|du|d['’]|à|au)[ \t]))",
    re.MULTILINE,
)
# an arrondissement closing a city body's name: "commissariat de Marseille 3e" (not a
# school year, "collège Jean Moulin 4e", nor a clinic's floor)
_ARRONDISSEMENT_BODY = re.compile(r"(?i:commissariat|mairie|police|tribunal|arrondissement)")
_ORDINAL_AFTER = re.compile(
    r"[ \t]+\d{1,2}(?:e|er|ème|eme)(?![\w°%-])(?=[ \t]*(?:$|[.,;:)–—-]|\n))", re.MULTILINE
)
_LOOK_BACK = 80
# a consulate or an embassy, named with the town it sits in ("… du Sénégal à Paris")
_CONSULATE = re.compile(r"(?i:consulat|ambassade)")
_TO_CITY = re.compile(r"[ \t]*(?:[àÀ][ \t]+)?")
# the comma between the two parts of one address on one line
_COMMA_GAP = re.compile(r"[ \t]*,[ \t]*")


def _head_before(entity: Entity, text: str, floor: int) -> re.Match[str] | None:
    """The head before a place that ends a body's name ("coopérative de | Grand-Coude"); a
    body's own name keeps its heads out ("centre | Les Embruns", "équipe mobile du | CH de
    Blois": annotated without them), but for an EHPAD named after its residence."""
    window_start = max(floor, entity.start - _LOOK_BACK)
    if entity.label in ("CITY", "LOCATION"):
        m = _HEAD_THEN_DE.search(text, window_start, entity.start)
        # "centre de | Bayonne" is the town centre, "centre de formation du | Stade de Reims"
        # no place of care
        if m is not None and m.group("head").lower() == "centre" and not _CARE_CENTRE.search(
            m.group("mods")
        ):
            return None
        return m
    if entity.label in ("HOSPITAL", "ORG") and _OPENS_ON_DE.match(text, entity.start):
        # a name found from its "de" on lost its head: "coopérative | de Grand-Coude"
        return _HEAD_ADJACENT.search(text, window_start, entity.start)
    if entity.label == "ORG" and not _LODGING.match(text, entity.start):
        # "foyer | Adoma": the hostel of a body, the resident's address
        return _HOSTEL_BEFORE.search(text, window_start, entity.start)
    if entity.label == "ADDRESS" and text.startswith(("Résidence", "résidence"), entity.start):
        m = _HEAD_ADJACENT.search(text, window_start, entity.start)  # "EHPAD | Résidence du Pin"
        return m if m is not None and m.group("head").lower() == "ehpad" else None
    return None


def _with_complements(
    address: Entity, following: list[Entity], text: str
) -> tuple[Entity, bool]:
    """``address`` widened over the complements written after it, and whether it took the
    next entity (``following[0]``, an address part or a town a complement covers whole:
    "bâtiment | Bananier", "apt | 312", Apt being a commune); never over the entity after
    those."""
    took_next = False
    limit = following[0].start if following else len(text)
    tail = _ADDRESS_COMPLEMENT.match(text, address.end)
    while tail is not None and tail.end() > address.end:
        if tail.end() > limit:
            part = following[0] if following and not took_next else None
            if part is None or part.label not in ("ADDRESS", "CITY", "LOCATION") or (
                part.end > tail.end()
            ):
                break
            took_next = True
            limit = following[1].start if len(following) > 1 else len(text)
            if tail.end() > limit:
                break
        address = address.with_(end=tail.end())
        tail = _ADDRESS_COMPLEMENT.match(text, address.end)
    return address, took_next


def widen_names(entities: list[Entity], text: str) -> list[Entity]:
    """``entities`` (in reading order, none overlapping) with each body's name widened over
    the head left before it, the number left after it and a "c/o" before it, and each
    address over its complements (an address part a complement covers whole, "bâtiment |
    Bananier", is taken in) and over the next address part after a comma ("ZAC des Docks, |
    27 rue du Havre"), each body over its site ("Laboratoire X – site de | Gradignan"), an
    age's number over its unit ("3 | ans") and "France" over "hexagonale"; a place that
    becomes a body's name becomes a HOSPITAL (a care head) or an ORG. The result overlaps no
    more than ``entities``."""
    out: list[Entity] = []
    swallowed = -1  # an address part a complement took whole ("bâtiment | Bananier")
    for i, e in enumerate(entities):
        if i == swallowed:
            continue
        floor = out[-1].end if out else 0
        if e.label in ("ADDRESS", "ORG", "HOSPITAL"):
            care_of = _CARE_OF.search(text, max(floor, e.start - 8), e.start)
            if care_of is not None:
                e = e.with_(start=care_of.start())
        m = _head_before(e, text, floor)
        if m is not None:
            if e.label in ("CITY", "LOCATION", "ADDRESS"):  # its place value no longer holds
                label = "HOSPITAL" if _CARE.fullmatch(m.group("head")) else "ORG"
                e = Entity(m.start("head"), e.end, label, source=e.source, score=e.score)
            else:
                e = e.with_(start=m.start("head"))
        if e.label == "ADDRESS" or (e.label == "ORG" and _LODGING.match(text, e.start)):
            # not an EHPAD's residence: its room is no address; a hotel's room is
            e, took_next = _with_complements(e, entities[i + 1 : i + 3], text)
            if took_next:
                swallowed = i + 1
        if e.label == "ORG" and i + 1 < len(entities) and _CONSULATE.match(text, e.start):
            nxt = entities[i + 1]
            if nxt.label == "CITY" and _TO_CITY.fullmatch(text, e.end, nxt.start):
                # "Consulat général du Sénégal | à | Paris": the consulate's seat is its name's
                e = e.with_(end=nxt.end)
                swallowed = i + 1
        if e.label in ("HOSPITAL", "ORG") and i + 1 < len(entities):
            nxt = entities[i + 1]
            if nxt.label in ("CITY", "LOCATION", "HOSPITAL") and _SITE_GAP.fullmatch(
                text, e.end, nxt.start
            ) and text.count("\n", e.start, nxt.end) == 0:
                # "Laboratoire Biolab Atlantique – site de | Gradignan": a site of the body
                e = e.with_(end=nxt.end)
                swallowed = i + 1
        if e.label in ("HOSPITAL", "ORG") and i + 1 < len(entities):
            nxt = entities[i + 1]
            if nxt.label in ("CITY", "LOCATION") and _ENDS_ON_OF.search(
                text, e.start, e.end
            ) and _ARTICLE_GAP.fullmatch(text, e.end, nxt.start):
                # "Mutuelle de | l' | Indre": the name the model cut at its article
                e = e.with_(end=nxt.end)
                swallowed = i + 1
        if e.label == "ORG" and i + 1 < len(entities):
            nxt = entities[i + 1]
            if nxt.label in ("CITY", "LOCATION") and _EN_GAP.fullmatch(text, e.end, nxt.start):
                # "Grandir | en | Nouvelle-Aquitaine", "Allaiter | en | Berry": a body's name
                # that ends on its region
                e = e.with_(end=nxt.end)
                swallowed = i + 1
        if e.label == "HOSPITAL":
            patron = _SECOND_PATRON.match(text, e.end)
            if patron is not None and patron.group("first") not in ("Saint", "Sainte") and (
                is_first_name(patron.group("first"))
            ):
                nxt = entities[i + 1] if i + 1 < len(entities) else None
                if nxt is None or nxt.start >= patron.end():
                    e = e.with_(end=patron.end())
                elif nxt.label == "HOSPITAL" and nxt.end <= patron.end():
                    e = e.with_(end=patron.end())  # the patron found alone, a hospital too
                    swallowed = i + 1
        if e.label in ("HOSPITAL", "ORG"):
            tail = _NUMBER_AFTER.match(text, e.end)
            if tail is None and _ARRONDISSEMENT_BODY.search(text, e.start, e.end):
                tail = _ORDINAL_AFTER.match(text, e.end)
            if tail is not None and (i + 1 == len(entities) or entities[i + 1].start >= tail.end()):
                e = e.with_(end=tail.end())
        if e.label == "PERSON" and text[e.start : e.start + 2].isupper():
            first = _FIRST_NAME_BEFORE.search(text, max(floor, e.start - 30), e.start)
            if first is not None and is_first_name(first.group("first")) and not (
                is_common_word(first.group("first").lower())
            ):
                # "ce mardi 28 juillet | Raphaël | DE OLIVEIRA PINTO": the first name the model
                # left before a surname in capitals
                e = e.with_(start=first.start("first"))
        if e.label == "AGE" and text[e.start : e.end].isdigit():
            unit = _AGE_UNIT.match(text, e.end)
            if unit is not None and (i + 1 == len(entities) or entities[i + 1].start >= unit.end()):
                e = e.with_(end=unit.end())  # "à 3 | ans": the unit the model left out
        if e.label == "LOCATION" and text[e.start : e.end].lower() == "france":
            mainland = _MAINLAND.match(text, e.end)
            if mainland is not None and (
                i + 1 == len(entities) or entities[i + 1].start >= mainland.end()
            ):
                e = e.with_(end=mainland.end())  # "France hexagonale", "France métropolitaine"
        if (
            e.label == "ADDRESS" and out and _COMMA_GAP.fullmatch(text, out[-1].end, e.start)
            and (out[-1].label == "ADDRESS"
                 or (out[-1].label == "LOCATION" and text[e.start : e.start + 1].isdigit()))
        ):
            # "ZAC des Docks, 27 rue du Havre", "Parc d'activités des Grands Prés, 5 rue
            # Ambroise-Croizat": one address written in two parts
            out[-1] = Entity(out[-1].start, e.end, "ADDRESS", source=e.source, score=e.score)
            continue
        out.append(e)
        if e.label == "HOSPITAL":
            site = _SITE_AFTER_DASH.match(text, e.end)
            if site is not None and never_lowercase(site.group("site")) and not (
                _SPECIALTY_PART.search(site.group("site"))
            ) and (
                i + 1 == len(entities) or entities[i + 1].start >= site.end("site")
            ):
                # "Centre hospitalier de Bourg-en-Bresse – | Fleyriat | – médecine": the
                # hospital's site named after a dash in a letterhead
                out.append(Entity(site.start("site"), site.end("site"), "HOSPITAL",
                                  source=e.source, score=e.score))
    return out
