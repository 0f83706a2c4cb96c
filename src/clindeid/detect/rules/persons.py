"""PERSON detection by rules: titles, field labels, signatures and name dictionaries.

Five passes, each one compiled regex over the whole text:

1. **Titles** (``Dr``, ``Mme``, ``Pr``, ``Interne``, ``IDE``, ``Me``…) followed by name tokens
   (capitalised or UPPERCASE words, initials, particles, hyphens and apostrophes).
   Source ``pattern/person-title``.
2. **Field labels** (``Nom :``, ``Prénom :``, ``Patient :``, ``Internes :``, ``Rédigé par``,
   ``Copie à :``, ``Médecin traitant :``, ``née``, ``épouse``…) followed by a name or a list of
   names. Source ``pattern/person-title``.
3. **Signatures**: lines that are only a name in the few lines under a closing formula
   (``Cordialement``, ``Bien confraternellement``…). Source ``heuristic/person-signature``.
4. **Dictionary pairs** without a title: ``Prénom NOM``, ``NOM Prénom``, ``J. NOM`` weighted by
   the first-name / surname frequencies of :mod:`clindeid.knowledge` and lowered by its
   common-word list. Source ``dictionary/person`` (both words known) or
   ``heuristic/person-pair`` (one known first name next to an unknown UPPERCASE word).
5. **Repeats**: surnames found by passes 1–2 elsewhere in the same document (capitalised or
   UPPERCASE occurrences only). Source ``heuristic/person-repeat``.

Clinical acronyms, section headers, drugs, months and eponyms (``maladie de Parkinson``)
are negatives. Attributes: ``role`` (``patient``/``staff``/``other``), ``part``
(``first``/``last``/``full``/``initials``), ``sex`` (``M``/``F``) when a civility says so.
The title or trigger word is never inside the span.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from clindeid.detect.rules._chars import LOWER, UPPER
from clindeid.document import Document, Entity
from clindeid.knowledge.normalize import normalize_key

# --------------------------------------------------------------------------------------
# Data: characters, titles, triggers, stop lists
# --------------------------------------------------------------------------------------

_UP = UPPER  # every Latin capital: "WIŚNIEWSKI", "ŁUKASZEWSKI", "Ørsted"
_LO = LOWER
_AP = "'’"

# One name word: "Dupont", "DUPONT", "McDonald", "N'Guyen", "D'ALMEIDA", "Jean-Pierre",
# "BLANCHARD-ROY", "Thu-Hà".
_WORD_PART = (
    rf"(?:[{_UP}][{_LO}]+(?:(?<=c)[{_AP}]h[{_LO}]*)?(?:[{_UP}][{_LO}]+)?"
    rf"|[{_UP}]{{2,}}(?:(?<=C)[{_AP}]H[{_UP}]*)?)"
)
_WORD = (
    rf"(?:[DLMNOdl][{_AP}])?{_WORD_PART}"
    rf"(?:-(?:[DLNO][{_AP}])?(?:{_WORD_PART}|[{_UP}][{_LO}]*))*"
)
# Initials: "J.", "J.-P.", "P.E.", "J-P"
# Abbreviated first names written like initials: "Ph. Cariou", "Th. Bergès", "Chr. Roy".
FIRST_NAME_ABBREVIATIONS: tuple[str, ...] = ("Ch", "Chr", "Cl", "Fr", "Gh", "Ph", "Th")
_ABBR = "|".join(FIRST_NAME_ABBREVIATIONS)
_INITIALS = (
    rf"(?:{_ABBR})\.(?:-[{_UP}]\.)?(?=[ \t]+[{_UP}])|[{_UP}]\.(?:-?[{_UP}]\.)*"
    rf"|[{_UP}]-[{_UP}](?![\w.])"
)
# Lowercase surname (only after a strong lowercase title: "vu avec dr lefebvre").
_LOWER_WORD = rf"(?:[dln]['’])?[{_LO}]{{3,}}(?:-[{_LO}]{{2,}})*"
# Lowercase particle before a lowercase surname: "mme le calvez", "dr de la porte".
_LOWER_PARTICLE = r"(?:de[ \t]+la|de|du|des|le|la|van|von|ben|el)[ \t]+"
MAX_LOWER_TOKENS = 3
# Particles that only occur inside names: the word after them may be a common word
# ("Maria das Dores", "van Houten", "Ben Salem").
FOREIGN_PARTICLES: frozenset[str] = frozenset(
    {"da", "do", "das", "dos", "del", "della", "di", "van", "von", "der", "den", "ter", "ten",
     "ben", "bin", "el", "al"}
)  # "mme le calvez marie-annick": particle + two words
# Particles inside names: "de La Fontaine", "Van Der Berg", "d'Almeida", "Ben Ali".
_PARTICLE = (
    r"(?:de|du|des|la|le|van|von|der|den|ter|ten|di|da|do|del|della|dos|das|ben|bin|el|al|"
    r"De|Du|Des|La|Le|Van|Von|Der|Den|Ter|Ten|Di|Da|Do|Del|Della|Dos|Das|Ben|Bin|El|Al|Mac|Mc|"
    r"DE|DU|DES|LA|LE|VAN|VON|DER|DEN|DI|DA|DEL|DOS|DAS|BEN|EL|AL)"
)

# Titles: (regex, kind, sex). Kinds: civility, staff, staff_plural, lawyer.
# ``weak`` titles are also ordinary words/acronyms: their names must not be common words.
TITLES: tuple[tuple[str, str, str | None, bool], ...] = (
    (r"Monsieur|MONSIEUR|monsieur|Mr\.?|MR\.?|M\.|M(?=[ \t]+[A-Z])", "civility", "M", False),
    (r"Madame|MADAME|madame|Mme\.?|MME\.?|mme\.?|Mmes\.?|Mrs\.?|Ms\.?|Miss", "civility", "F",
     False),
    (r"Mademoiselle|MADEMOISELLE|Mlle\.?|MLLE\.?|mlle\.?", "civility", "F", False),
    (r"Messieurs|MM\.", "civility", "M", False),
    (r"Docteurs|DOCTEURS|Drs\.?|DRS\.?", "staff_plural", None, False),
    (r"Docteure?|DOCTEURE?|docteur|Dr\.?|Dre\.?|dr\.?", "staff", None, False),
    (r"DR\.?", "staff", None, True),
    (r"Professeurs|PROFESSEURS|Prs\.?", "staff_plural", None, False),
    (r"Professeure?|PROFESSEURE?|professeur|Pr\.|Pr|Prof\.?|Pf\.?", "staff", None, False),
    (r"PR\.?", "staff", None, True),
    (r"Internes?|INTERNES?|interne|Externes?|[Ii]nfirmier|INFIRMIER", "staff", None, True),
    (r"[Ii]nfirmi[èe]re|INFIRMI[ÈE]RE|[Ss]age-femme|SAGE-FEMME", "staff", "F", True),
    (r"IDE|IBODE|IADE|IPA|ASH|AS|AP|ARM|[Kk]in[ée]|[Cc]adre", "staff", None, True),
    (r"[Oo]p[ée]rateur|[Aa]ide|[Aa]nesth[ée]siste|[Cc]hirurgien|[Rr]adiologue", "staff", None,
     True),
    (r"Ma[îi]tre|Me", "lawyer", None, True),
    # police and military ranks before a name: "le brigadier KACZMAREK", "le sergent Ferrandi"
    (r"[Bb]rigadier(?:-chef)?|[Gg]ardien(?:ne)?[ \t]+de[ \t]+la[ \t]+paix|"
     r"[Ll]ieutenant(?:-colonel)?|[Cc]apitaine|[Cc]ommandant|[Cc]olonel|[Aa]djudante?(?:-chef)?|"
     r"[Ss]ergente?(?:-chef)?|[Cc]aporale?(?:-chef)?|[Mm]ar[ée]chal[ \t]+des[ \t]+logis(?:-chef)?|"
     r"[Mm]ajor|[Gg]endarme|[Ss]oldat|[Ll][ée]gionnaire|[Ss]apeur|[Qq]uartier-ma[îi]tre|"
     r"[Mm]atelot|[Bb]rigadi[èe]re", "rank", None, True),
)

# What may follow a job in a label: "Infirmière de coordination :", "Médiateur en santé :".
ROLE_QUALIFIER = (
    r"(?:[ \t]+(?i:de[ \t]+(?:coordination|liaison|jour|nuit|garde|secteur|l['’][ée]quipe|"
    r"pratique[ \t]+avanc[ée]e|suivi|soins|pharmacie|laboratoire|radiologie)|"
    r"d['’][ \t]*(?:accueil|orientation|annonce)|r[ée]f[ée]rente?|coordinat(?:eur|rice)|"
    r"lib[ée]rale?|en[ \t]+sant[ée]|du[ \t]+travail|pu[ée]ricultrice|hospitali[eè]re?))?"
)

# Field labels before a name: (regex, role, part hint, list allowed, strong).
FIELDS: tuple[tuple[str, str, str | None, bool, bool], ...] = (
    (
        r"(?i:nom[ \t]+(?:de[ \t]+naissance|d[' ’]usage|marital|patronymique|de[ \t]+famille|"
        r"de[ \t]+jeune[ \t]+fille|du[ \t]+patient|de[ \t]+la[ \t]+patiente|usuel)"
        r"|nom[ \t]*(?:et|/|-|,)[ \t]*pr[ée]noms?|identit[ée](?:[ \t]+du[ \t]+patient)?)"
        r"[ \t]*:",
        "patient", None, False, True,
    ),
    (r"(?:NOM|Nom|nom)[ \t]*:", "patient", "last", False, True),
    (r"(?i:pr[ée]noms?(?:\(s\))?)[ \t]*:", "patient", "first", False, True),
    # a form in capitals without colons: "NOM OZTÜRK   PRÉNOM ELIF   NÉE LE …"
    (r"PR[ÉE]NOMS?(?=[ \t]+(?!(?:DE|DU|DES|ET|USUEL|D['’])\b)[A-ZÀ-Ý])", "patient", "first",
     False, False),
    (r"NOM[ \t]+(?:D['’][ \t]*USAGE|DE[ \t]+NAISSANCE)(?=[ \t]+[A-ZÀ-Ý])", "patient", "last",
     False, False),
    (r"(?i:patiente?|assur[ée]e?|b[ée]n[ée]ficiaire|enfant|concerne|usag[eè]re?|r[ée]sidente?)"
     r"[ \t]*:", "patient", None,
     False, False),
    (r"\b(?:n[ée]e|ép\.|[ée]pouse|veuve|divorc[ée]e)", "patient", "last", False, False),
    (
        r"(?i:personnes?[ \t]+(?:de[ \t]+confiance|[àa][ \t]+pr[ée]venir)|"
        r"contacts?(?:[ \t]+(?:familial|proche|d['’][ \t]*urgence|principal))?|"
        r"accompagnante?s?|aidante?s?(?:[ \t]+principale?)?|tut(?:eur|rice)|appelante?|"
        r"curat(?:eur|rice)|mandataire(?:[ \t]+judiciaire)?|repr[ée]sentant[ \t]+l[ée]gal)"
        r"[ \t]*:",
        "other", None, True, False,
    ),
    (
        r"(?i:internes?|externes?|chefs?[ \t]+de[ \t]+(?:service|clinique|p[ôo]le)|"
        r"m[ée]decins?(?:[ \t]+(?:traitant|r[ée]f[ée]rent|responsable|senior|adresseur|"
        r"demandeur|prescripteur|correspondant|de[ \t]+garde|anesth[ée]siste|"
        r"coordonnateur))?|praticiens?(?:[ \t]+hospitaliers?)?|op[ée]rateurs?|chirurgiens?|"
        r"anesth[ée]sistes?|aides?[ \t]+op[ée]ratoires?|infirmi[èe]re?s?|cadres?(?:[ \t]+de"
        r"[ \t]+sant[ée])?|secr[ée]taires?|kin[ée]sith[ée]rapeutes?|psychologues?|"
        r"di[ée]t[ée]ticien(?:ne)?s?|assistante?s?(?:[ \t]+sociale?s?)?|sages?-femmes?|"
        r"participants?|[ée]quipe|pr[ée]sents?|r[ée]sidents?|radiologues?|prescripteur|"
        r"destinataires?|copies?(?:[ \t]+[àa])?|cc|correspondants?|signataire|"
        r"(?:r[ée]dig[ée]|valid[ée]|sign[ée](?:[ \t]+[ée]lectroniquement)?|dict[ée]|"
        r"saisi|relu|vu|revu|transcrit|interpr[ée]t[ée]|examin[ée])e?s?[ \t]+par)"
        rf"{ROLE_QUALIFIER}[ \t]*:",
        "staff", None, True, False,
    ),
    (
        # care-team acronyms and jobs before a colon: "IDE : Jessica", "IBODE : Maïté, Kevin R."
        r"(?:\b(?:IDE|IBODE|IADE|IPA|ASH?|AP|ARM|AMP|AES|IDEL|IPRP)s?|(?i:manipulat(?:eur|rice)s?"
        r"(?:[ \t]+radio)?|kin[ée]s?|orthophonistes?|ergoth[ée]rapeutes?|"
        r"psychomotricien(?:ne)?s?|pharmacien(?:ne)?s?|brancardiers?|s[ée]niors?|"
        r"auxiliaires?[ \t]+de[ \t]+pu[ée]riculture|r[ée]gulat(?:eur|rice)|"
        r"pr[ée]parat(?:eur|rice)s?|m[ée]diat(?:eur|rice)s?|techniciens?|techniciennes?|"
        r"[ée]ducat(?:eur|rice)s?|aides?-soignante?s?|sign[ée]e?|"
        # "Interprète wallisien :", "traductrice (tamoul) :"
        r"(?:interpr[èe]te|traduct(?:eur|rice))s?(?:[ \t]+\(?[a-zéèëï-]+\)?)?))"
        rf"{ROLE_QUALIFIER}[ \t]*:",
        "staff", None, True, False,
    ),
    (
        r"(?i:(?:r[ée]dig[ée]|valid[ée]|sign[ée](?:[ \t]+[ée]lectroniquement)?|dict[ée]|"
        r"saisi|relu|transcrit|interpr[ée]t[ée]|adress[ée]e?)s?[ \t]+par|"
        r"m[ée]decin[ \t]+traitant|copie[ \t]+[àa])",
        "staff", None, True, False,
    ),
)

# Family / other-person cues just before a civility: the person is not the patient.
OTHER_CUES = (
    r"fils|fille|m[èe]re|p[èe]re|[ée]poux|[ée]pouse|mari|femme|fr[èe]re|s(?:œ|oe)ur|conjointe?|"
    r"compagne|compagnon|concubine?|tuteur|tutrice|curateur|curatrice|"
    r"personne[ \t]+de[ \t]+confiance|voisine?|amie?|ni[èe]ce|neveu|oncle|tante|"
    r"petite?-(?:fils|fille)|grand-m[èe]re|grand-p[èe]re|parents?|belle-(?:fille|s(?:œ|oe)ur|m[èe]re)|"
    r"beau-(?:fils|fr[èe]re|p[èe]re)|avocate?|employeur|accompagn[ée]e?[ \t]+(?:de|par)"
)
# Patient cues before a civility (same sentence, close by).
PATIENT_CUES_BEFORE = (
    r"patiente?s?|concerne|objet|identit[ée]|chez|vu(?:e)?|revu(?:e)?|re[çc]u(?:e)?|"
    r"examin[ée]e?|hospitalis[ée]e?|admise?|op[ée]r[ée]e?|suivie?|consultation|"
    r"accueilli(?:e)?|pris(?:e)?[ \t]+en[ \t]+charge|assur[ée]e?|enfant"
)
# What follows a patient's name: birth, age, clinical verbs.
PATIENT_CUES_AFTER = (
    r"n[ée]e?\b|\(?\d{1,3}[ \t]*ans\b|âg[ée]e?|pr[ée]sente|d[ée]crit|rapporte|signale|"
    r"se[ \t]+plaint|"
    r"r[ée]side|vit\b|sera\b|est\b|a[ \t]+[ée]t[ée]|revient|consulte|b[ée]n[ée]ficie|souffre|"
    r"ne[ \t]+pr[ée]sente|n'a\b|rentre|sort\b|refuse|accepte|d[ée]clare|explique|pr[ée]cise|"
    r"nous[ \t]+(?:est|a)|reste|garde|poursuit|d[ée]veloppe|porte|tol[èe]re"
)
# Banner layouts: "DUPONT Marie | née le …", "DUPONT Marie — F — 12/03/1950".
BANNER_AFTER = (
    r"[ \t]*[—|–-]+[ \t]*(?:[MF]\b|\d{1,2}[/.]\d{1,2}[/.]\d{2,4}|n[ée]e?\b|\d{1,3}[ \t]*ans)"
)
PATIENT_LABELS = (
    r"patiente?|assur[ée]e?|b[ée]n[ée]ficiaire|concerne|objet|identit[ée]|nom|"
    r"nom[ \t]+(?:de[ \t]+naissance|d['’]usage|marital)|enfant|patient\(e\)"
)
STAFF_CUES_AFTER = (
    r"\(?(?:interne|IDE|IBODE|IADE|cadre|externe|urologue|oncologue|radiologue|cardiologue|"
    r"anesth[ée]siste|chirurgien(?:ne)?|infirmi[èe]re?|m[ée]decin|pharmacien(?:ne)?|kin[ée]|"
    r"psychologue|di[ée]t[ée]ticienne?|praticien|assistante?|secr[ée]taire|sage-femme)"
)
# Care-team roles that, right after a first name, make it a staff member.
CARE_ROLES_AFTER_NAME = (
    r"IDE|IBODE|IADE|IPA|AS|ASH|AP|ARM|(?i:internes?|externes?|kin[ée](?:sith[ée]rapeute)?|"
    r"aide-soignante?|infirmi[èe]re?|pu[ée]ricultrice|sage-femme|technicien(?:ne)?|cadre|"
    r"psychologue|assistante?[ \t]+sociale?|di[ée]t[ée]ticien(?:ne)?|orthophoniste|"
    r"ergoth[ée]rapeute|psychomotricien(?:ne)?|manipulat(?:eur|rice)|pr[ée]parat(?:eur|rice)|"
    r"secr[ée]taire|m[ée]diat(?:eur|rice)|[ée]ducat(?:eur|rice)|brancardi[eè]re?|"
    r"auxiliaire|agent[ \t]+de[ \t]+service|ambulanci[eè]re?|r[ée]gulat(?:eur|rice)|"
    r"coursi(?:er|ère)|logisticien(?:ne)?|interpr[èe]te|b[ée]n[ée]vole|aum[ôo]ni(?:er|ère))"
)
SIGNATURE_CLOSINGS = (
    r"(?:bien[ \t]+)?(?:cordialement|confraternellement|amicalement|respectueusement)|"
    r"bien[ \t]+[àa][ \t]+(?:vous|toi)|"
    r"(?:avec|veuillez[^\n]{0,40})[ \t]+(?:mes|nos)[ \t]+(?:meilleures|sinc[èe]res|"
    r"respectueuses|confraternelles|cordiales|amicales)?[ \t]*(?:salutations|sentiments|"
    r"amiti[ée]s)[^\n]{0,60}|"
    r"(?:le|la)[ \t]+(?:m[ée]decin|praticien|docteur|interne)(?:[ \t]+\w+)?[ \t]*:?"
)

# Relatives and close persons named by their first name alone: "son grand frère Adam",
# "sa mère, Nathalie", "Frère aîné, Noah", "une amie, Inès", "prénommée Inês".
RELATIVE_NOUNS = (
    r"(?:(?:arri[èe]re-)?(?:grande?|petite?|demi|beau|belle|jeune)[- ])?"
    r"(?:fr[èe]re|s(?:œ|oe)ur|fils|fille|m[èe]re|p[èe]re|maman|papa|enfant|b[ée]b[ée]|oncle|"
    r"tante|cousine?|ni[èe]ce|neveu|[ée]poux|[ée]pouse|mari|femme|conjointe?|compagnon|"
    r"compagne|concubine?|partenaire|fianc[ée]e?|amie?|copain|copine|voisine?|tuteur|"
    r"tutrice|curateur|curatrice|jumeau|jumelle|parrain|marraine|filleule?|gendre|bru|"
    r"aidante?|petite?-amie?|parent|nouveau-n[ée]e?|nounou|nourrice|famille|"
    r"coloc(?:ataire)?|colocataire|coll[èe]gue|patron(?:ne)?|employeur|logeuse?)s?"
)
RELATIVE_ADJECTIVES = (
    r"a[îi]n[ée]e?s?|cadet(?:te)?s?|benjamine?|maternel(?:le)?s?|paternel(?:le)?s?|"
    r"unique|majeure?s?|mineure?s?|jumelle?s?|d[ée]c[ée]d[ée]e?s?|pr[ée]sente?s?|"
    r"accompagnante?s?|actuel(?:le)?|nouvelle|nouveau|ancienne?|de\s+\d{1,2}\s+ans|"
    r"autres?|proches?|joignables?"
)
RELATIVE_DETERMINERS = (
    r"son|sa|ses|leur|leurs|un|une|le|la|les|l['’]|mon|ma|mes|notre|votre|nos|vos|deux|trois|"
    r"du|des|au|aux"
)
# Words that name the next word as a first name whatever precedes them.
NAMING_CUES = (
    r"naissance[ \t]+d[e'’]|pr[ée]nomm[ée]e?s?|surnomm[ée]e?s?|"
    r"appel[ée]e?s?[ \t]+par[ \t]+son[ \t]+pr[ée]nom"
)
# Nicknames in quotes after a naming word: "Jean-Marc dit « Ti-Jean »", "surnommée "Lulu"".
NICKNAME_CUES = (
    r"dite?s?|surnomm[ée]e?s?|alias|appel[ée]e?s?|(?:se[ \t]+fai(?:t|sait)[ \t]+)?appeler"
    r"|pseudo(?:nyme)?|surnom|a\.k\.a\.?"
)
NICKNAME = r"[«\"“][ \t\u00a0]*(?P<name>{word}(?:[ \t]{word})?)[ \t\u00a0]*[»\"”]"
# What follows a lone first name of a relative or child: "Moussa (3 ans)", "« Lulu » (amie)".
FIRST_NAME_THEN = (
    rf"[ \t]*\((?:\d{{1,2}}[ \t]*(?:ans?|mois)\b|(?i:{RELATIVE_NOUNS})\b)"
    rf"|[ \t]*,[ \t]*\d{{1,2}}[ \t]*(?:ans?|mois)\b"
)
LOWER_FIRST_MIN_COUNT = 1000  # lowercase first name after a relative noun: "son cousin samir"
# Cues before a lowercase name in quick notes: "pt keita mamadou", "interne lou-ann perret",
# "signé : c. morel", "dr a. mahé", "mère (nadine)", "une nièce, rose lambert".
LOWER_PATIENT_CUES = r"pte?|patiente?|patient\(e\)"
LOWER_TITLE_CUES = r"dre?\.?|pr\.?|docteure?|professeure?"
LOWER_CIVILITY_CUES = r"mme\.?|mlle\.?|madame|monsieur|mr\.?|m\."
LOWER_STAFF_CUES = (
    r"internes?|externes?|ide|ibode|iade|idel|ipa|infirmi[èe]re?|sage-femme|"
    r"kin[ée](?:sith[ée]rapeute)?|psychologue|sign[ée]e?|r[ée]dig[ée]e?[ \t]+par|"
    r"pr[ée]parat(?:eur|rice)|manipulat(?:eur|rice)|secr[ée]taire|assistante?[ \t]+sociale?|"
    r"aide-soignante?|auxiliaire[ \t]+de[ \t]+pu[ée]riculture"
)
LOWER_STAFF_ACRONYMS = r"AS|ASH|AP|ARM|AMP|AES|IPRP|SF"  # case-sensitive: "AS : kevin"
LOWER_STRONG_FIRST = 10_000  # births: a lowercase first name that needs no surname after it
LOWER_SINGLE_SURNAME = 100  # a lone lowercase surname after a cue
LOWER_COMMON_SURNAME = 1000  # "dr paris": a surname that is also a common word, after dr/pr
MAX_LOWER_WORDS = 3
FREQUENT_SURNAME = 5000  # "Émilie Petit": after a first name, a very frequent surname wins
EPONYM_FIRST_MIN_STRENGTH = 0.7  # "Sarah Wolff": an eponym after a strong first name
# Initials-only names: "C.D.", "M.-L. K.", "(V. M.)"; at least two letters.
_INI = r"[{up}]\.(?:-?[{up}]\.)*"
INITIALS_NAME = rf"{_INI}(?:(?<=-[{{up}}]\.)|(?<=[{{up}}]\.[{{up}}]\.)|[ \t]{_INI})"
# Dotted abbreviations that look like initials but are not names (letters only).
INITIALS_NOT_NAMES: frozenset[str] = frozenset(
    {"NB", "PS", "SA", "CF", "EG", "IE", "PO", "QS", "US", "SP", "PJ", "OK", "TV", "AP", "AM",
     "PM", "RAS", "SAS", "ND", "NR", "NC", "NA", "VS", "ET", "CI", "AL", "JC", "CR", "RD",
     "AR", "AT", "DR", "PR", "MR", "SC", "IM", "IV"}
)  # fmt: skip
# Job words after a title that make "Professeur d'EPS" a profession, not a name.
JOB_OBJECT_ENDINGS: tuple[str, ...] = ("ique", "iques", "ie", "ais", "ol", "sport", "sports")
JOB_TITLES: tuple[str, ...] = ("Professeur", "professeur", "PROFESSEUR", "Professeure",
                               "professeure")


def words(block: str) -> frozenset[str]:
    """The whitespace-separated words of a data block."""
    return frozenset(block.split())


# Clinical acronyms and abbreviations (UPPERCASE) that are never names.
CLINICAL_ACRONYMS: frozenset[str] = words(
    """
    irm hta avc ecg tdm bpco eeg emg etf ett ito iot vvp vvc picc pac sng sad fa acfa tv fv
    ivg ivd ic ica ivd ira irc irca mrc dfg hba1c crp vs nfs bnp ldh cpk asat alat ggt pal
    inr tca tp aod aco avk hbpm ains ipp ieca ara bb tsh t3 t4 psa ace ca cea afp hcg ph
    pco2 po2 sao2 spo2 fio2 ta pa fc fr eva en sat imc bmi ddn dlc dr pr ide ibode iade
    as ash cs ch chu chr cht ehpad ssr usld usic usi rea sau smur samu mco had hdj uhcd
    ecbu pl pbr pbh lba lcr bu ag ap gds cmv hiv vih vhb vhc vha hpv ebv hsv vzv covid
    sars tb bk rx asp tep pet orl ophtalmo ogd fogd rcp rcd rgo mici sep sla tvp ep ea
    ins ir lmnh lnh lam lal lmc llc mgus nyha asa nihss mrs gcs mmse moca adl iadl
    gir apa cmu ame ald cpam mdph cmp cmh hdm rad rras sd cr crh crm cro cc fe fev fevg
    vg vd og od iao ao mi ms msd msg aeg ivs sca st ste nstemi stemi pci atl ptca pontage
    oap ep sdra bavu bav bsa bbd bbg hvg hbg avp epp tsv tsa ecmo vni vmi vs oxy lp sc
    im iv per os po cp cpr gel amp fl sol mg kg ml ui cm mm ui ng pg sa se sf sp nb ras
    nc nr na ne pec prn sos ttt trt atcd atcds adp aeg oh otv ttt cat bio ex dt mtx
    aine paracetamol doliprane dafalgan efferalgan kardegic plavix lovenox xarelto eliquis
    previscan coumadine levothyrox lasilix aldactone augmentin amoxicilline tramadol
    ixprim acupan morphine skenan oxycontin oxynorm topalgic spasfon smecta tahor
    crestor inexium mopral lamaline laroxyl seresta lexomil xanax stilnox imovane
    solupred cortancyl medrol insuline lantus novorapid metformine glucophage
    """
)

# Section headers, clinical and administrative words that look like names when capitalised.
NOT_NAME_WORDS: frozenset[str] = words(
    """
    antecedents antecedent conclusion conclusions traitement traitements sortie entree
    examen examens clinique cliniques histoire maladie motif motifs hospitalisation
    evolution diagnostic diagnostics biologie imagerie allergie allergies allergique
    mode vie habitus resume synthese compte rendu lettre courrier ordonnance certificat
    consultation consultations urgences urgence service services unite unites pole
    departement hopital hopitaux centre clinique cabinet laboratoire pharmacie chirurgie
    medecine cardiologie neurologie pneumologie gastroenterologie nephrologie urologie
    oncologie hematologie endocrinologie rhumatologie dermatologie pediatrie geriatrie
    psychiatrie radiologie anesthesie reanimation gynecologie obstetrique orthopedie
    traumatologie ophtalmologie infectiologie soins intensifs continus reeducation
    medecin medecins chef chefs interne internes externe praticien praticiens
    hospitalier hospitaliere cadre sante docteur professeur infirmier infirmiere
    cardiologue neurologue pneumologue urologue oncologue radiologue anesthesiste
    chirurgien chirurgienne generaliste specialiste traitant referent senior junior
    assistant assistante secretaire secretariat kinesitherapeute psychologue pharmacien
    dieteticienne sage femme aide operatoire operateur ibode iade equipe
    patient patiente patients madame monsieur mademoiselle messieurs mesdames
    nom prenom prenoms date dates sexe age adresse telephone tel fax mail email courriel
    ipp nda nir numero sejour dossier lit chambre secteur etage batiment porte
    objet concerne copie destinataire destinataires signature signe valide redige
    le la les un une des du de au aux et ou mais donc car ni pour par sur sous dans avec
    sans en a il elle ils elles ce cet cette ces son sa ses leur leurs nous vous je on
    qui que quoi dont ou pas plus tres bien lors chez depuis apres avant pendant selon
    entre vers contre apres devant derriere puis ainsi alors aussi deja encore toujours
    jamais rien tout tous toute toutes aucun aucune autre autres meme cher chere chers
    cheres confrere consoeur confreres amities salutations cordialement bonjour merci
    oui non absence absent absente presence present presente normal normale normaux
    droit droite gauche bilateral bilaterale superieur inferieur anterieur posterieur
    total totale partiel partielle aigu aigue chronique severe modere moderee leger legere
    note notes remarque important urgent fin debut suite vu lu approuve
    tableau figure annexe page cedex bp rue avenue boulevard place chemin route impasse
    allee quai cours square residence lieu dit france
    saint sainte st ste notre dame
    scanner echographie radiographie doppler biopsie ponction bilan prise charge
    neuro cardio pneumo gastro nephro uro onco hemato endocrino rhumato dermato pedo
    psy radio anesth rea kine ortho gyneco ophtalmo orl
    tension pression frequence temperature poids taille glycemie saturation score
    gleason tnm figo ann arbor killip child pugh meld ranson apfel ramsay
    maire president presidente directeur directrice juge procureur prefet ministre general
    colonel capitaine commandant commissaire abbe cure pere soeur frere depute senateur
    """
)

MONTHS_DAYS: frozenset[str] = words(
    """
    janvier fevrier mars avril mai juin juillet aout septembre octobre novembre decembre
    janv fevr fev sept oct nov dec lundi mardi mercredi jeudi vendredi samedi dimanche
    """
)

# Eponyms: never persons outside a title context.
EPONYMS: frozenset[str] = words(
    """
    parkinson alzheimer basedow crohn hodgkin babinski lasegue glasgow apgar valsalva
    murphy hashimoto cushing addison raynaud kaposi horton guillain barre charcot
    huntington creutzfeldt jakob marfan kawasaki lyme paget dupuytren heberden meniere
    willebrand wegener sjogren behcet takayasu fallot korsakoff wernicke broca meckel
    hirschsprung barrett zollinger ellison whipple kahler waldenstrom burkitt ewing wilms
    tourette asperger klinefelter epstein cheyne stokes kussmaul quincke nikolsky romberg
    kernig brudzinski mcburney blumberg rovsing homans tinel phalen trendelenburg lachman
    mcmurray schober mallampati cormack aldrete karnofsky breslow gleason killip ranson
    papanicolaou ziehl neelsen lyell steinert duchenne friedreich dejerine horner chiari
    binswanger lewy bourneville recklinghausen sturge osler rendu glisson oddi wirsung
    douglas morgagni treitz bauhin purkinje schwann ranvier langerhans kupffer leydig
    sertoli lisfranc chopart colles pouteau monteggia galeazzi maisonneuve segond
    bankart spiegel zenker boerhaave cruveilhier crigler najjar peutz jeghers
    hinchey cockcroft gault mdrd friedewald holter swan ganz seldinger foley hartmann
    nissen billroth fahr pick down turner conn graves wolff kent stein leventhal
    sezary mycosis vaquez gougerot verneuil bowen dubreuilh darier hansen koch
    doppler gram apfel bristol sydney milan mcdonald goldmann arne curb fazekas
    scheltens grober buschke shaffer
    """
)
# "maladie de X", "signe de X": X is an eponym whatever it is.
EPONYM_CONTEXT = (
    r"(?i:maladies?|signes?|syndromes?|man[œo]euvres?|tests?|scores?|[ée]chelles?|"
    r"classifications?|crit[èe]res?|triades?|t[ée]tralogies?|sondes?|kystes?|fractures?|"
    r"lymphomes?|sarcomes?|tumeurs?|canal|canaux|cellules?|op[ée]rations?|interventions?|"
    r"proc[ée]dures?|techniques?|m[ée]thodes?|lois?|r[ée]flexes?|ph[ée]nom[èe]nes?|"
    r"diverticules?|an[ée]vrismes?|ligaments?|espaces?|cul-de-sac|point|ulc[èe]res?|"
    r"thyro[ïi]dite|encéphalopathie|ataxie|myopathie|paralysie|chor[ée]e|d[ée]mence|"
    r"polyarthrite|tendinite|test|formule|stade|grade|type)"
    r"[ \t]+(?:de[ \t]+|d['’][ \t]*|du[ \t]+)$"
)

_SAINTS = frozenset({"saint", "sainte", "saints", "saintes"})
# Words before a name that make it a street, an establishment or a place, not a person:
# "avenue Jean Jaurès", "rue du Docteur Roux", "CH William Morey", "lycée Victor Hugo".
PLACE_CONTEXT = (
    # the look-ahead (first letters of the words; keep in sync) skips most word boundaries
    r"(?i:\b(?=[abcefghilmpqrsuvé])"
    r"(?:rue|r\.|avenue|av\.?|bd|boulevard|place|pl\.|all[ée]e|chemin|ch\.|impasse|"
    r"imp\.|quai|cours|square|route|rte|voie|sentier|passage|parvis|esplanade|promenade|"
    r"rond-point|r[ée]sidence|lotissement|cit[ée]|h[ôo]pital|clinique|ch|chu|chr|chi|"
    r"ehpad|centre|institut|fondation|maison|lyc[ée]e|coll[èe]ge|[ée]cole|groupe|"
    r"polyclinique|pavillon|b[âa]timent|b[âa]t\.|h[ôo]tel|stade|gymnase|salle|pont|port|"
    r"a[ée]roport|gare|m[ée]diath[èe]que|universit[ée]|facult[ée]|site|espace|p[ôo]le)"
    r"(?:[ \t]+(?:du|de[ \t]+la|de|des|d['’]))?[ \t]+"
    r"(?:(?:g[ée]n[ée]ral|mar[ée]chal|docteur|professeur|pr[ée]sident|abb[ée]|commandant|"
    r"colonel|capitaine|lieutenant|pasteur|chanoine|cardinal|sergent|amiral)[ \t]+)?)"
)
MAX_NAME_TOKENS = 6
FIRST_INITIAL_MIN_STRENGTH = 0.5  # "Prénom X." needs a well-attested first name
MEMO_SIZE = 200_000  # tokens remembered per lexicon table before the memo is cleared
FIRST_NAME_MIN_COUNT = 100  # births: rarer "first names" (Petit, Juillet) are not evidence
SURNAME_MIN_COUNT = 5
# lowercase-word frequency rank → how much a capitalised name is an ordinary word
COMMON_RANK_WEIGHTS: tuple[tuple[int, float], ...] = ((1000, 1.0), (5000, 0.7), (15000, 0.4),
                                                      (10**9, 0.25))
PAIR_BASE = 0.45
PAIR_CASE_BONUS = 0.2  # "Prénom NOM" / "NOM Prénom": the case marks the surname
PAIR_COMMON_PENALTY = 0.3
ROLE_WINDOW = 60  # characters looked back for role cues
LINE_WINDOW = 160  # longest line prefix/suffix read for banner and list labels

# --------------------------------------------------------------------------------------
# Compiled patterns
# --------------------------------------------------------------------------------------

_TITLE_ALT = "|".join(f"(?P<t{i}>{rx})" for i, (rx, *_rest) in enumerate(TITLES))
# a title after an elided article is still one: "avec l'infirmière Coralie"
_TITLE_RE = re.compile(
    rf"(?=[{_UP}{_LO}])(?:(?<![\w.'’-])|(?<=(?<![\w'’-])[lLdD]['’]))(?:{_TITLE_ALT})(?![\w'’])"
)
_TITLE_AT = re.compile(rf"(?:{_TITLE_ALT})(?![\w'’])")
# A qualifier between a care title and the name: "sage-femme libérale Céline AUBRAC".
_STAFF_ADJECTIVE_RE = re.compile(
    r"[ \t]+(?i:lib[ée]rale?|coordinat(?:eur|rice)|r[ée]f[ée]rente?|hospitali[eè]re?|scolaire|"
    r"de[ \t]+coordination|de[ \t]+liaison|à[ \t]+domicile)"
    rf"(?=[ \t]+[{_UP}])"
)
_CIVILITY_AT = re.compile(
    "|".join(f"(?P<t{i}>{rx})" for i, (rx, kind, *_r) in enumerate(TITLES) if kind == "civility")
    + r"(?![\w'’])"
)
_TITLE_LINK_RE = re.compile(rf"[ \t]+(?:le|la|et|&)[ \t]+(?:{_TITLE_ALT})(?![\w'’])")
_FIELD_ALT = "|".join(f"(?P<f{i}>{rx})" for i, (rx, *_rest) in enumerate(FIELDS))
_FIELD_RE = re.compile(rf"(?=[{_UP}{_LO}])(?<![\w'’-])(?:{_FIELD_ALT})")
_CLOSING_RE = re.compile(rf"(?im)^[ \t]*(?:{SIGNATURE_CLOSINGS})[ \t]*[,.!]?[ \t]*$")

_SPACE_RE = re.compile(r"[ \t]*")
_FILLER_RE = re.compile(r"[ \t]*(?:[.…_]{2,}[ \t]*)?")  # form filler: "Nom : ....DUPONT...."
_PAREN_RE = re.compile(r"[ \t]*\([^()\n]{0,40}\)")
_WORD_RE = re.compile(rf"{_WORD}(?![\w'’])")
_INITIALS_RE = re.compile(rf"(?:{_INITIALS})(?![\w'’])")
_LOWER_RE = re.compile(rf"{_LOWER_WORD}(?![\w'’])")
_LINE_END_PARTICLE_RE = re.compile(rf"(?P<p>{_PARTICLE})[ \t]*\r?\n[ \t]*")
_LOWER_PARTICLE_RE = re.compile(rf"{_LOWER_PARTICLE}(?={_LOWER_WORD})")
_PARTICLE_RE = re.compile(rf"(?:{_PARTICLE}[ \t]+|[dD][{_AP}])(?={_WORD})")
_LABEL_AFTER_RE = re.compile(r"[ \t]*:")
_OF_AFTER_WIDOW_RE = re.compile(r"(?:(?:de|DE)[ \t]+)?")
_LIST_SEP_RE = re.compile(r"[ \t]*(?:,|;|/|&|\bet\b|\+)[ \t]*|\n[ \t]*(?:[-•*·][ \t]*)?")
_AND_RE = re.compile(r"[ \t]*(?:,[ \t]*)?(?:\bet\b|&)[ \t]*")
_ARTICLE_RE = re.compile(r"(?:le|la|les|l['’]|du|au|aux|des)[ \t]+|l['’]")
_NEXT_LINE_RE = re.compile(r"[ \t]*\r?\n[ \t]*")
_OTHER_BEFORE_RE = re.compile(rf"(?i:\b(?:{OTHER_CUES})\b)[^.;\n]{{0,25}}$")
_PATIENT_BEFORE_RE = re.compile(rf"(?i:\b(?:{PATIENT_CUES_BEFORE})\b)[^.;\n]{{0,40}}$")
_PATIENT_AFTER_RE = re.compile(
    rf"[ \t]*,?[ \t]*(?:{PATIENT_CUES_AFTER})|{BANNER_AFTER}|\n[ \t]*\d{{1,3}}[ \t]*ans\b"
)
_PATIENT_LABEL_RE = re.compile(rf"(?i:\b(?:{PATIENT_LABELS}))[ \t]*:[^:\n]*$")
_STAFF_LABEL_RE = re.compile(
    "|".join(f"(?:{rx})" for rx, role, *_r in FIELDS if role == "staff") + r"[^:\n]*$"
)
_STAFF_AFTER_RE = re.compile(rf"[ \t]*,?[ \t]*(?i:{STAFF_CUES_AFTER})\b")
_OTHER_AFTER_RE = re.compile(rf"[ \t]*,?[ \t]*\(?(?i:{OTHER_CUES})\b(?![ \t]+[A-Z])")
_EPONYM_CONTEXT_RE = re.compile(EPONYM_CONTEXT)
# Every window that EPONYM_CONTEXT matches ends with "de", "du" or "d'" then blanks: a string
# test first spares most searches of the long alternation.
_EPONYM_TAILS = ("de", "du", "d'", "d’")
_PLACE_CONTEXT_RE = re.compile(rf"(?:{PLACE_CONTEXT})[ \t]*$")
_TITLE_TOKEN_RE = re.compile(rf"(?:{_TITLE_ALT})$")
_TOKEN = rf"(?:{_INITIALS}|{_WORD})"
_NAME_THEN_ROLE_RE = re.compile(
    rf"(?=[{_UP}])(?<![\w'’.-])(?P<name>[{_UP}][{_LO}]+(?:-[{_UP}][{_LO}]+)?)"
    rf"(?=[ \t]*(?:,[ \t]*|\()(?:{CARE_ROLES_AFTER_NAME})\b)"
)
# "(bénévole : Odette)", "ambulancier : Yanis": a care role, a colon, a lone first name.
_ROLE_THEN_NAME_RE = re.compile(
    rf"(?<![\w'’-])(?:{CARE_ROLES_AFTER_NAME})[ \t]*:[ \t]*"
    rf"(?P<name>[{_UP}][{_LO}]+(?:-[{_UP}][{_LO}]+)?)(?=[ \t]*[),;.\n]|$)"
)
_SINGLE_INITIAL = re.compile(rf"[{_UP}]\.")
_RUN_RE = re.compile(rf"(?<![\w'’.-]){_TOKEN}(?:[ \t]{{1,3}}{_TOKEN})+(?![\w'’])")
_TOKEN_RE = re.compile(rf"{_INITIALS}(?![\w'’])|{_WORD}(?![\w'’])")

# Look-aheads on the first letters of RELATIVE_DETERMINERS, RELATIVE_NOUNS and NAMING_CUES
# (keep in sync): most positions then fail before the long alternations are tried.
_DETERMINER_START = "(?=(?i:[adlmnstuv]))"
_RELATIVE_START = "(?=(?i:[abcdefgjlmnopstvé]))"
_RELATIVE_RE = re.compile(
    rf"(?=[ \t{_UP}{_LO}])(?:(?<![\w'’-]){_DETERMINER_START}(?i:{RELATIVE_DETERMINERS})[ \t]+"
    rf"(?i:autres?[ \t]+)?|(?:^|(?<=[.;:!?\n(–—•-])(?<!(?i:sage)-))[ \t]*)"
    rf"{_RELATIVE_START}(?i:{RELATIVE_NOUNS})(?:[ \t]+(?i:{RELATIVE_ADJECTIVES})){{0,2}}"
    rf"(?![\w'’-])[ \t]*(?:,|:|\()?[ \t]*(?=[{_UP}])"
    rf"|(?<![\w'’-])(?=(?i:[anps]))(?i:{NAMING_CUES})[ \t]*:?[ \t]*(?=[{_UP}])",
    re.MULTILINE,
)
_RELATIVE_LOWER_RE = re.compile(
    rf"(?<![\w'’-])(?i:{RELATIVE_DETERMINERS})[ \t]+(?i:{RELATIVE_NOUNS})[ \t]+"
    rf"(?P<name>[{_LO}]{{3,}}(?:-[{_LO}]{{2,}})?)(?![\w'’-])"
)
_NICK_WORD = rf"[{_UP}][{_LO}]+(?:-[{_UP}][{_LO}]+)*"
_NICKNAME_RE = re.compile(
    rf"(?<![\w'’-])(?i:{NICKNAME_CUES})[ \t\u00a0]*,?[ \t\u00a0]*"
    + NICKNAME.format(word=_NICK_WORD)
)
_QUOTED_FIRST_THEN_RE = re.compile(
    NICKNAME.format(word=_NICK_WORD) + rf"(?={FIRST_NAME_THEN})"
)
_FIRST_THEN_RE = re.compile(
    rf"(?=[{_UP}])(?<![\w'’.-])(?P<name>[{_UP}][{_LO}]+(?:-[{_UP}][{_LO}]+)?)(?={FIRST_NAME_THEN})"
)
# A first name then the age, without brackets, as dictated notes write children: "enzo 11
# ans et lina 8 ans", "Lina 8 ans".
_FIRST_AGE_RE = re.compile(
    rf"(?<![\w'’.-])(?P<name>[{_UP}{_LO}][{_LO}]+(?:-[{_UP}{_LO}][{_LO}]+)?)"
    r"[ \t]+\d{1,2}[ \t]*(?:ans|mois)\b"
)
# A signature alone on its line in lowercase, as mail replies and quick notes sign, quoted
# or not: "> stéphanie", "> o. mazabraud", "o.m.".
_LOWER_SIGNATURE_RE = re.compile(
    rf"(?m)^(?:>[ \t]*)*(?:(?P<first>[{_LO}]{{3,}}(?:-[{_LO}]+)?)"
    rf"|(?P<init>[{_LO}]\.)[ \t]*(?P<sur>[{_LO}]{{3,}}(?:-[{_LO}]+)?)"
    rf"|(?P<ini>[{_LO}]\.[ \t]?[{_LO}]\.(?:[ \t]?[{_LO}]\.)?))[ \t]*$"
)
_DOTTED_ABBREVIATIONS = frozenset({"eg", "ie", "pm", "am", "nb", "ps", "cc", "pj", "ex"})
_NAME_BEFORE_DIT_RE = re.compile(
    rf"(?P<name>[{_UP}][\w'’-]*[{_LO}{_UP}])[ \t]*,?[ \t]*$"
)
# A lone first name in brackets after a care act: "kinésithérapie respiratoire (Sabrina)".
_PAREN_FIRST_RE = re.compile(
    rf"(?<=\()(?P<name>[{_UP}][{_LO}]+(?:-[{_UP}][{_LO}]+)?)(?=\))"
)
# A first name signing a nursing note at the end of its line: "… R : EVA 3/10. Kelly".
_LINE_END_FIRST_RE = re.compile(
    rf"(?m)(?<=[.!?–—][ \t])(?P<name>[{_UP}][{_LO}]+(?:-[{_UP}][{_LO}]+)?)[ \t]*$"
)
# A nickname in quotes right after a relation word or a full name: "un ami « Momo »",
# "Jean Dupuis (« Jeannot »)", "ses voisins (« Titi et sa bande »)".
_QUOTED_NAME_RE = re.compile(
    rf"[«\"“][ \t\u00a0]*(?P<name>{_NICK_WORD})(?=[ \t\u00a0]*[»\"”]|[ \t]+(?:et|&)[ \t])"
)
_QUOTED_BEFORE_RE = re.compile(
    rf"(?:(?<![\w'’-])(?i:{RELATIVE_NOUNS})[ \t]*,?[ \t]*\(?"
    rf"|[{_UP}][{_LO}]+[ \t]*\()[ \t]*$"
)
# An initial and a capitalised surname in a name slot: "prélevé par N. Martin, technicienne",
# "… surveillance. F. Durand" (line end), "IPRP : S. Morel".
_INITIAL_SURNAME_RE = re.compile(
    rf"(?=[{_UP}]\.)(?:(?<=[.:;(–—,][ \t])|(?<=\bpar[ \t])|(?<=\bavec[ \t])|(?<=\bet[ \t])"
    rf"|(?<=^))(?P<name>[{_UP}]\.(?:-?[{_UP}]\.)?[ \t]{_WORD_PART})"
    rf"(?=[ \t]*(?:$|[,;)(–—]|\.[ \t]*$|[ \t]-[ \t]))",
    re.MULTILINE,
)
# A lone first name given with a phone number: "contact : jérôme, 06 12 34 56 78".
_FIRST_THEN_PHONE_RE = re.compile(
    rf"(?=[{_UP}{_LO}])(?:(?<=[:(][ \t])|(?<=^))"
    rf"(?P<name>[{_UP}{_LO}][{_LO}]+(?:-[{_UP}{_LO}][{_LO}]+)?)"
    r"(?=[ \t]*[,–—-]?[ \t]*(?:\+33[ \t]?|0)[1-9](?:[ .-]?\d{2}){4}(?!\d))",
    re.MULTILINE,
)
_RELATIVE_LIST_SEP_RE = re.compile(r"[ \t]*(?:(?:,[ \t]*)?(?:\bet\b|&)|,|;)[ \t]*")
_PRENOM_LIST_SEP_RE = re.compile(r"[ \t]*,[ \t]*")
_INITIALS_NAME = INITIALS_NAME.format(up=_UP)
_LINE_INITIALS_RE = re.compile(
    rf"(?m)(?=[ \t{_UP}])(?:(?<=[.!?)][ \t])|(?<=[–—|-][ \t])|^[ \t]*)(?:{_INITIALS_NAME})"
    r"[ \t]*$"
)
# Author and typist initials of a letter: "Réf. : FB/ML", "N/Réf. JD/AL", "Réf. : EB/sk"
# (the typist in lowercase), "Saisi par V.D.", "frappe AL" (one person per group).
_TYPIST_INI = r"[A-Z](?:\.?-?[A-Z]){1,3}\.?"
# "par", or "le <date> par" ("transcrite le 15/10/2026 par kd")
_PAR = (
    r"[ \t]+(?:le[ \t]+\d{1,2}[/.]\d{1,2}[/.]\d{2,4}[ \t]+"
    r"(?:(?:à[ \t]+)?\d{1,2}[h:]\d{2}[ \t]+)?)?par"
)
_TYPIST_INITIALS_RE = re.compile(
    rf"(?:(?<![\w/])(?:[NVnv][ \t]?/[ \t]?)?(?i:r[ée]f(?:[ée]rences?)?)\.?[ \t]*:?[ \t]*"
    rf"(?-i:(?P<a>{_TYPIST_INI})[ \t]*/[ \t]*(?P<b>{_TYPIST_INI}|[a-z]{{2,3}})?)"
    rf"|(?<![\w])(?i:saisie?{_PAR}|frapp[ée]e?{_PAR}|frappe|dactylographi[ée]e?{_PAR}"
    rf"|dactylo|tap[ée]e?{_PAR}|relue?{_PAR}|dict[ée]e?{_PAR}|valid[ée]e?{_PAR}"
    rf"|sign[ée]e?{_PAR}|vue?{_PAR}|transcription|transcrite?{_PAR}|saisie(?!{_PAR}\b)"
    rf"|remplie?{_PAR}|compl[ée]t[ée]e?{_PAR}|imprim[ée]e?{_PAR}|[ée]dit[ée]e?{_PAR})"
    rf"[ \t]*:?[ \t]*"
    rf"(?-i:(?P<a2>{_TYPIST_INI}|[a-z]\.[ \t]?[a-z]\.(?:[ \t]?[a-z]\.)?"
    # lowercase initials or a login ("mp", "glebreton", "blanc.c") closing the line, before
    # a dash or before the typist's part ("dicté par mg transcription ar")
    rf"|(?:[a-z]{{2,3}}|[a-z]{{2,15}}\.[a-z]{{1,15}}|[a-z]{{4,15}})"
    rf"(?=[ \t]*(?:\n|$|[–—][ \t]|-[ \t]|(?:transcription|frappe|saisie)\b))"
    # or a login of a surname and the first name's initial: "Édité par RochefortA"
    rf"|[A-Z][a-z]{{2,15}}[A-Z]{{1,2}})))"
    rf"(?![\w/])"
)
# A typing cue before the author's and typist's pair, or after its date, the typist in
# brackets: "Frappe : MB/jc", "dictée SMS/ld", "frappé le 27/05/2026 (MB)".
_TYPING_CUE = r"(?i:frapp[ée]e?|frappe|saisie?|dactylo(?:graphi[ée]e?)?|tap[ée]e?|dict[ée]e)"
# A dated validation, print or edit footer up to the dash (or middle dot) before its
# author: "Imprimé le vendredi 27/03/2026 –", "Validé le 02/06/2026 à 11:40 ·".
_DATED_FOOTER = (
    r"(?i:valid[ée]e?|imprim[ée]e?|[ée]dit[ée]e?|sign[ée]e?|g[ée]n[ée]r[ée]e?|frapp[ée]e?|"
    r"saisie?|dict[ée]e?|tap[ée]e?)"
    r"[ \t]+(?i:le)[ \t]+(?:(?i:[a-z]+)[ \t]+)?\d{1,2}[/.]\d{1,2}[/.]\d{2,4}[ \t]*"
    r"(?:(?:à[ \t]+)?\d{1,2}[h:]\d{2}[ \t]*)?[–—·•|-][ \t]*"
    # a page number between the date and the user: "Imprimé le 29/09/2026 — page 1/1 —"
    r"(?:(?i:page)[ \t]+\d{1,3}(?:[ \t]*/[ \t]*\d{1,3})?[ \t]*[–—·•|-][ \t]*)?"
)
# Typists' and authors' initials, each named group one person's initials; one regex of the
# alternatives, for one pass over the text.
_TYPING_ALTERNATIVES: tuple[str, ...] = (
    # a typing cue, then the pair: "Frappe : MB/jc"
    rf"(?<![\w]){_TYPING_CUE}[ \t]*:?[ \t]*(?P<a>[A-Z]{{1,4}})[ \t]*/[ \t]*"
    r"(?P<b>[a-z]{2,3}|[A-Z]{2,3})(?![\w/])",
    # the typist (or a pair) in brackets after the typing date, its "le" and its year
    # optional: "frappé le 27/05/2026 (MB)", "frappé le 10/06 (MJ)", "tapé 23.04.2026 (ng)",
    # "saisi le 16/02/2026 (sc/jd)"
    rf"(?<![\w]){_TYPING_CUE}[ \t]+(?:(?i:le)[ \t]+)?\d{{1,2}}[/.]\d{{1,2}}(?:[/.]\d{{2,4}})?"
    r"[ \t]*\((?P<c>[A-Z]{2,3}|[a-z]{2,3})(?:[ \t]?/[ \t]?(?P<c2>[A-Z]{2,3}|[a-z]{2,3}))?\)",
    # a pair opening the line before a dated edit or a date: "NF/DL – édité le 04/09/2026",
    # "ML/FB · 30/01/2026", "ST/CP – le 23/01/2026"
    r"^[ \t]*(?P<d>[A-Z]{2,4})/(?P<e>[A-Z]{2,3}|[a-z]{2,3})(?=[ \t]*[–—·•|-][ \t]*"
    r"(?:(?i:(?:[ée]dit[ée]|imprim[ée]|frapp[ée]|dactylographi[ée]|tap[ée]|saisi|dict[ée]|"
    r"r[ée]dig[ée]|valid[ée])e?)\b|(?:le[ \t]+)?\d{1,2}/\d{1,2}/\d{2,4}))",
    # the same pair between dashes after the signature: "Dr Léa X, cardiologue — lfd/ns —
    # Édité le 20/04/2026"
    r"(?<=[–—][ \t])(?P<j>[a-z]{2,3})/(?P<k>[a-z]{2,3})(?=[ \t]*[–—·•|][ \t]*"
    r"(?:(?i:(?:[ée]dit[ée]|imprim[ée]|frapp[ée]|dactylographi[ée]|tap[ée]|saisi|dict[ée]|"
    r"r[ée]dig[ée]|valid[ée])e?)\b|(?:le[ \t]+)?\d{1,2}/\d{1,2}/\d{2,4}))",
    # capital initials alone opening the line before a dash and a dictation or typing
    # word: "GD — dicté le 18/11/2025"
    r"^[ \t]*(?P<i>[A-Z]{2,3})(?=[ \t]*[–—-][ \t]*"
    r"(?i:(?:[ée]dit[ée]|frapp[ée]|dactylographi[ée]|tap[ée]|saisi|dict[ée]|r[ée]dig[ée])e?)\b)",
    # a lowercase pair closing a dated footer: "Imprimé le vendredi 27/03/2026 – acj/nl"
    rf"{_DATED_FOOTER}(?P<f>[a-z]{{2,3}})/(?P<g>[a-z]{{2,3}})(?=[ \t]*$)",
    # capital initials alone closing a dated footer: "Validé le 02/06/2026 11:40 – TW"
    rf"{_DATED_FOOTER}(?P<h>[A-Z]{{2,3}})(?=[ \t]*$)",
)  # fmt: skip
# every alternative opens on a line start, after a dash, or on one of these letters (a cheap
# first test: the alternation is otherwise tried at every character)
_TYPING_RE = re.compile(
    r"(?:^|(?<=[–—][ \t])|(?=[fFsSdDtTvViIéÉeEgG]))(?:"
    + "|".join(f"(?:{rx})" for rx in _TYPING_ALTERNATIVES)
    + ")",
    re.MULTILINE,
)
# A login closing a dated footer, or a form closed at a time: "Validé le 09/04/2026 à 11:12
# – mgarnierlafosse", "Imprimé le 04/07/2026 06:52 – dbenhamou", "Fiche close à 22h41 – tnd".
_FOOTER_LOGIN_RE = re.compile(
    rf"(?<![\w])(?:{_DATED_FOOTER}"
    r"|(?i:clos(?:e|ée?)?|cl[ôo]tur[ée]e?|ferm[ée]e?)[ \t]+(?:le[ \t]+[\d/.]{6,10}[ \t]+)?"
    r"à[ \t]+\d{1,2}[h:]\d{2}[ \t]*[–—-][ \t]*"
    # or a closing time then the user's initials: "clôture 18h10 lp"
    r"|(?i:cl[ôo]ture)[ \t]+\d{1,2}[h:]\d{2}[ \t]+(?=[a-z]{2,3}[ \t]*$))"
    r"(?P<login>[a-z][a-z0-9._-]{1,24})[ \t]*$",
    re.MULTILINE,
)
# A login closing a footer or a signed line, before its date or at the line's end: "note
# saisie par sbelhadj le 17/05/2026", "Dr Antoine Barreau – abarreau", "– am.luciani",
# "(ylamaison)"; kept only where it spells a name of the document ("s" + "belhadj"), see
# `_spells_a_name`.
_NAME_LOGIN_RE = re.compile(
    r"(?:(?<=[–—·•|-][ \t])|(?<=\bpar[ \t])|(?<=\bPAR[ \t])|^)[ \t]*"
    r"(?P<login>(?:[a-z]{4,20}|[A-Z]{4,20}|[a-z]{1,3}\.[a-z]{3,20})\d{0,2})"
    r"(?=[ \t]*(?:$|\d{1,2}/\d{1,2}/\d{2,4}|le[ \t]+\d))"
    # or in brackets after the name it spells: "Dr Yannick LAMAISON (ylamaison)"
    r"|(?<=\()(?P<login2>[a-z]{4,20}|[a-z]{1,3}\.[a-z]{3,20})(?=\))",
    re.MULTILINE,
)
# A login glued from an initial and a surname ("hdelannoy", "CGRESSET") where a login
# stands: after a dash, a colon, an opening bracket or a user cue ("par", "session",
# "utilisateur"), or closing its line; kept by `_glued_login` when the rest is a known
# surname and the whole is no word, name or commune ("scopie", "uchaud" are not).
_GLUED_LOGIN_RE = re.compile(
    r"(?:(?P<cue>(?:[–—:(-][ \t]*)?\b(?i:par|session|utilisat(?:eur|rice)|user|login|saisie)\b"
    r"(?:[ \t]*:)?|[–—:(-])[ \t]*)?"
    r"(?<![\w@.&'’-])(?P<login>[a-z]{5,20}(?:\d{1,3})?|[A-Z]{7,20})(?![\w@.&'’-])"
    r"(?P<end>[ \t]*(?:\r?\n|$))?",
    re.MULTILINE,
)
# The words of a glued-login cue that name a login ("par" alone does not).
_LOGIN_CUE_WORD = re.compile(r"(?i:session|utilisat|user|login|saisie)")
# A patient's initials in an "Initiales :" field of a trial or vigilance form: "INITIALES :
# R.B.", "initiales : D.-V. S.", "Initiales : B-MD".
_INITIALS_FIELD_RE = re.compile(
    r"(?<![\w])(?i:initiales)(?:[ \t]+(?i:du[ \t]+patient|patient))?[ \t]*:[ \t]*"
    r"(?P<ini>[A-Z]\.?(?:[ \t]?-?[ \t]?[A-Z]\.?){1,3})(?![\w])"
)
GLUED_LOGIN_MIN_SURNAME = 30  # bearers of the surname after the initial ("mazabraud": 35)


# Who called or was called, in brackets after the time of a call or a transmission: "appel
# téléphonique au Dr X le 14/01/2026 à 11h05 (ER)"
_TIMED_INITIALS_RE = re.compile(
    r"(?i:appel\w*|transmis\w*|communiqu\w*|pr[ée]venu\w*|inform[ée]\w*|joint\w*)"
    r"[^\n]{0,80}?\b\d{1,2}[h:]\d{2}[ \t]*\((?P<ini>[A-Z]{2,3})\)"
)
# Dotted initials opening a line before a care job: "a.g. ide sspi", "C.D., IDE de nuit",
# "m.-l. r. (as)": a caregiver's signature in a nursing note.
_INITIALS_BEFORE_JOB_RE = re.compile(
    r"(?m)^[ \t]*(?:[-–—•*][ \t]*)?(?P<ini>[A-Za-z]\.(?:-?[ \t]?[A-Za-z]\.){1,2})"
    r"(?=[ \t]*[,(]?[ \t]*(?i:ide|iade|ibode|ipde|as|asd|ash|auxiliaire|aide-soignante?|cadre"
    r"|interne|externe|sage-femme|sf|kin[ée]|secr[ée]taire|psychologue|di[ée]t[ée]ticienne?"
    r"|ergoth[ée]rapeute|manip|infirmi[èe]re?)(?![\w-]))"
)
# Lowercase initials beside a care job in a note's signature line: "mg / interne tb",
# "at / ioa ketty", "dr s. aubertin / ioa ml"; and a lowercase typist pair alone on its line
# ("mg/jt"), not a dose unit ("mg/kg").
_LOWER_INITIALS_AT_JOB_RE = re.compile(
    r"(?m)^[ \t]*(?P<ini>[a-z]{2,3})[ \t]*/[ \t]*(?=(?:interne|ioa|ide|iade|externe|cadre)\b)"
    r"|(?<![\w'’.-])(?:ioa|ide|iade|interne|externe)[ \t]+(?P<after>[a-z]{2,3})[ \t]*$"
    r"|^[ \t]*(?P<a>[a-z]{2,3})/(?P<b>[a-z]{2,3})[ \t]*$"
)
# A first name alone right after a care job, in any case: "auxiliaire de vie Chantal",
# "AUXILIAIRE SYLVIANE", "ioa maxime" (a caregiver named by the first name only).
_FIRST_NAME_AFTER_JOB_RE = re.compile(
    r"(?<![\w'’-])(?i:auxiliaire(?:[ \t]+de[ \t]+vie)?|aide-soignante?|aide[ \t]+à[ \t]+domicile"
    r"|ioa|ide|iade|ibode|infirmi[èe]re?|psychologue|ergoth[ée]rapeute|orthophoniste"
    r"|di[ée]t[ée]ticienne?|assistante?[ \t]+sociale?|sage-femme|brancardier|ambulanci[eè]re?)"
    r"[ \t]+(?P<name>[^\W\d_]{3,}(?:-[^\W\d_]{2,})?)(?![\w'’-])"
)
# A name right before the interpreter's job: "aide ponctuelle d'Agnieszka, interprète
# bénévole", "entretien avec semhar, interprète en tigrigna" (any case; no common word).
_NAME_BEFORE_INTERPRETER_RE = re.compile(
    r"(?<![\w'’-])(?i:avec|par|d['’]|de)[ \t]*(?P<name>[^\W\d_]{3,}(?:-[^\W\d_]{2,})?)"
    r"[ \t]*,[ \t]+(?i:interpr[èe]te"
    r"|m[ée]diat(?:eur|rice)[ \t]+(?:en[ \t]+sant[ée]|culturel(?:le)?))"
)
# A name spelled letter by letter after a dictation cue: "je répète H A G N E R E L L E",
# "je vous épelle : b e r t h e l o t" (five letters or more, one span).
_SPELLED_NAME_RE = re.compile(
    r"(?<![\w'’-])(?i:r[ée]p[èe]te|[ée]pel(?:le|[ée]e?)|s['’][ée]crit|lettre[ \t]+par[ \t]+lettre)"
    r"[ \t]*(?:(?i:le[ \t]+nom|nom)[ \t]*)?[:,]?[ \t]*"
    r"(?P<name>[^\W\d_](?:[ \t]+(?:-[ \t]+)?[^\W\d_]){4,})(?![\w'’-])"
)
# A late spouse named by the first name: "Veuve de Roland depuis 2017", "veuf de Josiane".
_LATE_SPOUSE_FIRST_RE = re.compile(
    rf"(?<![\w'’-])(?i:veuve|veuf)[ \t]+(?:de|d['’])[ \t]*"
    rf"(?P<name>[{_UP}][{_LO}]+(?:-[{_UP}][{_LO}]+)?)(?![\w'’-])"
)
# A capitalised name then ", née le" and a date: "3) Lusine, née le 12/12/2021".
_NAME_THEN_BORN_RE = re.compile(
    rf"(?<![\w'’.-])(?P<name>[{_UP}][{_LO}]{{2,}}(?:-[{_UP}][{_LO}]+)?)[ \t]*,[ \t]*"
    r"n[ée]e?[ \t]+le[ \t]+\d"
)
# A Réunion birth name with its slash after "née" or a title: "née K/BIDI", "Mme M/ADAIKALOM".
_SLASH_SURNAME_RE = re.compile(
    r"(?<![\w'’-])(?:n[ée]e|NÉE|NEE|[ée]pouse|ÉPOUSE|EPOUSE|Mme|MME|Madame|M\.|Monsieur|Dr)"
    r"[ \t]+(?P<name>[A-Z]{1,2}/[A-Z][A-Z'’-]{2,})(?![\w/])"
)
# Lowercase initials alone on the last line of a note: "… prochain passage ce soir.\nglg",
# or an author/typist pair "jf/ar".
_CLOSING_LOWER_INITIALS_RE = re.compile(
    r"\n[ \t]*(?P<ini>[a-z]{2,3})(?:/(?P<ini2>[a-z]{2,3}))?[ \t]*\s*\Z"
)
_NOT_CLOSING_INITIALS = frozenset({"ok", "rdv", "nfs", "crp", "etc", "cf", "ras", "tt", "ttt"})
_UNIT_WORDS = frozenset({"mg", "kg", "ml", "ui", "min", "cp", "mm", "cm", "dl", "cl", "mcg", "amp"})
_LOGIN_NAME_WORD = re.compile(r"[^\W\d_]{4,}")
# what may follow a surname no dictionary knows after a title: the line's end, punctuation,
# a bracket, a dash or an arrow ("dr k. ravelonjato -> bloc", "dr mbemba (sami)")
_UNKNOWN_NAME_END = re.compile(r"[ \t]*(?:$|[\n.,;:)(/]|-|–|—|>)", re.MULTILINE)


def _document_words(text: str) -> frozenset[str]:
    """The words of a document of four letters or more, lowercase and without accents."""
    from clindeid.knowledge.normalize import strip_accents

    return frozenset(strip_accents(w.lower()) for w in _LOGIN_NAME_WORD.findall(text))


def _spells_a_name(words: frozenset[str], login: str) -> bool:
    """Whether a login is one or two initials and another word of the document ("sbelhadj"
    and "Belhadj"), or a word and an initial ("rochefortl"); ``words``: `_document_words`."""
    dotted = login.split(".")[-1]  # "am.luciani": the initials, then the name
    return any(
        part in words and part != login
        for part in (login[1:], login[2:], login[:-1], dotted) if len(part) >= 4
    )  # fmt: skip


def _login_shaped(login: str) -> bool:
    """A login, not a word: a digit, a dot or an underscore in it, or no French word."""
    return any(ch.isdigit() or ch in "._" for ch in login) or not _written_lowercase(login)


def _field_login_kept(m: re.Match[str], login: str) -> bool:
    """Whether the value of a user field (`_LOGIN_FIELD_RE`) is someone's login or code: a
    lowercase one after the field's colon ("opérateur interne" is a word), shaped like a
    login; one in capitals unless it is a job or a body ("agent : ASH", "agent EDF"; after
    "agent" only with the colon or at the end of a line in capitals: "… – AGENT PLN"), even if it
    spells a word ("AGENT : RTS")."""
    if login.islower():
        return m.group("colon") is not None and _login_shaped(login)
    agent_without_colon = (m.group("colon") is None and m.group("field")[0] in "aA"
                           and not (m.group("field").isupper()
                                    and _ENDS_LINE_RE.match(m.string, m.end())))
    return not (login in _JOB_INITIALS or _is_body_acronym(login) or agent_without_colon)


# A name the speech recognition got wrong, corrected at once by whoever dictates: "le
# docteur berthe lot fit pardon le docteur berthelot-fitte", "monsieur qui fait euh monsieur
# Kieffer": the words between the title and the correction are the name, misheard.
_DICTATION_SLIP_RE = re.compile(
    r"(?<![\w'’-])(?P<cue>(?i:docteur|monsieur|madame|mademoiselle))[ \t]+"
    r"(?P<slip>[^\W\d_][\w'’-]*(?:[ \t]+[^\W\d_][\w'’-]*){0,3}?)"
    r"[ \t]*,?[ \t]+(?i:pardon|euh)[ \t]*,?[ \t]+"
    r"(?:(?i:le|la)[ \t]+)?(?i:(?P=cue))(?![\w'’-])"
)


def _staff_initials(start: int, end: int, trigger: str, score: float = 0.7) -> Entity:
    """A staff member's initials or login found by a pattern."""
    return Entity(start, end, "PERSON", source="pattern/person-initials", score=score,
                  attributes={"role": "staff", "part": "initials", "trigger": trigger})


