"""Loading systems of automata: every bad reference is reported at its place (FILE:LINE:COL), and
`check` decides state tests over the states the tested automaton can be in (docs/systems.md)."""

from __future__ import annotations

from pathlib import Path

import pytest
from core_support import run_cli

from automata.analysis.check import check_file
from automata.errors import SpecErrors
from automata.io.loader import load_spec, load_system
from automata.runtime.engine import Automaton

ROOT_SPECS = Path(__file__).parents[1] / "specs"
HEAD = "title: T\ncontext: toy:Toy\ninitial: 0\nevents: {e0: {doc: step}}\n"


def leaf(name: str, extra: str = "") -> str:
    """A two-state automaton that finishes at its first step."""
    return (f"automaton: {name}\n{HEAD}{extra}states:\n  0: {{name: Going}}\n  1: {{name: Done, final: true}}\n"
            "arcs:\n  - {from: 0, to: 1}\n")


def root(automata: str, body: str) -> str:
    return f"automaton: A0\n{HEAD}automata:\n{automata}{body}"


CALLER = ("outputs:\n  z1: {doc: run A1, run: A1}\n"
          "states:\n  0: {name: Start}\n  1: {name: After}\n  2: {name: End, final: true}\n"
          "arcs:\n  - {from: 0, to: 1, actions: [z1]}\n  - {from: 1, to: 2, guard: 'y1 == 1'}\n")


def write(folder: Path, **files: str) -> Path:
    for name, text in files.items():
        (folder / f"{name}.yaml").write_text(text)
    return folder / "a0.yaml"


def errors_of(path: Path) -> list[str]:
    with pytest.raises(SpecErrors) as raised:
        load_spec(path)
    return [f"{Path(error.loc.file).name}:{error.loc.line}:{error.loc.col}: {error.message}" for error in raised.value.errors]


def test_a_well_formed_system_loads_with_every_automaton(tmp_path: Path) -> None:
    path = write(tmp_path, a0=root("  A1: a1.yaml\n", CALLER), a1=leaf("A1"))
    system = load_system(path)
    assert list(system.specs) == ["A0", "A1"] and system.driven() == ["A0", "A1"]
    assert system.root_spec.outputs["z1"].run == "A1" and load_spec(path).is_system
    assert check_file(path) == []
    with pytest.raises(Exception, match="heads a system of automata"):
        Automaton(load_spec(path), object())


