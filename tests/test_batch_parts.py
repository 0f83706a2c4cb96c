"""Batch runs at scale: parts, manifest, resume after a kill, workers, bad rows, time bound."""

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

from clindeid.cli import app

runner = CliRunner()
EXAMPLES = sorted((Path(__file__).parents[1] / "examples").glob("*.txt"))
TEXT = "Mme Claire DUBOIS vue le 12/02/2020 à Dijon. Tél 03 80 29 30 31.\n"


def run(*args):
    result = runner.invoke(app, [str(a) for a in args])
    assert "Traceback" not in result.output, result.output
    return result


def write_jsonl(path: Path, n: int, text_of=None) -> Path:
    with path.open("w", encoding="utf-8") as out:
        for i in range(n):
            text = text_of(i) if text_of else EXAMPLES[i % len(EXAMPLES)].read_text("utf-8")
            out.write(json.dumps({"id": f"d{i:04d}", "text": text, "pid": f"P{i % 5}"}) + "\n")
    return path


def output_ids(out: Path) -> list[str]:
    ids = []
    for part in sorted(out.glob("part-*.jsonl")):
        ids += [json.loads(line)["id"] for line in part.read_text("utf-8").splitlines()]
    return ids


def test_parts_layout_manifest_and_privacy_report(tmp_path):
    src = write_jsonl(tmp_path / "in.jsonl", 23)
    out = tmp_path / "out"
    result = run("deidentify", src, "-o", out, "--parts", "--part-docs", 10, "--seed", 1, "-q")
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in out.glob("part-*")) == [
        "part-00000.jsonl",
        "part-00001.jsonl",
        "part-00002.jsonl",
    ]
    manifest = json.loads((out / "_manifest.json").read_text())
    assert manifest["status"] == "complete"
    assert [p["documents"] for p in manifest["parts"]] == [10, 10, 3]
    assert manifest["input"]["format"] == "jsonl" and manifest["config_hash"]
    assert manifest["totals"]["documents"] == 23
    assert sorted(output_ids(out)) == [f"d{i:04d}" for i in range(23)]
    report = [
        json.loads(x) for x in (out / "_privacy" / "part-00000.jsonl").read_text().split("\n") if x
    ]
    assert {"id", "mentions", "epsilon", "epsilon_total", "masked"} <= set(report[0])
    assert (out / "_audit" / "part-00001.jsonl").exists()
    # a second run into the same folder must be a resume, not a silent duplicate
    again = run("deidentify", src, "-o", out, "--parts", "--part-docs", 10, "--seed", 1, "-q")
    assert again.exit_code == 2 and "--resume" in again.output


def test_workers_give_the_same_output_as_one_process(tmp_path):
    src = write_jsonl(tmp_path / "in.jsonl", 40)
    outs = []
    for workers in (1, 2):
        out = tmp_path / f"out{workers}"
        args = ("--parts", "--part-docs", 15, "--seed", 5, "--patient-column", "pid", "-q")
        result = run("deidentify", src, "-o", out, "--workers", workers, *args)
        assert result.exit_code == 0, result.output
        outs.append([p.read_text("utf-8") for p in sorted(out.glob("part-*.jsonl"))])
    assert outs[0] == outs[1]


