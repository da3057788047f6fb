"""What ``n_jobs`` means, in the library, the command line and the app alike.

scikit-learn's convention, so that a user of both need not translate: ``None``
is one process, a positive number that many processes, ``-1`` every core this
process may use, ``-2`` all but one, and so on. Parsing uses worker processes
only for a crawl large enough to pay for them, so a generous ``n_jobs`` costs a
small crawl nothing.
"""

from __future__ import annotations

import os

__all__ = ["available_cores", "effective_jobs"]


def available_cores() -> int:
    """All the cores this process may use."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):
        return max(1, os.cpu_count() or 1)


def effective_jobs(n_jobs: int | None, cores: int | None = None) -> int:
    """The number of processes ``n_jobs`` asks for on a machine with ``cores`` cores.

    >>> [effective_jobs(n, cores=8) for n in (None, 1, 3, -1, -2, -8, -20)]
    [1, 1, 3, 8, 7, 1, 1]
    >>> effective_jobs(0)
    Traceback (most recent call last):
    ...
    ValueError: n_jobs == 0 has no meaning; use None or 1 for one process, -1 for all cores
    """
    if n_jobs is None:
        return 1
    if isinstance(n_jobs, bool) or not isinstance(n_jobs, int):
        raise TypeError(f"n_jobs must be an int or None, got {n_jobs!r}")
    if n_jobs == 0:
        raise ValueError(
            "n_jobs == 0 has no meaning; use None or 1 for one process, -1 for all cores"
        )
    if n_jobs > 0:
        return n_jobs
    return max(1, (available_cores() if cores is None else cores) + 1 + n_jobs)
