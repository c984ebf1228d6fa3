"""Pieces every HTML page of the package shares: escaping, embedded data, the assets, the frame."""

from __future__ import annotations

import html
import json
from functools import cache
from importlib import resources
from typing import Any


def esc(text: object) -> str:
    """Text for HTML content or a quoted attribute."""
    return html.escape(str(text), quote=True)


def script_json(data: Any) -> str:
    """JSON safe inside <script type="application/json">: no `<`, `>` or `&` can end the element."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


@cache
def asset(name: str) -> str:
    """A file of automata/io/html/assets (package data, listed in pyproject.toml)."""
    return resources.files(__package__).joinpath("assets", name).read_text(encoding="utf-8")


def document(title: str, body: str, styles: tuple[str, ...] = ("base.css",), root_attributes: str = "",
             scripts: str = "") -> str:
    """A whole self-contained page: every style and script inline."""
    css = "\n".join(asset(name) for name in styles)
    return (
        f'<!DOCTYPE html>\n<html lang="en"{root_attributes}>\n<head>\n<meta charset="utf-8">\n'
        f'<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{esc(title)}</title>\n<style>\n{css}\n</style>\n</head>\n<body>\n{body}\n{scripts}</body>\n</html>\n"
    )
