"""Few pages per template: what an analyst gets from a sample or a small site.

Templates that differ by the element they put right inside ``<main>`` must
stay apart even when each shows on one to three pages, where no statistic
over pages can yet call their parts established.
"""

from __future__ import annotations

import random

import numpy as np
from sklearn.metrics import adjusted_rand_score

from page_cluster.api.resolve import run_clustering

HEADER = '<header class="site"><nav class="menu"><a href="/">Home</a><a href="/news/">News</a></nav></header>'
FOOTER = '<footer class="site"><p class="legal">(c) Town library</p></footer>'


def _page(url: str, main: str) -> dict:
    html = (
        f'<html><body><div class="layout">{HEADER}<main>{main}</main>{FOOTER}</div></body></html>'
    )
    return {"url": url, "html": html, "stylesheetHrefs": ["/css/site.css"]}


def _prose(rng: random.Random) -> str:
    blocks = []
    for _ in range(rng.randint(2, 5)):
        kind = rng.choice(["p", "p", "ul", "blockquote", "h2"])
        if kind == "ul":
            blocks.append("<ul>" + "<li>item</li>" * rng.randint(2, 4) + "</ul>")
        elif kind == "blockquote":
            blocks.append("<blockquote><p>quoted words</p></blockquote>")
        else:
            blocks.append(f"<{kind}>Some words of the writer.</{kind}>")
    return "".join(blocks)


def _small_site(seed: int) -> list[tuple[dict, str]]:
    rng = random.Random(seed)
    pages: list[tuple[dict, str]] = []
    for i in range(6):
        comments = (
            '<section class="comments"><h2>Comments</h2><ol><li>Nice.</li></ol></section>'
            if i % 3 == 0
            else ""
        )
        main = (
            f'<article class="news-article"><header class="article-head"><h1>News {i}</h1>'
            f'<p class="date">2026-01-0{i + 1}</p></header>'
            f'<div class="article-body">{_prose(rng)}</div></article>{comments}'
        )
        pages.append((_page(f"https://town.example/news/{i}.html", main), "article"))
    for i in range(3):
        main = (
            f'<div class="profile"><img class="portrait" src="/p{i}.jpg"><h1>Person {i}</h1>'
            f'<p class="role">Librarian</p><div class="bio">{_prose(rng)}</div></div>'
        )
        pages.append((_page(f"https://town.example/staff/{i}.html", main), "profile"))
    items = "".join(
        f'<li class="news-item"><a href="/news/{i}.html">News {i}</a></li>' for i in range(5)
    )
    pages.append(
        (
            _page(
                "https://town.example/news/",
                f'<h1>News</h1><ul class="news-list">{items}</ul>'
                '<nav class="pager"><a href="?page=2">Next</a></nav>',
            ),
            "list",
        )
    )
    pages.append(
        (
            _page(
                "https://town.example/search/q.html",
                '<form class="search-form" role="search"><input type="search"><button type="submit">Go</button>'
                '</form><ol class="hits"><li class="hit"><a href="/x">x</a><p class="snippet">s</p></li></ol>',
            ),
            "search",
        )
    )
    pages.append(
        (
            _page(
                "https://town.example/events/1.html",
                '<div class="event"><h1>Reading hour</h1><dl class="event-facts"><dt>When</dt><dd>Friday</dd>'
                f'</dl><div class="event-desc">{_prose(rng)}</div><a class="button" href="/book">Book</a></div>',
            ),
            "event",
        )
    )
    return pages


def test_templates_with_one_to_six_pages_each_keep_their_own_clusters() -> None:
    # The articles' comments area is an optional part beside the article, not
    # a template of its own; each page type is exactly one cluster.
    for seed in range(3):
        pairs = _small_site(seed)
        keys = list(run_clustering([p for p, _ in pairs]).page_keys)
        labels = [label for _, label in pairs]
        for label in set(labels):
            mine = {k for k, t in zip(keys, labels, strict=True) if t == label}
            assert len(mine) == 1, (seed, label)
            assert all(t == label for k, t in zip(keys, labels, strict=True) if k in mine)


