"""Pickling the small records that cross process boundaries once per page.

A frozen dataclass with slots pickles its state as a dictionary built from
``dataclasses.fields`` and restores it field by field through
``object.__setattr__``: several microseconds per object, on every page, in
the process that reads the input and gathers the results (the busiest one of
a parallel run). Pickled as a constructor call with positional arguments it
costs a fraction of that.
"""

from __future__ import annotations

import dataclasses
from typing import Any, TypeVar

__all__ = ["pickled_by_fields"]

C = TypeVar("C", bound=type)


def pickled_by_fields(cls: C) -> C:
    """Class decorator for a dataclass whose fields are all ``__init__``
    arguments and whose ``__init__`` only stores them: pickle an instance as
    ``cls(*field values)``.

    >>> import pickle
    >>> from page_cluster.base.model import Page  # decorated so
    >>> Page("<p>x</p>", ("news", "1")).__reduce__()
    (<class 'page_cluster.base.model.Page'>, ('<p>x</p>', ('news', '1'), (), None, None))
    >>> pickle.loads(pickle.dumps(Page("<p>x</p>", id=7))) == Page("<p>x</p>", id=7)
    True
    """
    fields = dataclasses.fields(cls)
    if any(not f.init for f in fields):
        raise TypeError(f"{cls.__name__}: every field must be an __init__ argument")
    names = tuple(f.name for f in fields)

    def __reduce__(self: Any) -> tuple[type, tuple[Any, ...]]:
        return type(self), tuple([getattr(self, n) for n in names])

    cls.__reduce__ = __reduce__  # type: ignore[method-assign]
    return cls
