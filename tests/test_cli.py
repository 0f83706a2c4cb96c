"""End-to-end tests of the ``clindeid`` command on every input kind and on bad input."""

import csv
import json
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

from clindeid.cli import app

runner = CliRunner()
EMAIL = "jeanne.valmont@hopital-exemple.fr"
PHONE = "03 80 29 30 31"
NAME = "VALMONT"
TEXT = f"Mme {NAME} vue le 12/02/2020. Tél {PHONE}, mail {EMAIL}.\nSuite prévue."


def run(*args):
    result = runner.invoke(app, [str(a) for a in args])
    assert "Traceback" not in result.output
    return result


def assert_no_phi(text):
    # dates are perturbed with metric-privacy noise, which may return the same day: the
    # direct identifiers must be gone, never left.
    assert EMAIL not in text and PHONE not in text and NAME not in text


@pytest.fixture
def inputs(tmp_path):
    folder = tmp_path / "notes"
    (folder / "sub").mkdir(parents=True)
    (folder / "a.txt").write_text(TEXT, encoding="utf-8")
    (folder / "sub" / "b.txt").write_text("RAS. " + TEXT, encoding="utf-8")
    jsonl = tmp_path / "notes.jsonl"
    jsonl.write_text(
        "\n".join(
            json.dumps({"id": f"d{i}", "text": TEXT, "meta": {"nom": NAME}, "k": i})
            for i in range(3)
        )
        + "\n",
        encoding="utf-8",
    )
    csv_path = tmp_path / "notes.csv"
    with csv_path.open("w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(["doc_id", "service", "compte_rendu"])
        w.writerow(["c1", "cardio", TEXT])
        w.writerow(["c2", "neuro", "Rien. " + TEXT])
    parquet = tmp_path / "notes.parquet"
    pq.write_table(
        pa.table({"id": ["p1", "p2"], "text": [TEXT, TEXT + " bis"], "n": [1, 2]}), parquet
    )
    html = tmp_path / "lettre.html"
    html.write_text(
        f"<html><body><p>Mme <b>{NAME}</b> vue le 12/02/2020.</p>"
        f"<p>T&eacute;l {PHONE}<br>mail {EMAIL}</p></body></html>",
        encoding="utf-8",
    )
    return {"txt": folder, "jsonl": jsonl, "csv": csv_path, "parquet": parquet, "html": html}


def test_deidentify_txt_folder_keeps_layout_and_writes_audit(inputs, tmp_path):
    out = tmp_path / "out"
    result = run("deidentify", inputs["txt"], "-o", out, "--seed", 1)
    assert result.exit_code == 0, result.output
    files = sorted(p.relative_to(out).as_posix() for p in out.rglob("*.txt"))
    assert files == ["a.txt", "sub/b.txt"]
    for p in out.rglob("*.txt"):
        assert_no_phi(p.read_text(encoding="utf-8"))
    audit = [json.loads(line) for line in (tmp_path / "out.audit.jsonl").read_text().splitlines()]
    assert {"id", "label", "start", "end", "new_start", "new_end", "strategy"} <= set(audit[0])
    assert not any("text" in row for row in audit)
    assert EMAIL not in (tmp_path / "out.audit.jsonl").read_text()


def test_audit_text_is_opt_in(inputs, tmp_path):
    out = tmp_path / "o.jsonl"
    run("deidentify", inputs["jsonl"], "-o", out, "--audit-text")
    audit = (tmp_path / "o.jsonl.audit.jsonl").read_text(encoding="utf-8")
    assert EMAIL in audit


def test_deidentify_jsonl_keeps_keys_and_meta(inputs, tmp_path):
    out = tmp_path / "o.jsonl"
    assert run("deidentify", inputs["jsonl"], "-o", out).exit_code == 0
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert [r["id"] for r in rows] == ["d0", "d1", "d2"]
    assert [r["k"] for r in rows] == [0, 1, 2]
    for r in rows:
        assert_no_phi(r["text"])
        assert "@" in r["text"]  # a realistic e-mail surrogate, not a tag


def test_deidentify_csv_with_text_column_keeps_other_columns(inputs, tmp_path):
    out = tmp_path / "o.csv"
    result = run(
        "deidentify",
        inputs["csv"],
        "-o",
        out,
        "--text-column",
        "compte_rendu",
        "--id-column",
        "doc_id",
    )
    assert result.exit_code == 0, result.output
    with out.open(encoding="utf-8", newline="") as fh:
        rows = list(csv.DictReader(fh))
    assert [(r["doc_id"], r["service"]) for r in rows] == [("c1", "cardio"), ("c2", "neuro")]
    for r in rows:
        assert_no_phi(r["compte_rendu"])


def test_deidentify_parquet_keeps_schema(inputs, tmp_path):
    out = tmp_path / "o.parquet"
    assert run("deidentify", inputs["parquet"], "-o", out).exit_code == 0
    table = pq.read_table(out)
    assert table.schema.names == ["id", "text", "n"]
    assert table.column("n").to_pylist() == [1, 2]
    for text in table.column("text").to_pylist():
        assert_no_phi(text)


def test_deidentify_html_writes_back_into_markup(inputs, tmp_path):
    out = tmp_path / "o.html"
    assert run("deidentify", inputs["html"], "-o", out).exit_code == 0
    html = out.read_text(encoding="utf-8")
    assert_no_phi(html)
    assert html.startswith("<html><body><p>") and "<br>" in html and "T&eacute;l" in html


@pytest.mark.parametrize("kind", ["txt", "jsonl", "csv", "parquet", "html"])
def test_detect_output_is_the_stable_jsonl_format(inputs, tmp_path, kind):
    out = tmp_path / "pred.jsonl"
    extra = ["--text-column", "compte_rendu"] if kind == "csv" else []
    result = run("detect", inputs[kind], "-o", out, *extra)
    assert result.exit_code == 0, result.output
    lines = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert lines
    for line in lines:
        assert set(line) == {"id", "entities"}
        assert line["entities"], "every test document has PHI"
        for e in line["entities"]:
            assert set(e) == {"start", "end", "label", "source"}
            assert 0 <= e["start"] < e["end"]
    labels = {e["label"] for line in lines for e in line["entities"]}
    assert {"EMAIL", "PHONE", "DATE"} <= labels


def test_format_option_overrides_the_extension(inputs, tmp_path):
    src = tmp_path / "notes.data"
    src.write_bytes(inputs["jsonl"].read_bytes())
    out = tmp_path / "pred.jsonl"
    assert run("detect", src, "-o", out, "--format", "jsonl").exit_code == 0
    assert len(out.read_text().splitlines()) == 3


def test_malformed_jsonl_line_is_reported_and_the_rest_processed(tmp_path):
    src = tmp_path / "bad.jsonl"
    good = json.dumps({"id": "ok1", "text": TEXT})
    src.write_text(
        good
        + "\n"
        + '{"id": "x", "text": "Mme '
        + NAME
        + " }\n"
        + json.dumps({"id": "ok2", "text": TEXT})
        + "\n",
        encoding="utf-8",
    )
    out = tmp_path / "o.jsonl"
    result = run("deidentify", src, "-o", out)
    assert result.exit_code == 1
    errors = [line for line in result.output.splitlines() if "error" in line]
    assert len(errors) == 1 and "bad.jsonl" in errors[0] and "2" in errors[0]
    assert NAME not in result.output
    assert [json.loads(line)["id"] for line in out.read_text().splitlines()] == ["ok1", "ok2"]


def test_missing_text_column_is_a_one_line_error(inputs, tmp_path):
    result = run("deidentify", inputs["csv"], "-o", tmp_path / "o.csv", "--text-column", "nope")
    assert result.exit_code == 2
    assert "notes.csv" in result.output and "nope" in result.output
    assert TEXT[:20] not in result.output


@pytest.mark.parametrize("content", [b"", b"\n\n"])
def test_empty_input_is_an_error(tmp_path, content):
    src = tmp_path / "empty.jsonl"
    src.write_bytes(content)
    result = run("detect", src, "-o", tmp_path / "p.jsonl")
    assert result.exit_code != 0
    assert "empty.jsonl" in result.output


def test_missing_input_is_an_error(tmp_path):
    result = run("detect", tmp_path / "nowhere.jsonl", "-o", tmp_path / "p.jsonl")
    assert result.exit_code == 2 and "nowhere.jsonl" in result.output


def test_wrong_encoding_and_binary_files_fail_alone(tmp_path):
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "good.txt").write_text(TEXT, encoding="utf-8")
    (folder / "latin.txt").write_bytes(f"Patiente {NAME} née à Besançon".encode("latin-1"))
    (folder / "blob.txt").write_bytes(bytes(range(256)) * 4)
    out = tmp_path / "out"
    result = run("deidentify", folder, "-o", out)
    assert result.exit_code == 1
    assert "latin.txt" in result.output and "blob.txt" in result.output
    assert NAME not in result.output
    assert [p.name for p in out.rglob("*.txt")] == ["good.txt"]
    # the latin-1 file is readable when the user says so
    out2 = tmp_path / "out2"
    (folder / "blob.txt").unlink()
    assert run("deidentify", folder, "-o", out2, "--encoding", "latin-1").exit_code == 0