def test_small_random_samples_of_the_bundled_crawl_keep_templates_apart(
    sample_records: list[dict], sample_labels: dict[str, str]
) -> None:
    # The sampling an analyst does: 12 to 20 pages drawn at random.
    scores = []
    for seed in range(20):
        rng = random.Random(seed)
        records = rng.sample(sample_records, rng.randint(12, 20))
        keys = list(run_clustering(records).page_keys)
        truth = [sample_labels[r["id"]] for r in records]
        assert not (len(set(truth)) >= 2 and len(set(keys)) == 1), seed
        scores.append(adjusted_rand_score(truth, keys))
    assert sum(scores) / len(scores) >= 0.9


def test_the_whole_bundled_crawl_is_exactly_its_templates(
    sample_records: list[dict], sample_labels: dict[str, str]
) -> None:
    # Its contact and sitemap pages (three each, one per language) differ by a
    # form against a nested link list: a list whose few pages show one child
    # set is no writer's container.
    keys = list(run_clustering(sample_records).page_keys)
    truth = [sample_labels[r["id"]] for r in sample_records]
    groups: dict[str, set[str]] = {}
    for key, label in zip(keys, truth, strict=True):
        groups.setdefault(key, set()).add(label)
    assert all(len(labels) == 1 for labels in groups.values())
    assert len(groups) == len(set(truth))


def test_blocks_below_a_layout_wrapper_inside_main_are_placed_too() -> None:
    # An Eleventy site wraps every page's content in one custom element inside
    # <main>; its about pages (two), contact page (one) and posts (five) are
    # each their own cluster. Its home page lists the posts like the three
    # listing pages and stays with them (its other block reads as optional).
    from .theme_sites import SITES

    pairs = SITES["tiny"](0)
    keys = list(run_clustering([record for record, _ in pairs]).page_keys)
    labels = [label for _, label in pairs]
    for template in ("about", "contact", "post"):
        mine = {k for k, t in zip(keys, labels, strict=True) if t == template}
        assert len(mine) == 1, template
        assert all(t == template for k, t in zip(keys, labels, strict=True) if k in mine)


def test_a_main_area_crowded_with_named_blocks_places_none_of_them() -> None:
    # Dozens of named blocks side by side in <main> are content, not one
    # template's block; and the pairing of blocks stays bounded.
    import numpy as np

    from page_cluster.clustering.template_tokens import (
        MAX_MAIN_BLOCKS,
        positional_tokens,
        self_named_tokens,
    )
    from page_cluster.signatures.binary_rows import BinaryRows
    from page_cluster.signatures.corpus import token_info

    n = MAX_MAIN_BLOCKS + 1
    tokens = sorted(
        ["body", "body>main", "body>main>.alone"] + [f"body>main>.b{i}" for i in range(n)]
    )
    info = token_info(tokens)
    col = {t: i for i, t in enumerate(tokens)}
    crowded = [col["body"], col["body>main"]] + [col[f"body>main>.b{i}"] for i in range(n)]
    single = [col["body"], col["body>main"], col["body>main>.alone"]]
    rows = BinaryRows.from_pairs(
        np.array([0] * len(crowded) + [1] * len(single)),
        np.array(crowded + single),
        2,
        len(tokens),
    )
    placed = positional_tokens(tokens, info, self_named_tokens(tokens, info), rows)
    assert [tokens[i] for i in np.flatnonzero(placed)] == ["body>main>.alone"]


def _manual_page(i: int, *, sections: int, program_links: bool) -> dict:
    intro = "<p>This page explains a feature.</p>"
    if program_links:
        intro += "".join(
            f'<p><code class="program"><a href="/programs/t{k}.html">t{k}</a></code></p>'
            for k in range(3)
        )
    toc = "".join(f'<li><a href="#s{k}">Part {k}</a></li>' for k in range(sections))
    body = "".join(
        f'<div class="section"><h2 id="s{k}">Part {k}</h2><p>Words.</p></div>'
        for k in range(sections)
    )
    quick = f'<div id="quickview"><ul id="toc">{toc}</ul></div>' if sections else ""
    content = f'<div id="preamble"><h1>Page {i}</h1>{intro}</div>{quick}{body}'
    return _manual_record(f"page{i}.html", content)


