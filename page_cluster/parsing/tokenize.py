"""The public tokenizer: a page's HTML as a list of structural tokens."""

from __future__ import annotations

from dataclasses import dataclass

from .signature import page_structure

__all__ = ["Tokenized", "tokenize"]


@dataclass(frozen=True, slots=True)
class Tokenized:
    """Root-to-leaf structural tokens in document order, and the body's classes."""

    tokens: list[str]
    body_class_list: list[str]


def tokenize(
    html: str | bytes, *, content_block_attribute: str | None = None, backend: str | None = None
) -> Tokenized:
    """Turn a page into root-to-leaf structural tokens (text is ignored).

    The page is read as the engine reads it (``backend``: see
    :func:`~page_cluster.parsing.signature.page_structure`).

    >>> tokenize('<body class="post"><main><article><p>Hi</p></article></main></body>')
    Tokenized(tokens=['body>main>article>p'], body_class_list=['post'])
    >>> nested = '<div><div class="card"><ul><li><ul><li>x</li></ul></li></ul></div></div>'
    >>> tokenize(nested).tokens
    ['body>.card>ul>li']
    """
    structure = page_structure(html, None, content_block_attribute, backend=backend)[0]
    return Tokenized(tokens=structure.leaf_paths, body_class_list=structure.body_class_list)
