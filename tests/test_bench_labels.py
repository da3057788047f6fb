"""The held-out bench's label functions: a site's truth is only as good as them.

Each CMS module in ``bench/`` labels a page with the template that renders it
from where the generator writes it; their examples run here, so a change to
one cannot go unnoticed by the normal test command.
"""

from __future__ import annotations

import doctest
import importlib
import json
import re
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent.parent / "bench"
MODULES = sorted(p.stem for p in BENCH.glob("cms_*.py"))


def test_every_cms_module_is_found():
    assert {"cms_blogs", "cms_hexo", "cms_wordpress", "cms_docusaurus"} <= set(MODULES)


@pytest.mark.parametrize("name", MODULES)
def test_label_examples_hold(name, monkeypatch):
    monkeypatch.syspath_prepend(str(BENCH))
    module = importlib.import_module(name)
    try:
        result = doctest.testmod(module, verbose=False)
    finally:
        sys.modules.pop(name, None)
    assert result.attempted > 0, f"{name} has no examples"
    assert result.failed == 0


@pytest.fixture
def cms_mediawiki(monkeypatch):
    monkeypatch.syspath_prepend(str(BENCH))
    module = importlib.import_module("cms_mediawiki")
    yield module
    sys.modules.pop("cms_mediawiki", None)


def test_mediawiki_labels_come_from_the_request(cms_mediawiki):
    label = cms_mediawiki.mediawiki_label_of
    # Article's view: every namespace of wikitext, the main page, a redirect's title.
    pages = (
        "Main_Page",
        "Kale",
        "Tomatoes",
        "Talk:Kale",
        "User:Maya_Fernside",
        "User_talk:Tom_Ashdown",
        "Template:Infobox_crop",
        "Hazel_Lane_Allotments:Privacy_policy",
    )
    assert {label(f"/wiki/{p}") for p in pages} == {"article"}
    assert label("/wiki/Category:Soft_fruit") == "category"
    assert label("/wiki/File:Open_day_2021.png") == "file"
    assert label("/wiki/File%3AOpen_day_2021.png") == "file"
    assert label("/index.php?title=Plot_8&action=history") == "history"
    assert label("/index.php?title=Category:Herbs&action=history") == "history"
    assert label("/wiki/Special:Categories") == "special-categories"
    assert label("/index.php?title=Special:Search&search=kale&fulltext=1") == "search"
    assert label(cms_mediawiki.MISSING) == "missing"
    # Views the crawl leaves out are no label at all.
    for url in (
        "/index.php?title=Kale&action=edit",
        "/index.php?title=Kale&oldid=3",
        "/index.php?title=Kale&action=history&offset=2024",
        "/wiki/Special:Random",
        "/wiki/Special:Upload",
        "/wiki/Kale?printable=yes",
        "/load.php",
        "/images/5/59/Kale.png",
    ):
        assert label(url) is None, url


def test_mediawiki_crawl_keeps_a_bounded_set(cms_mediawiki):
    def local(href, base="/wiki/Kale"):
        return cms_mediawiki._local(href, base, frozenset({"Plot 8"}))

    assert (
        local("/index.php?title=Plot_8&action=history") == "/index.php?title=Plot_8&action=history"
    )
    assert local("/index.php?title=Kale&action=history") is None  # not one of the ten
    assert local("http://allotments.example/wiki/Category:Herbs") == "/wiki/Category:Herbs"
    assert local("http://elsewhere.example/wiki/Kale") is None
    for href in (
        "/index.php?title=Kale&action=edit&section=1",
        "/index.php?title=Kale&action=raw",
        "/index.php?title=Kale&diff=3&oldid=2",
        "/index.php?title=Special:RecentChanges&feed=atom",
        "/wiki/Special:RecentChanges?days=30",
        "/wiki/Special:Contributions/Maya_Fernside",
        "/api.php",
        "/images/5/59/Kale.png",
    ):
        assert local(href) is None, href
    assert [local(f"/wiki/Special:{s}") for s in cms_mediawiki.SPECIALS] == [
        f"/wiki/Special:{s}" for s in cms_mediawiki.SPECIALS
    ]


def _mw_page(body: str, content: str) -> str:
    return f'<!DOCTYPE html>\n<html class="client-nojs"><head></head>\n<body class="mediawiki ltr sitedir-ltr {body} skin-vector skin-vector-legacy"><div id="content">{content}</div></body></html>'