def _manual_record(name: str, content: str) -> dict:
    """A page of the manual site: its header, ``content``, its footer."""
    html = (
        '<html><body><div id="page-header"><p class="menu"><a href="/">Manual</a></p></div>'
        f'<div id="page-content">{content}</div><div id="footer"><p>(c)</p></div></body></html>'
    )
    url = f"https://manual.example/docs/{name}"
    return {"url": url, "html": html, "stylesheetHrefs": ["/css/manual.css"]}


def test_a_writers_code_words_in_a_paragraph_are_not_a_template_of_their_own() -> None:
    # A manual page that is only its introduction, naming programs in
    # paragraphs of their own (the writer's markup, classed by the writer's
    # tool), is still a manual page: a paragraph's inline elements are text,
    # not a block its template has where the others have sections.
    pages = [_manual_page(i, sections=1 + i % 3, program_links=False) for i in range(11)]
    pages.append(_manual_page(11, sections=0, program_links=True))
    keys = list(run_clustering(pages).page_keys)
    assert len(set(keys)) == 1
    # A classed paragraph is a template's own line: what it holds stays structure.
    from page_cluster.clustering.template_tokens import prose_markup_tokens
    from page_cluster.signatures.corpus import token_info

    toks = ["body", "body>p", "body>p>code.program", "body>p.price", "body>p.price>span"]
    assert prose_markup_tokens(toks, token_info(toks)).tolist() == [False] * 2 + [
        True,
        False,
        False,
    ]


def _doc_page(i: int, *, anchors: bool) -> dict:
    sections = ""
    for k, slug in enumerate(("overview", "bugfixes", "features")[: 1 + i % 3]):
        target = f'<span id="s-{slug}"></span><span id="{slug}"></span>' if anchors else ""
        sections += (
            f'{target}<section id="sec-{k}"><h2>{slug.title()}</h2><p>Words.</p>'
            "<ul><li>one</li><li>two</li></ul></section>"
        )
    # The topics open with a contents box; the release notes do not.
    toc = (
        "" if anchors else '<nav class="contents"><ul><li><a href="#sec-0">Top</a></li></ul></nav>'
    )
    return _page(
        f"https://docs.example/en/{'releases' if anchors else 'topics'}/{i}.html",
        f'<article class="document"><h1>Page {i}</h1>{toc}{sections}</article>',
    )


def test_link_targets_a_writer_labels_headings_with_are_not_a_template() -> None:
    # Release notes label their headings (an empty span with an id before each
    # section, as a documentation generator writes a writer's labels) and
    # leave out the contents box the other documents open with. Where a reader
    # can jump is the text's, not the page's layout: one template, whose
    # contents box is optional.
    pages = [_doc_page(i, anchors=False) for i in range(8)]
    pages += [_doc_page(i, anchors=True) for i in range(8, 12)]
    keys = list(run_clustering(pages).page_keys)
    assert len(set(keys)) == 1


def test_a_highlighters_marks_in_a_code_listing_are_not_a_template_of_their_own() -> None:
    # One manual page is only its introduction and a code example that a
    # syntax highlighter marked up (spans named by token kind); the other
    # pages show their example plain. The marks are the code's, not the page's.
    pages = [_manual_page(i, sections=1 + i % 3, program_links=False) for i in range(11)]
    for page in pages:
        page["html"] = page["html"].replace("</h1>", '</h1><pre class="listing">x = 1</pre>')
    # As a highlighter writes it: every character inside a span, spaces too.
    code = (
        '<pre class="listing"><span class="kt">int</span><span class="w"> </span>'
        '<span class="n">x</span><span class="o">=</span><span class="mi">1</span></pre>'
    )
    odd = _manual_page(11, sections=0, program_links=False)
    odd["html"] = odd["html"].replace("</h1>", f"</h1>{code}")
    keys = list(run_clustering([*pages, odd]).page_keys)
    assert len(set(keys)) == 1


