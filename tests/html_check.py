"""A check of generated HTML pages: well nested, no duplicate ids, no broken links, and nothing
loaded from outside the site (no http(s) or protocol-relative URL in any src, href or CSS url())."""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}
LINK_ATTRIBUTES = {"href", "src", "xlink:href", "action", "poster", "data"}
_CSS_URL = re.compile(r"url\(\s*['\"]?([^'\")]*)", re.IGNORECASE)


class _Page(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: list[str] = []
        self.links: list[tuple[str, str]] = []  # (tag, url)
        self.problems: list[str] = []
        self.stack: list[str] = []
        self.in_style = False
        self.foreign = 0  # inside <svg>: XML rules (self-closing elements)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._attributes(tag, attrs)
        if tag == "svg":
            self.foreign += 1
        if tag not in VOID:
            self.stack.append(tag)
        self.in_style = tag == "style"

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._attributes(tag, attrs)
        if not self.foreign and tag not in VOID:
            self.problems.append(f"<{tag}/> is not a void element in HTML")

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID:
            return
        if not self.stack or self.stack[-1] != tag:
            self.problems.append(f"</{tag}> closes <{self.stack[-1] if self.stack else 'nothing'}>")
            if tag in self.stack:
                while self.stack and self.stack.pop() != tag:
                    pass
            return
        self.stack.pop()
        if tag == "svg":
            self.foreign -= 1
        self.in_style = False

    def handle_data(self, data: str) -> None:
        if self.in_style:
            self.links.extend(("style", url) for url in _CSS_URL.findall(data))

    def _attributes(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if value is None:
                continue
            if name == "id":
                self.ids.append(value)
            elif name in LINK_ATTRIBUTES:
                self.links.append((tag, value))
            elif name == "style":
                self.links.extend((tag, url) for url in _CSS_URL.findall(value))


def _ids_of(path: Path, cache: dict[Path, set[str]]) -> set[str]:
    if path not in cache:
        parser = _Page()
        parser.feed(path.read_text(encoding="utf-8"))
        cache[path] = set(parser.ids)
    return cache[path]


def check_page(path: Path, site: Path | None = None) -> list[str]:
    """What is wrong with the page at `path` (an empty list when nothing is); relative links must
    stay inside `site` (the page's folder by default) and point at files and ids that exist."""
    site = (site or path.parent).resolve()
    parser = _Page()
    parser.feed(path.read_text(encoding="utf-8"))
    parser.close()
    problems = [f"{path.name}: {problem}" for problem in parser.problems]
    if parser.stack:
        problems.append(f"{path.name}: unclosed elements at the end: {parser.stack}")
    duplicates = sorted({name for name in parser.ids if parser.ids.count(name) > 1})
    if duplicates:
        problems.append(f"{path.name}: duplicate ids {duplicates[:5]}")
    cache: dict[Path, set[str]] = {path.resolve(): set(parser.ids)}
    for tag, url in parser.links:
        parts = urlsplit(url)
        if parts.scheme == "data":
            continue
        if parts.scheme or url.startswith("//"):
            problems.append(f"{path.name}: <{tag}> refers outside the site: {url[:80]}")
            continue
        target = (path.parent / unquote(parts.path)).resolve() if parts.path else path.resolve()
        if site not in (target, *target.parents):
            problems.append(f"{path.name}: <{tag}> leaves the site: {url}")
        elif not target.is_file():
            problems.append(f"{path.name}: broken link <{tag}> {url}")
        elif parts.fragment and target.suffix == ".html" and unquote(parts.fragment) not in _ids_of(target, cache):
            problems.append(f"{path.name}: broken anchor <{tag}> {url}")
    return problems
