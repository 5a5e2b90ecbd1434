"""``python -m pbem``: the same as the ``pbem`` command."""

from pbem.cli.main import run

run()