def _module_page(i: int, *, directives: int) -> dict:
    """A module's reference page, as a manual generator writes it: a summary
    table, a quick view of its directives (or a line saying it has none) and
    "see also" entries, then a section per directive."""
    if directives:
        toc = "".join(f'<li><a href="#d{k}">D{k}</a></li>' for k in range(directives))
        quick = f'<h3 class="directives">Directives</h3><ul id="toc">{toc}</ul>'
        see = '<li><code class="module"><a href="/mod/mod_core.html">core</a></code></li>'
    else:
        quick = "<h3>Directives</h3><p>This module provides no directives.</p>"
        see = '<li><code class="directive"><a href="/mod/core.html#x">LoadModule</a></code></li>'
    sections = "".join(
        f'<div class="directive-section"><h2 id="d{k}">D{k} Directive</h2>'
        '<table class="directive"><tr><th>Syntax:</th><td><code>D x</code></td></tr>'
        "<tr><th>Context:</th><td>server config</td></tr></table><p>What it does.</p></div>"
        for k in range(directives)
    )
    content = (
        f'<div id="preamble"><h1>Module m{i}</h1>'
        '<table class="module"><tr><th>Description:</th><td>A module.</td></tr></table></div>'
        f'<div id="quickview">{quick}<h3>See also</h3><ul class="seealso">{see}</ul></div>'
        f'<div class="section"><h2 id="summary">Summary</h2><p>Words.</p></div>{sections}'
    )
    return _manual_record(f"mod/mod_m{i}.html", content)


def test_what_a_see_also_list_names_does_not_part_pages_named_alike() -> None:
    # A module without directives says so in a line where the others list
    # theirs, and its "see also" entries name directives where the others
    # name modules. The pages are one template (``mod_*.html``): what the
    # entries of a list name is the list's data.
    pages = [_manual_page(i, sections=1 + i % 3, program_links=False) for i in range(11)]
    modules = [_module_page(i, directives=1 + i % 3) for i in range(6)]
    modules += [_module_page(i, directives=0) for i in range(6, 9)]
    keys = list(run_clustering([*pages, *modules]).page_keys)
    assert len(set(keys[:11])) == 1
    assert len(set(keys[11:])) == 1
    assert keys[0] != keys[11]


def test_a_main_element_under_another_name_is_another_layout() -> None:
    # One main area laid out two ways (a grid column beside a sidebar, a
    # wider column offset alone): a page has one main element, so the classes
    # its two names share are the grid's, not page data; each name is placed.
    # A bare main, on every page, is nothing to place.
    import numpy as np

    from page_cluster.clustering.template_tokens import positional_tokens, self_named_tokens
    from page_cluster.signatures.binary_rows import BinaryRows
    from page_cluster.signatures.corpus import token_info

    tokens = sorted(
        ["body", "body>.row", "body>.row>main.col.col--7", "body>.row>main.col.col--8.offset"]
    )
    info = token_info(tokens)
    col = {t: i for i, t in enumerate(tokens)}
    narrow = [col["body"], col["body>.row"], col["body>.row>main.col.col--7"]]
    wide = [col["body"], col["body>.row"], col["body>.row>main.col.col--8.offset"]]
    rows = BinaryRows.from_pairs(
        np.array([0] * 3 + [1] * 3), np.array(narrow + wide), 2, len(tokens)
    )
    placed = positional_tokens(tokens, info, self_named_tokens(tokens, info), rows)
    assert [tokens[i] for i in np.flatnonzero(placed)] == [
        "body>.row>main.col.col--7",
        "body>.row>main.col.col--8.offset",
    ]
    bare = sorted(["body", "body>main", "body>main>.a", "body>main>.b"])
    info = token_info(bare)
    rows = BinaryRows.from_pairs(
        np.array([0, 0, 0, 1, 1, 1]), np.array([0, 1, 2, 0, 1, 3]), 2, len(bare)
    )
    placed = positional_tokens(bare, info, self_named_tokens(bare, info), rows)
    assert [bare[i] for i in np.flatnonzero(placed)] == ["body>main>.a", "body>main>.b"]


