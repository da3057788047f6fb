"""Slots (one template place under different names) and URL route patterns."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from page_cluster.clustering.routes import (
    is_name_kind,
    route_form,
    route_patterns,
    route_patterns_and_forms,
)
from page_cluster.clustering.slots import generalize_slots, plain_names, renamed_pairs
from page_cluster.ingest.build import build_corpus


def _corpus(bodies: list[str]):
    records = [
        {"id": str(i), "html": f"<html><body>{b}</body></html>", "paths": ["p", f"{i}.html"]}
        for i, b in enumerate(bodies)
    ]
    return build_corpus(records)


def _has(corpus, needle: str) -> bool:
    return any(needle in t for t in corpus.tokens)


def test_exclusive_wrappers_with_the_same_inside_become_one_slot():
    # A node is a chapter or an appendix, never both, and either holds a
    # title that repeats its own name and a paragraph: one place, two names.
    pages = [
        f'<div class="{kind}"><h2 class="{kind}">t</h2><p>x</p></div>'
        for kind in ["chapter"] * 6 + ["appendix"] * 6
    ]
    corpus = _corpus(pages)
    assert len(set(corpus.page_sig.tolist())) == 2
    out = generalize_slots(corpus)
    assert not _has(out, ">.chapter") and not _has(out, ">.appendix")
    assert _has(out, "~")
    assert len(set(out.page_sig.tolist())) == 1


def test_headings_of_any_level_are_one_kind():
    pages = ['<div class="node"><h2>t</h2></div>'] * 5 + ['<div class="node"><h3>t</h3></div>'] * 5
    out = generalize_slots(_corpus(pages))
    assert len(set(out.page_sig.tolist())) == 1


def test_exclusive_siblings_with_different_insides_stay_apart():
    # A listing and an article directly under <main>: exclusive, but what is
    # inside differs on both sides, so they are two templates, not one slot.
    listing = '<main><section class="catalog"><ul><li>a</li><li>b</li></ul></section></main>'
    article = '<main><article class="post"><h1>t</h1><p>x</p><p>y</p></article></main>'
    out = generalize_slots(_corpus([listing] * 6 + [article] * 6))
    assert _has(out, "section.catalog") and _has(out, "article.post")
    assert len(set(out.page_sig.tolist())) == 2


def test_a_one_sided_inside_difference_is_one_slot():
    # A chapter node that is only a menu, section nodes with prose (some with
    # a menu too): the chapter lacks what the sections have but has nothing of
    # its own, as an optional part looks. One place under two names.
    chapter = '<div class="chapter"><h2 class="chapter">t</h2><ul class="toc"><li>a</li></ul></div>'
    prose = '<div class="section"><h3 class="section">t</h3><p>x</p></div>'
    menu = '<div class="section"><h3 class="section">t</h3><p>x</p><ul class="toc"><li>a</li></ul></div>'
    out = generalize_slots(_corpus([chapter] * 3 + [prose] * 12 + [menu] * 3))
    assert not _has(out, ">.chapter") and not _has(out, ">.section")
    assert len(set(out.page_sig.tolist())) == 3


def test_a_two_sided_inside_difference_keeps_names_apart():
    # Both wrappers print their own name inside, but each has a part the
    # other never has (a form against prose): two templates.
    product = '<div class="product"><h2 class="product">t</h2><form><input></form></div>'
    post = '<div class="post"><h2 class="post">t</h2><p>x</p></div>'
    out = generalize_slots(_corpus([product] * 8 + [post] * 8))
    assert _has(out, ">.product") and _has(out, ">.post")


def test_siblings_that_occur_together_are_not_merged():
    page = '<div class="a"></div><div class="b"></div>'
    out = generalize_slots(_corpus([page] * 8))
    assert "body>.a" in out.tokens and "body>.b" in out.tokens


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.lists(st.sampled_from(["a", "b", "c", "d"]), min_size=0, max_size=4),
        min_size=1,
        max_size=12,
    )
)
def test_slots_only_ever_merge_names(classes_per_page):
    bodies = [
        "".join(f'<div class="{c}"><span class="{c}">t</span></div>' for c in classes)
        for classes in classes_per_page
    ]
    corpus = _corpus(bodies)
    out = generalize_slots(corpus)
    assert out.n_pages == corpus.n_pages
    assert len(out.tokens) <= len(corpus.tokens)
    assert out.n_signatures <= corpus.n_signatures
    # Pages alike before stay alike after.
    for i in range(corpus.n_pages):
        for j in range(corpus.n_pages):
            if corpus.page_sig[i] == corpus.page_sig[j]:
                assert out.page_sig[i] == out.page_sig[j]


def test_routes_keep_shared_segments_and_vary_the_rest():
    paths = [["blog", f"post-{i}", "index.html"] for i in range(5)] + [["about", ""]]
    got = route_patterns(paths)
    assert len(set(got[:5])) == 1 and got[0].startswith("blog/")
    assert got[5] != got[0]


def test_routes_blank_the_mirror_axis():
    # The same pages under /en/ /ja/ /fr/: one route per page across languages.
    paths = [[lang, "docs", f"{i}.html"] for lang in ("en", "ja", "fr") for i in range(4)]
    plain = route_patterns(paths)
    blanked = route_patterns(paths, blank_position=0)
    assert plain[0] != plain[4]  # en/docs/0.html against ja/docs/0.html
    assert blanked[0] == blanked[4] == blanked[8]
    assert all(b.startswith("*/docs/") for b in blanked)


def test_the_mirror_axis_blanks_directories_not_names():
    # Items filed by module, some modules with platform subfolders that the
    # axis reads as mirrors (``os/linux/``, ``os/unix/``): at that depth the
    # items' file names are still their kinds.
    paths = [
        ["std", mod, f"{kind}.{name}.html"]
        for mod in ("io", "fs", "net")
        for kind in ("struct", "fn")
        for name in ("A", "B", "C", "D")
    ]
    paths += [
        ["std", "os", plat, sec, f"x{i}.html"]
        for plat in ("linux", "unix")
        for sec in ("raw", "fs")
        for i in range(3)
    ]
    got = route_patterns(paths, blank_position=2)
    assert got[0] == "std/io/struct*.html" and got[4] == "std/io/fn*.html"
    assert got[-1] == got[-7] == "std/os/*/fs/*.html"  # linux/fs and unix/fs


def test_a_kind_word_names_pages_in_every_folder():
    """A generator's kind leads the file name wherever the entity is filed: a
    module folder holding one ``struct.*.html`` still names it a struct page.
    An entity's own words (``Connection.Method.html`` and its use page) stay
    in that entity's folders and name no kind."""
    mods = ("io", "fs", "net", "env")
    paths = [["std", m, f"struct.{n}.html"] for m in mods[:3] for n in ("A", "B", "C")]
    paths += [["std", m, f"fn.{n}.html"] for m in mods[:3] for n in ("x", "y", "z")]
    paths += [["std", "env", "struct.Args.html"]] + [["std", "env", f"{n}.html"] for n in "pqr"]
    paths += [
        ["org", "Connection.Method.html"],
        ["org", "Connection.Request.html"],
        ["org", "class-use", "Connection.Method.html"],
        ["org", "Util.html"],
    ]
    got = route_patterns(paths)
    assert got[18] == "std/env/struct*.html"  # alone in its folder, still a struct
    assert got[0] == "std/io/struct*.html" and got[9] == "std/io/fn*.html"
    assert got[-4] == got[-3] == "org/*.html"
    assert not any("Connection" in g for g in got[-4:])


