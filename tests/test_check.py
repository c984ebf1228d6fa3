"""Static checks of specs (automata/check.py).

The broken-spec suite (tests/data/broken/, one file per finding code) pins each finding's code,
position and valuation; a property test compares the exact decisions with brute force over
random guards; every shipped spec must pass with no finding at all.
"""

from __future__ import annotations

import itertools
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from automata.analysis.check import ERROR, SEVERITY, WARNING, Finding, check_file, check_spec, has_errors
from automata.errors import Loc
from automata.model.guards import And, Const, Guard, Not, Or, Var
from automata.io.files import PROJECT_ROOT, SPECS_DIR
from automata.model.spec import ArcDecl, EventDecl, InputDecl, Spec, StateDecl
from automata.io.loader import spec_from_text

BROKEN = Path(__file__).parent / "data" / "broken"

# file stem (= finding code) -> (line, col, text the message must contain)
EXPECTED = {
    "load": (18, 19, "arc goes to unknown state 7"),
    "overlap": (20, 29, "arc 2 (0 -> 0, line 20) and arc 1 (0 -> 1, line 19) are both enabled when x1=1 x2=1"),
    "incomplete": (16, 3, "state 0 (Searching) has no enabled arc when x1=0 x2=0"),
    "never-true": (21, 29, 'the guard "x2 & !x2" of arc 3 (0 -> 1, line 21) can never be true'),
    "shadowed": (21, 29, "(e.g. x1=1 x2=1) an arc tried before it is enabled: arc 1 (0 -> 1, line 20)"),
    "no-final": (4, 1, "the spec has no final state"),
    "cannot-finish": (17, 3, "no final state can be reached from state 2 (Trap)"),
    "unreachable": (17, 3, "state 2 (Forgotten) cannot be reached from the initial state 0"),
    "silent-loop": (22, 5, 'arc 3 (0 -> 0, line 22) loops on state 0 (Searching) and runs no action: once its guard '
                           '"!x1 & !x2" holds, nothing changes and it holds at every step, so the run never ends'),
    "unused-input": (12, 3, "input x2 is declared but no guard tests it"),
    "unused-output": (14, 3, "output z2 is declared but no arc or state runs it"),
    "too-many-inputs": (35, 3, "tests 21 inputs"),
    "partial": (12, 3, "state 1 (Waiting) does not define input e1 (b)"),
}


# ---------------------------------------------------------------------------------------------
# The broken-spec suite


def test_every_code_has_a_broken_spec_and_a_section_in_the_docs() -> None:
    documented = set(re.findall(r"^## `([a-z-]+)`", (PROJECT_ROOT / "docs" / "checks.md").read_text(), re.M))
    broken = {path.stem for path in BROKEN.glob("*.yaml")}
    assert documented == set(SEVERITY) == broken == set(EXPECTED)


@pytest.mark.parametrize("code", sorted(EXPECTED))
def test_broken_spec_gives_exactly_its_finding(code: str) -> None:
    line, col, text = EXPECTED[code]
    findings = check_file(BROKEN / f"{code}.yaml")
    assert [finding.code for finding in findings] == [code], "\n".join(f.render() for f in findings)
    finding = findings[0]
    assert (finding.loc.line, finding.loc.col) == (line, col)
    assert finding.severity == SEVERITY[code]
    assert text in finding.message
    assert finding.hint


def test_render_is_file_line_col_severity_message_then_hint() -> None:
    finding = Finding(Loc("specs/a.yaml", 3, 7), ERROR, "overlap", "arcs overlap when x1=1", "order them")
    assert finding.render() == "specs/a.yaml:3:7: error: arcs overlap when x1=1\n  hint: order them"
    assert Finding(Loc("a.yaml", 1, 1), WARNING, "unused-input", "x2 unused").render() == "a.yaml:1:1: warning: x2 unused"


def test_exit_rule_errors_fail_warnings_alone_do_not() -> None:
    assert has_errors(check_file(BROKEN / "overlap.yaml"))
    assert not has_errors(check_file(BROKEN / "unused-input.yaml"))
    assert not has_errors([])


@pytest.mark.parametrize(("files", "exit_code"), [
    (["unused-input.yaml"], 0),
    (["unused-input.yaml", "overlap.yaml"], 1),
    (["load.yaml"], 1),
])
def test_automata_check_prints_every_finding_and_exits_by_the_rule(files: list[str], exit_code: int) -> None:
    from click.testing import CliRunner

    from automata.cli import cli

    result = CliRunner().invoke(cli, ["check", *(str(BROKEN / name) for name in files)])
    assert result.exit_code == exit_code, result.output
    for name in files:
        for finding in check_file(BROKEN / name):
            assert finding.render() in result.output


# ---------------------------------------------------------------------------------------------
# Rules worth pinning one by one, on small specs written inline