@pytest.mark.parametrize("files, expected", [
    # an automaton nested, called or tested that `automata:` does not declare
    ({"a0": root("  A1: a1.yaml\n", CALLER.replace("0: {name: Start}", "0: {name: Start, nested: [A5]}")),
      "a1": leaf("A1")},
     "a0.yaml:11:29: state 0 nests A5, which is not declared under `automata:`"),
    ({"a0": root("  A1: a1.yaml\n", CALLER.replace("run: A1", "run: A4")), "a1": leaf("A1")},
     "a0.yaml:9:26: output z1 runs A4, which is not declared under `automata:`"),
    ({"a0": root("  A1: a1.yaml\n", CALLER.replace("'y1 == 1'", "'y1 == 1 | y3 == 0'")), "a1": leaf("A1")},
     "a0.yaml:16:40: y3 is the state of A3, which is not declared under `automata:`"),
    ({"a0": root("  A1: a1.yaml\n", CALLER.replace("'y1 == 1'", "'y0 == 1'")), "a1": leaf("A1")},
     "a0.yaml:16:30: y0 == 1 tests this automaton's own state"),
    # files that are missing or do not load (their own errors, prefixed)
    ({"a0": root("  A1: nowhere.yaml\n", CALLER)}, "a0.yaml:7:7: A1: no such spec file nowhere.yaml"),
    ({"a0": root("  A1: a1.yaml\n", CALLER), "a1": leaf("A1").replace("to: 1}", "to: 7}")},
     "a0.yaml:7:7: A1 (a1.yaml) does not load: "),
    # name clashes
    ({"a0": root("  A1: a1.yaml\n", CALLER), "a1": leaf("A7")}, "a0.yaml:7:7: a1.yaml is automaton A7, not A1"),
    ({"a0": root("  A0: a1.yaml\n  A1: a1.yaml\n", CALLER), "a1": leaf("A1")}, "a0.yaml:7:3: A0 is this spec's own automaton"),
    ({"a0": root("  A1: a1.yaml\n  A2: a2.yaml\n", CALLER), "a1": leaf("A1"),
      "a2": leaf("A2", "automata: {A1: other.yaml}\n"), "other": leaf("A1")},
     "a2.yaml:6:16: two specs are named A1: "),
    # a cycle of nesting or calling
    ({"a0": root("  A1: a1.yaml\n", CALLER),
      "a1": leaf("A1", "automata: {A0: a0.yaml}\n").replace("0: {name: Going}", "0: {name: Going, nested: [A0]}")},
     "a1.yaml:8:29: nesting and calling form a cycle: A0 calls A1 by z1, A1 nests A0 in state 0 (Going)"),
    # a state test of a state that does not exist
    ({"a0": root("  A1: a1.yaml\n", CALLER.replace("'y1 == 1'", "'y1 == 9'")), "a1": leaf("A1")},
     "a0.yaml:16:29: y1 == 9 tests a state A1 does not have"),
    # events the called or nested automaton does not declare
    ({"a0": root("  A1: a1.yaml\n", CALLER.replace("run: A1}", "run: A1, event: e5}")), "a1": leaf("A1")},
     "a0.yaml:9:26: z1 runs A1 with e5, which A1 does not declare"),
    ({"a0": root("  A2: a2.yaml\n", HEAD.replace("events: {e0: {doc: step}}", "step_event: e3\nevents: {e3: {doc: s}}")[0:0]
                 + "states:\n  0: {name: Start, nested: [A2]}\n  1: {name: End, final: true}\n"
                   "arcs:\n  - {from: 0, to: 1, guard: 'y2 == 1'}\n").replace("events: {e0: {doc: step}}",
                                                                         "step_event: e3\nevents: {e3: {doc: s}}"),
      "a2": leaf("A2")},
     "a0.yaml:10:29: A2 is nested in state 0 (Start) of A0, which steps on e3; A2 does not declare e3"),
    # what one file can tell
    ({"a0": root("  A1: /etc/a1.yaml\n", CALLER)}, "a0.yaml:7:7: the spec of A1 must be a relative path of plain names"),
    ({"a0": root("  A1: a1.txt\n", CALLER)}, "a0.yaml:7:7: the spec of A1 must be a .yaml file"),
    ({"a0": root("  A1: a1.yaml\n", CALLER.replace("run: A1}", "run: A1, call: go}")), "a1": leaf("A1")},
     "a0.yaml:9:21: output z1 has both `call` and `run`"),
])
def test_each_bad_reference_is_reported_where_it_is_written(tmp_path: Path, files: dict[str, str], expected: str) -> None:
    found = errors_of(write(tmp_path, **files))
    assert any(line.startswith(expected) for line in found), found


def test_a_referenced_file_that_does_not_load_shows_its_own_errors(tmp_path: Path) -> None:
    (message,) = errors_of(write(tmp_path, a0=root("  A1: a1.yaml\n", CALLER), a1=leaf("A1").replace("to: 1}", "to: 7}")))
    assert message.startswith("a0.yaml:7:7: A1 (a1.yaml) does not load: ")
    assert message.endswith("a1.yaml:10:19: arc goes to unknown state 7")


@pytest.mark.parametrize("guard, column, fragment", [
    ("y1 = 1", 4, "compare a state with '=='"),  # the hint, for the methodology's y1 = 1
    ("y1", 3, "expected '==' or '!=' after y1"),
    ("y1 == x1", 7, "expected a state number after '=='"),
    ("x1 & 4", 6, "unexpected number '4'"),
])
def test_state_test_syntax_errors_point_at_the_bad_token(tmp_path: Path, guard: str, column: int, fragment: str) -> None:
    path = write(tmp_path, a0=root("  A1: a1.yaml\n", CALLER.replace("'y1 == 1'", f"'{guard}'")), a1=leaf("A1"))
    with pytest.raises(SpecErrors) as raised:
        load_spec(path)
    error = raised.value.errors[0]
    assert (error.loc.line, error.loc.col) == (16, 29 + column)  # the quote is at column 29 and fragment in error.message + error.hint


# ---- check: state tests are decided over the states the tested automaton can be in ----------------


def findings(path: Path) -> list[str]:
    return [f"{finding.code}: {finding.message}" for finding in check_file(path)]


def test_after_a_call_only_the_callees_final_states_are_possible(tmp_path: Path) -> None:
    """A1's states are 0 (initial) and 1 (final): after the call, `y1 == 1` alone is complete and
    a test of `y1 == 0` can never hold (it would if each state test were a free input)."""
    assert findings(write(tmp_path, a0=root("  A1: a1.yaml\n", CALLER), a1=leaf("A1"))) == []
    dead = CALLER.replace("- {from: 1, to: 2, guard: 'y1 == 1'}", "- {from: 1, to: 2, guard: 'y1 == 0'}")
    found = findings(write(tmp_path, a0=root("  A1: a1.yaml\n", dead), a1=leaf("A1")))
    assert "never-true: the guard \"y1 == 0\" of arc 2 (1 -> 2, line 16) can never be true, so the arc never fires" in found
    assert "incomplete: state 1 (After) has no enabled arc when y1=1" in found


