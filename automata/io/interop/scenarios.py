"""Scenarios: words with the outputs expected at each step, read from the EFSM tools' `.sc` files or
from a YAML file of ours.

`.sc` (as the EFSM tools read it): a line of inputs `EVENT [guard]; EVENT [guard]; ...` (the guard
optional), then a line of the outputs each step is expected to run, `z1; ; z2, z3` (one entry per
input, outputs of one step separated by commas, an empty entry for none). Blank lines between
scenarios are optional; a blank line right after an input line is its (empty) output line.

YAML:

    scenarios:
      - name: a coin, then chocolate      # optional
        steps:
          - {input: "COIN [x1]", outputs: [OK]}
          - {input: CHOC, outputs: [NO]}
          - {input: START}                # no `outputs`: not checked at this step

Inputs and outputs are written as symbols or names (`e2`, `z1`), as `automata run --word` takes them.
"""

from __future__ import annotations

from dataclasses import dataclass

from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from .machine import SourceErrors, compose_source, source_error


@dataclass(frozen=True)
class ScenarioStep:
    input: str  # a letter as written: `EVENT` or `EVENT [guard]`
    outputs: tuple[str, ...] | None  # the symbols expected, in order; None: not checked
    line: int


@dataclass(frozen=True)
class Scenario:
    name: str
    steps: tuple[ScenarioStep, ...]
    line: int


def read_scenarios(text: str, file: str, format_name: str | None = None) -> list[Scenario]:
    """The scenarios of a file, `.sc` or YAML (recognised from the content when not named)."""
    chosen = format_name or ("yaml" if text.lstrip().startswith(("scenarios", "#", "---", "{")) and
                             "scenarios" in text else "sc")
    if chosen == "yaml":
        return _read_yaml(text, file)
    if chosen == "sc":
        return _read_sc(text, file)
    raise source_error(file, 1, f"unknown scenario format '{chosen}'", "choose sc or yaml")


def _read_sc(text: str, file: str) -> list[Scenario]:
    scenarios: list[Scenario] = []
    pending: tuple[str, int] | None = None
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if pending is None:
            if not line or line.startswith("#"):
                continue
            pending = (line, number)
            continue
        inputs_line, first = pending
        pending = None
        inputs = [part.strip() for part in inputs_line.split(";")]
        outputs = line.split(";")
        if len(outputs) != len(inputs):
            raise source_error(file, number, f"{len(inputs)} inputs on line {first} but {len(outputs)} output "
                                             f"entries here", "give one entry per input, separated by ';' "
                                                              "(an empty entry for a step without outputs)")
        steps = []
        for position, (given, expected) in enumerate(zip(inputs, outputs), start=1):
            if not given:
                raise source_error(file, first, f"input {position} of the scenario is empty")
            if "|" in given.split("[")[0]:
                raise source_error(file, first, f"input {position} ({given[:40]!r}) names several events",
                                   "a scenario step has one event")
            symbols = tuple(part.strip() for part in expected.split(",")) if expected.strip() else ()
            if any(not symbol for symbol in symbols):
                raise source_error(file, number, f"an empty output in entry {position} ({expected.strip()!r})",
                                   "separate outputs with single commas")
            steps.append(ScenarioStep(given, symbols, first))
        scenarios.append(Scenario(f"scenario {len(scenarios) + 1} (line {first})", tuple(steps), first))
    if pending is not None:
        raise source_error(file, pending[1], "an input line without its output line",
                           "add the line of expected outputs (an empty line if none)")
    return scenarios


def _line(node: Node) -> int:
    return node.start_mark.line + 1


def _read_yaml(text: str, file: str) -> list[Scenario]:
    root = compose_source(text, file)
    items = _key(root, "scenarios", file) if isinstance(root, MappingNode) else None
    if not isinstance(items, SequenceNode):
        raise source_error(file, _line(root), "expected `scenarios:` with a list", "see docs/interop.md")
    scenarios = []
    for item in items.value:
        steps_node = _key(item, "steps", file) if isinstance(item, MappingNode) else None
        if not isinstance(steps_node, SequenceNode):
            raise source_error(file, _line(item), "a scenario is a mapping with `steps:` (a list)")
        name_node = _key(item, "name", file)
        name = _scalar(name_node, file) if name_node is not None else f"scenario {len(scenarios) + 1}"
        steps = []
        for step in steps_node.value:
            if not isinstance(step, MappingNode):
                raise source_error(file, _line(step), "a step is `{input: SYMBOL, outputs: [SYMBOL, ...]}`")
            given = _key(step, "input", file)
            if given is None:
                raise source_error(file, _line(step), "a step has no `input`")
            outputs = _key(step, "outputs", file)
            expected: tuple[str, ...] | None = None
            if outputs is not None:
                if not isinstance(outputs, SequenceNode):
                    raise source_error(file, _line(outputs), "`outputs` is a list of symbols (`[]` for none)")
                expected = tuple(_scalar(symbol, file) for symbol in outputs.value)
            steps.append(ScenarioStep(_scalar(given, file), expected, _line(step)))
        scenarios.append(Scenario(name, tuple(steps), _line(item)))
    return scenarios


def _key(node: Node, key: str, file: str) -> Node | None:
    assert isinstance(node, MappingNode)
    allowed = {"scenarios"} if key == "scenarios" else {"name", "steps"} if key in ("name", "steps") else {
        "input", "outputs"}
    found = None
    for key_node, value in node.value:
        name = key_node.value if isinstance(key_node, ScalarNode) else ""
        if name not in allowed:
            raise source_error(file, _line(key_node), f"unknown key {str(name)[:40]!r}",
                               f"the keys here are {', '.join(sorted(allowed))}")
        if name == key:
            found = value
    return found


def _scalar(node: Node, file: str) -> str:
    if not isinstance(node, ScalarNode):
        raise source_error(file, _line(node), "expected a symbol (text)")
    return str(node.value)


__all__ = ["Scenario", "ScenarioStep", "SourceErrors", "read_scenarios"]
