"""Specs in and out of files: loading YAML (with positions for every message), the JSON Schema,
diagrams (graphviz, Mermaid) and generated Python. Nothing here runs a spec or imports user code."""