def _dictation_slips(text: str) -> Iterator[Entity]:
    """Names misheard by speech recognition and corrected at once (`_DICTATION_SLIP_RE`)."""
    if "pardon" not in text and "euh" not in text:
        return
    for m in _DICTATION_SLIP_RE.finditer(text):
        role = "staff" if m.group("cue").lower() == "docteur" else "other"
        yield Entity(*m.span("slip"), "PERSON", source="pattern/person-title", score=0.8,
                     attributes={"role": role, "trigger": "dictation-slip"})


# The same pair alone on the line under a letter's signature: "ACM/sh", "HD/cv" (the
# typist in lowercase), or "JD/AL" right under the "Dr …" line.
_SIGNATURE_INITIALS_RE = re.compile(
    r"(?m)^[ \t]*(?P<a>[A-Z]{2,4})[ \t]*/[ \t]*(?P<b>[a-z]{2,3}|[A-Z]{2,3})[ \t]*$"
    # or with a lowercase typist, after a dash closing the line or before a dash opening
    # the rest: "Rédigé le 23/01/2026 – PYL/nd", "JPL/cb – Copie : patient"
    r"|(?:(?<=[–—-][ \t])|(?<=^))(?P<a2>[A-Z]{2,4})/(?P<b2>[a-z]{2,3})"
    r"(?=[ \t]*(?:$|[–—-][ \t]))"
    # or two capital (or two lowercase) pairs after a dash closing a signed or dated line,
    # or before its date: "Dr Maylis CAUSSÉ – MC/SR", "Rédigé le 23/01/2026 – GB/VM", "Dr Inès
    # Benhamou, radiologue – ib/lm", "Dr A. Casteret — ac/dl — 06/02/2026"; one group alone
    # only if it spells the name of the line ("Dr Inès Boukhris — ib"; checked by the pass)
    r"|(?<=[–—][ \t])(?P<a4>[A-Z]{2,4}|(?!et/ou)[a-z]{2,3})"
    r"(?:/(?P<b4>[A-Z]{2,3}|[a-z]{2,3}))?(?=[ \t]*(?:$|[–—][ \t]*\d))"
    # or the typist alone after the doctor's name closing the letter: "Dr G. LHUILLIER / ch"
    r"|^[ \t]*(?:Dr|Pr|Docteur|Professeur)\.?[ \t][^\n/]{2,60}?[ \t]/[ \t]*"
    r"(?P<b3>[a-z]{2,3}|[A-Z]{2,3})[ \t]*$"
    # or three groups opening a line, the last one often the typist's in lowercase:
    # "MAD/EW/vd – Dactylographié le 06/02/2026", "JPL/AB/cd"
    r"|^[ \t]*(?P<a5>[A-Z]{2,4})/(?P<b5>[A-Z]{2,3})/(?P<c5>[a-z]{2,3}|[A-Z]{2,3})"
    r"(?=[ \t]*(?:$|[–—-][ \t]))"
    # or two lowercase pairs opening a line under a signature: "fr/ml – 14.04.2026"
    r"|^[ \t]*(?P<a6>[a-z]{2,3})/(?P<b6>[a-z]{2,3})(?=[ \t]*(?:$|[–—-][ \t]))"
)
# Initials alone on the line that closes a message, after its last sentence and before the
# quoted message or the end: "… avec le bilan du mois.\nBR\n\n> Mme …".
_MESSAGE_SIGNATURE_RE = re.compile(
    r"(?<=[.!,]\n)[ \t]*(?P<ini>[A-Z]{2,3})[ \t]*(?=\n?\Z|\n(?:[ \t]*\n)*"
    r"[ \t]*(?:>|-{3,}|De[ \t]*:|From[ \t]*:|Le[ \t][^\n]{5,60}a[ \t]écrit))"
)
# A signed line just above: a title then a capitalised name, at the end of the text before.
_SIGNATURE_ABOVE_RE = re.compile(r"(?:Dr|Pr|Docteur|Professeur)\.?[ \t][^\n]{2,80}\n[ \t]*$")
# A login after a user field: "utilisateur : cmoulin2", "login : jdupont", "AGENT
# D'ADMISSION : KBE", "agent : MLEFEBV2", "opératrice KDU" (capital initials or a capital
# login with digits; without the colon only after "opérateur"/"opératrice").
_LOGIN_FIELD_RE = re.compile(
    r"(?P<field>(?i:utilisat(?:eur|rice)|user|login|identifiant[ \t]+utilisateur|"
    r"op[ée]rat(?:eur|rice)|agent(?:[ \t]+d['’](?:admission|accueil))?))"
    r"[ \t]*(?P<colon>:)?[ \t]*"
    r"(?P<login>[a-z][a-z0-9._-]{2,20}|(?-i:[A-Z]{2,3}|[A-Z]{3,10}\d{1,2}))(?![\w@'’-])"
)
_ENDS_LINE_RE = re.compile(r"[ \t]*(?:\r?\n|$)")
# Care jobs written as capital initials after "agent" ("agent : ASH"): no one's initials.
_JOB_INITIALS = frozenset({"ASH", "AS", "ASD", "IDE", "AMP", "AES", "AVS", "ASG", "IBODE"})
# "Imprimé le … par M. FALL": in a print or edit footer, "M." is the user's initial.
_FOOTER_INITIAL_BEFORE_RE = re.compile(
    r"(?i:imprim[ée]e?|[ée]dit[ée]e?|saisie?|tap[ée]e?|frapp[ée]e?)\b[^\n]{0,40}\bpar[ \t]+"
    r"M\.[ \t]*$"
)
_LINE_WORD = re.compile(r"[^\W\d_][\w'’-]*")
_LINE_TITLES = frozenset({"Dr", "Pr", "Docteur", "Professeur", "Mme", "M"})