def test_resume_after_sigkill_writes_every_document_exactly_once(tmp_path):
    src = write_jsonl(tmp_path / "in.jsonl", 240)
    out = tmp_path / "out"
    key = tmp_path / "key"
    key.write_bytes(os.urandom(32))
    args = [sys.executable, "-m", "clindeid.cli", "deidentify", str(src), "-o", str(out)]
    args += ["--parts", "--part-docs", "8", "--key-file", str(key), "-q"]
    proc = subprocess.Popen(args, start_new_session=True)
    journal = out / "_parts.jsonl"
    deadline = time.time() + 120
    while time.time() < deadline and proc.poll() is None:
        if journal.exists() and len(journal.read_text().splitlines()) >= 3:
            break
        time.sleep(0.05)
    assert proc.poll() is None, "the run ended before it could be killed"
    os.killpg(proc.pid, signal.SIGKILL)
    proc.wait()
    done_before = len(journal.read_text().splitlines())
    assert 3 <= done_before < 30
    result = run(
        "deidentify",
        src,
        "-o",
        out,
        "--parts",
        "--part-docs",
        8,
        "--key-file",
        key,
        "--resume",
        "-q",
    )
    assert result.exit_code == 0, result.output
    ids = output_ids(out)
    assert len(ids) == len(set(ids)) == 240
    manifest = json.loads((out / "_manifest.json").read_text())
    assert manifest["status"] == "complete" and len(manifest["parts"]) == 30
    assert not list(out.rglob(".*.tmp"))
    # resuming with another key or other options is refused
    other = tmp_path / "other"
    other.write_bytes(os.urandom(32))
    bad = run(
        "deidentify",
        src,
        "-o",
        out,
        "--parts",
        "--part-docs",
        8,
        "--key-file",
        other,
        "--resume",
        "-q",
    )
    assert bad.exit_code == 2 and "another key" in bad.output


def test_bad_rows_in_parquet_are_reported_and_the_run_goes_on(tmp_path):
    texts = [TEXT, None, TEXT + "x" * 3000, "RAS.", TEXT]
    src = tmp_path / "in.parquet"
    pq.write_table(pa.table({"doc_id": [f"r{i}" for i in range(5)], "text": texts}), src)
    out = tmp_path / "out"
    result = run(
        "deidentify", src, "-o", out, "--workers", 2, "--max-doc-mb", 0.002, "--seed", 2, "-q"
    )
    assert result.exit_code == 1
    assert "row 2: text is null" in result.output and "row 3: document too large" in result.output
    assert "DUBOIS" not in result.output
    table = pq.read_table(sorted(out.glob("part-*.parquet"))[0])
    assert table.column("doc_id").to_pylist() == ["r0", "r3", "r4"]
    assert not any("DUBOIS" in t for t in table.column("text").to_pylist())
    manifest = json.loads((out / "_manifest.json").read_text())
    assert len(manifest["parts"][0]["failures"]) == 2


def test_partitioned_parquet_dataset_keeps_its_folders(tmp_path):
    src = tmp_path / "ds"
    for year in (2020, 2021):
        (src / f"year={year}").mkdir(parents=True)
        pq.write_table(
            pa.table({"id": [f"{year}-{i}" for i in range(3)], "text": [TEXT] * 3}),
            src / f"year={year}" / "part-0.parquet",
        )
    out = tmp_path / "out"
    result = run("deidentify", src, "-o", out, "--workers", 2, "--seed", 1, "-q")
    assert result.exit_code == 0, result.output
    files = sorted(p.relative_to(out).as_posix() for p in out.rglob("*.parquet"))
    assert files == ["year=2020/part-00000.parquet", "year=2021/part-00001.parquet"]


def test_document_over_the_time_bound_is_reported_not_written(tmp_path):
    # a 390,000-character document takes seconds, the others milliseconds: a 1 s bound keeps
    # a wide margin on both sides on a slow or a busy machine
    src = write_jsonl(tmp_path / "in.jsonl", 3, lambda i: TEXT * (1 if i != 1 else 6000))
    for extra in ((), ("--workers", 2)):
        out = tmp_path / f"out{len(extra)}.jsonl"
        result = run("deidentify", src, "-o", out, "--doc-timeout", 1, "--seed", 1, "-q", *extra)
        assert result.exit_code == 1
        assert "'d0001' timed out" in result.output
        written = (
            out.read_text("utf-8")
            if out.is_file()
            else "".join(p.read_text("utf-8") for p in sorted(out.glob("part-*.jsonl")))
        )
        ids = [json.loads(line)["id"] for line in written.splitlines()]
        assert ids == ["d0000", "d0002"]


