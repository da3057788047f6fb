"""A wiki served by real DokuWiki, for the held-out bench.

Like ``bench/cms_mediawiki.py`` (whose structure it follows), it uses the
server and crawler helpers of ``bench/cms_wordpress.py`` and the word list
and prose of ``bench/cms_blogs.py``: this module invents a wiki's content,
lets the real CMS render it, then labels each page with the kind of view
that DokuWiki renders for it. Only the content is invented; every page is
the HTML that DokuWiki served, with its default template ``dokuwiki``.

The site: DokuWiki 2022-07-31b "Igor" from Debian's packages
(:data:`DEBIAN`), with a configuration folder and a data folder of its own:
the folder is named to DokuWiki before Debian's ``preload.php`` would pick
one (a file PHP's command line prepends, and the server's router
requires), and DokuWiki reads the package's defaults, then this wiki's
``local.php``. DokuWiki keeps no database: a page is a text file
(``data/pages/<namespace>/<page>.txt``), its revisions gzipped copies in
``data/attic/``, its history a changelog in ``data/meta/`` (one line a
revision, and one changelog for the whole wiki that recent changes read),
an image a file in ``data/media/``. :func:`write_site` writes all of these
from a seed, with fixed dates, users and summaries and each file's time set
to its last revision's, so that DokuWiki takes them as its own edits rather
than external ones (for any other it logs an external edit, dated the
file's time: the day of the build). :func:`install` writes ``conf/local.php`` (what
Debian's installer writes, the data folder, the default template and the
URL style said outright), ACLs that let anyone read and no one do more,
and the three users (with no password: no one logs in), then builds the
search index with DokuWiki's ``bin/indexer.php``.

URLs: DokuWiki's default, ``userewrite = 0``: every page is
``/doku.php?id=<namespace>:<page>``, every view ``/doku.php?id=...&do=...``.
It is what an install serves until someone sets up rewriting in the web
server (Debian's package ships its rewrite rules commented out), so it is
what a crawl of the many wikis nobody tuned finds; the nicer ``/ns:page``
of ``userewrite = 1`` needs the server's rules first. Here every view of the
wiki shares one path and names its kind only in the query.

The wiki, an allotment society's, holds 83 pages: 69 articles in ten
namespaces (``growing:vegetables``, ``growing:fruit``, ``growing:herbs``,
``growing:soil``, ``plots``, ``wildlife``, ``wildlife:pests``, ``tools``,
``society``, ``society:events``), the start pages of these, of
``growing`` and of the wiki (twelve: ``start``, ``growing:start`` ...), the
sidebar (shown beside every page but the image details) and an about
page. Articles are in sections and subsections (the table of contents shows
on pages with three headings or more; a few turn it off with
``~~NOTOC~~``), with a table of facts at the top of crops and plots, lists,
tables, code and file blocks, quotes, footnotes, rules, images from the
media folder (ten small PNGs, each on one page), links to one another, a
few interwiki and external links and a few links to pages that do not
exist; a tenth of them stubs. Ten articles have three to six revisions, a
quarter of the rest two.

PHP's built-in server serves it, with DokuWiki's own router for that server
(its ``index.php``), and a crawler follows every ``<a href>`` on the site's
host from the start page (:data:`START`). It keeps a page's view
(``doku.php?id=<id>``, the text's links to pages nobody wrote included, as
a reader follows them) and, of DokuWiki's other views, a bounded set: the
sitemap (``do=index``) and the media manager (``do=media&ns=...``) of the
wiki's start page and of each top-level namespace's start page
(:data:`TOP`), recent changes (``do=recent``) and the login form
(``do=login``, asked for without its session token) of the start page only,
the old revisions (``do=revisions``) of the ten articles with several, and
an image's detail page (``lib/exe/detail.php?id=...&media=...``); it leaves
editing and the page source (``do=edit``), diffs, old revisions' text
(``rev=``), backlinks, exports, feeds, media files and the media manager's
own links. It then asks for one missing page (:data:`MISSING`) and one
search (:data:`SEARCH`). The crawler sends the site's host name, and the
pages link with paths only. Pages are saved as served, with the status
code, so a second call reads them without starting any server.

A page's label is the view DokuWiki renders, read from the request alone
(:func:`dokuwiki_label_of`: the script, the ``do`` action, whether the id
is one the site wrote), so that the truth owes nothing to the markup the
engine clusters: ``page`` (the action ``show`` on a page that exists:
articles, start pages, the sidebar and the about page are all shown by the
same code, the parsed wiki text in the template's page area), ``missing``
(``show`` on an id with no page: DokuWiki's "This topic does not exist yet"
text, served with status 200 as ``send404`` is off by default), ``index``,
``recent``, ``search``, ``revisions``, ``media`` (the media manager,
``do=media``), ``login`` (the actions' own renderers) and ``detail``
(``lib/exe/detail.php``: another script and another template file,
``detail.php``, with no sidebar). The links to missing pages come from the
text (:func:`write_site` notes them), and from :data:`MISSING`.

Every page's markup is checked against its label when the site is read
(:func:`label_in_html`; :func:`dokuwiki_pages` stops with the pages that
disagree): DokuWiki's template prints the action on the site's outer
``<div id="dokuwiki__top">`` as a ``mode_<action>`` class, with
``notFound`` when the page does not exist, and each action's renderer
writes an element of its own (the forms ``dw__recent``, ``page__revisions``,
``dw__login``, the sitemap's ``index__tree``, the media manager's
``mediamanager__page``, the search's ``search_results``, the image detail's
``dokuwiki__detail``; ``lib/exe/detail.php`` sets no action, and its page
says ``mode_`` with nothing after it). The check reads the response, the
label the request, so a page served other than the crawler expected (a
redirect to another view, a permission error, a page missing that should
exist) cannot pass with a wrong label; and the crawl must reach each view
as often as the written site says.

The same seed writes the same sources (every file in the data folder and
``site.json``) and the crawl finds the same pages with the same labels; the
HTML itself differs from build to build in the style sheet's and scripts'
URLs (``tseed``, from the configuration files' times), the task runner's
image URL (it carries the time), and the tokens of resized images' URLs
(keyed by a salt DokuWiki draws when it first needs one).
"""

