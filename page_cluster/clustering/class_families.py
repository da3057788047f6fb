"""Site-level class generalisation: class names that carry values, not roles.

CMS themes print per-page values into class names: ``category-news``,
``category-sports``, ``page-about``, ``tag-python``, ``author-jane`` on the
body or on the article element. Each value is one class of a *family* (the name
before its last ``-`` or ``_``); a family showing many values across a site is
data, not design, and keeping the values would split one template by category.
Design variants (``page-template-default`` / ``page-template-wide``) show few
values and are kept.

This runs once per host's corpus on the token vocabulary (not on pages): every token
whose classes belong to a value family is rewritten with the family name
(``article.category-*.post``), tokens that become equal are merged, and so are
signatures.
"""

from __future__ import annotations

import re
from collections import defaultdict

from ..parsing.segments import BODY_CLASS_TOKEN
from ..signatures.corpus import Corpus

__all__ = [
    "FAMILY_VALUES",
    "generalize_corpus",
    "rewrite_token",
    "segment_classes",
    "value_families",
]

#: A class family with at least this many distinct values in a corpus is data.
FAMILY_VALUES = 3

_FAMILY = re.compile(r"^(.{2,}?)[-_]+([^-_]+)$")
_SEGMENT_CLASSES = re.compile(r"^([^.#\[]*)((?:\.[^.\[]+)*)(.*)$")


def _family(cls: str) -> str | None:
    m = _FAMILY.match(cls)
    return m.group(1) if m else None


def segment_classes(seg: str) -> list[str]:
    """The classes of one path step (the value of a ``@body.class:`` token).

    >>> segment_classes("article.post.category-*"), segment_classes("div#top")
    (['post', 'category-*'], [])
    """
    if seg.startswith("@"):
        _, _, value = seg.partition(":")
        return [value] if seg.startswith(BODY_CLASS_TOKEN) else []
    m = _SEGMENT_CLASSES.match(seg)
    if not m or not m.group(2):
        return []
    return [c for c in m.group(2).split(".") if c]


def value_families(tokens: list[str], min_values: int = FAMILY_VALUES) -> set[str]:
    """Families with at least ``min_values`` distinct members in the vocabulary.

    >>> sorted(value_families(["body>article.category-news", "body>article.category-art",
    ...                        "body>article.category-tech", "body>div.col-left"]))
    ['category']
    """
    values: dict[str, set[str]] = defaultdict(set)
    seen: set[str] = set()
    for tok in tokens:
        for seg in tok.split(">"):
            if seg in seen:
                continue
            seen.add(seg)
            for cls in segment_classes(seg):
                fam = _family(cls)
                if fam is not None:
                    values[fam].add(cls)
    return {fam for fam, members in values.items() if len(members) >= min_values}


def _rewrite_segment(seg: str, families: set[str]) -> str:
    if seg.startswith(BODY_CLASS_TOKEN):
        value = seg[len(BODY_CLASS_TOKEN) :]
        fam = _family(value)
        return f"{BODY_CLASS_TOKEN}{fam}-*" if fam in families else seg
    m = _SEGMENT_CLASSES.match(seg)
    if not m or not m.group(2):
        return seg
    classes = [c for c in m.group(2).split(".") if c]
    out = set()
    for c in classes:
        fam = _family(c)
        out.add(f"{fam}-*" if fam in families else c)
    return m.group(1) + "." + ".".join(sorted(out)) + m.group(3)


def rewrite_token(token: str, families: set[str], cache: dict[str, str] | None = None) -> str:
    """The token with value-family classes replaced by ``family-*``.

    ``cache`` (segment -> rewritten segment) may be shared across the tokens of
    one vocabulary: paths repeat the same few steps many times.

    >>> rewrite_token("body>main>article.category-news.post>h1", {"category"})
    'body>main>article.category-*.post>h1'
    """
    if token.startswith("@"):
        return _rewrite_segment(token, families)
    if cache is None:
        cache = {}
    out = []
    for seg in token.split(">"):
        new = cache.get(seg)
        if new is None:
            new = cache[seg] = _rewrite_segment(seg, families)
        out.append(new)
    return ">".join(out)


def generalize_corpus(corpus: Corpus, *, min_values: int = FAMILY_VALUES) -> Corpus:
    """The corpus over the generalised vocabulary (unchanged when nothing applies)."""
    families = value_families(corpus.tokens, min_values)
    if not families:
        return corpus
    cache: dict[str, str] = {}
    return corpus.renamed([rewrite_token(t, families, cache) for t in corpus.tokens])
