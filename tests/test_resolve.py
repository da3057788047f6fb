import pytest

from page_cluster import InvalidPageError, Page, resolve_page_cluster_keys

from .conftest import keys_in_shuffled_order, readme_pages


def test_readme_example():
    keys = resolve_page_cluster_keys(readme_pages())
    assert keys[0] == keys[1]
    assert keys[2] != keys[0]


def test_key_format_is_a_json_array_string():
    import json

    key = resolve_page_cluster_keys(readme_pages())[0]
    parsed = json.loads(key)
    assert isinstance(parsed, list) and len(parsed) == 2
    assert parsed[0].startswith(("css:", "path:")) and parsed[1].startswith("cluster:")


def test_accepts_pages_iterables_and_factories():
    as_pages = [
        Page(html=p["html"], paths=tuple(p["paths"]), stylesheet_hrefs=tuple(p["stylesheetHrefs"]))
        for p in readme_pages()
    ]
    a = resolve_page_cluster_keys(readme_pages())
    assert resolve_page_cluster_keys(as_pages) == a
    assert resolve_page_cluster_keys(iter(readme_pages())) == a
    assert resolve_page_cluster_keys(readme_pages) == a


def test_empty_input():
    assert resolve_page_cluster_keys([]) == []


def test_bad_record_names_its_position():
    with pytest.raises(InvalidPageError, match="page 1"):
        resolve_page_cluster_keys([{"html": "<p>x</p>"}, {"paths": ["a"]}])


def partition(keys):
    groups = {}
    for i, k in enumerate(keys):
        groups.setdefault(k, []).append(i)
    return sorted(sorted(g) for g in groups.values())


def test_deterministic_and_input_order_independent(sample_records):
    records = sample_records[:150]
    keys, back = keys_in_shuffled_order(resolve_page_cluster_keys, records, seed=7)
    assert resolve_page_cluster_keys(records) == keys
    assert back == keys  # same keys for the same pages, whatever the order


def test_progress_events_cover_the_phases(sample_records):
    events = []
    resolve_page_cluster_keys(sample_records[:60], on_progress=events.append)
    phases = [e.phase for e in events]
    assert (
        "pass0-signals" in phases and "pass1-block-complete" in phases and "stage-b-start" in phases
    )
    last_block = [e for e in events if e.phase == "pass1-block-complete"][-1]
    assert last_block.blocks_processed == last_block.total_blocks
