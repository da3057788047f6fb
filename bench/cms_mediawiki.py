"""A wiki served by real MediaWiki, for the held-out bench.

Like ``bench/cms_wordpress.py`` (whose server and crawler helpers it uses)
and ``bench/cms_blogs.py`` (whose word list and prose it uses), this module
invents a wiki's content and lets the real CMS render it, then labels each
page with the kind of view that MediaWiki renders for it. Only the content is
invented; every page is the HTML that MediaWiki served, with its default
skin in 1.39, Vector 2010 ("legacy" Vector, ``$wgDefaultSkin = "vector"``).

The site: MediaWiki from Debian's packages (:data:`DEBIAN`), installed into
a data folder of its own by ``maintenance/install.php`` (an SQLite database,
the server name ``http://allotments.example``, short URLs ``/wiki/Title``,
the bundled Cite and ParserFunctions extensions; images shown at their own
size or scaled by the browser, so no thumbnails are made). The content is an
allotment society's wiki, written from a seed by :func:`write_site` and put
in by MediaWiki's own maintenance scripts: ``createAndPromote.php`` for
three users, ``importImages.php`` for eight small PNGs and their description
pages, ``importDump.php`` for an XML dump of every other page with its
revisions (dates, authors and summaries fixed, so the same seed gives the
same wiki), ``edit.php`` for the main page; then the link tables, recent
changes, statistics and search index are rebuilt. The wiki holds:

* 71 articles: crops (with an infobox template, some with a photo), plots
  (another infobox), wildlife, soil, tools, events and the society's pages,
  in sections and subsections, with lists, definition lists, wikitables,
  hatnotes, references (``<ref>`` and ``<references/>``), thumbnails, a
  gallery, links to one another and a few to missing pages; a tenth of them
  stubs; most in a category; ten with three to six revisions, a quarter of
  the rest with two. Five redirects, three project pages (the footer's
  About, Privacy policy and Disclaimers), the main page.
* 15 categories, three of them subcategories of another.
* Five templates, pages for the three users, a user talk page and six talk
  pages, the eight File: description pages.

PHP's built-in server serves it (a router script sends every path that is
not a file of MediaWiki's to ``index.php``), and a crawler follows every
``<a href>`` on the site's host from ``/``. It leaves editing and every
other action (``action=edit``, ``raw``, ``info``...), permanent links and
diffs (``oldid``, ``diff``), printable versions, feeds, ``api.php``,
``load.php``, uploaded files and every special page but those in
:data:`SPECIALS`; it keeps ``action=history`` only for the ten articles
with several revisions (``history`` in the written site), then asks for
one missing page (:data:`MISSING`) and one search (:data:`SEARCH`). The
crawler sends the site's host name to the local server, so links in the
pages never name a port. The pages are saved as served, with the status
code, so a second call reads them without starting any server.

A page's label is the class that renders its content area, read from the
request alone (:func:`mediawiki_label_of`: the title's namespace, the
``action``, the special page): ``article`` (``Article``: every page of
wikitext viewed, which is also how templates, user pages, talk pages,
project pages and the main page are shown: their content area is the
parsed wikitext and nothing else, and the main page's markup is an
article's), ``category`` (``CategoryPage``: the description, then the
subcategories, pages and files in the category), ``file`` (``ImagePage``:
the file, its history, the pages using it, then the description),
``history`` (``HistoryAction``), ``special-recentchanges``,
``special-allpages`` and ``special-categories`` (their ``SpecialPage``
classes), ``search`` (``SpecialSearch``) and ``missing`` (``Article`` for a
page with no text: a 404 with "There is currently no text in this page").
A redirect's title serves its target's content with a "Redirected from"
line: its label is ``article``.

Every page's markup is checked against its label when the site is read
(:func:`label_in_html`; :func:`mediawiki_pages` stops with the pages that
disagree): MediaWiki prints the namespace, the action and the special page
as ``<body>`` classes (``ns-14``, ``action-history``,
``mw-special-Allpages``), and each view has a container of its own
(``mw-category-generated``, ``filehistory``, ``pagehistory``,
``noarticletext``, ``mw-search-results``, ``mw-parser-output``). The check
reads the response, the label the request, so a page served other than the
crawler expected (a redirect to another kind, an error) cannot pass with a
wrong label.

The same seed writes the same sources (the dump, the main page's text, the
images and their descriptions) and the crawl finds the same pages with the
same labels; the HTML itself differs from build to build in a request id,
parse timings and the parser cache's times, and in what is dated the day of
the build (the main page's edit and the installer's first version of it, in
the main page's footer and in recent changes).
"""

from __future__ import annotations

import json
import os
import random
import re
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import parse_qsl, unquote, urljoin, urlsplit
from xml.sax.saxutils import escape

from cms_blogs import _AUTHORS, _WORDS, _paragraph, _run, _sentence
from cms_wordpress import (
    _png,
    begin_build,
    check_debian,
    crawl_site,
    front_controller,
    php_server,
    publish_crawl,
)