def _with_footer_initial(text: str, e: Entity) -> Entity:
    """``e`` with the "M." of a print footer before it ("Imprimé le … par M. FALL")."""
    m = _FOOTER_INITIAL_BEFORE_RE.search(text, max(0, e.start - 60), e.start)
    if m is None:
        return e
    return e.with_(start=text.rindex("M.", m.start(), e.start))


def _is_body_acronym(word: str) -> bool:
    """A care facility's or public body's acronym ("PMI", "CMP", "CPAM")."""
    from clindeid.detect.casing import ACRONYMS

    return word.isupper() and word.lower() in ACRONYMS


def _written_lowercase(word: str) -> bool:
    from clindeid.knowledge.vocabulary import written_lowercase

    return written_lowercase(word)


_SPAN_WORD = re.compile(r"[^\W\d_]+")
_SPAN_PARTICLES = frozenset({"de", "du", "des", "d", "l", "la", "le", "les"})


def _only_body_acronym(span: str) -> bool:
    """Whether a name span holds nothing but particles and one care body's acronym."""
    words = [w for w in _SPAN_WORD.findall(span) if w.lower() not in _SPAN_PARTICLES]
    return len(words) == 1 and _is_body_acronym(words[0])


def _common_in_capitals(lex: Lexicon, word: str) -> bool:
    """A word in capitals that French writes in lowercase and that is no first name
    ("CONVULSIONS", "CONDUITE", "LIBÉRALE"; not "ROSE", "CÉLINE")."""
    from clindeid.knowledge.vocabulary import written_lowercase

    return (
        len(word) > 1 and word.isupper() and written_lowercase(word.lower())
        and lex.first_strength(word.title()) < 0.3
    )