#: What a module's page of an API manual opens with beside its heading, its
#: stability note and its example: the writer's choice, page by page.
_OPENINGS = [
    "",
    "<p>More words.</p>",
    "<h3>Notes</h3>",
    "<table><tr><td>x</td></tr></table>",
    "<p>Words.</p><h3>Notes</h3>",
    "<hr>",
    "<p>a</p><table><tr><td>x</td></tr></table>",
    "<ol><li>one</li></ol>",
]
_API_PARTS = (
    "<pre><code>f()</code></pre>",
    "<h4>Event</h4>",
    "<blockquote><p>Note</p></blockquote>",
    "<h5>Since</h5>",
    "<dl><dt>a</dt><dd>b</dd></dl>",
)


def _api_page(i: int, *, option_links: bool = False) -> dict:
    """A module's page of a one-template API manual: every page is the
    writer's sections inside one content area. Every third page lists its
    options as code words; one page instead lists them as links to the
    options' sections, and shows no example."""
    rng = random.Random(i)
    body = [f"<h2>Module {i}</h2>", "<blockquote><p>Stability: stable</p></blockquote>"]
    if option_links:
        items = "".join(f'<li><a href="#o{k}"><code>opt{k}</code></a></li>' for k in range(3))
        body.append(f"<ul>{items}</ul>")
    elif i % 3 == 0:
        body.append("<pre><code>use(m)</code></pre><ul><li><code>x</code></li><li>y</li></ul>")
    else:
        body.append("<pre><code>use(m)</code></pre>" + _OPENINGS[i % len(_OPENINGS)])
    for _ in range(rng.randint(1, 4)):
        parts = "".join(part for part in _API_PARTS if rng.random() < 0.5)
        body.append(f"<section><h3>api.f()</h3><p>Words.</p>{parts}</section>")
    html = (
        '<html><body class="apidoc"><div id="content"><div id="column1"><ul>'
        '<li><a href="/a">A</a></li><li><a href="/b">B</a></li></ul></div>'
        f'<div id="column2"><div id="apicontent">{"".join(body)}</div></div></div></body></html>'
    )
    return {"url": f"https://api.example/docs/mod{i}.html", "html": html}


def test_links_in_a_writers_list_are_not_a_template_of_their_own() -> None:
    # The list sits among the writer's blocks: that its items hold links on
    # one page and code words on the others is the writer's, and the page
    # without an example is still a module's page.
    pages = [_api_page(i) for i in range(29)] + [_api_page(29, option_links=True)]
    assert len(set(run_clustering(pages).page_keys)) == 1
    # In a navigation list the links are the template's: its items stay
    # structure wherever they sit.
    from page_cluster.clustering.template_tokens import item_markup_tokens
    from page_cluster.signatures.corpus import token_info

    toks = ["body", "body>ul", "body>ul>li", "body>ul>li>a", "body>ul>li>a.el"]
    assert item_markup_tokens(toks, token_info(toks)).tolist() == [False] * 3 + [True, False]


def _framework_page(i: int, *, shell: bool = False) -> dict:
    """A page of a site a front-end framework draws: its layout (a header
    with navigation, a sidebar, a footer) around a doc. The not-found page
    is an empty mount point the browser fills in."""
    rng = random.Random(i)
    app = ""
    if not shell:
        blocks = (
            "<p>w</p>",
            "<pre><code>c</code></pre>",
            "<ul><li>i</li></ul>",
            "<table><tr><td>t</td></tr></table>",
        )
        doc = "".join(b for b in blocks if rng.random() < 0.6)
        app = (
            '<div class="Layout"><header class="VPNav"><nav class="menu">'
            '<a href="/">Home</a><a href="/docs/">Docs</a></nav></header>'
            '<aside class="VPSidebar"><nav><ul><li><a href="/docs/a">A</a></li>'
            '<li><a href="/docs/b">B</a></li></ul></nav></aside>'
            f'<div class="VPContent"><main class="main"><div class="vp-doc"><h1>Doc {i}</h1>{doc}'
            '</div></main></div><footer class="VPFooter"><p class="copyright">(c)</p></footer></div>'
        )
    html = f'<html><body><div id="app">{app}</div><script src="/app.js"></script></body></html>'
    name = "404.html" if shell else f"docs/page{i}.html"
    return {"url": f"https://vp.example/{name}", "html": html}


