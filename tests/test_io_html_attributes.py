"""HTML hidden text: attribute values, comments and scripts are scanned and rewritten."""

from __future__ import annotations

import html as std_html
import re
from pathlib import Path
from urllib.parse import unquote

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from clindeid.batch import run_deidentify
from clindeid.config import Config
from clindeid.io.base import ReadOptions
from clindeid.io.html import apply_replacements, extract_text
from clindeid.pipeline import Pipeline

EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "formats" / "lettre.html"


def segments(src: str, **kwargs: bool) -> list[str]:
    """The hidden-text segments of ``src`` (each behind its own newline)."""
    ht = extract_text(src, **kwargs)
    rest = ht.text[ht.visible_length :]
    assert rest == "" or rest.startswith("\n")
    return rest.split("\n")[1:]


@pytest.mark.parametrize(
    ("source", "expected"),
    [
        ('<a href="mailto:jean.dupont@chu-dijon.fr">x</a>', ["jean.dupont@chu-dijon.fr"]),
        ("<a href='MAILTO:j.d@chu.fr?cc=a%40b.fr'>x</a>", ["j.d@chu.fr?cc=a@b.fr"]),
        ('<a href="mailto:jean.dupont%40chu-dijon.fr">x</a>', ["jean.dupont@chu-dijon.fr"]),
        ('<a href="tel:0380293031">x</a>', ["0380293031"]),
        ('<a href=" tel:+33%203%2080">x</a>', ["+33 3 80"]),
        ('<a href="https://www.chu.fr/p?n=Dupont">x</a>', ["https://www.chu.fr/p?n=Dupont"]),
        ('<a href="/dossiers/%C3%A9lodie%zz">x</a>', ["/dossiers/élodie%zz"]),
        ('<a title="Dr Jean Dupont">x</a>', ["Dr Jean Dupont"]),
        ('<img alt="Photo de Mme Durand" src="p.jpg">', ["Photo de Mme Durand", "p.jpg"]),
        ("<input value=DUPONT placeholder='Nom'>", ["DUPONT", "Nom"]),
        ('<meta name="author" content="Dr Martin">', ["author", "Dr Martin"]),
        ('<meta charset="utf-8">', []),
        ('<div data-patient="Durand" aria-label="Mme D" label=L>', ["Durand", "Mme D", "L"]),
        ('<p class="Dupont" id="d" style="x" lang="fr" title="">', [""]),
        ('<img src="data:image/png;base64,Sm9objAz" alt="J">', ["J"]),
        ("<a title='J&eacute;r&ocirc;me &amp; &quot;Jo&quot;'>", ['Jérôme & "Jo"']),
        ('<a title="&notit; &not=1 &not x &#65">', ["&notit; &not=1 ¬ x A"]),  # HTML5 rules
        ("<a onclick=\"call('Dupont')\">", ["call('Dupont')"]),
        ('</p title="Jean">', ["Jean"]),
        ("<a\ttitle = 'a b'  alt=c/d>", ["a b", "c/d"]),
        ("<a title='unclosed", ["unclosed"]),
        ("a<!-- Mme Durand -->b", [" Mme Durand "]),
        ("<!DOCTYPE html><?pi Jean?>", ["pi Jean?"]),
        ("<script>var n = 'Jean';</script><style>p{}</style>", []),
    ],
)
def test_segments(source: str, expected: list[str]) -> None:
    assert segments(source) == expected


def test_scripts_are_scanned_only_on_request() -> None:
    src = "<p>a</p><script>var n = 'Jean';</script><style>p{}</style>"
    assert extract_text(src).text == "\na\n"
    assert segments(src, scan_scripts=True) == ["var n = 'Jean';", "p{}"]


def test_visible_text_comes_first_and_title_is_text() -> None:
    src = '<title>CR <Jean></title><p title="Dupont">Paul</p>'
    ht = extract_text(src)
    assert ht.text == "\nCR <Jean>\n\nPaul\n\nDupont"
    assert ht.visible_length == len("\nCR <Jean>\n\nPaul\n")


def test_segment_offsets_point_at_the_value_characters() -> None:
    src = '<a href="mailto:j%40x.fr" title="J&eacute;r">x</a>'
    ht = extract_text(src)
    assert ht.text == "x\nj@x.fr\nJér"
    spans = [src[s:e] for s, e in ht.offsets]
    assert spans[1:8] == ["", "j", "%40", "x", ".", "f", "r"]
    assert ht.offsets[1] == (src.index("j%40"), src.index("j%40"))  # separator: empty span
    assert spans[8:] == ["", "J", "&eacute;", "r"]