def test_tests_of_two_states_of_one_automaton_never_overlap(tmp_path: Path) -> None:
    three = leaf("A1").replace("  1: {name: Done, final: true}\n", "  1: {name: Done, final: true}\n  2: {name: Other, final: true}\n")
    three = three.replace("- {from: 0, to: 1}", "- {from: 0, to: 1, guard: x1}\n  - {from: 0, to: 2, guard: '!x1'}")
    three = three.replace("events:", "inputs: {x1: {doc: a, call: a}}\nevents:")
    body = CALLER.replace("- {from: 1, to: 2, guard: 'y1 == 1'}",
                          "- {from: 1, to: 2, guard: 'y1 == 1'}\n  - {from: 1, to: 2, guard: 'y1 != 1'}")
    assert findings(write(tmp_path, a0=root("  A1: a1.yaml\n", body), a1=three)) == []
    overlap = body.replace("'y1 != 1'", "'y1 != 0'")
    found = findings(write(tmp_path, a0=root("  A1: a1.yaml\n", overlap), a1=three))
    assert found == ["overlap: arc 3 (1 -> 2, line 17) and arc 2 (1 -> 2, line 16) are both enabled when y1=1"]


def test_a_nested_automaton_has_taken_its_step_and_sees_its_parents_nesting_state(tmp_path: Path) -> None:
    """A2 is nested in A0's state 0 and tests y0: A0 is then in state 0, nowhere else; A0 tests y2
    after A2's step: A2 is in a state an arc enters (1), never in its initial state 0."""
    a2 = leaf("A2", "automata: {A0: a0.yaml}\n").replace("- {from: 0, to: 1}", "- {from: 0, to: 1, guard: 'y0 == 0'}")
    body = ("states:\n  0: {name: Start, nested: [A2]}\n  1: {name: End, final: true}\n"
            "arcs:\n  - {from: 0, to: 1, guard: 'y2 == 1'}\n")
    path = write(tmp_path, a0=root("  A2: a2.yaml\n", body), a2=a2)
    assert findings(path) == [] and check_file(tmp_path / "a2.yaml") == []


def test_check_and_the_cli_report_a_broken_reference_once_with_its_place(tmp_path: Path, capsys, monkeypatch) -> None:
    write(tmp_path, a0=root("  A1: nowhere.yaml\n", CALLER))
    monkeypatch.chdir(tmp_path)
    code, out, _ = run_cli(capsys, "check", "a0.yaml")
    assert code == 1 and out.startswith("a0.yaml:7:7: error: A1: no such spec file nowhere.yaml")


def test_system_specs_validate_against_the_json_schema() -> None:
    jsonschema = pytest.importorskip("jsonschema")
    import json

    import yaml

    from automata.io.schema import load_schema

    validator = jsonschema.Draft202012Validator(load_schema())
    data = Path(__file__).parent / "data" / "systems"
    for path in (*sorted(data.glob("*.yaml")), ROOT_SPECS / "knight_tour_system.yaml"):
        document = json.loads(json.dumps(yaml.safe_load(path.read_text(encoding="utf-8"))))
        assert list(validator.iter_errors(document)) == [], path.name
        document["outputs"] = {"z1": {"doc": "both", "call": "go", "run": "A1"}}
        assert list(validator.iter_errors(document)) != [], path.name  # call or run, not both


def test_a_system_reads_no_spec_outside_its_own_folder(tmp_path: Path) -> None:
    """A spec is untrusted: it cannot make the loader read a file above its folder."""
    (tmp_path / "outside.yaml").write_text(leaf("A1"))
    inner = tmp_path / "system"
    inner.mkdir()
    (inner / "a0.yaml").write_text(root("  A1: ../outside.yaml\n", CALLER))
    (found,) = errors_of(inner / "a0.yaml")
    assert found.startswith("a0.yaml:7:7: the spec of A1, ../outside.yaml, lies outside the folder of the system's "
                            "root spec")
    # The hint says what is allowed, as docs/systems.md does.
    with pytest.raises(SpecErrors) as raised:
        load_spec(inner / "a0.yaml")
    assert "put it in that folder or a folder below it" in raised.value.errors[0].hint
    assert "parts/outside.yaml" in raised.value.errors[0].hint
    (inner / "parts").mkdir()
    (inner / "parts" / "a1.yaml").write_text(leaf("A1"))
    (inner / "a0.yaml").write_text(root("  A1: parts/a1.yaml\n", CALLER))
    assert set(load_system(inner / "a0.yaml").specs) == {"A0", "A1"}
