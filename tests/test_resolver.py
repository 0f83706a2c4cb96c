from clindeid.detect.resolver import resolve
from clindeid.document import Entity


def spans(entities):
    return [(e.start, e.end, e.label) for e in entities]


def test_non_overlapping_candidates_are_all_kept_in_reading_order():
    cands = [Entity(10, 14, "DATE", "pattern/d"), Entity(0, 4, "PERSON", "dictionary/n")]
    assert spans(resolve(cands)) == [(0, 4, "PERSON"), (10, 14, "DATE")]


def test_same_label_overlaps_are_merged_to_the_union():
    # a short high-priority span must not throw away a longer guess of the same label
    cands = [Entity(5, 11, "PERSON", "context/patient"), Entity(0, 11, "PERSON", "model/ner")]
    out = resolve(cands)
    assert spans(out) == [(0, 11, "PERSON")]
    assert out[0].source == "context/patient"


def test_higher_priority_wins_and_the_loser_keeps_its_uncovered_part():
    text = "Tel 0380293031 rue"
    cands = [
        Entity(0, 18, "ADDRESS", "heuristic/x"),
        Entity(4, 14, "PHONE", "validated/phone"),
    ]
    out = resolve(cands, text)
    assert spans(out) == [(0, 3, "ADDRESS"), (4, 14, "PHONE"), (15, 18, "ADDRESS")]


def test_pieces_without_letters_or_digits_are_dropped():
    text = "12/02/2020 ,"
    cands = [Entity(0, 12, "ID", "heuristic/x"), Entity(0, 10, "DATE", "validated/date")]
    assert spans(resolve(cands, text)) == [(0, 10, "DATE")]


def test_equal_priority_longer_span_wins():
    cands = [Entity(0, 5, "CITY", "dictionary/c"), Entity(0, 12, "PERSON", "dictionary/p")]
    assert spans(resolve(cands, "Paris Martin")) == [(0, 12, "PERSON")]


def test_merge_fills_missing_attributes_from_the_other_entity():
    a = Entity(0, 5, "PERSON", "context/p", attributes={"role": "patient"})
    b = Entity(0, 10, "PERSON", "model/m", attributes={"form": "full"})
    (out,) = resolve([a, b])
    assert dict(out.attributes) == {"role": "patient", "form": "full"}


def test_result_never_overlaps_on_a_dense_random_input():
    import itertools
    import random

    rnd = random.Random(0)
    labels = ["PERSON", "DATE", "CITY"]
    sources = ["validated/x", "context/x", "model/x", "dictionary/x"]
    text = "x" * 200
    cands = []
    for _ in range(300):
        s = rnd.randrange(0, 190)
        cands.append(Entity(s, s + rnd.randrange(1, 10), rnd.choice(labels), rnd.choice(sources)))
    out = resolve(cands, text)
    for a, b in itertools.pairwise(out):
        assert a.end <= b.start
    covered = {i for e in cands for i in range(e.start, e.end)}
    kept = {i for e in out for i in range(e.start, e.end)}
    assert covered == kept  # recall first: every proposed character stays covered


def test_merge_adjacent_takes_the_initials_before_a_name_but_not_a_civility():
    from clindeid.detect.resolver import merge_adjacent

    for text, start, expected in (
        ("Signé :\nK. Dumont", 11, "K. Dumont"),
        ("Vu par F.-X. Aubry", 13, "F.-X. Aubry"),
        ("Revu avec M. Aubry", 13, "Aubry"),
    ):
        ent = Entity(start, len(text), "PERSON", "pattern/x", 0.9)
        (out,) = merge_adjacent([ent], text)
        assert text[out.start : out.end] == expected


def test_merge_keeps_the_winner_attributes_first_then_the_other_ones_in_order():
    # lower priority first (longer), then a higher-priority one of the same label merges in
    cands = [
        Entity(0, 12, "PERSON", "model/ner", 0.7, "v", {"b": 1, "c": 2, "x": 0}),
        Entity(4, 12, "PERSON", "context/patient", 0.9, None, {"c": 3, "a": 4}),
    ]
    out = resolve(cands, "Dr Jean Nom ")
    assert spans(out) == [(0, 12, "PERSON")]
    assert list(out[0].attributes.items()) == [("c", 3), ("a", 4), ("b", 1), ("x", 0)]
    assert (out[0].source, out[0].score, out[0].value) == ("context/patient", 0.9, "v")
    # no attributes on the other side: the winner's (immutable) attributes as they are
    weak, strong = Entity(0, 4, "CITY", "dictionary/c"), Entity(0, 4, "CITY", "pattern/c", 1.0)
    bare = resolve([weak, strong.with_(attributes={"k": 1})])
    assert dict(bare[0].attributes) == {"k": 1} and bare[0].source == "pattern/c"


def test_a_trimmed_piece_merges_with_what_overlaps_the_trimmed_span_only():
    text = "  Jean Martin  "
    cands = [
        Entity(7, 13, "PERSON", "context/x"),
        Entity(0, 15, "PERSON", "heuristic/y"),  # stripped to (2, 13) before merging
    ]
    assert spans(resolve(cands, text)) == [(2, 13, "PERSON")]