#: The marks each view's markup carries, as MediaWiki 1.39 prints them.
MW_VIEWS = {
    "article": (
        "ns-0 ns-subject page-Kale rootpage-Kale action-view",
        '<div class="mw-parser-output"><p>Kale</p></div>',
    ),
    "category": (
        "ns-14 ns-subject page-Category_Herbs action-view",
        '<div class="mw-parser-output"><p>Herbs</p></div><div class="mw-category-generated" lang="en" dir="ltr"><div id="mw-pages">',
    ),
    "file": (
        "ns-6 ns-subject page-File_Kale_bed_png action-view",
        '<div class="fullImageLink" id="file"></div><div class="mw-parser-output"></div><h2 id="filehistory">File history</h2>',
    ),
    "history": (
        "ns-0 ns-subject page-Kale action-history",
        '<section id="pagehistory" class="mw-pager-body"><ul>',
    ),
    "missing": (
        "ns-0 ns-subject page-Plot_99 action-view",
        '<div class="noarticletext mw-content-ltr" dir="ltr" lang="en">',
    ),
    "search": (
        "ns--1 ns-special mw-special-Search page-Special_Search action-view",
        "<ul class='mw-search-results'><li class=\"mw-search-result\">",
    ),
    "special-recentchanges": (
        "mw-rcfilters-enabled ns--1 ns-special mw-special-Recentchanges action-view",
        '<div class="mw-changeslist">',
    ),
}


def test_mediawiki_markup_marks_each_view(cms_mediawiki):
    for label, (body, content) in MW_VIEWS.items():
        assert cms_mediawiki.label_in_html(_mw_page(body, content)) == label, label
    # A view whose own container is missing, or with another view's, is no view.
    assert cms_mediawiki.label_in_html(_mw_page("ns-0 action-history", "<ul>")) is None
    assert (
        cms_mediawiki.label_in_html(_mw_page("ns-14 action-view", MW_VIEWS["article"][1])) is None
    )
    assert (
        cms_mediawiki.label_in_html(_mw_page("ns-0 action-view", MW_VIEWS["category"][1])) is None
    )
    assert cms_mediawiki.label_in_html(_mw_page("ns-0 action-edit", MW_VIEWS["article"][1])) is None
    assert cms_mediawiki.label_in_html("<html><body><p>no classes</p></body></html>") is None


def test_mediawiki_pages_stop_on_a_page_the_markup_disagrees_with(
    cms_mediawiki, tmp_path, monkeypatch
):
    pages = tmp_path / "mediawiki" / "pages"
    pages.mkdir(parents=True)
    (tmp_path / "mediawiki" / "wiki").mkdir()
    (tmp_path / "mediawiki" / "wiki" / "site.json").write_text('{"history": ["Kale"]}')
    served = [
        ("/wiki/Kale", 200, MW_VIEWS["article"]),
        ("/index.php?title=Kale&action=history", 200, MW_VIEWS["history"]),
        ("/wiki/Special:RecentChanges", 200, MW_VIEWS["special-recentchanges"]),
        (
            "/wiki/Special:AllPages",
            200,
            ("ns--1 ns-special mw-special-Allpages action-view", "<ul>"),
        ),
        (
            "/wiki/Special:Categories",
            200,
            ("ns--1 ns-special mw-special-Categories action-view", "<ul>"),
        ),
        (cms_mediawiki.SEARCH, 200, MW_VIEWS["search"]),
        (cms_mediawiki.MISSING, 404, MW_VIEWS["missing"]),
    ]
    entries = []
    for n, (path, status, (body, content)) in enumerate(served):
        (pages / f"{n:04d}.html").write_text(_mw_page(body, content))
        entries.append({"path": path, "status": status, "file": f"{n:04d}.html"})
    (pages / "pages.json").write_text(json.dumps(entries))
    monkeypatch.setattr(cms_mediawiki, "build_mediawiki", lambda data: pages)
    labels = [label for _, _, label in cms_mediawiki.mediawiki_pages(tmp_path)]
    assert labels == [
        "article",
        "history",
        "special-recentchanges",
        "special-allpages",
        "special-categories",
        "search",
        "missing",
    ]
    # The article's URL now serves a category's markup: the site is refused.
    (pages / "0000.html").write_text(_mw_page(*MW_VIEWS["category"]))
    with pytest.raises(SystemExit, match="/wiki/Kale"):
        cms_mediawiki.mediawiki_pages(tmp_path)
    # A missing page served with 200 is refused too.
    (pages / "0000.html").write_text(_mw_page(*MW_VIEWS["article"]))
    entries[-1]["status"] = 200
    (pages / "pages.json").write_text(json.dumps(entries))
    with pytest.raises(SystemExit, match="Plot_99"):
        cms_mediawiki.mediawiki_pages(tmp_path)


@pytest.fixture
def cms_dokuwiki(monkeypatch):
    monkeypatch.syspath_prepend(str(BENCH))
    module = importlib.import_module("cms_dokuwiki")
    yield module
    sys.modules.pop("cms_dokuwiki", None)


