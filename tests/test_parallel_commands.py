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


def _compare(capsys: pytest.CaptureFixture[str], *argv: str) -> dict:
    document = _json(capsys, "compare", "knight-tour", *argv)
    assert document.pop("workers")  # where the cells ran is reported, and is all that may differ
    document.pop("cores")
    return document


def test_compare_is_the_same_on_one_process_two_processes_and_a_local_cluster(capsys) -> None:
    argv = ("--board", "6x6", "--sets", "1+2,1-4", "--max-returns", "300")
    one = _compare(capsys, *argv, "--jobs", "1")
    sets = {entry["set"]: entry for entry in one["sets"]}
    # Cells that give up are named, not only counted.
    assert sets["1+2"]["gave_up"] == len(sets["1+2"]["gave_up_cells"]) > 0
    assert sets["1-4"]["found"] == 36 and sets["1-4"]["gave_up_cells"] == []
    assert _compare(capsys, *argv, "--jobs", "2") == one
    pytest.importorskip("distributed", reason="the cluster extra is not installed: pip install '.[cluster]'")
    assert _compare(capsys, *argv, "--scheduler", "local", "--jobs", "2") == one


def test_compare_out_writes_every_cell_and_the_page(capsys, tmp_path: Path) -> None:
    folder = tmp_path / "tables"
    code, out, err = run_cli(capsys, "compare", "knight-tour", "--board", "5x5", "--sets", "1+3,1-4",
                             "--out", str(folder), "--jobs", "1")
    assert code == 0, err
    assert sorted(path.name for path in folder.iterdir()) == ["README.md", "knight-5x5-1+3.json",
                                                             "knight-5x5-1-4.json"]
    document = json.loads((folder / "knight-5x5-1-4.json").read_text())
    assert document["command"] == ("automata compare knight-tour --board 5x5 --sets 1+3,1-4 "
                                   f"--out {folder} --jobs 1")
    assert len(document["outcomes"]) == 5 and all(len(line) == 5 for line in document["outcomes"])
    # 5x5 has 25 cells: optimization 1 rules out the 12 of the colour with fewer cells.
    assert "".join(document["outcomes"]).count("x") == 12
    page = (folder / "README.md").read_text()
    assert "### 5×5, optimizations 1+3" in page and "### 5×5, optimizations 1-4" in page
    assert "Made by `automata compare knight-tour --board 5x5" in page


def test_compare_out_refuses_a_file_in_the_way(capsys, tmp_path: Path) -> None:
    (tmp_path / "taken").write_text("")
    code, _, err = run_cli(capsys, "compare", "knight-tour", "--board", "5x5", "--out", str(tmp_path / "taken"))
    assert code == 2 and "--out" in err and "not a folder" in err


def test_compare_stopped_by_ctrl_c_prints_what_finished(capsys, monkeypatch) -> None:
    from automata.sweep import Interrupted
    from solvers.knight_tour import tables

    real = tables.run_table

    def stopped_in_the_second_set(rows, cols, optimizations, **options):
        if 4 in optimizations:
            first = real(rows, cols, optimizations, **(options | {"jobs": 1}))
            raise Interrupted({0: first.results[(1, 1)], 1: first.results[(1, 2)]}, rows * cols)
        return real(rows, cols, optimizations, **options)

    monkeypatch.setattr(tables, "run_table", stopped_in_the_second_set)
    # Through click's runner, not main(): after an interruption main() ends a process that has other
    # threads at once (automata/cli/errors.py), and the cluster tests leave threads in this one.
    # main() renders the Interrupted it gets as "interrupted: ..." and exit code 130 (test_errors).
    from click.testing import CliRunner

    from automata.cli.app import cli

    result = CliRunner().invoke(cli, ["compare", "knight-tour", "--board", "5x5", "--sets", "1+3,1-4", "--jobs", "1"])
    assert isinstance(result.exception, Interrupted) and result.exception.exit_code == 130
    lines = result.stdout.splitlines()
    assert any(line.startswith("1+3 ") for line in lines) and any(line.startswith("1-4 ") for line in lines)
    assert "(set 1-4 interrupted: 2 of 25 cells)" in result.stdout
