from page_cluster.clustering.blocking import first_party_hrefs, normalize_href, resolve_block_keys


def test_first_party_filter_keeps_relative_and_same_site():
    hrefs = [
        "/a.css",
        "../b.css",
        "https://example.com/c.css",
        "https://static.example.com/d.css",
        "https://cdn.other.net/e.css",
        "//fonts.example.org/f.css",
        "data:text/css,p{}",
    ]
    assert first_party_hrefs(hrefs, "example.com") == (
        "../b.css",
        "/a.css",
        "https://example.com/c.css",
        "https://static.example.com/d.css",
    )


def test_root_relative_hrefs_count_even_with_a_host():
    assert first_party_hrefs(["/a.css"], "example.com") == ("/a.css",)


def test_cache_busters_do_not_split():
    assert normalize_href("/s.css?v=2022.1#x") == "/s.css"
    r = resolve_block_keys([["a", "1"], ["a", "2"]], [["/s.css?v=1"], ["/s.css?v=2"]], ["h", "h"])
    assert r.keys[0] == r.keys[1] and r.keys[0].startswith("css:")


def test_stylesheet_sets_and_hosts_separate_blocks():
    r = resolve_block_keys(
        [["a", "1"], ["a", "2"], ["a", "3"]],
        [["/s.css"], ["/s.css", "/t.css"], ["/s.css"]],
        ["one.example", "one.example", "two.example"],
    )
    assert len(set(r.keys)) == 3
    assert r.reasons[r.keys[0]].to_json() == {
        "kind": "css",
        "distinctiveStylesheetHrefs": ["/s.css"],
    }


def test_orphans_join_the_single_css_block_of_their_section():
    r = resolve_block_keys(
        [["news", "1"], ["news", "2"], ["docs", "1"], ["docs", "2"]],
        [["/a.css"], [], [], []],
        [None] * 4,
    )
    assert r.keys[1] == r.keys[0]
    assert r.orphan_path_keys == {1: "path:news"}
    assert r.keys[2] == r.keys[3] == "path:docs"
    assert r.reasons["path:docs"].to_json() == {"kind": "path", "pathKey": "docs"}


def test_orphans_stay_when_their_section_is_ambiguous():
    r = resolve_block_keys(
        [["news", "1"], ["news", "2"], ["news", "3"]], [["/a.css"], ["/b.css"], []], [None] * 3
    )
    assert r.keys[2] == "path:news"


def test_a_repeated_stylesheet_list_gets_the_same_key_per_host_and_odd_hrefs_do_not_crash():
    r = resolve_block_keys(
        [["a", "1"], ["a", "2"], ["a", "3"], ["a", "4"], ["a", "5"]],
        [["/s.css"], ["/s.css"], ["/s.css"], [["/s.css"], "/s.css"], [{"x": 1}]],
        ["one.example", "one.example", "two.example", "one.example", "one.example"],
    )
    assert r.keys[0] == r.keys[1] != r.keys[2]
    # A crawl record's non-text href is skipped, not hashed or memoised.
    assert r.keys[3] == r.keys[0]
    assert r.keys[4] == r.keys[0]  # no stylesheet: joins its section's only css block
    assert r.orphan_path_keys == {4: "path:one.example/a"}
