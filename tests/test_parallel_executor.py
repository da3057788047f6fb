"""The bounded process-pool map shared by spawned parsing and content extraction."""

from __future__ import annotations

import multiprocessing

import pytest

import page_cluster.parallel.executor as executor
from page_cluster.parallel.executor import bounded_map

_OFFSET = 0


def _set_offset(value: int) -> None:
    global _OFFSET
    _OFFSET = value


def _square_plus(x: int) -> int:
    return x * x + _OFFSET


def _fail_on_three(x: int) -> int:
    if x == 3:
        raise ValueError("three")
    return x


@pytest.fixture(params=["spawn", "default"])
def context(request, monkeypatch):
    if request.param == "spawn":
        monkeypatch.setattr(executor, "pool_context", lambda: multiprocessing.get_context("spawn"))
    return request.param


def test_ordered_results_follow_the_input(context) -> None:
    items = [(f"k{i}", i) for i in range(20)]
    got = list(
        bounded_map(
            _square_plus, items, jobs=2, in_flight=3, initializer=_set_offset, initargs=(5,)
        )
    )
    assert got == [(f"k{i}", i * i + 5) for i in range(20)]


def test_unordered_results_cover_every_key_once(context) -> None:
    got = dict(
        bounded_map(_square_plus, ((i, i) for i in range(15)), jobs=2, in_flight=2, ordered=False)
    )
    assert got == {i: i * i for i in range(15)}


@pytest.mark.parametrize("ordered", [True, False])
def test_items_are_read_lazily(ordered: bool) -> None:
    pulled = []

    def items():
        for i in range(50):
            pulled.append(i)
            yield i, i

    results = bounded_map(_square_plus, items(), jobs=2, in_flight=4, ordered=ordered)
    next(results)
    # At most the tasks in flight, plus the one whose submission filled them.
    assert len(pulled) <= 5
    results.close()


def test_on_start_is_called_once_and_errors_reach_the_caller() -> None:
    started = []
    results = bounded_map(
        _fail_on_three,
        ((i, i) for i in range(6)),
        jobs=2,
        in_flight=2,
        on_start=lambda: started.append(1),
    )
    with pytest.raises(ValueError, match="three"):
        list(results)
    assert started == [1]
