"""A sample Sphinx project using the `automaton` directive (docs/sphinx.md explains it).

    pip install -e ".[docs]"
    sphinx-build -b html docs/example-sphinx /tmp/example-html
"""

project = "Automata in Sphinx"
author = "automata-search"
extensions = ["automata.sphinx"]
source_suffix = {".rst": "restructuredtext"}
exclude_patterns = ["_build"]
html_theme = "alabaster"

try:  # the Markdown page needs MyST; without it the reStructuredText pages still build
    import myst_parser  # noqa: F401
except ImportError:
    exclude_patterns.append("myst.md")
else:
    extensions.append("myst_parser")
    source_suffix[".md"] = "markdown"