def test_a_kind_word_in_every_folder_of_a_small_site():
    # Two document trees, holding two group pages and one: a kind in every
    # folder (too few in either folder to recur there).
    paths = [["dox", "group__a.html"], ["dox", "unsupported", "group__b.html"]]
    paths += [["dox", "group__c.html"]]
    paths += [["dox", f"x{i}.html"] for i in range(4)]
    paths += [["dox", "unsupported", f"y{i}.html"] for i in range(4)]
    got = route_patterns(paths)
    assert got[0] == "dox/group*.html" and got[1] == "dox/unsupported/group*.html"


def test_routes_of_rare_sections_are_variable():
    # A section name on fewer than three pages is not a route of its own.
    paths = [["a", "x.html"], ["b", "y.html"]] + [["news", f"{i}.html"] for i in range(6)]
    got = route_patterns(paths)
    assert got[0].split("/")[0] == "*" and got[1].split("/")[0] == "*"
    assert all(g.startswith("news/") for g in got[2:])


def test_a_directory_is_literal_wherever_it_recurs():
    # A sample of a manual in many languages: "fr" and "en" are frequent
    # enough to be literal, the other languages are not, and the "mod"
    # section has one page under each. It is still one section everywhere.
    paths = [
        ["fr", "mod", "a.html"],
        ["en", "mod", "b.html"],
        ["ja", "mod", "c.html"],
        ["fr", "x.html"],
        ["fr", "y.html"],
        ["en", "z.html"],
        ["en", "w.html"],
        ["ko", "q.html"],
    ]
    got = route_patterns(paths, shapes=False)
    assert got[:3] == ["fr/mod/*", "en/mod/*", "*/mod/*"]
    assert not any("mod" in g for g in got[3:])


