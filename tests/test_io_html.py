"""HTML text extraction, its offset map and writing replacements back."""

from __future__ import annotations

import html as std_html
from pathlib import Path
from urllib.parse import unquote

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clindeid.io import open_writer, read_documents
from clindeid.io.base import ReadError, ReadOptions, Record
from clindeid.io.html import HtmlWriter, apply_replacements, extract_text


@pytest.mark.parametrize(
    ("source", "text"),
    [
        ("Jean Dupont", "Jean Dupont"),
        ("<b>Jean</b> Dupont", "Jean Dupont"),
        ("<p>un</p><p>deux</p>", "\nun\n\ndeux\n"),
        ("a<br>b<br/>c", "a\nb\nc"),
        ("<li>x</li>", "\nx\n"),
        ("<h2>T</h2>", "\nT\n"),
        ("<table><tr><td>a</td><td>b</td></tr></table>", "\n\n\na\n\nb\n\n\n"),
        ("&eacute;t&eacute; &#233; &#xE9; &nbsp;!", "été é é \u00a0!"),
        ("&amp;&lt;&gt;&quot;", '&<>"'),
        ("a &eacute b", "a é b"),  # legacy reference without ";"
        ("&notit;", "¬it;"),
        ("&bogus; & a&b", "&bogus; & a&b"),
        ("3 < 4 et 5 > 2", "3 < 4 et 5 > 2"),
        ("a<!-- Jean -->b", "ab"),
        ("a<!---->b<!-->c", "abc"),
        ("<!DOCTYPE html>a<?xml x?>b", "ab"),
        ("a<script>var s = '<p>Jean</p>';</script>b", "ab"),
        ("a<SCRIPT type='x'>x</Script >b<style>p{}</style>c", "abc"),
        ("<a title=\"x > y\" href='/p'>lien</a>", "lien"),
        ("<img alt=Jean>x", "x"),
        ("a</ b>c</>d", "acd"),
        ("  a\n\tb  ", "  a\n\tb  "),
        ("a\r\nb", "a\r\nb"),
        ("<title>CR Jean</title>", "\nCR Jean\n"),
        ("<span>x</span><em>y</em>", "xy"),
        ("a<unclosed", "a"),
        ("", ""),
    ],
)
def test_extract_text(source: str, text: str) -> None:
    ht = extract_text(source)
    assert ht.text[: ht.visible_length] == text  # the visible text; segments follow


def test_offsets_point_into_the_source() -> None:
    src = "<p>M. <b>J&eacute;r&ocirc;me</b></p>"
    ht = extract_text(src)
    assert ht.text == "\nM. Jérôme\n"
    assert ht.offsets[0] == (0, 0)  # synthetic newline: empty span at its tag
    assert ht.offsets[4] == (9, 10)  # "J"
    assert src[slice(*ht.offsets[5])] == "&eacute;"
    assert ht.offsets[-1] == (ht.offsets[-1][0], ht.offsets[-1][0])
    assert len(ht.offsets) == len(ht.text)
    assert ht.offsets[4:6] == [(9, 10), (10, 18)]


@pytest.mark.parametrize(
    ("source", "target", "new", "expected"),
    [
        ("<p>Jean Dupont</p>", "Dupont", "Martin", "<p>Jean Martin</p>"),
        ("<b>Jean</b> Dupont", "Jean Dupont", "Paul Martin", "<b>Paul Martin</b>"),
        ("M. <i>J</i>ean D.", "Jean", "Paul", "M. <i>Paul</i> D."),
        ("J&eacute;r&ocirc;me", "Jérôme", "Luc", "Luc"),
        ("<p>Jean</p>", "Jean", "<Nom & Co>", "<p>&lt;Nom &amp; Co&gt;</p>"),
        ("a<br>Jean", "a\nJean", "X", "X<br>"),
        ("Jean<!-- c -->Dupont", "JeanDupont", "Y", "Y<!-- c -->"),
        ("Jean <script>s</script>Dupont", "Jean Dupont", "Z", "Z<script>s</script>"),
        ("a & Jean", "Jean", "X", "a &amp; X"),  # a literal "&" is escaped with any edit
        ("&not Jean", "Jean", "X", "&not; X"),  # a reference gets its ";"
    ],
)
def test_apply_replacements(source: str, target: str, new: str, expected: str) -> None:
    ht = extract_text(source)
    start = ht.text.index(target)
    out = apply_replacements(source, ht, [(start, start + len(target), new)])
    assert out == expected


def test_apply_replacements_keeps_html_without_replacements() -> None:
    src = "a & b < c"
    assert apply_replacements(src, extract_text(src), []) == src


def test_apply_replacements_rejects_overlaps_and_out_of_range() -> None:
    ht = extract_text("abcdef")
    with pytest.raises(ValueError):
        apply_replacements("abcdef", ht, [(0, 3, "x"), (2, 4, "y")])
    with pytest.raises(ValueError):
        apply_replacements("abcdef", ht, [(4, 9, "x")])


