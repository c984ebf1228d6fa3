"""`automata derive`: automata read off plain programs, checked and verified equal to them.

The programs are in tests/data/derive/: the tutorial's maze search written over its context
(iterative and recursive), and small contexts that exercise one feature each (merging, short
circuits, two self-calls). Each derived spec must pass `automata check` with no finding and emit
the same events as the function it came from, on both engines.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable
from pathlib import Path

import pytest

from automata.analysis.check import check_spec
from automata.analysis.derive import derive, derived_result, final_returns
from automata.analysis.verify import verify
from automata.io.loader import load_spec, spec_from_text
from automata.model.spec import Spec
from automata.runtime.runner import execute

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "derive"
TUTORIAL = ROOT / "docs" / "tutorial"
ROOTS = (DATA, TUTORIAL)

if str(DATA) not in sys.path:
    sys.path.append(str(DATA))

import maze_program
import toys


def derived_spec(target: str, **options: object) -> Spec:
    return spec_from_text(derive(target, roots=ROOTS, **options).text, f"<{target}>")


def assert_agree(spec: Spec, function: Callable, make_context: Callable, cases: Iterable[object],
                 others: dict[str, Callable] | None = None) -> None:
    """The function, the automaton on both engines (its result read from its final state) and
    `others` emit the same events and return the same result on every case."""
    for case in cases:
        def automaton(observer: object, engine: str, case: object = case) -> object:
            context = make_context(case, observer)
            summary = execute(spec, context, engine=engine)
            return derived_result(function, context, summary.final_state)

        implementations = {
            "function": lambda observer, case=case: function(make_context(case, observer)),
            "automaton": lambda observer: automaton(observer, "transitions"),
            "generated": lambda observer: automaton(observer, "generated"),
        }
        for name, other in (others or {}).items():
            implementations[name] = lambda observer, other=other, case=case: other(make_context(case, observer))
        verdict = verify(implementations, reference="function")
        assert verdict.agree, f"{case!r}: {verdict.divergence.describe()}"


def arcs_by_call(spec: Spec) -> list[tuple[int, int, str, tuple[str, ...]]]:
    """The arcs with inputs and outputs named by the methods they call, to compare two specs."""
    calls = {**{x: d.call for x, d in spec.inputs.items()}, **{z: d.call for z, d in spec.outputs.items()}}
    arcs = []
    for arc in spec.arcs:
        guard = str(arc.guard)
        for name in sorted(spec.inputs, key=len, reverse=True):
            guard = guard.replace(name, calls[name])
        arcs.append((arc.source, arc.target, guard, tuple(calls[z] for z in arc.actions)))
    return sorted(arcs)


# -- the tutorial's maze ----------------------------------------------------------------------------

def test_the_tutorials_loop_derives_its_hand_written_automaton() -> None:
    derived = derived_spec("maze:solve_iteratively")
    hand_written = load_spec(TUTORIAL / "maze.yaml")
    assert arcs_by_call(derived) == arcs_by_call(hand_written)
    assert {n: s.final for n, s in derived.states.items()} == {n: s.final for n, s in hand_written.states.items()}
    assert (derived.context, derived.program) == ("maze:Maze", "maze")
    # the returns `maze.result(found=True)` and `...(found=False)` are two final states
    assert [state.name for state in derived.states.values() if state.final] == [
        "Returned maze.result(found=True)", "Returned maze.result(found=False)"]


def test_the_derived_maze_automata_are_equal_to_both_programs() -> None:
    import maze

    iterative = derived_spec("maze:solve_iteratively")
    assert_agree(iterative, maze.solve_iteratively, maze_program.make_context, maze_program.CASES.values(),
                 {"recursive": maze_program.search_recursively})
    recursive = derived_spec("maze_program:recursive")
    assert_agree(recursive, maze_program.recursive, maze_program.make_context, maze_program.CASES.values(),
                 {"iterative": lambda search: (maze.solve_iteratively(search), None)[1]})


@pytest.mark.parametrize("target", [
    "maze:solve_iteratively", "maze_program:recursive", "toys:count_to_limit", "toys:twin_loops",
    "toys:pointless_question", "toys:best_first", "toys:walk",
])
def test_a_derived_spec_passes_check_with_no_finding(target: str) -> None:
    assert check_spec(derived_spec(target)) == []


# -- how the graph is made -----------------------------------------------------------------------

def test_inputs_and_outputs_are_named_in_order_of_first_appearance_with_their_docstrings() -> None:
    spec = derived_spec("toys:count_to_limit")
    assert [(x, d.call, d.doc) for x, d in spec.inputs.items()] == [
        ("x1", "is_done", "The count has reached the limit?"), ("x2", "is_even", "The count is even?")]
    assert [(z, d.call) for z, d in spec.outputs.items()] == [
        ("z1", "count_one"), ("z2", "note_even"), ("z3", "say_done")]
    # the first paragraph only; quotes, colons, hashes and guard syntax survive the YAML text
    assert spec.outputs["z1"].doc == "Add one to the count."
    assert spec.outputs["z2"].doc == 'Report an even count: "quotes", a colon: and # a hash & an ampersand !x1 *star'
    assert spec.outputs["z3"].doc == "say_done"  # no docstring: the method's name
    assert spec.title == "Count to the limit, noting even numbers"


def test_count_to_limit_agrees_with_its_function_and_returns_its_value() -> None:
    spec = derived_spec("toys:count_to_limit")
    assert_agree(spec, toys.count_to_limit, toys.Counter, range(6))
    returns = final_returns(toys.count_to_limit)
    assert [value.text for value in returns.values()] == ["ctx.result()"]


def test_an_arc_carries_every_action_called_before_the_next_question() -> None:
    spec = derived_spec("toys:count_to_limit")
    loop = 0
    assert arcs_by_call(spec) == sorted([
        (loop, 1, "is_done", ("say_done",)),
        (loop, 2, "!is_done", ("count_one",)),
        (2, loop, "is_even", ("note_even",)),
        (2, 1, "!is_even & is_done", ("say_done",)),
        (2, 2, "!is_even & !is_done", ("count_one",)),
    ])


def test_control_points_that_behave_alike_are_merged() -> None:
    spec = derived_spec("toys:twin_loops")
    # Start, one loop (the two copies merged), the return
    assert len(spec.states) == 3
    assert_agree(spec, toys.twin_loops, toys.Counter, range(5))


def test_a_question_that_makes_no_difference_is_left_out_and_a_pass_through_point_is_bypassed() -> None:
    derivation = derive("toys:pointless_question", roots=ROOTS)
    spec = spec_from_text(derivation.text)
    assert spec.inputs == {}
    assert [(arc.source, arc.target, arc.actions) for arc in spec.arcs] == [(0, 1, ("z1",))]
    assert any("is_even() makes no difference" in note for note in derivation.notes)


def test_guards_ask_questions_in_the_programs_order_so_none_is_asked_out_of_turn() -> None:
    """is_goal_chosen and is_big_chosen fail when asked before a node is chosen; the derived
    guards keep the short-circuit order, so whichever arc the engine tries first asks only what
    the program would ask."""
    spec = derived_spec("toys:best_first")
    guards = {str(arc.guard) for arc in spec.arcs}
    assert "x2 & !x3" in guards  # `is_goal_chosen() and not is_big_chosen()`, in that order
    # `is_big_chosen() or is_goal_chosen()` splits whatever the first test said: `x2 & x3 | !x2 & x3`
    # is written `x3`, which asks nothing the program does not ask after `choose`
    assert "x3" in guards
    cases = [[], [0], [7, 0], [3, 9, 12], [1, 2, 6, 0, 8], [9, 9, 9]]
    assert_agree(spec, toys.best_first, toys.Chooser, cases)


def test_two_self_calls_keep_their_return_points_on_the_call_stack() -> None:
    spec = derived_spec("toys:walk")
    calls = {d.call for d in (*spec.inputs.values(), *spec.outputs.values())}
    assert {"push_return_point_1", "push_return_point_2", "pop_return_point", "is_call_stack_empty",
            "top_is_return_point_1"} <= calls
    assert "top_is_return_point_2" not in calls  # the last return point is what is left
    assert_agree(spec, toys.walk, toys.Tree, range(5))


def test_a_package_behind_an_import_hook_is_found_as_an_editable_install_leaves_it(tmp_path: Path,
                                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    # `pip install -e` (as .ci/install does) puts the project's packages behind a finder on
    # sys.meta_path, not on sys.path: `automata derive solvers.knight_tour.iterative:search` must
    # still find the source, and not tell the user that run and verify will not find the module.
    import importlib.abc
    import importlib.util

    package = tmp_path / "site" / "hooked_pkg"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("raise RuntimeError('derive must not import the package')\n")
    (package / "prog.py").write_text((DATA / "toys.py").read_text(encoding="utf-8"), encoding="utf-8")

    class Finder(importlib.abc.MetaPathFinder):
        def find_spec(self, name, path=None, target=None):  # type: ignore[no-untyped-def]
            if name != "hooked_pkg":
                return None
            return importlib.util.spec_from_file_location(name, package / "__init__.py",
                                                          submodule_search_locations=[str(package)])

    monkeypatch.setattr(sys, "meta_path", [Finder(), *sys.meta_path])
    monkeypatch.chdir(tmp_path)
    derivation = derive("hooked_pkg.prog:count_to_limit", spec_folder=tmp_path)
    assert derivation.file == package / "prog.py"
    assert not any("will not find" in note for note in derivation.notes)
    assert "hooked_pkg" not in sys.modules
