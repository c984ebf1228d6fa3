"""Headless Chromium for the browser tests: Debian's `chromium` driven by the `playwright` package.

No browser is ever downloaded: playwright launches /usr/bin/chromium (`.ci/install` installs both).
Without either, the tests are skipped with the reason.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = ["--no-sandbox", "--headless", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run", "--disable-sync"]


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("the playwright package is not installed (pip install playwright; .ci/install does it)")
    if not CHROMIUM.exists() and shutil.which("chromium") is None:
        pytest.skip("Debian's chromium is not installed at /usr/bin/chromium (apt-get install chromium; .ci/install does it)")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            yield launched
        finally:
            launched.close()


class Visit:
    """A page opened on a local file, remembering every request it made and every script error."""

    def __init__(self, browser: Any, path: Path, width: int = 1400, height: int = 900) -> None:
        self.page = browser.new_page(viewport={"width": width, "height": height})
        self.requests: list[str] = []
        self.errors: list[str] = []
        self.page.on("request", lambda request: self.requests.append(request.url))
        self.page.on("pageerror", lambda error: self.errors.append(str(error)))
        self.page.on("console", lambda message: self.errors.append(message.text) if message.type == "error" else None)
        self.page.goto(path.resolve().as_uri())

    def root(self, name: str) -> str | None:
        return self.page.get_attribute("html", f"data-{name}")

    def press(self, key: str, times: int = 1) -> None:
        for _ in range(times):
            self.page.keyboard.press(key)

    def outside_requests(self, own: Path) -> list[str]:
        """Requests for anything but the page itself and inline data."""
        mine = own.resolve().as_uri()
        return [url for url in self.requests if url != mine and not url.startswith("data:")]

    def close(self) -> None:
        self.page.close()


@pytest.fixture
def visit(browser: Any) -> Iterator[Any]:
    opened: list[Visit] = []

    def open_page(path: Path, **size: int) -> Visit:
        page = Visit(browser, path, **size)
        opened.append(page)
        return page

    yield open_page
    for page in opened:
        page.close()
