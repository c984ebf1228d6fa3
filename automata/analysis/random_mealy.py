"""Random Mealy machines as DOT text, the shape learned models have: for the benchmarks of big
machines (bench/mealy_scaling.py) and the tests that take one through every command.

Every state is reached (state k > 0 is the target of an arc from a state before it), every input
is defined in every state unless `missing` leaves some out, and targets and outputs are drawn
uniformly with a seeded generator, so a machine is the same on every run.
"""

from __future__ import annotations

import random


def random_mealy_dot(states: int, inputs: int, outputs: int, seed: int = 0, missing: float = 0.0) -> str:
    """A machine of `states` states over `inputs` input symbols and `outputs` output symbols; a
    fraction `missing` of the (state, input) pairs is left undefined (a partial machine)."""
    if states < 1 or inputs < 1 or outputs < 1:
        raise ValueError("a machine needs at least one state, one input and one output")
    chooser = random.Random(seed)
    lines = ["digraph g {", '    __start0 [label="" shape="none"];']
    lines += [f'    s{state} [shape="circle" label="s{state}"];' for state in range(states)]
    lines.append("    __start0 -> s0;")
    # A spanning tree first (state k entered from some state before it), so that every state is reached.
    fixed: dict[tuple[int, int], int] = {}
    open_states = [0]  # states with an input not used by the tree yet
    used = {0: 0}
    for state in range(1, states):
        position = chooser.randrange(len(open_states))
        parent = open_states[position]
        fixed[(parent, used[parent])] = state
        used[parent] += 1
        if used[parent] == inputs:
            open_states[position] = open_states[-1]
            open_states.pop()
        open_states.append(state)
        used[state] = 0
    for source in range(states):
        for symbol in range(inputs):
            target = fixed.get((source, symbol))
            if target is None:
                if chooser.random() < missing:
                    continue
                target = chooser.randrange(states)
            output = chooser.randrange(outputs)
            lines.append(f'    s{source} -> s{target} [label="in{symbol} / out{output}"];')
    lines.append("}")
    return "\n".join(lines) + "\n"