#: The Debian 12 packages the site was built with (``dpkg-query -W``).
DEBIAN = {
    "mediawiki": "1:1.39.17-1+deb12u2",
    "mediawiki-classes": "1:1.39.17-1+deb12u2",
    "php-cli": "2:8.2+93",
    "php-sqlite3": "2:8.2+93",
    "php-intl": "2:8.2+93",
    "php-mbstring": "2:8.2+93",
    "php-xml": "2:8.2+93",
}
#: The packages whose version changes the HTML: checked before a build.
_PINNED = ("mediawiki", "mediawiki-classes")
SKIN = "vector"  # Vector 2010, MediaWiki 1.39's default
SITENAME = "Hazel Lane Allotments"
HOST = "allotments.example"
MAIN = "/wiki/Main_Page"
MISSING = "/wiki/Plot_99"
SEARCH = "/index.php?search=kale&title=Special%3ASearch&fulltext=1"
#: Special pages the crawler keeps (``Special:<name>``, no query).
SPECIALS = ("RecentChanges", "AllPages", "Categories")
_PASSWORD = "held-out-bench-2024"

# ---------------------------------------------------------------- content

_MONTHS = ("March", "April", "May", "June", "July", "August", "September", "October")
#: Articles by category (the category's name, its parent or None, its titles).
_TOPICS = (
    ("Vegetables", None, ("Tomato", "Bean", "Squash", "Potato", "Onion", "Garlic", "Lettuce")),
    ("Brassicas", "Vegetables", ("Kale", "Cabbage", "Broccoli", "Chard")),
    ("Herbs", None, ("Thyme", "Sage", "Basil", "Mint", "Comfrey")),
    ("Fruit", None, ("Apple", "Pear", "Plum", "Cherry", "Walnut", "Hazel")),
    ("Soft fruit", "Fruit", ("Currant", "Raspberry", "Rhubarb", "Gooseberry", "Strawberry")),
    ("Wildlife", None, ("Frog", "Bee", "Worm", "Beetle", "Hedgehog", "Pond")),
    ("Pests", "Wildlife", ("Slug", "Snail", "Aphid", "Cabbage white")),
    ("Soil", None, ("Compost", "Mulch", "Leaf mould", "Green manure", "Clover", "Rye")),
    ("Tools", None, ("Spade", "Hoe", "Wheelbarrow", "Water butt", "Cold frame", "Greenhouse")),
    ("Plots", None, tuple(f"Plot {n}" for n in range(1, 13))),
    ("Events", None, ("Open day", "Seed swap", "Autumn show", "Work party", "Bonfire night")),
    ("Society", None, ("Committee", "Rules", "Water points", "Sheds", "Waiting list")),
)
_CROPS = {"Vegetables", "Brassicas", "Herbs", "Fruit", "Soft fruit"}
_OTHER_CATEGORIES = ("Stubs", "Photographs", "Templates")
_REDIRECTS = {
    "Tomatoes": "Tomato",
    "Spuds": "Potato",
    "Allotment rules": "Rules",
    "Compost heap": "Compost",
    "Water": "Water points",
}
_FAMILIES = ("Solanaceae", "Fabaceae", "Brassicaceae", "Rosaceae", "Lamiaceae", "Alliaceae")
_SUMMARIES = (
    "more on sowing",
    "added a table",
    "copyedit",
    "references",
    "new section",
    "photo",
    "tidy up",
    "dates for this year",
)
_SOURCES = (
    "''The Allotment Handbook'', 3rd edition, p. {n}.",
    "Hazel Lane Allotments newsletter, {month} 2023.",
    "''Soil and Its Keeping'', chapter {n}.",
    "Minutes of the committee, {month} 2023.",
    "County Beekeepers, ''Notes for Plot Holders'', {n}.",
)

_INFOBOX_CROP = """\
<table class="infobox" style="float:right; clear:right; width:20em; margin:0 0 1em 1em; \
border:1px solid #a2a9b1; background:#f8f9fa;">
<caption>'''{{{name|{{PAGENAME}}}}}'''</caption>
{{#if:{{{image|}}}|<tr><td colspan="2" style="text-align:center">\
[[File:{{{image}}}|frameless|220px]]</td></tr>}}
<tr><th>Family</th><td>{{{family|}}}</td></tr>
<tr><th>Sow</th><td>{{{sow|}}}</td></tr>
<tr><th>Harvest</th><td>{{{harvest|}}}</td></tr>
{{#if:{{{plots|}}}|<tr><th>Grown on</th><td>{{{plots}}}</td></tr>}}
</table><noinclude>
The box on the right of every crop's article.

<pre>{{Infobox crop|family=Brassicaceae|sow=April|harvest=November|image=Kale bed.png}}</pre>

[[Category:Templates]]
</noinclude>"""

_INFOBOX_PLOT = """\
<table class="infobox" style="float:right; clear:right; width:20em; margin:0 0 1em 1em; \
border:1px solid #a2a9b1; background:#f8f9fa;">
<caption>'''{{PAGENAME}}'''</caption>
{{#if:{{{image|}}}|<tr><td colspan="2">[[File:{{{image}}}|frameless|220px]]</td></tr>}}
<tr><th>Holder</th><td>{{{holder|vacant}}}</td></tr>
<tr><th>Size</th><td>{{{size|}}} rods</td></tr>
<tr><th>Since</th><td>{{{since|}}}</td></tr>
</table><noinclude>
The box on the right of every plot's article; ''holder'' is ''vacant'' when not given.

[[Category:Templates]]
</noinclude>"""

_STUB = """\
<div class="stub-notice" style="border:1px solid #c8ccd1; padding:0.3em 0.6em; \
margin:1em 0;">''This article is a stub. You can help the society by expanding it.''</div>\
<includeonly>[[Category:Stubs]]</includeonly><noinclude>
Put <code><nowiki>{{Stub}}</nowiki></code> at the end of a short article.

[[Category:Templates]]
</noinclude>"""

