"""The names a spec may use, as patterns checked with `re.fullmatch` on ASCII.

Generated code uses these names as identifiers, so they are checked strictly: `$` would let a
trailing newline through, `\\d` would accept digits of other scripts, and `str.isidentifier`
accepts private names (`_x`, `__class__`) and letters of every script. docs/spec-format.md lists
the same patterns for writers of specs.
"""

from __future__ import annotations

import re

EVENT_NAME = re.compile(r"e[0-9]{1,9}", re.ASCII)
INPUT_NAME = re.compile(r"x[0-9]{1,9}", re.ASCII)
OUTPUT_NAME = re.compile(r"z[0-9]{1,9}", re.ASCII)
AUTOMATON_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]{0,63}", re.ASCII)
METHOD_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]{0,99}", re.ASCII)  # a `call:`: public, so no leading _
# A module name may start with dots, as Python's relative imports do, and is then found from the
# spec's own folder only: `.hanoi` beside the spec, `..hanoi` in the folder above it (at most 4 up).
MAX_RELATIVE_LEVELS = 4
_RELATIVE = r"(\.{1,%d})?" % (MAX_RELATIVE_LEVELS + 1)
# `package.module`: a module a spec names (its context's, its program's), imported only by the commands that run it.
MODULE_PATH = re.compile(_RELATIVE + r"[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*", re.ASCII)
# `package.module:Class`, each part a plain ASCII identifier (a context is imported only by run and verify).
CONTEXT_PATH = re.compile(_RELATIVE + r"[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*:[A-Za-z_][A-Za-z0-9_]*",
                          re.ASCII)

# `package.module` or `package.module:NAME`: where a spec's program contract lives (make_context, ...).
PROGRAM_PATH = re.compile(_RELATIVE + r"[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*(:[A-Za-z_][A-Za-z0-9_]*)?",
                          re.ASCII)

DECLARED_NAME = {"event": EVENT_NAME, "input": INPUT_NAME, "output": OUTPUT_NAME}