DW_PAGES = frozenset({"start", "sidebar", "about", "tools:start", "tools:hoe", "plots:plot_8"})


def test_dokuwiki_labels_come_from_the_request(cms_dokuwiki):
    def label(url):
        return cms_dokuwiki.dokuwiki_label_of(url, DW_PAGES)

    # The show action on an id the site wrote: start pages, the sidebar too.
    pages = ("start", "tools:start", "tools:hoe", "sidebar", "about")
    assert {label(f"/doku.php?id={p}") for p in pages} == {"page"}
    assert label("/doku.php") == "page"  # no id: the start page
    assert label("/doku.php?id=tools:hoe&do=show") == "page"
    # The same action on an id nobody wrote.
    assert label("/doku.php?id=tools:rake") == "missing"
    assert label(cms_dokuwiki.MISSING) == "missing"
    assert label("/doku.php?id=start&do=index") == "index"
    assert label("/doku.php?id=plots:start&do=index") == "index"
    assert label("/doku.php?id=start&do=recent") == "recent"
    assert label(cms_dokuwiki.SEARCH) == "search"
    assert label("/doku.php?id=plots:plot_8&do=revisions") == "revisions"
    assert label("/doku.php?id=tools:start&do=media&ns=tools") == "media"
    assert label("/doku.php?id=start&do=media&ns=") == "media"
    assert label("/doku.php?id=start&do=login") == "login"
    assert (
        label("/lib/exe/detail.php?id=tools%3Ahoe&media=tools:hoe_bed.png") == "detail"
    )  # another script, another template file
    # Views the crawl leaves out are no label at all.
    for url in (
        "/doku.php?id=tools:hoe&do=edit",
        "/doku.php?id=tools:hoe&do=diff",
        "/doku.php?id=tools:hoe&do=backlink",
        "/doku.php?id=tools:hoe&rev=1709283600",
        "/doku.php?id=start&do=search",
        "/doku.php?id=start&do=media&ns=tools&tab_files=upload",
        "/doku.php?id=start&do=export_raw",
        "/lib/exe/fetch.php?media=tools:hoe_bed.png",
        "/lib/exe/detail.php?id=tools:hoe",
        "/feed.php",
    ):
        assert label(url) is None, url


def test_dokuwiki_crawl_keeps_a_bounded_set(cms_dokuwiki):
    def local(href, base="/doku.php?id=tools:hoe"):
        return cms_dokuwiki._local(href, base, frozenset({"plots:plot_8"}))

    assert (
        local("/doku.php?id=plots:plot_8&do=revisions") == "/doku.php?id=plots:plot_8&do=revisions"
    )
    assert local("/doku.php?id=tools:hoe&do=revisions") is None  # not one of the ten
    assert local("http://allotments.example/doku.php?id=tools:spade") == "/doku.php?id=tools:spade"
    assert local("/doku.php?id=tools:spade#use") == "/doku.php?id=tools:spade"
    assert local("http://elsewhere.example/doku.php?id=tools:spade") is None
    # The login form without its session token, of the start page only.
    assert local("/doku.php?id=start&do=login&sectok=") == "/doku.php?id=start&do=login"
    assert local("/doku.php?id=tools:hoe&do=login&sectok=") is None
    # Sitemaps and media managers of the top start pages only.
    assert [local(f"/doku.php?id={p}&do=index") for p in cms_dokuwiki.TOP] == [
        f"/doku.php?id={p}&do=index" for p in cms_dokuwiki.TOP
    ]
    assert local("/doku.php?id=tools:hoe&do=index") is None
    assert local("/doku.php?id=tools:start&do=media&ns=tools") == (
        "/doku.php?id=tools:start&do=media&ns=tools"
    )
    assert local("/doku.php?id=tools:hoe&do=media&ns=tools") is None
    assert local("/doku.php?id=start&do=recent") == "/doku.php?id=start&do=recent"
    assert local("/doku.php?id=tools:hoe&do=recent") is None
    detail = "/lib/exe/detail.php?id=tools%3Ahoe&media=tools:hoe_bed.png"
    assert local(detail) == detail
    for href in (
        "/doku.php?id=tools:hoe&do=edit",
        "/doku.php?id=tools:hoe&do=backlink",
        "/doku.php?id=tools:hoe&rev=1709283600&do=diff",
        "/doku.php?id=tools:hoe&rev=1709283600",
        "/doku.php?id=start&idx=plots",
        "/doku.php?id=start&do=search&sf=1&q=kale%2A",
        "/doku.php?id=tools:start&ns=tools&tab_files=files&do=media",
        "/doku.php?id=tools:hoe&s[]=kale",
        "/doku.php?do=export_xhtml&id=tools:hoe",
        "/lib/exe/fetch.php?media=tools:hoe_bed.png",
        "/feed.php?mode=list&ns=",
        "https://en.wikipedia.org/wiki/Kale",
    ):
        assert local(href) is None, href


