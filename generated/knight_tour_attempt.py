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

SPEC_PATH = 'specs/knight_tour_attempt.yaml'
SPEC_HASH = 'sha256:a8dde8a196c0056e1f60a8f9a04af3fbcecfa71afebe5f6e3c233423325db141'
AUTOMATON = 'A1'
INITIAL_STATE = 0
FINAL_STATES = frozenset({1, 3, 4})
STATE_NAMES = {
    0: 'Choosing a move',
    1: 'Tour found',
    2: 'Tour counted',
    3: 'Search exhausted',
    4: 'Return limit reached',
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
    read_x1 = bind(context, 'is_complete', 'x1')  # the path covers every cell of the board?
    read_x2 = bind(context, 'is_all_tours_mode', 'x2')  # all-tours mode (count every tour instead of stopping at the first)?
    read_x3 = bind(context, 'is_at_start', 'x3')  # the knight stands on the start cell (nothing left to take back)?
    read_x4 = bind(context, 'has_untried_move', 'x4')  # a move from the knight's cell is still untried?
    read_x5 = bind(context, 'is_return_limit_reached', 'x5')  # this attempt has reached its return limit (GOOD_RET, or MAX_RET on the last attempt)?
    # Outputs: zN() tells the context to act.
    z1 = bind(context, 'record_tour', 'z1')  # record the tour on the board
    z2 = bind(context, 'make_move', 'z2')  # make the next untried move
    z3 = bind(context, 'take_back', 'z3')  # take the last move back (a return)
    state = INITIAL_STATE
    steps = 0
    for steps in range(1, limit + 1):
        match state:
            case 0:  # 0. Choosing a move (line 33)
                if not (x1 := read_x1()) and not (x5 := read_x5()) and (x4 := read_x4()):  # arc 1 (line 40): !x1 & !x5 & x4 / z2
                    z2()
                    state = 0
                elif not x1 and not x5 and not x4 and not (x3 := read_x3()):  # arc 2 (line 41): !x1 & !x5 & !x4 & !x3 / z3
                    z3()
                    state = 0
                elif not x1 and x5:  # arc 3 (line 42): !x1 & x5
                    state = 4  # 4. Return limit reached
                    break  # a final state: the run stops
                elif x1 and not (x2 := read_x2()):  # arc 4 (line 43): x1 & !x2
                    state = 1  # 1. Tour found
                    z1()  # on entering 1
                    break  # a final state: the run stops
                elif x1 and x2:  # arc 5 (line 44): x1 & x2 / z1
                    z1()
                    state = 2  # 2. Tour counted
                else:  # arc 6 (line 45): !x1 & !x5 & !x4 & x3 (always true here)
                    state = 3  # 3. Search exhausted
                    break  # a final state: the run stops
            case 2:  # 2. Tour counted (line 35)
                if not (x3 := read_x3()):  # arc 7 (line 46): !x3 / z3
                    z3()
                    state = 0  # 0. Choosing a move
                else:  # arc 8 (line 47): x3 (always true here)
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
    read_x1 = bind(context, 'is_complete', 'x1')  # the path covers every cell of the board?
    read_x2 = bind(context, 'is_all_tours_mode', 'x2')  # all-tours mode (count every tour instead of stopping at the first)?
    read_x3 = bind(context, 'is_at_start', 'x3')  # the knight stands on the start cell (nothing left to take back)?
    read_x4 = bind(context, 'has_untried_move', 'x4')  # a move from the knight's cell is still untried?
    read_x5 = bind(context, 'is_return_limit_reached', 'x5')  # this attempt has reached its return limit (GOOD_RET, or MAX_RET on the last attempt)?
    # Outputs: zN() tells the context to act.
    z1 = bind(context, 'record_tour', 'z1')  # record the tour on the board
    z2 = bind(context, 'make_move', 'z2')  # make the next untried move
    z3 = bind(context, 'take_back', 'z3')  # take the last move back (a return)
    read_x1 = tracer.reading('x1', read_x1)
    read_x2 = tracer.reading('x2', read_x2)
    read_x3 = tracer.reading('x3', read_x3)
    read_x4 = tracer.reading('x4', read_x4)
    read_x5 = tracer.reading('x5', read_x5)

    def step(state):
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