HEADER = """\
automaton: A1
title: Inline
context: collections:OrderedDict
initial: 0
events:
  e0: {doc: "next step"}
  e1: {doc: "another event"}
inputs:
  x1: {doc: "first condition?", call: keys}
  x2: {doc: "second condition?", call: values}
outputs:
  z1: {doc: "act", call: clear}
"""


def codes(states_and_arcs: str) -> list[tuple[str, int]]:
    """(code, line) of every finding; line 13 is the first line after HEADER."""
    spec = spec_from_text(HEADER + states_and_arcs, "inline.yaml")
    return [(finding.code, finding.loc.line) for finding in check_spec(spec)]


def test_different_priorities_order_overlapping_arcs() -> None:
    assert codes("""\
states:
  0: {name: Searching}
  1: {name: Done, final: true}
arcs:
  - {from: 0, to: 1, guard: "x1", priority: 1}
  - {from: 0, to: 0, guard: "x2 | !x1", actions: [z1], priority: 2}
""") == []


@pytest.mark.parametrize(("priorities", "later_line"), [((1, 1), 18), ((1, None), 18), ((None, 1), 17)])
def test_equal_or_missing_priority_does_not_order_arcs(priorities: tuple[int | None, int | None], later_line: int) -> None:
    # Reported at the arc tried later: a priority puts an arc before the arcs without one.
    first, second = (f", priority: {p}" if p is not None else "" for p in priorities)
    assert codes(f"""\
states:
  0: {{name: Searching}}
  1: {{name: Done, final: true}}
arcs:
  - {{from: 0, to: 1, guard: "x1"{first}}}
  - {{from: 0, to: 0, guard: "x2 | !x1", actions: [z1]{second}}}
""") == [("overlap", later_line)]


def test_may_stay_and_final_states_need_no_complete_arcs() -> None:
    assert codes("""\
states:
  0: {name: Waiting, may_stay: true}
  1: {name: Done, final: true}
arcs:
  - {from: 0, to: 1, guard: "x1 & x2", actions: [z1]}
""") == []


def test_non_final_state_without_arcs_is_incomplete() -> None:
    assert codes("""\
states:
  0: {name: Searching}
  1: {name: Done, final: true}
  2: {name: Stuck}
arcs:
  - {from: 0, to: 1, guard: "x1 | x2", actions: [z1]}
  - {from: 0, to: 2, guard: "!x1 & !x2"}
""") == [("cannot-finish", 16), ("incomplete", 16)]


def test_arcs_on_other_events_are_checked_per_event() -> None:
    # On e0 the two arcs are exclusive and complete; on e1 they overlap and leave x1=0 x2=0 uncovered.
    text = """\
states:
  0: {name: Searching}
  1: {name: Done, final: true}
arcs:
  - {from: 0, to: 1, guard: "x1 | x2", actions: [z1]}
  - {from: 0, to: 1, event: e1, guard: "x1"}
  - {from: 0, to: 0, event: e1, guard: "x2"}
  - {from: 0, to: 0, guard: "!x1 & !x2"}
"""
    findings = check_spec(spec_from_text(HEADER + text, "inline.yaml"))
    assert [(f.code, f.loc.line) for f in findings] == [("incomplete", 14), ("overlap", 19)]
    assert findings[0].message.endswith("has no enabled arc on e1 when x1=0 x2=0")


def test_shadowed_arcs_are_not_edges_of_the_graph() -> None:
    found = codes("""\
states:
  0: {name: Searching}
  1: {name: Done, final: true}
  2: {name: Only behind a shadowed arc, final: true}
arcs:
  - {from: 0, to: 1, guard: "x1", actions: [z1]}
  - {from: 0, to: 2, guard: "x1 & x2"}
  - {from: 0, to: 0, guard: "!x1 & x2"}
  - {from: 0, to: 0, guard: "!x1 & !x2"}
""")
    # (the two loops that run nothing are warned about too: once taken, they are taken forever)
    assert found == [("unreachable", 16), ("shadowed", 19), ("silent-loop", 20), ("silent-loop", 21)]


def test_a_state_that_can_only_loop_cannot_finish() -> None:
    assert ("cannot-finish", 14) in codes("""\
states:
  0: {name: Searching}
  1: {name: Done, final: true}
arcs:
  - {from: 0, to: 0, guard: "x1 | !x1", actions: [z1]}
  - {from: 0, to: 1, guard: "x1 & x2"}
""")


# ---------------------------------------------------------------------------------------------
# Property: the exact decisions agree with brute-force evaluation of the guards

INPUTS = ("x1", "x2", "x3", "x4")
VALUATIONS = [dict(zip(INPUTS, values)) for values in itertools.product((False, True), repeat=len(INPUTS))]

