import random

import pytest

from page_cluster import InvalidPageError, Page, resolve_page_cluster_keys


def readme_pages():
    return [
        {
            "paths": ["news", "1"],
            "stylesheetHrefs": ["/a.css"],
            "html": "<body><article>one</article></body>",
        },
        {
            "paths": ["news", "2"],
            "stylesheetHrefs": ["/a.css"],
            "html": "<body><article>two</article></body>",
        },
        {
            "paths": ["about"],
            "stylesheetHrefs": ["/a.css"],
            "html": "<body><section>about</section></body>",
        },
    ]


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
    keys = resolve_page_cluster_keys(records)
    assert resolve_page_cluster_keys(records) == keys
    order = list(range(len(records)))
    random.Random(7).shuffle(order)
    shuffled = resolve_page_cluster_keys([records[i] for i in order])
    # Same keys for the same pages, whatever the order.
    back = [None] * len(records)
    for pos, i in enumerate(order):
        back[i] = shuffled[pos]
    assert back == keys


def test_progress_events_cover_the_phases(sample_records):
    events = []
    resolve_page_cluster_keys(sample_records[:60], on_progress=events.append)
    phases = [e.phase for e in events]
    assert (
        "pass0-signals" in phases and "pass1-block-complete" in phases and "stage-b-start" in phases
    )
    last_block = [e for e in events if e.phase == "pass1-block-complete"][-1]
    assert last_block.blocks_processed == last_block.total_blocks