def test_single_layout_with_workers_keeps_input_order(tmp_path):
    src = write_jsonl(tmp_path / "in.jsonl", 70)
    out = tmp_path / "out.jsonl"
    result = run("deidentify", src, "-o", out, "--workers", 2, "--no-parts", "--seed", 3, "-q")
    assert result.exit_code == 0, result.output
    ids = [json.loads(line)["id"] for line in out.read_text("utf-8").splitlines()]
    assert ids == [f"d{i:04d}" for i in range(70)]
    assert (tmp_path / "out.jsonl.privacy.jsonl").exists()
    detect_out = tmp_path / "ents.jsonl"
    result = run("detect", src, "-o", detect_out, "--workers", 2, "-q")
    assert result.exit_code == 0, result.output
    ids = [json.loads(line)["id"] for line in detect_out.read_text("utf-8").splitlines()]
    assert ids == [f"d{i:04d}" for i in range(70)]


def test_txt_folder_in_parts_mirrors_the_tree(tmp_path):
    src = tmp_path / "notes"
    (src / "sub").mkdir(parents=True)
    for i in range(5):
        (src / ("sub" if i % 2 else ".") / f"n{i}.txt").write_text(TEXT, encoding="utf-8")
    out = tmp_path / "out"
    result = run("deidentify", src, "-o", out, "--workers", 2, "--part-docs", 2, "--seed", 1)
    assert result.exit_code == 0, result.output
    files = sorted(p.relative_to(out).as_posix() for p in out.rglob("*.txt"))
    assert files == ["n0.txt", "n2.txt", "n4.txt", "sub/n1.txt", "sub/n3.txt"]
    assert all("DUBOIS" not in (out / f).read_text("utf-8") for f in files)


def test_warm_up_loads_the_general_domain_model_outside_any_time_bound():
    """A general-domain document must not pay the general NER's loading inside its time
    bound: warming a pipeline up loads it (workers get it from the forkserver preload)."""
    from clindeid.detect import model as model_module
    from clindeid.pipeline import Pipeline
    from clindeid.runner.work import warm_up

    pipeline = Pipeline()
    if not any(type(d).__name__ == "GeneralNerDetector" for d in pipeline.detectors):
        pytest.skip("no general-domain NER in the default detectors")
    model_module._CACHE.pop("general", None)
    warm_up(pipeline)
    assert model_module._CACHE.get("general") is not None


def test_time_bound_is_not_swallowed_by_a_component_catching_exception():
    """A lookup that turns any `Exception` into "not found" must not absorb the time bound:
    the document would run on for seconds and the lookup's fallback could be cached."""
    from clindeid.runner.work import DocumentTimeout, time_limit

    swallowed = 0
    started = time.perf_counter()
    with pytest.raises(DocumentTimeout), time_limit(0.05):
        while time.perf_counter() - started < 5:
            try:
                sum(range(10_000))  # a component's work, interrupted by the alarm
            except Exception:
                swallowed += 1
    assert swallowed == 0
    assert time.perf_counter() - started < 2


def test_time_bound_holds_when_the_alarm_is_swallowed():
    """Python prints and drops an exception raised in a ``__del__`` (the alarm may land in a
    regex's or a model's finaliser): the alarm then repeats, and a block that swallowed it
    and finished anyway still ends as timed out."""
    from clindeid.runner.work import DocumentTimeout, time_limit

    started = time.perf_counter()
    alarms = 0
    with pytest.raises(DocumentTimeout), time_limit(0.05):
        while time.perf_counter() - started < 5:
            try:
                sum(range(10_000))
            except DocumentTimeout:
                alarms += 1
                if alarms > 1:
                    raise
    assert alarms == 2  # the first alarm dropped, the next one 50 ms later stopped the work
    assert time.perf_counter() - started < 2

    # dropped, and the work ends before the alarm repeats
    with pytest.raises(DocumentTimeout), time_limit(0.05), contextlib.suppress(DocumentTimeout):
        time.sleep(1)
