"""An automaton generated from the spec named in SPEC_PATH by `automata codegen`; do not edit.

Regenerate after changing the spec: `automata codegen --all`.
The code is the transition graph written out: `state` holds the state's number, each `case`
is a state and each `if`/`elif` one of its arcs, in the order the engine tries them. An input
is read at most once per step: `(x2 := read_x2())` is its first reading, a later `x2` reuses
the value. `_run` is the plain automaton; `stepper` is the same graph taking one step per call,
which traced runs and step-by-step runs (GeneratedAutomaton) drive.
"""

from automata.errors import no_arc_enabled, step_limit_reached
from automata.runtime.support import (
    DEFAULT_MAX_STEPS, GeneratedAutomaton, RunSummary, bind, load_spec,
)

SPEC_PATH = 'specs/queens_mrv.yaml'
SPEC_HASH = 'sha256:f36b1715b6a4e5a7824ecfd460a92f3b31c1b6b3fdbf6eca660e4f966b8501e8'
AUTOMATON = 'A1'
INITIAL_STATE = 0
FINAL_STATES = frozenset({3, 4})
STATE_NAMES = {
    0: 'Looking at the board',
    1: 'Solution found',
    2: 'Going back',
    3: 'Search exhausted',
    4: 'Enough solutions',
}


def run(context, sinks=(), max_steps=None, spec=None):
    """Run the automaton on `context` until a final state; return RunSummary(final_state, steps).

    `sinks` receive the step records the transitions engine would produce; `spec` is the Spec
    those records refer to (loaded from SPEC_PATH when tracing without one).
    """
    limit = DEFAULT_MAX_STEPS if max_steps is None else max_steps
    where = SPEC_PATH if spec is None else spec.path
    if sinks:
        traced = spec if spec is not None else load_spec(SPEC_PATH)
        return GeneratedAutomaton(traced, context, stepper, sinks, max_steps).run()
    return _run(context, limit, where)


def _run(context, limit, where):
    # Inputs: read_xN() asks the context one question.
    read_x1 = bind(context, 'is_complete', 'x1')  # all n queens stand on the board?
    read_x2 = bind(context, 'has_blocked_line', 'x2')  # some row or column without a queen has no free cell left (under look-ahead: none that passes it)?
    read_x3 = bind(context, 'has_forced_cell', 'x3')  # some row or column without a queen has exactly one free cell left (under look-ahead: one that passes it)?
    read_x4 = bind(context, 'has_enough', 'x4')  # the requested number of solutions has been found?
    read_x5 = bind(context, 'top_has_untried_cell', 'x5')  # the latest choice point still has an untried cell?
    read_x6 = bind(context, 'has_choice_points', 'x6')  # a choice point is left on the stack?
    # Outputs: zN() tells the context to act.
    z1 = bind(context, 'record_solution', 'z1')  # record the placement as a solution (under symmetry: if it is its class's representative, else as an image)
    z2 = bind(context, 'note_dead_end', 'z2')  # report a dead end: a line has no free cell
    z3 = bind(context, 'place_forced_queen', 'z3')  # place the forced queen on the only free cell of its line
    z4 = bind(context, 'open_choice_point', 'z4')  # choose the line with the fewest free cells (under symmetry, first rows IV and III) and remember the stack height (a c...
    z5 = bind(context, 'try_next_cell', 'z5')  # cut the stack back to the latest choice point's height and place a queen on its next cell
    z6 = bind(context, 'drop_choice_point', 'z6')  # cut the stack back to the latest choice point's height and forget that exhausted choice point
    state = INITIAL_STATE
    steps = 0
    for steps in range(1, limit + 1):
        match state:
            case 0:  # 0. Looking at the board (line 39)
                if not (x1 := read_x1()) and not (x2 := read_x2()) and (x3 := read_x3()):  # arc 1 (line 46): !x1 & !x2 & x3 / z3
                    z3()
                    state = 0
                elif not x1 and x2:  # arc 2 (line 47): !x1 & x2 / z2
                    z2()
                    state = 2  # 2. Going back
                elif not x1 and not x2 and not x3:  # arc 3 (line 48): !x1 & !x2 & !x3 / z4, z5
                    z4()
                    z5()
                    state = 0
                else:  # arc 4 (line 49): x1 / z1 (always true here)
                    z1()
                    state = 1  # 1. Solution found
            case 1:  # 1. Solution found (line 40)
                if not (x4 := read_x4()):  # arc 5 (line 50): !x4
                    state = 2  # 2. Going back
                else:  # arc 6 (line 51): x4 (always true here)
                    state = 4  # 4. Enough solutions
                    break  # a final state: the run stops
            case 2:  # 2. Going back (line 41)
                if (x5 := read_x5()):  # arc 7 (line 52): x5 / z5
                    z5()
                    state = 0  # 0. Looking at the board
                elif not x5 and (x6 := read_x6()):  # arc 8 (line 53): !x5 & x6 / z6
                    z6()
                    state = 2
                else:  # arc 9 (line 54): !x5 & !x6 (always true here)
                    state = 3  # 3. Search exhausted
                    break  # a final state: the run stops
    else:
        raise step_limit_reached(AUTOMATON, limit, state, STATE_NAMES[state])
    return RunSummary(state, steps)