def _dw_page(classes: str, content: str) -> str:
    return (
        '<!DOCTYPE html>\n<html lang="en" dir="ltr" class="no-js"><head></head>\n<body>\n'
        f'    <div id="dokuwiki__site"><div id="dokuwiki__top" class="site dokuwiki {classes}">'
        f'<div class="wrapper group">{content}</div></div></div></body></html>'
    )


#: The marks each view's markup carries, as DokuWiki 2022-07-31 prints them.
DW_VIEWS = {
    "page": (
        "mode_show tpl_dokuwiki    showSidebar hasSidebar",
        '<div class="page group"><h1 class="sectionedit1" id="hoe">Hoe</h1></div>',
    ),
    "missing": (
        "mode_show tpl_dokuwiki  notFound  showSidebar hasSidebar",
        '<div class="page group"><h1 class="sectionedit1" id="this_topic_does_not_exist_yet">',
    ),
    "index": (
        "mode_index tpl_dokuwiki   home  hasSidebar",
        '<div id="index__tree" class="index__tree"><ul class="idx">',
    ),
    "recent": (
        "mode_recent tpl_dokuwiki   home  hasSidebar",
        '<form id="dw__recent" method="GET" action="/doku.php?id=start" class="changes doku_form">',
    ),
    "search": (
        "mode_search tpl_dokuwiki   home  hasSidebar",
        '<dl class="search_results"><div class="search_fullpage_result">',
    ),
    "revisions": (
        "mode_revisions tpl_dokuwiki     hasSidebar",
        '<form id="page__revisions" class="changes doku_form" method="post">',
    ),
    "media": (
        "mode_media tpl_dokuwiki   home  hasSidebar",
        '<div id="mediamanager__page"><h1>Media Manager</h1>',
    ),
    "login": (
        "mode_login tpl_dokuwiki   home  hasSidebar",
        '<form id="dw__login" action="/doku.php?id=start" method="post">',
    ),
    "detail": (
        "mode_ tpl_dokuwiki   ",
        '<div class="wrapper group" id="dokuwiki__detail"><h1>hoe_bed.png</h1>',
    ),
}


def test_dokuwiki_markup_marks_each_view(cms_dokuwiki):
    label_in_html = cms_dokuwiki.label_in_html
    for label, (classes, content) in DW_VIEWS.items():
        assert label_in_html(_dw_page(classes, content)) == label, label
    # A view whose own element is missing, or with another view's, is no view.
    assert label_in_html(_dw_page("mode_index tpl_dokuwiki", DW_VIEWS["page"][1])) is None
    assert label_in_html(_dw_page("mode_show tpl_dokuwiki", DW_VIEWS["login"][1])) is None
    assert label_in_html(_dw_page("mode_ tpl_dokuwiki", DW_VIEWS["page"][1])) is None
    assert label_in_html(_dw_page("mode_edit tpl_dokuwiki", DW_VIEWS["page"][1])) is None
    assert label_in_html("<html><body><p>no site</p></body></html>") is None


def test_dokuwiki_pages_stop_on_a_page_the_markup_disagrees_with(
    cms_dokuwiki, tmp_path, monkeypatch
):
    root = tmp_path / "dokuwiki"
    pages = root / "pages"
    pages.mkdir(parents=True)
    site = {
        "pages": ["start", "tools:hoe"],
        "history": ["tools:hoe"],
        "wanted": [],
        "media": ["tools:hoe_bed.png"],
    }
    (root / "site.json").write_text(json.dumps(site))
    monkeypatch.setattr(cms_dokuwiki, "TOP", ("start",))
    served = [
        ("/doku.php?id=start", "page"),
        ("/doku.php?id=tools:hoe", "page"),
        ("/doku.php?id=tools:hoe&do=revisions", "revisions"),
        ("/doku.php?id=start&do=index", "index"),
        ("/doku.php?id=start&do=media&ns=", "media"),
        ("/doku.php?id=start&do=recent", "recent"),
        ("/doku.php?id=start&do=login", "login"),
        ("/lib/exe/detail.php?id=tools%3Ahoe&media=tools:hoe_bed.png", "detail"),
        (cms_dokuwiki.MISSING, "missing"),
        (cms_dokuwiki.SEARCH, "search"),
    ]
    entries = []
    for n, (path, view) in enumerate(served):
        (pages / f"{n:04d}.html").write_text(_dw_page(*DW_VIEWS[view]))
        entries.append({"path": path, "status": 200, "file": f"{n:04d}.html"})
    (pages / "pages.json").write_text(json.dumps(entries))
    monkeypatch.setattr(cms_dokuwiki, "build_dokuwiki", lambda data: pages)
    labels = [label for _, _, label in cms_dokuwiki.dokuwiki_pages(tmp_path)]
    assert labels == [view for _, view in served]
    # The page's URL now serves the missing page's markup: the site is refused.
    (pages / "0001.html").write_text(_dw_page(*DW_VIEWS["missing"]))
    with pytest.raises(SystemExit, match="tools:hoe"):
        cms_dokuwiki.dokuwiki_pages(tmp_path)
    # A crawl that did not reach every revisions page is refused too.
    (pages / "0001.html").write_text(_dw_page(*DW_VIEWS["page"]))
    (pages / "pages.json").write_text(json.dumps(entries[:2] + entries[3:]))
    with pytest.raises(SystemExit, match="expected pages"):
        cms_dokuwiki.dokuwiki_pages(tmp_path)