guards = st.recursive(
    st.one_of(st.sampled_from([Var(name) for name in INPUTS]), st.builds(Const, st.booleans())),
    lambda inner: st.one_of(
        st.builds(Not, inner),
        st.builds(And, st.lists(inner, min_size=2, max_size=3).map(tuple)),
        st.builds(Or, st.lists(inner, min_size=2, max_size=3).map(tuple)),
    ),
    max_leaves=6,
)
arc_lists = st.lists(st.tuples(guards, st.sampled_from([None, 1, 2])), min_size=1, max_size=5)


def holds(guard: Guard, valuation: dict[str, bool]) -> bool:
    return guard.evaluate(valuation.__getitem__)


def parse_valuation(text: str) -> dict[str, bool]:
    return {name: value == "1" for name, value in re.findall(r"\b(x\d+)=([01])\b", text)}


def spec_with_arcs(arcs: list[tuple[Guard, int | None]], may_stay: bool) -> Spec:
    """State 0 with the given arcs (line = 10 + position in the file), alternating targets 1 (final) and 0."""
    def loc(line: int) -> Loc:
        return Loc("prop.yaml", line, 1)

    arc_decls = tuple(
        ArcDecl(index=index, source=0, target=index % 2, event="e0", guard=guard, guard_text=str(guard), actions=(),
                priority=priority, loc=loc(10 + index), guard_loc=loc(10 + index))
        for index, (guard, priority) in enumerate(arcs)
    )
    return Spec(
        path="prop.yaml", automaton="A1", title="Property", description="", source="", context="collections:OrderedDict",
        initial=0, step_event="e0", events={"e0": EventDecl("e0", "step", loc(2))},
        inputs={name: InputDecl(name, name, "keys", loc(3)) for name in INPUTS}, outputs={},
        states={0: StateDecl(0, "Searching", "", False, (), may_stay, loc(5)), 1: StateDecl(1, "Done", "", True, (), False, loc(6))},
        arcs=arc_decls, loc=loc(1),
    )


@settings(max_examples=300, deadline=None)
@given(arcs=arc_lists, may_stay=st.booleans())
def test_decisions_agree_with_brute_force(arcs: list[tuple[Guard, int | None]], may_stay: bool) -> None:
    spec = spec_with_arcs(arcs, may_stay)
    order = spec.arcs_from(0)  # the documented try order: priority, then file order
    by_line = {arc.loc.line: arc for arc in order}
    findings = check_spec(spec)

    def enabled(arc: ArcDecl) -> list[dict[str, bool]]:
        return [valuation for valuation in VALUATIONS if holds(arc.guard, valuation)]

    never_true = {arc.index for arc in order if not enabled(arc)}
    shadowed = {
        arc.index for position, arc in enumerate(order)
        if enabled(arc) and all(any(holds(earlier.guard, v) for earlier in order[:position]) for v in enabled(arc))
    }
    overlapping = {
        (earlier.index, arc.index)
        for position, arc in enumerate(order) if arc.index not in shadowed
        for earlier in order[:position]
        if any(holds(earlier.guard, v) for v in enabled(arc))
        and not (earlier.priority is not None and arc.priority is not None and earlier.priority != arc.priority)
    }
    incomplete = not may_stay and any(not any(holds(arc.guard, v) for arc in order) for v in VALUATIONS)

    found = {code: [f for f in findings if f.code == code] for code in ("never-true", "shadowed", "overlap", "incomplete")}
    assert {by_line[f.loc.line].index for f in found["never-true"]} == never_true
    assert {by_line[f.loc.line].index for f in found["shadowed"]} == shadowed
    reported_pairs = set()
    for finding in found["overlap"]:
        later = by_line[finding.loc.line]
        earlier = by_line[int(re.findall(r", line (\d+)\)", finding.message)[1])]
        reported_pairs.add((earlier.index, later.index))
        witness = parse_valuation(finding.message)
        assert set(witness) == set(later.guard.variables()) | set(earlier.guard.variables())
        assert holds(later.guard, witness) and holds(earlier.guard, witness), finding.message
    assert reported_pairs == overlapping
    assert bool(found["incomplete"]) == incomplete
    for finding in found["incomplete"]:
        witness = parse_valuation(finding.message)
        tested = {name for arc in order for name in arc.guard.variables()}
        assert set(witness) == tested
        assert not any(holds(arc.guard, witness) for arc in order), finding.message


# ---------------------------------------------------------------------------------------------
# Every shipped spec passes with no finding (specs added later are picked up automatically)


@pytest.mark.parametrize("path", sorted(SPECS_DIR.glob("*.yaml")), ids=lambda path: path.name)
def test_shipped_spec_has_no_findings(path: Path) -> None:
    findings = check_file(path)
    assert findings == [], "\n".join(finding.render() for finding in findings)
