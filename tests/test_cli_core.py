"""The `automata` command's own behaviour: listing, the demo, error rendering and exit codes."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from core_support import COUNTER_SPEC, run_cli

ROOT = Path(__file__).resolve().parent.parent


def test_list_names_every_problem_and_spec(capsys):
    code, out, _ = run_cli(capsys, "list")
    assert code == 0
    for name in ("knight-tour", "queens", "puzzle8"):
        assert name in out
    for spec in sorted((ROOT / "specs").glob("*.yaml")):
        assert f"specs/{spec.name}" in out


def test_the_demo_runs_every_problem_and_succeeds(capsys):
    code, out, err = run_cli(capsys, "demo")
    assert code == 0, err
    assert "Demo complete" in out
    assert out.count("\n$ automata ") >= 10
    assert "agree:" in out and "DIFFER" not in out


def test_unknown_problem_is_one_line_exit_2(capsys):
    code, out, err = run_cli(capsys, "run", "chess-960")
    assert code == 2 and out == ""
    assert err.strip().count("\n") == 0 and "unknown problem 'chess-960'" in err


def test_bad_option_value_is_one_line_exit_2(capsys):
    code, _, err = run_cli(capsys, "verify", "knight-tour", "--board", "8by8")
    assert code == 2
    assert err.strip().count("\n") == 0 and "--board" in err and "Traceback" not in err


def test_check_reports_file_line_col_and_exits_1(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(Path(__file__).parent))
    text = COUNTER_SPEC.replace("{from: 0, to: 1,", "{from: 0, to: 9,")
    (tmp_path / "broken.yaml").write_text(text)
    code, out, _ = run_cli(capsys, "check", "broken.yaml")
    assert code == 1
    line = next(i for i, row in enumerate(text.splitlines(), 1) if "to: 9" in row)
    column = text.splitlines()[line - 1].index("9") + 1
    assert out.splitlines()[0] == f"broken.yaml:{line}:{column}: error: arc goes to unknown state 9"


def test_check_json_of_the_shipped_specs(capsys):
    code, out, _ = run_cli(capsys, "check", "--json")
    assert code == 0
    assert json.loads(out) == {"findings": [], "errors": 0}


def test_schema_is_json(capsys):
    code, out, _ = run_cli(capsys, "schema")
    assert code == 0 and json.loads(out)["$schema"].startswith("https://json-schema.org/")


def test_the_console_script_runs_without_traceback():
    completed = subprocess.run([sys.executable, "-m", "automata.cli", "run", "queens", "--n", "-3"],
                               capture_output=True, text=True, cwd=ROOT)
    assert completed.returncode == 2
    assert "Traceback" not in completed.stderr and completed.stderr.strip().count("\n") == 0


def test_the_benchmark_runs_in_quick_mode(tmp_path):
    completed = subprocess.run(
        [sys.executable, "bench/run.py", "--quick", "--only", "queens,tracing", "--out", str(tmp_path / "b.json")],
        capture_output=True, text=True, cwd=ROOT, timeout=300,
    )
    assert completed.returncode == 0, completed.stderr
    assert "| queens: backtracking: count N=6" in completed.stdout
    document = json.loads((tmp_path / "b.json").read_text())
    assert {t["group"] for t in document["timings"]} == {"queens", "tracing"}


def test_protocol_lines_can_be_chosen(capsys):
    code, out, _ = run_cli(capsys, "run", "knight-tour", "--board", "3x4", "--start", "2,4", "--protocol=output,transition")
    assert code == 0
    protocol = [line for line in out.splitlines() if line[:2] in ("{ ", "i ", "* ", "T ", "} ")]
    assert protocol[:2] == ["* z2: put the knight on the start cell", "T A1: moved from state 0 to state 1"]
    assert {line[0] for line in protocol} == {"*", "T"}
    code, _, err = run_cli(capsys, "run", "knight-tour", "--board", "3x4", "--start", "2,4", "--protocol=moves")
    assert code == 2 and "unknown kind of line 'moves'" in err


@pytest.mark.parametrize("argv", [
    ("draw", "--out", "{blocked}/diagrams", "specs/knight_tour.yaml"),
    ("codegen", "specs/knight_tour.yaml", "-o", "{blocked}/generated/knight_tour.py"),
])
def test_an_output_path_that_cannot_be_written_is_one_line_exit_2(capsys, tmp_path, monkeypatch, argv):
    monkeypatch.chdir(ROOT)
    blocked = tmp_path / "a-file"  # a file where the command needs a folder
    blocked.write_text("")
    code, _, err = run_cli(capsys, *(part.format(blocked=blocked) for part in argv))
    assert code == 2, err
    assert err.strip().count("\n") == 0 and "a-file" in err and "Traceback" not in err


def test_a_missing_spec_is_named_as_the_user_wrote_it(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, _, err = run_cli(capsys, "codegen", "nope.yaml")
    assert code == 2
    assert err.startswith("nope.yaml:1:1: error: no such spec file")


def test_draw_without_any_format_is_one_line_exit_2(capsys):
    code, out, err = run_cli(capsys, "draw", "--format", ",")
    assert code == 2 and out == ""
    assert err.strip().count("\n") == 0 and "at least one format" in err


def test_errors_from_inside_a_command_name_the_command(capsys):
    code, _, err = run_cli(capsys, "run", "queens", "--n", "3", "--algorithm", "explicit")
    assert code == 2 and err.startswith("automata run queens: error: no solution exists for N = 3")
    code, _, err = run_cli(capsys, "run", "chess-960")
    assert code == 2 and err.startswith("automata run: error: unknown problem")


def test_mutate_judges_a_spec_with_its_programs_cases(capsys):
    code, out, _ = run_cli(capsys, "mutate", "specs/knight_tour.yaml", "--case", "1x1: all tours",
                           "--case", "5x5 from 1,2: impossible start", "--json")
    assert code == 0
    document = json.loads(out)
    assert document["problem"] == "solvers.knight_tour.program" and len(document["cases"]) == 2


def test_mutate_of_a_spec_without_a_program_says_what_it_needs(tmp_path, capsys, monkeypatch):
    monkeypatch.syspath_prepend(str(Path(__file__).parent))
    spec = tmp_path / "counter.yaml"
    spec.write_text(COUNTER_SPEC)
    code, _, err = run_cli(capsys, "mutate", str(spec))
    line = next(number for number, text in enumerate(COUNTER_SPEC.splitlines(), 1) if text.startswith("context:"))
    # Said where the spec names the module (its context's, here), with what to do.
    assert code == 2 and "defines no make_context(case, observer)" in err and len(err.splitlines()) == 2
    assert err.startswith(f"{spec}:{line}:10: error: ") and err.splitlines()[1].startswith("  hint: ")


def test_an_interrupted_command_called_in_process_raises_systemexit_beside_other_threads() -> None:
    """main() ends the process at once after Ctrl-C only while a deep recursion runs in its thread.
    Any other thread (a test runner's, a notebook's) must not turn exit code 130 into the end of the
    host process: a whole pytest run once died at an in-process Ctrl-C test that way, exit 130."""
    script = ("import threading, sys\n"
              "threading.Thread(target=threading.Event().wait, daemon=True).start()\n"
              "from automata.cli.errors import exit_with\n"
              "try:\n"
              "    exit_with(130)\n"
              "except SystemExit as stop:\n"
              "    print('raised', stop.code)\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert (done.returncode, done.stdout.strip()) == (0, "raised 130"), done.stderr


def test_an_interrupted_command_ends_at_once_while_a_deep_recursion_still_runs() -> None:
    """The other side: a recursive reference still running in its deep-recursion thread after
    Ctrl-C would keep the interpreter alive until it finished; exit_with ends the process at once."""
    script = ("import threading\n"
              "from automata.runtime.recursion import DEEP_RECURSION_THREAD\n"
              "threading.Thread(target=threading.Event().wait, name=DEEP_RECURSION_THREAD).start()\n"
              "from automata.cli.errors import exit_with\n"
              "exit_with(130)\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120)
    assert done.returncode == 130, done.stderr
