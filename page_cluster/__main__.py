"""``python -m page_cluster`` runs the CLI."""

from .cli.main import console_main

console_main()
