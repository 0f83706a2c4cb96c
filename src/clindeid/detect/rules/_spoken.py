"""Numbers dictated in words, as speech recognition transcribes them, for the rule detectors.

A dictated phone number or record number is read in groups: pairs ("zéro six douze
quarante-huit"), sometimes digit by digit ("six sept") or in hundreds ("quatre cent
soixante-dix-sept"); speech recognition may leave the hyphens out ("quarante deux"). The
pieces are bodies for a case-insensitive regex (``rf"(?i:{GROUP_WORDS})"``).
"""

from __future__ import annotations

UNIT_WORD = r"(?:un|deux|trois|quatre|cinq|six|sept|huit|neuf)"
TEEN_WORD = r"(?:dix[- ]sept|dix[- ]huit|dix[- ]neuf|dix|onze|douze|treize|quatorze|quinze|seize)"
# a pair of digits: "zéro six", "quarante-huit", "soixante et onze", "quatre-vingt-dix-neuf",
# or two digits read one by one ("six sept")
PAIR_WORDS = (
    rf"(?:z[ée]ro[ \t]+{UNIT_WORD}|z[ée]ro[ \t]+z[ée]ro"
    rf"|quatre[- ]vingts?(?:[- ](?:{TEEN_WORD}|{UNIT_WORD}))?"
    rf"|soixante(?:[- ]et[- ]onze|[- ]{TEEN_WORD})"
    rf"|(?:vingt|trente|quarante|cinquante|soixante)(?:[- ]et[- ]un|[- ]{UNIT_WORD})?"
    rf"|{TEEN_WORD}|{UNIT_WORD}[ \t]+{UNIT_WORD})"
)
# three digits: "quatre cent soixante-dix-sept", "cent deux", "deux cents"
HUNDRED_WORDS = rf"(?:(?:{UNIT_WORD}[- ])?cents?(?:[- ](?:{PAIR_WORDS}|{UNIT_WORD}))?)"
# any group of a dictated number, hundreds first (the longest reading wins)
GROUP_WORDS = rf"(?:{HUNDRED_WORDS}|{PAIR_WORDS}|z[ée]ro|{UNIT_WORD})"