from __future__ import annotations

import gzip
import json
import os
import random
import re
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import parse_qsl, urljoin, urlsplit

from cms_blogs import _AUTHORS, _WORDS, _paragraph, _run, _sentence
from cms_wordpress import (
    _png,
    begin_build,
    check_debian,
    crawl_site,
    php_server,
    publish_crawl,
)

#: The Debian 12 packages the site was built with (``dpkg-query -W``).
DEBIAN = {
    "dokuwiki": "0.0.20220731.a-2",
    "php-cli": "2:8.2+93",
    "php-xml": "2:8.2+93",
    "php-mbstring": "2:8.2+93",
    "php-intl": "2:8.2+93",
}
#: The packages whose version changes the HTML: checked before a build.
_PINNED = ("dokuwiki",)
TEMPLATE = "dokuwiki"  # DokuWiki's default template
SITENAME = "Hazel Lane Allotments"
HOST = "allotments.example"
START = "/doku.php?id=start"
MISSING = "/doku.php?id=plots:plot_99"
SEARCH = "/doku.php?do=search&id=start&q=kale"
#: Start pages whose sitemap and media manager the crawler keeps.
TOP = ("start", "growing:start", "plots:start", "wildlife:start", "tools:start", "society:start")
_EPOCH = 1709283600  # 2024-03-01 09:00 UTC: the wiki's first edit

# ---------------------------------------------------------------- content

_MONTHS = ("March", "April", "May", "June", "July", "August", "September", "October")
#: Namespaces: id, title, parent namespace's id or None, article titles.
_NAMESPACES = (
    ("growing", "Growing", None, ()),
    (
        "growing:vegetables",
        "Vegetables",
        "growing",
        (
            "Tomato",
            "Bean",
            "Squash",
            "Potato",
            "Onion",
            "Garlic",
            "Lettuce",
            "Kale",
            "Cabbage",
            "Broccoli",
            "Chard",
        ),
    ),
    (
        "growing:fruit",
        "Fruit",
        "growing",
        (
            "Apple",
            "Pear",
            "Plum",
            "Cherry",
            "Currant",
            "Raspberry",
            "Rhubarb",
            "Gooseberry",
            "Strawberry",
        ),
    ),
    ("growing:herbs", "Herbs", "growing", ("Thyme", "Sage", "Basil", "Mint", "Comfrey")),
    (
        "growing:soil",
        "Soil",
        "growing",
        ("Compost", "Mulch", "Leaf mould", "Green manure", "Clover", "Rye"),
    ),
    ("plots", "Plots", None, tuple(f"Plot {n}" for n in range(1, 13))),
    ("wildlife", "Wildlife", None, ("Frog", "Bee", "Worm", "Beetle", "Hedgehog", "Pond")),
    ("wildlife:pests", "Pests", "wildlife", ("Slug", "Snail", "Aphid", "Cabbage white")),
    (
        "tools",
        "Tools",
        None,
        ("Spade", "Hoe", "Wheelbarrow", "Water butt", "Cold frame", "Greenhouse"),
    ),
    (
        "society",
        "The society",
        None,
        ("Committee", "Rules", "Water points", "Sheds", "Waiting list"),
    ),
    (
        "society:events",
        "Events",
        "society",
        ("Open day", "Seed swap", "Autumn show", "Work party", "Bonfire night"),
    ),
)
_CROPS = {"growing:vegetables", "growing:fruit", "growing:herbs"}
_FAMILIES = ("Solanaceae", "Fabaceae", "Brassicaceae", "Rosaceae", "Lamiaceae", "Alliaceae")
#: Pages the text links to that nobody wrote (DokuWiki shows them as
#: missing: the crawler follows such links as a reader would).
_WANTED = {"polytunnel": "growing:polytunnel", "car park": "society:car_park"}
_SUMMARIES = (
    "more on sowing",
    "added a table",
    "typo",
    "footnotes",
    "new section",
    "photo",
    "tidy up",
    "dates for this year",
)
_CODE = (
    (
        "code",
        "Rota for the water points",
        "Mon  tap 1  plots 1-4\nWed  tap 2  plots 5-8\nFri  tap 3  plots 9-12",
    ),
    (
        "code python",
        "How the treasurer reckons the water bill",
        "def share(bill, plots):\n    rods = sum(p.size for p in plots)\n"
        "    return {p.name: round(bill * p.size / rods, 2) for p in plots}",
    ),
    (
        "file ini sowing.ini",
        "The seed swap's list, as the spreadsheet exports it",
        "[kale]\nsow = April\nrows = 2\n\n[bean]\nsow = May\nrows = 4",
    ),
)