_LINE_LABEL = re.compile(r"[ \t]*[^\W\d_][\w' -]{1,29}:[ \t]*")


def _after_line_label(text: str, line_start: int, end: int) -> int:
    """Where a line starts once its field label is left out: "Biologiste : Dr …"."""
    label = _LINE_LABEL.match(text, line_start, end)
    return label.end() if label else line_start


def _initials_of_line(text: str, m: re.Match[str]) -> bool:
    """Whether ``a4`` spells the capitalised words before it on its line, titles and a field
    label left out, each part of a hyphenated first name counted: "Dr Claire MIQUEL – CM",
    "Biologiste : Dr Jean-Hugues LAURET – JHL"."""
    ls = text.rfind("\n", 0, m.start()) + 1
    line = _CLOSING_FORMULA.sub("", text[_after_line_label(text, ls, m.start()) : m.start()])
    words = [p for w in _LINE_WORD.findall(line) for p in w.split("-")
             if p and p[0].isupper() and w not in _LINE_TITLES]
    initials = m.group("a4").upper()  # "Dr Inès Boukhris — ib"
    if "".join(w[0] for w in words) == initials:
        return True
    whole = [w for w in _LINE_WORD.findall(line) if w[0].isupper() and w not in _LINE_TITLES]
    return "".join(w[0] for w in whole) == initials


