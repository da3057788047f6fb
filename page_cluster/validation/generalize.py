"""Class names that carry page data, read as one class before judging structure.

A CMS prints values into class names (``category-news``, ``postid-12``): a
family with many values is data, not design. Left as they are, such values
make every page of one template differ in the element that carries them, so a
container's children look free-form and a template looks like many. The
validator reads the vocabulary with those values folded (``category-*``), using
the same tokenizer-level rule as clustering, on its own copy of the partition.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import scipy.sparse as sp

from ..clustering.class_families import rewrite_token, value_families
from .data import ClusteredCorpus

__all__ = ["fold_value_classes"]


def fold_value_classes(cc: ClusteredCorpus) -> ClusteredCorpus:
    """The partition over the folded vocabulary (itself when nothing folds).

    >>> from .data import clustered_corpus_from_pages
    >>> cc = clustered_corpus_from_pages([{"clusterKey": "k", "tokens": [f"b>a.category-{v}"]}
    ...                                   for v in ("x", "y", "z")])
    >>> folded = fold_value_classes(cc)
    >>> folded.vocabulary, folded.matrix.toarray().tolist()
    (['b>a.category-*'], [[1.0], [1.0], [1.0]])
    """
    vocab = cc.vocabulary
    if not vocab:
        return cc
    families = value_families(vocab)
    if not families:
        return cc
    cache: dict[str, str] = {}
    rewritten = [rewrite_token(t, families, cache) for t in vocab]
    tokens = sorted(set(rewritten))
    index = {t: i for i, t in enumerate(tokens)}
    new_col = np.fromiter((index[t] for t in rewritten), dtype=np.int64, count=len(rewritten))
    fold = sp.csr_matrix(
        (np.ones(len(new_col), dtype=np.float32), (np.arange(len(new_col)), new_col)),
        shape=(len(rewritten), len(tokens)),
    )
    matrix = sp.csr_matrix(cc.matrix @ fold)
    matrix.data[:] = 1.0
    return replace(cc, matrix=matrix, vocabulary=tokens)
