"""A system of automata generated from the spec named in SPEC_PATH by `automata codegen`; do not edit.

Regenerate after changing any spec of the system: `automata codegen --all`.
One function per automaton: `stepper_<name>` binds the automaton to the context and returns
`step(state, event)`, its transition graph written out (`state` holds the state's number, each
`case` is a state and each `if`/`elif` one of its arcs, in the order the engine tries them).
An output that runs another automaton calls `system.caller`; a state test `y2 == 4` reads the
state `system` publishes for A2. The outer loop, automata.runtime.system, steps nested automata
before each step, restarts them after it and counts the steps (docs/systems.md).
"""

from automata.errors import no_arc_enabled
from automata.runtime.support import bind, run_system

SPEC_PATH = 'specs/knight_tour_system.yaml'
SPEC_HASH = 'sha256:8718acbf4300cd4e7c2a24aab92659429cb02d343cf2aec58c49617b030b5080'
AUTOMATON = 'A0'
AUTOMATA = ('A0', 'A1')  # the automata that take steps, the root first
STATE_NAMES_A0 = {
    0: 'Start',
    1: 'Attempt over',
    2: 'Tour found',
    3: 'Search exhausted',
    4: 'Impossible start',
    5: 'Gave up',
}
STATE_NAMES_A1 = {
    0: 'Choosing a move',
    1: 'Tour found',
    2: 'Tour counted',
    3: 'Search exhausted',
    4: 'Return limit reached',
}


def run(context, sinks=(), max_steps=None, spec=None):
    """Run the system on `context` until A0 is in a final state; return RunSummary(final
    state, steps of all the automata). `sinks` receive the records the transitions engine makes;
    `spec` is the root Spec they refer to (loaded from SPEC_PATH without one)."""
    return run_system(SPEC_PATH if spec is None else spec, context, STEPPERS, sinks, max_steps)


def stepper_A0(context, system, tracer, where):
    """A0 one step at a time: `step(state, event)` takes one step from `state` and returns
    (state after, number of the arc taken or None); `tracer` notes the inputs read, the outputs run
    (a call happens during one) and where a failing step stood."""
    # Inputs: read_xN() asks the context one question.
    read_x1 = tracer.reading('x1', bind(context, 'is_start_impossible', 'x1'))  # optimization 1 rules the start cell out (minority colour of an odd board)?
    read_x2 = tracer.reading('x2', bind(context, 'has_next_move_order', 'x2'))  # another move order is left to restart with (optimization 4)?
    # State tests: read_yN_is_S() asks whether automaton AN is in state S now.
    read_y1_is_1 = tracer.reading('y1=1', system.state_test('A1', 1))  # A1 is in 1. Tour found?
    read_y1_is_3 = tracer.reading('y1=3', system.state_test('A1', 3))  # A1 is in 3. Search exhausted?
    read_y1_is_4 = tracer.reading('y1=4', system.state_test('A1', 4))  # A1 is in 4. Return limit reached?
    # Outputs: zN() tells the context to act, or runs another automaton to its end.
    z1 = tracer.output(bind(context, 'report_impossible_start', 'z1'))  # report that no tour can start here
    z2 = tracer.output(bind(context, 'place_knight', 'z2'))  # put the knight on the start cell
    z3 = tracer.output(bind(context, 'restart', 'z3'))  # clear the board and start again with the next move order
    z4 = tracer.output(bind(context, 'give_up', 'z4'))  # report that the search gives up
    z5 = tracer.output(bind(context, 'report_exhausted', 'z5'))  # report that every move from the start cell has been tried
    z6 = tracer.output(system.caller('A1', 'e0'))  # search with the current move order until a tour, the start cell's last move or the return limit

    def step(state, event):
        arc = None  # the number of the arc taken in this step, 1 for the spec's first (None: no arc)
        try:
            match state:
                case 0:  # 0. Start (line 36)
                    if (x1 := read_x1()):  # arc 1 (line 45): x1
                        arc = 1
                        state = 4  # 4. Impossible start
                        z1()  # on entering 4
                    else:  # arc 2 (line 46): !x1 / z2, z6 (always true here)
                        arc = 2
                        z2()
                        z6()
                        state = 1  # 1. Attempt over
                case 1:  # 1. Attempt over (line 37)
                    if (y1_is_1 := read_y1_is_1()):  # arc 3 (line 47): y1 == 1
                        arc = 3
                        state = 2  # 2. Tour found
                    elif (y1_is_3 := read_y1_is_3()):  # arc 4 (line 48): y1 == 3
                        arc = 4
                        state = 3  # 3. Search exhausted
                        z5()  # on entering 3
                    elif (y1_is_4 := read_y1_is_4()) and (x2 := read_x2()):  # arc 5 (line 49): y1 == 4 & x2 / z3, z6
                        arc = 5
                        z3()
                        z6()
                        state = 1
                    elif y1_is_4 and not x2:  # arc 6 (line 50): y1 == 4 & !x2
                        arc = 6
                        state = 5  # 5. Gave up
                        z4()  # on entering 5
                    else:  # no arc enabled
                        x2 = read_x2()
                        raise no_arc_enabled('A0', 1, STATE_NAMES_A0[1], 'e0', f"{'y1=1' if y1_is_1 else 'y1!=1'} {'y1=3' if y1_is_3 else 'y1!=3'} {'y1=4' if y1_is_4 else 'y1!=4'} x2={bool(x2):d}", f"{where}:37")
        except BaseException:
            tracer.interrupted(state, arc)
            raise
        return state, arc

    return step


