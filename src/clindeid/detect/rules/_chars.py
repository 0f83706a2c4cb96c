"""Letter classes shared by the rule detectors: every Latin letter, accents included.

Names and places from all over the world reach French notes ("WIŚNIEWSKI", "ŁUKASZEWSKI",
"Iași", "Ørsted"): the classes cover Latin-1, Latin Extended-A/B and Latin Extended
Additional, split by case with :meth:`str.isupper` / :meth:`str.islower` at import.
They are bodies for a regex character class (``f"[{UPPER}]"``).
"""

from __future__ import annotations

import re

# Code point ranges scanned for letters beyond ASCII.
LATIN_RANGES: tuple[tuple[int, int], ...] = ((0x00C0, 0x024F), (0x1E00, 0x1EFF))


def _class_body(test: str) -> str:
    chars = [
        chr(cp)
        for lo, hi in LATIN_RANGES
        for cp in range(lo, hi + 1)
        if getattr(chr(cp), test)() and chr(cp).isalpha()
    ]
    # compress consecutive code points into ranges
    out: list[str] = []
    i = 0
    while i < len(chars):
        j = i
        while j + 1 < len(chars) and ord(chars[j + 1]) == ord(chars[j]) + 1:
            j += 1
        lo, hi = re.escape(chars[i]), re.escape(chars[j])
        out.append(lo if i == j else f"{lo}-{hi}")
        i = j + 1
    return "".join(out)


UPPER: str = "A-Z" + _class_body("isupper")
LOWER: str = "a-z" + _class_body("islower")
