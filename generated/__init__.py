"""Python modules generated from the specs in specs/ by `automata codegen --all`; do not edit.

Each module exposes run(context, sinks=(), max_steps=None, spec=None) -> RunSummary and the
SPEC_HASH of the spec text it was generated from. tests/test_codegen.py fails when one is stale.

- eight_puzzle: specs/eight_puzzle.yaml
- fifteen_puzzle: specs/fifteen_puzzle.yaml
- knight_tour: specs/knight_tour.yaml
- knight_tour_attempt: specs/knight_tour_attempt.yaml
- knight_tour_system: specs/knight_tour_system.yaml
- queens_backtracking: specs/queens_backtracking.yaml
- queens_explicit: specs/queens_explicit.yaml
- queens_las_vegas: specs/queens_las_vegas.yaml
- queens_mrv: specs/queens_mrv.yaml
- queens_prolog: specs/queens_prolog.yaml
"""
