"""The corpus as clustering sees it: deduplicated signatures, never HTML.

:class:`CorpusBuilder` receives parsed pages (possibly from several worker
processes, each with its own local token ids), maps them onto one vocabulary and
deduplicates identical signatures. :meth:`CorpusBuilder.finish` re-numbers the
vocabulary in sorted string order, so the result is identical whatever the number
of workers and whatever order pages arrived in.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from ..parsing.segments import landmark_kind
from ..parsing.signature import ParsedPage
from .binary_rows import BinaryRows

if TYPE_CHECKING:
    import scipy.sparse as sp

__all__ = ["Corpus", "CorpusBuilder", "TokenInfo", "token_info"]

#: Landmark type codes used in :class:`TokenInfo` (-1: not inside a landmark).
LANDMARK_CODES = ("header", "footer", "nav", "aside", "form", "search")


@dataclass(slots=True)
class PageSignals:
    """The HTML-free blocking signals of one page."""

    paths: tuple[str, ...]
    stylesheet_hrefs: tuple[str, ...]
    host: str | None


@dataclass(slots=True)
class TokenInfo:
    """Properties of every vocabulary token, all derived from the token string.

    ``parent``: id of the path one step shorter (-1 for top-level steps and
    attribute tokens); ``depth``: number of steps below the root; ``main_depth``:
    steps below the first ``main`` step (-1 if not inside ``main``);
    ``landmark``: code of the outermost landmark on the path (index into
    ``LANDMARK_CODES``, -1 if none); ``landmark_root``: id of that landmark's own
    token; ``is_attr``: attribute tokens (``@body.class:…``).
    """

    parent: np.ndarray
    depth: np.ndarray
    main_depth: np.ndarray
    landmark: np.ndarray
    landmark_root: np.ndarray
    is_attr: np.ndarray
    tag: list[str]


def token_info(tokens: list[str]) -> TokenInfo:
    """Derive :class:`TokenInfo` for a sorted vocabulary.

    A path's parent path sorts before it and is usually in the vocabulary too;
    its fields then give the child's from the last step alone, so each token
    costs one step, not its whole depth.
    """
    n = len(tokens)
    index = {t: i for i, t in enumerate(tokens)}
    parent = np.full(n, -1, dtype=np.int32)
    depth = np.zeros(n, dtype=np.int16)
    main_depth = np.full(n, -1, dtype=np.int16)
    landmark = np.full(n, -1, dtype=np.int8)
    landmark_root = np.full(n, -1, dtype=np.int32)
    is_attr = np.zeros(n, dtype=bool)
    tags: list[str] = []
    codes = {c: i for i, c in enumerate(LANDMARK_CODES)}
    kinds: dict[str, str | None] = {}

    def kind_of(seg: str) -> str | None:
        kind = kinds.get(seg, "")
        if kind == "":
            kind = kinds[seg] = landmark_kind(seg)
        return kind

    for i, tok in enumerate(tokens):
        if tok.startswith("@"):
            is_attr[i] = True
            tags.append("")
            continue
        cut = tok.rfind(">")
        last = tok[cut + 1 :]
        end = min((p for p in (last.find("."), last.find("[")) if p != -1), default=len(last))
        tags.append(last[:end] or "div")
        p = index.get(tok[:cut], -1) if cut > 0 else -1
        if p >= 0 and not is_attr[p]:
            parent[i] = p
            depth[i] = depth[p] + 1
            kind = kind_of(last)
            if main_depth[p] >= 0:
                main_depth[i] = main_depth[p] + 1
            elif kind == "main":
                main_depth[i] = 0
            if landmark[p] >= 0:
                landmark[i] = landmark[p]
                landmark_root[i] = landmark_root[p]
            elif kind is not None and kind != "main":
                landmark[i] = codes[kind]
                landmark_root[i] = i
            continue
        segs = tok.split(">")
        depth[i] = len(segs) - 1
        for d, seg in enumerate(segs[1:], start=1):
            kind = kind_of(seg)
            if kind is None:
                continue
            if kind == "main":
                if main_depth[i] == -1:
                    main_depth[i] = len(segs) - 1 - d
            elif landmark[i] == -1:
                landmark[i] = codes[kind]
                landmark_root[i] = index.get(">".join(segs[: d + 1]), -1)
    return TokenInfo(parent, depth, main_depth, landmark, landmark_root, is_attr, tags)


@dataclass(slots=True)
class Corpus:
    """Deduplicated page signatures over one sorted vocabulary.

    ``rows`` holds one set of token ids per distinct signature; page ``i`` has
    signature ``page_sig[i]``. ``matrix`` is the same as a scipy CSR matrix, made
    on first use (explanations and validation; clustering works on ``rows``).
    """

    tokens: list[str]
    rows: BinaryRows
    page_sig: np.ndarray
    signals: list[PageSignals]
    element_count: np.ndarray
    info: TokenInfo = field(repr=False)
    _matrix: sp.csr_matrix | None = field(default=None, init=False, repr=False, compare=False)

    @property
    def matrix(self) -> sp.csr_matrix:
        if self._matrix is None:
            self._matrix = self.rows.to_scipy()
        return self._matrix

    @property
    def n_pages(self) -> int:
        return len(self.page_sig)

    @property
    def n_signatures(self) -> int:
        return self.rows.n_rows

    def take_pages(self, pages: np.ndarray) -> Corpus:
        """The corpus of the given pages alone, in the given order.

        Numbered as :meth:`CorpusBuilder.finish` numbers a corpus built from
        those pages only (the tokens they use, sorted; signatures ordered by
        content), so a part clusters exactly as if it had been read on its own:
        one host of a multi-host input gives the same keys as that host's file.
        """
        pages = np.asarray(pages, dtype=np.int64).ravel()
        used_sigs, local_sig = np.unique(self.page_sig[pages], return_inverse=True)
        rows = self.rows.take(used_sigs)
        used_cols = np.zeros(rows.n_cols, dtype=bool)
        used_cols[rows.indices] = True
        rows = rows.keep_columns(used_cols)
        tokens = [self.tokens[i] for i in np.flatnonzero(used_cols).tolist()]
        keys = rows.row_keys()
        order = np.asarray(sorted(range(len(keys)), key=keys.__getitem__), dtype=np.int64)
        rank = np.empty(len(order), dtype=np.int64)
        rank[order] = np.arange(len(order), dtype=np.int64)
        return Corpus(
            tokens=tokens,
            rows=rows.take(order),
            page_sig=rank[local_sig.ravel()].astype(np.int32),
            signals=[self.signals[i] for i in pages.tolist()],
            element_count=self.element_count[used_sigs][order],
            info=token_info(tokens),
        )

    def with_page_rows(self, rows: BinaryRows, page_row: np.ndarray) -> Corpus:
        """The corpus where page ``p`` has the tokens of ``rows`` row ``page_row[p]``
        (over this vocabulary), every row the signature of its pages with some
        tokens taken out (element counts are carried over).

        Equal rows are merged, tokens no page keeps any more are dropped, and
        the result is numbered as :meth:`CorpusBuilder.finish` numbers a corpus
        built from those rows (tokens sorted, signatures ordered by content).
        """
        page_row = np.asarray(page_row, dtype=np.int64).ravel()
        row_sig = np.zeros(rows.n_rows, dtype=np.int64)
        row_sig[page_row] = self.page_sig
        used_cols = np.zeros(rows.n_cols, dtype=bool)
        used_cols[rows.indices] = True
        tokens = [self.tokens[i] for i in np.flatnonzero(used_cols).tolist()]
        return self._on_rows(
            tokens, rows.keep_columns(used_cols), page_row, self.element_count[row_sig]
        )

    def renamed(self, rewritten: list[str]) -> Corpus:
        """The corpus with token ``i`` renamed to ``rewritten[i]``.

        Tokens that become equal are merged, and so are signatures that become
        equal; the vocabulary stays sorted and signatures stay ordered by
        content, so the result is independent of page order as before.
        """
        tokens = sorted(set(rewritten))
        index = {t: i for i, t in enumerate(tokens)}
        new_col = np.asarray([index[t] for t in rewritten], dtype=np.int64)
        old = self.rows
        merged = BinaryRows.from_pairs(old.row_ids(), new_col[old.indices], old.n_rows, len(tokens))
        return self._on_rows(tokens, merged, self.page_sig, self.element_count)

    def _on_rows(
        self, tokens: list[str], rows: BinaryRows, page_row: np.ndarray, row_elements: np.ndarray
    ) -> Corpus:
        """These pages on ``rows`` over ``tokens`` (page ``p`` on row
        ``page_row[p]``, ``row_elements`` per row): equal rows merged into one
        signature, signatures ordered by content, so the numbering does not
        depend on page order."""
        keys = rows.row_keys()
        first: dict[bytes, int] = {}
        for r in sorted(range(len(keys)), key=keys.__getitem__):
            first.setdefault(keys[r], len(first))
        new_sig = np.asarray([first[k] for k in keys], dtype=np.int64)
        keep = np.empty(len(first), dtype=np.int64)
        keep[new_sig] = np.arange(len(keys), dtype=np.int64)
        elements = np.zeros(len(keep), dtype=self.element_count.dtype)
        np.maximum.at(elements, new_sig, row_elements)
        return Corpus(
            tokens=tokens,
            rows=rows.take(keep),
            page_sig=new_sig[np.asarray(page_row, dtype=np.int64)].astype(np.int32),
            signals=self.signals,
            element_count=elements,
            info=token_info(tokens),
        )


class CorpusBuilder:
    """Collects parsed pages from any number of workers into a :class:`Corpus`."""

    def __init__(self) -> None:
        self._vocab: dict[str, int] = {}
        self._strings: list[str] = []
        self._remaps: dict[object, np.ndarray] = {}
        self._remap_len: dict[object, int] = {}
        self._sig_index: dict[bytes, int] = {}
        self._sigs: list[np.ndarray] = []
        self._sig_elements: list[int] = []
        self._page_sig: list[int] = []
        self.signals: list[PageSignals] = []

    def __len__(self) -> int:
        return len(self._page_sig)

    def add(self, worker: object, parsed: ParsedPage, signals: PageSignals) -> int:
        """Add one parsed page; ``worker`` identifies the interner that numbered it."""
        remap = self._remaps.get(worker)
        used = self._remap_len.get(worker, 0)
        if parsed.new_strings:
            need = used + len(parsed.new_strings)
            if remap is None or len(remap) < need:
                grown = np.empty(
                    max(need, 2 * (0 if remap is None else len(remap)), 1024), np.int32
                )
                if remap is not None:
                    grown[:used] = remap[:used]
                remap = grown
                self._remaps[worker] = remap
            vocab, strings = self._vocab, self._strings
            for k, s in enumerate(parsed.new_strings):
                gid = vocab.get(s)
                if gid is None:
                    gid = len(strings)
                    vocab[s] = gid
                    strings.append(s)
                remap[used + k] = gid
            used = need
            self._remap_len[worker] = used
        empty = np.empty(0, dtype=np.int32)
        gids = (
            empty
            if remap is None
            else np.sort(remap[np.frombuffer(parsed.local_ids, dtype=np.intc)])
        )
        key = gids.tobytes()
        sig = self._sig_index.get(key)
        if sig is None:
            sig = len(self._sigs)
            self._sig_index[key] = sig
            self._sigs.append(gids)
            self._sig_elements.append(parsed.element_count)
        self._page_sig.append(sig)
        self.signals.append(signals)
        return len(self._page_sig) - 1

    def finish(self) -> Corpus:
        """Canonical numbering (sorted tokens, signatures ordered by content)."""
        strings = self._strings
        order = sorted(range(len(strings)), key=strings.__getitem__)
        new_id = np.empty(len(strings), dtype=np.int32)
        new_id[np.asarray(order, dtype=np.int64)] = np.arange(len(strings), dtype=np.int32)
        tokens = [strings[i] for i in order]
        canon = [np.sort(new_id[s]) for s in self._sigs]
        # Order signatures by their content so that numbering is input-order free.
        sig_order = sorted(range(len(canon)), key=lambda i: canon[i].tobytes())
        sig_new = np.empty(len(canon), dtype=np.int32)
        sig_new[np.asarray(sig_order, dtype=np.int64)] = np.arange(len(canon), dtype=np.int32)
        rows = [canon[i] for i in sig_order]
        indptr = np.zeros(len(rows) + 1, dtype=np.int64)
        if rows:
            indptr[1:] = np.cumsum([len(r) for r in rows])
        indices = np.concatenate(rows) if rows else np.empty(0, dtype=np.int32)
        sig_rows = BinaryRows(indptr, indices.astype(np.int32), len(tokens))
        elements = (
            np.asarray(self._sig_elements, dtype=np.int64)[np.asarray(sig_order, dtype=np.int64)]
            if rows
            else np.empty(0, np.int64)
        )
        page_sig = (
            sig_new[np.asarray(self._page_sig, dtype=np.int64)]
            if self._page_sig
            else np.empty(0, np.int32)
        )
        return Corpus(
            tokens=tokens,
            rows=sig_rows,
            page_sig=page_sig,
            signals=self.signals,
            element_count=elements,
            info=token_info(tokens),
        )