@pytest.mark.parametrize(
    ("source", "target", "new", "expected"),
    [
        (
            '<a href="mailto:jean@chu.fr">jean@chu.fr</a>',
            "jean@chu.fr",
            "[EMAIL]",
            '<a href="mailto:[EMAIL]">[EMAIL]</a>',
        ),
        ('<a href="tel:0380293031">x</a>', "0380293031", "[TEL]", '<a href="tel:[TEL]">x</a>'),
        (
            '<a title="Dr Jean">x</a>',
            "Jean",
            'O\'B "x"',
            '<a title="Dr O&#x27;B &quot;x&quot;">x</a>',
        ),
        ("<a title='Dr Jean'>x</a>", "Jean", "<&>", "<a title='Dr &lt;&amp;&gt;'>x</a>"),
        ("<input value=DUPONT>", "DUPONT", "Le Goff", '<input value="Le Goff">'),
        ('<input value=a"b&amp;DUPONT>', "DUPONT", "X Y", '<input value="a&quot;b&amp;X Y">'),
        ('<meta content="Dr Martin">', "Martin", "Paul", '<meta content="Dr Paul">'),
        ('<a href="mailto:j%40x.fr">', "j@x.fr", "[E]", '<a href="mailto:[E]">'),
        ("<!-- Mme Durand -->", "Durand", "<A-B>", "<!-- Mme \u2039A\u2010B\u203a -->"),
        ("<title>CR Jean</title>", "Jean", "<X>", "<title>CR &lt;X&gt;</title>"),
    ],
)
def test_replacements_written_into_attributes(
    source: str, target: str, new: str, expected: str
) -> None:
    ht = extract_text(source)
    starts = [m.start() for m in re.finditer(re.escape(target), ht.text)]
    out = apply_replacements(source, ht, [(k, k + len(target), new) for k in starts])
    assert out == expected
    if "<!--" not in source:
        assert new in extract_text(out).text


def test_replacement_written_into_a_script_on_request() -> None:
    src = "<script>var n = 'Jean';</script>"
    ht = extract_text(src, scan_scripts=True)
    start = ht.text.index("Jean")
    out = apply_replacements(src, ht, [(start, start + 4, "</script><b>")])
    assert out == "<script>var n = '\u2039/script>\u2039b>';</script>"


def test_a_span_from_the_text_into_an_attribute_empties_the_attribute_part() -> None:
    src = 'Jean<img alt="Dupont">'
    ht = extract_text(src)
    assert ht.text == "Jean\nDupont"
    out = apply_replacements(src, ht, [(0, len(ht.text), "[NOM]")])
    assert out == '[NOM]<img alt="">'


# --- property tests: random tags with attributes ---------------------------------------------

_VALUE_PIECES = [
    "a", "J", "é", " ", "Jean", "Dupont", "0380293031", "@", ".", "=", ";", "/", "?", ">", "<",
    "&amp;", "&eacute;", "&not", "&notit;", "&#65;", "&#x41", "&bogus;", "&", "%40", "%C3%A9",
    "%zz", "%", "%4", "'", '"', "`",
]  # fmt: skip
_SCANNED = ["title", "alt", "value", "href", "data-x", "content", "src", "onclick"]
_NAMES = [*_SCANNED, "class"]


@st.composite
def tags(draw: st.DrawFn, names: list[str]) -> str:
    parts = ["<" + draw(st.sampled_from(["a", "img", "p", "/p", "input", "meta"]))]
    for _ in range(draw(st.integers(0, 3))):
        name = draw(st.sampled_from(names))
        quote = draw(st.sampled_from(['"', "'", ""]))
        pieces = draw(st.lists(st.sampled_from(_VALUE_PIECES), max_size=8))
        if draw(st.booleans()):
            pieces.insert(0, draw(st.sampled_from(["mailto:", "tel:", "http://", " "])))
        value = "".join(pieces)
        value = value.replace(quote, "") if quote else _unquotable(value)
        parts.append(f" {name}={quote}{value}{quote}")
    return "".join(parts) + ">"


def _unquotable(value: str) -> str:
    """``value`` made fit for an unquoted attribute (not empty)."""
    return re.sub(r"[\s\"'<>=`]", "", value) or "v"


@st.composite
def html_with_attributes(draw: st.DrawFn, names: list[str] = _NAMES) -> str:
    text = st.sampled_from(["Jean", " ", "<p>", "</p>", "&eacute;", "<!-- Durand -->", "x"])
    items = draw(st.lists(st.one_of(tags(names), text), max_size=10))
    return "".join(items)


