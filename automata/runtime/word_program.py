"""The program of a pure Mealy machine: it has no module of its own, its case is a word.

What `automata step` and `automata player` run on a pure machine (cli/target.py): the case is
`--word a,b,c` (or `-p word=a,b,c`), the context a WordContext whose letters the run takes one
per step (automata.runtime.words).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..model.spec import Spec
from ..model.words import Alphabet, Letter
from .program import Program
from .words import WordContext


def word_program(spec: Spec) -> Program:
    """The program of a pure machine (it has no module): its case is a word, `-p word=a,b,c` (or
    `--word a,b,c` where a command takes case options), run on a WordContext."""
    alphabet = Alphabet(spec)

    def parse_case(params: dict[str, str]) -> tuple[Letter, ...]:
        unknown = sorted(set(params) - {"word"})
        if unknown or "word" not in params:
            raise ValueError("a pure Mealy machine's case is a word: --word A,B,C")
        return tuple(alphabet.word(params["word"], "--word"))

    def make_context(letters: Sequence[Letter], observer: object) -> WordContext:
        return WordContext(spec, letters)

    return Program(spec, "the word", make_context, {}, {}, parse_case=parse_case)
