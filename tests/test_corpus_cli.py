"""`corpus generate`, `corpus convert` and `annotate`, registered on a tiny typer app."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from clindeid.io.annotations import read_annotations
from clindeid.train.cli import register

runner = CliRunner()


@pytest.fixture()
def app() -> typer.Typer:
    app = typer.Typer()

    @app.command()
    def hello() -> None:
        """A command of the host application."""

    register(app)
    return app


def test_generate_is_deterministic(app, tmp_path):
    args = ["corpus", "generate", "--n", "12", "--seed", "4", "--inject-share", "0"]
    r1 = runner.invoke(app, [*args, "-o", str(tmp_path / "a")])
    r2 = runner.invoke(app, [*args, "-o", str(tmp_path / "b")])
    assert r1.exit_code == 0, r1.output
    assert r2.exit_code == 0, r2.output
    assert "12 documents" in r1.output
    for split in ("train", "dev", "test"):
        assert (tmp_path / "a" / f"{split}.jsonl").read_bytes() == (
            tmp_path / "b" / f"{split}.jsonl"
        ).read_bytes()
    stats = json.loads((tmp_path / "a" / "stats.json").read_text())
    assert stats["documents"] == 12 and stats["config"]["seed"] == 4


def test_generate_types_and_injection(app, tmp_path):
    e3c = tmp_path.parent / "missing.jsonl"
    result = runner.invoke(
        app,
        ["corpus", "generate", "--n", "6", "--types", "ordonnance=1,biologie=1",
         "--e3c", str(e3c), "-o", str(tmp_path / "c")],
    )  # fmt: skip
    assert result.exit_code == 2 and "no such file" in result.output
    fixture = Path(__file__).parent / "data" / "corpus" / "e3c_sample.jsonl"
    result = runner.invoke(
        app,
        ["corpus", "generate", "--n", "6", "--types", "ordonnance=1,biologie=1",
         "--e3c", str(fixture), "--inject-share", "0.5", "--format", "clindeid",
         "-o", str(tmp_path / "c")],
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    stats = json.loads((tmp_path / "c" / "stats.json").read_text())
    assert stats["by_type"] == {"biologie": 2, "cas_clinique": 3, "ordonnance": 1}
    bad = runner.invoke(app, ["corpus", "generate", "--n", "3", "--types", "nope=1",
                              "-o", str(tmp_path / "d")])  # fmt: skip
    assert bad.exit_code == 2 and "unknown document type" in bad.output


def test_annotate_convert_round_trip(app, tmp_path):
    runner.invoke(app, ["corpus", "generate", "--n", "5", "--seed", "1", "--inject-share", "0",
                        "--split", "1,0,0", "-o", str(tmp_path / "c")])  # fmt: skip
    src = tmp_path / "c" / "train.jsonl"
    silver = tmp_path / "silver.jsonl"
    result = runner.invoke(app, ["annotate", str(src), "-o", str(silver)])
    assert result.exit_code == 0, result.output
    assert "5/5 documents" in result.output
    for fmt, name in (("doccano", "pre.doccano.jsonl"), ("prodigy", "pre.prodigy.jsonl"),
                      ("labelstudio", "pre.json"), ("brat", "pre_brat")):  # fmt: skip
        out = tmp_path / name
        r = runner.invoke(app, ["corpus", "convert", str(silver), "-o", str(out), "--to", fmt])
        assert r.exit_code == 0, r.output
        back = tmp_path / f"back_{fmt}.jsonl"
        r = runner.invoke(app, ["corpus", "convert", str(out), "--from", fmt, "-o", str(back),
                                "--to", "clindeid"])  # fmt: skip
        assert r.exit_code == 0, r.output
        original = {d.id: d.spans for d in read_annotations(silver)}
        assert {d.id: d.spans for d in read_annotations(back)} == original
    ls = tmp_path / "direct.json"
    r = runner.invoke(app, ["annotate", str(src), "-o", str(ls)])
    assert r.exit_code == 0
    assert json.loads(ls.read_text())[0]["predictions"]


def test_annotate_reports_missing_input(app, tmp_path):
    r = runner.invoke(app, ["annotate", str(tmp_path / "none.jsonl"), "-o", str(tmp_path / "o")])
    assert r.exit_code == 2