def test_an_empty_shell_is_not_a_page_of_the_sites_layout() -> None:
    # The not-found page has none of the header, sidebar and footer every
    # other page has: not a doc lacking its optional parts, but a page the
    # site's layout did not draw.
    pages = [_framework_page(i) for i in range(12)] + [_framework_page(99, shell=True)]
    keys = list(run_clustering(pages).page_keys)
    assert len(set(keys[:-1])) == 1
    assert keys[-1] not in set(keys[:-1])


def _switchable_page(i: int, *, sidebar: bool = True, post: bool = False) -> dict:
    """A doc page of a front-end framework's theme. A page can switch its
    sidebar off in its front matter: the theme then drops the sidebar and the
    menu button, and marks the local navigation ``fixed``. A post (a second
    template) names its container ``doc post`` and prints a byline."""
    rng = random.Random(i)
    blocks = ("<p>w</p>", "<pre><code>c</code></pre>", "<ul><li>i</li></ul>", "<h2>h</h2>")
    doc = "".join(b for b in blocks if rng.random() < 0.7) or "<p>w</p>"
    menu = '<button class="menu"><span class="menu-text">Menu</span></button>' if sidebar else ""
    local = "local-nav empty" + ("" if sidebar else " fixed")
    aside = (
        '<aside class="sidebar"><nav><ul><li><a href="/docs/a">A</a></li>'
        '<li><a href="/docs/b">B</a></li></ul></nav></aside>'
        if sidebar
        else ""
    )
    byline = '<p class="byline"><time>May</time></p>' if post else ""
    html = (
        '<html><body><div id="app"><div class="layout"><header class="top"><nav class="menu">'
        '<a href="/">Home</a><a href="/docs/">Docs</a></nav></header>'
        f'<div class="{local}"><div class="container">{menu}'
        '<div class="outline"><button>On this page</button></div></div></div>'
        f'{aside}<div class="content"><main class="main">'
        f'<div class="doc{" post" if post else ""}"><div><h1>Doc {i}</h1>{byline}{doc}</div></div>'
        '</main></div><footer class="bottom"><p class="copyright">(c)</p></footer></div></div>'
        "</body></html>"
    )
    folder = "posts" if post else "docs" if sidebar else "."
    return {"url": f"https://site.example/{folder}/page{i}.html", "html": html}


def test_a_part_of_the_layout_switched_off_by_a_modifier_class_is_the_same_template() -> None:
    # Two pages of the doc template switch their sidebar off, so the theme
    # names their local navigation with one class more. It is the same
    # element in another state: what differs is the sidebar and the menu
    # button the switch removes, which a page lacking optional parts may lack.
    pages = [_switchable_page(i) for i in range(14)] + [
        _switchable_page(50, sidebar=False),
        _switchable_page(51, sidebar=False),
    ]
    keys = list(run_clustering(pages).page_keys)
    assert len(set(keys)) == 1


def test_a_class_more_inside_the_main_area_still_names_a_template() -> None:
    # The posts' container is the docs' one with a class more, and they add a
    # byline: inside the main area that is how a second template looks.
    pages = [_switchable_page(i) for i in range(10)]
    pages += [_switchable_page(20 + i, post=True) for i in range(10)]
    keys = list(run_clustering(pages).page_keys)
    assert len(set(keys[:10])) == 1
    assert len(set(keys[10:])) == 1
    assert keys[0] != keys[10]


