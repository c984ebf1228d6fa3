"""A user's own automaton, in a folder outside the project, with no install and no registration:
every command works on it through the CLI, and pytest verifies it with automata.testing."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

HANOI = Path(__file__).parent / "data" / "hanoi"
AUTOMATA = [sys.executable, "-m", "automata.cli"]


def run(folder: Path, *argv: str, check_exit: int | None = 0) -> subprocess.CompletedProcess[str]:
    # The folder is the working directory; nothing puts it on PYTHONPATH: the framework finds the
    # program module beside the spec by itself.
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    done = subprocess.run([*AUTOMATA, *argv], cwd=folder, env=env, capture_output=True, text=True, timeout=300)
    if check_exit is not None:
        assert done.returncode == check_exit, f"automata {' '.join(argv)}: {done.returncode}\n{done.stdout}\n{done.stderr}"
    assert "Traceback" not in done.stderr
    return done


@pytest.fixture()
def hanoi(tmp_path: Path) -> Path:
    folder = tmp_path / "my-hanoi"
    shutil.copytree(HANOI, folder)
    (folder / "test_hanoi.py").write_text(
        "import pytest\n"
        "from automata.testing import assert_equivalent\n\n"
        "def test_all_cases():\n"
        "    assert_equivalent('hanoi.yaml', require_coverage=True)\n\n"
        "@pytest.mark.automaton('hanoi.yaml')\n"
        "def test_each_case(automaton_case):\n"
        "    automaton_case.assert_equivalent()\n",
        encoding="utf-8")
    return folder


def test_every_command_works_on_a_spec_of_ones_own(hanoi: Path) -> None:
    assert "hanoi.yaml: ok" in run(hanoi, "check").stderr
    drawn = run(hanoi, "draw", "--format", "svg,mermaid").stdout.split()
    assert {"hanoi.svg", "hanoi.connections.svg", "hanoi.mmd", "hanoi.connections.mmd"} <= set(drawn)
    assert (hanoi / "hanoi.svg").read_text(encoding="utf-8").lstrip().startswith("<?xml")

    protocol = run(hanoi, "run", "hanoi.yaml", "--case", "three disks", "--protocol").stdout
    assert protocol.startswith("{ A1: started in state 0 (Working) with event e0")
    assert "* z3: move the largest disk" in protocol and "final state 1 (Done) after 23 steps" in protocol
    # The plain loop's protocol lists the same questions and actions, in the same order.
    loop = run(hanoi, "run", "hanoi.yaml", "-p", "disks=3", "--impl", "iterative", "--protocol=input,output").stdout
    machine = run(hanoi, "run", "hanoi.yaml", "-p", "disks=3", "--protocol=input,output").stdout
    assert loop.splitlines()[:-2] == machine.splitlines()[:-2] and len(loop.splitlines()) > 60

    document = json.loads(run(hanoi, "verify", "hanoi.yaml", "--json").stdout)
    assert document["agree"] is True and document["implementations"] == ["iterative", "recursive", "automaton", "generated"]
    assert [case["name"] for case in document["cases"]] == ["no disk", "one disk", "three disks"]
    assert document["coverage"]["complete"] is True and document["coverage"]["arcs"] == {"covered": 4, "total": 4, "missed": []}

    mutated = json.loads(run(hanoi, "mutate", "hanoi.yaml", "--json").stdout)
    assert mutated["mutants"] > 10 and mutated["gaps"] == 0

    tested = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"], cwd=hanoi,
                            capture_output=True, text=True, timeout=300)
    assert tested.returncode == 0, tested.stdout + tested.stderr
    assert "4 passed" in tested.stdout


def test_a_bug_in_the_recursion_is_the_first_divergence(hanoi: Path) -> None:
    source = (hanoi / "hanoi.py").read_text(encoding="utf-8")
    (hanoi / "hanoi.py").write_text(source.replace("solve(n - 1, spare, target, source)",
                                                   "solve(n - 1, target, spare, source)"), encoding="utf-8")
    done = run(hanoi, "verify", "hanoi.yaml", check_exit=1)
    assert "case 'three disks': DIFFER: first divergence between iterative and recursive at event #3:" in done.stdout
    assert "move(1, 3, 2)   (iterative)" in done.stdout
    document = json.loads(run(hanoi, "verify", "hanoi.yaml", "--json", check_exit=1).stdout)
    assert document["agree"] is False and document["cases"][2]["divergence"]["other"] == "recursive"


def test_a_coverage_gap_fails_only_when_coverage_is_required(hanoi: Path) -> None:
    assert "coverage: arcs 2/4" in run(hanoi, "verify", "hanoi.yaml", "--case", "no disk").stdout
    done = run(hanoi, "verify", "hanoi.yaml", "--case", "no disk", "--require-coverage", check_exit=1)
    assert "never taken" in done.stdout


def test_draw_needs_only_the_yaml(tmp_path: Path) -> None:
    text = (HANOI / "hanoi.yaml").read_text(encoding="utf-8").replace("context: hanoi:Hanoi", "context: nowhere_at_all:Hanoi")
    (tmp_path / "alone.yaml").write_text(text, encoding="utf-8")
    run(tmp_path, "draw", "alone.yaml", "--format", "dot")
    run(tmp_path, "check", "alone.yaml")
    assert (tmp_path / "alone.gv").is_file() and not list(tmp_path.glob("*.pyc"))


def test_a_new_folder_passes_every_command_at_once(tmp_path: Path) -> None:
    run(tmp_path, "new", "demo")
    demo = tmp_path / "demo"
    assert sorted(path.name for path in demo.iterdir()) == ["README.md", "demo.py", "demo.yaml", "pytest.ini", "test_demo.py"]
    run(demo, "check")
    run(demo, "draw")
    assert "* z2: report where the target is" in run(demo, "run", "demo.yaml", "--case", "found last", "--protocol").stdout
    assert "agree:" in run(demo, "verify", "demo.yaml", "--require-coverage").stdout
    tested = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"], cwd=demo,
                            capture_output=True, text=True, timeout=300)
    assert tested.returncode == 0, tested.stdout + tested.stderr
    assert run(tmp_path, "new", "demo", check_exit=2).stderr.count("\n") == 1