def test_a_file_name_is_literal_only_within_its_directory():
    # Every section has an index.html. A section's index page is one name among
    # its section's pages, not a route shared across sections.
    sections = ("faq", "misc", "howto")
    paths = [[sec, "index.html"] for sec in sections] + [
        [sec, f"{sec}-{i}.html"] for sec in sections for i in range(2)
    ]
    got = route_patterns(paths, shapes=False)
    assert got[:3] == ["faq/*", "misc/*", "howto/*"]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.lists(st.text(max_size=6), max_size=4), max_size=30))
def test_routes_never_fail_and_one_per_page(paths):
    got = route_patterns(paths)
    assert len(got) == len(paths)
    assert all(isinstance(g, str) and g for g in got)


def _reference_routes(paths, blank=None, shapes=True, min_pages=3, min_share=0.02):
    """The route rule written plainly, page by page (the engine's version works
    on arrays): the oracle for the property test below."""
    import re
    from collections import Counter

    words_re = re.compile(r"[-_.]+")

    def split_name(name):
        stem, dot, ext = name.rpartition(".")
        if not dot or not ext.isalnum() or len(ext) > 5:
            stem, ext = name, ""
        parts = [w for w in words_re.split(stem) if w]
        # Only file names are shaped: a name without an extension is a slug.
        pair = (parts[0], parts[-1]) if len(parts) >= 2 and ext else (None, None)
        return pair, f".{ext}" if ext else ""

    def namespaced(name):
        space, colon, rest = name.partition(":")
        if colon and rest and re.fullmatch(r"[A-Za-z][A-Za-z0-9_ ]{0,40}", space):
            return f"{space}:*"
        return None

    def name_shapes(names, floor):
        split = [split_name(name) for name in names]
        firsts = Counter(f for (f, _), _ in split if f is not None)
        lasts = Counter(t for (_, t), _ in split if t is not None)
        out = []
        for (first, last), ext in split:
            if first is None:
                out.append("*" + ext)
            else:
                head = first if firsts[first] >= floor or first in kinds else ""
                tail = last if lasts[last] >= floor else ""
                out.append(f"{head}*{tail}{ext}")
        return out

    segs = [tuple(x for x in p if isinstance(x, str) and x) for p in paths]
    # Words naming a kind across the site: first words of enough pages' file
    # names, in enough of the folders that hold file names.
    word_pages, word_folders, folders = Counter(), {}, set()
    for x in segs:
        if not x:
            continue
        (first, _), ext = split_name(x[-1])
        if ext:
            folders.add(x[:-1])
        if first is None:
            continue
        word_pages[first] += 1
        word_folders.setdefault(first, set()).add(x[:-1])
    site_floor = max(min_pages, min_share * len(segs))
    spread = max(min(3, len(folders)), 1)
    kinds = {w for w, k in word_pages.items() if k >= site_floor and len(word_folders[w]) >= spread}
    patterns = [[] for _ in segs]
    for pos in range(max((len(x) for x in segs), default=0)):
        groups = {}
        for i, x in enumerate(segs):
            if len(x) > pos:
                groups.setdefault(tuple(patterns[i]), []).append(i)
        dirs = [x[pos] for x in segs if len(x) > pos + 1]
        dir_floor = max(min_pages, min_share * len(dirs))
        sections = {d for d, k in Counter(dirs).items() if k >= dir_floor}
        for members in groups.values():
            if pos == blank:
                # The axis is a directory; a page's own name there stays a name.
                for i in members:
                    if len(segs[i]) > pos + 1:
                        patterns[i].append("*")
                members = [i for i in members if len(segs[i]) == pos + 1]
            counts = Counter(segs[i][pos] for i in members)
            floor = max(min_pages, min_share * len(members))
            variable = [
                i for i in members if counts[segs[i][pos]] < floor and segs[i][pos] not in sections
            ]
            named = (
                name_shapes([segs[i][pos] for i in variable], floor)
                if shapes
                else ["*"] * len(variable)
            )
            # A name in a namespace keeps the namespace, shapes or not.
            named = [namespaced(segs[i][pos]) or n for i, n in zip(variable, named, strict=True)]
            shape_of = dict(zip(variable, named, strict=True))
            for i in members:
                patterns[i].append(shape_of.get(i, segs[i][pos]))
    return ["/".join(p) if p else "*" for p in patterns]


