"""The spec as plain data: states, arcs, inputs, outputs, and guards over inputs.

Nothing here reads files, knows YAML or runs anything; every other layer builds on these types.
"""
