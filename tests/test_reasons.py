"""Cluster reasons built from a clustering run."""

from __future__ import annotations

import json

from page_cluster import (
    build_cluster_reasons,
    extract_landmarks,
    resolve_page_cluster_keys,
    run_clustering,
)
from page_cluster.explain import is_chrome_landmark_instance, landmark_instance_tokens
from page_cluster.validation.merge import merge_key_map

HEADER = (
    '<header class="site"><a class="logo">L</a><ul class="menu"><li><a>m</a></li></ul></header>'
)
FOOTER = '<footer class="foot"><p class="copy">c</p></footer>'
ASIDE = '<aside class="side"><h2>r</h2><ul class="rel"><li><a>x</a></li></ul></aside>'


def article(i: int, aside: bool) -> dict:
    body = "".join(f"<p>{'w ' * (i + k)}</p>" for k in range(1 + i % 3))
    return {
        "id": f"a{i}",
        "paths": ["news", f"{i}.html"],
        "stylesheetHrefs": ["/site.css"],
        "html": f"<body>{HEADER}<main><article class='post'><h1>t</h1>{body}</article></main>"
        f"{ASIDE if aside else ''}{FOOTER}</body>",
    }


def listing(i: int) -> dict:
    return {
        "id": f"l{i}",
        "paths": ["news", "list", f"{i}.html"],
        "stylesheetHrefs": ["/site.css"],
        "html": f"<body>{HEADER}<main><table class='index'><tr><td>a</td><td>b</td></tr></table>"
        f"<form class='filter'><select><option>x</option></select></form></main>{FOOTER}</body>",
    }


def site() -> list[dict]:
    return [article(i, aside=i < 3) for i in range(10)] + [listing(i) for i in range(4)]


def reasons_of(pages):
    out = {}
    keys = resolve_page_cluster_keys(pages, on_cluster_reason=lambda k, r: out.__setitem__(k, r))
    return keys, out


def test_one_entry_per_final_key_and_member_counts_add_up():
    pages = site()
    keys, reasons = reasons_of(pages)
    assert keys == resolve_page_cluster_keys(pages), "reasons must not change the keys"
    assert set(reasons) == set(keys)
    assert sum(r["memberCount"] for r in reasons.values()) == len(pages)
    for key, r in reasons.items():
        assert r["memberCount"] == keys.count(key)
        assert set(r) == {
            "memberCount",
            "blocking",
            "structuralCoreTokens",
            "landmarks",
            "siblingClusterKeys",
        }
    json.dumps(reasons)


def test_landmark_profiles_presence_chrome_and_shell():
    pages = site()
    keys, reasons = reasons_of(pages)
    r = reasons[keys[0]]
    assert r["memberCount"] == 10
    header = r["landmarks"]["header"]
    assert header["presenceRate"] == 1.0 and header["chromeRate"] == 1.0
    assert header["memberCountWithInstance"] == 10
    assert "body>header.site>ul.menu>li>a" in header["shellTokens"]
    aside = r["landmarks"]["aside"]
    assert aside["presenceRate"] == 0.3 and aside["memberCountWithInstance"] == 3
    assert aside["shellTokens"] == [] and aside["chromeRate"] == 0.0
    assert "nav" not in r["landmarks"] and "search" not in r["landmarks"]
    assert "body>header.site" in r["structuralCoreTokens"]
    assert "body>main>article.post>h1" in r["structuralCoreTokens"]
    assert not any(t.startswith("body>aside") for t in r["structuralCoreTokens"])
    assert r["structuralCoreTokens"] == sorted(r["structuralCoreTokens"])


def test_shell_tokens_classify_extracted_instances():
    pages = site()
    keys, reasons = reasons_of(pages)
    shell = reasons[keys[0]]["landmarks"]["header"]["shellTokens"]
    (header,) = extract_landmarks(pages[0]["html"]).header
    assert is_chrome_landmark_instance(landmark_instance_tokens(header), shell)
    (aside,) = extract_landmarks(pages[0]["html"]).aside
    assert not is_chrome_landmark_instance(landmark_instance_tokens(aside), shell)


def test_blocking_and_symmetric_siblings():
    pages = site()
    _keys, reasons = reasons_of(pages)
    assert len(reasons) == 2
    for key, r in reasons.items():
        (entry,) = r["blocking"]
        assert entry["reason"] == {"kind": "css", "distinctiveStylesheetHrefs": ["/site.css"]}
        assert entry["blockKey"] == json.loads(key)[0]
        assert key not in r["siblingClusterKeys"]
        for other in r["siblingClusterKeys"]:
            assert key in reasons[other]["siblingClusterKeys"]
    a, b = sorted(reasons)
    assert reasons[a]["siblingClusterKeys"] == [b]


def test_path_and_orphan_merge_reasons():
    pages = [
        {
            "paths": ["docs", f"{i}.html"],
            "stylesheetHrefs": ["/d.css"],
            "html": "<body><p>x</p></body>",
        }
        for i in range(3)
    ] + [{"paths": ["docs", "9.html"], "html": "<body><p>y</p></body>"}]
    pages.append({"paths": ["blog", "1.html"], "html": "<body><ul><li>z</li></ul></body>"})
    keys, reasons = reasons_of(pages)
    docs = reasons[keys[0]]
    kinds = {e["reason"]["kind"]: e for e in docs["blocking"]}
    assert kinds["orphanMerge"] == {
        "blockKey": "path:docs",
        "reason": {"kind": "orphanMerge", "pathKey": "docs"},
    }
    assert kinds["css"]["reason"]["distinctiveStylesheetHrefs"] == ["/d.css"]
    assert reasons[keys[4]]["blocking"] == [
        {"blockKey": "path:blog", "reason": {"kind": "path", "pathKey": "blog"}}
    ]


def test_reasons_follow_merged_keys():
    pages = site()
    run = run_clustering(pages)
    a, b = sorted(set(run.page_keys))
    merged = build_cluster_reasons(run, merge_key_map([(a, b)]))
    assert list(merged) == [a]
    assert merged[a]["memberCount"] == len(pages)
    assert merged[a]["siblingClusterKeys"] == []
    assert merged[a]["landmarks"]["header"]["presenceRate"] == 1.0
    assert merged[a]["landmarks"]["aside"]["presenceRate"] == 3 / 14


def test_empty_input_has_no_reasons():
    out = {}
    assert resolve_page_cluster_keys([], on_cluster_reason=out.__setitem__) == []
    assert out == {}
    assert build_cluster_reasons(run_clustering([])) == {}
