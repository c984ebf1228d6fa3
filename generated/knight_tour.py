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

SPEC_PATH = 'specs/knight_tour.yaml'
SPEC_HASH = 'sha256:6672b460c9ae8f273cc7fcbaf86a7978e25aaf187bfbf6a4fe7467565a6d9919'
AUTOMATON = 'A1'
INITIAL_STATE = 0
FINAL_STATES = frozenset({2, 4, 5, 6})
STATE_NAMES = {
    0: 'Start',
    1: 'Choosing a move',
    2: 'Tour found',
    3: 'Tour counted',
    4: 'Search exhausted',
    5: 'Impossible start',
    6: 'Gave up',
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
    read_x1 = bind(context, 'is_start_impossible', 'x1')  # optimization 1 rules the start cell out (minority colour of an odd board)?
    read_x2 = bind(context, 'is_complete', 'x2')  # the path covers every cell of the board?
    read_x3 = bind(context, 'is_all_tours_mode', 'x3')  # all-tours mode (count every tour instead of stopping at the first)?
    read_x4 = bind(context, 'is_at_start', 'x4')  # the knight stands on the start cell (nothing left to take back)?
    read_x5 = bind(context, 'has_untried_move', 'x5')  # a move from the knight's cell is still untried?
    read_x6 = bind(context, 'is_return_limit_reached', 'x6')  # this attempt has reached its return limit (GOOD_RET, or MAX_RET on the last attempt)?
    read_x7 = bind(context, 'has_next_move_order', 'x7')  # another move order is left to restart with (optimization 4)?
    # Outputs: zN() tells the context to act.
    z1 = bind(context, 'report_impossible_start', 'z1')  # report that no tour can start here
    z2 = bind(context, 'place_knight', 'z2')  # put the knight on the start cell
    z3 = bind(context, 'record_tour', 'z3')  # record the tour on the board
    z4 = bind(context, 'restart', 'z4')  # clear the board and start again with the next move order
    z5 = bind(context, 'give_up', 'z5')  # report that the search gives up
    z6 = bind(context, 'report_exhausted', 'z6')  # report that every move from the start cell has been tried
    z7 = bind(context, 'make_move', 'z7')  # make the next untried move
    z8 = bind(context, 'take_back', 'z8')  # take the last move back (a return)
    state = INITIAL_STATE
    steps = 0
    for steps in range(1, limit + 1):
        match state:
            case 0:  # 0. Start (line 38)
                if (x1 := read_x1()):  # arc 1 (line 48): x1
                    state = 5  # 5. Impossible start
                    z1()  # on entering 5
                    break  # a final state: the run stops
                else:  # arc 2 (line 49): !x1 / z2 (always true here)
                    z2()
                    state = 1  # 1. Choosing a move
            case 1:  # 1. Choosing a move (line 39)
                if not (x2 := read_x2()) and not (x6 := read_x6()) and (x5 := read_x5()):  # arc 3 (line 50): !x2 & !x6 & x5 / z7
                    z7()
                    state = 1
                elif not x2 and not x6 and not x5 and not (x4 := read_x4()):  # arc 4 (line 51): !x2 & !x6 & !x5 & !x4 / z8
                    z8()
                    state = 1
                elif not x2 and x6 and (x7 := read_x7()):  # arc 5 (line 52): !x2 & x6 & x7 / z4
                    z4()
                    state = 1
                elif not x2 and x6 and not x7:  # arc 6 (line 53): !x2 & x6 & !x7
                    state = 6  # 6. Gave up
                    z5()  # on entering 6
                    break  # a final state: the run stops
                elif x2 and not (x3 := read_x3()):  # arc 7 (line 54): x2 & !x3
                    state = 2  # 2. Tour found
                    z3()  # on entering 2
                    break  # a final state: the run stops
                elif x2 and x3:  # arc 8 (line 55): x2 & x3 / z3
                    z3()
                    state = 3  # 3. Tour counted
                else:  # arc 9 (line 56): !x2 & !x6 & !x5 & x4 (always true here)
                    state = 4  # 4. Search exhausted
                    z6()  # on entering 4
                    break  # a final state: the run stops
            case 3:  # 3. Tour counted (line 41)
                if not (x4 := read_x4()):  # arc 10 (line 57): !x4 / z8
                    z8()
                    state = 1  # 1. Choosing a move
                else:  # arc 11 (line 58): x4 (always true here)
                    state = 4  # 4. Search exhausted
                    z6()  # on entering 4
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
    read_x1 = bind(context, 'is_start_impossible', 'x1')  # optimization 1 rules the start cell out (minority colour of an odd board)?
    read_x2 = bind(context, 'is_complete', 'x2')  # the path covers every cell of the board?
    read_x3 = bind(context, 'is_all_tours_mode', 'x3')  # all-tours mode (count every tour instead of stopping at the first)?
    read_x4 = bind(context, 'is_at_start', 'x4')  # the knight stands on the start cell (nothing left to take back)?
    read_x5 = bind(context, 'has_untried_move', 'x5')  # a move from the knight's cell is still untried?
    read_x6 = bind(context, 'is_return_limit_reached', 'x6')  # this attempt has reached its return limit (GOOD_RET, or MAX_RET on the last attempt)?
    read_x7 = bind(context, 'has_next_move_order', 'x7')  # another move order is left to restart with (optimization 4)?
    # Outputs: zN() tells the context to act.
    z1 = bind(context, 'report_impossible_start', 'z1')  # report that no tour can start here
    z2 = bind(context, 'place_knight', 'z2')  # put the knight on the start cell
    z3 = bind(context, 'record_tour', 'z3')  # record the tour on the board
    z4 = bind(context, 'restart', 'z4')  # clear the board and start again with the next move order
    z5 = bind(context, 'give_up', 'z5')  # report that the search gives up
    z6 = bind(context, 'report_exhausted', 'z6')  # report that every move from the start cell has been tried
    z7 = bind(context, 'make_move', 'z7')  # make the next untried move
    z8 = bind(context, 'take_back', 'z8')  # take the last move back (a return)
    read_x1 = tracer.reading('x1', read_x1)
    read_x2 = tracer.reading('x2', read_x2)
    read_x3 = tracer.reading('x3', read_x3)
    read_x4 = tracer.reading('x4', read_x4)
    read_x5 = tracer.reading('x5', read_x5)
    read_x6 = tracer.reading('x6', read_x6)
    read_x7 = tracer.reading('x7', read_x7)

    def step(state):
        arc = None  # the number of the arc taken in this step, 1 for the spec's first (None: no arc)
        try:
            match state:
                case 0:  # 0. Start (line 38)
                    if (x1 := read_x1()):  # arc 1 (line 48): x1
                        arc = 1
                        state = 5  # 5. Impossible start
                        z1()  # on entering 5
                    else:  # arc 2 (line 49): !x1 / z2 (always true here)
                        arc = 2
                        z2()
                        state = 1  # 1. Choosing a move
                case 1:  # 1. Choosing a move (line 39)
                    if not (x2 := read_x2()) and not (x6 := read_x6()) and (x5 := read_x5()):  # arc 3 (line 50): !x2 & !x6 & x5 / z7
                        arc = 3
                        z7()
                        state = 1
                    elif not x2 and not x6 and not x5 and not (x4 := read_x4()):  # arc 4 (line 51): !x2 & !x6 & !x5 & !x4 / z8
                        arc = 4
                        z8()
                        state = 1
                    elif not x2 and x6 and (x7 := read_x7()):  # arc 5 (line 52): !x2 & x6 & x7 / z4
                        arc = 5
                        z4()
                        state = 1
                    elif not x2 and x6 and not x7:  # arc 6 (line 53): !x2 & x6 & !x7
                        arc = 6
                        state = 6  # 6. Gave up
                        z5()  # on entering 6
                    elif x2 and not (x3 := read_x3()):  # arc 7 (line 54): x2 & !x3
                        arc = 7
                        state = 2  # 2. Tour found
                        z3()  # on entering 2
                    elif x2 and x3:  # arc 8 (line 55): x2 & x3 / z3
                        arc = 8
                        z3()
                        state = 3  # 3. Tour counted
                    else:  # arc 9 (line 56): !x2 & !x6 & !x5 & x4 (always true here)
                        arc = 9
                        state = 4  # 4. Search exhausted
                        z6()  # on entering 4
                case 3:  # 3. Tour counted (line 41)
                    if not (x4 := read_x4()):  # arc 10 (line 57): !x4 / z8
                        arc = 10
                        z8()
                        state = 1  # 1. Choosing a move
                    else:  # arc 11 (line 58): x4 (always true here)
                        arc = 11
                        state = 4  # 4. Search exhausted
                        z6()  # on entering 4
        except BaseException:
            tracer.interrupted(state, arc)
            raise
        return state, arc

    return step