def test_dokuwiki_sources_are_the_seeds_and_dokuwikis_own_edits(cms_dokuwiki, tmp_path):
    first = cms_dokuwiki.write_site(tmp_path / "a", 0)
    cms_dokuwiki.write_site(tmp_path / "b", 0)

    def files(root):
        return {
            p.relative_to(root).as_posix(): p.read_bytes() for p in root.rglob("*") if p.is_file()
        }

    assert files(tmp_path / "a") == files(tmp_path / "b")
    data = tmp_path / "a" / "data"
    assert len(first["pages"]) == len(list((data / "pages").rglob("*.txt")))
    # Each page's file time is its last changelog line's date, and the attic
    # holds each revision: DokuWiki logs no external edit of its own.
    for page in first["pages"]:
        rel = page.replace(":", "/")
        log = (data / "meta" / f"{rel}.changes").read_text().splitlines()
        dates = [int(line.split("\t")[0]) for line in log]
        assert int((data / "pages" / f"{rel}.txt").stat().st_mtime) == dates[-1]
        for date in dates:
            assert (data / "attic" / f"{rel}.{date}.txt.gz").is_file()
        assert [line.split("\t")[2] for line in log] == ["C"] + ["E"] * (len(log) - 1)
    assert all(
        len((data / "meta" / f"{p.replace(':', '/')}.changes").read_text().splitlines()) >= 3
        for p in first["history"]
    )
    wiki_log = (data / "meta" / "_dokuwiki.changes").read_text().splitlines()
    assert wiki_log == sorted(wiki_log)
    assert {line.split("\t")[3] for line in wiki_log} == set(first["pages"])


@pytest.fixture
def cms_hugo(monkeypatch):
    monkeypatch.syspath_prepend(str(BENCH))
    module = importlib.import_module("cms_hugo")
    yield module
    sys.modules.pop("cms_hugo", None)


#: The page templates Doks 0.5 ships (paths below ``layouts/``).
DOKS = {
    "index.html",
    "404.html",
    "_default/list.html",
    "_default/single.html",
    "_default/terms.html",
    "_default/versions.html",
    "blog/single.html",
    "docs/list.html",
    "docs/single.html",
}


def test_hugo_lookup_prefers_the_type_then_the_layout(cms_hugo):
    # A layout named in front matter wins in the type's folder, then in _default.
    files = DOKS | {"docs/wide.html"}
    assert cms_hugo.hugo_template("page", "docs", "wide", files) == "docs/wide.html"
    assert cms_hugo.hugo_template("page", "blog", "wide", files) == "blog/single.html"
    assert cms_hugo.hugo_template("page", "events", "versions", files) == "_default/versions.html"
    # A section of a type with no list of its own falls through to _default.
    assert cms_hugo.hugo_template("section", "events", "", files) == "_default/list.html"
    # Terms: term.html before taxonomy.html before list.html; lists: terms.html.
    assert cms_hugo.hugo_template("term", "tags", "", DOKS, "tag") == "_default/list.html"
    term = DOKS | {"_default/term.html", "_default/taxonomy.html"}
    assert cms_hugo.hugo_template("term", "tags", "", term, "tag") == "_default/term.html"
    assert cms_hugo.hugo_template("taxonomy", "tags", "", term, "tag") == "_default/terms.html"
    with pytest.raises(LookupError):
        cms_hugo.hugo_template("page", "docs", "", {"index.html"})


def _md(path: Path, front: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"---\n{front}\n---\n\nText.\n", encoding="utf-8")


