"""Installed as users install it — a wheel, not the checkout — the package carries everything its
commands read at run time: `automata demo` runs from any folder, shipped specs are found inside
the installed packages, and nothing is written into them."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The package built as a wheel and installed into a folder of its own (dependencies come from
    the running environment: the test needs no network)."""
    work = tmp_path_factory.mktemp("wheel")
    command = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "-w", str(work / "dist"), str(ROOT)]
    built = subprocess.run(command, capture_output=True, text=True, timeout=600)
    if built.returncode != 0:  # pip could not fetch the build backend (offline): build with the one installed
        built = subprocess.run([*command, "--no-build-isolation"], capture_output=True, text=True, timeout=600)
    if built.returncode != 0:
        pytest.skip("cannot build a wheel here (no network for the build backend, and no `wheel` package): "
                    + " ".join(built.stderr.split())[-300:])
    (wheel,) = (work / "dist").glob("*.whl")
    site = work / "site"
    subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "--quiet", "--target", str(site), str(wheel)],
                   check=True, capture_output=True, text=True, timeout=600)
    return site


def _automata(site: Path, cwd: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(site))  # the installed copy comes before anything else
    return subprocess.run([sys.executable, "-m", "automata.cli", *argv], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=600)


def test_the_wheel_carries_the_specs_the_schema_and_the_templates(installed: Path) -> None:
    assert sorted(path.name for path in (installed / "specs").glob("*.yaml")) == sorted(
        path.name for path in (ROOT / "specs").glob("*.yaml"))
    assert (installed / "automata" / "io" / "data" / "spec.schema.json").is_file()
    assert (installed / "automata" / "cli" / "scaffold" / "spec.yaml.tmpl").is_file()
    assert (installed / "generated" / "knight_tour.py").is_file()


def test_the_demo_runs_from_any_folder(installed: Path, tmp_path: Path) -> None:
    where = _automata(installed, tmp_path, "run", "knight-tour", "--board", "5x5", "--json")
    assert where.returncode == 0, where.stderr
    probe = subprocess.run([sys.executable, "-c", "import automata, specs; print(automata.__file__); print(specs.__file__)"],
                           cwd=tmp_path, env=dict(os.environ, PYTHONPATH=str(installed)), capture_output=True, text=True)
    assert all(line.startswith(str(installed)) for line in probe.stdout.split())
    before = sorted(path.relative_to(installed) for path in installed.rglob("*") if "__pycache__" not in path.parts)
    demo = _automata(installed, tmp_path, "demo")
    assert demo.returncode == 0, demo.stdout[-2000:] + demo.stderr[-2000:]
    assert "Demo complete" in demo.stdout and "Traceback" not in demo.stderr
    after = sorted(path.relative_to(installed) for path in installed.rglob("*") if "__pycache__" not in path.parts)
    assert after == before, "a command wrote into the installed package"


def test_a_shipped_spec_is_drawn_into_the_current_folder(installed: Path, tmp_path: Path) -> None:
    done = _automata(installed, tmp_path, "draw", "specs/knight_tour.yaml", "--format", "dot")
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "knight_tour.gv").is_file()
    assert not (installed / "diagrams").exists()