def test_a_50_mb_document_is_refused_and_the_batch_goes_on(tmp_path):
    src = tmp_path / "big.jsonl"
    with src.open("w", encoding="utf-8") as fh:
        fh.write(json.dumps({"id": "small", "text": TEXT}) + "\n")
        fh.write(
            '{"id": "huge", "text": "' + ("Mme " + NAME + " ") * (50 * 1024 * 1024 // 12) + '"}\n'
        )
        fh.write(json.dumps({"id": "small2", "text": TEXT}) + "\n")
    out = tmp_path / "o.jsonl"
    result = run("deidentify", src, "-o", out)
    assert result.exit_code == 1
    assert "too large" in result.output and "big.jsonl" in result.output
    assert NAME not in result.output
    assert [json.loads(line)["id"] for line in out.read_text().splitlines()] == ["small", "small2"]


def test_every_command_has_help():
    for command in ([], ["deidentify"], ["detect"], ["evaluate"], ["agreement"]):
        result = run(*command, "--help")
        assert result.exit_code == 0 and "Usage" in result.output


def test_bad_config_file_is_a_clear_error(inputs, tmp_path):
    cfg = tmp_path / "c.yaml"
    cfg.write_text("strategies:\n  NAME: tag\n", encoding="utf-8")
    result = run("deidentify", inputs["jsonl"], "-o", tmp_path / "o.jsonl", "--config", cfg)
    assert result.exit_code == 2 and "c.yaml" in result.output and "unknown label" in result.output


def test_error_messages_with_brackets_are_printed_verbatim(tmp_path):
    src = tmp_path / "notes[2024].jsonl"
    src.write_text('{"id": "a", "text": 3}\n' + json.dumps({"id": "b", "text": TEXT}) + "\n",
                   encoding="utf-8")
    result = run("detect", src, "-o", tmp_path / "p.jsonl")
    assert result.exit_code == 1
    assert "notes[2024].jsonl" in result.output


def test_model_option_uses_the_given_model_directory(inputs, tmp_path):
    import shutil

    import clindeid

    shipped = Path(clindeid.__file__).parent / "data" / "model"
    model = tmp_path / "my_model"
    shutil.copytree(shipped, model)
    out_default, out_model = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    assert run("detect", inputs["jsonl"], "-o", out_default).exit_code == 0
    assert run("detect", inputs["jsonl"], "-o", out_model, "--model", model).exit_code == 0
    assert out_default.read_text() == out_model.read_text()
    (model / "clindeid_meta.json").unlink()
    result = run("detect", inputs["jsonl"], "-o", out_model, "--model", model)
    assert result.exit_code == 2 and "clindeid_meta.json" in result.output