def test_doks_labels_come_from_the_content_folder(cms_hugo, tmp_path):
    content = tmp_path / "content"
    _md(content / "en" / "docs" / "_index.md", 'title: "Handbook"')
    _md(content / "en" / "docs" / "soil" / "_index.md", 'title: "Soil"')
    _md(content / "en" / "docs" / "soil" / "worms.md", 'title: "Worms"')
    _md(content / "en" / "blog" / "_index.md", 'title: "News"')
    _md(content / "en" / "blog" / "kale-0" / "index.md", 'title: "Kale"')
    _md(content / "en" / "events" / "fair.md", 'title: "Fair"')
    _md(content / "nl" / "versions.md", 'title: "Edities"\nlayout: "versions"')
    _md(content / "nl" / "about" / "index.md", 'title: "Over"')
    _md(content / "en" / "notes" / "x.md", 'title: "X"\ntype: "docs"')
    _md(content / "en" / "contributors" / "tom" / "_index.md", 'title: "Tom"')

    def label(rel: str) -> str | None:
        return cms_hugo.doks_template_of(rel, content, DOKS)

    assert [label(f"en/{p}index.html") for p in ("", "docs/", "docs/soil/", "blog/page/2/")] == [
        "index",
        "docs/list",
        "docs/list",
        "_default/list",
    ]
    pages = ("docs/soil/worms/", "blog/kale-0/", "events/fair/", "notes/x/")
    assert [label(f"en/{p}index.html") for p in pages] == [
        "docs/single",
        "blog/single",
        "_default/single",
        "docs/single",
    ]
    assert [label(f"nl/{p}index.html") for p in ("versions/", "about/")] == [
        "_default/versions",
        "_default/single",
    ]
    terms = ("tags/", "tags/page/2/", "tags/kale/", "contributors/tom/page/2/")
    assert [label(f"en/{p}index.html") for p in terms] == [
        "_default/terms",
        "_default/terms",
        "_default/list",
        "_default/list",
    ]
    # The language redirect, page 1 of a list (a redirect), files that are no page.
    for rel in ("index.html", "en/blog/page/1/index.html", "en/index.xml", "en/gone/index.html"):
        assert label(rel) is None
    assert label("nl/404.html") == "404"


def test_doks_markup_marks_each_template(cms_hugo):
    """Every template's opening is read as that template, in the minifier's
    unquoted form and with quotes and line breaks."""
    for template, mark in cms_hugo._OPENINGS:
        body = "home" if template == "index" else '"page single"'
        minified = f"<body class={body}><div class=content>{mark}Title"
        assert cms_hugo.template_in_html(minified) == template
        quoted = re.sub(r"class=([^>]*)>", r'class="\1">', mark).replace("><", ">\n<")
        page = f'<body class={body}>\n<div class="content">\n{quoted}'
        assert cms_hugo.template_in_html(page) == template, (template, page)
    assert cms_hugo.template_in_html("<body class=error404><div class=content><p>") is None
    assert cms_hugo.template_in_html("<body class=home><p>no content area") is None


@pytest.fixture
def cms_nextra(monkeypatch):
    monkeypatch.syspath_prepend(str(BENCH))
    module = importlib.import_module("cms_nextra")
    yield module
    sys.modules.pop("cms_nextra", None)


def _nextra_meta(folder: Path, meta: dict[str, object]) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "_meta.json").write_text(json.dumps(meta), encoding="utf-8")


def test_nextra_labels_come_from_meta_files_and_front_matter(cms_nextra, tmp_path):
    pages = tmp_path / "pages"
    _nextra_meta(
        pages,
        {
            "index": {"type": "page", "display": "hidden", "theme": {"layout": "raw"}},
            "docs": {"title": "Docs", "type": "page", "theme": {"typesetting": "article"}},
            "about": {"title": "About", "type": "page", "theme": {"layout": "full"}},
        },
    )
    (pages / "index.mdx").write_text("<div>Home</div>\n", encoding="utf-8")
    _md(pages / "about.md", 'title: "About"')
    _md(pages / "404.mdx", 'title: "Not found"\nlayout: "raw"')
    # A folder's "*" entry holds for every item, an item's own entry over it,
    # and the front matter over both; a folder's options hold for all it holds.
    _nextra_meta(
        pages / "docs",
        {"*": {"theme": {"layout": "full"}}, "index": {"theme": {"layout": "default"}}},
    )
    _md(pages / "docs" / "index.md", 'title: "Docs"')
    _md(pages / "docs" / "kale.md", 'title: "Kale"\ntoc: false')
    _md(pages / "docs" / "beans.mdx", 'title: "Beans"\nlayout: "raw"')
    _nextra_meta(
        pages / "docs" / "soil", {"worms": {"title": "Worms", "theme": {"layout": "default"}}}
    )
    _md(pages / "docs" / "soil" / "worms.md", 'title: "Worms"\ntypesetting: "default"')
    _md(pages / "docs" / "soil" / "clay.md", 'title: "Clay"')

    def label(rel: str) -> str | None:
        return cms_nextra.nextra_layout_of(rel, pages)

    assert [label(p) for p in ("index.html", "about.html", "docs.html", "404.html")] == [
        "raw",
        "full",
        "default",
        "404",
    ]
    assert [label(f"docs/{p}.html") for p in ("kale", "beans", "soil/worms", "soil/clay")] == [
        "full",
        "raw",
        "default",
        "full",
    ]
    # The typesetting cascades the same way.
    assert cms_nextra.page_theme("docs/kale", pages)["typesetting"] == "article"
    assert cms_nextra.page_theme("docs/soil/worms", pages)["typesetting"] == "default"
    assert cms_nextra.page_theme("about", pages)["typesetting"] == "default"
    # Next.js's scripts and paths with no source are no page.
    for rel in ("_next/static/chunks/main.js", "_next/x.html", "gone.html", "docs/gone.html"):
        assert label(rel) is None