def test_replacement_cannot_form_a_reference_with_its_neighbours() -> None:
    src = "&notZ"  # "¬Z": "&not" is a legacy reference followed by "Z"
    ht = extract_text(src)
    assert ht.text == "¬Z"
    out = apply_replacements(src, ht, [(1, 2, "in;")])
    assert extract_text(out).text == "¬in;"
    src = "&Z<b>x</b>"
    ht = extract_text(src)
    out = apply_replacements(src, ht, [(1, 2, "amp;")])
    assert extract_text(out).text == "&amp;x"


# --- property tests ------------------------------------------------------------------------

_FRAGMENTS = [
    "a", "b", "é", " ", "\n", "Jean", "Dupont", "12", ";", "#", "x", "Z", "i",
    "<p>", "</p>", "<b>", "</b>", "<br>", "<br/>", "<div class='c'>", "</div>", "<td>", "<li>",
    "<span title=\"a>b\">", "</span>", "<!-- Jean -->", "<!DOCTYPE html>",
    "<script>var j = '<b>x</b>';</script>", "<style>p { }</style>",
    "&eacute;", "&#233;", "&#xE9;", "&nbsp;", "&amp;", "&lt;", "&gt;", "&not", "&eacute",
    "&#65", "&bogus;", "&", "<", ">", "< 3", "</ x>", "&#;",
    # attributes, comments and RCDATA: hidden-text segments
    "<a href=\"mailto:jean.dupont@chu-dijon.fr\">", "<a href='tel:03%2080%2029'>", "</a>",
    "<img alt=Jean>", "<img alt=J&eacute;r&ocirc;me title='Dr &quot;Jo&quot;'>",
    "<input value=\"a&notit;b &not c\" data-patient=\"DUPONT\">", "<p title=>",
    "<meta name=\"author\" content=\"Dr Martin\">", "<a href=\"?a=1&b=2%zz&amp;c=%C3%A9\">",
    "<img src=\"data:image/png;base64,AAAA\" alt=''>", "</p title=\"Jean\">",
    "<title>", "</title>", "<textarea>", "</textarea>", "<!-- Durand, 06 12 -->", "<?pi x?>",
]  # fmt: skip


@st.composite
def html_sources(draw: st.DrawFn) -> str:
    return "".join(draw(st.lists(st.sampled_from(_FRAGMENTS), max_size=30)))


@settings(max_examples=150, deadline=None)
@given(html_sources())
def test_every_character_is_its_decoded_source_span(src: str) -> None:
    ht = extract_text(src)
    assert len(ht.offsets) == len(ht.text)
    assert 0 <= ht.visible_length <= len(ht.text)
    assert ht.visible_length == len(ht.text) or ht.text[ht.visible_length] == "\n"
    previous_end = 0
    for k, (char, (start, end)) in enumerate(zip(ht.text, ht.offsets, strict=True)):
        if k == ht.visible_length:  # the segments restart from the beginning of the source
            previous_end = 0
        assert previous_end <= start <= end
        if start == end:
            assert char == "\n"
        else:  # entities decoded (and %XX in URLs)
            assert char in unquote(std_html.unescape(src[start:end]))
            previous_end = end


@st.composite
def spans(draw: st.DrawFn, length: int) -> list[tuple[int, int]]:
    cuts = sorted(draw(st.lists(st.integers(0, length), max_size=8)))
    pairs = [(cuts[i], cuts[i + 1]) for i in range(0, len(cuts) - 1, 2)]
    return [(a, b) for a, b in pairs if a < b]


def _expected_after(
    ht_text: str, synthetic: list[bool], reps: list[tuple[int, int]], visible: int
) -> str:
    """The text after replacing each span by "X": tags stay, so synthetic newlines inside a
    span survive around the X (which goes to the span's first source character; with none,
    before the tag of a block newline or into the segment after a segment separator)."""
    out, cursor = [], 0
    for a, b in reps:
        out.append(ht_text[cursor:a])
        before = [k for k in range(a, b) if synthetic[k]]
        first_real = next((k for k in range(a, b) if not synthetic[k]), None)
        if first_real is None and a >= visible:
            out.append("\n" + "X" + "\n" * (len(before) - 1))
        elif first_real is None:
            out.append("X" + "\n" * len(before))
        else:
            lead = sum(1 for k in before if k < first_real)
            out.append("\n" * lead + "X" + "\n" * (len(before) - lead))
        cursor = b
    out.append(ht_text[cursor:])
    return "".join(out)


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_replacing_spans_then_extracting_again(data: st.DataObject) -> None:
    src = data.draw(html_sources())
    ht = extract_text(src)
    reps = data.draw(spans(len(ht.text)))
    out = apply_replacements(src, ht, [(a, b, "X") for a, b in reps])
    synthetic = [s == e for s, e in ht.offsets]
    expected = _expected_after(ht.text, synthetic, reps, ht.visible_length)
    assert extract_text(out).text == expected