def _slug(title: str) -> str:
    """A page's name as DokuWiki cleans it (``Leaf mould`` -> ``leaf_mould``)."""
    return re.sub(r"[^a-z0-9]+", "_", title.lower()).strip("_")


def _login(user: str) -> str:
    return user.split()[0].lower()


class _Writer:
    """DokuWiki text for one article at a time, linking to the wiki's other
    pages as it goes."""

    def __init__(self, rng: random.Random, ids: dict[str, str]) -> None:
        self.rng = rng
        self.by_word = ids  # a title's words in lower case -> its page id
        self.current = ""  # the page being written: not linked to itself
        self.wanted: set[str] = set()  # missing pages linked to

    def link(self, page: str, shown: str) -> str:
        return f"[[{page}|{shown}]]" if self.rng.random() < 0.8 else f"[[{page}]]"

    def prose(self, lo: int = 2, hi: int = 5) -> str:
        """A paragraph whose words link now and then to the page of that
        name, with a footnote or some markup now and then."""
        rng, out = self.rng, []
        for _ in range(rng.randint(lo, hi)):
            words = _sentence(rng).split()
            for i, word in enumerate(words):
                bare = word.rstrip(".").lower()
                page = self.by_word.get(bare)
                roll = rng.random()
                stop = "." if word.endswith(".") else ""
                if page and page != self.current and roll < 0.2:
                    words[i] = self.link(page, word.rstrip(".")) + stop
                elif roll < 0.02:
                    words[i] = f"**{word.rstrip('.')}**{stop}"
                elif roll < 0.035:
                    words[i] = f"//{word.rstrip('.')}//{stop}"
                elif roll < 0.04:
                    words[i] = f"''{word.rstrip('.')}''{stop}"
            sentence = " ".join(words)
            roll = rng.random()
            if roll < 0.03:
                shown, page = rng.choice(sorted(_WANTED.items()))
                self.wanted.add(page)
                sentence = sentence[:-1] + f" by the [[{page}|{shown}]]."
            elif roll < 0.06:
                word = rng.choice(_WORDS)
                sentence = sentence[:-1] + f" (see [[wp>{word.capitalize()}]])."
            elif roll < 0.12:
                sentence += f"(({_sentence(rng, 4, 10)}))"
            out.append(sentence)
        return " ".join(out)

    def table(self) -> str:
        rng = self.rng
        rows = ["^ Crop ^ Sow ^ Harvest ^ Rows ^"]
        for _ in range(rng.randint(2, 6)):
            crop = rng.choice(_WORDS)
            sow, harvest = rng.choice(_MONTHS), rng.choice(_MONTHS)
            rows.append(f"| {crop} | {sow} | {harvest} | {rng.randint(1, 12):>3} |")
        return "\n".join(rows)

    def block(self, images: list[str]) -> str:
        rng = self.rng
        roll = rng.random()
        if roll < 0.14:
            return "\n".join(f"  * {self.prose(1, 1)}" for _ in range(rng.randint(2, 6)))
        if roll < 0.22:
            return "\n".join(f"  - {_sentence(rng, 3, 9)}" for _ in range(rng.randint(3, 5)))
        if roll < 0.32:
            return self.table()
        if roll < 0.38:
            kind, lead, body = rng.choice(_CODE)
            return f"{lead}:\n\n<{kind}>\n{body}\n</{kind.split()[0]}>"
        if roll < 0.44 and images:
            name = images.pop()
            where = rng.choice(("{{ %s|%s}}", "{{%s |%s}}", "{{ %s |%s}}", "{{%s?160|%s}}"))
            return where % (f":{name}", _sentence(rng, 3, 7)[:-1]) + "\n" + self.prose()
        if roll < 0.5:
            return "\n".join(f"> {_sentence(rng, 6, 14)}" for _ in range(rng.randint(1, 2)))
        if roll < 0.52:
            return f"{self.prose(1, 2)}\n\n----"
        return self.prose()

    def sections(self, count: int, images: list[str]) -> list[str]:
        rng, out = self.rng, []
        for _ in range(count):
            part = [f"===== {_sentence(rng, 1, 4)[:-1]} ====="]
            part.extend(self.block(images) for _ in range(rng.randint(1, 3)))
            for _ in range(rng.choice((0, 0, 0, 1, 2))):
                part.append(f"==== {_sentence(rng, 1, 3)[:-1]} ====")
                part.append(self.block(images))
            out.append("\n\n".join(part))
        return out


def _facts(rng: random.Random, namespace: str, extra: dict[str, str]) -> str:
    """The table of facts at the top of a crop's or a plot's page."""
    if namespace in _CROPS:
        fields = {
            "Family": rng.choice(_FAMILIES),
            "Sow": rng.choice(_MONTHS),
            "Harvest": rng.choice(_MONTHS),
            **extra,
        }
    elif namespace == "plots":
        size = rng.choice(("2.5", "5", "5", "10"))
        fields = {"Size": f"{size} rods", "Since": str(rng.randint(1998, 2023)), **extra}
    else:
        return ""
    return "\n".join(f"^ {k} | {v} |" for k, v in fields.items())


