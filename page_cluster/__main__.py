"""``python -m page_cluster`` runs the CLI."""

from .cli.main import main

raise SystemExit(main())
