"""Running a spec on a context: the `transitions` engine, the generated code and an independent
interpreter behind `execute`; observers and trace records; importing the context a spec names."""
