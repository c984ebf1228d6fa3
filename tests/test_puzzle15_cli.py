"""`automata run|verify|compare puzzle15` through the real CLI entry point, and Korf's table."""

from __future__ import annotations

import json

import pytest

from core_support import run_cli as invoke
from solvers.puzzle15.korf100 import BY_NUMBER, easiest


@pytest.mark.slow
def test_the_30_easiest_instances_match_the_paper(capsys):
    """The suite's share of Korf's table: lengths and node counts of the 30 instances with the
    fewest nodes in the paper (about 150 million nodes), each a sweep job on two processes."""
    code, out, err = invoke(capsys, "compare", "puzzle15", "--easiest", "30", "--jobs", "2", "--json")
    assert code == 0, err
    document = json.loads(out)
    rows = document["rows"]
    assert [row["instance"] for row in rows] == sorted(instance.number for instance in easiest(30))
    for row in rows:
        paper = BY_NUMBER[row["instance"]]
        assert (row["instance"], row["length"], row["nodes"]) == (paper.number, paper.length, paper.nodes)
    assert document["totals"]["nodes_equal"] == 30 and document["cores"] >= 1


def test_run_checks_an_instance_against_the_paper(capsys):
    code, out, _ = invoke(capsys, "run", "puzzle15", "--instance", "79")
    assert code == 0
    assert "solved in 42 moves; 540,860 nodes generated; thresholds 28, 30, 32" in out
    assert "the paper: 42 moves, 540,860 nodes generated (equal)" in out


@pytest.mark.parametrize("impl", ["iterative", "recursive", "automaton", "generated"])
def test_run_json_with_every_implementation(capsys, impl):
    code, out, _ = invoke(capsys, "run", "puzzle15", "--start", "0 1 6 3 8 2 4 7 5", "--impl", impl, "--json")
    assert code == 0
    document = json.loads(out)
    assert (document["length"], document["generated"], document["start"]) == (20, 1913, "0 1 6 3 8 2 4 7 5")
    assert sum(item["generated"] for item in document["iterations"]) == 1913


def test_run_prints_the_automatons_protocol(capsys):
    code, out, _ = invoke(capsys, "run", "puzzle15", "--start", "0 1 6 3 8 2 4 7 5", "--impl", "generated", "--protocol")
    assert code == 0
    assert "i x2: the node on top is the goal? - YES" in out
    assert "* z5: raise the threshold" in out


def test_verify_compares_every_implementation(capsys):
    code, out, _ = invoke(capsys, "verify", "puzzle15", "--start", "5 2 4 3 1 8 12 7 9 13 11 15 14 6 10 0")
    assert code == 0
    assert "agree: iterative, recursive, automaton, generated emitted the same 3997 events" in out


@pytest.mark.parametrize("argv, fragment", [
    (["run", "puzzle15", "--start", "0 2 1 3 4 5 6 7 8 9 10 11 12 13 14 15"], "cannot reach the goal"),
    (["run", "puzzle15", "--instance", "101"], "--instance"),
    (["run", "puzzle15", "--instance", "3", "--start", "korf3"], "not both"),
    (["verify", "puzzle15", "--instance", "1"], "generates 276,361,933 nodes"),
    (["compare", "puzzle15", "--instances", "0-3"], "numbered 1 to 100"),
    (["compare", "puzzle15", "--instances", "7-x"], "not an instance number"),
    (["compare", "puzzle15", "--instances", "1", "--easiest", "2"], "not both"),
])
def test_bad_input_is_one_line_and_exit_2(capsys, argv, fragment):
    code, out, err = invoke(capsys, *argv)
    assert code == 2 and out == ""
    assert fragment in err and "Traceback" not in err


