"""Whatever it is given, the loader answers with a Spec or SpecErrors, and the checker with findings.

Random bytes, random text, random YAML documents and random mutations of the shipped specs go
through `load_spec` / `spec_from_text` and, when they load, through `check_spec`. Nothing else may
come out: no RecursionError, no ValueError from a number, no yaml error, no KeyError. Every report
stays short. The fast C parser and the pure-Python one must agree on every node's position.
"""

from __future__ import annotations

import string
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from yaml.nodes import MappingNode, Node, SequenceNode

from automata.analysis.check import check_spec
from automata.errors import SpecErrors
from automata.io import yaml_nodes
from automata.io.loader import load_spec, spec_from_text
from automata.io.node_reader import MAX_ERRORS_PER_FILE
from automata.model.spec import Spec

SPECS = sorted((Path(__file__).parents[1] / "specs").glob("*.yaml"))
SHIPPED = [path.read_text(encoding="utf-8") for path in SPECS]
PROPERTY = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def load_or_refuse(text: str) -> Spec | None:
    """The property: a Spec, or SpecErrors that are few and short."""
    try:
        spec = spec_from_text(text, "random.yaml")
    except SpecErrors as errors:
        assert 1 <= len(errors.errors) <= MAX_ERRORS_PER_FILE + 1
        assert all(len(error.render()) <= 1_100 for error in errors.errors)
        return None
    check_spec(spec)  # findings, never an exception
    return spec


# -- bytes and text ----------------------------------------------------------------------------------

@PROPERTY
@given(st.binary(max_size=3_000))
def test_random_bytes_in_a_file(tmp_path_factory: pytest.TempPathFactory, content: bytes) -> None:
    path = tmp_path_factory.mktemp("bytes") / "random.yaml"
    path.write_bytes(content)
    try:
        load_spec(path)
    except SpecErrors:
        pass


YAML_PIECES = ["\n", "  ", ": ", "- ", "? ", "{", "}", "[", "]", ",", "\"", "'", "!", "!!", "&a ", "*a", "<<: ",
               "#", "|", ">", "%YAML 1.1\n", "---\n", "...\n", "\t", "\x00", "\x85", "\u2028", "!!python/object:os.system ",
               "x1", "z1", "e0", "0x_", "1e9999", "2020-13-45", "9" * 50, "~", "yes", "null", "=", "@", "`"]


@PROPERTY
@given(st.lists(st.one_of(st.sampled_from(YAML_PIECES), st.text(max_size=8)), max_size=80))
def test_random_text_made_of_yaml_pieces(pieces: list[str]) -> None:
    load_or_refuse("".join(pieces))


# -- YAML documents ----------------------------------------------------------------------------------

scalars = st.one_of(
    st.none(), st.booleans(), st.integers(), st.floats(allow_nan=True), st.text(max_size=30),
    st.sampled_from(["x1", "!x1 & x2", "z1", "e0", "0", "1", "A1", "mod:Class", "yes", "2020-01-01", "(((x1)))"]),
)
documents = st.recursive(
    scalars, lambda children: st.one_of(st.lists(children, max_size=5),
                                        st.dictionaries(st.one_of(st.text(max_size=10), st.integers()), children, max_size=5)),
    max_leaves=40,
)


@PROPERTY
@given(documents)
def test_random_yaml_documents(document: object) -> None:
    load_or_refuse(yaml.safe_dump(document, allow_unicode=True))


def _shipped_data(index: int) -> dict:
    return yaml.safe_load(SHIPPED[index % len(SHIPPED)])


@PROPERTY
@given(st.integers(0, len(SHIPPED) - 1), st.lists(st.tuples(st.integers(0, 10_000), documents), min_size=1, max_size=4))
def test_shipped_specs_with_random_subtrees(index: int, replacements: list[tuple[int, object]]) -> None:
    """A shipped spec as data, with random parts replaced by random values: what an editor makes of it."""
    data = _shipped_data(index)
    for choice, value in replacements:
        paths = list(_paths(data))
        target = paths[choice % len(paths)]
        _replace(data, target, value)
    load_or_refuse(yaml.safe_dump(data, allow_unicode=True))


def _paths(node: object, prefix: tuple = ()):
    yield prefix
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _paths(value, (*prefix, key))
    elif isinstance(node, list):
        for position, value in enumerate(node):
            yield from _paths(value, (*prefix, position))


