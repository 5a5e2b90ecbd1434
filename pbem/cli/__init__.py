"""The ``pbem`` command line (Typer): thin commands over the engine."""
