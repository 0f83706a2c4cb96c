"""Repair of OCR digit/letter confusions before detection.

Scanned documents in a clinical data warehouse often read the letter O as the digit 0 and
back (``H0PITAL``, ``N0M : BERTRAND``, ``NÉE LE : O3/O7/1934``). Detectors see a repaired
copy of the text, of the same length, so that their spans are valid in the original; the
original text is what gets substituted. The repair is made only in a document that shows
the confusion in its words (at least `MIN_LETTER_WORDS` words with a 0 between letters):
in ordinary notes ``O2`` (oxygen) stays as written.
"""

from __future__ import annotations

import re

from clindeid.detect.rules._chars import LOWER, UPPER

__all__ = ["MIN_LETTER_WORDS", "repair_ocr"]

MIN_LETTER_WORDS = 2
# A word of letters with a zero between two letters: "H0PITAL", "S0PHIE", "RAMANANTS0A".
_ZERO_IN_WORD = re.compile(
    rf"(?<![\w])(?=[{UPPER}{LOWER}0]*[{UPPER}{LOWER}]0[{UPPER}{LOWER}0]*(?![\w]))"
    rf"[{UPPER}{LOWER}0]{{3,}}(?![\w])"
)
_ZERO_BETWEEN_LETTERS = re.compile(rf"[{UPPER}{LOWER}]0[{UPPER}{LOWER}]")
# A number with an O in it: "O3", "2O25", "8O" (only digits and capital O, one digit at least).
_O_IN_NUMBER = re.compile(r"(?<![\w])(?=[0-9O]*\d)[0-9O]*O[0-9O]*(?![\w])")


def repair_ocr(text: str) -> str:
    """``text`` with OCR O/0 confusions repaired (same length), or ``text`` itself when the
    document shows none."""
    if len(_ZERO_BETWEEN_LETTERS.findall(text)) < MIN_LETTER_WORDS:
        return text  # the usual case, found by a cheap scan
    letter_words = list(_ZERO_IN_WORD.finditer(text))
    if len(letter_words) < MIN_LETTER_WORDS:
        return text
    chars = list(text)
    for m in letter_words:
        for i in range(m.start(), m.end()):
            if chars[i] == "0":
                chars[i] = "O"
    for m in _O_IN_NUMBER.finditer(text):
        for i in range(m.start(), m.end()):
            if chars[i] == "O":
                chars[i] = "0"
    return "".join(chars)
