"""Best-first search: the three implementations are one program, and the document's figures."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from automata.runtime.events import Recorder
from automata.io.loader import spec_from_text
from automata.io.files import PROJECT_ROOT
from solvers.puzzle8 import automaton, iterative, recursive
from solvers.puzzle8.heuristics import HEURISTICS
from solvers.puzzle8.notation import format_grid, parse_position
from automata.cli.spec_run import program_judge
from solvers.puzzle8.program import CASES, PuzzleCase, make_context
from solvers.puzzle8.puzzle import make_puzzle
from solvers.puzzle8.model import LIMIT, SOLVED, SearchModel

SPEC = automaton.load()
IMPLEMENTATIONS = {
    "iterative": iterative.solve,
    "recursive": recursive.solve,
    "automaton": lambda puzzle, observer, limit=None: automaton.solve(puzzle, observer, limit, SPEC),
    "generated": lambda puzzle, observer, limit=None: automaton.solve(puzzle, observer, limit, SPEC, "generated"),
}


def run_all(puzzle, max_expanded=None):
    runs = {}
    for name, solve in IMPLEMENTATIONS.items():
        recorder = Recorder()
        result = solve(puzzle, recorder, max_expanded)
        runs[name] = (recorder.events, result)
    return runs


def assert_same_program(runs):
    reference_events, reference_result = runs["iterative"]
    for name, (events, result) in runs.items():
        assert len(events) == len(reference_events), name
        first = next((i for i, (a, b) in enumerate(zip(reference_events, events)) if a != b), None)
        assert first is None, f"{name} diverges at event {first}: {reference_events[first]} vs {events[first]}"
        assert result == reference_result, name


@pytest.mark.parametrize("heuristic", list(HEURISTICS))
@pytest.mark.parametrize("start", ["start1", "start2", "start3"])
def test_three_implementations_agree_event_for_event(start, heuristic):
    # uncapped: `zero` on start3 expands 54,833 nodes (about 5 s for the three together)
    runs = run_all(make_puzzle(start, heuristic))
    assert_same_program(runs)
    events, result = runs["iterative"]
    assert result.status == SOLVED
    assert events[0][0] == "generate" and events[-1] == ("goal", "123/8_4/765", result.moves)
    assert sum(1 for e in events if e[0] == "generate") == result.generated
    assert sum(1 for e in events if e[0] == "expand") == result.expanded


@pytest.mark.parametrize("start, moves", [("start1", 4), ("start2", 5), ("start3", 18)])
def test_manhattan_solves_the_documents_starts_optimally(start, moves):
    result = iterative.solve(make_puzzle(start, "manhattan"), Recorder())
    assert result.moves == moves
    path = [parse_position(grid)[1] for grid in result.path]
    board = parse_position(start)[0]
    assert format_grid(board, path[0]) == format_grid(*parse_position(start))
    assert result.path[-1] == "123/8_4/765"
    for before, after in zip(path, path[1:]):
        assert after in set(board.successors(before))


def test_bratko_heuristic_path_and_counts():
    """The document: start1 and start2 are solved without a single deviation, start3 almost."""
    counts = {start: iterative.solve(make_puzzle(start, "bratko"), Recorder()) for start in ("start1", "start2", "start3")}
    assert [(r.moves, r.generated, r.expanded) for r in counts.values()] == [(4, 10, 4), (5, 12, 5), (18, 53, 28)]
    assert counts["start3"].path == (
        "216/4_8/753", "216/48_/753", "21_/486/753", "2_1/486/753", "281/4_6/753", "281/46_/753",
        "281/463/75_", "281/463/7_5", "281/4_3/765", "281/_43/765", "_81/243/765", "8_1/243/765",
        "81_/243/765", "813/24_/765", "813/2_4/765", "813/_24/765", "_13/824/765", "1_3/824/765", "123/8_4/765",
    )


def test_expansion_order_follows_the_documented_key():
    """Replaying the events: every selected node is the open node with the smallest (f, h, generation order)."""
    events, _ = run_all(make_puzzle("start3", "misplaced"))["recursive"]
    open_nodes: dict[int, tuple] = {}
    serial = 0
    for kind, *data in events:
        if kind == "generate":
            grid, g, f = data
            open_nodes[serial] = (f, f - g, serial, grid, g)
            serial += 1
        else:
            best = min(open_nodes.values())
            assert (best[3], best[4]) == (data[0], data[1])
            del open_nodes[best[2]]


def test_repeated_positions_are_cut_along_the_path_only():
    model = SearchModel(make_puzzle("start3", "zero"), Recorder())
    layer = [model.make_start()]
    cut = 0
    for _ in range(12):  # the shortest cycle of the eight puzzle has 12 moves (round a 2×2 block)
        children = []
        for node in layer:
            kept = model.expand(node)
            cut += sum(1 for _ in model.puzzle.board.successors(node.position)) - len(kept)
            children.extend(kept)
        for child in children:
            assert child.position not in child.parent.path()
        layer = children
    positions = [node.position for node in layer]
    assert len(positions) > len(set(positions))  # the same position on different branches is kept
    assert cut > model.expanded - 1  # every node but the start cuts its parent; more means a 12-move cycle was cut


def test_node_limit_is_honoured_identically():
    runs = run_all(make_puzzle("start3", "zero"), max_expanded=2000)
    assert_same_program(runs)
    events, result = runs["iterative"]
    assert result.status == LIMIT and result.expanded == 2000 and result.path == ()
    assert events[-1] == ("limit", 2000)


def test_a_start_that_is_the_goal():
    runs = run_all(make_puzzle("goal", "bratko"))
    assert_same_program(runs)
    events, result = runs["iterative"]
    assert result.moves == 0 and result.expanded == 0 and events == [("generate", "123/8_4/765", 0, 0), ("goal", "123/8_4/765", 0)]


def test_fifteen_puzzle_is_the_same_model():
    board, goal = parse_position("1,2,3,4/5,6,7,8/9,10,11,12/13,14,15,_")
    position, rng = goal, random.Random(4)
    for _ in range(30):
        position = rng.choice(list(board.successors(position)))
    runs = run_all(make_puzzle(format_grid(board, position), "linear-conflict"))
    assert_same_program(runs)
    assert runs["iterative"][1].status == SOLVED


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), walk=st.integers(0, 24), heuristic=st.sampled_from(["bratko", "manhattan", "misplaced", "linear-conflict"]))
def test_agreement_on_random_positions(seed, walk, heuristic):
    board, goal = parse_position("goal")
    rng, position = random.Random(seed), goal
    for _ in range(walk):
        position = rng.choice(list(board.successors(position)))
    assert_same_program(run_all(make_puzzle(format_grid(board, position), heuristic), max_expanded=3000))


def test_the_judge_catches_a_mutated_automaton():
    _, verify_spec, cases = program_judge("specs/eight_puzzle.yaml", (), ())
    case = ("start2, misplaced: solved",)
    assert case in cases and verify_spec(SPEC, case).agree
    text = (PROJECT_ROOT / "specs/eight_puzzle.yaml").read_text(encoding="utf-8")
    # taking two nodes out of the frontier per choice skips the best one
    mutant = spec_from_text(text.replace("{from: 1, to: 2, guard: \"x1\", actions: [z2]}",
                                         "{from: 1, to: 2, guard: \"x1\", actions: [z2, z2]}"), "mutant.yaml")
    verdict = verify_spec(mutant, case)
    assert not verdict.agree
    assert verdict.divergence.kind in ("event", "error")


def test_a_start_from_the_goals_other_half_exhausts_the_tree_in_every_implementation():
    """The only way to the spec's 'No solution' state: the command line refuses such a start."""
    case = PuzzleCase("21/3_", "manhattan", "12/3_", max_expanded=None, require_reachable=False)
    assert case in CASES.values()
    runs = {}
    for name, solve in IMPLEMENTATIONS.items():
        recorder = Recorder()
        runs[name] = (recorder.events, solve(case.puzzle(), recorder, None))
    assert_same_program(runs)
    events, result = runs["iterative"]
    assert result.status == "exhausted" and events[-1] == ("exhausted",)
    # every position of the 2x2 cycle but the goal's, each reached along both directions
    assert result.expanded == result.generated == 23


@pytest.mark.parametrize("limit, status", [(110, SOLVED), (109, LIMIT)])
def test_the_goal_test_comes_before_the_limit_test(limit, status):
    """With the limit equal to the expansions the solution needs, the goal is still found."""
    context = make_context(PuzzleCase("start3", "manhattan", max_expanded=limit), Recorder())
    assert iterative.search(context).status == status
