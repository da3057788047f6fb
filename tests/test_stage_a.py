import numpy as np
import scipy.sparse as sp

from page_cluster.clustering.stage_a import cluster_block, quorum_core


def rows_to_matrix(rows: list[list[int]], n_tokens: int) -> sp.csr_matrix:
    data, ind, ptr = [], [], [0]
    for r in rows:
        ind.extend(sorted(r))
        data.extend([1.0] * len(r))
        ptr.append(len(ind))
    return sp.csr_matrix((data, ind, ptr), shape=(len(rows), n_tokens))


def test_two_templates_are_separated_and_variants_kept_together():
    skeleton_a = list(range(0, 20))
    skeleton_b = list(range(0, 5)) + list(range(30, 45))
    rows = [
        [*skeleton_a, 50],
        [*skeleton_a, 51],
        [*skeleton_a, 52, 53],
        skeleton_a,
        [*skeleton_b, 60],
        skeleton_b,
        [*skeleton_b, 61],
    ]
    m = rows_to_matrix(rows, 70)
    res = cluster_block(m, np.arange(7), np.ones(7, dtype=np.int64), np.ones(70))
    labels = res.labels.tolist()
    assert len(set(labels[:4])) == 1 and len(set(labels[4:])) == 1
    assert labels[0] != labels[4]
    assert labels[0] == 0  # numbered by first member


def test_single_signature_block():
    m = rows_to_matrix([[1, 2, 3]], 5)
    assert cluster_block(m, np.array([0]), np.array([3]), np.ones(5)).labels.tolist() == [0]


def test_zero_weight_tokens_are_ignored():
    rows = [[0, 1, 2, 10], [0, 1, 2, 11], [0, 1, 2, 12]]
    m = rows_to_matrix(rows, 13)
    w = np.ones(13)
    w[10:] = 0.0
    res = cluster_block(m, np.arange(3), np.ones(3, dtype=np.int64), w)
    assert len(set(res.labels.tolist())) == 1


def test_quorum_core_uses_page_counts():
    m = rows_to_matrix([[0, 1], [0, 2], [0, 3]], 4)
    core = quorum_core(m, np.arange(3), np.array([8, 1, 1]))
    assert core.tolist() == [0, 1]
