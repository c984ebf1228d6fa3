"""HTML views of specs and runs: the step-through player, the documentation site's pages, and the
SVG pictures both (and notebooks) show. Everything is self-contained: no script, style sheet, font
or image is ever fetched from elsewhere."""