@settings(max_examples=300, deadline=None)
@given(html_with_attributes())
def test_every_character_maps_to_its_decoded_source_span(src: str) -> None:
    ht = extract_text(src)
    assert len(ht.offsets) == len(ht.text)
    previous_end = 0
    for k, (char, (start, end)) in enumerate(zip(ht.text, ht.offsets, strict=True)):
        if k == ht.visible_length:
            previous_end = 0
        assert previous_end <= start <= end
        if start == end:
            assert char == "\n"
        else:
            assert char in unquote(std_html.unescape(src[start:end]))
            previous_end = end


@settings(max_examples=300, deadline=None)
@given(html_with_attributes(_SCANNED))
def test_replacing_every_character_leaves_no_original_text(src: str) -> None:
    ht = extract_text(src)
    reps = [(k, k + 1, "X") for k, (s, e) in enumerate(ht.offsets) if s != e]
    out = apply_replacements(src, ht, reps)
    again = extract_text(out)
    assert set(again.text) <= {"X", "\n"}
    assert again.text.count("X") == len(reps)
    assert again.visible_length == ht.visible_length
    for word in ("Jean", "Dupont", "Durand", "0380293031", "%40"):
        assert word not in out


@settings(max_examples=200, deadline=None)
@given(html_with_attributes(), st.data())
def test_one_replacement_per_segment_round_trips(src: str, data: st.DataObject) -> None:
    ht = extract_text(src)
    text = ht.text
    lines = text[ht.visible_length :].split("\n")[1:]
    reps, pos = [], ht.visible_length
    for line in lines:
        pos += 1
        if line:
            new = data.draw(st.sampled_from(["[NOM]", 'O\'Brien "x"', "a&b<c>", "", "Le Goff"]))
            reps.append((pos, pos + len(line), new))
        pos += len(line)
    out = apply_replacements(src, ht, reps)
    again = extract_text(out)
    assert again.text[: again.visible_length] == text[: ht.visible_length]
    assert len(lines) == len(ht.regions)  # one segment per region, in order
    expected, pos = [], ht.visible_length
    for line, region in zip(lines, ht.regions, strict=True):
        new = next((new for a, _, new in reps if a == pos + 1), line)
        expected.append(new.translate(_LOOK_ALIKES) if region.kind == "comment" else new)
        pos += 1 + len(line)
    assert again.text[again.visible_length :].split("\n")[1:] == expected


_LOOK_ALIKES = str.maketrans({"<": "\u2039", ">": "\u203a", "-": "\u2010"})


# --- end to end through the pipeline ------------------------------------------------------


def test_pipeline_leaves_no_email_or_phone_in_attributes(tmp_path: Path) -> None:
    src = tmp_path / "lettre.html"
    src.write_text(
        "<html><head><title>CR</title>"
        '<meta name="author" content="jean.dupont@chu-dijon.fr"></head><body>'
        '<p>Contact : <a href="mailto:jean.dupont@chu-dijon.fr" '
        "title='Écrire à jean.dupont@chu-dijon.fr'>jean.dupont@chu-dijon.fr</a></p>"
        '<p><a href="tel:0380293031">Appeler le secrétariat</a>'
        '<a href="mailto:marie.durand%40chu-dijon.fr">écrire</a>'
        '<input value="03 80 29 30 31" data-tel=0380293031></p>'
        "<!-- rappeler Mme Durand au 06 12 34 56 78 --></body></html>",
        encoding="utf-8",
    )
    out = tmp_path / "out.html"
    summary = run_deidentify(Pipeline(Config()), src, out, ReadOptions())
    assert summary.ok and summary.documents == 1
    result = out.read_text(encoding="utf-8")
    for secret in (
        "jean.dupont", "chu-dijon.fr", "marie.durand", "0380293031", "03 80 29 30 31",
        "06 12 34 56 78",
    ):  # fmt: skip
        assert secret not in result
        assert secret not in unquote(std_html.unescape(result))
    assert "Appeler le secrétariat" in result  # visible text kept
    assert result.count("<a ") == 2 + 1  # markup kept


_EMAIL = re.compile(r"[\w.+-]+(?:@|%40)[\w-]+(?:\.[\w-]+)+")
_PHONE = re.compile(r"(?<!\d)0[1-9](?:[ .]?\d\d){4}(?!\d)")


def test_example_letter_keeps_no_email_or_phone(tmp_path: Path) -> None:
    source = EXAMPLE.read_text(encoding="utf-8")
    emails, phones = set(_EMAIL.findall(source)), set(_PHONE.findall(source))
    assert emails and phones
    out = tmp_path / "lettre.html"
    summary = run_deidentify(Pipeline(Config()), EXAMPLE, out, ReadOptions())
    assert summary.ok
    result = std_html.unescape(out.read_text(encoding="utf-8"))
    assert not [e for e in emails if e in result]
    assert not [p for p in phones if p in result]
