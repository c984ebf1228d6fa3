"""The commands that loop over independent cases give the same answer whatever --jobs is, and on a
local Dask cluster (issue 12): results are merged by case, never by arrival."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from core_support import run_cli

HANOI = Path(__file__).parent / "data" / "hanoi"


def _json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict:
    code, out, err = run_cli(capsys, *argv, "--json")
    assert code == 0, err
    document = json.loads(out)
    document.pop("seconds", None)
    document.pop("timeout_seconds", None)
    return document


def test_verify_of_a_problem_is_the_same_on_one_and_two_processes(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ("verify", "knight-tour", "--board", "5x5")
    one = _json(capsys, *argv, "--jobs", "1")
    assert len(one["cells"]) == 25 and one["coverage"]
    assert _json(capsys, *argv, "--jobs", "2") == one


def test_verify_of_a_spec_is_the_same_on_one_and_two_processes(capsys, tmp_path, monkeypatch) -> None:
    for name in ("hanoi.yaml", "hanoi.py"):
        shutil.copy(HANOI / name, tmp_path / name)
    monkeypatch.chdir(tmp_path)
    one = _json(capsys, "verify", "hanoi.yaml", "--jobs", "1")
    assert [case["name"] for case in one["cases"]] == ["no disk", "one disk", "three disks"]
    assert _json(capsys, "verify", "hanoi.yaml", "--jobs", "2") == one


def test_mutate_is_the_same_on_one_process_and_on_a_local_cluster(capsys, tmp_path, monkeypatch) -> None:
    pytest.importorskip("distributed", reason="the cluster extra is not installed: pip install '.[cluster]'")
    for name in ("hanoi.yaml", "hanoi.py"):
        shutil.copy(HANOI / name, tmp_path / name)
    monkeypatch.chdir(tmp_path)
    one = _json(capsys, "mutate", "hanoi.yaml", "--jobs", "1")
    cluster = _json(capsys, "mutate", "hanoi.yaml", "--scheduler", "local", "--jobs", "2")
    assert one["mutants"] > 10 and cluster == one
