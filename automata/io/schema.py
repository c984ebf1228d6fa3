"""The JSON Schema of the spec format, shipped inside the package for editors and checks."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

_SCHEMA = Path(__file__).resolve().parent / "data" / "spec.schema.json"


def schema_path() -> Path:
    """Where the schema file is (editors point their `$schema` at it)."""
    return _SCHEMA


def load_schema() -> dict[str, Any]:
    """The schema as a dictionary (JSON Schema draft 2020-12)."""
    return json.loads(_SCHEMA.read_text(encoding="utf-8"))