@settings(max_examples=100, deadline=None)
@given(html_sources())
def test_replacing_every_character_leaves_no_original_text(src: str) -> None:
    ht = extract_text(src)
    reps = [(k, k + 1, "X") for k, (s, e) in enumerate(ht.offsets) if s != e]
    again = extract_text(apply_replacements(src, ht, reps)).text
    assert set(again) <= {"X", "\n"}
    assert again.count("X") == len(reps)


# --- reading and writing files -------------------------------------------------------------


def test_read_and_write_html_file(tmp_path: Path) -> None:
    src = tmp_path / "lettre.html"
    src.write_text("<p>M. <b>Jean</b> Dupont, n&eacute; le 3/4/1950</p>", encoding="utf-8")
    (record,) = read_documents(src, ReadOptions())
    assert isinstance(record, Record)
    assert record.document.id == "lettre"
    text = record.document.text
    start, end = text.index("Jean"), text.index("Dupont") + len("Dupont")
    new_text = text[:start] + "Paul Martin" + text[end:]
    out = tmp_path / "out.html"
    with open_writer(out, "html", ReadOptions(), src) as writer:
        writer.write(record, new_text, [(start, end, "Paul Martin")])
    assert out.read_text(encoding="utf-8") == "<p>M. <b>Paul Martin</b>, n&eacute; le 3/4/1950</p>"


def test_html_writer_needs_replacements_for_a_changed_text(tmp_path: Path) -> None:
    src = tmp_path / "a.html"
    src.write_text("<p>Jean</p>", encoding="utf-8")
    (record,) = read_documents(src, ReadOptions())
    assert isinstance(record, Record)
    with open_writer(tmp_path / "o.html", "html", ReadOptions(), src) as writer:
        assert isinstance(writer, HtmlWriter)
        writer.write(record, record.document.text)  # unchanged: fine, copies the source
        with pytest.raises(ValueError, match="needs the replacements"):
            writer.write(record, "\nPaul\n")
        with pytest.raises(ValueError, match="do not produce"):
            writer.write(record, "\nPaul\n", [(1, 5, "Luc")])
    assert (tmp_path / "o.html").read_text(encoding="utf-8") == "<p>Jean</p>"


def test_html_writer_takes_pipeline_replacement_objects(tmp_path: Path) -> None:
    from dataclasses import dataclass

    @dataclass
    class Rep:
        start: int
        end: int
        new_start: int
        new_end: int

    src = tmp_path / "a.html"
    src.write_text("<b>Jean</b> Dupont", encoding="utf-8")
    (record,) = read_documents(src, ReadOptions())
    assert isinstance(record, Record)
    new_text = "[NOM]"
    with open_writer(tmp_path / "o.html", "html", ReadOptions(), src) as writer:
        writer.write(record, new_text, [Rep(0, 11, 0, 5)])
    assert (tmp_path / "o.html").read_text(encoding="utf-8") == "<b>[NOM]</b>"


def test_html_folder_and_latin1_encoding(tmp_path: Path) -> None:
    root = tmp_path / "in"
    (root / "sub").mkdir(parents=True)
    (root / "a.htm").write_bytes("<p>Élodie</p>".encode("latin-1"))
    (root / "sub" / "b.html").write_bytes(b"<p>x</p>")
    options = ReadOptions(encoding="latin-1")
    records = list(read_documents(root, options))
    assert [r.document.id for r in records if isinstance(r, Record)] == ["a", "sub/b"]
    with open_writer(tmp_path / "out", "html", options, root) as writer:
        for r in records:
            assert isinstance(r, Record)
            writer.write(r, r.document.text.replace("Élodie", "Zoë Łukasz"), _diff(r))
    assert (tmp_path / "out" / "a.htm").read_bytes() == "<p>Zoë &#321;ukasz</p>".encode("latin-1")
    assert (tmp_path / "out" / "sub" / "b.html").read_bytes() == b"<p>x</p>"


def _diff(record: Record) -> list[tuple[int, int, str]]:
    text = record.document.text
    k = text.find("Élodie")
    return [] if k < 0 else [(k, k + 6, "Zoë Łukasz")]


def test_bad_html_files(tmp_path: Path) -> None:
    root = tmp_path / "in"
    root.mkdir()
    (root / "a.html").write_bytes(b"<p>ok</p>")
    (root / "b.html").write_bytes(b"<p>\x00\x01\x02</p>")
    (root / "c.html").write_bytes("<p>Jérôme</p>".encode("latin-1"))
    items = list(read_documents(root, ReadOptions()))
    assert isinstance(items[0], Record)
    assert isinstance(items[1], ReadError) and items[1].reason == "binary file"
    assert isinstance(items[2], ReadError)
    assert items[2].reason == "not valid UTF-8 at byte 4; try --encoding latin-1"
