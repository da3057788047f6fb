import numpy as np
import scipy.sparse as sp

from page_cluster.clustering.stage_a import UNIT_DISTANCE, cluster_block


def rows_to_matrix(rows: list[list[int]], n_tokens: int) -> sp.csr_matrix:
    data, ind, ptr = [], [], [0]
    for r in rows:
        ind.extend(sorted(r))
        data.extend([1.0] * len(r))
        ptr.append(len(ind))
    return sp.csr_matrix((data, ind, ptr), shape=(len(rows), n_tokens))


def test_units_are_tight_and_never_mix_templates():
    skeleton_a = list(range(0, 40))
    skeleton_b = list(range(0, 10)) + list(range(50, 80))
    rows = [
        skeleton_a,
        [*skeleton_a, 90],  # 1 extra token of 41: distance 0.024, same unit
        [*skeleton_a, 91, 92, 93, 94, 95],  # 5 extra: distance 0.11, a unit of its own
        skeleton_b,
        [*skeleton_b, 96],
    ]
    m = rows_to_matrix(rows, 100)
    labels = cluster_block(m, np.arange(5), np.ones(5, dtype=np.int64), np.ones(100)).labels
    assert labels.tolist() == [0, 0, 1, 2, 2]
    assert UNIT_DISTANCE < 0.11


def test_single_signature_block():
    m = rows_to_matrix([[1, 2, 3]], 5)
    assert cluster_block(m, np.array([0]), np.array([3]), np.ones(5)).labels.tolist() == [0]


def test_zero_weight_tokens_are_ignored():
    rows = [[0, 1, 2, 10], [0, 1, 2, 11], [0, 1, 2, 12]]
    m = rows_to_matrix(rows, 13)
    w = np.ones(13)
    w[10:] = 0.0
    res = cluster_block(m, np.arange(3), np.ones(3, dtype=np.int64), w)
    assert res.labels.tolist() == [0, 0, 0]


def test_labels_follow_the_order_of_first_members():
    rows = [[5, 6], [0, 1], [5, 6], [0, 1]]
    m = rows_to_matrix(rows, 7)
    res = cluster_block(m, np.arange(4), np.ones(4, dtype=np.int64), np.ones(7))
    assert res.labels.tolist() == [0, 1, 0, 1]


def _reference_pages() -> list[dict]:
    """A generator's reference folder: four group pages and four member lists
    whose pages are built alike (a title and a paragraph), and two plain
    pages. Only the file names tell the generator's views apart."""

    def page(name: str) -> dict:
        body = (
            '<div class="header"><a href="/">Home</a></div>'
            f'<div class="contents"><h1>{name}</h1><p>Text of {name}.</p></div>'
        )
        return {
            "id": name,
            "paths": ["doc", name],
            "html": f"<html><body>{body}</body></html>",
        }

    words = ["alpha", "beta", "gamma", "delta"]
    return (
        [page(f"group__{w}.html") for w in words]
        + [page(f"class{w.title()}-members.html") for w in [*words, "epsilon"]]
        + [page("intro.html"), page("usage.html")]
    )


def _stage_a_units(records: list[dict]) -> list[set[str]]:
    """Stage A's units of ``records``, as sets of page ids."""
    from page_cluster.clustering import pipeline
    from page_cluster.ingest.build import build_corpus

    seen: dict = {}
    real = pipeline._stage_b

    def capture(corpus, items, units, *args, **kwargs):
        seen["items"], seen["units"] = items, units
        return real(corpus, items, units, *args, **kwargs)

    pipeline._stage_b = capture
    try:
        pipeline.cluster_host_corpus(build_corpus(records))
    finally:
        pipeline._stage_b = real
    page_item = seen["items"].page_item
    return [
        {records[p]["id"] for p in np.flatnonzero(np.isin(page_item, unit)).tolist()}
        for unit in seen["units"].items
    ]


def test_a_unit_never_holds_two_kinds_of_file_name():
    units = _stage_a_units(_reference_pages())
    groups = {f"group__{w}.html" for w in ["alpha", "beta", "gamma", "delta"]}
    # Identical pages, but two kinds of name: two units. The plain names,
    # which name no kind, go with the larger kind (five member lists).
    assert groups in units
    members = next(u for u in units if "classAlpha-members.html" in u)
    assert {"intro.html", "usage.html"} <= members
    assert not members & groups
    assert len(units) == 2


def test_names_without_a_kind_do_not_split_a_unit():
    # The same pages under plain names: nothing tells them apart.
    records = _reference_pages()
    for k, r in enumerate(records):
        r["paths"] = ["doc", f"page{k}.html"]
    assert len(_stage_a_units(records)) == 1
