"""`automata new NAME`: a working folder for one's own automaton, ready for every command.

The folder holds a spec, its program module (model, plain implementations, cases), a pytest file
and a README with the commands; right after it is made, check, draw, run, verify, mutate and
pytest all pass in it. The files are templates shipped as package data (cli/scaffold/).
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import sys
import tempfile
from importlib import resources
from pathlib import Path
from string import Template

import click

from ..io.files import display_path

NAME = re.compile(r"[a-z][a-z0-9_]{0,39}", re.ASCII)
# template -> file written, both with $name replaced
FILES = {
    "spec.yaml.tmpl": "$name.yaml",
    "module.py.tmpl": "$name.py",
    "test_module.py.tmpl": "test_$name.py",
    "README.md.tmpl": "README.md",
    "pytest.ini.tmpl": "pytest.ini",
}


def importable_module(name: str) -> str:
    """What Python already imports under `name` (the standard library's module, an installed
    package), said for a message; "" when nothing does."""
    if name in sys.stdlib_module_names or name in sys.builtin_module_names:
        return f"the standard library's module {name!r}"
    try:
        found = importlib.util.find_spec(name)
    except (ImportError, ValueError):
        found = None
    if found is None:
        return ""
    where = f" ({found.origin})" if found.origin and found.origin not in ("built-in", "frozen") else ""
    return f"the installed module {name!r}{where}"


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


@click.command("new")
@click.argument("name")
@click.option("--dir", "parent", type=click.Path(file_okay=False), default=".", show_default=True,
              help="Make the folder NAME inside this one.")
def new_command(name: str, parent: str) -> None:
    """Make a folder NAME with a working automaton of one's own: spec, model, plain programs, cases,
    a pytest file and a README listing the commands to try."""
    if not NAME.fullmatch(name):
        raise click.BadParameter(f"{name[:60]!r} must be a plain lower-case name (letters, digits and _, starting "
                                 "with a letter, at most 40; it names the Python module too)", param_hint="NAME")
    shadowed = importable_module(name)
    if shadowed:
        raise click.BadParameter(f"{name!r} would name the program module {name}.py, but {shadowed} already has that "
                                 f"name: one would hide the other when Python imports it; pick another name, e.g. "
                                 f"my_{name}", param_hint="NAME")
    target = Path(parent) / name
    if target.exists() and (not target.is_dir() or any(target.iterdir())):
        raise click.BadParameter(f"{display_path(target)} already exists and is not empty; pick another name",
                                 param_hint="NAME")
    values = {"name": name, "module": name}
    scaffold = resources.files("automata.cli").joinpath("scaffold")
    try:
        Path(parent).mkdir(parents=True, exist_ok=True)
        # Everything is written into a temporary folder beside the target and moved into place at
        # once: a failure leaves nothing half-made.
        staging = Path(tempfile.mkdtemp(prefix=f".{name}.", dir=parent))
        try:
            os.chmod(staging, 0o777 & ~_umask())  # mkdtemp's folder is private: give the one mkdir would
            for template, file_name in FILES.items():
                text = Template(scaffold.joinpath(template).read_text(encoding="utf-8")).substitute(values)
                (staging / Template(file_name).substitute(values)).write_text(text, encoding="utf-8")
            if target.exists():
                target.rmdir()
            staging.rename(target)
        except BaseException:
            shutil.rmtree(staging, ignore_errors=True)
            raise
    except OSError as error:
        raise click.BadParameter(f"cannot make {display_path(target)}: {error.strerror or error}",
                                 param_hint="NAME") from None
    for file_name in FILES.values():
        click.echo(display_path(target / Template(file_name).substitute(values)))
    click.echo(f"next: cd {display_path(target)} && automata verify {name}.yaml && python3 -m pytest -q", err=True)