# A closing formula before a signed name on one line: "Confraternellement, Dr Inès B. — ib".
_CLOSING_FORMULA_RX = (
    r"[ \t]*(?i:confraternellement|bien[ \t]+cordialement|cordialement)[ \t]*,?[ \t]*"
)
_CLOSING_FORMULA = re.compile(rf"^{_CLOSING_FORMULA_RX}")
# What opens a line closed by a pair of capital initials: a title, a dated verb, a name.
_SIGNED_LINE_START = re.compile(
    rf"(?:{_CLOSING_FORMULA_RX})?"
    rf"[ \t]*(?:Dr|Pr|Docteur|Professeur|(?i:(?:r[ée]dig[ée]|dict[ée]|tap[ée]|frapp[ée]|"
    rf"sign[ée]|valid[ée]|imprim[ée]|[ée]dit[ée])e?)\b|[{_UP}]\.[ \t]*[{_UP}]{{2}}"
    rf"|[{_UP}][\w'’-]+[ \t]+[{_UP}]{{3}})"
)
_SIGNATURE_LINE_RE = re.compile(
    r"[ \t]*(?:(?:Dr|Pr|Docteur|Professeur|Copies?|Cc|P\.[ \t]?J\.|DR|PR|DOCTEUR|PROFESSEUR|"
    r"COPIES?|CC)\b[^\n]{0,80}"
    # or a name then its care role: "Isabelle WARIN, médecin de l'Éducation nationale"
    rf"|[ \t]*(?:[{_UP}][\w'’.-]*[ \t]+){{1,3}}[{_UP}][\w'’-]+,[ \t]*"
    r"(?i:m[ée]decin|p[ée]diatre|psychiatre|g[ée]riatre|chirurgien(?:ne)?|radiologue|"
    r"infirmi[èe]re?|cadre|sage-femme|psychologue|assistante?[ \t]+sociale)\b"
    r"[^\n]{0,60})\n$"
)
# Words after a care role and "de" that name its shift, unit or programme, not a surname.
STAFF_QUALIFIERS: frozenset[str] = frozenset(
    {"nuit", "jour", "garde", "service", "liaison", "coordination", "astreinte", "salle",
     "bloc", "secteur", "etage", "etp", "dp", "hd", "dialyse", "consultation", "soins",
     "pratique", "recherche", "suivi", "pool", "equipe", "accueil", "tri", "ioa"}
)  # fmt: skip
_STAGE_BEFORE = re.compile(r"(?<![\w])[IV]{1,4}[ \t]+$")
_PAREN_INITIALS_RE = re.compile(rf"(?<=\()(?:{_INITIALS_NAME})(?=\))")
# "J. Lefort", "A.-L. Bonnet, psychologue", "C. Boyer, SF – 14/07/2023": an initial and a
# capitalised surname opening a line, alone or before a comma, a dash or a bracket.
_LINE_INITIAL_NAME_RE = re.compile(
    rf"(?m)^[ \t]*(?P<name>{_INI.format(up=_UP)}[ \t]+{_WORD})"
    rf"(?=[ \t]*(?:$|,|[–—]|-[ \t]|\())"
)
# A caregiver's shift after the cue: "l'ide de nuit a. le meur", "interne de garde".
_SHIFT = r"[ \t]+de[ \t]+(?:nuit|jour|garde)"
_LOWER_CUE_RE = re.compile(  # look-aheads (first letters of each cue list) skip positions fast
    rf"(?=[{_UP}{_LO}])(?:(?<![\w'’.-])|(?<=(?<![\w'’-])[lLdD]['’]))"
    rf"(?:(?=(?i:p))(?P<pat>(?i:{LOWER_PATIENT_CUES}))"
    rf"|(?=(?i:[dp]))(?P<title>(?i:{LOWER_TITLE_CUES}))"
    rf"|(?=(?i:m))(?P<civ>(?i:{LOWER_CIVILITY_CUES}))"
    rf"|(?=(?i:[aeikmprs]))(?P<staff>(?i:(?:{LOWER_STAFF_CUES})(?:{_SHIFT})?)"
    rf"|{LOWER_STAFF_ACRONYMS})"
    rf"|{_RELATIVE_START}(?P<rel>(?i:{RELATIVE_NOUNS})))(?![\w'’-])"
    rf"[ \t]*(?:[:(,][ \t]*)?(?=[{_LO}])"
)
# The author of a dated quick note, in brackets after the date opening the line:
# "02/04/26 (juliette v.) revue, …", "16/06/26 14h (moussa) …".
_NOTE_AUTHOR_RE = re.compile(
    rf"(?m)^[ \t]*\d{{1,2}}/\d{{1,2}}(?:/\d{{2,4}})?[ \t]+(?:\d{{1,2}}[h:]\d{{0,2}}[ \t]+)?"
    rf"\((?=[{_LO}])"
)
# A surname's initial after a lowercase first name: "son coloc (kevin m.)".
_LOWER_TRAILING_INITIAL_RE = re.compile(rf"[ \t][{_LO}]\.(?![\w'’.-])")
_LOWER_INITIAL_RE = re.compile(rf"[{_LO}]\.(?:-?[{_LO}]\.)?[ \t]+(?=[{_LO}])")
_LOWER_SEQ_WORD_RE = re.compile(rf"[{_LO}]{{2,}}(?:-[{_LO}]{{2,}})*(?![\w'’-])")
_LOWER_SEQ_PARTICLE_RE = re.compile(
    r"(?:de[ \t]+la|de|du|des|le|la|van|von|ben|el|da|das|dos|del|di)[ \t]+"
)
_TITLE_INFO = {f"t{i}": (kind, sex, weak) for i, (_rx, kind, sex, weak) in enumerate(TITLES)}
_FIELD_INFO = {f"f{i}": rest for i, (_rx, *rest) in enumerate(FIELDS)}

# --------------------------------------------------------------------------------------
# Lexicon adapter over clindeid.knowledge (tolerates a missing or partial knowledge base)
# --------------------------------------------------------------------------------------


class Lexicon:
    """First names, surnames and common words, read from :mod:`clindeid.knowledge`.

    Tolerates a missing knowledge base (then only the title and field passes work).
    """

    def __init__(self) -> None:
        self._first: Any = {}
        self._surname: Callable[[str], int] = lambda _t: 0
        self._common_info: Any = {}
        # per-token memos: the tables never change, and a text repeats its words
        self._first_memo: dict[str, int] = {}
        self._surname_memo: dict[str, int] = {}
        self._common_memo: dict[str, float] = {}
        self.available = False
        try:
            from clindeid import knowledge as kb

            first, common = kb.first_names(), kb.common_word_info()
            kb.surnames()  # load now: a broken table fails here, not in the middle of a text
            self._first, self._surname, self._common_info = first, kb.surname_count, common
            self.available = True
        except (ImportError, AttributeError, OSError, ValueError, KeyError):
            # unreadable tables (pyarrow errors are ValueErrors): title/field passes only
            self.available = False

    def first_count(self, token: str) -> int:
        c = self._first_memo.get(token)
        if c is None:
            v = self._first.get(token)
            c = int(_field(v, "count", 0) or 0) if v is not None else 0
            if len(self._first_memo) >= MEMO_SIZE:
                self._first_memo.clear()
            self._first_memo[token] = c
        return c

    def first_strength(self, token: str) -> float:
        """How much ``token`` is a first name, in [0, 1] (log of the births)."""
        c = self.first_count(token)
        return 0.0 if c < FIRST_NAME_MIN_COUNT else min(1.0, math.log10(c) / 6)

    def surname(self, token: str) -> int:
        c = self._surname_memo.get(token)
        if c is None:
            c = int(self._surname(token) or 0)
            if len(self._surname_memo) >= MEMO_SIZE:
                self._surname_memo.clear()
            self._surname_memo[token] = c
        return c

    def surname_strength(self, token: str) -> float:
        c = self.surname(token)
        return 0.0 if c < SURNAME_MIN_COUNT else min(1.0, math.log10(c) / 4)

    def common_weight(self, token: str) -> float:
        """How much ``token`` is an ordinary word, in [0, 1] (0: not a common word)."""
        w = self._common_memo.get(token)
        if w is None:
            w = self._common_weight(token)
            if len(self._common_memo) >= MEMO_SIZE:
                self._common_memo.clear()
            self._common_memo[token] = w
        return w

    def _common_weight(self, token: str) -> float:
        info = self._common_info.get(token)
        if info is None:
            return 0.0
        rank = _field(info, "word_rank", -1)
        w = 0.3
        for limit, weight in COMMON_RANK_WEIGHTS:
            if 0 <= rank < limit:
                w = weight
                break
        if _field(info, "medical", False):
            w = max(w, 0.8)
        return w

    def common(self, token: str) -> bool:
        return self.common_weight(token) > 0.0  # every known word weighs ≥ 0.25


def _field(value: Any, name: str, default: Any) -> Any:
    if isinstance(value, dict):
        return value.get(name, default)
    return getattr(value, name, default)


# --------------------------------------------------------------------------------------
# Token helpers
# --------------------------------------------------------------------------------------


@dataclass(slots=True)
class _Tok:
    start: int
    end: int
    kind: str  # "word", "init", "lower"
    key: str
    upper: bool


def _key(text: str) -> str:
    return normalize_key(text)


def _base_key(key: str) -> str:
    """Key without an elided prefix ("l irm" → "irm", "d almeida" → "almeida")."""
    if len(key) > 2 and key[1] == " " and key[0] in "dlno":
        return key[2:]
    return key


def _is_stop(key: str) -> bool:
    """Clinical acronyms, section/administrative words, saints (places), all-stop compounds."""
    b = _base_key(key)
    if key in NOT_NAME_WORDS or key in CLINICAL_ACRONYMS:
        return True
    if b in NOT_NAME_WORDS or b in CLINICAL_ACRONYMS:
        return True
    parts = key.split(" ")
    if parts[0] in _SAINTS:
        return True
    return len(parts) > 1 and all(
        p in NOT_NAME_WORDS or p in CLINICAL_ACRONYMS or len(p) <= 1 for p in parts
    )


def _skip_titles(text: str, pos: int) -> tuple[int, bool, str | None]:
    """Skip a title at ``pos`` (and a civility after a non-doctor title: "IADE M. X").

    Returns the position of the name, whether a title was there, and the sex it gives.
    """
    tm = _TITLE_AT.match(text, pos)
    if not tm:
        return pos, False, None
    kind, sex, weak = _TITLE_INFO[tm.lastgroup or ""]
    p = _SPACE_RE.match(text, tm.end()).end()
    if weak and kind == "staff":
        cm = _CIVILITY_AT.match(text, p)
        if cm:
            sex = _TITLE_INFO[cm.lastgroup or ""][1]
            p = _SPACE_RE.match(text, cm.end()).end()
    return p, True, sex


@dataclass(slots=True)
class _Feat:
    kind: str  # "word" or "init"
    fn: float  # first-name strength
    sn: float  # surname strength
    common: float  # common-word weight


def _pair_score(a: _Tok, b: _Tok, fa: _Feat, fb: _Feat) -> tuple[float, str] | None:
    """Score of two adjacent words as ``Prénom NOM`` or ``NOM Prénom``, or ``None``."""
    options: list[tuple[float, str]] = []
    # Prénom NOM / Prénom Nom
    if fa.fn and (fb.sn or (b.upper and fb.common < 0.5 and len(b.key) >= 3)):
        s = PAIR_BASE + 0.15 * fa.fn + 0.15 * fb.sn
        if b.upper and not a.upper:
            s += PAIR_CASE_BONUS
        if a.upper and b.upper:
            s -= 0.1
        s -= PAIR_COMMON_PENALTY * (fa.common * (1 - 0.6 * fa.fn) + fb.common)
        if not fb.sn:
            s -= 0.1
        options.append((s, "dictionary/person" if fb.sn else "heuristic/person-pair"))
    # NOM Prénom (surname in UPPERCASE)
    if fb.fn and a.upper and (fa.sn or (fa.common < 0.5 and len(a.key) >= 3)):
        s = PAIR_BASE + 0.15 * fb.fn + 0.15 * fa.sn
        s += PAIR_CASE_BONUS if not b.upper else -0.1
        s -= PAIR_COMMON_PENALTY * (fa.common + fb.common * (1 - 0.6 * fb.fn))
        if not fa.sn:
            s -= 0.1
        options.append((s, "dictionary/person" if fa.sn else "heuristic/person-pair"))
    return max(options) if options else None


def _eponym_before(window: str) -> bool:
    """Whether ``window`` ends with an eponym cue ("maladie de ") — the same answer as
    ``_EPONYM_CONTEXT_RE.search(window)`` (the pattern has no look-behind)."""
    return window.rstrip(" \t\n").endswith(_EPONYM_TAILS) and bool(
        _EPONYM_CONTEXT_RE.search(window)
    )


def _is_word_char(ch: str) -> bool:
    return ch.isalnum() or ch in "_'’-"


def _whole_word_hits(text: str, words: Iterable[str]) -> list[tuple[int, int]]:
    """Non-overlapping case-insensitive occurrences of the lower-case ``words`` that are not
    part of a longer word (no letter, digit, apostrophe or hyphen on either side), in text
    order, the longest first where two start together. Plain string search: a regex built
    per document cost more to compile than to run."""
    low = text.lower()
    if len(low) != len(text):  # a character whose lower case is longer: regex fallback
        alt = "|".join(sorted((re.escape(w) for w in words), key=len, reverse=True))
        rx = re.compile(rf"(?<![\w'’-])(?i:{alt})(?![\w'’-])")
        return [m.span() for m in rx.finditer(text)]
    hits: list[tuple[int, int]] = []
    n = len(text)
    for word in words:
        i = low.find(word)
        while i >= 0:
            j = i + len(word)
            if (i == 0 or not _is_word_char(text[i - 1])) and (
                j == n or not _is_word_char(text[j])
            ):
                hits.append((i, j))
            i = low.find(word, i + 1)
    hits.sort(key=lambda h: (h[0], h[0] - h[1]))
    out: list[tuple[int, int]] = []
    for start, end in hits:
        if not out or start >= out[-1][1]:
            out.append((start, end))
    return out


