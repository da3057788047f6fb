"""Readable names for cluster keys (which are JSON array strings)."""

from __future__ import annotations

import json

__all__ = ["block_of", "short_key"]


def _parts(key: str) -> list[str] | None:
    try:
        value = json.loads(key)
    except (ValueError, TypeError):
        return None
    if isinstance(value, list) and value and all(isinstance(v, str) for v in value):
        return value
    return None


def short_key(key: str) -> str:
    """A cluster key for display.

    >>> short_key('["css:8f4fbe824219","cluster:0"]')
    'css:8f4fbe824219 · cluster:0'
    >>> short_key("other")
    'other'
    """
    parts = _parts(key)
    return " · ".join(parts) if parts else key


def block_of(key: str) -> str:
    """The block part of a cluster key (the key itself when it has none).

    >>> block_of('["path:news","cluster:3"]')
    'path:news'
    """
    parts = _parts(key)
    return parts[0] if parts else key
