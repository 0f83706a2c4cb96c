"""Overlapping windows over long texts, for training and inference of the NER models.

Inference (`windows`, `merge_windows`): a text is cut into windows of at most ``size``
characters that overlap by ``overlap`` characters, cut after a newline or a space when one
is near the end, so the whole text is always covered (never truncated). Each window *owns*
the middle of its overlaps: an entity predicted in a window is kept when it starts in the
part the window owns, so an entity crossing a cut is taken whole from the window that sees
it with context on both sides. Kept entities of the same label that still overlap are
merged to their union.

Training (`training_chunks`): a document is split into consecutive, non-overlapping chunks
of at most ``size`` characters, cut only at whitespace outside every gold entity.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

Span = tuple[int, int, str, float]


def windows(text: str, size: int, overlap: int) -> list[tuple[int, int]]:
    """``(start, end)`` windows covering ``text``: at most ``size`` characters each,
    consecutive ones overlapping by ``overlap`` characters or more."""
    if size <= 0:
        raise ValueError("window size must be > 0")
    if not 0 <= overlap < size // 2:
        raise ValueError("window overlap must be >= 0 and less than half the window")
    n = len(text)
    out: list[tuple[int, int]] = []
    start = 0
    while True:
        end = min(start + size, n)
        if end < n:
            floor = start + (3 * size) // 4
            cut = text.rfind("\n", floor, end)
            if cut < 0:
                cut = text.rfind(" ", floor, end)
            if cut >= 0:
                end = cut + 1
        out.append((start, end))
        if end >= n:
            return out
        start = max(end - overlap, start + 1)


def _owned(bounds: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    """The part of the text each window owns: cuts in the middle of each overlap."""
    owned = []
    for i, (start, end) in enumerate(bounds):
        lo = 0 if i == 0 else (start + bounds[i - 1][1]) // 2
        hi = bounds[i + 1][0] + (end - bounds[i + 1][0]) // 2 if i + 1 < len(bounds) else end
        owned.append((lo, hi))
    return owned


def merge_windows(
    bounds: Sequence[tuple[int, int]], per_window: Iterable[Iterable[Span]]
) -> list[Span]:
    """Entities of all windows in text offsets. ``per_window[i]`` holds window ``i``'s
    ``(start, end, label, score)`` in window offsets."""
    kept: list[Span] = []
    for (w_start, _), (lo, hi), spans in zip(bounds, _owned(bounds), per_window, strict=True):
        for s, e, label, score in spans:
            s, e = s + w_start, e + w_start
            if lo <= s < hi:
                kept.append((s, e, label, score))
    kept.sort()
    merged: list[Span] = []
    for span in kept:
        prev = merged[-1] if merged else None
        if prev is not None and prev[2] == span[2] and span[0] < prev[1]:
            merged[-1] = (prev[0], max(prev[1], span[1]), prev[2], max(prev[3], span[3]))
        else:
            merged.append(span)
    return merged


def training_chunks(
    text: str, entities: Iterable[tuple[int, int]], size: int
) -> Iterator[tuple[int, int]]:
    """Consecutive ``(start, end)`` chunks of at most ``size`` characters (longer only when
    an entity or a word forces it), cut at whitespace outside the entities."""
    n = len(text)
    inside = bytearray(n + 1)
    for s, e in entities:
        inside[s:e] = b"\x01" * (e - s)
    start = 0
    while start < n:
        end = min(start + size, n)
        if end < n:
            cut = end
            floor = start + size // 2
            while cut > floor and not (text[cut - 1].isspace() and not inside[cut - 1]):
                cut -= 1
            if cut <= floor:  # no cut in the second half: go forward to the next one
                cut = end
                while cut < n and not (text[cut - 1].isspace() and not inside[cut - 1]):
                    cut += 1
            end = cut
        yield start, end
        start = end