#: Each layout's row, table of contents and body as the docs theme writes them.
_NX_ROW = (
    '<div class="nx-mx-auto nx-flex nx-max-w-[90rem]"><aside class="nextra-sidebar-container">'
)
_NX_TOC = '<nav class="nextra-toc nx-order-last nx-hidden nx-w-64" aria-label="table of contents">'
_NX_DEFAULT = (
    '</nav><div id="reach-skip-nav"></div><article class="nx-w-full nx-break-words'
    ' nextra-content nx-flex nx-min-h-[calc(100vh-var(--nextra-navbar-height))]">'
    '<main class="nx-w-full nx-min-w-0"><h1 class="nx-mt-2">Kale</h1>'
)
_NX_FULL = (
    '<div id="reach-skip-nav"></div><article class="nx-w-full nx-break-words'
    ' nextra-content nx-min-h-[calc(100vh-var(--nextra-navbar-height))]"><h1>Kale</h1>'
)
_NX_RAW = (
    '<div class="nx-mx-auto nx-flex"><aside class="nextra-sidebar-container md:nx-hidden">'
    '</aside><div id="reach-skip-nav"></div><div class="nx-w-full nx-break-words"><h1>Kale</h1>'
)


def test_nextra_markup_marks_each_layout(cms_nextra):
    layout = cms_nextra.layout_in_html
    default, full = _NX_ROW + _NX_TOC + _NX_DEFAULT, _NX_ROW + _NX_FULL
    assert [layout(default), layout(full), layout(_NX_RAW)] == ["default", "full", "raw"]
    data = '<script id="__NEXT_DATA__">{"props":{"pageProps":{}},"page":"/404","query":{}}'
    assert layout(default + data) == "404"
    assert layout(default + data.replace("/404", "/docs/404")) == "default"
    article = default.replace(
        " nx-flex nx-min-h", " nx-flex nextra-body-typesetting-article nx-min-h"
    )
    assert layout(article) == "default"
    assert cms_nextra.typesetting_in_html(article) == "article"
    assert cms_nextra.typesetting_in_html(default) == "default"
    # Marks that disagree: no TOC column, or no <main>, on a flex body; a TOC
    # beside a full body; a raw body in the 90rem row; no row at all.
    assert layout(_NX_ROW + _NX_DEFAULT) is None
    assert layout(_NX_ROW + _NX_TOC + _NX_DEFAULT.replace("<main", "<div")) is None
    assert layout(_NX_ROW + _NX_TOC + _NX_FULL) is None
    assert layout(_NX_RAW.replace('nx-flex"', 'nx-flex nx-max-w-[90rem]"')) is None
    assert layout(_NX_RAW + _NX_TOC) is None
    assert layout(_NX_DEFAULT) is None


