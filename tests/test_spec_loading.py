"""Every defect a spec can have is reported as FILE:LINE:COL with a hint (issue 2, item 3)."""

from pathlib import Path

import pytest

from automata.errors import SpecError, SpecErrors
from automata.model.guards import parse_guard
from automata.io.loader import load_spec, spec_from_text
from automata.runtime.context import check_bindings, context_class
from core_support import COUNTER_SPEC


def errors_of(text: str) -> list:
    with pytest.raises(SpecErrors) as raised:
        spec_from_text(text, "broken.yaml")
    return raised.value.errors


def only_error(text: str):
    errors = errors_of(text)
    assert len(errors) == 1, [e.render() for e in errors]
    return errors[0]


def line_of(text: str, fragment: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if fragment in line)


def test_the_valid_spec_loads_with_arcs_in_try_order():
    spec = spec_from_text(COUNTER_SPEC, "counter.yaml")
    assert spec.automaton == "A7" and spec.initial == 0 and spec.step_event == "e0"
    assert [arc.index for arc in spec.arcs_from(0)] == [0, 1, 2]
    assert spec.arcs[1].label == "!x1 & x2 / z2, z1"
    assert spec.states[1].on_enter == ("z3",)


def test_priorities_reorder_the_arcs_of_a_state():
    text = COUNTER_SPEC.replace('guard: "x1"}', 'guard: "x1", priority: 2}').replace(
        'guard: "!x1 & !x2", actions: [z1]}', 'guard: "!x1 & !x2", actions: [z1], priority: 1}'
    )
    assert [arc.index for arc in spec_from_text(text).arcs_from(0)] == [2, 0, 1]


def test_yaml_syntax_error_has_position_and_hint():
    text = COUNTER_SPEC.replace("  x2: {doc:", "  x2 {doc:")
    error = errors_of(text)[0]
    assert error.loc.file == "broken.yaml"
    assert "YAML syntax" in error.message
    assert error.loc.line >= line_of(text, "x2 {doc")


def test_unquoted_guard_starting_with_bang_is_explained():
    text = COUNTER_SPEC.replace('guard: "!x1 & !x2"', "guard: !x1 & !x2")
    error = errors_of(text)[0]
    assert error.loc.line == line_of(text, "guard: !x1 & !x2")
    assert "quote" in error.hint


def test_unknown_state_in_an_arc():
    text = COUNTER_SPEC.replace("{from: 0, to: 1, guard", "{from: 0, to: 7, guard")
    error = only_error(text)
    line = line_of(text, "to: 7")
    assert (error.loc.line, error.loc.col) == (line, text.splitlines()[line - 1].index("7") + 1)
    assert "unknown state 7" in error.message and "declared states are 0, 1" in error.hint


def test_duplicate_state():
    text = COUNTER_SPEC.replace("  1: {name: Done", "  0: {name: Again}\n  1: {name: Done")
    error = only_error(text)
    assert error.loc.line == line_of(text, "name: Again")
    assert "duplicate key '0' in states" in error.message
    assert f"line {line_of(text, 'name: Counting')}" in error.hint


def test_no_initial_state():
    error = only_error(COUNTER_SPEC.replace("initial: 0\n", ""))
    assert (error.loc.line, error.loc.col) == (1, 1)
    assert "no initial state" in error.message


def test_initial_state_not_declared():
    text = COUNTER_SPEC.replace("initial: 0", "initial: 5")
    error = only_error(text)
    assert error.loc.line == line_of(text, "initial: 5") and "initial state 5" in error.message


def test_undefined_input_in_a_guard():
    text = COUNTER_SPEC.replace('guard: "x1"}', 'guard: "x9"}')
    error = only_error(text)
    assert error.loc.line == line_of(text, '"x9"')
    assert "undefined input 'x9'" in error.message and "x1, x2" in error.hint


def test_undefined_output_in_actions_with_suggestion():
    text = COUNTER_SPEC.replace("actions: [z2, z1]", "actions: [z2, z11]")
    error = only_error(text)
    line = line_of(text, "z11")
    assert (error.loc.line, error.loc.col) == (line, text.splitlines()[line - 1].index("z11") + 1)
    assert "undefined output 'z11'" in error.message and "did you mean 'z1'" in error.hint


def test_guard_syntax_error_points_at_the_bad_token():
    text = COUNTER_SPEC.replace('guard: "!x1 & x2"', 'guard: "!x1 & & x2"')
    error = only_error(text)
    line = line_of(text, "& & x2")
    assert (error.loc.line, error.loc.col) == (line, text.splitlines()[line - 1].index("& x2") + 1)
    assert error.message.startswith("guard syntax")