def stepper(context, tracer, where=SPEC_PATH):
    """The graph one step at a time: returns `step(state)`, which takes one step from `state`
    and returns (state after, number of the arc taken or None). `tracer` collects the inputs read
    and is told where a failing step stood; GeneratedAutomaton turns the steps into records.
    """
    # Inputs: read_xN() asks the context one question.
    read_x1 = bind(context, 'is_complete', 'x1')  # all n queens stand on the board?
    read_x2 = bind(context, 'has_blocked_line', 'x2')  # some row or column without a queen has no free cell left (under look-ahead: none that passes it)?
    read_x3 = bind(context, 'has_forced_cell', 'x3')  # some row or column without a queen has exactly one free cell left (under look-ahead: one that passes it)?
    read_x4 = bind(context, 'has_enough', 'x4')  # the requested number of solutions has been found?
    read_x5 = bind(context, 'top_has_untried_cell', 'x5')  # the latest choice point still has an untried cell?
    read_x6 = bind(context, 'has_choice_points', 'x6')  # a choice point is left on the stack?
    # Outputs: zN() tells the context to act.
    z1 = bind(context, 'record_solution', 'z1')  # record the placement as a solution (under symmetry: if it is its class's representative, else as an image)
    z2 = bind(context, 'note_dead_end', 'z2')  # report a dead end: a line has no free cell
    z3 = bind(context, 'place_forced_queen', 'z3')  # place the forced queen on the only free cell of its line
    z4 = bind(context, 'open_choice_point', 'z4')  # choose the line with the fewest free cells (under symmetry, first rows IV and III) and remember the stack height (a c...
    z5 = bind(context, 'try_next_cell', 'z5')  # cut the stack back to the latest choice point's height and place a queen on its next cell
    z6 = bind(context, 'drop_choice_point', 'z6')  # cut the stack back to the latest choice point's height and forget that exhausted choice point
    read_x1 = tracer.reading('x1', read_x1)
    read_x2 = tracer.reading('x2', read_x2)
    read_x3 = tracer.reading('x3', read_x3)
    read_x4 = tracer.reading('x4', read_x4)
    read_x5 = tracer.reading('x5', read_x5)
    read_x6 = tracer.reading('x6', read_x6)

    def step(state):
        arc = None  # the number of the arc taken in this step, 1 for the spec's first (None: no arc)
        try:
            match state:
                case 0:  # 0. Looking at the board (line 39)
                    if not (x1 := read_x1()) and not (x2 := read_x2()) and (x3 := read_x3()):  # arc 1 (line 46): !x1 & !x2 & x3 / z3
                        arc = 1
                        z3()
                        state = 0
                    elif not x1 and x2:  # arc 2 (line 47): !x1 & x2 / z2
                        arc = 2
                        z2()
                        state = 2  # 2. Going back
                    elif not x1 and not x2 and not x3:  # arc 3 (line 48): !x1 & !x2 & !x3 / z4, z5
                        arc = 3
                        z4()
                        z5()
                        state = 0
                    else:  # arc 4 (line 49): x1 / z1 (always true here)
                        arc = 4
                        z1()
                        state = 1  # 1. Solution found
                case 1:  # 1. Solution found (line 40)
                    if not (x4 := read_x4()):  # arc 5 (line 50): !x4
                        arc = 5
                        state = 2  # 2. Going back
                    else:  # arc 6 (line 51): x4 (always true here)
                        arc = 6
                        state = 4  # 4. Enough solutions
                case 2:  # 2. Going back (line 41)
                    if (x5 := read_x5()):  # arc 7 (line 52): x5 / z5
                        arc = 7
                        z5()
                        state = 0  # 0. Looking at the board
                    elif not x5 and (x6 := read_x6()):  # arc 8 (line 53): !x5 & x6 / z6
                        arc = 8
                        z6()
                        state = 2
                    else:  # arc 9 (line 54): !x5 & !x6 (always true here)
                        arc = 9
                        state = 3  # 3. Search exhausted
        except BaseException:
            tracer.interrupted(state, arc)
            raise
        return state, arc

    return step