def _article(
    writer: _Writer,
    page: str,
    title: str,
    namespace: str,
    extra: dict[str, str],
    images: list[str],
    stub: bool,
) -> list[str]:
    """A page's text as its parts: the title and lead, then each section,
    the see-also list (a revision is a prefix)."""
    rng = writer.rng
    writer.current = page
    lead = f"====== {title} ======\n\n"
    facts = _facts(rng, namespace, extra)
    if facts:
        lead += facts + "\n\n"
    text = writer.prose(1, 3)
    lead += f"**{title}** is {text[0].lower()}{text[1:]}"
    if stub:
        return [lead + "\n\n//This page is a stub: help the society by adding to it.//"]
    if images and rng.random() < 0.5:  # a photo at the top, on the right
        lead += f"\n\n{{{{ :{images.pop()}?200|{_sentence(rng, 3, 7)[:-1]}}}}}"
    if rng.random() < 0.3:
        lead += "\n\n" + writer.prose()
    if rng.random() < 0.08:
        lead = "~~NOTOC~~\n" + lead
    parts = [lead]
    parts.extend(writer.sections(rng.choice((1, 2, 3, 3, 4, 5, 6)), images))
    if rng.random() < 0.3:
        others = [p for p in writer.by_word.values() if p != page]
        seen = rng.sample(sorted(set(others)), 3)
        parts.append("===== See also =====\n" + "\n".join(f"  * [[{p}]]" for p in seen))
    if rng.random() < 0.1:
        parts.append(f"===== Elsewhere =====\n  * [[https://www.{_slug(title)}.example/|{title}]]")
    return parts


def _changelog_line(when: int, kind: str, page: str, user: str, summary: str, size: int) -> str:
    """A changelog line as DokuWiki writes one (tab-separated: date, IP,
    type, id, user, summary, extra, size change)."""
    return f"{when}\t127.0.0.1\t{kind}\t{page}\t{user}\t{summary}\t\t{size}\n"


def _path(folder: Path, page: str, suffix: str) -> Path:
    return folder.joinpath(*page.split(":")).with_name(page.split(":")[-1] + suffix)