def _handbook_page(i: int, *, toc: bool = True, landing: bool = False) -> dict:
    """A page of a documentation theme: the site's header, then a doc with the
    navigation sidebar on its left and, unless switched off, the table of
    contents on its right. A landing page has neither region: a hero (a title,
    a tagline, a button) and then the writer's text."""
    rng = random.Random(i)
    blocks = ("<p>w</p>", "<pre><code>c</code></pre>", "<ul><li>i</li></ul>", "<h2>h</h2>")
    text = "".join(b for b in blocks if rng.random() < 0.7) or "<p>w</p>"
    nav = (
        '<nav class="sidebar"><ul class="top-level"><li><details><summary>Start</summary>'
        '<ul><li><a href="/a/">A</a></li><li><a href="/b/">B</a></li></ul></details></li>'
        "</ul></nav>"
    )
    contents = (
        '<aside class="right-sidebar"><nav class="toc"><h2>On this page</h2>'
        '<ul><li><a href="#top">Overview</a></li></ul></nav></aside>'
    )
    if landing:
        nav = contents = ""
        top = (
            '<div class="hero"><div class="copy"><h1>Welcome</h1><p class="tagline">t</p></div>'
            '<div class="actions"><a class="button" href="/a/">Start</a></div></div>'
        )
    else:
        contents = contents if toc else ""
        top = f"<h1>Doc {i}</h1>"
    html = (
        '<html><body><div class="page"><header class="header"><a class="site-title" href="/">'
        f'Handbook</a></header>{nav}<div class="main-frame">{contents}<main>'
        f'<div class="content-panel">{top}</div>'
        f'<div class="content-panel"><div class="markdown">{text}</div></div>'
        "</main></div></div></body></html>"
    )
    return {"url": f"https://handbook.example/guide/{i}/", "html": html}


def test_a_page_without_the_layouts_sidebars_and_with_a_hero_is_another_template() -> None:
    # Landing pages leave out the navigation sidebar and the table of
    # contents every doc has, and open with a hero no doc has: whether a page
    # has a region of the layout at all is its template's. Docs whose table of
    # contents is switched off only lack a region: optional, the same template.
    docs = [_handbook_page(i) for i in range(9)] + [
        _handbook_page(i, toc=False) for i in (9, 10, 11)
    ]
    pages = [*docs, _handbook_page(20, landing=True), _handbook_page(21, landing=True)]
    keys = list(run_clustering(pages).page_keys)
    assert len(set(keys[:12])) == 1
    assert keys[12] == keys[13]
    assert keys[12] != keys[0]


def _framed_page(i: int, *, typeset: bool = False, wide: bool = False) -> dict:
    """A page whose wrapper holds the site's header, sidebar and the box
    around <main>. A post types its box as an article (a class more on the
    box); a wide page marks the whole page wrapper (a class more there)."""
    page = "page" + (" page-wide" if wide else "")
    box = "box nx-pb-8" + (" typeset-article" if typeset else "")
    html = (
        f'<html><body><div class="{page}"><header class="top"><a href="/">Site</a></header>'
        '<aside class="side"><ul><li><a href="/a">A</a></li></ul></aside>'
        f'<article class="{box}"><main class="nx-pt-4"><h1>Page {i}</h1><p>w</p></main>'
        "</article></div></body></html>"
    )
    return {"url": f"https://framed.example/p{i}.html", "html": html}


def test_only_the_box_around_the_main_area_folds_not_the_page_wrapper() -> None:
    # The box that holds <main> and nothing of the site's chrome is a part of
    # the layout: its class more (the theme's typesetting) is that box in
    # another state. The wrapper that holds the chrome too names the page's
    # state as <body> does, and keeps its name.
    from page_cluster.clustering.pipeline import _HostRows, _plain_columns

    pages = [_framed_page(i) for i in range(3)]
    pages += [_framed_page(10, typeset=True), _framed_page(11, wide=True)]
    corpus = run_clustering(pages).corpus
    tokens, info = corpus.tokens, corpus.info
    cols = np.arange(len(tokens))
    sigs = np.asarray(corpus.page_sig, dtype=np.int64)
    host = _HostRows(corpus.rows, sigs, np.ones(len(sigs)))
    own = _plain_columns(tokens, info, cols, host)
    assert own is not None
    name = {t: k for k, t in enumerate(tokens)}
    typeset = next(t for t in tokens if t.endswith("typeset-article"))
    plain = typeset.replace(".typeset-article", "")
    assert own[name[typeset]] == name[plain]
    wide = next(t for t in tokens if t.endswith("page-wide"))
    assert own[name[wide]] == name[wide]


