"""``python -m page_cluster`` runs the CLI."""

from .cli.main import console_main

# Guarded: worker processes started by spawning (a Dask LocalCluster) import
# this module again under another name and must not run the command.
if __name__ == "__main__":
    console_main()