_SEGMENT = st.sampled_from(
    [
        "en",
        "fr",
        "docs",
        "mod",
        "index.html",
        "a.html",
        "class-Foo.html",
        "class-Bar.html",
        "the-red-mug",
        "the-blue-cup",
        "x_source.html",
        "",
        "*",
        "reviews",
        "add",
        "2",
        "Category:Herbs",
        "Category:Soft_fruit",
        "File:Kale_bed.png",
        "Talk:Kale",
        ":odd",
    ]
)


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.lists(_SEGMENT, max_size=5), max_size=40),
    st.one_of(st.none(), st.integers(0, 3)),
    st.booleans(),
)
def test_routes_match_the_plain_rule(paths, blank, shapes):
    assert route_patterns(paths, blank, shapes=shapes) == _reference_routes(paths, blank, shapes)


def test_route_forms_tell_views_apart_not_sections():
    paths = (
        [["catalogue", f"book-{i}", "index.html"] for i in range(6)]
        + [["catalogue", f"book-{i}", "reviews", "add", "index.html"] for i in range(4)]
        + [["org", "apache", f"Class{i}.html"] for i in range(5)]
        + [["org", f"tiny{i}", f"Only{i}.html"] for i in range(2)]
    )
    forms = [route_form(p) for p in route_patterns(paths, shapes=False)]
    product, review = forms[0], forms[6]
    assert len(set(forms[:6])) == 1 and len(set(forms[6:10])) == 1
    assert product != review and review.endswith("/reviews/add/index.html")
    # A section of the site, and a package folder too small to be literal,
    # are still the same view: a name under a section.
    assert forms[10] == forms[15] == "L/*"


def test_route_forms_drop_the_mirror_axis():
    assert route_form("*/docs/*", 0) == route_form("docs/*") == "L/*"


def test_name_shapes_can_be_left_out():
    paths = [["the-" + w + ".html"] for w in ("a", "b", "c", "d")] + [["x.html"]]
    assert set(route_patterns(paths, shapes=False)) == {"*"}
    assert "the*.html" in route_patterns(paths)


def test_a_namespace_is_a_route_and_a_view():
    """A wiki files every page in one folder and names its kind before a
    colon (``Category:Herbs``, ``File:Kale.png``); its router reads the
    namespace as another server reads a folder. Kept in the route with or
    without name shapes, a kind of name, and another view; a title alone is
    a slug, and a lone page in a namespace is in it too."""
    paths = [["wiki", t] for t in ("Squash", "Green_manure", "Mint", "Pond", "Kale")]
    paths += [["wiki", f"Category:{t}"] for t in ("Herbs", "Soft_fruit", "Pests")]
    paths += [["wiki", f"File:{t}.png"] for t in ("Kale_bed", "Pond", "Mint_in_June")]
    paths += [["wiki", "Talk:Kale"]]
    got, forms = route_patterns_and_forms(paths)
    assert route_patterns(paths, shapes=False) == got
    assert got == ["wiki/*"] * 5 + ["wiki/Category:*"] * 3 + ["wiki/File:*"] * 3 + ["wiki/Talk:*"]
    assert is_name_kind("Category:*") and not is_name_kind("*")
    assert forms == ["L/*"] * 5 + ["L/Category:*"] * 3 + ["L/File:*"] * 3 + ["L/Talk:*"]
    # Not a namespace: a colon at the start, a path before it.
    odd = [["wiki", ":odd"], ["wiki", "a b/c:d"], ["wiki", "x"]]
    assert route_patterns(odd, shapes=False) == ["wiki/*"] * 3


