"""Connecting to Dask: the only module that imports it (the ``[dask]`` extra)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from .inputs import DaskSpec

__all__ = ["DASK_MISSING", "open_client"]

DASK_MISSING = "--dask needs Dask distributed: pip install 'page-cluster[dask]'"


@contextmanager
def open_client(spec: DaskSpec, default_workers: int = 1) -> Iterator[Any]:
    """A client of an existing scheduler, or of a ``LocalCluster`` started here
    (one single-threaded worker process per core asked for: parsing holds the GIL)
    and closed on exit. Raises :class:`ImportError` without Dask."""
    from distributed import Client, LocalCluster

    if spec.address is not None:
        with Client(spec.address) as client:
            yield client
        return
    with (
        LocalCluster(
            n_workers=spec.workers or default_workers,
            threads_per_worker=1,
            processes=True,
            # A free port: other clusters may run on the same machine.
            dashboard_address=":0",
        ) as cluster,
        Client(cluster) as client,
    ):
        yield client
