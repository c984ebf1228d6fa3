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

SPEC_PATH = 'specs/queens_las_vegas.yaml'
SPEC_HASH = 'sha256:b1d023826fa42677f3ca09f6eb0d9fc016d3570d748f841fa81bb4830bca5bdd'
AUTOMATON = 'A1'
INITIAL_STATE = 0
FINAL_STATES = frozenset({3})
STATE_NAMES = {
    0: 'Between attempts',
    1: 'Placing at random',
    2: 'Backtracking',
    3: 'Stopped',
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
    read_x1 = bind(context, 'may_start_attempt', 'x1')  # another attempt is allowed (a solution is still wanted and the attempt budget is not spent)?
    read_x2 = bind(context, 'is_complete', 'x2')  # all N queens stand on the board?
    read_x3 = bind(context, 'places_at_random', 'x3')  # the next queen is one of the first k, to be placed at random?
    read_x4 = bind(context, 'next_column_has_free_cell', 'x4')  # the next column has a cell no queen attacks?
    read_x5 = bind(context, 'has_untried_row', 'x5')  # backtracking still has an untried free row in the next column?
    read_x6 = bind(context, 'can_take_back', 'x6')  # the last queen was placed by backtracking (so it may be taken back)?
    # Outputs: zN() tells the context to act.
    z1 = bind(context, 'start_attempt', 'z1')  # empty the board and start a new attempt
    z2 = bind(context, 'place_at_random', 'z2')  # put a queen on a free cell of the next column chosen at random
    z3 = bind(context, 'report_dead_end', 'z3')  # note that the next column has no free cell (the attempt gives up)
    z4 = bind(context, 'place_next_untried', 'z4')  # put a queen on the next untried free row of the next column
    z5 = bind(context, 'take_back', 'z5')  # take the last queen back
    z6 = bind(context, 'record_solution', 'z6')  # record the solution: the attempt succeeded
    z7 = bind(context, 'record_failure', 'z7')  # record that the attempt failed
    state = INITIAL_STATE
    steps = 0
    for steps in range(1, limit + 1):
        match state:
            case 0:  # 0. Between attempts (line 36)
                if (x1 := read_x1()):  # arc 1 (line 42): x1 / z1
                    z1()
                    state = 1  # 1. Placing at random
                else:  # arc 2 (line 43): !x1 (always true here)
                    state = 3  # 3. Stopped
                    break  # a final state: the run stops
            case 1:  # 1. Placing at random (line 37)
                if (x3 := read_x3()) and (x4 := read_x4()):  # arc 3 (line 44): x3 & x4 / z2
                    z2()
                    state = 1
                elif x3 and not x4:  # arc 4 (line 45): x3 & !x4 / z3, z7
                    z3()
                    z7()
                    state = 0  # 0. Between attempts
                else:  # arc 5 (line 46): !x3 (always true here)
                    state = 2  # 2. Backtracking
            case 2:  # 2. Backtracking (line 38)
                if not (x2 := read_x2()) and (x5 := read_x5()):  # arc 6 (line 47): !x2 & x5 / z4
                    z4()
                    state = 2
                elif not x2 and not x5 and (x6 := read_x6()):  # arc 7 (line 48): !x2 & !x5 & x6 / z5
                    z5()
                    state = 2
                elif not x2 and not x5 and not x6:  # arc 8 (line 49): !x2 & !x5 & !x6 / z7
                    z7()
                    state = 0  # 0. Between attempts
                else:  # arc 9 (line 50): x2 / z6 (always true here)
                    z6()
                    state = 0  # 0. Between attempts
    else:
        raise step_limit_reached(AUTOMATON, limit, state, STATE_NAMES[state])
    return RunSummary(state, steps)


def stepper(context, tracer, where=SPEC_PATH):
    """The graph one step at a time: returns `step(state)`, which takes one step from `state`
    and returns (state after, number of the arc taken or None). `tracer` collects the inputs read
    and is told where a failing step stood; GeneratedAutomaton turns the steps into records.
    """
    # Inputs: read_xN() asks the context one question.
    read_x1 = bind(context, 'may_start_attempt', 'x1')  # another attempt is allowed (a solution is still wanted and the attempt budget is not spent)?
    read_x2 = bind(context, 'is_complete', 'x2')  # all N queens stand on the board?
    read_x3 = bind(context, 'places_at_random', 'x3')  # the next queen is one of the first k, to be placed at random?
    read_x4 = bind(context, 'next_column_has_free_cell', 'x4')  # the next column has a cell no queen attacks?
    read_x5 = bind(context, 'has_untried_row', 'x5')  # backtracking still has an untried free row in the next column?
    read_x6 = bind(context, 'can_take_back', 'x6')  # the last queen was placed by backtracking (so it may be taken back)?
    # Outputs: zN() tells the context to act.
    z1 = bind(context, 'start_attempt', 'z1')  # empty the board and start a new attempt
    z2 = bind(context, 'place_at_random', 'z2')  # put a queen on a free cell of the next column chosen at random
    z3 = bind(context, 'report_dead_end', 'z3')  # note that the next column has no free cell (the attempt gives up)
    z4 = bind(context, 'place_next_untried', 'z4')  # put a queen on the next untried free row of the next column
    z5 = bind(context, 'take_back', 'z5')  # take the last queen back
    z6 = bind(context, 'record_solution', 'z6')  # record the solution: the attempt succeeded
    z7 = bind(context, 'record_failure', 'z7')  # record that the attempt failed
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
                case 0:  # 0. Between attempts (line 36)
                    if (x1 := read_x1()):  # arc 1 (line 42): x1 / z1
                        arc = 1
                        z1()
                        state = 1  # 1. Placing at random
                    else:  # arc 2 (line 43): !x1 (always true here)
                        arc = 2
                        state = 3  # 3. Stopped
                case 1:  # 1. Placing at random (line 37)
                    if (x3 := read_x3()) and (x4 := read_x4()):  # arc 3 (line 44): x3 & x4 / z2
                        arc = 3
                        z2()
                        state = 1
                    elif x3 and not x4:  # arc 4 (line 45): x3 & !x4 / z3, z7
                        arc = 4
                        z3()
                        z7()
                        state = 0  # 0. Between attempts
                    else:  # arc 5 (line 46): !x3 (always true here)
                        arc = 5
                        state = 2  # 2. Backtracking
                case 2:  # 2. Backtracking (line 38)
                    if not (x2 := read_x2()) and (x5 := read_x5()):  # arc 6 (line 47): !x2 & x5 / z4
                        arc = 6
                        z4()
                        state = 2
                    elif not x2 and not x5 and (x6 := read_x6()):  # arc 7 (line 48): !x2 & !x5 & x6 / z5
                        arc = 7
                        z5()
                        state = 2
                    elif not x2 and not x5 and not x6:  # arc 8 (line 49): !x2 & !x5 & !x6 / z7
                        arc = 8
                        z7()
                        state = 0  # 0. Between attempts
                    else:  # arc 9 (line 50): x2 / z6 (always true here)
                        arc = 9
                        z6()
                        state = 0  # 0. Between attempts
        except BaseException:
            tracer.interrupted(state, arc)
            raise
        return state, arc

    return step