def binding_error(text: str, tmp_path) -> SpecError:
    spec_file = tmp_path / "counter.yaml"
    spec_file.write_text(text)
    with pytest.raises(SpecErrors) as raised:
        check_bindings(load_spec(spec_file))
    assert len(raised.value.errors) == 1
    return raised.value.errors[0]


def test_binding_to_a_method_the_context_lacks(tmp_path):
    text = COUNTER_SPEC.replace("call: count_one", "call: count_once")
    error = binding_error(text, tmp_path)
    assert error.loc.line == line_of(text, "call: count_once")
    assert "Counter does not have" in error.message and "did you mean 'count_one'" in error.hint


def test_context_that_cannot_be_imported(tmp_path):
    text = COUNTER_SPEC.replace("core_support:Counter", "no_such_module:Counter")
    error = binding_error(text, tmp_path)
    assert error.loc.line == line_of(text, "no_such_module") and "cannot import" in error.message


@pytest.mark.parametrize("word", ["no", "on", "yes", "off"])
def test_yaml11_booleans_used_as_names(word):
    text = COUNTER_SPEC.replace("name: Counting", f"name: {word}")
    error = only_error(text)
    assert error.loc.line == line_of(text, f"name: {word}")
    assert "boolean" in error.message and f"'{word}'" in error.hint


def test_boolean_as_an_event_key():
    text = COUNTER_SPEC.replace('  e0: {doc: "next step"}', '  e0: {doc: "next step"}\n  on: {doc: "oops"}')
    errors = errors_of(text)
    assert any(e.loc.line == line_of(text, "on: {doc") and "boolean" in e.message for e in errors)


def test_unknown_key_gets_a_suggestion():
    text = COUNTER_SPEC.replace("actions: [z1]}", "action: [z1]}")
    error = only_error(text)
    assert "unknown key 'action'" in error.message and "did you mean 'actions'" in error.hint


def test_all_defects_are_reported_together_in_file_order():
    text = COUNTER_SPEC.replace("to: 1,", "to: 8,").replace("x2: {doc", "x2: {dok")
    lines = [error.loc.line for error in errors_of(text)]
    assert len(lines) == 2 and lines == sorted(lines)


def test_missing_file_is_reported(tmp_path):
    with pytest.raises(SpecErrors) as raised:
        load_spec(tmp_path / "absent.yaml")
    assert "no such spec file" in raised.value.render()


def test_guards_are_never_evaluated_as_python():
    text = COUNTER_SPEC.replace('guard: "x1"}', 'guard: "__import__(\'os\')"}')
    assert "guard syntax" in only_error(text).message
    assert parse_guard("x1").variables() == ("x1",)


def test_a_relative_path_is_looked_up_in_the_working_directory_then_the_project(tmp_path, monkeypatch):
    from automata.io.files import PROJECT_ROOT
    from automata.io.loader import locate_spec

    monkeypatch.chdir(tmp_path)
    assert locate_spec("specs/knight_tour.yaml") == PROJECT_ROOT / "specs" / "knight_tour.yaml"
    (tmp_path / "specs").mkdir()
    (tmp_path / "specs" / "knight_tour.yaml").write_text("")
    assert locate_spec("specs/knight_tour.yaml") == Path("specs/knight_tour.yaml")
    assert locate_spec("absent.yaml") == Path("absent.yaml")  # named as given in the error


def test_names_sort_by_their_number():
    from automata.model.spec import name_order

    assert sorted(["x10", "x2", "x1"], key=name_order) == ["x1", "x2", "x10"]


def test_a_context_module_beside_the_spec_is_found(tmp_path):
    (tmp_path / "beside_counter.py").write_text("from core_support import Counter as BesideCounter\n")
    spec_file = tmp_path / "counter.yaml"
    spec_file.write_text(COUNTER_SPEC.replace("core_support:Counter", "beside_counter:BesideCounter"))
    spec = load_spec(spec_file)
    assert context_class(spec).__name__ == "Counter"


def test_a_context_module_found_nowhere_is_reported(tmp_path):
    spec_file = tmp_path / "counter.yaml"
    spec_file.write_text(COUNTER_SPEC.replace("core_support:Counter", "absent_module_xyz:Counter"))
    with pytest.raises(SpecErrors, match="cannot import the context module"):
        check_bindings(load_spec(spec_file))