def test_slugs_are_not_shaped():
    """A catalogue's slugs repeat its words (``ember-tall-mug``,
    ``ember-low-vase``, ``ridge-tall-mug``): one route for every product, where
    a generator's file names (``classFoo.html``, ``Foo-members.html``) keep
    their kinds."""
    words = [
        "ember-tall-mug",
        "ember-low-vase",
        "ember-footed-bowl",
        "ridge-tall-mug",
        "ridge-low-vase",
        "ridge-plate",
        "moor-tall-mug",
        "quarry-vase",
    ]
    slugs = [["product", w, ""] for w in words]
    assert set(route_patterns(slugs)) == {"product/*"}
    files = [["api", f"class-{w}.html"] for w in words] + [
        ["api", f"{w}-members.html"] for w in words
    ]
    assert {"api/class*.html", "api/*members.html"} <= set(route_patterns(files))


def test_a_modifier_class_reads_as_the_plain_element_with_its_subtree():
    toks = [
        "body",
        "body>.sidebar",
        "body>.sidebar>nav",
        "body>.sidebar.hide-on-wide",
        "body>.sidebar.hide-on-wide>nav",
        "body>.sidebar.hide-on-wide>nav>ul",
        "body>.sidebar.collapsed.hide-on-wide",
        "body>#menu.open",
        "body>#menu",
    ]
    names = plain_names(toks)
    assert names[3:7] == [
        "body>.sidebar",
        "body>.sidebar>nav",
        "body>.sidebar>nav>ul",
        "body>.sidebar",
    ]
    # An element with an id is left alone.
    assert names[7:] == ["body>#menu.open", "body>#menu"]


def test_an_element_renamed_with_numbered_utility_classes_is_one_element():
    # Stage B reads one element under two names (a class more, the same
    # children) as one item; a number folded into a class is no id.
    toks = [
        "b",
        "b>article.nx-max-w-#rem",
        "b>article.nx-max-w-#rem>main",
        "b>article.nx-max-w-#rem.typeset",
        "b>article.nx-max-w-#rem.typeset>main",
        "b>div#top",
        "b>div#top>p",
    ]
    assert renamed_pairs(toks).tolist() == [[1, 3], [3, 1]]


def test_a_number_in_a_utility_class_is_no_id():
    # Utility classes print numbers (``nx-max-w-90rem`` is ``nx-max-w-#rem``
    # once numbers are folded): such an element is named by its classes, and
    # one with a modifier class more is that element in another state.
    toks = [
        "body",
        "body>article.nx-max-w-#rem.nx-w-full",
        "body>article.nx-max-w-#rem.nx-w-full>main.nx-pt-#",
        "body>article.nx-max-w-#rem.nx-typeset-article.nx-w-full",
        "body>article.nx-max-w-#rem.nx-typeset-article.nx-w-full>main.nx-pt-#",
    ]
    assert plain_names(toks)[3:] == toks[1:3]


_STEP = st.text(alphabet="ab.#[]=-_ >@", min_size=0, max_size=12)


@given(st.lists(st.lists(_STEP, min_size=1, max_size=5).map(">".join), max_size=30))
@settings(max_examples=200, deadline=None)
def test_plain_names_keep_one_name_per_token_at_the_same_depth(tokens):
    names = plain_names(tokens)
    assert len(names) == len(tokens)
    for token, name in zip(tokens, names, strict=True):
        assert name.count(">") == token.count(">")
    # Refusing every fold leaves every name as it was.
    assert plain_names(tokens, lambda variant, plain: False) == tokens
