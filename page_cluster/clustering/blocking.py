"""Pass 0: cheap blocking from URL paths and first-party stylesheets, no HTML.

Blocking keeps expensive structural comparisons local. Pages sharing their host
and first-party stylesheet set form a ``css:`` block; pages without first-party
stylesheets fall back to a ``path:`` block on their URL section, and are then
re-assigned ("orphan merge") to the single ``css:`` block of that section when
there is exactly one. Blocks are a cost device, not a verdict: Stage B merges
templates that blocking split.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from ..base.hrefs import first_party_hrefs, normalize_href

__all__ = [
    "BlockingResult",
    "first_party_hrefs",
    "normalize_href",
    "resolve_block_keys",
]


@dataclass(frozen=True, slots=True)
class BlockingReason:
    """Why a block exists, in the reference's shape (``kind`` plus evidence)."""

    kind: str  # "css" | "path" | "orphanMerge"
    value: tuple[str, ...] | str

    def to_json(self) -> dict:
        if self.kind == "css":
            return {"kind": "css", "distinctiveStylesheetHrefs": list(self.value)}
        return {"kind": self.kind, "pathKey": self.value}


@dataclass(slots=True)
class BlockingResult:
    """One block key per page (input order) and the reason behind each key."""

    keys: list[str]
    reasons: dict[str, BlockingReason]
    #: For pages moved by the orphan merge: their original ``path:`` key.
    orphan_path_keys: dict[int, str]


def _short_hash(parts: Sequence[str]) -> str:
    from hashlib import blake2b  # (here: the command line starts without it)

    digest = blake2b("\x1f".join(parts).encode("utf-8", "replace"), digest_size=6)
    return digest.hexdigest()


def _css_key(
    host: str | None,
    hrefs: Sequence[str],
    memo: dict[tuple, tuple[str, tuple[str, ...]] | None],
) -> tuple[str, tuple[str, ...]] | None:
    """A page's ``css:`` key and first-party hrefs, or ``None`` without any."""
    try:
        seen = (host, *hrefs)
        return memo[seen]
    except TypeError:  # an unhashable href from a crawl record: not memoised
        seen = None
    except KeyError:
        pass
    fp = first_party_hrefs(hrefs, host)
    found = ("css:" + _short_hash([host or "", *fp]), fp) if fp else None
    if seen is not None:
        memo[seen] = found
    return found


def _path_key(host: str | None, paths: Sequence[str], depth: int) -> str:
    # The last segment is the page itself (a file name), not a section.
    section = [p for p in paths[:-1] if p][:depth] if len(paths) > 1 else []
    key = "/".join(section) if section else "/"
    return f"{host}/{key}" if host else key


def resolve_block_keys(
    paths: Sequence[Sequence[str]],
    stylesheet_hrefs: Sequence[Sequence[str]],
    hosts: Sequence[str | None],
    *,
    path_depth: int = 1,
) -> BlockingResult:
    """Block key of every page, from signals only (no HTML).

    >>> r = resolve_block_keys([["news", "1"], ["news", "2"], ["news", "3"], ["about"]],
    ...                        [["/a.css"], ["/a.css"], [], []], [None] * 4)
    >>> r.keys[0] == r.keys[1] == r.keys[2], r.keys[3]
    (True, 'path:/')
    """
    n = len(paths)
    keys: list[str] = [""] * n
    reasons: dict[str, BlockingReason] = {}
    section_of: list[str] = []
    css_by_section: dict[str, Counter[str]] = defaultdict(Counter)
    # Pages of one site repeat a few stylesheet lists: each list is resolved
    # and hashed once per host.
    css_key: dict[tuple, tuple[str, tuple[str, ...]] | None] = {}
    for i in range(n):
        host = hosts[i]
        section = _path_key(host, paths[i], path_depth)
        section_of.append(section)
        css = _css_key(host, stylesheet_hrefs[i], css_key)
        if css is not None:
            key = css[0]
            reasons.setdefault(key, BlockingReason("css", css[1]))
            css_by_section[section][key] += 1
        else:
            key = "path:" + section
            reasons.setdefault(key, BlockingReason("path", section))
        keys[i] = key
    orphan: dict[int, str] = {}
    for i in range(n):
        if keys[i].startswith("path:"):
            candidates = css_by_section.get(section_of[i])
            if candidates and len(candidates) == 1:
                (target,) = candidates
                orphan[i] = keys[i]
                keys[i] = target
    return BlockingResult(keys=keys, reasons=reasons, orphan_path_keys=orphan)