_MAIN_ARTICLE = """\
<div role="note" class="hatnote" style="font-style:italic; padding-left:1.6em;">\
Main article: [[{{{1|Main Page}}}]]</div><noinclude>
[[Category:Templates]]
</noinclude>"""


def _templates() -> dict[str, str]:
    society = " &middot; ".join(f"[[{t}]]" for t in _TOPICS[-1][2])
    navbox = (
        '{| class="wikitable" style="width:100%; text-align:center; margin-top:1em"\n'
        f"! The society\n|-\n| {society}\n|}}\n<noinclude>\n[[Category:Templates]]\n</noinclude>"
    )
    return {
        "Infobox crop": _INFOBOX_CROP,
        "Infobox plot": _INFOBOX_PLOT,
        "Stub": _STUB,
        "Main": _MAIN_ARTICLE,
        "Society": navbox,
    }


def _user_link(user: str) -> str:
    return f"[[User:{user}|{user}]]"


def _signature(user: str, when: str) -> str:
    return f"{_user_link(user)} ([[User talk:{user}|talk]]) {when} (UTC)"


class _Writer:
    """Wikitext for one article at a time, linking to the wiki's other
    titles and citing sources as it goes."""

    def __init__(self, rng: random.Random, titles: list[str], images: dict[str, str]) -> None:
        self.rng = rng
        self.by_word = {t.lower(): t for t in titles}
        self.titles = titles
        self.images = images  # file name -> caption, still to be placed
        self.refs = 0
        self.current = ""  # the article being written: not linked to itself

    def prose(self, lo: int = 2, hi: int = 5, cite: float = 0.3) -> str:
        """A paragraph whose words link now and then to the article of that
        name (or to a missing one), with a reference now and then."""
        rng, out = self.rng, []
        for _ in range(rng.randint(lo, hi)):
            words = _sentence(rng).split()
            for i, word in enumerate(words):
                bare = word.rstrip(".").lower()
                title = self.by_word.get(bare)
                if title and title != self.current and rng.random() < 0.2:
                    stop = "." if word.endswith(".") else ""
                    shown = word.rstrip(".")
                    link = f"[[{title}]]" if shown == title else f"[[{title}|{shown}]]"
                    words[i] = link + stop
            sentence = " ".join(words)
            if rng.random() < 0.04:
                missing = rng.choice(("Polytunnel", "Car park"))
                sentence = sentence[:-1] + f" near the [[{missing}]]."
            if rng.random() < cite:
                sentence += self.ref()
            out.append(sentence)
        return " ".join(out)

    def ref(self) -> str:
        rng = self.rng
        self.refs += 1
        if self.refs > 1 and rng.random() < 0.25:
            return '<ref name="handbook" />'
        if self.refs == 1:
            text = _SOURCES[0].format(n=rng.randint(3, 300), month=rng.choice(_MONTHS))
            return f'<ref name="handbook">{text}</ref>'
        text = rng.choice(_SOURCES[1:]).format(n=rng.randint(3, 300), month=rng.choice(_MONTHS))
        return f"<ref>{text}</ref>"

    def table(self) -> str:
        rng = self.rng
        sortable = " sortable" if rng.random() < 0.4 else ""
        rows = [f'{{| class="wikitable{sortable}"']
        if rng.random() < 0.5:
            rows.append(f"|+ {_sentence(rng, 2, 4)[:-1]}")
        rows.append("! Crop !! Sow !! Harvest !! Rows")
        for _ in range(rng.randint(2, 6)):
            crop = rng.choice(_WORDS)
            sow, harvest = rng.choice(_MONTHS), rng.choice(_MONTHS)
            rows.append(f"|-\n| {crop} || {sow} || {harvest} || {rng.randint(1, 12)}")
        rows.append("|}")
        return "\n".join(rows)

    def block(self) -> str:
        rng = self.rng
        roll = rng.random()
        if roll < 0.14:
            return "\n".join(f"* {self.prose(1, 1, 0.1)}" for _ in range(rng.randint(2, 6)))
        if roll < 0.22:
            return "\n".join(f"# {_sentence(rng, 3, 9)}" for _ in range(rng.randint(3, 5)))
        if roll < 0.28:
            return "\n".join(
                f"; {rng.choice(_WORDS).capitalize()}\n: {_sentence(rng, 4, 10)}"
                for _ in range(rng.randint(2, 4))
            )
        if roll < 0.38:
            return self.table()
        if roll < 0.46 and self.images:
            name = next(iter(self.images))
            caption = self.images.pop(name)
            where = rng.choice(("thumb", "thumb|left", "thumb|upright"))
            return f"[[File:{name}|{where}|{caption}]]\n{self.prose()}"
        if roll < 0.5:
            return f"<blockquote>{_sentence(rng, 8, 20)}</blockquote>"
        return self.prose()

    def sections(self, count: int) -> list[str]:
        rng, out = self.rng, []
        for _ in range(count):
            part = [f"== {_sentence(rng, 1, 4)[:-1]} =="]
            if rng.random() < 0.15:
                part.append(f"{{{{Main|{rng.choice(self.titles)}}}}}")
            part.extend(self.block() for _ in range(rng.randint(1, 3)))
            for _ in range(rng.choice((0, 0, 0, 1, 2))):
                part.append(f"=== {_sentence(rng, 1, 3)[:-1]} ===")
                part.append(self.block())
            out.append("\n\n".join(part))
        return out