def stepper_A1(context, system, tracer, where):
    """A1 one step at a time: `step(state, event)` takes one step from `state` and returns
    (state after, number of the arc taken or None); `tracer` notes the inputs read, the outputs run
    (a call happens during one) and where a failing step stood."""
    # Inputs: read_xN() asks the context one question.
    read_x1 = tracer.reading('x1', bind(context, 'is_complete', 'x1'))  # the path covers every cell of the board?
    read_x2 = tracer.reading('x2', bind(context, 'is_all_tours_mode', 'x2'))  # all-tours mode (count every tour instead of stopping at the first)?
    read_x3 = tracer.reading('x3', bind(context, 'is_at_start', 'x3'))  # the knight stands on the start cell (nothing left to take back)?
    read_x4 = tracer.reading('x4', bind(context, 'has_untried_move', 'x4'))  # a move from the knight's cell is still untried?
    read_x5 = tracer.reading('x5', bind(context, 'is_return_limit_reached', 'x5'))  # this attempt has reached its return limit (GOOD_RET, or MAX_RET on the last attempt)?
    # Outputs: zN() tells the context to act, or runs another automaton to its end.
    z1 = tracer.output(bind(context, 'record_tour', 'z1'))  # record the tour on the board
    z2 = tracer.output(bind(context, 'make_move', 'z2'))  # make the next untried move
    z3 = tracer.output(bind(context, 'take_back', 'z3'))  # take the last move back (a return)

    def step(state, event):
        arc = None  # the number of the arc taken in this step, 1 for the spec's first (None: no arc)
        try:
            match state:
                case 0:  # 0. Choosing a move (line 33)
                    if not (x1 := read_x1()) and not (x5 := read_x5()) and (x4 := read_x4()):  # arc 1 (line 40): !x1 & !x5 & x4 / z2
                        arc = 1
                        z2()
                        state = 0
                    elif not x1 and not x5 and not x4 and not (x3 := read_x3()):  # arc 2 (line 41): !x1 & !x5 & !x4 & !x3 / z3
                        arc = 2
                        z3()
                        state = 0
                    elif not x1 and x5:  # arc 3 (line 42): !x1 & x5
                        arc = 3
                        state = 4  # 4. Return limit reached
                    elif x1 and not (x2 := read_x2()):  # arc 4 (line 43): x1 & !x2
                        arc = 4
                        state = 1  # 1. Tour found
                        z1()  # on entering 1
                    elif x1 and x2:  # arc 5 (line 44): x1 & x2 / z1
                        arc = 5
                        z1()
                        state = 2  # 2. Tour counted
                    else:  # arc 6 (line 45): !x1 & !x5 & !x4 & x3 (always true here)
                        arc = 6
                        state = 3  # 3. Search exhausted
                case 2:  # 2. Tour counted (line 35)
                    if not (x3 := read_x3()):  # arc 7 (line 46): !x3 / z3
                        arc = 7
                        z3()
                        state = 0  # 0. Choosing a move
                    else:  # arc 8 (line 47): x3 (always true here)
                        arc = 8
                        state = 3  # 3. Search exhausted
        except BaseException:
            tracer.interrupted(state, arc)
            raise
        return state, arc

    return step


STEPPERS = {'A0': stepper_A0, 'A1': stepper_A1}
