"""motionlab.check: the command line's `motionlab check --json` on the worked example in data/checks."""
import json
import shutil
import subprocess

import pytest

import motionlab
from conftest import ROOT
from helpers import assert_same, run_error


@pytest.fixture
def example(tmp_path):
    """A copy of data/checks (a run may write baselines)."""
    directory = tmp_path / "checks"
    shutil.copytree(ROOT / "data" / "checks", directory)
    return directory


def cli_run(binary, arguments):
    completed = subprocess.run([binary, "check"] + arguments + ["--json"], capture_output=True, text=True)
    document = json.loads(completed.stdout)
    assert completed.returncode == document["exitStatus"], completed.stderr
    return document


@pytest.mark.parametrize("manifest", ["motion-checks.yaml", "motion-checks.json"])
def test_check_a_manifest_file(motionlab_binary, example, manifest):
    path = example / manifest
    cli = cli_run(motionlab_binary, [str(path)])
    run = motionlab.check(path)
    assert_same(cli, run.to_dict())
    assert run.exit_status == cli["exitStatus"] and run.ok == (cli["exitStatus"] == 0)
    assert run.passed + run.failed <= len(run.testcases) and run.recordings > 0
    assert_same(cli_run(motionlab_binary, [str(path), "--jobs", "1", "--shard", "1/2"]),
                motionlab.check(str(path), jobs=1, shard="1/2").to_dict())


def test_check_a_manifest_given_as_a_dict(motionlab_binary, example):
    path = example / "motion-checks.json"
    manifest = json.loads(path.read_text())
    assert_same(cli_run(motionlab_binary, [str(path)]), motionlab.check(manifest, directory=example).to_dict())


def test_a_failed_expectation_is_the_result(motionlab_binary, example):
    """Tighten a bound until it fails: exit status 1 in both, the same testcase failing."""
    manifest = json.loads((example / "motion-checks.json").read_text())
    manifest["checks"][0]["expect"]["settlingTime"] = {"max": 0.001}
    path = example / "tight.json"
    path.write_text(json.dumps(manifest))
    cli = cli_run(motionlab_binary, [str(path)])
    run = motionlab.check(path)
    assert cli["exitStatus"] == 1 and run.exit_status == 1 and not run.ok
    assert_same(cli, run.to_dict())
    assert "FAIL" in repr(run)


def test_check_errors(motionlab_binary, example):
    with pytest.raises(motionlab.DataError) as raised:
        motionlab.check({"checks": []}, directory=example)
    assert "checks" in str(raised.value) and "must be a non-empty list of checks" in str(raised.value)
    missing = example / "missing.json"
    with pytest.raises(motionlab.DataError) as raised:
        motionlab.check(missing)
    assert run_error(motionlab_binary, ["check", str(missing)]).strip() == f"Error: {raised.value}"
    with pytest.raises(motionlab.ArgumentError) as raised:
        motionlab.check(example / "motion-checks.json", jobs=0)
    assert run_error(motionlab_binary, ["check", str(example / "motion-checks.json"), "--jobs", "0"]).startswith(
        f"Error: --{raised.value}\n")
    with pytest.raises(motionlab.ArgumentError) as raised:
        motionlab.check(example / "motion-checks.json", shard="3/2")
    assert str(raised.value) in run_error(motionlab_binary, ["check", str(example / "motion-checks.json"), "--shard", "3/2"])
