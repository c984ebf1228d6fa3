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

SPEC_PATH = 'specs/queens_explicit.yaml'
SPEC_HASH = 'sha256:8437c683c079f509a410bf6220d8c04498a6906708b1bf9ebb620beddc6e898b'
AUTOMATON = 'A1'
INITIAL_STATE = 0
FINAL_STATES = frozenset({4})
STATE_NAMES = {
    0: 'Start',
    1: 'Even rows',
    2: 'Odd rows',
    3: 'Moved rows',
    4: 'Done',
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
    read_x1 = bind(context, 'has_row_left_in_run', 'x1')  # the current run still has rows to place?
    read_x2 = bind(context, 'next_run_is_even', 'x2')  # the next run is the even rows?
    read_x3 = bind(context, 'next_run_is_odd', 'x3')  # the next run is the odd rows?
    read_x4 = bind(context, 'next_run_is_moved', 'x4')  # the next run holds rows moved by the remainder rule?
    # Outputs: zN() tells the context to act.
    z1 = bind(context, 'place_next_queen', 'z1')  # put the queen of the next column on the run's next row
    z2 = bind(context, 'start_next_run', 'z2')  # start the next run of rows
    z3 = bind(context, 'finish', 'z3')  # report the finished placement
    state = INITIAL_STATE
    steps = 0
    for steps in range(1, limit + 1):
        match state:
            case 0:  # 0. Start (line 29)
                if (x2 := read_x2()):  # arc 1 (line 36): x2 / z2
                    z2()
                    state = 1  # 1. Even rows
                else:  # arc 2 (line 37): !x2 / z2 (always true here)
                    z2()
                    state = 2  # 2. Odd rows
            case 1:  # 1. Even rows (line 30)
                if (x1 := read_x1()):  # arc 3 (line 38): x1 / z1
                    z1()
                    state = 1
                elif not x1 and (x4 := read_x4()):  # arc 4 (line 39): !x1 & x4 / z2
                    z2()
                    state = 3  # 3. Moved rows
                else:  # arc 5 (line 40): !x1 & !x4 / z2 (always true here)
                    z2()
                    state = 2  # 2. Odd rows
            case 2:  # 2. Odd rows (line 31)
                if (x1 := read_x1()):  # arc 6 (line 41): x1 / z1
                    z1()
                    state = 2
                elif not x1 and (x4 := read_x4()):  # arc 7 (line 42): !x1 & x4 / z2
                    z2()
                    state = 3  # 3. Moved rows
                else:  # arc 8 (line 43): !x1 & !x4 / z3 (always true here)
                    z3()
                    state = 4  # 4. Done
                    break  # a final state: the run stops
            case 3:  # 3. Moved rows (line 32)
                if (x1 := read_x1()):  # arc 9 (line 44): x1 / z1
                    z1()
                    state = 3
                elif not x1 and (x3 := read_x3()):  # arc 10 (line 45): !x1 & x3 / z2
                    z2()
                    state = 2  # 2. Odd rows
                else:  # arc 11 (line 46): !x1 & !x3 / z3 (always true here)
                    z3()
                    state = 4  # 4. Done
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
    read_x1 = bind(context, 'has_row_left_in_run', 'x1')  # the current run still has rows to place?
    read_x2 = bind(context, 'next_run_is_even', 'x2')  # the next run is the even rows?
    read_x3 = bind(context, 'next_run_is_odd', 'x3')  # the next run is the odd rows?
    read_x4 = bind(context, 'next_run_is_moved', 'x4')  # the next run holds rows moved by the remainder rule?
    # Outputs: zN() tells the context to act.
    z1 = bind(context, 'place_next_queen', 'z1')  # put the queen of the next column on the run's next row
    z2 = bind(context, 'start_next_run', 'z2')  # start the next run of rows
    z3 = bind(context, 'finish', 'z3')  # report the finished placement
    read_x1 = tracer.reading('x1', read_x1)
    read_x2 = tracer.reading('x2', read_x2)
    read_x3 = tracer.reading('x3', read_x3)
    read_x4 = tracer.reading('x4', read_x4)

    def step(state):
        arc = None  # the number of the arc taken in this step, 1 for the spec's first (None: no arc)
        try:
            match state:
                case 0:  # 0. Start (line 29)
                    if (x2 := read_x2()):  # arc 1 (line 36): x2 / z2
                        arc = 1
                        z2()
                        state = 1  # 1. Even rows
                    else:  # arc 2 (line 37): !x2 / z2 (always true here)
                        arc = 2
                        z2()
                        state = 2  # 2. Odd rows
                case 1:  # 1. Even rows (line 30)
                    if (x1 := read_x1()):  # arc 3 (line 38): x1 / z1
                        arc = 3
                        z1()
                        state = 1
                    elif not x1 and (x4 := read_x4()):  # arc 4 (line 39): !x1 & x4 / z2
                        arc = 4
                        z2()
                        state = 3  # 3. Moved rows
                    else:  # arc 5 (line 40): !x1 & !x4 / z2 (always true here)
                        arc = 5
                        z2()
                        state = 2  # 2. Odd rows
                case 2:  # 2. Odd rows (line 31)
                    if (x1 := read_x1()):  # arc 6 (line 41): x1 / z1
                        arc = 6
                        z1()
                        state = 2
                    elif not x1 and (x4 := read_x4()):  # arc 7 (line 42): !x1 & x4 / z2
                        arc = 7
                        z2()
                        state = 3  # 3. Moved rows
                    else:  # arc 8 (line 43): !x1 & !x4 / z3 (always true here)
                        arc = 8
                        z3()
                        state = 4  # 4. Done
                case 3:  # 3. Moved rows (line 32)
                    if (x1 := read_x1()):  # arc 9 (line 44): x1 / z1
                        arc = 9
                        z1()
                        state = 3
                    elif not x1 and (x3 := read_x3()):  # arc 10 (line 45): !x1 & x3 / z2
                        arc = 10
                        z2()
                        state = 2  # 2. Odd rows
                    else:  # arc 11 (line 46): !x1 & !x3 / z3 (always true here)
                        arc = 11
                        z3()
                        state = 4  # 4. Done
        except BaseException:
            tracer.interrupted(state, arc)
            raise
        return state, arc

    return step