def _replace(data: dict, path: tuple, value: object) -> None:
    if not path:
        return
    parent = data
    for step in path[:-1]:
        parent = parent[step]
    parent[path[-1]] = value


# -- mutations of the shipped texts ------------------------------------------------------------------

edits = st.tuples(st.sampled_from(["delete", "insert", "duplicate", "swap-lines", "indent", "replace-char"]),
                  st.integers(0, 4_000), st.integers(0, 4_000),
                  st.one_of(st.sampled_from(YAML_PIECES), st.text(alphabet=string.printable, max_size=6)))


def mutate(text: str, edit: tuple[str, int, int, str]) -> str:
    kind, first, second, piece = edit
    size = max(1, len(text))
    start, end = sorted((first % size, second % size))
    lines = text.splitlines(keepends=True)
    if kind == "delete":
        return text[:start] + text[end:end] if end - start < 200 else text[:start] + text[start + 200:]
    if kind == "insert":
        return text[:start] + piece + text[start:]
    if kind == "duplicate":
        return text[:end] + text[start:min(end, start + 300)] + text[end:]
    if kind == "swap-lines" and len(lines) > 1:
        a, b = first % len(lines), second % len(lines)
        lines[a], lines[b] = lines[b], lines[a]
        return "".join(lines)
    if kind == "indent" and lines:
        line = first % len(lines)
        lines[line] = " " * (second % 5) + lines[line].lstrip(" ")
        return "".join(lines)
    return text[:start] + (piece[:1] or "?") + text[start + 1:]


@PROPERTY
@given(st.integers(0, len(SHIPPED) - 1), st.lists(edits, min_size=1, max_size=6))
def test_mutated_shipped_specs(index: int, changes: list[tuple[str, int, int, str]]) -> None:
    text = SHIPPED[index]
    for change in changes:
        text = mutate(text, change)
    load_or_refuse(text)


# -- the two parsers agree ---------------------------------------------------------------------------

def _shape(node: Node | None) -> list[tuple]:
    """Every node's kind, tag, value and position, in document order (walked without recursion)."""
    shape, stack = [], [node] if node is not None else []
    while stack:
        current = stack.pop()
        if isinstance(current, (MappingNode, SequenceNode)):
            shape.append((type(current).__name__, current.tag, current.start_mark.line, current.start_mark.column))
            children = [part for pair in current.value for part in pair] if isinstance(current, MappingNode) else current.value
            stack.extend(reversed(children))
        else:
            shape.append(("scalar", current.tag, current.value, current.start_mark.line, current.start_mark.column))
    return shape


def _compose_both(text: str):
    results = []
    for loader in (yaml.CSafeLoader, yaml.SafeLoader):
        try:
            composed = yaml_nodes._compose_with(loader, text)
        except (yaml.YAMLError, yaml_nodes.ComposeError):
            results.append(None)
            continue
        results.append((_shape(composed.root), [(p.message, p.node.start_mark.line, p.node.start_mark.column)
                                                for p in composed.problems]))
    return results


@pytest.mark.skipif(not yaml.__with_libyaml__, reason="PyYAML was built without libyaml")
@PROPERTY
@given(st.integers(0, len(SHIPPED) - 1), st.lists(edits, max_size=4))
def test_the_c_and_python_parsers_give_the_same_nodes_and_positions(index: int, changes) -> None:
    text = SHIPPED[index]
    for change in changes:
        text = mutate(text, change)
    fast, reference = _compose_both(text)
    assume(fast is not None and reference is not None)  # an error is always reported by the Python parser
    assert fast == reference


def test_the_shipped_specs_compose_alike_with_both_parsers() -> None:
    for text in SHIPPED:
        fast, reference = _compose_both(text)
        assert fast is not None and fast == reference


def test_an_error_found_by_the_c_parser_is_reported_by_the_python_one() -> None:
    """Same message and position as before libyaml was used: the reference parser words it."""
    text = SHIPPED[0].replace("states:", "states: [", 1)
    with pytest.raises(SpecErrors) as raised:
        spec_from_text(text, "broken.yaml")
    try:
        yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark
    error = raised.value.errors[0]
    assert (error.loc.line, error.loc.col) == (mark.line + 1, mark.column + 1)
    assert error.message.startswith("YAML syntax: ")