def test_nextra_pages_stop_on_a_page_the_markup_disagrees_with(cms_nextra, tmp_path):
    root = tmp_path / "nextra-site"
    pages, out = root / "pages", root / "out"
    _nextra_meta(pages, {"index": {"theme": {"layout": "raw"}}, "kale": "Kale"})
    (pages / "index.mdx").write_text("<div>Home</div>\n", encoding="utf-8")
    _md(pages / "kale.md", 'title: "Kale"')
    _md(pages / "404.mdx", 'title: "Not found"')
    out.mkdir(parents=True)
    not_found = _NX_ROW + _NX_TOC + _NX_DEFAULT + '{"page":"/404"}'
    built = {
        "index.html": _NX_RAW,
        "kale.html": _NX_ROW + _NX_TOC + _NX_DEFAULT,
        "404.html": not_found,
    }
    for rel, html in built.items():
        (out / rel).write_text(html, encoding="utf-8")
    # The export is there already: nothing is built, so npm is not needed.
    assert [(rel, label) for rel, _html, label in cms_nextra.nextra_pages(tmp_path)] == [
        ("404.html", "404"),
        ("index.html", "raw"),
        ("kale.html", "default"),
    ]
    (out / "kale.html").write_text(_NX_ROW + _NX_FULL, encoding="utf-8")
    with pytest.raises(SystemExit, match=r"kale\.html: default"):
        cms_nextra.nextra_pages(tmp_path)
    # The typesetting is checked too.
    (out / "kale.html").write_text(built["kale.html"], encoding="utf-8")
    _nextra_meta(
        pages,
        {"index": {"theme": {"layout": "raw"}}, "kale": {"theme": {"typesetting": "article"}}},
    )
    with pytest.raises(SystemExit, match=r"kale\.html: default \(article\)"):
        cms_nextra.nextra_pages(tmp_path)


@pytest.fixture
def cms_starlight(monkeypatch):
    monkeypatch.syspath_prepend(str(BENCH))
    module = importlib.import_module("cms_starlight")
    yield module
    sys.modules.pop("cms_starlight", None)


def test_starlight_labels_come_from_the_sources(cms_starlight, tmp_path):
    docs = tmp_path / "docs"
    _md(docs / "index.mdx", 'title: "Home"\ntemplate: "splash"\nhero: {"tagline": "Plots"}')
    _md(docs / "open-days.md", 'title: "Open days"\ntemplate: splash')
    _md(docs / "rules.md", 'title: "Rules"\ntableOfContents: false')
    _md(docs / "soil" / "index.md", 'title: "Soil"\nsidebar: {"order": 0}')
    _md(docs / "soil" / "worms-0.mdx", 'title: "Worms"\npagefind: false')
    _md(docs / "nl" / "index.mdx", 'title: "Thuis"\ntemplate: "doc"')
    _md(docs / "nl" / "rules.md", 'title: "Regels"\ntemplate: "splash"')

    def label(rel: str) -> str | None:
        return cms_starlight.starlight_template_of(rel, docs)

    pages = ("", "open-days/", "rules/", "soil/", "soil/worms-0/")
    assert [label(f"{p}index.html") for p in pages] == ["splash", "splash", "doc", "doc", "doc"]
    # A translation's own front matter; an untranslated page takes the English one.
    assert [label(f"nl/{p}index.html") for p in ("", "rules/", "open-days/", "soil/")] == [
        "doc",
        "splash",
        "splash",
        "doc",
    ]
    assert label("404.html") == "404"
    # Starlight's scripts, Pagefind's files and paths with no source are no page.
    for rel in (
        "_astro/page.js",
        "pagefind/pagefind-ui.js",
        "gone/index.html",
        "nl/gone/index.html",
    ):
        assert label(rel) is None


def test_starlight_markup_marks_each_template(cms_starlight):
    doc = (
        '<html lang="en" dir="ltr" data-has-toc data-has-sidebar data-theme="dark" class="a">'
        '<body><nav class="sidebar astro-vrdttmbt" aria-label="Main">'
        '<main data-pagefind-body><h1 id="_top" class="b">404</h1>'
    )
    assert cms_starlight.template_in_html(doc) == "doc"  # a doc titled 404 is a doc
    # Switching the table of contents off leaves the sidebar.
    assert cms_starlight.template_in_html(doc.replace(" data-has-toc", "")) == "doc"
    splash = (
        '<html lang="nl" dir="ltr" data-has-hero data-theme="dark" class="a"><body>'
        '<main data-pagefind-body><div class="hero"><h1 id="_top" data-page-title>Kale</h1>'
    )
    assert cms_starlight.template_in_html(splash) == "splash"
    no_hero = '<html lang="en" data-theme="dark"><main><h1 id="_top" class="c">Open days</h1>'
    assert cms_starlight.template_in_html(no_hero) == "splash"
    not_found = splash.replace(">Kale<", ">404<").replace(" data-pagefind-body", "")
    assert cms_starlight.template_in_html(not_found) == "404"
    # Marks that disagree, a look-alike attribute, or no <html> at all: no template.
    assert cms_starlight.template_in_html(doc.replace(" data-has-sidebar", "")) is None
    assert (
        cms_starlight.template_in_html(splash.replace("data-has-hero", "data-has-sidebar")) is None
    )
    assert (
        cms_starlight.template_in_html(doc.replace("data-has-sidebar", "data-has-sidebars")) is None
    )
    assert cms_starlight.template_in_html('<nav class="sidebar">') is None