def test_compare_out_writes_the_table_and_the_json(capsys, tmp_path):
    code, out, err = invoke(capsys, "compare", "puzzle15", "--instances", "79,12", "--jobs", "1", "--out", str(tmp_path))
    assert code == 0, err
    assert "     12      45  546,344        546,344           0" in out
    document = json.loads((tmp_path / "puzzle15.json").read_text())
    assert [(row["instance"], row["nodes"], row["difference"]) for row in document["rows"]] == [(12, 546_344, 0), (79, 540_860, 0)]
    assert document["command"] == f"automata compare puzzle15 --instances 79,12 --jobs 1 --out {tmp_path}"
    page = (tmp_path / "puzzle15.md").read_text()
    assert "| 79 | 42 | 540,860 | 540,860 | 0 |" in page and "Artificial Intelligence 27" in page
    assert sorted(path.name for path in tmp_path.iterdir()) == ["puzzle15.json", "puzzle15.md"]


def test_ctrl_c_keeps_the_instances_that_finished(capsys, tmp_path, monkeypatch):
    import automata.sweep
    from solvers.puzzle15 import tables

    def interrupted_sweep(function, cases, **options):
        cases = list(cases)
        raise automata.sweep.Interrupted({0: function(cases[0])}, len(cases))  # the first job ended, then Ctrl-C

    monkeypatch.setattr(automata.sweep, "run_sweep", interrupted_sweep)
    code, out, err = invoke(capsys, "compare", "puzzle15", "--instances", "79,12", "--out", str(tmp_path))
    assert code == 130
    assert "12      45" in out and "\n     79" not in out  # the longest (12) is handed out first
    assert "interrupted: 1 of 2 cases finished" in err
    document = json.loads((tmp_path / tables.JSON_NAME).read_text())
    assert document["interrupted"] is True and [row["instance"] for row in document["rows"]] == [12]
    assert "1 of the 2 requested instances (interrupted)" in (tmp_path / tables.MARKDOWN_NAME).read_text()


def test_ctrl_c_before_any_instance_finished_writes_an_empty_table(capsys, tmp_path, monkeypatch):
    import automata.sweep

    def interrupted_at_once(function, cases, **options):
        raise automata.sweep.Interrupted({}, len(list(cases)))

    monkeypatch.setattr(automata.sweep, "run_sweep", interrupted_at_once)
    code, out, err = invoke(capsys, "compare", "puzzle15", "--instances", "1-3", "--out", str(tmp_path))
    assert code == 130 and "interrupted: 0 of 3 cases finished" in err
    assert out.startswith("instance  length  nodes") and "0 instances" in out
    assert json.loads((tmp_path / "puzzle15.json").read_text())["rows"] == []


def test_a_difference_from_the_paper_is_explained_from_the_iterations():
    from solvers.puzzle15.tables import Comparison, InstanceRow, differences_text

    row = InstanceRow(88, 65, 6_320_047_980, 1.0, ((63, 6_106_419_027), (65, 213_628_953)))
    comparison = Comparison((row,), (88,), "iterative", 1.0, "1 process", 2, "automata compare puzzle15 --instances 88")
    text, = differences_text(comparison)
    assert "6,106,419,027 in all" in text and "smaller than the iterations before the last alone" in text


def test_the_pattern_database_table_sets_the_counts_beside_manhattans(tmp_path):
    from solvers.puzzle15.tables import Comparison, InstanceRow, markdown, output_names, write_out

    row = InstanceRow(79, 42, 32_060, 0.1, ((36, 10), (42, 32_050)))
    comparison = Comparison((row,), (79,), "iterative", 2.0, "1 process", 2,
                            "automata compare puzzle15 --instances 79 --heuristic pdb", "pdb")
    page = markdown(comparison)
    assert "| 79 | 42 | 32,060 | 540,860 | 5.928% | 0.1 |" in page and "additive pattern database" in page
    write_out(tmp_path, comparison)
    assert sorted(path.name for path in tmp_path.iterdir()) == sorted(output_names("pdb"))
    assert json.loads((tmp_path / "puzzle15-pdb.json").read_text())["heuristic"] == "pdb"


def test_run_with_the_pattern_database_on_an_8_puzzle(capsys):
    code, out, _ = invoke(capsys, "run", "puzzle15", "--start", "8 7 6 5 4 3 2 1 0", "--heuristic", "pdb", "--json")
    assert code == 0
    document = json.loads(out)
    assert document["heuristic"] == "pdb" and document["length"] == 28