def write_site(folder: Path, seed: int = 0) -> dict:
    """The wiki's data folder ``folder/data`` (pages, their revisions and
    changelogs, images and theirs) and ``folder/site.json`` (the users, the
    page ids, the pages with several revisions, the missing pages linked
    to, the images); the same bytes for a seed."""
    rng = random.Random(seed + 1061)
    users = [_login(u) for u in _AUTHORS]
    ids: dict[str, str] = {}  # title -> id, articles only
    namespace_of: dict[str, str] = {}
    for ns, _, _, titles in _NAMESPACES:
        for t in titles:
            ids[t] = f"{ns}:{_slug(t)}"
            namespace_of[t] = ns
    titles = list(ids)
    by_word = {t.lower(): p for t, p in ids.items() if " " not in t}
    # Photos: each on one article's page (in its namespace of media), three
    # more on the open day's.
    photos: dict[str, str] = {}  # media id -> the page showing it
    for title in rng.sample([t for t in titles if t != "Open day"], 7):
        what = rng.choice(("in_june", "bed", "close_up", "from_the_path"))
        photos[f"{namespace_of[title]}:{_slug(title)}_{what}.png"] = ids[title]
    for year in (2021, 2022, 2023):
        photos[f"society:events:open_day_{year}.png"] = ids["Open day"]
    stubs = set(rng.sample(titles, len(titles) // 10))
    history = sorted(rng.sample([ids[t] for t in titles if t not in stubs], 10))

    writer = _Writer(rng, by_word)
    texts: dict[str, list[tuple[int, str, str, str]]] = {}  # id -> (date, user, summary, text)

    def add(page: str, text: str, day: int, user: str, summary: str) -> None:
        when = _EPOCH + day * 86400 + (len(texts) * 7 % 480) * 60
        texts[page] = [(when, user, summary, text)]

    for n, title in enumerate(titles):
        page, ns = ids[title], namespace_of[title]
        extra: dict[str, str] = {}
        if ns == "plots":
            holder = rng.choice([*_AUTHORS, "Ann Tilley", "Bill Marsh", ""])
            extra["Holder"] = holder or "//vacant//"
        mine = sorted((m for m, p in photos.items() if p == page), reverse=True)
        if title == "Open day":
            gallery = " ".join(f"{{{{:{m}?120|}}}}" for m in sorted(mine))
            parts = _article(writer, page, title, ns, extra, [], title in stubs)
            parts.insert(1, f"===== Photos =====\n\n{gallery}")
        else:
            parts = _article(writer, page, title, ns, extra, mine, title in stubs)
            if mine:  # a photo that found no place: under the text
                parts.append(f"{{{{:{mine.pop()}|}}}}")
        day = 2 + n * 2
        revisions = []
        count = rng.randint(3, 6) if page in history else rng.choice((1, 1, 1, 2))
        for k in range(1, count + 1):
            keep = max(1, round(len(parts) * k / count))
            text = "\n\n".join(parts[:keep]) + "\n"
            summary = "new page" if k == 1 else rng.choice(_SUMMARIES)
            when = _EPOCH + (day + 5 * (k - 1)) * 86400 + ((n * 7 + k * 31) % 480) * 60
            revisions.append((when, users[(n + k) % 3], summary, text))
        texts[page] = revisions

    # Start pages: the wiki's and each namespace's, listing what is in it.
    children: dict[str, list[str]] = {}
    for ns, _, parent, _ in _NAMESPACES:
        children.setdefault(parent or "", []).append(ns)
    for ns, name, _, ns_titles in _NAMESPACES:
        writer.current = f"{ns}:start"
        lines = [f"====== {name} ======", "", writer.prose(2, 4), ""]
        for sub in children.get(ns, []):
            sub_name = next(x[1] for x in _NAMESPACES if x[0] == sub)
            lines.append(f"  * [[{sub}:start|{sub_name}]]")
        lines.extend(f"  * [[{ids[t]}|{t}]]" for t in ns_titles)
        if rng.random() < 0.5:
            lines += ["", "===== Who to ask =====", "", writer.prose(1, 2)]
        add(f"{ns}:start", "\n".join(lines) + "\n", 1, users[0], "new namespace")
    top = [ns for ns, _, parent, _ in _NAMESPACES if parent is None]
    featured = rng.sample([t for t in titles if t not in stubs], 5)
    start = (
        f"====== Welcome to the {SITENAME} wiki ======\n\n"
        "The plot holders' notes on growing, the site and the society. "
        f"{_paragraph(rng)}\n\n===== From the plots =====\n\n"
        + "\n".join(f"  * [[{ids[t]}|{t}]]" for t in featured)
        + "\n\n===== Browse =====\n\n"
        + "\n".join(f"  * [[{ns}:start|{ns.capitalize()}]]" for ns in top)
        + f"\n\n===== This wiki =====\n\n{_paragraph(rng)} Read [[about|about this wiki]].\n"
    )
    add("start", start, 0, users[0], "the society's wiki")
    sidebar = (
        "  * [[start|Home]]\n"
        + "\n".join(f"  * [[{ns}:start|{ns.capitalize()}]]" for ns in top)
        + "\n  * [[about|About]]\n"
    )
    add("sidebar", sidebar, 0, users[0], "sidebar")
    about = (
        f"====== About this wiki ======\n\nThe {SITENAME} wiki is written by the "
        f"society's plot holders. {_paragraph(rng)}\n\n===== Who writes it =====\n\n"
        + "\n".join(f"  * {u} (''{_login(u)}'')" for u in _AUTHORS)
        + "\n"
    )
    add("about", about, 0, users[1], "about the wiki")

    data = folder / "data"
    if data.exists():
        shutil.rmtree(data)
    folder.mkdir(parents=True, exist_ok=True)
    changes: list[str] = []  # the wiki's changelog, sorted by date below
    for page, revisions in sorted(texts.items()):
        old = b""
        log = []
        for k, (when, user, summary, text) in enumerate(revisions):
            raw = text.encode("utf-8")
            attic = _path(data / "attic", page, f".{when}.txt.gz")
            attic.parent.mkdir(parents=True, exist_ok=True)
            attic.write_bytes(gzip.compress(raw, mtime=0))
            kind = "E" if k else "C"
            line = _changelog_line(when, kind, page, user, summary, len(raw) - len(old))
            log.append(line)
            changes.append(line)
            old = raw
        current = _path(data / "pages", page, ".txt")
        current.parent.mkdir(parents=True, exist_ok=True)
        current.write_bytes(old)
        os.utime(current, (revisions[-1][0], revisions[-1][0]))
        changelog = _path(data / "meta", page, ".changes")
        changelog.parent.mkdir(parents=True, exist_ok=True)
        changelog.write_text("".join(log), encoding="utf-8")
    media_changes = []
    for k, (media, page) in enumerate(sorted(photos.items())):
        size = (rng.choice((160, 200, 240)), rng.choice((120, 150, 180)))
        png = _png(*size, (70 + 15 * k, 130 + 7 * k, 60))
        when = texts[page][0][0] - 3600  # uploaded an hour before its page
        user = texts[page][0][1]
        file = _path(data / "media", media, "")
        file.parent.mkdir(parents=True, exist_ok=True)
        file.write_bytes(png)
        os.utime(file, (when, when))
        line = _changelog_line(when, "C", media, user, "created", len(png))
        _path(data / "media_meta", media, ".changes").parent.mkdir(parents=True, exist_ok=True)
        _path(data / "media_meta", media, ".changes").write_text(line, encoding="utf-8")
        media_changes.append(line)
    meta = data / "meta"
    meta.mkdir(parents=True, exist_ok=True)
    (meta / "_dokuwiki.changes").write_text("".join(sorted(changes)), encoding="utf-8")
    (meta / "_media.changes").write_text("".join(sorted(media_changes)), encoding="utf-8")
    site = {
        "users": dict(zip(users, _AUTHORS, strict=True)),
        "pages": sorted(texts),
        "history": history,
        "wanted": sorted(writer.wanted),
        "media": sorted(photos),
    }
    (folder / "site.json").write_text(json.dumps(site, indent=1) + "\n", encoding="utf-8")
    return site


# ---------------------------------------------------------------- DokuWiki

#: ``conf/local.php``: what Debian's installer writes (the title, the
#: license, ACLs on), the data folder, the default template said outright.
_LOCAL = """\
<?php
$conf['title'] = '__TITLE__';
$conf['license'] = 'cc-by-sa';
$conf['useacl'] = 1;
$conf['superuser'] = '@admin';
$conf['savedir'] = '__ROOT__/data';
$conf['template'] = '__TEMPLATE__';
$conf['userewrite'] = 0;  // DokuWiki's default: doku.php?id=namespace:page
$conf['useslash'] = 0;
$conf['recent_days'] = 36500;  // the task runner keeps the 2024 changes
$conf['updatecheck'] = 0;  // no message from dokuwiki.org
"""

#: Anyone reads; nobody can edit, upload or register (no one logs in).
_ACL = """\
# acl.auth.php
# <?php exit()?>
*               @ALL          1
"""

# Before DokuWiki's own preload: its configuration folder is this wiki's
# (read first by PHP's command line, and by the server's router).
_PRELOAD = """\
<?php
define('DOKU_CONF', '__ROOT__/conf/');
"""

# PHP's built-in server: the preload, then DokuWiki's own router for that
# server (PHP prepends no file to a router script).
_ROUTER = """\
<?php
require __DIR__ . '/preload.php';
return require '__SOURCE__/index.php';
"""

_DATA_FOLDERS = ("cache", "index", "locks", "tmp", "log", "media_attic")


def _check_packages() -> None:
    check_debian(
        "cms_dokuwiki",
        DEBIAN,
        _PINNED,
        "DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends",
    )


def _source() -> Path:
    """Where the ``dokuwiki`` package put DokuWiki (the folder of its
    ``doku.php``, the server's document root)."""
    files = _run(["dpkg-query", "-L", "dokuwiki"], "dpkg-query -L dokuwiki").splitlines()
    found = [Path(f).parent for f in files if f.endswith("/doku.php")]
    if not found:
        raise SystemExit("the dokuwiki package has no doku.php")
    return found[0]


def _main_conf() -> Path:
    """The package's configuration folder (its defaults, ``dokuwiki.php``)."""
    files = _run(["dpkg-query", "-L", "dokuwiki"], "dpkg-query -L dokuwiki").splitlines()
    found = [Path(f).parent for f in files if f.endswith("/plugins.required.php")]
    if not found:
        raise SystemExit("the dokuwiki package has no plugins.required.php")
    return found[0]


def _php(root: Path) -> list[str]:
    return ["php", "-d", f"auto_prepend_file={root / 'preload.php'}", "-d", "date.timezone=UTC"]


def install(root: Path, site: dict) -> None:
    """The configuration of the wiki whose data ``root/data`` holds, and its
    search index."""
    conf = root / "conf"
    conf.mkdir(parents=True, exist_ok=True)
    local = _LOCAL.replace("__ROOT__", str(root)).replace("__TITLE__", SITENAME)
    (conf / "local.php").write_text(local.replace("__TEMPLATE__", TEMPLATE), encoding="utf-8")
    (conf / "acl.auth.php").write_text(_ACL, encoding="utf-8")
    users = [
        f"{login}:!:{name}:{login}@{HOST}:user" for login, name in sorted(site["users"].items())
    ]  # "!" is no password's hash: nobody can log in
    (conf / "users.auth.php").write_text(
        "# users.auth.php\n# <?php exit()?>\n" + "\n".join(users) + "\n", encoding="utf-8"
    )
    for name in ("plugins.php", "plugins.required.php"):  # the package's own
        shutil.copyfile(_main_conf() / name, conf / name)
    (root / "preload.php").write_text(_PRELOAD.replace("__ROOT__", str(root)), encoding="utf-8")
    for name in _DATA_FOLDERS:
        (root / "data" / name).mkdir(parents=True, exist_ok=True)
    _run([*_php(root), str(_source() / "bin" / "indexer.php"), "-q"], "bin/indexer.php")


@contextmanager
def serve(root: Path) -> Iterator[int]:
    """PHP's server on the wiki in ``root`` while inside (DokuWiki's
    ``index.php`` as its router); yields its port."""
    source = _source()
    router = root / "router.php"
    router.write_text(_ROUTER.replace("__SOURCE__", str(source)), encoding="utf-8")

    def command(port: int) -> list[str]:
        return [*_php(root), "-S", f"127.0.0.1:{port}", "-t", str(source), str(router)]

    with php_server(command, root, "/lib/index.html") as port:
        yield port


# ---------------------------------------------------------------- crawl


def _local(href: str, base: str, history: frozenset[str]) -> str | None:
    """The path and query of a link the crawler follows, ``None`` for any
    other: a page's view ``doku.php?id=<id>``, an image's detail page, the
    sitemap and media manager of a start page in :data:`TOP`, recent
    changes and the login form of the start page, the revisions of an id
    in ``history``.

    >>> keep = frozenset({"growing:vegetables:kale"})
    >>> [_local(h, START, keep) for h in ("/doku.php?id=plots:plot_1", "?id=tools:hoe#use")]
    ['/doku.php?id=plots:plot_1', '/doku.php?id=tools:hoe']
    >>> [_local(h, START, keep) for h in ("/doku.php?id=growing:vegetables:kale&do=revisions",
    ...     "/doku.php?id=growing:vegetables:bean&do=revisions", "/doku.php?id=start&do=edit")]
    ['/doku.php?id=growing:vegetables:kale&do=revisions', None, None]
    >>> [_local(h, START, keep) for h in ("/doku.php?id=start&do=login&sectok=",
    ...     "/doku.php?id=tools:hoe&do=login&sectok=", "/doku.php?id=start&do=recent",
    ...     "/doku.php?id=plots:start&do=index", "/doku.php?id=plots:plot_1&do=index",
    ...     "/doku.php?id=plots:start&do=media&ns=plots", "/doku.php?id=start&idx=plots")]
    ... # doctest: +NORMALIZE_WHITESPACE
    ['/doku.php?id=start&do=login', None, '/doku.php?id=start&do=recent',
     '/doku.php?id=plots:start&do=index', None, '/doku.php?id=plots:start&do=media&ns=plots', None]
    >>> [_local(h, START, keep) for h in (
    ...     "/lib/exe/detail.php?id=tools:hoe&media=tools:hoe_bed.png",
    ...     "/lib/exe/fetch.php?media=tools:hoe_bed.png", "/doku.php?id=tools:hoe&rev=1709283600",
    ...     "/feed.php", "https://en.wikipedia.org/wiki/Kale", "/doku.php?id=kale&s[]=kale")]
    ['/lib/exe/detail.php?id=tools:hoe&media=tools:hoe_bed.png', None, None, None, None, None]
    """
    url = urlsplit(urljoin(f"http://{HOST}{base}", href.strip()))
    if url.scheme not in ("http", "https") or url.netloc != HOST:
        return None
    pairs = parse_qsl(url.query, keep_blank_values=True)
    params = dict(pairs)
    if len(params) != len(pairs):
        return None
    if url.path == "/lib/exe/detail.php":
        return f"{url.path}?{url.query}" if set(params) == {"id", "media"} else None
    if url.path != "/doku.php" or "id" not in params:
        return None
    page, action = params["id"], params.get("do")
    keys = set(params) - {"id", "do"}
    if action is None and not keys:
        return f"/doku.php?id={page}"
    if action == "revisions" and not keys and page in history:
        return f"/doku.php?id={page}&do=revisions"
    if action == "recent" and not keys and page == "start":
        return "/doku.php?id=start&do=recent"
    if action == "login" and keys <= {"sectok"} and page == "start":
        return "/doku.php?id=start&do=login"
    if action == "index" and not keys and page in TOP:
        return f"/doku.php?id={page}&do=index"
    if action == "media" and keys == {"ns"} and page in TOP:
        return f"/doku.php?id={page}&do=media&ns={params['ns']}"
    return None


def crawl(port: int, out: Path, history: frozenset[str], limit: int = 1000) -> list[dict]:
    """Every page reachable from :data:`START`, then :data:`MISSING` and
    :data:`SEARCH`, saved as served into ``out``."""
    return crawl_site(
        port,
        out,
        what="DokuWiki",
        start=START,
        missing=MISSING,
        search=SEARCH,
        local=lambda href, base: _local(href, base, history),
        host=HOST,
        limit=limit,
    )


def build_dokuwiki(data: Path, seed: int = 0) -> Path:
    """The folder of saved pages of the wiki (built once into ``data``;
    ``pages.json`` lists them)."""
    root = data / "dokuwiki"
    pages = root / "pages"
    if begin_build(root, _check_packages):
        return pages
    site = write_site(root, seed)
    install(root, site)
    with serve(root) as port:
        saved = crawl(port, pages / "tmp", frozenset(site["history"]))
    return publish_crawl(pages, saved)


# ---------------------------------------------------------------- labels

#: The actions whose views the crawl keeps, by ``do``: each is its label.
_ACTIONS = ("index", "recent", "search", "revisions", "media", "login")


def dokuwiki_label_of(url: str, pages: frozenset[str]) -> str | None:
    """The kind of view DokuWiki renders for a crawled URL, from the URL
    and the ids of the pages the site wrote (``None``: not a view of the
    site's kinds).

    >>> pages = frozenset({"start", "tools:start", "tools:hoe", "sidebar"})
    >>> urls = ("/doku.php?id=start", "/doku.php?id=tools:start", "/doku.php?id=tools:hoe",
    ...     "/doku.php?id=sidebar", "/doku.php?id=tools:hoe&do=show", "/doku.php")
    >>> {dokuwiki_label_of(u, pages) for u in urls}
    {'page'}
    >>> urls = ("/doku.php?id=start&do=index", "/doku.php?id=start&do=recent", SEARCH,
    ...     "/doku.php?id=tools:hoe&do=revisions", "/doku.php?id=tools:start&do=media&ns=tools",
    ...     "/doku.php?id=start&do=login", "/lib/exe/detail.php?id=tools:hoe&media=tools:a.png",
    ...     "/doku.php?id=tools:rake", MISSING)
    >>> [dokuwiki_label_of(u, pages) for u in urls]  # doctest: +NORMALIZE_WHITESPACE
    ['index', 'recent', 'search', 'revisions', 'media', 'login', 'detail',
     'missing', 'missing']
    >>> urls = ("/doku.php?id=start&do=edit", "/doku.php?id=tools:hoe&rev=1709283600",
    ...     "/doku.php?id=tools:hoe&do=diff", "/lib/exe/fetch.php?media=tools:a.png",
    ...     "/doku.php?id=start&do=search")
    >>> [dokuwiki_label_of(u, pages) for u in urls]
    [None, None, None, None, None]
    """
    path, _, query = url.partition("?")
    params = dict(parse_qsl(query, keep_blank_values=True))
    if path == "/lib/exe/detail.php":
        return "detail" if params.get("media") else None
    if path != "/doku.php":
        return None
    page = params.pop("id", "start")
    action = params.pop("do", "show")
    if action == "show":
        if params:
            return None
        return "page" if page in pages else "missing"
    if action == "search":
        return "search" if params.get("q") else None
    if action == "media":
        return "media" if set(params) <= {"ns"} else None
    if action in _ACTIONS and not params:
        return action
    return None


#: The element of the site's outer ``<div>`` that carries its classes.
_SITE = re.compile(r'<div id="dokuwiki__top" class="([^"]*)"')
#: What each view writes in its content area (the action's renderer).
_CONTAINERS = {
    kind: re.compile(rf'\b{attr}="{value}"')
    for kind, attr, value in (
        ("index", "id", "index__tree"),
        ("recent", "id", "dw__recent"),
        ("search", "class", "search_results"),
        ("revisions", "id", "page__revisions"),
        ("media", "id", "mediamanager__page"),
        ("login", "id", "dw__login"),
        ("detail", "id", "dokuwiki__detail"),
    )
}


def label_in_html(page: str) -> str | None:
    """The view a page's markup shows: the ``mode_<action>`` class DokuWiki's
    template puts on the site's outer ``<div>`` (with ``notFound`` for a
    page that does not exist), confirmed by the element that action's
    renderer writes and by the absence of the other actions' elements
    (``None``: no view, or marks that disagree).

    >>> def page(classes, content):
    ...     return (f'<body><div id="dokuwiki__site"><div id="dokuwiki__top" '
    ...         f'class="site dokuwiki {classes} tpl_dokuwiki">{content}</div></div></body>')
    >>> label_in_html(page("mode_show", '<div class="page group"><h1>Kale</h1></div>'))
    'page'
    >>> label_in_html(page("mode_show notFound", '<div class="page group"><h1>New</h1>'))
    'missing'
    >>> label_in_html(page("mode_recent notFound", '<form id="dw__recent" method="get">'))
    'recent'
    >>> label_in_html(page("mode_revisions", '<form id="page__revisions" class="changes">'))
    'revisions'
    >>> label_in_html(page("mode_index", '<div id="index__tree" class="index__tree">'))
    'index'
    >>> label_in_html(page("mode_index", '<div class="page group">')) is None
    True
    >>> label_in_html(page("mode_show", '<form id="dw__login">')) is None
    True
    >>> label_in_html(page("mode_ ", '<div id="dokuwiki__detail">'))
    'detail'
    >>> label_in_html(page("mode_ ", '<div class="page group">')) is None
    True
    >>> label_in_html("<html><body><p>no site</p></body></html>") is None
    True
    """
    site = _SITE.search(page)
    if not site:
        return None
    classes = site.group(1).split()
    modes = [c[len("mode_") :] for c in classes if c.startswith("mode_")]
    if len(modes) != 1:
        return None
    mode = modes[0]
    if mode == "":  # lib/exe/detail.php sets no action
        kind = "detail"
    elif mode == "show":
        kind = "missing" if "notFound" in classes else "page"
    elif mode in _CONTAINERS:
        kind = mode
    else:
        return None
    if kind in _CONTAINERS and not _CONTAINERS[kind].search(page):
        return None
    # No other view's own element.
    if any(c.search(page) for k, c in _CONTAINERS.items() if k != kind):
        return None
    return kind


def dokuwiki_pages(data: Path) -> list[tuple[str, str, str]]:
    """(URL path, HTML, label) of every page of the wiki: the site is built
    and crawled once into ``data``; ``SystemExit`` if a page's markup shows
    another view than its label, or a view the crawl should reach is not
    there."""
    pages = build_dokuwiki(data)
    site = json.loads((pages.parent / "site.json").read_text(encoding="utf-8"))
    ids = frozenset(site["pages"])
    out, wrong = [], []
    for entry in json.loads((pages / "pages.json").read_text(encoding="utf-8")):
        label = dokuwiki_label_of(entry["path"], ids)
        if label is None:
            continue
        page = (pages / entry["file"]).read_text(encoding="utf-8")
        shown = label_in_html(page)
        if shown != label or entry["status"] != 200:
            wrong.append(f"{entry['path']} ({entry['status']}): {label}, markup {shown}")
        out.append((entry["path"], page, label))
    if wrong:
        raise SystemExit("DokuWiki pages whose markup shows another view:\n" + "\n".join(wrong))
    counts: dict[str, int] = {}
    for _, _, label in out:
        counts[label] = counts.get(label, 0) + 1
    expected = {
        "page": len(site["pages"]),
        "missing": len(site["wanted"]) + 1,
        "revisions": len(site["history"]),
        "detail": len(site["media"]),
        "index": len(TOP),
        "media": len(TOP),
        "recent": 1,
        "search": 1,
        "login": 1,
    }
    if counts != expected:
        raise SystemExit(f"the DokuWiki crawl did not reach the expected pages: {counts}")
    return out


if __name__ == "__main__":  # python bench/cms_dokuwiki.py DATA
    import sys

    found = dokuwiki_pages(Path(sys.argv[1]))
    totals: dict[str, int] = {}
    for _, _, kind in found:
        totals[kind] = totals.get(kind, 0) + 1
    print("dokuwiki", len(found), dict(sorted(totals.items())))