def _article(
    writer: _Writer, title: str, category: str, extra: dict[str, str], stub: bool
) -> list[str]:
    """An article's wikitext as its parts: the lead, then each section, the
    references and see-also, the categories (a revision is a prefix)."""
    rng = writer.rng
    writer.refs, writer.current = 0, title
    box = ""
    if category in _CROPS:
        fields = {
            "family": rng.choice(_FAMILIES),
            "sow": rng.choice(_MONTHS),
            "harvest": rng.choice(_MONTHS),
            **extra,
        }
        box = "{{Infobox crop\n" + "".join(f"| {k} = {v}\n" for k, v in fields.items()) + "}}\n"
    elif category == "Plots":
        size = rng.choice(("2.5", "5", "5", "10"))
        fields = {"size": size, "since": str(rng.randint(1998, 2023)), **extra}
        box = "{{Infobox plot\n" + "".join(f"| {k} = {v}\n" for k, v in fields.items()) + "}}\n"
    text = re.sub(r"^\[\[([^|\]]+)\]\]", lambda m: f"[[{m[1]}|{m[1]}]]", writer.prose(1, 3))
    first = text.find("|") + 1 if text.startswith("[[") else 0  # the words shown
    lead = f"{box}'''{title}''' is {text[:first]}{text[first].lower()}{text[first + 1 :]}"
    if stub:
        return [lead, "{{Stub}}", f"[[Category:{category}]]"]
    if rng.random() < 0.3:
        lead += "\n\n" + writer.prose()
    parts = [lead]
    parts.extend(writer.sections(rng.choice((1, 2, 3, 3, 4, 5, 6))))
    if category == "Society":
        parts.append("{{Society}}")
    if writer.refs:
        parts.append("== References ==\n<references />")
    if rng.random() < 0.3:
        seen = rng.sample(writer.titles, 3)
        parts.append("== See also ==\n" + "\n".join(f"* [[{t}]]" for t in seen))
    if rng.random() < 0.9:
        parts.append(f"[[Category:{category}]]")
    return parts


def _talk(rng: random.Random, users: list[str], day: int) -> str:
    threads = []
    for n in range(rng.randint(1, 3)):
        posts = []
        for depth in range(rng.randint(1, 4)):
            user = users[(n + depth) % len(users)]
            when = f"{9 + depth}:{15 * depth:02d}, {day + n} April 2024"
            posts.append(":" * depth + f"{_sentence(rng, 8, 24)} {_signature(user, when)}")
        threads.append(f"== {_sentence(rng, 2, 5)[:-1]} ==\n" + "\n".join(posts))
    return "\n\n".join(threads)


def _stamp(day: int, minute: int = 0) -> str:
    """A revision's time, ``day`` days after the wiki was started."""
    month_days = (31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)
    month = 0
    while day >= month_days[month]:
        day -= month_days[month]
        month += 1
    return f"2024-{month + 1:02d}-{day + 1:02d}T{9 + minute // 60 % 9:02d}:{minute % 60:02d}:00Z"


