"""Input records: the ``Page`` dataclass and the JSONL shape it mirrors."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from .pickling import pickled_by_fields

__all__ = ["InvalidPageError", "Page", "PageId", "attribute_name_problem", "coerce_page"]

PageId = str | int | float | None


class InvalidPageError(ValueError):
    """A record that cannot be clustered (no string ``html``, wrong field types)."""


@pickled_by_fields
@dataclass(frozen=True, slots=True)
class Page:
    """One crawled page.

    Only ``html`` is required. ``paths`` (URL path segments), ``stylesheet_hrefs``
    and ``host`` feed the cheap blocking pass; without them clustering still works
    but compares more pages with each other.
    """

    html: str | bytes
    paths: tuple[str, ...] = ()
    stylesheet_hrefs: tuple[str, ...] = ()
    host: str | None = None
    id: PageId = None


def _str_tuple(value: Any, field: str) -> tuple[str, ...]:
    if value is None:
        return ()
    if isinstance(value, str) or not isinstance(value, (list, tuple)):
        raise InvalidPageError(f"`{field}` must be a list of strings")
    out = []
    for item in value:
        if not isinstance(item, str):
            raise InvalidPageError(f"`{field}` must be a list of strings")
        out.append(item)
    return tuple(out)


def coerce_page(record: Page | Mapping[str, Any]) -> Page:
    """Accept a :class:`Page` or a dict in the JSONL shape (camelCase or snake_case).

    >>> coerce_page({"html": "<p>x</p>", "paths": ["a"], "stylesheetHrefs": ["/a.css"]}).paths
    ('a',)
    """
    if isinstance(record, Page):
        if not isinstance(record.html, (str, bytes)):
            raise InvalidPageError("`html` must be a string")
        return record
    if not isinstance(record, Mapping):
        raise InvalidPageError(f"a page must be an object, got {type(record).__name__}")
    html = record.get("html")
    if not isinstance(html, (str, bytes)):
        raise InvalidPageError("missing a string `html` field")
    hrefs = record.get("stylesheetHrefs", record.get("stylesheet_hrefs"))
    host = record.get("host")
    if host is not None and not isinstance(host, str):
        raise InvalidPageError("`host` must be a string")
    page_id = record.get("id")
    if page_id is not None and not isinstance(page_id, (str, int, float)):
        raise InvalidPageError("`id` must be a string or a number")
    return Page(
        html=html,
        paths=_str_tuple(record.get("paths"), "paths"),
        stylesheet_hrefs=_str_tuple(hrefs, "stylesheetHrefs"),
        host=host,
        id=page_id,
    )


def attribute_name_problem(name: str) -> str | None:
    """Why ``name`` cannot be an HTML attribute name (``None`` when it can).

    An attribute name given by a user (``--content-block-attribute``) is looked
    up on every element; a name no parser can produce would either never match
    or make the lookup raise, so it is refused up front.

    >>> attribute_name_problem("data-bgb"), attribute_name_problem("")
    (None, 'is empty')
    >>> attribute_name_problem("a b")
    "contains ' ', which an attribute name cannot hold"
    """
    if not isinstance(name, str) or not name:
        return "is empty"
    for ch in name:
        if ch.isspace() or not ch.isprintable() or ch in "\"'<>/={}" or "\ud800" <= ch <= "\udfff":
            return f"contains {ch!r}, which an attribute name cannot hold"
    return None
