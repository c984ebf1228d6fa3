"""The JSON Schema for editors accepts every shipped spec and rejects broken ones."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest
import yaml

from automata.io import loader as spec_module
from automata.io.files import SPECS_DIR
from automata.io.schema import load_schema, schema_path

jsonschema = pytest.importorskip("jsonschema")

DATA = Path(__file__).parent / "data"
SHIPPED = sorted(SPECS_DIR.glob("*.yaml"))


def as_json(path: Path) -> Any:
    """A YAML spec as an editor's schema validator sees it: JSON, where mapping keys are text."""
    return json.loads(json.dumps(yaml.safe_load(path.read_text(encoding="utf-8"))))


@pytest.fixture(scope="module")
def validator():
    schema = load_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    return jsonschema.Draft202012Validator(schema)


def test_schema_file_ships_inside_the_package():
    assert schema_path().is_relative_to(Path(__import__("automata").__file__).parent)
    assert load_schema()["$schema"] == "https://json-schema.org/draft/2020-12/schema"


@pytest.mark.parametrize("path", SHIPPED, ids=lambda path: path.stem)
def test_shipped_specs_validate(validator, path):
    errors = [f"{'/'.join(map(str, error.path))}: {error.message}" for error in validator.iter_errors(as_json(path))]
    assert errors == []


@pytest.mark.parametrize("name", ["render_search.yaml", "render_events.yaml"])
def test_test_specs_validate(validator, name):
    assert list(validator.iter_errors(as_json(DATA / name))) == []


def _set(path: list, value: Any):
    def change(document: dict) -> None:
        target = document
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value
    return change


def _delete(path: list):
    def change(document: dict) -> None:
        target = document
        for key in path[:-1]:
            target = target[key]
        del target[path[-1]]
    return change


BROKEN = {
    "unknown top-level key": _set(["initial_state"], 0),
    "missing title": _delete(["title"]),
    "event not named eN": _set(["events", "step"], {"doc": "a step"}),
    "input without call": _set(["inputs", "x9"], {"doc": "anything?"}),
    "output named like an input": _set(["outputs", "x9"], {"doc": "act", "call": "act"}),
    "unknown key in an input": _set(["inputs", "x1", "cal"], "keys"),
    "state keyed by a word": _set(["states", "one"], {"name": "One"}),
    "state without a name": _set(["states", "7"], {"doc": "nameless"}),
    "final given as text": _set(["states", "1", "final"], "yes"),
    "on_enter naming an input": _set(["states", "1", "on_enter"], ["x1"]),
    "arc without a target": _delete(["arcs", 0, "to"]),
    "unknown key in an arc": _set(["arcs", 0, "when"], "x1"),
    "guard in Python syntax": _set(["arcs", 0, "guard"], "x1 and not x2"),
    "guard as a boolean": _set(["arcs", 0, "guard"], True),
    "action naming an input": _set(["arcs", 0, "actions"], ["x1"]),
    "priority as text": _set(["arcs", 0, "priority"], "first"),
    "context without a class": _set(["context"], "collections"),
}


@pytest.mark.parametrize("defect", BROKEN, ids=list(BROKEN))
def test_broken_specs_fail_validation(validator, defect):
    document = copy.deepcopy(as_json(DATA / "render_search.yaml"))
    assert list(validator.iter_errors(document)) == []
    BROKEN[defect](document)
    assert list(validator.iter_errors(document)) != []


def test_schema_knows_exactly_the_keys_the_loader_knows():
    schema = load_schema()
    definitions = schema["$defs"]
    assert set(schema["properties"]) == spec_module._TOP_KEYS
    assert set(schema["required"]) == set(spec_module._REQUIRED_TOP)
    assert set(definitions["state"]["properties"]) == spec_module._STATE_KEYS
    assert set(definitions["arc"]["properties"]) == spec_module._ARC_KEYS
    assert set(definitions["input"]["properties"]) == spec_module._IO_KEYS
    assert set(definitions["output"]["properties"]) == spec_module._OUTPUT_KEYS
    assert set(definitions["event"]["properties"]) == spec_module._EVENT_KEYS


def _objects(node: Any, where: str = "#"):
    if isinstance(node, dict):
        yield where, node
        for key, value in node.items():
            yield from _objects(value, f"{where}/{key}")
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from _objects(value, f"{where}/{index}")


def test_every_property_has_a_description_and_no_object_allows_extra_keys():
    schema = load_schema()
    for where, node in _objects(schema):
        for name, prop in node.get("properties", {}).items() if isinstance(node.get("properties"), dict) else []:
            assert prop.get("description"), f"{where}/properties/{name} has no description"
        if node.get("type") == "object" and "properties" in node:
            assert node.get("additionalProperties") is False, f"{where} allows unknown keys"