def _routed_doc(path: str, i: int, *, sidebar: bool = True) -> dict:
    """A doc whose content wrapper carries the page's address as a class
    (``_guide_kale`` at ``guide/kale.html``), as some generators print it.
    A doc in the guide's sidebar has it and links to its neighbours below
    the text; one outside the sidebar has neither."""
    rng = random.Random(i)
    private = "_" + path.removesuffix(".html").replace("/", "_")
    side = (
        '<aside class="sidebar"><nav class="tree"><a href="/guide/kale.html">Kale</a>'
        '<a href="/guide/beans.html">Beans</a></nav></aside>'
        if sidebar
        else ""
    )
    pager = (
        '<footer class="doc-footer"><nav class="prev-next"><div class="pager">'
        '<a class="pager-link prev"><span class="desc">Previous</span>'
        '<span class="title">Kale</span></a></div></nav></footer>'
        if sidebar
        else ""
    )
    code = (
        '<div class="language-py"><button class="copy"></button><span class="lang">py</span>'
        '<pre class="shiki"><code><span class="line">x = 1</span></code></pre></div>'
    )
    html = (
        '<html><body><div id="app"><div class="layout"><header class="nav"><a href="/">Plots'
        f'</a></header>{side}<div class="content"><main class="main">'
        f'<div class="doc {private}"><div><h1>Doc {i}</h1>{_prose(rng)}{code}</div></div>'
        f"</main>{pager}</div></div></div></body></html>"
    )
    return {"url": f"https://plots.example/{path}", "html": html}


def test_a_short_address_class_on_the_content_wrapper_is_no_template() -> None:
    # A top-level doc's address is one short word (``_news``), a nested
    # doc's a long one: both name the page, not its template. Outside the
    # guide's sidebar a doc only lacks parts of the layout (optional).
    words = ("kale", "beans", "soil", "frost", "weeds", "ponds", "rye", "mint", "frogs", "bees")
    pages = [_routed_doc(f"guide/{w}.html", i) for i, w in enumerate(words)]
    pages += [
        _routed_doc(p, 10 + i, sidebar=False) for i, p in enumerate(["news.html", "faq.html"])
    ]
    keys = list(run_clustering(pages).page_keys)
    assert len(set(keys)) == 1


def _tag_listing(tag: str, page: int, *, pages: int = 2) -> dict:
    """A blog's tag listing, page ``page`` of ``pages``: post summaries, then a
    pager inside <main> linking to the newer and older pages that exist."""
    rng = random.Random(f"{tag}{page}")
    summaries = "".join(
        f'<article class="summary"><h2><a href="/p{i}/">Post {i}</a></h2><p>w</p></article>'
        for i in range(rng.randint(2, 5))
    )
    links = ""
    if page > 1:
        links += (
            '<a class="pager-link pager-link--prev" href="#"><span class="label">Newer</span></a>'
        )
    if page < pages:
        links += (
            '<a class="pager-link pager-link--next" href="#"><span class="label">Older</span></a>'
        )
    path = f"tags/{tag}/" + (f"page/{page}/" if page > 1 else "")
    html = (
        '<html><body><div class="wrapper"><header class="top"><a href="/">Plots</a></header>'
        f'<main class="col"><header class="lead"><h1>Tagged “{tag}”</h1></header>{summaries}'
        f'<nav class="pager">{links}</nav></main></div></body></html>'
    )
    return {"url": f"https://plots.example/{path}", "html": html}


def test_a_pagers_previous_or_next_link_is_the_pages_place_not_its_template() -> None:
    # Every tag has two pages of posts: the first links to older posts only,
    # the second to newer ones only, so no page shows both links. Which link
    # a pager holds follows the page's place in the sequence, as its address
    # does; that the listing has a pager is its template's.
    tags = ("beans", "frost", "ponds", "soil", "bees", "mint")
    pages = [_tag_listing(t, n) for t in tags for n in (1, 2)]
    keys = list(run_clustering(pages).page_keys)
    assert len(set(keys)) == 1
