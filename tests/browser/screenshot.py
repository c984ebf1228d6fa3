"""Make a screenshot of the player, as the README shows it (headless Chromium, no download):

    python3 tests/browser/screenshot.py --step 12 --out docs/images/player.png -- knight-tour --board 5x5 --start 1,1

Everything after `--` is given to `automata player` (TARGET and case options); the player is
written to a temporary file, opened, stepped `--step` times with the Right key, and the visible
part of the page is saved as PNG.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--out", type=Path, required=True, help="the PNG file to write")
    parser.add_argument("--step", type=int, default=10, help="how many steps to take before the shot")
    parser.add_argument("--width", type=int, default=1280)
    parser.add_argument("--height", type=int, default=860)
    parser.add_argument("target", nargs="+", help="what `automata player` runs: TARGET [case options]")
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as folder:
        page_file = Path(folder) / "player.html"
        subprocess.run([sys.executable, "-m", "automata.cli", "player", *args.target, "-o", str(page_file)], check=True)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": args.width, "height": args.height})
            page.goto(page_file.as_uri())
            for _ in range(args.step):
                page.keyboard.press("ArrowRight")
            args.out.parent.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(args.out))
            browser.close()
    print(args.out)


if __name__ == "__main__":
    main()