def write_site(folder: Path, seed: int = 0) -> dict:
    """The wiki's sources in ``folder``: ``pages.xml`` (an import dump),
    ``Main_Page.wiki``, ``images/<user>/`` (PNGs and their descriptions)
    and ``site.json`` (users, upload times, the titles with a history the
    crawler keeps); the same bytes for a seed."""
    rng = random.Random(seed + 1039)
    users = list(_AUTHORS)
    titles = [t for _, _, ts in _TOPICS for t in ts]
    category_of = {t: c for c, _, ts in _TOPICS for t in ts}
    # Photos: each by one user, for one article (in its infobox, or a
    # thumbnail in its text); three more for the open day's gallery.
    photos: dict[str, dict] = {}
    for n, title in enumerate(rng.sample([t for t in titles if t != "Open day"], 5)):
        name = f"{title} {rng.choice(('in June', 'bed', 'close up', 'from the path'))}.png"
        photos[name] = {"user": users[n % 3], "article": title, "caption": _sentence(rng, 3, 8)}
    for n in range(3):
        name = f"Open day {2021 + n}.png"
        photos[name] = {"user": users[n], "article": "Open day", "caption": _sentence(rng, 3, 6)}
    stubs = set(rng.sample(titles, len(titles) // 10))
    history = sorted(rng.sample([t for t in titles if t not in stubs], 10))
    pages: list[tuple[str, int, list[tuple[str, str, str, str]]]] = []  # title, ns, revisions

    def add(title: str, ns: int, text: str, day: int, user: str, summary: str) -> None:
        pages.append((title, ns, [(_stamp(day, len(pages) % 300), user, summary, text)]))

    for name, text in _templates().items():
        add(f"Template:{name}", 10, text, 0, users[0], "new template")
    for c, parent, _ in _TOPICS:
        text = f"{_paragraph(rng)}" + (f"\n\n[[Category:{parent}]]" if parent else "")
        add(f"Category:{c}", 14, text, 1, users[1], "new category")
    descriptions = {
        "Stubs": "Short articles: help the society by expanding them.",
        "Photographs": "Photos taken on the site by plot holders.",
        "Templates": "Templates used by the articles of this wiki.",
    }
    for c in _OTHER_CATEGORIES:
        add(f"Category:{c}", 14, descriptions[c], 1, users[2], "new category")
    writer = _Writer(rng, titles, {})
    for n, title in enumerate(titles):
        category = category_of[title]
        extra = {}
        mine = [p for p, v in photos.items() if v["article"] == title]
        writer.images = {}
        if title == "Open day":
            pass
        elif mine and category in _CROPS | {"Plots"} and rng.random() < 0.6:
            extra["image"] = mine[0]
        elif mine:
            writer.images = {mine[0]: photos[mine[0]]["caption"]}
        if category == "Plots":
            holder = rng.choice([*users, "Ann Tilley", "Bill Marsh", ""])
            if holder in users:
                extra["holder"] = _user_link(holder)
            elif holder:
                extra["holder"] = holder
        parts = _article(writer, title, category, extra, title in stubs)
        if writer.images:  # the photo found no place: a thumbnail after the lead
            name, caption = writer.images.popitem()
            parts.insert(1, f"[[File:{name}|thumb|{caption}]]")
        if title == "Open day":
            gallery = "\n".join(f"File:{p}|{photos[p]['caption']}" for p in mine)
            parts.insert(2, f"== Photos ==\n<gallery>\n{gallery}\n</gallery>")
        day = 3 + n * 2
        revisions = []
        count = rng.randint(3, 6) if title in history else rng.choice((1, 1, 1, 2))
        for k in range(1, count + 1):
            keep = max(1, round(len(parts) * k / count))
            text = "\n\n".join(parts[:keep])
            summary = "new article" if k == 1 else rng.choice(_SUMMARIES)
            stamp = _stamp(day + 5 * (k - 1), (n * 7 + k * 31) % 300)
            revisions.append((stamp, users[(n + k) % 3], summary, text))
        pages.append((title, 0, revisions))
    for source, target in _REDIRECTS.items():
        add(source, 0, f"#REDIRECT [[{target}]]", 200, users[0], "redirect")
    about = (
        f"The '''{SITENAME}''' wiki is written by the society's plot holders.\n\n"
        f"{_paragraph(rng)}\n\n== Who writes it ==\n"
        + "\n".join(f"* {_user_link(u)}" for u in users)
    )
    project = {
        "About": about,
        "Privacy policy": f"{_paragraph(rng)}\n\n== Cookies ==\n{_paragraph(rng)}",
        "General disclaimer": _paragraph(rng),
    }
    for name, text in project.items():
        add(f"{SITENAME}:{name}", 4, text, 2, users[0], "new page")
    for n, user in enumerate(users):
        held = [t for t in titles if t.startswith("Plot ")][n * 4 : n * 4 + rng.randint(1, 4)]
        text = (
            f"I am {user.split()[0]}. {_paragraph(rng)}\n\n== My plots ==\n"
            + "\n".join(f"* [[{t}]]" for t in held)
            + f"\n\n== Favourite crops ==\n{writer.table()}"
        )
        add(f"User:{user}", 2, text, 2, user, "about me")
    add(f"User talk:{users[1]}", 3, _talk(rng, [users[0], users[1]], 10), 40, users[0], "hello")
    for n, title in enumerate(rng.sample([t for t in titles if t not in stubs], 6)):
        add(f"Talk:{title}", 1, _talk(rng, users, 3 + n), 60 + n, users[n % 3], "question")
    sidebar = (
        "* navigation\n** mainpage|mainpage-description\n** recentchanges-url|recentchanges\n"
        "** Special:Categories|Categories\n* The society\n** Category:Plots|Plots\n"
        f"** Category:Events|Events\n** {SITENAME}:About|About this wiki\n"
        "* SEARCH\n* TOOLBOX\n* LANGUAGES"
    )
    add("MediaWiki:Sidebar", 8, sidebar, 2, users[0], "sidebar")

    folder.mkdir(parents=True, exist_ok=True)
    dump = [
        '<mediawiki xmlns="http://www.mediawiki.org/xml/export-0.11/" version="0.11" xml:lang="en">'
    ]
    for title, ns, revisions in pages:
        dump.append(f"<page>\n<title>{escape(title)}</title>\n<ns>{ns}</ns>")
        if title in _REDIRECTS:
            dump.append(f'<redirect title="{escape(_REDIRECTS[title])}" />')
        for stamp, user, summary, text in revisions:
            dump.append(
                f"<revision>\n<timestamp>{stamp}</timestamp>\n"
                f"<contributor><username>{escape(user)}</username></contributor>\n"
                f"<comment>{escape(summary)}</comment>\n"
                "<model>wikitext</model>\n<format>text/x-wiki</format>\n"
                f'<text xml:space="preserve">{escape(text)}</text>\n</revision>'
            )
        dump.append("</page>")
    dump.append("</mediawiki>\n")
    (folder / "pages.xml").write_text("\n".join(dump), encoding="utf-8")

    featured = rng.sample([t for t in titles if t not in stubs], 6)
    main = (
        f"'''Welcome to the {SITENAME} wiki''', the plot holders' notes on growing, "
        "the site and the society.\n\n"
        '{| style="width:100%"\n| style="width:50%; vertical-align:top" |\n'
        f"== From the plots ==\n{_paragraph(rng)} Read about [[{featured[0]}]].\n\n"
        + "\n".join(f"* [[{t}]]" for t in featured[1:])
        + '\n| style="vertical-align:top" |\n== Browse ==\n'
        + "\n".join(f"* [[:Category:{c}|{c}]]" for c, parent, _ in _TOPICS if parent is None)
        + "\n\n== This wiki ==\n* [[Special:AllPages|Every article]]\n"
        "* [[Special:Categories|Every category]]\n"
        f"* [[{SITENAME}:About|About this wiki]]\n|}}\n"
    )
    (folder / "Main_Page.wiki").write_text(main, encoding="utf-8")

    uploads = {}
    for n, user in enumerate(users):
        (folder / "images" / str(n)).mkdir(parents=True, exist_ok=True)
        uploads[str(n)] = {"user": user, "timestamp": f"2024010{n + 1}100000"}
    for k, (name, photo) in enumerate(photos.items()):
        where = folder / "images" / str(users.index(photo["user"]))
        size = (rng.choice((160, 200, 240)), rng.choice((120, 150, 180)))
        (where / name).write_bytes(_png(*size, (70 + 20 * k, 130 + 9 * k, 60)))
        text = (
            f"== Summary ==\n{photo['caption']} On [[{photo['article']}]].\n\n"
            f"== Licensing ==\nTaken by {_user_link(photo['user'])} for the society.\n\n"
            "[[Category:Photographs]]\n"
        )
        (where / f"{name}.txt").write_text(text, encoding="utf-8")
    site = {"users": users, "uploads": uploads, "history": history}
    (folder / "site.json").write_text(json.dumps(site, indent=1), encoding="utf-8")
    return site


# ---------------------------------------------------------------- MediaWiki

#: Appended to the ``LocalSettings.php`` that the installer writes.
_SETTINGS = """
# held-out bench
$wgArticlePath = "/wiki/$1";
$wgEnableUploads = true;
$wgUploadDirectory = "__ROOT__/uploads";
$wgUploadPath = "/images";
$wgUseImageResize = false;  # the browser scales images: no thumbnails made
$wgUseImageMagick = false;
$wgJobRunRate = 0;  # jobs run by runJobs.php before the crawl, never during it
$wgRCMaxAge = 30 * 365 * 86400;  # the revisions' 2024 dates stay in recent changes
$wgDefaultUserOptions['rcdays'] = 30 * 365;
$wgShowExceptionDetails = true;
"""

# PHP's built-in server: MediaWiki's own files as they are, uploads from the
# data folder, every other path to index.php (which reads /wiki/<title>).
_ROUTER = front_controller(
    "if (str_starts_with($path, '/images/')) {\n"
    "    $file = '__ROOT__/uploads/' . substr($path, 8);\n"
    "    if (strpos($path, '..') !== false || !is_file($file)) {\n"
    "        http_response_code(404);\n"
    "        return true;\n"
    "    }\n"
    "    header('Content-Type: ' . mime_content_type($file));\n"
    "    readfile($file);\n"
    "    return true;\n"
    "}\n"
)


def _check_packages() -> None:
    check_debian("cms_mediawiki", DEBIAN, _PINNED, "apt-get install -y --no-install-recommends")


def _source() -> Path:
    """Where the ``mediawiki`` package put MediaWiki (the folder of its
    ``index.php``, the server's document root)."""
    files = _run(["dpkg-query", "-L", "mediawiki"], "dpkg-query -L mediawiki").splitlines()
    found = [Path(f).parent.parent for f in files if f.endswith("/maintenance/install.php")]
    if not found:
        raise SystemExit("the mediawiki package has no maintenance/install.php")
    return found[0]


def _maintenance(root: Path, script: str, *args: str, what: str, stdin: str | None = None) -> str:
    """Run ``maintenance/<script>.php`` on the wiki in ``root``."""
    env = {**os.environ, "MW_CONFIG_FILE": str(root / "LocalSettings.php")}
    cmd = ["php", str(_source() / "maintenance" / f"{script}.php"), *args]
    return _run(cmd, what, env=env, input=stdin)


def install(root: Path, site: dict) -> None:
    """Install MediaWiki into ``root`` and put the content of ``root/wiki``
    in with its maintenance scripts."""
    wiki = root / "wiki"
    _maintenance(
        root, "install",
        "--dbtype", "sqlite", "--dbpath", str(root / "db"), "--server", f"http://{HOST}",
        "--scriptpath", "", "--pass", _PASSWORD, "--skins", "Vector",
        "--extensions", "Cite,ParserFunctions", "--confpath", str(root), SITENAME, "Admin",
        what="install.php",
    )  # fmt: skip
    settings = root / "LocalSettings.php"
    text = settings.read_text(encoding="utf-8")
    if f'$wgDefaultSkin = "{SKIN}";' not in text:
        raise SystemExit(f"the installer chose another default skin than {SKIN}")
    settings.write_text(text + _SETTINGS.replace("__ROOT__", str(root)), encoding="utf-8")
    (root / "uploads").mkdir(exist_ok=True)
    for user in site["users"]:
        _maintenance(root, "createAndPromote", user, _PASSWORD, what=f"user {user}")
    for folder, upload in site["uploads"].items():
        _maintenance(
            root, "importImages", str(wiki / "images" / folder), "--extensions", "png",
            "--comment-ext", "txt", "--user", upload["user"], "--timestamp", upload["timestamp"],
            "--summary", "photo", what="importImages.php",
        )  # fmt: skip
    _maintenance(root, "importDump", str(wiki / "pages.xml"), what="importDump.php")
    main = (wiki / "Main_Page.wiki").read_text(encoding="utf-8")
    user, summary = site["users"][0], "the society's main page"
    _maintenance(
        root, "edit", "--user", user, "--summary", summary, "Main Page", what="edit.php", stdin=main
    )
    for script, *args in (
        ("runJobs",),
        ("refreshLinks",),
        ("rebuildrecentchanges",),
        ("initSiteStats", "--update"),
        ("rebuildtextindex",),
        ("rebuildmessages",),
    ):
        _maintenance(root, script, *args, what=f"{script}.php")


@contextmanager
def serve(root: Path) -> Iterator[int]:
    """PHP's server on the wiki in ``root`` while inside; yields its port."""
    router = root / "router.php"
    router.write_text(_ROUTER.replace("__ROOT__", str(root)), encoding="utf-8")
    env = {**os.environ, "MW_CONFIG_FILE": str(root / "LocalSettings.php")}

    def command(port: int) -> list[str]:
        return ["php", "-S", f"127.0.0.1:{port}", "-t", str(_source()), str(router)]

    with php_server(command, root, "/load.php", env=env) as port:
        yield port


# ---------------------------------------------------------------- crawl


def _local(href: str, base: str, history: frozenset[str]) -> str | None:
    """The path and query of a link the crawler follows, ``None`` for any
    other: a page ``/wiki/<title>`` (a special page only if in
    :data:`SPECIALS`), or ``index.php?title=<title>&action=history`` for a
    title in ``history``.

    >>> keep = frozenset({"Kale"})
    >>> [_local(h, "/wiki/Kale", keep) for h in ("Bean", "/wiki/Category:Herbs", "#top")]
    ['/wiki/Bean', '/wiki/Category:Herbs', '/wiki/Kale']
    >>> [_local(h, "/", keep) for h in ("/index.php?title=Kale&action=history",
    ...     "/index.php?title=Bean&action=history", "/index.php?title=Kale&action=edit")]
    ['/index.php?title=Kale&action=history', None, None]
    >>> links = ("/wiki/Special:AllPages", "/wiki/Special:Random", "/wiki/Kale?action=raw",
    ...     "http://allotments.example/index.php?title=Kale&oldid=3", "/images/a/ab/Kale.png",
    ...     "/load.php?modules=site", "https://www.mediawiki.org/", "/wiki/Special:Search/Kale")
    >>> [_local(h, "/", keep) for h in links]
    ['/wiki/Special:AllPages', None, None, None, None, None, None, None]
    """
    url = urlsplit(urljoin(f"http://{HOST}{base}", href.strip()))
    if url.scheme not in ("http", "https") or url.netloc != HOST:
        return None
    if url.path == "/index.php":
        params = dict(parse_qsl(url.query))
        wanted = {"title": params.get("title", ""), "action": "history"}
        if params == wanted and params["title"].replace("_", " ") in history:
            return f"/index.php?{url.query}"
        return None
    if not url.path.startswith("/wiki/") or url.query:
        return None
    title = unquote(url.path[len("/wiki/") :])
    if title.startswith("Special:") and title[len("Special:") :] not in SPECIALS:
        return None
    return url.path


def crawl(port: int, out: Path, history: frozenset[str], limit: int = 1000) -> list[dict]:
    """Every page reachable from ``/``, then :data:`MISSING` and
    :data:`SEARCH`, saved as served into ``out``."""
    return crawl_site(
        port,
        out,
        what="MediaWiki",
        start="/",
        missing=MISSING,
        search=SEARCH,
        local=lambda href, base: _local(href, base, history),
        host=HOST,
        limit=limit,
    )


def build_mediawiki(data: Path, seed: int = 0) -> Path:
    """The folder of saved pages of the wiki (built once into ``data``;
    ``pages.json`` lists them)."""
    root = data / "mediawiki"
    pages = root / "pages"
    if begin_build(root, _check_packages):
        return pages
    site = write_site(root / "wiki", seed)
    install(root, site)
    with serve(root) as port:
        saved = crawl(port, pages / "tmp", frozenset(site["history"]))
    return publish_crawl(pages, saved)


# ---------------------------------------------------------------- labels

#: Namespaces whose pages another class than ``Article`` shows.
_NAMESPACE_VIEWS = {"Category": "category", "File": "file"}


def mediawiki_label_of(url: str) -> str | None:
    """The kind of view MediaWiki renders for a crawled URL, from the URL
    alone (``None``: not a page of the site's kinds).

    >>> urls = ("/wiki/Main_Page", "/wiki/Kale", "/wiki/Talk:Kale", "/wiki/Template:Stub",
    ...     "/wiki/User:Tom_Ashdown", "/wiki/Hazel_Lane_Allotments:About")
    >>> {mediawiki_label_of(u) for u in urls}
    {'article'}
    >>> urls = ("/wiki/Category:Soft_fruit", "/wiki/File:Open_day_2021.png",
    ...     "/index.php?title=Kale&action=history", "/wiki/Special:RecentChanges",
    ...     "/wiki/Special:AllPages", SEARCH, MISSING)
    >>> [mediawiki_label_of(u) for u in urls]  # doctest: +NORMALIZE_WHITESPACE
    ['category', 'file', 'history', 'special-recentchanges', 'special-allpages',
     'search', 'missing']
    >>> urls = ("/index.php?title=Kale&action=edit", "/wiki/Special:Random", "/wiki/Kale?x=1")
    >>> [mediawiki_label_of(u) for u in urls]
    [None, None, None]
    """
    path, _, query = url.partition("?")
    params = dict(parse_qsl(query))
    if path == "/index.php":
        if params.get("title") == "Special:Search" and params.get("search"):
            return "search"
        if params.get("action") == "history" and set(params) == {"title", "action"}:
            return "history"
        return None
    if query or not path.startswith("/wiki/"):
        return None
    if path == MISSING:
        return "missing"
    namespace, colon, name = unquote(path[len("/wiki/") :]).partition(":")
    if not colon:
        return "article"
    if namespace == "Special":
        return f"special-{name.lower()}" if name in SPECIALS else None
    return _NAMESPACE_VIEWS.get(namespace, "article")


_BODY = re.compile(r'<body[^>]*\bclass="([^"]*)"')
#: What each view puts in the content area (MediaWiki quotes some
#: attributes with ``'``, some with ``"``).
_CONTAINERS = {
    kind: re.compile(rf"""\b{attr}=["']{value}\b""")
    for kind, attr, value in (
        ("history", "id", "pagehistory"),
        ("search", "class", "mw-search-results"),
        ("missing", "class", "noarticletext"),
        ("category", "class", "mw-category-generated"),
        ("file", "id", "filehistory"),
        ("article", "class", "mw-parser-output"),
    )
}


def label_in_html(page: str) -> str | None:
    """The view a page's markup shows: MediaWiki's ``<body>`` classes (the
    action, the namespace, the special page), confirmed by the container
    that view writes and by the absence of the other views' containers
    (``None``: no view, or marks that disagree).

    >>> def page(body, content):
    ...     return f'<html><body class="mediawiki {body} skin-vector">{content}</body>'
    >>> page_ = '<div class="mw-parser-output"><p>Kale</p></div>'
    >>> label_in_html(page("ns-0 page-Kale action-view", page_))
    'article'
    >>> label_in_html(page("ns-1 page-Talk_Kale action-view", page_))
    'article'
    >>> cat = page_ + '<div class="mw-category-generated" lang="en">'
    >>> label_in_html(page("ns-14 page-Category_Herbs action-view", cat))
    'category'
    >>> label_in_html(page("ns-0 page-Kale action-view", cat)) is None
    True
    >>> label_in_html(page("ns-6 action-view", '<h2 id="filehistory">File history</h2>'))
    'file'
    >>> label_in_html(page("ns-0 action-history", '<section id="pagehistory">'))
    'history'
    >>> label_in_html(page("ns-0 action-view", '<div class="noarticletext mw-content-ltr">'))
    'missing'
    >>> label_in_html(page("ns--1 ns-special mw-special-Allpages action-view", "<ul>"))
    'special-allpages'
    >>> label_in_html(page("ns--1 mw-special-Search action-view", "<ul class='mw-search-results'>"))
    'search'
    >>> label_in_html(page("ns--1 mw-special-Search action-view", "<p>No results")) is None
    True
    """
    body = _BODY.search(page)
    if not body:
        return None
    classes = body.group(1).split()
    special = [c[len("mw-special-") :] for c in classes if c.startswith("mw-special-")]
    if "action-history" in classes:
        kind = "history"
    elif special:
        kind = "search" if special[0] == "Search" else f"special-{special[0].lower()}"
        if kind != "search":
            return kind
    elif "action-view" not in classes:
        return None
    elif _CONTAINERS["missing"].search(page):
        kind = "missing"
    elif "ns-14" in classes:
        kind = "category"
    elif "ns-6" in classes:
        kind = "file"
    else:
        kind = "article"
    if not _CONTAINERS[kind].search(page):
        return None
    # No other view's own container (every view but a missing page or a
    # history parses some wikitext: mw-parser-output is not one of them).
    if any(c.search(page) for k, c in _CONTAINERS.items() if k not in (kind, "article")):
        return None
    return kind


def mediawiki_pages(data: Path) -> list[tuple[str, str, str]]:
    """(URL path, HTML, label) of every page of the wiki: the site is built
    and crawled once into ``data``; ``SystemExit`` if a page's markup shows
    another view than its label, or a view the crawl should reach is not
    there."""
    pages = build_mediawiki(data)
    out, wrong = [], []
    for entry in json.loads((pages / "pages.json").read_text(encoding="utf-8")):
        label = mediawiki_label_of(entry["path"])
        if label is None:
            continue
        page = (pages / entry["file"]).read_text(encoding="utf-8")
        shown = label_in_html(page)
        if shown != label or (entry["status"] == 404) != (label == "missing"):
            wrong.append(f"{entry['path']} ({entry['status']}): {label}, markup {shown}")
        out.append((entry["path"], page, label))
    if wrong:
        raise SystemExit("MediaWiki pages whose markup shows another view:\n" + "\n".join(wrong))
    site = json.loads((pages.parent / "wiki" / "site.json").read_text(encoding="utf-8"))
    counts: dict[str, int] = {}
    for _, _, label in out:
        counts[label] = counts.get(label, 0) + 1
    expected = {
        "history": len(site["history"]),
        "search": 1,
        "missing": 1,
        **{f"special-{s.lower()}": 1 for s in SPECIALS},
    }
    if any(counts.get(k, 0) != n for k, n in expected.items()):
        raise SystemExit(f"the MediaWiki crawl did not reach the expected pages: {counts}")
    return out


if __name__ == "__main__":  # python bench/cms_mediawiki.py DATA
    import sys

    found = mediawiki_pages(Path(sys.argv[1]))
    totals: dict[str, int] = {}
    for _, _, kind in found:
        totals[kind] = totals.get(kind, 0) + 1
    print("mediawiki", len(found), dict(sorted(totals.items())))
