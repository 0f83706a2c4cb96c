"""Repair of OCR digit/letter confusions before detection.

Scanned documents in a clinical data warehouse often read the letter O as the digit 0 and
back (``H0PITAL``, ``N0M : BERTRAND``, ``NÉE LE : O3/O7/1934``). Detectors see a repaired
copy of the text, of the same length, so that their spans are valid in the original; the
original text is what gets substituted. The repair is made only in a document that shows
the confusion in its words (at least `MIN_LETTER_WORDS` words with a 0 between letters) or
in its numbers (at least `MIN_MIXED_NUMBERS` numbers with an O, l or I: ``O4 67 74 l8 25``,
``2O26``; then ``Co1ombes`` is read ``Colombes`` too): in ordinary notes ``O2`` (oxygen)
stays as written.
"""

from __future__ import annotations

import re

from clindeid.detect.rules._chars import LOWER, UPPER

__all__ = ["MIN_LETTER_WORDS", "MIN_MIXED_NUMBERS", "repair_ocr"]

MIN_LETTER_WORDS = 2
# A word of letters with a zero between two letters: "H0PITAL", "S0PHIE", "RAMANANTS0A".
_ZERO_IN_WORD = re.compile(
    rf"(?<![\w])(?=[{UPPER}{LOWER}0]*[{UPPER}{LOWER}]0[{UPPER}{LOWER}0]*(?![\w]))"
    rf"[{UPPER}{LOWER}0]{{3,}}(?![\w])"
)
_ZERO_BETWEEN_LETTERS = re.compile(rf"[{UPPER}{LOWER}]0[{UPPER}{LOWER}]")
# A number with an O in it: "O3", "2O25", "8O" (only digits and capital O, one digit at least).
_O_IN_NUMBER = re.compile(r"(?<![\w])(?=[0-9O]*\d)[0-9O]*O[0-9O]*(?![\w])")


# A number with an O or a lowercase l (or a capital I) read for a digit: "O4", "8l", "l2",
# "2O26" (at least one digit); and a word of letters with a 1 between two of them, read
# for an l: "Co1ombes".
_MIXED_NUMBER = re.compile(r"(?<![\w])(?=[0-9OlI]*\d)(?=[0-9OlI]*[OlI])[0-9OlI]{2,}(?![\w])")
_ONE_IN_WORD = re.compile(
    rf"(?<![\w])(?=[{UPPER}{LOWER}1]*[{UPPER}{LOWER}]1[{UPPER}{LOWER}])[{UPPER}{LOWER}1]{{3,}}"
    r"(?![\w])"
)
# Mixed numbers a document must show before its digits are repaired ("O2", oxygen, is no
# sign: an ordinary note writes it)
MIN_MIXED_NUMBERS = 3


def _repair_digits(text: str) -> str | None:
    """``text`` with O, l and I read back as digits in numbers and 1 read back as l in
    words, when it shows at least `MIN_MIXED_NUMBERS` such numbers; else None."""
    if "O" not in text and "l" not in text:
        return None
    numbers = [m for m in _MIXED_NUMBER.finditer(text) if m.group() != "O2"]
    if len(numbers) < MIN_MIXED_NUMBERS:
        return None
    chars = list(text)
    for m in numbers:
        for i in range(m.start(), m.end()):
            if chars[i] == "O":
                chars[i] = "0"
            elif chars[i] in "lI":
                chars[i] = "1"
    for m in _ONE_IN_WORD.finditer(text):
        for i in range(m.start(), m.end()):
            if chars[i] == "1":
                chars[i] = "I" if chars[i - 1].isupper() and i > m.start() else "l"
    return "".join(chars)


def repair_ocr(text: str) -> str:
    """``text`` with OCR O/0 and l/1 confusions repaired (same length), or ``text`` itself
    when the document shows none."""
    if len(_ZERO_BETWEEN_LETTERS.findall(text)) < MIN_LETTER_WORDS:
        # the usual case, found by a cheap scan; or digits read as letters only
        return _repair_digits(text) or text
    letter_words = list(_ZERO_IN_WORD.finditer(text))
    if len(letter_words) < MIN_LETTER_WORDS:
        return _repair_digits(text) or text
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