@dataclass
class PersonDetector:
    """PERSON spans from titles, field labels, signatures, name dictionaries and repeats."""

    name: str = "persons"
    family: str = "rules"
    min_dictionary_score: float = 0.5
    lexicon: Lexicon | None = field(default=None, repr=False)

    def _lex(self) -> Lexicon:
        if self.lexicon is None:
            self.lexicon = Lexicon()
        return self.lexicon

    # ---------------------------------------------------------------- name parsing
    def _read_token(
        self, text: str, pos: int, *, lower_ok: bool, weak: bool, after_first: bool = False
    ) -> tuple[list[_Tok], int] | None:
        """Read one name token (with its particles) at ``pos``; ``None`` if there is none."""
        toks: list[_Tok] = []
        p = pos
        while True:
            pm = _PARTICLE_RE.match(text, p)
            if not pm:
                break
            toks.append(_Tok(pm.start(), pm.end(), "particle", "", False))
            p = pm.end()
        m = _INITIALS_RE.match(text, p) if not toks else None
        if m:
            return [_Tok(m.start(), m.end(), "init", "", True)], m.end()
        m = _WORD_RE.match(text, p)
        if m:
            word = m.group()
            key = _key(word)
            if _is_stop(key) and not (
                # "Dr Mathilde Sainte-Claire": a hyphenated saint's name after a first name
                after_first and not weak and "-" in word and key.split(" ")[0] in _SAINTS
            ):
                return None
            if weak and not word.isupper() and not (
                toks and text[toks[-1].start:toks[-1].end].strip().lower() in FOREIGN_PARTICLES
            ):
                lex = self._lex()
                if lex.common_weight(word) >= 0.5 and lex.first_strength(word) < 0.5 and not (
                    # "sa fille Émilie Petit": a frequent surname after a first name
                    after_first and not toks and lex.surname(word) >= LOWER_COMMON_SURNAME
                    and (lex.common_weight(word) < 0.8
                         or lex.surname(word) >= FREQUENT_SURNAME)
                ):
                    return None
            if weak and (_base_key(key) in MONTHS_DAYS):
                return None
            upper = word.isupper() or (len(word) > 1 and word.replace("-", "").isupper())
            toks.append(_Tok(m.start(), m.end(), "word", key, upper))
            return toks, m.end()
        if lower_ok and not toks:
            q = p
            pm = _LOWER_PARTICLE_RE.match(text, p)
            if pm:
                q = pm.end()
            m = _LOWER_RE.match(text, q)
            if m and self._lower_name(m.group(), surname_only=pm is not None):
                out = [_Tok(m.start(), m.end(), "lower", _key(m.group()), False)]
                if pm:
                    out.insert(0, _Tok(pm.start(), pm.start() + len(pm.group().rstrip()),
                                       "lparticle", "", False))
                return out, m.end()
        return None

    def _lower_name(self, word: str, surname_only: bool = False) -> bool:
        """Whether a lowercase word after a strong cue is a name: a known first name or
        surname that is not an ordinary word ("ferri", "soizic"; not "patient", "rose")."""
        key = _key(word)
        lex = self._lex()
        if _is_stop(key) or key in MONTHS_DAYS or lex.common_weight(word) >= 0.5:
            return False
        if lex.surname(word) >= SURNAME_MIN_COUNT:
            return True
        return not surname_only and lex.first_count(word) >= FIRST_NAME_MIN_COUNT

    def _read_name(
        self, text: str, pos: int, *, lower_ok: bool = False, weak: bool = False,
        cross_line: bool = True, label_ok: bool = False,
    ) -> list[_Tok]:
        """Name tokens from ``pos``: stops at lowercase words, punctuation, labels, line ends."""
        out: list[_Tok] = []
        p = pos
        n = len(text)
        while len(out) < MAX_NAME_TOKENS and p < n:
            sm = _SPACE_RE.match(text, p)
            q = sm.end() if sm else p
            if q < n and text[q] in "\r\n":
                # the next line continues a name only right after a title, or after first
                # names/initials when it starts with an UPPERCASE word
                if not cross_line:
                    break
                nl = _NEXT_LINE_RE.match(text, q)
                if not nl:
                    break
                q2 = nl.end()
                if out and not all(t.kind == "init" or (t.kind == "word" and not t.upper)
                                   for t in out):
                    break
                got = self._read_token(text, q2, lower_ok=False, weak=weak)
                if not got or not got[0][-1].upper or (out and got[0][-1].kind != "word"):
                    break
                if not out and len(text) > q2 and _LABEL_AFTER_RE.match(text, got[1]):
                    break
                toks, p = got
                out.extend(toks)
                continue
            if out and q == p and q < n and text[q] not in " \t":
                break
            if out and q - p > 2:  # a wide gap ends a name (columns)
                break
            n_lower = sum(t.kind in ("lower", "lparticle") for t in out)
            after_first = bool(out) and out[-1].kind == "word" and not out[-1].upper and (
                self._lex().first_strength(text[out[-1].start:out[-1].end]) >= 0.5
            )
            got = self._read_token(
                text, q,
                lower_ok=lower_ok and (not out or (out[-1].kind == "lower"
                                                   and n_lower < MAX_LOWER_TOKENS)),
                weak=weak, after_first=after_first,
            )
            if not got and cross_line and after_first and not weak:
                # "Dr Gwenaëlle Le" / "Roux": a particle ending the line
                more = self._particle_then_next_line(text, q)
                if more:
                    out.extend(more)
                    p = more[-1].end
                    continue
            if not got:
                break
            toks, end = got
            if toks[-1].kind == "word" and _LABEL_AFTER_RE.match(text, end) and not (
                label_ok and not out
            ):
                break  # "Prénom :" after a name is a field label, not a name
            out.extend(toks)
            p = end
        while out and out[-1].kind == "particle":
            out.pop()
        return out

    # ---------------------------------------------------------------- entities
    def _part(self, toks: list[_Tok], text: str) -> str:
        words = [t for t in toks if t.kind in ("word", "lower")]
        if not words:
            return "initials"
        if len(words) == 1 and not any(t.kind == "init" for t in toks):
            w = words[0]
            word = text[w.start:w.end]
            lex = self._lex()
            if not word.isupper() and lex.first_count(word) > 3 * max(lex.surname(word), 1):
                return "first"
            return "last"
        return "full"

    def _make(
        self, text: str, toks: list[_Tok], source: str, score: float, role: str,
        sex: str | None, part: str | None = None, **extra: Any,
    ) -> Entity:
        attrs: dict[str, Any] = {"role": role, "part": part or self._part(toks, text)}
        if sex:
            attrs["sex"] = sex
        attrs.update(extra)
        return Entity(toks[0].start, toks[-1].end, "PERSON", source=source, score=score,
                      attributes=attrs)

    @staticmethod
    def _context_role(text: str, start: int, end: int, default: str = "other") -> str:
        """Role of a civility/dictionary name from the words around it (see the cue lists)."""
        line_start = text.rfind("\n", max(0, start - LINE_WINDOW), start) + 1
        line_start = max(line_start, start - LINE_WINDOW)  # bounded: no quadratic scans
        line_before = text[line_start:start]
        before = text[max(0, start - ROLE_WINDOW):start]
        if _PATIENT_LABEL_RE.search(line_before):
            return "patient"
        if _OTHER_BEFORE_RE.search(before) or _OTHER_AFTER_RE.match(text, end):
            return "other"
        if _STAFF_AFTER_RE.match(text, end) or _STAFF_LABEL_RE.search(line_before):
            return "staff"
        if _PATIENT_BEFORE_RE.search(before) or _PATIENT_AFTER_RE.match(text, end):
            return "patient"
        line_end = text.find("\n", end, end + LINE_WINDOW)
        rest = text[end:line_end if line_end >= 0 else end + LINE_WINDOW]
        lb = line_before.strip()
        if not rest.strip(" \t,.") and (not lb or _TITLE_AT.fullmatch(lb)):
            return "patient"  # "Mme X" alone on its line: the patient's address block
        return default

    def _meta_role(self, document: Document, text: str, toks: list[_Tok]) -> bool:
        meta = document.meta
        names = {_key(n) for n in (meta.patient_last_name, meta.patient_first_name) if n}
        if not names:
            return False
        last = _key(meta.patient_last_name) if meta.patient_last_name else None
        keys = {t.key for t in toks if t.key}
        joined = _key(text[toks[0].start:toks[-1].end])
        return bool(last and (last in keys or last in joined))

    def _title_pass(self, document: Document, taken: list[Entity]) -> Iterator[Entity]:
        text = document.text
        skip_until = -1
        for m in _TITLE_RE.finditer(text):
            if m.start() < skip_until:
                continue
            if _PLACE_CONTEXT_RE.search(text, max(0, m.start() - 40), m.start()):
                continue
            kind, sex, weak = _TITLE_INFO[m.lastgroup or ""]
            end = m.end()
            # chains: "Monsieur le Docteur", "M. et Mme", "Madame le Professeur"
            while True:
                lm = _TITLE_LINK_RE.match(text, end)
                if not lm:
                    break
                k2, s2, w2 = _TITLE_INFO[lm.lastgroup or ""]
                if k2 != "civility":
                    kind = k2
                weak = weak and w2
                if sex != s2:
                    sex = sex if lm.group().strip().startswith(("le", "la")) else None
                end = lm.end()
            if weak and kind == "staff":
                cm = _CIVILITY_AT.match(text, _SPACE_RE.match(text, end).end())
                if cm:  # "IADE M. N'DIAYE", "IDE Mme ROSE"
                    sex = _TITLE_INFO[cm.lastgroup or ""][1]
                    end = cm.end()
            title = m.group()
            lower_title = title[:1].islower()
            if title in ("M", "Me", "AS", "AP") and not _SPACE_RE.match(text, end).group():
                continue
            pos = end
            if title.endswith(".") is False and end < len(text) and text[end] == ".":
                pos = end + 1
            if kind == "staff":
                adjective = _STAFF_ADJECTIVE_RE.match(text, pos)
                if adjective:  # "sage-femme libérale Céline AUBRAC", "IDE référente Julie"
                    pos = adjective.end()
            lower_ok = not weak and ((lower_title and kind in ("staff", "civility")) or (
                kind == "staff"
            ))  # "mme le calvez", "dr ferri", "le Dr guillou"; not "sage-femme libérale"
            toks = self._read_name(text, pos, lower_ok=lower_ok, weak=weak, label_ok=True)
            if not toks:
                toks = self._particle_then_next_line(text, _SPACE_RE.match(text, pos).end())
            if not toks or all(t.kind == "particle" for t in toks):
                continue
            if toks[0].kind == "particle" and _TITLE_AT.match(
                text, _SPACE_RE.match(text, toks[0].end).end()
            ):
                continue  # "aide de Mme Nadia B.": "de" is no particle, the next title reads
            if any(t.kind == "particle" for t in toks) and "\n" in text[toks[0].start:toks[-1].end]:
                # "M. Le" / "Bihan": one span per line
                for part_toks in self._split_at_lines(text, toks):
                    yield self._make(text, part_toks, "pattern/person-title", 0.85,
                                     self._context_role(text, m.start(), toks[-1].end), sex,
                                     "last", trigger="title")
                skip_until = toks[-1].end
                continue
            if kind == "civility" and toks[0].kind == "particle" and text[toks[0].start] in "l":
                continue  # "Monsieur le Maire", "Madame la Directrice"
            if kind == "staff" and title in JOB_TITLES and toks[0].kind == "particle" and (
                self._job_object(text, toks)
            ):
                continue  # "Professeur d'EPS", "professeur de Français"
            if kind == "staff" and toks[0].kind == "particle" and len(toks) > 1 and (
                _key(text[toks[1].start : toks[1].end]) in STAFF_QUALIFIERS
            ):
                continue  # "IDE DE NUIT", "infirmière d'ETP", "IDE de DP": a shift or a unit
            if len(toks) == 1 and toks[0].kind == "init" and kind == "civility":
                # "Objet : M. T., 72 ans": an initialised name; "M." may be its first initial
                start = m.start() if title == "M." else toks[0].start
                yield Entity(start, toks[0].end, "PERSON", source="pattern/person-title",
                             score=0.8, attributes={"role": self._context_role(
                                 text, m.start(), toks[0].end), "part": "initials",
                                 "trigger": "title"})
                skip_until = toks[0].end
                continue
            if kind in ("staff", "staff_plural"):
                role = "staff"
            elif kind == "lawyer":
                role = "other"
            else:
                role = self._context_role(text, m.start(), toks[-1].end)
            if role != "patient" and kind == "civility" and self._meta_role(document, text, toks):
                role = "patient"
            score = 0.75 if weak else 0.95
            ent = self._make(text, toks, "pattern/person-title", score, role, sex,
                             trigger="title")
            yield ent
            skip_until = ent.end
            # plural titles and lists: "Drs X et Y", "Dr X / Dr Y"
            if kind == "staff_plural":
                yield from self._list_more(text, ent.end, role, None, weak, min_tokens=1)

    def _particle_then_next_line(self, text: str, pos: int) -> list[_Tok]:
        """A particle at a line end whose surname starts the next line ("M. Le" / "Bihan")."""
        pm = _LINE_END_PARTICLE_RE.match(text, pos)
        if not pm:
            return []
        wm = _WORD_RE.match(text, pm.end())
        if not wm or _is_stop(_key(wm.group())):
            return []
        w = wm.group()
        lex = self._lex()
        if lex.surname(w) < SURNAME_MIN_COUNT or lex.common_weight(w) >= 0.5:
            return []
        return [_Tok(pm.start(), pm.start("p") + len(pm.group("p")), "particle", "", False),
                _Tok(wm.start(), wm.end(), "word", _key(w), w.isupper())]

    @staticmethod
    def _split_at_lines(text: str, toks: list[_Tok]) -> list[list[_Tok]]:
        groups: list[list[_Tok]] = [[toks[0]]]
        for t in toks[1:]:
            if "\n" in text[groups[-1][-1].end:t.start]:
                groups.append([t])
            else:
                groups[-1].append(t)
        return groups

    def _job_object(self, text: str, toks: list[_Tok]) -> bool:
        """Whether the word after "de"/"d'" is a subject taught, not a surname."""
        words = [t for t in toks if t.kind == "word"]
        if not words or text[toks[0].start] not in "dD" or text[toks[0].start:toks[0].end][
            1:2
        ].isupper():
            return False
        w = text[words[0].start:words[0].end]
        lex = self._lex()
        return (w.isupper() and len(w) <= 4) or lex.common(w) or (
            lex.surname(w) < SURNAME_MIN_COUNT
        ) or w.lower().endswith(JOB_OBJECT_ENDINGS)

    def _relative_pass(self, document: Document) -> Iterator[Entity]:
        """First names after a relative cue: "son grand frère Adam", "sa mère, Nathalie"."""
        from clindeid.detect.rules.hospitals import named_org_at  # hospitals imports persons

        text = document.text
        lex = self._lex()
        for m in _RELATIVE_RE.finditer(text):
            pos = m.end()
            if _TITLE_AT.match(text, pos):
                continue  # "sa fille, Mme X": the title pass reads it
            toks = self._read_name(text, pos, weak=True, cross_line=False)
            # in capitals, common words before the name are no name: "ONCLE PATERNEL :
            # CONVULSIONS FÉBRILES", "SAGE-FEMME LIBÉRALE CÉLINE AUBRAC"
            while toks and toks[0].kind == "word" and _common_in_capitals(
                lex, text[toks[0].start : toks[0].end]
            ) and (lex.surname(text[toks[0].start : toks[0].end]) < 100 or (
                sum(t.kind == "word" for t in toks) >= 3
                and lex.first_strength(text[toks[1].start : toks[1].end].title()) >= 0.5
            )):
                toks = toks[1:]
            while toks and toks[0].kind != "word":
                toks = toks[1:]
            words = [t for t in toks if t.kind == "word"]
            if not words:
                continue
            first = text[words[0].start:words[0].end]
            b = _base_key(words[0].key)
            if b in EPONYMS or b in MONTHS_DAYS:
                continue
            if first.isupper() and len(first) <= 4 and lex.first_strength(first.title()) < 0.5:
                continue  # "sa mère DCD", "son père BPCO"
            if lex.common_weight(first) >= 0.5 and lex.first_strength(first) < 0.3:
                continue
            if named_org_at(text, words[0].start):
                continue  # "employeur : Carrefour Market": a company the rules know
            ent = self._make(text, toks, "pattern/person-relative", 0.85, "other", None,
                             trigger="relative")
            yield ent
            yield from self._list_more(text, ent.end, "other", None, weak=True,
                                       source="pattern/person-relative", score=0.8,
                                       min_tokens=1, separators=_RELATIVE_LIST_SEP_RE,
                                       comma_first_names=True)

    def _role_after_pass(self, document: Document) -> Iterator[Entity]:
        """A lone first name followed by a care-team role: "Mélanie (IDE de coordination)"."""
        text = document.text
        lex = self._lex()
        if not lex.available:
            return
        for m in (*_NAME_THEN_ROLE_RE.finditer(text), *_ROLE_THEN_NAME_RE.finditer(text)):
            w = m.group("name")
            if _is_stop(_key(w)) or lex.first_strength(w) < FIRST_INITIAL_MIN_STRENGTH or (
                lex.common_weight(w) >= 0.5
            ):
                continue
            yield Entity(m.start("name"), m.end("name"), "PERSON",
                         source="dictionary/person-role", score=0.7,
                         attributes={"role": "staff", "part": "first", "trigger": "role"})

    def _loose_first_name_pass(self, document: Document) -> Iterator[Entity]:
        """Nicknames in quotes, "son cousin samir", "Moussa (3 ans)", "« Lulu » (amie)"."""
        text = document.text
        lex = self._lex()
        for m in _NICKNAME_RE.finditer(text):
            w = m.group("name")
            k = _key(w)
            if _is_stop(k) or _base_key(k) in EPONYMS or (
                lex.common_weight(w) >= 0.5 and lex.first_strength(w) < 0.5
            ):
                continue  # "dit « Attention »": a quotation, not a nickname
            if m.group().lower().startswith("dit"):
                bm = _NAME_BEFORE_DIT_RE.search(text, max(0, m.start() - 40), m.start())
                if not bm:
                    continue  # "il dit « Stop »": speech, not a nickname
                b = bm.group("name")
                if lex.first_strength(b) >= FIRST_INITIAL_MIN_STRENGTH and not _is_stop(_key(b)):
                    yield Entity(bm.start("name"), bm.end("name"), "PERSON",
                                 source="dictionary/person-first", score=0.7,
                                 attributes={"role": "other", "part": "first",
                                             "trigger": "nickname"})
            yield Entity(m.start("name"), m.end("name"), "PERSON",
                         source="pattern/person-nickname", score=0.8,
                         attributes={"role": self._context_role(text, m.start(), m.end()),
                                     "part": "first", "trigger": "nickname"})
        if not lex.available:
            return
        for rx in (_QUOTED_FIRST_THEN_RE, _FIRST_THEN_RE):
            for m in rx.finditer(text):
                w = m.group("name")
                if _is_stop(_key(w)) or _base_key(_key(w)) in EPONYMS:
                    continue
                quoted = rx is _QUOTED_FIRST_THEN_RE  # quotes: any name that is no word
                if lex.common_weight(w) >= (0.25 if quoted else 0.5) or (
                    not quoted and lex.first_strength(w) < FIRST_INITIAL_MIN_STRENGTH
                ):
                    continue
                yield Entity(m.start("name"), m.end("name"), "PERSON",
                             source="dictionary/person-first", score=0.7,
                             attributes={"role": "other", "part": "first",
                                         "trigger": "first-then"})
        for m in _LOWER_SIGNATURE_RE.finditer(text):
            if m.group("ini"):
                name = m.group("ini")
                if name.replace(".", "").replace(" ", "") in _DOTTED_ABBREVIATIONS:
                    continue  # "e.g.", "i.e.", "n.b.": abbreviations
            elif m.group("first"):
                w = m.group("first")
                if _is_stop(_key(w)) or lex.common(w) or lex.common_weight(w) >= 0.25 or (
                    lex.first_count(w) < LOWER_FIRST_MIN_COUNT
                ):
                    continue
            else:
                w = m.group("sur")
                if _is_stop(_key(w)) or lex.common(w) or lex.surname(w) < SURNAME_MIN_COUNT:
                    continue
            start = m.start("init") if m.group("init") else m.start(m.lastgroup or 0)
            yield Entity(start, m.end(m.lastgroup or 0), "PERSON",
                         source="dictionary/person-first", score=0.65,
                         attributes={"role": "staff", "trigger": "signature"})
        for m in _FIRST_AGE_RE.finditer(text):
            w = m.group("name")
            if _is_stop(_key(w)) or lex.common(w) or lex.common_weight(w) >= 0.25 or (
                lex.first_count(w) < LOWER_FIRST_MIN_COUNT or lex.surname(w) > lex.first_count(w)
            ):
                continue
            yield Entity(m.start("name"), m.end("name"), "PERSON",
                         source="dictionary/person-first", score=0.65,
                         attributes={"role": "other", "part": "first", "trigger": "age"})
        for m in _RELATIVE_LOWER_RE.finditer(text):
            w = m.group("name")
            if _is_stop(_key(w)) or lex.common(w) or w in MONTHS_DAYS:
                continue
            if lex.first_count(w) < LOWER_FIRST_MIN_COUNT or lex.surname(w) > lex.first_count(w):
                continue
            yield Entity(m.start("name"), m.end("name"), "PERSON",
                         source="pattern/person-relative", score=0.75,
                         attributes={"role": "other", "part": "first", "trigger": "relative"})

    def _strong_lone_first(self, w: str, max_common: float = 0.0) -> bool:
        """A capitalised word that is clearly a first name and no ordinary word."""
        lex = self._lex()
        k = _key(w)
        if _is_stop(k) or _base_key(k) in EPONYMS or _base_key(k) in MONTHS_DAYS:
            return False
        return (
            lex.first_strength(w) >= FIRST_INITIAL_MIN_STRENGTH
            and lex.first_count(w) > 3 * max(lex.surname(w), 1)
            and (lex.common_weight(w) <= max_common
                 or (lex.common_weight(w) < 0.5 and lex.first_strength(w) >= 0.8))
        )

    def _name_slot_pass(self, document: Document) -> Iterator[Entity]:
        """Names in slots that only a name fills: "(Sabrina)" after a care act, a first name
        closing a nursing note line, a nickname in quotes after a relation word or a full
        name, "N. Martin" between punctuation."""
        text = document.text
        lex = self._lex()
        if not lex.available:
            return
        for rx, role in ((_PAREN_FIRST_RE, "other"), (_LINE_END_FIRST_RE, "staff")):
            for m in rx.finditer(text):
                if self._strong_lone_first(m.group("name")):
                    yield Entity(m.start("name"), m.end("name"), "PERSON",
                                 source="dictionary/person-first", score=0.7,
                                 attributes={"role": role, "part": "first",
                                             "trigger": "name-slot"})
        for m in _FIRST_THEN_PHONE_RE.finditer(text):
            w = m.group("name")
            ok = self._strong_lone_first(w) if w[0].isupper() else bool(
                self._lower_sequence(text, m.start("name"), title=False)
            )
            if ok:
                yield Entity(m.start("name"), m.end("name"), "PERSON",
                             source="dictionary/person-first", score=0.7,
                             attributes={"role": "other", "part": "first",
                                         "trigger": "phone"})
        for m in _QUOTED_NAME_RE.finditer(text):
            if not _QUOTED_BEFORE_RE.search(text, max(0, m.start() - 40), m.start()):
                continue
            w = m.group("name")
            k = _key(w)
            if _is_stop(k) or _base_key(k) in EPONYMS or _base_key(k) in MONTHS_DAYS or (
                lex.common_weight(w) >= 0.5
            ):
                continue
            yield Entity(m.start("name"), m.end("name"), "PERSON",
                         source="heuristic/person-nickname", score=0.75,
                         attributes={"role": "other", "part": "first", "trigger": "nickname"})
        for m in _INITIAL_SURNAME_RE.finditer(text):
            name = m.group("name")
            if name.startswith("M."):
                continue  # "M. Martin": a civility, read by the title pass
            wm = _WORD_RE.search(name)
            if wm is None:
                continue
            w = wm.group()
            k = _key(w)
            if _is_stop(k) or _base_key(k) in EPONYMS or _base_key(k) in MONTHS_DAYS:
                continue
            if lex.surname(w) < SURNAME_MIN_COUNT or lex.common_weight(w) >= 0.5:
                continue
            yield Entity(m.start("name"), m.end("name"), "PERSON",
                         source="dictionary/person-initial", score=0.7,
                         attributes={"role": self._context_role(text, m.start(), m.end(),
                                                                "staff"),
                                     "part": "full", "trigger": "initial"})

    def _lower_word_ok(self, word: str) -> tuple[bool, int, int, float]:
        """Whether a lowercase word may be a name part: (ok, first count, surname count,
        common weight). Hyphenated first names ("lou-ann") need every part to be a name."""
        lex = self._lex()
        key = _key(word)
        if _is_stop(key) or key in MONTHS_DAYS or key in EPONYMS:
            return False, 0, 0, 1.0
        if "-" in word:
            parts = word.split("-")
            for part in parts:
                pk = _key(part)
                known = (lex.first_count(part) >= FIRST_NAME_MIN_COUNT
                         or lex.surname(part) >= SURNAME_MIN_COUNT)
                if pk in CLINICAL_ACRONYMS or pk in MONTHS_DAYS or not known or (
                    lex.common_weight(part) >= 0.5
                ):
                    return False, 0, 0, 1.0
            firsts = [lex.first_count(part) for part in parts]
            return True, min(firsts), lex.surname(word), lex.common_weight(word)
        if len(word) < 3:
            return False, 0, 0, 1.0
        first, sur = lex.first_count(word), lex.surname(word)
        ok = first >= FIRST_NAME_MIN_COUNT or sur >= SURNAME_MIN_COUNT
        return ok, first, sur, lex.common_weight(word)

    def _lower_sequence(self, text: str, pos: int, *, title: bool) -> list[_Tok]:
        """Lowercase name tokens after a cue, checked against the name dictionaries.

        Every word must be a known first name or surname that is not an ordinary word; an
        initial ("c. morel") needs a surname after it; a lone word needs strong evidence.
        ``title`` (after dr/pr) lets a frequent surname that is also a common word through
        ("dr paris"). Returns ``[]`` when the words do not read as a name.
        """
        im = _LOWER_INITIAL_RE.match(text, pos)
        p = im.end() if im else pos
        toks: list[_Tok] = []
        infos: list[tuple[int, int, float]] = []
        while len(infos) < MAX_LOWER_WORDS:
            q = p
            if infos:
                sm = _SPACE_RE.match(text, p)
                if not sm or sm.end() - p != 1:
                    break
                q = sm.end()
            pm = _LOWER_SEQ_PARTICLE_RE.match(text, q) if (infos or im) else None
            wm = _LOWER_SEQ_WORD_RE.match(text, pm.end() if pm else q)
            if not wm:
                break
            ok, first, sur, cw = self._lower_word_ok(wm.group())
            if not ok or (pm and (sur < SURNAME_MIN_COUNT or cw >= 0.5)):
                break
            if pm:
                toks.append(_Tok(q, q + len(pm.group().rstrip()), "lparticle", "", False))
            toks.append(_Tok(wm.start(), wm.end(), "lower", _key(wm.group()), False))
            infos.append((first, sur, cw))
            p = wm.end()
        if not infos:
            return self._unknown_after_title(text, pos, im) if title else []
        n = len(infos)
        # every word but a strong first name followed by a surname must not be a common word
        keep = n
        for i, (first, _sur, cw) in enumerate(infos):
            if cw < 0.5:
                continue
            pair_ok = (
                i == 0 and n > 1 and first >= LOWER_STRONG_FIRST and infos[1][2] == 0
                and infos[1][1] >= SURNAME_MIN_COUNT
            )
            if not pair_ok:
                keep = i
                break
        if keep < n:
            cut = sum(1 for t in toks if t.kind == "lower") - (n - keep)
            lowers = [j for j, t in enumerate(toks) if t.kind == "lower"]
            toks = toks[: lowers[cut - 1] + 1] if cut > 0 else []
            infos = infos[:keep]
        if not infos:
            if title and n >= 1 and im is None:
                first, sur, cw = self._lower_word_ok_single(text, pos)
                if sur >= LOWER_COMMON_SURNAME and cw < 0.8:
                    wm = _LOWER_SEQ_WORD_RE.match(text, pos)
                    if wm:
                        return [_Tok(wm.start(), wm.end(), "lower", _key(wm.group()), False)]
            return []
        if im:
            if not any(sur >= SURNAME_MIN_COUNT and cw < 0.5 for _f, sur, cw in infos):
                return []
            toks.insert(0, _Tok(im.start(), im.start() + len(im.group().rstrip()), "init",
                                "", False))
        elif len(infos) == 1:
            first, sur, cw = infos[0]
            if not ((cw == 0 and (first >= LOWER_FIRST_MIN_COUNT or sur >= LOWER_SINGLE_SURNAME))
                    or first >= LOWER_STRONG_FIRST):
                return []
        while toks and toks[-1].kind == "lparticle":
            toks.pop()
        return toks

    def _unknown_after_title(self, text: str, pos: int, im: re.Match[str] | None) -> list[_Tok]:
        """A surname no dictionary knows after "dr"/"pr" and maybe an initial, in a quick
        note ("avis chir dr k. ravelonjato"): one word of five letters or more that is no
        French word, no clinical acronym, and ends the phrase or the name."""
        start = im.end() if im else pos
        wm = _LOWER_SEQ_WORD_RE.match(text, start)
        if wm is None or "-" in wm.group() or len(wm.group()) < 5 or not wm.group().isalpha():
            return []
        key = _key(wm.group())
        if _is_stop(key) or key in MONTHS_DAYS or key in EPONYMS or key in CLINICAL_ACRONYMS:
            return []
        if self._lex().common_weight(wm.group()) > 0 or _written_lowercase(wm.group()):
            return []
        if not _UNKNOWN_NAME_END.match(text, wm.end()):
            return []
        toks = [_Tok(wm.start(), wm.end(), "lower", key, False)]
        if im:
            toks.insert(0, _Tok(im.start(), im.start() + len(im.group().rstrip()), "init",
                                "", False))
        return toks

    def _lower_word_ok_single(self, text: str, pos: int) -> tuple[int, int, float]:
        wm = _LOWER_SEQ_WORD_RE.match(text, pos)
        if not wm or "-" in wm.group():
            return 0, 0, 1.0
        w = wm.group()
        k = _key(w)
        if _is_stop(k) or k in MONTHS_DAYS or k in EPONYMS:
            return 0, 0, 1.0
        lex = self._lex()
        return lex.first_count(w), lex.surname(w), lex.common_weight(w)

    def _lower_cue_pass(self, document: Document) -> Iterator[Entity]:
        """Lowercase names after a cue in quick notes ("pt keita mamadou", "mère (nadine)")."""
        text = document.text
        if not self._lex().available:
            return
        for m in _LOWER_CUE_RE.finditer(text):
            group = m.lastgroup or ""
            toks = self._lower_sequence(text, m.end(), title=group == "title")
            if not toks:
                continue
            if group == "pat":
                role = "patient"
            elif group == "rel":
                role = "other"
            elif group == "civ":
                role = self._context_role(text, m.start(), toks[-1].end)
            else:
                role = "staff"
            yield self._lower_with_initial(text, toks, role)
        for m in _NOTE_AUTHOR_RE.finditer(text):
            toks = self._lower_sequence(text, m.end(), title=False)
            if toks:
                ent = self._lower_with_initial(text, toks, "staff")
                if text[ent.end : ent.end + 1] in (")", ","):
                    yield ent

    def _glued_login(self, login: str, named: bool = False) -> bool:
        """Whether ``login`` is an initial glued to a known surname and nothing else: no
        surname, first name, common or other French word, nor commune of its own. After a
        word that names it a login (``named``: "login alecalvez", "utilisateur mdurand"),
        the surname need not be known ("Le Calvez" glued is no surname of the list)."""
        from clindeid.knowledge.communes import communes_by_name
        from clindeid.knowledge.vocabulary import word_ranks

        lex = self._lex()
        word = login.lower().rstrip("0123456789")  # "mlaurent2": a login numbered
        numbered = word != login.lower()
        if numbered and not named:
            return False  # digits only after a word that names a login ("saisie : mlaurent2")
        return (
            ((named and not numbered) or lex.surname(word[1:]) >= GLUED_LOGIN_MIN_SURNAME)
            and lex.surname(word) == 0
            and lex.first_count(word) < FIRST_NAME_MIN_COUNT
            and not lex.common(word)
            and word_ranks(word) == (-1, -1)
            and not communes_by_name(word)
        )

    def _lower_with_initial(self, text: str, toks: list[_Tok], role: str) -> Entity:
        """A lowercase name with the surname's initial after it ("(kevin m.)")."""
        ent = self._make(text, toks, "pattern/person-lower", 0.8, role, None,
                         trigger="lower-cue")  # fmt: skip
        initial = _LOWER_TRAILING_INITIAL_RE.match(text, ent.end)
        return ent.with_(end=initial.end()) if initial else ent

    def _initials_pass(self, document: Document) -> Iterator[Entity]:
        """Initials-only names ("(V. M.)", "– C.D.") and "J. Lefort" signature lines."""
        text = document.text
        for rx in (_PAREN_INITIALS_RE, _LINE_INITIALS_RE):
            for m in rx.finditer(text):
                surface = m.group().rstrip()
                letters = "".join(ch for ch in surface if ch.isalpha())
                if letters in INITIALS_NOT_NAMES:
                    continue
                yield Entity(m.start(), m.start() + len(surface), "PERSON",
                             source="heuristic/person-initials", score=0.6,
                             attributes={"role": "other" if rx is _PAREN_INITIALS_RE
                                         else "staff", "part": "initials",
                                         "trigger": "initials"})
        for m in _SIGNATURE_INITIALS_RE.finditer(text):
            if m.group("b") and m.group("b").isupper() and not _SIGNATURE_LINE_RE.search(
                text, text.rfind("\n", 0, max(0, m.start() - 1)) + 1, m.start()
            ):
                continue  # "TA/FC": two capitals pairs need the signature line above
            if m.group("a4") and not _SIGNED_LINE_START.match(
                text, _after_line_label(text, text.rfind("\n", 0, m.start()) + 1, m.start())
            ):
                continue  # "TA/FC" after a dash: a signature, a date or a name must open the line
            if m.group("a4") and not m.group("b4") and not _initials_of_line(text, m):
                continue  # alone, the initials must be those of the name on the line
            if m.group("a4") in _UNIT_WORDS:
                continue  # "– mg/kg": a unit, not a pair of initials ("ac/dl" is one)
            if m.group("a6") and not _SIGNATURE_ABOVE_RE.search(
                text, max(0, text.rfind("\n", 0, max(0, m.start() - 1)) - 200), m.start()
            ):
                continue  # "et/ou": lowercase pairs need a signed line just above
            groups = (
                ("a", "b") if m.group("a") else ("a2", "b2") if m.group("a2")
                else ("a4", "b4") if m.group("b4") else ("a4",) if m.group("a4")
                else ("a5", "b5", "c5") if m.group("a5")
                else ("a6", "b6") if m.group("a6") else ("b3",)
            )  # fmt: skip
            for g in groups:
                yield _staff_initials(m.start(g), m.end(g), "signature")
        # a login after a user field or closing a dated footer ("opérateur : interne",
        # "validé le … – transmis": a word, no login), or one that spells a name of the
        # document (its words read once, when a candidate needs them)
        words: frozenset[str] | None = None
        for m in (*_LOGIN_FIELD_RE.finditer(text), *_FOOTER_LOGIN_RE.finditer(text),
                  *_NAME_LOGIN_RE.finditer(text)):
            group = "login" if m.group("login") else "login2"
            login = m.group(group)
            if m.re is _NAME_LOGIN_RE and "." in login and _written_lowercase(
                login.split(".")[-1]
            ):
                continue  # "(cf.bilan)": a word after the dot, not a surname
            if m.re is _NAME_LOGIN_RE:
                login = login.lower()  # "PAR KBELKACEM" in a form written in capitals
                if _written_lowercase(login):
                    continue
                words = _document_words(text) if words is None else words
                if not _spells_a_name(words, login):
                    continue
            elif m.re is _LOGIN_FIELD_RE:
                if not _field_login_kept(m, login):
                    continue
            elif not _login_shaped(login) or login in _NOT_CLOSING_INITIALS:
                continue
            yield _staff_initials(m.start(group), m.end(group), "login")
        for m in _INITIALS_FIELD_RE.finditer(text):
            yield Entity(m.start("ini"), m.end("ini"), "PERSON", source="pattern/person-initials",
                         score=0.8, attributes={"role": "patient", "part": "initials",
                                                "trigger": "field"})  # fmt: skip
        for m in _GLUED_LOGIN_RE.finditer(text):
            cue = m.group("cue")
            if (cue or m.group("end") is not None) and self._glued_login(
                m.group("login"), named=bool(cue and _LOGIN_CUE_WORD.search(cue))
            ):
                yield _staff_initials(m.start("login"), m.end("login"), "login", score=0.6)
        closing = _CLOSING_LOWER_INITIALS_RE.search(text)
        if closing is not None:
            pair = closing.group("ini2") is not None
            # a pair "jf/ar" is initials even where each could be a word ("jf", "ar"), unless
            # it is a unit ("mg/kg")
            unit_pair = pair and bool(_UNIT_WORDS & {closing.group("ini"), closing.group("ini2")})
            for g in ("ini", "ini2"):
                ini = closing.group(g)
                if not ini or ini in _NOT_CLOSING_INITIALS:
                    continue
                if not unit_pair if pair else not _written_lowercase(ini):
                    yield _staff_initials(closing.start(g), closing.end(g), "signature",
                                          score=0.65)
        for m in _TYPING_RE.finditer(text):
            for g, found in m.groupdict().items():
                if found:
                    yield _staff_initials(m.start(g), m.end(g), "reference")
        for m in _INITIALS_BEFORE_JOB_RE.finditer(text):
            yield _staff_initials(m.start("ini"), m.end("ini"), "signature", score=0.7)
        lex = self._lex()
        # a first name alone, found by its context, and the test its word must pass
        lone_firsts = (
            # "auxiliaire de vie Chantal", "ioa maxime"
            (_FIRST_NAME_AFTER_JOB_RE, "pattern/person-title", 0.7, "staff", "job",
             lambda n: lex.first_strength("-".join(p.title() for p in n.split("-"))) >= 0.5
             and lex.common_weight(n.lower()) < 0.5),
            # "d'Agnieszka, interprète"
            (_NAME_BEFORE_INTERPRETER_RE, "pattern/person-title", 0.7, "staff", "job",
             lambda n: not _is_stop(_key(n)) and lex.common_weight(n.lower()) < 0.5
             and not lex.common(n.lower())),
            # "3) Lusine, née le 12/12/2021"
            (_NAME_THEN_BORN_RE, "dictionary/person-first", 0.7, "other", "birth",
             lambda n: not (_is_stop(_key(n)) or _base_key(_key(n)) in EPONYMS
                            or _base_key(_key(n)) in MONTHS_DAYS or lex.common_weight(n) >= 0.5)),
            # "Veuve de Roland"
            (_LATE_SPOUSE_FIRST_RE, "dictionary/person-first", 0.75, "other", "relative",
             lambda n: lex.first_strength(n) >= 0.5 and not _is_stop(_key(n))),
        )  # fmt: skip
        for rx, source, score, role, trigger, keep in lone_firsts:
            for m in rx.finditer(text):
                if keep(m.group("name")):
                    yield Entity(m.start("name"), m.end("name"), "PERSON", source=source,
                                 score=score, attributes={"role": role, "part": "first",
                                                          "trigger": trigger})  # fmt: skip
        for m in _SPELLED_NAME_RE.finditer(text):
            yield Entity(m.start("name"), m.end("name"), "PERSON",
                         source="pattern/person-title", score=0.8,
                         attributes={"role": self._context_role(text, m.start(), m.end()),
                                     "trigger": "spelled"})  # fmt: skip
        for m in _SLASH_SURNAME_RE.finditer(text):
            yield Entity(m.start("name"), m.end("name"), "PERSON",
                         source="pattern/person-title", score=0.8,
                         attributes={"role": "patient", "trigger": "maiden"})
        for m in _LOWER_INITIALS_AT_JOB_RE.finditer(text):
            if m.group("b") and (
                m.group("b") in _UNIT_WORDS
                or {m.group("a"), m.group("b")} <= CLINICAL_ACRONYMS | _NOT_CLOSING_INITIALS
            ):
                continue  # "mg/kg": a dose; "hb/ht": two tests
            for g in ("ini", "after", "a", "b"):
                ini = m.group(g)
                if ini and ini not in _NOT_CLOSING_INITIALS:
                    yield _staff_initials(m.start(g), m.end(g), "signature", score=0.65)
        for m in _TIMED_INITIALS_RE.finditer(text):
            ini = m.group("ini")
            if ini.lower() in CLINICAL_ACRONYMS or _is_body_acronym(ini):
                continue
            yield _staff_initials(m.start("ini"), m.end("ini"), "reference", score=0.65)
        for m in _MESSAGE_SIGNATURE_RE.finditer(text):
            ini = m.group("ini")
            if _is_body_acronym(ini) or (len(ini) > 2 and _written_lowercase(ini.lower())):
                continue
            yield _staff_initials(m.start("ini"), m.end("ini"), "signature", score=0.65)
        for m in _TYPIST_INITIALS_RE.finditer(text):
            a2 = m.group("a2")
            if a2 and a2.isalpha() and a2.islower() and len(a2) >= 4 and (
                _written_lowercase(a2)
            ):
                continue  # "validé par biologiste": a word, no login
            for g in ("a", "b", "a2"):
                if m.group(g):  # after a reference cue, initials are a person's
                    yield _staff_initials(m.start(g), m.end(g), "reference")
        lex = self._lex()
        for m in _LINE_INITIAL_NAME_RE.finditer(text):
            if _TITLE_AT.match(text, m.start("name")):
                continue  # "M. Petit": a civility, read by the title pass
            wm = _WORD_RE.search(text, m.start("name"), m.end("name"))
            if wm is None:
                continue
            w = wm.group()
            k = _key(w)
            if _is_stop(k) or _base_key(k) in EPONYMS or _base_key(k) in MONTHS_DAYS:
                continue
            if lex.common_weight(w) >= 0.8 and not lex.surname(w):
                continue
            yield Entity(m.start("name"), m.end("name"), "PERSON",
                         source="pattern/person-initials", score=0.75,
                         attributes={"role": "staff", "part": "full", "trigger": "signature"})

    def _list_more(
        self, text: str, pos: int, role: str, part: str | None, weak: bool,
        source: str = "pattern/person-title", score: float = 0.9, min_tokens: int = 2,
        separators: re.Pattern[str] | None = None, comma_first_names: bool = False,
    ) -> Iterator[Entity]:
        """More names after a list separator; ``comma_first_names``: after a bare comma or
        semicolon only a clear first name continues the list ("Paul, Inès et Lou")."""
        pm = _PAREN_RE.match(text, pos)  # "Emmanuel (8 ans) et Grâce": skip the bracket
        if pm:
            pos = pm.end()
        while True:
            sm = (separators or _LIST_SEP_RE).match(text, pos)
            if not sm or sm.end() == pos:
                return
            p = sm.end()
            am = _ARTICLE_RE.match(text, p)
            sex = None
            if am:
                p = am.end()
            p, tm, sex = _skip_titles(text, p)
            toks = self._read_name(text, p, weak=weak and not tm, cross_line=False)
            if not toks or (not tm and sum(t.kind != "particle" for t in toks) < min_tokens):
                return  # a bare single word after a comma is often a city or a function
            if not tm and _is_body_acronym(text[toks[0].start : toks[0].end]):
                return  # "Dr FOURCADE, PMI Pantin": a care body, no second person
            if comma_first_names and not tm and sm.group().strip() in (",", ";") and not (
                toks[0].kind == "word"
                and self._strong_lone_first(text[toks[0].start:toks[0].end], 0.5)
            ):
                return  # "sa fille Anne, Lyon": a place, not a sister
            yield self._make(text, toks, source, score, role, sex, part, trigger="list")
            pos = toks[-1].end
            # skip a parenthesised function: "(urologue)"
            pm = _PAREN_RE.match(text, pos)
            if pm:
                pos = pm.end()

    def _field_pass(self, document: Document) -> Iterator[Entity]:
        text = document.text
        for m in _FIELD_RE.finditer(text):
            role, part, is_list, strong = _FIELD_INFO[m.lastgroup or ""]
            p = _FILLER_RE.match(text, m.end()).end()
            am = _ARTICLE_RE.match(text, p)
            if am:
                p = am.end()
            p, tm, sex = _skip_titles(text, p)
            trigger = m.group()
            maiden = (
                trigger[:1] in "nNéÉeEvVdD" and not trigger.endswith(":") and role == "patient"
            )
            if maiden and not tm:
                # "née Martin": not "née le 12/03", only a name-looking word
                role = self._maiden_role(text, m.start())
                if trigger[:1] in "vVéÉeE":  # "veuve de Schneider": "de" is no particle
                    p = _OF_AFTER_WIDOW_RE.match(text, p).end()
            lower_ok = role == "patient" and trigger.endswith(":")  # "Usager : kévin martin"
            toks = self._read_name(text, p, weak=not strong and not tm, cross_line=strong,
                                   lower_ok=lower_ok)
            if not toks:
                continue
            source = "pattern/person-title"
            if maiden and not tm and self._maiden_acronym(text, toks):
                continue  # "épouse DCD": an abbreviation, not a name
            if not strong and not tm and not self._plausible(text, toks):
                if not (maiden and self._upper_surname(text, toks)):
                    continue
                source = "heuristic/person-maiden"  # "épouse PARIS": not repeated elsewhere
            ent_sex = sex or ("F" if maiden and trigger.lower().startswith(("n", "é", "e", "v"))
                              else None)
            ent = self._make(text, toks, source, 0.9 if strong or tm else 0.85,
                             role, ent_sex, part if len(toks) == 1 or part == "first" else None,
                             trigger="maiden" if maiden else "field")
            if role == "patient" or part is not None:
                pass
            yield ent
            if is_list:
                yield from self._list_more(text, ent.end, role, None, weak=True)
            elif part == "first":  # "Prénom(s) : Christelle, Marie-Flore"
                yield from self._list_more(text, ent.end, role, "first", weak=True,
                                           min_tokens=1, separators=_PRENOM_LIST_SEP_RE)

    def _maiden_role(self, text: str, start: int) -> str:
        before = text[max(0, start - 120):start]
        if _OTHER_BEFORE_RE.search(before[-60:]):
            return "other"
        return "patient"

    def _maiden_acronym(self, text: str, toks: list[_Tok]) -> bool:
        """A short UPPERCASE word that is no known surname after "épouse"/"née" ("DCD")."""
        words = [t for t in toks if t.kind == "word"]
        if len(toks) != 1 or len(words) != 1 or not words[0].upper:
            return False
        w = text[words[0].start:words[0].end]
        return len(w) <= 4 and self._lex().surname(w) < LOWER_SINGLE_SURNAME

    def _upper_surname(self, text: str, toks: list[_Tok]) -> bool:
        """An UPPERCASE known surname that is also a common word: "épouse PARIS"."""
        words = [t for t in toks if t.kind == "word"]
        if len(words) != 1 or not words[0].upper:
            return False
        w = text[words[0].start:words[0].end]
        b = _base_key(words[0].key)
        lex = self._lex()
        return (len(b) >= 3 and b not in EPONYMS and b not in MONTHS_DAYS
                and lex.surname(w) >= LOWER_SINGLE_SURNAME and lex.common_weight(w) < 0.8)

    def _plausible(self, text: str, toks: list[_Tok]) -> bool:
        """A title-less name needs one word that is not a common word, or a first name."""
        lex = self._lex()
        for t in toks:
            if t.kind == "lower":
                return True  # already checked: a known name that is not a common word
            if t.kind != "word":
                continue
            w = text[t.start:t.end]
            if _base_key(t.key) in EPONYMS or _base_key(t.key) in MONTHS_DAYS:
                continue
            if lex.common_weight(w) < 0.5 or lex.first_strength(w) > 0.5:
                return True
        return any(t.kind == "init" for t in toks) and any(t.kind == "word" for t in toks)

    def _signature_pass(self, document: Document) -> Iterator[Entity]:
        text = document.text
        for m in _CLOSING_RE.finditer(text):
            pos = m.end()
            lines_seen = 0
            while lines_seen < 5 and pos < len(text):
                nl = text.find("\n", pos)
                if nl < 0:
                    break
                line_start = nl + 1
                line_end = text.find("\n", line_start)
                if line_end < 0:
                    line_end = len(text)
                line = text[line_start:line_end]
                pos = line_end
                if not line.strip():
                    continue
                lines_seen += 1
                p = line_start + (len(line) - len(line.lstrip()))
                tm = _TITLE_AT.match(text, p)
                if tm:
                    continue  # the title pass reads it
                toks = self._read_name(text, p, weak=True, cross_line=False)
                if not toks:
                    continue
                rest = text[toks[-1].end:line_end].strip(" \t,;.")
                if rest or not self._plausible(text, toks):
                    continue
                words = [t for t in toks if t.kind == "word"]
                if len(toks) == 1 and not (words and words[0].upper):
                    continue
                yield self._make(text, toks, "heuristic/person-signature", 0.8, "staff", None,
                                 trigger="signature")

    def _dictionary_pass(self, document: Document) -> Iterator[Entity]:
        text = document.text
        lex = self._lex()
        if not lex.available:
            return
        for m in _RUN_RE.finditer(text):
            before = text[max(0, m.start() - 40):m.start()]
            if _eponym_before(before) or _PLACE_CONTEXT_RE.search(before):
                continue
            toks: list[tuple[_Tok, str]] = []
            for tm in _TOKEN_RE.finditer(m.group()):
                s, e = m.start() + tm.start(), m.start() + tm.end()
                w = tm.group()
                if w[-1] == "." or (len(w) == 3 and w[1] == "-"):
                    toks.append((_Tok(s, e, "init", "", True), w))
                else:
                    toks.append((_Tok(s, e, "word", _key(w), w.isupper() and len(w) > 1), w))
            yield from self._pairs(text, toks, lex)

    def _pairs(self, text: str, toks: list[tuple[_Tok, str]], lex: Lexicon) -> Iterator[Entity]:
        feats: list[_Feat | None] = []
        for n_tok, (t, w) in enumerate(toks):
            if _TITLE_TOKEN_RE.match(w) and not (n_tok == len(toks) - 1 and n_tok > 0):
                feats.append(None)  # "M." before a name is a civility, not an initial
                continue
            if t.kind == "init":
                feats.append(_Feat("init", 0.0, 0.0, 0.0))
                continue
            b = _base_key(t.key)
            if b in EPONYMS and not _is_stop(t.key) and len(b) >= 3:
                # an eponym is a surname only right after a strong first name ("Sarah Wolff")
                feats.append(_Feat("eponym", 0.0, lex.surname_strength(w), lex.common_weight(w)))
                continue
            if (
                _is_stop(t.key) or b in EPONYMS or b in MONTHS_DAYS or len(b) < 2
                or (t.upper and len(b) < 3)
            ):
                feats.append(None)
                continue
            feats.append(_Feat("word", lex.first_strength(w), lex.surname_strength(w),
                               lex.common_weight(w)))
        best: list[tuple[int, int, float, str]] = []
        for i in range(len(toks) - 1):
            fa, fb = feats[i], feats[i + 1]
            if fa is None or fb is None or fa.kind == "eponym":
                continue
            (a, _wa), (b, wb) = toks[i], toks[i + 1]
            # the run's first word was checked by the caller on the same window (a slice,
            # whose start is a word boundary whenever it is one here)
            if i > 0 and _PLACE_CONTEXT_RE.search(text, max(0, a.start - 40), a.start):
                continue
            cand: tuple[float, str] | None = None
            if fa.kind == "init" and fb.kind == "word" and b.upper and fb.common < 0.5:
                if not fb.sn and _STAGE_BEFORE.search(text, max(0, a.start - 6), a.start):
                    continue  # "Ann Arbor III B. IPI 2": a stage's letter, then a score
                cand = (0.75, "dictionary/person") if fb.sn else (0.55, "heuristic/person-pair")
            elif fb.kind == "init" and fa.kind == "word" and a.upper and fa.sn and "." in wb:
                cand = (0.7, "dictionary/person") if fa.common < 0.5 else None
            elif fb.kind == "init" and fa.kind == "word" and _SINGLE_INITIAL.fullmatch(wb) and (
                fa.common < 0.5 and (fa.fn >= FIRST_INITIAL_MIN_STRENGTH or (
                    fa.fn > 0 and _STAFF_AFTER_RE.match(text, b.end)))
            ):
                cand = (0.7, "dictionary/person")  # "Claudine W.", "Kevin R." signing notes
            elif fb.kind == "eponym":
                if fa.kind == "word" and fa.fn >= EPONYM_FIRST_MIN_STRENGTH and fa.common == 0 and (
                    fb.sn and fb.common < 0.5
                    and not _eponym_before(text[max(0, a.start - 40):a.start])
                ):
                    cand = (0.6, "dictionary/person")
            elif fa.kind == "word" and fb.kind == "word":
                cand = _pair_score(a, b, fa, fb)
                if (
                    cand and fa.fn >= 0.8 and fa.common == 0 and fb.common >= 0.5
                    and not b.upper and lex.surname(wb) >= FREQUENT_SURNAME
                ):  # "Corinne Blanc": a frequent surname that is also a word
                    cand = (cand[0] + 0.6 * PAIR_COMMON_PENALTY * fb.common, cand[1])
            if cand and cand[0] >= self.min_dictionary_score:
                best.append((i, i + 1, cand[0], cand[1]))
        merged: list[list[Any]] = []
        for i, j, s, src in best:
            if merged and merged[-1][1] >= i:
                merged[-1][1] = j
                merged[-1][2] = max(merged[-1][2], s)
                if src.startswith("dictionary"):
                    merged[-1][3] = src
            else:
                merged.append([i, j, s, src])
        for i, j, s, src in merged:
            span = [t for t, _w in toks[i:j + 1]]
            role = self._context_role(text, span[0].start, span[-1].end)
            yield self._make(text, span, src, round(min(s, 0.95), 3), role, None,
                             trigger="dictionary")

    def _repeat_pass(self, document: Document, found: list[Entity]) -> Iterator[Entity]:
        """Other capitalised/UPPERCASE occurrences of surnames found with a trigger."""
        text = document.text
        lex = self._lex()
        roles: dict[str, str] = {}
        for e in found:
            if not e.source.startswith("pattern/"):
                continue
            for tm in _WORD_RE.finditer(text, e.start, e.end):
                w = tm.group()
                k = _key(w)
                b = _base_key(k)
                if len(b) < 3 or b in EPONYMS or _is_stop(k) or b in MONTHS_DAYS:
                    continue
                if lex.common_weight(w) >= 0.5 and not w.isupper():
                    continue
                if lex.first_count(w) > 3 * max(lex.surname(w), 1):
                    continue
                prev = roles.get(w.lower())
                role = e.attributes.get("role", "other")
                roles[w.lower()] = role if prev in (None, role) else "other"
        if not roles:
            return
        for start, end in _whole_word_hits(text, roles):
            w = text[start:end]
            if not (w[:1].isupper()):
                continue
            if lex.common(w) and not w.isupper():
                # a capitalised common word at a sentence start is not a repeat
                before = text[max(0, start - 3):start].rstrip(" \t")
                if not before or before[-1] in ".!?:\n":
                    continue
            yield Entity(start, end, "PERSON", source="heuristic/person-repeat",
                         score=0.7, attributes={"role": roles[w.lower()], "part": "last",
                                                "trigger": "repeat"})

    # ---------------------------------------------------------------- API
    def detect(self, document: Document) -> list[Entity]:
        """All PERSON candidates of ``document`` (overlaps are left to the resolver)."""
        found: list[Entity] = []
        found.extend(self._title_pass(document, found))
        found.extend(self._field_pass(document))
        found.extend(self._signature_pass(document))
        found.extend(self._dictionary_pass(document))
        found.extend(self._relative_pass(document))
        found.extend(self._initials_pass(document))
        found.extend(self._role_after_pass(document))
        found.extend(self._loose_first_name_pass(document))
        found.extend(self._lower_cue_pass(document))
        found.extend(self._name_slot_pass(document))
        found.extend(_dictation_slips(document.text))
        # a care body's acronym read as a name ("l'aide de l'ADDEVA 44") is no person
        found = [
            e for e in found
            if e.attributes.get("part") == "initials"
            or not _only_body_acronym(document.text[e.start : e.end])
        ]  # fmt: skip
        found = [_with_footer_initial(document.text, e) for e in found]
        # the patient's metadata names make a dictionary/other guess a patient
        found = [self._with_meta_role(document, e) for e in found]
        found.extend(self._repeat_pass(document, found))
        return found

    def _with_meta_role(self, document: Document, e: Entity) -> Entity:
        if e.attributes.get("role") == "patient":
            return e
        meta = document.meta
        if not meta.patient_last_name:
            return e
        span_key = _key(document.text[e.start:e.end])
        last = _key(meta.patient_last_name)
        if last and f" {last} " in f" {span_key} " and e.attributes.get("role") != "staff":
            return e.with_(attributes={"role": "patient"})
        return e
